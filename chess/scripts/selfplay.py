#!/usr/bin/env python3
"""Games of Stockfish against itself at a node limit, from random openings, as training data
for the evaluation's tuner (`cargo run --release --example tune`).

Each game starts with 6 to 10 random legal plies (seeded: `SEED`), then Stockfish plays both
sides at `NODES` nodes a move (1 thread, 16 MiB). A game ends by the rules (threefold
repetition and the fifty-move rule claimed), at 400 plies (a draw), or when Stockfish's score
has been beyond 15 pawns for six plies in a row (a win for that side). Games of fewer than
ten positions are kept one time in two. Every position of a game is appended to `OUT` as a
line `FEN;cp;tactical;result`: Stockfish's score for the side to move (centipawns, a mate as
30,000), 1 when the side to move is in check or Stockfish's move captures, promotes or
checks (else 0), and the game's result for White (1.0, 0.5 or 0.0).

Usage: selfplay.py OUT GAMES SEED NODES [STOCKFISH]   (STOCKFISH: /usr/games/stockfish)
The committed weights' data: two runs side by side, seeds 1 and 2, 2,500 games asked of each
at 3,000 nodes (Stockfish 15.1, Debian's), stopped after 19 minutes (3,502 games in all).
Run it from outside the repository root (its chess/ folder shadows the package).
"""
import random
import sys

import chess
import chess.engine


def main():
    out, games, seed, nodes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    path = sys.argv[5] if len(sys.argv) > 5 else "/usr/games/stockfish"
    rng = random.Random(seed)
    engine = chess.engine.SimpleEngine.popen_uci(path)
    engine.configure({"Threads": 1, "Hash": 16})
    with open(out, "a") as f:
        for _ in range(games):
            board = chess.Board()
            for _ in range(rng.randint(6, 10)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            if board.is_game_over():
                continue
            records = []
            decisive = 0
            while True:
                if board.is_game_over(claim_draw=True):
                    result = {"1-0": 1.0, "0-1": 0.0}.get(board.result(claim_draw=True), 0.5)
                    break
                if board.ply() > 400:
                    result = 0.5
                    break
                info = engine.analyse(board, chess.engine.Limit(nodes=nodes))
                pv = info.get("pv")
                if not pv:
                    result = 0.5
                    break
                move = pv[0]
                cp = info["score"].pov(board.turn).score(mate_score=30000)
                tactical = (board.is_capture(move) or move.promotion is not None
                            or board.is_check() or board.gives_check(move))
                records.append((board.fen(), cp, int(tactical)))
                white_cp = cp if board.turn == chess.WHITE else -cp
                if abs(white_cp) > 1500:
                    decisive += 1
                    if decisive >= 6:
                        result = 1.0 if white_cp > 0 else 0.0
                        break
                else:
                    decisive = 0
                board.push(move)
            if len(records) < 10 and rng.random() < 0.5:
                continue
            for fen, cp, tactical in records:
                f.write(f"{fen};{cp};{tactical};{result}\n")
            f.flush()
    engine.quit()


main()

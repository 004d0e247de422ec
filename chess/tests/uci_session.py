#!/usr/bin/env python3
"""A UCI session with the engine driven by python-chess (the `chess` package), a client
nobody here wrote: identification and options, mate in one at a fixed depth, MultiPV,
node and time limits, a game from the clocks, strength levels, `stop` under `go infinite`.

Usage: python3 uci_session.py ENGINE_BINARY
Run it from outside the repository's root, whose `chess/` folder would shadow the package.
Prints one line per check and `N passed, N failed`; exits non-zero on any failure.
"""
import sys
import time

import chess
import chess.engine

results = []


def check(name, condition, detail=""):
    results.append(bool(condition))
    print(("ok   " if condition else "FAIL ") + name + (f": {detail}" if detail else ""))


def main(binary):
    engine = chess.engine.SimpleEngine.popen_uci([binary], timeout=30)
    try:
        check("id name", engine.id.get("name", "").startswith("alphabeta-chess"), engine.id)
        for option in ["Hash", "Threads", "MultiPV", "UCI_LimitStrength", "UCI_Elo", "Move Overhead"]:
            check(f"option {option}", option in engine.options)
        engine.configure({"Hash": 8})

        # Mate in one (Ra8#), at depth 3: the move, and a mate score of 1.
        board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=3))
        check("mate in one: move", info["pv"][0] == chess.Move.from_uci("a1a8"), info.get("pv"))
        check("mate in one: score", info["score"].white() == chess.engine.Mate(1), info.get("score"))

        # Mated in one for the side to move (Kb8 forced, then Rh8#): a negative mate score.
        board = chess.Board("k7/8/1K6/8/8/8/8/7R b - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=4))
        check("mated in one", info["score"].pov(chess.BLACK) == chess.engine.Mate(-1),
              info.get("score"))

        # MultiPV 3 from the start: three different legal first moves, best first.
        board = chess.Board()
        infos = engine.analyse(board, chess.engine.Limit(depth=5), multipv=3)
        moves = [i["pv"][0] for i in infos]
        check("multipv: three lines", len(infos) == 3, len(infos))
        check("multipv: distinct legal moves",
              len(set(moves)) == 3 and all(m in board.legal_moves for m in moves), moves)
        scores = [i["score"].white().score() for i in infos]
        check("multipv: best first", scores == sorted(scores, reverse=True), scores)

        # A node limit: a legal move, and the search stops near the limit.
        info = engine.analyse(board, chess.engine.Limit(nodes=20000))
        check("nodes limit", info["nodes"] <= 20000 + 4096 and info["pv"][0] in board.legal_moves,
              info.get("nodes"))

        # Movetime: answered in time.
        start = time.monotonic()
        result = engine.play(board, chess.engine.Limit(time=0.3))
        took = time.monotonic() - start
        check("movetime 300 ms", result.move in board.legal_moves and took < 1.0, f"{took:.3f} s")

        # A game from the clocks (1 s + 0.01 s a move each), engine against itself, until the
        # game ends or 60 plies: every move legal, never out of time.
        board = chess.Board()
        clock = [1.0, 1.0]
        ok = True
        while not board.is_game_over(claim_draw=True) and board.ply() < 60:
            side = 0 if board.turn == chess.WHITE else 1
            limit = chess.engine.Limit(white_clock=clock[0], black_clock=clock[1],
                                       white_inc=0.01, black_inc=0.01)
            start = time.monotonic()
            result = engine.play(board, limit)
            clock[side] -= time.monotonic() - start
            clock[side] += 0.01
            if result.move not in board.legal_moves or clock[side] <= 0:
                ok = False
                break
            board.push(result.move)
        check("game on the clock: legal moves, in time", ok, f"{board.ply()} plies, clocks {clock}")

        # Strength levels: legal moves at the weakest and a middle level, reproducibly quick.
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 1000})
        board = chess.Board()
        result = engine.play(board, chess.engine.Limit(time=0.2))
        check("UCI_Elo 1000", result.move in board.legal_moves, result.move)
        engine.configure({"UCI_Elo": 2000})
        result = engine.play(board, chess.engine.Limit(time=0.2))
        check("UCI_Elo 2000", result.move in board.legal_moves, result.move)
        engine.configure({"UCI_LimitStrength": False})

        # Two threads: a legal move.
        engine.configure({"Threads": 2})
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        result = engine.play(board, chess.engine.Limit(depth=6))
        check("Threads 2", result.move in board.legal_moves, result.move)
        # Deep enough for the threads to split nodes far down the line (each split copies the
        # sorter onto the helper's stack): WAC.002 to depth 16, a fraction of a second.
        board = chess.Board("8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1")
        result = engine.play(board, chess.engine.Limit(depth=16), info=chess.engine.INFO_ALL)
        check("Threads 2, depth 16", result.info.get("depth") == 16, result.info)
        engine.configure({"Threads": 1})

        # go infinite, then stop: a best move after the stop.
        with engine.analysis(chess.Board(), chess.engine.Limit()) as analysis:
            time.sleep(0.3)
            analysis.stop()
            best = analysis.wait()
        check("infinite then stop", best.move in chess.Board().legal_moves, best.move)

        check("still alive", engine.ping() is None)
    finally:
        engine.quit()

    passed = sum(results)
    failed = len(results) - passed
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))

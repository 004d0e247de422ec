#!/usr/bin/env python3
"""A match between two UCI engines on python-chess (the `chess` package): our engine against
Stockfish limited in strength (UCI_LimitStrength, UCI_Elo), 1 thread and 16 MiB each, at a
fast time control, colours alternated over a set of varied openings (each opening played
once with each colour). Prints every game, then the score and the Elo difference with its
95% error bar for each UCI_Elo asked for.

With --versus the second engine is another build of ours (say the previous one, copied aside),
played at full strength: a quick A/B test of a change (e.g. --base 2 --inc 0.02 --games 100).
With --pgn FILE every game is written there, each move commented with the mover's score (from
its side, centipawns or #mate), depth and time, as the engine's last `info` gave them.

Usage: match.py ENGINE OPPONENT [--elo 2200 ...] [--versus] [--games N] [--base S] [--inc S]
                [--overhead S] [--pgn FILE]
Run it from outside the repository root (its chess/ folder shadows the package).
"""
import argparse
import math

import chess
import chess.engine
import chess.pgn

# Short opening lines (UCI), the common main lines of the open and closed games.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5",          # Ruy Lopez
    "e2e4 e7e5 g1f3 b8c6 f1c4",          # Italian
    "e2e4 c7c5 g1f3 d7d6 d2d4",          # Sicilian
    "e2e4 c7c5 b1c3 b8c6",               # Closed Sicilian
    "e2e4 e7e6 d2d4 d7d5",               # French
    "e2e4 c7c6 d2d4 d7d5",               # Caro-Kann
    "d2d4 d7d5 c2c4 e7e6",               # Queen's Gambit Declined
    "d2d4 d7d5 c2c4 c7c6",               # Slav
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7",     # King's Indian
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",     # Nimzo-Indian
    "c2c4 e7e5 b1c3",                    # English
    "g1f3 d7d5 g2g3",                    # Reti
    "e2e4 d7d6 d2d4 g8f6 b1c3",          # Pirc
    "e2e4 g8f6 e4e5 f6d5",               # Alekhine
    "d2d4 f7f5 g2g3",                    # Dutch
    "e2e4 d7d5 e4d5 d8d5 b1c3",          # Scandinavian
    "d2d4 g8f6 c2c4 c7c5 d4d5",          # Benoni
    "e2e4 e7e5 f2f4",                    # King's Gambit
    "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5",     # Grunfeld
    "e2e4 c7c5 g1f3 e7e6 d2d4",          # Sicilian, Taimanov
]


def elo(points, games, results):
    score = points / games
    mean = score
    var = sum((r - mean) ** 2 for r in results) / games
    se = math.sqrt(var / games)
    def to_elo(s):
        s = min(max(s, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / s - 1)
    return score, to_elo(score), (to_elo(min(score + 1.96 * se, 1)) - to_elo(max(score - 1.96 * se, 0))) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine")
    parser.add_argument("stockfish", metavar="opponent")
    parser.add_argument("--versus", action="store_true",
                        help="the opponent is another build of ours, at full strength (--elo ignored)")
    parser.add_argument("--pgn", help="write the games, with each move's score and depth, to this file")
    parser.add_argument("--elo", type=int, nargs="+", default=[2200])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--base", type=float, default=5.0)
    parser.add_argument("--inc", type=float, default=0.05)
    parser.add_argument("--overhead", type=float, default=0.1,
                        help="each engine's Move Overhead, seconds (default 0.1)")
    args = parser.parse_args()
    import time
    summary = []
    pgn = open(args.pgn, "w") if args.pgn else None
    levels = [None] if args.versus else args.elo
    for level in levels:
        ours = chess.engine.SimpleEngine.popen_uci(args.engine)
        theirs = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        # The same move overhead for both: the time this script and the machine's load add to
        # each move (Stockfish's default of 10 ms lost most games on time here).
        overhead = int(args.overhead * 1000)
        ours.configure({"Hash": 16, "Threads": 1, "Move Overhead": overhead})
        if level is None:
            theirs.configure({"Hash": 16, "Threads": 1, "Move Overhead": overhead})
        else:
            theirs.configure({"Hash": 16, "Threads": 1, "Move Overhead": overhead,
                              "UCI_LimitStrength": True, "UCI_Elo": level})
        name = "opponent" if level is None else f"Elo {level}"
        results = []
        for game in range(args.games):
            opening = OPENINGS[(game // 2) % len(OPENINGS)]
            ours_white = game % 2 == 0
            start = time.monotonic()
            points, how, record = play_timed(ours, theirs, opening, ours_white, args.base, args.inc)
            results.append(points)
            if pgn:
                write_pgn(pgn, record, opening, ours_white, name, game + 1, points, how, args)
            print(f"{name} game {game + 1}: ours {'white' if ours_white else 'black'}, "
                  f"{points} ({how}), {time.monotonic() - start:.0f} s, running {sum(results)}/{len(results)}",
                  flush=True)
        ours.quit()
        theirs.quit()
        score, diff, err = elo(sum(results), len(results), results)
        summary.append(f"{'Against the opponent' if level is None else f'UCI_Elo {level}'}: {sum(results)}/{len(results)} = {100 * score:.1f}%, "
                       f"Elo difference {diff:+.0f} +/- {err:.0f} (95%)")
        print(summary[-1], flush=True)
    if pgn:
        pgn.close()
    print("\n".join(summary))


def comment(info, seconds):
    """A move's comment: the mover's score, the depth and the time its engine reported."""
    words = []
    score = info.get("score")
    if score is not None:
        pov = score.relative
        words.append(f"#{pov.mate()}" if pov.is_mate() else f"{pov.score() / 100:+.2f}")
    if "depth" in info:
        words.append(f"d{info['depth']}")
    words.append(f"{seconds:.2f}s")
    return " ".join(words)


def write_pgn(out, record, opening, ours_white, name, number, points, how, args):
    """One game in PGN: the opening's moves bare, the engines' moves with their comments."""
    game = chess.pgn.Game()
    ours_name, theirs_name = "alphabeta-chess", name
    game.headers["Event"] = f"match.py {args.base}+{args.inc}"
    game.headers["Round"] = str(number)
    game.headers["White"] = ours_name if ours_white else theirs_name
    game.headers["Black"] = theirs_name if ours_white else ours_name
    white_points = points if ours_white else 1 - points
    game.headers["Result"] = {1.0: "1-0", 0.0: "0-1"}.get(white_points, "1/2-1/2")
    game.headers["Termination"] = how
    node = game
    for mv in opening.split():
        node = node.add_variation(chess.Move.from_uci(mv))
    for move, info, seconds in record:
        node = node.add_variation(move)
        node.comment = comment(info, seconds)
    print(game, file=out, end="\n\n", flush=True)


def play_timed(ours, theirs, opening, ours_white, base, inc):
    """One game on the clock: each side's thinking time, measured here, comes off its clock
    (a side whose clock runs out loses). Returns our points, how the game ended, and each
    move after the opening with its engine's last `info` and the time it took."""
    import time
    board = chess.Board()
    for mv in opening.split():
        board.push_uci(mv)
    clock = {chess.WHITE: base, chess.BLACK: base}
    our_color = chess.WHITE if ours_white else chess.BLACK
    engines = {our_color: ours, not our_color: theirs}
    record = []
    while not board.is_game_over(claim_draw=True):
        side = board.turn
        limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        start = time.monotonic()
        result = engines[side].play(board, limit, game=id(board), info=chess.engine.INFO_SCORE)
        spent = time.monotonic() - start
        clock[side] -= spent
        if clock[side] < 0:
            return (0.0 if side == our_color else 1.0), "time forfeit", record
        record.append((result.move, result.info, spent))
        clock[side] += inc
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome.winner is None:
        return 0.5, outcome.termination.name, record
    return (1.0 if outcome.winner == our_color else 0.0), outcome.termination.name, record


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Nodes and time to a fixed depth over EPD positions, for a deterministic A/B check of a
change to the search (the node count does not depend on the machine's speed).

Each position is searched from a fresh game (`ucinewgame`, 16 MiB table, 1 thread) with
`go depth D`; the nodes of the last `info depth` line are summed. Run two builds one after
the other, twice, to compare their times.

Usage: depth_nodes.py ENGINE DEPTH COUNT EPD [EPD ...]
  (the first COUNT positions of the files, in order)
Prints: ENGINE positions N nodes K seconds S
Needs only the Python standard library.
"""
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    engine, depth, count, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    fens = []
    for name in files:
        with open(name) as f:
            for line in f:
                fields = line.split()
                if len(fields) >= 4:
                    fens.append(" ".join(fields[:4]) + " 0 1")
    fens = fens[:count]
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(command):
        proc.stdin.write(command + "\n")
        proc.stdin.flush()

    send("uci")
    send("setoption name Hash value 16")
    total = 0
    start = time.time()
    for fen in fens:
        send("ucinewgame")
        send("position fen " + fen)
        send(f"go depth {depth}")
        nodes = 0
        while True:
            line = proc.stdout.readline()
            if not line:
                sys.exit(f"{engine} ended before its bestmove")
            if line.startswith("info depth"):
                words = line.split()
                nodes = int(words[words.index("nodes") + 1])
            elif line.startswith("bestmove"):
                break
        total += nodes
    send("quit")
    proc.wait()
    print(f"{engine} positions {len(fens)} nodes {total} seconds {time.time() - start:.1f}")


if __name__ == "__main__":
    main()

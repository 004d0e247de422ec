#!/usr/bin/env python3
"""The page in a real browser: headless Chromium driven through chromedriver (Selenium).

Serves examples-web/dist/ (built by examples-web/build.sh) on 127.0.0.1, loads the page, and

* tic-tac-toe: plays every game against the engine for both sides (the person tries every
  free cell at every turn; the engine's replies are deterministic), clicking the page's cells,
  and checks that the engine never loses; prints the engine's move times as measured in the
  browser (performance.now() around the WebAssembly call, in the worker);
* Connect Four: a move at 1 s per move whose iterations are shown while the engine thinks
  (rows appear before the move), a move at depth 8, and "Move now" ending a 3 s search;
* Othello: two whole games against the engine, the person clicking the square the engine
  suggests after 10 ms (as black at 0.25 s per move; as white at 1 s per move, after a first
  engine move at 3 s ended by "Move now"); the moves replayed by the rules written out here (every engine
  move legal, every pass forced), the page's final disc counts and score equal to the
  replay's, every engine move within its time per move (+ MOVE_MARGIN_MS), then four exact
  solves at 18 empty squares (the 3 s level's) equal to the scores of the native solver
  (`cargo run --release --features std --example othello -- --solve`), each timed;
* the teaching view: steps through the alpha-beta search of the seed example, and of a second
  tree pasted in, and checks the cuts it shows, the leaves it counts, the value and the
  principal variation against `cargo run --features std --example tree -- FILE --json`.

Screenshots (PNG) go to --screenshots (default examples-web/target/screenshots); --only VIEW
runs one view's checks. Exits 1 on a failed check. Needs: pip install selenium; Debian's chromium and chromium-driver.

    examples-web/build.sh && python3 examples-web/tests/browser_test.py
"""

import argparse
import functools
import http.server
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
WEB = os.path.dirname(HERE)
ROOT = os.path.dirname(WEB)

passed = 0
failed = 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok: {what}")
    else:
        failed += 1
        print(f"FAILED: {what}")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


def serve(directory):
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1280,960",
    ]:
        options.add_argument(flag)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(900)
    return driver


def wait(driver, script, timeout=60):
    """Waits until `script` (a JavaScript expression) is true in the page."""
    WebDriverWait(driver, timeout, poll_frequency=0.02).until(lambda d: d.execute_script(f"return ({script});"))


def settle(driver, view):
    """Waits for the page's last action in a view (ttt, c4, teach) to finish."""
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"Promise.resolve(window.alphabeta.{view}.pending).then(() => done(), () => done());"
    )


def shot(driver, directory, name, looked):
    path = os.path.join(directory, name)
    driver.save_screenshot(path)
    looked.append(path)


def tab(driver, name):
    driver.find_element(By.CSS_SELECTOR, f'#tabs button[data-tab="{name}"]').click()


# Every game for the person's side, in the page: start a new game, replay the person's moves
# (each answered by the engine), and branch on every free cell. Clicks go through the page's
# buttons (element.click()), so the page's own code plays; each action's promise is awaited.
ALL_GAMES = r"""
const [side, done] = [arguments[0], arguments[arguments.length - 1]];
const ttt = window.alphabeta.ttt;
const cell = (c) => document.querySelector(`#ttt-board button[data-cell="${c}"]`);
const status = document.querySelector('#ttt-status');
const result = { games: 0, wins: 0, draws: 0, losses: 0, lost: [], stuck: 0 };
async function replay(prefix) {
  document.querySelector('#ttt-side').value = side;
  document.querySelector('#ttt-new').click();
  await ttt.pending;
  for (const c of prefix) {
    if (cell(c).disabled) { result.stuck++; return false; }
    cell(c).click();
    await ttt.pending;
  }
  return true;
}
async function explore(prefix) {
  if (!(await replay(prefix))) return;
  const outcome = status.dataset.outcome;
  if (outcome) {
    result.games++;
    if (outcome === 'win') { result.losses++; result.lost.push(prefix.join('')); }
    else if (outcome === 'draw') result.draws++;
    else result.wins++;
    return;
  }
  if (status.dataset.turn !== 'human') { result.stuck++; return; }
  const free = [...Array(9).keys()].filter((c) => !cell(c).disabled);
  for (const c of free) await explore([...prefix, c]);
}
explore([]).then(() => done(result), (e) => done({ error: String(e) }));
"""


def tictactoe(driver, shots, looked):
    print("\n== tic-tac-toe")
    tab(driver, "tictactoe")
    # One game by real WebDriver clicks: X in the centre, then corners.
    Select(driver.find_element(By.ID, "ttt-side")).select_by_value("X")
    settle(driver, "ttt")
    for wanted in [4, 0, 2, 6, 8, 1, 3, 5, 7]:
        status = driver.find_element(By.ID, "ttt-status")
        if status.get_attribute("data-outcome"):
            break
        button = driver.find_element(By.CSS_SELECTOR, f'#ttt-board button[data-cell="{wanted}"]')
        if button.is_enabled():
            button.click()
            settle(driver, "ttt")
    outcome = driver.find_element(By.ID, "ttt-status").get_attribute("data-outcome")
    check(outcome in ("draw", "loss"), f"a clicked game as X ends in {outcome!r}, not a win for the person")
    shot(driver, shots, "tictactoe-clicked-game.png", looked)

    totals = {}
    for side in ["X", "O"]:
        started = time.monotonic()
        result = driver.execute_async_script(ALL_GAMES, side)
        seconds = time.monotonic() - started
        check("error" not in result, f"every game as {side} ran ({result.get('error', 'no error')})")
        check(result.get("stuck") == 0, f"as {side}: every replay reached the same positions")
        print(
            f"   as {side}: {result['games']} games in {seconds:.1f} s: the engine won {result['wins']}, "
            f"drew {result['draws']}, lost {result['losses']}"
        )
        check(result["games"] > 0 and result["losses"] == 0, f"the engine never loses to {side}: {result['lost'][:5]}")
        totals[side] = result["games"]
    shot(driver, shots, "tictactoe-after-all-games.png", looked)
    moves = driver.execute_script("return window.alphabeta.stats.tictactoe;")
    times = sorted(m["ms"] for m in moves)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    first = sorted(m["ms"] for m in moves if m["empty"] == 9)
    print(
        f"   engine move time in the browser (performance.now() around the WebAssembly call, in the worker; "
        f"0.1 ms resolution), {len(times)} moves: median {statistics.median(times):.1f} ms, 99th percentile "
        f"{p99:.1f} ms, max {times[-1]:.1f} ms; the first move on the empty board ({len(first)} times): "
        f"median {statistics.median(first):.1f} ms, max {first[-1]:.1f} ms (budget 5 ms; warm-up at load "
        f"{driver.execute_script('return window.alphabeta.stats.warmupMs;'):.1f} ms)"
    )
    slowest = sorted(range(len(moves)), key=lambda i: moves[i]["ms"])[-3:]
    print("   the slowest moves (move number: ms, empty cells): " + ", ".join(f"{i + 1}: {moves[i]['ms']:.1f} ms, {moves[i]['empty']}" for i in reversed(slowest)))
    bench = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.alphabeta.engine.call('tictactoe_bench', {cells: '.........', runs: 200}).then(done);"
    )
    print(f"   the empty board, 200 engine moves in a row in the worker: mean {bench['meanMs']:.3f} ms per move")
    return totals, times


def connect4(driver, shots, looked):
    print("\n== Connect Four")
    tab(driver, "connect4")
    Select(driver.find_element(By.ID, "c4-side")).select_by_value("1")
    settle(driver, "c4")
    Select(driver.find_element(By.ID, "c4-level")).select_by_value("time:1000")
    driver.find_element(By.CSS_SELECTOR, '#c4-board .col[data-col="4"]').click()
    # Live progress: rows while the engine is still thinking.
    wait(driver, "document.querySelectorAll('#c4-progress tbody tr').length >= 3", 30)
    thinking = driver.find_element(By.ID, "c4-status").get_attribute("data-turn")
    rows_while_thinking = len(driver.find_elements(By.CSS_SELECTOR, "#c4-progress tbody tr"))
    shot(driver, shots, "connect4-thinking.png", looked)
    check(thinking == "engine", f"{rows_while_thinking} iterations shown while the engine thinks")
    settle(driver, "c4")
    record = driver.execute_script("return window.alphabeta.stats.connect4.at(-1);")
    rows = driver.find_elements(By.CSS_SELECTOR, "#c4-progress tbody tr")
    last = [td.text for td in rows[-1].find_elements(By.TAG_NAME, "td")]
    print(
        f"   1 s per move: the move came after {record['ms']:.0f} ms (in the worker), depth {record['depth']}, "
        f"{len(rows)} iterations shown, the first {record['progressAt'][0]:.0f} ms and the last "
        f"{record['progressAt'][-1]:.0f} ms after the start, the move at {record['resultAt']:.0f} ms; last row {last}"
    )
    check(len(record["progressAt"]) == len(rows) == record["depth"], "one row per completed iteration")
    check(record["progressAt"][0] < record["resultAt"], "progress reached the page before the move")
    check(driver.find_element(By.ID, "c4-status").get_attribute("data-turn") == "human", "the engine moved, the person's turn")
    stones = len(driver.find_elements(By.CSS_SELECTOR, "#c4-board .cell.p1, #c4-board .cell.p2"))
    check(stones == 2, f"two stones on the board ({stones})")
    shot(driver, shots, "connect4-after-move.png", looked)

    Select(driver.find_element(By.ID, "c4-level")).select_by_value("depth:8")
    driver.find_element(By.CSS_SELECTOR, '#c4-board .col[data-col="3"]').click()
    settle(driver, "c4")
    record = driver.execute_script("return window.alphabeta.stats.connect4.at(-1);")
    print(f"   depth 8: the move came after {record['ms']:.0f} ms at depth {record['depth']}")
    check(record["depth"] == 8, "depth 8 searched to depth 8")

    Select(driver.find_element(By.ID, "c4-level")).select_by_value("time:3000")
    driver.find_element(By.CSS_SELECTOR, '#c4-board .col[data-col="5"]').click()
    wait(driver, "document.querySelectorAll('#c4-progress tbody tr').length >= 2", 30)
    started = time.monotonic()
    driver.find_element(By.ID, "c4-stop").click()
    settle(driver, "c4")
    record = driver.execute_script("return window.alphabeta.stats.connect4.at(-1);")
    seconds = time.monotonic() - started
    moves = driver.execute_script("return window.alphabeta.c4.moves;")
    pv = driver.execute_script("return window.alphabeta.c4.lastProgress.pv;")
    print(f"   3 s per move, \"Move now\" after {record['resultAt']:.0f} ms: played {moves[-1]} ({seconds:.2f} s after the click)")
    check(record["resultAt"] < 3000 and moves[-1] == pv[0], "Move now plays the last iteration's move at once")
    check(len(moves) == 6, f"six stones after three moves each ({moves})")


# Othello by its rules, for checking the page: squares 0 (A1) to 63 (H8), row by row; cells
# 0 empty, 1 black, 2 white.
DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def othello_flips(cells, side, square):
    if cells[square]:
        return []
    flipped = []
    for dr, dc in DIRECTIONS:
        row, col = divmod(square, 8)
        line = []
        row, col = row + dr, col + dc
        while 0 <= row < 8 and 0 <= col < 8 and cells[row * 8 + col] == 3 - side:
            line.append(row * 8 + col)
            row, col = row + dr, col + dc
        if line and 0 <= row < 8 and 0 <= col < 8 and cells[row * 8 + col] == side:
            flipped += line
    return flipped


def othello_legal(cells, side):
    return [sq for sq in range(64) if othello_flips(cells, side, sq)]


def square_index(name):
    return (int(name[1]) - 1) * 8 + ord(name[0].upper()) - ord("A")


def othello_replay(moves):
    """Plays `moves` (square names, two characters each) from the opening: the record with
    passes as None, the cells, and a list of problems (an illegal move)."""
    cells = [0] * 64
    cells[27] = cells[36] = 2
    cells[28] = cells[35] = 1
    side = 1
    record, problems = [], []
    for i in range(0, len(moves), 2):
        if not othello_legal(cells, side):
            record.append((side, None))
            side = 3 - side
        square = square_index(moves[i : i + 2])
        flipped = othello_flips(cells, side, square)
        if not flipped:
            problems.append(f"move {i // 2 + 1} {moves[i:i + 2]} is not legal for side {side}")
            return record, cells, problems
        for sq in flipped + [square]:
            cells[sq] = side
        record.append((side, square))
        side = 3 - side
    return record, cells, problems


def othello_final_score(cells):
    """The final disc difference for black, the empty squares to the winner."""
    black, white = cells.count(1), cells.count(2)
    empty = 64 - black - white
    diff = black - white
    return diff + empty if diff > 0 else diff - empty if diff < 0 else 0


# A whole game in the page: whenever it is their turn, the person clicks the square the engine
# itself suggests after 10 ms (a player strong enough that the games reach the exact solve,
# where a player of fixed preferences often loses every disc before), checked to be one the
# page marks legal, through the page's buttons; each action's promise is awaited.
# `stopFirst`: "Move now" once the engine's first search has completed two iterations, then
# the level `levelAfter`.
OTHELLO_GAME = r"""
const [side, level, stopFirst, levelAfter, done] = arguments;
const oth = window.alphabeta.oth;
const status = document.querySelector('#oth-status');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function run() {
  // Set without a change event (which would start a game of its own), then a new game.
  document.querySelector('#oth-side').value = side;
  document.querySelector('#oth-level').value = level;
  document.querySelector('#oth-new').click();
  if (stopFirst) {
    // (Busy from the search on: the rows of an earlier game are cleared by then.)
    while (!oth.busy || document.querySelectorAll('#oth-progress tbody tr').length < 2) await sleep(5);
    document.querySelector('#oth-stop').click();
    await oth.pending;
    document.querySelector('#oth-level').value = levelAfter;
  }
  let guard = 0;
  while (!status.dataset.outcome && guard++ < 200) {
    await oth.pending;
    if (status.dataset.outcome) break;
    if (status.dataset.turn !== 'human') { await sleep(5); continue; }
    const hint = await window.alphabeta.engine.call('othello_move', { moves: oth.moves, timeMs: 10, solveEmpties: 0 });
    const button = document.querySelectorAll('#oth-board button')[hint.square];
    if (!button.classList.contains('legal')) return { error: `the square ${hint.square} is not marked legal` };
    button.click();
    await oth.pending;
  }
  return { moves: oth.moves, record: oth.record };
}
run().then(done, (e) => done({ error: String(e) }));
"""

# Positions at 18 empty squares (engine games from random openings), solved in the page at the
# 3 s level; their exact scores for the side to move come from the native solver.
OTHELLO_SOLVES = [
    "F5F4G3F6F3H2H3H4E6E3C3C4D3C5B3C6D6B4A5F7E7E8G6D7G4H6F2E2F1D2C1B5C2G2D8C8H1C7H5D1E1G1",
    "C4C5D6E3F4E7B6E6F3D3F5F6E8G4C2D7C3G3C6B5F7B4A4C7A3C8B3D8F8G8H2G5H5G6H6H3H4D2E1D1C1A6",
    "F5F4E3D2D3E6F6C6C5D6F3C4C3B4E7C2D7D8B5A4D1F7B6C7G8A5E8G6H5H6H7G5H4G4G3H2F2C1B1F8C8B2",
    "F5D6C4G5C6B6F6F4H5B4D3E6C5G6G4H3G3B5A5E3A4H6H7F3D2F2F7C3B3A6A7E7D8A2C7E8F8C8B8D7G1E2",
]

# How far past its time per move an engine move may come, in ms (the worker's figure): the
# search polls the clock every 1,024 nodes and then unwinds.
MOVE_MARGIN_MS = 50


def native_scores(move_lists):
    """The exact scores of the positions after `move_lists`, by the native solver."""
    lines = []
    for moves in move_lists:
        record, cells, problems = othello_replay(moves)
        assert not problems, problems
        side = 3 - record[-1][0]
        if not othello_legal(cells, side):
            side = 3 - side
        board = "".join("-XO"[c] for c in cells)
        lines.append(f"{board} {'X' if side == 1 else 'O'};")
    with tempfile.NamedTemporaryFile("w", suffix=".obf", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        output = subprocess.run(
            ["cargo", "run", "-q", "--release", "--features", "std", "--example", "othello", "--", "--solve", path],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        os.unlink(path)
    return output


def othello_game(driver, side, level, stop_first, name, shots, looked):
    before = len(driver.execute_script("return window.alphabeta.stats.othello;"))
    # With stop_first, the engine's first move is a 3 s search ended by "Move now"; the level
    # changes after it (a change of level does not start a new game).
    started = time.monotonic()
    result = driver.execute_async_script(OTHELLO_GAME, str(side), "3000:18" if stop_first else level, stop_first, level)
    seconds = time.monotonic() - started
    check("error" not in result, f"{name}: the game ran to its end ({result.get('error', 'no error')})")
    if "error" in result:
        return []
    moves = result["moves"]
    record, cells, problems = othello_replay(moves)
    check(not problems, f"{name}: every move legal by the rules ({problems})")
    page_record = [(m["side"], None if m["square"] < 0 else m["square"]) for m in result["record"]]
    check(page_record == record, f"{name}: the page's record (moves and passes) equals the replay's")
    passes = sum(1 for _, sq in record if sq is None)
    check(not othello_legal(cells, 1) and not othello_legal(cells, 2), f"{name}: neither side can move at the end")
    count = driver.find_element(By.ID, "oth-count")
    black, white = cells.count(1), cells.count(2)
    final = othello_final_score(cells)
    shown = (int(count.get_attribute("data-black")), int(count.get_attribute("data-white")), int(count.get_attribute("data-score")))
    check(shown == (black, white, final), f"{name}: the page shows black {shown[0]}, white {shown[1]}, score {shown[2]}; the replay {black}, {white}, {final}")
    status = driver.find_element(By.ID, "oth-status")
    mine = final if side == 1 else -final
    outcome = "win" if mine > 0 else "loss" if mine < 0 else "draw"
    check(status.get_attribute("data-outcome") == outcome, f"{name}: the page says {status.text!r}")
    engine_side = 3 - side
    engine_squares = [sq for s, sq in record if s == engine_side and sq is not None]
    records = driver.execute_script("return window.alphabeta.stats.othello;")[before:]
    check([r["square"] for r in records] == engine_squares, f"{name}: {len(records)} engine moves, each played on the board")
    late = [r for r in records if not r["stopped"] and r["ms"] > r["chosenMs"] + MOVE_MARGIN_MS]
    check(not late, f"{name}: every engine move within its time + {MOVE_MARGIN_MS} ms: {late[:3]}")
    mid = [r for r in records if not r["exact"] and not r["stopped"]]
    solved = [r for r in records if r["empties"] <= r["solveEmpties"]]
    check(solved and all(r["exact"] for r in solved), f"{name}: {len(solved)} engine moves from {records[-1]['solveEmpties']} empty squares on, each solved exactly")
    if mid:
        over = sorted(r["ms"] - r["chosenMs"] for r in mid if r["chosenMs"] == mid[-1]["chosenMs"])
        print(
            f"   {name}: {len(moves) // 2} moves and {passes} passes in {seconds:.1f} s; the engine's {len(mid)} searches at "
            f"{mid[-1]['chosenMs']} ms: depth {min(r['depth'] for r in mid)}-{max(r['depth'] for r in mid)}, up to "
            f"{max(r['nodes'] for r in mid):,} nodes, the move {over[0]:+.0f} to {over[-1]:+.0f} ms from the time chosen"
        )
    for r in solved:
        print(f"   {name}: exact solve at {r['empties']} empty squares: {r['ms']:.0f} ms, {r['nodes']:,} nodes, score {r['score']:+}")
    print(f"   {name}: final black {black}, white {white}, score {final:+} for black ({outcome} for the person)")
    shot(driver, shots, f"othello-{name}.png", looked)
    return records


def othello(driver, shots, looked):
    print("\n== Othello")
    tab(driver, "othello")
    settle(driver, "oth")
    legal = driver.find_elements(By.CSS_SELECTOR, "#oth-board button.legal")
    check(sorted(b.get_attribute("data-square") for b in legal) == ["C4", "D3", "E6", "F5"], "the opening shows black's four legal moves")
    shot(driver, shots, "othello-opening.png", looked)
    othello_game(driver, 1, "250:14", False, "black-0.25s", shots, looked)
    records = othello_game(driver, 2, "1000:16", True, "white-1s", shots, looked)
    if records:
        first = records[0]
        check(first["stopped"] and first["resultAt"] < 3000, f"Move now ended the 3 s search after {first['resultAt']:.0f} ms at depth {first['depth']}")

    errors = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.alphabeta.engine.call('othello_state', {moves: 'F5F5'}).then(() => done(''), (e) => done(e.message));"
    )
    check(errors == "move 2: F5 is not a legal move for white (legal: F4 D6 F6)", f"an illegal move's error: {errors!r}")
    errors = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.alphabeta.engine.call('othello_state', {moves: 'F5Z9'}).then(() => done(''), (e) => done(e.message));"
    )
    check(errors == "move 2: `Z9` is not a square (A1 to H8)", f"a bad square's error: {errors!r}")

    native = native_scores(OTHELLO_SOLVES)
    expected = [int(re.search(r" score ([+-]?\d+) ", line).group(1)) for line in native.splitlines() if line.startswith("#")]
    for i, moves in enumerate(OTHELLO_SOLVES):
        move = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.alphabeta.engine.call('othello_move', {moves: arguments[0], timeMs: 3000, solveEmpties: 18}).then(done, (e) => done({error: e.message}));",
            moves,
        )
        _, cells, _ = othello_replay(moves)
        empties = cells.count(0)
        want = expected[i] if i < len(expected) else None
        print(f"   solve {i + 1}: {empties} empty squares, {move.get('ms', 0):.0f} ms, {move.get('nodes', 0):,} nodes, score {move.get('score')} (native {want})")
        check(move.get("exact") and move.get("score") == want and move["ms"] < 3000, f"solve {i + 1}: exact, the native solver's score, within 3 s")


def tree_json(path):
    output = subprocess.run(
        ["cargo", "run", "-q", "--features", "std", "--example", "tree", "--", path, "--json"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(output)


def shown_cuts(driver):
    return [
        {
            "node": li.get_attribute("data-node"),
            "after": li.get_attribute("data-after"),
            "kind": li.get_attribute("data-kind"),
            "pruned": li.get_attribute("data-pruned").split(),
        }
        for li in driver.find_elements(By.CSS_SELECTOR, "#cut-list li")
    ]


def step_through(driver, expected, name, shots, looked, screenshot_at_first_cut):
    total = int(driver.find_element(By.ID, "step-count").get_attribute("data-total"))
    seen = []
    shot_taken = False
    for step in range(total):
        driver.find_element(By.ID, "step-next").click()
        cuts = shown_cuts(driver)
        if len(cuts) > len(seen):
            # A new cut appears at the step of its event, after the cuts before it.
            check(cuts[: len(seen)] == seen and len(cuts) == len(seen) + 1, f"{name}: cut {len(cuts)} appears at step {step + 1}")
            seen = cuts
            if screenshot_at_first_cut and not shot_taken:
                shot(driver, shots, f"teach-{name}-first-cut.png", looked)
                shot_taken = True
    check(driver.find_element(By.ID, "step-next").get_attribute("disabled") is not None, f"{name}: the last step reached")
    check(seen == expected["cutoffs"], f"{name}: the cuts shown equal tree --json: {seen}")
    leaves = int(driver.find_element(By.ID, "leaf-count").get_attribute("data-count"))
    check(leaves == expected["alphabeta_leaves"], f"{name}: {leaves} leaves evaluated, as tree --json")
    result = driver.find_element(By.ID, "tree-result")
    check(float(result.get_attribute("data-value")) == expected["value"], f"{name}: value {expected['value']}")
    check(result.get_attribute("data-pv").split() == expected["pv"], f"{name}: principal variation {expected['pv']}")
    return total


def teaching_view(driver, shots, looked):
    print("\n== the teaching view")
    tab(driver, "teach")
    settle(driver, "teach")
    seed = os.path.join(ROOT, "tests/data/trees/seed-example.tree")
    with open(seed) as f:
        text = f.read()
    check(driver.find_element(By.ID, "tree-text").get_attribute("value") == text, "the seed example is preloaded")
    shot(driver, shots, "teach-seed-start.png", looked)
    steps = step_through(driver, tree_json(seed), "seed", shots, looked, True)
    print(f"   seed example: {steps} steps")
    shot(driver, shots, "teach-seed-end.png", looked)
    # Back one step: the root's value is not in yet.
    driver.find_element(By.ID, "step-back").click()
    check(driver.find_element(By.ID, "tree-result").get_attribute("data-value") == "", "a step back undoes the last one")

    other = os.path.join(ROOT, "tests/data/trees/uneven-depth.tree")
    with open(other) as f:
        text = f.read()
    area = driver.find_element(By.ID, "tree-text")
    driver.execute_script("arguments[0].value = arguments[1];", area, text)
    driver.find_element(By.ID, "tree-load").click()
    settle(driver, "teach")
    steps = step_through(driver, tree_json(other), "uneven-depth", shots, looked, False)
    print(f"   uneven-depth (pasted): {steps} steps")
    shot(driver, shots, "teach-uneven-depth-end.png", looked)

    driver.execute_script("arguments[0].value = arguments[1];", area, "ROOT A\nA B\nVALUE\nB 1\nC 2\nEND\n")
    driver.find_element(By.ID, "tree-load").click()
    settle(driver, "teach")
    error = driver.find_element(By.ID, "tree-error").text
    check(error.startswith("line 5:"), f"a malformed file shows the reader's error: {error!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screenshots", default=os.path.join(WEB, "target", "screenshots"))
    parser.add_argument("--only", choices=["teach", "connect4", "tictactoe", "othello"], help="run one view's checks")
    args = parser.parse_args()
    dist = os.path.join(WEB, "dist")
    if not os.path.exists(os.path.join(dist, "pkg", "alphabeta_web_bg.wasm")):
        sys.exit("examples-web/dist is not built: run examples-web/build.sh first")
    os.makedirs(args.screenshots, exist_ok=True)
    server = serve(dist)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    looked = []
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            started = time.monotonic()
            driver.get(url)
            wait(driver, "window.alphabeta && window.alphabeta.stats.ready", 60)
            print(f"page loaded and engine ready in {time.monotonic() - started:.2f} s: {url}")
            check(driver.title == "alphabeta in the browser", "the page's title")
            views = {"teach": teaching_view, "connect4": connect4, "tictactoe": tictactoe, "othello": othello}
            for view, run in views.items():
                if args.only in (None, view):
                    run(driver, args.screenshots, looked)
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            check(not errors, f"no errors in the browser's console: {errors[:3]}")
        finally:
            driver.quit()
            server.shutdown()
    print("\nscreenshots: " + " ".join(os.path.relpath(p, ROOT) for p in looked))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

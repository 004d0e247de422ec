// The page: four views over one engine running in a Web Worker (worker.js).

// ---------------------------------------------------------------------------------------------
// The engine's worker, behind promises.

class EngineClient {
  constructor(onReady) {
    this.onReady = onReady;
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.pending = new Map();
    this.nextId = 1;
    this.worker.onmessage = (event) => {
      const message = event.data;
      if (message.ready || message.fatal) {
        this.onReady(message);
        return;
      }
      const call = this.pending.get(message.id);
      if (!call) return;
      if (message.progress) {
        if (call.onProgress) call.onProgress(message.progress);
        return;
      }
      this.pending.delete(message.id);
      if ("error" in message) call.reject(new Error(message.error));
      else call.resolve(message.result);
    };
    this.worker.onerror = (event) => this.onReady({ fatal: event.message || "the worker failed" });
  }

  call(op, args, onProgress) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, op, args });
    });
  }

  // Ends a search at once: the worker is replaced by a new one.
  restart() {
    this.worker.terminate();
    for (const call of this.pending.values()) call.reject(new Error("stopped"));
    this.start();
  }
}

const $ = (selector) => document.querySelector(selector);

// What the browser test reads: every engine move's time, measured in the worker around the
// WebAssembly call (performance.now()).
const stats = { ready: false, warmupMs: null, tictactoe: [], connect4: [], othello: [] };
window.alphabeta = { stats };

const engine = new EngineClient((message) => {
  const status = $("#engine-status");
  if (message.fatal) {
    status.textContent = `the engine failed to load: ${message.fatal}`;
    return;
  }
  stats.ready = true;
  stats.warmupMs = message.warmupMs;
  status.textContent = "engine ready (WebAssembly, in a worker)";
  status.dataset.ready = "true";
});

function number(value) {
  if (value === Infinity) return "∞";
  if (value === -Infinity) return "-∞";
  if (Object.is(value, -0)) return "0";
  return String(value);
}

const grouped = (n) => Math.round(n).toLocaleString("en-US");

// ---------------------------------------------------------------------------------------------
// Tabs.

for (const button of document.querySelectorAll("#tabs button")) {
  button.addEventListener("click", () => {
    for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b === button);
    for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.id === button.dataset.tab);
  });
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe: the person plays either side; the engine solves every position exactly.

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

const ttt = {
  cells: Array(9).fill("."),
  human: "X",
  busy: false,
  over: false,
  last: -1,
  game: 0,

  turn() {
    const xs = this.cells.filter((c) => c === "X").length;
    const os = this.cells.filter((c) => c === "O").length;
    return xs === os ? "X" : "O";
  },

  render(text, outcome = "") {
    for (const button of document.querySelectorAll("#ttt-board button")) {
      const cell = Number(button.dataset.cell);
      const mark = this.cells[cell];
      button.textContent = mark === "." ? "" : mark;
      button.className = mark === "." ? "" : mark;
      if (cell === this.last) button.classList.add("last");
      button.disabled = this.busy || this.over || mark !== "." || this.turn() !== this.human;
    }
    const status = $("#ttt-status");
    status.textContent = text;
    status.dataset.outcome = outcome;
    status.dataset.turn = this.over ? "" : this.turn() === this.human ? "human" : "engine";
  },

  async newGame() {
    const game = ++this.game;
    this.cells = Array(9).fill(".");
    this.human = $("#ttt-side").value;
    this.over = false;
    this.busy = false;
    this.last = -1;
    if (this.human === "O") await this.engineMove(game);
    else this.render("Your move: you are X");
  },

  async play(cell) {
    if (this.busy || this.over || this.cells[cell] !== "." || this.turn() !== this.human) return;
    const game = this.game;
    this.cells[cell] = this.human;
    this.last = cell;
    this.busy = true;
    this.render("…");
    if (!(await this.settle(game))) await this.engineMove(game);
  },

  async engineMove(game) {
    this.busy = true;
    this.render("The engine is thinking…");
    const move = await engine.call("tictactoe_move", { cells: this.cells.join("") });
    if (game !== this.game) return;
    stats.tictactoe.push({ ms: move.ms, empty: this.cells.filter((c) => c === ".").length });
    this.cells[move.cell] = this.turn();
    this.last = move.cell;
    const time = move.ms < 0.1 ? "under 0.1 ms (the browser's timer resolution)" : `${move.ms.toFixed(1)} ms`;
    const plies = 1000000 - move.score;
    const outlook = move.score <= 0 ? "a draw with best play" : plies === 1 ? "this move wins" : `it wins in ${plies} plies`;
    $("#ttt-timing").textContent = `Engine move: ${time}, ${grouped(move.nodes)} nodes; ${outlook}.`;
    $("#ttt-timing").dataset.lastMs = String(move.ms);
    if (!(await this.settle(game))) {
      this.busy = false;
      this.render(`Your move: you are ${this.human}`);
    }
  },

  // Shows the end of the game if it is over; returns whether it is.
  async settle(game) {
    const { status } = await engine.call("tictactoe_state", { cells: this.cells.join("") });
    if (game !== this.game) return true;
    if (status === 0) return false;
    this.over = true;
    this.busy = false;
    if (status === 3) {
      this.render("A draw.", "draw");
      return true;
    }
    const winner = status === 1 ? "X" : "O";
    const line = LINES.find((l) => l.every((c) => this.cells[c] === winner));
    const human = winner === this.human;
    this.render(human ? "You win!" : "The engine wins.", human ? "win" : "loss");
    for (const c of line || []) document.querySelector(`#ttt-board button[data-cell="${c}"]`).classList.add("win");
    return true;
  },
};

// `pending`: the promise of the last action, for the browser test to wait on.
for (const button of document.querySelectorAll("#ttt-board button")) {
  button.addEventListener("click", () => (ttt.pending = ttt.play(Number(button.dataset.cell))));
}
$("#ttt-new").addEventListener("click", () => (ttt.pending = ttt.newGame()));
$("#ttt-side").addEventListener("change", () => (ttt.pending = ttt.newGame()));

// ---------------------------------------------------------------------------------------------
// Connect Four: strength or time per move, the engine's iterations shown as they complete.

const c4 = {
  moves: "",
  human: 1,
  busy: false,
  state: null,
  game: 0,
  lastProgress: null,

  turn() {
    return (this.moves.length % 2) + 1;
  },

  build() {
    const board = $("#c4-board");
    board.innerHTML = "";
    for (let col = 0; col < 7; col++) {
      const column = document.createElement("div");
      column.className = "col";
      column.dataset.col = String(col + 1);
      for (let row = 0; row < 6; row++) {
        const cell = document.createElement("div");
        cell.className = "cell";
        column.appendChild(cell);
      }
      column.addEventListener("click", () => (this.pending = this.play(col + 1)));
      board.appendChild(column);
    }
  },

  render(text, outcome = "") {
    const columns = document.querySelectorAll("#c4-board .col");
    const lastCol = this.moves.length ? Number(this.moves[this.moves.length - 1]) - 1 : -1;
    const lastRow = lastCol >= 0 ? this.state.cells[lastCol].filter((c) => c !== 0).length - 1 : -1;
    columns.forEach((column, col) => {
      column.querySelectorAll(".cell").forEach((cell, row) => {
        const stone = this.state.cells[col][row];
        cell.className = "cell" + (stone ? ` p${stone}` : "") + (col === lastCol && row === lastRow ? " last" : "");
      });
    });
    $("#c4-board").classList.toggle("busy", this.busy);
    const status = $("#c4-status");
    status.textContent = text;
    status.dataset.outcome = outcome;
    status.dataset.turn = this.state.status !== 0 ? "" : this.turn() === this.human ? "human" : "engine";
    $("#c4-stop").disabled = !this.busy;
  },

  level() {
    const [kind, value] = $("#c4-level").value.split(":");
    return kind === "depth" ? { depth: Number(value), timeMs: 0 } : { depth: 42, timeMs: Number(value) };
  },

  async newGame() {
    if (this.busy) engine.restart();
    const game = ++this.game;
    this.moves = "";
    this.human = Number($("#c4-side").value);
    this.busy = false;
    this.state = await engine.call("connect4_state", { moves: "" });
    if (game !== this.game) return;
    $("#c4-progress tbody").innerHTML = "";
    $("#c4-timing").textContent = "";
    if (this.human === 2) await this.engineMove(game);
    else this.render("Your move: you are red. Click a column.");
  },

  async play(column) {
    if (this.busy || !this.state || this.state.status !== 0 || this.turn() !== this.human) return;
    if (!(this.state.playable & (1 << (column - 1)))) return;
    const game = this.game;
    this.busy = true;
    this.moves += String(column);
    this.state = await engine.call("connect4_state", { moves: this.moves });
    if (game !== this.game) return;
    if (!this.settle()) await this.engineMove(game);
  },

  async engineMove(game) {
    this.busy = true;
    this.lastProgress = null;
    const level = this.level();
    const record = { chosenMs: level.timeMs, depthLimit: level.depth, progressAt: [], resultAt: null };
    const started = performance.now();
    const rows = $("#c4-progress tbody");
    rows.innerHTML = "";
    this.render(level.timeMs ? `The engine is thinking (${level.timeMs / 1000} s)…` : `The engine is thinking (depth ${level.depth})…`);
    let move;
    try {
      move = await engine.call("connect4_move", { moves: this.moves, ...level }, (p) => {
        this.lastProgress = p;
        record.progressAt.push(performance.now() - started);
        const row = document.createElement("tr");
        for (const text of [p.depth, this.score(p.score), grouped(p.nodes), p.elapsedMs.toFixed(0), p.pv]) {
          const cell = document.createElement("td");
          cell.textContent = String(text);
          row.appendChild(cell);
        }
        rows.appendChild(row);
      });
    } catch (error) {
      if (error.message !== "stopped" || game !== this.game) return;
      // "Move now": the first move of the last completed iteration's line.
      const column = Number(this.lastProgress.pv[0]);
      move = { column, ms: performance.now() - started, depth: this.lastProgress.depth, nodes: this.lastProgress.nodes, score: this.lastProgress.score };
      move.state = await engine.call("connect4_state", { moves: this.moves + String(column) });
    }
    if (game !== this.game) return;
    record.resultAt = performance.now() - started;
    record.ms = move.ms;
    record.depth = move.depth;
    stats.connect4.push(record);
    this.moves += String(move.column);
    this.state = move.state;
    $("#c4-timing").textContent =
      `Engine move: column ${move.column} after ${move.ms.toFixed(0)} ms, depth ${move.depth}, ${grouped(move.nodes)} nodes.`;
    if (!this.settle()) {
      this.busy = false;
      this.render("Your move.");
    }
  },

  score(score) {
    const win = 1000000;
    if (Math.abs(score) > win - 100) {
      const plies = win - Math.abs(score);
      return score > 0 ? `wins in ${plies}` : `loses in ${plies}`;
    }
    return String(score);
  },

  // Shows the end of the game if it is over; returns whether it is.
  settle() {
    if (this.state.status === 0) return false;
    this.busy = false;
    if (this.state.status === 2) {
      this.render("A draw.", "draw");
    } else {
      const winner = ((this.moves.length - 1) % 2) + 1;
      const human = winner === this.human;
      this.render(human ? "You win!" : "The engine wins.", human ? "win" : "loss");
    }
    return true;
  },
};

c4.build();
$("#c4-new").addEventListener("click", () => (c4.pending = c4.newGame()));
$("#c4-side").addEventListener("change", () => (c4.pending = c4.newGame()));
$("#c4-stop").addEventListener("click", () => {
  if (c4.busy && c4.lastProgress) engine.restart();
});

// ---------------------------------------------------------------------------------------------
// Othello: a time per move; the engine's iterations shown as they complete, then the exact
// solve once few squares are empty. Squares are numbered 0 (A1) to 63 (H8), row by row.

const squareName = (square) => String.fromCharCode(65 + (square % 8)) + String(1 + (square >> 3));
const colourName = (side) => (side === 1 ? "black" : "white");

const oth = {
  moves: "",
  // The game as played, passes included: [{ side, square }] (square -1 for a pass).
  record: [],
  human: 1,
  busy: false,
  solving: false,
  state: null,
  game: 0,
  lastProgress: null,

  build() {
    const board = $("#oth-board");
    board.innerHTML = "";
    const label = (text) => {
      const cell = document.createElement("span");
      cell.className = "label";
      cell.textContent = text;
      board.appendChild(cell);
    };
    label("");
    for (let col = 0; col < 8; col++) label(String.fromCharCode(65 + col));
    for (let row = 0; row < 8; row++) {
      label(String(row + 1));
      for (let col = 0; col < 8; col++) {
        const square = row * 8 + col;
        const button = document.createElement("button");
        button.dataset.square = squareName(square);
        button.setAttribute("aria-label", squareName(square));
        button.addEventListener("click", () => (this.pending = this.play(square)));
        board.appendChild(button);
      }
    }
  },

  humanToMove() {
    return !this.state.over && this.state.side === this.human && !this.busy;
  },

  render(text, outcome = "") {
    const last = this.record.filter((m) => m.square >= 0).at(-1);
    const mine = this.humanToMove();
    document.querySelectorAll("#oth-board button").forEach((button, square) => {
      const cell = this.state.cells[square];
      button.className = cell === 1 ? "black" : cell === 2 ? "white" : cell === 3 && mine ? "legal" : "";
      if (last && last.square === square) button.classList.add("last");
    });
    $("#oth-board").classList.toggle("busy", this.busy);
    const status = $("#oth-status");
    status.textContent = text;
    status.dataset.outcome = outcome;
    status.dataset.turn = this.state.over ? "" : this.state.side === this.human ? "human" : "engine";
    const count = $("#oth-count");
    count.textContent = `Black ${this.state.black} · White ${this.state.white} · ${64 - this.state.black - this.state.white} empty`;
    count.dataset.black = String(this.state.black);
    count.dataset.white = String(this.state.white);
    count.dataset.score = this.state.over ? String(this.state.score) : "";
    $("#oth-record").textContent = this.record.length
      ? "Moves: " + this.record.map((m) => (m.square < 0 ? `(${colourName(m.side)} passes)` : squareName(m.square))).join(" ")
      : "";
    $("#oth-stop").disabled = !this.busy || this.solving;
  },

  level() {
    const [timeMs, solveEmpties] = $("#oth-level").value.split(":").map(Number);
    return { timeMs, solveEmpties };
  },

  async newGame() {
    if (this.busy) engine.restart();
    const game = ++this.game;
    this.moves = "";
    this.record = [];
    this.human = Number($("#oth-side").value);
    this.busy = false;
    this.solving = false;
    this.state = await engine.call("othello_state", { moves: "" });
    if (game !== this.game) return;
    $("#oth-progress tbody").innerHTML = "";
    $("#oth-timing").textContent = "";
    if (this.human === 2) await this.engineMove(game);
    else this.render("Your move: you are black.");
  },

  async play(square) {
    if (!this.state || !this.humanToMove() || this.state.cells[square] !== 3) return;
    const game = this.game;
    this.busy = true;
    this.moves += squareName(square);
    this.record.push({ side: this.human, square });
    this.state = await engine.call("othello_state", { moves: this.moves });
    if (game !== this.game) return;
    if (this.settle()) return;
    if (this.state.side === this.human) {
      // The engine has no legal move: it passes, and the person moves again.
      this.record.push({ side: 3 - this.human, square: -1 });
      this.busy = false;
      this.render("The engine has no legal move and passes. Your move again.");
      return;
    }
    await this.engineMove(game);
  },

  // The engine moves, again as long as the person has to pass.
  async engineMove(game) {
    const side = 3 - this.human;
    let passed = false;
    for (;;) {
      const empties = 64 - this.state.black - this.state.white;
      const level = this.level();
      const move = await this.search(game, level, empties);
      if (!move) return;
      this.moves += squareName(move.square);
      this.record.push({ side, square: move.square });
      this.state = move.state;
      const what = move.exact ? `exact score ${move.score > 0 ? "+" : ""}${move.score}` : `score ${move.score}`;
      $("#oth-timing").textContent =
        `Engine move: ${squareName(move.square)} after ${move.ms.toFixed(0)} ms, depth ${move.depth}, ${grouped(move.nodes)} nodes, ${what}.`;
      if (this.settle()) return;
      if (this.state.side === side) {
        // The person has no legal move: a pass, and the engine moves again.
        this.record.push({ side: this.human, square: -1 });
        passed = true;
        continue;
      }
      break;
    }
    this.busy = false;
    this.render(passed ? "You had no legal move and passed. Your move." : "Your move.");
  },

  // One engine move: the search (or the solve) in the worker, its iterations shown as they
  // complete; `null` when a new game has begun meanwhile.
  async search(game, level, empties) {
    this.busy = true;
    this.solving = empties <= level.solveEmpties;
    this.lastProgress = null;
    const record = { chosenMs: level.timeMs, solveEmpties: level.solveEmpties, empties, progressAt: [], resultAt: null };
    const started = performance.now();
    const rows = $("#oth-progress tbody");
    rows.innerHTML = "";
    this.render(this.solving
      ? `The engine is solving the last ${empties} empty squares exactly…`
      : `The engine is thinking (${level.timeMs / 1000} s)…`);
    let move;
    try {
      move = await engine.call("othello_move", { moves: this.moves, ...level }, (p) => {
        this.lastProgress = p;
        record.progressAt.push(performance.now() - started);
        const row = document.createElement("tr");
        for (const text of [p.depth, String(p.score), grouped(p.nodes), p.elapsedMs.toFixed(0), p.pv]) {
          const cell = document.createElement("td");
          cell.textContent = String(text);
          row.appendChild(cell);
        }
        rows.appendChild(row);
      });
    } catch (error) {
      if (error.message !== "stopped" || game !== this.game) return null;
      // "Move now": the first move of the last completed iteration's line.
      const name = this.lastProgress.pv.split(" ")[0];
      const square = (Number(name[1]) - 1) * 8 + name.charCodeAt(0) - 65;
      move = { square, ms: performance.now() - started, depth: this.lastProgress.depth, nodes: this.lastProgress.nodes, score: this.lastProgress.score, exact: false, stopped: true };
      move.state = await engine.call("othello_state", { moves: this.moves + name });
    }
    if (game !== this.game) return null;
    this.solving = false;
    Object.assign(record, { resultAt: performance.now() - started, ms: move.ms, depth: move.depth, nodes: move.nodes, score: move.score, exact: move.exact, square: move.square, stopped: !!move.stopped });
    stats.othello.push(record);
    return move;
  },

  // Shows the end of the game if it is over; returns whether it is.
  settle() {
    if (!this.state.over) return false;
    this.busy = false;
    this.solving = false;
    const { black, white, score } = this.state;
    const mine = this.human === 1 ? score : -score;
    const final = `Black ${black}, white ${white}: ${score === 0 ? "a draw" : `${colourName(score > 0 ? 1 : 2)} wins by ${Math.abs(score)}`}.`;
    if (mine > 0) this.render(`You win! ${final}`, "win");
    else if (mine < 0) this.render(`The engine wins. ${final}`, "loss");
    else this.render(`A draw. ${final}`, "draw");
    return true;
  },
};

oth.build();
$("#oth-new").addEventListener("click", () => (oth.pending = oth.newGame()));
$("#oth-side").addEventListener("change", () => (oth.pending = oth.newGame()));
$("#oth-stop").addEventListener("click", () => {
  if (oth.busy && !oth.solving && oth.lastProgress) engine.restart();
});

// ---------------------------------------------------------------------------------------------
// The teaching view: a tree file searched by the reference alpha-beta, played back step by step.

const NODE_W = 76;
const NODE_H = 52;
const GAP_X = 10;
const LEVEL_H = 92;

const teach = {
  model: null,
  step: 0,

  async load(text) {
    $("#tree-error").textContent = "";
    let trace;
    try {
      trace = await engine.call("tree_trace", { text });
    } catch (error) {
      $("#tree-error").textContent = error.message;
      return;
    }
    const count = trace.names.length;
    const children = Array.from({ length: count }, () => []);
    trace.parents.forEach((parent, node) => {
      if (parent >= 0) children[parent].push(node);
    });
    // Layout: leaves left to right, a parent over the middle of its children.
    const x = new Array(count);
    const depth = new Array(count).fill(0);
    let next = 0;
    const place = (node) => {
      if (children[node].length === 0) {
        x[node] = next++ * (NODE_W + GAP_X) + NODE_W / 2 + 12;
      } else {
        for (const child of children[node]) {
          depth[child] = depth[node] + 1;
          place(child);
        }
        const kids = children[node];
        x[node] = (x[kids[0]] + x[kids[kids.length - 1]]) / 2;
      }
    };
    // Explicit recursion is fine: the worker refuses trees the page cannot draw, and their
    // depth is bounded by the file's size.
    place(0);
    this.model = { ...trace, count, children, x, depth, width: next * (NODE_W + GAP_X) + 24, height: (Math.max(...depth) + 1) * LEVEL_H + 20 };
    this.step = 0;
    this.render();
  },

  // The search's state after the first `step` events.
  stateAt(step) {
    const m = this.model;
    const state = {
      entry: new Array(m.count).fill(null),
      window: new Array(m.count).fill(null),
      value: new Array(m.count).fill(null),
      pruned: new Array(m.count).fill(false),
      cutLabel: new Array(m.count).fill(null),
      stack: [],
      cuts: [],
      leaves: 0,
      narration: "Press step to start the search at the root, with the full window (-∞, ∞).",
    };
    const name = (n) => m.names[n];
    const side = (n) => (m.flags[n] & 1 ? "MAX" : "MIN");
    const prune = (node) => {
      state.pruned[node] = true;
      for (const child of m.children[node]) prune(child);
    };
    for (let i = 0; i < step; i++) {
      const node = m.nodes[i];
      const a = m.first[i];
      const b = m.second[i];
      switch (m.kinds[i]) {
        case 0:
          state.entry[node] = [a, b];
          state.window[node] = [a, b];
          state.stack.push(node);
          state.narration = m.flags[node] & 2
            ? `Visit the leaf ${name(node)} with α = ${number(a)}, β = ${number(b)}.`
            : `Enter ${name(node)} (${side(node)}) with the window α = ${number(a)}, β = ${number(b)}.`;
          break;
        case 1: {
          state.value[node] = a;
          state.stack.pop();
          const parent = m.parents[node];
          if (m.flags[node] & 2) {
            state.leaves++;
            state.narration = `${name(node)} is a leaf: its value ${number(a)} goes back${parent >= 0 ? ` to ${name(parent)}` : ""}.`;
          } else {
            const kind = this.boundOf(node, a, state.entry[node]);
            const what = kind === "≤ " ? ` (≤ α: it failed low, so this is only an upper bound)`
              : kind === "≥ " ? ` (≥ β: it failed high, so this is only a lower bound)` : " (exact: inside the window)";
            state.narration = parent >= 0
              ? `${name(node)} is done and returns ${kind}${number(a)} to ${name(parent)}${what}.`
              : `The root ${name(node)} is done: its value is ${number(a)}.`;
          }
          break;
        }
        case 2: {
          const [oldA, oldB] = state.window[node];
          state.window[node] = [a, b];
          state.narration = a !== oldA
            ? `${name(node)} (MAX) raises α to ${number(a)}: its window is now α = ${number(a)}, β = ${number(b)}.`
            : `${name(node)} (MIN) lowers β to ${number(b)}: its window is now α = ${number(a)}, β = ${number(b)}.`;
          if (a === oldA && b === oldB) state.narration = `${name(node)}'s window stays α = ${number(a)}, β = ${number(b)}.`;
          break;
        }
        default: {
          const after = a;
          const kind = m.kinds[i] === 3 ? "beta" : "alpha";
          const pruned = m.children[node].filter((c) => c > after);
          for (const child of pruned) {
            prune(child);
            state.cutLabel[child] = kind === "beta" ? "β-cut" : "α-cut";
          }
          state.cuts.push({ node, after, kind, pruned });
          const [wa, wb] = state.window[node];
          const names = pruned.map(name).join(", ");
          state.narration = kind === "beta"
            ? `β-cut at ${name(node)}: α = ${number(wa)} ≥ β = ${number(wb)}. MIN above already has something better, so ${names} ${pruned.length > 1 ? "are" : "is"} never searched.`
            : `α-cut at ${name(node)}: β = ${number(wb)} ≤ α = ${number(wa)}. MAX above already has something better, so ${names} ${pruned.length > 1 ? "are" : "is"} never searched.`;
        }
      }
    }
    return state;
  },

  boundOf(node, value, entry) {
    if (this.model.flags[node] & 2 || !entry) return "";
    if (value <= entry[0]) return "≤ ";
    if (value >= entry[1]) return "≥ ";
    return "";
  },

  // The principal variation once the search is over: from the root, the first child whose
  // value equals its parent's.
  pv(state) {
    const line = new Set([0]);
    let node = 0;
    for (;;) {
      const best = this.model.children[node].find((c) => state.value[c] !== null && state.value[c] === state.value[node]);
      if (best === undefined) return line;
      line.add(best);
      node = best;
    }
  },

  render() {
    const m = this.model;
    if (!m) return;
    const total = m.kinds.length;
    const state = this.stateAt(this.step);
    const done = this.step === total;
    const pv = done ? this.pv(state) : new Set();
    const current = state.stack.length ? state.stack[state.stack.length - 1] : -1;
    const open = new Set(state.stack);
    const svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="' + m.width + '" height="' + m.height + '">'];
    const y = (node) => m.depth[node] * LEVEL_H + NODE_H / 2 + 10;
    const esc = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;");
    for (let node = 1; node < m.count; node++) {
      const parent = m.parents[node];
      let cls = "edge";
      if (state.pruned[node]) cls += " pruned";
      else if (state.entry[node] === null) cls += " unseen";
      else if (pv.has(node)) cls += " pv";
      const x1 = m.x[parent], y1 = y(parent) + NODE_H / 2, x2 = m.x[node], y2 = y(node) - NODE_H / 2;
      svg.push(`<line class="${cls}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
      if (state.cutLabel[node]) {
        svg.push(`<text class="cut-label" x="${(x1 + x2) / 2 + 18}" y="${(y1 + y2) / 2}">${state.cutLabel[node]}</text>`);
      }
    }
    for (let node = 0; node < m.count; node++) {
      const leaf = m.flags[node] & 2;
      let cls = "node";
      if (state.pruned[node]) cls += " pruned";
      else if (state.entry[node] === null) cls += " unseen";
      if (pv.has(node)) cls += " pv";
      if (node === current) cls += " current";
      else if (open.has(node)) cls += " open";
      const cx = m.x[node], cy = y(node);
      const shape = m.flags[node] & 1
        ? `<rect x="${cx - NODE_W / 2}" y="${cy - NODE_H / 2}" width="${NODE_W}" height="${NODE_H}" rx="3"/>`
        : `<ellipse cx="${cx}" cy="${cy}" rx="${NODE_W / 2 + 4}" ry="${NODE_H / 2 + 2}"/>`;
      let valueText = "";
      let windowText = "";
      if (state.value[node] !== null) {
        valueText = this.boundOf(node, state.value[node], state.entry[node]) + number(state.value[node]);
      } else if (state.pruned[node]) {
        valueText = leaf ? "not evaluated" : "pruned";
      } else if (state.entry[node] !== null) {
        valueText = "?";
      } else if (leaf) {
        valueText = number(m.values[node]);
      }
      const shown = state.value[node] !== null ? state.entry[node] : state.window[node];
      if (shown && !state.pruned[node]) windowText = `α ${number(shown[0])}  β ${number(shown[1])}`;
      const note = state.value[node] === null && state.pruned[node] ? " note" : "";
      svg.push(`<g class="${cls}" data-node="${esc(m.names[node])}">${shape}` +
        `<text class="name" x="${cx}" y="${cy - 15}">${esc(m.names[node])}</text>` +
        `<text class="value${note}" x="${cx}" y="${cy}">${esc(valueText)}</text>` +
        `<text class="window" x="${cx}" y="${cy + 15}">${esc(windowText)}</text></g>`);
    }
    svg.push("</svg>");
    $("#tree-view").innerHTML = svg.join("");
    $("#narration").textContent = state.narration;
    $("#step-count").textContent = `step ${this.step} of ${total}`;
    $("#step-count").dataset.step = String(this.step);
    $("#step-count").dataset.total = String(total);
    const list = $("#cut-list");
    list.innerHTML = "";
    for (const cut of state.cuts) {
      const item = document.createElement("li");
      const pruned = cut.pruned.map((n) => m.names[n]);
      item.dataset.node = m.names[cut.node];
      item.dataset.after = m.names[cut.after];
      item.dataset.kind = cut.kind;
      item.dataset.pruned = pruned.join(" ");
      item.textContent = `${cut.kind === "beta" ? "β" : "α"}-cut at ${m.names[cut.node]} after ${m.names[cut.after]}: ${pruned.join(", ")} pruned`;
      list.appendChild(item);
    }
    $("#leaf-count").textContent = `${state.leaves} of ${m.summary[1]}`;
    $("#leaf-count").dataset.count = String(state.leaves);
    const result = $("#tree-result");
    if (done) {
      const line = [...pv].slice(1).map((n) => m.names[n]).join(" ");
      result.textContent = `value ${number(state.value[0])}, principal variation ${line || "(none)"}; alpha-beta evaluated ${state.leaves} of ${m.summary[1]} leaves`;
      result.dataset.value = String(state.value[0]);
      result.dataset.pv = line;
    } else {
      result.textContent = "…";
      result.dataset.value = "";
      result.dataset.pv = "";
    }
    $("#step-reset").disabled = $("#step-back").disabled = this.step === 0;
    $("#step-next").disabled = $("#step-end").disabled = this.step === total;
  },

  go(step) {
    if (!this.model) return;
    this.step = Math.max(0, Math.min(this.model.kinds.length, step));
    this.render();
  },
};

async function pickTree() {
  const response = await fetch(`trees/${$("#tree-pick").value}`);
  $("#tree-text").value = await response.text();
  await teach.load($("#tree-text").value);
}

$("#tree-pick").addEventListener("change", () => (teach.pending = pickTree()));
$("#tree-load").addEventListener("click", () => {
  $("#tree-pick").value = "";
  teach.pending = teach.load($("#tree-text").value);
});
$("#tree-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  $("#tree-text").value = await file.text();
  $("#tree-pick").value = "";
  await teach.load($("#tree-text").value);
});
$("#step-reset").addEventListener("click", () => teach.go(0));
$("#step-back").addEventListener("click", () => teach.go(teach.step - 1));
$("#step-next").addEventListener("click", () => teach.go(teach.step + 1));
$("#step-end").addEventListener("click", () => teach.go(Infinity));
document.addEventListener("keydown", (event) => {
  if (!$("#teach").classList.contains("active") || event.target.tagName === "TEXTAREA") return;
  if (event.key === "ArrowRight") teach.go(teach.step + 1);
  if (event.key === "ArrowLeft") teach.go(teach.step - 1);
});

window.alphabeta.teach = teach;
window.alphabeta.engine = engine;
window.alphabeta.ttt = ttt;
window.alphabeta.c4 = c4;
window.alphabeta.oth = oth;

ttt.pending = ttt.newGame();
c4.pending = c4.newGame();
oth.pending = oth.newGame();
teach.pending = pickTree();

// The engine's thread: loads the WebAssembly module and answers the page's requests, so that
// a long search never freezes the page. Messages in: {id, op, args}; out: {id, result},
// {id, error} or, during a Connect Four or Othello search, {id, progress} after each iteration.
import init, * as engine from "./pkg/alphabeta_web.js";

const ready = init().then(() => {
  // Warm up: the first calls compile the code paths; a player's first move is then as fast
  // as the others.
  const start = performance.now();
  for (const cells of [".........", "X........", "X...O...."]) engine.tictactoe_move(cells);
  engine.connect4_move("", 4, 0, { report() {} });
  engine.othello_move("", 1, 0, { report() {} });
  self.postMessage({ ready: true, warmupMs: performance.now() - start });
});
ready.catch((error) => self.postMessage({ fatal: String(error && error.message ? error.message : error) }));

const ops = {
  tictactoe_move({ cells }) {
    const start = performance.now();
    const [cell, score, nodes] = engine.tictactoe_move(cells);
    return { cell, score, nodes, ms: performance.now() - start };
  },
  // The mean time of `runs` engine moves on one board, for a finer figure than one move's
  // (performance.now() is coarse in a page that is not cross-origin isolated).
  tictactoe_bench({ cells, runs }) {
    const start = performance.now();
    for (let i = 0; i < runs; i++) engine.tictactoe_move(cells);
    return { meanMs: (performance.now() - start) / runs };
  },
  tictactoe_state({ cells }) {
    return { status: engine.tictactoe_state(cells)[0] };
  },
  connect4_state({ moves }) {
    return stateOf(engine.connect4_state(moves));
  },
  connect4_move({ moves, depth, timeMs }, id) {
    const progress = {
      report(depth, score, nodes, elapsedMs, pv) {
        self.postMessage({ id, progress: { depth, score, nodes, elapsedMs, pv } });
      },
    };
    const [column, score, reached, nodes, ms] = engine.connect4_move(moves, depth, timeMs, progress);
    const after = moves + String(column);
    return { column, score, depth: reached, nodes, ms, state: stateOf(engine.connect4_state(after)) };
  },
  othello_state({ moves }) {
    return othelloStateOf(engine.othello_state(moves));
  },
  othello_move({ moves, timeMs, solveEmpties }, id) {
    const progress = {
      report(depth, score, nodes, elapsedMs, pv) {
        self.postMessage({ id, progress: { depth, score, nodes, elapsedMs, pv } });
      },
    };
    const [square, score, depth, nodes, ms, exact] = engine.othello_move(moves, timeMs, solveEmpties, progress);
    const after = moves + squareName(square);
    return { square, score, depth, nodes, ms, exact: exact === 1, state: othelloStateOf(engine.othello_state(after)) };
  },
  tree_trace({ text }) {
    const t = engine.tree_trace(text);
    const result = {
      names: t.names.split("\n"),
      parents: Array.from(t.parents),
      flags: Array.from(t.flags),
      values: Array.from(t.values),
      kinds: Array.from(t.kinds),
      nodes: Array.from(t.nodes),
      first: Array.from(t.first),
      second: Array.from(t.second),
      summary: Array.from(t.summary),
    };
    t.free();
    return result;
  },
};

function stateOf(state) {
  const cells = [];
  for (let col = 0; col < 7; col++) cells.push(Array.from(state.slice(2 + col * 6, 8 + col * 6)));
  return { status: state[0], playable: state[1], cells };
}

// Othello's squares: 0 A1, 7 H1, 8 A2, …, 63 H8.
function squareName(square) {
  return String.fromCharCode(65 + (square % 8)) + String(1 + (square >> 3));
}

function othelloStateOf(state) {
  return { over: state[0] === 1, side: state[1], black: state[2], white: state[3], score: state[4], cells: Array.from(state.slice(5)) };
}

self.onmessage = async (event) => {
  await ready;
  const { id, op, args } = event.data;
  try {
    self.postMessage({ id, result: ops[op](args, id) });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};

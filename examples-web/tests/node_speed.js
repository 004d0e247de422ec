// Tic-tac-toe move speed of two builds of the page's WebAssembly, side by side in node.js:
// A and B alternate, each round 400 engine moves on the empty board; prints each round's mean
// milliseconds per move and the median of the per-round ratios B/A. Built for node with the
// wasm-bindgen CLI (the version build.sh checks), e.g. `opt-level = "s"` against `"z"`:
//
//   cargo build --release --target wasm32-unknown-unknown     # in examples-web/
//   wasm-bindgen --target nodejs --out-dir /tmp/a target/wasm32-unknown-unknown/release/alphabeta_web.wasm
//   CARGO_PROFILE_RELEASE_OPT_LEVEL=z CARGO_TARGET_DIR=target/z cargo build --release --target wasm32-unknown-unknown
//   wasm-bindgen --target nodejs --out-dir /tmp/b target/z/wasm32-unknown-unknown/release/alphabeta_web.wasm
//   node tests/node_speed.js /tmp/a /tmp/b 7
const path = require('path');
const [dirA, dirB, roundsArg] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error('usage: node node_speed.js DIR_A DIR_B [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsArg) || 7;
const A = require(path.resolve(dirA, 'alphabeta_web.js'));
const B = require(path.resolve(dirB, 'alphabeta_web.js'));

function msPerMove(m) {
  const start = performance.now();
  for (let i = 0; i < 400; i++) m.tictactoe_move('.........');
  return (performance.now() - start) / 400;
}

msPerMove(A);
msPerMove(B);
const ratios = [];
for (let r = 0; r < rounds; r++) {
  const a = msPerMove(A);
  const b = msPerMove(B);
  ratios.push(b / a);
  console.log(`round ${r + 1}: A ${a.toFixed(3)} ms a move, B ${b.toFixed(3)} ms`);
}
ratios.sort((x, y) => x - y);
console.log(`median B/A: ${ratios[ratios.length >> 1].toFixed(2)}`);

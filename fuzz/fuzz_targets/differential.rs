//! The engine against a brute-force negamax written here, on random games decoded from the
//! input.
//!
//! A game is a tree or a DAG (transpositions, so the table matters) of at most a few dozen
//! positions. Each position has its own side to move (turns need not alternate: the engine
//! negates only where the side changes), may be terminal while having moves, and has a value:
//! small, a heuristic just below the mate range, `±INFINITY` (`±i32::MAX`), or a won or lost
//! end scored `win_in(ply)` / `loss_in(ply)`. Scores are `i32` or `f64`. Optionally the game
//! gives true lower bounds on the plies to a win or a loss, for mate distance pruning.
//!
//! Every combination of the value-preserving options (ordering, PVS, a table under
//! `TtCutoffs::EqualDraft` or none, mate distance pruning, iterative deepening, tie-breaking
//! seed), with the root search the input chooses (the full window, aspiration windows of a
//! half-width from the input, or MTD(f)), searches at a depth from the input and at full
//! depth; the root value must equal the brute force, a root with moves must get a best move,
//! and that move's value must be the root value. `Engine::mtdf` from a guess in the input, and
//! the analysis of every root move (each move's exact value), must equal the brute force too.

#![no_main]

use std::collections::HashMap;

use alphabeta::search::TtCutoffs;
use alphabeta::tt::Bound;
use alphabeta::tt::{Table, TranspositionTable};
use alphabeta::{
    Algorithm, Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, RootSearch, Score,
    SearchError,
};
use libfuzzer_sys::fuzz_target;

const MAX_MOVES: usize = 8;
const MAX_PLY: usize = 40;
/// Positions of a DAG.
const MAX_DAG_NODES: usize = 36;
/// Positions of a tree.
const MAX_TREE_NODES: usize = 160;
/// Height of a tree.
const MAX_TREE_HEIGHT: u32 = 12;
/// A position is kept only while the paths below it (the positions a full-width search
/// without a table visits) stay within this, so that 128 searches stay fast.
const MAX_PATHS: u64 = 1500;
const TABLE_SLOTS: usize = 64;
/// What `min_plies_to_win` (`_loss`) says where no end won (lost) by the side to move can be
/// reached: any number is a true lower bound there (`ply + k` once overflowed).
const NO_WIN_HINT: u32 = u32::MAX;

/// The bytes of the input, read front to back; zeros once exhausted.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::from(self.byte()) % n
        }
    }
    fn bit(&mut self) -> bool {
        self.byte() & 1 == 1
    }
}

/// A position's value from the point of view of the player `true`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Value {
    /// A small heuristic, in quarters for `f64`.
    Small(i32),
    /// A heuristic just inside the non-mate range: `±(WIN - MAX_MATE_PLY - k)`.
    Big(i32),
    /// `INFINITY` (`true`) or `-INFINITY` for the player `true`: out of the valid range of an
    /// evaluator with mate scores (`±(WIN - ply)`), so the search must fail as for `Invalid`.
    Infinite(bool),
    /// The game is over and this player has won: `win_in(ply)` for them.
    Won(bool),
    /// Outside the valid range for either player (`i32::MIN`; beyond `±WIN` but not infinite):
    /// the search must fail with `ScoreOutOfRange` if it evaluates it.
    Invalid(u8),
}

#[derive(Clone, Debug)]
struct Node {
    children: Vec<usize>,
    side: bool,
    terminal: bool,
    value: Value,
}

/// What the game says to mate distance pruning.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Hints {
    /// The default 1.
    Default,
    /// The true distance to the nearest end won (lost) by the side to move; 4096 where there
    /// is none.
    Exact,
    /// The same, `NO_WIN_HINT` where there is none (still a true lower bound).
    ExactMax,
}

#[derive(Clone, Debug)]
struct GameDef {
    nodes: Vec<Node>,
    hints: Hints,
    /// Per node: fewest plies to an end won by its side to move, and to one lost.
    to_win: Vec<Option<u32>>,
    to_loss: Vec<Option<u32>>,
    height: u32,
    /// Whether an `Invalid` value is reachable from the root.
    invalid_reachable: bool,
}

fn decode_value(bytes: &mut Bytes<'_>, leaf: bool, infinities: bool, invalid: bool) -> Value {
    let b = bytes.byte();
    let sign = if bytes.bit() { 1 } else { -1 };
    if invalid && b >= 0xf8 {
        return Value::Invalid(b);
    }
    match b % 16 {
        0..=8 => Value::Small(i32::from(bytes.byte() % 21) - 10),
        9 | 10 => Value::Big(sign * (1_000_000 - 4096 - i32::from(bytes.byte() % 4) - 1)),
        11 if infinities => Value::Infinite(sign > 0),
        12..=15 if leaf => Value::Won(sign > 0),
        _ => Value::Small(i32::from(b) - 8),
    }
}

impl GameDef {
    fn decode(bytes: &mut Bytes<'_>) -> Self {
        let flags = bytes.byte();
        let dag = flags & 1 == 1;
        let alternate = flags & 2 == 2;
        let infinities = flags & 4 == 4;
        let invalid = flags & 0xc0 == 0xc0;
        let hints = match (flags >> 3) % 3 {
            0 => Hints::Default,
            1 => Hints::Exact,
            _ => Hints::ExactMax,
        };
        let mut nodes = if dag { Self::dag(bytes) } else { Self::tree(bytes) };
        // Sides: alternating from the first parent, or drawn per position.
        let mut side_set = vec![false; nodes.len()];
        side_set[0] = true;
        nodes[0].side = bytes.bit();
        for i in 0..nodes.len() {
            let children = nodes[i].children.clone();
            for c in children {
                if !side_set[c] {
                    side_set[c] = true;
                    nodes[c].side = if alternate { !nodes[i].side } else { bytes.bit() };
                }
            }
        }
        for node in &mut nodes {
            let leaf = node.children.is_empty() || node.terminal;
            node.value = decode_value(bytes, leaf, infinities, invalid);
            if !leaf && matches!(node.value, Value::Won(_) | Value::Invalid(_) | Value::Infinite(_))
            {
                node.value = Value::Small(0);
            }
        }
        let mut def = GameDef {
            nodes,
            hints,
            to_win: Vec::new(),
            to_loss: Vec::new(),
            height: 0,
            invalid_reachable: false,
        };
        def.distances();
        def
    }

    /// A tree, breadth first: every position has one parent.
    fn tree(bytes: &mut Bytes<'_>) -> Vec<Node> {
        let blank =
            || Node { children: Vec::new(), side: true, terminal: false, value: Value::Small(0) };
        let mut nodes = vec![blank()];
        let mut depth = vec![0u32];
        let mut next = 0;
        while next < nodes.len() {
            let b = bytes.byte();
            let branching = usize::from(b % 6);
            nodes[next].terminal = b & 0x80 != 0 && b & 0x40 != 0;
            if depth[next] < MAX_TREE_HEIGHT && nodes.len() + branching <= MAX_TREE_NODES {
                for _ in 0..branching {
                    let child = nodes.len();
                    nodes[next].children.push(child);
                    nodes.push(blank());
                    depth.push(depth[next] + 1);
                }
            }
            next += 1;
        }
        nodes
    }

    /// A DAG: the children of position `i` are positions after it, so no cycle; a position
    /// keeps its children only while the paths below it stay within `MAX_PATHS`.
    fn dag(bytes: &mut Bytes<'_>) -> Vec<Node> {
        let count = 2 + bytes.below(MAX_DAG_NODES - 1);
        let mut nodes: Vec<Node> = (0..count)
            .map(|_| Node {
                children: Vec::new(),
                side: true,
                terminal: false,
                value: Value::Small(0),
            })
            .collect();
        let mut paths = vec![1u64; count];
        for i in (0..count - 1).rev() {
            let b = bytes.byte();
            nodes[i].terminal = b & 0x80 != 0 && b & 0x40 != 0;
            let branching = usize::from(b % 5);
            for _ in 0..branching {
                // Mostly near: long lines; sometimes anywhere after.
                let span = count - i - 1;
                let near = bytes.bit();
                let c = i + 1 + bytes.below(if near { span.min(3) } else { span });
                if paths[i] + paths[c] > MAX_PATHS {
                    break;
                }
                paths[i] += paths[c];
                nodes[i].children.push(c);
            }
        }
        // Positions unreachable from the root are harmless; keep them.
        nodes
    }

    /// Fewest plies to an end won or lost by each position's side to move, and the height.
    fn distances(&mut self) {
        let n = self.nodes.len();
        let mut to_win = vec![None; n];
        let mut to_loss = vec![None; n];
        let mut height = vec![0u32; n];
        // Children come after their parents in both generators.
        for i in (0..n).rev() {
            let node = &self.nodes[i];
            if node.terminal || node.children.is_empty() {
                if let Value::Won(winner) = node.value {
                    if winner == node.side {
                        to_win[i] = Some(0);
                    } else {
                        to_loss[i] = Some(0);
                    }
                }
                if let Value::Infinite(good) = node.value {
                    // Better (worse) than any win (loss): as near as an end can be.
                    if good == node.side {
                        to_win[i] = Some(0);
                    } else {
                        to_loss[i] = Some(0);
                    }
                }
                continue;
            }
            let mut win: Option<u32> = None;
            let mut loss: Option<u32> = None;
            for &c in &node.children {
                height[i] = height[i].max(height[c] + 1);
                let same = self.nodes[c].side == node.side;
                let (w, l) = if same { (to_win[c], to_loss[c]) } else { (to_loss[c], to_win[c]) };
                if let Some(w) = w {
                    win = Some(win.map_or(w + 1, |x: u32| x.min(w + 1)));
                }
                if let Some(l) = l {
                    loss = Some(loss.map_or(l + 1, |x: u32| x.min(l + 1)));
                }
            }
            to_win[i] = win;
            to_loss[i] = loss;
        }
        self.to_win = to_win;
        self.to_loss = to_loss;
        self.height = height[0];
        let mut reachable = vec![false; n];
        reachable[0] = true;
        for i in 0..n {
            if reachable[i] && !self.nodes[i].terminal {
                for &c in &self.nodes[i].children {
                    reachable[c] = true;
                }
            }
        }
        self.invalid_reachable = (0..n).any(|i| {
            let invalid = matches!(self.nodes[i].value, Value::Invalid(_) | Value::Infinite(_));
            reachable[i] && invalid && self.is_end(i)
        });
    }

    fn hint(&self, distance: Option<u32>) -> u32 {
        match (self.hints, distance) {
            (Hints::Default, _) => 1,
            (_, Some(d)) => d.max(1),
            (Hints::Exact, None) => 4096,
            (Hints::ExactMax, None) => NO_WIN_HINT,
        }
    }

    fn is_end(&self, node: usize) -> bool {
        self.nodes[node].terminal || self.nodes[node].children.is_empty()
    }

    /// Brute-force negamax for the side to move at `node`, `ply` from the root.
    fn negamax<S: Scores>(
        &self,
        node: usize,
        ply: u32,
        depth: u32,
        memo: &mut HashMap<(usize, u32, u32), S>,
    ) -> S {
        if let Some(&v) = memo.get(&(node, ply, depth)) {
            return v;
        }
        let n = &self.nodes[node];
        let value = if self.is_end(node) || depth == 0 {
            S::evaluate(n.value, n.side, ply)
        } else {
            let mut best: Option<S> = None;
            for &c in &n.children {
                let v = self.negamax::<S>(c, ply + 1, depth - 1, memo);
                let v = if self.nodes[c].side == n.side { v } else { -v };
                if best.is_none_or(|b| v > b) {
                    best = Some(v);
                }
            }
            best.expect("an inner node has children")
        };
        memo.insert((node, ply, depth), value);
        value
    }
}

/// The score types: a position's value in each.
trait Scores: Score {
    fn value(value: Value, player: bool, ply: u32) -> Self;
    /// The value of `value` (from the point of view of `true`) for `player`, `ply` from the
    /// root.
    fn evaluate(value: Value, player: bool, ply: u32) -> Self {
        Self::value(value, player, ply)
    }
}

impl Scores for i32 {
    fn value(value: Value, player: bool, ply: u32) -> i32 {
        let for_true = match value {
            Value::Small(v) | Value::Big(v) => v,
            Value::Infinite(good) => {
                if good {
                    i32::MAX
                } else {
                    -i32::MAX
                }
            }
            Value::Won(winner) => {
                return if winner == player { i32::win_in(ply) } else { i32::loss_in(ply) };
            }
            Value::Invalid(k) => {
                return [i32::MIN, 1_000_001, -1_000_007, i32::MAX - 1][usize::from(k % 4)];
            }
        };
        if player {
            for_true
        } else {
            -for_true
        }
    }
}

impl Scores for f64 {
    fn value(value: Value, player: bool, ply: u32) -> f64 {
        let for_true = match value {
            Value::Small(v) => f64::from(v) * 0.25,
            Value::Big(v) => f64::from(v) + 0.25,
            Value::Infinite(good) => {
                if good {
                    f64::INFINITY
                } else {
                    f64::NEG_INFINITY
                }
            }
            Value::Won(winner) => {
                return if winner == player { f64::win_in(ply) } else { f64::loss_in(ply) };
            }
            Value::Invalid(k) => return [2.5e6, -1e300, 1e6 + 0.5, f64::MAX][usize::from(k % 4)],
        };
        if player {
            for_true
        } else {
            -for_true
        }
    }
}

/// A walk through a `GameDef`: the path from the root.
#[derive(Clone)]
struct Walk<'g> {
    def: &'g GameDef,
    path: Vec<usize>,
}

impl Walk<'_> {
    fn node(&self) -> usize {
        *self.path.last().expect("the path holds the root")
    }
}

impl Game for Walk<'_> {
    type Move = u8;
    type Player = bool;
    type Undo = ();

    fn side_to_move(&self) -> bool {
        self.def.nodes[self.node()].side
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for index in 0..self.def.nodes[self.node()].children.len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) {
        let child = self.def.nodes[self.node()].children[usize::from(mv)];
        self.path.push(child);
    }
    fn unmake_move(&mut self, mv: u8, (): ()) {
        let child = self.path.pop().expect("a move to take back");
        let parent = self.node();
        assert_eq!(
            self.def.nodes[parent].children[usize::from(mv)],
            child,
            "unmake of another move"
        );
    }
    fn is_terminal(&self) -> bool {
        self.def.nodes[self.node()].terminal
    }
    fn zobrist_key(&self) -> u64 {
        // Distinct positions, unrelated keys (SplitMix64's finaliser).
        let mut z = (self.node() as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn min_plies_to_win(&self) -> u32 {
        self.def.hint(self.def.to_win[self.node()])
    }
    fn min_plies_to_loss(&self) -> u32 {
        self.def.hint(self.def.to_loss[self.node()])
    }
}

struct Eval<S>(std::marker::PhantomData<S>);

impl<S: Scores> Evaluator<Walk<'_>> for Eval<S> {
    type Score = S;
    fn evaluate(&self, walk: &Walk<'_>, player: bool, ctx: EvalContext) -> S {
        assert_eq!(ctx.ply as usize + 1, walk.path.len(), "ctx.ply is not the distance");
        S::evaluate(walk.def.nodes[walk.node()].value, player, ctx.ply)
    }
}

#[derive(Clone, Copy, Debug)]
struct Combo {
    ordering: bool,
    pvs: bool,
    table: bool,
    mdp: bool,
    iterative: bool,
    tie: bool,
    root: RootSearch,
    half_width: f64,
}

impl Combo {
    /// The 64 combinations of the switches, each with the root search `root` (aspiration
    /// windows of `half_width`).
    fn all(root: RootSearch, half_width: f64) -> impl Iterator<Item = Combo> {
        (0..64u32).map(move |b| Combo {
            ordering: b & 1 != 0,
            pvs: b & 2 != 0,
            table: b & 4 != 0,
            mdp: b & 8 != 0,
            iterative: b & 16 != 0,
            tie: b & 32 != 0,
            root,
            half_width,
        })
    }

    fn config(self, seed: u64) -> Config {
        Config {
            iterative_deepening: self.iterative,
            ordering: self.ordering,
            tt_cutoffs: TtCutoffs::EqualDraft,
            pvs: self.pvs,
            mate_distance_pruning: self.mdp,
            tie_break_seed: self.tie.then_some(seed),
            lmr: false,
            quiescence: false,
            root_search: self.root,
            aspiration_half_width: self.half_width,
            ..Config::new()
        }
    }
}

/// Searches `def` at `depths` with one engine and checks every result.
fn search_and_check<'g, S: Scores, T: Table<S>>(
    def: &'g GameDef,
    engine: &mut Engine<Walk<'g>, Eval<S>, MAX_MOVES, MAX_PLY, T>,
    depths: &[u32],
    memo: &mut HashMap<(usize, u32, u32), S>,
    combo: Combo,
) {
    for &depth in depths {
        let mut walk = Walk { def, path: vec![0] };
        let result = engine
            .search(&mut walk, &Limits::depth(depth))
            .unwrap_or_else(|e| panic!("{combo:?} depth {depth}: {e}"));
        assert_eq!(walk.path, [0], "the game is not back at the root");
        let expected = def.negamax::<S>(0, 0, depth, memo);
        assert_eq!(result.score, expected, "{combo:?} depth {depth}: root value");
        assert!(result.completed && result.depth >= 1 && result.depth <= depth);
        let root = &def.nodes[0];
        if def.is_end(0) {
            assert_eq!(result.best_move, None, "{combo:?}: a best move at an end");
            continue;
        }
        let best =
            result.best_move.unwrap_or_else(|| panic!("{combo:?} depth {depth}: no best move"));
        let child = root.children[usize::from(best)];
        // The iteration that chose it: `result.depth` (an exact shallower one when iterative
        // deepening stopped early, whose value holds at every depth).
        let v = def.negamax::<S>(child, 1, result.depth - 1, memo);
        let v = if def.nodes[child].side == root.side { v } else { -v };
        assert_eq!(v, expected, "{combo:?} depth {depth}: the best move {best} scores {v:?}");
        if let Some(&first) = result.pv.first() {
            assert_eq!(first, best, "{combo:?}: the PV does not start with the best move");
        }
        let mut node = 0;
        for &mv in &result.pv {
            node = *def.nodes[node].children.get(usize::from(mv)).expect("the PV is a path");
        }
    }
}

/// A game with an invalid score that can be reached: plain minimax (which evaluates every end)
/// must fail with `ScoreOutOfRange`, every other configuration may succeed (the end pruned) or
/// fail so.
fn run_invalid<S: Scores>(def: &GameDef, seed: u64) {
    let full = def.height.clamp(1, MAX_PLY as u32);
    let minimax = Config { algorithm: Algorithm::Minimax, ..Config::new() };
    let mut engine: Engine<Walk<'_>, Eval<S>, MAX_MOVES, MAX_PLY> =
        Engine::new(Eval(std::marker::PhantomData), minimax);
    let mut walk = Walk { def, path: vec![0] };
    match engine.search(&mut walk, &Limits::depth(full)) {
        Err(SearchError::ScoreOutOfRange { .. }) => {}
        other => panic!("minimax over an invalid score: {other:?}"),
    }
    assert_eq!(walk.path, [0]);
    let table: Box<TranspositionTable<S, TABLE_SLOTS>> = Box::default();
    for combo in Combo::all(RootSearch::FullWindow, 1.0) {
        let engine: Engine<Walk<'_>, Eval<S>, MAX_MOVES, MAX_PLY> =
            Engine::new(Eval(std::marker::PhantomData), combo.config(seed));
        let mut engine = engine.with_table(&*table);
        let mut walk = Walk { def, path: vec![0] };
        match engine.search(&mut walk, &Limits::depth(full)) {
            Ok(_) | Err(SearchError::ScoreOutOfRange { .. }) => {}
            Err(e) => panic!("{combo:?}: {e}"),
        }
        assert_eq!(walk.path, [0]);
    }
}

/// `Engine::mtdf` from `guess` and the analysis of every root move, against the brute force.
fn check_mtdf_and_analysis<S: Scores>(
    def: &GameDef,
    depth: u32,
    guess: S,
    memo: &mut HashMap<(usize, u32, u32), S>,
) {
    let table: Box<TranspositionTable<S, TABLE_SLOTS>> = Box::default();
    let exact = Config { tt_cutoffs: TtCutoffs::EqualDraft, ..Config::value_preserving() };
    let engine: Engine<Walk<'_>, Eval<S>, MAX_MOVES, MAX_PLY> =
        Engine::new(Eval(std::marker::PhantomData), exact);
    let mut engine = engine.with_table(&*table);
    let mut walk = Walk { def, path: vec![0] };
    let result = engine.mtdf(&mut walk, depth, guess).unwrap();
    assert_eq!(walk.path, [0]);
    assert_eq!(
        result.score,
        def.negamax::<S>(0, 0, depth, memo),
        "mtdf depth {depth} guess {guess:?}"
    );
    table.clear();
    let analysis = engine.analyze(&mut walk, &Limits::depth(depth), usize::MAX).unwrap();
    assert_eq!(walk.path, [0]);
    let root = &def.nodes[0];
    let moves = if def.is_end(0) { 0 } else { root.children.len() };
    assert_eq!(analysis.moves.len(), moves);
    for m in &analysis.moves {
        let child = root.children[usize::from(m.mv)];
        let value = def.negamax::<S>(child, 1, depth - 1, memo);
        let value = if def.nodes[child].side == root.side { value } else { -value };
        assert_eq!(m.bound, Bound::Exact);
        assert_eq!(m.score, value, "analysis depth {depth}: move {}", m.mv);
    }
}

fn run<S: Scores>(def: &GameDef, depth: u32, seed: u64, root: RootSearch, half_width: f64) {
    if def.invalid_reachable {
        return run_invalid::<S>(def, seed);
    }
    let full = def.height.clamp(1, MAX_PLY as u32);
    let depths = [depth.min(full), full];
    let mut memo = HashMap::new();
    // A guess for MTD(f): the value of another node, or 0.
    let other = usize::from(seed as u8) % def.nodes.len();
    let guess = def.negamax::<S>(other, 0, depth.min(full), &mut memo);
    let guess = if guess >= -S::INFINITY && guess <= S::INFINITY { guess } else { S::ZERO };
    check_mtdf_and_analysis::<S>(def, depth.min(full), guess, &mut memo);
    // One table for every configuration: EqualDraft entries are valid for any of them.
    let table: Box<TranspositionTable<S, TABLE_SLOTS>> = Box::default();
    for combo in Combo::all(root, half_width) {
        let config = combo.config(seed);
        let engine = Engine::new(Eval(std::marker::PhantomData), config);
        if combo.table {
            let mut engine = engine.with_table(&*table);
            search_and_check::<S, _>(def, &mut engine, &depths, &mut memo, combo);
        } else {
            let mut engine = engine;
            search_and_check::<S, _>(def, &mut engine, &depths, &mut memo, combo);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let head = bytes.byte();
    let depth = 1 + u32::from(bytes.byte() % 12);
    let seed = u64::from(bytes.byte());
    let def = GameDef::decode(&mut bytes);
    if def.height as usize > MAX_PLY {
        return;
    }
    // The root search of every combination, and the half-width of aspiration windows (in
    // quarters for f64 scores: 0.25 to 8).
    let root = [RootSearch::FullWindow, RootSearch::Aspiration, RootSearch::Mtdf]
        [usize::from(head >> 1) % 3];
    let width = f64::from(1 + (head >> 3));
    if head & 1 == 0 {
        run::<i32>(&def, depth, seed, root, width);
    } else {
        run::<f64>(&def, depth, seed, root, width / 4.0);
    }
});

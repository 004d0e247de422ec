//! With only value-preserving features on, the root value equals plain alpha-beta.
//!
//! The value-preserving switches are the transposition table under [`TtCutoffs::EqualDraft`]
//! (none, one table per configuration shared by every search, or a fresh table per search),
//! PVS, move ordering, mate distance pruning, random tie-breaking at the root, and the root
//! search of each iteration: the full window, aspiration windows (half-width 1, so that they
//! fail low and high often) or MTD(f). Every one of their 144 combinations (3 table modes ×
//! 2^4 × 3 root searches) must give the root value of [`Config::plain_alpha_beta`] at every
//! depth, on
//!
//! * the 5,478 tic-tac-toe positions of `tests/data/tictactoe/positions.txt` at full depth,
//! * the tree files of `tests/data/trees` and random trees and DAGs (transpositions, turns that
//!   do not alternate, wins and losses at uneven depths) at every depth,
//! * random Connect Four positions at depths 1 to 9 with a heuristic evaluator,
//!
//! and the best move returned must itself score the root value. Iterative deepening reports
//! every depth on the way; an iteration that is exact holds at every greater depth.
//!
//! Needs the `std` feature (the tree files): `cargo test --features std --test equivalence`.

#![cfg(feature = "std")]

use std::collections::HashMap;
use std::fmt::Debug;
use std::time::Instant;

use alphabeta::games::connect4::{Connect4, HEIGHT, WIDTH};
use alphabeta::games::tictactoe::{Board, Mark, TicTacToeEval};
use alphabeta::ordering::MoveSorter;
use alphabeta::search::TtCutoffs;
use alphabeta::tree::{Tree, TreeEvaluator, TreeGame};
use alphabeta::tt::{Table, TranspositionTable};
use alphabeta::{
    Algorithm, Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, RootSearch, Score,
};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

const TIE_SEED: u64 = 0x7e55_e11a;
/// Slots of a table shared by every search of one configuration.
const SHARED_SLOTS: usize = 1 << 12;
/// Slots of a table made for one search: small, so that entries get replaced.
const FRESH_SLOTS: usize = 1 << 9;

// ---------------------------------------------------------------------------------------------
// The configurations

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tt {
    /// No table.
    Off,
    /// One table per configuration, kept from one search to the next.
    Shared,
    /// A new table for every search.
    Fresh,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Combo {
    tt: Tt,
    pvs: bool,
    ordering: bool,
    mdp: bool,
    tie: bool,
    root: RootSearch,
}

/// The root searches, by their index in [`Combo::bits`].
const ROOT_SEARCHES: [RootSearch; 3] =
    [RootSearch::FullWindow, RootSearch::Aspiration, RootSearch::Mtdf];
/// The combinations of the switches other than the table mode.
const SWITCHES: usize = 16 * ROOT_SEARCHES.len();

impl Combo {
    /// All 144: every table mode with the 48 combinations of the other switches.
    fn all() -> Vec<Combo> {
        [Tt::Off, Tt::Shared, Tt::Fresh]
            .into_iter()
            .flat_map(|tt| (0..SWITCHES).map(move |bits| Combo::from_bits(tt, bits)))
            .collect()
    }

    /// 48: every table mode with the 16 combinations of the four switches other than the root
    /// search, each with one root search in turn (for the costly Connect Four sets).
    fn each_switch() -> Vec<Combo> {
        [Tt::Off, Tt::Shared, Tt::Fresh]
            .into_iter()
            .enumerate()
            .flat_map(|(t, tt)| {
                (0..16).map(move |bits| {
                    Combo::from_bits(tt, bits | ((bits + t) % ROOT_SEARCHES.len()) << 4)
                })
            })
            .collect()
    }

    fn from_bits(tt: Tt, bits: usize) -> Combo {
        Combo {
            tt,
            pvs: bits & 1 != 0,
            ordering: bits & 2 != 0,
            mdp: bits & 4 != 0,
            tie: bits & 8 != 0,
            root: ROOT_SEARCHES[bits >> 4],
        }
    }

    fn bits(self) -> usize {
        let root = ROOT_SEARCHES.iter().position(|&r| r == self.root).unwrap();
        usize::from(self.pvs)
            | usize::from(self.ordering) << 1
            | usize::from(self.mdp) << 2
            | usize::from(self.tie) << 3
            | root << 4
    }

    /// A handful that covers each switch both ways, for the big position sets.
    fn representative() -> Vec<Combo> {
        vec![
            Combo::from_bits(Tt::Shared, 0b1111),
            Combo::from_bits(Tt::Fresh, 0b1111),
            Combo::from_bits(Tt::Off, 0b1111),
            Combo::from_bits(Tt::Shared, 0b0001),
            Combo::from_bits(Tt::Shared, 0b1010),
            Combo::from_bits(Tt::Fresh, 0b0100),
            Combo::from_bits(Tt::Shared, 0b01_1111),
            Combo::from_bits(Tt::Off, 0b01_0101),
            Combo::from_bits(Tt::Shared, 0b10_1111),
            Combo::from_bits(Tt::Fresh, 0b10_0011),
            Combo::from_bits(Tt::Off, 0b10_1101),
        ]
    }

    fn config(self, iterative: bool) -> Config {
        Config {
            iterative_deepening: iterative,
            ordering: self.ordering,
            tt_cutoffs: TtCutoffs::EqualDraft,
            pvs: self.pvs,
            mate_distance_pruning: self.mdp,
            tie_break_seed: self.tie.then_some(TIE_SEED),
            root_search: self.root,
            aspiration_half_width: 1.0,
            ..Config::value_preserving()
        }
    }
}

fn plain(iterative: bool) -> Config {
    Config { iterative_deepening: iterative, ..Config::plain_alpha_beta() }
}

// ---------------------------------------------------------------------------------------------
// Running and comparing searches

/// One search call, with every completed iteration.
#[derive(Clone, Debug)]
struct Outcome<M, S> {
    /// `(depth, score, exact)` of each completed iteration.
    iterations: Vec<(u32, S, bool)>,
    best_move: Option<M>,
    score: S,
    depth: u32,
    exact: bool,
}

impl<M, S: Copy> Outcome<M, S> {
    /// The value at `depth`: that iteration's, or that of an exact shallower one (the game's
    /// value holds at every depth beyond).
    fn value_at(&self, depth: u32) -> Option<S> {
        let same = self.iterations.iter().find(|it| it.0 == depth);
        let exact = || self.iterations.iter().find(|it| it.0 < depth && it.2);
        same.or_else(exact).map(|it| it.1)
    }
}

fn run<G, E, const M: usize, const P: usize, T, O>(
    engine: &mut Engine<G, E, M, P, T, O>,
    game: &mut G,
    depth: u32,
) -> Outcome<G::Move, E::Score>
where
    G: Game,
    E: Evaluator<G>,
    T: Table<E::Score>,
    O: MoveSorter<G>,
{
    let key = game.zobrist_key();
    let mut iterations = Vec::new();
    let result = engine
        .search_with_info(game, &Limits::depth(depth), |info| {
            iterations.push((info.depth, info.score, info.exact));
        })
        .unwrap();
    assert_eq!(game.zobrist_key(), key, "the game was not restored");
    assert!(result.completed);
    assert_eq!(iterations.last().map(|it| (it.0, it.1)), Some((result.depth, result.score)));
    Outcome {
        iterations,
        best_move: result.best_move,
        score: result.score,
        depth: result.depth,
        exact: result.exact,
    }
}

/// Plain alpha-beta's outcome (`None`), then each combination's.
type Outcomes<M, S> = Vec<(Option<Combo>, Outcome<M, S>)>;

/// Engines for every configuration of one game and evaluator: plain alpha-beta, and one engine
/// per combination kept from one search to the next (killers, history and the table carry
/// over, as they do in real use).
struct Checker<'t, G: Game, E: Evaluator<G>, const M: usize, const P: usize> {
    evaluator: E,
    plain: Engine<G, E, M, P>,
    off: Vec<Engine<G, E, M, P>>,
    shared: Vec<Engine<G, E, M, P, &'t TranspositionTable<E::Score, SHARED_SLOTS>>>,
    tables: &'t [TranspositionTable<E::Score, SHARED_SLOTS>],
    /// Values of root moves of the current position: (move, depth, value).
    move_values: Vec<(G::Move, u32, E::Score)>,
    searches: u64,
}

fn tables<S: Score>() -> Vec<TranspositionTable<S, SHARED_SLOTS>> {
    (0..SWITCHES).map(|_| TranspositionTable::new()).collect()
}

impl<'t, G, E, const M: usize, const P: usize> Checker<'t, G, E, M, P>
where
    G: Game,
    E: Evaluator<G> + Copy,
{
    fn new(evaluator: E, tables: &'t [TranspositionTable<E::Score, SHARED_SLOTS>]) -> Self {
        assert_eq!(tables.len(), SWITCHES);
        Self {
            evaluator,
            plain: Engine::new(evaluator, plain(true)),
            off: (0..SWITCHES).map(|_| Engine::new(evaluator, plain(true))).collect(),
            shared: tables
                .iter()
                .map(|table| Engine::new(evaluator, plain(true)).with_table(table))
                .collect(),
            tables,
            move_values: Vec::new(),
            searches: 0,
        }
    }

    /// Forgets every shared table (for games whose keys are not unique across positions).
    fn clear_tables(&self) {
        for table in self.tables {
            table.clear();
        }
    }

    fn search(
        &mut self,
        combo: Combo,
        game: &mut G,
        depth: u32,
        iterative: bool,
    ) -> Outcome<G::Move, E::Score> {
        self.searches += 1;
        let config = combo.config(iterative);
        match combo.tt {
            Tt::Off => {
                let engine = &mut self.off[combo.bits()];
                engine.set_config(config);
                run(engine, game, depth)
            }
            Tt::Shared => {
                let engine = &mut self.shared[combo.bits()];
                engine.set_config(config);
                run(engine, game, depth)
            }
            Tt::Fresh => {
                let table = TranspositionTable::<E::Score, FRESH_SLOTS>::new();
                let mut engine: Engine<G, E, M, P, _> =
                    Engine::new(self.evaluator, config).with_table(&table);
                run(&mut engine, game, depth)
            }
        }
    }

    /// The value of root move `mv` for the side to move at the root, `depth` plies deep: the
    /// child searched `depth - 1` plies by plain alpha-beta, seen from the root.
    fn move_value(&mut self, game: &mut G, mv: G::Move, depth: u32) -> E::Score {
        if let Some(&(_, _, value)) =
            self.move_values.iter().find(|&&(m, d, _)| m == mv && d == depth)
        {
            return value;
        }
        let side = game.side_to_move();
        let undo = game.make_move(mv);
        let same_side = game.side_to_move() == side;
        let searched =
            self.plain.search_window(game, depth - 1, -E::Score::INFINITY, E::Score::INFINITY);
        game.unmake_move(mv, undo);
        let value = one_ply_further(searched.unwrap().score);
        let value = if same_side { value } else { -value };
        self.move_values.push((mv, depth, value));
        value
    }

    /// The best move of `outcome` scores its root value.
    fn check_best_move(
        &mut self,
        game: &mut G,
        outcome: &Outcome<G::Move, E::Score>,
        what: &dyn Fn() -> String,
    ) {
        if let Some(mv) = outcome.best_move {
            let value = self.move_value(game, mv, outcome.depth);
            assert_eq!(
                value,
                outcome.score,
                "{}: best move {mv:?} scores {value:?}, the root {:?} (depth {})",
                what(),
                outcome.score,
                outcome.depth
            );
        }
    }

    /// Searches `game` to `depth` with plain alpha-beta and every combination in `combos`,
    /// checks that every value and every best move agree, and returns the outcomes (plain
    /// alpha-beta's first).
    fn check(
        &mut self,
        game: &mut G,
        depth: u32,
        combos: &[Combo],
        iterative: bool,
        what: &dyn Fn() -> String,
    ) -> Outcomes<G::Move, E::Score> {
        self.move_values.clear();
        self.plain.set_config(plain(iterative));
        let reference = run(&mut self.plain, game, depth);
        self.searches += 1;
        let describe =
            |combo: Option<Combo>| move || format!("{} [{combo:?}, iterative {iterative}]", what());
        self.check_best_move(game, &reference, &describe(None));
        let mut outcomes = vec![(None, reference.clone())];
        let depths: Vec<u32> = if iterative { (1..=depth).collect() } else { vec![depth] };
        for &combo in combos {
            let outcome = self.search(combo, game, depth, iterative);
            let what = describe(Some(combo));
            for &d in &depths {
                let (got, expected) = (outcome.value_at(d), reference.value_at(d));
                assert!(got.is_some() && expected.is_some(), "{}: depth {d} missing", what());
                assert_eq!(got, expected, "{}: depth {d}: {outcome:?} vs {reference:?}", what());
            }
            self.check_best_move(game, &outcome, &what);
            outcomes.push((Some(combo), outcome));
        }
        outcomes
    }
}

/// A score seen one ply further from the root: a win or loss `d` plies away becomes one
/// `d + 1` plies away. (Not `Score::relative_to_root(1)`, which turns a loss 0 plies away into a
/// win: see `relative_to_root_keeps_the_sign_of_a_loss_at_distance_0`.)
fn one_ply_further<S: Score>(score: S) -> S {
    match score.mate_distance() {
        Some(d) if score > S::ZERO => S::win_in(d.unsigned_abs() + 1),
        Some(d) => S::loss_in(d.unsigned_abs() + 1),
        None => score,
    }
}

/// Regression (fixed): a loss 0 plies away, `loss_in(0) = -WIN` (a terminal lost position at
/// the root of a search), used to read as `mate_distance() == Some(0)`, the same as a win 0
/// plies away, and `relative_to_root` / `relative_to_node` turned it into a *win*. Scores now
/// say which side wins through `Score::mate`, and the table's conversions are exact shifts.
#[test]
fn relative_to_root_keeps_the_sign_of_a_loss_at_distance_0() {
    assert_eq!(i32::win_in(0).relative_to_root(1), i32::win_in(1));
    assert_eq!(i32::loss_in(1).relative_to_root(1), i32::loss_in(2));
    let mut wrong = Vec::new();
    if i32::loss_in(0).relative_to_root(1) != i32::loss_in(1) {
        wrong.push(format!(
            "i32 loss_in(0).relative_to_root(1) = {}",
            i32::loss_in(0).relative_to_root(1)
        ));
    }
    if i32::loss_in(3).relative_to_node(3) != i32::loss_in(0) {
        wrong.push(format!(
            "i32 loss_in(3).relative_to_node(3) = {}",
            i32::loss_in(3).relative_to_node(3)
        ));
    }
    if f64::loss_in(0).relative_to_root(2) != f64::loss_in(2) {
        wrong.push(format!(
            "f64 loss_in(0).relative_to_root(2) = {}",
            f64::loss_in(0).relative_to_root(2)
        ));
    }
    assert!(wrong.is_empty(), "a loss became a win: {wrong:?}");
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe

type TttChecker<'t> = Checker<'t, Board, TicTacToeEval, 9, 9>;

struct Position {
    line: usize,
    board: Board,
    value: i32,
    optimal: Vec<u8>,
}

fn tictactoe_positions() -> Vec<Position> {
    let text = include_str!("data/tictactoe/positions.txt");
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let board = Board::parse(fields[0]).unwrap();
        let side = if fields[1] == "X" { Mark::X } else { Mark::O };
        assert_eq!(board.side_to_move(), side, "line {}", index + 1);
        let optimal = match fields[3] {
            "-" => Vec::new(),
            moves => moves.split(',').map(|c| c.parse().unwrap()).collect(),
        };
        out.push(Position { line: index + 1, board, value: fields[2].parse().unwrap(), optimal });
    }
    assert_eq!(out.len(), 5_478);
    out
}

/// Every combination in `combos` on `positions` at depth 9 (the whole game).
fn check_tictactoe(positions: &[&Position], combos: &[Combo]) -> u64 {
    let tables = tables::<i32>();
    let mut checker = TttChecker::new(TicTacToeEval, &tables);
    for p in positions {
        let mut board = p.board;
        let what = || format!("tic-tac-toe line {}", p.line);
        let outcomes = checker.check(&mut board, 9, combos, true, &what);
        assert_eq!(board, p.board);
        for (combo, outcome) in outcomes {
            assert!(outcome.exact, "line {} {combo:?}", p.line);
            assert_eq!(outcome.score.signum(), p.value, "line {} {combo:?}", p.line);
            match outcome.best_move {
                None => assert!(p.optimal.is_empty(), "line {} {combo:?}: no move", p.line),
                Some(mv) => assert!(
                    p.optimal.contains(&mv),
                    "line {} {combo:?}: {mv} is not among {:?}",
                    p.line,
                    p.optimal
                ),
            }
        }
    }
    checker.searches
}

#[test]
fn tictactoe_every_position_with_representative_combinations() {
    let start = Instant::now();
    let positions = tictactoe_positions();
    let all: Vec<&Position> = positions.iter().collect();
    let searches = check_tictactoe(&all, &Combo::representative());
    println!("{searches} searches in {:?}", start.elapsed());
}

#[test]
fn tictactoe_sampled_positions_with_every_combination() {
    let start = Instant::now();
    let positions = tictactoe_positions();
    // Every 11th position: 498 of them, from the empty board to full ones.
    let sample: Vec<&Position> = positions.iter().step_by(11).collect();
    assert_eq!(sample.len(), 498);
    let searches = check_tictactoe(&sample, &Combo::all());
    println!("{searches} searches in {:?}", start.elapsed());
}

/// With the default cutoffs (deeper or proven entries) a fixed-depth value may differ from
/// plain alpha-beta, but an exact one is the game's value, mate distance included.
#[test]
fn tictactoe_deeper_or_proven_is_the_game_value_when_exact() {
    let positions = tictactoe_positions();
    let shared = TranspositionTable::<i32, SHARED_SLOTS>::new();
    let tiny = TranspositionTable::<i32, 64>::new();
    let vp = Config::value_preserving();
    assert_eq!(vp.tt_cutoffs, TtCutoffs::DeeperOrProven);
    let configs = [
        vp,
        Config { tie_break_seed: Some(TIE_SEED), ..vp },
        Config { pvs: false, ordering: false, ..vp },
        Config { mate_distance_pruning: false, ..vp },
    ];
    let mut plain_engine: Engine<Board, TicTacToeEval, 9, 9> =
        Engine::new(TicTacToeEval, plain(true));
    let (mut exact_iterations, mut searches) = (0, 0);
    for (index, &config) in configs.iter().enumerate() {
        let mut with_shared: Engine<Board, TicTacToeEval, 9, 9, _> =
            Engine::new(TicTacToeEval, config).with_table(&shared);
        let mut with_tiny: Engine<Board, TicTacToeEval, 9, 9, _> =
            Engine::new(TicTacToeEval, config).with_table(&tiny);
        shared.clear();
        for p in &positions {
            let mut board = p.board;
            let game_value = run(&mut plain_engine, &mut board, 9).score;
            assert_eq!(game_value.signum(), p.value, "line {}", p.line);
            let fresh = TranspositionTable::<i32, FRESH_SLOTS>::new();
            let mut with_fresh: Engine<Board, TicTacToeEval, 9, 9, _> =
                Engine::new(TicTacToeEval, config).with_table(&fresh);
            let outcomes = [
                ("shared", run(&mut with_shared, &mut board, 9)),
                ("tiny", run(&mut with_tiny, &mut board, 9)),
                ("fresh", run(&mut with_fresh, &mut board, 9)),
            ];
            searches += 3;
            for (table, outcome) in outcomes {
                let what = format!("line {} config {index} {table} table", p.line);
                assert!(outcome.exact, "{what}: depth 9 sees the whole game");
                for &(depth, score, exact) in &outcome.iterations {
                    if exact {
                        exact_iterations += 1;
                        assert_eq!(score, game_value, "{what}: exact at depth {depth}");
                    }
                }
                if let Some(mv) = outcome.best_move {
                    assert!(p.optimal.contains(&mv), "{what}: {mv} not among {:?}", p.optimal);
                }
            }
        }
    }
    println!("{searches} searches, {exact_iterations} exact iterations checked");
}

// ---------------------------------------------------------------------------------------------
// Game-tree files

#[test]
fn tree_files_at_every_depth_with_every_combination() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trees");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "tree"))
        .collect();
    files.sort();
    assert!(files.len() >= 16, "{files:?}");
    let tables = tables::<f64>();
    let combos = Combo::all();
    let mut searches = 0;
    for path in &files {
        let tree = Tree::parse_bytes(&std::fs::read(path).unwrap()).unwrap();
        let mut checker: Checker<TreeGame, TreeEvaluator, 16, 16> =
            Checker::new(TreeEvaluator, &tables);
        // Node keys repeat from one tree to the next: no entry may outlive its tree.
        checker.clear_tables();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let height = tree.height().max(1);
        let mut game = TreeGame::new(&tree);
        let what = || format!("{name} depth {height}");
        let outcomes = checker.check(&mut game, height, &combos, true, &what);
        assert_eq!(outcomes[0].1.score, tree.minimax().value, "{name}");
        for depth in 1..=height {
            let what = || format!("{name} fixed depth {depth}");
            checker.check(&mut game, depth, &combos, false, &what);
        }
        searches += checker.searches;
    }
    println!("{} files, {searches} searches", files.len());
}

/// Regression (fixed in src/score.rs, `Score::relative_to_node` / `Score::relative_to_root`,
/// reached through the table's stores and probes): a leaf worth -1,000,000 (`-WIN`, which the
/// `TreeEvaluator` documentation says is taken as it is, "the search itself is unaffected")
/// makes the MAX node `a1` above it worth `-WIN` at ply 2. The table stores it
/// node-relative: a loss 0 plies from the root is "0 - 2", saturated to a loss 0 plies away,
/// `-WIN` again; read back, `-WIN` has `mate_distance() == Some(0)` and becomes a *win* 2
/// plies away. With mate distance pruning off (which otherwise narrows the window so that such
/// a value is only ever stored as a harmless upper bound) the entry is exact, and the next
/// search that meets `a1` off the principal variation cuts with `+999,998`: the root is worth 3
/// instead of 0, under `TtCutoffs::EqualDraft` (a repeated search at the same depth) as under
/// the default cutoffs (already within one search).
#[test]
fn a_leaf_worth_minus_win_keeps_its_sign_in_the_table() {
    // r: a (MIN: a0 = 3, a1 = MAX over two leaves of -1,000,000) or a long chain worth 0.
    let mut text = String::from("ROOT r\nr a c\na a0 a1\na1 x y\nc c1\n");
    for i in 1..6 {
        text.push_str(&format!("c{i} c{}\n", i + 1));
    }
    text.push_str("VALUE\na0 3\nx -1000000\ny -1000000\nc6 0\nEND\n");
    let tree = Tree::parse(&text).unwrap();
    assert_eq!(tree.minimax().value, 0.0);
    let tables = tables::<f64>();
    let mut checker: Checker<TreeGame, TreeEvaluator, 4, 16> = Checker::new(TreeEvaluator, &tables);
    let mut game = TreeGame::new(&tree);
    // Each depth twice, so that the shared tables hold the first search's entries.
    for depth in 1..=tree.height() {
        for round in 0..2 {
            let what = || format!("depth {depth}, search {round}");
            checker.check(&mut game, depth, &Combo::all(), false, &what);
        }
    }
    // The default cutoffs are wrong too, in a single search.
    let table = TranspositionTable::<f64, 64>::new();
    let config = Config { mate_distance_pruning: false, ordering: false, ..Config::new() };
    let mut engine: Engine<TreeGame, TreeEvaluator, 4, 16, _> =
        Engine::new(TreeEvaluator, config).with_table(&table);
    assert_eq!(engine.search(&mut game, &Limits::depth(4)).unwrap().score, 0.0);
}

// ---------------------------------------------------------------------------------------------
// Random trees and DAGs

#[derive(Clone, Debug)]
struct Node {
    children: Vec<usize>,
    /// The player to move here.
    player: bool,
    /// A heuristic value for player `true` (a leaf's, or an inner node's at the horizon).
    score: i32,
    /// At a leaf: `Some(winner)` makes it a won game, scored `WIN - ply`.
    winner: Option<bool>,
}

/// A random game: a tree, or a DAG whose positions are reached by several paths at several
/// plies (transpositions). Turns need not alternate.
#[derive(Clone, Debug)]
struct RandomGame {
    nodes: Vec<Node>,
    /// Makes keys unique across games, so one table can serve them all.
    salt: u64,
}

fn below(rng: &mut XorShiftRng, n: u32) -> u32 {
    rng.next_u32() % n
}

impl RandomGame {
    fn node(rng: &mut XorShiftRng, level: u32) -> Node {
        Node {
            children: Vec::new(),
            player: level.is_multiple_of(2) != (below(rng, 5) == 0),
            score: below(rng, 11) as i32 - 5,
            winner: (below(rng, 5) == 0).then(|| below(rng, 2) == 0),
        }
    }

    /// A tree of up to 300 nodes, or a DAG of up to 8 positions per level.
    fn random(rng: &mut XorShiftRng, dag: bool) -> Self {
        let height = 1 + below(rng, 7);
        let mut nodes = vec![Self::node(rng, 0)];
        if dag {
            let mut levels = vec![vec![0]];
            for level in 1..=height {
                let size = 1 + below(rng, 8) as usize;
                let first = nodes.len();
                nodes.extend((0..size).map(|_| Self::node(rng, level)));
                levels.push((first..first + size).collect());
            }
            for level in 0..height as usize {
                for &node in &levels[level] {
                    if level > 0 && below(rng, 6) == 0 {
                        continue; // a leaf
                    }
                    for _ in 0..1 + below(rng, 4) {
                        let skip = level + 2 <= height as usize && below(rng, 5) == 0;
                        let pool = &levels[level + 1 + usize::from(skip)];
                        let child = pool[below(rng, pool.len() as u32) as usize];
                        nodes[node].children.push(child);
                    }
                }
            }
        } else {
            let mut stack = vec![(0, 0)];
            while let Some((node, level)) = stack.pop() {
                let branching = below(rng, 5) as usize;
                if level >= height || nodes.len() + branching > 300 {
                    continue;
                }
                for _ in 0..branching {
                    let child = nodes.len();
                    nodes.push(Self::node(rng, level + 1));
                    nodes[node].children.push(child);
                    stack.push((child, level + 1));
                }
            }
        }
        Self { nodes, salt: rng.next_u64() }
    }

    fn height(&self, node: usize) -> u32 {
        self.nodes[node].children.iter().map(|&c| 1 + self.height(c)).max().unwrap_or(0)
    }

    fn evaluate(&self, node: usize, player: bool, ply: u32) -> i32 {
        let n = &self.nodes[node];
        let for_true = match n.winner {
            Some(winner) if n.children.is_empty() => {
                if winner {
                    i32::win_in(ply)
                } else {
                    i32::loss_in(ply)
                }
            }
            _ => n.score,
        };
        if player {
            for_true
        } else {
            -for_true
        }
    }

    /// Brute-force negamax: the value of `node` for its side to move, `ply` plies from the root.
    fn negamax(
        &self,
        node: usize,
        depth: u32,
        ply: u32,
        memo: &mut HashMap<(usize, u32, u32), i32>,
    ) -> i32 {
        if let Some(&value) = memo.get(&(node, depth, ply)) {
            return value;
        }
        let n = &self.nodes[node];
        let value = if n.children.is_empty() || depth == 0 {
            self.evaluate(node, n.player, ply)
        } else {
            let mut best = -i32::MAX;
            for &child in &n.children {
                let v = self.negamax(child, depth - 1, ply + 1, memo);
                best = best.max(if self.nodes[child].player == n.player { v } else { -v });
            }
            best
        };
        memo.insert((node, depth, ply), value);
        value
    }
}

/// A walk down a [`RandomGame`]: make/unmake on a stack of nodes.
struct Walk<'g> {
    game: &'g RandomGame,
    path: Vec<usize>,
}

impl Walk<'_> {
    fn node(&self) -> usize {
        *self.path.last().unwrap()
    }
}

impl Game for Walk<'_> {
    type Move = u8;
    type Player = bool;
    type Undo = ();

    fn side_to_move(&self) -> bool {
        self.game.nodes[self.node()].player
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for index in 0..self.game.nodes[self.node()].children.len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) {
        self.path.push(self.game.nodes[self.node()].children[usize::from(mv)]);
    }
    fn unmake_move(&mut self, mv: u8, (): ()) {
        let child = self.path.pop().unwrap();
        assert_eq!(self.game.nodes[self.node()].children[usize::from(mv)], child, "unmake order");
    }
    fn is_terminal(&self) -> bool {
        self.game.nodes[self.node()].children.is_empty()
    }
    fn zobrist_key(&self) -> u64 {
        // SplitMix64's finaliser: distinct nodes of distinct games get unrelated keys.
        let mut z = self.game.salt ^ (self.node() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[derive(Clone, Copy)]
struct WalkEval;

impl Evaluator<Walk<'_>> for WalkEval {
    type Score = i32;
    fn evaluate(&self, walk: &Walk<'_>, player: bool, ctx: EvalContext) -> i32 {
        walk.game.evaluate(walk.node(), player, ctx.ply)
    }
}

#[test]
fn random_trees_and_dags_at_every_depth_with_every_combination() {
    let start = Instant::now();
    let mut rng = XorShiftRng::seed_from_u64(20_240_601);
    let tables = tables::<i32>();
    let combos = Combo::all();
    let (mut same_side, mut transpositions, mut mates) = (0, 0, 0);
    let mut searches = 0;
    for index in 0..400 {
        let dag = index % 2 == 1;
        let game = RandomGame::random(&mut rng, dag);
        let height = game.height(0).max(1);
        let n = &game.nodes;
        same_side +=
            usize::from(n.iter().any(|p| p.children.iter().any(|&c| n[c].player == p.player)));
        let mut parents = vec![0; n.len()];
        n.iter().flat_map(|p| &p.children).for_each(|&c| parents[c] += 1);
        transpositions += usize::from(parents.iter().any(|&k| k > 1));
        mates += usize::from(n.iter().any(|p| p.children.is_empty() && p.winner.is_some()));

        let mut checker: Checker<Walk, WalkEval, 8, 16> = Checker::new(WalkEval, &tables);
        let mut walk = Walk { game: &game, path: vec![0] };
        let what = || format!("random game {index} (dag {dag}, height {height})");
        let outcomes = checker.check(&mut walk, height, &combos, true, &what);
        let mut memo = HashMap::new();
        for depth in 1..=height {
            let value = game.negamax(0, depth, 0, &mut memo);
            assert_eq!(outcomes[0].1.value_at(depth), Some(value), "{} depth {depth}", what());
            let what = || format!("random game {index} (dag {dag}) fixed depth {depth}");
            checker.check(&mut walk, depth, &combos, false, &what);
        }
        assert_eq!(walk.path, [0]);
        searches += checker.searches;
    }
    println!(
        "{searches} searches in {:?}; {same_side} games with repeated turns, {transpositions} with transpositions, {mates} with won leaves",
        start.elapsed()
    );
    assert!(same_side > 200 && transpositions > 150 && mates > 200);
}

// ---------------------------------------------------------------------------------------------
// Connect Four

/// Every four-cell window of the board, as masks in the layout of `Connect4`:
/// bit `col * (HEIGHT + 1) + row`.
const WINDOWS: [u64; 69] = windows();

const fn windows() -> [u64; 69] {
    const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let (width, height) = (WIDTH as i32, HEIGHT as i32);
    let mut out = [0u64; 69];
    let mut count = 0;
    let mut cell = 0;
    while cell < width * height {
        let (col, row) = (cell / height, cell % height);
        let mut d = 0;
        while d < DIRECTIONS.len() {
            let (dc, dr) = DIRECTIONS[d];
            let (end_col, end_row) = (col + 3 * dc, row + 3 * dr);
            if end_col < width && end_row >= 0 && end_row < height {
                let mut mask = 0;
                let mut k = 0;
                while k < 4 {
                    mask |= 1u64 << ((col + k * dc) * (height + 1) + row + k * dr);
                    k += 1;
                }
                out[count] = mask;
                count += 1;
            }
            d += 1;
        }
        cell += 1;
    }
    assert!(count == 69);
    out
}

/// The stones of player 0 and player 1, read cell by cell.
fn stones_by_cell(position: &Connect4) -> [u64; 2] {
    let mut stones = [0u64; 2];
    for col in 0..WIDTH {
        for row in 0..HEIGHT {
            match position.stone(col, row) {
                None => break,
                Some(player) => stones[usize::from(player)] |= 1 << (col * (HEIGHT + 1) + row),
            }
        }
    }
    stones
}

/// The same from the key, when the key is Pons' `current + mask` (the stones of the side to
/// move plus all stones): a column of `mask` is a run of `h` ones from the bottom and the
/// column of `current` a subset of it, so their sum stays below `2^(h + 1)` (no carry into the
/// next column) and at least `2^h - 1`, which gives `h` back. Much faster than asking `stone`
/// 42 times; `open_windows` checks that it agrees.
fn stones_from_key(position: &Connect4) -> [u64; 2] {
    let key = position.zobrist_key();
    let (mut current, mut mask) = (0u64, 0u64);
    for col in 0..WIDTH {
        let shift = col * (HEIGHT + 1);
        let v = (key >> shift) & 0x7F;
        let column = (1u64 << (v + 1).ilog2()) - 1;
        current |= (v - column) << shift;
        mask |= column << shift;
    }
    let side = usize::from(position.player_to_move());
    let mut stones = [0u64; 2];
    stones[side] = current;
    stones[1 - side] = mask ^ current;
    stones
}

/// A heuristic: the four-cell windows the side to move can still complete (more for those it
/// has a stone in), minus the opponent's. Wins and losses are `WIN - ply`.
#[derive(Clone, Copy)]
struct OpenWindows {
    /// Whether `stones_from_key` reads the position (checked on many positions; if the key
    /// changes form, the slow reading is used).
    from_key: bool,
}

impl Evaluator<Connect4> for OpenWindows {
    type Score = i32;
    fn evaluate(&self, position: &Connect4, player: u8, ctx: EvalContext) -> i32 {
        if position.is_won() {
            // The player who moved last won.
            return if 1 - position.player_to_move() == player {
                i32::win_in(ctx.ply)
            } else {
                i32::loss_in(ctx.ply)
            };
        }
        let stones =
            if self.from_key { stones_from_key(position) } else { stones_by_cell(position) };
        let (mine, theirs) = (stones[usize::from(player)], stones[usize::from(1 - player)]);
        // An open window counts 1, 3 with a stone of its side in it.
        let value = |own: u64, other: u64, window: u64| {
            i32::from(window & other == 0) * (1 + 2 * i32::from(window & own != 0))
        };
        WINDOWS.iter().map(|&w| value(mine, theirs, w) - value(theirs, mine, w)).sum()
    }
}

fn open_windows() -> OpenWindows {
    // Every position of 1,000 random games, to the end.
    let mut rng = XorShiftRng::seed_from_u64(99);
    let mut from_key = true;
    for _ in 0..1000 {
        let mut position = Connect4::new();
        while from_key && !position.is_terminal() {
            from_key = stones_from_key(&position) == stones_by_cell(&position);
            let legal: Vec<u8> = (0..WIDTH as u8).filter(|&c| position.can_play(c)).collect();
            position.play(legal[below(&mut rng, legal.len() as u32) as usize]);
        }
    }
    if !from_key {
        println!("the Connect Four key is not `current + mask` any more: reading cell by cell");
    }
    OpenWindows { from_key }
}

/// `count` positions after 4 to 30 random legal moves from the empty board, none of them won.
fn connect4_positions(count: usize, seed: u64) -> Vec<(String, Connect4)> {
    let mut rng = XorShiftRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let plies = 4 + below(&mut rng, 27);
        let (mut position, mut moves) = (Connect4::new(), String::new());
        let mut won = false;
        for _ in 0..plies {
            let legal: Vec<u8> = (0..WIDTH as u8).filter(|&c| position.can_play(c)).collect();
            let col = legal[below(&mut rng, legal.len() as u32) as usize];
            position.play(col);
            moves.push(char::from(b'1' + col));
            if position.is_won() {
                won = true;
                break;
            }
        }
        if won {
            continue;
        }
        assert_eq!(Connect4::from_moves(&moves), Ok(position), "{moves}");
        out.push((moves, position));
    }
    out
}

/// Every combination in `combos` against plain alpha-beta on `positions`, by iterative
/// deepening to `depth` (so at every depth from 1). Also the default cutoffs (deeper or proven
/// entries), whose values may differ at a fixed depth but must be the game's value where both
/// they and plain alpha-beta are exact.
fn check_connect4(positions: &[(String, Connect4)], combos: &[Combo], depth: u32) {
    let start = Instant::now();
    let tables = tables::<i32>();
    let mut checker: Checker<Connect4, OpenWindows, 7, 12> = Checker::new(open_windows(), &tables);
    let default_table = TranspositionTable::<i32, SHARED_SLOTS>::new();
    let mut deeper_or_proven: Engine<Connect4, OpenWindows, 7, 12, _> =
        Engine::new(open_windows(), Config::value_preserving()).with_table(&default_table);
    let (mut mates, mut scores, mut both_exact) = (0, std::collections::HashSet::new(), 0);
    for (index, (moves, position)) in positions.iter().enumerate() {
        let mut game = *position;
        let what = || format!("connect4 #{index} {moves}");
        let outcomes = checker.check(&mut game, depth, combos, true, &what);
        assert_eq!(game, *position);
        let reference = &outcomes[0].1;
        mates += usize::from(reference.score.mate_distance().is_some());
        scores.extend(reference.iterations.iter().map(|it| it.1));
        let outcome = run(&mut deeper_or_proven, &mut game, depth);
        if outcome.exact && reference.exact {
            both_exact += 1;
            assert_eq!(outcome.score, reference.score, "{}: deeper or proven", what());
        }
    }
    println!(
        "{} positions, {} combinations, depth {depth}: {} searches in {:?}; {mates} roots with a \
         forced result, {} distinct scores; {both_exact} exact results of the default cutoffs \
         compared",
        positions.len(),
        combos.len(),
        checker.searches,
        start.elapsed(),
        scores.len()
    );
    assert!(mates > 0 && scores.len() > 20);
}

// Every combination at depth 9 costs about 80 s for 200 positions (the 24 combinations without
// move ordering search nearly as many nodes as plain alpha-beta), so the work is split: every
// table mode and switch (48, each with one of the three root searches in turn) on 200
// positions to depth 7 and on 24 of them to depth 9, every one of the 144 on 16 of them to
// depth 7, and a representative handful on the 200 to depth 9.

#[test]
fn connect4_every_switch_on_200_positions_at_depths_1_to_7() {
    check_connect4(&connect4_positions(200, 4), &Combo::each_switch(), 7);
}

#[test]
fn connect4_every_switch_on_24_positions_at_depths_1_to_9() {
    check_connect4(&connect4_positions(200, 4)[..24], &Combo::each_switch(), 9);
}

#[test]
fn connect4_every_combination_on_16_positions_at_depths_1_to_7() {
    check_connect4(&connect4_positions(200, 4)[..16], &Combo::all(), 7);
}

#[test]
fn connect4_representative_combinations_on_200_positions_at_depths_1_to_9() {
    check_connect4(&connect4_positions(200, 4), &Combo::representative(), 9);
}

#[test]
fn connect4_fixed_depth_without_iterative_deepening() {
    let evaluator = open_windows();
    let tables = tables::<i32>();
    let mut checker: Checker<Connect4, OpenWindows, 7, 12> = Checker::new(evaluator, &tables);
    let combos = Combo::representative();
    for (index, (moves, position)) in connect4_positions(60, 5).iter().enumerate() {
        let mut game = *position;
        for depth in [1, 2, 5, 8] {
            let what = || format!("connect4 #{index} {moves} fixed depth {depth}");
            checker.check(&mut game, depth, &combos, false, &what);
        }
    }
}

#[test]
fn connect4_minimax_equals_plain_alpha_beta_at_depths_1_to_5() {
    let evaluator = open_windows();
    let minimax = Config { algorithm: Algorithm::Minimax, ..Config::new() };
    let mut with_minimax: Engine<Connect4, OpenWindows, 7, 12> = Engine::new(evaluator, minimax);
    let mut with_plain: Engine<Connect4, OpenWindows, 7, 12> = Engine::new(evaluator, plain(true));
    for (moves, position) in connect4_positions(200, 4) {
        let mut game = position;
        let reference = run(&mut with_plain, &mut game, 5);
        let outcome = run(&mut with_minimax, &mut game, 5);
        for depth in 1..=5 {
            assert_eq!(outcome.value_at(depth), reference.value_at(depth), "{moves} depth {depth}");
            assert!(outcome.value_at(depth).is_some(), "{moves} depth {depth}");
        }
        assert_eq!(outcome.best_move, reference.best_move, "{moves}: both take the first best");
    }
}

// ---------------------------------------------------------------------------------------------
// Tie-breaking with huge `f32` scores

/// A game of explicit nodes for hand-made trees (player `true` at the root).
struct Hand {
    children: Vec<Vec<usize>>,
    players: Vec<bool>,
    /// Values for player `true` at the leaves.
    values: Vec<f32>,
}

struct HandWalk<'h> {
    hand: &'h Hand,
    path: Vec<usize>,
}

impl Game for HandWalk<'_> {
    type Move = u8;
    type Player = bool;
    type Undo = ();
    fn side_to_move(&self) -> bool {
        self.hand.players[*self.path.last().unwrap()]
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for index in 0..self.hand.children[*self.path.last().unwrap()].len() {
            let _ = moves.push(index as u8);
        }
    }
    fn make_move(&mut self, mv: u8) {
        let node = *self.path.last().unwrap();
        self.path.push(self.hand.children[node][usize::from(mv)]);
    }
    fn unmake_move(&mut self, _: u8, (): ()) {
        self.path.pop();
    }
    fn is_terminal(&self) -> bool {
        self.hand.children[*self.path.last().unwrap()].is_empty()
    }
    fn zobrist_key(&self) -> u64 {
        *self.path.last().unwrap() as u64
    }
}

#[derive(Clone, Copy)]
struct HandEval;

impl Evaluator<HandWalk<'_>> for HandEval {
    type Score = f32;
    fn evaluate(&self, walk: &HandWalk<'_>, player: bool, _: EvalContext) -> f32 {
        let value = walk.hand.values[*walk.path.last().unwrap()];
        if player {
            value
        } else {
            -value
        }
    }
}

/// Root (player `true`): move 0 is worth 10,000; move 1 lets the opponent choose between
/// 10,000 and 9,000, so it is worth 9,000. In `f32`, `10_000 - 1e-4` rounds back to 10,000, so
/// tie-breaking cannot widen the window below alpha: move 1 fails low at exactly 10,000 (an
/// upper bound, from the opponent's first reply) and is taken for a tie.
///
/// Regression (fixed in src/search.rs, `negamax_node`): when `null_window_below(alpha)` was
/// `None`, the move was searched with `(alpha, beta)` and a fail-low bound equal to `best`
/// counted as a tie, so the returned best move (and PV) could be worth less than the root
/// value. Now only a search whose window reached below the best score can make a tie.
#[test]
fn tie_breaking_with_huge_f32_scores_returns_a_best_move() {
    let hand = Hand {
        // 0: root; 1: leaf 10,000; 2: opponent's node; 3: leaf 10,000; 4: leaf 9,000.
        children: vec![vec![1, 2], vec![], vec![3, 4], vec![], vec![]],
        players: vec![true, false, false, true, true],
        values: vec![0.0, 10_000.0, 0.0, 10_000.0, 9_000.0],
    };
    let mut wrong = Vec::new();
    for seed in 0..32 {
        for pvs in [false, true] {
            let config = Config { tie_break_seed: Some(seed), pvs, ..Config::value_preserving() };
            let mut engine: Engine<HandWalk, HandEval, 2, 4> = Engine::new(HandEval, config);
            let mut walk = HandWalk { hand: &hand, path: vec![0] };
            let result = engine.search(&mut walk, &Limits::depth(2)).unwrap();
            assert_eq!(result.score, 10_000.0);
            if result.best_move != Some(0) {
                wrong.push((seed, pvs, result.best_move));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "move 1 is worth 9,000 but was returned as best of a 10,000 root for {} of 64 \
         (seed, pvs) pairs: {wrong:?}",
        wrong.len()
    );
}

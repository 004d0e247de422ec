//! Null-move pruning, MTD(f), analysis, strength levels and node caps on real games, and the
//! errors of their options. (The root searches and analysis against brute force on random
//! trees are in tests/properties.rs; against plain alpha-beta on every game in
//! tests/equivalence.rs.)

use std::cell::RefCell;
use std::collections::HashMap;

use alphabeta::games::connect4::{
    analyze, pons_score, solve, solver_engine, Connect4, Connect4Heuristic, Connect4Solver,
    WithPasses,
};
use alphabeta::games::mnk::Mnk;
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::tt::{Bound, TranspositionTable};
use alphabeta::{
    Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, NullMoveReduction, RootSearch,
    Score, SearchError, Strength, TtCutoffs,
};

// ---------------------------------------------------------------------------------------------
// Null moves where they are sound: tic-tac-toe as the 3,3,3-game, scored exactly at the horizon

/// The exact value of every tic-tac-toe position with either side to move (passes make the
/// counts of stones uneven), relative to the node, memoised: a brute-force negamax over the
/// game's own moves.
#[derive(Default)]
struct Exact {
    memo: RefCell<HashMap<(u64, u64, u8), i32>>,
}

impl Exact {
    fn value(&self, game: &Mnk) -> i32 {
        let key = (game.stones(0), game.stones(1), game.player_to_move());
        if let Some(&value) = self.memo.borrow().get(&key) {
            return value;
        }
        let value = if game.is_won() {
            i32::loss_in(0)
        } else if game.is_terminal() {
            0
        } else {
            let mut moves = MoveList::<u8, 9>::new();
            game.generate_moves(&mut moves);
            let mut best = -i32::MAX;
            for &mv in &moves {
                let mut child = *game;
                child.play(mv);
                // The child's value one ply further from this node, for this side.
                best = best.max(-self.value(&child).relative_to_root(1));
            }
            best
        };
        self.memo.borrow_mut().insert(key, value);
        value
    }
}

impl Evaluator<Mnk> for &Exact {
    type Score = i32;
    fn evaluate(&self, game: &Mnk, player: u8, ctx: EvalContext) -> i32 {
        let value = self.value(game).relative_to_root(ctx.ply);
        if player == game.player_to_move() {
            value
        } else {
            -value
        }
    }
}

/// Every tic-tac-toe position reachable from the empty board, as the 3,3,3-game.
fn mnk_tictactoe_positions() -> Vec<Mnk> {
    fn walk(game: Mnk, seen: &mut std::collections::HashSet<(u64, u64)>, out: &mut Vec<Mnk>) {
        if !seen.insert((game.stones(0), game.stones(1))) {
            return;
        }
        out.push(game);
        if game.is_terminal() {
            return;
        }
        let mut moves = MoveList::<u8, 9>::new();
        game.generate_moves(&mut moves);
        for &mv in &moves {
            let mut child = game;
            child.play(mv);
            walk(child, seen, out);
        }
    }
    let mut out = Vec::new();
    walk(Mnk::tictactoe(), &mut Default::default(), &mut out);
    out
}

/// With a pass never better than a move and exact scores at the horizon, null-move pruning
/// keeps every value exact: every tic-tac-toe position, depths 1 to 6, every reduction, with
/// and without verification, with and without a table.
#[test]
fn null_moves_keep_exact_values_where_passes_are_sound() {
    let exact = Exact::default();
    let positions = mnk_tictactoe_positions();
    assert_eq!(positions.len(), 5_478);
    let table = TranspositionTable::<i32, 1024>::new();
    let (mut tried, mut cut, mut searches) = (0, 0, 0);
    for reduction in [
        NullMoveReduction::Fixed(1),
        NullMoveReduction::Fixed(2),
        NullMoveReduction::Fixed(3),
        NullMoveReduction::Adaptive,
    ] {
        for verification in [false, true] {
            let config = Config {
                null_move: true,
                null_move_reduction: reduction,
                null_move_verification: verification,
                ..Config::value_preserving()
            };
            let mut bare: Engine<Mnk, &Exact, 9, 16> = Engine::new(&exact, config);
            let mut with_table =
                Engine::<Mnk, &Exact, 9, 16>::new(&exact, config).with_table(&table);
            table.clear();
            for position in &positions {
                let value = exact.value(position);
                for depth in 1..=6 {
                    let limits = Limits::depth(depth);
                    for result in [
                        bare.search(&mut position.clone(), &limits).unwrap(),
                        with_table.search(&mut position.clone(), &limits).unwrap(),
                    ] {
                        let what =
                            format!("{position}\n{reduction:?} {verification} depth {depth}");
                        assert_eq!(result.score, value, "{what}");
                        if let Some(mv) = result.best_move {
                            let mut child = *position;
                            child.play(mv);
                            let seen = -exact.value(&child).relative_to_root(1);
                            assert_eq!(seen, value, "{what}: best move {mv}");
                        }
                        tried += result.stats.null_moves;
                        cut += result.stats.null_move_cutoffs;
                        searches += 1;
                    }
                }
            }
        }
    }
    println!("{searches} searches, {tried} null moves, {cut} cutoffs");
    assert!(cut > 10_000 && tried > cut, "{tried} null moves, {cut} cutoffs");
}

/// A game that checks the rules of null-move pruning as the search plays: never at the root,
/// never twice in a row, never where the game says it is unsafe (here: where an even number
/// of stones is on the board).
#[derive(Clone)]
struct Watched {
    game: Mnk,
    /// The moves made from the root: `true` for a pass.
    path: Vec<bool>,
    passes: std::rc::Rc<std::cell::Cell<u64>>,
}

impl Game for Watched {
    type Move = u8;
    type Player = u8;
    type Undo = Mnk;
    fn side_to_move(&self) -> u8 {
        self.game.side_to_move()
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        self.game.generate_moves(moves);
    }
    fn make_move(&mut self, mv: u8) -> Mnk {
        self.path.push(false);
        self.game.make_move(mv)
    }
    fn unmake_move(&mut self, mv: u8, undo: Mnk) {
        assert_eq!(self.path.pop(), Some(false));
        self.game.unmake_move(mv, undo);
    }
    fn is_terminal(&self) -> bool {
        self.game.is_terminal()
    }
    fn zobrist_key(&self) -> u64 {
        self.game.zobrist_key()
    }
    const NULL_MOVE: bool = true;
    fn null_move_allowed(&self) -> bool {
        self.game.stones_played() % 2 == 1
    }
    fn make_null_move(&mut self) -> Option<Mnk> {
        assert!(!self.path.is_empty(), "a null move at the root");
        assert_ne!(self.path.last(), Some(&true), "two null moves in a row");
        assert!(self.null_move_allowed(), "a null move where the game said no");
        self.passes.set(self.passes.get() + 1);
        self.path.push(true);
        self.game.make_null_move()
    }
    fn unmake_null_move(&mut self, undo: Mnk) {
        assert_eq!(self.path.pop(), Some(true));
        self.game.unmake_null_move(undo);
    }
}

impl Evaluator<Watched> for alphabeta::games::mnk::MnkHeuristic {
    type Score = i32;
    fn evaluate(&self, game: &Watched, player: u8, ctx: EvalContext) -> i32 {
        Evaluator::<Mnk>::evaluate(self, &game.game, player, ctx)
    }
}

#[test]
fn null_moves_follow_the_rules() {
    let start = Mnk::new(6, 6, 4).unwrap();
    let heuristic = alphabeta::games::mnk::MnkHeuristic::new(&start);
    let passes = std::rc::Rc::new(std::cell::Cell::new(0));
    for verification in [false, true] {
        for root_search in [RootSearch::FullWindow, RootSearch::Mtdf] {
            let config = Config {
                null_move: true,
                null_move_verification: verification,
                root_search,
                ..Config::new()
            };
            let table = TranspositionTable::<i32, 4096>::new();
            let mut engine =
                Engine::<Watched, _, 64, 16>::new(heuristic.clone(), config).with_table(&table);
            let mut game = Watched { game: start, path: Vec::new(), passes: passes.clone() };
            for cell in [14, 15, 8, 22] {
                let result = engine.search(&mut game, &Limits::depth(5)).unwrap();
                assert!(game.path.is_empty());
                assert!(result.stats.null_moves > 0, "{config:?}");
                game.game.play(cell);
            }
            // The window searches too.
            engine.search_window(&mut game, 5, -i32::MAX, i32::MAX).unwrap();
            engine.search_window(&mut game, 5, -3, -2).unwrap();
            engine.mtdf(&mut game, 5, 0).unwrap();
            engine.analyze(&mut game, &Limits::depth(4), 3).unwrap();
        }
    }
    assert!(passes.get() > 100);
}

/// Switched on for a game without passes, null-move pruning changes nothing, node counts
/// included; switched on where passes are unsound (Connect Four) it is not value-preserving.
#[test]
fn null_moves_change_nothing_without_passes_and_values_where_unsound() {
    let on = Config { null_move: true, ..Config::value_preserving() };
    for cells in [".........", "X...O....", "XO.X.O..."] {
        let board = Board::parse(cells).unwrap();
        let mut plain: Engine<Board, TicTacToeEval, 9, 9> =
            Engine::new(TicTacToeEval, Config::value_preserving());
        let mut null: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, on);
        let a = plain.search(&mut board.clone(), &Limits::depth(9)).unwrap();
        let b = null.search(&mut board.clone(), &Limits::depth(9)).unwrap();
        assert_eq!(a, b, "{cells}");
        assert_eq!(b.stats.null_moves, 0);
    }
    // Connect Four with passes, heuristic search: some values change.
    let (mut changed, mut compared, mut tried) = (0, 0, 0);
    for line in include_str!("data/connect4/Test_L2_R1").lines().take(60) {
        let moves = line.split(' ').next().unwrap();
        let position = WithPasses::new(Connect4::from_moves(moves).unwrap());
        let mut without: Engine<WithPasses, Connect4Heuristic, 7, 42> =
            Engine::new(Connect4Heuristic, Config::value_preserving());
        let mut with: Engine<WithPasses, Connect4Heuristic, 7, 42> = Engine::new(
            Connect4Heuristic,
            Config { null_move_reduction: NullMoveReduction::Fixed(3), ..on },
        );
        let a = without.search(&mut position.clone(), &Limits::depth(8)).unwrap();
        let b = with.search(&mut position.clone(), &Limits::depth(8)).unwrap();
        tried += b.stats.null_moves;
        changed += usize::from(a.score != b.score);
        compared += 1;
    }
    println!("{changed} of {compared} values changed by {tried} null moves");
    assert!(changed > 0 && tried > 0);
}

// ---------------------------------------------------------------------------------------------
// MTD(f) and analysis on real games

struct TicTacToePosition {
    board: Board,
    value: i32,
    optimal: Vec<u8>,
}

fn tictactoe_positions() -> Vec<TicTacToePosition> {
    include_str!("data/tictactoe/positions.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let optimal = match fields[3] {
                "-" => Vec::new(),
                moves => moves.split(',').map(|c| c.parse().unwrap()).collect(),
            };
            TicTacToePosition {
                board: Board::parse(fields[0]).unwrap(),
                value: fields[2].parse().unwrap(),
                optimal,
            }
        })
        .collect()
}

/// Every tic-tac-toe position: MTD(f) finds its value and an optimal move; the analysis of
/// every move finds exactly the optimal moves as the best, each with the root value, and
/// every other move worse; multi-PV with 2 lines gives the two best exactly.
#[test]
fn tictactoe_mtdf_and_analysis_of_every_position() {
    let positions = tictactoe_positions();
    assert_eq!(positions.len(), 5_478);
    let table = TranspositionTable::<i32, 4096>::new();
    let exact = Config { tt_cutoffs: TtCutoffs::EqualDraft, ..Config::value_preserving() };
    let mut engine =
        Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, exact).with_table(&table);
    for p in &positions {
        let mut board = p.board;
        let result = engine.mtdf(&mut board, 9, 0).unwrap();
        assert_eq!(result.score.signum(), p.value, "{:?}", p.board);
        match result.best_move {
            Some(mv) => assert!(p.optimal.contains(&mv), "{:?}: {mv}", p.board),
            None => assert!(p.optimal.is_empty()),
        }
        let analysis = engine.analyze(&mut board, &Limits::depth(9), usize::MAX).unwrap();
        assert_eq!(board, p.board);
        assert!(analysis.exact);
        assert_eq!(analysis.score, result.score, "{:?}", p.board);
        // The data's optimal moves are those that keep the result (win, draw or loss); the
        // engine's best among them also win soonest or lose latest.
        let best: Vec<u8> =
            analysis.lines().filter(|m| m.score == analysis.score).map(|m| m.mv).collect();
        let mut keeping: Vec<u8> =
            analysis.moves.iter().filter(|m| m.score.signum() == p.value).map(|m| m.mv).collect();
        keeping.sort_unstable();
        assert_eq!(keeping, p.optimal, "{:?}", p.board);
        assert!(best.iter().all(|mv| p.optimal.contains(mv)), "{:?}", p.board);
        for m in &analysis.moves {
            assert_eq!(m.bound, Bound::Exact);
            assert_eq!(m.pv.first(), Some(&m.mv));
            if !best.contains(&m.mv) {
                assert!(m.score < analysis.score);
            }
        }
        let two = engine.analyze(&mut board, &Limits::depth(9), 2).unwrap();
        for (got, all) in two.lines().zip(analysis.lines()).take(2) {
            assert_eq!(got.score, all.score, "{:?}", p.board);
        }
        for m in two.moves.iter().filter(|m| m.bound == Bound::Upper) {
            let true_score = analysis.moves.iter().find(|a| a.mv == m.mv).unwrap().score;
            assert!(true_score <= m.score, "{:?}", p.board);
        }
    }
}

/// MTD(f) at full depth solves Connect Four positions as Pons' driver does (the solver's
/// model), from any first guess; analysis of every column equals solving each child.
#[test]
fn connect4_mtdf_solves_and_analysis_scores_every_column() {
    static TABLE: TranspositionTable<i32, 65_536> = TranspositionTable::new();
    let mut engine = solver_engine(&TABLE);
    let text = include_str!("data/connect4/Test_L3_R1");
    for (index, line) in text.lines().enumerate().step_by(5) {
        let (moves, score) = line.split_once(' ').unwrap();
        let position = Connect4::from_moves(moves).unwrap();
        let expected: i32 = score.parse().unwrap();
        let depth = position.remaining_cells();
        for guess in [0, i32::win_in(30), -i32::win_in(10)] {
            TABLE.clear();
            let result = engine.mtdf(&mut Connect4Solver::new(position), depth, guess).unwrap();
            assert_eq!(
                pons_score(result.score, position.moves_played()),
                expected,
                "line {}",
                index + 1
            );
        }
        TABLE.clear();
        let (scores, _) = analyze(&mut engine, position).unwrap();
        for col in 0..7u8 {
            let got = scores[usize::from(col)];
            if !position.can_play(col) {
                assert_eq!(got, None);
                continue;
            }
            let mut child = position;
            child.play(col);
            let want = if child.is_won() {
                (43 - position.moves_played() as i32) / 2
            } else {
                TABLE.clear();
                -solve(&mut engine, child).unwrap().score
            };
            assert_eq!(got, Some(want), "line {} column {}", index + 1, col + 1);
        }
        assert_eq!(scores.iter().flatten().max(), Some(&expected), "line {}", index + 1);
    }
}

// ---------------------------------------------------------------------------------------------
// Strength levels

#[test]
fn a_strength_level_plays_within_its_margin_and_repeats_with_its_seed() {
    let positions = tictactoe_positions();
    let playable: Vec<&TicTacToePosition> =
        positions.iter().filter(|p| !p.optimal.is_empty()).collect();
    // Margin 0: always a best move, and over seeds every best move of a position (its
    // analysis tells them: the optimal moves that win soonest or lose latest).
    let mut analyst: Engine<Board, TicTacToeEval, 9, 9> =
        Engine::new(TicTacToeEval, Config::value_preserving());
    let best: Vec<Vec<u8>> = playable
        .iter()
        .map(|p| {
            let analysis = analyst.analyze(&mut p.board.clone(), &Limits::depth(9), 9).unwrap();
            let mut best: Vec<u8> =
                analysis.lines().filter(|m| m.score == analysis.score).map(|m| m.mv).collect();
            best.sort_unstable();
            best
        })
        .collect();
    let mut seen: HashMap<usize, std::collections::BTreeSet<u8>> = HashMap::new();
    for seed in 0..40 {
        let config =
            Config { strength: Some(Strength { margin: 0.0, seed }), ..Config::value_preserving() };
        let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, config);
        for (index, p) in playable.iter().enumerate().step_by(11) {
            let result = engine.search(&mut p.board.clone(), &Limits::depth(9)).unwrap();
            let mv = result.best_move.unwrap();
            assert!(best[index].contains(&mv), "{:?}: {mv}", p.board);
            assert_eq!(result.pv.first(), Some(&mv));
            seen.entry(index).or_default().insert(mv);
        }
    }
    for (index, moves) in seen {
        let all: Vec<u8> = moves.into_iter().collect();
        assert_eq!(all, best[index], "{:?}", playable[index].board);
    }
    // A wide margin: any move within it, reported with its own score; the same seed, the
    // same moves; another seed, other moves somewhere.
    let margin = 2.5e6;
    let play = |seed: u64| -> Vec<(u8, i32)> {
        let config =
            Config { strength: Some(Strength { margin, seed }), ..Config::value_preserving() };
        let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, config);
        playable
            .iter()
            .map(|p| {
                let result = engine.search(&mut p.board.clone(), &Limits::depth(9)).unwrap();
                (result.best_move.unwrap(), result.score)
            })
            .collect()
    };
    let first = play(7);
    assert_eq!(first, play(7));
    assert_ne!(first, play(8));
    let mut plain: Engine<Board, TicTacToeEval, 9, 9> =
        Engine::new(TicTacToeEval, Config::value_preserving());
    let mut worse = 0;
    for (p, &(mv, score)) in playable.iter().zip(&first) {
        let mut board = p.board;
        let analysis = plain.analyze(&mut board, &Limits::depth(9), usize::MAX).unwrap();
        let own = analysis.moves.iter().find(|m| m.mv == mv).unwrap();
        assert_eq!(own.score, score, "{:?}", p.board);
        worse += usize::from(!p.optimal.contains(&mv));
    }
    assert!(worse > playable.len() / 4, "{worse}");
}

#[test]
fn strength_needs_a_sound_margin_and_one_thread() {
    let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, Config::new());
    for margin in [-1.0, f64::NAN, f64::INFINITY] {
        engine.set_config(Config { strength: Some(Strength { margin, seed: 1 }), ..Config::new() });
        assert_eq!(
            engine.search(&mut Board::new(), &Limits::depth(3)),
            Err(SearchError::InvalidConfig {
                field: "strength",
                requirement: "a margin that is finite and not negative"
            })
        );
    }
    let config =
        Config { strength: Some(Strength { margin: 1.0, seed: 1 }), threads: 2, ..Config::new() };
    let mut parallel = alphabeta::parallel::ParallelEngine::new(
        Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config),
    )
    .unwrap();
    assert_eq!(
        parallel.search(&mut Board::new(), &Limits::depth(3)),
        Err(SearchError::ParallelUnsupported { option: "strength" })
    );
    let one = Config { threads: 1, ..config };
    let mut sequential =
        alphabeta::parallel::ParallelEngine::new(Engine::<Board, TicTacToeEval, 9, 9>::new(
            TicTacToeEval,
            one,
        ))
        .unwrap();
    assert!(sequential.search(&mut Board::new(), &Limits::depth(3)).is_ok());
}

// ---------------------------------------------------------------------------------------------
// Node caps and the options' errors

#[test]
fn a_node_cap_returns_the_last_completed_iteration_reproducibly() {
    let fresh = || -> Engine<Connect4, Connect4Heuristic, 7, 42> {
        Engine::new(Connect4Heuristic, Config { poll_interval_nodes: 64, ..Config::new() })
    };
    for cap in [1_000, 20_000, 150_000] {
        let limits = Limits::depth(30).with_max_nodes(cap);
        let capped = fresh().search(&mut Connect4::new(), &limits).unwrap();
        assert!(!capped.completed, "cap {cap}");
        assert!(capped.nodes <= cap + 64, "cap {cap}: {} nodes", capped.nodes);
        assert_eq!(capped, fresh().search(&mut Connect4::new(), &limits).unwrap());
        // What it returns is the search to the depth it completed.
        let to_depth = fresh().search(&mut Connect4::new(), &Limits::depth(capped.depth)).unwrap();
        assert_eq!(
            (capped.best_move, capped.score, &capped.pv),
            (to_depth.best_move, to_depth.score, &to_depth.pv)
        );
    }
    // The minimum depth completes whatever the cap.
    let limits = Limits::depth(8).with_min_depth(6).with_max_nodes(1);
    let result = fresh().search(&mut Connect4::new(), &limits).unwrap();
    assert_eq!(result.depth, 6);
    assert!(!result.completed);
    // An analysis stops the same way.
    let analysis =
        fresh().analyze(&mut Connect4::new(), &Limits::depth(30).with_max_nodes(5_000), 3).unwrap();
    assert!(!analysis.completed && analysis.depth >= 1 && analysis.moves.len() == 7);
}

#[test]
fn the_new_options_are_checked() {
    let cases: [(Config, &str); 6] = [
        (Config { aspiration_half_width: 0.0, ..Config::new() }, "aspiration_half_width"),
        (Config { aspiration_half_width: f64::NAN, ..Config::new() }, "aspiration_half_width"),
        (Config { aspiration_half_width: f64::INFINITY, ..Config::new() }, "aspiration_half_width"),
        (
            Config { null_move_reduction: NullMoveReduction::Fixed(0), ..Config::new() },
            "null_move_reduction",
        ),
        (
            Config { null_move_reduction: NullMoveReduction::Fixed(9), ..Config::new() },
            "null_move_reduction",
        ),
        (
            Config { strength: Some(Strength { margin: -0.5, seed: 0 }), ..Config::new() },
            "strength",
        ),
    ];
    for (config, field) in cases {
        let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, config);
        let mut board = Board::new();
        let is_field =
            |e: SearchError| matches!(e, SearchError::InvalidConfig { field: f, .. } if f == field);
        assert!(is_field(engine.search(&mut board, &Limits::depth(2)).unwrap_err()), "{field}");
        assert!(is_field(engine.search_window(&mut board, 2, -5, 5).unwrap_err()), "{field}");
        assert!(is_field(engine.mtdf(&mut board, 2, 0).unwrap_err()), "{field}");
        assert!(is_field(engine.analyze(&mut board, &Limits::depth(2), 1).unwrap_err()), "{field}");
        let message = engine.search(&mut board, &Limits::depth(2)).unwrap_err().to_string();
        assert!(message.contains(field), "{message}");
    }
    let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, Config::new());
    assert_eq!(
        engine.analyze(&mut Board::new(), &Limits::depth(2), 0),
        Err(SearchError::ZeroLines)
    );
    assert_eq!(engine.mtdf(&mut Board::new(), 2, i32::MIN), Err(SearchError::InvalidWindow));
    // Engines of one ply and of none.
    let won_next = || Board::parse("XX.OO....").unwrap();
    let mut one: Engine<Board, TicTacToeEval, 9, 1> = Engine::new(TicTacToeEval, Config::new());
    let analysis = one.analyze(&mut won_next(), &Limits::depth(1), 9).unwrap();
    assert_eq!((analysis.moves[0].mv, analysis.score), (2, i32::win_in(1)));
    assert_eq!(analysis.moves[0].pv.as_slice(), &[2]);
    assert_eq!(one.mtdf(&mut won_next(), 1, 0).unwrap().best_move, Some(2));
    let mut none: Engine<Board, TicTacToeEval, 9, 0> = Engine::new(TicTacToeEval, Config::new());
    assert_eq!(none.mtdf(&mut Board::new(), 0, 5).unwrap().score, 0);
    let mut float: Engine<Board, FloatTicTacToe, 9, 9> = Engine::new(FloatTicTacToe, Config::new());
    assert_eq!(float.mtdf(&mut Board::new(), 2, f64::NAN), Err(SearchError::InvalidWindow));
    assert_eq!(float.mtdf(&mut Board::new(), 9, f64::INFINITY).unwrap().score, 0.0);
    // Valid extremes are accepted.
    for config in [
        Config {
            aspiration_half_width: 1e-300,
            root_search: RootSearch::Aspiration,
            ..Config::new()
        },
        Config {
            null_move_reduction: NullMoveReduction::Fixed(8),
            null_move: true,
            ..Config::new()
        },
        Config { strength: Some(Strength { margin: 0.0, seed: u64::MAX }), ..Config::new() },
    ] {
        let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, config);
        assert_eq!(engine.search(&mut Board::new(), &Limits::depth(9)).unwrap().score, 0);
    }
}

/// Tic-tac-toe scored in `f64`.
struct FloatTicTacToe;

impl Evaluator<Board> for FloatTicTacToe {
    type Score = f64;
    fn evaluate(
        &self,
        board: &Board,
        player: alphabeta::games::tictactoe::Mark,
        ctx: EvalContext,
    ) -> f64 {
        f64::from(TicTacToeEval.evaluate(board, player, ctx))
    }
}

/// The parallel search runs the root searches too (its root split takes their windows): with
/// the value-preserving options its values equal the sequential search's, both schemes.
#[test]
fn parallel_search_with_aspiration_windows_and_mtdf() {
    use alphabeta::parallel::{ParallelEngine, ParallelScheme};
    let positions = ["", "4453", "3344", "2252576253462", "71717"];
    for root_search in [RootSearch::Aspiration, RootSearch::Mtdf] {
        for scheme in [ParallelScheme::RootSplit, ParallelScheme::LazySmp] {
            let config = Config {
                root_search,
                aspiration_half_width: 4.0,
                threads: 2,
                parallel_scheme: scheme,
                tt_cutoffs: TtCutoffs::EqualDraft,
                ..Config::value_preserving()
            };
            let table = TranspositionTable::<i32, 65_536>::new();
            let engine =
                Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, config)
                    .with_table(&table);
            let mut parallel = ParallelEngine::new(engine).unwrap();
            parallel.set_min_split_nodes(0);
            for moves in positions {
                let position = Connect4::from_moves(moves).unwrap();
                let mut sequential: Engine<Connect4, Connect4Heuristic, 7, 42> =
                    Engine::new(Connect4Heuristic, Config::value_preserving());
                let expected = sequential.search(&mut position.clone(), &Limits::depth(8)).unwrap();
                table.clear();
                let got = parallel.search(&mut position.clone(), &Limits::depth(8)).unwrap();
                let what = format!("{root_search:?} {scheme:?} {moves}");
                assert_eq!(got.score, expected.score, "{what}");
                assert!(got.stats.root_searches > u64::from(got.depth), "{what}");
                // The move played scores the value.
                let mut child = position;
                child.play(got.best_move.unwrap());
                let reply = sequential.search(&mut child, &Limits::depth(7)).unwrap();
                // (The child's score one ply further from the root: mate distances shift.)
                let seen = -reply.score.relative_to_root(1);
                assert_eq!(seen, expected.score, "{what}: best move");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Aspiration windows whose steps round to 0 in the score type

/// Connect Four's heuristic in `f32`.
struct F32Heuristic;

impl Evaluator<Connect4> for F32Heuristic {
    type Score = f32;
    fn evaluate(&self, position: &Connect4, player: u8, ctx: EvalContext) -> f32 {
        Connect4Heuristic.evaluate(position, player, ctx) as f32
    }
}

/// A half-width and an epsilon that are positive and finite (valid) but 0 as `f32` still end
/// every iteration, with the full window's value: a failing edge that does not move goes to
/// infinity (the search used to repeat the same empty window forever).
#[test]
fn aspiration_windows_whose_steps_round_to_zero_end() {
    let tiny = Config {
        root_search: RootSearch::Aspiration,
        aspiration_half_width: 1e-50,
        null_window_epsilon: 1e-50,
        ..Config::value_preserving()
    };
    assert_eq!(tiny.validate(), Ok(()));
    for moves in ["", "4453", "332211"] {
        let position = Connect4::from_moves(moves).unwrap();
        let mut aspiration: Engine<Connect4, F32Heuristic, 7, 42> = Engine::new(F32Heuristic, tiny);
        let got = aspiration.search(&mut position.clone(), &Limits::depth(6)).unwrap();
        let full = Config { root_search: RootSearch::FullWindow, ..tiny };
        let mut full: Engine<Connect4, F32Heuristic, 7, 42> = Engine::new(F32Heuristic, full);
        let expected = full.search(&mut position.clone(), &Limits::depth(6)).unwrap();
        assert_eq!(got.score, expected.score, "{moves}");
    }
}

//! The selective refinements through the C ABI (`alphabeta_config.lmr_log`,
//! `reverse_futility_*`, `futility_*`, `late_move_pruning`), driven from Rust: Connect Four
//! with the library's heuristic evaluator behind the callbacks (the game and evaluator that
//! `c_examples.rs` and the C example use), searched by `alphabeta_search` with every option
//! on, gives what the Rust engine with the same `Config` gives on the same positions: score,
//! best move, principal variation, nodes and every counter, the pruning counters included,
//! with and without a table, and with and without `is_tactical` and `is_losing_tactical`
//! callbacks (compared with a Rust game that marks the same moves).

use std::ffi::c_void;
use std::sync::atomic::AtomicU8;

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::tt::{Slot, Slot32, TableSlice};
use alphabeta::{Config, Engine, Futility, Game, Limits, LogReduction, MoveList};
use alphabeta_ffi::alphabeta_status::*;
use alphabeta_ffi::*;

/// The game behind the callbacks, with the positions before each move; with `marks`, the
/// even columns are tactical moves and the outer ones (0 and 6) losing ones ([`Marked`]).
struct Host {
    game: Connect4,
    before: Vec<Connect4>,
    marks: bool,
}

/// Connect Four with the marks of [`Host`]: the moves of columns 0, 2, 4 and 6 tactical,
/// those of 0 and 6 losing tactical moves (never searched by quiescence: there is none).
#[derive(Clone, PartialEq, Debug)]
struct Marked(Connect4);

impl Game for Marked {
    type Move = u8;
    type Player = u8;
    type Undo = Connect4;
    fn side_to_move(&self) -> u8 {
        self.0.side_to_move()
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        self.0.generate_moves(moves);
    }
    fn make_move(&mut self, mv: u8) -> Connect4 {
        self.0.make_move(mv)
    }
    fn unmake_move(&mut self, mv: u8, before: Connect4) {
        self.0.unmake_move(mv, before);
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn zobrist_key(&self) -> u64 {
        self.0.zobrist_key()
    }
    fn is_tactical(&self, mv: u8) -> bool {
        mv.is_multiple_of(2)
    }
    fn is_losing_tactical(&self, mv: u8) -> bool {
        mv == 0 || mv == 6
    }
}

/// [`Connect4Heuristic`] on [`Marked`].
#[derive(Clone, Copy)]
struct MarkedHeuristic;

impl alphabeta::Evaluator<Marked> for MarkedHeuristic {
    type Score = i32;
    fn evaluate(&self, game: &Marked, player: u8, ctx: alphabeta::EvalContext) -> i32 {
        alphabeta::Evaluator::evaluate(&Connect4Heuristic, &game.0, player, ctx)
    }
}

fn host<'a>(ud: *mut c_void) -> &'a mut Host {
    // SAFETY: the tests pass a live `Host`.
    unsafe { &mut *ud.cast::<Host>() }
}

unsafe extern "C" fn generate(ud: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    let mut list = MoveList::<u8, 7>::new();
    host(ud).game.generate_moves(&mut list);
    for (i, &mv) in list.iter().enumerate().take(capacity as usize) {
        // SAFETY: `i < capacity`.
        unsafe { *moves.add(i) = u32::from(mv) };
    }
    list.len() as i32
}
unsafe extern "C" fn make(ud: *mut c_void, mv: u32) {
    let h = host(ud);
    let before = h.game.make_move(mv as u8);
    h.before.push(before);
}
unsafe extern "C" fn unmake(ud: *mut c_void, mv: u32) {
    let h = host(ud);
    let before = h.before.pop().expect("a move to take back");
    h.game.unmake_move(mv as u8, before);
}
unsafe extern "C" fn evaluate(ud: *mut c_void, player: i32, ply: u32, depth_left: u32) -> i32 {
    let ctx = alphabeta::EvalContext { ply, depth_left };
    alphabeta::Evaluator::evaluate(&Connect4Heuristic, &host(ud).game, player as u8, ctx)
}
unsafe extern "C" fn key(ud: *mut c_void) -> u64 {
    host(ud).game.zobrist_key()
}
unsafe extern "C" fn side(ud: *mut c_void) -> i32 {
    i32::from(host(ud).game.side_to_move())
}
unsafe extern "C" fn terminal(ud: *mut c_void) -> bool {
    host(ud).game.is_terminal()
}
unsafe extern "C" fn tactical(ud: *mut c_void, mv: u32) -> bool {
    Marked(host(ud).game).is_tactical(mv as u8)
}
unsafe extern "C" fn losing(ud: *mut c_void, mv: u32) -> bool {
    Marked(host(ud).game).is_losing_tactical(mv as u8)
}

fn callbacks(host: &mut Host) -> alphabeta_game {
    alphabeta_game {
        user_data: (host as *mut Host).cast(),
        generate_moves: Some(generate),
        make_move: Some(make),
        unmake_move: Some(unmake),
        evaluate: Some(evaluate),
        evaluate_double: None,
        zobrist_key: Some(key),
        side_to_move: Some(side),
        is_terminal: Some(terminal),
        is_tactical: host.marks.then_some(tactical as _),
        generate_tactical_moves: None,
        min_plies_to_win: None,
        min_plies_to_loss: None,
        clone_state: None,
        free_state: None,
        make_null_move: None,
        unmake_null_move: None,
        null_move_allowed: None,
        reward: None,
        is_losing_tactical: host.marks.then_some(losing as _),
    }
}

const SLOTS: usize = 4096;

/// The C configuration with every selective option on, and the Rust one it stands for.
fn selective() -> (alphabeta_config, Config) {
    let c = alphabeta_config {
        lmr_log: true,
        lmr_log_base: 0.75,
        lmr_log_divisor: 2.25,
        reverse_futility_max_depth: 6,
        reverse_futility_margin: 20.0,
        futility_max_depth: 3,
        futility_margin: 15.0,
        late_move_pruning: 3,
        ..alphabeta_config_default()
    };
    let rust = Config {
        threads: 1,
        lmr_log: Some(LogReduction { base: 0.75, divisor: 2.25 }),
        reverse_futility: Some(Futility { max_depth: 6, margin: 20.0 }),
        futility: Some(Futility { max_depth: 3, margin: 15.0 }),
        late_move_pruning: 3,
        ..Config::new()
    };
    (c, rust)
}

/// A search through the C ABI on an engine in caller memory, with a table of `SLOTS` slots or
/// none: the result and the principal variation.
fn c_search(
    config: &alphabeta_config,
    position: Connect4,
    depth: u32,
    with_table: bool,
    marks: bool,
) -> (alphabeta_result, Vec<u32>) {
    let size = alphabeta_engine_size();
    let mut memory = vec![0u128; size.div_ceil(16) + 1];
    let mut slots: Vec<Slot32> = (0..SLOTS).map(|_| Slot32::EMPTY).collect();
    let (table, bytes) = if with_table {
        (slots.as_mut_ptr().cast::<c_void>(), SLOTS * std::mem::size_of::<Slot32>())
    } else {
        (std::ptr::null_mut(), 0)
    };
    let mut engine = std::ptr::null_mut();
    // SAFETY: `memory` holds `size` bytes aligned to 16 (at least the engine's alignment), the
    // table `bytes` bytes aligned to 16; both outlive the engine, freed below.
    let status = unsafe {
        alphabeta_engine_init(memory.as_mut_ptr().cast(), size, config, table, bytes, &mut engine)
    };
    assert_eq!(status, ALPHABETA_OK);
    let mut h = Host { game: position, before: Vec::new(), marks };
    let game = callbacks(&mut h);
    let limits = alphabeta_limits_depth(depth);
    let mut result = alphabeta_result::default();
    let mut pv = [0u32; 64];
    // SAFETY: valid pointers; `pv` holds 64 moves.
    let status =
        unsafe { alphabeta_search(engine, &game, &limits, &mut result, pv.as_mut_ptr(), 64) };
    assert_eq!(status, ALPHABETA_OK);
    assert_eq!(h.game, position, "the game is back at its root");
    // SAFETY: made above, freed once.
    unsafe { alphabeta_engine_free(engine) };
    (result, pv[..result.pv_length].to_vec())
}

/// The Rust search of `position` (as [`Marked`] with `marks`) with `config`.
fn rust_search(
    config: Config,
    position: Connect4,
    depth: u32,
    with_table: bool,
    marks: bool,
) -> alphabeta::SearchResult<u8, i32, 64> {
    let rust_slots: Vec<Slot32> = (0..SLOTS).map(|_| Slot32::EMPTY).collect();
    let generation = AtomicU8::new(0);
    let table = TableSlice::<i32>::new(if with_table { &rust_slots } else { &[] }, &generation);
    let limits = Limits::depth(depth);
    if marks {
        let mut engine = Engine::<Marked, MarkedHeuristic, 256, 64>::new(MarkedHeuristic, config)
            .with_table(table);
        engine.search(&mut Marked(position), &limits).unwrap()
    } else {
        let mut engine =
            Engine::<Connect4, Connect4Heuristic, 256, 64>::new(Connect4Heuristic, config)
                .with_table(table);
        engine.search(&mut position.clone(), &limits).unwrap()
    }
}

#[test]
fn the_c_search_with_every_option_on_is_the_rust_search() {
    let (c_config, rust_config) = selective();
    let (mut pruned_nodes, mut pruned_moves) = (0, 0);
    for (with_table, marks) in [(false, false), (true, false), (false, true), (true, true)] {
        for (moves, depth) in [("", 9), ("4453", 9), ("44444", 10), ("4432", 8)] {
            let position = Connect4::from_moves(moves).unwrap();
            assert!(!position.is_terminal());
            let name = format!("{moves:?} depth {depth} table {with_table} marks {marks}");
            let (result, pv) = c_search(&c_config, position, depth, with_table, marks);
            let expected = rust_search(rust_config, position, depth, with_table, marks);

            assert_eq!(result.score, expected.score, "{name}");
            assert!(result.has_best_move, "{name}");
            assert_eq!(result.best_move, u32::from(expected.best_move.unwrap()), "{name}");
            assert_eq!(result.nodes, expected.nodes, "{name}");
            assert_eq!((result.depth, result.exact), (expected.depth, expected.exact), "{name}");
            let line: Vec<u32> = expected.pv.iter().map(|&m| u32::from(m)).collect();
            assert_eq!(pv, line, "{name}");
            let s = expected.stats;
            assert_eq!(
                [
                    result.tt_probes,
                    result.tt_hits,
                    result.beta_cutoffs,
                    result.first_move_cutoffs,
                    result.researches,
                    result.root_searches,
                    result.pruned_nodes,
                    result.pruned_moves,
                ],
                [
                    s.tt_probes,
                    s.tt_hits,
                    s.beta_cutoffs,
                    s.first_move_cutoffs,
                    s.researches,
                    s.root_searches,
                    s.pruned_nodes,
                    s.pruned_moves,
                ],
                "{name}"
            );
            pruned_nodes += result.pruned_nodes;
            pruned_moves += result.pruned_moves;

            // The options change the search: the default configuration visits other nodes.
            let (plain, _) =
                c_search(&alphabeta_config_default(), position, depth, with_table, marks);
            assert_ne!(plain.nodes, result.nodes, "{name}");
            assert_eq!((plain.pruned_nodes, plain.pruned_moves), (0, 0), "{name}");
            if marks {
                // The marks change the order (and so the nodes); the value of a search
                // without reductions or pruning stays the same.
                let (unmarked, _) = c_search(&c_config, position, depth, with_table, false);
                assert_ne!(unmarked.nodes, result.nodes, "{name}");
                let exact = alphabeta_config { lmr: false, ..alphabeta_config_default() };
                let (a, _) = c_search(&exact, position, depth, with_table, true);
                let (b, _) = c_search(&exact, position, depth, with_table, false);
                assert_eq!(a.score, b.score, "{name}");
                assert_ne!(a.nodes, b.nodes, "{name}");
            }
        }
    }
    // Reverse futility, futility and late move pruning all acted.
    assert!(pruned_nodes > 0 && pruned_moves > 0, "{pruned_nodes} {pruned_moves}");
}

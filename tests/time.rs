//! Time control: deterministic tests with a clock that advances one microsecond per reading,
//! the minimum depth, the stop flag, and a loose check of the std clock.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use alphabeta::games::connect4::{Connect4, Connect4Eval};
use alphabeta::{Clock, Config, Engine, Limits, StdClock};

type Solver = Engine<Connect4, Connect4Eval, 7, 42>;

/// Returns 0, 1, 2, … : every reading advances the clock by one microsecond.
#[derive(Default)]
struct TickingClock {
    next: AtomicU64,
}

impl Clock for TickingClock {
    fn now_micros(&self) -> u64 {
        self.next.fetch_add(1, Ordering::Relaxed)
    }
}

impl TickingClock {
    fn readings(&self) -> u64 {
        self.next.load(Ordering::Relaxed)
    }
}

fn polling_every_node() -> Config {
    Config { poll_interval_nodes: 1, ..Config::plain_alpha_beta() }
}

/// The result of a search to exactly `depth` without any time limit.
fn reference(depth: u32) -> alphabeta::SearchResult<u8, i32, 42> {
    let mut solver = Solver::new(Connect4Eval, Config::plain_alpha_beta());
    solver.search(&mut Connect4::new(), &Limits::depth(depth)).unwrap()
}

#[test]
fn the_search_stops_at_the_first_poll_past_the_deadline() {
    for limit in [1, 50, 500, 5_000, 20_000] {
        let clock = TickingClock::default();
        let mut solver = Solver::new(Connect4Eval, polling_every_node());
        let mut position = Connect4::new();
        let limits = Limits::depth(42).with_time_limit(&clock, limit);
        let result = solver.search(&mut position, &limits).unwrap();

        // Readings 0 (the start) to `limit` (the poll that found the time used up), no more.
        assert_eq!(clock.readings(), limit + 1, "limit {limit}");
        assert_eq!(result.elapsed_micros, Some(limit));
        assert!(!result.completed);
        assert_eq!(position, Connect4::new());

        // What came back is the last completed iteration, identical to a search to that depth.
        assert!(result.depth >= 1);
        let full = reference(result.depth);
        assert_eq!(result.score, full.score, "limit {limit}");
        assert_eq!(result.best_move, full.best_move, "limit {limit}");
        assert_eq!(result.pv, full.pv, "limit {limit}");
        assert!(full.completed);
    }
}

#[test]
fn polls_are_every_n_nodes_after_the_minimum_depth() {
    // Depth 1 (the minimum) is never polled; from depth 2 on every 64th node is. The clock is
    // also read once at the start and once after each completed iteration.
    let clock = TickingClock::default();
    let config = Config { poll_interval_nodes: 64, ..Config::plain_alpha_beta() };
    let mut solver = Solver::new(Connect4Eval, config);
    let limits = Limits::depth(3).with_time_limit(&clock, 1_000_000);
    let result = solver.search(&mut Connect4::new(), &limits).unwrap();
    // Every position within 3 plies of the empty board scores 0, so plain alpha-beta visits
    // 1 + 7 = 8 nodes at depth 1; 1 + 8 + 6 * 2 = 21 at depth 2 (each later reply is cut
    // after its first leaf); 1 + 21 + 6 * (1 + 8) = 76 at depth 3: 8, 29 and 105 in all.
    assert_eq!((reference(1).nodes, reference(2).nodes, reference(3).nodes), (8, 29, 105));
    assert_eq!(result.nodes, 105);
    // Nodes 30..=105 of depth 3 hold one multiple of 64; depth 2 (nodes 9..=29) none.
    assert_eq!(clock.readings(), 1 + 3 + 1);
    assert_eq!(result.elapsed_micros, Some(4));
    assert!(result.completed);
    assert_eq!(result.depth, 3);
}

#[test]
fn the_minimum_depth_completes_even_with_a_zero_time_limit() {
    for min_depth in [1, 3, 5, 7] {
        let clock = TickingClock::default();
        let mut solver = Solver::new(Connect4Eval, polling_every_node());
        let limits = Limits::depth(42).with_min_depth(min_depth).with_time_limit(&clock, 0);
        let result = solver.search(&mut Connect4::new(), &limits).unwrap();
        assert_eq!(result.depth, min_depth);
        assert!(!result.completed);
        // The start, then one reading after each iteration; the one after the minimum depth
        // finds the time used up.
        assert_eq!(clock.readings(), 1 + u64::from(min_depth));
        let full = reference(min_depth);
        assert_eq!(
            (result.score, result.pv.clone(), result.nodes),
            (full.score, full.pv, full.nodes)
        );
    }
}

#[test]
fn a_raised_stop_flag_ends_the_search_after_the_minimum_depth() {
    let stop = AtomicBool::new(true);
    let mut solver = Solver::new(Connect4Eval, Config::plain_alpha_beta());
    let limits = Limits::depth(42).with_min_depth(4).with_stop(&stop);
    let result = solver.search(&mut Connect4::new(), &limits).unwrap();
    assert_eq!(result.depth, 4);
    assert!(!result.completed);
    assert_eq!(result.elapsed_micros, None);
    assert_eq!(result.pv, reference(4).pv);
}

#[test]
fn the_std_clock_ends_a_long_search_on_time() {
    let clock = StdClock::new();
    let mut solver = Solver::new(Connect4Eval, Config::plain_alpha_beta());
    let started = Instant::now();
    let limits = Limits::depth(42).with_time_limit(&clock, 20_000);
    let result = solver.search(&mut Connect4::new(), &limits).unwrap();
    // A loose bound so that a loaded machine cannot make it flake.
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
    assert!(!result.completed);
    assert!(result.elapsed_micros.unwrap() >= 20_000);
    assert!(result.depth >= 1 && result.depth < 42);
}

#[test]
fn a_stop_raised_from_another_thread_ends_the_search() {
    let stop = AtomicBool::new(false);
    let clock = StdClock::new();
    let mut solver = Solver::new(Connect4Eval, Config::plain_alpha_beta());
    let started = Instant::now();
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(20));
            stop.store(true, Ordering::Relaxed);
        });
        let limits = Limits::depth(42).with_clock(&clock).with_stop(&stop);
        solver.search(&mut Connect4::new(), &limits).unwrap()
    });
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
    assert!(!result.completed);
    assert!(result.depth >= 1);
    assert_eq!(result.pv, reference(result.depth).pv);
}

#[test]
fn an_interrupted_search_leaves_nothing_wrong_in_the_table() {
    // Searches stopped by the clock at every node count from 1 to 400 (value-preserving, a
    // shared table): an unwinding search must store nothing, so the full search that follows
    // on the same table finds the exact value and move of a search on a fresh table.
    use alphabeta::games::tictactoe::{Board, TicTacToeEval};
    use alphabeta::tt::TranspositionTable;
    let table: &'static TranspositionTable<i32, 1024> = Box::leak(Box::default());
    let config = Config { poll_interval_nodes: 1, ..Config::value_preserving() };
    // X to move wins (tests/data/tictactoe/positions.txt): a score a stored 0 would spoil.
    let board = Board::parse(".......OX").unwrap();
    let fresh = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config)
        .search(&mut board.clone(), &Limits::depth(9))
        .unwrap();
    assert_eq!((fresh.score, fresh.exact), (1_000_000 - 5, true));
    let mut engine =
        Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(table);
    for limit in 1..=400 {
        table.clear();
        engine.clear_history();
        let clock = TickingClock::default();
        let limits = Limits::depth(9).with_min_depth(0).with_time_limit(&clock, limit);
        let stopped = engine.search(&mut board.clone(), &limits).unwrap();
        assert!(!stopped.completed, "limit {limit}");
        let full = engine.search(&mut board.clone(), &Limits::depth(9)).unwrap();
        assert_eq!((full.score, full.exact), (fresh.score, true), "limit {limit}");
        assert!(full.best_move.is_some(), "limit {limit}");
    }
}

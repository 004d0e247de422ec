//! The parallel search (`std`): the same root values as the sequential search, with 2 and 4
//! threads and every scheme, on every tic-tac-toe position and on 200 random Connect Four
//! positions at depths 1 to 9 (also with the threads taking turns in lock step, which makes
//! ABDADA's helpers complete iterations first); and stop and time limits honoured by every
//! thread.

#![cfg(feature = "std")]

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::parallel::{ParallelEngine, ParallelError};
use alphabeta::tt::TranspositionTable;
use alphabeta::{Config, Engine, Game, Limits, MoveList, ParallelScheme, StdClock, TtCutoffs};
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

/// The value-preserving configuration (equal-draft table cutoffs, no LMR, no quiescence) with
/// a thread count and scheme.
fn config(threads: u32, scheme: ParallelScheme) -> Config {
    Config {
        threads,
        parallel_scheme: scheme,
        tt_cutoffs: TtCutoffs::EqualDraft,
        ..Config::value_preserving()
    }
}

const SETUPS: [(u32, ParallelScheme); 6] = [
    (2, ParallelScheme::RootSplit),
    (4, ParallelScheme::RootSplit),
    (2, ParallelScheme::LazySmp),
    (4, ParallelScheme::LazySmp),
    (2, ParallelScheme::Abdada),
    (4, ParallelScheme::Abdada),
];

#[test]
fn every_tic_tac_toe_position_gets_the_sequential_value() {
    let text = include_str!("data/tictactoe/positions.txt");
    let boards: Vec<Board> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| Board::parse(l.split_whitespace().next().unwrap()).unwrap())
        .collect();
    assert_eq!(boards.len(), 5_478);
    let mut sequential: Engine<Board, TicTacToeEval, 9, 9> =
        Engine::new(TicTacToeEval, config(1, ParallelScheme::RootSplit));
    let expected: Vec<i32> = boards
        .iter()
        .map(|b| sequential.search(&mut b.clone(), &Limits::depth(9)).unwrap().score)
        .collect();
    for (threads, scheme) in SETUPS {
        let table: &'static TranspositionTable<i32, 4096> = Box::leak(Box::default());
        let engine =
            Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config(threads, scheme))
                .with_table(table);
        let mut parallel = ParallelEngine::new(engine).unwrap();
        // Split every iteration, however small (the default leaves small trees to one thread).
        parallel.set_min_split_nodes(0);
        assert_eq!(parallel.threads(), threads as usize);
        for (board, &value) in boards.iter().zip(&expected) {
            table.clear();
            let mut position = *board;
            let result = parallel.search(&mut position, &Limits::depth(9)).unwrap();
            assert_eq!(position, *board, "the game was not restored");
            assert_eq!(result.score, value, "{threads} threads {scheme:?}\n{board}");
            assert_eq!(result.nodes, result.stats.nodes);
            if let Some(mv) = result.best_move {
                // The best move keeps the value.
                let mut child = *board;
                child.make_move(mv);
                let reply = sequential.search(&mut child, &Limits::depth(8)).unwrap().score;
                assert_eq!(
                    (-reply).signum(),
                    value.signum(),
                    "{threads} {scheme:?}: move {mv}\n{board}"
                );
            }
        }
    }
}

fn random_positions(count: usize) -> Vec<Connect4> {
    let mut rng = XorShiftRng::seed_from_u64(6);
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = Connect4::new();
        for _ in 0..4 + rng.next_u32() % 24 {
            let mut moves = MoveList::<u8, 7>::new();
            position.generate_moves(&mut moves);
            if position.is_terminal() {
                break;
            }
            position.make_move(moves.as_slice()[rng.next_u32() as usize % moves.len()]);
        }
        if !position.is_terminal() {
            out.push(position);
        }
    }
    out
}

#[test]
fn random_connect_four_positions_get_the_sequential_value_at_every_depth() {
    let positions = random_positions(200);
    let mut sequential: Engine<Connect4, Connect4Heuristic, 7, 42> =
        Engine::new(Connect4Heuristic, config(1, ParallelScheme::RootSplit));
    let mut engines: Vec<_> = SETUPS
        .iter()
        .map(|&(threads, scheme)| {
            let table: &'static TranspositionTable<i32, 65_536> = Box::leak(Box::default());
            let engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(
                Connect4Heuristic,
                config(threads, scheme),
            )
            .with_table(table);
            let mut parallel = ParallelEngine::new(engine).unwrap();
            parallel.set_min_split_nodes(0);
            (table, parallel, threads, scheme)
        })
        .collect();
    for (index, position) in positions.iter().enumerate() {
        // Depths 1 to 9 for the first 40 positions, 1 to 6 for the others (runtime).
        let deepest = if index < 40 { 9 } else { 6 };
        for depth in 1..=deepest {
            let expected = sequential.search(&mut position.clone(), &Limits::depth(depth)).unwrap();
            for (table, engine, threads, scheme) in &mut engines {
                table.clear();
                let mut game = *position;
                let result = engine.search(&mut game, &Limits::depth(depth)).unwrap();
                assert_eq!(game, *position);
                assert_eq!(
                    result.score, expected.score,
                    "position {index} depth {depth}: {threads} threads {scheme:?}\n{position}"
                );
            }
        }
    }
}

#[test]
fn a_stop_from_another_thread_ends_a_parallel_search_with_the_last_completed_depth() {
    for scheme in [ParallelScheme::RootSplit, ParallelScheme::LazySmp, ParallelScheme::Abdada] {
        let table: &'static TranspositionTable<i32, 65_536> = Box::leak(Box::default());
        let engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(
            Connect4Heuristic,
            Config {
                threads: 2,
                parallel_scheme: scheme,
                poll_interval_nodes: 256,
                ..Config::new()
            },
        )
        .with_table(table);
        let mut parallel = ParallelEngine::new(engine).unwrap();
        let stop = AtomicBool::new(false);
        let clock = StdClock::new();
        let (result, stopped_at) = std::thread::scope(|scope| {
            let stopper = scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                stop.store(true, Ordering::Relaxed);
                Instant::now()
            });
            let limits = Limits::depth(42).with_clock(&clock).with_stop(&stop);
            let result = parallel.search(&mut Connect4::new(), &limits).unwrap();
            let returned = Instant::now();
            (result, returned.duration_since(stopper.join().unwrap()))
        });
        assert!(!result.completed, "{scheme:?}");
        assert!(result.depth >= 1 && result.best_move.is_some(), "{scheme:?}");
        // "Within a few milliseconds": loose, so that a loaded machine cannot make it flake.
        assert!(stopped_at < Duration::from_millis(250), "{scheme:?}: {stopped_at:?}");
    }
}

#[test]
fn a_time_limit_holds_on_every_thread() {
    for scheme in [ParallelScheme::RootSplit, ParallelScheme::LazySmp, ParallelScheme::Abdada] {
        let table: &'static TranspositionTable<i32, 65_536> = Box::leak(Box::default());
        let engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(
            Connect4Heuristic,
            Config { threads: 2, parallel_scheme: scheme, ..Config::new() },
        )
        .with_table(table);
        let mut parallel = ParallelEngine::new(engine).unwrap();
        let clock = StdClock::new();
        let started = Instant::now();
        let limits = Limits::depth(42).with_min_depth(3).with_time_limit(&clock, 30_000);
        let result = parallel.search(&mut Connect4::new(), &limits).unwrap();
        assert!(started.elapsed() < Duration::from_secs(1), "{scheme:?}: {:?}", started.elapsed());
        assert!(!result.completed && result.depth >= 3, "{scheme:?}: depth {}", result.depth);
    }
}

#[test]
fn abdada_in_lock_step_gets_the_sequential_value_and_repeats() {
    // The threads take turns (a simulated machine with a core per thread): deterministic, so
    // a second run visits exactly the same nodes; helpers complete iterations before the main
    // thread, whose result is then theirs, and the value is still the sequential one.
    let positions = random_positions(40);
    let mut sequential: Engine<Connect4, Connect4Heuristic, 7, 42> =
        Engine::new(Connect4Heuristic, config(1, ParallelScheme::Abdada));
    for threads in [2, 3, 5] {
        let table: &'static TranspositionTable<i32, 65_536> = Box::leak(Box::default());
        let engine = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(
            Connect4Heuristic,
            Config { poll_interval_nodes: 16, ..config(threads, ParallelScheme::Abdada) },
        )
        .with_table(table);
        let mut parallel = ParallelEngine::new(engine).unwrap();
        parallel.set_min_split_nodes(0);
        parallel.simulate_lock_step(true);
        let (mut adopted, mut deferrals) = (0, 0);
        for (index, position) in positions.iter().enumerate() {
            let expected = sequential.search(&mut position.clone(), &Limits::depth(8)).unwrap();
            let mut runs = Vec::new();
            for _ in 0..2 {
                table.clear();
                parallel.clear_history();
                let result = parallel.search(&mut position.clone(), &Limits::depth(8)).unwrap();
                assert_eq!(result.score, expected.score, "position {index}, {threads} threads");
                runs.push((result.nodes, parallel.last_thread_nodes().to_vec()));
                deferrals += result.stats.deferrals;
            }
            assert_eq!(runs[0], runs[1], "position {index}: the lock-step run repeats");
            let nodes = &runs[0].1;
            assert_eq!(nodes.len(), threads as usize);
            // The main thread's nodes are fewer than a sequential search's when a helper
            // completed an iteration for it.
            adopted += usize::from(nodes[0] < expected.nodes);
        }
        assert!(adopted > 0 && deferrals > 0, "{threads} threads: {adopted} {deferrals}");
    }
}

#[test]
fn small_searches_stay_on_one_thread_until_the_split_threshold() {
    // Tic-tac-toe solved with a table: 5,732 nodes in all, under the default threshold of
    // 16,384, so root splitting searches every iteration on one thread and visits exactly the
    // sequential search's nodes. With a threshold of 0 it splits, and gets the same value.
    let sequential_table: &'static TranspositionTable<i32, 4096> = Box::leak(Box::default());
    let mut sequential =
        Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, Config::value_preserving())
            .with_table(sequential_table);
    let expected = sequential.search(&mut Board::new(), &Limits::depth(9)).unwrap();
    assert_eq!((expected.score, expected.nodes), (0, 5_732));

    let table: &'static TranspositionTable<i32, 4096> = Box::leak(Box::default());
    let config = Config { threads: 2, ..Config::value_preserving() };
    let engine = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(table);
    let mut parallel = ParallelEngine::new(engine).unwrap();
    let result = parallel.search(&mut Board::new(), &Limits::depth(9)).unwrap();
    assert_eq!((result.score, result.nodes, result.best_move), (0, 5_732, expected.best_move));
    assert_eq!(result.pv, expected.pv);

    parallel.set_min_split_nodes(0);
    parallel.clear_history();
    table.clear();
    let split = parallel.search(&mut Board::new(), &Limits::depth(9)).unwrap();
    assert_eq!(split.score, 0);
    assert_eq!(split.depth, 9);
}

#[test]
fn too_many_threads_is_an_error_before_anything_is_allocated() {
    for requested in [1_025, u32::MAX] {
        let config = Config { threads: requested, ..Config::new() };
        let engine = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config);
        let error = ParallelEngine::new(engine).err().unwrap();
        assert_eq!(error, ParallelError::TooManyThreads { requested });
        assert_eq!(
            error.to_string(),
            format!("{requested} threads asked for; a parallel engine starts at most 1024")
        );
    }
    assert_eq!(alphabeta::parallel::MAX_THREADS, 1_024);
}

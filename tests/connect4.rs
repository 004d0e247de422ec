//! Connect Four against Pascal Pons' benchmark set Test_L3_R1 (1,000 end-game positions with
//! exact scores; source and score definition in tests/data/connect4/README.md).

use alphabeta::games::connect4::{pons_score, Connect4, Connect4Eval};
use alphabeta::{Config, Engine, Game, Limits, MoveList};

type Solver = Engine<Connect4, Connect4Eval, 7, 42>;

fn positions(text: &str) -> Vec<(usize, String, i32)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| {
            let (moves, score) = line.split_once(' ').expect("`moves score`");
            (index + 1, moves.to_string(), score.parse().expect("an integer score"))
        })
        .collect()
}

#[test]
fn every_end_game_position_of_test_l3_r1_is_solved_exactly() {
    let positions = positions(include_str!("data/connect4/Test_L3_R1"));
    assert_eq!(positions.len(), 1_000);
    let mut solver = Solver::new(Connect4Eval, Config::value_preserving());
    for (line, moves, expected) in positions {
        let mut position = Connect4::from_moves(&moves).unwrap();
        let before = position;
        let limits = Limits::depth(position.remaining_cells());
        let result = solver.search(&mut position, &limits).unwrap();
        assert_eq!(position, before, "line {line}: the game was not restored");
        assert!(result.exact, "line {line}: the search stopped at a horizon");
        assert_eq!(pons_score(result.score, position.moves_played()), expected, "line {line}");

        // The best move keeps the score: after it, the opponent's exact score is its negation
        // (Pons' scores count stones, so they do not depend on where the search starts).
        let best = result.best_move.expect("a position with moves");
        let mut child = position;
        child.make_move(best);
        let limits = Limits::depth(child.remaining_cells().max(1));
        let reply = solver.search(&mut child, &limits).unwrap();
        let reply_score = pons_score(reply.score, child.moves_played());
        assert_eq!(reply_score, -expected, "line {line}: best move {best}");
    }
}

#[test]
fn a_full_board_is_terminal_and_a_drawn_position_scores_zero() {
    // Pons' Test_L3_R1 line 999: one empty cell left.
    let text = include_str!("data/connect4/Test_L3_R1");
    let (moves, score) = text.lines().nth(998).unwrap().split_once(' ').unwrap();
    let mut position = Connect4::from_moves(moves).unwrap();
    assert_eq!(position.remaining_cells(), 1);
    let mut moves_left = MoveList::<u8, 7>::new();
    position.generate_moves(&mut moves_left);
    assert_eq!(moves_left.len(), 1);
    let mut solver = Solver::new(Connect4Eval, Config::value_preserving());
    let result = solver.search(&mut position, &Limits::depth(1)).unwrap();
    assert_eq!(score, "0");
    assert_eq!(result.score, 0);
    assert_eq!(result.nodes, 2);
    assert_eq!(result.pv.as_slice(), moves_left.as_slice());
}

#[test]
fn the_solver_gives_a_best_move_that_keeps_the_score() {
    // `solve` (the null-window driver over the solver's game model) on the first 300 positions
    // of each of Pons' end-game and middle-game sets: its best move is legal, and the score of
    // the position after it, for the opponent, is the negation (a winning move ends the game).
    use alphabeta::games::connect4::{solve, solve_with_progress, solver_engine};
    use alphabeta::tt::HeapTable;
    let table = HeapTable::<i32>::with_mib(4).unwrap();
    let mut solver = solver_engine(&table);
    let sets = [include_str!("data/connect4/Test_L3_R1"), include_str!("data/connect4/Test_L2_R1")];
    for text in sets {
        for (line, moves, expected) in positions(text).into_iter().take(300) {
            let position = Connect4::from_moves(&moves).unwrap();
            table.clear();
            let mut reports = 0;
            let solution = solve_with_progress(&mut solver, position, |p| {
                reports += 1;
                assert!(p.min <= expected && expected <= p.max, "line {line}: {p:?}");
            })
            .unwrap();
            assert_eq!(solution.score, expected, "line {line}");
            assert!(reports <= solution.searches, "line {line}");
            let best = solution.best_move.expect("a position with moves");
            assert!(position.can_play(best), "line {line}: column {best} is full");
            let mut child = position;
            child.play(best);
            if child.is_won() {
                continue;
            }
            table.clear();
            let reply = solve(&mut solver, child).unwrap();
            assert_eq!(reply.score, -expected, "line {line}: best move {best}");
        }
    }
}

/// The analysis of every column (what `connect4 --analyze` prints) equals Pascal Pons' own
/// solver's `-a` output on the sample of his three sets kept in
/// tests/data/connect4/Pons_analysis_sample (100, 50 and 20 lines of L3, L2 and L1; its
/// README says which), over the lock-free table and over a compact one (5-byte entries, a
/// partial key: `tt::CompactTable`).
#[test]
fn the_analysis_of_every_column_equals_pons_on_the_sample() {
    use alphabeta::games::connect4::SolverLayout;
    use alphabeta::tt::{CompactTable, TranspositionTable};
    static TABLE: TranspositionTable<i32, { 1 << 18 }> = TranspositionTable::new();
    assert_eq!(analysis_lines_equal_to_pons(&TABLE, || TABLE.clear()), 170);
    let compact = CompactTable::<SolverLayout, 5>::with_mib(1).unwrap();
    assert_eq!(analysis_lines_equal_to_pons(&compact, || compact.clear()), 170);
}

/// Analyses every line of the sample over `table` (emptied by `clear` before each) and checks
/// it against Pons' line; the number of lines.
fn analysis_lines_equal_to_pons<T: alphabeta::tt::Table<i32>>(table: T, clear: impl Fn()) -> usize {
    use alphabeta::games::connect4::{analyze, solver_engine};
    let mut engine = solver_engine(table);
    let sample = include_str!("data/connect4/Pons_analysis_sample");
    let mut lines = 0;
    for line in sample.lines() {
        let moves = line.split(' ').next().unwrap();
        let position = Connect4::from_moves(moves).unwrap();
        clear();
        engine.clear_history();
        let (scores, _) = analyze(&mut engine, position).unwrap();
        let ours: String = scores.iter().map(|s| format!(" {}", s.unwrap_or(-1000))).collect();
        assert_eq!(format!("{moves}{ours}"), line);
        lines += 1;
    }
    lines
}

/// The exact solver over compact tables (`tt::CompactTable`, a partial key in a prime number
/// of entries): the smallest 5-byte table of `SolverLayout` (2^17 + 29 entries, so that
/// collisions are many) and a 6-byte one with the move (2^13 - 1 entries) give every score of
/// Test_L3_R1 and of the first positions of L2 and L1.
#[test]
fn the_solver_equals_pons_over_compact_tables() {
    use alphabeta::games::connect4::{solve, solver_engine, SolverLayout, SolverLayoutWithMove};
    use alphabeta::tt::CompactTable;
    let compact = CompactTable::<SolverLayout, 5>::with_entries(131_101).unwrap();
    let with_move = CompactTable::<SolverLayoutWithMove, 6>::with_entries(1 << 13).unwrap();
    assert_eq!((compact.entries(), with_move.entries()), (131_101, 8_191));
    let mut compact_solver = solver_engine(&compact);
    let mut move_solver = solver_engine(&with_move);
    let sets = [
        (include_str!("data/connect4/Test_L3_R1"), 1_000),
        (include_str!("data/connect4/Test_L2_R1"), 300),
        (include_str!("data/connect4/Test_L1_R1"), 30),
    ];
    for (text, count) in sets {
        for (line, moves, expected) in positions(text).into_iter().take(count) {
            let position = Connect4::from_moves(&moves).unwrap();
            compact.clear();
            with_move.clear();
            assert_eq!(
                solve(&mut compact_solver, position).unwrap().score,
                expected,
                "line {line}"
            );
            assert_eq!(solve(&mut move_solver, position).unwrap().score, expected, "line {line}");
        }
    }
}

#[test]
fn the_exact_solver_equals_pons_on_his_three_sets() {
    // `Engine::solve` (null-window tests over the engine's scores, no iterative deepening) on
    // the solver's game model: every position of Test_L3_R1 and the first of Test_L2_R1 and
    // Test_L1_R1 give Pons' score, and the best move keeps it.
    use alphabeta::games::connect4::{solver_engine, Connect4Solver};
    use alphabeta::tt::HeapTable;
    let table = HeapTable::<i32>::with_mib(4).unwrap();
    let mut engine = solver_engine(&table);
    let sets = [
        (include_str!("data/connect4/Test_L3_R1"), 1_000),
        (include_str!("data/connect4/Test_L2_R1"), 200),
        (include_str!("data/connect4/Test_L1_R1"), 20),
    ];
    for (text, count) in sets {
        for (line, moves, expected) in positions(text).into_iter().take(count) {
            let position = Connect4::from_moves(&moves).unwrap();
            let mut game = Connect4Solver::new(position);
            table.clear();
            let solution = engine.solve(&mut game, &Limits::depth(1)).unwrap();
            assert_eq!(game.position(), &position, "line {line}: the game was not restored");
            assert!(solution.exact, "line {line}");
            let n = position.moves_played();
            assert_eq!(pons_score(solution.value, n), expected, "line {line}");
            // The model makes a decided position terminal (a win next ply, every move losing,
            // two cells left): no move there.
            let Some(best) = solution.best_move.map(|mv| mv.column()) else {
                assert!(game.is_terminal(), "line {line}: no move");
                continue;
            };
            let mut child = position;
            child.play(best);
            if child.is_won() {
                assert_eq!(expected, (43 - n as i32) / 2, "line {line}: an immediate win");
                continue;
            }
            table.clear();
            let reply = engine.solve(&mut Connect4Solver::new(child), &Limits::depth(1)).unwrap();
            assert_eq!(pons_score(reply.value, n + 1), -expected, "line {line}: move {best}");
        }
    }
}

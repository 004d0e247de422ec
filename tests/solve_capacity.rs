//! Hostile review of `games::connect4::solve` with an engine whose `MAX_PLY` is below the
//! empty cells: `DepthBeyondCapacity`, never a wrong score.

use alphabeta::games::connect4::{
    solve, solver_engine, Connect4, Connect4Solver, SolverEval, SolverMove, SOLVER_CONFIG,
    SOLVER_ORDERING,
};
use alphabeta::ordering::DefaultSorter;
use alphabeta::tt::HeapTable;
use alphabeta::{Engine, SearchError};

fn positions(text: &str) -> Vec<(usize, String, i32)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| {
            let (moves, score) = line.split_once(' ').expect("`moves score`");
            (index + 1, moves.to_string(), score.parse().expect("an integer score"))
        })
        .collect()
}

fn small<const P: usize>(
    table: &HeapTable<i32>,
) -> Engine<Connect4Solver, SolverEval, 7, P, &HeapTable<i32>, DefaultSorter<SolverMove, P>> {
    Engine::with_parts(
        SolverEval,
        SOLVER_CONFIG,
        table,
        DefaultSorter::with_config(SOLVER_ORDERING),
    )
}

fn check<const P: usize>(failures: &mut Vec<String>, oks: &mut usize) {
    let table = HeapTable::<i32>::with_mib(1).unwrap();
    let big_table = HeapTable::<i32>::with_mib(1).unwrap();
    let mut engine = small::<P>(&table);
    let mut full = solver_engine(&big_table);
    for set in [include_str!("data/connect4/Test_L3_R1"), include_str!("data/connect4/Test_L2_R1")]
    {
        for (line, moves, expected) in positions(set).into_iter().take(200) {
            let position = Connect4::from_moves(&moves).unwrap();
            let empty = 42 - position.moves_played() as usize;
            // Not cleared between positions: a table another solve left (as a host would).
            match solve(&mut engine, position) {
                Ok(s) if s.score != expected => failures.push(format!(
                    "MAX_PLY {P}, line {line} ({moves}, {empty} empty): score {} expected {expected}",
                    s.score
                )),
                Ok(_) if empty > P => *oks += 1,
                Ok(_) => {}
                Err(SearchError::DepthBeyondCapacity { .. }) if empty > P => {}
                Err(e) => failures.push(format!("MAX_PLY {P}, line {line}: {e:?}")),
            }
            // The table a failed small solve left, read by the full solver.
            big_table.clear();
            let _ = solve(&mut small::<P>(&big_table), position);
            match solve(&mut full, position) {
                Ok(s) if s.score == expected => {}
                other => failures.push(format!(
                    "full solver after MAX_PLY {P} on its table, line {line}: {other:?} expected {expected}"
                )),
            }
        }
    }
}

#[test]
fn solve_with_max_ply_below_the_empty_cells_is_never_wrong() {
    let mut failures = Vec::new();
    let mut oks = 0;
    check::<1>(&mut failures, &mut oks);
    check::<4>(&mut failures, &mut oks);
    check::<8>(&mut failures, &mut oks);
    check::<12>(&mut failures, &mut oks);
    check::<16>(&mut failures, &mut oks);
    check::<24>(&mut failures, &mut oks);
    eprintln!("{oks} solves right although the empty cells exceed MAX_PLY");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

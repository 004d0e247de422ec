//! Hostile review of `solve_between` with degenerate ranges (the C++ wrapper's
//! `solve_between` forwards to it): a value outside the range is "found out (exact false)".
//! The range [-i32::MAX, -i32::MAX] returned the value outside it marked exact (its open
//! window proved the value) until the range was checked at the end.

use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::prelude::*;

#[test]
fn degenerate_ranges_failing_at_minus_infinity() {
    let mut failures = Vec::new();
    for cells in ["XX.OO....", ".....O.XX", ".........", "X...O...."] {
        let board = Board::parse(cells).unwrap();
        let table = TranspositionTable::<i32, 1024>::new();
        let config = Config::value_preserving();
        let mut engine =
            Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&table);
        let truth = engine.solve(&mut board.clone(), &Limits::depth(1)).unwrap();
        assert!(truth.exact);
        for (low, high) in [
            (-i32::MAX, -i32::MAX),
            (i32::MAX, i32::MAX),
            (0, 0),
            (-i32::MAX, 0),
            (0, i32::MAX),
            (truth.value, truth.value),
            (-i32::MAX, i32::MAX),
        ] {
            table.clear();
            let got =
                engine.solve_between(&mut board.clone(), low, high, &Limits::depth(1)).unwrap();
            let inside = low <= truth.value && truth.value <= high;
            if got.exact && got.value != truth.value {
                failures.push(format!(
                    "{cells} [{low}, {high}]: exact {} but the value is {}",
                    got.value, truth.value
                ));
            }
            if inside && !got.exact {
                failures.push(format!(
                    "{cells} [{low}, {high}]: value {} inside, not exact: {got:?}",
                    truth.value
                ));
            }
            if !inside && got.exact {
                failures.push(format!(
                    "{cells} [{low}, {high}]: value {} outside the range, marked exact: {got:?}",
                    truth.value
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

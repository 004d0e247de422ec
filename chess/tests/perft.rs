//! Perft: the leaf counts of the legal-move tree, counted through the `Game` trait (the
//! engine's move generation, make and unmake), against the published counts of the perft
//! suite in `data/perft.epd` (126 positions: castling, en passant, promotions, pins).

use alphabeta_chess::{perft, Position};

/// The deepest count of every position up to this many leaves (a few seconds in all).
const MAX_LEAVES: u64 = 1_000_000;

#[test]
fn every_position_of_the_perft_suite() {
    let suite = include_str!("../data/perft.epd");
    let mut checked = 0;
    for line in suite.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split(';');
        let fen = fields.next().unwrap().trim();
        let mut position = Position::<true>::from_fen(fen).unwrap();
        let counts: Vec<(u32, u64)> = fields
            .map(|f| {
                let mut parts = f.split_whitespace();
                let depth = parts.next().unwrap().trim_start_matches('D').parse().unwrap();
                (depth, parts.next().unwrap().parse().unwrap())
            })
            .collect();
        let (depth, expected) =
            counts.iter().copied().filter(|&(_, n)| n <= MAX_LEAVES).max().unwrap();
        assert_eq!(perft(&mut position, depth), expected, "{fen} at depth {depth}");
        assert_eq!(
            position.board().to_string(),
            Position::<true>::from_fen(fen).unwrap().board().to_string()
        );
        checked += 1;
    }
    assert_eq!(checked, 126);
}

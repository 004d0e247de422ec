//! Checking mode (`Config::check_table`) catches a Zobrist key that misses part of the state.
//!
//! The game: coins in a row; each player in turn takes the coin at either end and adds it to
//! their score; the value is the side to move's final margin. A position is the row that is
//! left, the side to move, and the margin so far. The right key covers all three; the classic
//! mistake leaves out the margin so far (the score), so that taking the left coin then the
//! right one, or the right then the left, meet in one table entry with different margins.

use alphabeta::tt::TranspositionTable;
use alphabeta::{
    Config, Engine, EvalContext, Evaluator, Game, KeyCheck, Limits, MoveList, SearchError,
};

/// 20 rows of 8 to 12 coins worth 1 to 9, drawn by a fixed generator (xorshift).
fn rows() -> Vec<&'static [i32]> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..20)
        .map(|_| {
            let length = 8 + (next() % 5) as usize;
            let row: Vec<i32> = (0..length).map(|_| 1 + (next() % 9) as i32).collect();
            &*Vec::leak(row)
        })
        .collect()
}

#[derive(Clone, Copy)]
struct Coins {
    row: &'static [i32],
    left: usize,
    right: usize,
    /// The side to move's score minus the other's, so far.
    margin: i32,
    first: bool,
    /// Whether the key covers the margin so far.
    full_key: bool,
}

impl Coins {
    fn new(row: &'static [i32], full_key: bool) -> Self {
        Self { row, left: 0, right: row.len(), margin: 0, first: true, full_key }
    }
}

/// Move 0 takes the left coin, 1 the right one.
impl Game for Coins {
    type Move = u8;
    type Player = bool;
    type Undo = ();

    fn side_to_move(&self) -> bool {
        self.first
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        if self.left < self.right {
            let _ = moves.push(0);
            if self.right - self.left > 1 {
                let _ = moves.push(1);
            }
        }
    }
    fn make_move(&mut self, mv: u8) {
        let coin = if mv == 0 {
            self.left += 1;
            self.row[self.left - 1]
        } else {
            self.right -= 1;
            self.row[self.right]
        };
        self.margin = -(self.margin + coin);
        self.first = !self.first;
    }
    fn unmake_move(&mut self, mv: u8, (): ()) {
        let coin = if mv == 0 {
            self.left -= 1;
            self.row[self.left]
        } else {
            self.right += 1;
            self.row[self.right - 1]
        };
        self.margin = -self.margin - coin;
        self.first = !self.first;
    }
    fn is_terminal(&self) -> bool {
        self.left == self.right
    }
    fn zobrist_key(&self) -> u64 {
        let mut key = (self.left as u64) << 8 | (self.right as u64) << 16 | u64::from(self.first);
        if self.full_key {
            key |= u64::from(self.margin as u32) << 32;
        }
        // A bijective mix (the finaliser of SplitMix64): distinct inputs, distinct keys.
        key = (key ^ (key >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        key = (key ^ (key >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        key ^ (key >> 31)
    }
}

/// The margin so far, for the side to move (or its opponent).
struct Margin;
impl Evaluator<Coins> for Margin {
    type Score = i32;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Coins, player: bool, _: EvalContext) -> i32 {
        if player == game.first {
            game.margin
        } else {
            -game.margin
        }
    }
}

/// The value by brute force: the side to move's final margin with perfect play.
fn brute_force(game: &mut Coins) -> i32 {
    if game.is_terminal() {
        return game.margin;
    }
    let mut moves = MoveList::<u8, 2>::new();
    game.generate_moves(&mut moves);
    let mut best = i32::MIN;
    for &mv in moves.as_slice() {
        game.make_move(mv);
        best = best.max(-brute_force(game));
        game.unmake_move(mv, ());
    }
    best
}

fn solve(row: &'static [i32], full_key: bool, config: Config) -> Result<(i32, bool), SearchError> {
    let table = TranspositionTable::<i32, 4096>::new();
    let mut engine = Engine::<Coins, Margin, 2, 16>::new(Margin, config).with_table(&table);
    let mut game = Coins::new(row, full_key);
    let result = engine.search(&mut game, &Limits::depth(row.len() as u32));
    assert_eq!((game.left, game.right, game.margin), (0, row.len(), 0), "the game was restored");
    result.map(|r| (r.score, r.exact))
}

#[test]
fn a_key_without_the_score_so_far_gives_wrong_exact_values() {
    // The trap, shown: without checking mode every value is marked exact, and many are wrong.
    let mut wrong = 0;
    for row in rows() {
        let truth = brute_force(&mut Coins::new(row, true));
        let (score, exact) = solve(row, false, Config::value_preserving()).unwrap();
        assert!(exact);
        wrong += usize::from(score != truth);
    }
    assert_eq!(wrong, WRONG);
}

/// Of the 20 rows, how many values the short key makes wrong; and how many of the 20
/// searches checking mode stops (the value-preserving configuration, the default one).
const WRONG: usize = 10;
const REPORTED: [usize; 2] = [20, 20];

#[test]
fn checking_mode_reports_a_key_without_the_score_so_far() {
    for (config, reported) in [Config::value_preserving(), Config::new()].into_iter().zip(REPORTED)
    {
        let mut count = 0;
        for row in rows() {
            let config = Config { check_table: true, ..config };
            let truth = brute_force(&mut Coins::new(row, true));
            match solve(row, false, config) {
                Err(SearchError::InconsistentKey { key, ply, found }) => {
                    count += 1;
                    assert!(ply as usize <= row.len());
                    assert!(matches!(found, KeyCheck::TerminalValue | KeyCheck::ProvenValue));
                    let message = SearchError::InconsistentKey { key, ply, found }.to_string();
                    assert!(message.contains(&format!("{key:#018x}")), "{message}");
                    assert!(message.contains("the score so far"), "{message}");
                }
                // Not reported: the value is the one the search finds without checking mode.
                Ok((score, _)) => {
                    let unchecked = solve(row, false, Config { check_table: false, ..config });
                    assert_eq!(unchecked.map(|(s, _)| s), Ok(score));
                    eprintln!("unreported {row:?}: {score} (truth {truth})");
                }
                Err(other) => panic!("{row:?}: {other}"),
            }
        }
        assert_eq!(count, reported, "lmr: {}", config.lmr);
    }
}

#[test]
fn checking_mode_accepts_a_full_key_and_changes_no_value() {
    for row in rows() {
        let truth = brute_force(&mut Coins::new(row, true));
        let checked = Config { check_table: true, ..Config::value_preserving() };
        assert_eq!(solve(row, true, checked), Ok((truth, true)), "{row:?}");
        assert_eq!(solve(row, true, Config::value_preserving()), Ok((truth, true)), "{row:?}");
        // The default configuration (late move reductions) is checked without a false alarm.
        assert!(solve(row, true, Config { check_table: true, ..Config::new() }).is_ok());
    }
}

/// A table move the game does not generate at the position: a key that misses which coins
/// are left. A search of the row (1, 9) stores "take the right coin" at its root; a row of one
/// coin, which has only "take the left coin", finds that entry under the same key.
#[test]
fn checking_mode_reports_a_table_move_the_game_does_not_generate() {
    #[derive(Clone, Copy)]
    struct Keyless(Coins);
    impl Game for Keyless {
        type Move = u8;
        type Player = bool;
        type Undo = ();
        fn side_to_move(&self) -> bool {
            self.0.first
        }
        fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
            self.0.generate_moves(moves)
        }
        fn make_move(&mut self, mv: u8) {
            self.0.make_move(mv)
        }
        fn unmake_move(&mut self, mv: u8, (): ()) {
            self.0.unmake_move(mv, ())
        }
        fn is_terminal(&self) -> bool {
            self.0.is_terminal()
        }
        fn zobrist_key(&self) -> u64 {
            // Every position in play shares one key.
            if self.0.is_terminal() {
                self.0.zobrist_key()
            } else {
                42
            }
        }
    }
    struct KeylessMargin;
    impl Evaluator<Keyless> for KeylessMargin {
        type Score = i32;
        const MATE_SCORES: bool = false;
        fn evaluate(&self, game: &Keyless, player: bool, ctx: EvalContext) -> i32 {
            Margin.evaluate(&game.0, player, ctx)
        }
    }
    let table = TranspositionTable::<i32, 4096>::new();
    let search = |row: &'static [i32], check_table: bool| {
        let config = Config { check_table, ..Config::value_preserving() };
        let mut engine =
            Engine::<Keyless, KeylessMargin, 2, 16>::new(KeylessMargin, config).with_table(&table);
        engine.search(&mut Keyless(Coins::new(row, true)), &Limits::depth(2))
    };
    // Without checking mode the search ends, with a value.
    assert!(search(&[1, 9], false).is_ok());
    // With it, the one-coin position after the first move finds the root's move (take the
    // right coin) under its key.
    assert_eq!(
        search(&[1, 9], true).map(|r| r.score),
        Err(SearchError::InconsistentKey { key: 42, ply: 1, found: KeyCheck::MoveNotGenerated })
    );
}

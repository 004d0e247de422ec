//! Every error a search call can return, and the game restored after each.

use alphabeta::games::connect4::{Connect4, Connect4Eval};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::{
    Clock, Config, Engine, EvalContext, Evaluator, Game, Limits, MoveList, SearchError,
};

struct FixedClock;
impl Clock for FixedClock {
    fn now_micros(&self) -> u64 {
        7
    }
}

#[test]
fn invalid_limits_are_refused_before_searching() {
    let mut solver: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, Config::new());
    let mut board = Board::new();
    let cases = [
        (Limits::depth(0), SearchError::ZeroMaxDepth),
        (Limits::depth(10), SearchError::DepthBeyondCapacity { max_depth: 10, capacity: 9 }),
        (
            Limits::depth(3).with_min_depth(4),
            SearchError::MinDepthAboveMaxDepth { min_depth: 4, max_depth: 3 },
        ),
        (
            Limits { time_limit_micros: Some(5), ..Limits::depth(3) },
            SearchError::TimeLimitWithoutClock,
        ),
    ];
    for (limits, expected) in cases {
        assert_eq!(solver.search(&mut board, &limits), Err(expected));
    }
    assert_eq!(
        SearchError::MinDepthAboveMaxDepth { min_depth: 4, max_depth: 3 }.to_string(),
        "min_depth 4 is greater than max_depth 3"
    );
    // A valid call with a clock works after the refusals.
    let ok = solver.search(&mut board, &Limits::depth(2).with_time_limit(&FixedClock, 10));
    assert_eq!(ok.unwrap().elapsed_micros, Some(0));
}

#[test]
fn more_moves_than_the_list_holds_is_an_error() {
    // Connect Four has 7 moves; a list of 6 overflows at the root, a list of 7 never does.
    let mut small: Engine<Connect4, Connect4Eval, 6, 42> = Engine::new(Connect4Eval, Config::new());
    let mut position = Connect4::from_moves("4444").unwrap();
    let before = position;
    assert_eq!(
        small.search(&mut position, &Limits::depth(3)),
        Err(SearchError::MoveListOverflow { capacity: 6, ply: 0 })
    );
    assert_eq!(position, before);

    assert_eq!(
        SearchError::MoveListOverflow { capacity: 6, ply: 0 }.to_string(),
        "the game generated more than 6 moves (the move-list capacity) at ply 0"
    );
}

/// A line of positions where the position at ply `k` has `k + 1` moves; the game ends at 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Widening {
    ply: u32,
}

impl Game for Widening {
    type Move = u32;
    type Player = bool;
    type Undo = ();
    fn side_to_move(&self) -> bool {
        self.ply.is_multiple_of(2)
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u32, N>) {
        for mv in 0..=self.ply {
            let _ = moves.push(mv);
        }
    }
    fn make_move(&mut self, _: u32) {
        self.ply += 1;
    }
    fn unmake_move(&mut self, _: u32, _: ()) {
        self.ply -= 1;
    }
    fn is_terminal(&self) -> bool {
        self.ply == 8
    }
    fn zobrist_key(&self) -> u64 {
        u64::from(self.ply)
    }
}

/// Scores 0.5 everywhere except NaN at the ply it is given.
struct NanAt(u32);
impl Evaluator<Widening> for NanAt {
    type Score = f64;
    fn evaluate(&self, _: &Widening, _: bool, ctx: EvalContext) -> f64 {
        if ctx.ply == self.0 {
            f64::NAN
        } else {
            0.5
        }
    }
}

#[test]
fn an_overflow_deep_in_the_tree_is_reported_with_its_ply_and_the_game_restored() {
    let mut engine: Engine<Widening, NanAt, 3, 16> = Engine::new(NanAt(99), Config::new());
    let mut game = Widening { ply: 0 };
    // Depths 1 to 3 fit (at most 3 moves up to ply 2); depth 4 generates 4 moves at ply 3.
    // Odd depths end on the opponent's move: its 0.5 is -0.5 for the root.
    assert_eq!(engine.search(&mut game, &Limits::depth(3)).unwrap().score, -0.5);
    assert_eq!(
        engine.search(&mut game, &Limits::depth(4)),
        Err(SearchError::MoveListOverflow { capacity: 3, ply: 3 })
    );
    assert_eq!(game, Widening { ply: 0 });
}

#[test]
fn a_nan_score_is_an_error_not_a_value() {
    let mut engine: Engine<Widening, NanAt, 8, 16> = Engine::new(NanAt(2), Config::new());
    let mut game = Widening { ply: 0 };
    assert_eq!(engine.search(&mut game, &Limits::depth(1)).unwrap().score, -0.5);
    assert_eq!(engine.search(&mut game, &Limits::depth(5)), Err(SearchError::NanScore { ply: 2 }));
    assert_eq!(game, Widening { ply: 0 });
    assert_eq!(
        engine.search_window(&mut game, 2, 0.0, 1.0).map(|r| r.score),
        Err(SearchError::NanScore { ply: 2 })
    );
    assert_eq!(SearchError::NanScore { ply: 2 }.to_string(), "the evaluator returned NaN at ply 2");
}

#[test]
fn an_empty_or_nan_window_is_refused() {
    let mut engine: Engine<Widening, NanAt, 8, 16> = Engine::new(NanAt(99), Config::new());
    let mut game = Widening { ply: 0 };
    for (alpha, beta) in [(1.0, 1.0), (2.0, 1.0), (f64::NAN, 1.0), (0.0, f64::NAN)] {
        assert_eq!(
            engine.search_window(&mut game, 2, alpha, beta).map(|r| r.score),
            Err(SearchError::InvalidWindow)
        );
    }
    assert_eq!(
        engine.search_window(&mut game, 17, 0.0, 1.0).map(|r| r.score),
        Err(SearchError::DepthBeyondCapacity { max_depth: 17, capacity: 16 })
    );
    let ok = engine.search_window(&mut game, 2, 0.0, 1.0).unwrap();
    assert_eq!((ok.score, ok.best_move, ok.nodes), (0.5, Some(0), 1 + 1 + 2));
}

#[test]
fn a_null_window_epsilon_that_is_not_positive_and_finite_is_refused() {
    for epsilon in [0.0, -1e-4, f64::NAN, f64::INFINITY] {
        let config = Config { null_window_epsilon: epsilon, ..Config::new() };
        let mut engine: Engine<Widening, NanAt, 8, 16> = Engine::new(NanAt(99), config);
        let mut game = Widening { ply: 0 };
        assert_eq!(
            engine.search(&mut game, &Limits::depth(2)).map(|r| r.score),
            Err(SearchError::InvalidNullWindowEpsilon),
            "{epsilon}"
        );
        assert_eq!(
            engine.search_window(&mut game, 2, 0.0, 1.0).map(|r| r.score),
            Err(SearchError::InvalidNullWindowEpsilon)
        );
        assert_eq!(
            SearchError::InvalidNullWindowEpsilon.to_string(),
            "null_window_epsilon must be a positive finite number"
        );
    }
}

/// A sorter that breaks its contract: `order_first` claims more moves than there are,
/// `order_best` always says the others still need ordering, `order_rest` reverses them.
struct Overclaiming;
impl alphabeta::ordering::MoveSorter<Board> for Overclaiming {
    fn order_first(
        &mut self,
        _: &Board,
        _: &mut [u8],
        hints: &alphabeta::ordering::OrderingHints<u8>,
    ) -> usize {
        // Every other node: claim too many; the rest: place none, so the later stages run.
        if hints.ply.is_multiple_of(2) {
            usize::MAX
        } else {
            0
        }
    }
    fn order_best<const N: usize>(
        &mut self,
        _: &Board,
        _: &mut [u8],
        _: &alphabeta::ordering::OrderingHints<u8>,
    ) -> bool {
        false
    }
    fn order_rest<const N: usize>(
        &mut self,
        _: &Board,
        moves: &mut [u8],
        _: &alphabeta::ordering::OrderingHints<u8>,
    ) {
        moves.reverse();
    }
    fn on_cutoff(
        &mut self,
        _: &Board,
        _: u8,
        _: &[u8],
        _: &alphabeta::ordering::OrderingHints<u8>,
    ) {
    }
    fn clear(&mut self) {}
}

#[test]
fn a_sorter_that_claims_too_much_only_costs_ordering() {
    // The engine trusts no count from a sorter: tic-tac-toe is still solved, a draw.
    let config = Config::value_preserving();
    let engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, config);
    let mut engine = engine.with_sorter(Overclaiming);
    let result = engine.search(&mut Board::new(), &Limits::depth(9)).unwrap();
    assert_eq!((result.score, result.depth, result.exact), (0, 9, true));
    assert_eq!(result.pv.len(), 9);
}

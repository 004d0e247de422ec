//! Othello: the rules against the published perft counts, the OBF reader, and the exact
//! solver against the FFO endgame test #1-#19 (Edax's solutions).

use alphabeta::games::othello::{
    flips, legal_moves, perft, solve, solve_last, solve_shallow, solve_wld, solver_engine,
    stability_bound, stable_discs, Color, ObfEntry, Othello, OthelloEval, ParseError, Square,
    SOLVER_CONFIG, SOLVE_EMPTIES,
};
use alphabeta::tt::TranspositionTable;
use alphabeta::{
    EvalContext, Evaluator, Game, MoveList, SearchError, SearchStats, WindowResult, WindowSearch,
};

/// Leaves of the game tree from the opening, depths 0 to 10 (a pass is a ply); the published
/// counts (Aart Bik's, repeated by every Othello perft since).
const PERFT: [u64; 11] = [1, 4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_284];

#[test]
fn perft_from_the_opening_equals_the_published_counts() {
    for (depth, &count) in PERFT.iter().enumerate() {
        assert_eq!(perft(&Othello::new(), depth as u32), count, "depth {depth}");
    }
}

/// Perft through the `Game` trait (generate, make, unmake and copy-make), to depth 8.
fn perft_by_trait(game: &mut Othello, depth: u32, copy: bool) -> u64 {
    if depth == 0 || game.is_terminal() {
        return 1;
    }
    let mut moves = MoveList::<Square, 40>::new();
    game.generate_moves(&mut moves);
    assert_eq!(moves.len() as u32, game.moves().count_ones());
    let mut total = 0;
    for &mv in &moves {
        if copy {
            let mut child = game.copy_make(mv).expect("copy-make");
            total += perft_by_trait(&mut child, depth - 1, copy);
        } else {
            let before = *game;
            let undo = game.make_move(mv);
            total += perft_by_trait(game, depth - 1, copy);
            game.unmake_move(mv, undo);
            assert_eq!(*game, before);
        }
    }
    total
}

#[test]
fn the_game_trait_walks_the_same_tree() {
    // No pass can happen in the first 8 plies, so the counts are the published ones.
    for copy in [false, true] {
        assert_eq!(perft_by_trait(&mut Othello::new(), 8, copy), PERFT[8], "copy {copy}");
    }
}

/// The flips of a move, by walking the board square by square (the reference).
fn slow_flips(p: u64, o: u64, sq: i32) -> u64 {
    let mut all = 0;
    for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let (mut r, mut c) = (sq / 8 + dr, sq % 8 + dc);
        let mut line = 0;
        while (0..8).contains(&r) && (0..8).contains(&c) && o >> (r * 8 + c) & 1 == 1 {
            line |= 1u64 << (r * 8 + c);
            r += dr;
            c += dc;
        }
        if (0..8).contains(&r) && (0..8).contains(&c) && p >> (r * 8 + c) & 1 == 1 {
            all |= line;
        }
    }
    all
}

#[test]
fn moves_and_flips_equal_a_square_by_square_walk_on_random_boards() {
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let (a, b) = (next(), next());
        let p = a & b;
        let o = !a & next();
        let empty = !(p | o);
        let mut expected = 0;
        for sq in 0..64 {
            if empty >> sq & 1 == 1 {
                let f = slow_flips(p, o, sq);
                assert_eq!(flips(p, o, sq as u8), f);
                if f != 0 {
                    expected |= 1 << sq;
                }
            }
        }
        assert_eq!(legal_moves(p, o), expected);
    }
}

#[test]
fn passes_keep_the_turn_and_a_full_board_ends_the_game() {
    // White to move has no move (every disc white can reach is its own): black moves again.
    // Row 1: X O . . . . . . ; the rest empty but A2 black.
    let board = format!("XO{}X{}", "-".repeat(6), "-".repeat(55));
    let position = Othello::from_board(&board, Color::White).unwrap();
    assert_eq!(position.side(), Color::Black, "white passes");
    assert_eq!(position.moves(), Square::parse("C1").unwrap().bit());
    let after = position.play(Square::parse("C1").unwrap());
    assert!(after.is_over());
    // Black's four discs, the 60 empty squares to the winner: white, whose turn it would be,
    // has lost by 64.
    assert_eq!((after.side(), after.final_score()), (Color::White, -64));
    // A full board: over, scored as it stands for the side to move (33 - 31).
    let full = Othello::from_board(&format!("{}{}", "X".repeat(33), "O".repeat(31)), Color::White);
    let full = full.unwrap();
    assert!(full.is_over());
    assert_eq!((full.side(), full.final_score()), (Color::White, -2));
}

#[test]
fn the_reader_refuses_malformed_lines_by_name() {
    let ok = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
    let entry = ObfEntry::parse(ok).unwrap();
    assert_eq!(entry.score(), Some(18));
    assert_eq!(entry.position.empty_count(), 14);
    assert!(entry.is_best(Square::parse("G8").unwrap(), 18));
    assert!(!entry.is_best(Square::parse("H1").unwrap(), 18));
    assert_eq!(ObfEntry::parse(&ok[1..]), Err(ParseError::Board { at: 63 }));
    assert_eq!(ObfEntry::parse(&ok.replace(" X;", " Y;")), Err(ParseError::Side));
    assert_eq!(ObfEntry::parse(&ok.replacen('-', "Z", 1)), Err(ParseError::Board { at: 0 }));
    assert_eq!(
        ObfEntry::parse(&ok.replace("H1:+12", "H1:12x")),
        Err(ParseError::Move { index: 1 })
    );
    // A1 is not a legal move there.
    assert_eq!(
        ObfEntry::parse(&ok.replace("H1:+12", "A1:+12")),
        Err(ParseError::Move { index: 1 })
    );
}

fn entries(text: &str) -> Vec<ObfEntry> {
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| ObfEntry::parse(l).unwrap()).collect()
}

static TABLE: TranspositionTable<i32, { 1 << 18 }> = TranspositionTable::new();

#[test]
fn ffo_1_to_19_are_solved_exactly_with_a_best_move() {
    let suite = entries(include_str!("data/othello/ffo-1-19.obf"));
    assert_eq!(suite.len(), 19);
    let mut engine = solver_engine(&TABLE);
    for (i, entry) in suite.iter().enumerate() {
        TABLE.clear();
        let solution = solve(&mut engine, entry.position).unwrap();
        assert_eq!(entry.position.side(), entry.side);
        let best = solution.best_move.expect("a move");
        assert!(
            entry.is_best(best, solution.score),
            "#{}: {} {} against {:?}",
            i + 1,
            best,
            solution.score,
            entry.moves.first()
        );
        // The win/loss/draw solve agrees.
        TABLE.clear();
        let wld = solve_wld(&mut engine, entry.position).unwrap();
        assert_eq!(wld.score, solution.score.signum(), "#{}", i + 1);
        let wld_best = wld.best_move.expect("a move");
        let achieved = entry.moves.iter().find(|&&(m, _)| m == wld_best).unwrap().1;
        assert_eq!(achieved.signum(), wld.score, "#{}", i + 1);
    }
}

/// A window search that knows the score: each test answers with the tightest fail-soft
/// bound (`g + 2` above a null window `(g, g + 1)`, `g` below), the worst case for the driver,
/// and records the windows asked.
#[derive(Debug)]
struct Oracle {
    score: i32,
    windows: Vec<(i32, i32)>,
}

impl WindowSearch<Othello> for Oracle {
    type Score = i32;
    fn search_window(
        &mut self,
        _: &mut Othello,
        _: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<WindowResult<Square, i32>, SearchError> {
        self.windows.push((alpha, beta));
        let score = if self.score > alpha { (alpha + 2).min(self.score) } else { alpha };
        let best_move = (score > alpha).then_some(Square(19));
        Ok(WindowResult { score, best_move, nodes: 1, stats: SearchStats::default() })
    }
}

#[test]
fn the_solve_driver_finds_every_score_in_at_most_12_null_window_tests() {
    let mut most = 0;
    for score in (-64..=64).step_by(2) {
        let mut oracle = Oracle { score, windows: Vec::new() };
        let solution = solve(&mut oracle, Othello::new()).unwrap();
        assert_eq!(solution.score, score);
        assert_eq!(solution.searches, oracle.windows.len() as u64);
        assert!(oracle.windows.iter().all(|&(a, b)| b == a + 1 && a % 2 == 0), "{oracle:?}");
        assert!(solution.searches <= 12, "score {score}: {:?}", oracle.windows);
        most = most.max(solution.searches);
    }
    // (The worst case: the steps 2, 6, 8, 8, ... and then the halvings of the last bracket.)
    assert_eq!(most, 12);
    // The first tests of a lopsided score: 0, then 2, 8, 16, ... (the step capped at 8).
    let mut oracle = Oracle { score: 28, windows: Vec::new() };
    solve(&mut oracle, Othello::new()).unwrap();
    let asked: Vec<i32> = oracle.windows.iter().map(|w| w.0).collect();
    assert_eq!(asked, [0, 2, 8, 16, 24, 32, 28, 26]);
}

/// The final score by plain negamax over every line (the reference).
fn brute_score(game: &Othello) -> i32 {
    if game.is_over() {
        return game.final_score();
    }
    let mut moves = MoveList::<Square, 40>::new();
    game.generate_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let child = game.play(mv);
            let score = brute_score(&child);
            if child.side() == game.side() {
                score
            } else {
                -score
            }
        })
        .max()
        .unwrap()
}

/// Positions with 1 to 7 empty squares, from random games (a fixed xorshift sequence), and
/// the finished games they end in.
fn late_positions() -> Vec<Othello> {
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut all = Vec::new();
    for _ in 0..300 {
        let mut game = Othello::new();
        while !game.is_over() {
            if game.empty_count() <= 7 {
                all.push(game);
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let moves = game.moves();
            let pick = (x % u64::from(moves.count_ones())) as u32;
            let mut set = moves;
            for _ in 0..pick {
                set &= set - 1;
            }
            game = game.play(Square(set.trailing_zeros() as u8));
        }
        all.push(game);
    }
    all
}

#[test]
fn the_last_empties_solver_is_fail_soft_exact_on_random_endgames() {
    let positions = late_positions();
    assert!(positions.len() > 2000, "{}", positions.len());
    let mut passes = 0;
    for game in positions.iter().filter(|g| g.empty_count() <= 6) {
        let exact = brute_score(game);
        passes += usize::from(has_pass(game));
        for (alpha, beta) in
            [(-65, 65), (exact - 1, exact + 1), (exact, exact + 1), (exact - 1, exact)]
                .into_iter()
                .chain((-64..=62).step_by(6).map(|a| (a, a + 1)))
        {
            let solved = solve_last(game, alpha, beta);
            let s = solved.score;
            assert!(solved.nodes >= 1);
            if s <= alpha {
                assert!(exact <= s, "{game} ({alpha}, {beta}): {s} above {exact}");
            } else if s >= beta {
                assert!(exact >= s, "{game} ({alpha}, {beta}): {s} below {exact}");
            } else {
                assert_eq!(s, exact, "{game} ({alpha}, {beta})");
            }
        }
    }
    assert!(passes > 0);
}

#[test]
fn the_shallow_solver_is_fail_soft_exact_on_random_endgames() {
    let positions = late_positions();
    let mut sevens = 0;
    for game in &positions {
        let exact = brute_score(game);
        sevens += usize::from(game.empty_count() == 7);
        for (alpha, beta) in
            [(-65, 65), (exact - 1, exact + 1), (exact, exact + 1), (exact - 1, exact)]
                .into_iter()
                .chain((-64..=62).step_by(6).map(|a| (a, a + 1)))
        {
            let solved = solve_shallow(game, alpha, beta);
            let s = solved.score;
            assert!(solved.nodes >= 1);
            if s <= alpha {
                assert!(exact <= s, "{game} ({alpha}, {beta}): {s} above {exact}");
            } else if s >= beta {
                assert!(exact >= s, "{game} ({alpha}, {beta}): {s} below {exact}");
            } else {
                assert_eq!(s, exact, "{game} ({alpha}, {beta})");
            }
        }
    }
    assert!(sevens > 200, "{sevens}");
}

/// Othello's evaluator with [`solve_last`] as its solver from 6 empty squares on: the
/// engine's node with the [`EndgameSorter`](alphabeta::games::othello::EndgameSorter) above,
/// and the stability cutoff of `solve_shallow` at 7 empty squares.
struct LastOnly;

impl Evaluator<Othello> for LastOnly {
    type Score = i32;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Othello, player: Color, ctx: EvalContext) -> i32 {
        OthelloEval.evaluate(game, player, ctx)
    }
    // The stability cutoff `solve_shallow` tries at its nodes (7 empty squares).
    const BOUNDS: bool = true;
    fn bound_cut(&self, game: &Othello, _: EvalContext, alpha: i32, beta: i32) -> Option<i32> {
        (game.empty_count() == 7).then(|| stability_bound(game, alpha, beta)).flatten()
    }
    const SOLVE_DEPTH: u32 = SOLVE_EMPTIES;
    fn solve_subtree(
        &self,
        game: &Othello,
        ctx: EvalContext,
        alpha: i32,
        beta: i32,
    ) -> Option<alphabeta::Solved<i32>> {
        (game.empty_count() <= SOLVE_EMPTIES.min(ctx.depth_left))
            .then(|| solve_last(game, alpha, beta))
    }
}

#[test]
fn the_shallow_solver_searches_the_tree_of_the_engine_with_the_sorter() {
    let mut sevens = 0;
    let mut cut_at_root = 0;
    for game in late_positions().into_iter().filter(|g| g.empty_count() == 7 && !g.is_over()) {
        sevens += 1;
        for (alpha, beta) in [(-65, 65), (-1, 1), (0, 1), (8, 9), (-9, -8), (-17, -16)] {
            let mut engine = alphabeta::Engine::<Othello, LastOnly, 34, 60, _, _>::with_parts(
                LastOnly,
                SOLVER_CONFIG,
                alphabeta::tt::NoTable,
                alphabeta::games::othello::EndgameSorter,
            );
            let shallow = solve_shallow(&game, alpha, beta);
            // The engine tries no bound at its root: where the stability cutoff ends the
            // shallow solver's root, its bound is the answer, from one node.
            if let Some(bound) = stability_bound(&game, alpha, beta) {
                assert_eq!((shallow.score, shallow.nodes), (bound, 1), "{game} ({alpha}, {beta})");
                cut_at_root += 1;
                continue;
            }
            // The engine's node at the root counts itself; its children are searched alike.
            let by_engine = engine.search_window(&mut { game }, 7, alpha, beta).unwrap();
            let side = |s: i32| (s > alpha, s < beta);
            assert_eq!(side(shallow.score), side(by_engine.score), "{game} ({alpha}, {beta})");
            // On a wider window the engine's principal variation search re-searches, and
            // fail-soft bounds may differ; on a null window the trees are the same.
            if beta == alpha + 1 {
                assert_eq!(shallow.score, by_engine.score, "{game} ({alpha}, {beta})");
                assert_eq!(shallow.nodes, by_engine.nodes, "{game} ({alpha}, {beta})");
            } else if alpha < shallow.score && shallow.score < beta {
                assert_eq!(shallow.score, by_engine.score, "{game} ({alpha}, {beta})");
            }
        }
    }
    assert!(sevens > 200, "{sevens}");
    println!("{cut_at_root} of {} searches cut at the root", sevens * 6);
    assert!(cut_at_root > 0 && cut_at_root < sevens * 3, "{cut_at_root}");
}

#[test]
fn the_table_ordered_solver_equals_the_plain_sorter_on_random_positions_of_10_to_14_empties() {
    static WITH: TranspositionTable<i32, { 1 << 14 }> = TranspositionTable::new();
    static PLAIN: TranspositionTable<i32, { 1 << 14 }> = TranspositionTable::new();
    let mut with = solver_engine(&WITH);
    let mut plain = alphabeta::Engine::<Othello, OthelloEval, 34, 60, _, _>::with_parts(
        OthelloEval,
        SOLVER_CONFIG,
        &PLAIN,
        alphabeta::games::othello::EndgameSorter,
    );
    let mut x: u64 = 0x5DEE_CE66_D1CE_4E5B;
    let mut solved = 0;
    for game_index in 0..40 {
        let game = random_game(&mut x, 10 + game_index % 5);
        if game.is_over() {
            continue;
        }
        WITH.clear();
        assert_same_score_and_a_best_move(&mut with, &mut plain, || PLAIN.clear(), game);
        solved += 1;
    }
    assert_eq!(solved, 40);
}

/// Asserts that `with` finds the score `plain` finds for `game`, and that its move achieves
/// it (by `plain`'s solve of the child). `clear` clears `plain`'s table; `with`'s is the
/// caller's.
fn assert_same_score_and_a_best_move<A, B>(
    with: &mut A,
    plain: &mut B,
    clear: impl Fn(),
    game: Othello,
) where
    A: alphabeta::WindowSearch<Othello, Score = i32>,
    B: alphabeta::WindowSearch<Othello, Score = i32>,
{
    clear();
    let a = solve(with, game).unwrap();
    let b = solve(plain, game).unwrap();
    assert_eq!(a.score, b.score, "{game}");
    let best = a.best_move.expect("a move");
    let child = game.play(best);
    clear();
    let c = solve(plain, child).unwrap();
    let achieved = if child.side() == game.side() { c.score } else { -c.score };
    assert_eq!(achieved, a.score, "{game}: {best}");
}

/// A game of random moves (xorshift state `x`) from the opening until at most `stop` empty
/// squares are left or it is over.
fn random_game(x: &mut u64, stop: u32) -> Othello {
    let mut game = Othello::new();
    while !game.is_over() && game.empty_count() > stop {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        let moves = game.moves();
        let mut set = moves;
        for _ in 0..(*x % u64::from(moves.count_ones())) {
            set &= set - 1;
        }
        game = game.play(Square(set.trailing_zeros() as u8));
    }
    game
}

/// Whether some line from `game` has a pass in it.
fn has_pass(game: &Othello) -> bool {
    let mut moves = MoveList::<Square, 40>::new();
    game.generate_moves(&mut moves);
    moves.iter().any(|&mv| {
        let child = game.play(mv);
        (child.side() == game.side() && !child.is_over()) || has_pass(&child)
    })
}

/// Othello's evaluator without its solver for the last empty squares: the engine searches
/// every node itself.
struct Plain;

impl Evaluator<Othello> for Plain {
    type Score = i32;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Othello, player: Color, ctx: EvalContext) -> i32 {
        OthelloEval.evaluate(game, player, ctx)
    }
}

#[test]
fn the_solver_with_and_without_its_last_empties_hook_agrees_on_random_endgames() {
    static WITH: TranspositionTable<i32, { 1 << 12 }> = TranspositionTable::new();
    static WITHOUT: TranspositionTable<i32, { 1 << 12 }> = TranspositionTable::new();
    let mut with = solver_engine(&WITH);
    let mut without = alphabeta::Engine::<Othello, Plain, 34, 60, _, _>::with_parts(
        Plain,
        SOLVER_CONFIG,
        &WITHOUT,
        alphabeta::games::othello::EndgameSorter,
    );
    let mut fewer = 0;
    for game in late_positions() {
        WITH.clear();
        WITHOUT.clear();
        let a = solve(&mut with, game).unwrap();
        let exact = brute_score(&game);
        assert_eq!(a.score, exact, "{game}");
        // The engine's own search of every node, open and null windows, agrees.
        let depth = game.empty_count();
        let open = without.search_window(&mut { game }, depth, -65, 65).unwrap();
        assert_eq!(open.score, exact, "{game}");
        for g in (-64..=62).step_by(8) {
            let with_hook = with.search_window(&mut { game }, depth, g, g + 1).unwrap();
            let plain = without.search_window(&mut { game }, depth, g, g + 1).unwrap();
            assert_eq!(with_hook.score > g, exact > g, "{game} ({g}, {})", g + 1);
            assert_eq!(plain.score > g, exact > g, "{game} ({g}, {})", g + 1);
        }
        if let Some(best) = a.best_move {
            let child = game.play(best);
            let achieved = if child.side() == game.side() {
                brute_score(&child)
            } else {
                -brute_score(&child)
            };
            assert_eq!(achieved, a.score, "{game}: {best}");
        }
        // The hook visits fewer nodes (the full boards are not counted, nor are moves
        // generated).
        WITH.clear();
        let hooked = with.search_window(&mut { game }, depth, -65, 65).unwrap();
        assert_eq!(hooked.score, exact, "{game}");
        fewer += usize::from(hooked.nodes < open.nodes);
    }
    assert!(fewer > 1000, "{fewer}");
}

#[test]
fn stable_discs_are_never_flipped_in_random_games() {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut checked = 0u32;
    for _ in 0..200 {
        let mut game = Othello::new();
        // Each colour's stable discs so far: they must stay that colour to the end.
        let mut kept = (0u64, 0u64);
        while !game.is_over() {
            let (black, white) = (game.discs(Color::Black), game.discs(Color::White));
            assert_eq!(kept.0 & !black, 0, "{game}");
            assert_eq!(kept.1 & !white, 0, "{game}");
            kept.0 |= stable_discs(black, white);
            kept.1 |= stable_discs(white, black);
            checked += (kept.0 | kept.1).count_ones();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let moves = game.moves();
            let mut set = moves;
            for _ in 0..(x % u64::from(moves.count_ones())) {
                set &= set - 1;
            }
            game = game.play(Square(set.trailing_zeros() as u8));
        }
    }
    assert!(checked > 10_000, "{checked}");
    // A full board is stable whole; a lone corner is stable.
    assert_eq!(stable_discs(0x00FF_00FF_00FF_00FF, 0xFF00_FF00_FF00_FF00), 0x00FF_00FF_00FF_00FF);
    assert_eq!(stable_discs(1, 2), 1);
    assert_eq!(stable_discs(2, 1), 0);
}

#[test]
fn the_pattern_ordered_solver_solves_ffo_1_to_19_and_equals_the_plain_sorter_on_random_positions_of_14_to_17_empties(
) {
    use alphabeta::games::othello::{pattern_solver_engine, PATTERN_ORDER_EMPTIES};
    static WITH: TranspositionTable<i32, { 1 << 16 }> = TranspositionTable::new();
    static PLAIN: TranspositionTable<i32, { 1 << 16 }> = TranspositionTable::new();
    let mut with = pattern_solver_engine(&WITH);
    let mut plain = solver_engine(&PLAIN);
    let suite = entries(include_str!("data/othello/ffo-1-19.obf"));
    let (mut nodes_with, mut nodes_plain) = (0, 0);
    for (i, entry) in suite.iter().enumerate() {
        WITH.clear();
        let solution = solve(&mut with, entry.position).unwrap();
        let best = solution.best_move.expect("a move");
        assert!(entry.is_best(best, solution.score), "#{}: {best} {}", i + 1, solution.score);
        PLAIN.clear();
        nodes_with += solution.nodes;
        nodes_plain += solve(&mut plain, entry.position).unwrap().nodes;
    }
    // The orders differ: the pattern evaluation orders the nodes from 14 empty squares.
    assert_eq!(PATTERN_ORDER_EMPTIES, 14);
    assert_ne!(nodes_with, nodes_plain);
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    for game_index in 0..24 {
        let game = random_game(&mut x, 14 + game_index % 4);
        assert!(!game.is_over() && game.empty_count() >= PATTERN_ORDER_EMPTIES, "{game}");
        WITH.clear();
        assert_same_score_and_a_best_move(&mut with, &mut plain, || PLAIN.clear(), game);
    }
}

#[test]
fn the_pattern_search_equals_minimax_on_the_pattern_evaluation_fail_soft_in_any_window() {
    use alphabeta::games::othello::pattern::{evaluate, SCALE};
    use alphabeta::games::othello::{pattern_order_depth, pattern_search};
    // Plain minimax, every move searched; a move that makes the opponent pass is one ply.
    fn minimax(game: &Othello, depth: u32) -> i32 {
        if game.is_over() {
            return game.final_score() * SCALE;
        }
        if depth == 0 {
            return evaluate(game.player(), game.opponent());
        }
        let mut best = i32::MIN;
        for square in (0..64).map(Square).filter(|&s| game.is_legal(s)) {
            let child = game.play(square);
            let value = minimax(&child, depth - 1);
            best = best.max(if child.side() == game.side() { value } else { -value });
        }
        best
    }
    const INF: i32 = 1 << 24;
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut checked = 0;
    for game_index in 0..60 {
        let game = random_game(&mut x, 4 + game_index % 30);
        for depth in 0..=3 {
            let exact = minimax(&game, depth);
            assert_eq!(pattern_search(&game, depth, -INF, INF), exact, "{game} depth {depth}");
            for (alpha, beta) in [(exact - 1, exact + 1), (exact, exact + 1), (exact - 1, exact)] {
                let value = pattern_search(&game, depth, alpha, beta);
                if exact <= alpha {
                    assert!(exact <= value && value <= alpha, "{game} {depth} {alpha} {value}");
                } else if exact >= beta {
                    assert!(beta <= value && value <= exact, "{game} {depth} {beta} {value}");
                } else {
                    assert_eq!(value, exact);
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 60 * 4 * 3);
    let depths = [13, 14, 16, 17, 19, 20, 23, 26, 27, 29, 30, 60].map(pattern_order_depth);
    assert_eq!(depths, [0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 6, 7]);
}

#[test]
fn solve_from_any_first_guess_finds_the_same_score_and_a_best_move() {
    use alphabeta::games::othello::{pattern_guess, pattern_solver_engine, solve_from};
    static TABLE: TranspositionTable<i32, { 1 << 16 }> = TranspositionTable::new();
    let mut engine = pattern_solver_engine(&TABLE);
    let suite = entries(include_str!("data/othello/ffo-1-19.obf"));
    for (i, entry) in suite.iter().enumerate().take(6) {
        let guess = pattern_guess(&entry.position);
        assert_eq!(guess % 2, 0, "#{}: {guess}", i + 1);
        assert!((-64..=64).contains(&guess), "#{}: {guess}", i + 1);
        for first in [guess, -100, -64, -63, -1, 0, 1, 17, 62, 64, 100] {
            TABLE.clear();
            let solution = solve_from(&mut engine, entry.position, first).unwrap();
            let best = solution.best_move.expect("a move");
            assert_eq!(Some(solution.score), entry.score(), "#{} from {first}", i + 1);
            assert!(entry.is_best(best, solution.score), "#{} from {first}: {best}", i + 1);
            // From the far end of the range, up to 18 tests walk across it (2, 6, then 8 apart).
            assert!((1..=18).contains(&solution.searches), "#{}: {}", i + 1, solution.searches);
        }
    }
}

//! Hostile review of `Engine::search_without_pv`: it must return `Engine::search`'s result in
//! every field but `pv`, and its `pv` must be a legal line from the root, no longer than the
//! depth.

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::prelude::*;
use alphabeta::{RootSearch, TtCutoffs};

fn configs() -> Vec<(String, Config)> {
    let mut out = Vec::new();
    for ordering in [false, true] {
        for id in [true, false] {
            for root in [RootSearch::FullWindow, RootSearch::Aspiration, RootSearch::Mtdf] {
                if !cfg!(feature = "refinements") && root != RootSearch::FullWindow {
                    continue;
                }
                for mdp in [false, true] {
                    for cut in [TtCutoffs::DeeperOrProven, TtCutoffs::EqualDraft, TtCutoffs::Never]
                    {
                        let c = Config {
                            ordering,
                            iterative_deepening: id,
                            root_search: root,
                            mate_distance_pruning: mdp,
                            tt_cutoffs: cut,
                            aspiration_half_width: 1.0,
                            ..Config::value_preserving()
                        };
                        out.push((format!("ord={ordering} id={id} {root:?} mdp={mdp} {cut:?}"), c));
                    }
                }
            }
        }
    }
    out
}

fn legal_line<G: Game + Clone>(root: &G, line: &[G::Move]) -> bool {
    let mut g = root.clone();
    for &mv in line {
        let mut moves = MoveList::<G::Move, 64>::new();
        g.generate_moves(&mut moves);
        if g.is_terminal() || !moves.as_slice().contains(&mv) {
            return false;
        }
        g.make_move(mv);
    }
    true
}

#[test]
fn tictactoe_without_pv_equals_search_but_the_line() {
    let mut failures = Vec::new();
    for (name, config) in configs() {
        for cells in [".........", "X...O....", "XO.X.O...", "XOX.O...."] {
            for depth in [1u32, 2, 3, 5, 9] {
                let board = Board::parse(cells).unwrap();
                let limits = Limits::depth(depth);
                let t1 = TranspositionTable::<i32, 64>::new();
                let t2 = TranspositionTable::<i32, 64>::new();
                let mut a = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config)
                    .with_table(&t1);
                let mut b = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config)
                    .with_table(&t2);
                // Twice: the second search on a table the first filled.
                for round in 0..2 {
                    let expected = a.search(&mut board.clone(), &limits).unwrap();
                    let got = b.search_without_pv(&mut board.clone(), &limits).unwrap();
                    let what = format!("{name} {cells} depth {depth} round {round}");
                    if (SearchResult { pv: got.pv.clone(), ..expected.clone() }) != got {
                        failures.push(format!("{what}: expected {expected:?}, got {got:?}"));
                    }
                    if !legal_line(&board, &got.pv)
                        || got.pv.len() > got.depth as usize
                        || got.pv.first().copied() != got.best_move
                    {
                        failures.push(format!("{what}: bad line {:?}", got.pv));
                    }
                }
            }
        }
    }
    assert_none(&failures);
}

/// Plain alpha-beta without a table polls apart from its node count when it keeps no line:
/// at every poll interval the node counts, and the searches a node limit stops, are
/// `search`'s.
#[test]
fn plain_without_pv_counts_and_stops_as_search_at_every_poll_interval() {
    let mut failures = Vec::new();
    for poll in [1u32, 2, 3, 7, 64, 1024] {
        for id in [false, true] {
            let config = Config {
                iterative_deepening: id,
                poll_interval_nodes: poll,
                ..Config::plain_alpha_beta()
            };
            for cells in [".........", "X...O....", "XOX.O...."] {
                for (depth, max_nodes) in [(9, None), (5, None), (9, Some(1)), (9, Some(777))] {
                    let board = Board::parse(cells).unwrap();
                    let limits = Limits::depth(depth);
                    let limits = match max_nodes {
                        Some(n) => limits.with_max_nodes(n),
                        None => limits,
                    };
                    let mut a = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config);
                    let mut b = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config);
                    let expected = a.search(&mut board.clone(), &limits);
                    let got = b.search_without_pv(&mut board.clone(), &limits);
                    let same = match (&expected, &got) {
                        (Ok(e), Ok(g)) => SearchResult { pv: g.pv.clone(), ..e.clone() } == *g,
                        (Err(e), Err(g)) => e == g,
                        _ => false,
                    };
                    if !same {
                        failures.push(format!(
                            "poll {poll} id={id} {cells} depth {depth} {max_nodes:?}: expected {expected:?}, got {got:?}"
                        ));
                    }
                }
            }
        }
        // The empty board's whole tree, counted exactly.
        let config = Config {
            iterative_deepening: false,
            poll_interval_nodes: poll,
            ..Config::plain_alpha_beta()
        };
        let mut engine = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config);
        let result = engine.search_without_pv(&mut Board::new(), &Limits::depth(9)).unwrap();
        if (result.score, result.nodes) != (0, 20_866) {
            failures.push(format!("poll {poll}: {} nodes, score {}", result.nodes, result.score));
        }
    }
    assert_none(&failures);
}

#[test]
fn connect4_without_pv_equals_search_but_the_line() {
    let mut failures = Vec::new();
    for (name, config) in configs() {
        for moves in ["", "4453", "332211", "4444443"] {
            let position = Connect4::from_moves(moves).unwrap();
            let limits = Limits::depth(6);
            let t1 = TranspositionTable::<i32, 4>::new();
            let t2 = TranspositionTable::<i32, 4>::new();
            let mut a =
                Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, config)
                    .with_table(&t1);
            let mut b =
                Engine::<Connect4, Connect4Heuristic, 7, 42>::new(Connect4Heuristic, config)
                    .with_table(&t2);
            for round in 0..2 {
                let expected = a.search(&mut position.clone(), &limits).unwrap();
                let got = b.search_without_pv(&mut position.clone(), &limits).unwrap();
                let what = format!("{name} {moves} round {round}");
                if (SearchResult { pv: got.pv.clone(), ..expected.clone() }) != got {
                    failures.push(format!("{what}: expected {expected:?}, got {got:?}"));
                }
                if !legal_line(&position, &got.pv) || got.pv.len() > got.depth as usize {
                    failures.push(format!("{what}: bad line {:?}", got.pv));
                }
            }
        }
    }
    assert_none(&failures);
}

/// Tables stale from another game (Connect Four entries read by tic-tac-toe: key
/// collisions), terminal roots, 2-slot tables: `search_without_pv` equals `search` but the line.
#[test]
fn stale_tables_and_terminal_roots() {
    let mut failures = Vec::new();
    let mut all = configs();
    all.push((
        "minimax".into(),
        Config { algorithm: alphabeta::Algorithm::Minimax, ..Config::new() },
    ));
    all.push((
        "minimax-no-id".into(),
        Config {
            algorithm: alphabeta::Algorithm::Minimax,
            iterative_deepening: false,
            ..Config::new()
        },
    ));
    all.push((
        "check-table".into(),
        Config {
            check_table: cfg!(feature = "refinements"),
            ordering: false,
            ..Config::value_preserving()
        },
    ));
    for (name, config) in all {
        for cells in ["XXXOO....", "XOXXOOOXX", "X...O....", "........."] {
            let board = Board::parse(cells).unwrap();
            let t1 = TranspositionTable::<i32, 2>::new();
            let t2 = TranspositionTable::<i32, 2>::new();
            for t in [&t1, &t2] {
                let mut other = Engine::<Connect4, Connect4Heuristic, 7, 42>::new(
                    Connect4Heuristic,
                    Config::new(),
                )
                .with_table(t);
                other
                    .search(&mut Connect4::from_moves("4453").unwrap(), &Limits::depth(5))
                    .unwrap();
            }
            let limits = Limits::depth(9);
            let mut a =
                Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t1);
            let mut b =
                Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t2);
            let expected = a.search(&mut board.clone(), &limits).unwrap();
            let got = b.search_without_pv(&mut board.clone(), &limits).unwrap();
            if (SearchResult { pv: got.pv.clone(), ..expected.clone() }) != got {
                failures.push(format!("{name} {cells}: expected {expected:?}, got {got:?}"));
            }
            if !legal_line(&board, &got.pv) || got.pv.len() > got.depth as usize {
                failures.push(format!("{name} {cells}: bad line {:?}", got.pv));
            }
        }
    }
    assert_none(&failures);
}

/// Found by a hostile review (minimal case): MTD(f) at the root, move ordering off, the
/// default table cutoffs and mate distance pruning, on a table that the engine's previous
/// search filled. `search` needs a third root search (its null-window test call cut off by
/// the table left no root move, so `mtdf_steps` searches once more); `search_without_pv`
/// read the root move back from the table inside each test call and skipped it (different
/// `nodes`, `root_searches`, `tt_probes`, `tt_hits`, `beta_cutoffs`) until it left an empty
/// root line empty, as `search` does.
#[cfg(feature = "refinements")]
#[test]
fn mtdf_without_ordering_on_a_warm_table_counts_what_search_counts() {
    let config =
        Config { ordering: false, root_search: RootSearch::Mtdf, ..Config::value_preserving() };
    let board = Board::parse("XO.X.O...").unwrap();
    let limits = Limits::depth(1);
    let t1 = TranspositionTable::<i32, 64>::new();
    let t2 = TranspositionTable::<i32, 64>::new();
    let mut with_line =
        Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t1);
    let mut without =
        Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t2);
    // The first searches agree and leave the two tables alike.
    let first = with_line.search(&mut board.clone(), &limits).unwrap();
    let first_without = without.search_without_pv(&mut board.clone(), &limits).unwrap();
    assert_eq!(first_without, SearchResult { pv: first_without.pv.clone(), ..first });
    // The second, on the warm tables.
    let expected = with_line.search(&mut board.clone(), &limits).unwrap();
    let got = without.search_without_pv(&mut board.clone(), &limits).unwrap();
    assert_eq!(got, SearchResult { pv: got.pv.clone(), ..expected });
}

/// A game with cycles: a token on a ring of 6 cells, each side moves it 1 or 2 steps either
/// way (so positions repeat), never ending; the evaluation is the cell's value for the side
/// to move.
#[derive(Clone, Debug)]
struct Ring {
    cell: u8,
    side: u8,
}

impl Game for Ring {
    type Move = u8;
    type Player = u8;
    type Undo = u8;
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
        for step in [1u8, 2, 4, 5] {
            let _ = moves.push(step);
        }
    }
    fn make_move(&mut self, step: u8) -> u8 {
        let old = self.cell;
        self.cell = (self.cell + step) % 6;
        self.side ^= 1;
        old
    }
    fn unmake_move(&mut self, _: u8, old: u8) {
        self.cell = old;
        self.side ^= 1;
    }
    fn is_terminal(&self) -> bool {
        false
    }
    fn zobrist_key(&self) -> u64 {
        0x9e37_79b9_7f4a_7c15u64.wrapping_mul(u64::from(self.cell) * 2 + u64::from(self.side) + 1)
    }
}

struct RingEval;
impl Evaluator<Ring> for RingEval {
    type Score = i32;
    const MATE_SCORES: bool = false;
    fn evaluate(&self, game: &Ring, player: u8, _: EvalContext) -> i32 {
        let v = [3, -1, 4, -1, 5, -9][game.cell as usize];
        if player == game.side {
            v
        } else {
            -v
        }
    }
}

/// Repetition, tiny tables (2 and 4 slots), node caps that stop mid-iteration, a strength
/// level: the result equals `search`'s but the line; the line is legal, within the depth, and
/// meets no position twice.
#[test]
fn repetition_node_caps_and_strength() {
    let mut failures = Vec::new();
    let configs = [
        ("plain", Config::plain_alpha_beta()),
        (
            "plain+cutoffs",
            Config { tt_cutoffs: TtCutoffs::DeeperOrProven, ..Config::plain_alpha_beta() },
        ),
        ("no-ordering", Config { ordering: false, ..Config::value_preserving() }),
        ("no-id", Config { iterative_deepening: false, ..Config::new() }),
        (
            "strength",
            Config {
                strength: Some(alphabeta::Strength { margin: 2.0, seed: 7 }),
                ordering: false,
                ..Config::value_preserving()
            },
        ),
        ("tie-break", Config { tie_break_seed: Some(11), ..Config::plain_alpha_beta() }),
    ];
    for (name, config) in configs {
        for cap in [None, Some(1u64), Some(5), Some(17), Some(60), Some(200), Some(1000)] {
            for depth in [1u32, 3, 6, 10] {
                let limits = match cap {
                    Some(n) => Limits::depth(depth).with_max_nodes(n),
                    None => Limits::depth(depth),
                };
                let limits = if config.iterative_deepening {
                    limits
                } else {
                    Limits { min_depth: depth, ..limits }
                };
                let t1 = TranspositionTable::<i32, 2>::new();
                let t2 = TranspositionTable::<i32, 2>::new();
                let mut a = Engine::<Ring, RingEval, 4, 16>::new(RingEval, config).with_table(&t1);
                let mut b = Engine::<Ring, RingEval, 4, 16>::new(RingEval, config).with_table(&t2);
                let root = Ring { cell: 0, side: 0 };
                for round in 0..2 {
                    let what = format!("{name} cap {cap:?} depth {depth} round {round}");
                    let expected = a.search(&mut root.clone(), &limits);
                    let got = b.search_without_pv(&mut root.clone(), &limits);
                    let (expected, got) = match (expected, got) {
                        (Ok(e), Ok(g)) => (e, g),
                        (e, g) => {
                            if format!("{e:?}") != format!("{g:?}") {
                                failures.push(format!("{what}: {e:?} vs {g:?}"));
                            }
                            continue;
                        }
                    };
                    if (SearchResult { pv: got.pv.clone(), ..expected.clone() }) != got {
                        failures.push(format!("{what}: expected {expected:?}, got {got:?}"));
                    }
                    if got.pv.len() > (got.depth as usize).max(1) {
                        failures.push(format!(
                            "{what}: line {:?} longer than depth {}",
                            got.pv, got.depth
                        ));
                    }
                    if config.strength.is_some() {
                        // The level keeps the search's line whole (documented).
                        if got.pv != expected.pv {
                            failures.push(format!(
                                "{what}: strength line {:?} vs {:?}",
                                got.pv, expected.pv
                            ));
                        }
                        continue;
                    }
                    let mut g = root.clone();
                    let mut seen = vec![g.zobrist_key()];
                    for (i, &mv) in got.pv.iter().enumerate() {
                        g.make_move(mv);
                        if seen.contains(&g.zobrist_key()) && i + 1 < got.pv.len() {
                            failures
                                .push(format!("{what}: line {:?} goes on past a repeat", got.pv));
                            break;
                        }
                        seen.push(g.zobrist_key());
                    }
                }
            }
        }
    }
    assert_none(&failures);
}

/// Tables of 0 and 1 slots ("a table that stores nothing"): `search_without_pv` equals
/// `search` but the line, and its line is the best move alone or a legal line.
#[test]
fn tables_of_zero_and_one_slot() {
    let config = Config::plain_alpha_beta();
    let board = Board::parse("X...O....").unwrap();
    let limits = Limits::depth(7);
    let t0a = TranspositionTable::<i32, 0>::new();
    let t0b = TranspositionTable::<i32, 0>::new();
    let t1a = TranspositionTable::<i32, 1>::new();
    let t1b = TranspositionTable::<i32, 1>::new();
    let mut a = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t0a);
    let mut b = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t0b);
    let expected = a.search(&mut board.clone(), &limits).unwrap();
    let got = b.search_without_pv(&mut board.clone(), &limits).unwrap();
    assert_eq!(got, SearchResult { pv: got.pv.clone(), ..expected });
    assert!(legal_line(&board, &got.pv) && !got.pv.is_empty());
    let mut a = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t1a);
    let mut b = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t1b);
    let expected = a.search(&mut board.clone(), &limits).unwrap();
    let got = b.search_without_pv(&mut board.clone(), &limits).unwrap();
    assert_eq!(got, SearchResult { pv: got.pv.clone(), ..expected });
    assert!(legal_line(&board, &got.pv) && !got.pv.is_empty());
}

/// `search_without_pv_with_info`: every iteration's line is legal, within its depth, and the
/// iterations' depths, scores, node counts and exactness are `search_with_info`'s.
#[test]
fn with_info_lines() {
    let mut failures = Vec::new();
    for (name, config) in configs() {
        for cells in ["X...O....", "........."] {
            let board = Board::parse(cells).unwrap();
            let t1 = TranspositionTable::<i32, 16>::new();
            let t2 = TranspositionTable::<i32, 16>::new();
            let limits = Limits::depth(9);
            let mut a =
                Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t1);
            let mut b =
                Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, config).with_table(&t2);
            let mut expected = Vec::new();
            let mut got = Vec::new();
            a.search_with_info(&mut board.clone(), &limits, |i| {
                expected.push((i.depth, i.score, i.nodes, i.exact))
            })
            .unwrap();
            b.search_without_pv_with_info(&mut board.clone(), &limits, |i| {
                got.push((i.depth, i.score, i.nodes, i.exact));
                if !legal_line(&board, i.pv) || i.pv.len() > i.depth as usize || i.pv.is_empty() {
                    failures.push(format!("{name} {cells}: depth {} line {:?}", i.depth, i.pv));
                }
            })
            .unwrap();
            if got != expected {
                failures.push(format!("{name} {cells}: {expected:?} vs {got:?}"));
            }
        }
    }
    assert_none(&failures);
}

/// Fails with the count and the first few of `failures`, if any.
fn assert_none(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failures, first:\n{}",
        failures.len(),
        failures[..failures.len().min(8)].join("\n")
    );
}

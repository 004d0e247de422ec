//! Tic-tac-toe against its known solution: the size of the game tree and the exact value and
//! optimal moves of all 5,478 reachable positions (tests/data/tictactoe/positions.txt).

use alphabeta::games::tictactoe::{Board, Mark, TicTacToeEval};
use alphabeta::{Algorithm, Config, Engine, Game, Limits};

type Solver = Engine<Board, TicTacToeEval, 9, 9>;

fn fixed_depth(algorithm: Algorithm) -> Config {
    Config { algorithm, iterative_deepening: false, ..Config::plain_alpha_beta() }
}

#[test]
fn plain_minimax_visits_the_whole_game_tree() {
    // The tic-tac-toe game tree has 549,946 nodes, the root included.
    let mut solver = Solver::new(TicTacToeEval, fixed_depth(Algorithm::Minimax));
    let mut board = Board::new();
    let result = solver.search(&mut board, &Limits::depth(9)).unwrap();
    assert_eq!(result.nodes, 549_946);
    assert_eq!(result.score, 0);
    assert!(result.exact);
    assert_eq!(result.depth, 9);
    assert_eq!(board, Board::new());
}

#[test]
fn alpha_beta_finds_the_draw_from_the_empty_board() {
    let mut solver = Solver::new(TicTacToeEval, fixed_depth(Algorithm::AlphaBeta));
    let mut board = Board::new();
    let result = solver.search(&mut board, &Limits::depth(9)).unwrap();
    assert_eq!(result.score, 0);
    assert!(result.exact);
    // The same node count as an independent left-to-right alpha-beta written below.
    let (value, nodes) = reference_alpha_beta(&mut ['.'; 9], 'X', 0, -i32::MAX, i32::MAX);
    assert_eq!((value, nodes), (0, 20_866));
    assert_eq!(result.nodes, nodes);
    // A drawn line of 9 plies.
    assert_eq!(result.pv.len(), 9);
    assert_eq!(result.best_move, Some(0));
}

/// Fail-soft negamax alpha-beta on a plain array board, cells left to right, scores
/// `±(1_000_000 - ply)` for wins and losses: (value for the side to move, nodes visited).
fn reference_alpha_beta(
    cells: &mut [char; 9],
    me: char,
    ply: i32,
    mut alpha: i32,
    beta: i32,
) -> (i32, u64) {
    const LINES: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    let other = if me == 'X' { 'O' } else { 'X' };
    if LINES.iter().any(|l| l.iter().all(|&c| cells[c] == other)) {
        return (-(1_000_000 - ply), 1);
    }
    if cells.iter().all(|&c| c != '.') {
        return (0, 1);
    }
    let (mut best, mut nodes) = (-i32::MAX, 1);
    for cell in 0..9 {
        if cells[cell] != '.' {
            continue;
        }
        cells[cell] = me;
        let (child, child_nodes) = reference_alpha_beta(cells, other, ply + 1, -beta, -alpha);
        cells[cell] = '.';
        nodes += child_nodes;
        best = best.max(-child);
        alpha = alpha.max(-child);
        if alpha >= beta {
            break;
        }
    }
    (best, nodes)
}

struct Position {
    line: usize,
    board: Board,
    side: Mark,
    value: i32,
    optimal: Vec<u8>,
}

fn positions() -> Vec<Position> {
    let text = include_str!("data/tictactoe/positions.txt");
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 4, "line {}: {line}", index + 1);
        let side = match fields[1] {
            "X" => Mark::X,
            "O" => Mark::O,
            other => panic!("line {}: side {other}", index + 1),
        };
        let optimal = if fields[3] == "-" {
            Vec::new()
        } else {
            fields[3].split(',').map(|c| c.parse().unwrap()).collect()
        };
        out.push(Position {
            line: index + 1,
            board: Board::parse(fields[0]).unwrap(),
            side,
            value: fields[2].parse().unwrap(),
            optimal,
        });
    }
    out
}

#[test]
fn every_reachable_position_is_solved_exactly() {
    let positions = positions();
    assert_eq!(positions.len(), 5_478);
    let configs = [
        ("minimax", Config { algorithm: Algorithm::Minimax, ..Config::new() }),
        ("plain alpha-beta", Config::plain_alpha_beta()),
        ("value-preserving", Config::value_preserving()),
    ];
    for (algorithm, config) in configs {
        let mut solver = Solver::new(TicTacToeEval, config);
        for p in &positions {
            let mut board = p.board;
            assert_eq!(board.side_to_move(), p.side, "line {}", p.line);
            let result = solver.search(&mut board, &Limits::depth(9)).unwrap();
            assert_eq!(board, p.board, "line {}: the game was not restored", p.line);
            assert!(result.exact, "line {}", p.line);
            assert_eq!(result.score.signum(), p.value, "line {} ({algorithm:?})", p.line);
            match result.best_move {
                None => assert!(p.optimal.is_empty(), "line {}: no move returned", p.line),
                Some(mv) => assert!(
                    p.optimal.contains(&mv),
                    "line {} ({algorithm:?}): {mv} is not among {:?}",
                    p.line,
                    p.optimal
                ),
            }
            // The principal variation is a legal line that starts with the best move.
            assert_eq!(result.pv.first().copied(), result.best_move, "line {}", p.line);
            let mut replay = p.board;
            for &mv in &result.pv {
                assert!(replay.cell(mv).is_none() && !replay.is_terminal(), "line {}", p.line);
                replay.make_move(mv);
            }
            assert!(result.pv.is_empty() || replay.is_terminal(), "line {}", p.line);
        }
    }
}

#[test]
fn node_counts_do_not_depend_on_the_poll_interval() {
    // The node counter counts down to the next clock poll: every count (per iteration, in
    // all, and in the statistics) must come out the same whatever the interval.
    for base in [Config::plain_alpha_beta(), Config::value_preserving(), Config::new()] {
        let run = |interval: u32| {
            let config = Config { poll_interval_nodes: interval, ..base };
            let mut solver = Solver::new(TicTacToeEval, config);
            let mut per_iteration = Vec::new();
            let mut board = Board::parse("X...O....").unwrap();
            let result = solver
                .search_with_info(&mut board, &Limits::depth(9), |info| {
                    per_iteration.push(info.nodes)
                })
                .unwrap();
            assert_eq!(result.stats.nodes, result.nodes);
            (result.nodes, result.stats, per_iteration)
        };
        let expected = run(1024);
        assert_eq!(expected.2.last(), Some(&expected.0), "{base:?}");
        assert!(expected.2.windows(2).all(|w| w[0] < w[1]), "{base:?}");
        for interval in [1, 2, 7, 4096, u32::MAX] {
            assert_eq!(run(interval), expected, "{base:?}, interval {interval}");
        }
    }
}

#[test]
fn the_exact_solver_solves_every_reachable_position() {
    // `Engine::solve` (null-window tests, no iterative deepening) with and without a table:
    // the value's sign and an optimal move for every position, the game restored.
    use alphabeta::tt::TranspositionTable;
    static TABLE: TranspositionTable<i32, 8192> = TranspositionTable::new();
    let positions = positions();
    let mut bare = Solver::new(TicTacToeEval, Config::new());
    let mut tabled = Solver::new(TicTacToeEval, Config::new()).with_table(&TABLE);
    for p in &positions {
        let mut board = p.board;
        let reference = bare.solve(&mut board, &Limits::depth(9)).unwrap();
        assert_eq!(board, p.board, "line {}: the game was not restored", p.line);
        let solution = tabled.solve(&mut board, &Limits::depth(9)).unwrap();
        assert_eq!(board, p.board, "line {}: the game was not restored", p.line);
        for s in [reference, solution] {
            assert!(s.exact, "line {}", p.line);
            assert_eq!(s.value.signum(), p.value, "line {}", p.line);
            assert_eq!((s.lower, s.upper), (s.value, s.value), "line {}", p.line);
            match s.best_move {
                None => assert!(p.optimal.is_empty(), "line {}: no move returned", p.line),
                Some(mv) => assert!(p.optimal.contains(&mv), "line {}: {mv}", p.line),
            }
        }
        // With the table the value is the same, distance included.
        assert_eq!(solution.value, reference.value, "line {}", p.line);
        // And it is the value of the full-depth search.
        let searched = bare.search(&mut board, &Limits::depth(9)).unwrap();
        assert_eq!(solution.value, searched.score, "line {}", p.line);
    }
}

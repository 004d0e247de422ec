//! Search traces and their Graphviz drawings: the reference alpha-beta's trace of every tree
//! file against its expected JSON, the DOT text of two files exactly and the DOT structure of
//! every file, and the engine's traced search against the reference (tree files) and against
//! an independent alpha-beta (tic-tac-toe), with the same results as the untraced search.
#![cfg(feature = "std")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use alphabeta::games::connect4::{Connect4, Connect4Heuristic};
use alphabeta::games::tictactoe::{Board, TicTacToeEval};
use alphabeta::trace::{CutoffKind, SearchTrace, TraceEvent};
use alphabeta::tree::{Tree, TreeEvaluator, TreeGame};
use alphabeta::tt::TranspositionTable;
use alphabeta::{Config, Engine, Game, Limits, MoveList};
use serde_json::Value;

#[path = "../examples/tree.rs"]
#[allow(dead_code)]
mod example;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trees")
}

/// Every tree file with an expected JSON, sorted.
fn tree_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "tree"))
        .collect();
    files.sort();
    assert!(files.len() >= 16, "the tree files are missing");
    files
}

fn parse(path: &Path) -> Tree {
    Tree::parse_bytes(&std::fs::read(path).unwrap()).unwrap()
}

fn expected(path: &Path) -> Value {
    let text = std::fs::read_to_string(path.with_extension("expected.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn names(tree: &Tree, nodes: &[usize]) -> Vec<String> {
    nodes.iter().map(|&n| tree.name(n).to_owned()).collect()
}

/// A DOT file as the writer prints it: node id → attributes, (from, to) → attributes.
struct Dot {
    nodes: BTreeMap<usize, String>,
    edges: BTreeMap<(usize, usize), String>,
}

fn id(text: &str) -> usize {
    text.trim().strip_prefix('n').and_then(|n| n.parse().ok()).expect("a node id nN")
}

fn parse_dot(dot: &str) -> Dot {
    let mut nodes = BTreeMap::new();
    let mut edges = BTreeMap::new();
    let lines: Vec<&str> = dot.lines().collect();
    assert_eq!((lines[0], *lines.last().unwrap()), ("digraph search {", "}"));
    for line in &lines[1..lines.len() - 1] {
        let line = line.trim();
        if line.starts_with("graph ") || line.starts_with("node ") || line.starts_with("edge ") {
            continue;
        }
        let (head, attributes) = line.split_once(" [").expect("statement with attributes");
        let attributes = attributes.strip_suffix("];").expect("ends with ];").to_owned();
        match head.split_once(" -> ") {
            Some((from, to)) => assert!(edges.insert((id(from), id(to)), attributes).is_none()),
            None => assert!(nodes.insert(id(head), attributes).is_none()),
        }
    }
    Dot { nodes, edges }
}

/// The value of `key="…"` (or `key=…`) in a list of attributes.
fn attribute<'a>(attributes: &'a str, key: &str) -> Option<&'a str> {
    let start = attributes.find(&format!("{key}="))? + key.len() + 1;
    let rest = &attributes[start..];
    if let Some(quoted) = rest.strip_prefix('"') {
        // Labels escape their quotes; none of the tested names has one.
        quoted.split_once('"').map(|(value, _)| value)
    } else {
        Some(rest.split(',').next().unwrap_or(rest).trim())
    }
}

const SEED_DOT: &str = r##"digraph search {
  graph [label="alpha-beta: seed-example.tree\nboxes MAX, ellipses MIN; ≤ v or ≥ v: a bound; α β: the window searched with\ngold: the principal variation; dashed grey: pruned", labelloc=t, fontname="Helvetica", fontsize=12, nodesep=0.25, ranksep=0.45];
  node [fontname="Helvetica", fontsize=11, margin="0.08,0.04"];
  edge [fontname="Helvetica", fontsize=10, arrowsize=0.6];
  n0 [shape=box, label="A\n4\nα -∞  β ∞", style="filled,bold", fillcolor="#fdefc3", color="#b8860b"];
  n1 [shape=ellipse, label="B\n4\nα -∞  β ∞", style="filled,bold", fillcolor="#fdefc3", color="#b8860b"];
  n2 [shape=ellipse, label="C\n≤ 3\nα 4  β ∞", style=solid];
  n3 [shape=box, label="D\n4\nα -∞  β ∞", style="filled,bold", fillcolor="#fdefc3", color="#b8860b"];
  n4 [shape=box, label="E\n≥ 5\nα -∞  β 4", style=solid];
  n5 [shape=box, label="F\n≤ 3\nα 4  β ∞", style=solid];
  n6 [shape=box, label="G\npruned", style=dashed, color="#9a9a9a", fontcolor="#9a9a9a"];
  n7 [shape=ellipse, label="H\n4\nα -∞  β ∞", style="filled,bold", fillcolor="#fdefc3", color="#b8860b"];
  n8 [shape=ellipse, label="I\n1\nα 4  β ∞", style=solid];
  n9 [shape=ellipse, label="J\n5\nα -∞  β 4", style=solid];
  n10 [shape=ellipse, label="K\nnot evaluated", style=dashed, color="#9a9a9a", fontcolor="#9a9a9a"];
  n11 [shape=ellipse, label="L\n3\nα 4  β ∞", style=solid];
  n12 [shape=ellipse, label="M\n2\nα 4  β ∞", style=solid];
  n13 [shape=ellipse, label="N\nnot evaluated", style=dashed, color="#9a9a9a", fontcolor="#9a9a9a"];
  n14 [shape=ellipse, label="O\nnot evaluated", style=dashed, color="#9a9a9a", fontcolor="#9a9a9a"];
  n0 -> n1 [color="#b8860b", penwidth=3];
  n0 -> n2 [color=black];
  n1 -> n3 [color="#b8860b", penwidth=3];
  n1 -> n4 [color=black];
  n2 -> n5 [color=black];
  n2 -> n6 [style=dashed, color="#9a9a9a", fontcolor="#c0392b", label="α-cut"];
  n3 -> n7 [color="#b8860b", penwidth=3];
  n3 -> n8 [color=black];
  n4 -> n9 [color=black];
  n4 -> n10 [style=dashed, color="#9a9a9a", fontcolor="#c0392b", label="β-cut"];
  n5 -> n11 [color=black];
  n5 -> n12 [color=black];
  n6 -> n13 [style=dashed, color="#9a9a9a"];
  n6 -> n14 [style=dashed, color="#9a9a9a"];
}
"##;

const TEXTBOOK_MINIMAX_DOT: &str = r##"digraph search {
  graph [label="minimax: textbook-3ply.tree\nboxes MAX, ellipses MIN; gold: the principal variation", labelloc=t, fontname="Helvetica", fontsize=12, nodesep=0.25, ranksep=0.45];
  node [fontname="Helvetica", fontsize=11, margin="0.08,0.04"];
  edge [fontname="Helvetica", fontsize=10, arrowsize=0.6];
  n0 [shape=box, label="A\n3", style="filled,bold", fillcolor="#fdefc3", color="#b8860b"];
  n1 [shape=ellipse, label="B\n3", style="filled,bold", fillcolor="#fdefc3", color="#b8860b"];
  n2 [shape=ellipse, label="C\n2", style=solid];
  n3 [shape=ellipse, label="D\n2", style=solid];
  n4 [shape=box, label="B1\n3", style="filled,bold", fillcolor="#fdefc3", color="#b8860b"];
  n5 [shape=box, label="B2\n12", style=solid];
  n6 [shape=box, label="B3\n8", style=solid];
  n7 [shape=box, label="C1\n2", style=solid];
  n8 [shape=box, label="C2\n4", style=solid];
  n9 [shape=box, label="C3\n6", style=solid];
  n10 [shape=box, label="D1\n14", style=solid];
  n11 [shape=box, label="D2\n5", style=solid];
  n12 [shape=box, label="D3\n2", style=solid];
  n0 -> n1 [color="#b8860b", penwidth=3];
  n0 -> n2 [color=black];
  n0 -> n3 [color=black];
  n1 -> n4 [color="#b8860b", penwidth=3];
  n1 -> n5 [color=black];
  n1 -> n6 [color=black];
  n2 -> n7 [color=black];
  n2 -> n8 [color=black];
  n2 -> n9 [color=black];
  n3 -> n10 [color=black];
  n3 -> n11 [color=black];
  n3 -> n12 [color=black];
}
"##;

fn example_output(args: &[&str]) -> Result<String, String> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    example::run(&args)
}

#[test]
fn the_example_draws_the_seed_example_exactly() {
    let file = data_dir().join("seed-example.tree");
    let dot = example_output(&[file.to_str().unwrap(), "--dot"]).unwrap();
    assert_eq!(dot, SEED_DOT);
}

#[test]
fn the_example_draws_minimax_over_the_whole_textbook_tree_exactly() {
    let file = data_dir().join("textbook-3ply.tree");
    let dot = example_output(&[file.to_str().unwrap(), "--dot", "--minimax"]).unwrap();
    assert_eq!(dot, TEXTBOOK_MINIMAX_DOT);
}

#[test]
fn the_example_refuses_minimax_without_dot_and_json_with_dot() {
    let file = data_dir().join("seed-example.tree");
    let file = file.to_str().unwrap();
    let error = example_output(&[file, "--minimax"]).unwrap_err();
    assert!(error.starts_with("--minimax draws with --dot; usage: tree FILE"), "{error}");
    let error = example_output(&[file, "--dot", "--json"]).unwrap_err();
    assert!(error.starts_with("--json and --dot are exclusive; usage"), "{error}");
}

/// Every tree file's picture against its expected JSON: one DOT node per tree node, the edges
/// labelled α-cut or β-cut exactly the expected cutoffs' pruned children (labelled at the node
/// that cut), the gold edges exactly the expected principal variation, the leaves marked "not
/// evaluated" exactly the ones alpha-beta skipped, and the root's value the expected one.
#[test]
fn every_tree_files_picture_agrees_with_its_expected_json() {
    for path in tree_files() {
        let tree = parse(&path);
        let expected = expected(&path);
        let what = path.display().to_string();
        let dot = parse_dot(&example_output(&[path.to_str().unwrap(), "--dot"]).unwrap());
        assert_eq!(dot.nodes.len(), tree.node_count(), "{what}");
        assert_eq!(dot.edges.len(), tree.node_count() - 1, "{what}");
        for &(from, to) in dot.edges.keys() {
            assert!(tree.children(from).contains(&to), "{what}: {from} -> {to}");
        }
        // The cut edges, by names: (node, pruned child) → kind.
        let mut cut_edges = BTreeMap::new();
        for ((from, to), attributes) in &dot.edges {
            if let Some(label) = attribute(attributes, "label") {
                assert_eq!(attribute(attributes, "style"), Some("dashed"), "{what}");
                let kind = match label {
                    "β-cut" => "beta",
                    "α-cut" => "alpha",
                    other => panic!("{what}: edge label {other}"),
                };
                cut_edges.insert((tree.name(*from).to_owned(), tree.name(*to).to_owned()), kind);
            }
        }
        let mut expected_cuts = BTreeMap::new();
        for cut in expected["cutoffs"].as_array().unwrap() {
            for pruned in cut["pruned"].as_array().unwrap() {
                let key =
                    (cut["node"].as_str().unwrap().to_owned(), pruned.as_str().unwrap().to_owned());
                expected_cuts.insert(key, cut["kind"].as_str().unwrap());
            }
        }
        assert_eq!(cut_edges, expected_cuts, "{what}: cut edges");
        // The gold edges form the principal variation from the root.
        let gold: BTreeMap<usize, usize> = dot
            .edges
            .iter()
            .filter(|(_, a)| attribute(a, "penwidth") == Some("3"))
            .map(|(&(from, to), _)| (from, to))
            .collect();
        let mut line = Vec::new();
        let mut node = 0;
        while let Some(&next) = gold.get(&node) {
            line.push(tree.name(next).to_owned());
            node = next;
        }
        assert_eq!(line.len(), gold.len(), "{what}: the gold edges are one line from the root");
        let expected_pv: Vec<&str> =
            expected["pv"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
        assert_eq!(line, expected_pv, "{what}: principal variation");
        // Leaves never evaluated.
        let not_evaluated = dot
            .nodes
            .values()
            .filter(|a| attribute(a, "label").is_some_and(|l| l.ends_with("\\nnot evaluated")))
            .count() as u64;
        let leaves = (
            expected["minimax_leaves"].as_u64().unwrap(),
            expected["alphabeta_leaves"].as_u64().unwrap(),
        );
        assert_eq!(not_evaluated, leaves.0 - leaves.1, "{what}: leaves not evaluated");
        // The root's value and full window.
        let root = attribute(&dot.nodes[&0], "label").unwrap();
        let value = example::number(expected["value"].as_f64().unwrap()).to_string();
        assert_eq!(root, format!("{}\\n{value}\\nα -∞  β ∞", tree.name(0)), "{what}");
    }
}

/// The trace's own accounts agree with the reference report on every file: cutoffs (with
/// their pruned children), leaves evaluated, principal variation; and every node is entered
/// at most once, every entered node gets a value, and a node's value lies where its window
/// says (a leaf's is its value).
#[test]
fn every_tree_files_trace_agrees_with_its_report() {
    for path in tree_files() {
        let tree = parse(&path);
        let report = tree.report();
        let trace = tree.trace();
        let what = path.display().to_string();
        let cuts: Vec<(String, String, CutoffKind, Vec<String>)> = trace
            .cutoffs()
            .iter()
            .map(|c| {
                (
                    tree.name(c.node).to_owned(),
                    tree.name(c.after).to_owned(),
                    c.kind,
                    names(&tree, &c.pruned),
                )
            })
            .collect();
        let expected: Vec<(String, String, CutoffKind, Vec<String>)> = report
            .cutoffs
            .iter()
            .map(|c| (c.node.clone(), c.after.clone(), c.kind, c.pruned.clone()))
            .collect();
        assert_eq!(cuts, expected, "{what}");
        assert_eq!(trace.leaves_evaluated(), report.alphabeta_leaves, "{what}");
        assert_eq!(names(&tree, &trace.principal_variation()), report.pv, "{what}");
        let minimax = tree.minimax_trace();
        assert_eq!(minimax.leaves_evaluated(), report.minimax_leaves, "{what}");
        assert_eq!(names(&tree, &minimax.principal_variation()), report.pv, "{what}");
        assert!(minimax.cutoffs().is_empty());
        let values = tree.minimax_values();
        for (node, searches) in minimax.searches().iter().enumerate() {
            assert_eq!(searches.len(), 1, "{what}: minimax searches every node once");
            assert_eq!(searches[0].value, Some(values[node]), "{what}");
        }
        for (node, searches) in trace.searches().iter().enumerate() {
            assert!(searches.len() <= 1, "{what}");
            let Some(search) = searches.first() else { continue };
            let value = search.value.expect("every entered node returns");
            let exact = values[node];
            if tree.is_leaf(node) {
                assert_eq!(value, exact);
            } else if value <= search.alpha {
                assert!(exact <= value, "{what}: {} fails low", tree.name(node));
            } else if value >= search.beta {
                assert!(exact >= value, "{what}: {} fails high", tree.name(node));
            } else {
                assert_eq!(value, exact, "{what}: {} inside its window", tree.name(node));
            }
        }
    }
}

/// The engine's traced search of a tree file (plain alpha-beta, the whole depth, moves in file
/// order) makes exactly the reference alpha-beta's steps: the same events, node for node.
#[test]
fn the_engines_trace_of_every_tree_file_equals_the_reference() {
    for path in tree_files() {
        let tree = parse(&path);
        let what = path.display().to_string();
        let height = tree.height().max(1);
        let config = Config { iterative_deepening: false, ..Config::plain_alpha_beta() };
        let mut engine: Engine<TreeGame<'_>, TreeEvaluator, 8, 64> =
            Engine::new(TreeEvaluator, config);
        let mut game = TreeGame::new(&tree);
        let untraced = engine.search(&mut game, &Limits::depth(height)).unwrap();
        let (result, trace) =
            engine.search_traced(&mut game, &Limits::depth(height), height).unwrap();
        assert_eq!(result, untraced, "{what}: the trace changes nothing");
        // The engine's trace nodes as tree nodes, through the moves.
        let mut tree_node = vec![0usize; trace.nodes.len()];
        for (node, entry) in trace.nodes.iter().enumerate().skip(1) {
            let parent = tree_node[entry.parent.unwrap()];
            tree_node[node] = tree.children(parent).start + entry.mv.unwrap() as usize;
        }
        let mapped: Vec<TraceEvent> = trace
            .events
            .iter()
            .map(|event| match *event {
                TraceEvent::Enter { node, alpha, beta } => {
                    TraceEvent::Enter { node: tree_node[node], alpha, beta }
                }
                TraceEvent::Value { node, value } => {
                    TraceEvent::Value { node: tree_node[node], value }
                }
                TraceEvent::Window { node, alpha, beta } => {
                    TraceEvent::Window { node: tree_node[node], alpha, beta }
                }
                TraceEvent::Cut { node, after, kind } => {
                    TraceEvent::Cut { node: tree_node[node], after: tree_node[after], kind }
                }
            })
            .collect();
        let reference = tree.trace();
        assert_eq!(mapped, reference.events, "{what}");
        for (node, entry) in trace.nodes.iter().enumerate() {
            assert_eq!(entry.max, tree.is_max(tree_node[node]), "{what}");
        }
        // The pruned moves are the pruned children.
        let pruned: Vec<Vec<usize>> = trace
            .cutoffs()
            .iter()
            .map(|c| c.pruned.iter().map(|&n| tree_node[n]).collect())
            .collect();
        let expected: Vec<Vec<usize>> = reference.cutoffs().into_iter().map(|c| c.pruned).collect();
        assert_eq!(pruned, expected, "{what}");
    }
}

/// An independent fail-soft alpha-beta over tic-tac-toe (negamax, moves in generation order),
/// telling its steps as the trace does (MAX's view, windows told before the next move or a
/// cut), down to `plies`; the nodes it visits are counted in `nodes`.
struct Reference {
    plies: u32,
    events: Vec<(Vec<u8>, char, f64, f64)>,
    nodes: u64,
}

impl Reference {
    fn max_view(score: i32, max: bool) -> f64 {
        let value = match score {
            i32::MAX => f64::INFINITY,
            s if s == -i32::MAX => f64::NEG_INFINITY,
            s => f64::from(s),
        };
        if max {
            value
        } else {
            -value
        }
    }

    fn window(alpha: i32, beta: i32, max: bool) -> (f64, f64) {
        if max {
            (Self::max_view(alpha, true), Self::max_view(beta, true))
        } else {
            (Self::max_view(beta, false), Self::max_view(alpha, false))
        }
    }

    fn search(
        &mut self,
        board: &mut Board,
        path: &mut Vec<u8>,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        use alphabeta::{EvalContext, Evaluator};
        self.nodes += 1;
        let max = ply.is_multiple_of(2);
        let recorded = ply <= self.plies;
        let (a, b) = Self::window(alpha, beta, max);
        if recorded {
            self.events.push((path.clone(), 'E', a, b));
        }
        let value = if board.is_terminal() {
            TicTacToeEval.evaluate(
                board,
                board.side_to_move(),
                EvalContext { ply, depth_left: 9 - ply },
            )
        } else {
            let mut moves = MoveList::<u8, 9>::new();
            board.generate_moves(&mut moves);
            let mut best = -i32::MAX;
            let mut told = (a, b);
            for (index, &cell) in moves.iter().enumerate() {
                if recorded && ply < self.plies && told != Self::window(alpha, beta, max) {
                    told = Self::window(alpha, beta, max);
                    self.events.push((path.clone(), 'W', told.0, told.1));
                }
                board.make_move(cell);
                path.push(cell);
                let score = -self.search(board, path, ply + 1, -beta, -alpha);
                path.pop();
                board.unmake_move(cell, ());
                if score > best || index == 0 {
                    best = score;
                }
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if recorded && ply < self.plies && index + 1 < moves.len() {
                            let w = Self::window(alpha, beta, max);
                            if told != w {
                                self.events.push((path.clone(), 'W', w.0, w.1));
                            }
                            let mut after = path.clone();
                            after.push(cell);
                            self.events.push((after, 'C', 0.0, 0.0));
                        }
                        break;
                    }
                }
            }
            best
        };
        if recorded {
            self.events.push((path.clone(), 'V', Self::max_view(value, max), 0.0));
        }
        value
    }
}

/// The trace's events as (path of moves, kind, numbers), for comparison with [`Reference`].
fn as_paths(trace: &SearchTrace<u8>) -> Vec<(Vec<u8>, char, f64, f64)> {
    let path = |mut node: usize| {
        let mut moves = Vec::new();
        while let Some(mv) = trace.nodes[node].mv {
            moves.push(mv);
            node = trace.nodes[node].parent.unwrap();
        }
        moves.reverse();
        moves
    };
    trace
        .events
        .iter()
        .map(|event| match *event {
            TraceEvent::Enter { node, alpha, beta } => (path(node), 'E', alpha, beta),
            TraceEvent::Window { node, alpha, beta } => (path(node), 'W', alpha, beta),
            TraceEvent::Value { node, value } => (path(node), 'V', value, 0.0),
            TraceEvent::Cut { after, .. } => (path(after), 'C', 0.0, 0.0),
        })
        .collect()
}

/// Tic-tac-toe from several positions, traced to 1, 2, 3 and 9 plies: the same steps as the
/// independent alpha-beta, the same result as the untraced search, and the nodes recorded plus
/// the nodes hidden below the last ply make up the search's node count.
#[test]
fn the_engines_trace_of_tic_tac_toe_equals_an_independent_alpha_beta() {
    for cells in [".........", "X...O....", "XO.X.O...", "XX.OO....", "XOXOXO..."] {
        for plies in [1, 2, 3, 9] {
            let board = Board::parse(cells).unwrap();
            let depth = 9 - cells.chars().filter(|&c| c != '.').count() as u32;
            let config = Config { iterative_deepening: false, ..Config::plain_alpha_beta() };
            let mut engine: Engine<Board, TicTacToeEval, 9, 9> = Engine::new(TicTacToeEval, config);
            let untraced = engine.search(&mut board.clone(), &Limits::depth(depth)).unwrap();
            let (result, trace) =
                engine.search_traced(&mut board.clone(), &Limits::depth(depth), plies).unwrap();
            assert_eq!(result, untraced, "{cells} {plies}");
            let mut reference = Reference { plies, events: Vec::new(), nodes: 0 };
            let value =
                reference.search(&mut board.clone(), &mut Vec::new(), 0, -i32::MAX, i32::MAX);
            assert_eq!((value, reference.nodes), (result.score, result.nodes), "{cells}");
            assert_eq!(as_paths(&trace), reference.events, "{cells} {plies}");
            let entered = trace.searches().iter().filter(|s| !s.is_empty()).count() as u64;
            let hidden: u64 = trace.nodes.iter().map(|n| n.hidden_nodes).sum();
            assert_eq!(entered + hidden, result.nodes, "{cells} {plies}");
            let pv: Vec<u8> =
                trace.principal_variation().iter().map(|&n| trace.nodes[n].mv.unwrap()).collect();
            assert_eq!(pv[..], result.pv[..pv.len()], "{cells} {plies}");
            assert_eq!(pv.len(), (plies as usize).min(result.pv.len()), "{cells} {plies}");
        }
    }
}

/// With the default configuration and a table (ordering, PVS with its re-searches, table
/// cutoffs), and on Connect Four with late move reductions, the traced search returns what
/// the untraced one returns, nodes included, and its trace is well formed: every Enter has its
/// Value, nodes follow their parents, the root's value is the score.
#[test]
fn traced_searches_with_every_feature_return_the_untraced_result() {
    static TABLE: TranspositionTable<i32, 4096> = TranspositionTable::new();
    for cells in [".........", "X...O....", "XO.X.O..."] {
        let board = Board::parse(cells).unwrap();
        TABLE.clear();
        let mut engine = Engine::<Board, TicTacToeEval, 9, 9>::new(TicTacToeEval, Config::new())
            .with_table(&TABLE);
        let untraced = engine.search(&mut board.clone(), &Limits::depth(9)).unwrap();
        TABLE.clear();
        engine.clear_history();
        let (traced, trace) =
            engine.search_traced(&mut board.clone(), &Limits::depth(9), 3).unwrap();
        assert_eq!(traced, untraced, "{cells}");
        check_well_formed(&trace, f64::from(traced.score));
    }
    for moves in ["", "4453", "332211"] {
        let position = Connect4::from_moves(moves).unwrap();
        let mut engine: Engine<Connect4, Connect4Heuristic, 7, 42> =
            Engine::new(Connect4Heuristic, Config::new());
        let untraced = engine.search(&mut position.clone(), &Limits::depth(8)).unwrap();
        engine.clear_history();
        let (traced, trace) =
            engine.search_traced(&mut position.clone(), &Limits::depth(8), 2).unwrap();
        assert_eq!(traced, untraced, "{moves}");
        check_well_formed(&trace, f64::from(traced.score));
        let dot = trace.to_dot(moves, |n| {
            trace.nodes[n].mv.map_or("root".into(), |c| format!("column {}", c + 1))
        });
        assert_eq!(parse_dot(&dot).nodes.len(), trace.nodes.len());
    }
}

fn check_well_formed<M>(trace: &SearchTrace<M>, score: f64) {
    assert!(!trace.nodes.is_empty());
    for (node, entry) in trace.nodes.iter().enumerate() {
        assert!(entry.parent.is_none_or(|p| p < node));
    }
    let mut open = Vec::new();
    for event in &trace.events {
        match *event {
            TraceEvent::Enter { node, alpha, beta } => {
                assert!(alpha <= beta, "a window is never inverted");
                open.push(node);
            }
            TraceEvent::Value { node, .. } => assert_eq!(open.pop(), Some(node)),
            TraceEvent::Window { node, .. } | TraceEvent::Cut { node, .. } => {
                assert_eq!(open.last(), Some(&node));
            }
        }
    }
    assert!(open.is_empty());
    assert_eq!(trace.events.last(), Some(&TraceEvent::Value { node: 0, value: score }));
}

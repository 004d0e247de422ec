//! The game-tree files in `tests/data/trees`: the reference minimax and alpha-beta against the
//! expected results, the errors of the malformed files, huge generated trees, the `tree`
//! example's output, and the real engine searching every tree.

use std::cell::Cell;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use alphabeta::tree::{Report, Tree, TreeError, TreeEvaluator, TreeGame};
use alphabeta::{Algorithm, Config, Engine, EvalContext, Evaluator, Limits};
use serde_json::{json, Value};

// The example's logic, compiled into this test: its JSON is the one checked here.
#[path = "../examples/tree.rs"]
#[allow(dead_code)]
mod example;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trees")
}

/// The files in `dir` ending in `.tree`, sorted.
fn tree_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "tree"))
        .collect();
    files.sort();
    files
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read_bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn parse(path: &Path) -> Tree {
    Tree::parse_bytes(&read_bytes(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn expected(tree_path: &Path) -> Value {
    let path = tree_path.with_extension("expected.json");
    serde_json::from_str(&read(&path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Integral numbers as integers, others as floats, so that `4` and `4.0` compare equal.
fn normalize(value: Value) -> Value {
    match value {
        Value::Number(n) => {
            let f = n.as_f64().unwrap();
            if f.fract() == 0.0 && f.abs() < 9e15 {
                Value::from(f as i64)
            } else {
                Value::Number(n)
            }
        }
        Value::Array(items) => Value::Array(items.into_iter().map(normalize).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, normalize(v))).collect())
        }
        other => other,
    }
}

/// The report as a JSON value, built field by field (independently of the example's text).
fn report_value(report: &Report) -> Value {
    let cutoffs: Vec<Value> = report
        .cutoffs
        .iter()
        .map(|c| json!({"node": c.node, "after": c.after, "kind": c.kind.as_str(), "pruned": c.pruned}))
        .collect();
    normalize(json!({
        "value": report.value,
        "pv": report.pv,
        "minimax_leaves": report.minimax_leaves,
        "alphabeta_leaves": report.alphabeta_leaves,
        "cutoffs": cutoffs,
    }))
}

fn good_files() -> Vec<PathBuf> {
    let files = tree_files(&data_dir());
    assert!(files.len() >= 16, "the tree files are missing: {files:?}");
    files
}

#[test]
fn every_report_equals_its_expected_json() {
    for path in good_files() {
        let report = parse(&path).report();
        assert_eq!(report_value(&report), normalize(expected(&path)), "{}", path.display());
    }
}

#[test]
fn seed_example_is_4_through_b_not_3_through_c() {
    let report = parse(&data_dir().join("seed-example.tree")).report();
    assert_eq!(report.value, 4.0);
    assert_eq!(report.pv, ["B", "D", "H"]);
    let cuts: Vec<String> = report
        .cutoffs
        .iter()
        .map(|c| format!("{} {} {} {}", c.node, c.after, c.kind, c.pruned.join(",")))
        .collect();
    assert_eq!(cuts, ["E J beta K", "C F alpha G"]);
}

#[test]
fn the_example_prints_the_expected_json() {
    for path in good_files() {
        let file = path.to_str().unwrap().to_owned();
        let output = example::run(&[file.clone(), "--json".to_owned()]).unwrap();
        assert!(output.ends_with('\n') && output.lines().count() == 1, "{output}");
        let printed: Value = serde_json::from_str(&output).unwrap();
        assert_eq!(normalize(printed), normalize(expected(&path)), "{file}");
        // Same fields, order and spacing as the expected file, byte for byte.
        let expected_text = read(&path.with_extension("expected.json"));
        assert_eq!(output.trim_end(), expected_text.trim_end(), "{file}");
    }
}

#[test]
fn the_example_prints_integral_values_as_integers() {
    assert_eq!(example::number(4.0).to_string(), "4");
    assert_eq!(example::number(-15.0).to_string(), "-15");
    assert_eq!(example::number(-0.0).to_string(), "0");
    assert_eq!(example::number(0.1).to_string(), "0.1");
    assert_eq!(example::number(-2.5).to_string(), "-2.5");
    assert_eq!(example::number(1e300).to_string(), "1e+300");
    assert_eq!(example::number(9_007_199_254_740_992.0).to_string(), "9007199254740992");
    assert_eq!(example::number(-9_007_199_254_740_992.0).to_string(), "-9007199254740992");
}

#[test]
fn the_example_prints_a_readable_report() {
    let file = data_dir().join("seed-example.tree").to_str().unwrap().to_owned();
    let output = example::run(&[file]).unwrap();
    assert!(output.contains("value: 4\n"), "{output}");
    assert!(output.contains("principal variation: B D H\n"), "{output}");
    assert!(output.contains("minimax 8, alpha-beta 5"), "{output}");
    assert!(output.contains("beta cut at E after J") && output.contains("skipped K"), "{output}");
    assert!(output.contains("alpha cut at C after F") && output.contains("skipped G"), "{output}");
}

#[test]
fn the_example_reports_bad_arguments_and_files_in_one_line() {
    let run = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        example::run(&args).expect_err("must fail")
    };
    let missing = data_dir().join("no-such-file.tree").to_str().unwrap().to_owned();
    let bad = data_dir().join("bad/cycle.tree").to_str().unwrap().to_owned();
    for (message, needle) in [
        (run(&[]), "no file given"),
        (run(&["--json"]), "no file given"),
        (run(&["--depth", "3"]), "invalid option '--depth'"),
        (run(&["a.tree", "b.tree"]), "more than one file"),
        (run(&[&missing]), "no-such-file.tree: "),
        (
            run(&[&bad, "--json"]),
            "cycle.tree: line 3: node \"A\" is the root and cannot be a child",
        ),
    ] {
        assert!(message.contains(needle), "{message:?} lacks {needle:?}");
        assert!(!message.contains('\n'), "{message:?}");
    }
}

/// Every file in `bad/`, its line and a phrase its message must contain.
const BAD: &[(&str, usize, &str)] = &[
    ("cycle.tree", 3, "node \"A\" is the root and cannot be a child"),
    ("empty.tree", 1, "empty"),
    ("leaf-without-value.tree", 2, "node \"C\" has no children and no value"),
    ("missing-end.tree", 5, "without END"),
    ("non-numeric-value.tree", 5, "value \"two\" of node \"C\" is not a number"),
    ("unreachable-node.tree", 3, "node \"D\" is not reachable from the root"),
];

#[test]
fn every_bad_file_gives_its_error_and_line() {
    let files = tree_files(&data_dir().join("bad"));
    let names: Vec<&str> = files.iter().map(|p| p.file_name().unwrap().to_str().unwrap()).collect();
    let listed: Vec<&str> = BAD.iter().map(|&(name, _, _)| name).collect();
    assert_eq!(names, listed, "every file in bad/ needs an entry in BAD");
    for &(name, line, needle) in BAD {
        let path = data_dir().join("bad").join(name);
        let error: TreeError = Tree::parse_bytes(&read_bytes(&path)).expect_err(name);
        assert_eq!(Tree::parse(&read(&path)).unwrap_err(), error, "{name}");
        let message = error.to_string();
        assert_eq!(error.line(), line, "{name}: {message}");
        assert!(message.starts_with(&format!("line {line}: ")), "{name}: {message:?}");
        assert!(message.contains(needle), "{name}: {message:?} lacks {needle:?}");
        assert!(!message.contains('\n'), "{name}: {message:?}");
        // The example prefixes the file name.
        let printed = example::run(&[path.to_str().unwrap().to_owned()]).expect_err(name);
        assert!(printed.ends_with(&format!("{name}: {message}")), "{printed}");
    }
}

/// Writes `bytes` to a fresh file under the target directory and returns its path.
fn scratch_file(name: &str, bytes: &[u8]) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("trees");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn the_example_reports_bytes_that_are_not_utf8_with_their_line() {
    // Before: "latin1.tree: stream did not contain valid UTF-8", no line.
    let file = scratch_file("latin1.tree", b"ROOT A\nA B\nVALUE\nB 1 # caf\xe9\nEND\n");
    let message = example::run(std::slice::from_ref(&file)).unwrap_err();
    assert_eq!(
        message,
        format!(
            "{file}: line 4: the file is not valid UTF-8: a bad byte at column 10 (byte offset 26 \
             of the file)"
        )
    );
}

#[test]
fn the_example_reads_a_file_with_a_byte_order_mark() {
    // Before: "line 1: expected \"ROOT <name>\" as the first line".
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend_from_slice(&read_bytes(&data_dir().join("seed-example.tree")));
    let file = scratch_file("bom.tree", &bytes);
    let output = example::run(&[file, "--json".to_owned()]).unwrap();
    let expected_text = read(&data_dir().join("seed-example.expected.json"));
    assert_eq!(output.trim_end(), expected_text.trim_end());
}

#[test]
fn the_example_quotes_a_50_mb_name_in_a_short_line() {
    // Before: the message held the whole name, 52,428,868 bytes.
    let mut text = b"ROOT A\nA B\nVALUE\nB 1\n".to_vec();
    text.resize(text.len() + 52_428_800, b'x');
    text.extend_from_slice(b" 2\nEND\n");
    let file = scratch_file("long-name.tree", &text);
    let message = example::run(std::slice::from_ref(&file)).unwrap_err();
    assert_eq!(
        message,
        format!(
            "{file}: line 5: node \"{}…\" (52428800 bytes) is not reachable from the root",
            "x".repeat(40)
        )
    );
}

#[test]
fn the_example_prints_2_pow_53_exactly_and_refuses_2_pow_53_plus_1() {
    let file = scratch_file("big.tree", b"ROOT A\nA B C\nVALUE\nB 9007199254740992\nC 0\nEND\n");
    let output = example::run(&[file, "--json".to_owned()]).unwrap();
    assert_eq!(
        output,
        "{\"value\": 9007199254740992, \"pv\": [\"B\"], \"minimax_leaves\": 2, \
         \"alphabeta_leaves\": 2, \"cutoffs\": []}\n"
    );
    // Before: value 9007199254740992.0 and PV B, silently.
    let file =
        scratch_file("too-big.tree", b"ROOT A\nA B C\nVALUE\nB 9007199254740993\nC 0\nEND\n");
    assert_eq!(
        example::run(std::slice::from_ref(&file)).unwrap_err(),
        format!(
            "{file}: line 4: value \"9007199254740993\" of node \"B\" is too large to be \
             represented exactly (the integer part must be at most 2^53 = 9007199254740992 in \
             magnitude)"
        )
    );
}

#[test]
fn a_generated_multi_megabyte_tree_has_every_node() {
    // A root with three subtrees: a chain of CHAIN nodes ending in a leaf worth 7, a complete
    // 4-ary tree of depth 8 whose leaves are worth at most 6, and GROUP leaves with 120-byte
    // names worth 0. The root (MAX) takes 7 through the chain.
    const CHAIN: usize = 100_001; // c0 … c100000, an odd number of edges below the root
    const ARITY: usize = 4;
    const DEPTH: u32 = 8;
    const GROUP: usize = 20_000;
    let mut text = String::from("ROOT root\nroot c0 b g\n");
    for i in 0..CHAIN - 1 {
        writeln!(text, "c{i} c{}", i + 1).unwrap();
    }
    // Bushy: node "b" then "b" followed by the child digits 0..ARITY, level by level.
    let mut level = vec![String::from("b")];
    for _ in 0..DEPTH {
        let mut next = Vec::with_capacity(level.len() * ARITY);
        for node in &level {
            text.push_str(node);
            for k in 0..ARITY {
                let child = format!("{node}{k}");
                write!(text, " {child}").unwrap();
                next.push(child);
            }
            text.push('\n');
        }
        level = next;
    }
    let long = |j: usize| format!("{}{j:08}", "n".repeat(112));
    text.push('g');
    for j in 0..GROUP {
        write!(text, " {}", long(j)).unwrap();
    }
    text.push_str("\nVALUE\n");
    writeln!(text, "c{} 7", CHAIN - 1).unwrap();
    for (i, leaf) in level.iter().enumerate() {
        writeln!(text, "{leaf} {}", (i % 10) as i64 - 3).unwrap();
    }
    for j in 0..GROUP {
        writeln!(text, "{} 0", long(j)).unwrap();
    }
    text.push_str("END\n");
    assert!(text.len() > 6_000_000, "{} bytes", text.len());

    let tree = Tree::parse_bytes(text.as_bytes()).unwrap();
    let bushy_leaves = ARITY.pow(DEPTH);
    let bushy_nodes = (ARITY.pow(DEPTH + 1) - 1) / (ARITY - 1);
    assert_eq!(tree.node_count(), 1 + CHAIN + bushy_nodes + 1 + GROUP);
    assert_eq!(tree.leaf_count(), 1 + bushy_leaves + GROUP);
    assert_eq!(tree.height() as usize, CHAIN);
    assert_eq!(tree.children(0), 1..4);
    assert_eq!((tree.name(1), tree.name(2), tree.name(3)), ("c0", "b", "g"));
    assert_eq!(tree.children(3).len(), GROUP);
    let last = tree.children(3).end - 1;
    assert_eq!((tree.name(last), tree.value(last)), (long(GROUP - 1).as_str(), Some(0.0)));
    let report = tree.report();
    assert_eq!(report.value, 7.0);
    assert_eq!(report.pv.len(), CHAIN);
    assert_eq!(report.pv.last().map(String::as_str), Some(&*format!("c{}", CHAIN - 1)));
    assert_eq!(report.minimax_leaves, tree.leaf_count() as u64);
}

const HUGE: usize = 200_000;

#[test]
fn a_chain_200000_deep_parses_and_evaluates() {
    let mut text = String::from("ROOT c0\n");
    for i in 0..HUGE {
        writeln!(text, "c{i} c{}", i + 1).unwrap();
    }
    writeln!(text, "VALUE\nc{HUGE} -3.5\nEND").unwrap();
    let tree = Tree::parse(&text).unwrap();
    assert_eq!((tree.node_count(), tree.height() as usize), (HUGE + 1, HUGE));
    let report = tree.report();
    assert_eq!(report.value, -3.5);
    assert_eq!(report.pv.len(), HUGE);
    assert_eq!(report.pv.last().map(String::as_str), Some(&*format!("c{HUGE}")));
    assert_eq!((report.minimax_leaves, report.alphabeta_leaves), (1, 1));
    assert!(report.cutoffs.is_empty());
    drop(tree); // Dropping is not recursive either.
}

#[test]
fn a_comb_200000_deep_with_a_narrowing_window() {
    // Spine node s_i has a leaf a_i, then s_{i+1}. MAX leaves rise (-(D - i)), MIN leaves fall
    // (D - i): the window narrows all the way down but never closes, and the spine's last leaf
    // (0) is the value.
    let mut text = String::from("ROOT s0\n");
    for i in 0..HUGE {
        writeln!(text, "s{i} a{i} s{}", i + 1).unwrap();
    }
    text.push_str("VALUE\n");
    for i in 0..HUGE {
        let d = (HUGE - i) as i64;
        writeln!(text, "a{i} {}", if i % 2 == 0 { -d } else { d }).unwrap();
    }
    writeln!(text, "s{HUGE} 0\nEND").unwrap();
    let report = Tree::parse(&text).unwrap().report();
    assert_eq!(report.value, 0.0);
    let spine: Vec<String> = (1..=HUGE).map(|i| format!("s{i}")).collect();
    assert_eq!(report.pv, spine);
    assert_eq!(
        (report.minimax_leaves, report.alphabeta_leaves),
        (HUGE as u64 + 1, HUGE as u64 + 1)
    );
    assert!(report.cutoffs.is_empty());
}

#[test]
fn a_root_with_200000_leaves() {
    let value = |i: usize| ((i * 7919) % 1000) as i64 - 500;
    let mut text = String::from("ROOT r\nr");
    for i in 0..HUGE {
        write!(text, " l{i}").unwrap();
    }
    text.push_str("\nVALUE\n");
    for i in 0..HUGE {
        writeln!(text, "l{i} {}", value(i)).unwrap();
    }
    text.push_str("END\n");
    let report = Tree::parse(&text).unwrap().report();
    // 7919 is prime to 1000, so every residue appears: the best is 499, first at i * 7919 ≡
    // 999 (mod 1000), i = 321.
    assert_eq!(value(321), 499);
    assert!((0..321).all(|i| value(i) < 499));
    assert_eq!(report.value, 499.0);
    assert_eq!(report.pv, ["l321"]);
    assert_eq!((report.minimax_leaves, report.alphabeta_leaves), (HUGE as u64, HUGE as u64));
    assert!(report.cutoffs.is_empty(), "a MAX root has no beta to reach");
}

#[test]
fn a_wide_two_level_tree_cuts_every_later_child() {
    // 450 MIN children of 450 leaves each (202,500 leaves). Child 0 is all zeros; child k > 0
    // starts with -k, below alpha = 0, so its other 449 leaves are cut.
    const K: usize = 450;
    let mut text = String::from("ROOT r\nr");
    for k in 0..K {
        write!(text, " m{k}").unwrap();
    }
    text.push('\n');
    for k in 0..K {
        write!(text, "m{k}").unwrap();
        for j in 0..K {
            write!(text, " m{k}_{j}").unwrap();
        }
        text.push('\n');
    }
    text.push_str("VALUE\n");
    for k in 0..K {
        for j in 0..K {
            let v = if k == 0 { 0 } else { -(k as i64) + j as i64 };
            writeln!(text, "m{k}_{j} {v}").unwrap();
        }
    }
    text.push_str("END\n");
    let report = Tree::parse(&text).unwrap().report();
    assert_eq!(report.value, 0.0);
    assert_eq!(report.pv, ["m0", "m0_0"]);
    assert_eq!(report.minimax_leaves, (K * K) as u64);
    assert_eq!(report.alphabeta_leaves, (K + K - 1) as u64);
    assert_eq!(report.cutoffs.len(), K - 1);
    let last = report.cutoffs.last().unwrap();
    assert_eq!((last.node.as_str(), last.after.as_str()), ("m449", "m449_0"));
    assert_eq!(last.pruned.len(), K - 1);
}

/// [`TreeEvaluator`], counting its calls.
#[derive(Default)]
struct Counting {
    calls: Cell<u64>,
}

impl<'t> Evaluator<TreeGame<'t>> for Counting {
    type Score = f64;
    fn evaluate(&self, game: &TreeGame<'t>, player: bool, ctx: EvalContext) -> f64 {
        self.calls.set(self.calls.get() + 1);
        TreeEvaluator.evaluate(game, player, ctx)
    }
}

fn pv_names(tree: &Tree, moves: &[u32]) -> Vec<String> {
    let path = tree.path(moves).expect("the engine's moves exist");
    path.iter().map(|&n| tree.name(n).to_owned()).collect()
}

#[test]
fn the_engine_finds_every_expected_value_and_pv() {
    for path in good_files() {
        let tree = parse(&path);
        let report = tree.report();
        let height = tree.height().max(1);
        assert!(height <= 64, "{}", path.display());
        for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta] {
            for limits in [Limits::depth(64), Limits::depth(height)] {
                let config = Config { algorithm, ..Config::value_preserving() };
                let mut engine: Engine<TreeGame, TreeEvaluator, 16, 64> =
                    Engine::new(TreeEvaluator, config);
                let mut game = TreeGame::new(&tree);
                let result = engine.search(&mut game, &limits).unwrap();
                let what = format!("{} {algorithm:?} {limits:?}", path.display());
                assert_eq!(result.score, report.value, "{what}");
                assert_eq!(pv_names(&tree, &result.pv), report.pv, "{what}");
                assert_eq!(result.best_move, result.pv.first().copied(), "{what}");
                assert!(result.exact && result.completed, "{what}");
                assert_eq!(game.node(), tree.root(), "{what}: the game is back at the root");
            }
        }
    }
}

#[test]
fn the_engine_evaluates_as_many_leaves_as_the_reference() {
    // One iteration at the tree's height: no horizon, so the evaluator sees leaves only, and
    // the engine's left-to-right negamax visits the same ones as the reference.
    for path in good_files() {
        let tree = parse(&path);
        let report = tree.report();
        let height = tree.height().max(1);
        for (algorithm, leaves) in [
            (Algorithm::Minimax, report.minimax_leaves),
            (Algorithm::AlphaBeta, report.alphabeta_leaves),
        ] {
            let config =
                Config { algorithm, iterative_deepening: false, ..Config::plain_alpha_beta() };
            let mut engine: Engine<TreeGame, Counting, 16, 64> =
                Engine::new(Counting::default(), config);
            let mut game = TreeGame::new(&tree);
            let result =
                engine.search(&mut game, &Limits::depth(height).with_min_depth(height)).unwrap();
            let what = format!("{} {algorithm:?}", path.display());
            assert_eq!(result.score, report.value, "{what}");
            assert_eq!(engine.evaluator().calls.get(), leaves, "{what}");
            // A windowed search with the full window is the same search.
            engine.evaluator().calls.set(0);
            let window =
                engine.search_window(&mut game, height, f64::NEG_INFINITY, f64::INFINITY).unwrap();
            assert_eq!(window.score, report.value, "{what}");
            assert_eq!(engine.evaluator().calls.get(), leaves, "{what}");
            assert_eq!(game.node(), tree.root(), "{what}");
        }
    }
}

#[test]
fn the_engine_scores_a_cut_off_inner_node_as_zero() {
    // Depth 1 on the seed example: B and C are inner nodes at the horizon.
    let tree = parse(&data_dir().join("seed-example.tree"));
    let mut engine: Engine<TreeGame, TreeEvaluator, 16, 64> =
        Engine::new(TreeEvaluator, Config::new());
    let result = engine.search(&mut TreeGame::new(&tree), &Limits::depth(1)).unwrap();
    assert_eq!((result.score, result.exact, result.best_move), (0.0, false, Some(0)));
}

#[test]
fn a_node_wider_than_the_move_list_is_a_typed_error() {
    let children: Vec<String> = (0..17).map(|i| format!("l{i}")).collect();
    let values: String = children.iter().map(|c| format!("{c} 1\n")).collect();
    let text = format!("ROOT r\nr {}\nVALUE\n{values}END\n", children.join(" "));
    let tree = Tree::parse(&text).unwrap();
    let mut engine: Engine<TreeGame, TreeEvaluator, 16, 64> =
        Engine::new(TreeEvaluator, Config::new());
    let error = engine.search(&mut TreeGame::new(&tree), &Limits::depth(1)).unwrap_err();
    assert_eq!(error, alphabeta::SearchError::MoveListOverflow { capacity: 16, ply: 0 });
}

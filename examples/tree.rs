//! Reads a game-tree file (`ROOT … VALUE … END`, see `alphabeta::tree`) and prints its
//! minimax value, principal variation, the leaves minimax and alpha-beta evaluate, and every
//! alpha-beta cutoff; or draws the search for Graphviz.
//!
//! ```text
//! cargo run --features std --example tree -- tests/data/trees/seed-example.tree
//! cargo run --features std --example tree -- tests/data/trees/seed-example.tree --json
//! cargo run --features std --example tree -- tests/data/trees/seed-example.tree --dot | dot -Tsvg -o seed.svg
//! ```
//!
//! `--json` prints one line with the fields of the `*.expected.json` files, in their order and
//! spacing. `--dot` prints the alpha-beta search as a Graphviz graph (`alphabeta::trace`):
//! every node with its value and window, the principal variation, the pruned branches with
//! their cuts; `--dot --minimax` draws plain minimax over the whole tree instead. A bad argument, a missing or malformed file prints `error: …` on stderr and exits
//! with status 1; a malformed file's message names the line (also for bytes that are not
//! UTF-8) and is one short line.

use std::io::Write;
use std::process::ExitCode;

use alphabeta::trace::CutoffKind;
use alphabeta::tree::{Report, Tree};
use serde_json::{Number, Value};

const USAGE: &str = "usage: tree FILE [--json | --dot [--minimax]]   (--help)";

const HELP: &str = "\
usage: tree FILE [--json | --dot [--minimax]]

Reads a game-tree file (ROOT ... VALUE ... END) and prints its minimax value, principal
variation, the leaves minimax and alpha-beta evaluate, and every alpha-beta cutoff.

options:
  --json       one line of JSON with the fields of the *.expected.json files
  --dot        the alpha-beta search as a Graphviz graph (render: dot -Tsvg): each node with
               its value and window, the principal variation in gold, pruned branches dashed
               grey with their alpha or beta cut, leaves never evaluated marked
  --minimax    with --dot: plain minimax over the whole tree (every node, no windows)
  -h, --help   print this help
";

fn main() -> ExitCode {
    let args: Result<Vec<String>, _> =
        std::env::args_os().skip(1).map(|a| a.into_string()).collect();
    let result = match args {
        Ok(args) => run(&args),
        Err(arg) => Err(format!("argument {arg:?} is not valid UTF-8; {USAGE}")),
    };
    // Write errors (a closed pipe) are ignored: there is nobody left to tell.
    match result {
        Ok(output) => {
            let _ = std::io::stdout().lock().write_all(output.as_bytes());
            ExitCode::SUCCESS
        }
        Err(message) => {
            let _ = writeln!(std::io::stderr().lock(), "error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs on the arguments after the program name: the text for stdout, or a one-line error
/// (without the `error: ` prefix).
pub fn run(args: &[String]) -> Result<String, String> {
    use lexopt::prelude::*;
    let mut file = None;
    let mut json = false;
    let mut dot = false;
    let mut minimax = false;
    let mut parser = lexopt::Parser::from_args(args.iter().cloned());
    while let Some(arg) = parser.next().map_err(|e| format!("{e}; {USAGE}"))? {
        match arg {
            Long("json") => json = true,
            Long("dot") => dot = true,
            Long("minimax") => minimax = true,
            Short('h') | Long("help") => return Ok(HELP.to_owned()),
            Value(path) if file.is_none() => file = Some(path.string().map_err(|e| e.to_string())?),
            Value(_) => return Err(format!("more than one file given; {USAGE}")),
            _ => return Err(format!("{}; {USAGE}", arg.unexpected())),
        }
    }
    let Some(file) = file else { return Err(format!("no file given; {USAGE}")) };
    if json && dot {
        return Err(format!("--json and --dot are exclusive; {USAGE}"));
    }
    if minimax && !dot {
        return Err(format!("--minimax draws with --dot; {USAGE}"));
    }
    // Bytes, not a `String`: text that is not UTF-8 is reported with its line.
    let bytes = std::fs::read(&file).map_err(|e| format!("{file}: {e}"))?;
    let tree = Tree::parse_bytes(&bytes).map_err(|e| format!("{file}: {e}"))?;
    drop(bytes);
    if dot {
        return Ok(tree_dot(&tree, &file, minimax));
    }
    let report = tree.report();
    Ok(if json { report_json(&report) + "\n" } else { report_text(&report) })
}

/// A value as JSON: an integer when it is one (`4`, not `4.0`), a decimal otherwise.
pub fn number(value: f64) -> Value {
    // Every integer up to 2^53 in magnitude (the most a tree file holds) is exact in an f64
    // and an i64.
    if value.fract() == 0.0 && value.abs() <= 9_007_199_254_740_992.0 {
        Value::from(value as i64)
    } else {
        Number::from_f64(value).map_or(Value::Null, Value::Number)
    }
}

/// The report as one line of JSON with the fields, order and spacing of the expected files.
pub fn report_json(report: &Report) -> String {
    let names = |names: &[String]| {
        let quoted: Vec<String> =
            names.iter().map(|n| Value::from(n.as_str()).to_string()).collect();
        format!("[{}]", quoted.join(", "))
    };
    let cutoffs: Vec<String> = report
        .cutoffs
        .iter()
        .map(|c| {
            format!(
                "{{\"node\": {}, \"after\": {}, \"kind\": {}, \"pruned\": {}}}",
                Value::from(c.node.as_str()),
                Value::from(c.after.as_str()),
                Value::from(c.kind.as_str()),
                names(&c.pruned)
            )
        })
        .collect();
    format!(
        "{{\"value\": {}, \"pv\": {}, \"minimax_leaves\": {}, \"alphabeta_leaves\": {}, \
         \"cutoffs\": [{}]}}",
        number(report.value),
        names(&report.pv),
        report.minimax_leaves,
        report.alphabeta_leaves,
        cutoffs.join(", ")
    )
}

/// The report for a reader.
pub fn report_text(report: &Report) -> String {
    let mut out = format!("value: {}\n", number(report.value));
    if report.pv.is_empty() {
        out.push_str("principal variation: none (the root is a leaf)\n");
    } else {
        out.push_str(&format!("principal variation: {}\n", report.pv.join(" ")));
    }
    out.push_str(&format!(
        "leaves evaluated: minimax {}, alpha-beta {}\n",
        report.minimax_leaves, report.alphabeta_leaves
    ));
    out.push_str(&format!("cutoffs: {}\n", report.cutoffs.len()));
    for cut in &report.cutoffs {
        let bound = match cut.kind {
            CutoffKind::Beta => "MAX node, value reached beta",
            CutoffKind::Alpha => "MIN node, value fell to alpha",
        };
        out.push_str(&format!(
            "  {} cut at {} after {} ({}): skipped {}\n",
            cut.kind,
            cut.node,
            cut.after,
            bound,
            cut.pruned.join(" ")
        ));
    }
    out
}

/// The search of `tree` as a Graphviz graph: alpha-beta, or minimax with `minimax`, titled
/// with the file's name.
pub fn tree_dot(tree: &Tree, file: &str, minimax: bool) -> String {
    let (trace, algorithm) =
        if minimax { (tree.minimax_trace(), "minimax") } else { (tree.trace(), "alpha-beta") };
    let name = std::path::Path::new(file).file_name().map_or(file.into(), |n| n.to_string_lossy());
    let title = format!("{algorithm}: {name}");
    trace.to_dot(&title, |node| tree.name(node).to_owned())
}

//! Tests of the reader, the reference searches and the game adapter.

use super::*;

pub(super) const SEED: &str = "ROOT A\nA B C\nB D E\nC F G\nD H I\nE J K\nF L M\nG N O\nVALUE\n\
                    H 4\nI 1\nJ 5\nK 0\nL 3\nM 2\nN 7\nO 1\nEND\n";

fn err(text: &str) -> TreeError {
    Tree::parse(text).expect_err("the text is malformed")
}

#[test]
fn seed_example_gives_4_through_b() {
    let tree = Tree::parse(SEED).unwrap();
    let report = tree.report();
    assert_eq!(report.value, 4.0);
    assert_eq!(report.pv, ["B", "D", "H"]);
    assert_eq!(report.minimax_leaves, 8);
    assert_eq!(report.alphabeta_leaves, 5);
    let cut = |node: &str, after: &str, kind, pruned: &[&str]| NamedCutoff {
        node: node.into(),
        after: after.into(),
        kind,
        pruned: pruned.iter().map(|s| s.to_string()).collect(),
    };
    assert_eq!(
        report.cutoffs,
        [cut("E", "J", CutoffKind::Beta, &["K"]), cut("C", "F", CutoffKind::Alpha, &["G"])]
    );
    assert_eq!(tree.alpha_beta().value, 4.0);
}

#[test]
fn layout_is_breadth_first() {
    let tree = Tree::parse(SEED).unwrap();
    let names: Vec<&str> = (0..tree.node_count()).map(|n| tree.name(n)).collect();
    assert_eq!(names.concat(), "ABCDEFGHIJKLMNO");
    assert_eq!(tree.children(2), 5..7);
    assert_eq!(tree.height(), 3);
    assert_eq!(tree.leaf_count(), 8);
    assert!(tree.is_max(0) && !tree.is_max(1) && tree.is_max(3));
    assert_eq!(tree.value(7), Some(4.0));
    assert_eq!(tree.value(1), None);
    assert_eq!(tree.find("K"), Some(10));
    assert_eq!(tree.path(&[1, 0]), Some(vec![2, 5]));
    assert_eq!(tree.path(&[2]), None);
}

#[test]
fn children_may_be_listed_before_their_parent() {
    let tree = Tree::parse("ROOT r\nb y z\nr a b\nVALUE\na 1\ny 2\nz 3\nEND").unwrap();
    assert_eq!(tree.report().value, 2.0);
    assert_eq!(tree.report().pv, ["b", "y"]);
}

#[test]
fn a_lone_root_is_a_leaf() {
    let tree = Tree::parse("ROOT A\nVALUE\nA -2.5\nEND").unwrap();
    let report = tree.report();
    assert_eq!((report.value, report.minimax_leaves, report.alphabeta_leaves), (-2.5, 1, 1));
    assert!(report.pv.is_empty() && report.cutoffs.is_empty());
}

#[test]
fn comments_blank_lines_and_decimals() {
    let text = "# header\n\nROOT A # the root\nA B C\n  \nVALUE\nB 0.1\nC -.5 # half\nEND\n# bye";
    let tree = Tree::parse(text).unwrap();
    assert_eq!(tree.minimax().value, 0.1);
    assert_eq!(tree.value(2), Some(-0.5));
}

#[test]
fn a_value_above_2_pow_53_is_a_typed_error() {
    // Before the fix this parsed, as 9007199254740992 (value and PV B instead of C).
    let text = "ROOT A\nA B C\nVALUE\nB 9007199254740993\nC 9007199254740992\nEND\n";
    let error = err(text);
    assert_eq!(
        error,
        TreeError::NumberTooLarge { line: 4, node: "B".into(), text: "9007199254740993".into() }
    );
    assert_eq!(
        error.to_string(),
        "line 4: value \"9007199254740993\" of node \"B\" is too large to be represented \
         exactly (the integer part must be at most 2^53 = 9007199254740992 in magnitude)"
    );
    let error = err("ROOT A\nA B\nVALUE\nB -12345678901234567.5\nEND\n");
    assert_eq!(
        error,
        TreeError::NumberTooLarge {
            line: 4,
            node: "B".into(),
            text: "-12345678901234567.5".into()
        }
    );
    // 2^53 itself is exact, and so is the answer.
    let tree =
        Tree::parse("ROOT A\nA B C\nVALUE\nB -9007199254740992\nC 9007199254740992\nEND").unwrap();
    assert_eq!(tree.report().value, 9_007_199_254_740_992.0);
    assert_eq!(tree.report().pv, ["C"]);
}

#[test]
fn a_401_digit_integer_is_too_large_not_a_non_number() {
    // Before the fix: BadNumber, "... is not a number ...", quoting all 401 digits.
    let digits = "9".repeat(401);
    let error = err(&format!("ROOT A\nA B\nVALUE\nB {digits}\nEND\n"));
    assert_eq!(
        error,
        TreeError::NumberTooLarge { line: 4, node: "B".into(), text: digits.as_str().into() }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "line 4: value \"{}…\" (401 bytes) of node \"B\" is too large to be represented \
             exactly (the integer part must be at most 2^53 = 9007199254740992 in magnitude)",
            "9".repeat(40)
        )
    );
    // A token of digits and a letter is not a number, however long.
    let error = err(&format!("ROOT A\nA B\nVALUE\nB {digits}x\nEND\n"));
    assert_eq!(
        error.to_string(),
        format!(
            "line 4: value \"{}…\" (402 bytes) of node \"B\" is not a number (expected an \
             integer or a decimal such as 0.1)",
            "9".repeat(40)
        )
    );
    assert!(matches!(error, TreeError::BadNumber { line: 4, .. }), "{error:?}");
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    // Before the fix: MissingRoot, "line 1: expected \"ROOT <name>\" as the first line".
    let text = "\u{FEFF}ROOT A\nA B C\nVALUE\nB 1\nC 2\nEND\n";
    let tree = Tree::parse(text).unwrap();
    assert_eq!((tree.name(0), tree.report().value, tree.node_count()), ("A", 2.0, 3));
    let tree = Tree::parse_bytes(text.as_bytes()).unwrap();
    assert_eq!((tree.name(0), tree.report().value), ("A", 2.0));
    // Lines are counted as before.
    assert_eq!(
        err("\u{FEFF}ROOT A\nA B\nVALUE\nB 1\nB 2\n"),
        TreeError::DuplicateValue { line: 5, node: "B".into(), first_line: 4 }
    );
    // Only one mark, only at the start.
    assert_eq!(err("\u{FEFF}\u{FEFF}ROOT A\n"), TreeError::MissingRoot { line: 1 });
    assert_eq!(
        err("ROOT A\n\u{FEFF}A B\n"),
        TreeError::MissingValueSection { line: 2 } // a node called "\u{FEFF}A"
    );
}

#[test]
fn bytes_that_are_not_utf8_give_their_line_and_column() {
    // Before the fix there was no byte entry point; the example's `read_to_string` said
    // "stream did not contain valid UTF-8" with no line.
    let bytes = b"ROOT A\nA B\nVALUE\nB 1 # caf\xe9\nEND\n";
    let error = Tree::parse_bytes(bytes).unwrap_err();
    assert_eq!(error, TreeError::InvalidUtf8 { line: 4, column: 10, offset: 26 });
    assert_eq!(
        error.to_string(),
        "line 4: the file is not valid UTF-8: a bad byte at column 10 (byte offset 26 of the \
         file)"
    );
    // The first bad byte counts; the mark counts in offsets.
    let error = Tree::parse_bytes(b"\xef\xbb\xbf\xffROOT A\n\xff").unwrap_err();
    assert_eq!(error, TreeError::InvalidUtf8 { line: 1, column: 4, offset: 3 });
    // A sequence cut short by the end of the file.
    let error = Tree::parse_bytes(b"ROOT A\n\nA \xe2\x82").unwrap_err();
    assert_eq!(error, TreeError::InvalidUtf8 { line: 3, column: 3, offset: 10 });
    assert_eq!(Tree::parse_bytes(b"ROOT \xc3\xa9\nVALUE\n\xc3\xa9 1\nEND").unwrap().name(0), "é");
    assert_eq!(Tree::parse_bytes(b"").unwrap_err(), TreeError::Empty { line: 1 });
}

#[test]
fn quoted_tokens_are_cut_to_a_bounded_length() {
    // Before the fix the message quoted the whole 52,428,800-byte name.
    let name = "x".repeat(52_428_800);
    let error = err(&format!("ROOT A\nA B\nVALUE\nB 1\n{name} 2\nEND\n"));
    let TreeError::Unreachable { line: 5, node } = &error else { panic!("{error:?}") };
    assert_eq!((node.as_str(), node.byte_len()), ("x".repeat(40).as_str(), 52_428_800));
    assert!(node.is_truncated() && *node != "x".repeat(40).as_str());
    assert_eq!(
        error.to_string(),
        format!(
            "line 5: node \"{}…\" (52428800 bytes) is not reachable from the root",
            "x".repeat(40)
        )
    );
    // Cut on a character boundary: 40 characters of two bytes each.
    let name = "é".repeat(100);
    let error = err(&format!("ROOT A\nA {name}\n{name} B\n{name} C\n"));
    assert_eq!(
        error.to_string(),
        format!(
            "line 4: node \"{}…\" (200 bytes) is listed with children twice (first on line 3)",
            "é".repeat(40)
        )
    );
    let error = err(&format!("ROOT A\nA {name}\nB {name}\n"));
    assert_eq!(
        error.to_string(),
        format!(
            "line 3: node \"{0}…\" (200 bytes) has two parents: \"A\" (line 2) and \"B\"",
            "é".repeat(40)
        )
    );
    // Characters that need escaping count by their escaped length: 24 of `\u{1}` (5 bytes) fit.
    let control = "\u{1}".repeat(100);
    let error = err(&format!("ROOT A\nA B\n{control} {control}\n"));
    assert_eq!(
        error.to_string(),
        format!(
            "line 3: node \"{0}…\" (100 bytes) is an ancestor of \"{0}…\" (100 bytes): making \
             it a child closes a cycle",
            "\\u{1}".repeat(24)
        )
    );
    // The longest message with three quoted tokens stays short.
    let wide = "\u{10FFFF}".repeat(1000);
    let error = err(&format!("ROOT A\nA {wide}\n{wide}0 {wide}1\n{wide}2 {wide}1\n"));
    assert!(matches!(error, TreeError::TwoParents { line: 4, .. }), "{error:?}");
    let message = error.to_string();
    assert!(message.len() < 600, "{} bytes: {message}", message.len());
    // Short tokens are whole and compare equal to their text.
    let token = Token::new("abc");
    assert_eq!((token.as_str(), token.byte_len(), token.is_truncated()), ("abc", 3, false));
    assert_eq!(token, "abc");
    assert_eq!(token.to_string(), "\"abc\"");
    assert_eq!(Token::new(&"y".repeat(40)).to_string(), format!("{:?}", "y".repeat(40)));
    assert_eq!(
        Token::new(&"y".repeat(41)).to_string(),
        format!("\"{}…\" (41 bytes)", "y".repeat(40))
    );
}

#[test]
fn a_child_listed_twice_is_a_duplicate_edge_not_two_parents() {
    // Before the fix: `line 2: node "B" has two parents: "A" (line 2) and "A"`.
    let error = err("ROOT A\nA B C B\nVALUE\nB 1\nC 2\nEND\n");
    assert_eq!(error, TreeError::DuplicateChild { line: 2, node: "A".into(), child: "B".into() });
    assert_eq!(error.to_string(), "line 2: node \"A\" lists child \"B\" twice");
    // Two different parents are still two parents, with the first parent's line.
    let error = err("# c\nROOT A\nA B C\n\nB D\nC D\n");
    assert_eq!(
        error,
        TreeError::TwoParents {
            line: 6,
            node: "D".into(),
            first_parent: "B".into(),
            first_line: 5,
            second_parent: "C".into(),
        }
    );
    assert_eq!(error.to_string(), "line 6: node \"D\" has two parents: \"B\" (line 5) and \"C\"");
}

#[test]
fn a_keyword_anywhere_on_a_line_is_its_error() {
    // As before the rewrite: the keyword wins over the problems met before it.
    for (text, keyword) in [
        ("ROOT A\nA B B END\n", "END"),
        ("ROOT A\nB A VALUE\n", "VALUE"),
        ("ROOT A\nA B\nC B ROOT\n", "ROOT"),
        ("ROOT A\nA B\nVALUE x\n", "VALUE"),
        ("ROOT A\nA B\nVALUE\nEND 1\n", "END"),
    ] {
        let error = err(text);
        let line = error.line();
        assert_eq!(error, TreeError::ReservedName { line, name: keyword.into() }, "{text:?}");
        assert_eq!(
            error.to_string(),
            format!("line {line}: \"{keyword}\" is a keyword and cannot name a node")
        );
    }
}

#[test]
fn errors_found_by_reading_again_name_the_right_lines() {
    // Lines that are not stored per node: each is found again in the text.
    assert_eq!(
        err("ROOT A\nA B\n# x\nB C # B D\nB D\n"),
        TreeError::DuplicateChildren { line: 5, node: "B".into(), first_line: 4 }
    );
    assert_eq!(
        err("ROOT A\nA B C\nVALUE\nC 1\nB 1\n\nB 2\n"),
        TreeError::DuplicateValue { line: 7, node: "B".into(), first_line: 5 }
    );
    // "1" is a value on line 4 before it names a node on line 5.
    assert_eq!(
        err("ROOT A\nA B\nVALUE\nB 1\n1 5\nEND\n"),
        TreeError::Unreachable { line: 5, node: "1".into() }
    );
    // A comment that mentions a name does not count.
    assert_eq!(
        err("ROOT A # C\nA B C\nVALUE\nB 1\nEND\n"),
        TreeError::MissingValue { line: 2, node: "C".into() }
    );
    assert_eq!(
        err("ROOT A\nX Y\nA B\nVALUE\nB 1\nY 1\nEND\n"),
        TreeError::Unreachable { line: 2, node: "X".into() }
    );
    assert_eq!(err("ROOT A\nVALUE\nEND\n"), TreeError::MissingValue { line: 1, node: "A".into() });
}

#[test]
fn every_error_has_its_line() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "empty"),
        ("# only a comment\n\n", 1, "empty"),
        ("A B\n", 1, "ROOT"),
        ("ROOT A\nROOT B\n", 2, "second ROOT"),
        ("ROOT A\nA B\nEND\n", 3, "unexpected END"),
        ("ROOT A\nA B\nVALUE\nVALUE\n", 4, "unexpected VALUE"),
        ("ROOT A\nA END\n", 2, "keyword"),
        ("ROOT A\nA\n", 2, "without children"),
        ("ROOT A\nA B\nA C\n", 3, "twice"),
        ("ROOT A\nA B C\nB D\nC D\n", 4, "two parents"),
        ("ROOT A\nA B B\n", 2, "node \"A\" lists child \"B\" twice"),
        ("ROOT A\nA B\nB A\n", 3, "node \"A\" is the root and cannot be a child"),
        ("ROOT A\nA B\nC D\nD C\n", 4, "cycle"),
        ("ROOT A\nA B\nC C\n", 3, "cycle"),
        ("ROOT A\nA B\nC D\nVALUE\nB 1\nD 2\nEND\n", 3, "not reachable"),
        ("ROOT A\nA B\nVALUE\nB 1\nZ 2\nEND\n", 5, "\"Z\" is not reachable"),
        ("ROOT A\nA B C\nVALUE\nB 1\nEND\n", 2, "\"C\" has no children and no value"),
        ("ROOT A\nVALUE\nEND\n", 1, "\"A\" has no children"),
        ("ROOT A\nA B\nVALUE\nA 1\n", 4, "cannot have a value"),
        ("ROOT A\nA B\nVALUE\nB 1\nB 2\n", 5, "second value"),
        ("ROOT A\nA B\nVALUE\nB two\n", 4, "not a number"),
        ("ROOT A\nA B\nVALUE\nB NaN\n", 4, "not a number"),
        ("ROOT A\nA B\nVALUE\nB -inf\n", 4, "not a number"),
        ("ROOT A\nA B\nVALUE\nB 1 2\n", 4, "<name> <number>"),
        ("ROOT A\nA B\nVALUE\nB\n", 4, "<name> <number>"),
        ("ROOT A\nA B\n", 2, "before the VALUE"),
        ("ROOT A\nA B\nVALUE\nB 1\n\n", 5, "without END"),
        ("ROOT A\nA B\nVALUE\nB 1\nEND\nB 2\n", 6, "after END"),
    ];
    for &(text, line, needle) in cases {
        let error = err(text);
        let message = error.to_string();
        assert_eq!(error.line(), line, "{text:?}: {message}");
        assert!(message.starts_with(&format!("line {line}: ")), "{message}");
        assert!(message.contains(needle), "{text:?}: {message} lacks {needle:?}");
        assert!(!message.contains('\n'), "{message}");
    }
}

#[test]
fn a_deep_chain_needs_no_deep_stack() {
    const DEPTH: usize = 200_000;
    let mut text = String::from("ROOT n0\n");
    for i in 0..DEPTH {
        text.push_str(&format!("n{i} n{}\n", i + 1));
    }
    text.push_str(&format!("VALUE\nn{DEPTH} 7\nEND\n"));
    // The test thread's small stack would overflow on any recursion of this depth.
    let tree = Tree::parse(&text).unwrap();
    assert_eq!(tree.height() as usize, DEPTH);
    let report = tree.report();
    // An even chain ends on a MAX level; the value goes up unchanged.
    assert_eq!(report.value, 7.0);
    assert_eq!(report.pv.len(), DEPTH);
    assert_eq!((report.minimax_leaves, report.alphabeta_leaves), (1, 1));
    drop(tree);
}

//! The game-tree file reader on raw bytes.
//!
//! Every input either parses or gives a `TreeError` whose message is one line starting with
//! `line N: ` for a line that exists. A tree that parses must agree with itself: the reference
//! minimax and alpha-beta give the same root value, and the real engine searching the tree at
//! full depth (plain alpha-beta, and the value-preserving accelerators) returns exactly the
//! minimax value.

#![no_main]

use alphabeta::tree::{Tree, TreeEvaluator, TreeGame};
use alphabeta::{Config, Engine, Limits, SearchError};
use libfuzzer_sys::fuzz_target;

/// Move-list capacity of the engine; trees with wider nodes must fail with an overflow.
const MAX_MOVES: usize = 64;
/// Ply capacity of the engine; taller trees are not searched.
const MAX_PLY: usize = 16;
/// Larger trees are not searched (the reference checks still run).
const MAX_SEARCHED_NODES: usize = 5000;
/// The longest error message accepted: tokens are quoted cut to 40 characters (escaped, at
/// most 120 bytes), and a message quotes at most three.
const MAX_MESSAGE: usize = 1000;

fuzz_target!(|data: &[u8]| {
    match Tree::parse_bytes(data) {
        Ok(tree) => check_tree(&tree),
        Err(error) => {
            let message = error.to_string();
            let line = error.line();
            // A file of n lines reports lines 1..=n (an empty file: line 1).
            let lines = data.split(|&b| b == b'\n').count().max(1);
            assert!(line >= 1 && line <= lines, "line {line} of {lines}: {message}");
            assert!(message.starts_with(&format!("line {line}: ")), "{message}");
            assert!(!message.contains('\n'), "{message:?}");
            assert!(message.len() < MAX_MESSAGE, "{} bytes: {message:.200}", message.len());
        }
    }
});

fn check_tree(tree: &Tree) {
    let minimax = tree.minimax();
    let alpha_beta = tree.alpha_beta();
    assert_eq!(minimax.value, alpha_beta.value, "reference minimax and alpha-beta differ");
    assert!(minimax.value.is_finite());
    assert!(alpha_beta.leaves <= minimax.leaves);
    assert_eq!(minimax.leaves, tree.leaf_count() as u64);
    assert_eq!(tree.minimax_values()[tree.root()], minimax.value);

    if tree.height() as usize > MAX_PLY || tree.node_count() > MAX_SEARCHED_NODES {
        return;
    }
    let widest = (0..tree.node_count()).map(|n| tree.children(n).len()).max().unwrap_or(0);
    let depth = tree.height().max(1);
    for config in [Config::value_preserving(), Config::plain_alpha_beta()] {
        let mut engine: Engine<TreeGame, TreeEvaluator, MAX_MOVES, MAX_PLY> =
            Engine::new(TreeEvaluator, config);
        let mut game = TreeGame::new(tree);
        match engine.search(&mut game, &Limits::depth(depth)) {
            Ok(result) => {
                assert!(widest <= MAX_MOVES);
                assert_eq!(
                    result.score, minimax.value,
                    "engine under {config:?} differs from minimax (root value)"
                );
                assert_eq!(result.best_move.is_some(), !tree.is_leaf(tree.root()));
                assert!(tree.path(&result.pv).is_some(), "the PV is not a path of the tree");
            }
            Err(SearchError::MoveListOverflow { .. }) => assert!(widest > MAX_MOVES),
            Err(error) => panic!("engine under {config:?} failed: {error}"),
        }
        assert_eq!(game.node(), tree.root(), "the game is not back at the root");
    }
}

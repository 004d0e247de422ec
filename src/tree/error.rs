//! Why a tree file was rejected: [`TreeError`], and the bounded [`Token`]s it quotes.

use std::fmt;

use super::{MAX_EXACT_INTEGER, MAX_NODES};

/// A [`Token`] keeps at most this many characters of the text it quotes…
const TOKEN_CHARS: usize = 40;
/// …and at most this many bytes once they are escaped for the message.
const TOKEN_ESCAPED_BYTES: usize = 120;

/// A name, keyword or number quoted by a [`TreeError`], cut to a bounded length so that a
/// 50 MB token gives a short message.
///
/// It keeps the token's first 40 characters (fewer when escaping them would take more than
/// 120 bytes), cut on a character boundary, and the full token's length in bytes. `Display`
/// prints it quoted and escaped as `{:?}` prints a string, with `…` and the full length when it
/// was cut: `"ab"`, or `"xxxx…" (52428800 bytes)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    kept: String,
    len: usize,
}

impl Token {
    /// The token `text`, cut to the bound.
    pub fn new(text: &str) -> Self {
        let mut end = 0;
        let mut escaped = 0;
        for (count, (at, c)) in text.char_indices().enumerate() {
            // `char::escape_debug` escapes at least what `{:?}` on a `str` does.
            escaped += c.escape_debug().len();
            if count == TOKEN_CHARS || escaped > TOKEN_ESCAPED_BYTES {
                break;
            }
            end = at + c.len_utf8();
        }
        Self { kept: text[..end].to_owned(), len: text.len() }
    }

    /// The kept text: the whole token unless [`Token::is_truncated`].
    pub fn as_str(&self) -> &str {
        &self.kept
    }

    /// The length of the whole token in bytes.
    pub fn byte_len(&self) -> usize {
        self.len
    }

    /// `true` when the token was cut.
    pub fn is_truncated(&self) -> bool {
        self.kept.len() < self.len
    }
}

impl From<&str> for Token {
    fn from(text: &str) -> Self {
        Self::new(text)
    }
}

impl PartialEq<str> for Token {
    /// `true` when the token was not cut and is `other`.
    fn eq(&self, other: &str) -> bool {
        !self.is_truncated() && self.kept == other
    }
}

impl PartialEq<&str> for Token {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_truncated() {
            write!(f, "{:?} ({} bytes)", format!("{}…", self.kept), self.len)
        } else {
            write!(f, "{:?}", self.kept)
        }
    }
}

/// Why a tree file was rejected. Every variant carries the 1-based `line` of the problem, and
/// `Display` prints one line such as `line 3: node "A" is the root and cannot be a child`.
/// Names and numbers are quoted as [`Token`]s, so the line is short whatever the file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TreeError {
    /// The file holds nothing but blank lines and comments (`line` is 1).
    Empty {
        /// Always 1.
        line: usize,
    },
    /// The file is not UTF-8 ([`Tree::parse_bytes`](super::Tree::parse_bytes)).
    InvalidUtf8 {
        /// The line of the first byte that is not UTF-8.
        line: usize,
        /// Its 1-based position in the line, in bytes.
        column: usize,
        /// Its 0-based offset from the start of the file, in bytes (a byte-order mark
        /// included).
        offset: usize,
    },
    /// The first line with content is not `ROOT name`.
    MissingRoot {
        /// The first line with content.
        line: usize,
    },
    /// A second `ROOT` line.
    DuplicateRoot {
        /// The second `ROOT` line.
        line: usize,
        /// The first one.
        first_line: usize,
    },
    /// A keyword out of its place: `END` before `VALUE`, a second `VALUE`.
    UnexpectedKeyword {
        /// The line of the keyword.
        line: usize,
        /// `"VALUE"` or `"END"`.
        keyword: &'static str,
    },
    /// `ROOT`, `VALUE` or `END` used as a node name.
    ReservedName {
        /// The line of the name.
        line: usize,
        /// The keyword.
        name: Token,
    },
    /// An inner-node line with a node and no children.
    NoChildren {
        /// The line.
        line: usize,
        /// The node.
        node: Token,
    },
    /// A node whose children are listed on two lines.
    DuplicateChildren {
        /// The second list.
        line: usize,
        /// The node.
        node: Token,
        /// The first list.
        first_line: usize,
    },
    /// A node that lists the same child twice (`A B B`).
    DuplicateChild {
        /// The line of the list.
        line: usize,
        /// The node.
        node: Token,
        /// The child listed twice.
        child: Token,
    },
    /// A node listed as the child of two nodes.
    TwoParents {
        /// The line of the second parent.
        line: usize,
        /// The child.
        node: Token,
        /// Its first parent.
        first_parent: Token,
        /// The line of the first parent.
        first_line: usize,
        /// Its second parent.
        second_parent: Token,
    },
    /// The root listed as a child.
    RootAsChild {
        /// The line that lists it.
        line: usize,
        /// The root.
        node: Token,
    },
    /// A child that is already an ancestor of its parent (a loop that avoids the root).
    Cycle {
        /// The line that closes the cycle.
        line: usize,
        /// The child.
        node: Token,
        /// The parent.
        parent: Token,
    },
    /// A node that cannot be reached from the root (including a value for an unknown name).
    Unreachable {
        /// The line where the node is first named.
        line: usize,
        /// The node.
        node: Token,
    },
    /// A node without children and without a value.
    MissingValue {
        /// The line where the leaf is first named.
        line: usize,
        /// The leaf.
        node: Token,
    },
    /// A value given to a node that has children.
    ValueOnInnerNode {
        /// The line of the value.
        line: usize,
        /// The node.
        node: Token,
    },
    /// A second value for the same leaf.
    DuplicateValue {
        /// The second value.
        line: usize,
        /// The leaf.
        node: Token,
        /// The first value.
        first_line: usize,
    },
    /// A value that is not an integer or a decimal.
    BadNumber {
        /// The line of the value.
        line: usize,
        /// The leaf.
        node: Token,
        /// The text that failed.
        text: Token,
    },
    /// An integer or decimal whose integer part is larger than 2^53 = 9007199254740992 in
    /// magnitude, so that an `f64` cannot hold every such value exactly.
    NumberTooLarge {
        /// The line of the value.
        line: usize,
        /// The leaf.
        node: Token,
        /// The number.
        text: Token,
    },
    /// A line of the `VALUE` section that is not `name number`.
    BadValueLine {
        /// The line.
        line: usize,
    },
    /// The file ends before the `VALUE` line.
    MissingValueSection {
        /// The last line of the file.
        line: usize,
    },
    /// The file ends without `END`.
    MissingEnd {
        /// The last line of the file.
        line: usize,
    },
    /// Content after `END`.
    TextAfterEnd {
        /// The first line with content after `END`.
        line: usize,
    },
    /// More than `u32::MAX - 1` nodes, or a name that ends more than 4 GiB into the text.
    TooLarge {
        /// The line of the name that does not fit.
        line: usize,
    },
}

impl TreeError {
    /// The 1-based line number of the problem.
    pub fn line(&self) -> usize {
        match *self {
            Self::Empty { line }
            | Self::InvalidUtf8 { line, .. }
            | Self::MissingRoot { line }
            | Self::DuplicateRoot { line, .. }
            | Self::UnexpectedKeyword { line, .. }
            | Self::ReservedName { line, .. }
            | Self::NoChildren { line, .. }
            | Self::DuplicateChildren { line, .. }
            | Self::DuplicateChild { line, .. }
            | Self::TwoParents { line, .. }
            | Self::RootAsChild { line, .. }
            | Self::Cycle { line, .. }
            | Self::Unreachable { line, .. }
            | Self::MissingValue { line, .. }
            | Self::ValueOnInnerNode { line, .. }
            | Self::DuplicateValue { line, .. }
            | Self::BadNumber { line, .. }
            | Self::NumberTooLarge { line, .. }
            | Self::BadValueLine { line }
            | Self::MissingValueSection { line }
            | Self::MissingEnd { line }
            | Self::TextAfterEnd { line }
            | Self::TooLarge { line } => line,
        }
    }
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line())?;
        match self {
            Self::Empty { .. } => f.write_str("the file is empty: expected \"ROOT <name>\""),
            Self::InvalidUtf8 { column, offset, .. } => write!(
                f,
                "the file is not valid UTF-8: a bad byte at column {column} (byte offset \
                 {offset} of the file)"
            ),
            Self::MissingRoot { .. } => f.write_str("expected \"ROOT <name>\" as the first line"),
            Self::DuplicateRoot { first_line, .. } => {
                write!(f, "a second ROOT line (the first is on line {first_line})")
            }
            Self::UnexpectedKeyword { keyword, .. } => write!(
                f,
                "unexpected {keyword}: a file is ROOT, the inner nodes, VALUE, the leaf values, END"
            ),
            Self::ReservedName { name, .. } => {
                write!(f, "{name} is a keyword and cannot name a node")
            }
            Self::NoChildren { node, .. } => write!(f, "node {node} is listed without children"),
            Self::DuplicateChildren { node, first_line, .. } => {
                write!(f, "node {node} is listed with children twice (first on line {first_line})")
            }
            Self::DuplicateChild { node, child, .. } => {
                write!(f, "node {node} lists child {child} twice")
            }
            Self::TwoParents { node, first_parent, first_line, second_parent, .. } => write!(
                f,
                "node {node} has two parents: {first_parent} (line {first_line}) and \
                 {second_parent}"
            ),
            Self::RootAsChild { node, .. } => {
                write!(f, "node {node} is the root and cannot be a child")
            }
            Self::Cycle { node, parent, .. } => write!(
                f,
                "node {node} is an ancestor of {parent}: making it a child closes a cycle"
            ),
            Self::Unreachable { node, .. } => {
                write!(f, "node {node} is not reachable from the root")
            }
            Self::MissingValue { node, .. } => {
                write!(f, "node {node} has no children and no value")
            }
            Self::ValueOnInnerNode { node, .. } => {
                write!(f, "node {node} has children and cannot have a value")
            }
            Self::DuplicateValue { node, first_line, .. } => {
                write!(f, "leaf {node} has a second value (the first is on line {first_line})")
            }
            Self::BadNumber { node, text, .. } => write!(
                f,
                "value {text} of node {node} is not a number (expected an integer or a decimal \
                 such as 0.1)"
            ),
            Self::NumberTooLarge { node, text, .. } => write!(
                f,
                "value {text} of node {node} is too large to be represented exactly (the \
                 integer part must be at most 2^53 = {MAX_EXACT_INTEGER} in magnitude)"
            ),
            Self::BadValueLine { .. } => {
                f.write_str("expected \"<name> <number>\" in the VALUE section")
            }
            Self::MissingValueSection { .. } => {
                f.write_str("the file ends before the VALUE section (and END)")
            }
            Self::MissingEnd { .. } => f.write_str("the file ends without END"),
            Self::TextAfterEnd { .. } => f.write_str("text after END"),
            Self::TooLarge { .. } => {
                write!(
                    f,
                    "the tree is too large (at most {MAX_NODES} nodes, named within the first 4 \
                     GiB of the file)"
                )
            }
        }
    }
}

impl std::error::Error for TreeError {}

//! The reader of the `ROOT … VALUE … END` format: [`Tree::parse`] and [`Tree::parse_bytes`].

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::str::FromStr;

use super::{Tree, TreeError, MAX_EXACT_INTEGER, MAX_NODES};

/// The keywords of the format; they cannot name a node.
const KEYWORDS: [&str; 3] = ["ROOT", "VALUE", "END"];

impl FromStr for Tree {
    type Err = TreeError;
    fn from_str(text: &str) -> Result<Self, TreeError> {
        Self::parse(text)
    }
}

impl Tree {
    /// Parses a tree file held as text. A leading byte-order mark is skipped.
    ///
    /// # Errors
    /// A [`TreeError`] with the line of the first problem found.
    pub fn parse(text: &str) -> Result<Self, TreeError> {
        Parser::new(text.strip_prefix('\u{FEFF}').unwrap_or(text)).parse()
    }

    /// Parses a tree file as read from disk: UTF-8, a leading byte-order mark skipped.
    ///
    /// # Errors
    /// [`TreeError::InvalidUtf8`] at the first byte that is not UTF-8, else as
    /// [`Tree::parse`].
    pub fn parse_bytes(bytes: &[u8]) -> Result<Self, TreeError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Self::parse(text),
            Err(error) => {
                let offset = error.valid_up_to();
                let before = &bytes[..offset];
                let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |at| at + 1);
                let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
                Err(TreeError::InvalidUtf8 { line, column: offset - line_start + 1, offset })
            }
        }
    }
}

/// The names read so far, each once, numbered in order of first mention ("file order"). A
/// name is kept as the offset of its first mention in the text: it runs from there to the next
/// blank or `#`.
struct Names<'t> {
    text: &'t str,
    /// By file order: where the name starts in `text`.
    starts: Vec<u32>,
    /// An open-addressing hash table of file-order numbers plus one (0: empty); its length is
    /// a power of two, at most three quarters full.
    slots: Vec<u32>,
    hasher: RandomState,
}

/// `true` for the characters that end a name.
fn ends_name(c: char) -> bool {
    c.is_whitespace() || c == '#'
}

impl<'t> Names<'t> {
    fn new(text: &'t str, capacity: usize) -> Self {
        Self {
            text,
            starts: Vec::with_capacity(capacity),
            slots: vec![0; 16],
            hasher: RandomState::new(),
        }
    }

    fn len(&self) -> usize {
        self.starts.len()
    }

    fn get(&self, index: usize) -> &'t str {
        let rest = &self.text[self.starts[index] as usize..];
        // Bytes first: ASCII ends a name only as a blank or `#` (`\x0B` is a blank for
        // `char::is_whitespace`, not for `u8::is_ascii_whitespace`); from the first non-ASCII
        // byte on, characters.
        let ascii = rest
            .bytes()
            .position(|b| b.is_ascii_whitespace() || b == b'#' || b == 0x0B || !b.is_ascii())
            .unwrap_or(rest.len());
        let end = rest[ascii..].find(ends_name).map_or(rest.len(), |at| ascii + at);
        &rest[..end]
    }

    /// `true` when name `index` is `name`.
    fn is(&self, index: usize, name: &str) -> bool {
        let rest = &self.text[self.starts[index] as usize..];
        rest.strip_prefix(name).is_some_and(|after| after.chars().next().is_none_or(ends_name))
    }

    /// The slot where `name` is, or the empty slot where it belongs.
    fn slot(&self, name: &str) -> usize {
        let mask = self.slots.len() - 1;
        // Triangular probing visits every slot of a power-of-two table.
        let mut at = self.hasher.hash_one(name) as usize & mask;
        let mut step = 0;
        loop {
            match self.slots[at] {
                0 => return at,
                entry if self.is(entry as usize - 1, name) => return at,
                _ => {
                    step += 1;
                    at = (at + step) & mask;
                }
            }
        }
    }

    /// The number of `name`, a token of the text, added if it is new (`true` when it is);
    /// `None` when there is no room ([`MAX_NODES`] names, or a name 4 GiB into the text).
    fn intern(&mut self, name: &'t str) -> Option<(usize, bool)> {
        let at = self.slot(name);
        if self.slots[at] != 0 {
            return Some((self.slots[at] as usize - 1, false));
        }
        let index = self.len();
        if index >= MAX_NODES {
            return None;
        }
        // Every name the parser passes is a slice of `text`.
        let offset = name.as_ptr() as usize - self.text.as_ptr() as usize;
        debug_assert!(self.text.get(offset..offset + name.len()) == Some(name));
        // A name must end within the first 4 GiB, so all of them fit in 4 GiB.
        u32::try_from(offset + name.len()).ok()?;
        self.starts.push(offset as u32);
        self.slots[at] = index as u32 + 1;
        if self.len() * 4 > self.slots.len() * 3 {
            self.grow();
        }
        Some((index, true))
    }

    fn grow(&mut self) {
        self.slots = vec![0; self.slots.len() * 2];
        for index in 0..self.len() {
            let at = self.slot(self.get(index));
            self.slots[at] = index as u32 + 1;
        }
    }
}

/// Per node in file order, while reading: what the file said so far, in the low bits…
const HAS_CHILDREN: u8 = 1;
const HAS_VALUE: u8 = 2;
const HAS_PARENT: u8 = 4;
/// …and the node's union-find rank in the high bits (at most 31, as there are fewer than
/// 2^32 nodes).
const RANK_SHIFT: u32 = 3;
/// Set by the breadth-first walk, once the ranks are cleared.
const REACHED: u8 = 8;

#[derive(PartialEq, Eq, Clone, Copy)]
enum Section {
    /// Before the ROOT line.
    Start,
    /// The inner-node lines.
    Inner,
    /// After VALUE.
    Values,
    /// After END.
    Done,
}

/// The reader. Nodes are numbered in order of first mention ("file order"); line numbers are
/// not stored per node: an error finds the line it needs by reading the text again.
struct Parser<'t> {
    text: &'t str,
    names: Names<'t>,
    /// By file order: `HAS_CHILDREN`, `HAS_VALUE`, `HAS_PARENT`, and the rank.
    flags: Vec<u8>,
    /// By file order: the value's `f64` bits for a leaf; for an inner node, its list in
    /// `children` as `start << 32 | len`.
    data: Vec<u64>,
    /// The child lists one after the other, by file order.
    children: Vec<u32>,
    /// Union-find over the parent links, to see a cycle as it closes: each set is a tree of
    /// parent links whose top has no parent yet.
    set: Vec<u32>,
    root_line: usize,
}

/// The part of a line before any `#`.
fn content(line: &str) -> &str {
    line.split('#').next().unwrap_or("")
}

impl<'t> Parser<'t> {
    fn new(text: &'t str) -> Self {
        // Every node is named by a token, so the tokens bound the nodes (about twice over:
        // most nodes are named twice). Reserving once, before anything is freed, keeps the
        // tables from being copied as they grow; the allocator maps what is reserved but
        // never written as untouched pages, which cost no memory.
        let mut tokens = 0;
        let mut in_token = false;
        for &byte in text.as_bytes() {
            let blank = byte.is_ascii_whitespace();
            tokens += usize::from(!blank && !in_token);
            in_token = !blank;
        }
        Self {
            text,
            names: Names::new(text, tokens),
            flags: Vec::with_capacity(tokens),
            data: Vec::with_capacity(tokens),
            children: Vec::with_capacity(tokens),
            set: Vec::with_capacity(tokens),
            root_line: 0,
        }
    }

    fn parse(mut self) -> Result<Tree, TreeError> {
        let mut section = Section::Start;
        let mut last_line = 1;
        for (index, raw) in self.text.lines().enumerate() {
            let line = index + 1;
            last_line = line;
            let content = content(raw);
            let mut tokens = content.split_whitespace();
            let Some(first) = tokens.next() else { continue };
            let second = tokens.next();
            let alone = second.is_none();
            section = match section {
                Section::Start => {
                    let (Some(name), None) = (second, tokens.next()) else {
                        return Err(TreeError::MissingRoot { line });
                    };
                    if first != "ROOT" {
                        return Err(TreeError::MissingRoot { line });
                    }
                    check_name(name, line)?;
                    self.intern(name, line)?;
                    self.root_line = line;
                    Section::Inner
                }
                Section::Inner => match first {
                    "ROOT" => {
                        return Err(TreeError::DuplicateRoot { line, first_line: self.root_line })
                    }
                    "VALUE" if alone => Section::Values,
                    "END" if alone => {
                        return Err(TreeError::UnexpectedKeyword { line, keyword: "END" })
                    }
                    _ => {
                        self.inner_line(content, line)?;
                        Section::Inner
                    }
                },
                Section::Values => match first {
                    "ROOT" => {
                        return Err(TreeError::DuplicateRoot { line, first_line: self.root_line })
                    }
                    "END" if alone => Section::Done,
                    "VALUE" if alone => {
                        return Err(TreeError::UnexpectedKeyword { line, keyword: "VALUE" })
                    }
                    _ => {
                        let (Some(text), None) = (second, tokens.next()) else {
                            return Err(TreeError::BadValueLine { line });
                        };
                        self.value_line(first, text, line)?;
                        Section::Values
                    }
                },
                Section::Done => return Err(TreeError::TextAfterEnd { line }),
            };
        }
        match section {
            Section::Start => Err(TreeError::Empty { line: 1 }),
            Section::Inner => Err(TreeError::MissingValueSection { line: last_line }),
            Section::Values => Err(TreeError::MissingEnd { line: last_line }),
            Section::Done => self.build(),
        }
    }

    /// The number of `name`, a new node if it is new.
    fn intern(&mut self, name: &'t str, line: usize) -> Result<usize, TreeError> {
        let (index, new) = self.names.intern(name).ok_or(TreeError::TooLarge { line })?;
        if new {
            self.flags.push(0);
            self.data.push(0);
            self.set.push(index as u32);
        }
        Ok(index)
    }

    /// The representative of `node`'s set, halving the path on the way.
    fn find_set(&mut self, mut node: usize) -> usize {
        while self.set[node] as usize != node {
            self.set[node] = self.set[self.set[node] as usize];
            node = self.set[node] as usize;
        }
        node
    }

    /// `name child child …`, from the line's content without the comment.
    fn inner_line(&mut self, content: &'t str, line: usize) -> Result<(), TreeError> {
        // A keyword anywhere on the line is the line's error, whatever else is wrong with it.
        // The line is read once; an error stops the whole reading, so what the line changed
        // before it does not matter.
        self.inner_line_unchecked(content, line).map_err(|error| {
            match content.split_whitespace().find(|t| KEYWORDS.contains(t)) {
                Some(keyword) => TreeError::ReservedName { line, name: keyword.into() },
                None => error,
            }
        })
    }

    /// [`Parser::inner_line`], reporting a keyword only when it is met.
    fn inner_line_unchecked(&mut self, content: &'t str, line: usize) -> Result<(), TreeError> {
        let mut tokens = content.split_whitespace();
        let Some(name) = tokens.next() else { return Ok(()) };
        check_name(name, line)?;
        let parent = self.intern(name, line)?;
        let mut tokens = tokens.peekable();
        if tokens.peek().is_none() {
            return Err(TreeError::NoChildren { line, node: name.into() });
        }
        if self.flags[parent] & HAS_CHILDREN != 0 {
            let first_line = first_line(self.text, |section, content| {
                let mut tokens = content.split_whitespace();
                let hit = section == Section::Inner
                    && tokens.next() == Some(name)
                    && tokens.next().is_some();
                hit.then_some("")
            })
            .map_or(line, |(first_line, _)| first_line);
            return Err(TreeError::DuplicateChildren { line, node: name.into(), first_line });
        }
        let start = self.children.len();
        for child_name in tokens {
            check_name(child_name, line)?;
            let child = self.intern(child_name, line)?;
            if child == 0 {
                return Err(TreeError::RootAsChild { line, node: child_name.into() });
            }
            if self.flags[child] & HAS_PARENT != 0 {
                let listed = &self.children[start..];
                return Err(self.second_parent(name, child_name, child, listed, line));
            }
            // `child` has no parent, so it tops its set: sharing a set with `parent` means
            // it is an ancestor of `parent` (or `parent` itself).
            let (top_parent, top_child) = (self.find_set(parent), self.find_set(child));
            if top_parent == top_child {
                return Err(TreeError::Cycle {
                    line,
                    node: child_name.into(),
                    parent: name.into(),
                });
            }
            let rank = |flags: u8| flags >> RANK_SHIFT;
            let (rank_parent, rank_child) =
                (rank(self.flags[top_parent]), rank(self.flags[top_child]));
            let (low, high) = if rank_parent < rank_child {
                (top_parent, top_child)
            } else {
                (top_child, top_parent)
            };
            self.set[low] = high as u32;
            if rank_parent == rank_child {
                // Rank r needs 2^r nodes below it, so it stays below 32 and within the bits.
                self.flags[high] += 1 << RANK_SHIFT;
            }
            self.flags[child] |= HAS_PARENT;
            self.children.push(child as u32);
        }
        self.flags[parent] |= HAS_CHILDREN;
        let len = (self.children.len() - start) as u64;
        self.data[parent] = (start as u64) << 32 | len;
        Ok(())
    }

    /// The error for `child` (number `index`), which has a parent already, listed by `parent`
    /// on `line`, whose list so far is `listed`.
    fn second_parent(
        &self,
        parent: &str,
        child: &str,
        index: usize,
        listed: &[u32],
        line: usize,
    ) -> TreeError {
        if listed.contains(&(index as u32)) {
            return TreeError::DuplicateChild { line, node: parent.into(), child: child.into() };
        }
        let (first_line, first_parent) = first_line(self.text, |section, content| {
            let mut tokens = content.split_whitespace();
            let first = tokens.next()?;
            (section == Section::Inner && tokens.any(|t| t == child)).then_some(first)
        })
        .unwrap_or((line, parent));
        TreeError::TwoParents {
            line,
            node: child.into(),
            first_parent: first_parent.into(),
            first_line,
            second_parent: parent.into(),
        }
    }

    /// `name number`
    fn value_line(&mut self, name: &'t str, text: &'t str, line: usize) -> Result<(), TreeError> {
        check_name(name, line)?;
        // A name never seen before has no parent: the reachability check reports it.
        let node = self.intern(name, line)?;
        if self.flags[node] & HAS_CHILDREN != 0 {
            return Err(TreeError::ValueOnInnerNode { line, node: name.into() });
        }
        if self.flags[node] & HAS_VALUE != 0 {
            let first_line = first_line(self.text, |section, content| {
                let hit =
                    section == Section::Values && content.split_whitespace().next() == Some(name);
                hit.then_some("")
            })
            .map_or(line, |(first_line, _)| first_line);
            return Err(TreeError::DuplicateValue { line, node: name.into(), first_line });
        }
        let value = parse_number(text).map_err(|error| match error {
            NumberError::NotANumber => {
                TreeError::BadNumber { line, node: name.into(), text: text.into() }
            }
            NumberError::TooLarge => {
                TreeError::NumberTooLarge { line, node: name.into(), text: text.into() }
            }
        })?;
        self.flags[node] |= HAS_VALUE;
        self.data[node] = value.to_bits();
        Ok(())
    }

    /// Structural checks, then the breadth-first arena. Each table goes as soon as it is no
    /// longer needed, to keep the peak low.
    fn build(self) -> Result<Tree, TreeError> {
        let Parser { text, mut names, mut flags, mut data, children, set, .. } = self;
        drop(set);
        names.slots = Vec::new();
        let has_children = |flags: u8| flags & HAS_CHILDREN != 0;
        let list = |data: u64| {
            let (start, len) = ((data >> 32) as usize, data as u32 as usize);
            start..start + len
        };
        // Breadth-first from the root; `order[i]` is the file-order node that becomes node
        // `i`, and `level_starts` marks where each depth begins.
        for f in &mut flags {
            *f &= HAS_CHILDREN | HAS_VALUE | HAS_PARENT; // the ranks
        }
        let count = flags.len();
        let mut order: Vec<u32> = Vec::with_capacity(count);
        let mut level_starts = vec![0];
        order.push(0);
        flags[0] |= REACHED;
        let mut head = 0;
        let mut level_end = 1;
        while let Some(&raw) = order.get(head) {
            if head == level_end {
                level_starts.push(head as u32);
                level_end = order.len();
            }
            head += 1;
            let raw = raw as usize;
            if has_children(flags[raw]) {
                for &child in &children[list(data[raw])] {
                    flags[child as usize] |= REACHED;
                    order.push(child);
                }
            }
        }
        drop(children);
        // File order is the order of first mention, so the first problem found is the earliest.
        let problem = flags.iter().enumerate().find_map(|(index, &f)| {
            if f & REACHED == 0 {
                Some((index, true))
            } else if f & (HAS_CHILDREN | HAS_VALUE) == 0 {
                Some((index, false))
            } else {
                None
            }
        });
        if let Some((index, unreachable)) = problem {
            let name = names.get(index);
            let (line, node) = (first_mention(text, name), name.into());
            return Err(if unreachable {
                TreeError::Unreachable { line, node }
            } else {
                TreeError::MissingValue { line, node }
            });
        }
        // The names, copied in breadth-first order.
        let name_bytes = (0..count).map(|raw| names.get(raw).len()).sum();
        let mut name_text = String::with_capacity(name_bytes);
        let mut name_ends = Vec::with_capacity(count);
        for &raw in &order {
            name_text.push_str(names.get(raw as usize));
            // At most 4 GiB: the names are distinct tokens, none overlapping, all ending
            // within the first 4 GiB of the text.
            name_ends.push(name_text.len() as u32);
        }
        drop(names);
        // In breadth-first order the children of each node follow one another, and the first
        // child of the i-th node comes right after the children of the nodes before it.
        let mut first_child = Vec::with_capacity(count + 1);
        let mut next_child = 1;
        for &raw in &order {
            first_child.push(next_child);
            if has_children(flags[raw as usize]) {
                next_child += list(data[raw as usize]).len() as u32;
            }
        }
        first_child.push(next_child);
        // The values into breadth-first order in place: node `i` takes `data[order[i]]`,
        // one cycle of the permutation at a time, `flags` marking the nodes done.
        let done = &mut flags;
        done.fill(0);
        for start in 0..count {
            if done[start] != 0 {
                continue;
            }
            let saved = data[start];
            let mut node = start;
            loop {
                done[node] = 1;
                let from = order[node] as usize;
                if from == start {
                    data[node] = saved;
                    break;
                }
                data[node] = data[from];
                node = from;
            }
        }
        drop((flags, order));
        for (node, value) in data.iter_mut().enumerate() {
            if first_child[node] != first_child[node + 1] {
                *value = f64::NAN.to_bits();
            }
        }
        level_starts.shrink_to_fit();
        Ok(Tree { names: name_text, name_ends, values: data, first_child, level_starts })
    }
}

/// The first line, and what `hit` returned for it, for which `hit(section, content)` is `Some`,
/// reading `text` again from the start: `content` is the line without its comment, `section`
/// the part of the file it is in (`Start` for the ROOT line). Only errors call it, once.
fn first_line<'t>(
    text: &'t str,
    mut hit: impl FnMut(Section, &'t str) -> Option<&'t str>,
) -> Option<(usize, &'t str)> {
    let mut section = Section::Start;
    for (index, raw) in text.lines().enumerate() {
        let content = content(raw);
        let mut tokens = content.split_whitespace();
        let Some(first) = tokens.next() else { continue };
        let alone = tokens.next().is_none();
        // Keyword lines are passed too; no name equals a keyword, so they never hit.
        if let Some(found) = hit(section, content) {
            return Some((index + 1, found));
        }
        section = match (section, first, alone) {
            (Section::Start, _, _) => Section::Inner,
            (Section::Inner, "VALUE", true) => Section::Values,
            (Section::Values, "END", true) => Section::Done,
            (other, _, _) => other,
        };
    }
    None
}

/// The line where `name` is first named: on the ROOT line, an inner-node line, or as the name
/// of a value.
fn first_mention(text: &str, name: &str) -> usize {
    first_line(text, |section, content| {
        let mut tokens = content.split_whitespace();
        let hit = match section {
            Section::Start => tokens.nth(1) == Some(name),
            Section::Inner => tokens.any(|t| t == name),
            Section::Values => tokens.next() == Some(name),
            Section::Done => false,
        };
        hit.then_some("")
    })
    .map_or(1, |(line, _)| line)
}

fn check_name(name: &str, line: usize) -> Result<(), TreeError> {
    if KEYWORDS.contains(&name) {
        return Err(TreeError::ReservedName { line, name: name.into() });
    }
    Ok(())
}

/// Why [`parse_number`] refused a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NumberError {
    /// Not an integer or a decimal.
    NotANumber,
    /// An integer part above 2^53 in magnitude.
    TooLarge,
}

/// An integer or a decimal: an optional sign, digits, an optional point and digits, with an
/// integer part of at most 2^53 in magnitude.
fn parse_number(text: &str) -> Result<f64, NumberError> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
        return Err(NumberError::NotANumber);
    }
    // Digit strings of one length compare as their numbers do.
    let significant = whole.trim_start_matches('0');
    let limit = MAX_EXACT_INTEGER.to_string();
    if (significant.len(), significant) > (limit.len(), limit.as_str()) {
        return Err(NumberError::TooLarge);
    }
    // Within the limit the value is finite; an integer is exact.
    text.parse::<f64>().map_err(|_| NumberError::NotANumber)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_integers_or_decimals() {
        for good in ["4", "-3", "+2", "0.1", "5.", ".5", "-0"] {
            assert!(parse_number(good).is_ok(), "{good}");
        }
        for bad in ["", "-", ".", "two", "1e5", "NaN", "inf", "0x10", "1.2.3", "1 ", "--1"] {
            assert_eq!(parse_number(bad), Err(NumberError::NotANumber), "{bad}");
        }
    }

    #[test]
    fn integers_are_exact_up_to_2_pow_53_and_rejected_above() {
        const LIMIT: f64 = 9_007_199_254_740_992.0; // 2^53
        assert_eq!(parse_number("9007199254740992"), Ok(LIMIT));
        assert_eq!(parse_number("-9007199254740992"), Ok(-LIMIT));
        assert_eq!(parse_number("+0009007199254740992"), Ok(LIMIT));
        assert_eq!(parse_number("9007199254740991"), Ok(LIMIT - 1.0));
        assert_eq!(parse_number("9007199254740992.5"), Ok(LIMIT)); // a decimal, rounded
        assert_eq!(parse_number("0.1"), Ok(0.1));
        assert_eq!(parse_number(&format!("0.{}", "1".repeat(400))), Ok(1.0 / 9.0));
        assert_eq!(parse_number(&format!("{}5", "0".repeat(400))), Ok(5.0));
        for large in [
            "9007199254740993",
            "-9007199254740993",
            "9999999999999999",
            "10000000000000000",
            "9007199254740993.0",
            "-9007199254740993.25",
            "18446744073709551616",
        ] {
            assert_eq!(parse_number(large), Err(NumberError::TooLarge), "{large}");
        }
        assert_eq!(parse_number(&"9".repeat(401)), Err(NumberError::TooLarge));
        assert_eq!(parse_number(&format!("{}.5", "9".repeat(400))), Err(NumberError::TooLarge));
        // Syntax first: a huge token that is not a number is not a number.
        assert_eq!(parse_number(&format!("{}x", "9".repeat(401))), Err(NumberError::NotANumber));
    }
}

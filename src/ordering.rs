//! Move ordering: which moves the search tries first.
//!
//! Alpha-beta prunes the most when the best move comes first (Knuth & Moore 1975: with perfect
//! ordering it visits about `b^(d/2)` leaves instead of `b^d`). The [`DefaultSorter`] puts
//! first
//!
//! 1. the principal-variation move (the best move of the previous iteration on the same line),
//! 2. the transposition-table move (the best move stored for this position),
//! 3. moves the game marks tactical ([`Game::is_tactical`]) and does not expect to lose
//!    ([`Game::is_losing_tactical`]),
//! 4. the two killer moves of this ply (quiet moves that caused a beta cutoff at the same
//!    ply elsewhere in the tree),
//! 5. with a countermove table (`COUNTERS > 0`, and killers on), the countermove: the quiet
//!    move that last caused a cutoff in reply to the opponent's last move (Uiterwijk 1992's
//!    countermove heuristic, as most chess programs have it),
//! 6. the rest by the history heuristic (Schaeffer 1989): a score per move code and side,
//!    raised each time the move causes a cutoff, by `depth²`, with a "gravity" update that
//!    keeps it within `±HISTORY_MAX` so it can never overflow; with a continuation table
//!    (`CONTINUATION > 0`), the mean of that score and a second one kept per pair of the
//!    opponent's last move and this move, each by its [`MoveCode::continuation_key`] (the
//!    square it went to, in a board game): a small form of the counter-move history of chess
//!    programs,
//! 7. the tactical moves the game expects to lose (a capture that loses material by static
//!    exchange evaluation, as chess programs order them),
//!
//! and keeps the game's own order among equal keys. The ordering is staged, since most nodes
//! that cut do so on their first move: the PV and table moves are placed without looking at
//! the others; if they do not cut, one pass finds the best of the rest; only if that does not
//! cut either are the others ordered, by their keys at that moment (an insertion sort in
//! place, so the history learnt in the first moves' subtrees counts). No allocation.
//!
//! Replace it by implementing [`MoveSorter`] and passing it to
//! [`Engine::with_sorter`](crate::Engine::with_sorter).

use crate::game::Game;
use crate::tt::MoveCode;

/// The largest absolute history score.
pub const HISTORY_MAX: i32 = 8192;
/// History entries per side by default (move codes are folded into this many): the default
/// of [`DefaultSorter`]'s `HISTORY` parameter.
pub const HISTORY_SIZE: usize = 512;

/// What the search knows about a node when it asks for its moves to be ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderingHints<M> {
    /// Plies from the root.
    pub ply: u32,
    /// Plies left to search.
    pub depth: u32,
    /// The best move of the previous iteration, when this node lies on its principal variation.
    pub pv_move: Option<M>,
    /// The code of the best move stored in the transposition table for this position.
    pub tt_move: Option<u16>,
    /// 0 when the side to move is the side to move at the root, 1 otherwise.
    pub side: usize,
    /// The code ([`MoveCode::move_code`]) of the move that led to this node, the
    /// opponent's last move in a game that alternates: what the countermove heuristic keys
    /// on. `None` at the root, after a null move, and at the nodes a parallel search splits.
    pub last_move: Option<u16>,
}

/// Orders the moves of a node and learns from cutoffs. All methods are called by the search
/// of one thread; a parallel search gives each thread its own sorter.
///
/// Ordering is staged: [`MoveSorter::order_first`] puts the moves that are cheap to find and
/// most likely best (the PV and table moves) in front, the search tries them, and only when
/// none of them causes a cutoff does it call [`MoveSorter::order_best`] for the others, which
/// may place just the best of them; if that one does not cut either, the search calls
/// [`MoveSorter::order_rest`] for the rest. At most nodes the full ordering is never needed.
/// (A parallel search's split nodes, whose moves are shared among threads, call
/// `order_rest` for all the moves after the first.)
pub trait MoveSorter<G: Game> {
    /// Moves the likely best moves to the front of `moves` (every legal move of `game`, in
    /// the game's order) and returns how many it placed there. A sorter must only permute.
    /// The default places none.
    fn order_first(
        &mut self,
        game: &G,
        moves: &mut [G::Move],
        hints: &OrderingHints<G::Move>,
    ) -> usize {
        let _ = (game, moves, hints);
        0
    }

    /// Moves the best of the remaining moves (those [`MoveSorter::order_first`] did not
    /// place) to the front of `moves`, once the first ones failed to cut, and returns whether
    /// the others are in order too. When it returns `false` the search tries `moves[0]`, and
    /// only if that does not cut either calls [`MoveSorter::order_rest`] for `moves[1..]`:
    /// most cut nodes then never order the whole list. `N` is the capacity of the engine's
    /// move list: `moves.len() <= N`. The default orders them all with
    /// [`MoveSorter::order_rest`] and returns `true`.
    fn order_best<const N: usize>(
        &mut self,
        game: &G,
        moves: &mut [G::Move],
        hints: &OrderingHints<G::Move>,
    ) -> bool {
        self.order_rest::<N>(game, moves, hints);
        true
    }

    /// Orders the remaining moves (best first), once the first ones failed to cut: the moves
    /// after the one [`MoveSorter::order_best`] placed, or, at the split nodes of a parallel
    /// search, every move [`MoveSorter::order_first`] did not place. It must order the whole
    /// slice it is given. `N` is the capacity of the engine's move list: `moves.len() <= N`.
    fn order_rest<const N: usize>(
        &mut self,
        game: &G,
        moves: &mut [G::Move],
        hints: &OrderingHints<G::Move>,
    );

    /// `mv`, searched `hints.depth` plies deep, caused a beta cutoff; `tried` are the moves
    /// searched before it at this node, which did not.
    fn on_cutoff(
        &mut self,
        game: &G,
        mv: G::Move,
        tried: &[G::Move],
        hints: &OrderingHints<G::Move>,
    );

    /// Whether `mv` is a killer move at `ply` (killers are never reduced by late move
    /// reductions). The default: no move is.
    fn is_killer(&self, mv: G::Move, ply: u32) -> bool {
        let _ = (mv, ply);
        false
    }

    /// How well the quiet move `mv` has done at the nodes of its side so far (its history
    /// score), from `-HISTORY_MAX` to `HISTORY_MAX`: with
    /// [`Config::lmr_history`](crate::Config::lmr_history) late move reductions reduce a move
    /// above half of [`HISTORY_MAX`] one ply less, and one below minus half one ply more. The
    /// default: 0.
    fn history_score(&self, mv: G::Move, hints: &OrderingHints<G::Move>) -> i32 {
        let _ = (mv, hints);
        0
    }

    /// Forgets what was learnt (called by [`Engine::clear_history`](crate::Engine::clear_history)).
    fn clear(&mut self);

    /// Parallel search ([`ParallelEngine`](crate::parallel::ParallelEngine)): `learned`
    /// started as a copy of `base`, which `self` still equals or has already merged other
    /// helpers into, and ordered the moves of part of the tree on another thread; takes in
    /// what it learnt, so that the main thread's ordering reflects the whole tree as a
    /// sequential search's would. Called on the main thread after each split node, once per
    /// helper. The default adopts `learned` whole (the last helper's learning wins); the
    /// [`DefaultSorter`] adds every helper's history changes and takes the killers it
    /// changed.
    fn merge(&mut self, base: &Self, learned: &Self)
    where
        Self: Sized + Clone,
    {
        let _ = base;
        self.clone_from(learned);
    }
}

/// Which parts of the [`DefaultSorter`] are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderingConfig {
    /// The principal-variation move first. Default on.
    pub pv_move: bool,
    /// The transposition-table move next. Default on.
    pub tt_move: bool,
    /// Tactical moves next. Default on.
    pub tactical: bool,
    /// Killer moves next. Default on.
    pub killers: bool,
    /// History scores for the rest. Default on.
    pub history: bool,
}

impl OrderingConfig {
    /// Everything on.
    pub const ALL: Self =
        Self { pv_move: true, tt_move: true, tactical: true, killers: true, history: true };
    /// Everything off: the game's own order.
    pub const NONE: Self =
        Self { pv_move: false, tt_move: false, tactical: false, killers: false, history: false };
}

impl OrderingConfig {
    /// Whether any part that orders the moves after the PV and table moves is on.
    const fn any_key(&self) -> bool {
        self.tactical || self.killers || self.history
    }
}

impl Default for OrderingConfig {
    fn default() -> Self {
        Self::ALL
    }
}

/// The default sorter: PV move, TT move, tactical moves, two killers per ply, the
/// countermove (with `COUNTERS > 0`), history.
///
/// Memory: `2 * MAX_PLY` moves for the killers, `2 * HISTORY` `i16` for the history (2 KiB
/// with the default `HISTORY` of 512; a game with few move codes, like tic-tac-toe's 9, can
/// take a smaller table on a microcontroller: move codes are folded modulo `HISTORY`), and
/// `2 * COUNTERS` optional moves for the countermoves (none by default: the countermove
/// table is off, and costs nothing, unless `COUNTERS` is set; the last move's code is folded
/// modulo `COUNTERS`), and `CONTINUATION * CONTINUATION` `i16` for the continuation history
/// (none by default; the last move's and the move's [`MoveCode::continuation_key`] are folded
/// modulo `CONTINUATION`; one table for both sides, since the last move's key tells whose it
/// was in most games). The sorter is copied at each node a parallel search splits: keep the
/// table small.
#[derive(Clone, Debug)]
pub struct DefaultSorter<
    M,
    const MAX_PLY: usize,
    const HISTORY: usize = HISTORY_SIZE,
    const COUNTERS: usize = 0,
    const CONTINUATION: usize = 0,
> {
    /// Which parts are on.
    pub config: OrderingConfig,
    killers: [[Option<M>; 2]; MAX_PLY],
    history: [[i16; HISTORY]; 2],
    counters: [[Option<M>; COUNTERS]; 2],
    continuation: [[i16; CONTINUATION]; CONTINUATION],
}

impl<
        M: Copy + PartialEq + MoveCode,
        const MAX_PLY: usize,
        const HISTORY: usize,
        const COUNTERS: usize,
        const CONTINUATION: usize,
    > DefaultSorter<M, MAX_PLY, HISTORY, COUNTERS, CONTINUATION>
{
    /// The killers of `ply` (none beyond `MAX_PLY`).
    fn killers_at(&self, ply: u32) -> [Option<M>; 2] {
        self.killers.get(ply as usize).copied().unwrap_or([None; 2])
    }

    /// The countermove of `side` (0 the root's side to move, 1 the other) to the move of code
    /// `last` (none without a table or a last move).
    fn counter(&self, side: usize, last: Option<u16>) -> Option<M> {
        let last = usize::from(last?);
        *self.counters[side & 1].get(last % COUNTERS.max(1))?
    }

    /// The ordering key of a move that is neither the PV nor the table move: tactical moves,
    /// then the killers of its ply, then the countermove, then the rest by history; higher
    /// first. `order_best` applies the same priorities without computing keys (a scan per
    /// part, cheaper at the nodes that cut on that move); a change here must be made there
    /// too, and the test `the_best_of_the_rest_is_what_the_full_sort_puts_first` checks
    /// that they agree.
    #[inline(always)]
    fn key<G: Game<Move = M>>(
        &self,
        game: &G,
        mv: M,
        killers: &[Option<M>; 2],
        counter: Option<M>,
        side: usize,
        last: Option<u16>,
    ) -> i16 {
        let config = self.config;
        if config.tactical && game.is_tactical(mv) {
            if game.is_losing_tactical(mv) {
                LOSING_KEY
            } else {
                TACTICAL_KEY
            }
        } else if config.killers && killers[0] == Some(mv) {
            KILLER_KEY + 1
        } else if config.killers && killers[1] == Some(mv) {
            KILLER_KEY
        } else if config.killers && counter == Some(mv) {
            COUNTER_KEY
        } else if config.history {
            self.quiet_score(side, last, mv.move_code()) as i16
        } else {
            0
        }
    }
}

impl<
        M: Copy,
        const MAX_PLY: usize,
        const HISTORY: usize,
        const COUNTERS: usize,
        const CONTINUATION: usize,
    > DefaultSorter<M, MAX_PLY, HISTORY, COUNTERS, CONTINUATION>
{
    /// A sorter with everything on and nothing learnt.
    pub const fn new() -> Self {
        Self::with_config(OrderingConfig::ALL)
    }

    /// A sorter with the given parts on.
    pub const fn with_config(config: OrderingConfig) -> Self {
        Self {
            config,
            killers: [[None; 2]; MAX_PLY],
            history: [[0; HISTORY]; 2],
            counters: [[None; COUNTERS]; 2],
            continuation: [[0; CONTINUATION]; CONTINUATION],
        }
    }

    /// The history score of a move code for a side (0 root side, 1 the other).
    pub fn history(&self, side: usize, code: u16) -> i32 {
        self.history[side & 1].get(usize::from(code) % HISTORY.max(1)).map_or(0, |&h| i32::from(h))
    }

    fn update_history(&mut self, side: usize, code: u16, bonus: i32) {
        if let Some(entry) = self.history[side & 1].get_mut(usize::from(code) % HISTORY.max(1)) {
            gravity(entry, bonus);
        }
    }

    /// The continuation history's row and column for the move of code `code` after the move
    /// of code `last` (none without a table or a last move).
    fn continuation_cell(last: Option<u16>, code: u16) -> Option<(usize, usize)>
    where
        M: MoveCode,
    {
        let fold = |code: u16| usize::from(M::continuation_key(code)) % CONTINUATION.max(1);
        last.filter(|_| CONTINUATION > 0).map(|last| (fold(last), fold(code)))
    }

    /// The ordering score of a quiet move: its history, or with a continuation table and a
    /// last move, the mean of its history and its continuation history (within
    /// `±HISTORY_MAX` either way).
    #[inline(always)]
    fn quiet_score(&self, side: usize, last: Option<u16>, code: u16) -> i32
    where
        M: MoveCode,
    {
        let history = self.history(side, code);
        if CONTINUATION == 0 {
            return history;
        }
        let cell = Self::continuation_cell(last, code);
        match cell.and_then(|(row, column)| self.continuation.get(row)?.get(column)) {
            Some(&continuation) => (history + i32::from(continuation)) / 2,
            None => history,
        }
    }

    fn update_continuation(&mut self, last: Option<u16>, code: u16, bonus: i32)
    where
        M: MoveCode,
    {
        let cell = Self::continuation_cell(last, code);
        if let Some(entry) =
            cell.and_then(|(row, column)| self.continuation.get_mut(row)?.get_mut(column))
        {
            gravity(entry, bonus);
        }
    }
}

impl<
        M: Copy,
        const MAX_PLY: usize,
        const HISTORY: usize,
        const COUNTERS: usize,
        const CONTINUATION: usize,
    > Default for DefaultSorter<M, MAX_PLY, HISTORY, COUNTERS, CONTINUATION>
{
    fn default() -> Self {
        Self::new()
    }
}

/// A history entry moved by `bonus` with "gravity": the closer to the bound, the smaller the
/// step, so that `|h|` stays within [`HISTORY_MAX`].
fn gravity(entry: &mut i16, bonus: i32) {
    let h = i32::from(*entry);
    let next = h + bonus - h * bonus.abs() / HISTORY_MAX;
    *entry = next.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// One step of a stable insertion sort, best key first: moves `moves[i]` (key `keys[i]`) in
/// front of the moves before it whose keys are lower. `keys` and `moves` are parallel, and
/// those before `i` are in order.
#[inline]
pub(crate) fn insert_by_key<K: Ord + Copy, M: Copy>(keys: &mut [K], moves: &mut [M], i: usize) {
    let (key, mv) = (keys[i], moves[i]);
    let mut j = i;
    while j > 0 && keys[j - 1] < key {
        keys[j] = keys[j - 1];
        moves[j] = moves[j - 1];
        j -= 1;
    }
    keys[j] = key;
    moves[j] = mv;
}

/// Moves `moves[index]` to the front, the moves before it one place back (the order of the
/// others kept). Neither `rotate_right` nor a loop of `moves[i + 1] = moves[i]`: the first
/// calls a general `memmove`, and the compiler turns the second into one, which costs 1.3 KiB
/// of flash on a Cortex-M0 for what is a handful of moves. Here each slot takes the move
/// carried from the slot before it, a loop the compiler keeps as it is.
fn to_front<M: Copy>(moves: &mut [M], index: usize) {
    let Some(&mv) = moves.get(index) else { return };
    let mut carried = mv;
    for slot in &mut moves[..=index] {
        carried = core::mem::replace(slot, carried);
    }
}

// Above every history score (|history| <= HISTORY_MAX = 8192).
const TACTICAL_KEY: i16 = 30_000;
/// Below every history score.
const LOSING_KEY: i16 = -(HISTORY_MAX as i16) - 1;
const KILLER_KEY: i16 = 20_000;
const COUNTER_KEY: i16 = 10_000;

impl<
        G: Game,
        const MAX_PLY: usize,
        const HISTORY: usize,
        const COUNTERS: usize,
        const CONTINUATION: usize,
    > MoveSorter<G> for DefaultSorter<G::Move, MAX_PLY, HISTORY, COUNTERS, CONTINUATION>
{
    fn order_first(
        &mut self,
        _: &G,
        moves: &mut [G::Move],
        hints: &OrderingHints<G::Move>,
    ) -> usize {
        let mut placed = 0;
        // The table move, then the PV move in front of it.
        let tt = hints.tt_move.filter(|_| self.config.tt_move);
        if let Some(index) = moves.iter().position(|&mv| Some(mv.move_code()) == tt) {
            to_front(moves, index);
            placed += 1;
        }
        let pv = hints.pv_move.filter(|_| self.config.pv_move);
        if let Some(index) = moves.iter().position(|&mv| Some(mv) == pv) {
            to_front(moves, index);
            // Unless it was the table move too.
            if index >= placed {
                placed += 1;
            }
        }
        placed
    }

    #[inline(never)]
    fn order_best<const N: usize>(
        &mut self,
        game: &G,
        moves: &mut [G::Move],
        hints: &OrderingHints<G::Move>,
    ) -> bool {
        if !self.config.any_key() {
            return true;
        }
        // The move a stable sort by key would put first: the first tactical move not
        // expected to lose, else the first killer present, else the countermove, else the
        // first quiet move of the highest history score, else (all tactical and losing) the
        // first move.
        let config = self.config;
        let killers = self.killers_at(hints.ply);
        let counter = self.counter(hints.side, hints.last_move);
        let tactical =
            || moves.iter().position(|&mv| game.is_tactical(mv) && !game.is_losing_tactical(mv));
        // With tactical moves ordered, those left now are all expected to lose.
        let quiet = |mv: G::Move| !config.tactical || !game.is_tactical(mv);
        // A killer or countermove that is tactical here is a losing tactical move now.
        let killer = |k: Option<G::Move>| moves.iter().position(|&mv| Some(mv) == k && quiet(mv));
        // Each part is asked only when it is on: `is_tactical` may be a host's callback.
        let best = if let Some(index) = config.tactical.then(tactical).flatten() {
            index
        } else if let Some(index) =
            config.killers.then(|| killer(killers[0]).or_else(|| killer(killers[1]))).flatten()
        {
            index
        } else if let Some(index) = config.killers.then(|| killer(counter)).flatten() {
            index
        } else if config.history {
            let side = hints.side;
            let mut best = 0;
            let mut best_score = i32::MIN;
            for (index, &mv) in moves.iter().enumerate() {
                let score = if quiet(mv) {
                    self.quiet_score(side, hints.last_move, mv.move_code())
                } else {
                    i32::from(LOSING_KEY)
                };
                if score > best_score {
                    best = index;
                    best_score = score;
                }
            }
            best
        } else {
            moves.iter().position(|&mv| quiet(mv)).unwrap_or(0)
        };
        to_front(moves, best);
        moves.len() <= 2
    }

    #[inline(never)]
    fn order_rest<const N: usize>(
        &mut self,
        game: &G,
        moves: &mut [G::Move],
        hints: &OrderingHints<G::Move>,
    ) {
        if !self.config.any_key() {
            return;
        }
        let killers = self.killers_at(hints.ply);
        let counter = self.counter(hints.side, hints.last_move);
        // One 16-bit key per move, on the stack.
        let mut keys = [0i16; N];
        let count = moves.len().min(N);
        let moves = &mut moves[..count];
        for (key, &mv) in keys.iter_mut().zip(moves.iter()) {
            *key = self.key(game, mv, &killers, counter, hints.side, hints.last_move);
        }
        // Stable insertion sort, best key first: the game's order breaks ties.
        for i in 1..moves.len() {
            insert_by_key(&mut keys, moves, i);
        }
    }

    fn on_cutoff(
        &mut self,
        game: &G,
        mv: G::Move,
        tried: &[G::Move],
        hints: &OrderingHints<G::Move>,
    ) {
        if game.is_tactical(mv) {
            return;
        }
        if self.config.killers {
            if let Some(slot) = self.killers.get_mut(hints.ply as usize) {
                if slot[0] != Some(mv) {
                    slot[1] = slot[0];
                    slot[0] = Some(mv);
                }
            }
        }
        if let Some(last) = hints.last_move.filter(|_| self.config.killers) {
            let table = &mut self.counters[hints.side & 1];
            if let Some(slot) = table.get_mut(usize::from(last) % COUNTERS.max(1)) {
                *slot = Some(mv);
            }
        }
        if self.config.history {
            let bonus = (hints.depth * hints.depth).min(400) as i32;
            self.update_history(hints.side, mv.move_code(), bonus);
            self.update_continuation(hints.last_move, mv.move_code(), bonus);
            for &other in tried {
                if !game.is_tactical(other) {
                    self.update_history(hints.side, other.move_code(), -bonus);
                    self.update_continuation(hints.last_move, other.move_code(), -bonus);
                }
            }
        }
    }

    fn history_score(&self, mv: G::Move, hints: &OrderingHints<G::Move>) -> i32 {
        if self.config.history {
            self.history(hints.side, mv.move_code())
        } else {
            0
        }
    }

    fn is_killer(&self, mv: G::Move, ply: u32) -> bool {
        self.config.killers
            && self.killers.get(ply as usize).is_some_and(|k| k[0] == Some(mv) || k[1] == Some(mv))
    }

    fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        self.history = [[0; HISTORY]; 2];
        self.counters = [[None; COUNTERS]; 2];
        self.continuation = [[0; CONTINUATION]; CONTINUATION];
    }

    fn merge(&mut self, base: &Self, learned: &Self) {
        for ((mine, was), now) in self.killers.iter_mut().zip(&base.killers).zip(&learned.killers) {
            if now != was {
                *mine = *now;
            }
        }
        let counters = self.counters.iter_mut().zip(&base.counters).zip(&learned.counters);
        for ((mine, was), now) in counters {
            for ((c, b), l) in mine.iter_mut().zip(was).zip(now) {
                if l != b {
                    *c = *l;
                }
            }
        }
        let history = [
            (
                self.history.as_flattened_mut(),
                base.history.as_flattened(),
                learned.history.as_flattened(),
            ),
            (
                self.continuation.as_flattened_mut(),
                base.continuation.as_flattened(),
                learned.continuation.as_flattened(),
            ),
        ];
        for (mine, was, now) in history {
            for ((h, &b), &l) in mine.iter_mut().zip(was).zip(now) {
                let merged = i32::from(*h) + i32::from(l) - i32::from(b);
                *h = merged.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MoveList;
    use crate::games::tictactoe::Board;

    fn hints(ply: u32) -> OrderingHints<u8> {
        OrderingHints { ply, depth: 4, pv_move: None, tt_move: None, side: 0, last_move: None }
    }

    fn sorted<S: MoveSorter<Board>>(sorter: &mut S, hints: &OrderingHints<u8>) -> [u8; 9] {
        let board = Board::new();
        let mut moves = MoveList::<u8, 9>::new();
        crate::Game::generate_moves(&board, &mut moves);
        let moves = moves.as_mut_slice();
        let placed = sorter.order_first(&board, moves, hints);
        sorter.order_rest::<9>(&board, &mut moves[placed..], hints);
        moves.try_into().unwrap()
    }

    #[test]
    fn to_front_keeps_the_order_of_the_others() {
        let mut moves = [10u8, 11, 12, 13, 14];
        to_front(&mut moves, 3);
        assert_eq!(moves, [13, 10, 11, 12, 14]);
        to_front(&mut moves, 0);
        assert_eq!(moves, [13, 10, 11, 12, 14]);
        to_front(&mut moves, 4);
        assert_eq!(moves, [14, 13, 10, 11, 12]);
        // An index past the end leaves the moves as they are.
        to_front(&mut moves, 5);
        assert_eq!(moves, [14, 13, 10, 11, 12]);
    }

    #[test]
    fn pv_then_tt_then_killers_then_history_then_game_order() {
        let mut sorter = DefaultSorter::<u8, 9>::new();
        let board = Board::new();
        // Killers at ply 2: 7 then 5 (the newest first).
        sorter.on_cutoff(&board, 5, &[], &hints(2));
        sorter.on_cutoff(&board, 7, &[], &hints(2));
        assert!(MoveSorter::<Board>::is_killer(&sorter, 5, 2));
        assert!(!MoveSorter::<Board>::is_killer(&sorter, 5, 3));
        // History: 1 was searched before a cutoff and failed, 8 raised at ply 3.
        sorter.on_cutoff(&board, 8, &[1], &hints(3));
        let h = OrderingHints { pv_move: Some(4), tt_move: Some(2), ..hints(2) };
        assert_eq!(sorted(&mut sorter, &h), [4, 2, 7, 5, 8, 0, 3, 6, 1]);
        assert_eq!(sorter.history(0, 8), 16);
        assert_eq!(sorter.history(0, 1), -16);
        MoveSorter::<Board>::clear(&mut sorter);
        assert_eq!(sorted(&mut sorter, &hints(2)), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn merging_adds_each_helpers_history_changes_and_takes_the_killers_it_changed() {
        let board = Board::new();
        let mut main = DefaultSorter::<u8, 9>::new();
        main.on_cutoff(&board, 4, &[], &hints(1));
        let base = main.clone();
        // Two helpers start from the base; one learns at ply 2, the other at ply 3.
        let mut first = base.clone();
        first.on_cutoff(&board, 2, &[6], &hints(2));
        let mut second = base.clone();
        second.on_cutoff(&board, 2, &[], &hints(3));
        second.on_cutoff(&board, 7, &[], &hints(3));
        // The main thread learnt too while they searched.
        main.on_cutoff(&board, 0, &[], &hints(1));
        MoveSorter::<Board>::merge(&mut main, &base, &first);
        MoveSorter::<Board>::merge(&mut main, &base, &second);
        // History (depth 4: a bonus of 16 each): 4 and 0 by the main thread, 2 by both
        // helpers, 6 lowered by the first, 7 by the second.
        assert_eq!(main.history(0, 4), 16);
        assert_eq!(main.history(0, 0), 16);
        assert_eq!(main.history(0, 2), 32);
        assert_eq!(main.history(0, 6), -16);
        assert_eq!(main.history(0, 7), 16);
        // Killers: the main thread's at ply 1, each helper's where it changed them.
        assert_eq!(main.killers[1], [Some(0), Some(4)]);
        assert_eq!(main.killers[2], [Some(2), None]);
        assert_eq!(main.killers[3], [Some(7), Some(2)]);
        assert_eq!(main.killers[4], [None, None]);
    }

    #[test]
    fn merging_takes_the_countermoves_a_helper_changed() {
        let board = Board::new();
        let after = |last| OrderingHints { last_move: Some(last), ..hints(2) };
        let mut main = DefaultSorter::<u8, 9, HISTORY_SIZE, 9>::new();
        main.on_cutoff(&board, 4, &[], &after(1));
        main.on_cutoff(&board, 5, &[], &after(2));
        let base = main.clone();
        let mut helper = base.clone();
        helper.on_cutoff(&board, 6, &[], &after(2));
        helper.on_cutoff(&board, 7, &[], &after(3));
        main.on_cutoff(&board, 8, &[], &after(1));
        MoveSorter::<Board>::merge(&mut main, &base, &helper);
        // The main thread's own reply to 1; the helper's to 2 and 3.
        assert_eq!(main.counter(0, Some(1)), Some(8));
        assert_eq!(main.counter(0, Some(2)), Some(6));
        assert_eq!(main.counter(0, Some(3)), Some(7));
        assert_eq!(main.counter(1, Some(3)), None);
    }

    #[test]
    fn merging_keeps_history_bounded() {
        let mut main = DefaultSorter::<u8, 9>::new();
        for _ in 0..1_000 {
            main.update_history(0, 5, 400);
        }
        let base = DefaultSorter::<u8, 9>::new();
        let learned = main.clone();
        MoveSorter::<Board>::merge(&mut main, &base, &learned);
        assert_eq!(main.history(0, 5), HISTORY_MAX);
        let mut low = DefaultSorter::<u8, 9>::new();
        low.update_history(1, 5, -400);
        let mut main = low.clone();
        main.history[1][5] = -(HISTORY_MAX as i16);
        MoveSorter::<Board>::merge(&mut main, &DefaultSorter::new(), &low);
        assert_eq!(main.history(1, 5), -HISTORY_MAX);
    }

    #[test]
    fn history_stays_bounded() {
        let mut sorter = DefaultSorter::<u8, 9>::new();
        for _ in 0..10_000 {
            sorter.update_history(1, 3, 400);
            sorter.update_history(0, 3, -400);
        }
        assert!(sorter.history(1, 3) <= HISTORY_MAX && sorter.history(1, 3) > HISTORY_MAX - 400);
        assert!(sorter.history(0, 3) >= -HISTORY_MAX);
    }

    #[test]
    fn pv_and_table_moves_alone_move_to_the_front() {
        let only = OrderingConfig { pv_move: true, tt_move: true, ..OrderingConfig::NONE };
        let mut sorter = DefaultSorter::<u8, 9>::with_config(only);
        let h = OrderingHints { pv_move: Some(6), tt_move: Some(2), ..hints(0) };
        assert_eq!(sorted(&mut sorter, &h), [6, 2, 0, 1, 3, 4, 5, 7, 8]);
        let h = OrderingHints { pv_move: None, tt_move: Some(8), ..hints(0) };
        assert_eq!(sorted(&mut sorter, &h), [8, 0, 1, 2, 3, 4, 5, 6, 7]);
        let tt_only = OrderingConfig { tt_move: true, ..OrderingConfig::NONE };
        let mut sorter = DefaultSorter::<u8, 9>::with_config(tt_only);
        let h = OrderingHints { pv_move: Some(6), tt_move: Some(5), ..hints(0) };
        assert_eq!(sorted(&mut sorter, &h), [5, 0, 1, 2, 3, 4, 6, 7, 8]);
    }

    #[test]
    fn everything_off_keeps_the_game_order() {
        let mut sorter = DefaultSorter::<u8, 9>::with_config(OrderingConfig::NONE);
        let h = OrderingHints { pv_move: Some(4), tt_move: Some(2), ..hints(0) };
        assert_eq!(sorted(&mut sorter, &h), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(order_of(&mut sorter, &Marked(0, 0), &h, true), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }

    /// Tic-tac-toe's empty board with a chosen set of cells marked tactical, and of those a
    /// set marked losing.
    struct Marked(u16, u16);

    impl crate::Game for Marked {
        type Move = u8;
        type Player = u8;
        type Undo = ();
        fn side_to_move(&self) -> u8 {
            0
        }
        fn generate_moves<const N: usize>(&self, moves: &mut MoveList<u8, N>) {
            for cell in 0..9 {
                let _ = moves.push(cell);
            }
        }
        fn make_move(&mut self, _: u8) {}
        fn unmake_move(&mut self, _: u8, _: ()) {}
        fn is_terminal(&self) -> bool {
            false
        }
        fn zobrist_key(&self) -> u64 {
            0
        }
        fn is_tactical(&self, mv: u8) -> bool {
            self.0 & (1 << mv) != 0
        }
        fn is_losing_tactical(&self, mv: u8) -> bool {
            self.1 & (1 << mv) != 0
        }
    }

    /// The order of the nine moves of `game`: every stage at once (`staged` false, the order a
    /// parallel search's split node gets after its first move), or the three stages as the
    /// sequential search calls them when nothing cuts and nothing is learnt in between.
    fn order_of<S: MoveSorter<Marked>>(
        sorter: &mut S,
        game: &Marked,
        hints: &OrderingHints<u8>,
        staged: bool,
    ) -> [u8; 9] {
        let mut moves = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let placed = sorter.order_first(game, &mut moves, hints);
        if !staged {
            sorter.order_rest::<9>(game, &mut moves[placed..], hints);
        } else if !sorter.order_best::<9>(game, &mut moves[placed..], hints) {
            sorter.order_rest::<9>(game, &mut moves[placed + 1..], hints);
        }
        moves
    }

    #[test]
    fn the_best_of_the_rest_is_what_the_full_sort_puts_first() {
        use rand_core::{Rng, SeedableRng};
        let mut rng = rand_xorshift::XorShiftRng::seed_from_u64(7);
        let mut below = |n: u32| rng.next_u32() % n;
        for round in 0..4000 {
            // Every combination of the parts that order the rest, PV and table moves on.
            let bits = round % 8;
            let config = OrderingConfig {
                tactical: bits & 1 != 0,
                killers: bits & 2 != 0,
                history: bits & 4 != 0,
                ..OrderingConfig::ALL
            };
            let mut sorter = DefaultSorter::<u8, 9, HISTORY_SIZE, 4, 3>::with_config(config);
            // Few tactical moves, and random history for both sides with ties (few cutoffs,
            // small depths), killers and countermoves (four entries: codes 0 and 4 share one),
            // learnt with every part on.
            // Some of them losing.
            let tactical = (below(512) & below(512) & below(512)) as u16;
            let game = Marked(tactical, tactical & below(512) as u16);
            let mut learner = DefaultSorter::<u8, 9, HISTORY_SIZE, 4, 3>::new();
            for _ in 0..below(8) {
                let mv = below(9) as u8;
                let tried = [below(9) as u8];
                let h = OrderingHints {
                    depth: 1 + below(3),
                    side: below(2) as usize,
                    last_move: (below(3) > 0).then(|| below(9) as u16),
                    ..hints(below(3))
                };
                learner.on_cutoff(&Marked(0, 0), mv, &tried[..usize::from(mv != tried[0])], &h);
            }
            sorter.killers = learner.killers;
            sorter.history = learner.history;
            sorter.counters = learner.counters;
            sorter.continuation = learner.continuation;
            let pv_move = (below(2) == 0).then(|| below(9) as u8);
            let tt_move = (below(2) == 0).then(|| below(9) as u16);
            let last_move = (below(3) > 0).then(|| below(9) as u16);
            let h = OrderingHints {
                pv_move,
                tt_move,
                side: below(2) as usize,
                last_move,
                ..hints(below(3))
            };
            let full = order_of(&mut sorter, &game, &h, false);
            assert_eq!(order_of(&mut sorter, &game, &h, true), full, "round {round}");
        }
    }

    #[test]
    fn the_continuation_history_averages_with_the_history_after_its_last_move() {
        let board = Board::new();
        // Nine keys: a tic-tac-toe move's code is its key; last moves 1 and 10 share a row.
        type Sorter = DefaultSorter<u8, 9, HISTORY_SIZE, 0, 9>;
        let mut sorter = Sorter::new();
        let cut = |sorter: &mut Sorter, mv, tried: &[u8], last| {
            let h = OrderingHints { depth: 10, last_move: last, ..hints(20) };
            sorter.on_cutoff(&board, mv, tried, &h);
        };
        // 7 cuts after 1 (history +100, continuation (1, 7): +100), 5 cuts twice after no
        // last move (history only).
        cut(&mut sorter, 7, &[], Some(1));
        cut(&mut sorter, 5, &[], None);
        cut(&mut sorter, 5, &[], None);
        let after = |last| OrderingHints { last_move: last, ..hints(1) };
        // History 7: 100, 5: 199 (gravity: 100 + 100 - 100 * 100 / 8192 = 199).
        assert_eq!(sorter.history(0, 7), 100);
        assert_eq!(sorter.history(0, 5), 199);
        // After 1 (and 10, the same row): 7 scores (100 + 100) / 2 = 100, 5 (199 + 0) / 2 = 99.
        assert_eq!(sorted(&mut sorter, &after(Some(1))), [7, 5, 0, 1, 2, 3, 4, 6, 8]);
        assert_eq!(sorted(&mut sorter, &after(Some(10))), [7, 5, 0, 1, 2, 3, 4, 6, 8]);
        assert_eq!(order_of(&mut sorter, &Marked(0, 0), &after(Some(1)), true)[0], 7);
        // After 2 (another row) or no last move, the history alone: 5 first.
        assert_eq!(sorted(&mut sorter, &after(Some(2))), [5, 7, 0, 1, 2, 3, 4, 6, 8]);
        assert_eq!(sorted(&mut sorter, &after(None)), [5, 7, 0, 1, 2, 3, 4, 6, 8]);
        // A move tried before the cutting one loses in the row of the last move.
        cut(&mut sorter, 3, &[7], Some(2));
        assert_eq!(sorter.continuation[2][7], -100);
        assert_eq!(sorter.continuation[2][3], 100);
        MoveSorter::<Board>::clear(&mut sorter);
        assert_eq!(sorted(&mut sorter, &after(Some(1))), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn the_countermove_comes_after_the_killers_and_before_the_history() {
        let board = Board::new();
        let mut sorter = DefaultSorter::<u8, 9, HISTORY_SIZE, 9>::new();
        // History of the root side: 8 (25), 6 and 2 (16); the killer of ply 1: 6; the
        // countermove of the root side to 3: 2 (learnt at ply 5, where it is a killer too).
        sorter.on_cutoff(&board, 8, &[], &OrderingHints { depth: 5, ..hints(0) });
        sorter.on_cutoff(&board, 6, &[], &hints(1));
        sorter.on_cutoff(&board, 2, &[], &OrderingHints { last_move: Some(3), ..hints(5) });
        let after = |last| OrderingHints { last_move: last, ..hints(1) };
        assert_eq!(sorted(&mut sorter, &after(Some(3))), [6, 2, 8, 0, 1, 3, 4, 5, 7]);
        assert_eq!(order_of(&mut sorter, &Marked(0, 0), &after(Some(3)), true)[..3], [6, 2, 8]);
        // After another last move, or none, it goes by its history like the others.
        assert_eq!(sorted(&mut sorter, &after(Some(4))), [6, 8, 2, 0, 1, 3, 4, 5, 7]);
        assert_eq!(sorted(&mut sorter, &after(None)), [6, 8, 2, 0, 1, 3, 4, 5, 7]);
        // The other side's countermoves are its own.
        let other = OrderingHints { side: 1, ..after(Some(3)) };
        assert_eq!(sorted(&mut sorter, &other), [6, 0, 1, 2, 3, 4, 5, 7, 8]);
        // Without a table (the default) or without killers, no countermove.
        let mut plain = DefaultSorter::<u8, 9>::new();
        plain.on_cutoff(&board, 2, &[], &OrderingHints { last_move: Some(3), ..hints(5) });
        assert_eq!(sorted(&mut plain, &after(Some(3))), [2, 0, 1, 3, 4, 5, 6, 7, 8]);
        MoveSorter::<Board>::clear(&mut sorter);
        assert_eq!(sorter.counter(0, Some(3)), None);
        let no_killers = OrderingConfig { killers: false, ..OrderingConfig::ALL };
        let mut sorter = DefaultSorter::<u8, 9, HISTORY_SIZE, 9>::with_config(no_killers);
        sorter.on_cutoff(&board, 2, &[], &OrderingHints { last_move: Some(3), ..hints(5) });
        assert_eq!(sorter.counter(0, Some(3)), None);
    }

    #[test]
    fn the_best_of_the_rest_comes_first_and_two_moves_need_no_more() {
        let board = Board::new();
        let mut sorter = DefaultSorter::<u8, 9>::new();
        // History of the root side: 8 (25), 6 (16), 2 (-16); the killers of ply 3: 6, then 8.
        sorter.on_cutoff(&board, 8, &[], &OrderingHints { depth: 5, ..hints(3) });
        sorter.on_cutoff(&board, 6, &[2], &hints(3));
        let mut moves = [2, 6, 8, 1];
        assert!(!sorter.order_best::<9>(&board, &mut moves, &hints(0)));
        assert_eq!(moves, [8, 2, 6, 1]);
        let mut two = [2, 6];
        assert!(sorter.order_best::<9>(&board, &mut two, &hints(0)));
        assert_eq!(two, [6, 2]);
        // The killers of the ply beat any history, the newer first.
        let mut moves = [2, 8, 6, 1];
        assert!(!sorter.order_best::<9>(&board, &mut moves, &hints(3)));
        assert_eq!(moves, [6, 2, 8, 1]);
        let mut moves = [2, 8, 1];
        assert!(!sorter.order_best::<9>(&board, &mut moves, &hints(3)));
        assert_eq!(moves, [8, 2, 1]);
        // A tactical move beats the killers; the first of several.
        let marked = Marked(1 << 1 | 1 << 2, 0);
        let mut moves = [8, 6, 1, 2];
        assert!(!sorter.order_best::<9>(&marked, &mut moves, &hints(3)));
        assert_eq!(moves, [1, 8, 6, 2]);
        // With tactical moves and killers off, history decides.
        sorter.config = OrderingConfig { tactical: false, killers: false, ..OrderingConfig::ALL };
        let mut moves = [1, 6, 2, 8];
        assert!(!sorter.order_best::<9>(&marked, &mut moves, &hints(3)));
        assert_eq!(moves, [8, 1, 6, 2]);
    }

    #[test]
    fn losing_tactical_moves_come_after_the_quiet_ones() {
        let board = Board::new();
        let mut sorter = DefaultSorter::<u8, 9, HISTORY_SIZE, 0>::new();
        // History of the root side: 8 (25), 6 (16), 2 (-16); killer of ply 3: 6.
        sorter.on_cutoff(&board, 8, &[], &OrderingHints { depth: 5, ..hints(0) });
        sorter.on_cutoff(&board, 6, &[2], &hints(3));
        // 1, 2 and 5 tactical; 1 and 2 losing: 5, the killer 6, the quiet moves by history
        // (8, then 0, 3, 4 and 7 at 0 in the game's order), then 1 and 2.
        let game = Marked(1 << 1 | 1 << 2 | 1 << 5, 1 << 1 | 1 << 2);
        let all = [5, 6, 8, 0, 3, 4, 7, 1, 2];
        assert_eq!(order_of(&mut sorter, &game, &hints(3), false), all);
        assert_eq!(order_of(&mut sorter, &game, &hints(3), true), all);
        // The losing 2 has the lowest history of all, -16; it still comes after all of them.
        let mut moves = [2, 1, 0];
        assert!(!sorter.order_best::<9>(&game, &mut moves, &hints(0)));
        assert_eq!(moves, [0, 2, 1]);
        // Without history, the first quiet move; with tactical moves all losing, the first.
        sorter.config = OrderingConfig { history: false, killers: false, ..OrderingConfig::ALL };
        let mut moves = [2, 1, 7, 8];
        assert!(!sorter.order_best::<9>(&game, &mut moves, &hints(3)));
        assert_eq!(moves, [7, 2, 1, 8]);
        let mut moves = [2, 1];
        assert!(sorter.order_best::<9>(&game, &mut moves, &hints(3)));
        assert_eq!(moves, [2, 1]);
        // With tactical moves unordered, a losing one is a quiet move like any other.
        sorter.config = OrderingConfig::ALL;
        sorter.config.tactical = false;
        assert_eq!(order_of(&mut sorter, &game, &hints(3), true), [6, 8, 0, 1, 3, 4, 5, 7, 2]);
    }
}

//! What a search shares with other searches running at the same time, as the search sees it:
//! three hooks, each a trait defined here and implemented by whoever runs the searches
//! together (the `parallel` module, under `std`), handed to a search from above in its
//! [`Links`]. The search itself knows nothing of threads: a sequential search has no links,
//! and its node loops compile none of the calls (see [`features::ABDADA`](super::features)).

/// The moves other searches are searching right now, so that a node can put them off
/// (ABDADA's marks). A move is known by its mark, a hash of its node's key and its code.
#[cfg(feature = "std")]
pub(crate) trait MoveMarks: Sync {
    /// The mark of move `code` at the node whose key is `key`.
    fn mark_of(&self, key: u64, code: u16) -> u64;
    /// Whether another search is searching the move of `mark` now.
    fn is_busy(&self, mark: u64) -> bool;
    /// Marks the move of `mark` as searched by this search.
    fn enter(&self, mark: u64);
    /// Ends what [`MoveMarks::enter`] started.
    fn leave(&self, mark: u64);
}

/// Paces a search: called at every poll (every `poll_interval_nodes` nodes), it may block
/// until the search's next turn (a simulation of more threads than cores).
#[cfg(feature = "std")]
pub(crate) trait Pace: Sync {
    /// One poll of the calling search.
    fn tick(&self);
}

/// Exchanges what a search's move sorter learnt with the sorters of the other searches
/// (their killers and history), at the node after a poll that found the exchange due.
#[cfg(feature = "std")]
pub(crate) trait SorterExchange<O>: Sync {
    /// Adds what `sorter` learnt since the last exchange to the common sorter and replaces
    /// `sorter` with the result.
    fn exchange(&self, sorter: &mut O);
}

/// What a search shares with the others through its context, all from above: the marks of
/// the moves being searched (ABDADA), the pacer of a simulated run, the flag that ends the
/// main search's iteration and the sorter exchange. Nothing without `std`, and nothing in a
/// sequential search. `O` is the move sorter's type.
pub(crate) struct Links<'l, O> {
    /// The moves other searches are searching, in a search that defers them (ABDADA).
    #[cfg(feature = "std")]
    pub(crate) busy: Option<&'l dyn MoveMarks>,
    /// Makes the searches take turns, for a simulation of more threads than cores.
    #[cfg(feature = "std")]
    pub(crate) pacer: Option<&'l dyn Pace>,
    /// Ends the main search's current iteration when another search has completed it.
    #[cfg(feature = "std")]
    pub(crate) interrupt: Option<&'l core::sync::atomic::AtomicBool>,
    /// The searches exchange what their sorters learnt at every poll (ABDADA).
    #[cfg(feature = "std")]
    pub(crate) sorter: Option<&'l dyn SorterExchange<O>>,

    #[cfg(not(feature = "std"))]
    _lifetime: core::marker::PhantomData<&'l ()>,
    #[cfg(not(feature = "std"))]
    _sorter: core::marker::PhantomData<fn(&mut O)>,
}

// By hand: derived, they would ask the same of `O`.
impl<O> Clone for Links<'_, O> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<O> Copy for Links<'_, O> {}

impl<O> Default for Links<'_, O> {
    fn default() -> Self {
        Links {
            #[cfg(feature = "std")]
            busy: None,
            #[cfg(feature = "std")]
            pacer: None,
            #[cfg(feature = "std")]
            interrupt: None,
            #[cfg(feature = "std")]
            sorter: None,
            #[cfg(not(feature = "std"))]
            _lifetime: core::marker::PhantomData,
            #[cfg(not(feature = "std"))]
            _sorter: core::marker::PhantomData,
        }
    }
}

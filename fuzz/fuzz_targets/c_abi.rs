//! The C ABI driven by random sequences of calls, through the `alphabeta-ffi` rlib.
//!
//! The input decides a small game tree implemented as `extern "C"` callbacks (move counts that
//! may be negative or above the capacity, scores that may be `INT32_MIN`, `INT32_MAX`, out of
//! range, NaN or infinite, hints for mate distance pruning, a quiescence policy), then a
//! sequence of calls: engines made on the heap or in memory of odd sizes and alignments,
//! with configurations that may be bad; searches and window searches with NULL pointers,
//! NULL callbacks, bad limits, clocks that go backwards, PV buffers of odd capacities, and
//! callbacks that call back into the library (a search on the engine that is searching must
//! return `ALREADY_SEARCHING`; a stop; a search on another engine).
//!
//! Calls of the chance search (a roll whose outcomes score huge, infinite, NaN or tiny values,
//! with bounds above the largest valid one) and of the Monte Carlo search (thread counts,
//! arenas below 2 nodes a thread and budgets below the thread count, tiny terminal scores)
//! are mixed in.
//!
//! Every call must return a status, never `PANIC`; the game must be back at its root after
//! every call; a PV buffer is never written past its capacity (AddressSanitizer); and where
//! the game behaves, the configuration preserves values and nothing interrupted the search,
//! an `OK` score equals a brute-force negamax (window searches: the fail-soft bounds).

#![no_main]

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ffi::{c_void, CStr};
use std::ptr::{null, null_mut};
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

use alphabeta_ffi::alphabeta_status::{self, *};
use alphabeta_ffi::*;
use libfuzzer_sys::fuzz_target;

/// Positions of a game.
const MAX_NODES: usize = 40;
const MAX_HEIGHT: u32 = 6;
/// Calls per input.
const MAX_CALLS: usize = 10;
/// Callbacks per input, after which every position is terminal (keeps runs short).
const MAX_CALLBACKS: u64 = 200_000;
const WIN: i32 = 1_000_000;

/// The bytes of the input, read front to back; zeros once exhausted.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            usize::from(self.byte()) % n
        }
    }
    fn bit(&mut self) -> bool {
        self.byte() & 1 == 1
    }
    fn pick<T: Copy>(&mut self, choices: &[T]) -> T {
        choices[self.below(choices.len())]
    }
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

// ---------------------------------------------------------------------------------------------
// The game

/// How a position reports its moves.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Count {
    /// The true count.
    True,
    /// This negative count.
    Negative(i32),
    /// `capacity + k` (saturating): more than fit (only the first `capacity` are written).
    Over(i32),
}

/// A position's score from the point of view of the player `SIDES[0]`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Value {
    Small(i32),
    /// `win_in(ply)` for the side `SIDES[0]` (`true`) or the other.
    Won(bool),
    Int(i32),
    Double(f64),
}

#[derive(Clone, Debug)]
struct Node {
    children: Vec<usize>,
    side: i32,
    terminal: bool,
    count: Count,
    value: Value,
    tactical: bool,
}

#[derive(Clone, Debug)]
struct GameDef {
    nodes: Vec<Node>,
    /// Added to keys: a second game in the same table must not collide with the first.
    salt: u64,
    /// `min_plies_to_win` / `_loss`: `None` for a NULL callback.
    plies_hint: Option<u32>,
    tactical_callbacks: bool,
    /// Every count true and every score in range (not `INT32_MIN`, NaN, beyond ±WIN, infinite).
    well_behaved: bool,
}

impl GameDef {
    fn decode(bytes: &mut Bytes<'_>, salt: u64) -> Self {
        let sides = [bytes.pick(&[0, 1, 7, -1, i32::MIN, i32::MAX]), bytes.pick(&[1, 0, -3])];
        let alternate = bytes.bit();
        let mut nodes = vec![Node {
            children: Vec::new(),
            side: sides[0],
            terminal: false,
            count: Count::True,
            value: Value::Small(0),
            tactical: false,
        }];
        let mut depth = vec![0u32];
        let mut next = 0;
        while next < nodes.len() {
            let b = bytes.byte();
            let branching = usize::from(b % 5);
            nodes[next].terminal = b & 0xc0 == 0xc0;
            if depth[next] < MAX_HEIGHT && nodes.len() + branching <= MAX_NODES {
                for _ in 0..branching {
                    let side = if alternate {
                        if nodes[next].side == sides[0] {
                            sides[1]
                        } else {
                            sides[0]
                        }
                    } else {
                        sides[bytes.below(2)]
                    };
                    let child = nodes.len();
                    nodes[next].children.push(child);
                    nodes.push(Node { side, ..nodes[0].clone() });
                    nodes[child].children.clear();
                    depth.push(depth[next] + 1);
                }
            }
            next += 1;
        }
        let misbehave = bytes.byte();
        let mut well_behaved = true;
        for node in &mut nodes {
            let b = bytes.byte();
            node.tactical = b & 1 == 1;
            node.value = match (b >> 1) % 8 {
                0..=3 => Value::Small(i32::from(bytes.byte()) - 128),
                4 | 5 => Value::Won(bytes.bit()),
                _ if misbehave.is_multiple_of(4) => {
                    well_behaved = false;
                    match bytes.byte() % 10 {
                        0 => Value::Int(i32::MIN),
                        1 => Value::Int(i32::MAX),
                        2 => Value::Int(-i32::MAX),
                        3 => Value::Int(WIN + 1 + i32::from(bytes.byte())),
                        4 => Value::Double(f64::NAN),
                        5 => Value::Double(f64::INFINITY),
                        6 => Value::Double(-f64::INFINITY),
                        _ => Value::Double(3.0e6),
                    }
                }
                _ => Value::Small(0),
            };
            if misbehave % 4 == 1 && bytes.byte().is_multiple_of(8) {
                well_behaved = false;
                node.count = bytes.pick(&[
                    Count::Negative(-1),
                    Count::Negative(i32::MIN),
                    Count::Over(1),
                    Count::Over(i32::MAX),
                ]);
            }
        }
        let plies_hint = match bytes.byte() % 6 {
            0 => Some(1),
            1 => Some(0),
            2 => {
                // Above the truth: the host's mistake, values no longer checked.
                well_behaved = false;
                Some(bytes.pick(&[2, 50, 5000, u32::MAX]))
            }
            _ => None,
        };
        GameDef { nodes, salt, plies_hint, tactical_callbacks: bytes.bit(), well_behaved }
    }

    fn is_end(&self, node: usize) -> bool {
        self.nodes[node].terminal || self.nodes[node].children.is_empty()
    }

    /// The score for `player` at `node`, `ply` from the root, as the int32 callback returns it.
    fn int_score(&self, node: usize, player: i32, ply: u32) -> i32 {
        let mine = player == self.nodes[0].side;
        match self.nodes[node].value {
            Value::Small(v) => {
                if mine {
                    v
                } else {
                    -v
                }
            }
            Value::Won(first) => {
                let win = WIN - ply.min(4096) as i32;
                if first == mine {
                    win
                } else {
                    -win
                }
            }
            Value::Int(v) => {
                if mine {
                    v
                } else {
                    v.wrapping_neg()
                }
            }
            Value::Double(v) => v as i32,
        }
    }

    fn double_score(&self, node: usize, player: i32, ply: u32) -> f64 {
        let mine = player == self.nodes[0].side;
        match self.nodes[node].value {
            Value::Small(v) => f64::from(if mine { v } else { -v }) * 0.5,
            Value::Double(v) => {
                if mine {
                    v
                } else {
                    -v
                }
            }
            _ => f64::from(self.int_score(node, player, ply)),
        }
    }

    /// Brute-force negamax for the side to move at `node`.
    fn negamax(&self, node: usize, ply: u32, depth: u32, double: bool) -> f64 {
        let n = &self.nodes[node];
        if self.is_end(node) || depth == 0 {
            return if double {
                self.double_score(node, n.side, ply)
            } else {
                f64::from(self.int_score(node, n.side, ply))
            };
        }
        let mut best = f64::NEG_INFINITY;
        for &c in &n.children {
            let v = self.negamax(c, ply + 1, depth - 1, double);
            let v = if self.nodes[c].side == n.side { v } else { -v };
            best = best.max(v);
        }
        best
    }
}

/// What a callback does besides its job, once per search call.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Reentry {
    None,
    /// `alphabeta_search` on the engine that is searching.
    SearchSelf,
    /// `alphabeta_search_window` on it.
    WindowSelf,
    /// `alphabeta_engine_clear_table` and `_clear_history` on it.
    ClearSelf,
    /// `alphabeta_engine_stop` on it.
    Stop,
    /// A search of the second game on the other engine.
    SearchOther,
}

/// Where the re-entry happens.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Where {
    Evaluate,
    Generate,
    Clock,
    Iteration,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum ClockMode {
    Forward,
    Backward,
    Stuck,
    Wild,
}

/// The state behind `user_data`.
struct Host {
    def: GameDef,
    path: Vec<usize>,
    /// Broken promises of the library seen by a callback.
    violations: Vec<String>,
    callbacks: u64,
    /// For re-entry.
    engine: *mut alphabeta_engine,
    other: *mut alphabeta_engine,
    other_host: *mut Host,
    reentry: Reentry,
    at: Where,
    /// Calls of the re-entry point so far and when to re-enter.
    hits: u32,
    trigger: u32,
    reentered: Vec<(Reentry, alphabeta_status)>,
    stopped: bool,
    /// The clock's mode and start (`HostClock`).
    clock_mode: ClockMode,
    clock: u64,
    /// A clone made by `clone_state` (for a search on several threads): no re-entry.
    clone: bool,
}

impl Host {
    fn new(def: GameDef) -> Self {
        Host {
            def,
            path: vec![0],
            violations: Vec::new(),
            callbacks: 0,
            engine: null_mut(),
            other: null_mut(),
            other_host: null_mut(),
            reentry: Reentry::None,
            at: Where::Evaluate,
            hits: 0,
            trigger: 0,
            reentered: Vec::new(),
            stopped: false,
            clock_mode: ClockMode::Forward,
            clock: 0,
            clone: false,
        }
    }

    fn node(&self) -> usize {
        *self.path.last().unwrap_or(&0)
    }

    fn tick(&mut self) {
        self.callbacks += 1;
    }

    /// Re-enters the library if this is the place and the time.
    fn maybe_reenter(&mut self, at: Where) {
        if self.clone || self.reentry == Reentry::None || self.at != at {
            return;
        }
        self.hits += 1;
        if self.hits != self.trigger {
            return;
        }
        let engine = self.engine;
        let status = unsafe {
            match self.reentry {
                Reentry::None => return,
                Reentry::SearchSelf => {
                    let table = game_table(self, Optional::all());
                    let limits = alphabeta_limits_depth(2);
                    let mut result = alphabeta_result::default();
                    alphabeta_search(engine, &table, &limits, &mut result, null_mut(), 0)
                }
                Reentry::WindowSelf => {
                    let table = game_table(self, Optional::all());
                    let mut result = alphabeta_window_result::default();
                    alphabeta_search_window(engine, &table, 2, -5, 5, &mut result)
                }
                Reentry::ClearSelf => {
                    let a = alphabeta_engine_clear_table(engine);
                    let b = alphabeta_engine_clear_history(engine);
                    if a != b {
                        self.violations.push(format!("clear_table {a:?}, clear_history {b:?}"));
                    }
                    a
                }
                Reentry::Stop => {
                    self.stopped = true;
                    alphabeta_engine_stop(engine)
                }
                Reentry::SearchOther => {
                    if self.other.is_null() || self.other_host.is_null() {
                        return;
                    }
                    let other = &mut *self.other_host;
                    let table = game_table(other, Optional::all());
                    let limits = alphabeta_limits_depth(3);
                    let mut result = alphabeta_result::default();
                    let mut pv = [0u32; 8];
                    let status = alphabeta_search(
                        self.other,
                        &table,
                        &limits,
                        &mut result,
                        pv.as_mut_ptr(),
                        pv.len(),
                    );
                    if other.path != [0] {
                        self.violations.push("the other game is not back at its root".into());
                    }
                    status
                }
            }
        };
        self.reentered.push((self.reentry, status));
    }
}

unsafe fn host<'a>(user_data: *mut c_void) -> &'a mut Host {
    unsafe { &mut *user_data.cast::<Host>() }
}

unsafe extern "C" fn generate(user_data: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    let h = unsafe { host(user_data) };
    h.tick();
    h.maybe_reenter(Where::Generate);
    if h.callbacks > MAX_CALLBACKS {
        return 0;
    }
    let node = &h.def.nodes[h.node()];
    if moves.is_null() || capacity < 0 {
        h.violations.push(format!("generate_moves given {moves:?} and {capacity}"));
        return 0;
    }
    let n = node.children.len().min(capacity as usize);
    for i in 0..n {
        unsafe { moves.add(i).write(i as u32) };
    }
    match node.count {
        Count::True => node.children.len() as i32,
        Count::Negative(k) => k,
        Count::Over(k) => capacity.saturating_add(k),
    }
}

unsafe extern "C" fn generate_tactical(
    user_data: *mut c_void,
    moves: *mut u32,
    capacity: i32,
) -> i32 {
    let h = unsafe { host(user_data) };
    h.tick();
    let node = &h.def.nodes[h.node()];
    if moves.is_null() || capacity < 0 {
        h.violations.push(format!("generate_tactical_moves given {moves:?} and {capacity}"));
        return 0;
    }
    let mut n = 0;
    for (i, &c) in node.children.iter().enumerate() {
        if h.def.nodes[c].tactical && n < capacity {
            unsafe { moves.add(n as usize).write(i as u32) };
            n += 1;
        }
    }
    if let Count::Negative(k) = node.count {
        return k;
    }
    n
}

unsafe extern "C" fn make(user_data: *mut c_void, mv: u32) {
    let h = unsafe { host(user_data) };
    h.tick();
    let node = h.node();
    match h.def.nodes[node].children.get(mv as usize) {
        Some(&child) => h.path.push(child),
        None => {
            h.violations.push(format!("make_move {mv} at node {node}"));
            h.path.push(node);
        }
    }
}

unsafe extern "C" fn unmake(user_data: *mut c_void, mv: u32) {
    let h = unsafe { host(user_data) };
    h.tick();
    if h.path.len() < 2 {
        h.violations.push(format!("unmake_move {mv} at the root"));
        return;
    }
    let child = h.path.pop().unwrap_or(0);
    let parent = h.node();
    if h.def.nodes[parent].children.get(mv as usize) != Some(&child) {
        h.violations.push(format!("unmake_move {mv} is not the last move"));
    }
}

unsafe extern "C" fn evaluate(user_data: *mut c_void, player: i32, ply: u32, _: u32) -> i32 {
    let h = unsafe { host(user_data) };
    h.tick();
    h.maybe_reenter(Where::Evaluate);
    check_ply(h, ply);
    h.def.int_score(h.node(), player, ply)
}

unsafe extern "C" fn evaluate_double(user_data: *mut c_void, player: i32, ply: u32, _: u32) -> f64 {
    let h = unsafe { host(user_data) };
    h.tick();
    h.maybe_reenter(Where::Evaluate);
    check_ply(h, ply);
    h.def.double_score(h.node(), player, ply)
}

fn check_ply(h: &mut Host, ply: u32) {
    if ply as usize + 1 != h.path.len() {
        h.violations.push(format!("evaluate at ply {ply} with a path of {}", h.path.len()));
    }
}

unsafe extern "C" fn key(user_data: *mut c_void) -> u64 {
    let h = unsafe { host(user_data) };
    h.tick();
    let mut z = (h.node() as u64 ^ h.def.salt).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

unsafe extern "C" fn side(user_data: *mut c_void) -> i32 {
    let h = unsafe { host(user_data) };
    h.tick();
    h.def.nodes[h.node()].side
}

unsafe extern "C" fn terminal(user_data: *mut c_void) -> bool {
    let h = unsafe { host(user_data) };
    h.tick();
    h.def.nodes[h.node()].terminal || h.callbacks > MAX_CALLBACKS
}

unsafe extern "C" fn tactical(user_data: *mut c_void, mv: u32) -> bool {
    let h = unsafe { host(user_data) };
    h.tick();
    let node = &h.def.nodes[h.node()];
    node.children.get(mv as usize).is_some_and(|&c| h.def.nodes[c].tactical)
}

/// Every other tactical child (the odd moves) is marked losing.
unsafe extern "C" fn losing(user_data: *mut c_void, mv: u32) -> bool {
    let h = unsafe { host(user_data) };
    h.tick();
    let node = &h.def.nodes[h.node()];
    mv % 2 == 1 && node.children.get(mv as usize).is_some_and(|&c| h.def.nodes[c].tactical)
}

unsafe extern "C" fn plies_hint(user_data: *mut c_void) -> u32 {
    let h = unsafe { host(user_data) };
    h.tick();
    h.def.plies_hint.unwrap_or(1)
}

unsafe extern "C" fn clone_state(user_data: *mut c_void) -> *mut c_void {
    let h = unsafe { host(user_data) };
    let mut copy = Host::new(h.def.clone());
    copy.path = h.path.clone();
    copy.clone = true;
    Box::into_raw(Box::new(copy)).cast()
}

unsafe extern "C" fn clone_fails(_: *mut c_void) -> *mut c_void {
    null_mut()
}

unsafe extern "C" fn free_state(user_data: *mut c_void) {
    drop(unsafe { Box::from_raw(user_data.cast::<Host>()) });
}

/// The clock's state, apart from the host's: with several threads every thread reads the
/// clock (the header asks for a thread-safe one), so it keeps its time in an atomic and
/// re-enters the library only when one thread searches (`host` is then set).
struct HostClock {
    mode: ClockMode,
    now: AtomicU64,
    host: *mut Host,
}

unsafe extern "C" fn clock(user_data: *mut c_void) -> u64 {
    let c = unsafe { &*user_data.cast::<HostClock>() };
    if !c.host.is_null() {
        unsafe { &mut *c.host }.maybe_reenter(Where::Clock);
    }
    let step = |t: u64| match c.mode {
        ClockMode::Forward => t.wrapping_add(7),
        ClockMode::Backward => t.wrapping_sub(1_000),
        ClockMode::Stuck => t,
        ClockMode::Wild => t.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1),
    };
    let before = c.now.fetch_update(Relaxed, Relaxed, |t| Some(step(t))).unwrap_or(0);
    step(before)
}

unsafe extern "C" fn on_iteration(user_data: *mut c_void, info: *const alphabeta_info) {
    let h = unsafe { host(user_data) };
    h.maybe_reenter(Where::Iteration);
    if info.is_null() {
        h.violations.push("on_iteration given NULL".into());
        return;
    }
    let info = unsafe { &*info };
    if info.pv_length > alphabeta_max_ply() || (info.pv_length > 0 && info.pv.is_null()) {
        h.violations.push(format!("on_iteration PV {:?} of {}", info.pv, info.pv_length));
        return;
    }
    // Read the whole PV (AddressSanitizer checks it is there) and walk it.
    let pv = if info.pv_length == 0 {
        &[][..]
    } else {
        unsafe { std::slice::from_raw_parts(info.pv, info.pv_length) }
    };
    let mut node = h.path[0];
    for &mv in pv {
        match h.def.nodes[node].children.get(mv as usize) {
            Some(&c) => node = c,
            None => {
                h.violations.push(format!("on_iteration PV {pv:?} is not a path"));
                break;
            }
        }
    }
}

/// Which optional callbacks a table has, and which required ones are NULL.
#[derive(Clone, Copy, Debug)]
struct Optional {
    /// Bit i: required callback i is NULL.
    missing: u8,
    clone: u8,
}

impl Optional {
    fn all() -> Self {
        Optional { missing: 0, clone: 1 }
    }
}

fn game_table(h: &mut Host, opt: Optional) -> alphabeta_game {
    let gone = |i: u8| opt.missing & (1 << i) != 0;
    alphabeta_game {
        user_data: (h as *mut Host).cast(),
        generate_moves: (!gone(0)).then_some(generate as _),
        make_move: (!gone(1)).then_some(make as _),
        unmake_move: (!gone(2)).then_some(unmake as _),
        evaluate: (!gone(3)).then_some(evaluate as _),
        evaluate_double: (!gone(4)).then_some(evaluate_double as _),
        zobrist_key: (!gone(5)).then_some(key as _),
        side_to_move: (!gone(6)).then_some(side as _),
        is_terminal: (!gone(7)).then_some(terminal as _),
        is_tactical: h.def.tactical_callbacks.then_some(tactical as _),
        generate_tactical_moves: h.def.tactical_callbacks.then_some(generate_tactical as _),
        min_plies_to_win: h.def.plies_hint.map(|_| plies_hint as _),
        min_plies_to_loss: h.def.plies_hint.map(|_| plies_hint as _),
        clone_state: match opt.clone {
            0 => None,
            1 => Some(clone_state as _),
            _ => Some(clone_fails as _),
        },
        free_state: (opt.clone != 0).then_some(free_state as _),
        make_null_move: None,
        unmake_null_move: None,
        null_move_allowed: None,
        reward: None,
        is_losing_tactical: h.def.tactical_callbacks.then_some(losing as _),
    }
}

// ---------------------------------------------------------------------------------------------
// Engines

/// Memory an engine was built in.
enum Memory {
    /// `alphabeta_engine_new`: freed with `alphabeta_engine_free`.
    Heap,
    /// `alphabeta_engine_init`: the engine's memory and the table's, freed by us.
    Caller { engine: (*mut u8, Layout), table: Option<(*mut u8, Layout)> },
}

struct EngineSlot {
    ptr: *mut alphabeta_engine,
    memory: Memory,
    config: alphabeta_config,
}

impl Drop for EngineSlot {
    fn drop(&mut self) {
        match &self.memory {
            Memory::Heap => unsafe { alphabeta_engine_free(self.ptr) },
            Memory::Caller { engine, table } => unsafe {
                // The engine holds no heap memory (one thread): nothing to drop inside.
                dealloc(engine.0, engine.1);
                if let Some((p, l)) = table {
                    dealloc(*p, *l);
                }
            },
        }
    }
}

fn decode_config(bytes: &mut Bytes<'_>) -> alphabeta_config {
    let mut c = alphabeta_config_default();
    let b = bytes.byte();
    c.score_type = if b & 1 == 0 { ALPHABETA_SCORE_INT32 } else { ALPHABETA_SCORE_DOUBLE };
    c.lmr = false;
    c.quiescence = bytes.bit();
    c.tt_cutoffs = ALPHABETA_TT_CUTOFFS_EQUAL_DRAFT;
    c.iterative_deepening = b & 2 == 0;
    c.ordering = b & 4 == 0;
    c.pvs = b & 8 == 0;
    c.mate_distance_pruning = b & 16 == 0;
    c.tie_break = b & 32 != 0;
    c.tie_break_seed = u64::from(bytes.byte());
    c.poll_interval_nodes = bytes.pick(&[1024, 0, 1, 3, u32::MAX]);
    let o = bytes.byte();
    c.order_pv_move = o & 1 == 0;
    c.order_tt_move = o & 2 == 0;
    c.order_tactical = o & 4 == 0;
    c.order_killers = o & 8 == 0;
    c.order_history = o & 16 == 0;
    if b & 64 != 0 {
        // Anything goes, good or bad.
        match bytes.byte() % 12 {
            0 => c.score_type = bytes.pick(&[2, 7, u32::MAX]),
            1 => c.algorithm = bytes.pick(&[ALPHABETA_ALGORITHM_MINIMAX, 2, u32::MAX]),
            2 => {
                c.tt_cutoffs = bytes.pick(&[
                    ALPHABETA_TT_CUTOFFS_DEEPER_OR_PROVEN,
                    ALPHABETA_TT_CUTOFFS_NEVER,
                    3,
                    u32::MAX,
                ])
            }
            3 => c.null_window_epsilon = bytes.pick(&[0.0, -1.0, f64::NAN, f64::INFINITY, 0.5]),
            4 => {
                c.lmr = true;
                c.lmr_min_depth = bytes.pick(&[0, 1, 3, u32::MAX]);
                c.lmr_min_move_index = bytes.pick(&[0, 1, 3, u32::MAX]);
            }
            5 => {
                c.quiescence = true;
                c.max_quiescence_depth = bytes.pick(&[0, 1, 64, 65, 1 << 20, u32::MAX]);
            }
            // 1024 is valid but starts 1,024 threads (seconds under AddressSanitizer).
            6 => c.threads = bytes.pick(&[0, 2, 1025, u32::MAX]),
            7 => {
                c.threads = 2;
                c.parallel_scheme = bytes.pick(&[ALPHABETA_PARALLEL_LAZY_SMP, 1, 2, 3, u32::MAX]);
                c.parallel_min_split_nodes = bytes.pick(&[0, 1, 16_384]);
            }
            8 => c.algorithm = ALPHABETA_ALGORITHM_MINIMAX,
            9 => {
                // The selective refinements, on or off, with good and bad values. `lmr_log`
                // acts only with `lmr`: with `lmr` off (and no pruning) it must change no
                // value, which is then checked against brute force.
                let on = bytes.byte();
                c.lmr = on & 16 != 0;
                c.lmr_log = on & 1 != 0;
                c.lmr_log_base = bytes.pick(&[0.75, 0.0, -3.0, f32::NAN, f32::INFINITY]);
                c.lmr_log_divisor = bytes.pick(&[2.25, 0.5, 0.0, -1.0, f32::NAN, f32::INFINITY]);
                c.reverse_futility_max_depth =
                    if on & 2 != 0 { bytes.pick(&[1, 3, u32::MAX]) } else { 0 };
                c.reverse_futility_margin = bytes.pick(&[0.0, 50.0, -1.0, f64::NAN, f64::INFINITY]);
                c.futility_max_depth = if on & 4 != 0 { bytes.pick(&[1, 3, u32::MAX]) } else { 0 };
                c.futility_margin = bytes.pick(&[0.0, 50.0, -0.5, f64::NAN, f64::NEG_INFINITY]);
                c.late_move_pruning = if on & 8 != 0 { bytes.pick(&[1, 3, u32::MAX]) } else { 0 };
                c.lmr_history = on & 32 != 0;
                c.internal_reduction =
                    if on & 64 != 0 { bytes.pick(&[1, 2, 4, u32::MAX]) } else { 0 };
            }
            _ => {}
        }
    }
    c
}

fn config_is_valid(c: &alphabeta_config) -> bool {
    c.score_type <= 1
        && c.algorithm <= 1
        && c.tt_cutoffs <= 2
        && c.null_window_epsilon > 0.0
        && c.null_window_epsilon.is_finite()
        && c.threads <= 1024
        && c.parallel_scheme <= 2
        && c.max_quiescence_depth as usize <= alphabeta_max_ply()
        && c.lmr_log_base.is_finite()
        && c.lmr_log_divisor > 0.0
        && c.lmr_log_divisor.is_finite()
        && c.reverse_futility_margin >= 0.0
        && c.reverse_futility_margin.is_finite()
        && c.futility_margin >= 0.0
        && c.futility_margin.is_finite()
}

fn threads(c: &alphabeta_config) -> u32 {
    if c.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
    } else {
        c.threads
    }
}

/// Whether searches under `c` return the game's value at the depth searched.
fn preserves_values(c: &alphabeta_config, game: &GameDef) -> bool {
    if c.algorithm == ALPHABETA_ALGORITHM_MINIMAX {
        return true;
    }
    let double = c.score_type == ALPHABETA_SCORE_DOUBLE;
    // `lmr_log` and `lmr_history` act only with `lmr`; the pruning options skip moves
    // whatever they hold, and the internal reduction searches shallower.
    // Double values are multiples of 0.5: a null window that wide cannot tell them apart.
    !c.lmr
        && c.reverse_futility_max_depth == 0
        && c.futility_max_depth == 0
        && c.late_move_pruning == 0
        && c.internal_reduction == 0
        && !(double && c.null_window_epsilon >= 0.5)
        && !(c.quiescence && game.tactical_callbacks)
        && c.tt_cutoffs != ALPHABETA_TT_CUTOFFS_DEEPER_OR_PROVEN
}

fn new_engine(bytes: &mut Bytes<'_>) -> Option<EngineSlot> {
    let config = decode_config(bytes);
    let mut out: *mut alphabeta_engine = null_mut();
    let valid = config_is_valid(&config);
    if bytes.bit() || config.threads != 1 {
        let slots = bytes.pick(&[0usize, 1, 2, 3, 64, 1000, usize::MAX, usize::MAX / 16]);
        let how = bytes.byte() % 8;
        let status = unsafe {
            match how {
                0 => alphabeta_engine_new(&config, slots, null_mut()),
                1 => alphabeta_engine_new(null(), 0, &mut out),
                _ => alphabeta_engine_new(&config, slots, &mut out),
            }
        };
        let config = if how == 1 { alphabeta_config_default() } else { config };
        if how == 0 {
            check_status(status, &[ALPHABETA_ERROR_NULL_POINTER]);
        } else if how != 1 && !valid {
            check_status(status, &[ALPHABETA_ERROR_BAD_CONFIG]);
        } else if how != 1 && slots >= usize::MAX / 16 {
            check_status(status, &[ALPHABETA_ERROR_OUT_OF_MEMORY]);
        } else {
            check_status(status, &[ALPHABETA_OK, ALPHABETA_ERROR_THREADS]);
        }
        if status != ALPHABETA_OK {
            assert!(out.is_null(), "*out written by a failed alphabeta_engine_new");
            return None;
        }
        assert!(!out.is_null());
        return Some(EngineSlot { ptr: out, memory: Memory::Heap, config });
    }
    // In the caller's memory, of odd sizes and alignments.
    let size = alphabeta_engine_size();
    let align = alphabeta_engine_align();
    let shape = bytes.byte();
    let (offset, short) = match shape % 8 {
        0 => (1, 0),
        1 => (0, 1),
        2 => (align / 2, 0),
        _ => (0, 0),
    };
    let engine_layout = Layout::from_size_align(size + align, align).ok()?;
    let engine_mem = unsafe { alloc_zeroed(engine_layout) };
    assert!(!engine_mem.is_null());
    let slot = alphabeta_table_slot_size(config.score_type);
    let table_slots = bytes.pick(&[0usize, 1, 2, 3, 16, 100]);
    let table_shift = bytes.pick(&[0usize, 0, 0, 8, 4]);
    let table_null_with_bytes = bytes.byte().is_multiple_of(16);
    let table_layout = Layout::from_size_align(table_slots * slot + 16, 16).ok()?;
    let table_mem =
        if table_slots > 0 { unsafe { alloc_zeroed(table_layout) } } else { null_mut() };
    let (table_ptr, table_bytes) = if table_null_with_bytes {
        (null_mut(), 64)
    } else if table_mem.is_null() {
        (null_mut(), 0)
    } else {
        (unsafe { table_mem.add(table_shift) }.cast::<c_void>(), table_slots * slot)
    };
    let memory = unsafe { engine_mem.add(offset) }.cast::<c_void>();
    let null_out = shape & 0x80 != 0 && shape & 0x40 != 0;
    let status = unsafe {
        alphabeta_engine_init(
            memory,
            size - short,
            &config,
            table_ptr,
            table_bytes,
            if null_out { null_mut() } else { &mut out },
        )
    };
    let expected = if null_out {
        ALPHABETA_ERROR_NULL_POINTER
    } else if offset != 0 || short != 0 {
        ALPHABETA_ERROR_ENGINE_MEMORY
    } else if !valid {
        ALPHABETA_ERROR_BAD_CONFIG
    } else if table_null_with_bytes {
        ALPHABETA_ERROR_NULL_POINTER
    } else if !table_ptr.is_null() && (!table_shift.is_multiple_of(16) || table_slots < 2) {
        ALPHABETA_ERROR_TABLE_MEMORY
    } else {
        ALPHABETA_OK
    };
    check_status(status, &[expected]);
    let table = (!table_mem.is_null()).then_some((table_mem, table_layout));
    if status != ALPHABETA_OK {
        unsafe {
            dealloc(engine_mem, engine_layout);
            if let Some((p, l)) = table {
                dealloc(p, l);
            }
        }
        return None;
    }
    assert_eq!(out.cast::<c_void>(), memory);
    Some(EngineSlot {
        ptr: out,
        memory: Memory::Caller { engine: (engine_mem, engine_layout), table },
        config,
    })
}

/// A status is one of `allowed`, has a message, and is never `PANIC`.
fn check_status(status: alphabeta_status, allowed: &[alphabeta_status]) {
    assert_ne!(status, ALPHABETA_ERROR_PANIC, "a panic was caught inside the library");
    let message = unsafe { CStr::from_ptr(alphabeta_status_message(status as i32)) };
    assert_ne!(message.to_bytes(), b"unknown status", "{status:?}");
    assert!(allowed.contains(&status), "{status:?}, expected one of {allowed:?}");
}

// ---------------------------------------------------------------------------------------------
// Calls

struct Run {
    main: Box<Host>,
    second: Box<Host>,
    engines: Vec<EngineSlot>,
    /// Zeroed memory the size of an engine: not an engine.
    fake: (*mut u8, Layout),
}

impl Drop for Run {
    fn drop(&mut self) {
        self.engines.clear();
        unsafe { dealloc(self.fake.0, self.fake.1) };
    }
}

impl Run {
    fn engine_ptr(&self, bytes: &mut Bytes<'_>) -> (*mut alphabeta_engine, Option<usize>) {
        match bytes.byte() % 16 {
            0 => (null_mut(), None),
            1 => (self.fake.0.cast(), None),
            b if !self.engines.is_empty() => {
                let i = usize::from(b) % self.engines.len();
                (self.engines[i].ptr, Some(i))
            }
            _ => (null_mut(), None),
        }
    }

    fn prepare_host(&mut self, bytes: &mut Bytes<'_>, engine: *mut alphabeta_engine) {
        let other = self.engines.iter().map(|e| e.ptr).find(|&p| p != engine);
        let h = &mut *self.main;
        h.engine = engine;
        h.other = other.unwrap_or(null_mut());
        h.other_host = &mut *self.second;
        h.reentry = bytes.pick(&[
            Reentry::None,
            Reentry::None,
            Reentry::SearchSelf,
            Reentry::WindowSelf,
            Reentry::ClearSelf,
            Reentry::Stop,
            Reentry::SearchOther,
        ]);
        h.at = bytes.pick(&[Where::Evaluate, Where::Generate, Where::Clock, Where::Iteration]);
        h.hits = 0;
        h.trigger = 1 + bytes.below(6) as u32;
        h.reentered.clear();
        h.stopped = false;
        h.violations.clear();
        h.callbacks = 0;
        h.clock_mode = bytes.pick(&[
            ClockMode::Forward,
            ClockMode::Backward,
            ClockMode::Stuck,
            ClockMode::Wild,
        ]);
        h.clock = bytes.pick(&[0, 1_000, u64::MAX - 5, 1 << 63]);
    }

    /// After a call: the game is back, the library kept its promises, and re-entry gave the
    /// statuses it must.
    fn after_call(&mut self) {
        let h = &mut *self.main;
        assert_eq!(h.path, [0], "the game is not back at its root");
        assert!(h.violations.is_empty(), "{:?}", h.violations);
        for &(what, status) in &h.reentered {
            match what {
                Reentry::SearchSelf | Reentry::WindowSelf | Reentry::ClearSelf => {
                    check_status(status, &[ALPHABETA_ERROR_ALREADY_SEARCHING])
                }
                Reentry::Stop => check_status(status, &[ALPHABETA_OK]),
                Reentry::SearchOther => {
                    // The other engine may use the other score type, or a bad table... but it
                    // is not searching, and the second game behaves.
                    assert_ne!(status, ALPHABETA_ERROR_ALREADY_SEARCHING);
                    assert_ne!(status, ALPHABETA_ERROR_PANIC);
                }
                Reentry::None => {}
            }
        }
        assert_eq!(self.second.path, [0]);
    }

    fn search(&mut self, bytes: &mut Bytes<'_>) {
        let (engine, index) = self.engine_ptr(bytes);
        self.prepare_host(bytes, engine);
        let b = bytes.byte();
        let opt = Optional {
            missing: if b.is_multiple_of(8) { 1 << bytes.below(8) } else { 0 },
            clone: bytes.pick(&[1, 1, 0, 2]),
        };
        let mut limits = alphabeta_limits_depth(bytes.pick(&[1, 2, 3, 4, 6, 64, 0, 65, u32::MAX]));
        limits.min_depth = bytes.pick(&[1, 1, 0, 2, 5, 70]);
        let timed = bytes.byte();
        let host_ptr: *mut Host = &mut *self.main;
        let one_thread = index.is_none_or(|i| threads(&self.engines[i].config) == 1);
        let host_clock = HostClock {
            mode: self.main.clock_mode,
            now: AtomicU64::new(self.main.clock),
            host: if one_thread { host_ptr } else { null_mut() },
        };
        if timed & 1 != 0 {
            limits.clock = Some(clock);
            limits.clock_user_data = (&host_clock as *const HostClock).cast_mut().cast();
        }
        if timed & 2 != 0 {
            limits.time_limit_micros = bytes.pick(&[0, 1, 100, 10_000, u64::MAX - 1]);
        }
        if timed & 4 != 0 {
            limits.on_iteration = Some(on_iteration);
            limits.on_iteration_user_data = host_ptr.cast();
        }
        let pv_cap = bytes.pick(&[0usize, 0, 1, 2, 3, 5, 63, 64, 65]);
        let pv_null = bytes.byte().is_multiple_of(4);
        let mut pv = vec![0xdead_beef_u32; pv_cap];
        let pv_ptr = if pv_null { null_mut() } else { pv.as_mut_ptr() };
        let null_arg = bytes.byte() % 16;
        let table = game_table(&mut self.main, opt);
        let mut result = alphabeta_result::default();
        let status = unsafe {
            alphabeta_search(
                engine,
                if null_arg == 1 { null() } else { &table },
                if null_arg == 2 { null() } else { &limits },
                if null_arg == 3 { null_mut() } else { &mut result },
                pv_ptr,
                pv_cap,
            )
        };
        assert_ne!(status, ALPHABETA_ERROR_PANIC, "a panic was caught inside the library");
        self.after_call();
        let def = &self.main.def;

        // What can be told in advance.
        if null_arg == 1 || null_arg == 2 || null_arg == 3 || (pv_null && pv_cap > 0) {
            return check_status(status, &[ALPHABETA_ERROR_NULL_POINTER]);
        }
        let Some(index) = index else {
            let expected = if engine.is_null() {
                ALPHABETA_ERROR_NULL_POINTER
            } else {
                ALPHABETA_ERROR_NOT_AN_ENGINE
            };
            return check_status(status, &[expected]);
        };
        let slot = &self.engines[index];
        let c = slot.config;
        let double = c.score_type == ALPHABETA_SCORE_DOUBLE;
        let missing_required = (0..8u8)
            .any(|i| opt.missing & (1 << i) != 0 && (i != 3 || !double) && (i != 4 || double));
        if missing_required {
            return check_status(status, &[ALPHABETA_ERROR_NULL_CALLBACK]);
        }
        let parallel = threads(&c) > 1;
        if parallel && opt.clone == 0 {
            return check_status(status, &[ALPHABETA_ERROR_NULL_CALLBACK]);
        }
        let bad_limits = limits.max_depth == 0
            || limits.max_depth as usize > alphabeta_max_ply()
            || limits.min_depth > limits.max_depth;
        // A parallel engine clones the game before it looks at the limits.
        let clone_fails = parallel && opt.clone == 2;
        if bad_limits {
            let mut allowed = vec![
                ALPHABETA_ERROR_ZERO_MAX_DEPTH,
                ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY,
                ALPHABETA_ERROR_MIN_DEPTH_ABOVE_MAX_DEPTH,
            ];
            if clone_fails {
                allowed.push(ALPHABETA_ERROR_CLONE_FAILED);
            }
            if parallel && !def.well_behaved {
                // It also generates the root's moves before it looks at the limits.
                allowed
                    .extend([ALPHABETA_ERROR_MOVE_OVERFLOW, ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT]);
            }
            return check_status(status, &allowed);
        }
        let mut allowed = vec![ALPHABETA_OK, ALPHABETA_ERROR_PV_TRUNCATED];
        if !def.well_behaved {
            allowed.extend([
                ALPHABETA_ERROR_MOVE_OVERFLOW,
                ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT,
                ALPHABETA_ERROR_NAN_SCORE,
                // A score out of range (INT32_MIN, ±INT32_MAX, beyond ±(WIN - ply)).
                ALPHABETA_ERROR_SCORE_OUT_OF_RANGE,
            ]);
        }
        if clone_fails {
            allowed.push(ALPHABETA_ERROR_CLONE_FAILED);
        }
        check_status(status, &allowed);
        if status != ALPHABETA_OK && status != ALPHABETA_ERROR_PV_TRUNCATED {
            return;
        }
        // A result: the PV buffer, then the value.
        assert_eq!(
            status == ALPHABETA_ERROR_PV_TRUNCATED,
            !pv_ptr.is_null() && result.pv_length > pv_cap,
            "PV of {} in a buffer of {pv_cap}",
            result.pv_length
        );
        assert!(result.pv_length <= alphabeta_max_ply());
        let written = result.pv_length.min(pv_cap);
        if !pv_ptr.is_null() {
            let mut node = 0;
            for &mv in &pv[..written] {
                node = *def.nodes[node].children.get(mv as usize).expect("the PV is a path");
            }
            assert!(pv[written..].iter().all(|&m| m == 0xdead_beef), "written past the PV");
        }
        assert!(result.depth <= limits.max_depth);
        let interrupted = self.main.stopped || limits.time_limit_micros != ALPHABETA_NO_TIME_LIMIT;
        if !interrupted {
            assert!(result.completed, "not completed, not stopped");
        }
        let checkable =
            def.well_behaved && preserves_values(&c, def) && self.main.callbacks <= MAX_CALLBACKS;
        let full = result.completed || result.exact;
        if checkable && full && (result.depth == limits.max_depth || result.exact) {
            let expected = def.negamax(0, 0, limits.max_depth, double);
            let got = if double { result.score_double } else { f64::from(result.score) };
            assert_eq!(got, expected, "root value under {c:?} depth {}", limits.max_depth);
            if !def.is_end(0) {
                assert!(result.has_best_move, "a root with moves and no best move");
            }
        }
    }

    fn window(&mut self, bytes: &mut Bytes<'_>) {
        let (engine, index) = self.engine_ptr(bytes);
        self.prepare_host(bytes, engine);
        let double_call = bytes.bit();
        let depth = bytes.pick(&[0u32, 1, 2, 3, 5, 64, 65]);
        let (ia, ib) = (
            bytes.pick(&[-i32::MAX, i32::MIN, -1000, -1, 0, 3, WIN]),
            bytes.pick(&[i32::MAX, -1000, 0, 1, 4, 200, WIN, i32::MIN]),
        );
        let (da, db) = (
            bytes.pick(&[f64::NEG_INFINITY, -10.0, 0.0, 0.5, f64::NAN]),
            bytes.pick(&[f64::INFINITY, -10.0, 0.0, 0.5, 1.0, f64::NAN]),
        );
        let null_arg = bytes.byte() % 16;
        let table = game_table(&mut self.main, Optional::all());
        let mut result = alphabeta_window_result::default();
        let game_ptr: *const alphabeta_game = if null_arg == 1 { null() } else { &table };
        let result_ptr: *mut alphabeta_window_result =
            if null_arg == 2 { null_mut() } else { &mut result };
        let status = unsafe {
            if double_call {
                alphabeta_search_window_double(engine, game_ptr, depth, da, db, result_ptr)
            } else {
                alphabeta_search_window(engine, game_ptr, depth, ia, ib, result_ptr)
            }
        };
        assert_ne!(status, ALPHABETA_ERROR_PANIC, "a panic was caught inside the library");
        self.after_call();
        if null_arg == 1 || null_arg == 2 {
            return check_status(status, &[ALPHABETA_ERROR_NULL_POINTER]);
        }
        let Some(index) = index else {
            let expected = if engine.is_null() {
                ALPHABETA_ERROR_NULL_POINTER
            } else {
                ALPHABETA_ERROR_NOT_AN_ENGINE
            };
            return check_status(status, &[expected]);
        };
        let c = self.engines[index].config;
        let double = c.score_type == ALPHABETA_SCORE_DOUBLE;
        if double != double_call {
            return check_status(status, &[ALPHABETA_ERROR_WRONG_SCORE_TYPE]);
        }
        let (alpha, beta) = if double { (da, db) } else { (f64::from(ia), f64::from(ib)) };
        let empty = alpha.partial_cmp(&beta) != Some(std::cmp::Ordering::Less);
        // INT32_MIN has no negation: being made an invalid window.
        let bad_window = empty || (!double && ia == i32::MIN);
        let mut allowed = vec![ALPHABETA_OK];
        if bad_window {
            allowed.push(ALPHABETA_ERROR_INVALID_WINDOW);
        }
        if depth as usize > alphabeta_max_ply() {
            allowed.push(ALPHABETA_ERROR_DEPTH_BEYOND_CAPACITY);
        }
        let def = &self.main.def;
        if !def.well_behaved {
            allowed.extend([
                ALPHABETA_ERROR_MOVE_OVERFLOW,
                ALPHABETA_ERROR_NEGATIVE_MOVE_COUNT,
                ALPHABETA_ERROR_NAN_SCORE,
                ALPHABETA_ERROR_SCORE_OUT_OF_RANGE,
            ]);
        }
        check_status(status, &allowed);
        if status != ALPHABETA_OK {
            return;
        }
        assert!(!empty, "a window search of ({alpha}, {beta}) succeeded");
        if def.well_behaved && preserves_values(&c, def) && self.main.callbacks <= MAX_CALLBACKS {
            let value = def.negamax(0, 0, depth, double);
            let got = if double { result.score_double } else { f64::from(result.score) };
            if got <= alpha {
                assert!(value <= got, "fail-low {got} above the value {value}");
            } else if got >= beta {
                assert!(value >= got, "fail-high {got} below the value {value}");
            } else {
                assert_eq!(got, value, "inside ({alpha}, {beta}) under {c:?}");
            }
        }
    }

    fn simple(&mut self, bytes: &mut Bytes<'_>) {
        let (engine, index) = self.engine_ptr(bytes);
        let status = unsafe {
            match bytes.byte() % 3 {
                0 => alphabeta_engine_clear_table(engine),
                1 => alphabeta_engine_clear_history(engine),
                _ => alphabeta_engine_stop(engine),
            }
        };
        let expected = match index {
            Some(_) => ALPHABETA_OK,
            None if engine.is_null() => ALPHABETA_ERROR_NULL_POINTER,
            None => ALPHABETA_ERROR_NOT_AN_ENGINE,
        };
        check_status(status, &[expected]);
    }
}

// ---------------------------------------------------------------------------------------------
// The chance search and the Monte Carlo search with hostile numbers

/// Leaf scores of the chance game: huge, infinite, NaN, tiny, ordinary.
const CHANCE_VALUES: [f64; 12] = [
    1e308,
    -1e308,
    5.0,
    0.0,
    -1e-20,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    2.6e300,
    -2.6e300,
    f64::MAX,
    0.25,
];
/// Declared bounds: ordinary, at and just above the largest valid one, huge, invalid.
const CHANCE_BOUNDS: [f64; 8] =
    [10.0, 1e300, 2.6e300, 2.7e300, 1e308, f64::INFINITY, f64::NAN, -1.0];

/// A roll of nature at the root whose outcomes are terminal and score `values` (for the side
/// to move at the root).
struct Roll {
    weights: Vec<u32>,
    values: Vec<f64>,
    rolled: Option<usize>,
    made: u32,
}

unsafe fn roll<'a>(user_data: *mut c_void) -> &'a mut Roll {
    unsafe { &mut *user_data.cast::<Roll>() }
}
unsafe extern "C" fn roll_moves(_: *mut c_void, _: *mut u32, _: i32) -> i32 {
    0
}
unsafe extern "C" fn roll_make(user_data: *mut c_void, mv: u32) {
    let r = unsafe { roll(user_data) };
    assert!(r.rolled.is_none(), "an outcome played twice");
    r.rolled = Some(mv as usize);
    r.made += 1;
}
unsafe extern "C" fn roll_unmake(user_data: *mut c_void, mv: u32) {
    let r = unsafe { roll(user_data) };
    assert_eq!(r.rolled, Some(mv as usize), "an outcome taken back that was not played");
    r.rolled = None;
}
unsafe extern "C" fn roll_eval(user_data: *mut c_void, _: i32, _: u32, _: u32) -> i32 {
    let v = unsafe { roll_eval_double(user_data, 0, 0, 0) };
    // Saturating, NaN as 0: INT32_MIN and INT32_MAX come from the infinities.
    v as i32
}
unsafe extern "C" fn roll_eval_double(user_data: *mut c_void, _: i32, _: u32, _: u32) -> f64 {
    let r = unsafe { roll(user_data) };
    r.rolled.map_or(0.0, |i| r.values[i])
}
unsafe extern "C" fn roll_key(user_data: *mut c_void) -> u64 {
    unsafe { roll(user_data) }.rolled.map_or(0, |i| i as u64 + 1)
}
unsafe extern "C" fn roll_side(_: *mut c_void) -> i32 {
    0
}
unsafe extern "C" fn roll_terminal(user_data: *mut c_void) -> bool {
    unsafe { roll(user_data) }.rolled.is_some()
}
unsafe extern "C" fn roll_chance(user_data: *mut c_void) -> bool {
    unsafe { roll(user_data) }.rolled.is_none()
}
unsafe extern "C" fn roll_outcomes(
    user_data: *mut c_void,
    out: *mut alphabeta_outcome,
    capacity: i32,
) -> i32 {
    let r = unsafe { roll(user_data) };
    for (i, &weight) in r.weights.iter().enumerate().take(capacity.max(0) as usize) {
        unsafe { out.add(i).write(alphabeta_outcome { outcome: i as u32, weight }) };
    }
    r.weights.len() as i32
}

fn roll_table(r: &mut Roll) -> alphabeta_chance_game {
    alphabeta_chance_game {
        game: alphabeta_game {
            user_data: (r as *mut Roll).cast(),
            generate_moves: Some(roll_moves),
            make_move: Some(roll_make),
            unmake_move: Some(roll_unmake),
            evaluate: Some(roll_eval),
            evaluate_double: Some(roll_eval_double),
            zobrist_key: Some(roll_key),
            side_to_move: Some(roll_side),
            is_terminal: Some(roll_terminal),
            is_tactical: None,
            generate_tactical_moves: None,
            min_plies_to_win: None,
            min_plies_to_loss: None,
            clone_state: None,
            free_state: None,
            make_null_move: None,
            unmake_null_move: None,
            null_move_allowed: None,
            reward: None,
            is_losing_tactical: None,
        },
        is_chance_node: Some(roll_chance),
        generate_outcomes: Some(roll_outcomes),
        has_score_bound: false,
        score_bound: 0,
        score_bound_double: 0.0,
    }
}

/// The largest valid double bound: `DBL_MAX / 2^26`.
const MAX_DOUBLE_BOUND: f64 = f64::MAX / 67_108_864.0;

/// A chance search of a roll with hostile scores, weights and bounds, over a table memory
/// that earlier calls used: never `PANIC`, never `OK` with NaN, and the value of plain
/// expectimax (the weighted fold in the game's order) whenever the search answers `OK` with
/// every score within the bound.
fn chance(bytes: &mut Bytes<'_>, table: &mut [u128]) {
    let outcomes = 1 + bytes.below(4);
    let weights: Vec<u32> = (0..outcomes)
        .map(|_| match bytes.byte() % 4 {
            0 => 1,
            1 => 2,
            2 => 1 + u32::from(bytes.byte()),
            _ => 1 << 22,
        })
        .collect();
    let values: Vec<f64> = (0..outcomes).map(|_| bytes.pick(&CHANCE_VALUES)).collect();
    let mut r = Roll { weights: weights.clone(), values: values.clone(), rolled: None, made: 0 };
    let mut game = roll_table(&mut r);
    let double = bytes.bit();
    game.has_score_bound = bytes.bit();
    let bound = bytes.pick(&CHANCE_BOUNDS);
    game.score_bound_double = bound;
    game.score_bound =
        if bound.is_nan() { -1 } else { bound.clamp(-1.0, f64::from(i32::MAX)) as i32 };
    let mut config = alphabeta_chance_config_default();
    config.star1 = bytes.bit();
    config.star2 = bytes.bit();
    if double {
        config.search.score_type = ALPHABETA_SCORE_DOUBLE;
    }
    let limits = alphabeta_limits_depth(1 + bytes.below(3) as u32);
    let with_table = bytes.bit();
    let (memory, size) = if with_table {
        (table.as_mut_ptr().cast::<c_void>(), std::mem::size_of_val(table))
    } else {
        (null_mut(), 0)
    };
    let mut result = alphabeta_chance_result::default();
    let mut pv = [0u32; 4];
    let status = unsafe {
        alphabeta_chance_search(
            &game,
            &config,
            &limits,
            memory,
            size,
            &mut result,
            pv.as_mut_ptr(),
            4,
        )
    };
    check_status(
        status,
        &[
            ALPHABETA_OK,
            ALPHABETA_ERROR_INVALID_BOUNDS,
            ALPHABETA_ERROR_BOUND_REQUIRED,
            ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS,
            ALPHABETA_ERROR_TOTAL_WEIGHT_TOO_LARGE,
            ALPHABETA_ERROR_NAN_SCORE,
            ALPHABETA_ERROR_SCORE_OUT_OF_RANGE,
            ALPHABETA_ERROR_MEAN_OVERFLOW,
        ],
    );
    assert_eq!(r.rolled, None, "the game is back at its root");
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if !double {
        if status == ALPHABETA_OK && game.has_score_bound {
            assert!(result.search.score.unsigned_abs() <= game.score_bound.unsigned_abs());
        }
        return;
    }
    let star = config.star1 || config.star2;
    let valid_bound = bound >= 0.0 && bound <= MAX_DOUBLE_BOUND;
    if game.has_score_bound && !valid_bound {
        assert_eq!(status, ALPHABETA_ERROR_INVALID_BOUNDS, "bound {bound:e}");
        return;
    }
    if !game.has_score_bound && star {
        assert_eq!(status, ALPHABETA_ERROR_BOUND_REQUIRED);
        return;
    }
    if total > (1 << 24) {
        assert_eq!(status, ALPHABETA_ERROR_TOTAL_WEIGHT_TOO_LARGE);
        return;
    }
    if status == ALPHABETA_OK {
        assert!(!result.search.score_double.is_nan(), "OK with NaN");
    }
    if values.iter().any(|v| v.is_nan()) {
        // Found (NaN) unless a cut or a score beyond the bound came first.
        assert!(
            matches!(
                status,
                ALPHABETA_OK | ALPHABETA_ERROR_NAN_SCORE | ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS
            ),
            "{status:?}"
        );
        return;
    }
    if game.has_score_bound {
        if values.iter().any(|v| v.abs() > bound) {
            assert!(
                matches!(status, ALPHABETA_OK | ALPHABETA_ERROR_SCORE_OUT_OF_BOUNDS),
                "{status:?}"
            );
            return;
        }
    }
    let sum = weights.iter().zip(&values).fold(0.0, |sum, (&w, &v)| sum + f64::from(w) * v);
    let mean = sum / total as f64;
    let infinite = values.iter().any(|v| v.is_infinite());
    if mean.is_nan() || (mean.is_infinite() && !infinite) {
        assert_eq!(status, ALPHABETA_ERROR_MEAN_OVERFLOW, "mean {mean} of {values:?}");
        return;
    }
    assert_eq!(status, ALPHABETA_OK, "{values:?} {weights:?}");
    // The value of a chance node is its weighted mean clamped into the declared bound: the
    // mean of scores at the bound can round past it (47 * -2.6e300 / 47 is
    // -2.6000000000000004e300).
    let mean = if game.has_score_bound { mean.clamp(-bound, bound) } else { mean };
    assert_eq!(result.search.score_double, mean, "{values:?} {weights:?} star {star}");
    assert!(result.search.exact);
}

/// Nim with a heap of `heap`: take 1 or 2, whoever cannot move has lost, and the side to
/// move at the end scores `-loss` (a tiny number, a plain value).
#[derive(Clone)]
struct Nim {
    heap: u32,
    moves: u32,
    loss: f64,
}

unsafe fn nim<'a>(user_data: *mut c_void) -> &'a mut Nim {
    unsafe { &mut *user_data.cast::<Nim>() }
}
unsafe extern "C" fn nim_moves(user_data: *mut c_void, moves: *mut u32, capacity: i32) -> i32 {
    let n = unsafe { nim(user_data) }.heap.min(2);
    for take in 1..=n.min(capacity.max(0) as u32) {
        unsafe { moves.add(take as usize - 1).write(take) };
    }
    n as i32
}
unsafe extern "C" fn nim_make(user_data: *mut c_void, take: u32) {
    let g = unsafe { nim(user_data) };
    g.heap -= take;
    g.moves += 1;
}
unsafe extern "C" fn nim_unmake(user_data: *mut c_void, take: u32) {
    let g = unsafe { nim(user_data) };
    g.heap += take;
    g.moves -= 1;
}
unsafe extern "C" fn nim_eval(user_data: *mut c_void, _: i32, _: u32, _: u32) -> i32 {
    if unsafe { nim(user_data) }.heap == 0 {
        -1
    } else {
        0
    }
}
unsafe extern "C" fn nim_eval_double(user_data: *mut c_void, _: i32, _: u32, _: u32) -> f64 {
    let g = unsafe { nim(user_data) };
    if g.heap == 0 {
        -g.loss
    } else {
        0.0
    }
}
unsafe extern "C" fn nim_key(user_data: *mut c_void) -> u64 {
    let g = unsafe { nim(user_data) };
    u64::from(g.heap) | u64::from(g.moves % 2) << 8
}
unsafe extern "C" fn nim_side(user_data: *mut c_void) -> i32 {
    (unsafe { nim(user_data) }.moves % 2) as i32
}
unsafe extern "C" fn nim_terminal(user_data: *mut c_void) -> bool {
    unsafe { nim(user_data) }.heap == 0
}
unsafe extern "C" fn nim_clone(user_data: *mut c_void) -> *mut c_void {
    Box::into_raw(Box::new(unsafe { nim(user_data) }.clone())).cast()
}
unsafe extern "C" fn nim_free(user_data: *mut c_void) {
    drop(unsafe { Box::from_raw(user_data.cast::<Nim>()) });
}

/// A Monte Carlo engine with hostile threads, arenas and budgets searching Nim with tiny
/// terminal scores: an arena below 2 nodes a thread is refused when the engine is made, a
/// search never runs more iterations than its budget, and what MCTS-Solver proves is Nim's
/// truth (a heap that is a multiple of 3 is lost, any other won by taking the rest modulo 3).
fn mcts(bytes: &mut Bytes<'_>) {
    let mut config = alphabeta_mcts_config_default();
    config.score_type = if bytes.bit() { ALPHABETA_SCORE_DOUBLE } else { ALPHABETA_SCORE_INT32 };
    config.leaf =
        if bytes.bit() { ALPHABETA_MCTS_LEAF_EVALUATOR } else { ALPHABETA_MCTS_LEAF_PLAYOUT };
    config.threads = bytes.pick(&[1, 2, 3, 4, 0, 7]);
    config.scheme =
        if bytes.bit() { ALPHABETA_MCTS_ROOT_PARALLEL } else { ALPHABETA_MCTS_TREE_PARALLEL };
    config.eval_scale = bytes.pick(&[100.0, 1e30, 1e-30, 1.0]);
    config.seed = u64::from(bytes.byte());
    let arena = bytes.pick(&[1usize, 2, 3, 4, 5, 7, 9, 13, 40, 1000]);
    let budget = bytes.pick(&[0u64, 1, 2, 3, 5, 6, 50, 400]);
    let heap = 1 + bytes.below(8) as u32;
    let loss = bytes.pick(&[1e-20, 1e-44, 5e-324, 1e-300, 0.5, 1.0]);
    let threads = match config.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n as usize,
    };
    let mut engine = null_mut();
    let status = unsafe { alphabeta_mcts_new(&config, arena, &mut engine) };
    let root_split = config.scheme == ALPHABETA_MCTS_ROOT_PARALLEL && threads > 1;
    let expected = if arena < 2 {
        ALPHABETA_ERROR_ARENA_MEMORY
    } else if root_split && arena / threads < 2 {
        ALPHABETA_ERROR_ARENA_PER_THREAD
    } else {
        ALPHABETA_OK
    };
    check_status(status, &[expected]);
    if status != ALPHABETA_OK {
        assert!(engine.is_null());
        return;
    }
    let mut g = Nim { heap, moves: 0, loss };
    let game = alphabeta_game {
        user_data: (&mut g as *mut Nim).cast(),
        generate_moves: Some(nim_moves),
        make_move: Some(nim_make),
        unmake_move: Some(nim_unmake),
        evaluate: Some(nim_eval),
        evaluate_double: Some(nim_eval_double),
        zobrist_key: Some(nim_key),
        side_to_move: Some(nim_side),
        is_terminal: Some(nim_terminal),
        is_tactical: None,
        generate_tactical_moves: None,
        min_plies_to_win: None,
        min_plies_to_loss: None,
        clone_state: Some(nim_clone),
        free_state: Some(nim_free),
        make_null_move: None,
        unmake_null_move: None,
        null_move_allowed: None,
        reward: None,
        is_losing_tactical: None,
    };
    let limits = alphabeta_mcts_limits_iterations(budget);
    let mut result: alphabeta_mcts_result = unsafe { std::mem::zeroed() };
    let status = unsafe {
        alphabeta_mcts_search(engine, &game, &limits, &mut result, null_mut(), 0, null_mut(), 0)
    };
    unsafe { alphabeta_engine_free(engine) };
    check_status(
        status,
        &[ALPHABETA_OK, ALPHABETA_ERROR_ARENA_MEMORY, ALPHABETA_ERROR_ARENA_PER_THREAD],
    );
    assert_eq!((g.heap, g.moves), (heap, 0), "the game is back at its root");
    if status == ALPHABETA_ERROR_ARENA_PER_THREAD {
        assert!(root_split, "a per-thread arena error without root parallelism");
    }
    if status != ALPHABETA_OK {
        return;
    }
    assert!(result.iterations <= budget, "{} iterations, budget {budget}", result.iterations);
    if result.proven {
        let won = heap % 3 != 0;
        assert_eq!(result.outcome, if won { 1 } else { -1 }, "heap {heap}, loss {loss:e}");
        if won {
            assert!(result.has_best_move && result.best_move == heap % 3, "heap {heap}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let main = GameDef::decode(&mut bytes, 0);
    // The game searched from inside callbacks: small, well behaved, other keys.
    let second = GameDef::decode(&mut Bytes(&[1, 0, 3, 2, 0, 0, 0, 0]), 0x5a17_0000_0000);
    assert!(second.well_behaved);
    let fake_layout =
        Layout::from_size_align(alphabeta_engine_size(), alphabeta_engine_align()).unwrap();
    let mut run = Run {
        main: Box::new(Host::new(main)),
        second: Box::new(Host::new(second)),
        engines: Vec::new(),
        fake: (unsafe { alloc_zeroed(fake_layout) }, fake_layout),
    };
    // The table memory of the chance searches, shared by all of them (16-byte aligned).
    let mut chance_table = vec![0u128; 64];
    for _ in 0..MAX_CALLS {
        if bytes.is_empty() {
            break;
        }
        match bytes.byte() % 10 {
            0 | 1 => {
                if run.engines.len() < 2 {
                    if let Some(engine) = new_engine(&mut bytes) {
                        run.engines.push(engine);
                    }
                }
            }
            2..=4 => run.search(&mut bytes),
            5 => run.window(&mut bytes),
            6 => run.simple(&mut bytes),
            8 => chance(&mut bytes, &mut chance_table),
            9 => mcts(&mut bytes),
            _ => {
                if !run.engines.is_empty() {
                    let i = bytes.below(run.engines.len());
                    drop(run.engines.remove(i));
                }
            }
        }
    }
    // The message of every status, and of unknown ones.
    let status = i32::from(bytes.byte()) - 128;
    let message = unsafe { CStr::from_ptr(alphabeta_status_message(status)) };
    assert!(!message.to_bytes().is_empty());
});

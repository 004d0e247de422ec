//! The detail of the last failed call: `alphabeta_last_error_detail`, as SQLite's
//! `sqlite3_errmsg`: which argument, field or callback was wrong, and (in std builds) its value.
//!
//! Every export that can fail runs through `guard` (engine.rs), which calls [`begin`] before
//! and [`end`] after the call: a failure that named its culprit (with [`set`], or by converting
//! a `SearchError`, whose text names its field) keeps that detail; any other failure gets its
//! status message, so that the detail never belongs to an older call.
//!
//! Where it lives:
//! * std builds: a buffer per thread (thread-local), so that threads never see one another's
//!   details. The pointer handed out stays valid for the thread's life; its text is rewritten
//!   by the next failing call on the same thread.
//! * no_std builds: one slot for the whole program holding a pointer to a static text (the
//!   culprit and its rule, without the value: formatting needs a buffer, and one buffer shared
//!   with an interrupt handler could be read while it is rewritten). The slot is an atomic
//!   pointer (a plain load and store, which a Cortex-M0 has): whatever a reader sees is a
//!   whole, static, NUL-terminated text.

use core::ffi::{c_char, CStr};
#[cfg(feature = "std")]
use core::fmt::{self, Write};

use super::*;

/// The offending value named by a detail (printed in std builds only).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) enum Value {
    /// No value (the culprit says it all, a NULL callback say).
    None,
    /// An unsigned value (a field, a size).
    Unsigned(u64),
    /// A signed value (a count a callback returned).
    Signed(i64),
    /// A floating-point value.
    Float(f64),
    /// An address (a misaligned pointer).
    Address(usize),
}

/// Records the detail of the current call's failure: `what` names the argument, field or
/// callback and the rule it broke (a static text), `value` the value it had. Later failures
/// of the same call keep the first detail.
pub(crate) fn set(what: &'static CStr, value: Value) {
    if is_fresh() {
        return;
    }
    #[cfg(feature = "std")]
    {
        let what = what.to_str().unwrap_or("");
        write(|out| match value {
            Value::None => out.write_str(what),
            Value::Unsigned(v) => write!(out, "{what} (it is {v})"),
            Value::Signed(v) => write!(out, "{what} (it is {v})"),
            Value::Float(v) => write!(out, "{what} (it is {v})"),
            Value::Address(v) => write!(out, "{what} (it is {v:#x})"),
        });
    }
    #[cfg(not(feature = "std"))]
    {
        let _ = value;
        store(what.as_ptr());
    }
}

/// Records a search error's text as the detail (std builds; no_std builds keep the status
/// message that `end` records).
pub(crate) fn set_error(error: &SearchError) {
    #[cfg(feature = "std")]
    if !is_fresh() {
        write(|out| write!(out, "{error}"));
    }
    #[cfg(not(feature = "std"))]
    let _ = error;
}

/// `set`, returning `status`: for `return fail(STATUS, c"…", value)`.
pub(crate) fn fail(
    status: alphabeta_status,
    what: &'static CStr,
    value: Value,
) -> alphabeta_status {
    set(what, value);
    status
}

/// A call's failure found before its `guard` runs (an argument checked first): `status`,
/// with `what` as the detail.
pub(crate) fn refuse(status: alphabeta_status, what: &'static CStr) -> alphabeta_status {
    let outer = begin();
    set(what, Value::None);
    end(status, outer);
    status
}

/// The first of `arguments` (whether NULL, and the detail saying so) that is NULL, refused
/// with `NULL_POINTER`; `None` when none is.
pub(crate) fn null_argument(arguments: &[(bool, &'static CStr)]) -> Option<alphabeta_status> {
    let &(_, what) = arguments.iter().find(|(null, _)| *null)?;
    Some(refuse(ALPHABETA_ERROR_NULL_POINTER, what))
}

/// Starts a call: a failure of it sets a detail of its own. Returns the state to give back
/// to `end` (a call made from a callback of another call must not make the outer call's
/// detail look set).
pub(crate) fn begin() -> bool {
    let outer = is_fresh();
    set_fresh(false);
    outer
}

/// Ends a call begun with `begin` (which returned `outer`): a failure without a detail of its
/// own gets its status message.
pub(crate) fn end(status: alphabeta_status, outer: bool) {
    if status != ALPHABETA_OK && !is_fresh() {
        let message = alphabeta_status_message(status as i32);
        // SAFETY: status messages are static NUL-terminated strings.
        let message = unsafe { CStr::from_ptr(message) };
        #[cfg(feature = "std")]
        write(|out| out.write_str(message.to_str().unwrap_or("")));
        #[cfg(not(feature = "std"))]
        store(message.as_ptr());
    }
    set_fresh(outer);
}

/// What `alphabeta_last_error_detail` shows before any failure (no_std; the std buffer
/// starts empty).
#[cfg(not(feature = "std"))]
const NONE: &CStr = c"";

#[cfg(feature = "std")]
mod slot {
    use core::cell::{Cell, RefCell};

    /// Room for a detail, its NUL included (a longer text is cut at a character boundary).
    pub(super) const CAPACITY: usize = 320;

    std::thread_local! {
        /// This thread's detail, NUL-terminated.
        pub(super) static TEXT: RefCell<[u8; CAPACITY]> = const { RefCell::new([0; CAPACITY]) };
        /// Whether the current call has set its detail.
        pub(super) static FRESH: Cell<bool> = const { Cell::new(false) };
    }
}

#[cfg(feature = "std")]
fn is_fresh() -> bool {
    slot::FRESH.with(|fresh| fresh.get())
}

#[cfg(feature = "std")]
fn set_fresh(value: bool) {
    slot::FRESH.with(|fresh| fresh.set(value));
}

/// Formats a detail into this thread's buffer (cut to fit) and marks the call's detail set.
#[cfg(feature = "std")]
fn write(format: impl FnOnce(&mut Cut<'_>) -> fmt::Result) {
    slot::TEXT.with(|text| {
        // A detail being shown (the pointer) is C's to read; here only this thread writes.
        let Ok(mut text) = text.try_borrow_mut() else { return };
        let mut out = Cut { buffer: &mut text[..slot::CAPACITY - 1], length: 0 };
        let _ = format(&mut out);
        let length = out.length;
        text[length] = 0;
    });
    set_fresh(true);
}

/// A writer into a fixed buffer that drops what does not fit (whole characters only).
#[cfg(feature = "std")]
struct Cut<'a> {
    buffer: &'a mut [u8],
    length: usize,
}

#[cfg(feature = "std")]
impl Write for Cut<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            let mut bytes = [0; 4];
            let bytes = c.encode_utf8(&mut bytes).as_bytes();
            // A NUL would end the C string early; no detail has one, but be sure.
            if c == '\0' || self.length + bytes.len() > self.buffer.len() {
                return Ok(());
            }
            self.buffer[self.length..self.length + bytes.len()].copy_from_slice(bytes);
            self.length += bytes.len();
        }
        Ok(())
    }
}

#[cfg(not(feature = "std"))]
mod slot {
    use core::sync::atomic::{AtomicBool, AtomicPtr};

    /// The program's detail: a static NUL-terminated text, or NULL for none yet.
    pub(super) static TEXT: AtomicPtr<u8> = AtomicPtr::new(core::ptr::null_mut());
    /// Whether the current call has set its detail.
    pub(super) static FRESH: AtomicBool = AtomicBool::new(false);
}

#[cfg(not(feature = "std"))]
fn is_fresh() -> bool {
    slot::FRESH.load(Ordering::Relaxed)
}

#[cfg(not(feature = "std"))]
fn set_fresh(value: bool) {
    slot::FRESH.store(value, Ordering::Relaxed);
}

#[cfg(not(feature = "std"))]
fn store(text: *const c_char) {
    // Only static texts are stored; the pointer is never written through.
    slot::TEXT.store(text.cast_mut().cast(), Ordering::Relaxed);
    set_fresh(true);
}

/// The detail of the most recent failed call, as a NUL-terminated string (never NULL; empty
/// before any failure): which argument, configuration field or callback was wrong, and why.
/// For instance, after `alphabeta_engine_new` refused `config.root_search = 7`:
/// `"config.root_search must be ALPHABETA_ROOT_SEARCH_FULL_WINDOW (0), _ASPIRATION (1) or
/// _MTDF (2) (it is 7)"`. A failure without a particular culprit gives its status message.
/// Successful calls leave it as it was.
///
/// * std builds: one detail per thread (the calls this thread made), with the offending
///   value. The string stays valid as long as the thread; the next failing call on this
///   thread rewrites it (copy it to keep it).
/// * no_std builds: one detail for the whole program, naming the culprit and its rule but not
///   the value (it is a static text, never rewritten in place; a failing call from an
///   interrupt handler replaces which one is shown).
///
/// A search on several threads records the failures of its game callbacks (a negative move
/// count, say) on the thread that called them: the calling thread then gets the status
/// message.
#[no_mangle]
pub extern "C" fn alphabeta_last_error_detail() -> *const c_char {
    #[cfg(feature = "std")]
    {
        slot::TEXT.with(|text| text.as_ptr().cast::<c_char>().cast_const())
    }
    #[cfg(not(feature = "std"))]
    {
        let text = slot::TEXT.load(Ordering::Relaxed);
        if text.is_null() {
            NONE.as_ptr()
        } else {
            text.cast_const().cast()
        }
    }
}

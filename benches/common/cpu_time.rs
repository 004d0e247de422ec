//! The calling thread's CPU time, for benchmarks on a shared machine (others' time slices do
//! not count): `benches/vs_minimax.rs`, `benches/refinements.rs`. Included with `#[path]`.

use std::time::Duration;
#[cfg(not(unix))]
use std::time::Instant;

#[cfg(unix)]
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant of the platform.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[cfg(not(unix))]
pub fn thread_cpu_time() -> Duration {
    // No thread CPU clock here: fall back to the wall clock.
    thread_local! { static ORIGIN: Instant = Instant::now(); }
    ORIGIN.with(|origin| origin.elapsed())
}

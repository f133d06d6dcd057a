//! What the benchmarks share: the CPU time a thread has run, and
//! percentiles of sorted timings.
#![allow(dead_code)]

use std::time::Duration;

#[repr(C)]
struct Timespec {
    seconds: i64,
    nanos: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// CPU time this thread has run: on a shared machine it shows what wall
/// time hides (waiting for a core). `None` where the clock is missing.
pub fn thread_cpu_time() -> Option<Duration> {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanos: 0,
    };
    // SAFETY: clock_gettime writes one timespec to the pointer it is given.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    (status == 0).then(|| Duration::new(time.seconds as u64, time.nanos as u32))
}

/// The `p` percentile (0 to 1) of sorted timings; zero when there are none.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

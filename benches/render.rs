//! Board image render times: `cargo bench --bench render`.
//!
//! Every game is drawn (and PNG-encoded) over a fixed set of positions
//! (`render::samples`: empty, part way, finished with its winning line, the
//! longest game of the first seeds; each in every language), as the bot does
//! after every move. Per game: median and p99 wall time per board, median
//! CPU time of this thread (which on a shared machine leaves out the time
//! spent waiting for a core), and the largest PNG.

use boardbot::render;
use std::time::{Duration, Instant};

#[repr(C)]
struct Timespec {
    seconds: i64,
    nanos: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// CPU time this thread has run (Linux's per-thread CPU clock, in
/// nanoseconds; the scheduler statistics file only moves at each tick).
fn thread_cpu_time() -> Option<Duration> {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanos: 0,
    };
    // SAFETY: clock_gettime writes one timespec to the pointer it is given.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    (status == 0).then(|| Duration::new(time.seconds as u64, time.nanos as u32))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let rounds: usize = std::env::var("RENDER_BENCH_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let names = render::sample_names();
    let samples = render::samples();
    // Warm-up: fonts, tiles and caches are built once per process.
    for sample in &samples {
        std::hint::black_box(render::position(&sample.game, &names, sample.lang));
    }
    println!(
        "{} positions, {rounds} rounds each\n{:<12} {:>7} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
        samples.len(),
        "game",
        "boards",
        "median",
        "p99",
        "max",
        "CPU med",
        "CPU p99",
        "max bytes"
    );
    let mut games: Vec<&str> = samples.iter().map(|s| s.game_name).collect();
    games.dedup();
    for game in games {
        let mut wall = Vec::new();
        let mut cpu = Vec::new();
        let mut bytes = 0;
        for _ in 0..rounds {
            for sample in samples.iter().filter(|s| s.game_name == game) {
                let cpu_start = thread_cpu_time();
                let started = Instant::now();
                let image = render::position(&sample.game, &names, sample.lang);
                wall.push(started.elapsed());
                if let (Some(end), Some(start)) = (thread_cpu_time(), cpu_start) {
                    cpu.push(end - start);
                }
                bytes = bytes.max(image.png.len());
                std::hint::black_box(image);
            }
        }
        wall.sort();
        cpu.sort();
        let cpu_at = |p: f64| {
            if cpu.is_empty() {
                "-".to_string()
            } else {
                format!("{:.2?}", percentile(&cpu, p))
            }
        };
        println!(
            "{:<12} {:>7} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
            game,
            wall.len(),
            format!("{:.2?}", percentile(&wall, 0.5)),
            format!("{:.2?}", percentile(&wall, 0.99)),
            format!("{:.2?}", wall[wall.len() - 1]),
            cpu_at(0.5),
            cpu_at(0.99),
            bytes
        );
    }
}

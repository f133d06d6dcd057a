//! Board image render times: `cargo bench --bench render`.
//!
//! Every game is drawn (and PNG-encoded) over a fixed set of positions
//! (`render::samples`: empty, part way, finished with its winning line, the
//! longest game of the first seeds; each in every language), as the bot does
//! after every move. Per game: median and p99 wall time per board, median
//! CPU time of this thread (which on a shared machine leaves out the time
//! spent waiting for a core), and the largest PNG.

mod common;

use boardbot::render;
use common::{percentile, thread_cpu_time};
use std::time::Instant;

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

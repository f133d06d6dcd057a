//! Replay (animated GIF) times and sizes: `cargo bench --bench replay`.
//!
//! Each game's fixed full-length match (`render::full_length`: 42 discs of
//! Connect Four, 81 of Connect Four for three, the 3D cube's 64 beads, all
//! 49 lines of a 5 × 4 Dots and Boxes board, and the other Dots sizes) is
//! made into its replay as `/replay` makes it, with the seats' names and
//! one turning point marked. Per game: median, p99 and max wall time per
//! replay, median CPU time of this thread, the GIF's bytes and frames, and
//! the target of issue 24. `REPLAY_BENCH_ONLY=connect4` (or `dots-5x4`, …)
//! times one game, `REPLAY_BENCH_ROUNDS=N` sets the rounds.

mod common;

use boardbot::game::GameKind;
use boardbot::i18n::Lang;
use boardbot::render::{self, ReplayMatch, TurningMark};
use common::{percentile, thread_cpu_time};
use std::time::{Duration, Instant};

fn request(kind: GameKind) -> ReplayMatch {
    ReplayMatch {
        kind,
        moves: render::full_length(kind),
        names: vec!["Ann".into(), "Bartholomew".into(), "Cy".into()],
        title: "Match #1234 · benchmark".into(),
        ending: "The board is full.".into(),
        marks: vec![TurningMark {
            ply: 9,
            words: "Played 4: draw · Better 6: win in 3".into(),
        }],
        lang: Lang::En,
    }
}

fn main() {
    let rounds: usize = std::env::var("REPLAY_BENCH_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let targets: [(GameKind, Option<u64>, Option<usize>); 7] = [
        (GameKind::Connect4, Some(40), Some(300_000)),
        (GameKind::Connect4ThreePlayer, Some(100), Some(600_000)),
        (GameKind::Connect4ThreeD, Some(60), None),
        (GameKind::DOTS_DEFAULT, Some(60), Some(400_000)),
        (
            GameKind::Dots {
                width: 3,
                height: 3,
            },
            None,
            None,
        ),
        (
            GameKind::Dots {
                width: 4,
                height: 4,
            },
            None,
            None,
        ),
        (
            GameKind::Dots {
                width: 5,
                height: 5,
            },
            None,
            None,
        ),
    ];
    println!(
        "{rounds} rounds each\n{:<16} {:>6} {:>6} {:>10} {:>10} {:>10} {:>10} {:>9}  target",
        "game", "moves", "frames", "median", "p99", "max", "CPU med", "bytes"
    );
    // REPLAY_BENCH_ONLY=dots-5x4 (or connect4, …) times one game only.
    let only = std::env::var("REPLAY_BENCH_ONLY").ok();
    for (kind, ms, bytes_max) in targets {
        let name = match kind.dots_size_name() {
            Some(size) => format!("dots-{size}"),
            None => kind.command().to_owned(),
        };
        if only.as_ref().is_some_and(|only| *only != name) {
            continue;
        }
        let m = request(kind);
        // Warm-up: fonts, tiles, palettes and caption bands are made once
        // per layout and process.
        std::hint::black_box(render::replay(&m));
        let mut wall = Vec::new();
        let mut cpu = Vec::new();
        let mut bytes = 0;
        let mut frames = 0;
        for _ in 0..rounds {
            let cpu_start = thread_cpu_time();
            let started = Instant::now();
            let animation = render::replay(&m).expect("the match replays");
            wall.push(started.elapsed());
            if let (Some(end), Some(start)) = (thread_cpu_time(), cpu_start) {
                cpu.push(end - start);
            }
            bytes = animation.gif.len();
            frames = animation.frames;
            std::hint::black_box(animation);
        }
        wall.sort();
        cpu.sort();
        let target = match (ms, bytes_max) {
            (Some(ms), Some(b)) => format!("≤ {ms} ms, ≤ {} KB", b / 1000),
            (Some(ms), None) => format!("≤ {ms} ms"),
            _ => "-".into(),
        };
        let met = ms.is_none_or(|ms| percentile(&wall, 0.5) <= Duration::from_millis(ms))
            && bytes_max.is_none_or(|b| bytes <= b);
        println!(
            "{:<16} {:>6} {:>6} {:>10} {:>10} {:>10} {:>10} {:>9}  {target}{}",
            name,
            m.moves.len(),
            frames,
            format!("{:.2?}", percentile(&wall, 0.5)),
            format!("{:.2?}", percentile(&wall, 0.99)),
            format!("{:.2?}", wall[wall.len() - 1]),
            if cpu.is_empty() {
                "-".to_string()
            } else {
                format!("{:.2?}", percentile(&cpu, 0.5))
            },
            bytes,
            if met { "" } else { "  MISSED" }
        );
    }
}

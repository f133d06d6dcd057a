//! CPU time per CPU move, per game and level:
//! `cargo bench --bench cpu_moves -- [GAMES]` (default 4 self-played games
//! per game at easy and medium, a quarter of that at hard).
//!
//! Positions come from games the CPU plays against itself at the level
//! measured (seeded, so every run sees the same games); each move is timed
//! with this thread's CPU clock, inside the wall-time budget the service
//! gives that level (`service::think_time`). Reports median, p90 and max.

use boardbot::cpu::{choose_move_with, Budget, Level};
use boardbot::game::{AnyGame, Game, GameKind};
use boardbot::service::think_time;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::Duration;

#[repr(C)]
struct Timespec {
    seconds: i64,
    nanos: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// CPU time this thread has run.
fn thread_cpu_time() -> Duration {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanos: 0,
    };
    // SAFETY: clock_gettime writes one timespec to the pointer it is given.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    assert_eq!(status, 0, "the thread CPU clock");
    Duration::new(time.seconds as u64, time.nanos as u32)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let games: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(4);
    println!(
        "{:<12} {:<7} {:>6} {:>10} {:>10} {:>10} {:>10}",
        "game", "level", "moves", "median", "p90", "max", "budget"
    );
    for kind in GameKind::ALL_DEFAULTS {
        for level in Level::ALL {
            let mut times = Vec::new();
            // A hard move may think for the whole budget: fewer games.
            let games = if level == Level::Hard {
                games.div_ceil(4)
            } else {
                games
            };
            for seed in 0..games {
                let mut rng = StdRng::seed_from_u64(seed);
                let mut game = AnyGame::new(kind).expect("a supported board");
                // A few random openings make the games differ.
                for _ in 0..(seed % 3) {
                    let moves = game.legal_moves();
                    let _ = game.play(moves[(seed as usize * 7) % moves.len()]);
                }
                while !game.is_over() {
                    let budget = Budget::new(think_time(level));
                    let start = thread_cpu_time();
                    let Some(mv) = choose_move_with(&game, level, &budget, &mut rng) else {
                        break;
                    };
                    times.push(thread_cpu_time() - start);
                    game.play(mv).expect("the CPU plays a legal move");
                }
            }
            times.sort();
            println!(
                "{:<12} {:<7} {:>6} {:>10} {:>10} {:>10} {:>10}",
                kind.command(),
                level.name(),
                times.len(),
                format!("{:.2?}", percentile(&times, 0.5)),
                format!("{:.2?}", percentile(&times, 0.9)),
                format!("{:.2?}", times.last().copied().unwrap_or_default()),
                format!("{:.0?}", think_time(level)),
            );
        }
    }
}

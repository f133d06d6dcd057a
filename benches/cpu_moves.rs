//! CPU time per CPU move, per game and level:
//! `cargo bench --bench cpu_moves -- [GAMES]` (default 4 self-played games
//! per game at easy and medium, a quarter of that at hard).
//!
//! Positions come from games the CPU plays against itself at the level
//! measured (seeded, so every run sees the same games); each move is timed
//! with this thread's CPU clock, inside the wall-time budget the service
//! gives that level (`service::think_time`). Reports median, p90 and max.

mod common;

use boardbot::cpu::{choose_move_with, Budget, Level};
use boardbot::game::{AnyGame, Game, GameKind};
use boardbot::service::think_time;
use common::{percentile, thread_cpu_time};
use rand::rngs::StdRng;
use rand::SeedableRng;

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
                    let start = thread_cpu_time().expect("the thread CPU clock");
                    let Some(mv) = choose_move_with(&game, level, &budget, &mut rng) else {
                        break;
                    };
                    times.push(thread_cpu_time().expect("the thread CPU clock") - start);
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

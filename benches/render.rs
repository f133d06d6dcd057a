//! Board image render times: `cargo bench --bench render`.
//!
//! Each game's image is drawn (and PNG-encoded) from a position part way
//! through a game, as the bot does after every move. Wall time per render,
//! plus the CPU time of this thread, which on a shared machine leaves out
//! the time spent waiting for a core.

use boardbot::game::{AnyGame, Game, GameKind};
use boardbot::i18n::Lang;
use boardbot::render;
use std::time::{Duration, Instant};

/// CPU time this thread has run (Linux scheduler statistics).
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// A position after `plies` moves, each the first legal move from a
/// rotating offset, so the board is neither empty nor lopsided.
fn sample(kind: GameKind, plies: usize) -> AnyGame {
    let mut game = AnyGame::new(kind).expect("a supported board");
    for i in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() || game.is_over() {
            break;
        }
        let mv = legal[(i * 3) % legal.len()];
        game.play(mv).expect("a legal move");
    }
    game
}

fn main() {
    let runs = 30;
    let names = ["Ann".to_string(), "Bob".to_string(), "Cy".to_string()];
    println!(
        "{:<12} {:>10} {:>12} {:>12} {:>10}",
        "game", "pixels", "wall", "CPU", "PNG bytes"
    );
    for (kind, plies) in [
        (GameKind::Connect4, 12),
        (GameKind::Connect4ThreePlayer, 30),
        (GameKind::Connect4ThreeD, 20),
        (GameKind::DOTS_DEFAULT, 25),
    ] {
        let game = sample(kind, plies);
        let image = render::position(&game, &names, Lang::En);
        let cpu_start = thread_cpu_time();
        let started = Instant::now();
        for _ in 0..runs {
            std::hint::black_box(render::position(&game, &names, Lang::En));
        }
        let wall = started.elapsed() / runs;
        let cpu = thread_cpu_time()
            .zip(cpu_start)
            .map(|(end, start)| format!("{:.2?}", (end - start) / runs))
            .unwrap_or_else(|| "-".into());
        println!(
            "{:<12} {:>10} {:>12} {:>12} {:>10}",
            kind.command(),
            format!("{}×{}", image.width, image.height),
            format!("{wall:.2?}"),
            cpu,
            image.png.len()
        );
    }
}

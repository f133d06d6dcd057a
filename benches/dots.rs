//! Dots and Boxes CPU figures (`boardbot::cpu::dots::measure`):
//! `cargo bench --bench dots -- [solver] [theory] [hard-times] [--games N]`
//! (all three by default; `--games` for the theory's series, 10).
//!
//! - `solver`: the empty 3 × 3 solved outright, then how many of six
//!   random positions per count of free lines the exact solver finishes
//!   within hard's 1.5 s on 5 × 4, 4 × 4 and 5 × 5;
//! - `theory`: hard's play by the theory alone against medium on 5 × 4;
//! - `hard-times`: hard's slowest move in a game against medium per board.

use boardbot::cpu::dots::measure;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut parts = Vec::new();
    let mut games = 10;
    // `cargo bench` adds `--bench` to a bench's arguments.
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "solver" | "theory" | "hard-times" => parts.push(arg),
            "--games" => match args.next().and_then(|v| v.parse().ok()) {
                Some(n) => games = n,
                None => {
                    eprintln!("dots: --games needs a number");
                    return ExitCode::from(2);
                }
            },
            other => {
                eprintln!(
                    "dots: unknown argument {other:?} (solver, theory, hard-times, --games N)"
                );
                return ExitCode::from(2);
            }
        }
    }
    let wants = |part: &str| parts.is_empty() || parts.iter().any(|p| p == part);
    if wants("solver") {
        let (empty, rows) = measure::solver_reach();
        println!(
            "empty 3x3: {:?} in {:?}, {} nodes",
            empty.value, empty.took, empty.nodes
        );
        for r in rows {
            println!(
                "{}x{}, {} free lines: {}/{} solved under 1.5 s, slowest {:?}",
                r.width, r.height, r.free, r.solved, r.tried, r.slowest
            );
        }
    }
    if wants("theory") {
        let (wins, margin) = measure::theory_against_medium(games);
        println!("theory vs medium on 5x4: {wins}/{games} won, net {margin:+} boxes");
    }
    if wants("hard-times") {
        for (name, slowest, scores) in measure::hard_move_times() {
            println!("{name}: slowest hard move {slowest:?}, score {scores:?}");
        }
    }
    ExitCode::SUCCESS
}

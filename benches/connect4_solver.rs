//! Connect Four solver benchmark over the public test sets.
//!
//! `cargo bench --bench connect4_solver -- [SET...] [--all] [--limit N] [--log2 N] [--one-solve] [--verbose]`
//!
//! SET names a file such as `Test_L2_R1` (or `L2_R1`). Without sets it runs
//! the five quick ones; `--all` adds `Test_L1_R3`, the slowest. Every
//! position gets a fresh transposition table and its score is checked
//! against the file (`--one-solve`: a new table per position, grown as
//! `boardbot solve` grows it, instead of one big table reused). Times are
//! wall-clock per position (mean, max), plus the mean CPU time of the
//! solving thread, which on a shared machine leaves out the time spent
//! waiting for a core.

mod common;

use boardbot::cpu::connect4::{test_data_dir, Position, Solver, Table};
use common::thread_cpu_time;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const QUICK: [&str; 5] = [
    "Test_L3_R1",
    "Test_L2_R1",
    "Test_L2_R2",
    "Test_L1_R1",
    "Test_L1_R2",
];

fn main() -> ExitCode {
    let mut sets = Vec::new();
    let mut limit = usize::MAX;
    let mut log2 = None;
    let mut verbose = false;
    let mut one_solve = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            // cargo bench passes --bench to every harness.
            "--bench" => {}
            "--verbose" => verbose = true,
            "--one-solve" => one_solve = true,
            "--all" => {
                sets.extend(QUICK.iter().map(|s| s.to_string()));
                sets.push("Test_L1_R3".to_string());
            }
            "--log2" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => log2 = Some(n),
                None => {
                    eprintln!("--log2 needs a number");
                    return ExitCode::from(2);
                }
            },
            "--limit" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => limit = n,
                None => {
                    eprintln!("--limit needs a number");
                    return ExitCode::from(2);
                }
            },
            name if name.starts_with("--") => {
                eprintln!("unknown option {name}");
                return ExitCode::from(2);
            }
            name => {
                let name = if name.starts_with("Test_") {
                    name.to_string()
                } else {
                    format!("Test_{name}")
                };
                sets.push(name);
            }
        }
    }
    if sets.is_empty() {
        sets.extend(QUICK.iter().map(|s| s.to_string()));
    }
    let dir = test_data_dir();
    let mut solver = match log2 {
        Some(n) => Solver::with_table(Table::with_log2(n)),
        None => Solver::new(),
    };
    let mut failed = false;
    println!(
        "{:<12} {:>9} {:>12} {:>12} {:>12} {:>14} {:>10}",
        "set", "positions", "mean", "max", "mean CPU", "mean nodes", "mismatches"
    );
    for set in &sets {
        let path = dir.join(set);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        let mut count = 0u32;
        let mut total = Duration::ZERO;
        let mut max = Duration::ZERO;
        let mut nodes = 0u64;
        let mut mismatches = 0u32;
        let cpu_start = thread_cpu_time();
        for line in text.lines().filter(|l| !l.trim().is_empty()).take(limit) {
            let Some((moves, score)) = line.split_once(' ') else {
                eprintln!("{set}: bad line {line:?}");
                return ExitCode::from(2);
            };
            let (Some(p), Ok(expected)) = (Position::from_digits(moves), score.trim().parse())
            else {
                eprintln!("{set}: bad line {line:?}");
                return ExitCode::from(2);
            };
            let start = Instant::now();
            if one_solve {
                // A table as `boardbot solve` grows it, its pages new.
                solver = Solver::with_table(Table::for_one_solve());
            }
            solver.reset(); // a fresh table for every position
            let got = solver.solve(&p);
            let elapsed = start.elapsed();
            nodes += solver.nodes();
            if got != Ok::<i32, _>(expected) {
                mismatches += 1;
                eprintln!("{set}: {moves}: expected {expected}, got {got:?}");
            }
            if verbose {
                println!("{moves} {} {:.6}", moves.len(), elapsed.as_secs_f64());
            }
            count += 1;
            total += elapsed;
            max = max.max(elapsed);
        }
        failed |= mismatches > 0;
        let cpu_mean = match (cpu_start, thread_cpu_time()) {
            // The counter moves at scheduling events: too coarse for a set
            // that finishes within one time slice.
            (Some(a), Some(b)) if b > a => format!("{:.3?}", (b - a) / count.max(1)),
            _ => "-".to_string(),
        };
        println!(
            "{:<12} {:>9} {:>12} {:>12} {:>12} {:>14} {:>10}",
            set,
            count,
            format!("{:.3?}", total / count.max(1)),
            format!("{max:.3?}"),
            cpu_mean,
            nodes / count.max(1) as u64,
            mismatches
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

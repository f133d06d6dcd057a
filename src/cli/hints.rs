//! `boardbot hint` (a hint's verdict for one position) and `boardbot
//! hint-check` (how often the Connect Four hint keeps the published value
//! of positions drawn from the public test sets).

use super::args::{BudgetArgs, HintArgs, HintCheckArgs};
use super::progress::Progress;
use super::{failed, game_kind, parse_game, usage, ToolResult};
use crate::cpu::connect4::{book, test_data_dir, Position, Solver};
use crate::cpu::{self, Budget, Cpu, Level, Verdict};
use crate::game::{AnyGame, Connect4, Game};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// The six public test sets, in `crates/engine/tests/data/connect4`.
const SETS: [&str; 6] = [
    "Test_L3_R1",
    "Test_L2_R1",
    "Test_L2_R2",
    "Test_L1_R1",
    "Test_L1_R2",
    "Test_L1_R3",
];

/// `--ms N` or `--nodes N` (nodes win), else the hint's own budget for
/// `game` (what the bot gives it: [`cpu::hint::budget_for`]).
fn budget_of(budget: &BudgetArgs, game: &AnyGame) -> Budget {
    match (budget.nodes, budget.ms) {
        (Some(n), _) => Budget::of_nodes(n),
        (None, Some(ms)) => Budget::new(Duration::from_millis(ms.into())),
        (None, None) => cpu::hint::budget_for(game),
    }
}

/// One line about a verdict, in English.
pub fn describe(game: &AnyGame, verdict: &Verdict) -> String {
    let name = game.move_name(verdict.mv());
    match *verdict {
        Verdict::Wins {
            in_moves: Some(n), ..
        } => format!("{name} wins (in {n} moves)"),
        Verdict::Wins { in_moves: None, .. } => format!("{name} wins"),
        Verdict::Draws { .. } => format!("{name} holds the draw"),
        Verdict::Loses {
            lasts_moves: Some(n),
            ..
        } => format!("every move loses; {name} lasts longest ({n} moves)"),
        Verdict::Loses {
            lasts_moves: None, ..
        } => format!("every move loses; {name} is the search's choice"),
        Verdict::Guess { .. } => format!("{name} (best guess)"),
    }
}

/// `hint <game> [--size WxH] [--ms N | --nodes N] <moves>`
pub fn hint(args: &HintArgs) -> ToolResult {
    let kind = game_kind(args.game, args.size.size)?;
    let game = parse_game(kind, args.moves.as_deref())?;
    let budget = budget_of(&args.budget, &game);
    let start = Instant::now();
    match cpu::hint(&game, &budget) {
        Some(verdict) => {
            println!("{} ({:.2?})", describe(&game, &verdict), start.elapsed());
            Ok(())
        }
        None => Err(usage("the game is over: there is no move to suggest")),
    }
}

/// Positions of the test sets with `plies` stones, as (moves, score).
fn positions(plies: (usize, usize)) -> Result<Vec<(String, i32)>, String> {
    let mut out = Vec::new();
    for set in SETS {
        let path = test_data_dir().join(set);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (moves, score) = line
                .split_once(' ')
                .ok_or_else(|| format!("{set}: bad line {line:?}"))?;
            let score: i32 = score
                .trim()
                .parse()
                .map_err(|_| format!("{set}: bad line {line:?}"))?;
            if (plies.0..=plies.1).contains(&moves.len()) {
                out.push((moves.to_string(), score));
            }
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// `hint-check [--plies A-B] [--count N] [--seed N] [--ms N | --nodes N]
/// [--exact] [--cpu hard] [--verbose]`: draws positions from the test sets
/// and checks each hint's move (or the hard CPU's, with `--cpu hard` and
/// its move budget) against the published value.
pub fn hint_check(args: &HintCheckArgs) -> ToolResult {
    let plies = (args.plies.from, args.plies.to);
    let count = args.count as usize;
    let seed = args.seed;
    // clap lets only `hard` through.
    let cpu_level = args.cpu.as_ref().map(|_| Level::Hard);
    let (exact, verbose) = (args.exact, args.verbose);
    let mut pool = positions(plies).map_err(failed)?;
    let available = pool.len();
    pool.shuffle(&mut StdRng::seed_from_u64(seed.into()));
    pool.truncate(count);
    let mut rng = StdRng::seed_from_u64(seed.into());
    let mut checker = Solver::new();
    let (mut kept, mut kept_exact, mut proved, mut wrong) = (0, 0, 0, 0);
    let (mut total, mut max) = (Duration::ZERO, Duration::ZERO);
    let mut times = Vec::with_capacity(pool.len());
    let mut progress = Progress::new("hint-check", "positions", pool.len() as u64);
    for (moves, value) in &pool {
        let game = Connect4::from_digits(moves).map_err(|e| failed(format!("{moves}: {e:?}")))?;
        let any = AnyGame::Connect4(game);
        let start = Instant::now();
        let verdict = match cpu_level {
            Some(level) => game
                .choose(level, &Budget::new(Budget::HARD), &mut rng)
                .map(|mv| Verdict::Guess { mv }),
            None => cpu::hint::hint_with(&any, &budget_of(&args.budget, &any), &mut rng),
        }
        .ok_or_else(|| failed(format!("{moves}: no move")))?;
        let took = start.elapsed();
        times.push(took);
        total += took;
        max = max.max(took);
        let p = Position::from_game(&game);
        let c = verdict.mv() as usize;
        // The opponent's score after the move: the move keeps the value
        // when that score is -value (it is never less), and keeps the
        // result when its sign is the opposite of the value's.
        let keeps = |checker: &mut Solver, target: i32| -> bool {
            // The book's move is proved best: no need to solve again.
            if p.is_winning_move(c) || book::lookup(&p) == Some(c) {
                return true;
            }
            let mut child = p;
            child.play_column(c);
            checker.reset();
            !checker
                .score_at_least(&child, target)
                .expect("no budget: never aborted")
        };
        let keeps_result = match value.signum() {
            1 => keeps(&mut checker, 0),
            0 => keeps(&mut checker, 1),
            _ => true,
        };
        let keeps_value = exact && keeps(&mut checker, -value + 1);
        let mine = (moves.len() / 2) as i32;
        let theirs = moves.len() as i32 - mine;
        let honest = match verdict {
            Verdict::Wins { in_moves, .. } => {
                *value > 0 && in_moves.is_none_or(|n| n as i32 == 22 - value - mine)
            }
            Verdict::Draws { .. } => *value == 0,
            Verdict::Loses { lasts_moves, .. } => {
                *value < 0 && lasts_moves.is_none_or(|n| n as i32 == 22 + value - theirs)
            }
            Verdict::Guess { .. } => true,
        };
        kept += usize::from(keeps_result);
        kept_exact += usize::from(keeps_value);
        proved += usize::from(verdict.is_proved());
        wrong += usize::from(!honest);
        if verbose || !keeps_result || !honest {
            progress.suspend(|| {
                println!(
                    "{moves} value {value}: {} ({took:.2?}){}{}",
                    describe(&any, &verdict),
                    if keeps_result {
                        ""
                    } else {
                        " LOSES THE RESULT"
                    },
                    if honest { "" } else { " WRONG VERDICT" }
                )
            });
        }
        progress.inc();
    }
    progress.finish();
    let n = pool.len();
    let who = match cpu_level {
        Some(_) => format!("hard CPU ({:?} a move)", Budget::HARD),
        None => match (args.budget.nodes, args.budget.ms) {
            (Some(nodes), _) => format!("hint ({nodes} nodes)"),
            (None, Some(ms)) => format!("hint ({ms} ms)"),
            (None, None) => format!(
                "hint ({} nodes, at most {:?})",
                cpu::HINT_NODES,
                cpu::HINT_CAP
            ),
        },
    };
    println!(
        "{n} positions of plies {}-{} (of {available}; seed {seed}), {who}:",
        plies.0, plies.1
    );
    println!("  keeps the result (win/draw/loss): {kept} of {n}");
    if exact {
        println!("  keeps the exact score: {kept_exact} of {n}");
    }
    println!("  verdict proved: {proved} of {n}; wrong verdicts: {wrong}");
    times.sort_unstable();
    // The nearest-rank percentile of the sorted times.
    let rank = |p: usize| times[(p * times.len()).div_ceil(100).saturating_sub(1)];
    if times.is_empty() {
        println!("  no positions");
    } else {
        println!(
            "  time per position: median {:.2?}, p99 {:.2?}, mean {:.2?}, max {max:.2?}",
            rank(50),
            rank(99),
            total / n.max(1) as u32
        );
    }
    Ok(())
}

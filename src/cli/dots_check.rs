//! `boardbot dots-check`: Dots and Boxes hard's moves judged against the exact
//! solver's, over games against another level.

use super::*;

/// `dots-check`: how well Dots and Boxes hard plays before its exact
/// solver takes over ([`cpu::dots::handover`]), and the games' results.
pub(super) fn dots_check(args: &DotsCheckArgs) -> ToolResult {
    let DotsSize {
        width: w,
        height: h,
    } = args.size;
    let (games, against, nodes, judge, seed) = (
        args.games,
        args.against.0,
        args.nodes,
        args.judge,
        args.seed,
    );
    let threshold = cpu::dots::hard_exact_free_lines(w as usize, h as usize);
    let from = args.from.unwrap_or(threshold + args.extra);
    let start = Instant::now();
    let mut progress = Progress::new("dots-check", "games", games.into());
    let per_move = if args.bot_time {
        MoveBudget::BotTime
    } else {
        MoveBudget::Nodes(nodes.into())
    };
    let r = cpu::dots::handover::measure(
        w,
        h,
        games,
        against,
        from,
        per_move,
        judge.into(),
        seed.into(),
        args.verbose,
        |_| progress.inc(),
    );
    progress.finish();
    let n = r.judged.max(1) as f64;
    if args.verbose {
        for line in &r.details {
            println!("{line}");
        }
    }
    println!(
        "{w}x{h}, hard vs {} ({} games, seed {seed}; {}, judge {judge} nodes, from {from} free lines down, hard's threshold {threshold}):",
        against.name(),
        r.games,
        match per_move {
            MoveBudget::Nodes(n) => format!("hard {n} nodes a move"),
            MoveBudget::BotTime => format!("the bot's {:?} a move", Budget::HARD),
        },
    );
    println!(
        "  judged {} positions (mean {:.1} free lines): hard's move not best in {}, {} boxes given away in all ({:.2} a position)",
        r.judged,
        r.free_lines as f64 / n,
        r.mistakes,
        r.given_away,
        r.given_away as f64 / n
    );
    println!(
        "  there, with perfect play: hard loses {}, draws {}, mean margin {:+.2}; hard's move turned {} it could still win or draw into a loss",
        r.lost_there,
        r.drawn_there,
        r.margin_there as f64 / n,
        r.lost_by_move
    );
    println!(
        "  games: hard won {}, drew {}, net {:+} boxes ({:.1?})",
        r.won,
        r.drawn,
        r.net,
        start.elapsed()
    );
    Ok(())
}

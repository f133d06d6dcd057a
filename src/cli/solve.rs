//! `boardbot solve` and `boardbot cpu`: a position's exact value, or the move a
//! CPU level plays in it.

use super::*;

pub(super) fn parse_position(moves: Option<&str>) -> Result<Connect4, ToolError> {
    let digits = match moves {
        None | Some("-") => "",
        Some(d) => d,
    };
    Connect4::from_digits(digits.trim()).map_err(|e| {
        usage(format!(
            "bad moves {digits:?}: {e} (use 1-based columns 1-7, e.g. 4453)"
        ))
    })
}

pub(super) fn solve_3d(args: &SolveMovesArgs) -> ToolResult {
    let AnyGame::Connect4ThreeD(game) =
        parse_game(GameKind::Connect4ThreeD, args.moves.as_deref())?
    else {
        unreachable!("parse_game keeps the kind");
    };
    let budget = Budget::new(Duration::from_secs(60));
    match cpu::connect4_3d::solve(&game, &budget) {
        Some(value) => {
            println!("{value}");
            Ok(())
        }
        None => Err(failed(
            "not solved within 60 s: the exact solver is for late positions",
        )),
    }
}

pub(super) fn solve_connect4(args: &SolveConnect4Args) -> ToolResult {
    let game = parse_position(args.moves.as_deref())?;
    if args.stats {
        // Measurement: a fresh table of 2^N entries, the nodes and the time.
        let log2 = args.log2;
        let mut solver = cpu::connect4::Solver::with_table(cpu::connect4::Table::with_log2(log2));
        let p = cpu::connect4::Position::from_game(&game);
        let start = Instant::now();
        let score = if args.weak {
            solver.solve_weak(&p)
        } else {
            solver.solve(&p)
        }
        .map_err(|_| failed("aborted"))?;
        println!(
            "{score} ({} nodes, {:.2?}, table 2^{log2})",
            solver.nodes(),
            start.elapsed()
        );
        return Ok(());
    }
    // One position in a process of its own: a table whose pages are
    // mapped as they are used costs nothing up front.
    let mut solver = cpu::connect4::Solver::with_table(cpu::connect4::Table::for_one_solve());
    let score = if let Some(score) = cpu::connect4::finished_score(&game) {
        if args.weak {
            score.signum()
        } else {
            score
        }
    } else {
        let p = cpu::connect4::Position::from_game(&game);
        if args.weak {
            solver.solve_weak(&p)
        } else {
            solver.solve(&p)
        }
        .map_err(|_| failed("aborted"))?
    };
    println!("{score}");
    Ok(())
}

pub(super) fn cpu_move(args: &CpuArgs) -> ToolResult {
    let kind = game_kind(args.game, args.size.size)?;
    let position = parse_game(kind, args.moves.as_deref())?;
    match cpu::choose_move(&position, args.level.0, &Budget::new(Budget::HARD)) {
        Some(mv) => {
            println!("{}", position.move_name(mv));
            Ok(())
        }
        None => Err(usage("the game is over: there is no move to play")),
    }
}

/// `boardbot solve dots --size WxH <lines>`: the lines (comma-separated
/// names such as `a1-b1`, possibly none) are played in order from the empty
/// board with the normal turn rules; the answer is the exact net number of
/// boxes the side to move gains from there on.
pub(super) fn solve_dots(args: &SolveDotsArgs) -> Result<i32, ToolError> {
    let DotsSize { width, height } = args.size;
    let size = args.size.kind().dots_size_name().unwrap_or_default();
    let mut position =
        DotsAndBoxes::new(width, height).ok_or_else(|| usage("unsupported board size"))?;
    for name in args
        .lines
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(str::trim)
    {
        if name.is_empty() {
            continue;
        }
        let mv = position
            .parse_move(name)
            .ok_or_else(|| usage(format!("{name} is not a line on a {size} board")))?;
        position
            .play(mv)
            .map_err(|e| usage(format!("cannot draw {name}: {e}")))?;
    }
    let budget = Budget::new(Duration::from_secs(60));
    cpu::dots::solve(&position, &budget)
        .ok_or_else(|| failed("too many free lines to solve within 60 seconds"))
}

//! `boardbot review` and `boardbot puzzle`: a game's review, and the day's
//! puzzle, offline.

use super::*;

/// `boardbot puzzle <game> [--day N]`: a day's puzzle as `/puzzle` gives it.
pub(super) fn puzzle_tool(args: &PuzzleArgs) -> ToolResult {
    let kind = match args.game {
        PuzzleGame::Connect4 => GameKind::Connect4,
        PuzzleGame::Dots => GameKind::DOTS_DEFAULT,
    };
    let day = match args.day {
        Some(day) => day,
        None => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_err(|e| failed(e.to_string()))?;
            cpu::puzzle::day_of(now.as_millis() as u64)
        }
    };
    let started = std::time::Instant::now();
    let spec = cpu::puzzle::daily(kind, day).ok_or_else(|| failed("no puzzle for this game"))?;
    let mut game = AnyGame::new(kind).ok_or_else(|| failed("unsupported board"))?;
    let mut names = Vec::new();
    for &mv in &spec.start {
        names.push(game.move_name(mv));
        game.play(mv).map_err(|e| failed(e.to_string()))?;
    }
    println!(
        "day {day}: {}",
        names.join(if matches!(kind, GameKind::Dots { .. }) {
            ","
        } else {
            ""
        })
    );
    println!(
        "solution {} (goal {})",
        game.move_name(spec.solution),
        spec.goal
    );
    println!(
        "found in {:.1} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );
    Ok(())
}

/// The game, language and position a `render` or `review` command names.
pub(super) fn position_of(
    args: &GamePosition,
) -> Result<(GameKind, AnyGame, Vec<Move>), ToolError> {
    let kind = game_kind(args.game, args.size.size)?;
    // Moves may come as one argument or several (`A1 B2`).
    let moves = args.moves.join(" ");
    let (game, played) = parse_moves(kind, Some(&moves))?;
    Ok((kind, game, played))
}

/// `boardbot review <game> <moves> [-o FILE]`: the review `/review` gives
/// of a game with these moves (the seats named by their colours), and its
/// picture (default review.png).
pub(super) fn review_tool(args: &ReviewArgs) -> ToolResult {
    let (kind, _, moves) = position_of(&args.position)?;
    let lang = args.position.lang;
    let review = reviewed(kind, &moves)?;
    let record = offline_record(kind, lang, &moves);
    println!("{}", crate::review::review_text(lang, 1, &record, &review));
    let picture = crate::review::picture(lang, 1, &record, &review)
        .ok_or_else(|| usage("no moves to review"))?;
    let image = crate::render::review(&picture);
    let out = args.out.display();
    std::fs::write(&args.out, &image.png)
        .map_err(|e| failed(format!("cannot write {out}: {e}")))?;
    println!("wrote {out} ({}×{} pixels)", image.width, image.height);
    Ok(())
}

/// The review of a game, each position judged as the bot judges them (for
/// up to [`crate::cpu::review::REVIEW_TIME`] in all).
pub(super) fn reviewed(
    kind: GameKind,
    moves: &[Move],
) -> Result<crate::cpu::review::Review, ToolError> {
    use crate::cpu::review::{grade, judge, positions, Judged};
    let all = positions(kind, moves).ok_or_else(|| usage("the moves do not replay"))?;
    let per_position = crate::cpu::review::position_time(kind);
    let until = std::time::Instant::now() + crate::cpu::review::REVIEW_TIME;
    let mut judged = vec![Judged::UNKNOWN; all.len()];
    for (i, position) in all.iter().enumerate().rev() {
        let left = until.saturating_duration_since(std::time::Instant::now());
        judged[i] = judge(position, &Budget::new(per_position.min(left)));
    }
    Ok(grade(&all, moves, &judged))
}

/// A game played offline as the history would keep it: the seats named by
/// their colours, the result as the board has it.
pub(super) fn offline_record(
    kind: GameKind,
    lang: Lang,
    moves: &[Move],
) -> crate::table::MatchRecord {
    use crate::table::{MatchRecord, Player, SeatRecord};
    let mut game = AnyGame::new(kind).expect("a game the tool parsed moves for");
    let mut names = Vec::with_capacity(moves.len());
    for &mv in moves {
        names.push(game.move_name(mv));
        let _ = game.play(mv);
    }
    let (result, winner) = match game.outcome() {
        Some(Outcome::Win { seat, .. }) => ("win", Some(seat)),
        Some(Outcome::Draw) => ("draw", None),
        None => ("", None),
    };
    MatchRecord {
        table: 0,
        match_no: 1,
        guild: 0,
        channel: 0,
        game: kind.command().to_owned(),
        size: kind.dots_size_name().unwrap_or_default().to_owned(),
        seats: seat_names(kind, lang)
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                SeatRecord::held(Player::Person {
                    id: i as u64 + 1,
                    name,
                })
            })
            .collect(),
        moves: names,
        result: result.to_owned(),
        winner,
        ended_by: "board".to_owned(),
        started_at: 0,
        ended_at: 0,
        ranked: false,
    }
}

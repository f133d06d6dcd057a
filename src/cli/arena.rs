//! `boardbot arena`: CPU levels against each other, for strength figures.

use super::*;

pub(super) fn arena(args: &ArenaArgs) -> ToolResult {
    // A node budget per search makes a series the same on any machine and
    // under any load (the clock still caps it).
    let nodes = args.nodes;
    let log = args.log;
    let kind = game_kind(args.game, args.size.size)?;
    let levels = [args.level_a.0, args.level_b.0];
    let arena = Arena {
        games: args.games as usize,
        seed: args.seed.into(),
        opening_plies: 0,
        // With --nodes the node budget limits every move, not the clock
        // (a minute is only a safeguard), so a loaded machine plays the
        // same series.
        move_time: match nodes {
            Some(_) => Duration::from_secs(60),
            None => Budget::HARD,
        },
    };
    let start = AnyGame::new(kind).ok_or_else(|| usage("unsupported board size"))?;
    // The moves of the game being played, for --log.
    let moves = std::cell::RefCell::new(Vec::new());
    let level = |level: Level| {
        let moves = &moves;
        move |game: &AnyGame, budget: &Budget, rng: &mut StdRng| {
            let budget = match nodes {
                Some(n) => budget.with_nodes(u64::from(n)),
                None => budget.clone(),
            };
            let mv = cpu::choose_move_with(game, level, &budget, rng);
            if let Some(mv) = mv {
                moves.borrow_mut().push(game.move_name(mv));
            }
            mv
        }
    };
    let (a, b) = (level(levels[0]), level(levels[1]));
    let players: [Player<'_, AnyGame>; 2] = [&a, &b];
    let mut progress = Progress::new("arena", "games", arena.games as u64);
    // A's seat rotates over the match's seats; B holds every other one.
    let mut game_number = 0;
    let standing = arena
        .play(&start, &players, |end, holder| {
            let played = std::mem::take(&mut *moves.borrow_mut());
            if log {
                let a_seat = holder.iter().position(|&p| p == 0).unwrap_or(0) + 1;
                let result = match end.outcome() {
                    Some(Outcome::Win { seat, .. }) => {
                        let who = if holder[seat as usize] == 0 { "A" } else { "B" };
                        format!("seat {} ({who}) wins", seat + 1)
                    }
                    _ => "draw".to_string(),
                };
                let sep = if matches!(kind, GameKind::Connect4 | GameKind::Connect4ThreePlayer) {
                    ""
                } else {
                    ","
                };
                progress.suspend(|| {
                    println!(
                        "game {game_number}: A in seat {a_seat}, {result}, {} plies: {}",
                        played.len(),
                        played.join(sep)
                    )
                });
            }
            game_number += 1;
            progress.inc();
        })
        .map_err(|e| failed(e.to_string()))?;
    progress.finish();
    let b_seats = if kind.seat_count() == 3 {
        " (B holds two seats)"
    } else {
        ""
    };
    println!(
        "{} {} vs {}{b_seats}: {} games, {} wins, {} draws, {} losses (for {})",
        kind.command(),
        levels[0].name(),
        levels[1].name(),
        arena.games,
        standing.wins[0],
        standing.draws,
        standing.wins[1],
        levels[0].name()
    );
    for (player, level) in levels.iter().enumerate() {
        let times = standing.times[player];
        println!(
            "{} ({}): {} moves, median {:.2?}, max {:.2?} per move",
            if player == 0 { "A" } else { "B" },
            level.name(),
            times.moves,
            times.median,
            times.max
        );
    }
    Ok(())
}

//! Command-line tools that run instead of the bot:
//!
//! ```text
//! boardbot play <game> [--level L] [--size WxH] [--seat N] [--png DIR] [--color WHEN]
//! boardbot render <game> [--size WxH] [--lang en|pt-BR|fr] <moves> [-o board.png]
//! boardbot invite
//! boardbot solve connect4 <moves> [--weak] [--stats [--log2 N]]
//! boardbot solve connect4-3d <moves>
//! boardbot solve dots [--size WxH] <lines>
//! boardbot cpu <game> --level <easy|medium|hard> [--size WxH] <moves>
//! boardbot arena <game> <levelA> <levelB> [--games N] [--size WxH] [--seed N] [--nodes N] [--log]
//! boardbot hint <game> [--size WxH] [--ms N | --nodes N] <moves>
//! boardbot hint-check [--plies A-B] [--count N] [--seed N] [--ms N | --nodes N] [--exact] [--cpu hard] [--verbose]
//! boardbot dots-check [--size WxH] [--games N] [--against L] [--extra K] [--nodes N] [--judge N] [--seed N] [--verbose]
//! boardbot tables --broken [--clear <no>|--all]
//! boardbot forget <user id>
//! boardbot book generate [--depth D] [--out PATH] [--limit SECONDS] [--table-log2 N] [--extend BOOK]
//! ```
//!
//! `<game>` is `connect4`, `connect4-3p`, `connect4-3d` or `dots`. Moves
//! use the games' names: for the two flat Connect Fours a string of
//! 1-based columns such as `4453`; otherwise names separated by commas or
//! spaces (`A1,B2` for rods, `a1-b1,a1-a2` for lines); empty or `-` for the
//! start. Bad input prints one line on stderr and exits with code 2.

mod hints;
mod play;
mod tables;

use crate::cpu::arena::{Arena, Player};
use crate::cpu::connect4::book;
use crate::cpu::{self, Budget, Level};
use crate::game::{AnyGame, Connect4, DotsAndBoxes, Game, GameKind, Move, Outcome};
use crate::i18n::{tr, Lang};
use rand::rngs::StdRng;
use std::time::{Duration, Instant};

/// The tools' usage, for `boardbot help`.
pub const USAGE: &str = "\
usage: boardbot [run]                     start the bot (default)
       boardbot play <game> [--level L] [--size WxH] [--seat N] [--png DIR]
                            [--color auto|always|never]
                                          play the CPU in the terminal (no Discord);
                                          --seat 2 lets the CPU start, --png DIR writes
                                          each position's image
       boardbot render <game> [--size WxH] [--lang en|pt-BR|fr] <moves> [-o FILE]
                                          the image of a position (default board.png)
       boardbot invite                    the URL that adds the bot to a server (the
                                          application id comes from APPLICATION_ID or
                                          the token)
       boardbot solve connect4 <moves> [--weak]
                                          exact score (or -1/0/1) for the side to move
       boardbot solve connect4-3d <moves> 1 win, 0 draw, -1 loss for the side to move
                                          (exact: late positions only)
       boardbot solve dots [--size WxH] <lines>
                                          net boxes the side to move gains from here on
       boardbot cpu <game> --level <easy|medium|hard> [--size WxH] <moves>
                                          the move the CPU would play
       boardbot arena <game> <levelA> <levelB> [--games N] [--size WxH] [--seed N]
                      [--nodes N] [--log]
                                          CPU levels play each other, seats rotating
                                          (--nodes: at most N nodes per search;
                                          --log: every game's moves and result)
       boardbot hint <game> [--size WxH] [--ms N | --nodes N] <moves>
                                          the hint and what it proved (default 10 s)
       boardbot hint-check [--plies A-B] [--count N] [--seed N] [--ms N | --nodes N]
                           [--exact] [--cpu hard] [--verbose]
                                          how often Connect Four hints (or hard's moves)
                                          keep the value of test-set positions
       boardbot dots-check [--size WxH] [--games N] [--against medium|hard] [--extra K]
                           [--nodes N] [--judge N] [--seed N]
                                          Dots and Boxes hard against the exact solver at
                                          the first position of hard's that it solves
                                          (from K free lines above hard's threshold)
       boardbot book generate [--depth D] [--out PATH] [--limit SECONDS]
                              [--table-log2 N] [--extend BOOK]
                                          build the Connect Four opening book (positions
                                          the hard CPU meets before ply D; --limit gives
                                          up a position, and what follows it, after that
                                          long; --extend reuses an earlier book's moves)
       boardbot book info                 size of the built-in book
       boardbot review <game> [--size WxH] [--lang en|pt-BR|fr] <moves> [-o FILE]
                                          the review /review gives of a game, and its
                                          picture (default review.png)
       boardbot puzzle <connect4|dots> [--day N]
                                          the daily puzzle (today's, or day N since
                                          1970-01-01 UTC): its moves and its solution
       boardbot tables --broken [--clear <no>|--all]
                                          the stored tables that could not be read
                                          back (DATABASE_URL), or delete them
       boardbot forget <user id>          remove a person's names and id from the stored
                                          tables and matches, and their ratings
<game>: connect4, connect4-3p, connect4-3d or dots (--size 5x4, 3x3, 4x4, 5x5).
<moves>: 4453 for the flat Connect Fours; A1,B2 for rods; a1-b1,a1-a2 for lines.";

/// Runs the tool named by `args[0]` (the arguments after the program name)
/// and returns its exit code, or `None` when `args[0]` names no tool.
pub fn run_tool(args: &[String]) -> Option<i32> {
    let command = args.first()?;
    let rest = &args[1..];
    let result = match command.as_str() {
        "play" => play::play(rest),
        "render" => render_tool(rest),
        "invite" => invite(rest),
        "solve" => solve(rest),
        "cpu" => cpu_move(rest),
        "arena" => arena(rest),
        "book" => book_tool(rest),
        "hint" => hints::hint(rest),
        "hint-check" => hints::hint_check(rest),
        "puzzle" => puzzle_tool(rest),
        "review" => review_tool(rest),
        "dots-check" => dots_check(rest),
        "tables" => tables::tables(rest),
        "forget" => tables::forget(rest),
        _ => return None,
    };
    Some(match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("boardbot {command}: {message}");
            2
        }
    })
}

type ToolResult = Result<(), String>;

fn expect_connect4(game: Option<&String>) -> ToolResult {
    match game.map(String::as_str) {
        Some("connect4") => Ok(()),
        Some(other) => Err(format!(
            "unknown or unsupported game {other:?} (try connect4)"
        )),
        None => Err("missing game name (try connect4)".into()),
    }
}

fn parse_position(moves: Option<&String>) -> Result<Connect4, String> {
    let digits = match moves.map(String::as_str) {
        None | Some("-") => "",
        Some(d) => d,
    };
    Connect4::from_digits(digits.trim())
        .map_err(|e| format!("bad moves {digits:?}: {e} (use 1-based columns 1-7, e.g. 4453)"))
}

/// `boardbot puzzle <game> [--day N]`: a day's puzzle as `/puzzle` gives it.
fn puzzle_tool(args: &[String]) -> ToolResult {
    let (positional, options) = split_options(args, &[], &["--day"])?;
    if positional.len() != 1 {
        return Err("usage: puzzle <connect4|dots> [--day N]".into());
    }
    let kind = parse_kind(positional.first().copied(), None)?;
    let day = match options.iter().find(|(n, _)| *n == "--day") {
        Some((_, Some(day))) => day
            .parse()
            .map_err(|_| format!("--day takes a whole number, not {day:?}"))?,
        _ => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_err(|e| e.to_string())?;
            cpu::puzzle::day_of(now.as_millis() as u64)
        }
    };
    let started = std::time::Instant::now();
    let spec = cpu::puzzle::daily(kind, day).ok_or("no puzzle for this game")?;
    let mut game = AnyGame::new(kind).ok_or("unsupported board")?;
    let mut names = Vec::new();
    for &mv in &spec.start {
        names.push(game.move_name(mv));
        game.play(mv).map_err(|e| e.to_string())?;
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

/// The start of a game named on the command line.
fn parse_kind(name: Option<&String>, size: Option<&String>) -> Result<GameKind, String> {
    let name = name.ok_or("missing game name (connect4, connect4-3p, connect4-3d or dots)")?;
    let kind = match name.as_str() {
        "connect4" => GameKind::Connect4,
        "connect4-3p" => GameKind::Connect4ThreePlayer,
        "connect4-3d" => GameKind::Connect4ThreeD,
        "dots" => match size {
            None => GameKind::DOTS_DEFAULT,
            Some(size) => GameKind::parse_dots_size(size)
                .ok_or_else(|| format!("unknown size {size:?}: use 5x4, 3x3, 4x4 or 5x5"))?,
        },
        other => {
            return Err(format!(
                "unknown game {other:?}: use connect4, connect4-3p, connect4-3d or dots"
            ))
        }
    };
    if size.is_some() && !matches!(kind, GameKind::Dots { .. }) {
        return Err("--size applies to dots only".into());
    }
    Ok(kind)
}

/// A position reached by playing `moves` (names, see the module docs).
fn parse_game(kind: GameKind, moves: Option<&String>) -> Result<AnyGame, String> {
    parse_moves(kind, moves).map(|(game, _)| game)
}

/// [`parse_game`] with the moves played.
fn parse_moves(kind: GameKind, moves: Option<&String>) -> Result<(AnyGame, Vec<Move>), String> {
    let mut played = Vec::new();
    let mut game = AnyGame::new(kind).ok_or("unsupported board size")?;
    let text = match moves.map(|m| m.trim()) {
        None | Some("-") => "",
        Some(text) => text,
    };
    let flat = matches!(kind, GameKind::Connect4 | GameKind::Connect4ThreePlayer);
    let names: Vec<String> = if flat && text.chars().all(|c| c.is_ascii_digit()) {
        text.chars().map(String::from).collect()
    } else {
        text.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect()
    };
    for (i, name) in names.iter().enumerate() {
        let mv = game
            .parse_move(name)
            .ok_or_else(|| format!("move {} ({name:?}) is not a move of this game", i + 1))?;
        game.play(mv)
            .map_err(|e| format!("move {} ({name}) cannot be played: {e}", i + 1))?;
        played.push(mv);
    }
    Ok((game, played))
}

fn parse_level(name: Option<&String>) -> Result<Level, String> {
    let name = name.ok_or("missing level (easy, medium or hard)")?;
    Level::parse(name).ok_or_else(|| format!("unknown level {name:?} (easy, medium or hard)"))
}

/// Options given, each with its value when it takes one.
type Options<'a> = Vec<(&'a str, Option<&'a String>)>;

/// Splits `--flag value` options from positional arguments.
fn split_options<'a>(
    args: &'a [String],
    flags: &[&str],
    valued: &[&str],
) -> Result<(Vec<&'a String>, Options<'a>), String> {
    let mut positional = Vec::new();
    let mut options = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if flags.contains(&arg.as_str()) {
            options.push((arg.as_str(), None));
        } else if valued.contains(&arg.as_str()) {
            let value = iter.next().ok_or_else(|| format!("{arg} needs a value"))?;
            options.push((arg.as_str(), Some(value)));
        } else if arg.starts_with("--") {
            return Err(format!("unknown option {arg}"));
        } else {
            positional.push(arg);
        }
    }
    Ok((positional, options))
}

fn option<'a>(options: &[(&str, Option<&'a String>)], name: &str) -> Option<&'a String> {
    options
        .iter()
        .rev()
        .find(|(n, _)| *n == name)
        .and_then(|(_, v)| *v)
}

fn parse_number(value: Option<&String>, name: &str, default: u32) -> Result<u32, String> {
    match value {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| format!("{name} needs a whole number, not {v:?}")),
    }
}

fn solve(args: &[String]) -> ToolResult {
    match args.first().map(String::as_str) {
        Some("dots") => {
            println!("{}", solve_dots(args)?);
            Ok(())
        }
        Some("connect4-3d") => {
            let (positional, _) = split_options(args, &[], &[])?;
            if positional.len() > 2 {
                return Err("too many arguments: solve connect4-3d <moves>".into());
            }
            let AnyGame::Connect4ThreeD(game) =
                parse_game(GameKind::Connect4ThreeD, positional.get(1).copied())?
            else {
                unreachable!("parse_game keeps the kind");
            };
            let budget = Budget::new(Duration::from_secs(60));
            match cpu::connect4_3d::solve(&game, &budget) {
                Some(value) => {
                    println!("{value}");
                    Ok(())
                }
                None => {
                    Err("not solved within 60 s: the exact solver is for late positions".into())
                }
            }
        }
        Some("connect4-3p") => Err("there is no exact solver for the three-player game".into()),
        _ => solve_connect4(args),
    }
}

fn solve_connect4(args: &[String]) -> ToolResult {
    let (positional, options) = split_options(args, &["--weak", "--stats"], &["--log2"])?;
    expect_connect4(positional.first().copied())?;
    if positional.len() > 2 {
        return Err(
            "too many arguments: solve connect4 <moves> [--weak] [--stats [--log2 N]]".into(),
        );
    }
    let game = parse_position(positional.get(1).copied())?;
    let weak = options.iter().any(|(n, _)| *n == "--weak");
    if options.iter().any(|(n, _)| *n == "--stats") {
        // Measurement: a fresh table of 2^N entries, the nodes and the time.
        let log2 = parse_number(option(&options, "--log2"), "--log2", 23)?;
        let mut solver = cpu::connect4::Solver::with_table(cpu::connect4::Table::with_log2(log2));
        let p = cpu::connect4::Position::from_game(&game);
        let start = Instant::now();
        let score = if weak {
            solver.solve_weak(&p)
        } else {
            solver.solve(&p)
        }
        .map_err(|_| "aborted".to_string())?;
        println!(
            "{score} ({} nodes, {:.2?}, table 2^{log2})",
            solver.nodes(),
            start.elapsed()
        );
        return Ok(());
    }
    let score = if weak {
        cpu::connect4::solve_weak(&game)
    } else {
        cpu::connect4::solve(&game)
    };
    println!("{score}");
    Ok(())
}

/// `dots-check`: how well Dots and Boxes hard plays before its exact
/// solver takes over ([`cpu::dots::handover`]), and the games' results.
fn dots_check(args: &[String]) -> ToolResult {
    let (positional, options) = split_options(
        args,
        &["--verbose"],
        &[
            "--size",
            "--games",
            "--against",
            "--extra",
            "--nodes",
            "--judge",
            "--seed",
        ],
    )?;
    if !positional.is_empty() {
        return Err("usage: dots-check [--size WxH] [--games N] [--against L] [--extra K] [--nodes N] [--judge N] [--seed N]".into());
    }
    let size = option(&options, "--size").map_or("5x4", |s| s.as_str());
    let (w, h) = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .filter(|&(w, h)| crate::game::DotsAndBoxes::new(w, h).is_some())
        .ok_or_else(|| format!("unknown size {size:?}: use 5x4, 3x3, 4x4 or 5x5"))?;
    let games = parse_number(option(&options, "--games"), "--games", 20)?;
    let against = parse_level(option(&options, "--against").or(Some(&"medium".to_string())))?;
    let extra = parse_number(option(&options, "--extra"), "--extra", 4)?;
    let nodes = parse_number(option(&options, "--nodes"), "--nodes", 3_000_000)?;
    let judge = parse_number(option(&options, "--judge"), "--judge", 100_000_000)?;
    let seed = parse_number(option(&options, "--seed"), "--seed", 1)?;
    let start = Instant::now();
    let r = cpu::dots::handover::measure(
        w,
        h,
        games,
        against,
        extra,
        nodes.into(),
        judge.into(),
        seed.into(),
    );
    let n = r.judged.max(1) as f64;
    if options.iter().any(|(n, _)| *n == "--verbose") {
        for line in &r.details {
            println!("{line}");
        }
    }
    println!(
        "{w}x{h}, hard vs {} ({} games, seed {seed}; hard {nodes} nodes a move, judge {judge} nodes, from {extra} free lines above hard's threshold {}):",
        against.name(),
        r.games,
        cpu::dots::hard_exact_free_lines(w as usize, h as usize)
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
        "  there, with perfect play: hard loses {}, draws {}, mean margin {:+.2}",
        r.lost_there,
        r.drawn_there,
        r.margin_there as f64 / n
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

fn cpu_move(args: &[String]) -> ToolResult {
    let (positional, options) = split_options(args, &[], &["--level", "--size"])?;
    if positional.len() > 2 {
        return Err("too many arguments: cpu <game> --level L [--size WxH] <moves>".into());
    }
    let kind = parse_kind(positional.first().copied(), option(&options, "--size"))?;
    let level = parse_level(option(&options, "--level"))?;
    let position = parse_game(kind, positional.get(1).copied())?;
    match cpu::choose_move(&position, level, &Budget::new(Budget::HARD)) {
        Some(mv) => {
            println!("{}", position.move_name(mv));
            Ok(())
        }
        None => Err("the game is over: there is no move to play".into()),
    }
}

fn arena(args: &[String]) -> ToolResult {
    let (positional, options) = split_options(
        args,
        &["--log"],
        &["--games", "--size", "--seed", "--nodes"],
    )?;
    if positional.len() != 3 {
        return Err(
            "usage: arena <game> <levelA> <levelB> [--games N] [--size WxH] [--seed N] \
             [--nodes N] [--log]"
                .into(),
        );
    }
    // A node budget per search makes a series the same on any machine and
    // under any load (the clock still caps it).
    let nodes = option(&options, "--nodes")
        .map(|n| parse_number(Some(n), "--nodes", 0))
        .transpose()?;
    let log = options.iter().any(|(name, _)| *name == "--log");
    let kind = parse_kind(positional.first().copied(), option(&options, "--size"))?;
    let levels = [
        parse_level(positional.get(1).copied())?,
        parse_level(positional.get(2).copied())?,
    ];
    let arena = Arena {
        games: parse_number(option(&options, "--games"), "--games", 10)? as usize,
        seed: parse_number(option(&options, "--seed"), "--seed", 1)?.into(),
        opening_plies: 0,
        // With --nodes the node budget limits every move, not the clock
        // (a minute is only a safeguard), so a loaded machine plays the
        // same series.
        move_time: match nodes {
            Some(_) => Duration::from_secs(60),
            None => Budget::HARD,
        },
    };
    let start = AnyGame::new(kind).ok_or("unsupported board size")?;
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
                println!(
                    "game {game_number}: A in seat {a_seat}, {result}, {} plies: {}",
                    played.len(),
                    played.join(sep)
                );
            }
            game_number += 1;
        })
        .map_err(|e| e.to_string())?;
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

/// The language named on the command line (`en`, `pt-BR`, `fr`).
fn parse_lang(name: Option<&String>) -> Result<Lang, String> {
    match name.map(|n| n.trim().to_ascii_lowercase()).as_deref() {
        None | Some("en") => Ok(Lang::En),
        Some("pt-br" | "pt") => Ok(Lang::PtBr),
        Some("fr") => Ok(Lang::Fr),
        Some(_) => Err(format!(
            "unknown language {:?}: use en, pt-BR or fr",
            name.map(String::as_str).unwrap_or_default()
        )),
    }
}

/// `render <game> [--size WxH] [--lang L] <moves> [-o FILE]`: the board
/// image the bot would post, written to a file.
/// The game, language and position a `render` or `review` command names.
#[allow(clippy::type_complexity)]
fn game_of(args: &[String]) -> Result<(GameKind, Lang, AnyGame, Vec<Move>, Options<'_>), String> {
    let (positional, options) = split_options(args, &[], &["--size", "--lang", "-o", "--out"])?;
    let kind = parse_kind(positional.first().copied(), option(&options, "--size"))?;
    let lang = parse_lang(option(&options, "--lang"))?;
    // Moves may come as one argument or several (`A1 B2`).
    let moves = positional
        .iter()
        .skip(1)
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let (game, played) = parse_moves(kind, Some(&moves))?;
    Ok((kind, lang, game, played, options))
}

/// `boardbot review <game> <moves> [-o FILE]`: the review `/review` gives
/// of a game with these moves (the seats named by their colours), and its
/// picture (default review.png).
fn review_tool(args: &[String]) -> ToolResult {
    use crate::cpu::review::{grade, judge, positions, Judged};
    use crate::table::{MatchRecord, Player, SeatRecord};
    let (kind, lang, _, moves, options) = game_of(args)?;
    let all = positions(kind, &moves).ok_or("the moves do not replay")?;
    let per_position = crate::cpu::review::position_time(kind);
    let until = std::time::Instant::now() + crate::cpu::review::REVIEW_TIME;
    let mut judged = vec![Judged::UNKNOWN; all.len()];
    for (i, position) in all.iter().enumerate().rev() {
        let left = until.saturating_duration_since(std::time::Instant::now());
        judged[i] = judge(position, &Budget::new(per_position.min(left)));
    }
    let review = grade(&all, &moves, &judged);
    let names = seat_names(kind, lang);
    let record = MatchRecord {
        table: 0,
        match_no: 1,
        guild: 0,
        channel: 0,
        game: kind.command().to_owned(),
        size: String::new(),
        seats: names
            .iter()
            .enumerate()
            .map(|(i, name)| SeatRecord {
                player: Player::Person {
                    id: i as u64 + 1,
                    name: name.clone(),
                },
                left: None,
                cpu_played: None,
            })
            .collect(),
        moves: Vec::new(),
        result: String::new(),
        winner: None,
        ended_by: String::new(),
        started_at: 0,
        ended_at: 0,
        ranked: false,
    };
    println!("{}", crate::review::review_text(lang, 1, &record, &review));
    let picture = crate::review::picture(lang, 1, &record, &review).ok_or("no moves to review")?;
    let image = crate::render::review(&picture);
    let out = option(&options, "-o")
        .or(option(&options, "--out"))
        .cloned()
        .unwrap_or_else(|| "review.png".to_string());
    std::fs::write(&out, &image.png).map_err(|e| format!("cannot write {out}: {e}"))?;
    println!("wrote {out} ({}×{} pixels)", image.width, image.height);
    Ok(())
}

fn render_tool(args: &[String]) -> ToolResult {
    let (kind, lang, game, _, options) = game_of(args)?;
    let names = seat_names(kind, lang);
    let image = crate::render::position(&game, &names, lang);
    let out = option(&options, "-o")
        .or(option(&options, "--out"))
        .cloned()
        .unwrap_or_else(|| "board.png".to_string());
    std::fs::write(&out, &image.png).map_err(|e| format!("cannot write {out}: {e}"))?;
    println!(
        "wrote {out} ({}×{} pixels, {} moves)\nalt text: {}",
        image.width,
        image.height,
        game.plies(),
        image.alt
    );
    Ok(())
}

/// The seats named by their colours ("Red", "Yellow", "Blue").
fn seat_names(kind: GameKind, lang: Lang) -> Vec<String> {
    ["colour.red", "colour.yellow", "colour.blue"]
        .iter()
        .take(kind.seat_count())
        .map(|key| {
            let name = tr(lang, key, &[]);
            let mut chars = name.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        })
        .collect()
}

/// The permissions the bot asks for when it is invited: View Channel,
/// Send Messages, Send Messages in Threads, Embed Links, Attach Files and
/// Read Message History (it edits its own board messages).
pub const INVITE_PERMISSIONS: u64 = (1 << 10) // View Channel
    | (1 << 11) // Send Messages
    | (1 << 38) // Send Messages in Threads
    | (1 << 14) // Embed Links
    | (1 << 15) // Attach Files
    | (1 << 16); // Read Message History

/// The URL that adds the application's bot (and its slash commands) to a
/// server.
pub fn invite_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}\
         &scope=bot+applications.commands&permissions={INVITE_PERMISSIONS}"
    )
}

/// Decodes base64 (standard or URL-safe alphabet, padding optional).
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let mut bits: u32 = 0;
    let mut count = 0;
    let mut out = Vec::new();
    for byte in text.trim_end_matches('=').bytes() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        bits = (bits << 6) | u32::from(value);
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    Some(out)
}

/// The application id: `APPLICATION_ID`, or else the first part of the bot
/// token (the base64 of the bot user's id, which is the application's).
pub fn application_id(get: impl Fn(&str) -> Option<String>) -> Result<u64, String> {
    let value = |name: &str| {
        get(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    if let Some(id) = value("APPLICATION_ID") {
        return id.parse().map_err(|_| {
            "APPLICATION_ID must be the application's number (Developer Portal → \
             General Information → Application ID)"
                .to_string()
        });
    }
    let token = value("DISCORD_TOKEN").ok_or(
        "no application id: set APPLICATION_ID (Developer Portal → General Information → \
         Application ID), or DISCORD_TOKEN in .env",
    )?;
    let first = token.split('.').next().unwrap_or_default();
    decode_base64(first)
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .and_then(|digits| digits.parse::<u64>().ok())
        .ok_or_else(|| {
            "DISCORD_TOKEN does not look like a bot token (its first part should be the \
             application id in base64): copy it again from Developer Portal → Bot → Reset \
             Token, or set APPLICATION_ID"
                .to_string()
        })
}

/// `invite`: prints the URL that adds the bot to a server.
fn invite(args: &[String]) -> ToolResult {
    if !args.is_empty() {
        return Err("invite takes no arguments (set APPLICATION_ID or DISCORD_TOKEN)".into());
    }
    let _ = dotenvy::dotenv();
    let id = application_id(|name| std::env::var(name).ok())?;
    println!("{}", invite_url(id));
    Ok(())
}

/// `boardbot solve dots --size WxH <lines>`: the lines (comma-separated
/// names such as `a1-b1`, possibly none) are played in order from the empty
/// board with the normal turn rules; the answer is the exact net number of
/// boxes the side to move gains from there on.
fn solve_dots(args: &[String]) -> Result<String, String> {
    let mut size = None;
    let mut lines: Option<&str> = None;
    let mut args = args.iter().map(String::as_str).peekable();
    if args.peek() == Some(&"dots") {
        args.next();
    }
    while let Some(arg) = args.next() {
        if let Some(value) = arg.strip_prefix("--size=") {
            size = Some(value);
        } else if arg == "--size" {
            size = Some(args.next().ok_or("--size needs a value such as 5x4")?);
        } else if arg.starts_with("--") {
            return Err(format!("unknown option {arg}"));
        } else if lines.is_some() {
            return Err(format!(
                "unexpected argument {arg}: give the lines as one comma-separated list"
            ));
        } else {
            lines = Some(arg);
        }
    }
    let size = size.unwrap_or("5x4");
    let Some(GameKind::Dots { width, height }) = GameKind::parse_dots_size(size) else {
        return Err(format!(
            "unknown board size {size}: use 5x4, 3x3, 4x4 or 5x5"
        ));
    };
    let mut position = DotsAndBoxes::new(width, height).ok_or("unsupported board size")?;
    for name in lines.unwrap_or("").split(',').map(str::trim) {
        if name.is_empty() {
            continue;
        }
        let mv = position
            .parse_move(name)
            .ok_or_else(|| format!("{name} is not a line on a {size} board"))?;
        position
            .play(mv)
            .map_err(|e| format!("cannot draw {name}: {e}"))?;
    }
    let budget = Budget::new(Duration::from_secs(60));
    cpu::dots::solve(&position, &budget)
        .map(|v| v.to_string())
        .ok_or_else(|| "too many free lines to solve within 60 seconds".to_string())
}

fn book_tool(args: &[String]) -> ToolResult {
    let (positional, options) = split_options(
        args,
        &[],
        &["--depth", "--out", "--limit", "--table-log2", "--extend"],
    )?;
    match positional.first().map(|s| s.as_str()) {
        Some("generate") if positional.len() == 1 => {}
        Some("info") if positional.len() == 1 => {
            println!("{} positions in the built-in book", book::len());
            return Ok(());
        }
        _ => {
            return Err(
                "usage: book generate [--depth D] [--out PATH] [--limit SECONDS] [--table-log2 N] [--extend BOOK] | book info"
                    .into(),
            )
        }
    }
    let depth = parse_number(option(&options, "--depth"), "--depth", 4)?;
    if depth > 20 {
        return Err("--depth above 20 would take far too long".into());
    }
    let limit = parse_number(option(&options, "--limit"), "--limit", 0)?;
    let table_log2 = parse_number(option(&options, "--table-log2"), "--table-log2", 24)?;
    if !(23..=30).contains(&table_log2) {
        return Err("--table-log2 must be between 23 and 30".into());
    }
    let out = option(&options, "--out")
        .cloned()
        .unwrap_or_else(|| "assets/connect4-book.bin".to_string());
    let known = match option(&options, "--extend") {
        None => Vec::new(),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            book::parse(&bytes).ok_or_else(|| format!("{path} is not a book file"))?
        }
    };
    let settings = book::Settings {
        depth,
        time_limit: (limit > 0).then(|| Duration::from_secs(limit.into())),
        table_log2,
        known,
    };
    let started = Instant::now();
    let image = book::generate(&settings, |p| {
        let result = match p.result {
            Some((column, score)) => format!("best {column} score {score:>3}"),
            None => "gave up (time limit)".to_string(),
        };
        eprintln!(
            "ply {:>2} {:<12} {result}  {:.1?} ({} in book, {} given up, {:.1?} in all)",
            p.plies, p.moves, p.this_one, p.solved, p.given_up, p.elapsed
        );
    });
    std::fs::write(&out, &image).map_err(|e| format!("cannot write {out}: {e}"))?;
    println!(
        "wrote {} positions to {out} in {:.1?}",
        (image.len() - book::MAGIC.len()) / 8,
        started.elapsed()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Option<i32> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        run_tool(&args)
    }

    #[test]
    fn unknown_commands_are_not_tools() {
        assert_eq!(run(&[]), None);
        assert_eq!(run(&["serve"]), None);
    }

    #[test]
    fn bad_input_exits_with_2() {
        assert_eq!(run(&["solve"]), Some(2));
        assert_eq!(run(&["solve", "chess", "1"]), Some(2));
        assert_eq!(run(&["solve", "connect4", "48"]), Some(2));
        assert_eq!(run(&["solve", "connect4", "1111111"]), Some(2));
        assert_eq!(run(&["solve", "connect4", "4", "--fast"]), Some(2));
        assert_eq!(run(&["cpu", "connect4", "--level", "expert", "4"]), Some(2));
        assert_eq!(run(&["cpu", "connect4", "4", "--level"]), Some(2));
        assert_eq!(
            run(&["cpu", "connect4", "--level", "easy", "1212121"]),
            Some(2)
        );
        assert_eq!(run(&["arena", "connect4", "easy"]), Some(2));
        assert_eq!(
            run(&["arena", "connect4", "easy", "easy", "--games", "x"]),
            Some(2)
        );
        assert_eq!(run(&["book", "burn"]), Some(2));
        assert_eq!(run(&["cpu", "chess", "--level", "easy", ""]), Some(2));
        assert_eq!(
            run(&["cpu", "connect4-3d", "--level", "easy", "A1,E9"]),
            Some(2)
        );
        assert_eq!(
            run(&["cpu", "dots", "--level", "easy", "--size", "9x9", ""]),
            Some(2)
        );
        assert_eq!(
            run(&["cpu", "connect4", "--level", "easy", "--size", "5x4", ""]),
            Some(2)
        );
        assert_eq!(
            run(&["solve", "dots", "--size", "3x3", "a1-b1,a1-b1"]),
            Some(2)
        );
        assert_eq!(run(&["solve", "connect4-3p", "1"]), Some(2));
        assert_eq!(run(&["book", "generate", "--depth", "99"]), Some(2));
        assert_eq!(
            run(&["book", "generate", "--extend", "/nonexistent/book"]),
            Some(2)
        );
    }

    #[test]
    fn good_input_exits_with_0() {
        assert_eq!(
            run(&[
                "solve",
                "connect4",
                "2252576253462244111563365343671351441",
                "--weak"
            ]),
            Some(0)
        );
        assert_eq!(
            run(&["cpu", "connect4", "--level", "medium", "445566"]),
            Some(0)
        );
        assert_eq!(
            run(&["arena", "connect4", "easy", "easy", "--games", "2"]),
            Some(0)
        );
        assert_eq!(
            run(&["cpu", "connect4-3p", "--level", "easy", "595"]),
            Some(0)
        );
        assert_eq!(
            run(&["cpu", "connect4-3d", "--level", "easy", "A1 b2,C3"]),
            Some(0)
        );
        assert_eq!(
            run(&["cpu", "dots", "--level", "easy", "--size", "3x3", "a1-b1"]),
            Some(0)
        );
        assert_eq!(
            run(&["solve", "dots", "--size", "3x3", "a1-b1,a1-a2,b1-b2"]),
            Some(0)
        );
        assert_eq!(
            run(&["arena", "dots", "easy", "easy", "--games", "1", "--size", "3x3"]),
            Some(0)
        );
        assert_eq!(
            run(&["arena", "connect4-3p", "easy", "easy", "--games", "1"]),
            Some(0)
        );
    }

    #[test]
    fn the_application_id_comes_from_the_token_or_the_variable() {
        // "123456789012345678" in base64, then the token's other parts.
        let token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.secret-part";
        let vars = |token: Option<&'static str>, id: Option<&'static str>| {
            move |name: &str| match name {
                "DISCORD_TOKEN" => token.map(String::from),
                "APPLICATION_ID" => id.map(String::from),
                _ => None,
            }
        };
        assert_eq!(
            application_id(vars(Some(token), None)),
            Ok(123456789012345678)
        );
        assert_eq!(
            application_id(vars(Some(token), Some(" 42 "))),
            Ok(42),
            "APPLICATION_ID wins"
        );
        assert!(application_id(vars(None, None))
            .unwrap_err()
            .contains("APPLICATION_ID"));
        let bad = application_id(vars(Some("not a token"), None)).unwrap_err();
        assert!(bad.contains("DISCORD_TOKEN") && !bad.contains("not a token"));
        assert!(application_id(vars(None, Some("my app"))).is_err());
        assert_eq!(decode_base64("TWFu"), Some(b"Man".to_vec()));
        assert_eq!(decode_base64("TWE="), Some(b"Ma".to_vec()));
        assert_eq!(decode_base64("TQ"), Some(b"M".to_vec()));
        assert_eq!(INVITE_PERMISSIONS, 274_878_024_704);
        assert_eq!(
            invite_url(42),
            "https://discord.com/oauth2/authorize?client_id=42\
             &scope=bot+applications.commands&permissions=274878024704"
        );
    }

    #[test]
    fn render_needs_a_known_language_and_legal_moves() {
        assert_eq!(
            run(&["render", "connect4", "--lang", "de", "4", "-o", "/dev/null"]),
            Some(2)
        );
        assert_eq!(
            run(&["render", "connect4", "1111111", "-o", "/dev/null"]),
            Some(2)
        );
        assert_eq!(parse_lang(Some(&"pt-BR".to_string())), Ok(Lang::PtBr));
        assert_eq!(parse_lang(Some(&"FR".to_string())), Ok(Lang::Fr));
        assert_eq!(parse_lang(None), Ok(Lang::En));
    }

    #[test]
    fn solve_dots_reads_sizes_and_lines() {
        let args = |s: &[&str]| s.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        // 3 x 3: a chain of three along the top and a single box at the
        // bottom right left open, everything else claimed.
        let lines = "a1-b1,b1-c1,c1-d1,a2-b2,b2-c2,c2-d2,a2-a3,b2-b3,c2-c3,\
                     d2-d3,a3-b3,b3-c3,c3-d3,a3-a4,b3-b4,c3-c4,a4-b4,b4-c4";
        assert_eq!(
            solve_dots(&args(&["--size", "3x3", lines])),
            Ok("2".to_string())
        );
        assert_eq!(
            solve_dots(&args(&["dots", "--size=3x3", lines])),
            Ok("2".to_string())
        );
        assert!(solve_dots(&args(&["--size", "7x7", ""])).is_err());
        assert!(solve_dots(&args(&["--size", "3x3", "a1-c1"])).is_err());
        assert!(solve_dots(&args(&["--size", "3x3", "a1-b1,a1-b1"])).is_err());
        assert!(solve_dots(&args(&["--size"])).is_err());
        assert!(solve_dots(&args(&["--bogus"])).is_err());
        for e in [
            solve_dots(&args(&["--size", "7x7"])),
            solve_dots(&args(&["--size", "3x3", "a1-c1"])),
        ] {
            assert!(!e.unwrap_err().contains('\n'));
        }
    }

    #[test]
    fn moves_are_read_by_their_names() {
        let game = parse_game(GameKind::Connect4ThreeD, Some(&"A1, a1 D4".to_string())).unwrap();
        assert_eq!(game.plies(), 3);
        let game = parse_game(GameKind::Connect4ThreePlayer, Some(&"99".to_string())).unwrap();
        assert_eq!(game.plies(), 2);
        let dots = GameKind::parse_dots_size("3x3").unwrap();
        let game = parse_game(dots, Some(&"a1-b1,b1-a1".to_string()));
        assert!(game.unwrap_err().contains("cannot be played"));
    }
}

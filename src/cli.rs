//! Command-line tools that run instead of the bot: `boardbot play`,
//! `render`, `solve`, `arena`, `book generate`, … (`boardbot --help` lists
//! them, `boardbot <tool> --help` tells each one's options).
//!
//! The command line is declared in `cli/args.rs` (clap derive), and a tool
//! is a function from its parsed arguments to a [`ToolResult`]. What clap
//! cannot check alone (moves against the game, `--size` for a game that has
//! none) is checked by the tool and reported in clap's form, with the tool's
//! usage; every error exits with code 2.
//!
//! Moves use the games' names: for the two flat Connect Fours a string of
//! 1-based columns such as `4453`; otherwise names separated by commas or
//! spaces (`A1,B2` for rods, `a1-b1,a1-a2` for lines); empty or `-` for the
//! start.

mod args;
mod hints;
mod play;
mod progress;
mod tables;

pub use args::{Cli, Command, Tool};

use crate::cpu::arena::{Arena, Player};
use crate::cpu::connect4::book;
use crate::cpu::dots::handover::MoveBudget;
use crate::cpu::{self, Budget, Level};
use crate::game::{AnyGame, Connect4, DotsAndBoxes, Game, GameKind, Move, Outcome};
use crate::i18n::{tr, Lang};
use args::{
    ArenaArgs, BookAction, BookArgs, CpuArgs, DotsCheckArgs, DotsSize, GameName, GamePosition,
    OpeningsArgs, PuzzleArgs, PuzzleGame, RenderArgs, ReplayArgs, ReviewArgs, SolveConnect4Args,
    SolveDotsArgs, SolveGame, SolveMovesArgs,
};
use clap::CommandFactory;
use progress::Progress;
use rand::rngs::StdRng;
use std::time::{Duration, Instant};

/// Why a tool stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolError {
    /// The arguments, read together, do not make sense (a move that is not
    /// legal, `--size` for a game without sizes): reported like clap's own
    /// errors, with the tool's usage.
    Usage(String),
    /// The tool could not do its job (a file, the database, a time limit).
    Failed(String),
}

type ToolResult = Result<(), ToolError>;

fn usage(message: impl Into<String>) -> ToolError {
    ToolError::Usage(message.into())
}

fn failed(message: impl Into<String>) -> ToolError {
    ToolError::Failed(message.into())
}

/// Runs a tool and returns the process's exit code (0, or 2 after an error
/// on standard error).
pub fn run_tool(tool: Tool) -> u8 {
    let (path, result): (&[&str], ToolResult) = match tool {
        Tool::Play(args) => (&["play"], play::play(&args)),
        Tool::Render(args) => (&["render"], render_tool(&args)),
        Tool::Invite => (&["invite"], invite()),
        Tool::Solve { game } => match game {
            SolveGame::Connect4(args) => (&["solve", "connect4"], solve_connect4(&args)),
            SolveGame::Connect4ThreeD(args) => (&["solve", "connect4-3d"], solve_3d(&args)),
            SolveGame::Dots(args) => (
                &["solve", "dots"],
                solve_dots(&args).map(|value| println!("{value}")),
            ),
            SolveGame::Connect4ThreePlayer { .. } => (
                &["solve"],
                Err(usage("there is no exact solver for the three-player game")),
            ),
        },
        Tool::Cpu(args) => (&["cpu"], cpu_move(&args)),
        Tool::Arena(args) => (&["arena"], arena(&args)),
        Tool::Hint(args) => (&["hint"], hints::hint(&args)),
        Tool::HintCheck(args) => (&["hint-check"], hints::hint_check(&args)),
        Tool::DotsCheck(args) => (&["dots-check"], dots_check(&args)),
        Tool::Book { action } => match action {
            BookAction::Generate(args) => (&["book", "generate"], book_generate(&args)),
            BookAction::Openings(args) => (&["book", "openings"], book_openings(&args)),
            BookAction::Info => {
                println!("{} positions in the built-in book", book::len());
                let db = cpu::connect4::openings::builtin();
                println!(
                    "{} positions in the opening database (depth {}, {})",
                    db.len(),
                    db.depth(),
                    if db.complete() {
                        "complete"
                    } else {
                        "being generated"
                    }
                );
                (&["book", "info"], Ok(()))
            }
        },
        Tool::Review(args) => (&["review"], review_tool(&args)),
        Tool::Replay(args) => (&["replay"], replay_tool(&args)),
        Tool::Puzzle(args) => (&["puzzle"], puzzle_tool(&args)),
        Tool::Tables(args) => (&["tables"], tables::tables(&args)),
        Tool::Forget(args) => (&["forget"], tables::forget(&args)),
        Tool::Completions(args) => {
            let mut command = Cli::command();
            clap_complete::generate(args.shell, &mut command, "boardbot", &mut std::io::stdout());
            (&["completions"], Ok(()))
        }
    };
    match result {
        Ok(()) => 0,
        Err(ToolError::Usage(message)) => {
            let error = usage_error(path, &message);
            eprint!("{}", error.render());
            error.exit_code().clamp(0, 255) as u8
        }
        Err(ToolError::Failed(message)) => {
            eprintln!("error: {message}");
            2
        }
    }
}

/// `message` as clap words an error of the command at `path` (`["solve",
/// "connect4"]`), with its usage.
fn usage_error(path: &[&str], message: &str) -> clap::Error {
    fn error_of(command: &mut clap::Command, path: &[&str], message: &str) -> clap::Error {
        if let Some((name, rest)) = path.split_first() {
            if let Some(sub) = command.find_subcommand_mut(name) {
                return error_of(sub, rest, message);
            }
        }
        command.error(clap::error::ErrorKind::ValueValidation, message)
    }
    let mut root = Cli::command();
    // Built from the top, the subcommands know their full names.
    root.build();
    error_of(&mut root, path, message)
}

/// The start of a game named on the command line.
fn game_kind(game: GameName, size: Option<DotsSize>) -> Result<GameKind, ToolError> {
    Ok(match (game, size) {
        (GameName::Dots, None) => GameKind::DOTS_DEFAULT,
        (GameName::Dots, Some(size)) => size.kind(),
        (_, Some(_)) => return Err(usage("--size applies to dots only")),
        (GameName::Connect4, None) => GameKind::Connect4,
        (GameName::Connect4ThreePlayer, None) => GameKind::Connect4ThreePlayer,
        (GameName::Connect4ThreeD, None) => GameKind::Connect4ThreeD,
    })
}

fn parse_position(moves: Option<&str>) -> Result<Connect4, ToolError> {
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

/// `boardbot puzzle <game> [--day N]`: a day's puzzle as `/puzzle` gives it.
fn puzzle_tool(args: &PuzzleArgs) -> ToolResult {
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

/// A position reached by playing `moves` (names, see the module docs).
fn parse_game(kind: GameKind, moves: Option<&str>) -> Result<AnyGame, ToolError> {
    parse_moves(kind, moves).map(|(game, _)| game)
}

/// [`parse_game`] with the moves played.
fn parse_moves(kind: GameKind, moves: Option<&str>) -> Result<(AnyGame, Vec<Move>), ToolError> {
    let mut played = Vec::new();
    let mut game = AnyGame::new(kind).ok_or_else(|| usage("unsupported board size"))?;
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
        let mv = game.parse_move(name).ok_or_else(|| {
            usage(format!(
                "move {} ({name:?}) is not a move of this game",
                i + 1
            ))
        })?;
        game.play(mv)
            .map_err(|e| usage(format!("move {} ({name}) cannot be played: {e}", i + 1)))?;
        played.push(mv);
    }
    Ok((game, played))
}

fn solve_3d(args: &SolveMovesArgs) -> ToolResult {
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

fn solve_connect4(args: &SolveConnect4Args) -> ToolResult {
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

/// `dots-check`: how well Dots and Boxes hard plays before its exact
/// solver takes over ([`cpu::dots::handover`]), and the games' results.
fn dots_check(args: &DotsCheckArgs) -> ToolResult {
    let DotsSize {
        width: w,
        height: h,
    } = args.size;
    let (games, against, nodes, judge, seed) =
        (args.games, args.against, args.nodes, args.judge, args.seed);
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

fn cpu_move(args: &CpuArgs) -> ToolResult {
    let kind = game_kind(args.game, args.size.size)?;
    let position = parse_game(kind, args.moves.as_deref())?;
    match cpu::choose_move(&position, args.level, &Budget::new(Budget::HARD)) {
        Some(mv) => {
            println!("{}", position.move_name(mv));
            Ok(())
        }
        None => Err(usage("the game is over: there is no move to play")),
    }
}

fn arena(args: &ArenaArgs) -> ToolResult {
    // A node budget per search makes a series the same on any machine and
    // under any load (the clock still caps it).
    let nodes = args.nodes;
    let log = args.log;
    let kind = game_kind(args.game, args.size.size)?;
    let levels = [args.level_a, args.level_b];
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

/// The game, language and position a `render` or `review` command names.
fn position_of(args: &GamePosition) -> Result<(GameKind, AnyGame, Vec<Move>), ToolError> {
    let kind = game_kind(args.game, args.size.size)?;
    // Moves may come as one argument or several (`A1 B2`).
    let moves = args.moves.join(" ");
    let (game, played) = parse_moves(kind, Some(&moves))?;
    Ok((kind, game, played))
}

/// `boardbot review <game> <moves> [-o FILE]`: the review `/review` gives
/// of a game with these moves (the seats named by their colours), and its
/// picture (default review.png).
fn review_tool(args: &ReviewArgs) -> ToolResult {
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
fn reviewed(kind: GameKind, moves: &[Move]) -> Result<crate::cpu::review::Review, ToolError> {
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
fn offline_record(kind: GameKind, lang: Lang, moves: &[Move]) -> crate::table::MatchRecord {
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

/// `boardbot replay <game> <moves> [-o FILE] [--review] [--frames DIR]`:
/// the animated GIF `/replay` posts of a game with these moves (the seats
/// named by their colours), and its alt text.
fn replay_tool(args: &ReplayArgs) -> ToolResult {
    let (kind, _, moves) = position_of(&args.position)?;
    let lang = args.position.lang;
    let review = if args.review {
        Some(reviewed(kind, &moves)?)
    } else {
        None
    };
    let record = offline_record(kind, lang, &moves);
    let animation = crate::replay::animation(lang, 1, &record, review.as_ref())
        .ok_or_else(|| usage("the moves do not replay"))?;
    let out = args.out.display();
    std::fs::write(&args.out, &animation.gif)
        .map_err(|e| failed(format!("cannot write {out}: {e}")))?;
    println!(
        "wrote {out} ({}×{} pixels, {} frames, {} bytes)\nalt text: {}",
        animation.width,
        animation.height,
        animation.frames,
        animation.gif.len(),
        animation.alt
    );
    if let Some(dir) = &args.frames {
        let written = write_frames(&animation.gif, dir)?;
        println!("wrote {written} frames into {}", dir.display());
    }
    Ok(())
}

/// Writes each frame of a GIF as it shows (every frame before it drawn
/// under it) into `dir` as `000.png`, `001.png`, …; returns how many.
fn write_frames(gif: &[u8], dir: &std::path::Path) -> Result<usize, ToolError> {
    let unreadable = |e: gif::DecodingError| failed(format!("the GIF does not decode: {e}"));
    std::fs::create_dir_all(dir)
        .map_err(|e| failed(format!("cannot make {}: {e}", dir.display())))?;
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).map_err(unreadable)?;
    let (width, height) = (decoder.width() as usize, decoder.height() as usize);
    let palette = decoder.global_palette().unwrap_or_default().to_vec();
    let mut picture = vec![0u8; width * height];
    let mut count = 0;
    while let Some(frame) = decoder.read_next_frame().map_err(unreadable)? {
        let (left, top, w) = (
            frame.left as usize,
            frame.top as usize,
            frame.width as usize,
        );
        for (i, &index) in frame.buffer.iter().enumerate() {
            let (x, y) = (left + i % w.max(1), top + i / w.max(1));
            if Some(index) != frame.transparent && x < width && y < height {
                picture[y * width + x] = index;
            }
        }
        let image = image::RgbImage::from_fn(width as u32, height as u32, |x, y| {
            let at = picture[y as usize * width + x as usize] as usize * 3;
            let colour = palette.get(at..at + 3).unwrap_or(&[0, 0, 0]);
            image::Rgb([colour[0], colour[1], colour[2]])
        });
        let path = dir.join(format!("{count:03}.png"));
        image
            .save(&path)
            .map_err(|e| failed(format!("cannot write {}: {e}", path.display())))?;
        count += 1;
    }
    Ok(count)
}

/// `render <game> [--size WxH] [--lang L] <moves> [-o FILE]`: the board
/// image the bot would post, written to a file.
fn render_tool(args: &RenderArgs) -> ToolResult {
    let (kind, game, _) = position_of(&args.position)?;
    let lang = args.position.lang;
    let names = seat_names(kind, lang);
    let image = crate::render::position(&game, &names, lang);
    let out = args.out.display();
    std::fs::write(&args.out, &image.png)
        .map_err(|e| failed(format!("cannot write {out}: {e}")))?;
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
    ["colour-red", "colour-yellow", "colour-blue"]
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
/// Send Messages, Create Public Threads and Send Messages in Threads (a
/// tournament plays each game in a thread), Embed Links, Attach Files and
/// Read Message History (it edits its own board messages).
pub const INVITE_PERMISSIONS: u64 = (1 << 10) // View Channel
    | (1 << 11) // Send Messages
    | (1 << 35) // Create Public Threads
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

/// The URL that adds the application to a person's own apps (a user
/// install, `integration_type=1`): its commands then work in their DMs,
/// group DMs and servers that did not add the bot.
pub fn user_install_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}\
         &integration_type=1&scope=applications.commands"
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

/// `invite`: prints the URLs that add the bot to a server and to a
/// person's own apps.
fn invite() -> ToolResult {
    let _ = dotenvy::dotenv();
    let id = application_id(|name| std::env::var(name).ok()).map_err(ToolError::Failed)?;
    println!("Add to a server: {}", invite_url(id));
    println!("Add to my apps:  {}", user_install_url(id));
    Ok(())
}

/// `boardbot solve dots --size WxH <lines>`: the lines (comma-separated
/// names such as `a1-b1`, possibly none) are played in order from the empty
/// board with the normal turn rules; the answer is the exact net number of
/// boxes the side to move gains from there on.
fn solve_dots(args: &SolveDotsArgs) -> Result<i32, ToolError> {
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

/// `book generate`: the opening book, with its progress on standard error.
fn book_generate(args: &BookArgs) -> ToolResult {
    let known = match &args.extend {
        None => Vec::new(),
        Some(path) => {
            let name = path.display();
            let bytes =
                std::fs::read(path).map_err(|e| failed(format!("cannot read {name}: {e}")))?;
            book::parse(&bytes).ok_or_else(|| failed(format!("{name} is not a book file")))?
        }
    };
    let settings = book::Settings {
        depth: args.depth,
        time_limit: (args.limit > 0).then(|| Duration::from_secs(args.limit.into())),
        table_log2: args.table_log2,
        known,
    };
    const MORE: &str = "(more as they are solved)";
    let pending = book::pending(&settings);
    let mut progress = Progress::new("book", "positions", pending.positions as u64);
    if pending.more {
        progress.set_total(pending.positions as u64, MORE);
    }
    let started = Instant::now();
    let mut done = 0;
    let image = book::generate(&settings, |p| {
        let result = match p.result {
            Some((column, score)) => format!("best {column} score {score:>3}"),
            None => "gave up (time limit)".to_string(),
        };
        progress.println(&format!(
            "ply {:>2} {:<12} {result}  {:.1?} ({} in book, {} given up, {:.1?} in all)",
            p.plies, p.moves, p.this_one, p.solved, p.given_up, p.elapsed
        ));
        done += 1;
        let note = if p.pending.more { MORE } else { "" };
        progress.set_total((done + p.pending.positions) as u64, note);
        progress.inc();
    });
    progress.finish();
    let out = args.out.display();
    std::fs::write(&args.out, &image).map_err(|e| failed(format!("cannot write {out}: {e}")))?;
    println!(
        "wrote {} positions to {out} in {:.1?}",
        (image.len() - book::MAGIC.len()) / 8,
        started.elapsed()
    );
    Ok(())
}

/// `book openings`: builds the opening database, going on from the
/// output file when it holds a stopped run's work.
fn book_openings(args: &OpeningsArgs) -> ToolResult {
    use cpu::connect4::openings::{self, Database, WeakSolver};
    use std::sync::atomic::{AtomicBool, Ordering};
    let out = args.out.clone();
    let name = out.display().to_string();
    let earlier = match std::fs::read(&out) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(failed(format!("cannot read {name}: {e}"))),
    };
    if let Some(bytes) = &earlier {
        let db = Database::parse(bytes).map_err(|e| failed(format!("{name}: {e}")))?;
        if db.depth() == args.depth && db.complete() {
            println!(
                "{name} is complete: {} positions of depth {}",
                db.len(),
                db.depth()
            );
            return Ok(());
        }
    }
    let settings = openings::Settings {
        depth: args.depth,
        threads: args.threads as usize,
        table_log2: args.table_log2,
    };
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let mut progress: Option<Progress> = None;
    let mut this_run = 0u32;
    let save = |image: &[u8]| {
        // Written beside, then renamed: a kill never leaves half a file.
        let partial = out.with_extension("partial");
        if let Err(e) =
            std::fs::write(&partial, image).and_then(|()| std::fs::rename(&partial, &out))
        {
            eprintln!("error: cannot write {name}: {e}");
        }
    };
    let image = openings::generate(
        &settings,
        earlier.as_deref(),
        || WeakSolver::new(settings.table_log2),
        Duration::from_secs(args.save_every.into()),
        save,
        |p| {
            // This run's share: what was left when it started.
            let left = (p.total + 1).saturating_sub(p.solved) as u64;
            let bar = progress.get_or_insert_with(|| Progress::new("openings", "positions", left));
            bar.inc();
            this_run += 1;
            if args.stop_after > 0 && this_run >= args.stop_after {
                stop.store(true, Ordering::Relaxed);
            }
        },
        &stop,
    )
    .map_err(|e| failed(format!("{name}: {e}")))?;
    if let Some(bar) = progress {
        bar.finish();
    }
    let db = Database::parse(&image).map_err(failed)?;
    println!(
        "wrote {} positions of depth {} to {name} in {:.1?} ({})",
        db.len(),
        db.depth(),
        started.elapsed(),
        if db.complete() {
            "complete"
        } else {
            "stopped: run it again to go on"
        }
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The exit code of `boardbot args…`, or `None` when it runs the bot.
    fn run(args: &[&str]) -> Option<i32> {
        match Cli::try_parse_from(std::iter::once("boardbot").chain(args.iter().copied())) {
            Err(e) => Some(e.exit_code()),
            Ok(Cli {
                command: None | Some(Command::Run),
            }) => None,
            Ok(Cli {
                command: Some(Command::Tool(tool)),
            }) => Some(i32::from(run_tool(tool))),
        }
    }

    /// The tool `boardbot args…` names.
    fn tool(args: &[&str]) -> Result<Tool, clap::Error> {
        match Cli::try_parse_from(std::iter::once("boardbot").chain(args.iter().copied()))?.command
        {
            Some(Command::Tool(tool)) => Ok(tool),
            other => panic!("{args:?} is no tool: {other:?}"),
        }
    }

    #[test]
    fn no_command_is_the_bot_and_unknown_ones_are_refused() {
        assert_eq!(run(&[]), None);
        assert_eq!(run(&["run"]), None);
        assert_eq!(run(&["serve"]), Some(2));
        assert_eq!(run(&["--version"]), Some(0));
        assert_eq!(run(&["play", "--help"]), Some(0));
    }

    #[test]
    fn bad_input_exits_with_2() {
        assert_eq!(run(&["solve"]), Some(2));
        assert_eq!(run(&["solve", "chess", "1"]), Some(2));
        assert_eq!(run(&["solve", "connect4", "48"]), Some(2));
        assert_eq!(run(&["solve", "connect4", "1111111"]), Some(2));
        assert_eq!(run(&["solve", "connect4", "4", "--fast"]), Some(2));
        assert_eq!(run(&["solve", "connect4", "4", "--log2", "20"]), Some(2));
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
        assert_eq!(run(&["book", "generate", "--table-log2", "22"]), Some(2));
        assert_eq!(
            run(&["book", "generate", "--extend", "/nonexistent/book"]),
            Some(2)
        );
        assert_eq!(run(&["puzzle", "connect4-3d"]), Some(2));
        assert_eq!(run(&["hint-check", "--plies", "9-6"]), Some(2));
        assert_eq!(run(&["hint-check", "--cpu", "easy"]), Some(2));
        assert_eq!(run(&["tables"]), Some(2));
        assert_eq!(run(&["tables", "--broken", "--all"]), Some(2));
        assert_eq!(run(&["forget", "someone"]), Some(2));
        assert_eq!(run(&["invite", "now"]), Some(2));
        assert_eq!(run(&["completions", "tcsh"]), Some(2));
    }

    #[test]
    fn errors_found_after_parsing_read_like_clap_s() {
        let error = usage_error(&["solve", "connect4"], "bad moves \"48\"").render();
        let text = error.to_string();
        assert!(text.starts_with("error: bad moves \"48\"\n"), "{text}");
        assert!(text.contains("Usage: boardbot solve connect4 "), "{text}");
        assert!(text.contains("--help"), "{text}");
        assert_eq!(
            usage_error(&["solve", "connect4"], "x").exit_code(),
            2,
            "clap's code"
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
        assert_eq!(run(&["book", "info"]), Some(0));
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
        assert_eq!(INVITE_PERMISSIONS, 309_237_763_072);
        assert_eq!(
            invite_url(42),
            "https://discord.com/oauth2/authorize?client_id=42\
             &scope=bot+applications.commands&permissions=309237763072"
        );
        assert_eq!(
            user_install_url(42),
            "https://discord.com/oauth2/authorize?client_id=42\
             &integration_type=1&scope=applications.commands"
        );
    }

    #[test]
    fn render_needs_a_known_language_and_legal_moves() {
        assert_eq!(
            run(&["render", "connect4", "--lang", "ru", "4", "-o", "/dev/null"]),
            Some(2)
        );
        assert_eq!(
            run(&["render", "connect4", "1111111", "-o", "/dev/null"]),
            Some(2)
        );
        let Ok(Tool::Render(args)) = tool(&["render", "connect4-3d", "A1", "B2", "--lang", "fr"])
        else {
            panic!("render parses");
        };
        assert_eq!(args.position.lang, Lang::Fr);
        assert_eq!(args.position.moves, ["A1", "B2"]);
        assert_eq!(args.out.to_str(), Some("board.png"));
        let (_, game, _) = position_of(&args.position).unwrap();
        assert_eq!(game.plies(), 2);
    }

    #[test]
    fn solve_dots_reads_sizes_and_lines() {
        let solve = |args: &[&str]| -> Result<i32, String> {
            let mut all = vec!["solve", "dots"];
            all.extend_from_slice(args);
            match tool(&all) {
                Ok(Tool::Solve {
                    game: SolveGame::Dots(args),
                }) => solve_dots(&args).map_err(|e| match e {
                    ToolError::Usage(m) | ToolError::Failed(m) => m,
                }),
                Ok(other) => panic!("{other:?}"),
                Err(e) => Err(format!("clap: {e}")),
            }
        };
        // 3 x 3: a chain of three along the top and a single box at the
        // bottom right left open, everything else claimed.
        let lines = "a1-b1,b1-c1,c1-d1,a2-b2,b2-c2,c2-d2,a2-a3,b2-b3,c2-c3,\
                     d2-d3,a3-b3,b3-c3,c3-d3,a3-a4,b3-b4,c3-c4,a4-b4,b4-c4";
        assert_eq!(solve(&["--size", "3x3", lines]), Ok(2));
        assert_eq!(solve(&["--size=3x3", lines]), Ok(2));
        assert_eq!(solve(&[lines, "--size", "3X3"]), Ok(2), "options anywhere");
        assert!(solve(&["--size", "7x7", ""])
            .unwrap_err()
            .starts_with("clap"));
        assert!(solve(&["--size"]).unwrap_err().starts_with("clap"));
        assert!(solve(&["--bogus"]).unwrap_err().starts_with("clap"));
        assert!(solve(&["--size", "3x3", "a1-b1", "a1-a2"])
            .unwrap_err()
            .starts_with("clap"));
        for e in [
            solve(&["--size", "3x3", "a1-c1"]),
            solve(&["--size", "3x3", "a1-b1,a1-b1"]),
        ] {
            let e = e.unwrap_err();
            assert!(!e.starts_with("clap") && !e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn moves_are_read_by_their_names() {
        let game = parse_game(GameKind::Connect4ThreeD, Some("A1, a1 D4")).unwrap();
        assert_eq!(game.plies(), 3);
        let game = parse_game(GameKind::Connect4ThreePlayer, Some("99")).unwrap();
        assert_eq!(game.plies(), 2);
        let dots = GameKind::parse_dots_size("3x3").unwrap();
        let ToolError::Usage(error) = parse_game(dots, Some("a1-b1,b1-a1")).unwrap_err() else {
            panic!("a usage error");
        };
        assert!(error.contains("cannot be played"));
    }

    #[test]
    fn size_is_for_dots_only() {
        let size = <DotsSize as clap::ValueEnum>::from_str("3x3", false).unwrap();
        assert_eq!(game_kind(GameName::Dots, Some(size)), Ok(size.kind()));
        assert_eq!(game_kind(GameName::Dots, None), Ok(GameKind::DOTS_DEFAULT));
        assert!(matches!(
            game_kind(GameName::Connect4ThreeD, Some(size)),
            Err(ToolError::Usage(_))
        ));
    }
}

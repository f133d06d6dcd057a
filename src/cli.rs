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

mod arena;
mod args;
mod book_tool;
mod dots_check;
mod hints;
mod invite;
mod pictures;
mod play;
mod progress;
mod review;
mod solve;
mod tables;

pub use args::{Cli, Command, Tool};
pub use invite::{application_id, invite_url, user_install_url};

use arena::arena;
use book_tool::{book_generate, book_openings};
use dots_check::dots_check;
use invite::invite;
use pictures::{render_tool, replay_tool, seat_names};
use review::{offline_record, position_of, puzzle_tool, review_tool, reviewed};
use solve::{cpu_move, solve_3d, solve_connect4, solve_dots};

use crate::cpu::arena::{Arena, Player};
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
                println!(
                    "{} positions in the built-in book",
                    crate::cpu::connect4::book::len()
                );
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

#[cfg(test)]
mod tests {
    use super::invite::decode_base64;
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

//! The command line as clap reads it: every tool, its options and their
//! help. What the tools do is in `cli.rs` and the other files of `cli/`;
//! what clap cannot check alone (a move against the game, `--size` for a
//! game without sizes) is checked there and reported in clap's form.

use crate::cpu::Level;
use crate::game::GameKind;
use crate::i18n::Lang;
use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Shown under every `--help` of the program itself.
const NOTES: &str = "\
<GAME> is connect4, connect4-3p, connect4-3d or dots (dots takes --size 5x4, 3x3, 4x4 or 5x5).
<MOVES> use the games' names: 4453 (columns) for the flat Connect Fours, A1,B2 (rods) for 3D,
a1-b1,a1-a2 (lines) for Dots and Boxes; empty or - for the start.
Every command has --help. Errors exit with code 2.";

/// A Discord bot that hosts board games, and its offline tools
///
/// Without a command, or with `run`, it runs the bot: its settings come from
/// the environment and `.env` (DISCORD_TOKEN at least; see the README).
/// The other commands work offline, without Discord.
#[derive(Debug, Parser)]
#[command(name = "boardbot", version, after_help = NOTES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The command line of this process, as [`Parser::parse`] reads it,
    /// but built lazily: where the first word names a tool, only that
    /// tool's part of the command tree is built (clap's derive otherwise
    /// builds every tool's arguments and help on each start, about a
    /// third of a short tool's start-up). Anything that part does not read
    /// as a plain run of the tool — `--help`, an error, a word that is no
    /// tool — goes to the whole tree, so help, usage and errors are
    /// exactly the same.
    pub fn parse_lazily() -> Cli {
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        Cli::read_lazily(&args).unwrap_or_else(|| Cli::parse_from(args))
    }

    /// The tool named by `args[1]`, read by its own part of the tree, or
    /// `None` where the whole tree must read the line.
    pub fn read_lazily(args: &[std::ffi::OsString]) -> Option<Cli> {
        use clap::Command as Tree;
        use clap::{ArgMatches, FromArgMatches};
        fn read<T: FromArgMatches>(tree: Tree, args: &[std::ffi::OsString]) -> Option<T> {
            let matches: ArgMatches = tree.no_binary_name(true).try_get_matches_from(args).ok()?;
            T::from_arg_matches(&matches).ok()
        }
        fn tool<A: Args>(name: &'static str, rest: &[std::ffi::OsString]) -> Option<A> {
            read(A::augment_args(Tree::new(name)), rest)
        }
        fn family<S: Subcommand>(name: &'static str, rest: &[std::ffi::OsString]) -> Option<S> {
            let tree = S::augment_subcommands(Tree::new(name)).subcommand_required(true);
            read(tree, rest)
        }
        let (name, rest) = args.get(1..)?.split_first()?;
        let tool = match name.to_str()? {
            "run" => {
                return rest.is_empty().then_some(Cli {
                    command: Some(Command::Run),
                })
            }
            "invite" => rest.is_empty().then_some(Tool::Invite)?,
            "play" => Tool::Play(tool("play", rest)?),
            "render" => Tool::Render(tool("render", rest)?),
            "solve" => Tool::Solve {
                game: family("solve", rest)?,
            },
            "cpu" => Tool::Cpu(tool("cpu", rest)?),
            "arena" => Tool::Arena(tool("arena", rest)?),
            "hint" => Tool::Hint(tool("hint", rest)?),
            "hint-check" => Tool::HintCheck(tool("hint-check", rest)?),
            "dots-check" => Tool::DotsCheck(tool("dots-check", rest)?),
            "book" => Tool::Book {
                action: family("book", rest)?,
            },
            "review" => Tool::Review(tool("review", rest)?),
            "replay" => Tool::Replay(tool("replay", rest)?),
            "puzzle" => Tool::Puzzle(tool("puzzle", rest)?),
            "tables" => Tool::Tables(tool("tables", rest)?),
            "forget" => Tool::Forget(tool("forget", rest)?),
            "completions" => Tool::Completions(tool("completions", rest)?),
            _ => return None,
        };
        Some(Cli {
            command: Some(Command::Tool(tool)),
        })
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the bot (what `boardbot` alone does)
    Run,
    #[command(flatten)]
    Tool(Tool),
}

/// The offline tools.
#[derive(Debug, Subcommand)]
pub enum Tool {
    /// Play the CPU in the terminal (no Discord)
    ///
    /// The board is text with the bot's move names; at the prompt type a
    /// move, `hint`, `undo` (your last move and the CPU's replies), `board`,
    /// `help` or `quit`. Input is read a line at a time from standard input,
    /// so a file can drive a game.
    Play(PlayArgs),
    /// Write the image of a position as the bot posts it, and its alt text
    Render(RenderArgs),
    /// Print the URLs that add the bot to a server and to your own apps
    ///
    /// The application id comes from APPLICATION_ID, or else from
    /// DISCORD_TOKEN (environment or `.env`).
    Invite,
    /// Solve a position exactly
    Solve {
        #[command(subcommand)]
        game: SolveGame,
    },
    /// The move the CPU would play
    Cpu(CpuArgs),
    /// CPU levels play each other, seats rotating
    ///
    /// A's seat rotates over the match's seats; B holds every other one.
    /// Prints the standing and each side's move times.
    Arena(ArenaArgs),
    /// The hint the bot would give, and what it proved
    Hint(HintArgs),
    /// How often Connect Four hints (or hard's moves) keep the value of
    /// test-set positions
    ///
    /// Draws positions from the public test sets in crates/engine/tests/data/connect4 and
    /// checks each hint's move against the published value.
    HintCheck(HintCheckArgs),
    /// Dots and Boxes hard against the exact solver where it hands over
    ///
    /// In games of hard against another level, the first position at hard's
    /// turn that the exact solver answers (from K free lines above hard's own
    /// threshold) is solved, and hard's move there is compared with the best.
    DotsCheck(DotsCheckArgs),
    /// The Connect Four opening book
    Book {
        #[command(subcommand)]
        action: BookAction,
    },
    /// The review /review gives of a game, and its picture
    ///
    /// The seats are named by their colours.
    Review(ReviewArgs),
    /// The animated GIF /replay posts of a game, and its alt text
    ///
    /// The seats are named by their colours. With --review the game is
    /// reviewed first (up to 25 s) and its turning points are marked on
    /// their frames, as /replay marks those of a reviewed match.
    Replay(ReplayArgs),
    /// A day's puzzle, as /puzzle gives it: its moves and its solution
    Puzzle(PuzzleArgs),
    /// The stored tables that could not be read back, or delete them
    ///
    /// Reads DATABASE_URL (environment or `.env`), or the default SQLite
    /// file; works while the bot runs or not.
    Tables(TablesArgs),
    /// Remove a person's names and id from the stored tables and matches,
    /// and their ratings and puzzle solves
    ///
    /// Reads DATABASE_URL like the bot. Run it with the bot stopped, or after
    /// the person's running tables ended.
    Forget(ForgetArgs),
    /// Print a shell completion script
    ///
    /// bash: boardbot completions bash > ~/.local/share/bash-completion/completions/boardbot
    ///
    /// zsh:  boardbot completions zsh > ~/.zfunc/_boardbot (with ~/.zfunc in fpath)
    ///
    /// fish: boardbot completions fish > ~/.config/fish/completions/boardbot.fish
    Completions(CompletionsArgs),
}

/// The four games, by their command names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Connect Four, 7 × 6
    Connect4,
    /// Connect Four for three, 9 × 9
    #[value(name = "connect4-3p")]
    Connect4ThreePlayer,
    /// Connect Four 3D, 4 × 4 × 4
    #[value(name = "connect4-3d")]
    Connect4ThreeD,
    /// Dots and Boxes (--size)
    Dots,
}

/// The games that have a daily puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PuzzleGame {
    Connect4,
    Dots,
}

/// A Dots and Boxes board size, in boxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DotsSize {
    pub width: u8,
    pub height: u8,
}

impl DotsSize {
    const ALL: [DotsSize; GameKind::DOTS_SIZES.len()] = {
        let s = GameKind::DOTS_SIZES;
        [
            DotsSize::new(s[0].1, s[0].2),
            DotsSize::new(s[1].1, s[1].2),
            DotsSize::new(s[2].1, s[2].2),
            DotsSize::new(s[3].1, s[3].2),
        ]
    };

    const fn new(width: u8, height: u8) -> DotsSize {
        DotsSize { width, height }
    }

    pub fn kind(self) -> GameKind {
        GameKind::Dots {
            width: self.width,
            height: self.height,
        }
    }
}

impl ValueEnum for DotsSize {
    fn value_variants<'a>() -> &'a [Self] {
        &DotsSize::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        self.kind().dots_size_name().map(PossibleValue::new)
    }
}

/// A CPU level on the command line (the engine's [`Level`], named and
/// described for clap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuLevel(pub Level);

impl CpuLevel {
    const ALL: [CpuLevel; 3] = [
        CpuLevel(Level::Easy),
        CpuLevel(Level::Medium),
        CpuLevel(Level::Hard),
    ];
}

impl ValueEnum for CpuLevel {
    fn value_variants<'a>() -> &'a [Self] {
        &CpuLevel::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let CpuLevel(level) = self;
        let help = match level {
            Level::Easy => "a beginner: takes a win it sees, often misses a block",
            Level::Medium => "solid tactics from a short search",
            Level::Hard => "the strongest play within 1.5 s a move",
        };
        Some(PossibleValue::new(level.name()).help(help))
    }
}

/// When `play` colours its board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// When standard output is a terminal and NO_COLOR is unset
    Auto,
    Always,
    Never,
}

/// `--size`, for the tools that take any game.
#[derive(Debug, Args)]
pub struct SizeArg {
    /// The board of dots, in boxes [default: 5x4]
    #[arg(long, value_name = "WxH", ignore_case = true)]
    pub size: Option<DotsSize>,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    pub game: GameName,
    /// The CPU's level
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = CpuLevel(Level::Medium), ignore_case = true)]
    pub level: CpuLevel,
    #[command(flatten)]
    pub size: SizeArg,
    /// Your seat: 1 moves first; 2 (or 3 for connect4-3p) lets the CPU start
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=3))]
    pub seat: u8,
    /// Also write each position's image into DIR (000.png, 001.png, …)
    #[arg(long, value_name = "DIR")]
    pub png: Option<PathBuf>,
    /// When to colour the board
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,
}

/// A game and a position in it, for `render`, `review` and `replay`.
#[derive(Debug, Args)]
pub struct GamePosition {
    pub game: GameName,
    /// The moves from the start, in one argument or several (4453, A1 B2)
    #[arg(value_name = "MOVES")]
    pub moves: Vec<String>,
    #[command(flatten)]
    pub size: SizeArg,
    /// The language of the words (en, pt-BR, fr, es-ES, es-419 or de)
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    pub position: GamePosition,
    /// Where to write the PNG
    #[arg(short, long, value_name = "FILE", default_value = "board.png")]
    pub out: PathBuf,
}

#[derive(Debug, Args)]
pub struct ReviewArgs {
    #[command(flatten)]
    pub position: GamePosition,
    /// Where to write the review's picture
    #[arg(short, long, value_name = "FILE", default_value = "review.png")]
    pub out: PathBuf,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub position: GamePosition,
    /// Where to write the GIF
    #[arg(short, long, value_name = "FILE", default_value = "replay.gif")]
    pub out: PathBuf,
    /// Review the game first and mark its turning points
    #[arg(long)]
    pub review: bool,
    /// Also write each frame as it shows into DIR (000.png, 001.png, …)
    #[arg(long, value_name = "DIR")]
    pub frames: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum SolveGame {
    /// Connect Four: the exact score for the side to move (with --weak: 1
    /// win, 0 draw, -1 loss)
    ///
    /// The score is positive for a win: 22 minus the number of the winner's
    /// stones at the end; negative for a loss; 0 for a draw.
    Connect4(SolveConnect4Args),
    /// Connect Four 3D: 1 win, 0 draw, -1 loss for the side to move (late
    /// positions only: at most 60 s)
    #[command(name = "connect4-3d")]
    Connect4ThreeD(SolveMovesArgs),
    /// Dots and Boxes: the net boxes the side to move gains from here on
    ///
    /// The lines are played in order from the empty board with the normal
    /// turn rules. At most 60 s.
    Dots(SolveDotsArgs),
    /// There is no exact solver for the three-player game.
    #[command(name = "connect4-3p", hide = true)]
    Connect4ThreePlayer {
        #[arg(hide = true, trailing_var_arg = true, allow_hyphen_values = true)]
        rest: Vec<String>,
    },
}

#[derive(Debug, Args)]
pub struct SolveConnect4Args {
    /// The moves from the start, as 1-based columns (4453)
    #[arg(value_name = "MOVES")]
    pub moves: Option<String>,
    /// Win, draw or loss only (faster)
    #[arg(long)]
    pub weak: bool,
    /// Measure: a fresh transposition table, the nodes searched and the time
    #[arg(long)]
    pub stats: bool,
    /// With --stats: a table of 2^N entries
    #[arg(long, value_name = "N", default_value_t = 23, requires = "stats")]
    pub log2: u32,
}

#[derive(Debug, Args)]
pub struct SolveMovesArgs {
    /// The rods played from the start (A1,B2)
    #[arg(value_name = "MOVES")]
    pub moves: Option<String>,
}

#[derive(Debug, Args)]
pub struct SolveDotsArgs {
    /// The board, in boxes
    #[arg(long, value_name = "WxH", default_value = "5x4", ignore_case = true)]
    pub size: DotsSize,
    /// The lines drawn, comma-separated (a1-b1,a1-a2); none for the start
    #[arg(value_name = "LINES")]
    pub lines: Option<String>,
}

#[derive(Debug, Args)]
pub struct CpuArgs {
    pub game: GameName,
    #[arg(value_name = "MOVES")]
    pub moves: Option<String>,
    /// The CPU's level
    #[arg(long, value_name = "LEVEL", ignore_case = true)]
    pub level: CpuLevel,
    #[command(flatten)]
    pub size: SizeArg,
}

#[derive(Debug, Args)]
pub struct ArenaArgs {
    pub game: GameName,
    /// Player A's level
    #[arg(value_name = "LEVEL_A", ignore_case = true)]
    pub level_a: CpuLevel,
    /// Player B's level
    #[arg(value_name = "LEVEL_B", ignore_case = true)]
    pub level_b: CpuLevel,
    /// How many games
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub games: u32,
    #[command(flatten)]
    pub size: SizeArg,
    /// The seed of the CPUs' random choices
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u32,
    /// At most N nodes per search, so that a series is the same on any
    /// machine and under any load [default: 1.5 s a move]
    #[arg(long, value_name = "N")]
    pub nodes: Option<u32>,
    /// Print every game's moves and result
    #[arg(long)]
    pub log: bool,
}

/// A search's budget; the hint's own (what the bot gives it) by default.
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// Think for N milliseconds
    #[arg(long, value_name = "N")]
    pub ms: Option<u32>,
    /// Search at most N nodes (wins over --ms)
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    pub game: GameName,
    #[arg(value_name = "MOVES")]
    pub moves: Option<String>,
    #[command(flatten)]
    pub size: SizeArg,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// Positions with `from` to `to` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plies {
    pub from: usize,
    pub to: usize,
}

fn parse_plies(text: &str) -> Result<Plies, String> {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    match (a.parse(), b.parse()) {
        (Ok(from), Ok(to)) if from <= to && to < 42 => Ok(Plies { from, to }),
        _ => Err("use A-B, two numbers of stones from 0 to 41 (or A alone)".into()),
    }
}

#[derive(Debug, Args)]
pub struct HintCheckArgs {
    /// Positions with A to B stones (A alone: exactly A)
    #[arg(long, value_name = "A-B", default_value = "6-9", value_parser = parse_plies)]
    pub plies: Plies,
    /// How many positions
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub count: u32,
    /// The seed of the draw and of the hints' random choices
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u32,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Also check that the move keeps the exact score
    #[arg(long)]
    pub exact: bool,
    /// Check the hard CPU's moves (with its move budget) instead of hints
    #[arg(long, value_name = "LEVEL", value_parser = ["hard"])]
    pub cpu: Option<String>,
    /// A line for every position, not only the wrong ones
    #[arg(long)]
    pub verbose: bool,
}

#[derive(Debug, Args)]
pub struct DotsCheckArgs {
    /// The board, in boxes
    #[arg(long, value_name = "WxH", default_value = "5x4", ignore_case = true)]
    pub size: DotsSize,
    /// How many games (hard moves first in every other one)
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub games: u32,
    /// Hard's opponent
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = CpuLevel(Level::Medium), ignore_case = true)]
    pub against: CpuLevel,
    /// Judge from K free lines above hard's own exact threshold
    #[arg(long, value_name = "K", default_value_t = 4)]
    pub extra: u32,
    /// Judge from N free lines down instead (the same positions whatever
    /// hard's threshold; 35 was 5x4's threshold 31 plus 4)
    #[arg(long, value_name = "N")]
    pub from: Option<u32>,
    /// Hard's nodes a move
    #[arg(long, value_name = "N", default_value_t = 3_000_000)]
    pub nodes: u32,
    /// Give every move the bot's own time (1.5 s, as in Discord) instead
    /// of --nodes: the figures then depend on the machine and its load
    #[arg(long, conflicts_with = "nodes")]
    pub bot_time: bool,
    /// The judging solver's nodes a position
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    pub judge: u32,
    /// The seed of the CPUs' random choices
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u32,
    /// A line for every judged position
    #[arg(long)]
    pub verbose: bool,
}

#[derive(Debug, Subcommand)]
pub enum BookAction {
    /// Build the Connect Four opening book
    ///
    /// The book holds the best move of every position the hard CPU meets
    /// before ply D, on either seat. Progress goes to standard error.
    Generate(BookArgs),
    /// Build the Connect Four opening database, or go on building it
    ///
    /// Every position with at most D stones (mirror images folded) with its
    /// result and a move that keeps it: the positions with D stones are
    /// solved, the shallower ones follow by minimax. The output file is
    /// rewritten as the work goes on; run the same command again after a
    /// stop and it picks up where it left off.
    Openings(OpeningsArgs),
    /// The size of the built-in book and opening database
    Info,
}

#[derive(Debug, Args)]
pub struct OpeningsArgs {
    /// Positions with at most D stones
    #[arg(long, value_name = "D", default_value_t = 6,
          value_parser = clap::value_parser!(u32).range(1..=12))]
    pub depth: u32,
    /// Where to write the database (read first, to go on from it)
    #[arg(
        long,
        value_name = "PATH",
        default_value = "assets/connect4-openings.bin"
    )]
    pub out: PathBuf,
    /// Solving threads
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
    /// Each thread's table: 2^N entries
    #[arg(long, value_name = "N", default_value_t = 25,
          value_parser = clap::value_parser!(u32).range(23..=30))]
    pub table_log2: u32,
    /// Write what is solved every SECONDS
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub save_every: u32,
    /// Stop after N positions solved in this run (0: none)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub stop_after: u32,
}

#[derive(Debug, Args)]
pub struct BookArgs {
    /// Positions the hard CPU meets before ply D (at most 20)
    #[arg(long, value_name = "D", default_value_t = 4,
          value_parser = clap::value_parser!(u32).range(..=20))]
    pub depth: u32,
    /// Where to write the book
    #[arg(long, value_name = "PATH", default_value = "assets/connect4-book.bin")]
    pub out: PathBuf,
    /// Give up a position, and what follows it, after SECONDS (0: never)
    #[arg(long, value_name = "SECONDS", default_value_t = 0)]
    pub limit: u32,
    /// The solver's table: 2^N entries
    #[arg(long, value_name = "N", default_value_t = 24,
          value_parser = clap::value_parser!(u32).range(23..=30))]
    pub table_log2: u32,
    /// Reuse the moves of an earlier book (build one depth at a time)
    #[arg(long, value_name = "BOOK")]
    pub extend: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct PuzzleArgs {
    pub game: PuzzleGame,
    /// Day N since 1970-01-01 UTC [default: today]
    #[arg(long, value_name = "N")]
    pub day: Option<u64>,
}

#[derive(Debug, Args)]
pub struct TablesArgs {
    /// List the stored tables that could not be read back: number, server,
    /// channel, reason
    #[arg(long, required = true)]
    pub broken: bool,
    /// Delete broken table NO (or every one, with --all)
    #[arg(long, value_name = "NO", num_args = 0..=1)]
    pub clear: Option<Option<u64>>,
    /// With --clear: delete every broken table
    #[arg(long, requires = "clear")]
    pub all: bool,
}

#[derive(Debug, Args)]
pub struct ForgetArgs {
    /// The person's Discord user id (Developer Mode: Copy User ID)
    #[arg(value_name = "USER_ID")]
    pub user: u64,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    pub shell: clap_complete::Shell,
}

/// The language named on the command line: one of the bot's languages by
/// its Discord locale code (`en`, `en-US`, `pt-BR`, `fr`, `es-ES`,
/// `es-419`, `de`), any case; `pt` and `es` alone name Brazil's and
/// Spain's.
pub fn parse_lang(name: &str) -> Result<Lang, String> {
    let name = name.trim().to_ascii_lowercase();
    if matches!(name.as_str(), "en" | "pt" | "es") {
        return Ok(Lang::from_locale(&name));
    }
    Lang::ALL
        .into_iter()
        .find(|lang| lang.discord_locale().eq_ignore_ascii_case(&name))
        .ok_or_else(|| {
            let names: Vec<&str> = Lang::ALL.iter().map(|l| l.discord_locale()).collect();
            format!("use one of {}", names.join(", "))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// Every line a lazily built part reads, the whole tree reads the
    /// same; every tool has its part.
    #[test]
    fn the_lazy_command_line_reads_as_the_whole_tree() {
        let lines = [
            "run",
            "invite",
            "play connect4 --level easy --seat 2",
            "render dots a1-b1 a1-a2 --size 3x3 --lang de -o x.png",
            "solve connect4 4453",
            "solve connect4 4453 --weak --stats --log2 24",
            "solve connect4-3d A1,B2",
            "solve dots a1-b1 --size 3x3",
            "cpu connect4 44 --level medium",
            "arena connect4-3p easy hard --games 3",
            "hint connect4 4455",
            "hint-check --plies 2-5 --count 10 --seed 1",
            "dots-check --games 2",
            "dots-check --games 2 --bot-time",
            "book generate --depth 3 --out b.bin",
            "book info",
            "book openings --depth 5 --threads 1",
            "review connect4 4455667",
            "replay dots a1-b1 --size 3x3 --review -o r.gif",
            "puzzle connect4 --day 3",
            "tables --broken",
            "forget 123",
            "completions bash",
        ];
        let mut seen = std::collections::BTreeSet::new();
        for line in lines {
            let args: Vec<std::ffi::OsString> = std::iter::once("boardbot")
                .chain(line.split_whitespace())
                .map(Into::into)
                .collect();
            let whole = Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{line}: {e}"));
            let lazy = Cli::read_lazily(&args).unwrap_or_else(|| panic!("{line}: not read lazily"));
            assert_eq!(format!("{lazy:?}"), format!("{whole:?}"), "{line}");
            seen.insert(line.split_whitespace().next().unwrap().to_string());
        }
        let tools: std::collections::BTreeSet<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .filter(|name| name != "help")
            .collect();
        assert_eq!(seen, tools, "every tool is read lazily");
        // What only the whole tree answers goes to it.
        for line in [
            "solve connect4 --help",
            "play --levle easy",
            "--version",
            "nosuch",
            "",
        ] {
            let args: Vec<std::ffi::OsString> = std::iter::once("boardbot")
                .chain(line.split_whitespace())
                .map(Into::into)
                .collect();
            assert!(Cli::read_lazily(&args).is_none(), "{line}");
        }
    }

    #[test]
    fn sizes_and_levels_read_as_before() {
        assert_eq!(
            DotsSize::from_str("3X3", true),
            Ok(DotsSize::new(3, 3)),
            "any case"
        );
        for (name, width, height) in GameKind::DOTS_SIZES {
            assert_eq!(
                DotsSize::from_str(name, false).map(DotsSize::kind),
                Ok(GameKind::Dots { width, height })
            );
        }
        assert_eq!(CpuLevel::from_str("Hard", true), Ok(CpuLevel(Level::Hard)));
        assert!(CpuLevel::from_str("expert", true).is_err());
        assert_eq!(parse_lang("pt-BR"), Ok(Lang::PtBr));
        assert_eq!(parse_lang("FR"), Ok(Lang::Fr));
        assert_eq!(parse_lang("en"), Ok(Lang::En));
        assert_eq!(parse_lang("en-us"), Ok(Lang::En));
        assert_eq!(parse_lang("es"), Ok(Lang::Es));
        assert_eq!(parse_lang("es-ES"), Ok(Lang::Es));
        assert_eq!(parse_lang("es-419"), Ok(Lang::Es419));
        assert_eq!(parse_lang("de"), Ok(Lang::De));
        assert_eq!(parse_lang("pt"), Ok(Lang::PtBr));
        let refused = parse_lang("ru").unwrap_err();
        assert!(
            refused.contains("es-419") && refused.contains("de"),
            "{refused}"
        );
        assert_eq!(parse_plies("2-5"), Ok(Plies { from: 2, to: 5 }));
        assert_eq!(parse_plies("7"), Ok(Plies { from: 7, to: 7 }));
        assert!(parse_plies("5-2").is_err() && parse_plies("1-42").is_err());
    }
}

//! `boardbot play`: one game against the CPU in the terminal.
//!
//! The board is text, with the move names the Discord bot uses (columns
//! `1`…`9`, rods `A1`…`D4`, lines `a1-b1`) and the seats' marks ○ × ☆, so it
//! reads without colour; colours are added when standard output is a
//! terminal (and `NO_COLOR` is unset), or with `--color always`. Besides
//! moves, the prompt takes `hint`, `undo`, `board`, `help` and `quit`.
//! Everything is read from standard input, one line at a time, so a test
//! (or a file) can drive a whole game.

use super::args::{ColorWhen, PlayArgs};
use super::{failed, game_kind, usage, ToolResult};
use crate::cpu::{self, Budget, Level};
use crate::game::{AnyGame, Game, GameKind, IllegalMove, Outcome, Seat};
use crate::i18n::Lang;
use crate::render::{self, CubeView, DotsView, GridView};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

/// How the seats are drawn in text.
const MARKS: [&str; 3] = ["○", "×", "☆"];
const COLOUR_NAMES: [&str; 3] = ["red", "yellow", "blue"];
/// ANSI colours of the seats (bright red, yellow, blue).
const ANSI: [&str; 3] = ["\x1b[1;91m", "\x1b[1;93m", "\x1b[1;94m"];
const RESET: &str = "\x1b[0m";
const REVERSE: &str = "\x1b[7m";
const DIM: &str = "\x1b[2m";

/// The text style of one session.
#[derive(Debug, Clone, Copy)]
struct Style {
    colour: bool,
}

impl Style {
    /// `text` in the seat's colour (unchanged without colours).
    fn seat(self, seat: Seat, text: &str) -> String {
        match (self.colour, ANSI.get(usize::from(seat))) {
            (true, Some(code)) => format!("{code}{text}{RESET}"),
            _ => text.to_string(),
        }
    }

    /// A seat's mark, coloured; `win` shows it in reverse video as well.
    fn mark(self, seat: Seat, win: bool) -> String {
        let mark = MARKS.get(usize::from(seat)).copied().unwrap_or("•");
        if win && self.colour {
            format!("{REVERSE}{}", self.seat(seat, mark))
        } else {
            self.seat(seat, mark)
        }
    }

    fn dim(self, text: &str) -> String {
        if self.colour {
            format!("{DIM}{text}{RESET}")
        } else {
            text.to_string()
        }
    }

    /// "red ○", coloured.
    fn label(self, seat: Seat) -> String {
        let name = COLOUR_NAMES
            .get(usize::from(seat))
            .copied()
            .unwrap_or("grey");
        let mark = MARKS.get(usize::from(seat)).copied().unwrap_or("•");
        self.seat(seat, &format!("{name} {mark}"))
    }
}

/// One cell of a Connect Four row or a 3D level, three characters wide:
/// the last move in brackets, an empty cell as a dot.
fn cell(style: Style, holder: Option<Seat>, last: bool, win: bool) -> String {
    let inner = match holder {
        Some(seat) => style.mark(seat, win),
        None => style.dim("·"),
    };
    if last {
        format!("[{inner}]")
    } else {
        format!(" {inner} ")
    }
}

/// A Connect Four board (7 × 6 or 9 × 9), columns numbered from 1.
fn grid_text(view: &GridView, style: Style) -> String {
    let mut out = String::from(" ");
    for column in 0..view.columns {
        out.push_str(&format!(" {} ", column + 1));
    }
    out.push('\n');
    for row in (0..view.rows).rev() {
        out.push('│');
        for column in 0..view.columns {
            let win = view.lines.iter().flatten().any(|&c| c == (column, row));
            out.push_str(&cell(
                style,
                view.at(column, row),
                view.last == Some((column, row)),
                win,
            ));
        }
        out.push_str("│\n");
    }
    out.push('└');
    out.push_str(&"─".repeat(view.columns * 3));
    out.push_str("┘\n");
    trim_lines(&out)
}

/// Without the spaces at the ends of lines.
fn trim_lines(text: &str) -> String {
    text.lines()
        .map(|l| l.trim_end().to_string() + "\n")
        .collect()
}

/// The 4 × 4 × 4 cube as its four levels side by side, bottom first; a rod
/// is named by its column letter and row number (`A1` … `D4`).
fn cube_text(view: &CubeView, style: Style) -> String {
    let gap = "   ";
    let mut out = String::new();
    for level in 0..4 {
        let title = match level {
            0 => "level 1 (bottom)".to_string(),
            3 => "level 4 (top)".to_string(),
            n => format!("level {}", n + 1),
        };
        out.push_str(&format!("{title:<15}{gap}"));
    }
    out.push('\n');
    for _ in 0..4 {
        out.push_str(&format!("    A  B  C  D {gap}"));
    }
    out.push('\n');
    for y in 0..4 {
        for level in 0..4 {
            out.push_str(&format!("{} ", y + 1));
            for x in 0..4 {
                let win = view.lines.iter().flatten().any(|&c| c == (level, x, y));
                out.push_str(&cell(
                    style,
                    view.at(level, x, y),
                    view.last == Some((level, x, y)),
                    win,
                ));
            }
            out.push_str(&format!(" {gap}"));
        }
        out.push('\n');
    }
    trim_lines(&out)
}

/// A Dots and Boxes board: dots named by column letter and row number
/// (`a1` top left), lines in their drawer's colour (the last one doubled),
/// claimed boxes with their owner's mark.
fn dots_text(view: &DotsView, style: Style) -> String {
    let line = |seat: Option<Seat>, last: bool, horizontal: bool| -> String {
        let Some(seat) = seat else {
            return if horizontal { "   " } else { " " }.to_string();
        };
        let text = match (horizontal, last) {
            (true, false) => "───",
            (true, true) => "═══",
            (false, false) => "│",
            (false, true) => "║",
        };
        style.seat(seat, text)
    };
    let mut out = String::from("   ");
    for col in 0..=view.width {
        out.push_str(&format!("{:<4}", render::column_letter(col)));
    }
    out.push('\n');
    for row in 0..=view.height {
        out.push_str(&format!("{:>2} ", row + 1));
        for col in 0..=view.width {
            out.push('•');
            if col < view.width {
                let this = render::DotsLine::H { row, col };
                out.push_str(&line(view.line(this), view.last == Some(this), true));
            }
        }
        out.push('\n');
        if row == view.height {
            break;
        }
        out.push_str("   ");
        for col in 0..=view.width {
            let this = render::DotsLine::V { row, col };
            out.push_str(&line(view.line(this), view.last == Some(this), false));
            if col < view.width {
                match view.owner(row, col) {
                    Some(seat) => out.push_str(&format!(" {} ", style.mark(seat, false))),
                    None => out.push_str("   "),
                }
            }
        }
        out.push('\n');
    }
    trim_lines(&out)
}

/// The text board of any position; `names` are the seats' names.
fn board_text(game: &AnyGame, names: &[String], style: Style) -> String {
    match game {
        AnyGame::Connect4(p) => grid_text(&GridView::from(p), style),
        AnyGame::Connect4ThreePlayer(p) => grid_text(&GridView::from(p), style),
        AnyGame::Connect4ThreeD(p) => cube_text(&CubeView::from(p), style),
        AnyGame::Dots(p) => {
            let view = render::dots_view(p, [names[0].clone(), names[1].clone()]);
            let mut text = dots_text(&view, style);
            text.push_str(&format!(
                "Score: {} ({}) {}, {} ({}) {}\n",
                names[0],
                style.label(0),
                view.scores[0],
                names[1],
                style.label(1),
                view.scores[1]
            ));
            text
        }
    }
}

/// What a move looks like in this game, for prompts and errors.
fn move_help(game: &AnyGame) -> String {
    match game.kind() {
        GameKind::Connect4 => "a column, 1 to 7".into(),
        GameKind::Connect4ThreePlayer => "a column, 1 to 9".into(),
        GameKind::Connect4ThreeD => "a rod, A1 to D4 (column letter, row number)".into(),
        GameKind::Dots { .. } => {
            "a line between two neighbouring dots, such as a1-b1 or a1-a2".into()
        }
    }
}

/// Why a move was refused, in the words of the game.
fn refusal(game: &AnyGame, error: IllegalMove) -> &'static str {
    match (error, game.kind()) {
        (IllegalMove::Full, GameKind::Connect4ThreeD) => "That rod is full: pick another.",
        (IllegalMove::Full, _) => "That column is full: pick another.",
        (IllegalMove::AlreadyDrawn, _) => "That line is already drawn: pick another.",
        (IllegalMove::GameOver, _) => "The game is over.",
        (IllegalMove::NoSuchMove, _) => "That is not a move on this board.",
    }
}

const COMMANDS: &str =
    "Commands: a move, `hint` (what the hard CPU would play), `undo` (take back \
your last move and the CPU's replies), `board` (show the board again), `help`, `quit`.";

/// When to use colours.
fn colour_wanted(choice: ColorWhen) -> bool {
    match choice {
        ColorWhen::Auto => {
            std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var("TERM").map_or(true, |t| t != "dumb")
        }
        ColorWhen::Always => true,
        ColorWhen::Never => false,
    }
}

/// One terminal game: the settings and what has happened so far.
struct Session {
    game: AnyGame,
    human: Seat,
    style: Style,
    names: Vec<String>,
    png: Option<PathBuf>,
    /// The positions before each of the person's moves, for `undo`.
    history: Vec<AnyGame>,
}

impl Session {
    fn who(&self, seat: Seat) -> String {
        format!(
            "{} ({})",
            self.names[usize::from(seat)],
            self.style.label(seat)
        )
    }

    /// Prints the board (and writes its image when asked).
    fn show(&self, out: &mut impl Write) -> ToolResult {
        let text = board_text(&self.game, &self.names, self.style);
        let io = |e: std::io::Error| failed(format!("cannot write the board: {e}"));
        writeln!(out).map_err(io)?;
        write!(out, "{text}").map_err(io)?;
        if let Some(dir) = &self.png {
            let image = render::position(&self.game, &self.names, Lang::En);
            let path = dir.join(format!("{:03}.png", self.game.plies()));
            std::fs::write(&path, &image.png)
                .map_err(|e| failed(format!("cannot write {}: {e}", path.display())))?;
            writeln!(out, "(image: {})", path.display()).map_err(io)?;
        }
        Ok(())
    }

    fn result(&self) -> String {
        match self.game.outcome() {
            Some(Outcome::Win { seat, .. }) if seat == self.human => {
                format!("{} wins. Well played!", self.who(seat))
            }
            Some(Outcome::Win { seat, .. }) => format!("{} wins.", self.who(seat)),
            Some(Outcome::Draw) => "It is a draw.".to_string(),
            None => String::new(),
        }
    }
}

/// What one line typed at the prompt asks for.
enum Typed {
    Nothing,
    Quit,
    Help,
    Board,
    Hint,
    Undo,
    Move(String),
}

fn read_typed(line: &str) -> Typed {
    let text = line.trim();
    match text.to_lowercase().as_str() {
        "" => Typed::Nothing,
        "quit" | "exit" | "q" | "resign" => Typed::Quit,
        "help" | "?" | "h" => Typed::Help,
        "board" | "show" => Typed::Board,
        "hint" => Typed::Hint,
        "undo" | "u" => Typed::Undo,
        _ => Typed::Move(text.to_string()),
    }
}

/// `play <game> [--level L] [--size WxH] [--seat N] [--png DIR] [--color WHEN]`
pub fn play(args: &PlayArgs) -> ToolResult {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    // Typed input shows on a terminal already; read from a pipe or a file,
    // it is echoed so that the transcript shows the moves.
    let echo = !stdin.is_terminal();
    play_with(args, &mut stdin.lock(), &mut stdout.lock(), echo)
}

fn play_with(
    args: &PlayArgs,
    input: &mut impl BufRead,
    out: &mut impl Write,
    echo: bool,
) -> ToolResult {
    let kind = game_kind(args.game, args.size.size)?;
    let level = args.level.0;
    let seats = kind.seat_count();
    let human = match usize::from(args.seat) {
        n if (1..=seats).contains(&n) => (n - 1) as Seat,
        n => {
            return Err(usage(format!(
                "--seat takes 1 to {seats} in {} (1 moves first), not {n}",
                kind.command()
            )))
        }
    };
    let png = match &args.png {
        None => None,
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| failed(format!("cannot create {}: {e}", dir.display())))?;
            Some(dir.clone())
        }
    };
    let style = Style {
        colour: colour_wanted(args.color),
    };
    let names = (0..seats as Seat)
        .map(|seat| {
            if seat == human {
                "You".to_string()
            } else if seats > 2 {
                format!("CPU {}", seat + 1)
            } else {
                "CPU".to_string()
            }
        })
        .collect();
    let mut session = Session {
        game: AnyGame::new(kind).ok_or_else(|| usage("unsupported board size"))?,
        human,
        style,
        names,
        png,
        history: Vec::new(),
    };
    let io = |e: std::io::Error| failed(format!("cannot write to the terminal: {e}"));
    let order = match human {
        0 => "move first".to_string(),
        n => format!("move after {}", session.who(n - 1)),
    };
    writeln!(
        out,
        "{} against the {} CPU. You are {} and {order}.\nA move is {}. {COMMANDS}",
        kind.title(),
        level.name(),
        style.label(human),
        move_help(&session.game),
    )
    .map_err(io)?;
    session.show(out)?;
    loop {
        if session.game.is_over() {
            writeln!(out, "{}", session.result()).map_err(io)?;
            return Ok(());
        }
        let seat = session.game.to_move();
        if seat != human {
            let mv = cpu::choose_move(&session.game, level, &Budget::new(Budget::HARD))
                .ok_or_else(|| failed("the CPU found no move in an unfinished game"))?;
            let name = session.game.move_name(mv);
            session
                .game
                .play(mv)
                .map_err(|e| failed(format!("the CPU chose an illegal move: {e}")))?;
            writeln!(out, "{} plays {name}.", session.who(seat)).map_err(io)?;
            session.show(out)?;
            continue;
        }
        write!(out, "Your move ({}): ", style.label(human)).map_err(io)?;
        out.flush().map_err(io)?;
        let mut line = String::new();
        let read = input
            .read_line(&mut line)
            .map_err(|e| failed(format!("cannot read the input: {e}")))?;
        if read == 0 {
            writeln!(out, "\nEnd of input: bye.").map_err(io)?;
            return Ok(());
        }
        if echo {
            writeln!(out, "{}", line.trim_end()).map_err(io)?;
        }
        match read_typed(&line) {
            Typed::Nothing => {}
            Typed::Quit => {
                writeln!(out, "Bye.").map_err(io)?;
                return Ok(());
            }
            Typed::Help => {
                writeln!(out, "A move is {}. {COMMANDS}", move_help(&session.game)).map_err(io)?
            }
            Typed::Board => session.show(out)?,
            Typed::Hint => {
                let hint = cpu::choose_move(&session.game, Level::Hard, &Budget::new(Budget::HARD))
                    .map(|mv| session.game.move_name(mv));
                match hint {
                    Some(name) => writeln!(out, "Hint: the hard CPU would play {name}."),
                    None => writeln!(out, "No move to suggest."),
                }
                .map_err(io)?;
            }
            Typed::Undo => match session.history.pop() {
                Some(before) => {
                    let taken = session.game.plies() - before.plies();
                    session.game = before;
                    writeln!(
                        out,
                        "Undone: {taken} move{} taken back.",
                        if taken == 1 { "" } else { "s" }
                    )
                    .map_err(io)?;
                    session.show(out)?;
                }
                None => writeln!(out, "Nothing to undo: you have not moved yet.").map_err(io)?,
            },
            Typed::Move(text) => match session.game.parse_move(&text) {
                None => writeln!(
                    out,
                    "“{text}” is not a move on this board: type {}, or `help`.",
                    move_help(&session.game)
                )
                .map_err(io)?,
                Some(mv) => match session.game.check(mv) {
                    Err(e) => writeln!(out, "{}", refusal(&session.game, e)).map_err(io)?,
                    Ok(()) => {
                        session.history.push(session.game.clone());
                        session
                            .game
                            .play(mv)
                            .map_err(|e| failed(format!("a checked move was refused: {e}")))?;
                        let name = session.game.move_name(mv);
                        writeln!(out, "You play {name}.").map_err(io)?;
                        session.show(out)?;
                    }
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `boardbot play args…` with `input`: what it wrote, or the error
    /// (clap's, or the tool's).
    fn run(args: &[&str], input: &str) -> (Result<(), String>, String) {
        use crate::cli::{Cli, Command, Tool};
        use clap::Parser;
        let all = ["boardbot", "play"].into_iter().chain(args.iter().copied());
        let args = match Cli::try_parse_from(all) {
            Ok(Cli {
                command: Some(Command::Tool(Tool::Play(args))),
            }) => args,
            Ok(other) => panic!("{other:?}"),
            Err(e) => return (Err(e.to_string()), String::new()),
        };
        let mut out = Vec::new();
        let result = play_with(&args, &mut input.as_bytes(), &mut out, true);
        let result = result.map_err(|e| format!("{e:?}"));
        (result, String::from_utf8(out).unwrap())
    }

    #[test]
    fn boards_show_marks_and_move_names() {
        let plain = Style { colour: false };
        let mut game = AnyGame::new(GameKind::Connect4).unwrap();
        for mv in [3, 3, 2] {
            game.play(mv).unwrap();
        }
        let text = board_text(&game, &[], plain);
        assert!(text.starts_with("  1  2  3  4  5  6  7\n"), "{text}");
        assert!(text.contains("│ ·  ·  ·  ×  ·  ·  · │"), "{text}");
        assert!(text.contains("│ ·  · [○] ○  ·  ·  · │"), "{text}");

        let mut cube = AnyGame::new(GameKind::Connect4ThreeD).unwrap();
        for name in ["B3", "B3"] {
            let mv = cube.parse_move(name).unwrap();
            cube.play(mv).unwrap();
        }
        let text = board_text(&cube, &[], plain);
        assert!(text.contains("level 1 (bottom)"), "{text}");
        let row3: Vec<&str> = text.lines().filter(|l| l.starts_with('3')).collect();
        assert_eq!(row3.len(), 1, "{text}");
        assert!(row3[0].starts_with("3  ·  ○  ·  · "), "{text}");
        assert!(row3[0].contains("3  · [×] ·  · "), "{text}");

        let names = vec!["You".to_string(), "CPU".to_string()];
        let mut dots = AnyGame::new(GameKind::parse_dots_size("3x3").unwrap()).unwrap();
        for name in ["a1-b1", "a1-a2", "b1-b2", "a2-b2"] {
            let mv = dots.parse_move(name).unwrap();
            dots.play(mv).unwrap();
        }
        let text = board_text(&dots, &names, plain);
        assert!(
            text.starts_with("   a   b   c   d\n 1 •───•   •   •\n"),
            "{text}"
        );
        assert!(text.contains("\n   │ × │\n 2 •═══•   •   •\n"), "{text}");
        assert!(
            text.contains("Score: You (red ○) 0, CPU (yellow ×) 1"),
            "{text}"
        );
    }

    #[test]
    fn colours_are_added_only_when_asked() {
        let game = AnyGame::new(GameKind::Connect4ThreePlayer).unwrap();
        assert!(!board_text(&game, &[], Style { colour: false }).contains('\x1b'));
        let style = Style { colour: true };
        assert_eq!(style.label(2), "\x1b[1;94mblue ☆\x1b[0m");
        let (result, out) = run(&["connect4", "--color", "always"], "4\nquit\n");
        assert!(result.is_ok());
        assert!(out.contains("\x1b[1;91m○"), "{out}");
        let (result, _) = run(&["connect4", "--color", "sometimes"], "");
        assert!(result.unwrap_err().contains("--color"));
    }

    #[test]
    fn options_are_checked() {
        for args in [
            &["chess"][..],
            &["connect4", "--seat", "3"],
            &["connect4-3p", "--seat", "0"],
            &["connect4", "--level", "expert"],
            &["connect4", "--size", "5x5"],
            &["dots", "--size", "9x9"],
            &["connect4", "extra"],
            &[],
        ] {
            let (result, _) = run(args, "quit\n");
            assert!(result.is_err(), "{args:?}");
        }
    }

    #[test]
    fn refusals_use_the_games_words() {
        let mut game = AnyGame::new(GameKind::Connect4).unwrap();
        for _ in 0..6 {
            game.play(0).unwrap();
        }
        let error = game.check(0).unwrap_err();
        assert_eq!(refusal(&game, error), "That column is full: pick another.");
        let cube = AnyGame::new(GameKind::Connect4ThreeD).unwrap();
        assert_eq!(
            refusal(&cube, IllegalMove::Full),
            "That rod is full: pick another."
        );
        let mut dots = AnyGame::new(GameKind::DOTS_DEFAULT).unwrap();
        dots.play(0).unwrap();
        let error = dots.check(0).unwrap_err();
        assert_eq!(
            refusal(&dots, error),
            "That line is already drawn: pick another."
        );
    }

    #[test]
    fn undo_takes_back_the_cpu_reply_too() {
        let (result, out) = run(
            &["connect4", "--level", "easy"],
            "undo\n4\nundo\nboard\nquit\n",
        );
        assert!(result.is_ok());
        assert!(out.contains("Nothing to undo"), "{out}");
        assert!(out.contains("Undone: 2 moves taken back."), "{out}");
        assert!(out.ends_with("Bye.\n"), "{out}");
    }
}

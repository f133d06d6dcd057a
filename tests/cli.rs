//! The offline commands through the real binary: `play` driven through
//! standard input for every game, `render` writing a PNG, `invite`, and the
//! command line itself (help for every tool, the version, clap's errors,
//! shell completions).

use boardbot::game::{AnyGame, Game, GameKind};
use boardbot::i18n::Lang;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A fresh folder for one test (no `.env` in it).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardbot-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `boardbot args…` in `dir` with `input` on stdin and only `vars` set.
fn boardbot(dir: &PathBuf, args: &[&str], input: &str, vars: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardbot"));
    command
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in vars {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("run boardbot");
    // The game may end before all of the input is read: ignore a closed pipe.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Plays a whole game: bad input, undo and hint first, then `moves` over and
/// over (refused ones are answered and skipped) until the game ends.
fn play_to_the_end(game: &str, extra: &[&str], moves: &[String]) -> String {
    let dir = scratch(game);
    let mut input = String::from("no-such-move\nundo\nhint\n");
    input.push_str(&format!("{}\nundo\n", moves[0]));
    for _ in 0..10 {
        for mv in moves {
            input.push_str(mv);
            input.push('\n');
        }
    }
    let mut args = vec!["play", game, "--level", "easy"];
    args.extend_from_slice(extra);
    let out = boardbot(&dir, &args, &input, &[]);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains("is not a move on this board: type"),
        "{stdout}"
    );
    assert!(stdout.contains("Nothing to undo"), "{stdout}");
    assert!(stdout.contains("Undone: "), "{stdout}");
    assert!(
        stdout.contains("Hint: the hard CPU would play "),
        "{stdout}"
    );
    assert!(stdout.contains('○') && stdout.contains('×'), "{stdout}");
    assert!(!stdout.contains('\x1b'), "no colours into a pipe");
    let last = stdout.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.ends_with("wins.") || last.ends_with("Well played!") || last == "It is a draw.",
        "the game ends: {last:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
    stdout
}

fn names(game: &AnyGame) -> Vec<String> {
    game.all_moves()
        .iter()
        .map(|&m| game.move_name(m))
        .collect()
}

#[test]
fn connect4_is_played_to_the_end_in_the_terminal() {
    let game = AnyGame::new(GameKind::Connect4).unwrap();
    let out = play_to_the_end("connect4", &[], &names(&game));
    assert!(out.contains("  1  2  3  4  5  6  7\n"), "{out}");
}

#[test]
fn connect4_for_three_is_played_to_the_end_in_the_terminal() {
    let game = AnyGame::new(GameKind::Connect4ThreePlayer).unwrap();
    let out = play_to_the_end("connect4-3p", &["--seat", "2"], &names(&game));
    assert!(
        out.contains("You are yellow × and move after CPU 1 (red ○)"),
        "{out}"
    );
    assert!(out.contains("CPU 3 (blue ☆) plays"), "{out}");
    assert!(out.contains('☆'), "{out}");
}

#[test]
fn connect4_3d_is_played_to_the_end_in_the_terminal() {
    let game = AnyGame::new(GameKind::Connect4ThreeD).unwrap();
    let out = play_to_the_end("connect4-3d", &[], &names(&game));
    assert!(out.contains("level 1 (bottom)"), "{out}");
}

#[test]
fn dots_is_played_to_the_end_in_the_terminal() {
    let game = AnyGame::new(GameKind::parse_dots_size("3x3").unwrap()).unwrap();
    let mut moves = names(&game);
    assert_eq!(moves[0], "a1-b1");
    // The first line twice in a row: the second try is always refused, however
    // the CPU plays (it may otherwise end the game before the list reaches any
    // line it drew).
    moves.insert(1, moves[0].clone());
    let out = play_to_the_end("dots", &["--size", "3x3"], &moves);
    assert!(out.contains("That line is already drawn"), "{out}");
    assert!(out.contains("Score: You (red ○) "), "{out}");
}

#[test]
fn quit_and_bad_options() {
    let dir = scratch("quit");
    let out = boardbot(&dir, &["play", "connect4"], "quit\n4\n", &[]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.trim_end().ends_with("Bye."), "{stdout}");
    assert!(!stdout.contains("You play 4"), "nothing is read after quit");

    for args in [
        &["play", "chess"][..],
        &["play", "connect4", "--seat", "3"],
        &["play", "connect4", "--level", "expert"],
        &["play", "dots", "--size", "2x7"],
        &["play"],
    ] {
        let out = boardbot(&dir, args, "", &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        // clap's form: the error, then how to get help.
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(
            stderr
                .trim_end()
                .ends_with("For more information, try '--help'."),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn play_writes_each_position_as_an_image() {
    let dir = scratch("png");
    let out = boardbot(
        &dir,
        &[
            "play", "connect4", "--level", "easy", "--png", "boards", "--color", "always",
        ],
        "4\nquit\n",
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("\x1b["), "--color always");
    for name in ["000.png", "001.png", "002.png"] {
        let image = image::open(dir.join("boards").join(name)).expect(name);
        assert!(image.width() > 100 && image.height() > 100);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn render_writes_the_image_the_bot_posts() {
    let dir = scratch("render");
    let cases: [(&[&str], GameKind, &str, Lang); 4] = [
        (&["connect4", "4453"], GameKind::Connect4, "4453", Lang::En),
        (
            &["connect4-3p", "--lang", "pt-BR", "595"],
            GameKind::Connect4ThreePlayer,
            "595",
            Lang::PtBr,
        ),
        (
            &["connect4-3d", "A1", "B2", "--lang", "fr"],
            GameKind::Connect4ThreeD,
            "A1,B2",
            Lang::Fr,
        ),
        (
            &["dots", "--size", "3x3", "a1-b1,a1-a2,b1-b2,a2-b2"],
            GameKind::parse_dots_size("3x3").unwrap(),
            "a1-b1,a1-a2,b1-b2,a2-b2",
            Lang::En,
        ),
    ];
    for (args, kind, moves, lang) in cases {
        let mut all = vec!["render"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["-o", "board.png"]);
        let out = boardbot(&dir, &all, "", &[]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stdout).starts_with("wrote board.png ("),
            "{args:?}"
        );
        let written = std::fs::read(dir.join("board.png")).unwrap();
        let decoded = image::load_from_memory(&written).unwrap().to_rgb8();

        let mut game = AnyGame::new(kind).unwrap();
        for name in moves.split(',').flat_map(|m| {
            if m.chars().any(|c| c.is_alphabetic()) {
                vec![m.to_string()]
            } else {
                m.chars().map(String::from).collect()
            }
        }) {
            let mv = game.parse_move(&name).unwrap();
            game.play(mv).unwrap();
        }
        let names: Vec<String> = match lang {
            Lang::En => ["Red", "Yellow", "Blue"],
            Lang::PtBr => ["Vermelho", "Amarelo", "Azul"],
            Lang::Fr => ["Rouge", "Jaune", "Bleu"],
            Lang::Es | Lang::Es419 => ["Rojo", "Amarillo", "Azul"],
            Lang::De => ["Rot", "Gelb", "Blau"],
        }
        .iter()
        .map(|s| s.to_string())
        .collect();
        let expected = boardbot::render::position(&game, &names, lang);
        let expected = image::load_from_memory(&expected.png).unwrap().to_rgb8();
        assert_eq!(decoded.dimensions(), expected.dimensions(), "{args:?}");
        assert!(decoded == expected, "{args:?}: the bot's renderer draws it");
    }
    let out = boardbot(&dir, &["render", "connect4", "48", "-o", "x.png"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not a move"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn replay_writes_the_gif_the_bot_posts() {
    use boardbot::table::{MatchRecord, Player, SeatRecord};
    let dir = scratch("replay");
    let args = [
        "replay",
        "connect4",
        "4453",
        "--lang",
        "fr",
        "-o",
        "match.gif",
        "--frames",
        "frames",
    ];
    let out = boardbot(&dir, &args, "", &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("wrote match.gif ("), "{stdout}");
    assert!(stdout.contains("6 frames"), "{stdout}");
    assert!(
        stdout.contains("alt text: Partie n° 1 · Quatre en ligne"),
        "{stdout}"
    );
    assert!(stdout.contains("wrote 6 frames into frames"), "{stdout}");
    let written = std::fs::read(dir.join("match.gif")).unwrap();

    // The same GIF as the bot makes of the match, the seats named by colour.
    let seat = |id: u64, name: &str| {
        SeatRecord::held(Player::Person {
            id,
            name: name.into(),
        })
    };
    let record = MatchRecord {
        table: 0,
        match_no: 1,
        guild: 0,
        channel: 0,
        game: "connect4".into(),
        size: String::new(),
        seats: vec![seat(1, "Rouge"), seat(2, "Jaune")],
        moves: ["4", "4", "5", "3"].map(String::from).to_vec(),
        result: String::new(),
        winner: None,
        ended_by: "board".into(),
        started_at: 0,
        ended_at: 0,
        ranked: false,
    };
    let expected = boardbot::replay::animation(Lang::Fr, 1, &record, None).unwrap();
    assert!(written == expected.gif, "the bot's replay");
    assert!(
        expected
            .alt
            .ends_with("Pas encore finie : c'est à Rouge (rouge ○) de jouer."),
        "{}",
        expected.alt
    );

    // The last frame as it shows: its board is the board image.
    let last = image::open(dir.join("frames").join("005.png"))
        .unwrap()
        .to_rgb8();
    assert!(!dir.join("frames").join("006.png").exists());
    let mut game = AnyGame::new(GameKind::Connect4).unwrap();
    for mv in [3, 3, 4, 2] {
        game.play(mv).unwrap();
    }
    let names = ["Rouge".to_string(), "Jaune".to_string()];
    let board = boardbot::render::position(&game, &names, Lang::Fr);
    let board = image::load_from_memory(&board.png).unwrap().to_rgb8();
    assert_eq!(last.width(), board.width());
    let top = last.height() - board.height();
    let shown = image::imageops::crop_imm(&last, 0, top, board.width(), board.height()).to_image();
    assert!(shown == board, "the final board under the caption");

    let out = boardbot(&dir, &["replay", "connect4", "1111111"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("replay"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn invite_prints_the_url_for_the_application() {
    let dir = scratch("invite");
    let token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.not-a-real-secret";
    let out = boardbot(&dir, &["invite"], "", &[("DISCORD_TOKEN", token)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).trim(),
        "Add to a server: https://discord.com/oauth2/authorize?client_id=123456789012345678\
         &scope=bot+applications.commands&permissions=309237763072\n\
         Add to my apps:  https://discord.com/oauth2/authorize?client_id=123456789012345678\
         &integration_type=1&scope=applications.commands"
    );
    let out = boardbot(
        &dir,
        &["invite"],
        "",
        &[("DISCORD_TOKEN", token), ("APPLICATION_ID", "987654321")],
    );
    assert!(text(&out.stdout).contains("client_id=987654321&"));

    let out = boardbot(&dir, &["invite"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("APPLICATION_ID"));
    let out = boardbot(&dir, &["invite"], "", &[("DISCORD_TOKEN", "secret!")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        !text(&out.stderr).contains("secret!"),
        "the token is never shown"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Every tool, and the options its `--help` must mention.
const TOOLS: &[(&[&str], &[&str])] = &[
    (&["run"], &[]),
    (
        &["play"],
        &["<GAME>", "--level", "--size", "--seat", "--png", "--color"],
    ),
    (
        &["render"],
        &["<GAME>", "[MOVES]", "--size", "--lang", "--out"],
    ),
    (&["invite"], &["APPLICATION_ID"]),
    (&["solve"], &["connect4", "connect4-3d", "dots"]),
    (
        &["solve", "connect4"],
        &["[MOVES]", "--weak", "--stats", "--log2"],
    ),
    (&["solve", "connect4-3d"], &["[MOVES]"]),
    (&["solve", "dots"], &["[LINES]", "--size"]),
    (&["cpu"], &["<GAME>", "[MOVES]", "--level", "--size"]),
    (
        &["arena"],
        &[
            "<GAME>",
            "<LEVEL_A>",
            "<LEVEL_B>",
            "--games",
            "--size",
            "--seed",
            "--nodes",
            "--log",
        ],
    ),
    (
        &["hint"],
        &["<GAME>", "[MOVES]", "--size", "--ms", "--nodes"],
    ),
    (
        &["hint-check"],
        &[
            "--plies",
            "--count",
            "--seed",
            "--ms",
            "--nodes",
            "--exact",
            "--cpu",
            "--verbose",
        ],
    ),
    (
        &["dots-check"],
        &[
            "--size",
            "--games",
            "--against",
            "--extra",
            "--from",
            "--nodes",
            "--judge",
            "--seed",
            "--verbose",
        ],
    ),
    (&["book"], &["generate", "info"]),
    (
        &["book", "generate"],
        &["--depth", "--out", "--limit", "--table-log2", "--extend"],
    ),
    (&["book", "info"], &[]),
    (
        &["review"],
        &["<GAME>", "[MOVES]", "--size", "--lang", "--out"],
    ),
    (
        &["replay"],
        &[
            "<GAME>", "[MOVES]", "--size", "--lang", "--out", "--review", "--frames",
        ],
    ),
    (&["puzzle"], &["<GAME>", "--day"]),
    (&["tables"], &["--broken", "--clear", "--all"]),
    (&["forget"], &["<USER_ID>"]),
    (&["completions"], &["<SHELL>", "bash", "zsh", "fish"]),
];

#[test]
fn every_tool_has_help() {
    let dir = scratch("help");
    let top = boardbot(&dir, &["--help"], "", &[]);
    assert_eq!(top.status.code(), Some(0));
    let top = text(&top.stdout);
    for (tool, options) in TOOLS {
        assert!(
            top.contains(&format!("\n  {} ", tool[0])),
            "{tool:?} listed"
        );
        for help in ["--help", "-h"] {
            let mut args = tool.to_vec();
            args.push(help);
            let out = boardbot(&dir, &args, "", &[]);
            assert_eq!(out.status.code(), Some(0), "{args:?}");
            let stdout = text(&out.stdout);
            let usage = format!("Usage: boardbot {}", tool.join(" "));
            assert!(stdout.contains(&usage), "{args:?}: {stdout}");
            // -h is the summary; --help has every word.
            for option in options.iter().filter(|_| help == "--help") {
                assert!(
                    stdout.contains(option),
                    "{args:?} mentions {option}: {stdout}"
                );
            }
        }
    }
    // `help <tool>` says the same as `<tool> --help`.
    let help = boardbot(&dir, &["help", "arena"], "", &[]);
    let arena = boardbot(&dir, &["arena", "--help"], "", &[]);
    assert_eq!(help.status.code(), Some(0));
    assert_eq!(text(&help.stdout), text(&arena.stdout));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_closed_pipe_ends_a_tool_quietly() {
    // `boardbot solve … | head` once the reader has gone: the tool stops on
    // SIGPIPE like any filter, without a panic on standard error.
    use std::os::unix::process::ExitStatusExt;
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_boardbot"))
        .args(["solve", "connect4", "274552224131661"])
        .env_clear()
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{stderr}");
}

#[test]
fn the_version_is_the_package_s() {
    let dir = scratch("version");
    for flag in ["--version", "-V"] {
        let out = boardbot(&dir, &[flag], "", &[]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            text(&out.stdout),
            format!("boardbot {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn usage_errors_are_clap_s_with_exit_code_2() {
    let dir = scratch("usage");
    // (arguments, the error's start, whether the usage follows it)
    let cases: [(&[&str], &str, bool); 6] = [
        (
            &["solve", "connect4", "4", "--fast"],
            "error: unexpected argument '--fast' found",
            true,
        ),
        (
            &["arena", "connect4", "easy", "easy", "--games", "x"],
            "error: invalid value 'x' for '--games <N>'",
            false,
        ),
        (
            &["cpu", "connect4", "4"],
            "error: the following required arguments were not provided:\n  --level <LEVEL>",
            true,
        ),
        (
            &["book", "burn"],
            "error: unrecognized subcommand 'burn'",
            true,
        ),
        // Checked by the tool, worded the same way.
        (
            &["cpu", "connect4", "--level", "easy", "48"],
            "error: move 2 (\"8\") is not a move of this game",
            true,
        ),
        (
            &["hint", "connect4", "--size", "3x3", "4"],
            "error: --size applies to dots only",
            true,
        ),
    ];
    for (args, expected, with_usage) in cases {
        let out = boardbot(&dir, args, "", &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with(expected), "{args:?}: {stderr}");
        assert_eq!(
            stderr.contains(&format!("\nUsage: boardbot {} ", args[0])),
            with_usage,
            "{args:?}: {stderr}"
        );
        assert!(
            stderr
                .trim_end()
                .ends_with("For more information, try '--help'."),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn completions_are_printed_for_each_shell() {
    let dir = scratch("completions");
    let cases = [
        ("bash", "complete -F _boardbot"),
        ("zsh", "#compdef boardbot"),
        ("fish", "complete -c boardbot"),
    ];
    for (shell, marker) in cases {
        let out = boardbot(&dir, &["completions", shell], "", &[]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = text(&out.stdout);
        assert!(script.contains(marker), "{shell}: {script}");
        for word in ["hint-check", "dots-check", "table-log2", "connect4-3d"] {
            assert!(script.contains(word), "{shell} completes {word}");
        }
    }
    let out = boardbot(&dir, &["completions", "tcsh"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn run_starts_the_bot_like_no_command() {
    let dir = scratch("run");
    for args in [&[][..], &["run"]] {
        let out = boardbot(&dir, args, "", &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains("DISCORD_TOKEN"), "{args:?}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{args:?}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn long_jobs_keep_their_results_on_stdout() {
    let dir = scratch("arena");
    let out = boardbot(
        &dir,
        &[
            "arena", "connect4", "easy", "easy", "--games", "2", "--log", "--seed", "3",
        ],
        "",
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    assert!(lines[0].starts_with("game 0: A in seat 1, "), "{stdout}");
    assert!(lines[1].starts_with("game 1: A in seat 2, "), "{stdout}");
    assert!(
        lines[2].starts_with("connect4 easy vs easy: 2 games, "),
        "{stdout}"
    );
    assert!(lines[3].starts_with("A (easy): ") && lines[4].starts_with("B (easy): "));
    // Not a terminal: at most a plain progress line now and then (none
    // when it is over within two seconds).
    let stderr = text(&out.stderr);
    assert!(stderr.lines().all(|l| l.starts_with("arena: ")), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}

//! What a page is sent: the table as it is now, for one viewer, in the
//! viewer's language. The page draws it and holds no rules: the legal
//! moves, where each one lands and the controls all come from here (from
//! the engine and the table's own [`Table::controls`]).

use crate::game::{AnyGame, Game, GameKind, Move, Seat};
use crate::i18n::{game_title, tr, Lang};
use crate::render::{alt_text, dots_view, seat_label, CubeView, DotsLine, GridView};
use crate::table::{Control, MatchEnd, Phase, Player, Table, UserId};
use serde_json::{json, Value};

/// A move as the page offers it: its name, what to tap to choose it, and
/// where it lands.
fn moves(game: &AnyGame) -> Vec<Value> {
    let board = board(game);
    game.legal_moves()
        .into_iter()
        .filter_map(|mv| {
            let mut after = game.clone();
            after.play(mv).ok()?;
            let land = landing(&board, &self::board(&after))?;
            let target = match &land {
                Landing::Grid(c, _) => json!({ "column": c }),
                Landing::Cube(_, x, y) => json!({ "rod": [x, y] }),
                Landing::Line(line) => json!({ "line": line_json(*line) }),
            };
            Some(json!({ "name": game.move_name(mv), "target": target, "land": land.json() }))
        })
        .collect()
}

/// The cell (or line) a move filled: where the two boards differ.
enum Landing {
    Grid(usize, usize),
    Cube(usize, usize, usize),
    Line(DotsLine),
}

impl Landing {
    fn json(&self) -> Value {
        match self {
            Landing::Grid(c, r) => json!([c, r]),
            Landing::Cube(l, x, y) => json!([l, x, y]),
            Landing::Line(line) => line_json(*line),
        }
    }
}

enum Board {
    Grid(GridView),
    Cube(CubeView),
    Dots(crate::render::DotsView),
}

fn board(game: &AnyGame) -> Board {
    match game {
        AnyGame::Connect4(p) => Board::Grid(GridView::from(p)),
        AnyGame::Connect4ThreePlayer(p) => Board::Grid(GridView::from(p)),
        AnyGame::Connect4ThreeD(p) => Board::Cube(CubeView::from(p)),
        AnyGame::Dots(p) => Board::Dots(dots_view(p, [String::new(), String::new()])),
    }
}

fn landing(before: &Board, after: &Board) -> Option<Landing> {
    match (before, after) {
        (Board::Grid(a), Board::Grid(b)) => (0..b.columns)
            .flat_map(|c| (0..b.rows).map(move |r| (c, r)))
            .find(|&(c, r)| a.at(c, r).is_none() && b.at(c, r).is_some())
            .map(|(c, r)| Landing::Grid(c, r)),
        (Board::Cube(a), Board::Cube(b)) => (0..4)
            .flat_map(|l| (0..4).flat_map(move |x| (0..4).map(move |y| (l, x, y))))
            .find(|&(l, x, y)| a.at(l, x, y).is_none() && b.at(l, x, y).is_some())
            .map(|(l, x, y)| Landing::Cube(l, x, y)),
        (Board::Dots(a), Board::Dots(b)) => {
            b.last.filter(|&l| a.line(l).is_none()).map(Landing::Line)
        }
        _ => None,
    }
}

fn line_json(line: DotsLine) -> Value {
    match line {
        DotsLine::H { row, col } => json!({ "dir": "h", "row": row, "col": col }),
        DotsLine::V { row, col } => json!({ "dir": "v", "row": row, "col": col }),
    }
}

fn board_json(game: &AnyGame) -> Value {
    match board(game) {
        Board::Grid(g) => json!({ "grid": {
            "columns": g.columns, "rows": g.rows, "cells": g.cells,
            "last": g.last.map(|(c, r)| [c, r]),
            "lines": g.lines.iter().map(|l| l.iter().map(|&(c, r)| [c, r]).collect::<Vec<_>>()).collect::<Vec<_>>(),
        }}),
        Board::Cube(c) => json!({ "cube": {
            "cells": c.cells,
            "last": c.last.map(|(l, x, y)| [l, x, y]),
            "lines": c.lines.iter().map(|l| l.iter().map(|&(a, b, d)| [a, b, d]).collect::<Vec<_>>()).collect::<Vec<_>>(),
        }}),
        Board::Dots(d) => json!({ "dots": {
            "width": d.width, "height": d.height, "h": d.h, "v": d.v, "boxes": d.boxes,
            "last": d.last.map(line_json), "scores": d.scores,
        }}),
    }
}

/// The words of the game's confirm button (SPEC section 8).
pub fn confirm_key(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Connect4 | GameKind::Connect4ThreePlayer => "web-drop-piece",
        GameKind::Connect4ThreeD => "web-drop-bead",
        GameKind::Dots { .. } => "web-draw-line",
    }
}

/// A table control's id on the page and the key of its label.
pub fn control_id(control: Control) -> (&'static str, &'static str) {
    match control {
        Control::Resume => ("resume", "button-resume"),
        Control::AcceptUndo => ("accept_undo", "button-accept"),
        Control::DeclineUndo => ("decline_undo", "button-decline"),
        Control::Resign => ("resign", "button-resign"),
        Control::Undo => ("undo", "button-undo"),
        Control::Hint => ("hint", "button-hint"),
        Control::Pause => ("pause", "button-pause"),
        Control::Rejoin => ("rejoin", "button-rejoin"),
        Control::Join => ("join", "button-join"),
        Control::FreeSeat => ("free_seat", "button-free-seat"),
        Control::Leave => ("leave", "button-leave"),
        Control::Rematch => ("rematch", "button-rematch"),
        Control::Replay => ("replay", "button-replay"),
        Control::Start => ("start", "button-start"),
        Control::Accept => ("accept", "button-accept"),
        Control::Decline => ("decline", "button-decline"),
    }
}

/// Text for the page: Discord's bold marks taken out.
fn plain(text: String) -> String {
    text.replace("**", "")
}

fn seat_name(table: &Table, seat: Seat, lang: Lang) -> String {
    let name = table
        .players()
        .get(seat as usize)
        .map(|p| p.plain_name(lang))
        .unwrap_or_default();
    format!("{} {name}", seat_label(seat, lang))
}

fn result_text(table: &Table, end: &MatchEnd, lang: Lang) -> String {
    plain(table.result_text(end, lang, &|seat| seat_name(table, seat, lang)))
}

fn status(table: &Table, lang: Lang) -> String {
    let state = |key: &str| tr(lang, key, &[]);
    plain(match table.phase() {
        Phase::Inviting { .. } => state("state-inviting"),
        Phase::Lobby { .. } => state("state-open"),
        Phase::Closed(_) => state("state-ended"),
        Phase::Finished(_) => state("state-over"),
        Phase::Playing if table.paused().is_some() => state("state-paused"),
        Phase::Playing => {
            let seat = table.game().to_move();
            let mut who = seat_name(table, seat, lang);
            if table
                .players()
                .get(seat as usize)
                .is_some_and(Player::is_cpu)
            {
                who.push(' ');
                who.push_str(&tr(lang, "board-thinking", &[]));
            }
            tr(lang, "board-turn", &[("who", &who)])
        }
    })
}

/// The view of `table` for `viewer` (`None`: not logged in), in `lang`;
/// `now` is the server's clock, for the page's countdown.
pub fn view(table: &Table, viewer: Option<UserId>, lang: Lang, now: u64) -> Value {
    let game = table.game();
    let seat_of = viewer.and_then(|user| table.seat_of(user));
    let playing = table.seat_to_move().is_some();
    let mover = table.seat_to_move();
    let may_move = playing
        && table.moves_enabled()
        && mover.is_some()
        && mover == seat_of
        && table.player_to_move().and_then(Player::person_id) == viewer;
    let scores = match game {
        AnyGame::Dots(d) => Some(d.scores()),
        _ => None,
    };
    let seats: Vec<Value> = table
        .players()
        .iter()
        .enumerate()
        .map(|(i, player)| {
            let seat = i as Seat;
            json!({
                "seat": seat,
                "label": seat_label(seat, lang),
                "name": match player {
                    Player::Person { .. } => player.plain_name(lang),
                    Player::Cpu { .. } => tr(lang, "web-cpu", &[]),
                },
                "cpu": match player {
                    Player::Cpu { level } => Some(tr(lang, &format!("level-{}", level.name()), &[])),
                    Player::Person { .. } => None,
                },
                "you": viewer.is_some() && player.person_id() == viewer,
                "to_move": mover == Some(seat),
                "score": scores.map(|s| s.get(i).copied().unwrap_or(0)),
            })
        })
        .collect();
    let names: Vec<String> = table.players().iter().map(|p| p.plain_name(lang)).collect();
    let controls: Vec<Value> = table
        .controls()
        .into_iter()
        // A replay is an animated picture for the chat.
        .filter(|offer| offer.control != Control::Replay)
        .map(|offer| {
            let (id, key) = control_id(offer.control);
            json!({ "id": id, "label": tr(lang, key, &[]), "enabled": offer.enabled })
        })
        .collect();
    let result = match table.phase() {
        Phase::Finished(end) => Some(json!({
            "text": result_text(table, end, lang),
            "winner": match end {
                MatchEnd::Board(o) => o.winner(),
                MatchEnd::Resigned { seat } | MatchEnd::TimedOut { seat } | MatchEnd::Abandoned { seat }
                    if table.players().len() == 2 => Some(1 - *seat),
                _ => None,
            },
        })),
        _ => None,
    };
    let moves = if playing && table.moves_enabled() {
        moves(game)
    } else {
        Vec::new()
    };
    let last_move =
        (!game_is_fresh(game)).then(|| game.last_move().map(|m: Move| game.move_name(m)));
    json!({
        "stamp": table.stamp(),
        "game": table.kind().command(),
        "title": game_title(table.kind(), lang),
        "board": board_json(game),
        "moves": moves,
        "mover": mover,
        "seats": seats,
        "status": status(table, lang),
        "last_move": last_move.flatten(),
        "result": result,
        "clock": table.clock().filter(|_| playing && table.paused().is_none())
            .map(|c| json!({ "deadline_ms": c.deadline, "now_ms": now })),
        "paused": table.paused().is_some(),
        "controls": controls,
        "you": { "seat": seat_of, "may_move": may_move, "may_act": viewer.is_some() },
        "alt": alt_text(game, &names, lang),
        "confirm": tr(lang, confirm_key(table.kind()), &[]),
    })
}

fn game_is_fresh(game: &AnyGame) -> bool {
    game.plies() == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::test_support::{ok, open, play, HOST};
    use crate::table::Action;

    /// A self-play table of `kind`: the host holds every seat.
    fn self_play(kind: GameKind) -> Table {
        open(kind).self_play().at(0)
    }

    fn play_named(table: &mut Table, name: &str) {
        let mv = table.game().parse_move(name).expect("a move");
        ok(table, play(HOST, mv), 1);
    }

    fn move_named<'a>(view: &'a Value, name: &str) -> &'a Value {
        view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == name)
            .unwrap_or_else(|| panic!("no move {name}: {view}"))
    }

    #[test]
    fn a_column_lands_on_its_lowest_free_cell_and_a_full_one_is_no_move() {
        let mut table = self_play(GameKind::Connect4);
        for _ in 0..2 {
            play_named(&mut table, "4");
        }
        let view = view(&table, Some(HOST), Lang::En, 0);
        assert_eq!(move_named(&view, "4")["land"], json!([3, 2]));
        assert_eq!(move_named(&view, "4")["target"], json!({ "column": 3 }));
        assert_eq!(view["board"]["grid"]["cells"][3][1], json!(1));
        assert_eq!(view["last_move"], "4");
        assert_eq!(view["you"]["may_move"], true);
        assert_eq!(view["confirm"], "Drop piece");
        for _ in 0..4 {
            play_named(&mut table, "4");
        }
        let view = self::view(&table, Some(HOST), Lang::En, 0);
        assert!(view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["name"] != "4"));
        assert_eq!(view["moves"].as_array().unwrap().len(), 6);
    }

    #[test]
    fn a_rod_lands_on_its_lowest_free_level_and_a_line_is_itself() {
        let mut table = self_play(GameKind::Connect4ThreeD);
        play_named(&mut table, "B3");
        let view = view(&table, Some(HOST), Lang::Fr, 0);
        let b3 = move_named(&view, "B3");
        assert_eq!(b3["target"], json!({ "rod": [1, 2] }));
        assert_eq!(b3["land"], json!([1, 1, 2]));
        assert_eq!(view["confirm"], "Lâcher la perle");

        let table = self_play(GameKind::DOTS_DEFAULT);
        let view = self::view(&table, Some(HOST), Lang::En, 0);
        let line = move_named(&view, "a1-b1");
        assert_eq!(line["land"], json!({ "dir": "h", "row": 0, "col": 0 }));
        assert_eq!(line["target"]["line"], line["land"]);
        assert_eq!(
            view["moves"].as_array().unwrap().len(),
            49,
            "every line of 5 × 4 boxes"
        );
        assert_eq!(view["confirm"], "Draw line");
    }

    #[test]
    fn a_watcher_sees_the_board_and_may_not_move_and_a_cpu_seat_is_named() {
        let mut table = open(GameKind::Connect4).at(0);
        if table.player_to_move().is_some_and(Player::is_cpu) {
            let mv = table.game().legal_moves()[0];
            let stamp = table.stamp();
            ok(&mut table, Action::CpuMove { mv, stamp }, 1);
        }
        let watcher = view(&table, None, Lang::En, 0);
        assert_eq!(watcher["you"]["may_move"], false);
        assert_eq!(watcher["you"]["may_act"], false);
        assert_eq!(
            watcher["moves"].as_array().unwrap().len(),
            7,
            "the moves to preview"
        );
        let cpu = watcher["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| !s["cpu"].is_null())
            .expect("a CPU seat");
        assert_eq!(cpu["cpu"], "easy");
        let host = view(&table, Some(HOST), Lang::En, 0);
        assert_eq!(host["you"]["may_move"], true);
        assert!(
            host["status"].as_str().unwrap().contains("Turn"),
            "{}",
            host["status"]
        );
        assert!(!host["status"].as_str().unwrap().contains("**"));
        assert!(host["controls"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["id"] == "resign"));
        assert!(!host["alt"].as_str().unwrap().is_empty());
    }
}

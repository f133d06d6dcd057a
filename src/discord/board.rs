//! The board message: text, controls and image for a table as it is now,
//! in the table's language.

use super::ids::{Control, ControlId};
use crate::game::{Game, GameKind, Move, Outcome, Seat};
use crate::i18n::{game_title, tr, Lang};
use crate::table::{Answer, Closed, MatchEnd, Phase, Player, Table};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

/// Colour key, emoji and mark of each seat.
pub const SEAT_STYLE: [(&str, &str, &str); 3] = [
    ("colour.red", "🔴", "○"),
    ("colour.yellow", "🟡", "×"),
    ("colour.blue", "🔵", "☆"),
];

/// The text and controls of a board message, without its image.
#[derive(Clone)]
pub struct BoardMessage {
    pub content: String,
    pub components: Vec<CreateActionRow>,
    /// People this message may ping (only invited people, on invitations).
    pub ping: Vec<u64>,
    /// Whether the message shows the board image.
    pub with_image: bool,
}

fn seat_label(seat: Seat, lang: Lang) -> String {
    let (colour, emoji, mark) = SEAT_STYLE[seat as usize % 3];
    format!("{emoji} {} {mark}", tr(lang, colour, &[]))
}

fn cpu_name(level: crate::cpu::Level, lang: Lang) -> String {
    let level = tr(lang, &format!("level.{}", level.name()), &[]);
    tr(lang, "cpu.name", &[("level", &level)])
}

/// A seat's holder as the message shows it: a mention or the CPU.
pub fn player_label(player: &Player, lang: Lang) -> String {
    match player {
        Player::Person { id, .. } => format!("<@{id}>"),
        Player::Cpu { level } => cpu_name(*level, lang),
    }
}

/// A seat's plain name, for images.
pub fn player_name(player: &Player, lang: Lang) -> String {
    match player {
        Player::Person { name, .. } => name.clone(),
        Player::Cpu { level } => cpu_name(*level, lang),
    }
}

fn move_word(kind: GameKind, lang: Lang) -> String {
    let key = match kind {
        GameKind::Connect4 | GameKind::Connect4ThreePlayer => "word.column",
        GameKind::Connect4ThreeD => "word.rod",
        GameKind::Dots { .. } => "word.line",
    };
    tr(lang, key, &[])
}

fn button(id: String, label: String, style: ButtonStyle) -> CreateButton {
    CreateButton::new(id).label(label).style(style)
}

/// The message for a table in any phase.
pub fn board_message(table: &Table) -> BoardMessage {
    let lang = table.lang;
    let title = game_title(table.kind, lang);
    let id = |control| {
        ControlId {
            table: table.no,
            stamp: table.stamp,
            control,
        }
        .encode()
    };
    match &table.phase {
        Phase::Inviting { invites, .. } => {
            let host = format!("<@{}>", table.host);
            let invited: Vec<String> = invites
                .iter()
                .map(|i| match i.answer {
                    Answer::Waiting => format!("<@{}>", i.id),
                    Answer::Accepted => format!("<@{}> {}", i.id, tr(lang, "invite.accepted", &[])),
                    Answer::Declined => format!("<@{}> {}", i.id, tr(lang, "invite.declined", &[])),
                })
                .collect();
            BoardMessage {
                content: tr(
                    lang,
                    "invite.text",
                    &[
                        ("invited", &invited.join(", ")),
                        ("host", &host),
                        ("game", &title),
                    ],
                ),
                components: vec![CreateActionRow::Buttons(vec![
                    button(
                        id(Control::Accept),
                        tr(lang, "button.accept", &[]),
                        ButtonStyle::Success,
                    ),
                    button(
                        id(Control::Decline),
                        tr(lang, "button.decline", &[]),
                        ButtonStyle::Danger,
                    ),
                ])],
                ping: invites
                    .iter()
                    .filter(|i| i.answer == Answer::Waiting)
                    .map(|i| i.id)
                    .collect(),
                with_image: false,
            }
        }
        Phase::Closed(why) => {
            let content = match why {
                Closed::Declined { by } => tr(
                    lang,
                    "closed.declined",
                    &[("user", &format!("<@{by}>")), ("game", &title)],
                ),
                Closed::Expired => tr(lang, "closed.expired", &[("game", &title)]),
                Closed::Ended => tr(lang, "closed.ended", &[("game", &title)]),
            };
            BoardMessage {
                content,
                components: Vec::new(),
                ping: Vec::new(),
                with_image: false,
            }
        }
        Phase::Playing | Phase::Finished(_) => BoardMessage {
            content: match_text(table),
            components: match_controls(table, &id),
            ping: Vec::new(),
            with_image: true,
        },
    }
}

fn match_text(table: &Table) -> String {
    let lang = table.lang;
    let mut lines = Vec::new();
    let seats: Vec<String> = table
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {}", seat_label(s as Seat, lang), player_label(p, lang)))
        .collect();
    let round = if table.matches > 1 {
        format!(
            " · {}",
            tr(lang, "board.match", &[("n", &table.matches.to_string())])
        )
    } else {
        String::new()
    };
    let vs = format!(" {} ", tr(lang, "board.vs", &[]));
    lines.push(format!(
        "**{}**{round} — {}",
        game_title(table.kind, lang),
        seats.join(&vs)
    ));
    let mention = |id: &u64| format!("<@{id}>");
    for id in &table.declined {
        lines.push(tr(lang, "board.declined", &[("user", &mention(id))]));
    }
    for id in &table.missed {
        lines.push(tr(lang, "board.missed", &[("user", &mention(id))]));
    }
    for (seat, id) in &table.resigned {
        lines.push(tr(
            lang,
            "board.resigned_left",
            &[("user", &mention(id)), ("seat", &seat_label(*seat, lang))],
        ));
    }
    if let Some(mv) = table.game.last_move() {
        let by = last_mover(table);
        let mut line = tr(
            lang,
            "board.last_move",
            &[
                ("emoji", SEAT_STYLE[by as usize % 3].1),
                ("word", &move_word(table.kind, lang)),
                ("move", &table.game.move_name(mv)),
            ],
        );
        // Dots and Boxes: a claimed box gives the same seat another move.
        if box_scores(table).is_some()
            && table.phase == Phase::Playing
            && table.game.to_move() == by
        {
            line.push(' ');
            line.push_str(&tr(lang, "board.box_again", &[]));
        }
        lines.push(line);
    }
    if let (Some([a, b]), Phase::Playing) = (box_scores(table), &table.phase) {
        lines.push(tr(
            lang,
            "board.boxes",
            &[
                ("a", &format!("{} {a}", SEAT_STYLE[0].1)),
                ("b", &format!("{} {b}", SEAT_STYLE[1].1)),
            ],
        ));
    }
    match &table.phase {
        Phase::Playing => {
            if let Some(asker) = table.undo_request {
                lines.push(tr(
                    lang,
                    "board.undo_request",
                    &[
                        ("user", &mention(&asker)),
                        ("accept", &tr(lang, "button.accept", &[])),
                        ("decline", &tr(lang, "button.decline", &[])),
                    ],
                ));
            }
            let seat = table.game.to_move();
            let who = &table.players[seat as usize];
            let mut who_text = format!("{} {}", seat_label(seat, lang), player_label(who, lang));
            if who.is_cpu() {
                who_text.push(' ');
                who_text.push_str(&tr(lang, "board.thinking", &[]));
            }
            lines.push(tr(lang, "board.turn", &[("who", &who_text)]));
        }
        Phase::Finished(end) => lines.push(result_text(table, end)),
        _ => {}
    }
    lines.join("\n")
}

/// The seat that made the last move of the current match.
fn last_mover(table: &Table) -> Seat {
    table.last_mover().unwrap_or(0)
}

fn result_text(table: &Table, end: &MatchEnd) -> String {
    let lang = table.lang;
    let name = |seat: Seat| {
        format!(
            "{} {}",
            seat_label(seat, lang),
            player_label(&table.players[seat as usize], lang)
        )
    };
    match end {
        MatchEnd::Board(Outcome::Win { seat, .. }) => match box_scores(table) {
            Some(scores) => {
                let other = 1 - *seat as usize;
                tr(
                    lang,
                    "result.wins_score",
                    &[
                        ("who", &name(*seat)),
                        ("a", &scores[*seat as usize].to_string()),
                        ("b", &scores[other].to_string()),
                    ],
                )
            }
            None => tr(lang, "result.wins", &[("who", &name(*seat))]),
        },
        MatchEnd::Board(Outcome::Draw) => match box_scores(table) {
            Some([a, b]) => tr(
                lang,
                "result.draw_score",
                &[("a", &a.to_string()), ("b", &b.to_string())],
            ),
            None => tr(lang, "result.draw", &[]),
        },
        MatchEnd::Resigned { seat } => {
            if table.players.len() == 2 {
                tr(
                    lang,
                    "result.resigned_wins",
                    &[("who", &name(*seat)), ("winner", &name(1 - *seat))],
                )
            } else {
                tr(lang, "result.resigned", &[("who", &name(*seat))])
            }
        }
    }
}

/// Boxes claimed by each seat, in Dots and Boxes.
fn box_scores(table: &Table) -> Option<[u32; 2]> {
    match &table.game {
        crate::game::AnyGame::Dots(dots) => Some(dots.scores()),
        _ => None,
    }
}

fn match_controls(table: &Table, id: &dyn Fn(Control) -> String) -> Vec<CreateActionRow> {
    let lang = table.lang;
    let label = |key: &str| tr(lang, key, &[]);
    if matches!(table.phase, Phase::Finished(_)) {
        return vec![CreateActionRow::Buttons(vec![button(
            id(Control::Rematch),
            label("button.rematch"),
            ButtonStyle::Primary,
        )])];
    }
    let game = &table.game;
    let mut rows = Vec::new();
    let all = game.all_moves();
    let move_button = |mv: Move| {
        button(
            id(Control::Move(mv)),
            game.move_name(mv),
            ButtonStyle::Secondary,
        )
        .disabled(!game.is_legal(mv))
    };
    match table.kind {
        GameKind::Connect4 | GameKind::Connect4ThreePlayer => {
            // Two rows: the first one holds the larger half.
            let split = all.len().div_ceil(2);
            rows.push(CreateActionRow::Buttons(
                all[..split].iter().map(|&m| move_button(m)).collect(),
            ));
            rows.push(CreateActionRow::Buttons(
                all[split..].iter().map(|&m| move_button(m)).collect(),
            ));
        }
        GameKind::Connect4ThreeD => {
            for row in all.chunks(4) {
                rows.push(CreateActionRow::Buttons(
                    row.iter().map(|&m| move_button(m)).collect(),
                ));
            }
        }
        GameKind::Dots { .. } => {
            let free = game.legal_moves();
            for (i, chunk) in free.chunks(25).enumerate().take(4) {
                let options = chunk
                    .iter()
                    .map(|&m| CreateSelectMenuOption::new(game.move_name(m), game.move_name(m)))
                    .collect();
                let first = game.move_name(chunk[0]);
                let last = game.move_name(chunk[chunk.len() - 1]);
                rows.push(CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(
                        id(Control::MoveMenu(i as u8)),
                        CreateSelectMenuKind::String { options },
                    )
                    .placeholder(tr(
                        lang,
                        "board.menu",
                        &[("first", &first), ("last", &last)],
                    )),
                ));
            }
        }
    }
    let mut controls = Vec::new();
    if table.undo_request.is_some() {
        controls.push(button(
            id(Control::UndoAnswer(true)),
            label("button.accept"),
            ButtonStyle::Success,
        ));
        controls.push(button(
            id(Control::UndoAnswer(false)),
            label("button.decline"),
            ButtonStyle::Danger,
        ));
    }
    controls.push(button(
        id(Control::Resign),
        label("button.resign"),
        ButtonStyle::Danger,
    ));
    if offers_undo(table) && table.undo_request.is_none() {
        controls.push(button(
            id(Control::Undo),
            label("button.undo"),
            ButtonStyle::Secondary,
        ));
    }
    if offers_hint(table) {
        controls.push(button(
            id(Control::Hint),
            label("button.hint"),
            ButtonStyle::Primary,
        ));
    }
    rows.push(CreateActionRow::Buttons(controls));
    rows
}

/// Undo is a Dots and Boxes control (SPEC 1.4).
pub fn offers_undo(table: &Table) -> bool {
    matches!(table.kind, GameKind::Dots { .. })
}

/// Hint: always in Connect Four 3D, and in every game against the CPU.
pub fn offers_hint(table: &Table) -> bool {
    table.kind == GameKind::Connect4ThreeD || table.players.iter().any(Player::is_cpu)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::Level;
    use crate::table::{Action, Opening};
    use rand::SeedableRng;

    const HOST: u64 = 10;

    /// A 3 × 3 Dots and Boxes table where the host plays both seats.
    fn dots_table() -> Table {
        let opening = Opening {
            no: 1,
            guild: 3,
            channel: 2,
            kind: GameKind::Dots {
                width: 3,
                height: 3,
            },
            host: HOST,
            host_name: "host".into(),
            level: Level::Easy,
            invited: Vec::new(),
            self_play: true,
            host_seat: None,
            lang: crate::i18n::Lang::En,
        };
        Table::open(opening, 0, &mut rand::rngs::StdRng::seed_from_u64(1))
            .unwrap()
            .0
    }

    fn draw(table: &mut Table, line: &str) {
        let mv = table.game.parse_move(line).unwrap();
        table
            .apply(
                Action::Move {
                    user: HOST,
                    mv,
                    stamp: None,
                },
                0,
            )
            .unwrap();
    }

    #[test]
    fn dots_text_tells_the_extra_move_and_the_score() {
        let mut table = dots_table();
        for line in ["a1-b1", "a1-a2", "b1-b2"] {
            draw(&mut table, line);
        }
        let text = board_message(&table).content;
        assert!(text.contains("Last move: 🔴 line b1-b2\n"), "{text}");
        assert!(text.contains("**Turn:** 🟡"), "{text}");
        draw(&mut table, "a2-b2");
        let text = board_message(&table).content;
        assert!(
            text.contains("Last move: 🟡 line a2-b2 — box claimed: another move"),
            "{text}"
        );
        assert!(text.contains("Boxes: 🔴 0 · 🟡 1"), "{text}");
        assert!(text.contains("**Turn:** 🟡"), "{text}");
        table.phase = Phase::Finished(MatchEnd::Board(Outcome::Win {
            seat: 1,
            lines: Vec::new(),
        }));
        let text = board_message(&table).content;
        assert!(text.contains("yellow × <@10> wins 1–0!**"), "{text}");
        assert!(!text.contains("Boxes:"), "the result carries the score");
        assert!(!text.contains("another move"), "{text}");
    }

    #[test]
    fn a_dots_draw_shows_the_score_and_connect_four_the_full_board() {
        let mut table = dots_table();
        table.phase = Phase::Finished(MatchEnd::Board(Outcome::Draw));
        let text = board_message(&table).content;
        assert!(text.ends_with("**Draw!** 0–0"), "{text}");
        table.kind = GameKind::Connect4;
        table.game = crate::game::AnyGame::new(GameKind::Connect4).unwrap();
        let text = board_message(&table).content;
        assert!(text.ends_with("**Draw!** The board is full."), "{text}");
    }
}

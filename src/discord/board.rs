//! The board message: text, controls and image for a table as it is now.

use super::ids::{Control, ControlId};
use crate::game::{Game, GameKind, Move, Outcome, Seat};
use crate::table::{Answer, Closed, MatchEnd, Phase, Player, Table};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

/// Colour name, emoji and mark of each seat.
pub const SEAT_STYLE: [(&str, &str, &str); 3] = [
    ("red", "🔴", "○"),
    ("yellow", "🟡", "×"),
    ("blue", "🔵", "☆"),
];

/// The text and controls of a board message, without its image.
pub struct BoardMessage {
    pub content: String,
    pub components: Vec<CreateActionRow>,
    /// People this message may ping (only invited people, on invitations).
    pub ping: Vec<u64>,
    /// Whether the message shows the board image.
    pub with_image: bool,
}

fn seat_label(seat: Seat) -> String {
    let (colour, emoji, mark) = SEAT_STYLE[seat as usize % 3];
    format!("{emoji} {colour} {mark}")
}

pub fn player_label(player: &Player) -> String {
    match player {
        Player::Person { id, .. } => format!("<@{id}>"),
        Player::Cpu { level } => format!("CPU ({})", level.name()),
    }
}

/// A seat's plain name, for images.
pub fn player_name(player: &Player) -> String {
    match player {
        Player::Person { name, .. } => name.clone(),
        Player::Cpu { level } => format!("CPU ({})", level.name()),
    }
}

fn move_word(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Connect4 | GameKind::Connect4ThreePlayer => "column",
        GameKind::Connect4ThreeD => "rod",
        GameKind::Dots { .. } => "line",
    }
}

/// The message for a table in any phase.
pub fn board_message(table: &Table) -> BoardMessage {
    let title = table.kind.title();
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
                .map(|i| {
                    let state = match i.answer {
                        Answer::Waiting => "",
                        Answer::Accepted => " (accepted)",
                        Answer::Declined => " (declined: the CPU takes the seat)",
                    };
                    format!("<@{}>{state}", i.id)
                })
                .collect();
            BoardMessage {
                content: format!(
                    "{}, {host} invites you to play **{title}**! Accept or decline within 5 minutes.",
                    invited.join(", ")
                ),
                components: vec![CreateActionRow::Buttons(vec![
                    CreateButton::new(id(Control::Accept)).label("Accept").style(ButtonStyle::Success),
                    CreateButton::new(id(Control::Decline)).label("Decline").style(ButtonStyle::Danger),
                ])],
                ping: invites.iter().filter(|i| i.answer == Answer::Waiting).map(|i| i.id).collect(),
                with_image: false,
            }
        }
        Phase::Closed(why) => {
            let content = match why {
                Closed::Declined { by } => {
                    format!("<@{by}> declined the invitation to play **{title}**.")
                }
                Closed::Expired => {
                    format!("The invitation to play **{title}** expired without an answer.")
                }
                Closed::Ended => format!("This **{title}** table was ended."),
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
    let mut lines = Vec::new();
    let seats: Vec<String> = table
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {}", seat_label(s as Seat), player_label(p)))
        .collect();
    let round = if table.matches > 1 {
        format!(" · match {}", table.matches)
    } else {
        String::new()
    };
    lines.push(format!(
        "**{}**{round} — {}",
        table.kind.title(),
        seats.join(" vs ")
    ));
    for id in &table.declined {
        lines.push(format!("<@{id}> declined: a CPU plays that seat."));
    }
    for id in &table.missed {
        lines.push(format!(
            "<@{id}> did not answer in time: a CPU plays that seat."
        ));
    }
    for (seat, id) in &table.resigned {
        lines.push(format!(
            "<@{id}> resigned and left: a CPU plays {} for the rest of the match.",
            seat_label(*seat)
        ));
    }
    if let Some(mv) = table.game.last_move() {
        let by = last_mover(table);
        // Dots and Boxes: a claimed box gives the same seat another move.
        let again = if box_scores(table).is_some()
            && table.phase == Phase::Playing
            && table.game.to_move() == by
        {
            " — box claimed: another move"
        } else {
            ""
        };
        lines.push(format!(
            "Last move: {} {} {}{again}",
            SEAT_STYLE[by as usize % 3].1,
            move_word(table.kind),
            table.game.move_name(mv)
        ));
    }
    if let (Some([a, b]), Phase::Playing) = (box_scores(table), &table.phase) {
        lines.push(format!(
            "Boxes: {} {a} · {} {b}",
            SEAT_STYLE[0].1, SEAT_STYLE[1].1
        ));
    }
    match &table.phase {
        Phase::Playing => {
            if let Some(asker) = table.undo_request {
                lines.push(format!(
                    "↩️ <@{asker}> asks to take back their last move. Opponent: **Accept** or **Decline**?"
                ));
            }
            let seat = table.game.to_move();
            let who = &table.players[seat as usize];
            let thinking = if who.is_cpu() { " — thinking…" } else { "" };
            lines.push(format!(
                "**Turn:** {} {}{thinking}",
                seat_label(seat),
                player_label(who)
            ));
        }
        Phase::Finished(end) => lines.push(result_text(table, end)),
        _ => {}
    }
    lines.join("\n")
}

/// The seat that made the last move of the current match.
fn last_mover(table: &Table) -> Seat {
    // Replay the history: in Dots and Boxes a seat may move several times.
    let mut game = crate::game::AnyGame::new(table.kind).expect("table game");
    let mut by = 0;
    for &mv in &table.history {
        by = game.to_move();
        let _ = game.play(mv);
    }
    by
}

fn result_text(table: &Table, end: &MatchEnd) -> String {
    let name = |seat: Seat| {
        format!(
            "{} {}",
            seat_label(seat),
            player_label(&table.players[seat as usize])
        )
    };
    match end {
        MatchEnd::Board(Outcome::Win { seat, .. }) => match box_scores(table) {
            Some(scores) => {
                let other = 1 - *seat as usize;
                format!(
                    "🏆 **{} wins {}–{}!**",
                    name(*seat),
                    scores[*seat as usize],
                    scores[other]
                )
            }
            None => format!("🏆 **{} wins!**", name(*seat)),
        },
        MatchEnd::Board(Outcome::Draw) => match box_scores(table) {
            Some([a, b]) => format!("**Draw!** {a}–{b}"),
            None => "**Draw!** The board is full.".into(),
        },
        MatchEnd::Resigned { seat } => {
            if table.players.len() == 2 {
                format!("{} resigned. 🏆 **{} wins!**", name(*seat), name(1 - *seat))
            } else {
                format!("{} resigned.", name(*seat))
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
    if matches!(table.phase, Phase::Finished(_)) {
        return vec![CreateActionRow::Buttons(vec![CreateButton::new(id(
            Control::Rematch,
        ))
        .label("Rematch")
        .style(ButtonStyle::Primary)])];
    }
    let game = &table.game;
    let mut rows = Vec::new();
    let all = game.all_moves();
    let button = |mv: Move| {
        CreateButton::new(id(Control::Move(mv)))
            .label(game.move_name(mv))
            .style(ButtonStyle::Secondary)
            .disabled(!game.is_legal(mv))
    };
    match table.kind {
        GameKind::Connect4 | GameKind::Connect4ThreePlayer => {
            // Two rows: the first one holds the larger half.
            let split = all.len().div_ceil(2);
            rows.push(CreateActionRow::Buttons(
                all[..split].iter().map(|&m| button(m)).collect(),
            ));
            rows.push(CreateActionRow::Buttons(
                all[split..].iter().map(|&m| button(m)).collect(),
            ));
        }
        GameKind::Connect4ThreeD => {
            for row in all.chunks(4) {
                rows.push(CreateActionRow::Buttons(
                    row.iter().map(|&m| button(m)).collect(),
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
                    .placeholder(format!("Draw a line ({first} … {last})")),
                ));
            }
        }
    }
    let mut controls = Vec::new();
    if table.undo_request.is_some() {
        controls.push(
            CreateButton::new(id(Control::UndoAnswer(true)))
                .label("Accept")
                .style(ButtonStyle::Success),
        );
        controls.push(
            CreateButton::new(id(Control::UndoAnswer(false)))
                .label("Decline")
                .style(ButtonStyle::Danger),
        );
    }
    controls.push(
        CreateButton::new(id(Control::Resign))
            .label("Resign")
            .style(ButtonStyle::Danger),
    );
    if offers_undo(table) && table.undo_request.is_none() {
        controls.push(
            CreateButton::new(id(Control::Undo))
                .label("Undo")
                .style(ButtonStyle::Secondary),
        );
    }
    if offers_hint(table) {
        controls.push(
            CreateButton::new(id(Control::Hint))
                .label("Hint")
                .style(ButtonStyle::Primary),
        );
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

//! The board message: text, controls and image for a table as it is now,
//! in the table's language.

use super::ids::{Control, ControlId};
use crate::game::{Game, GameKind, Move, Seat};
use crate::i18n::{game_title, tr, GameName, Lang};
use crate::table::{Answer, Closed, Left, MatchEnd, Phase, Player, SeatChange, Table};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

/// Colour key, emoji and mark of each seat.
pub const SEAT_STYLE: [(&str, &str, &str); 3] = [
    ("colour-red", "🔴", "○"),
    ("colour-yellow", "🟡", "×"),
    ("colour-blue", "🔵", "☆"),
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

/// A seat's holder as the message shows it: a mention or the CPU.
pub fn player_label(player: &Player, lang: Lang) -> String {
    match player {
        Player::Person { id, .. } => format!("<@{id}>"),
        Player::Cpu { level } => crate::table::cpu_name(*level, lang),
    }
}

fn move_word(kind: GameKind, lang: Lang) -> String {
    let key = match kind {
        GameKind::Connect4 | GameKind::Connect4ThreePlayer => "word-column",
        GameKind::Connect4ThreeD => "word-rod",
        GameKind::Dots { .. } => "word-line",
    };
    tr(lang, key, &[])
}

fn button(id: String, label: String, style: ButtonStyle) -> CreateButton {
    CreateButton::new(id).label(label).style(style)
}

/// The message for a table in any phase.
#[cfg(test)]
pub fn board_message(table: &Table) -> BoardMessage {
    board_message_live(table, &Live::default())
}

/// What a board offers of the live table besides its own controls.
#[derive(Debug, Clone, Default)]
pub struct Live {
    /// The **Watch live** link to the table's web page.
    pub watch: Option<String>,
    /// **Play live**: the table as a Discord Activity.
    pub play: bool,
}

/// The message for a table, with **Play live** and a **Watch live** link
/// button (as `live` says) while a match is played or shown.
pub fn board_message_live(table: &Table, live: &Live) -> BoardMessage {
    let lang = table.lang();
    let game = GameName::of(table.kind());
    let id = |control| {
        ControlId {
            table: table.no(),
            stamp: table.stamp(),
            control,
        }
        .encode()
    };
    match &table.phase() {
        Phase::Inviting { invites, .. } => {
            let host = format!("<@{}>", table.host());
            let invited: Vec<String> = invites
                .iter()
                .map(|i| match i.answer {
                    Answer::Waiting => format!("<@{}>", i.id),
                    Answer::Accepted => format!("<@{}> {}", i.id, tr(lang, "invite-accepted", &[])),
                    Answer::Declined => format!("<@{}> {}", i.id, tr(lang, "invite-declined", &[])),
                })
                .collect();
            BoardMessage {
                content: tr(
                    lang,
                    "invite-text",
                    &[
                        ("invited", &invited.join(", ")),
                        ("host", &host),
                        ("game", &game),
                    ],
                ),
                components: vec![CreateActionRow::Buttons(offered_buttons(table, &id))],
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
                    "closed-declined",
                    &[("user", &format!("<@{by}>")), ("game", &game)],
                ),
                Closed::Expired => tr(lang, "closed-expired", &[("game", &game)]),
                Closed::Ended { by } => tr(
                    lang,
                    "closed-ended",
                    &[("game", &game), ("user", &format!("<@{by}>"))],
                ),
                Closed::Idle => tr(lang, "closed-idle", &[("game", &game)]),
                Closed::PlaceGone => tr(lang, "closed-gone", &[("game", &game)]),
            };
            BoardMessage {
                content,
                components: Vec::new(),
                ping: Vec::new(),
                with_image: false,
            }
        }
        Phase::Lobby { seats } => lobby_message(table, seats, &id),
        Phase::Playing | Phase::Finished(_) => {
            let mut components = match_controls(table, &id);
            if live.play {
                let play = button(
                    id(Control::PlayLive),
                    tr(lang, "button-play-live", &[]),
                    ButtonStyle::Primary,
                );
                add_last(&mut components, play);
            }
            if let Some(url) = &live.watch {
                let watch = CreateButton::new_link(url).label(tr(lang, "button-watch-live", &[]));
                add_last(&mut components, watch);
            }
            BoardMessage {
                content: match_text(table),
                components,
                ping: Vec::new(),
                with_image: true,
            }
        }
    }
}

/// Puts `button` after the last one: in the last row of buttons if it has
/// room, in a row of its own if the message has room, else in place of the
/// last control (which `/leave`, `/resign` and the others also reach).
fn add_last(rows: &mut Vec<CreateActionRow>, button: CreateButton) {
    let room_in_last = matches!(rows.last(), Some(CreateActionRow::Buttons(b)) if b.len() < 5);
    if !room_in_last && rows.len() < 5 {
        rows.push(CreateActionRow::Buttons(vec![button]));
        return;
    }
    if let Some(CreateActionRow::Buttons(buttons)) = rows.last_mut() {
        if !room_in_last {
            buttons.pop();
        }
        buttons.push(button);
    }
}

fn match_text(table: &Table) -> String {
    let lang = table.lang();
    let mut lines = Vec::new();
    let seats: Vec<String> = table
        .players()
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {}", seat_label(s as Seat, lang), player_label(p, lang)))
        .collect();
    let round = if table.matches() > 1 {
        format!(" · {}", tr(lang, "board-match", &[("n", &table.matches())]))
    } else {
        String::new()
    };
    let vs = format!(" {} ", tr(lang, "board-vs", &[]));
    lines.push(format!(
        "**{}**{round} · {} — {}",
        game_title(table.kind(), lang),
        state_and_rules(table),
        seats.join(&vs)
    ));
    let mention = |id: &u64| format!("<@{id}>");
    for id in table.declined() {
        lines.push(tr(lang, "board-declined", &[("user", &mention(id))]));
    }
    for id in table.missed() {
        lines.push(tr(lang, "board-missed", &[("user", &mention(id))]));
    }
    for departure in table.departed() {
        if let Some(back) = departure.back {
            lines.push(tr(
                lang,
                "board-rejoined",
                &[
                    ("user", &mention(&departure.user)),
                    ("seat", &seat_label(departure.seat, lang)),
                    ("move", &back),
                ],
            ));
            continue;
        }
        let key = match departure.why {
            Left::Resigned => "board-resigned-left",
            Left::TimedOut => "board-timed-out-left",
            Left::Abandoned => "board-abandoned-left",
        };
        lines.push(tr(
            lang,
            key,
            &[
                ("user", &mention(&departure.user)),
                ("seat", &seat_label(departure.seat, lang)),
            ],
        ));
    }
    if table.deserted() {
        lines.push(tr(lang, "board-deserted", &[]));
    }
    for change in table.next_seats() {
        let seat = seat_label(change.seat(), lang);
        lines.push(match change {
            SeatChange::Reserve { id, .. } => tr(
                lang,
                "board-reserved",
                &[("user", &mention(id)), ("seat", &seat)],
            ),
            SeatChange::Free { .. } => tr(lang, "board-freed", &[("seat", &seat)]),
            SeatChange::Vacate { .. } => tr(lang, "board-vacated", &[("seat", &seat)]),
        });
    }
    if let Some(mv) = table.game().last_move() {
        let by = last_mover(table);
        let mut line = tr(
            lang,
            "board-last-move",
            &[
                ("emoji", &SEAT_STYLE[by as usize % 3].1),
                ("word", &move_word(table.kind(), lang)),
                ("move", &table.game().move_name(mv)),
            ],
        );
        // Dots and Boxes: a claimed box gives the same seat another move.
        if box_scores(table).is_some()
            && *table.phase() == Phase::Playing
            && table.game().to_move() == by
        {
            line.push(' ');
            line.push_str(&tr(lang, "board-box-again", &[]));
        }
        lines.push(line);
    }
    if let (Some([a, b]), Phase::Playing) = (box_scores(table), &table.phase()) {
        lines.push(tr(
            lang,
            "board-boxes",
            &[
                ("a", &format!("{} {a}", SEAT_STYLE[0].1)),
                ("b", &format!("{} {b}", SEAT_STYLE[1].1)),
            ],
        ));
    }
    if *table.phase() == Phase::Playing && table.ranked_match() {
        lines.push(tr(lang, "board-ranked", &[]));
    }
    if let Some(puzzle) = &table.puzzle() {
        lines.push(puzzle_line(table, puzzle));
    }
    match &table.phase() {
        Phase::Playing => {
            if let Some(asker) = table.undo_request() {
                lines.push(tr(
                    lang,
                    "board-undo-request",
                    &[
                        ("user", &mention(&asker)),
                        ("accept", &tr(lang, "button-accept", &[])),
                        ("decline", &tr(lang, "button-decline", &[])),
                    ],
                ));
            }
            let seat = table.game().to_move();
            let who = &table.players()[seat as usize];
            let mut who_text = format!("{} {}", seat_label(seat, lang), player_label(who, lang));
            if let Some(paused) = &table.paused() {
                lines.push(tr(
                    lang,
                    "board-paused",
                    &[
                        ("host", &mention(&table.host())),
                        ("since", &relative_time(paused.at)),
                    ],
                ));
            } else if who.is_cpu() {
                who_text.push(' ');
                who_text.push_str(&tr(lang, "board-thinking", &[]));
            } else if let Some(clock) = &table.clock() {
                who_text.push(' ');
                who_text.push_str(&tr(
                    lang,
                    "board-clock",
                    &[("when", &relative_time(clock.deadline))],
                ));
            }
            lines.push(tr(lang, "board-turn", &[("who", &who_text)]));
        }
        Phase::Finished(end) => {
            lines.push(result_text(table, end));
            if !table.rating_changes().is_empty() {
                let changes: Vec<String> = table
                    .rating_changes()
                    .iter()
                    .map(|c| {
                        tr(
                            lang,
                            "rating-after-match",
                            &[
                                ("name", &mention(&c.user)),
                                ("rating", &c.rating.to_string()),
                                (
                                    "provisional",
                                    &if c.provisional {
                                        tr(lang, "rating-provisional-mark", &[])
                                    } else {
                                        String::new()
                                    },
                                ),
                                ("change", &crate::rating::signed(c.change)),
                            ],
                        )
                    })
                    .collect();
                lines.push(format!("⚖️ {}", changes.join(" · ")));
            }
        }
        _ => {}
    }
    lines.join("\n")
}

/// A puzzle table's task while it is played, and then whether it was
/// solved (with how many in the server solved the day's puzzle).
fn puzzle_line(table: &Table, puzzle: &crate::table::Puzzle) -> String {
    let lang = table.lang();
    let date = date_of_day(puzzle.day);
    match table.puzzle_solved() {
        None => {
            let key = match table.kind() {
                GameKind::Dots { .. } => "puzzle-task-dots",
                _ => "puzzle-task-connect4",
            };
            tr(
                lang,
                key,
                &[
                    ("date", &date),
                    ("n", &puzzle.goal),
                    ("margin", &crate::rating::signed(i64::from(puzzle.goal))),
                ],
            )
        }
        Some(true) => tr(
            lang,
            "puzzle-solved",
            &[("date", &date), ("n", &puzzle.solvers)],
        ),
        Some(false) => tr(lang, "puzzle-not-solved", &[("date", &date)]),
    }
}

/// `YYYY-MM-DD` of a day counted from 1970-01-01 (the proleptic Gregorian
/// calendar, by the usual era arithmetic).
pub fn date_of_day(day: u64) -> String {
    let z = day as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The seat that made the last move of the current match.
fn last_mover(table: &Table) -> Seat {
    table.last_mover().unwrap_or(0)
}

fn result_text(table: &Table, end: &MatchEnd) -> String {
    let lang = table.lang();
    let name = |seat: Seat| {
        format!(
            "{} {}",
            seat_label(seat, lang),
            player_label(&table.players()[seat as usize], lang)
        )
    };
    table.result_text(end, lang, &name)
}

/// Boxes claimed by each seat, in Dots and Boxes.
fn box_scores(table: &Table) -> Option<[u32; 2]> {
    match &table.game() {
        crate::game::AnyGame::Dots(dots) => Some(dots.scores()),
        _ => None,
    }
}

fn match_controls(table: &Table, id: &dyn Fn(Control) -> String) -> Vec<CreateActionRow> {
    let lang = table.lang();
    if matches!(table.phase(), Phase::Finished(_)) {
        return finished_controls(table, id);
    }
    let game = &table.game();
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
    match table.kind() {
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
                        "board-menu",
                        &[("first", &first), ("last", &last)],
                    )),
                ));
            }
        }
    }
    // Board rows come first; the controls fill what Discord leaves (five
    // rows of five), most needed first.
    let controls = offered_buttons(table, id);
    if !table.moves_enabled() {
        for row in rows.iter_mut() {
            *row = disabled(row.clone());
        }
    }
    let room = 5usize.saturating_sub(rows.len());
    rows.extend(
        controls
            .chunks(5)
            .take(room)
            .map(|chunk| CreateActionRow::Buttons(chunk.to_vec())),
    );
    rows
}

/// The buttons of the controls the table offers, in its order.
fn offered_buttons(table: &Table, id: &dyn Fn(Control) -> String) -> Vec<CreateButton> {
    table
        .controls()
        .into_iter()
        .map(|offer| {
            let button = control_button(table, id, Control::offered(offer.control, table));
            if offer.enabled {
                button
            } else {
                button.disabled(true)
            }
        })
        .collect()
}

/// A table control's button: its label in the table's language and its
/// colour.
fn control_button(table: &Table, id: &dyn Fn(Control) -> String, control: Control) -> CreateButton {
    let (key, style) = match control {
        Control::Resume => ("button-resume", ButtonStyle::Success),
        Control::UndoAnswer(true) | Control::Accept => ("button-accept", ButtonStyle::Success),
        Control::UndoAnswer(false) | Control::Decline => ("button-decline", ButtonStyle::Danger),
        Control::Resign => ("button-resign", ButtonStyle::Danger),
        Control::Undo => ("button-undo", ButtonStyle::Secondary),
        Control::Hint => ("button-hint", ButtonStyle::Primary),
        Control::Pause => ("button-pause", ButtonStyle::Secondary),
        Control::Join => ("button-join", ButtonStyle::Success),
        Control::Rejoin => ("button-rejoin", ButtonStyle::Success),
        Control::Leave => ("button-leave", ButtonStyle::Secondary),
        Control::Start => ("button-start", ButtonStyle::Primary),
        Control::FreeSeat => ("button-free-seat", ButtonStyle::Secondary),
        Control::Rematch => ("button-rematch", ButtonStyle::Primary),
        Control::Replay(_) => ("button-replay", ButtonStyle::Secondary),
        Control::PlayLive => ("button-play-live", ButtonStyle::Primary),
        Control::Move(_) | Control::MoveMenu(_) => ("board-menu", ButtonStyle::Secondary),
    };
    button(id(control), tr(table.lang(), key, &[]), style)
}

/// A row of move controls, greyed out (while the match is paused).
fn disabled(row: CreateActionRow) -> CreateActionRow {
    match row {
        CreateActionRow::Buttons(buttons) => {
            CreateActionRow::Buttons(buttons.into_iter().map(|b| b.disabled(true)).collect())
        }
        CreateActionRow::SelectMenu(menu) => CreateActionRow::SelectMenu(menu.disabled(true)),
        other => other,
    }
}

/// The controls of a finished match: rematch, and the seat changes that
/// wait for the next one.
fn finished_controls(table: &Table, id: &dyn Fn(Control) -> String) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(offered_buttons(table, id))]
}

/// A Discord timestamp that every reader sees in their own time ("in 42
/// seconds", "2 minutes ago").
pub fn relative_time(ms: u64) -> String {
    format!("<t:{}:R>", ms / 1000)
}

/// The table's state (open, playing, paused, over, ended) and its rules.
fn state_and_rules(table: &Table) -> String {
    let lang = table.lang();
    let state = match &table.phase() {
        Phase::Lobby { .. } => "state-open",
        Phase::Inviting { .. } => "state-inviting",
        Phase::Playing if table.paused().is_some() => "state-paused",
        Phase::Playing => "state-playing",
        Phase::Finished(_) => "state-over",
        Phase::Closed(_) => "state-ended",
    };
    let mut parts = vec![tr(lang, state, &[])];
    if let Some(seconds) = table.rules().timer {
        parts.push(tr(lang, "rules-timer", &[("seconds", &seconds)]));
    }
    if !table.rules().rotate {
        parts.push(tr(lang, "rules-same-starter", &[]));
    }
    parts.join(" · ")
}

/// An open table before its match: the seats, and Join / Leave / Start.
fn lobby_message(
    table: &Table,
    seats: &[Option<Player>],
    id: &dyn Fn(Control) -> String,
) -> BoardMessage {
    let lang = table.lang();
    let mut lines = vec![format!(
        "**{}** · {}",
        game_title(table.kind(), lang),
        state_and_rules(table)
    )];
    for (seat, player) in seats.iter().enumerate() {
        let holder = match player {
            Some(p) => player_label(p, lang),
            None => tr(lang, "lobby-free", &[]),
        };
        lines.push(format!("{} {holder}", seat_label(seat as Seat, lang)));
    }
    let level = tr(lang, &format!("level-{}", table.level().name()), &[]);
    lines.push(tr(
        lang,
        "lobby-text",
        &[("host", &format!("<@{}>", table.host())), ("level", &level)],
    ));
    BoardMessage {
        content: lines.join("\n"),
        components: vec![CreateActionRow::Buttons(offered_buttons(table, id))],
        ping: Vec::new(),
        with_image: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::table::test_support::{ok, open, play, set_game, set_phase, HOST};

    #[test]
    fn days_read_as_dates() {
        assert_eq!(date_of_day(0), "1970-01-01");
        assert_eq!(date_of_day(59), "1970-03-01");
        assert_eq!(date_of_day(11_016), "2000-02-29");
        // 2026-11-30, this project's own day.
        assert_eq!(date_of_day(20_787), "2026-11-30");
    }

    /// A 3 × 3 Dots and Boxes table where the host plays both seats.
    fn dots_table() -> Table {
        open(GameKind::Dots {
            width: 3,
            height: 3,
        })
        .self_play()
        .at(0)
    }

    fn draw(table: &mut Table, line: &str) {
        let mv = table.game().parse_move(line).unwrap();
        ok(table, play(HOST, mv), 0);
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
        set_phase(
            &mut table,
            Phase::Finished(MatchEnd::Board(Outcome::Win {
                seat: 1,
                lines: Vec::new(),
            })),
        );
        let text = board_message(&table).content;
        assert!(text.contains("yellow × <@10> wins 1–0!**"), "{text}");
        assert!(!text.contains("Boxes:"), "the result carries the score");
        assert!(!text.contains("another move"), "{text}");
    }

    #[test]
    fn a_dots_draw_shows_the_score_and_connect_four_the_full_board() {
        let mut table = dots_table();
        set_phase(&mut table, Phase::Finished(MatchEnd::Board(Outcome::Draw)));
        let text = board_message(&table).content;
        assert!(text.ends_with("**Draw!** 0–0"), "{text}");
        set_game(&mut table, GameKind::Connect4);
        let text = board_message(&table).content;
        assert!(text.ends_with("**Draw!** The board is full."), "{text}");
    }

    #[test]
    fn a_deserted_table_says_it_is_closed_and_offers_only_its_replay() {
        use crate::table::test_support::leave;
        let mut table = open(GameKind::Connect4ThreePlayer).at(0);
        ok(&mut table, leave(HOST), 1);
        while table.phase() == &Phase::Playing {
            let mv = table.game().legal_moves()[0];
            let stamp = table.stamp();
            ok(&mut table, crate::table::Action::CpuMove { mv, stamp }, 2);
        }
        let message = board_message(&table);
        assert!(
            message.content.contains("Everyone left"),
            "{}",
            message.content
        );
        let offered: Vec<_> = table.controls().iter().map(|o| o.control).collect();
        assert_eq!(
            offered,
            [crate::table::Control::Replay],
            "nothing to play: the match can only be watched again"
        );
    }
}

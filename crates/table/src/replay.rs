//! The words of a match's replay ([`boardbot_render::replay`]) in the
//! reader's language: which match, how it ended, and the turning points of
//! its review when it has one; for `/replay`, the Replay button and
//! `boardbot replay`.

use crate::review::move_caption;
use crate::table::{MatchRecord, Player};
use boardbot_engine::cpu::review::{self, Review};
use boardbot_engine::game::{AnyGame, Game, Outcome, Seat};
use boardbot_render::{self as render, Animation, ReplayMatch, TurningMark};
use boardbot_words::{escape_markdown, tr, GameName, Lang};

/// The replay of match `id` with its words in `lang`, the turning points
/// of `review` marked; `None` when the record does not replay.
pub fn animation(
    lang: Lang,
    id: u64,
    record: &MatchRecord,
    review: Option<&Review>,
) -> Option<Animation> {
    let (kind, moves) = record.replay()?;
    let positions = review::positions(kind, &moves)?;
    let names: Vec<String> = (0..kind.seat_count() as Seat)
        .map(|seat| seat_name(record, seat, lang))
        .collect();
    let who = |seat: Seat| {
        format!(
            "{} ({})",
            names.get(seat as usize).map_or("", String::as_str),
            render::seat_label(seat, lang)
        )
    };
    let last = positions.last()?;
    let marks = review
        .map(|r| turning_marks(lang, r, &positions))
        .unwrap_or_default();
    render::replay(&ReplayMatch {
        kind,
        moves,
        title: tr(
            lang,
            "replay-title",
            &[("id", &id.to_string()), ("game", &GameName(&record.game))],
        ),
        ending: ending(lang, record, last, &who),
        names,
        marks,
        lang,
    })
}

/// The message the replay comes with (Discord markdown, names escaped).
pub fn replay_text(lang: Lang, id: u64, record: &MatchRecord) -> String {
    let players = record
        .seats
        .iter()
        .map(|s| match &s.player {
            Player::Person { name, .. } => escape_markdown(name),
            cpu => cpu.plain_name(lang),
        })
        .collect::<Vec<_>>()
        .join(" · ");
    tr(
        lang,
        "replay-text",
        &[
            ("id", &id.to_string()),
            ("game", &GameName(&record.game)),
            ("players", &players),
        ],
    )
}

/// A seat's name as the images print it: the person's, or the CPU's with
/// its level.
fn seat_name(record: &MatchRecord, seat: Seat, lang: Lang) -> String {
    record
        .seats
        .get(seat as usize)
        .map(|s| s.player.plain_name(lang))
        .unwrap_or_default()
}

/// How the match ended, for its last frame: the winner (with the score in
/// Dots and Boxes), a draw, or who resigned, ran out of time or left.
fn ending(
    lang: Lang,
    record: &MatchRecord,
    last: &AnyGame,
    who: &dyn Fn(Seat) -> String,
) -> String {
    let scores = match last {
        AnyGame::Dots(dots) => Some(dots.scores()),
        _ => None,
    };
    match (last.outcome(), scores) {
        (Some(Outcome::Win { seat, .. }), Some(scores)) => tr(
            lang,
            "replay-end-wins-score",
            &[
                ("who", &who(seat)),
                ("a", &scores[seat as usize % 2]),
                ("b", &scores[1 - seat as usize % 2]),
            ],
        ),
        (Some(Outcome::Win { seat, .. }), None) => {
            tr(lang, "replay-end-wins", &[("who", &who(seat))])
        }
        (Some(Outcome::Draw), Some([a, b])) => {
            tr(lang, "replay-end-draw-score", &[("a", &a), ("b", &b)])
        }
        (Some(Outcome::Draw), None) => tr(lang, "replay-end-draw", &[]),
        (None, _) => {
            let key = match record.result.as_str() {
                "resigned" => "replay-end-resigned",
                "timeout" => "replay-end-timed-out",
                "abandoned" => "replay-end-abandoned",
                // Not finished (the offline tool replays any moves).
                _ => {
                    return tr(
                        lang,
                        "replay-end-unfinished",
                        &[("who", &who(last.to_move()))],
                    )
                }
            };
            match forfeit_seat(record) {
                Some(seat) => {
                    let mut text = tr(lang, key, &[("who", &who(seat))]);
                    if let Some(winner) = record.winner {
                        text.push(' ');
                        text += &tr(lang, "replay-end-winner", &[("who", &who(winner))]);
                    }
                    text
                }
                None => tr(lang, "replay-end-stopped", &[]),
            }
        }
    }
}

/// The seat that resigned, ran out of time or left: the winner's opponent
/// in a two-seat match; with three, the last person still seated (the
/// match ends when no one else is).
fn forfeit_seat(record: &MatchRecord) -> Option<Seat> {
    if record.seats.len() == 2 {
        return record.winner.map(|w| 1 - w);
    }
    let mut seated = record
        .seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.left.is_none() && s.player.person_id().is_some());
    match (seated.next(), seated.next()) {
        (Some((seat, _)), None) => Some(seat as Seat),
        _ => None,
    }
}

/// The review's turning points with the review picture's own words: what
/// the move played led to, and the better move.
fn turning_marks(lang: Lang, review: &Review, positions: &[AnyGame]) -> Vec<TurningMark> {
    review
        .turning_points()
        .filter_map(|m| {
            let before = positions.get(m.ply)?;
            let played = move_caption(
                lang,
                review,
                before,
                "review-caption-played",
                &before.move_name(m.played),
                m.after,
            );
            let words = match m.grade.better() {
                Some(better) => {
                    let better = move_caption(
                        lang,
                        review,
                        before,
                        "review-caption-better",
                        &before.move_name(better),
                        m.before,
                    );
                    format!("{played} · {better}")
                }
                None => played,
            };
            Some(TurningMark { ply: m.ply, words })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::SeatRecord;
    use boardbot_engine::cpu::Level;

    fn record(
        game: &str,
        size: &str,
        moves: &[&str],
        result: &str,
        winner: Option<Seat>,
    ) -> MatchRecord {
        let person = |id: u64, name: &str| {
            SeatRecord::held(Player::Person {
                id,
                name: name.into(),
            })
        };
        MatchRecord {
            table: 1,
            match_no: 1,
            guild: 1,
            channel: 1,
            game: game.into(),
            size: size.into(),
            seats: vec![
                person(5, "ann *the* first"),
                SeatRecord::held(Player::Cpu { level: Level::Easy }),
            ],
            moves: moves.iter().map(|m| m.to_string()).collect(),
            result: result.into(),
            winner,
            ended_by: "board".into(),
            started_at: 0,
            ended_at: 1,
            ranked: false,
        }
    }

    fn frames(animation: &Animation) -> usize {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&animation.gif[..]).unwrap();
        let mut n = 0;
        while decoder.read_next_frame().unwrap().is_some() {
            n += 1;
        }
        n
    }

    #[test]
    fn the_ending_says_who_won_drew_or_resigned() {
        let won = record(
            "connect4",
            "7x6",
            &["1", "2", "1", "2", "1", "2", "1"],
            "win",
            Some(0),
        );
        let replay = animation(Lang::En, 12, &won, None).unwrap();
        assert_eq!(frames(&replay), 9);
        assert!(
            replay.alt.starts_with("Match #12 · Connect Four"),
            "{}",
            replay.alt
        );
        assert!(
            replay
                .alt
                .ends_with("ann *the* first (red ○) wins with four in a row."),
            "the image takes the name as it is: {}",
            replay.alt
        );
        let resigned = record("connect4", "7x6", &["4", "4"], "resigned", Some(1));
        let alt = animation(Lang::En, 3, &resigned, None).unwrap().alt;
        assert!(
            alt.ends_with("ann *the* first (red ○) resigned. CPU (easy) (yellow ×) wins."),
            "{alt}"
        );
        let alt = animation(Lang::Fr, 3, &resigned, None).unwrap().alt;
        assert!(
            alt.contains("a abandonné") && alt.contains("Partie n° 3"),
            "{alt}"
        );
        // Dots and Boxes ends on the score.
        let mut game = AnyGame::new(boardbot_engine::game::GameKind::Dots {
            width: 3,
            height: 3,
        })
        .unwrap();
        let mut names = Vec::new();
        while !game.is_over() {
            let mv = game.legal_moves()[0];
            names.push(game.move_name(mv));
            game.play(mv).unwrap();
        }
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let dots = record(
            "dots",
            "3x3",
            &names,
            "win",
            game.outcome().and_then(|o| o.winner()),
        );
        let alt = animation(Lang::En, 4, &dots, None).unwrap().alt;
        let AnyGame::Dots(d) = &game else {
            unreachable!()
        };
        let [a, b] = d.scores();
        assert!(
            alt.contains(&format!("{}–{}.", a.max(b), a.min(b))),
            "{alt}"
        );
        let broken = record("connect4", "7x6", &["1", "9"], "win", None);
        assert!(animation(Lang::En, 5, &broken, None).is_none());
    }

    #[test]
    fn a_reviewed_match_marks_its_turning_points() {
        // 177461 then 4: a won position thrown to a draw; 6 wins.
        let record = record(
            "connect4",
            "7x6",
            &["1", "7", "7", "4", "6", "1", "4"],
            "resigned",
            Some(1),
        );
        let (kind, moves) = record.replay().unwrap();
        let positions = review::positions(kind, &moves).unwrap();
        let review = crate::review::tests::thrown_win_reviewed(&record);
        let marks = turning_marks(Lang::En, &review, &positions);
        assert_eq!(marks.len(), 1, "{marks:?}");
        assert_eq!(marks[0].ply, 6);
        assert!(marks[0].words.contains("Played 4: draw"), "{:?}", marks[0]);
        assert!(marks[0].words.contains("Better 6: win"), "{:?}", marks[0]);
        let alt = animation(Lang::En, 9, &record, Some(&review)).unwrap().alt;
        assert!(alt.contains("Turning point marked at move 7."), "{alt}");
    }

    #[test]
    fn the_message_escapes_names() {
        let record = record("connect4", "7x6", &[], "resigned", Some(1));
        let text = replay_text(Lang::En, 8, &record);
        assert!(text.contains(r"ann \*the\* first · CPU (easy)"), "{text}");
        assert!(text.contains("#8"), "{text}");
    }
}

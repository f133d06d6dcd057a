//! The words and the picture of a match review ([`boardbot_engine::cpu::review`]),
//! in the reader's language: for `/review` and for `boardbot review`.

use crate::table::{MatchRecord, Player};
use boardbot_engine::cpu::review::{Grade, MoveReview, Review, Value};
use boardbot_engine::game::{AnyGame, Game, GameKind, Move, Seat};
use boardbot_render::{self as render, Image, ReviewPicture, StripPoint};
use boardbot_words::{escape_markdown, tr, GameName, Lang};

/// How many turning points the text lists (the picture shows the biggest).
const LISTED: usize = 6;

/// A seat's name in the record (a person's name or the CPU and its level).
fn seat_name(record: &MatchRecord, seat: Seat, lang: Lang) -> String {
    record
        .seats
        .get(seat as usize)
        .map(|s| s.player.plain_name(lang))
        .unwrap_or_default()
}

/// A seat's name for the review's text (Discord markdown): a person's
/// name escaped, the CPU's as it is.
fn shown_name(record: &MatchRecord, seat: Seat, lang: Lang) -> String {
    match record.seats.get(seat as usize).map(|s| &s.player) {
        Some(Player::Person { name, .. }) => escape_markdown(name),
        _ => seat_name(record, seat, lang),
    }
}

/// How a value reads for the mover of the position `game` (before their
/// move): "win in 4", "draw", "loss", "win by 3"...
pub fn outlook(lang: Lang, kind: GameKind, game: &AnyGame, value: Value) -> String {
    // The solver's score counts stones: the mover's own moves to the win,
    // this one counted (as the hint says it).
    let plies = game.plies() as i32;
    let (mine, theirs) = (plies / 2, plies - plies / 2);
    let (key, n) = match (kind, value) {
        (_, Value::Unknown) => ("outlook-unknown", None),
        (GameKind::Dots { .. }, Value::Exact(m)) if m > 0 => ("outlook-win-by", Some(m)),
        (GameKind::Dots { .. }, Value::Exact(m)) if m < 0 => ("outlook-loss-by", Some(-m)),
        (_, Value::Exact(0)) | (_, Value::Result(0)) => ("outlook-draw", None),
        (_, Value::Exact(s)) if s > 0 => ("outlook-win-in", Some(22 - s - mine)),
        (_, Value::Exact(s)) => ("outlook-loss-in", Some(22 + s - theirs)),
        (_, Value::Result(r)) if r > 0 => ("outlook-win", None),
        (_, Value::Result(_)) => ("outlook-loss", None),
    };
    tr(lang, key, &[("n", &n.unwrap_or_default())])
}

/// The review as text (Discord markdown, names escaped): who played, how
/// it is graded, each seat's tally and the turning points with their
/// better moves.
pub fn review_text(lang: Lang, id: u64, record: &MatchRecord, review: &Review) -> String {
    let positions = boardbot_engine::cpu::review::positions(
        review.kind,
        &review.moves.iter().map(|m| m.played).collect::<Vec<_>>(),
    )
    .unwrap_or_default();
    let seats = review.kind.seat_count();
    let players = (0..seats as Seat)
        .map(|s| shown_name(record, s, lang))
        .collect::<Vec<_>>()
        .join(" · ");
    let mut lines = vec![tr(
        lang,
        "review-title",
        &[
            ("id", &id.to_string()),
            ("game", &GameName(&record.game)),
            ("players", &players),
        ],
    )];
    lines.push(match review.kind {
        GameKind::Connect4 => tr(lang, "review-exact-note", &[]),
        GameKind::Dots { width, height } => {
            let free = boardbot_engine::cpu::dots::levels::hint_exact_free_lines(
                width as usize,
                height as usize,
            );
            tr(lang, "review-dots-note", &[("lines", &free)])
        }
        _ => tr(lang, "review-estimate-note", &[]),
    });
    for seat in 0..seats as Seat {
        let t = review.tally(seat);
        let key = if review.exact {
            "review-tally"
        } else {
            "review-tally-estimate"
        };
        lines.push(tr(
            lang,
            key,
            &[
                ("name", &shown_name(record, seat, lang)),
                ("best", &t.best),
                ("inaccuracies", &t.inaccuracies),
                ("turning", &t.turning_points),
                ("ungraded", &t.not_graded),
            ],
        ));
    }
    for (seat, s) in record.seats.iter().enumerate() {
        let Some(stretch) = s.cpu_played.filter(|c| c.until > c.after) else {
            continue;
        };
        let Some(user) = s.left.or(s.player.person_id()) else {
            continue;
        };
        lines.push(tr(
            lang,
            "review-cpu-stretch",
            &[
                ("user", &format!("<@{user}>")),
                ("seat", &shown_name(record, seat as Seat, lang)),
                ("from", &(stretch.after + 1)),
                ("to", &stretch.until),
            ],
        ));
    }
    let turning: Vec<&MoveReview> = review.turning_points().collect();
    if turning.is_empty() {
        lines.push(tr(lang, "review-no-turning-points", &[]));
    } else {
        lines.push(tr(lang, "review-turning-header", &[]));
        for m in turning.iter().take(LISTED) {
            if let Some(game) = positions.get(m.ply) {
                lines.push(format!(
                    "• {}",
                    turning_point(lang, review.kind, record, game, m)
                ));
            }
        }
        if turning.len() > LISTED {
            let more = turning.len() - LISTED;
            lines.push(tr(lang, "review-more", &[("n", &more)]));
        }
    }
    lines.join("\n")
}

/// One turning point in words.
fn turning_point(
    lang: Lang,
    kind: GameKind,
    record: &MatchRecord,
    game: &AnyGame,
    m: &MoveReview,
) -> String {
    let better = m
        .grade
        .better()
        .map(|b| game.move_name(b))
        .unwrap_or_default();
    let args = |key: &str| {
        tr(
            lang,
            key,
            &[
                ("n", &(m.ply + 1)),
                ("name", &shown_name(record, m.seat, lang)),
                ("played", &game.move_name(m.played)),
                ("better", &better),
                ("before", &outlook(lang, kind, game, m.before)),
                ("after", &outlook(lang, kind, game, m.after)),
            ],
        )
    };
    match m.grade {
        Grade::MissedWin { .. } => args("review-missed-win"),
        Grade::GaveWin { .. } => args("review-gave-win"),
        _ => args("review-mistake"),
    }
}

/// The picture: the biggest turning point (else the last move) with the
/// move played and the better move, and the strip of values.
pub fn picture(
    lang: Lang,
    id: u64,
    record: &MatchRecord,
    review: &Review,
) -> Option<ReviewPicture> {
    let moves: Vec<Move> = review.moves.iter().map(|m| m.played).collect();
    let positions = boardbot_engine::cpu::review::positions(review.kind, &moves)?;
    let focus = review.biggest().or_else(|| review.moves.last())?;
    let before = &positions[focus.ply];
    let names: Vec<String> = (0..review.kind.seat_count() as Seat)
        .map(|s| seat_name(record, s, lang))
        .collect();
    let board_after = |mv: Move| -> Option<Image> {
        let mut g = before.clone();
        g.play(mv).ok()?;
        Some(render::position(&g, &names, lang))
    };
    let played_name = before.move_name(focus.played);
    let caption =
        |key: &str, mv: &str, value: Value| move_caption(lang, review, before, key, mv, value);
    let played_caption = caption("review-caption-played", &played_name, focus.after);
    let better = focus.grade.better().and_then(|b| {
        let caption = caption("review-caption-better", &before.move_name(b), focus.before);
        Some((board_after(b)?, caption))
    });
    let turning_at: Vec<usize> = review.turning_points().map(|m| m.ply + 1).collect();
    let strip = review
        .values
        .iter()
        .enumerate()
        .map(|(i, &v)| StripPoint {
            value: strip_value(review.kind, v),
            mover: i.checked_sub(1).map(|p| review.moves[p].seat),
            turning: turning_at.contains(&i),
        })
        .collect();
    let title = tr(
        lang,
        "review-picture-title",
        &[
            ("id", &id.to_string()),
            ("n", &(focus.ply + 1)),
            ("name", &seat_name(record, focus.seat, lang)),
        ],
    );
    let first = seat_name(record, 0, lang);
    let strip_caption = if review.exact {
        tr(lang, "review-strip", &[("name", &first)])
    } else {
        tr(lang, "review-strip-estimate", &[])
    };
    let mut alt = vec![title.clone(), played_caption.clone()];
    alt.extend(better.as_ref().map(|(_, c)| c.clone()));
    Some(ReviewPicture {
        title,
        played: (board_after(focus.played)?, played_caption),
        better,
        strip,
        focus: Some(focus.ply + 1),
        strip_caption,
        alt: alt.join(". "),
    })
}

/// A move's caption on the review picture (`review-caption-played` or
/// `review-caption-better`), before the move in `before`: exact games say
/// what the move leads to, estimates only name it.
pub fn move_caption(
    lang: Lang,
    review: &Review,
    before: &AnyGame,
    key: &str,
    mv: &str,
    value: Value,
) -> String {
    let key = if review.exact {
        key.to_owned()
    } else {
        format!("{key}-estimate")
    };
    let value = outlook(lang, review.kind, before, value);
    tr(lang, &key, &[("move", &mv), ("value", &value)])
}

/// A position's value for the strip, for the first seat: a win is tall
/// (the sooner, the taller), a draw flat.
fn strip_value(kind: GameKind, value: Value) -> Option<f32> {
    Some(match (kind, value) {
        (_, Value::Unknown) => return None,
        (GameKind::Dots { width, height }, Value::Exact(m)) => {
            m as f32 / (width as f32 * height as f32)
        }
        (_, Value::Exact(0)) => 0.0,
        (_, Value::Exact(s)) => s.signum() as f32 * (0.45 + 0.55 * s.abs() as f32 / 21.0),
        (_, Value::Result(r)) => r as f32 * 0.45,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::table::{Player, SeatRecord};
    use boardbot_engine::cpu::review::{grade, judge_with, positions, Judged};
    use boardbot_engine::cpu::Budget;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn record(game: &str, moves: &[&str]) -> MatchRecord {
        MatchRecord {
            table: 1,
            match_no: 1,
            guild: 1,
            channel: 1,
            game: game.into(),
            size: if game == "connect4" { "7x6" } else { "4x4x4" }.into(),
            seats: vec![
                SeatRecord {
                    player: Player::Person {
                        id: 5,
                        name: "alice".into(),
                    },
                    left: None,
                    cpu_played: None,
                },
                SeatRecord {
                    player: Player::Cpu {
                        level: boardbot_engine::cpu::Level::Easy,
                    },
                    left: None,
                    cpu_played: None,
                },
            ],
            moves: moves.iter().map(|m| m.to_string()).collect(),
            result: "win".into(),
            winner: Some(0),
            ended_by: "board".into(),
            started_at: 0,
            ended_at: 1,
            ranked: false,
        }
    }

    fn reviewed(record: &MatchRecord, nodes: u64, from: usize) -> Review {
        let (kind, moves) = record.replay().unwrap();
        let positions = positions(kind, &moves).unwrap();
        let mut rng = StdRng::seed_from_u64(1);
        let mut judged = vec![Judged::UNKNOWN; positions.len()];
        for i in (from..positions.len()).rev() {
            judged[i] = judge_with(&positions[i], &Budget::of_nodes(nodes), &mut rng);
        }
        grade(&positions, &moves, &judged)
    }

    /// The review of 177461 then 4 from its sixth move on, graded from
    /// the judgements the solver gives its last two positions with 80
    /// million nodes (`judge_with`, seed 1): after 177461 a win for the
    /// mover, score 2, by column 6; after the 4 a draw. Written here
    /// because solving the first takes the test profile about 8 s; the
    /// engine's `a_move_that_throws_a_win_to_a_draw_is_flagged_with_the_winning_move`
    /// grades the same moves from the solver itself, and `boardbot solve
    /// connect4 177461` and `… 1774614` print 2 and 0.
    pub(crate) fn thrown_win_reviewed(record: &MatchRecord) -> Review {
        let (kind, moves) = record.replay().unwrap();
        let positions = positions(kind, &moves).unwrap();
        assert_eq!(positions.len(), 8, "177461 then 4");
        let mut judged = vec![Judged::UNKNOWN; positions.len()];
        judged[6] = Judged {
            value: Value::Exact(2),
            best: Some(5),
        };
        judged[7] = Judged {
            value: Value::Exact(0),
            best: Some(3),
        };
        grade(&positions, &moves, &judged)
    }

    #[test]
    fn the_text_names_the_turning_point_its_cost_and_the_better_move() {
        // 177461 then 4: a won position thrown to a draw; 6 wins.
        let record = record("connect4", &["1", "7", "7", "4", "6", "1", "4"]);
        let review = thrown_win_reviewed(&record);
        let text = review_text(Lang::En, 42, &record, &review);
        assert!(text.contains("#42"), "{text}");
        assert!(text.contains("alice"), "{text}");
        let line = text
            .lines()
            .find(|l| l.starts_with("• "))
            .unwrap_or_else(|| panic!("no turning point: {text}"));
        assert!(line.contains("Move 7"), "{line}");
        assert!(line.contains("**4**") && line.contains("**6**"), "{line}");
        assert!(line.contains("draw") && line.contains("win"), "{line}");
        // A person's name goes in escaped for markdown, the CPU's as it is.
        let mut marked = record.clone();
        marked.seats[0].player = Player::Person {
            id: 5,
            name: "**al** [x](y)".into(),
        };
        let text = review_text(Lang::En, 42, &marked, &review);
        assert!(
            text.contains(r"\*\*al\*\* \[x\]\(y\)") && text.contains("CPU (easy)"),
            "{text}"
        );
        // Every language has the words.
        for lang in Lang::ALL {
            let text = review_text(lang, 42, &record, &review);
            assert!(
                text.lines().any(|l| l.starts_with("• ")),
                "{lang:?}: {text}"
            );
        }
        let picture = picture(Lang::En, 42, &record, &review).unwrap();
        assert_eq!(picture.focus, Some(7));
        assert!(picture.better.is_some());
        assert_eq!(picture.strip.len(), 8);
        assert!(picture.strip[7].turning);
        let image = render::review(&picture);
        let decoded = image::load_from_memory(&image.png).unwrap();
        assert_eq!(decoded.width(), image.width);
        assert!(
            image.alt.contains("4") && image.alt.contains("6"),
            "{}",
            image.alt
        );
    }

    #[test]
    fn outlooks_count_the_movers_own_moves() {
        let game = AnyGame::new(GameKind::Connect4).unwrap();
        // Score 18 at the start: the mover's 4th stone wins.
        assert_eq!(
            outlook(Lang::En, GameKind::Connect4, &game, Value::Exact(18)),
            "win in 4"
        );
        assert_eq!(
            outlook(Lang::En, GameKind::Connect4, &game, Value::Exact(-18)),
            "loss in 4"
        );
        assert_eq!(
            outlook(Lang::En, GameKind::Connect4, &game, Value::Result(0)),
            "draw"
        );
        let dots = AnyGame::new(GameKind::DOTS_DEFAULT).unwrap();
        assert_eq!(
            outlook(Lang::En, GameKind::DOTS_DEFAULT, &dots, Value::Exact(-3)),
            "loss by 3"
        );
    }

    #[test]
    fn estimates_say_so() {
        let record = record("connect4-3d", &["A1", "A4", "B1", "B4", "C1", "C4", "A2"]);
        let review = reviewed(&record, 2_000, 0);
        let text = review_text(Lang::En, 3, &record, &review);
        assert!(text.contains("estimate"), "{text}");
        assert!(text.contains("D1"), "{text}");
        let image = render::review(&picture(Lang::En, 3, &record, &review).unwrap());
        assert!(image::load_from_memory(&image.png).is_ok());
    }
}

//! Ratings as message text in the reader's language: the `/rating` answer,
//! the leaderboard's lines (the message beside its image, for screen
//! readers) and the changes announced when a ranked match ends.

use super::Rating;
use boardbot_words::{escape_markdown, tr, GameName, Lang};

/// A signed whole number: `+12`, `−7`, `±0`.
pub fn signed(n: i64) -> String {
    match n {
        0 => "±0".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

fn provisional_mark(rating: &Rating, lang: Lang) -> String {
    if rating.is_provisional() {
        tr(lang, "rating-provisional-mark", &[])
    } else {
        String::new()
    }
}

/// The `/rating` answer for one game: the rating with its uncertainty,
/// the rank in the server, the ranked record and the last match's change.
/// `name` is the person's display name, as typed (it is escaped here).
pub fn rating_text(
    lang: Lang,
    name: &str,
    game: &str,
    rating: &Rating,
    rank: u32,
    rated: u32,
) -> String {
    let mut lines = vec![
        tr(
            lang,
            "rating-line",
            &[
                ("name", &escape_markdown(name)),
                ("game", &GameName(game)),
                ("rating", &rating.display().to_string()),
                ("provisional", &provisional_mark(rating, lang)),
                (
                    "deviation",
                    &(rating.shown_deviation().round() as i64).to_string(),
                ),
            ],
        ),
        tr(lang, "rating-rank", &[("rank", &rank), ("rated", &rated)]),
        tr(
            lang,
            "rating-record",
            &[
                ("games", &rating.games),
                ("wins", &rating.wins),
                ("draws", &rating.draws),
                ("losses", &rating.losses),
            ],
        ),
        tr(
            lang,
            "rating-change",
            &[("change", &signed(rating.display_change()))],
        ),
    ];
    if rating.is_provisional() {
        lines.push(tr(lang, "rating-provisional", &[]));
    }
    lines.join("\n")
}

/// "Ana: 1532 (+32)": a person's rating after a ranked match (the name
/// as typed).
pub fn change_text(lang: Lang, name: &str, rating: &Rating) -> String {
    tr(
        lang,
        "rating-after-match",
        &[
            ("name", &escape_markdown(name)),
            ("rating", &rating.display().to_string()),
            ("provisional", &provisional_mark(rating, lang)),
            ("change", &signed(rating.display_change())),
        ],
    )
}

/// One leaderboard line as text: "3. Ana — 1532? (4 W, 1 D, 2 L)" (the
/// name as typed).
pub fn leaderboard_line(lang: Lang, rank: u32, name: &str, rating: &Rating) -> String {
    tr(
        lang,
        "leaderboard-line",
        &[
            ("rank", &rank),
            ("name", &escape_markdown(name)),
            ("rating", &rating.display().to_string()),
            ("provisional", &provisional_mark(rating, lang)),
            ("wins", &rating.wins),
            ("draws", &rating.draws),
            ("losses", &rating.losses),
        ],
    )
}

/// The leaderboard as text: the title, the lines, then the asker's own
/// line (or the empty-board sentence).
pub fn leaderboard_text(
    lang: Lang,
    game: &str,
    lines: &[(u32, &str, &Rating)],
    own: Option<(u32, &str, &Rating)>,
) -> String {
    let game = GameName(game);
    let mut out = vec![format!(
        "**{}**",
        tr(lang, "leaderboard-title", &[("game", &game)])
    )];
    if lines.is_empty() {
        out.push(tr(lang, "leaderboard-empty", &[("game", &game)]));
    }
    for (rank, name, rating) in lines {
        out.push(leaderboard_line(lang, *rank, name, rating));
    }
    if let Some((rank, name, rating)) = own {
        out.push(format!(
            "{}: {}",
            tr(lang, "leaderboard-your-line", &[]),
            leaderboard_line(lang, rank, name, rating)
        ));
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::Model;

    #[test]
    fn texts_in_every_language() {
        let mut rating = Rating::new(Model::Glicko2);
        rating.value = 1562.4;
        rating.games = 2;
        rating.wins = 2;
        rating.last_change = 31.6;
        let text = rating_text(Lang::En, "Ana", "connect4", &rating, 1, 7);
        assert!(
            text.starts_with("**Ana** — Connect Four: **1562**? ± 350"),
            "{text}"
        );
        assert!(text.contains("Rank **1** of 7"));
        assert!(text.contains("2 ranked matches: 2 wins, 0 draws, 0 losses"));
        assert!(text.contains("Last match: +32"));
        assert!(text.contains("Provisional"));
        assert_eq!(change_text(Lang::En, "Ana", &rating), "Ana: 1562? (+32)");
        let board = leaderboard_text(Lang::Fr, "dots", &[(1, "Ana", &rating)], None);
        assert!(board.contains("1. Ana — 1562? (2 V, 0 N, 0 D)"), "{board}");
        let empty = leaderboard_text(Lang::PtBr, "dots", &[], Some((4, "Bo", &rating)));
        assert!(empty.contains("Sua posição: 4. Bo"), "{empty}");
        assert_eq!(signed(-7), "−7");
        assert_eq!(signed(0), "±0");
    }

    #[test]
    fn names_full_of_markdown_show_as_typed() {
        let rating = Rating::new(Model::Glicko2);
        let name = "**x** [y](https://e.x) {game} <@&123>";
        let inert = r"\*\*x\*\* \[y\]\(https\://e\.x\) \{game\} \<\@&123\>";
        let text = rating_text(Lang::En, name, "connect4", &rating, 1, 1);
        assert!(
            text.starts_with(&format!("**{inert}** — Connect Four")),
            "{text}"
        );
        let board = leaderboard_text(Lang::Fr, "connect4", &[(1, name, &rating)], None);
        assert!(board.contains(&format!("1. {inert} — 1500?")), "{board}");
        assert!(change_text(Lang::PtBr, name, &rating).starts_with(inert));
    }
}

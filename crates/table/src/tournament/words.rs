//! A tournament's words and pictures in the host's language: its title, the
//! sign-up message, the threads' names, the pairings and the standings
//! (text, and the table the renderer draws).

use super::standings::Row;
use super::{Format, Stage, Tournament};
use boardbot_render::{Align, Column, TournamentTable};
use boardbot_words::{escape_markdown, game_title, tr, Lang};

pub fn format_name(format: Format, lang: Lang) -> String {
    tr(lang, &format!("tournament-format-{}", format.name()), &[])
}

pub fn title(t: &Tournament, lang: Lang) -> String {
    tr(
        lang,
        "tournament-title",
        &[
            ("game", &game_title(t.settings().kind, lang)),
            ("format", &format_name(t.settings().format, lang)),
        ],
    )
}

/// The sign-up message: what is played, how, who is in, and what happens
/// (the caller fits it to its messages' length).
pub fn signup_text(t: &Tournament, lang: Lang) -> String {
    let s = t.settings();
    let mut lines = vec![format!("**{}**", title(t, lang))];
    let rounds = match (s.format, t.stage()) {
        (_, Stage::Playing | Stage::Finished { .. }) => t.planned().to_string(),
        (Format::Swiss, _) => s.rounds.map_or_else(
            || tr(lang, "tournament-rounds-auto", &[]),
            |r| r.to_string(),
        ),
        (Format::RoundRobin, _) => tr(lang, "tournament-rounds-everyone", &[]),
    };
    let ranked = if s.ranked {
        tr(lang, "tournament-ranked", &[])
    } else {
        String::new()
    };
    lines.push(tr(
        lang,
        "tournament-terms",
        &[
            ("host", &format!("<@{}>", t.host())),
            ("rounds", &rounds),
            ("seconds", &s.timer),
            ("ranked", &ranked),
        ],
    ));
    let (fewest, most) = s.format.players();
    let names: Vec<String> = t
        .players()
        .iter()
        .map(|p| {
            if p.withdrawn.is_some() {
                format!("~~{}~~", escape_markdown(&p.name))
            } else {
                escape_markdown(&p.name)
            }
        })
        .collect();
    lines.push(tr(
        lang,
        "tournament-players",
        &[
            ("n", &t.players().len()),
            ("most", &most),
            ("names", &names.join(", ")),
        ],
    ));
    lines.push(match t.stage() {
        Stage::SignUp => tr(lang, "tournament-signup-open", &[("fewest", &fewest)]),
        Stage::Playing => tr(
            lang,
            "tournament-playing",
            &[("round", &t.rounds().len()), ("rounds", &t.planned())],
        ),
        Stage::Finished { early: Some(by) } => tr(
            lang,
            "tournament-ended-early",
            &[("by", &format!("<@{by}>"))],
        ),
        Stage::Finished { early: None } => tr(lang, "tournament-over", &[]),
    });
    lines.join("\n")
}

/// A thread's name: the round and the pairing (Discord's limit is 100).
pub fn thread_name(t: &Tournament, r: usize, first: usize, second: usize, lang: Lang) -> String {
    let short = |i: usize| t.players()[i].name.chars().take(30).collect::<String>();
    let name = tr(
        lang,
        "tournament-thread",
        &[
            ("round", &(r + 1)),
            ("first", &short(first)),
            ("second", &short(second)),
        ],
    );
    name.chars().take(100).collect()
}

/// Points in half-points as people write them: 2½, 3, ½.
pub fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// A tie-break as shown: Buchholz in half-points, Sonneborn–Berger in
/// quarter-points.
pub fn tie_break(t: &Tournament, row: &Row) -> String {
    match t.settings().format {
        Format::Swiss => points(row.tie_break),
        Format::RoundRobin => {
            let q = row.tie_break;
            let frac = match q % 4 {
                1 => "¼",
                2 => "½",
                3 => "¾",
                _ => "",
            };
            match (q / 4, frac) {
                (0, "") => "0".into(),
                (0, f) => f.into(),
                (n, f) => format!("{n}{f}"),
            }
        }
    }
}

pub fn tie_break_name(t: &Tournament, lang: Lang) -> String {
    let key = match t.settings().format {
        Format::Swiss => "tournament-buchholz",
        Format::RoundRobin => "tournament-sonneborn-berger",
    };
    tr(lang, key, &[])
}

/// "Standings after round N of M", or the final standings' title.
pub fn standings_title(t: &Tournament, lang: Lang, after: usize, last: bool) -> String {
    if last {
        tr(
            lang,
            "tournament-final-title",
            &[("title", &title(t, lang))],
        )
    } else {
        tr(
            lang,
            "tournament-standings-title",
            &[("round", &after), ("rounds", &t.planned())],
        )
    }
}

/// The standings after `after` rounds, as text (`last`: the final ones,
/// with the winner).
pub fn standings_text(t: &Tournament, lang: Lang, after: usize, last: bool) -> String {
    let rows = t.standings();
    let mut lines = vec![standings_title(t, lang, after, last)];
    for row in &rows {
        let p = &t.players()[row.player];
        let withdrawn = if p.withdrawn.is_some() {
            tr(lang, "tournament-withdrawn", &[])
        } else {
            String::new()
        };
        lines.push(tr(
            lang,
            "tournament-standing-line",
            &[
                ("rank", &row.rank),
                ("name", &escape_markdown(&p.name)),
                ("points", &points(row.points)),
                ("tiebreak-name", &tie_break_name(t, lang)),
                ("tiebreak", &tie_break(t, row)),
                ("games", &row.games),
                ("withdrawn", &withdrawn),
            ],
        ));
    }
    if last {
        let winners: Vec<String> = rows
            .iter()
            .filter(|r| r.rank == 1)
            .map(|r| format!("<@{}>", t.players()[r.player].id))
            .collect();
        if !winners.is_empty() && t.rounds().iter().any(|r| !r.boards.is_empty()) {
            lines.push(tr(
                lang,
                "tournament-winner",
                &[("n", &winners.len()), ("names", &winners.join(", "))],
            ));
        }
    }
    lines.join("\n")
}

pub fn standings_picture(t: &Tournament, lang: Lang, after: usize, last: bool) -> TournamentTable {
    let column = |key: &str, x: f32, align| Column {
        header: tr(lang, key, &[]),
        x,
        align,
    };
    let columns = vec![
        column("tournament-column-rank", 40.0, Align::Center),
        column("tournament-column-player", 72.0, Align::Left),
        column("tournament-column-points", 380.0, Align::Right),
        Column {
            header: tie_break_name(t, lang),
            x: 480.0,
            align: Align::Right,
        },
        column("tournament-column-games", 570.0, Align::Right),
    ];
    let rows = t.standings();
    let muted = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| t.players()[r.player].withdrawn.is_some())
        .map(|(i, _)| i)
        .collect();
    let cells = rows
        .iter()
        .map(|r| {
            vec![
                r.rank.to_string(),
                t.players()[r.player].name.clone(),
                points(r.points),
                tie_break(t, r),
                r.games.to_string(),
            ]
        })
        .collect();
    let alt = standings_text(t, lang, after, last)
        .replace("**", "")
        .replace('\n', " ");
    TournamentTable {
        title: standings_title(t, lang, after, last),
        columns,
        rows: cells,
        ranked: true,
        muted,
        alt,
    }
}

pub fn pairings_picture(t: &Tournament, r: usize, lang: Lang) -> TournamentTable {
    let round = &t.rounds()[r];
    let column = |key: &str, x: f32, align| Column {
        header: tr(lang, key, &[]),
        x,
        align,
    };
    let columns = vec![
        column("tournament-column-board", 40.0, Align::Center),
        column("tournament-column-first", 80.0, Align::Left),
        column("tournament-column-second", 340.0, Align::Left),
    ];
    let name = |i: usize| t.players()[i].name.clone();
    let mut rows: Vec<Vec<String>> = round
        .boards
        .iter()
        .enumerate()
        .map(|(b, board)| vec![(b + 1).to_string(), name(board.first), name(board.second)])
        .collect();
    for &bye in &round.byes {
        rows.push(vec![
            String::new(),
            name(bye),
            tr(lang, "tournament-bye", &[]),
        ]);
    }
    let alt: Vec<String> = rows
        .iter()
        .map(|r| {
            r.iter()
                .filter(|c| !c.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join(" – ")
        })
        .collect();
    let title = tr(
        lang,
        "tournament-pairings-title",
        &[("round", &(r + 1)), ("rounds", &t.planned())],
    );
    TournamentTable {
        alt: format!("{title}: {}", alt.join("; ")),
        title,
        columns,
        rows,
        ranked: false,
        muted: Vec::new(),
    }
}

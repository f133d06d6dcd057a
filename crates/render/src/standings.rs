//! Standings images: a server's leaderboard in one game and one person's
//! results, drawn in the boards' visual language — the same page colour,
//! slate frame and ink, the seats' red, yellow and blue, the same font —
//! from plain view structs (the caller turns store rows into them).
//!
//! Only rectangles, discs and text, drawn with imageproc through the
//! boards' own drawing layer (`draw`), and written as an indexed PNG of a
//! few kilobytes by the boards' encoder.

use super::draw::{self, printable, Align, Draw};
use super::indexed::{Indexed, Palette};
use super::{encode, Image};
use boardbot_words::{tr, Arg, GameName, Lang};
use image::RgbImage;
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

// ---------------------------------------------------------------- views

/// Wins, draws and losses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Results {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Results {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// One person's line on a leaderboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingLine {
    pub rank: u32,
    pub user: u64,
    pub name: String,
    /// The rating as shown (a whole number).
    pub rating: i64,
    pub provisional: bool,
    /// The change in the person's last ranked match.
    pub change: i64,
    pub results: Results,
}

/// A server's leaderboard in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaderboardView {
    /// The game command name (`connect4`, ...).
    pub game: String,
    /// Best first (the top 10).
    pub lines: Vec<StandingLine>,
    /// The asker's line when it is not among `lines`.
    pub own: Option<StandingLine>,
    /// The asker: their line is highlighted wherever it is.
    pub asker: Option<u64>,
}

/// One game's results in a person's stats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsGame {
    /// The game command name.
    pub game: String,
    pub total: Results,
    pub vs_people: Results,
    /// By CPU level name (`easy`, `medium`, `hard`), easiest first.
    pub vs_cpu: Vec<(String, Results)>,
    pub longest_streak: u32,
}

/// A person's results in a server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsView {
    pub name: String,
    pub games: Vec<StatsGame>,
    pub total: Results,
    pub longest_streak: u32,
}

// ---------------------------------------------------------------- palette
// The boards' colours (see the palette in `render/mod.rs`).

use draw::{rgb, Rgb};

const BACKGROUND: Rgb = rgb(0xF3F5F9);
const PAPER: Rgb = rgb(0xFFFFFF);
const INK: Rgb = rgb(0x27324D);
const MUTED: Rgb = rgb(0x6B7891);
const FRAME: Rgb = rgb(0x27324D);
const HOLE: Rgb = rgb(0xE3E8F0);
const WHITE: Rgb = rgb(0xFFFFFF);
const RED: Rgb = rgb(0xE23B3B);
const YELLOW: Rgb = rgb(0xFFC629);
const YELLOW_INK: Rgb = rgb(0x5A4300);
const BLUE: Rgb = rgb(0x2F80ED);
const BLUE_LIGHT: Rgb = rgb(0xD3E4FC);
const GREY: Rgb = rgb(0x9AA3B2);

/// The highlighted (own) line: the blue seat's tint, with a blue bar.
const OWN_LINE: Rgb = BLUE_LIGHT;

// ---------------------------------------------------------------- canvas

/// The colours the images paint with (their anti-aliased edges over the
/// page are added to the palette).
const INKS: [Rgb; 12] = [
    PAPER, INK, MUTED, FRAME, HOLE, WHITE, RED, YELLOW, YELLOW_INK, BLUE, BLUE_LIGHT, GREY,
];

struct Canvas {
    image: RgbImage,
}

impl Canvas {
    fn new(width: u32, height: u32) -> Canvas {
        Canvas {
            image: draw::canvas(width, height, BACKGROUND),
        }
    }

    fn rect(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, color: Rgb) {
        if x1 > x0 && y1 > y0 {
            let rect = Rect::at(x0, y0).of_size((x1 - x0) as u32, (y1 - y0) as u32);
            draw_filled_rect_mut(&mut self.image, rect, image::Rgb(color));
        }
    }

    fn circle(&mut self, cx: f32, cy: f32, r: f32, color: Rgb) {
        Draw::circle(&mut self.image, cx, cy, r, color);
    }

    /// Draws `text` vertically centred on `cy` (by its capitals).
    fn text(&mut self, text: &str, x: f32, cy: f32, size: f32, color: Rgb, align: Align) {
        Draw::text(&mut self.image, text, x, cy, size, color, align);
    }

    /// An indexed PNG: the page's colours and each ink over them.
    fn to_png(&self) -> Vec<u8> {
        let palette = Palette::new(&[&self.image], &INKS);
        encode::png(&Indexed::from_rgb(&self.image, &palette), &palette.colours)
    }
}

/// `text` without what the font cannot draw, shortened with "…" until it
/// fits `max_width` at `size`.
fn fit(text: &str, size: f32, max_width: f32) -> String {
    draw::ellipsize(&printable(text), size, max_width)
}

/// Cuts alt text to Discord's 1024 characters.
fn clip(alt: String) -> String {
    const MAX: usize = 1024;
    if alt.chars().count() <= MAX {
        return alt;
    }
    let kept: String = alt.chars().take(MAX - 1).collect();
    format!("{}…", kept.trim_end())
}

fn finish(canvas: Canvas, alt: String) -> Image {
    Image {
        png: canvas.to_png(),
        alt: clip(alt),
        width: canvas.image.width(),
        height: canvas.image.height(),
    }
}

// ---------------------------------------------------------------- layout

const WIDTH: u32 = 600;
const TITLE_HEIGHT: i32 = 64;
const HEADER_HEIGHT: i32 = 34;
const ROW_HEIGHT: i32 = 44;
const PAD: i32 = 14;

/// The title band: slate, with the title in white and the three seat
/// discs at the right.
fn title_band(canvas: &mut Canvas, title: &str) {
    canvas.rect(0, 0, WIDTH as i32, TITLE_HEIGHT, FRAME);
    let title = fit(title, 24.0, WIDTH as f32 - 140.0);
    canvas.text(
        &title,
        24.0,
        TITLE_HEIGHT as f32 / 2.0,
        24.0,
        WHITE,
        Align::Left,
    );
    for (i, color) in [RED, YELLOW, BLUE].into_iter().enumerate() {
        let cx = WIDTH as f32 - 84.0 + i as f32 * 28.0;
        canvas.circle(cx, TITLE_HEIGHT as f32 / 2.0, 10.0, color);
    }
}

/// A rank in a disc: the top three in the seats' colours.
fn rank_disc(canvas: &mut Canvas, rank: u32, cx: f32, cy: f32) {
    let (body, ink) = match rank {
        1 => (YELLOW, YELLOW_INK),
        2 => (RED, WHITE),
        3 => (BLUE, WHITE),
        _ => (HOLE, INK),
    };
    canvas.circle(cx, cy, 16.0, body);
    let size = if rank >= 100 { 12.0 } else { 15.0 };
    canvas.text(&rank.to_string(), cx, cy, size, ink, Align::Center);
}

const X_RANK: f32 = 44.0;
const X_NAME: f32 = 76.0;
const X_RATING: f32 = 390.0;
const X_CHANGE: f32 = 462.0;
const X_RECORD: f32 = 582.0;

fn signed(n: i64) -> String {
    match n {
        0 => "±0".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", -n),
    }
}

fn standing_row(
    canvas: &mut Canvas,
    line: &StandingLine,
    y: i32,
    shade: Rgb,
    own: bool,
    lang: Lang,
) {
    let background = if own { OWN_LINE } else { shade };
    canvas.rect(0, y, WIDTH as i32, y + ROW_HEIGHT, background);
    if own {
        canvas.rect(0, y, 6, y + ROW_HEIGHT, BLUE);
    }
    let cy = (y + ROW_HEIGHT / 2) as f32;
    rank_disc(canvas, line.rank, X_RANK, cy);
    let name = fit(&line.name, 18.0, X_RATING - 90.0 - X_NAME);
    canvas.text(&name, X_NAME, cy, 18.0, INK, Align::Left);
    canvas.text(
        &line.rating.to_string(),
        X_RATING,
        cy,
        20.0,
        INK,
        Align::Right,
    );
    if line.provisional {
        let mark = tr(lang, "rating-provisional-mark", &[]);
        canvas.text(&mark, X_RATING + 3.0, cy, 16.0, MUTED, Align::Left);
    }
    canvas.text(
        &signed(line.change),
        X_CHANGE,
        cy,
        14.0,
        MUTED,
        Align::Right,
    );
    let r = line.results;
    let record = format!("{} / {} / {}", r.wins, r.draws, r.losses);
    canvas.text(&record, X_RECORD, cy, 15.0, INK, Align::Right);
}

fn alt_line(line: &StandingLine, lang: Lang) -> String {
    let provisional = if line.provisional {
        tr(lang, "rating-provisional-mark", &[])
    } else {
        String::new()
    };
    tr(
        lang,
        "alt-leaderboard-line",
        &[
            ("rank", &line.rank),
            ("name", &printable(&line.name)),
            ("rating", &line.rating.to_string()),
            ("provisional", &provisional),
            ("wins", &line.results.wins),
            ("draws", &line.results.draws),
            ("losses", &line.results.losses),
        ],
    )
}

fn game_name(game: &str, lang: Lang) -> String {
    tr(lang, &format!("game-{game}"), &[])
}

/// A server's leaderboard in one game: the top lines, then the asker's own
/// line below a gap when they are not among them.
pub fn leaderboard(view: &LeaderboardView, lang: Lang) -> Image {
    let game = GameName(&view.game);
    let title = tr(lang, "leaderboard-title", &[("game", &game)]);
    let rows = view.lines.len().max(1) as i32;
    let own_height = if view.own.is_some() {
        30 + ROW_HEIGHT
    } else {
        0
    };
    let height = TITLE_HEIGHT + HEADER_HEIGHT + rows * ROW_HEIGHT + own_height + PAD;
    let mut canvas = Canvas::new(WIDTH, height as u32);
    title_band(&mut canvas, &title);

    let hy = (TITLE_HEIGHT + HEADER_HEIGHT / 2) as f32;
    let header = |key: &str| tr(lang, key, &[]);
    canvas.text(
        &header("leaderboard-rank"),
        24.0,
        hy,
        13.0,
        MUTED,
        Align::Left,
    );
    canvas.text(
        &header("leaderboard-player"),
        X_NAME,
        hy,
        13.0,
        MUTED,
        Align::Left,
    );
    canvas.text(
        &header("leaderboard-rating"),
        X_RATING,
        hy,
        13.0,
        MUTED,
        Align::Right,
    );
    canvas.text(
        &header("leaderboard-record"),
        X_RECORD,
        hy,
        13.0,
        MUTED,
        Align::Right,
    );

    let mut y = TITLE_HEIGHT + HEADER_HEIGHT;
    if view.lines.is_empty() {
        canvas.rect(0, y, WIDTH as i32, y + ROW_HEIGHT, PAPER);
        let empty = tr(lang, "leaderboard-empty", &[("game", &game)]);
        let empty = fit(&empty, 14.0, WIDTH as f32 - 48.0);
        let cy = (y + ROW_HEIGHT / 2) as f32;
        canvas.text(&empty, 24.0, cy, 14.0, MUTED, Align::Left);
    }
    for (i, line) in view.lines.iter().enumerate() {
        let shade = if i % 2 == 0 { PAPER } else { BACKGROUND };
        let own = view.asker == Some(line.user);
        standing_row(&mut canvas, line, y, shade, own, lang);
        y += ROW_HEIGHT;
    }
    if view.lines.is_empty() {
        y += ROW_HEIGHT;
    }
    if let Some(own) = &view.own {
        let label = tr(lang, "leaderboard-your-line", &[]);
        canvas.text(&label, 24.0, (y + 15) as f32, 13.0, MUTED, Align::Left);
        y += 30;
        standing_row(&mut canvas, own, y, PAPER, true, lang);
    }

    let mut lines: Vec<String> = view.lines.iter().map(|l| alt_line(l, lang)).collect();
    if view.lines.is_empty() {
        lines.push(tr(lang, "leaderboard-empty", &[("game", &game)]));
    }
    if let Some(own) = &view.own {
        lines.push(tr(
            lang,
            "alt-leaderboard-own",
            &[("line", &alt_line(own, lang))],
        ));
    }
    let alt = tr(
        lang,
        "alt-leaderboard",
        &[("title", &title), ("lines", &lines.join(" "))],
    );
    finish(canvas, alt)
}

const X_BAR: f32 = 300.0;
const BAR_WIDTH: f32 = 110.0;
const X_WINS: f32 = 464.0;
const X_DRAWS: f32 = 524.0;
const X_LOSSES: f32 = 582.0;
const STATS_ROW: i32 = 34;

/// A row of the stats: a label, a bar of wins, draws and losses (blue,
/// grey, red: the numbers beside it carry the same facts), the numbers.
fn results_row(canvas: &mut Canvas, label: &str, results: Results, y: i32, strong: bool) {
    let cy = (y + STATS_ROW / 2) as f32;
    let (x, size, color) = if strong {
        (24.0, 17.0, INK)
    } else {
        (44.0, 15.0, MUTED)
    };
    let label = fit(label, size, X_BAR - 16.0 - x);
    canvas.text(&label, x, cy, size, color, Align::Left);
    let games = results.games();
    let (top, bottom) = (cy as i32 - 5, cy as i32 + 5);
    canvas.rect(X_BAR as i32, top, (X_BAR + BAR_WIDTH) as i32, bottom, HOLE);
    if games > 0 {
        let mut from = X_BAR;
        for (n, colour) in [
            (results.wins, BLUE),
            (results.draws, GREY),
            (results.losses, RED),
        ] {
            let to = from + BAR_WIDTH * n as f32 / games as f32;
            canvas.rect(from.round() as i32, top, to.round() as i32, bottom, colour);
            from = to;
        }
    }
    for (n, x) in [
        (results.wins, X_WINS),
        (results.draws, X_DRAWS),
        (results.losses, X_LOSSES),
    ] {
        canvas.text(&n.to_string(), x, cy, size, INK, Align::Right);
    }
}

fn alt_results(lang: Lang, key: &str, results: Results, extra: &[(&str, &dyn Arg)]) -> String {
    let mut args: Vec<(&str, &dyn Arg)> = vec![
        ("wins", &results.wins),
        ("draws", &results.draws),
        ("losses", &results.losses),
    ];
    args.extend_from_slice(extra);
    tr(lang, key, &args)
}

/// The words of [`stats`] in one text, for screen readers; `name` is the
/// person's name as the text shows it (printable for the image's alt
/// text, escaped for markdown in a message).
pub fn stats_alt(view: &StatsView, lang: Lang, name: &str) -> String {
    let title = tr(lang, "stats-title", &[("name", &name)]);
    let mut lines = Vec::new();
    if view.games.is_empty() {
        lines.push(tr(lang, "stats-none", &[("name", &name)]));
    }
    for game in &view.games {
        let title = game_name(&game.game, lang);
        lines.push(alt_results(
            lang,
            "alt-stats-game",
            game.total,
            &[("game", &title)],
        ));
        if game.vs_people.games() > 0 {
            lines.push(alt_results(
                lang,
                "alt-stats-vs-people",
                game.vs_people,
                &[],
            ));
        }
        for (level, results) in &game.vs_cpu {
            let level = tr(lang, &format!("level-{level}"), &[]);
            lines.push(alt_results(
                lang,
                "alt-stats-vs-cpu",
                *results,
                &[("level", &level)],
            ));
        }
    }
    let all = tr(lang, "stats-all-games", &[]);
    lines.push(alt_results(
        lang,
        "alt-stats-game",
        view.total,
        &[("game", &all)],
    ));
    lines.push(tr(lang, "stats-streak", &[("n", &view.longest_streak)]));
    tr(
        lang,
        "alt-stats",
        &[("title", &title), ("lines", &lines.join(" "))],
    )
}

/// A person's results in a server: per game, the total, against people
/// and against the CPU by level; then all games and the longest streak.
pub fn stats(view: &StatsView, lang: Lang) -> Image {
    let title = tr(lang, "stats-title", &[("name", &printable(&view.name))]);
    let rows: i32 = view
        .games
        .iter()
        .map(|g| 2 + g.vs_cpu.len() as i32 + i32::from(g.vs_people.games() > 0))
        .sum::<i32>()
        .max(1);
    let height = TITLE_HEIGHT + HEADER_HEIGHT + rows * STATS_ROW + 2 * STATS_ROW + PAD;
    let mut canvas = Canvas::new(WIDTH, height as u32);
    title_band(&mut canvas, &title);

    let hy = (TITLE_HEIGHT + HEADER_HEIGHT / 2) as f32;
    for (key, x) in [
        ("stats-wins", X_WINS),
        ("stats-draws", X_DRAWS),
        ("stats-losses", X_LOSSES),
    ] {
        canvas.text(&tr(lang, key, &[]), x, hy, 12.0, MUTED, Align::Right);
    }

    let mut y = TITLE_HEIGHT + HEADER_HEIGHT;
    if view.games.is_empty() {
        let none = tr(lang, "stats-none", &[("name", &printable(&view.name))]);
        let none = fit(&none, 15.0, WIDTH as f32 - 48.0);
        canvas.text(
            &none,
            24.0,
            (y + STATS_ROW / 2) as f32,
            15.0,
            MUTED,
            Align::Left,
        );
        y += STATS_ROW;
    }
    for game in &view.games {
        let name = game_name(&game.game, lang);
        // A paper card per game, its title row first.
        let card_rows = 2 + game.vs_cpu.len() as i32 + i32::from(game.vs_people.games() > 0);
        canvas.rect(0, y, WIDTH as i32, y + (card_rows - 1) * STATS_ROW, PAPER);
        canvas.rect(0, y, 6, y + (card_rows - 1) * STATS_ROW, FRAME);
        results_row(&mut canvas, &name, game.total, y, true);
        y += STATS_ROW;
        if game.vs_people.games() > 0 {
            let label = tr(lang, "stats-vs-people", &[]);
            results_row(&mut canvas, &label, game.vs_people, y, false);
            y += STATS_ROW;
        }
        for (level, results) in &game.vs_cpu {
            let level = tr(lang, &format!("level-{level}"), &[]);
            let label = tr(lang, "stats-vs-cpu", &[("level", &level)]);
            results_row(&mut canvas, &label, *results, y, false);
            y += STATS_ROW;
        }
        y += STATS_ROW;
    }
    // All games, and the streak.
    canvas.rect(0, y, WIDTH as i32, y + 2 * STATS_ROW, PAPER);
    canvas.rect(0, y, WIDTH as i32, y + 2, FRAME);
    let all = tr(lang, "stats-all-games", &[]);
    results_row(&mut canvas, &all, view.total, y, true);
    y += STATS_ROW;
    let streak = tr(lang, "stats-streak", &[("n", &view.longest_streak)]);
    canvas.text(
        &streak,
        24.0,
        (y + STATS_ROW / 2) as f32,
        15.0,
        INK,
        Align::Left,
    );
    finish(canvas, stats_alt(view, lang, &printable(&view.name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(rank: u32, user: u64, rating: i64) -> StandingLine {
        StandingLine {
            rank,
            user,
            name: format!("Player {user}"),
            rating,
            provisional: user.is_multiple_of(3),
            change: rating - 1500,
            results: Results {
                wins: rank,
                draws: 1,
                losses: 2,
            },
        }
    }

    fn board(lines: u32, own: Option<u32>, asker: u64) -> LeaderboardView {
        LeaderboardView {
            game: "connect4".into(),
            lines: (1..=lines)
                .map(|i| line(i, 100 + i as u64, 1900 - 37 * i as i64))
                .collect(),
            own: own.map(|rank| line(rank, asker, 1200)),
            asker: Some(asker),
        }
    }

    fn decode(image: &Image) -> image::RgbImage {
        let decoded = image::load_from_memory(&image.png)
            .expect("a PNG")
            .to_rgb8();
        assert_eq!(
            (decoded.width(), decoded.height()),
            (image.width, image.height)
        );
        decoded
    }

    fn row_has(img: &image::RgbImage, y: u32, color: Rgb) -> bool {
        (0..img.width()).any(|x| img.get_pixel(x, y).0 == color)
    }

    /// The rows (y) whose middle pixel is `color`.
    fn rows_of(img: &image::RgbImage, x: u32, color: Rgb) -> Vec<u32> {
        (0..img.height())
            .filter(|&y| img.get_pixel(x, y).0 == color)
            .collect()
    }

    #[test]
    fn the_leaderboard_draws_its_title_band_and_highlights_the_own_line() {
        let image = leaderboard(&board(10, Some(27), 999), Lang::En);
        assert!(image.png.len() <= 30_000, "{} bytes", image.png.len());
        let img = decode(&image);
        assert_eq!(img.width(), WIDTH);
        let expected = TITLE_HEIGHT + HEADER_HEIGHT + 10 * ROW_HEIGHT + 30 + ROW_HEIGHT + PAD;
        assert_eq!(img.height(), expected as u32);
        // The title band is slate, with white title text on it.
        assert_eq!(img.get_pixel(300, 4).0, FRAME);
        assert!((20..44).any(|y| (24..300).any(|x| img.get_pixel(x, y).0 == WHITE)));
        // The three seat discs at its right.
        for (i, color) in [RED, YELLOW, BLUE].into_iter().enumerate() {
            let cx = WIDTH - 84 + i as u32 * 28;
            assert_eq!(img.get_pixel(cx, 32).0, color);
        }
        // The own line: the last row, tinted, with a blue bar.
        let own = rows_of(&img, 300, OWN_LINE);
        assert_eq!(own.len(), ROW_HEIGHT as usize);
        assert_eq!(*own.last().unwrap() as i32, expected - PAD - 1);
        assert_eq!(img.get_pixel(2, own[0] + 5).0, BLUE);
        // The winner's rank disc is yellow.
        let first = (TITLE_HEIGHT + HEADER_HEIGHT + ROW_HEIGHT / 2) as u32;
        assert!(row_has(&img, first, YELLOW));
        assert!(
            image.alt.starts_with("Connect Four — leaderboard."),
            "{}",
            image.alt
        );
        assert!(image
            .alt
            .contains("1. Player 101: 1863, 1 win, 1 draw, 2 losses"));
        assert!(image.alt.contains("Your line: 27. Player 999"));
    }

    #[test]
    fn an_asker_among_the_top_is_highlighted_in_place() {
        let image = leaderboard(&board(5, None, 103), Lang::Fr);
        let img = decode(&image);
        let own = rows_of(&img, 300, OWN_LINE);
        assert_eq!(own.len(), ROW_HEIGHT as usize);
        assert_eq!(own[0] as i32, TITLE_HEIGHT + HEADER_HEIGHT + 2 * ROW_HEIGHT);
        assert!(image.alt.contains("classement"), "{}", image.alt);
        // Nobody asking: no highlight.
        let mut view = board(5, None, 103);
        view.asker = None;
        let img = decode(&leaderboard(&view, Lang::En));
        assert!(rows_of(&img, 300, OWN_LINE).is_empty());
    }

    #[test]
    fn an_empty_leaderboard_says_so() {
        let view = LeaderboardView {
            game: "connect4-3p".into(),
            lines: vec![],
            own: None,
            asker: Some(1),
        };
        for lang in Lang::ALL {
            let image = leaderboard(&view, lang);
            decode(&image);
            assert!(image.alt.contains(&tr(
                lang,
                "leaderboard-empty",
                &[("game", &GameName("connect4-3p"))]
            )));
        }
    }

    #[test]
    fn long_and_unprintable_names_fit() {
        let mut view = board(10, Some(11), 5);
        view.lines[0].name = "🎲".repeat(3) + &"Ω".repeat(200);
        view.own.as_mut().unwrap().name = "\u{7}x".into();
        let image = leaderboard(&view, Lang::PtBr);
        assert!(image.png.len() <= 30_000);
        assert!(image.alt.chars().count() <= 1024);
        decode(&image);
    }

    fn stats_view() -> StatsView {
        let r = |wins, draws, losses| Results {
            wins,
            draws,
            losses,
        };
        StatsView {
            name: "Ana".into(),
            games: vec![
                StatsGame {
                    game: "connect4".into(),
                    total: r(6, 1, 3),
                    vs_people: r(2, 1, 1),
                    vs_cpu: vec![("easy".into(), r(4, 0, 0)), ("hard".into(), r(0, 0, 2))],
                    longest_streak: 4,
                },
                StatsGame {
                    game: "dots".into(),
                    total: r(0, 0, 1),
                    vs_people: r(0, 0, 0),
                    vs_cpu: vec![("medium".into(), r(0, 0, 1))],
                    longest_streak: 0,
                },
            ],
            total: r(6, 1, 4),
            longest_streak: 4,
        }
    }

    #[test]
    fn stats_draw_a_card_per_game_with_bars() {
        let image = stats(&stats_view(), Lang::En);
        assert!(image.png.len() <= 30_000, "{} bytes", image.png.len());
        let img = decode(&image);
        // Rows: connect4 (title, people, 2 levels, gap), dots (title,
        // 1 level, gap), then all games and the streak.
        let rows = 5 + 3;
        let expected = TITLE_HEIGHT + HEADER_HEIGHT + rows * STATS_ROW + 2 * STATS_ROW + PAD;
        assert_eq!(img.height(), expected as u32);
        assert_eq!(img.get_pixel(300, 4).0, FRAME);
        // Connect Four's bar: wins (blue) then draws (grey) then losses (red).
        let y = (TITLE_HEIGHT + HEADER_HEIGHT + STATS_ROW / 2) as u32;
        let bar: Vec<Rgb> = (X_BAR as u32..(X_BAR + BAR_WIDTH) as u32)
            .map(|x| img.get_pixel(x, y).0)
            .collect();
        assert_eq!(bar[0], BLUE);
        assert_eq!(*bar.last().unwrap(), RED);
        assert!(bar.contains(&GREY));
        let blue = bar.iter().filter(|&&c| c == BLUE).count();
        assert!((60..=72).contains(&blue), "6 of 10 wins: {blue} px");
        // The game cards' slate edge.
        assert_eq!(img.get_pixel(2, y).0, FRAME);
        assert!(
            image.alt.contains("Against the CPU (easy): 4 wins"),
            "{}",
            image.alt
        );
        assert!(image.alt.contains("Longest win streak: 4"));
        for lang in Lang::ALL {
            let image = stats(&stats_view(), lang);
            decode(&image);
        }
    }

    #[test]
    fn stats_of_someone_who_never_played() {
        let view = StatsView {
            name: "Bo".into(),
            games: vec![],
            total: Results::default(),
            longest_streak: 0,
        };
        let image = stats(&view, Lang::En);
        decode(&image);
        assert!(
            image.alt.contains("Bo has not finished a match"),
            "{}",
            image.alt
        );
    }

    /// Writes the images to `target/standings/` to look at them; it
    /// writes pictures and checks nothing (hence ignored):
    /// `cargo test -p boardbot-render standings -- --ignored`.
    #[test]
    #[ignore = "writes pictures to look at; checks nothing"]
    fn write_sample_images() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/standings");
        std::fs::create_dir_all(&dir).unwrap();
        let images = [
            (
                "leaderboard.png",
                leaderboard(&board(10, Some(27), 999), Lang::En),
            ),
            (
                "leaderboard-fr.png",
                leaderboard(&board(4, None, 103), Lang::Fr),
            ),
            ("stats.png", stats(&stats_view(), Lang::PtBr)),
        ];
        for (name, image) in images {
            std::fs::write(dir.join(name), &image.png).unwrap();
        }
    }
}

// ---------------------------------------------------------------- tournaments

/// A column of a tournament's picture: its header, where it is and how it
/// is aligned there.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub header: String,
    pub x: f32,
    pub align: Align,
}

/// A tournament's pairings or standings as a picture: a title, columns,
/// and rows of cells (the first cell of a ranked row is its rank, drawn
/// in a disc), with the words for screen readers given by the caller.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentTable {
    pub title: String,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<String>>,
    /// The first cell is a rank: draw it in a disc.
    pub ranked: bool,
    /// Rows drawn muted (a withdrawn player).
    pub muted: Vec<usize>,
    pub alt: String,
}

/// Where a tournament picture's columns may go (it is [`WIDTH`] wide).
pub const TOURNAMENT_WIDTH: f32 = WIDTH as f32;

/// Draws a [`TournamentTable`].
pub fn tournament_table(view: &TournamentTable) -> Image {
    let rows = view.rows.len().max(1) as i32;
    let height = TITLE_HEIGHT + HEADER_HEIGHT + rows * ROW_HEIGHT + PAD;
    let mut canvas = Canvas::new(WIDTH, height as u32);
    title_band(&mut canvas, &view.title);
    let hy = (TITLE_HEIGHT + HEADER_HEIGHT / 2) as f32;
    for c in &view.columns {
        let header = fit(&c.header, 13.0, 160.0);
        canvas.text(&header, c.x, hy, 13.0, MUTED, c.align);
    }
    let mut y = TITLE_HEIGHT + HEADER_HEIGHT;
    for (i, row) in view.rows.iter().enumerate() {
        let shade = if i % 2 == 0 { PAPER } else { BACKGROUND };
        canvas.rect(0, y, WIDTH as i32, y + ROW_HEIGHT, shade);
        let cy = (y + ROW_HEIGHT / 2) as f32;
        let ink = if view.muted.contains(&i) { MUTED } else { INK };
        for (j, (cell, column)) in row.iter().zip(&view.columns).enumerate() {
            if j == 0 && view.ranked {
                if let Ok(rank) = cell.parse::<u32>() {
                    rank_disc(&mut canvas, rank, column.x, cy);
                    continue;
                }
            }
            // A cell runs to the next column's start.
            let next = view.columns.get(j + 1).map_or(WIDTH as f32 - 16.0, |c| c.x);
            let room = match column.align {
                Align::Left => (next - column.x - 12.0).max(40.0),
                _ => 120.0,
            };
            let text = fit(cell, 16.0, room);
            canvas.text(&text, column.x, cy, 16.0, ink, column.align);
        }
        y += ROW_HEIGHT;
    }
    finish(canvas, view.alt.clone())
}

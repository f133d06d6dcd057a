//! Connect Four (7 × 6) and Connect Four for three (9 × 9).

use super::draw::{canvas, text_width, Align};
use super::tiles::{Sprite, TileCache};
use super::*;
use std::ops::Range;

/// Boards larger than this are drawn clipped to it (views are not trusted).
const MAX_SIDE: usize = 16;

/// Pixel geometry of one board image.
pub(super) struct Layout {
    pub columns: usize,
    pub rows: usize,
    pub cell: f32,
    /// Top-left corner of the frame.
    pub frame: (f32, f32),
    pub pad: f32,
    pub label_y: f32,
    pub width: u32,
    pub height: u32,
    pub legend_y: f32,
}

impl Layout {
    pub fn new(view: &GridView) -> Layout {
        let columns = view.columns.clamp(1, MAX_SIDE);
        let rows = view.rows.clamp(1, MAX_SIDE);
        let cell = (760.0 / columns as f32).min(96.0).floor().max(40.0);
        let margin = 26.0;
        let pad = (cell * 0.16).round();
        let top = 14.0;
        let label_h = 46.0;
        let legend_h = 52.0;
        let frame_w = columns as f32 * cell + 2.0 * pad;
        let frame_h = rows as f32 * cell + 2.0 * pad;
        let frame = (margin, top + label_h);
        Layout {
            columns,
            rows,
            cell,
            frame,
            pad,
            label_y: top + label_h / 2.0,
            width: (frame_w + 2.0 * margin) as u32,
            height: (frame.1 + frame_h + legend_h + 10.0) as u32,
            legend_y: frame.1 + frame_h + 8.0 + legend_h / 2.0,
        }
    }

    /// Centre of cell (column, row), row 0 at the bottom.
    pub fn centre(&self, column: usize, row: usize) -> (f32, f32) {
        let x = self.frame.0 + self.pad + (column as f32 + 0.5) * self.cell;
        let y = self.frame.1 + self.pad + ((self.rows - 1 - row) as f32 + 0.5) * self.cell;
        (x, y)
    }

    fn contains(&self, column: usize, row: usize) -> bool {
        column < self.columns && row < self.rows
    }
}

/// Seats shown in the legend: as the view says, at least every seat on the
/// board, two to three.
fn seat_count(view: &GridView) -> usize {
    let highest = view
        .cells
        .iter()
        .flatten()
        .flatten()
        .map(|&s| s as usize + 1)
        .max()
        .unwrap_or(0);
    view.seats.max(highest).clamp(2, 3)
}

/// What every board of one layout shares: the picture of the empty board
/// (column numbers, frame, holes, legend), each seat's disc in its hole,
/// each column's number as drawn for the last move, and their palette.
struct Tiles {
    board: Indexed,
    /// Seats 0, 1, 2 and any other seat (grey).
    discs: [Sprite; 4],
    /// Per column: the filled label and where it goes.
    labels: Vec<(Indexed, i32, i32)>,
    palette: Arc<Palette>,
}

/// Tiles by (columns, rows, seats in the legend, language).
static TILES: TileCache<(usize, usize, usize, Lang), Tiles> = TileCache::new();

fn tiles(l: &Layout, seats: usize, lang: Lang) -> Tiles {
    let mut c = canvas(l.width, l.height, BACKGROUND);
    let (fx, fy) = l.frame;
    let fw = l.columns as f32 * l.cell + 2.0 * l.pad;
    let fh = l.rows as f32 * l.cell + 2.0 * l.pad;
    // Column numbers, the names the buttons use.
    for column in 0..l.columns {
        let (x, _) = l.centre(column, 0);
        let label = (column + 1).to_string();
        c.text(&label, x, l.label_y, 24.0, INK, Align::Center);
    }
    // Frame with a soft shadow, then the holes (one hole drawn, copied).
    c.rounded_rect(fx, fy + 7.0, fx + fw, fy + fh + 7.0, 20.0, SHADOW);
    c.rounded_rect(fx, fy, fx + fw, fy + fh, 20.0, FRAME);
    let hole = l.cell * 0.42;
    let (hx, hy) = l.centre(0, 0);
    let hole_mask = Mask::draw(square(hx, hy, hole), |p| p.disc(hx, hy, hole, true));
    for column in 0..l.columns {
        for row in 0..l.rows {
            let (x, y) = l.centre(column, row);
            let moved = hole_mask.moved((x - hx).round() as i32, (y - hy).round() as i32);
            draw::paint(&mut c, moved, HOLE, 1.0);
        }
    }
    draw_legend(&mut c, seats, lang, l.width as f32 / 2.0, l.legend_y);
    let disc = |seat: Seat| {
        Sprite::round(hole + 1.0, l.centre(0, 0), FRAME, |c, x, y| {
            c.circle(x, y, hole, HOLE);
            draw_token(c, x, y, l.cell * 0.39, seat);
        })
    };
    let mut discs = [disc(0), disc(1), disc(2), disc(3)];
    // The last move's column number is filled: a patch per column.
    let labels_rgb: Vec<(RgbImage, i32, i32)> = (0..l.columns)
        .map(|column| {
            let (x, _) = l.centre(column, 0);
            let label = (column + 1).to_string();
            let half = 20.0f32.max(text_width(&label, 24.0) / 2.0 + 10.0);
            let (left, top) = (
                (x - half).floor() as i32 - 1,
                (l.label_y - 17.0).floor() as i32 - 1,
            );
            let (w, h) = ((2.0 * half).ceil() as u32 + 3, 37);
            let mut patch =
                image::imageops::crop_imm(&c, left.max(0) as u32, top.max(0) as u32, w, h)
                    .to_image();
            let (ox, oy) = (left.max(0) as f32, top.max(0) as f32);
            patch.rounded_rect(
                x - half - ox,
                l.label_y - 17.0 - oy,
                x + half - ox,
                l.label_y + 17.0 - oy,
                17.0,
                INK,
            );
            patch.text(
                &label,
                x - ox,
                l.label_y - oy,
                24.0,
                HIGHLIGHT,
                Align::Center,
            );
            (patch, left.max(0), top.max(0))
        })
        .collect();
    let mut pictures: Vec<&RgbImage> = vec![&c];
    pictures.extend(discs.iter().map(|d| &d.rgb));
    pictures.extend(labels_rgb.iter().map(|(p, _, _)| p));
    let palette = Palette::new(&pictures, &MOVE_INKS);
    for d in &mut discs {
        d.index(&palette);
    }
    let labels = labels_rgb
        .iter()
        .map(|(p, x, y)| (Indexed::from_rgb(p, &palette), *x, *y))
        .collect();
    Tiles {
        board: Indexed {
            pitches: vec![l.cell as usize],
            mirrors: indexed::mirrors(l.height, (0..l.rows).map(|row| l.centre(0, row).1), l.cell),
            ..Indexed::from_rgb(&c, &palette)
        },
        discs,
        labels,
        palette: Arc::new(palette),
    }
}

pub(super) fn draw(view: &GridView) -> (Indexed, Arc<Palette>) {
    let l = Layout::new(view);
    let seats = seat_count(view);
    let tiles = TILES.get((l.columns, l.rows, seats, view.lang), || {
        tiles(&l, seats, view.lang)
    });
    let mut c = tiles.board.clone();
    let p = &tiles.palette;
    let disc = l.cell * 0.39;

    let last = view.last.filter(|&(c, r)| l.contains(c, r));
    if let Some((column, _)) = last {
        let (label, x, y) = &tiles.labels[column];
        c.put(label, *x, *y);
    }

    for column in 0..l.columns {
        for row in 0..l.rows {
            if let Some(seat) = view.at(column, row) {
                let (x, y) = l.centre(column, row);
                tiles.discs[(seat as usize).min(3)].stamp(&mut c, x, y);
            }
        }
    }

    // The last disc: a bright ring on the frame around its hole.
    if let Some((column, row)) = last {
        let (x, y) = l.centre(column, row);
        c.paint(
            p,
            ring(x, y, l.cell * 0.47, l.cell * 0.05).at(),
            HIGHLIGHT,
            1.0,
        );
    }

    for line in &view.lines {
        let points: Vec<(f32, f32)> = line
            .iter()
            .filter(|&&(c, r)| l.contains(c, r))
            .map(|&(c, r)| l.centre(c, r))
            .collect();
        if let Some((a, b)) = farthest_pair(&points) {
            draw_win_line(&mut c, p, a, b, l.cell * 0.22);
        }
    }
    // Marks stay readable on top of the lines.
    for &(column, row) in view.lines.iter().flatten() {
        if let (true, Some(seat)) = (l.contains(column, row), view.at(column, row)) {
            let (x, y) = l.centre(column, row);
            c.paint(p, mark(x, y, disc * 0.5, seat).at(), style(seat).ink, 1.0);
        }
    }
    (c, Arc::clone(&tiles.palette))
}

/// Adds `seat`'s disc at (column, row) to a board drawn for `view`'s
/// layout: the same pixels as drawing the board again with the disc (its
/// sprite covers its own hole only), for a replay's next frame. Returns the
/// rows it may have changed.
pub(super) fn stamp_disc(
    view: &GridView,
    board: &mut Indexed,
    column: usize,
    row: usize,
    seat: Seat,
) -> Range<usize> {
    let l = Layout::new(view);
    let seats = seat_count(view);
    let tiles = TILES.get((l.columns, l.rows, seats, view.lang), || {
        tiles(&l, seats, view.lang)
    });
    if !l.contains(column, row) {
        return 0..0;
    }
    let (x, y) = l.centre(column, row);
    let disc = &tiles.discs[(seat as usize).min(3)];
    disc.stamp(board, x, y);
    disc.rows(y)
}

pub(super) fn alt(view: &GridView) -> String {
    let lang = view.lang;
    let seats = seat_count(view);
    let title = if seats == 3 {
        tr(lang, "game-connect4-3p", &[])
    } else {
        tr(lang, "game-connect4", &[])
    };
    let mut counts = [0usize; 256];
    for &seat in view.cells.iter().flatten().flatten() {
        counts[seat as usize] += 1;
    }
    let total: usize = counts.iter().sum();
    let per_seat: Vec<String> = (0..seats)
        .map(|s| format!("{} {}", seat_label(s as Seat, lang), counts[s]))
        .collect();
    let mut out = tr(
        lang,
        "alt-grid-summary",
        &[
            ("title", &title),
            ("columns", &view.columns),
            ("rows", &view.rows),
            ("total", &total),
            ("seats", &list(&per_seat)),
        ],
    );
    match view.last {
        Some((column, row)) => {
            let who = view.at(column, row).map(|s| seat_label(s, lang));
            let (column, row) = (column + 1, row + 1);
            out.push(' ');
            out += &match who {
                Some(who) => tr(
                    lang,
                    "alt-grid-last",
                    &[("column", &column), ("row", &row), ("who", &who)],
                ),
                None => tr(
                    lang,
                    "alt-grid-last-anon",
                    &[("column", &column), ("row", &row)],
                ),
            };
        }
        None if total == 0 => {
            out.push(' ');
            out += &tr(lang, "alt-grid-empty", &[]);
        }
        None => {}
    }
    for line in &view.lines {
        let cells: Vec<String> = line
            .iter()
            .map(|&(c, r)| format!("{}-{}", c + 1, r + 1))
            .collect();
        let cells = list(&cells);
        out.push(' ');
        out += &match line.first().and_then(|&(c, r)| view.at(c, r)) {
            Some(s) => tr(
                lang,
                "alt-grid-win",
                &[("who", &seat_label(s, lang)), ("cells", &cells)],
            ),
            None => tr(lang, "alt-grid-win-anon", &[("cells", &cells)]),
        };
    }
    if total > 0 {
        out.push(' ');
        out += &tr(lang, "alt-grid-columns", &[]);
        let mut empty = Vec::new();
        for column in 0..view.columns {
            let discs: Vec<String> = (0..view.rows)
                .map_while(|row| view.at(column, row))
                .map(|s| colour(s, lang))
                .collect();
            if discs.is_empty() {
                empty.push((column + 1).to_string());
            } else {
                out += &format!(" {}: {};", column + 1, discs.join(", "));
            }
        }
        if !empty.is_empty() {
            out.push(' ');
            out += &tr(lang, "alt-empty", &[("list", &list(&empty))]);
        } else if out.ends_with(';') {
            out.pop();
            out.push('.');
        }
    }
    out
}

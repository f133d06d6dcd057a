//! Dots and Boxes: a score header, then the dots with their chart names.

use super::draw::{canvas, ellipsize, printable, Align, MaskAt};
use super::tiles::TileCache;
use super::*;
use std::ops::Range;

const MAX_SIDE: usize = 12;
const MARGIN: f32 = 16.0;
const HEADER_H: f32 = 80.0;
/// Room left of the dots for row numbers, and above them for letters.
const GUTTER: f32 = 40.0;
const LETTERS_H: f32 = 40.0;
const DOT: f32 = 7.0;
/// Faint guide for lines not drawn yet.
const UNDRAWN: [u8; 3] = rgb(0xD5DBE5);

pub(super) struct Layout {
    pub width: usize,
    pub height: usize,
    pub size: f32,
    /// The top-left dot.
    pub origin: (f32, f32),
    pub image: (u32, u32),
}

impl Layout {
    pub fn new(view: &DotsView) -> Layout {
        let width = view.width.clamp(1, MAX_SIDE);
        let height = view.height.clamp(1, MAX_SIDE);
        let size = (600.0 / width as f32)
            .min(520.0 / height as f32)
            .min(130.0)
            .floor();
        let grid_w = width as f32 * size;
        let grid_h = height as f32 * size;
        let image_w = (grid_w + 2.0 * GUTTER + 2.0 * MARGIN).max(720.0);
        let top = MARGIN + HEADER_H + 12.0 + LETTERS_H;
        let origin = ((image_w - grid_w + GUTTER) / 2.0, top);
        Layout {
            width,
            height,
            size,
            origin,
            image: (image_w as u32, (top + grid_h + 36.0) as u32),
        }
    }

    /// Centre of dot (col, row), row 0 on top.
    pub fn dot(&self, col: usize, row: usize) -> (f32, f32) {
        (
            self.origin.0 + col as f32 * self.size,
            self.origin.1 + row as f32 * self.size,
        )
    }

    /// Ends of a line, or `None` when it is off the board.
    pub fn ends(&self, line: DotsLine) -> Option<((f32, f32), (f32, f32))> {
        match line {
            DotsLine::H { row, col } if row <= self.height && col < self.width => {
                Some((self.dot(col, row), self.dot(col + 1, row)))
            }
            DotsLine::V { row, col } if row < self.height && col <= self.width => {
                Some((self.dot(col, row), self.dot(col, row + 1)))
            }
            _ => None,
        }
    }

    /// Centre of box (row, col).
    pub fn box_centre(&self, row: usize, col: usize) -> (f32, f32) {
        let (x, y) = self.dot(col, row);
        (x + self.size / 2.0, y + self.size / 2.0)
    }
}

fn lines_of(l: &Layout) -> Vec<DotsLine> {
    let mut lines = Vec::new();
    for row in 0..=l.height {
        for col in 0..l.width {
            lines.push(DotsLine::H { row, col });
        }
    }
    for row in 0..l.height {
        for col in 0..=l.width {
            lines.push(DotsLine::V { row, col });
        }
    }
    lines
}

/// The header's names and scores, in white on its dark band.
fn draw_header(c: &mut Indexed, p: &Palette, view: &DotsView) {
    let w = c.width as f32;
    let cy = MARGIN + HEADER_H / 2.0;
    let name_w = w / 2.0 - 150.0;
    for seat in 0..2u8 {
        let name = ellipsize(printable(&view.names[seat as usize]).trim(), 22.0, name_w);
        let name = if name.is_empty() {
            let mut n = style(seat).name.to_string();
            n[..1].make_ascii_uppercase();
            n
        } else {
            name
        };
        let score = view.scores[seat as usize].to_string();
        let (name, score) = if seat == 0 {
            (
                Mask::text(&name, MARGIN + 74.0, cy, 22.0, Align::Left),
                Mask::text(&score, w / 2.0 - 22.0, cy, 40.0, Align::Right),
            )
        } else {
            (
                Mask::text(&name, w - MARGIN - 74.0, cy, 22.0, Align::Right),
                Mask::text(&score, w / 2.0 + 22.0, cy, 40.0, Align::Left),
            )
        };
        c.paint(p, &name, HIGHLIGHT, 1.0);
        c.paint(p, &score, HIGHLIGHT, 1.0);
    }
}

/// The empty board of one size, drawn once: background, the header's
/// frame with both tokens, chart names and the faint guide of every line
/// (drawn lines cover their guides), with its palette.
struct Tiles {
    board: Indexed,
    palette: Arc<Palette>,
}

static BOARDS: TileCache<(usize, usize), Tiles> = TileCache::new();

/// Colours the moves paint over the empty board.
fn inks() -> Vec<Rgb> {
    let mut inks = vec![HIGHLIGHT, INK];
    for seat in 0..2 {
        let s = style(seat);
        inks.extend([s.stroke, s.light, s.ink]);
    }
    inks
}

fn empty_board(l: &Layout) -> Tiles {
    let mut c = canvas(l.image.0, l.image.1, BACKGROUND);
    let w = c.width() as f32;
    c.rounded_rect(MARGIN, MARGIN, w - MARGIN, MARGIN + HEADER_H, 18.0, FRAME);
    let cy = MARGIN + HEADER_H / 2.0;
    draw_token(&mut c, MARGIN + 40.0, cy, 22.0, 0);
    draw_token(&mut c, w - MARGIN - 40.0, cy, 22.0, 1);
    c.text("–", w / 2.0, cy, 32.0, MUTED, Align::Center);

    // Chart names: letters along the top, numbers down the left.
    for col in 0..=l.width {
        let (x, y) = l.dot(col, 0);
        c.text(
            &column_letter(col),
            x,
            y - LETTERS_H / 2.0 - 6.0,
            22.0,
            INK,
            Align::Center,
        );
    }
    for row in 0..=l.height {
        let (x, y) = l.dot(0, row);
        let label = (row + 1).to_string();
        c.text(&label, x - GUTTER / 2.0 - 10.0, y, 22.0, INK, Align::Center);
    }
    for line in lines_of(l) {
        if let Some((a, b)) = l.ends(line) {
            c.capsule(a, b, 1.5, UNDRAWN);
        }
    }
    let palette = Palette::new(&[&c], &inks());
    Tiles {
        board: Indexed {
            pitches: vec![l.size as usize],
            ..Indexed::from_rgb(&c, &palette)
        },
        palette: Arc::new(palette),
    }
}

/// The header's rows: what [`draw_header`] paints, above everything else.
const HEADER_ROWS: usize = (MARGIN + HEADER_H + 6.0) as usize;

pub(super) fn draw(view: &DotsView) -> (Indexed, Arc<Palette>) {
    let (mut c, p) = draw_board(view, None);
    draw_header(&mut c, &p, view);
    (c, p)
}

/// Draws `view` over `board`, the replay frame of the position `before`
/// (both as a replay draws them: no last-move marks): only the part around
/// what changed — the new lines with their badges and end dots, the boxes
/// they closed — is drawn again, with every shape that touches it in the
/// order [`draw`] paints them, so the pixels are those of drawing it all
/// again; the header is drawn again only when the scores change. Returns
/// the rows that may have changed.
pub(super) fn draw_onto(view: &DotsView, before: &DotsView, board: &mut Indexed) -> Range<usize> {
    let l = Layout::new(view);
    let tiles = BOARDS.get((l.width, l.height), || empty_board(&l));
    if board.width != tiles.board.width || board.height != tiles.board.height {
        *board = draw(view).0;
        return 0..board.height as usize;
    }
    // What changed, in pixels: (x0, y0, x1, y1).
    let mut clip: Option<(f32, f32, f32, f32)> = None;
    let mut add = |x0: f32, y0: f32, x1: f32, y1: f32| {
        clip = Some(match clip {
            None => (x0, y0, x1, y1),
            Some(c) => (c.0.min(x0), c.1.min(y0), c.2.max(x1), c.3.max(y1)),
        });
    };
    // Room around a line for its stroke, badge and end dots.
    let reach = 16.0;
    for line in lines_of(&l) {
        if view.line(line) != before.line(line) {
            if let Some((a, b)) = l.ends(line) {
                add(
                    a.0.min(b.0) - reach,
                    a.1.min(b.1) - reach,
                    a.0.max(b.0) + reach,
                    a.1.max(b.1) + reach,
                );
            }
        }
    }
    for row in 0..l.height {
        for col in 0..l.width {
            if view.owner(row, col) != before.owner(row, col) {
                let (x, y) = l.dot(col, row);
                add(x - 4.0, y - 4.0, x + l.size + 4.0, y + l.size + 4.0);
            }
        }
    }
    let width = board.width as usize;
    let height = board.height as usize;
    let mut rows = match clip {
        Some((x0, y0, x1, y1)) => {
            let x0 = (x0.floor().max(0.0) as usize).min(width);
            let x1 = (x1.ceil().max(0.0) as usize).min(width);
            let y0 = (y0.floor().max(0.0) as usize).min(height);
            let y1 = (y1.ceil().max(0.0) as usize).min(height);
            let clip = (x0 as i32, y0 as i32, x1 as i32, y1 as i32);
            let (drawn, _) = draw_board(view, Some(clip));
            for y in y0..y1 {
                board.pixels[y * width + x0..y * width + x1]
                    .copy_from_slice(&drawn.pixels[y * width + x0..y * width + x1]);
            }
            y0..y1
        }
        None => 0..0,
    };
    if view.names != before.names || view.scores != before.scores {
        let header = HEADER_ROWS.min(height) * width;
        board.pixels[..header].copy_from_slice(&tiles.board.pixels[..header]);
        draw_header(board, &tiles.palette, view);
        rows = 0..rows.end.max(HEADER_ROWS.min(height));
    }
    rows
}

/// Everything but the header's names and scores; with `clip`, only the
/// shapes that touch its pixels `(x0, y0)..(x1, y1)` (the rest is left as
/// the empty board).
fn draw_board(view: &DotsView, clip: Option<(i32, i32, i32, i32)>) -> (Indexed, Arc<Palette>) {
    let l = Layout::new(view);
    let tiles = BOARDS.get((l.width, l.height), || empty_board(&l));
    let p = &tiles.palette;
    let mut c = tiles.board.clone();
    let touches = |at: &MaskAt| {
        clip.is_none_or(|(x0, y0, x1, y1)| {
            at.x < x1
                && at.y < y1
                && at.x + at.mask.width as i32 > x0
                && at.y + at.mask.height as i32 > y0
        })
    };
    let paint = |c: &mut Indexed, p: &Palette, at: MaskAt, ink: Rgb, alpha: f32| {
        if touches(&at) {
            c.paint(p, at, ink, alpha);
        }
    };

    // Claimed boxes: the owner's tint and mark.
    let inset = (l.size * 0.08).max(6.0);
    for row in 0..l.height {
        for col in 0..l.width {
            if let Some(seat) = view.owner(row, col) {
                let s = style(seat);
                let (x, y) = l.dot(col, row);
                let side = l.size - 2.0 * inset;
                paint(
                    &mut c,
                    p,
                    rounded_box(x + inset, y + inset, side, side, 10.0).at(),
                    s.light,
                    1.0,
                );
                let (cx, cy) = l.box_centre(row, col);
                paint(
                    &mut c,
                    p,
                    mark(cx, cy, l.size * 0.2, seat).at(),
                    s.stroke,
                    1.0,
                );
            }
        }
    }

    let lines = lines_of(&l);
    // The last line glows in its colour under the ordinary strokes.
    let last = view.last.and_then(|line| Some((line, l.ends(line)?)));
    if let Some((line, (a, b))) = last {
        let s = style(view.line(line).unwrap_or(u8::MAX));
        paint(&mut c, p, capsule(a, b, 16.0).at(), s.stroke, 0.3);
    }
    for &line in &lines {
        if let (Some(seat), Some((a, b))) = (view.line(line), l.ends(line)) {
            let width = if last.is_some_and(|(l, _)| l == line) {
                7.0
            } else {
                4.5
            };
            paint(
                &mut c,
                p,
                capsule(a, b, width).at(),
                style(seat).stroke,
                1.0,
            );
        }
    }
    // Who drew each line, readable without colour: a small badge with the
    // seat's mark in its middle.
    for &line in &lines {
        if let (Some(seat), Some((a, b))) = (view.line(line), l.ends(line)) {
            let (x, y) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let s = style(seat);
            paint(&mut c, p, disc(x, y, 11.0).at(), s.stroke, 1.0);
            paint(&mut c, p, mark(x, y, 6.0, seat).at(), s.ink, 1.0);
        }
    }
    for row in 0..=l.height {
        for col in 0..=l.width {
            let (x, y) = l.dot(col, row);
            paint(&mut c, p, disc(x, y, DOT).at(), INK, 1.0);
        }
    }
    (c, Arc::clone(&tiles.palette))
}

/// A box's name: the dot at its top-left corner.
fn box_name(row: usize, col: usize) -> String {
    dot_name(col, row)
}

pub(super) fn alt(view: &DotsView) -> String {
    let lang = view.lang;
    let l = Layout::new(view);
    let name = |seat: usize| {
        let n = view.names.get(seat).map_or("", |n| n.trim());
        if n.is_empty() {
            colour(seat as Seat, lang)
        } else {
            n.to_string()
        }
    };
    let lines = lines_of(&l);
    let drawn: Vec<Seat> = lines.iter().filter_map(|&line| view.line(line)).collect();
    let count = |seat: Seat| drawn.iter().filter(|&&s| s == seat).count();
    let boxes = view.width * view.height;
    let mut out = tr(
        lang,
        "alt-dots-summary",
        &[
            ("width", &view.width),
            ("height", &view.height),
            ("boxes", &boxes),
            ("a", &name(0)),
            ("a_seat", &seat_label(0, lang)),
            ("a_score", &view.scores[0]),
            ("b", &name(1)),
            ("b_seat", &seat_label(1, lang)),
            ("b_score", &view.scores[1]),
            ("drawn", &drawn.len()),
            ("lines", &lines.len()),
            ("a_lines", &count(0)),
            ("b_lines", &count(1)),
        ],
    );
    if let Some(line) = view.last {
        let line_name = line.name();
        out.push(' ');
        out += &match view.line(line) {
            Some(s) => tr(
                lang,
                "alt-dots-last",
                &[("line", &line_name), ("who", &name(s as usize))],
            ),
            None => tr(lang, "alt-dots-last-anon", &[("line", &line_name)]),
        };
    }
    let mut open = 0;
    let mut owned: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for row in 0..l.height {
        for col in 0..l.width {
            match view.owner(row, col) {
                Some(seat) if (seat as usize) < 2 => owned[seat as usize].push(box_name(row, col)),
                Some(_) => {}
                None => open += 1,
            }
        }
    }
    if owned.iter().any(|boxes| !boxes.is_empty()) {
        out.push(' ');
        out += &tr(lang, "alt-dots-named", &[]);
    }
    for (seat, boxes) in owned.iter().enumerate() {
        if !boxes.is_empty() {
            out.push(' ');
            out += &tr(
                lang,
                "alt-dots-boxes",
                &[("who", &name(seat)), ("list", &list(boxes))],
            );
        }
    }
    out.push(' ');
    out += &tr(lang, "alt-dots-open", &[("n", &open)]);
    out
}

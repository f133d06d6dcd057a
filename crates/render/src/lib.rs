//! Board images (PNG) and their alt text, drawn from plain view structs.
//!
//! Every seat has a colour and a mark, so the boards read without colour
//! vision: red ○ (ring), yellow × (cross), blue ☆ (star). The marks are drawn
//! as geometry on every disc, bead and box. Names printed on the images are
//! the move names of SPEC section 4: columns `1`…`9`, rods `A1`…`D4`, dots
//! `a1`….
//!
//! Rendering is pure and synchronous; callers run it off the async runtime.
//! Besides the boards: replays as animated GIFs ([`replay`]), the review's
//! picture ([`review`]) and tournament standings.
//!
//! May import: the engine (positions to draw), the words (labels and alt
//! text), `image`, `imageproc`, `ab_glyph`, `png`, `gif` and their codecs.
//! The font is the top-level `fonts/` folder's, embedded at build time.

mod cube;
mod deflate;
mod dots;
mod draw;
mod encode;
mod grid;
mod indexed;
mod position;
mod replay;
mod review;
mod samples;
mod standings;
mod tiles;
mod view;

#[cfg(test)]
mod tests;

pub use draw::Align;
pub use position::{alt_text, dots_view, position};
pub use replay::{
    replay, Animation, ReplayMatch, TurningMark, END_DELAY, MOVE_DELAY, START_DELAY, TURNING_DELAY,
};
pub use review::{review, ReviewPicture, StripPoint};
pub use samples::{full_length, sample_names, samples, Sample};
pub use standings::*;
pub use view::{column_letter, dot_name, CubeView, DotsLine, DotsView, GridView};

use boardbot_engine::game::Seat;
use boardbot_words::{tr, Lang};
use draw::{rgb, square, Draw, Mask, Rgb};
use image::RgbImage;
use indexed::{Indexed, Palette};
use std::sync::Arc;
use tiles::{MaskCache, Placed};

/// A rendered board: the PNG bytes, its alt text (at most 1024 characters,
/// Discord's limit) and its size in pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    pub png: Vec<u8>,
    pub alt: String,
    pub width: u32,
    pub height: u32,
}

/// Connect Four, 7 × 6 for two or 9 × 9 for three (any size is drawn).
pub fn connect_four(view: &GridView) -> Image {
    let (board, palette) = grid::draw(view);
    finish(&board, &palette, grid::alt(view))
}

/// Connect Four 3D: the four levels side by side, bottom level first.
pub fn connect_four_3d(view: &CubeView) -> Image {
    let (board, palette) = cube::draw(view);
    finish(&board, &palette, cube::alt(view))
}

/// Dots and Boxes, with both players' names and scores in a header.
pub fn dots(view: &DotsView) -> Image {
    let (board, palette) = dots::draw(view);
    finish(&board, &palette, dots::alt(view))
}

/// Discord's limit on an attachment description.
pub const ALT_MAX_CHARS: usize = 1024;

fn finish(board: &Indexed, palette: &Palette, alt: String) -> Image {
    Image {
        png: encode::png(board, &palette.colours),
        alt: clip_alt(&alt),
        width: board.width,
        height: board.height,
    }
}

/// Cuts alt text to [`ALT_MAX_CHARS`] characters, at a clause boundary when
/// one is near, ending with "…".
fn clip_alt(alt: &str) -> String {
    if alt.chars().count() <= ALT_MAX_CHARS {
        return alt.to_string();
    }
    let kept: String = alt.chars().take(ALT_MAX_CHARS - 1).collect();
    let cut = ["; ", ". ", ", "]
        .iter()
        .filter_map(|sep| kept.rfind(sep))
        .max()
        .filter(|&at| kept.len() - at < 200)
        .unwrap_or(kept.len());
    format!("{}…", kept[..cut].trim_end())
}

// ---------------------------------------------------------------- palette

/// Page background.
const BACKGROUND: Rgb = rgb(0xF3F5F9);
/// Text and dots.
const INK: Rgb = rgb(0x27324D);
/// Secondary text.
const MUTED: Rgb = rgb(0x6B7891);
/// The board frame (deep slate, apart from the blue seat).
const FRAME: Rgb = rgb(0x27324D);
/// Soft shadow under boards.
const SHADOW: Rgb = rgb(0xD6DCE6);
/// An empty hole.
const HOLE: Rgb = rgb(0xE3E8F0);
/// Last-move highlight on the dark frame.
const HIGHLIGHT: Rgb = rgb(0xFFFFFF);
/// Winning lines: a light stroke with a dark outline, visible on any disc.
const WIN_OUTLINE: Rgb = rgb(0x111827);
const WIN_STROKE: Rgb = rgb(0xFFFFFF);

/// Colours the moves paint over a board's tiles (Connect Four boards and
/// the 3D cube): the last-move ring, the winning lines, the marks.
const MOVE_INKS: [Rgb; 5] = [
    HIGHLIGHT,
    WIN_OUTLINE,
    WIN_STROKE,
    rgb(0xFFFFFF),
    rgb(0x5A4300),
];

/// How one seat is drawn and named.
#[derive(Debug, Clone, Copy)]
struct SeatStyle {
    /// Colour name for alt text.
    name: &'static str,
    /// Mark as a character, for alt text.
    symbol: &'static str,
    mark: Mark,
    /// Disc body.
    body: Rgb,
    /// Disc rim, a shade darker.
    rim: Rgb,
    /// The mark on the disc.
    ink: Rgb,
    /// Tint for claimed boxes.
    light: Rgb,
    /// Lines drawn on a light background (darker for yellow).
    stroke: Rgb,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Ring,
    Cross,
    Star,
    Dot,
}

fn style(seat: Seat) -> SeatStyle {
    match seat {
        0 => SeatStyle {
            name: "red",
            symbol: "○",
            mark: Mark::Ring,
            body: rgb(0xE23B3B),
            rim: rgb(0xA91D22),
            ink: rgb(0xFFFFFF),
            light: rgb(0xFADADA),
            stroke: rgb(0xD42A2F),
        },
        1 => SeatStyle {
            name: "yellow",
            symbol: "×",
            mark: Mark::Cross,
            body: rgb(0xFFC629),
            rim: rgb(0xD19A00),
            ink: rgb(0x5A4300),
            light: rgb(0xFFF0BF),
            stroke: rgb(0xE0A300),
        },
        2 => SeatStyle {
            name: "blue",
            symbol: "☆",
            mark: Mark::Star,
            body: rgb(0x2F80ED),
            rim: rgb(0x1A56B0),
            ink: rgb(0xFFFFFF),
            light: rgb(0xD3E4FC),
            stroke: rgb(0x2373E0),
        },
        _ => SeatStyle {
            name: "grey",
            symbol: "•",
            mark: Mark::Dot,
            body: rgb(0x9AA3B2),
            rim: rgb(0x6B7483),
            ink: rgb(0xFFFFFF),
            light: rgb(0xE5E8ED),
            stroke: rgb(0x7D8696),
        },
    }
}

/// Colour name with its mark, e.g. "red ○".
pub fn seat_label(seat: Seat, lang: Lang) -> String {
    format!("{} {}", colour(seat, lang), style(seat).symbol)
}

/// A seat's colour name in `lang`.
fn colour(seat: Seat, lang: Lang) -> String {
    tr(lang, &format!("colour-{}", style(seat).name), &[])
}

/// A seat's mark centred at a point; `r` is the mark's radius.
fn mark_mask(cx: f32, cy: f32, r: f32, seat: Seat) -> Mask {
    let mark = style(seat).mark;
    Mask::draw(square(cx, cy, r * 1.4), |p| match mark {
        Mark::Ring => p.ring(cx, cy, r * 0.78, r * 0.36),
        Mark::Cross => p.cross(cx, cy, r, r * 0.36),
        Mark::Star => p.star(cx, cy, r * 1.12),
        Mark::Dot => p.disc(cx, cy, r * 0.5, true),
    })
}

/// Marks by seat and radius, for painting on boards.
static MARKS: MaskCache = MaskCache::new();

/// A seat's mark (cached) for painting on a board.
fn mark(cx: f32, cy: f32, r: f32, seat: Seat) -> Placed {
    let kind = style(seat).mark as u8;
    MARKS.get(kind, [r, 0.0, 0.0, 0.0], (cx, cy), |x, y| {
        mark_mask(x, y, r, seat)
    })
}

/// Draws a seat's mark on a tile.
fn draw_mark(canvas: &mut RgbImage, cx: f32, cy: f32, r: f32, seat: Seat, color: Rgb) {
    draw::paint(canvas, &mark_mask(cx, cy, r, seat), color, 1.0);
}

/// A disc or bead of radius `r` with its rim and mark, on a tile.
fn draw_token(canvas: &mut RgbImage, cx: f32, cy: f32, r: f32, seat: Seat) {
    let s = style(seat);
    canvas.circle(cx, cy, r, s.rim);
    canvas.circle(cx, cy, r * 0.87, s.body);
    draw_mark(canvas, cx, cy, r * 0.5, seat, s.ink);
}

/// Shapes painted on boards, cached by their geometry: capsules (tag 10),
/// rings (11), discs (12), rounded boxes (13).
static SHAPES: MaskCache = MaskCache::new();

/// A capsule of radius `r` from `a` to `b`, cached by its direction.
fn capsule(a: (f32, f32), b: (f32, f32), r: f32) -> Placed {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    SHAPES.get(10, [dx, dy, r, 0.0], a, |x, y| {
        let b = (x + dx, y + dy);
        Mask::draw(draw::segment_box((x, y), b, r), |p| p.capsule((x, y), b, r))
    })
}

/// A ring centred on radius `r`, `width` wide.
fn ring(cx: f32, cy: f32, r: f32, width: f32) -> Placed {
    SHAPES.get(11, [r, width, 0.0, 0.0], (cx, cy), |x, y| {
        Mask::draw(square(x, y, r + width), |p| p.ring(x, y, r, width))
    })
}

/// A filled disc.
fn disc(cx: f32, cy: f32, r: f32) -> Placed {
    SHAPES.get(12, [r, 0.0, 0.0, 0.0], (cx, cy), |x, y| {
        Mask::draw(square(x, y, r), |p| p.disc(x, y, r, true))
    })
}

/// A box with rounded corners, `w` × `h` from its top-left corner.
fn rounded_box(x: f32, y: f32, w: f32, h: f32, radius: f32) -> Placed {
    SHAPES.get(13, [w, h, radius, 0.0], (x, y), |x, y| {
        Mask::draw((x, y, x + w, y + h), |p| {
            p.rounded_rect(x, y, x + w, y + h, radius)
        })
    })
}

/// A thick light line with a dark outline through `from`..`to`.
fn draw_win_line(
    board: &mut Indexed,
    palette: &Palette,
    from: (f32, f32),
    to: (f32, f32),
    width: f32,
) {
    board.paint(
        palette,
        capsule(from, to, width * 0.5).at(),
        WIN_OUTLINE,
        0.9,
    );
    board.paint(
        palette,
        capsule(from, to, width * 0.3).at(),
        WIN_STROKE,
        1.0,
    );
}

/// The two points of a set farthest apart: the ends of a straight line of
/// cells, whatever order the cells come in.
fn farthest_pair(points: &[(f32, f32)]) -> Option<((f32, f32), (f32, f32))> {
    let mut best = None;
    let mut longest = -1.0;
    for (i, &a) in points.iter().enumerate() {
        for &b in &points[i..] {
            let d = (a.0 - b.0).hypot(a.1 - b.1);
            if d > longest {
                longest = d;
                best = Some((a, b));
            }
        }
    }
    best
}

/// A row of seat swatches with their colour names, centred on `cx`.
fn draw_legend(canvas: &mut RgbImage, seats: usize, lang: Lang, cx: f32, cy: f32) {
    let size = 18.0;
    let r = 12.0;
    let gap = 30.0;
    let items: Vec<(Seat, String)> = (0..seats as Seat)
        .map(|seat| {
            let name = colour(seat, lang);
            let mut chars = name.chars();
            let label = chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect())
                .unwrap_or_default();
            (seat, label)
        })
        .collect();
    let widths: Vec<f32> = items
        .iter()
        .map(|(_, label)| 2.0 * r + 8.0 + draw::text_width(label, size))
        .collect();
    let total = widths.iter().sum::<f32>() + gap * (items.len().saturating_sub(1)) as f32;
    let mut x = cx - total / 2.0;
    for ((seat, label), w) in items.iter().zip(&widths) {
        draw_token(canvas, x + r, cy, r, *seat);
        canvas.text(label, x + 2.0 * r + 8.0, cy, size, MUTED, Align::Left);
        x += w + gap;
    }
}

/// Joins phrases with ", ".
fn list(items: &[String]) -> String {
    items.join(", ")
}

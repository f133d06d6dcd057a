//! The picture of a match review: the position of the biggest turning
//! point twice, once with the move played and once with the better move
//! (each marked as the board marks a last move), and a strip across the
//! whole game with every position's value and the turning points.
//!
//! The boards are the bot's own board images, scaled down; the rest is
//! drawn with the boards' drawing layer.

use super::draw::{self, Align, Draw};
use super::{style, Image, BACKGROUND, FRAME, HOLE, INK, MUTED};
use boardbot_engine::game::Seat;
use image::imageops::{self, FilterType};
use image::{ImageFormat, RgbImage};
use std::io::Cursor;

/// One position of the strip.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StripPoint {
    /// How the position stands for the first seat, from -1 (lost) to 1
    /// (won); `None` where nothing was proved (or the game is estimated).
    pub value: Option<f32>,
    /// The seat whose move led here (`None` for the start).
    pub mover: Option<Seat>,
    /// The move that led here was a turning point.
    pub turning: bool,
}

/// What the review picture shows.
#[derive(Debug, Clone)]
pub struct ReviewPicture {
    /// Above everything: which match and move.
    pub title: String,
    /// The board after the move played, and its caption.
    pub played: (Image, String),
    /// The board after the better move, and its caption.
    pub better: Option<(Image, String)>,
    /// One point per position, the start first.
    pub strip: Vec<StripPoint>,
    /// The strip position the boards show (after the turning point).
    pub focus: Option<usize>,
    /// Under the strip: what it shows.
    pub strip_caption: String,
    /// The picture's alt text.
    pub alt: String,
}

const WIDTH: u32 = 1000;
const TITLE: u32 = 56;
const CAPTION: u32 = 40;
const STRIP: u32 = 120;
const PAD: u32 = 16;
/// The widest board still shown beside the other one (scaled to half the
/// page, about a third of its size); wider boards go one above the other.
const SIDE_BY_SIDE_WIDEST: u32 = 1332;
/// The caption colours: what was played, and what was better.
const PLAYED: draw::Rgb = draw::rgb(0xB3261E);
const BETTER: draw::Rgb = draw::rgb(0x1E7B34);

/// Draws the review picture.
pub fn review(picture: &ReviewPicture) -> Image {
    let panels: Vec<(RgbImage, &str, draw::Rgb)> =
        std::iter::once((&picture.played.0, picture.played.1.as_str(), PLAYED))
            .chain(
                picture
                    .better
                    .as_ref()
                    .map(|(image, caption)| (image, caption.as_str(), BETTER)),
            )
            .filter_map(|(image, caption, colour)| Some((decode(image)?, caption, colour)))
            .collect();
    // Side by side when two boards fit the width at a readable size;
    // otherwise (3D's wide cube) one above the other.
    let widest = panels.iter().map(|(p, _, _)| p.width()).max().unwrap_or(1);
    let side_by_side = panels.len() == 2 && widest <= SIDE_BY_SIDE_WIDEST;
    let slot = if side_by_side {
        (WIDTH - 3 * PAD) / 2
    } else {
        WIDTH - 2 * PAD
    };
    let scaled: Vec<(RgbImage, &str, draw::Rgb)> = panels
        .into_iter()
        .map(|(p, caption, colour)| (fit(&p, slot), caption, colour))
        .collect();
    let panel_height = scaled.iter().map(|(p, _, _)| p.height()).max().unwrap_or(0) + CAPTION;
    let boards_height = if side_by_side {
        panel_height
    } else {
        scaled
            .iter()
            .map(|(p, _, _)| p.height() + CAPTION)
            .sum::<u32>()
    };
    let height = TITLE + PAD + boards_height + PAD + STRIP + PAD;
    let mut page = draw::canvas(WIDTH, height, BACKGROUND);
    // Title band.
    page.rounded_rect(0.0, 0.0, WIDTH as f32, TITLE as f32, 0.0, FRAME);
    let title = draw::ellipsize(&draw::printable(&picture.title), 24.0, WIDTH as f32 - 40.0);
    page.text(
        &title,
        20.0,
        TITLE as f32 / 2.0,
        24.0,
        draw::rgb(0xFFFFFF),
        Align::Left,
    );
    // The boards with their captions.
    let mut y = TITLE + PAD;
    for (i, (board, caption, colour)) in scaled.iter().enumerate() {
        let x = if side_by_side {
            PAD + i as u32 * (slot + PAD) + (slot - board.width()) / 2
        } else {
            (WIDTH - board.width()) / 2
        };
        imageops::overlay(&mut page, board, i64::from(x), i64::from(y));
        let cy = (y + board.height() + CAPTION / 2) as f32;
        let caption = draw::ellipsize(&draw::printable(caption), 22.0, slot as f32);
        let centre = x as f32 + board.width() as f32 / 2.0;
        // A coloured tag before the words: red for played, green for better.
        let w = draw::text_width(&caption, 22.0);
        page.circle(centre - w / 2.0 - 14.0, cy, 7.0, *colour);
        page.text(&caption, centre + 4.0, cy, 22.0, *colour, Align::Center);
        if !side_by_side {
            y += board.height() + CAPTION;
        }
    }
    let top = TITLE + PAD + boards_height + PAD;
    strip(&mut page, picture, top as f32);
    let mut png = Vec::new();
    let encoded = page.write_to(&mut Cursor::new(&mut png), ImageFormat::Png);
    if encoded.is_err() {
        png.clear();
    }
    Image {
        png,
        alt: super::clip_alt(&picture.alt),
        width: WIDTH,
        height,
    }
}

/// A board image decoded back to pixels.
fn decode(image: &Image) -> Option<RgbImage> {
    image::load_from_memory_with_format(&image.png, ImageFormat::Png)
        .ok()
        .map(|i| i.to_rgb8())
}

/// `image` scaled down (never up) to at most `width` pixels across.
fn fit(image: &RgbImage, width: u32) -> RgbImage {
    if image.width() <= width {
        return image.clone();
    }
    let height = (image.height() as u64 * width as u64 / image.width() as u64).max(1) as u32;
    imageops::resize(image, width, height, FilterType::Triangle)
}

/// The evaluation strip: a bar per position, up for the first seat, down
/// for the second, grey where nothing was proved; a dark triangle over
/// each turning point; the boards' position framed.
fn strip(page: &mut RgbImage, picture: &ReviewPicture, top: f32) {
    let left = PAD as f32;
    let right = (WIDTH - PAD) as f32;
    let height = STRIP as f32 - 30.0;
    let mid = top + 12.0 + height / 2.0;
    page.rounded_rect(left, top, right, top + STRIP as f32 - 26.0, 8.0, HOLE);
    page.rounded_rect(left, mid - 0.5, right, mid + 0.5, 0.0, MUTED);
    let n = picture.strip.len().max(1) as f32;
    let step = (right - left - 16.0) / n;
    let bar = (step * 0.7).clamp(1.0, 18.0);
    for (i, point) in picture.strip.iter().enumerate() {
        let cx = left + 8.0 + (i as f32 + 0.5) * step;
        if picture.focus == Some(i) {
            page.rounded_rect(
                cx - step / 2.0,
                top + 2.0,
                cx + step / 2.0,
                top + STRIP as f32 - 28.0,
                3.0,
                draw::rgb(0xFFFFFF),
            );
        }
        match point.value {
            Some(v) => {
                let v = v.clamp(-1.0, 1.0);
                let reach = (height / 2.0 - 4.0) * v.abs().max(0.06);
                let (y0, y1, seat) = if v >= 0.0 {
                    (mid - reach, mid, 0)
                } else {
                    (mid, mid + reach, 1)
                };
                let colour = if v == 0.0 { MUTED } else { style(seat).body };
                page.rounded_rect(cx - bar / 2.0, y0, cx + bar / 2.0, y1, 1.5, colour);
            }
            None => {
                // Unknown: a small hollow mark on the middle line.
                page.rounded_rect(
                    cx - bar / 2.0,
                    mid - 2.0,
                    cx + bar / 2.0,
                    mid + 2.0,
                    1.0,
                    draw::rgb(0xB8C0CC),
                );
            }
        }
        if point.turning {
            let colour = point.mover.map_or(INK, |s| style(s).rim);
            let y = top + 6.0;
            let r = (bar / 2.0).clamp(4.0, 7.0);
            page.shape((cx - r, y, cx + r, y + r * 1.6), colour, |pen| {
                pen.polygon(&[(cx - r, y), (cx + r, y), (cx, y + r * 1.6)], true)
            });
        }
    }
    let caption = draw::ellipsize(&draw::printable(&picture.strip_caption), 18.0, right - left);
    page.text(
        &caption,
        left,
        top + STRIP as f32 - 12.0,
        18.0,
        INK,
        Align::Left,
    );
}

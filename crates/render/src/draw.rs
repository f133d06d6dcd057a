//! Shapes and text as coverage masks, drawn with imageproc.
//!
//! imageproc's filled circles and polygons have hard edges, so a shape is
//! drawn once at [`SCALE`] times the size on a grey mask and averaged down
//! to one coverage value per pixel (0..=255): a soft one-pixel edge, as a
//! renderer with anti-aliasing would give. Text comes from imageproc's
//! `draw_text_mut` with ab_glyph, which is anti-aliased already.
//!
//! Coordinates are in pixels, `f32`, with the centre of pixel `(x, y)` at
//! `(x + 0.5, y + 0.5)`. A mask is painted with a colour, either on an RGB
//! picture (tiles, drawn once) or on a palette-indexed board
//! ([`super::indexed`]).

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{GrayImage, Luma, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut};
use imageproc::point::Point;
use imageproc::rect::Rect;
use std::f32::consts::PI;
use std::sync::LazyLock;

/// An opaque colour.
pub type Rgb = [u8; 3];

/// Builds a colour from `0xRRGGBB`.
pub const fn rgb(hex: u32) -> Rgb {
    [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8]
}

/// Samples per pixel side when a shape is drawn: 4 × 4 = 16 coverage levels.
pub const SCALE: i32 = 4;

/// The one font, embedded and parsed once.
pub static FONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../../fonts/DejaVuSans-Bold.ttf"))
        .expect("the embedded DejaVu Sans Bold font parses")
});

/// Cap height of DejaVu Sans Bold as a fraction of the pixel size; used to
/// centre text vertically on its capitals and digits.
const CAP_HEIGHT: f32 = 0.729;

/// Horizontal placement of a text relative to its `x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// How much of each pixel of a box a shape covers (0..=255).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mask {
    /// Top-left pixel of the box on the picture.
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
    pub coverage: Vec<u8>,
}

impl Mask {
    /// A mask over the pixels that `(x0, y0)..(x1, y1)` touches, with the
    /// shapes `draw` puts on its [`Pen`].
    pub fn draw(bounds: (f32, f32, f32, f32), draw: impl FnOnce(&mut Pen)) -> Mask {
        let (x0, y0, x1, y1) = bounds;
        let finite = x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite();
        // Views are not trusted: a huge or broken box draws nothing.
        if !finite || x1 - x0 > 8192.0 || y1 - y0 > 8192.0 || x1 < x0 || y1 < y0 {
            return Mask::empty();
        }
        let (x, y) = ((x0.floor() as i32) - 1, (y0.floor() as i32) - 1);
        let width = (x1.ceil() as i32 + 1 - x).max(1) as u32;
        let height = (y1.ceil() as i32 + 1 - y).max(1) as u32;
        let mut pen = Pen {
            origin: (x as f32, y as f32),
            image: GrayImage::new(width * SCALE as u32, height * SCALE as u32),
        };
        draw(&mut pen);
        Mask {
            x,
            y,
            width,
            height,
            coverage: downsample(&pen.image, width, height),
        }
    }

    pub fn empty() -> Mask {
        Mask {
            x: 0,
            y: 0,
            width: 0,
            height: 0,
            coverage: Vec::new(),
        }
    }

    /// The same mask moved by whole pixels.
    pub fn moved(&self, dx: i32, dy: i32) -> MaskAt<'_> {
        MaskAt {
            mask: self,
            x: self.x + dx,
            y: self.y + dy,
        }
    }

    /// `text` at pixel size `size`, vertically centred on `cy` (by its
    /// capitals), placed horizontally at `x` by `align`.
    pub fn text(text: &str, x: f32, cy: f32, size: f32, align: Align) -> Mask {
        let scale = PxScale::from(size);
        let width = text_width(text, size);
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let font = FONT.as_scaled(scale);
        let baseline = cy + CAP_HEIGHT * size / 2.0;
        // imageproc puts the glyphs' ascent line at the y it is given.
        let top = baseline - font.ascent();
        let (mx, my) = (left.floor() as i32 - 2, top.floor() as i32 - 2);
        let (w, h) = (
            (width.ceil() as i32 + 6).max(1) as u32,
            ((font.ascent() - font.descent()).ceil() as i32 + 6).max(1) as u32,
        );
        if !(left.is_finite() && top.is_finite()) || w > 8192 || h > 8192 {
            return Mask::empty();
        }
        let mut image = GrayImage::new(w, h);
        imageproc::drawing::draw_text_mut(
            &mut image,
            Luma([255]),
            (left - mx as f32).round() as i32,
            (top - my as f32).round() as i32,
            scale,
            &*FONT,
            text,
        );
        Mask {
            x: mx,
            y: my,
            width: w,
            height: h,
            coverage: image.into_raw(),
        }
    }
}

/// A mask placed at another spot.
#[derive(Clone, Copy)]
pub struct MaskAt<'a> {
    pub mask: &'a Mask,
    pub x: i32,
    pub y: i32,
}

impl<'a> From<&'a Mask> for MaskAt<'a> {
    fn from(mask: &'a Mask) -> MaskAt<'a> {
        MaskAt {
            mask,
            x: mask.x,
            y: mask.y,
        }
    }
}

/// Averages each `SCALE` × `SCALE` block of the drawing into one coverage.
fn downsample(image: &GrayImage, width: u32, height: u32) -> Vec<u8> {
    let s = SCALE as usize;
    let stride = width as usize * s;
    let raw = image.as_raw();
    let mut out = vec![0u8; width as usize * height as usize];
    let mut sums = vec![0u32; width as usize];
    for y in 0..height as usize {
        sums.iter_mut().for_each(|sum| *sum = 0);
        for row in raw[y * s * stride..(y + 1) * s * stride].chunks_exact(stride) {
            for (sum, block) in sums.iter_mut().zip(row.chunks_exact(s)) {
                *sum += block.iter().map(|&v| v as u32).sum::<u32>();
            }
        }
        let n = (s * s) as u32;
        for (cell, &sum) in out[y * width as usize..].iter_mut().zip(&sums) {
            *cell = ((sum + n / 2) / n) as u8;
        }
    }
    out
}

/// Draws shapes on a mask, at `SCALE` samples per pixel side. `on` shapes
/// cover, the others uncover (a ring is a disc with a disc taken out).
pub struct Pen {
    origin: (f32, f32),
    image: GrayImage,
}

impl Pen {
    /// A point of the picture in the mask's sample grid.
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (
            (x - self.origin.0) * SCALE as f32 - 0.5,
            (y - self.origin.1) * SCALE as f32 - 0.5,
        )
    }

    fn value(on: bool) -> Luma<u8> {
        Luma([if on { 255 } else { 0 }])
    }

    /// A filled disc.
    ///
    /// imageproc's circle is centred on a sample, so it is an odd number of
    /// samples wide. A centre that falls between two samples (a disc centred
    /// on a pixel corner, as the boards' cells are) is drawn as the union of
    /// circles on the samples either side: the disc stays symmetric, so its
    /// rows mirror each other and compress well.
    pub fn disc(&mut self, cx: f32, cy: f32, r: f32, on: bool) {
        let (x, y) = self.at(cx, cy);
        let between = |v: f32| (v - v.floor() - 0.5).abs() < 0.125;
        let centres = |v: f32| {
            if between(v) {
                [v.floor() as i32, v.floor() as i32 + 1]
            } else {
                [v.round() as i32; 2]
            }
        };
        let (xs, ys) = (centres(x), centres(y));
        // Radius in samples: the union spans one sample more per split axis.
        let split = between(x) || between(y);
        let radius = (r * SCALE as f32 - if split { 1.0 } else { 0.5 }).round() as i32;
        if radius < 0 {
            return;
        }
        for (i, &sx) in xs.iter().enumerate() {
            for (j, &sy) in ys.iter().enumerate() {
                if (i == 1 && xs[0] == xs[1]) || (j == 1 && ys[0] == ys[1]) {
                    continue;
                }
                draw_filled_circle_mut(&mut self.image, (sx, sy), radius, Self::value(on));
            }
        }
    }

    /// A filled polygon.
    ///
    /// imageproc takes whole sample coordinates; the polygon is drawn with
    /// its points rounded down and up (the union of up to four copies half a
    /// sample apart), so a shape symmetric about a pixel corner stays
    /// symmetric, as for [`Pen::disc`].
    pub fn polygon(&mut self, points: &[(f32, f32)], on: bool) {
        let points: Vec<(f32, f32)> = points.iter().map(|&(x, y)| self.at(x, y)).collect();
        let mut drawn: Vec<Vec<Point<i32>>> = Vec::new();
        for x_up in [false, true] {
            for y_up in [false, true] {
                let round = |v: f32, up: bool| if up { v.ceil() } else { v.floor() } as i32;
                let mut poly: Vec<Point<i32>> = points
                    .iter()
                    .map(|&(x, y)| Point::new(round(x, x_up), round(y, y_up)))
                    .collect();
                poly.dedup();
                while poly.len() > 1 && poly.first() == poly.last() {
                    poly.pop();
                }
                if poly.len() >= 3 && !drawn.contains(&poly) {
                    draw_polygon_mut(&mut self.image, &poly, Self::value(on));
                    drawn.push(poly);
                }
            }
        }
    }

    /// An axis-aligned rectangle.
    pub fn rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, on: bool) {
        let (ax, ay) = self.at(x0, y0);
        let (bx, by) = self.at(x1, y1);
        let (ax, ay) = ((ax + 0.5).round() as i32, (ay + 0.5).round() as i32);
        let (bx, by) = ((bx + 0.5).round() as i32, (by + 0.5).round() as i32);
        if bx > ax && by > ay {
            let rect = Rect::at(ax, ay).of_size((bx - ax) as u32, (by - ay) as u32);
            draw_filled_rect_mut(&mut self.image, rect, Self::value(on));
        }
    }

    /// A ring whose stroke is centred on radius `r`, `width` wide.
    pub fn ring(&mut self, cx: f32, cy: f32, r: f32, width: f32) {
        self.disc(cx, cy, r + width / 2.0, true);
        self.disc(cx, cy, r - width / 2.0, false);
    }

    /// A ring broken into `dashes` equal dashes (each half of its period),
    /// the first centred on the left.
    pub fn dashed_ring(&mut self, cx: f32, cy: f32, r: f32, width: f32, dashes: u32) {
        self.ring(cx, cy, r, width);
        let dashes = dashes.max(1) as f32;
        let reach = 2.0 * (r + width);
        let half = PI / (2.0 * dashes);
        for k in 0..dashes as u32 {
            // The gap between dash k and dash k + 1, as a wedge.
            let mid = -PI + (k as f32 + 0.5) * 2.0 * PI / dashes;
            let corner = |a: f32| (cx + reach * a.cos(), cy + reach * a.sin());
            self.polygon(&[(cx, cy), corner(mid - half), corner(mid + half)], false);
        }
    }

    /// A thick segment with round ends (a capsule) of radius `r`.
    pub fn capsule(&mut self, a: (f32, f32), b: (f32, f32), r: f32) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = (dx * dx + dy * dy).sqrt();
        if length > 0.0 {
            let (nx, ny) = (-dy / length * r, dx / length * r);
            self.polygon(
                &[
                    (a.0 + nx, a.1 + ny),
                    (b.0 + nx, b.1 + ny),
                    (b.0 - nx, b.1 - ny),
                    (a.0 - nx, a.1 - ny),
                ],
                true,
            );
        }
        self.disc(a.0, a.1, r, true);
        self.disc(b.0, b.1, r, true);
    }

    /// An axis-aligned rectangle with corners of radius `radius`.
    pub fn rounded_rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, radius: f32) {
        let (x0, x1) = (x0.min(x1), x0.max(x1));
        let (y0, y1) = (y0.min(y1), y0.max(y1));
        let r = radius.clamp(0.0, ((x1 - x0) / 2.0).min((y1 - y0) / 2.0));
        self.rect(x0 + r, y0, x1 - r, y1, true);
        self.rect(x0, y0 + r, x1, y1 - r, true);
        if r > 0.0 {
            for (cx, cy) in [
                (x0 + r, y0 + r),
                (x1 - r, y0 + r),
                (x0 + r, y1 - r),
                (x1 - r, y1 - r),
            ] {
                self.disc(cx, cy, r, true);
            }
        }
    }

    /// The "×" mark: two strokes at 45°, arms reaching `r` from the centre.
    pub fn cross(&mut self, cx: f32, cy: f32, r: f32, thickness: f32) {
        let d = r / std::f32::consts::SQRT_2;
        let half = thickness / 2.0;
        self.capsule((cx - d, cy - d), (cx + d, cy + d), half);
        self.capsule((cx - d, cy + d), (cx + d, cy - d), half);
    }

    /// The "☆" mark: a filled five-point star, point up, outer radius `r`.
    pub fn star(&mut self, cx: f32, cy: f32, r: f32) {
        let inner = r * 0.45;
        let points: Vec<(f32, f32)> = (0..10)
            .map(|i| {
                let radius = if i % 2 == 0 { r } else { inner };
                let angle = -PI / 2.0 + i as f32 * PI / 5.0;
                (cx + radius * angle.cos(), cy + radius * angle.sin())
            })
            .collect();
        self.polygon(&points, true);
    }
}

/// The bounding box of a square of half-side `r` around a centre.
pub fn square(cx: f32, cy: f32, r: f32) -> (f32, f32, f32, f32) {
    (cx - r, cy - r, cx + r, cy + r)
}

/// The bounding box of a segment thickened by `r`.
pub fn segment_box(a: (f32, f32), b: (f32, f32), r: f32) -> (f32, f32, f32, f32) {
    (
        a.0.min(b.0) - r,
        a.1.min(b.1) - r,
        a.0.max(b.0) + r,
        a.1.max(b.1) + r,
    )
}

/// Mixes `colour` into `old` by `coverage` (0..=255) times `alpha`.
#[inline]
pub fn mix(old: Rgb, colour: Rgb, coverage: u8, alpha: f32) -> Rgb {
    let a = coverage as f32 / 255.0 * alpha;
    let mut out = old;
    for (channel, &target) in out.iter_mut().zip(&colour) {
        let o = *channel as f32;
        *channel = (o + (target as f32 - o) * a + 0.5) as u8;
    }
    out
}

/// Paints `colour` through a mask onto an RGB picture.
pub fn paint<'a>(image: &mut RgbImage, mask: impl Into<MaskAt<'a>>, colour: Rgb, alpha: f32) {
    let at = mask.into();
    let m = at.mask;
    let (w, h) = (image.width() as i32, image.height() as i32);
    for row in 0..m.height as i32 {
        let y = at.y + row;
        if y < 0 || y >= h {
            continue;
        }
        for col in 0..m.width as i32 {
            let x = at.x + col;
            if x < 0 || x >= w {
                continue;
            }
            let c = m.coverage[(row * m.width as i32 + col) as usize];
            if c == 0 {
                continue;
            }
            let pixel = image.get_pixel_mut(x as u32, y as u32);
            pixel.0 = if c == 255 && alpha >= 1.0 {
                colour
            } else {
                mix(pixel.0, colour, c, alpha)
            };
        }
    }
}

/// An RGB picture filled with one colour.
pub fn canvas(width: u32, height: u32, colour: Rgb) -> RgbImage {
    RgbImage::from_pixel(width, height, image::Rgb(colour))
}

/// Shorthands for drawing tiles (once) on an RGB picture.
pub trait Draw {
    fn shape(&mut self, bounds: (f32, f32, f32, f32), colour: Rgb, draw: impl FnOnce(&mut Pen));
    fn text(&mut self, text: &str, x: f32, cy: f32, size: f32, colour: Rgb, align: Align);

    fn circle(&mut self, cx: f32, cy: f32, r: f32, colour: Rgb) {
        self.shape(square(cx, cy, r), colour, |p| p.disc(cx, cy, r, true));
    }

    fn rounded_rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, radius: f32, colour: Rgb) {
        self.shape((x0, y0, x1, y1), colour, |p| {
            p.rounded_rect(x0, y0, x1, y1, radius)
        });
    }

    fn capsule(&mut self, a: (f32, f32), b: (f32, f32), r: f32, colour: Rgb) {
        self.shape(segment_box(a, b, r), colour, |p| p.capsule(a, b, r));
    }
}

impl Draw for RgbImage {
    fn shape(&mut self, bounds: (f32, f32, f32, f32), colour: Rgb, draw: impl FnOnce(&mut Pen)) {
        paint(self, &Mask::draw(bounds, draw), colour, 1.0);
    }

    fn text(&mut self, text: &str, x: f32, cy: f32, size: f32, colour: Rgb, align: Align) {
        paint(self, &Mask::text(text, x, cy, size, align), colour, 1.0);
    }
}

/// Width in pixels of `text` at pixel size `size`, as imageproc lays it out.
pub fn text_width(text: &str, size: f32) -> f32 {
    imageproc::drawing::text_size(PxScale::from(size), &*FONT, text).0 as f32
}

/// `text` without the characters the font cannot draw (emoji, most
/// scripts it lacks), which would otherwise show as empty boxes.
pub fn printable(text: &str) -> String {
    text.chars()
        .filter(|&ch| !ch.is_control() && FONT.glyph_id(ch).0 != 0)
        .collect()
}

/// `text` shortened with "…" until it fits `max_width` at `size`.
pub fn ellipsize(text: &str, size: f32, max_width: f32) -> String {
    if text_width(text, size) <= max_width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if text_width(&candidate, size) <= max_width {
            return candidate;
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHITE: Rgb = [255, 255, 255];
    const BLACK: Rgb = [0, 0, 0];

    fn at(image: &RgbImage, x: u32, y: u32) -> Rgb {
        image.get_pixel(x, y).0
    }

    #[test]
    fn shapes_cover_their_centres_and_leave_outside_alone() {
        let mut c = canvas(100, 100, WHITE);
        c.circle(20.0, 20.0, 10.0, BLACK);
        assert_eq!(at(&c, 20, 20), BLACK);
        assert_eq!(at(&c, 35, 20), WHITE);
        c.shape(square(60.0, 20.0, 12.0), BLACK, |p| {
            p.ring(60.0, 20.0, 10.0, 3.0)
        });
        assert_eq!(at(&c, 60, 20), WHITE);
        assert_eq!(at(&c, 70, 19), BLACK);
        c.shape(square(20.0, 60.0, 12.0), BLACK, |p| {
            p.star(20.0, 60.0, 12.0)
        });
        assert_eq!(at(&c, 20, 60), BLACK);
        assert_eq!(at(&c, 20, 50), BLACK, "top point");
        assert_eq!(at(&c, 31, 68), WHITE, "between points");
        c.shape(square(60.0, 60.0, 12.0), BLACK, |p| {
            p.cross(60.0, 60.0, 10.0, 3.0)
        });
        assert_eq!(at(&c, 60, 60), BLACK);
        assert_eq!(at(&c, 60, 52), WHITE);
        c.rounded_rect(80.0, 80.0, 90.0, 90.0, 0.0, BLACK);
        assert_eq!(at(&c, 85, 85), BLACK);
        assert_eq!(at(&c, 91, 85), WHITE);
        assert_eq!(at(&c, 80, 80), BLACK, "a square corner is covered");
    }

    #[test]
    fn edges_are_anti_aliased() {
        let mut c = canvas(40, 40, WHITE);
        c.circle(20.0, 20.0, 10.3, BLACK);
        let edge = at(&c, 30, 20)[0];
        assert!(edge > 0 && edge < 255, "edge pixel {edge}");
    }

    #[test]
    fn dashed_ring_has_gaps() {
        let m = Mask::draw(square(20.0, 20.0, 14.0), |p| {
            p.dashed_ring(20.0, 20.0, 10.0, 2.5, 8)
        });
        let cov = |x: i32, y: i32| m.coverage[((y - m.y) * m.width as i32 + x - m.x) as usize];
        assert!(cov(10, 20) > 200, "a dash on the left");
        let (gx, gy) = (
            20.0 + 10.0 * (PI + PI / 8.0).cos(),
            20.0 + 10.0 * (PI + PI / 8.0).sin(),
        );
        assert!(cov(gx as i32, gy as i32) < 60, "a gap after it");
    }

    #[test]
    fn text_draws_inside_its_box() {
        let mut c = canvas(120, 40, WHITE);
        c.text("A1", 60.0, 20.0, 24.0, BLACK, Align::Center);
        let dark = c.pixels().filter(|p| p.0[0] < 128).count();
        assert!(dark > 40, "{dark} dark pixels");
        assert!(text_width("A1", 24.0) > 20.0);
        assert_eq!(
            ellipsize("Alexander the Great", 20.0, 80.0).chars().last(),
            Some('…')
        );
    }

    #[test]
    fn degenerate_shapes_do_not_panic() {
        let mut c = canvas(10, 10, WHITE);
        c.circle(-50.0, 5.0, 3.0, BLACK);
        c.capsule((5.0, 5.0), (5.0, 5.0), 2.0, BLACK);
        c.rounded_rect(8.0, 8.0, 2.0, 2.0, 5.0, BLACK);
        c.circle(f32::NAN, 0.0, 1.0, BLACK);
        c.circle(0.0, 0.0, 1e9, BLACK);
        c.text("", 0.0, 0.0, 10.0, BLACK, Align::Right);
    }
}

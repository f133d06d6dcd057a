//! The few raster primitives the board images need, written for this crate
//! (no imageproc): an RGB canvas, anti-aliased shapes from signed distances,
//! text through ab_glyph, and the seat marks (ring, cross, star) as geometry.
//!
//! Coordinates are in pixels, `f32`, with the centre of pixel `(x, y)` at
//! `(x + 0.5, y + 0.5)`. Every shape is drawn by evaluating its signed
//! distance (negative inside) at pixel centres over its bounding box; the
//! coverage `0.5 - d`, clamped to `0..=1`, gives a one-pixel soft edge.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use std::collections::HashMap;
use std::f32::consts::PI;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

/// `sqrt(x² + y²)` without the overflow care of `f32::hypot`, which is
/// several times slower and not needed at pixel scale.
trait HypotFast {
    fn hypot_fast(self, other: f32) -> f32;
}

impl HypotFast for f32 {
    #[inline]
    fn hypot_fast(self, other: f32) -> f32 {
        (self * self + other * other).sqrt()
    }
}

/// An opaque colour.
pub type Rgb = [u8; 3];

/// Builds a colour from `0xRRGGBB`.
pub const fn rgb(hex: u32) -> Rgb {
    [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8]
}

/// The one font, embedded and parsed once.
static FONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../fonts/DejaVuSans-Bold.ttf"))
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

/// An RGB image being drawn.
#[derive(Clone)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    /// Row-major RGB bytes.
    pub data: Vec<u8>,
}

impl Canvas {
    /// A canvas filled with `background`.
    pub fn new(width: u32, height: u32, background: Rgb) -> Canvas {
        let pixels = width as usize * height as usize;
        let mut data = Vec::with_capacity(pixels * 3);
        for _ in 0..pixels {
            data.extend_from_slice(&background);
        }
        Canvas {
            width,
            height,
            data,
        }
    }

    /// The colour at a pixel (black outside the canvas).
    pub fn pixel(&self, x: u32, y: u32) -> Rgb {
        if x >= self.width || y >= self.height {
            return [0, 0, 0];
        }
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.data[i], self.data[i + 1], self.data[i + 2]]
    }

    /// Mixes `color` into one pixel with opacity `alpha` (0..=1).
    #[inline]
    pub fn blend(&mut self, x: i32, y: i32, color: Rgb, alpha: f32) {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 || alpha <= 0.0 {
            return;
        }
        let i = (y as usize * self.width as usize + x as usize) * 3;
        if alpha >= 1.0 {
            self.data[i..i + 3].copy_from_slice(&color);
            return;
        }
        let a = alpha;
        for (channel, &target) in self.data[i..i + 3].iter_mut().zip(&color) {
            let old = *channel as f32;
            *channel = (old + (target as f32 - old) * a + 0.5) as u8;
        }
    }

    /// Fills the shape whose signed distance is `sd` inside the box
    /// `(x0, y0)..(x1, y1)`, with opacity `alpha`.
    pub fn fill_sdf(
        &mut self,
        bounds: (f32, f32, f32, f32),
        color: Rgb,
        alpha: f32,
        sd: impl Fn(f32, f32) -> f32,
    ) {
        self.fill_sdf_inner(bounds, &[], color, alpha, sd);
    }

    /// [`Canvas::fill_sdf`] for a shape known to cover every pixel whose
    /// centre lies in one of the `inner` boxes, which are filled at once.
    fn fill_sdf_inner(
        &mut self,
        bounds: (f32, f32, f32, f32),
        inner: &[(f32, f32, f32, f32)],
        color: Rgb,
        alpha: f32,
        sd: impl Fn(f32, f32) -> f32,
    ) {
        let (x0, y0, x1, y1) = bounds;
        if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
            return;
        }
        let xs = (x0 - 1.0).floor().max(0.0) as i32;
        let ys = (y0 - 1.0).floor().max(0.0) as i32;
        let xe = (x1 + 1.0).ceil().min(self.width as f32) as i32;
        let ye = (y1 + 1.0).ceil().min(self.height as f32) as i32;
        let solid = alpha >= 1.0;
        for y in ys..ye {
            let py = y as f32 + 0.5;
            // The run of this row inside an inner box, written directly.
            let run = inner
                .iter()
                .filter(|b| solid && py >= b.1 && py <= b.3)
                .map(|b| {
                    let start = (b.0 - 0.5).ceil().max(xs as f32) as i32;
                    let end = ((b.2 - 0.5).floor() + 1.0).min(xe as f32) as i32;
                    (start, end)
                })
                .find(|(start, end)| start < end);
            if let Some((start, end)) = run {
                let row = y as usize * self.width as usize * 3;
                for pixel in
                    self.data[row + start as usize * 3..row + end as usize * 3].chunks_exact_mut(3)
                {
                    pixel.copy_from_slice(&color);
                }
            }
            for x in xs..xe {
                if let Some((start, end)) = run {
                    if x >= start && x < end {
                        continue;
                    }
                }
                let coverage = (0.5 - sd(x as f32 + 0.5, py)).clamp(0.0, 1.0);
                if coverage > 0.0 {
                    self.blend(x, y, color, coverage * alpha);
                }
            }
        }
    }

    /// A filled disc.
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, color: Rgb) {
        self.circle_alpha(cx, cy, r, color, 1.0);
    }

    /// A filled disc with opacity.
    pub fn circle_alpha(&mut self, cx: f32, cy: f32, r: f32, color: Rgb, alpha: f32) {
        // Pixel centres in the inscribed square lie at least half a pixel
        // inside the circle: fully covered.
        let h = ((r - 0.5) / std::f32::consts::SQRT_2).max(0.0);
        let inner = [(cx - h, cy - h, cx + h, cy + h)];
        self.fill_sdf_inner(square(cx, cy, r), &inner, color, alpha, |x, y| {
            (x - cx).hypot_fast(y - cy) - r
        });
    }

    /// A ring whose stroke is centred on radius `r`, `width` wide.
    pub fn ring(&mut self, cx: f32, cy: f32, r: f32, width: f32, color: Rgb) {
        let half = width / 2.0;
        self.fill_sdf(square(cx, cy, r + half), color, 1.0, |x, y| {
            ((x - cx).hypot_fast(y - cy) - r).abs() - half
        });
    }

    /// A ring broken into `dashes` equal dashes (each half of its period).
    pub fn dashed_ring(&mut self, cx: f32, cy: f32, r: f32, width: f32, dashes: u32, color: Rgb) {
        let half = width / 2.0;
        let period = 2.0 * PI * r / dashes.max(1) as f32;
        self.fill_sdf(square(cx, cy, r + half), color, 1.0, |x, y| {
            let (dx, dy) = (x - cx, y - cy);
            let ring = (dx.hypot_fast(dy) - r).abs() - half;
            // Arc length from the middle of the nearest dash.
            let arc = (dy.atan2(dx) + PI) * r;
            let phase = arc.rem_euclid(period);
            ring.max(phase.min(period - phase) - period / 4.0)
        });
    }

    /// A thick segment with round ends (a capsule) of radius `r`.
    pub fn capsule(&mut self, a: (f32, f32), b: (f32, f32), r: f32, color: Rgb) {
        self.capsule_alpha(a, b, r, color, 1.0);
    }

    /// A capsule with opacity.
    pub fn capsule_alpha(&mut self, a: (f32, f32), b: (f32, f32), r: f32, color: Rgb, alpha: f32) {
        let bounds = (
            a.0.min(b.0) - r,
            a.1.min(b.1) - r,
            a.0.max(b.0) + r,
            a.1.max(b.1) + r,
        );
        self.fill_sdf(bounds, color, alpha, |x, y| {
            segment_distance((x, y), a, b) - r
        });
    }

    /// An axis-aligned filled rectangle.
    pub fn rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, color: Rgb) {
        self.rounded_rect(x0, y0, x1, y1, 0.0, color);
    }

    /// An axis-aligned filled rectangle with corners of radius `radius`.
    pub fn rounded_rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, radius: f32, color: Rgb) {
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let (hw, hh) = ((x1 - x0).abs() / 2.0, (y1 - y0).abs() / 2.0);
        let radius = radius.clamp(0.0, hw.min(hh));
        let (left, top, right, bottom) = (cx - hw, cy - hh, cx + hw, cy + hh);
        // Pixels whose centres sit half a pixel inside are fully covered.
        let r = radius.max(0.5);
        let inner = [
            (left + 0.5, top + r, right - 0.5, bottom - r),
            (left + r, top + 0.5, right - r, bottom - 0.5),
        ];
        self.fill_sdf_inner((left, top, right, bottom), &inner, color, 1.0, |x, y| {
            let qx = (x - cx).abs() - (hw - radius);
            let qy = (y - cy).abs() - (hh - radius);
            qx.max(0.0).hypot_fast(qy.max(0.0)) + qx.max(qy).min(0.0) - radius
        });
    }

    /// The "×" mark: two strokes at 45°, arms reaching `r` from the centre.
    pub fn cross(&mut self, cx: f32, cy: f32, r: f32, thickness: f32, color: Rgb) {
        let d = r / std::f32::consts::SQRT_2;
        let half = thickness / 2.0;
        let (a1, b1) = ((cx - d, cy - d), (cx + d, cy + d));
        let (a2, b2) = ((cx - d, cy + d), (cx + d, cy - d));
        self.fill_sdf(square(cx, cy, r + half), color, 1.0, |x, y| {
            segment_distance((x, y), a1, b1).min(segment_distance((x, y), a2, b2)) - half
        });
    }

    /// The "☆" mark: a filled five-point star, point up, outer radius `r`.
    pub fn star(&mut self, cx: f32, cy: f32, r: f32, color: Rgb) {
        let inner = r * 0.45;
        let points: Vec<(f32, f32)> = (0..10)
            .map(|i| {
                let radius = if i % 2 == 0 { r } else { inner };
                let angle = -PI / 2.0 + i as f32 * PI / 5.0;
                (cx + radius * angle.cos(), cy + radius * angle.sin())
            })
            .collect();
        self.fill_sdf(square(cx, cy, r), color, 1.0, |x, y| {
            polygon_distance((x, y), &points)
        });
    }

    /// Width in pixels of `text` at pixel size `size`.
    pub fn text_width(text: &str, size: f32) -> f32 {
        let font = FONT.as_scaled(PxScale::from(size));
        let mut width = 0.0;
        let mut previous = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(prev) = previous {
                width += font.kern(prev, id);
            }
            width += font.h_advance(id);
            previous = Some(id);
        }
        width
    }

    /// Draws `text` at pixel size `size`, vertically centred on `cy` (by its
    /// capitals), placed horizontally at `x` by `align`.
    pub fn text(&mut self, text: &str, x: f32, cy: f32, size: f32, color: Rgb, align: Align) {
        let scale = PxScale::from(size);
        let font = FONT.as_scaled(scale);
        let width = Self::text_width(text, size);
        let mut pen = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let baseline = cy + CAP_HEIGHT * size / 2.0;
        let mut previous = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(prev) = previous {
                pen += font.kern(prev, id);
            }
            let glyph = id.with_scale_and_position(scale, ab_glyph::point(pen, baseline));
            pen += font.h_advance(id);
            previous = Some(id);
            if let Some(outlined) = FONT.outline_glyph(glyph) {
                let bounds = outlined.px_bounds();
                let (ox, oy) = (bounds.min.x as i32, bounds.min.y as i32);
                outlined.draw(|gx, gy, coverage| {
                    self.blend(ox + gx as i32, oy + gy as i32, color, coverage);
                });
            }
        }
    }

    /// Encodes the canvas as an indexed PNG of at most [`PNG_COLOURS`]
    /// colours (see [`quantize_to`]), with a light deflate; a board that
    /// comes out over [`PNG_BUDGET`] bytes (a well filled 9 × 9 board) is
    /// encoded again with fewer colours and a harder deflate.
    pub fn to_png(&self) -> Vec<u8> {
        let (palette, indices) = quantize_to(&self.data, PNG_COLOURS);
        let png = encode_indexed(self.width, self.height, &palette, &indices, 3);
        if png.len() <= PNG_BUDGET {
            return png;
        }
        let (palette, indices) = quantize_to(&self.data, PNG_COLOURS * 5 / 8);
        let png = encode_indexed(self.width, self.height, &palette, &indices, 7);
        if png.len() <= PNG_BUDGET {
            return png;
        }
        let (palette, indices) = quantize_to(&self.data, PNG_COLOURS / 2);
        encode_indexed(self.width, self.height, &palette, &indices, 9)
    }
}

/// Colours in a board's palette: the board's own colours and enough blends
/// between them for smooth edges.
pub const PNG_COLOURS: usize = 64;

/// The size a board's PNG should stay within.
pub const PNG_BUDGET: usize = 30_000;

/// A palette of at most 256 colours and one index per pixel: [`quantize_to`]
/// 256 colours.
pub fn quantize(rgb: &[u8]) -> (Vec<Rgb>, Vec<u8>) {
    quantize_to(rgb, 256)
}

/// A palette of at most `max` colours (1..=256) and one index per pixel.
///
/// When the image has `max` colours or fewer, the palette is exact.
/// Otherwise it keeps the `max` most frequent colours, which are the
/// board's own colours and the commonest blends on their anti-aliased
/// edges, and every other colour takes its nearest palette entry.
pub fn quantize_to(rgb: &[u8], max: usize) -> (Vec<Rgb>, Vec<u8>) {
    // Colour (0xRRGGBB) -> (pixel count, palette index). Runs of one colour
    // are counted at once: most of a board is flat.
    let mut table: HashMap<u32, (u32, u8), BuildHasherDefault<ColourHasher>> = HashMap::default();
    let key = |p: &[u8]| (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32;
    let mut pixels = rgb.chunks_exact(3).map(key).peekable();
    while let Some(colour) = pixels.next() {
        let mut run = 1;
        while pixels.next_if_eq(&colour).is_some() {
            run += 1;
        }
        table.entry(colour).or_default().0 += run;
    }
    let mut colours: Vec<(u32, u32)> = table.iter().map(|(&c, &(n, _))| (c, n)).collect();
    // Most frequent first; ties by colour, so the palette is deterministic.
    colours.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let kept = colours.len().min(max.clamp(1, 256));
    let palette: Vec<Rgb> = colours[..kept]
        .iter()
        .map(|&(c, _)| [(c >> 16) as u8, (c >> 8) as u8, c as u8])
        .collect();
    for (index, &(colour, _)) in colours[..kept].iter().enumerate() {
        table.get_mut(&colour).expect("counted").1 = index as u8;
    }
    for &(colour, _) in &colours[kept..] {
        let rgb = [
            (colour >> 16) as i32,
            (colour >> 8 & 0xFF) as i32,
            (colour & 0xFF) as i32,
        ];
        let nearest = palette
            .iter()
            .enumerate()
            .min_by_key(|(_, p)| {
                let d = |i: usize| (p[i] as i32 - rgb[i]).pow(2);
                // Green weighs most for the eye, blue least.
                3 * d(0) + 4 * d(1) + 2 * d(2)
            })
            .map_or(0, |(i, _)| i as u8);
        table.get_mut(&colour).expect("counted").1 = nearest;
    }
    let mut indices = Vec::with_capacity(rgb.len() / 3);
    // A direct-mapped cache in front of the table: a board has a few
    // hundred colours, met again and again.
    let mut cache = [(u32::MAX, 0u8); 1024];
    for colour in rgb.chunks_exact(3).map(key) {
        let slot = &mut cache[(colour.wrapping_mul(0x9E37_79B1) >> 22) as usize];
        if slot.0 != colour {
            *slot = (colour, table[&colour].1);
        }
        indices.push(slot.1);
    }
    (palette, indices)
}

/// Writes an 8-bit indexed PNG, deflated at `level` (1..=9). Rows are not
/// filtered: on palette indices that is both smaller and faster.
pub fn encode_indexed(
    width: u32,
    height: u32,
    palette: &[Rgb],
    indices: &[u8],
    level: u8,
) -> Vec<u8> {
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    encoder.set_deflate_compression(png::DeflateCompression::Level(level));
    encoder.set_filter(png::Filter::NoFilter);
    // Writing to a Vec only fails on a size mismatch, which callers rule out.
    let written = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(indices));
    if let Err(error) = written {
        tracing::error!(%error, "PNG encoding failed");
    }
    png
}

/// A multiplicative hash for colours (the default SipHash is several times
/// slower and its DoS resistance is not needed for pixels).
#[derive(Default)]
pub struct ColourHasher(u64);

impl Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = (n as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(26);
    }
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
    if Canvas::text_width(text, size) <= max_width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if Canvas::text_width(&candidate, size) <= max_width {
            return candidate;
        }
    }
    String::new()
}

/// The bounding box of a square of half-side `r` around a centre.
fn square(cx: f32, cy: f32, r: f32) -> (f32, f32, f32, f32) {
    (cx - r, cy - r, cx + r, cy + r)
}

/// Distance from `p` to the segment `a`–`b`.
fn segment_distance(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (abx, aby) = (b.0 - a.0, b.1 - a.1);
    let (apx, apy) = (p.0 - a.0, p.1 - a.1);
    let length2 = abx * abx + aby * aby;
    let t = if length2 > 0.0 {
        ((apx * abx + apy * aby) / length2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (apx - t * abx).hypot_fast(apy - t * aby)
}

/// Signed distance from `p` to a closed polygon (negative inside, even-odd).
fn polygon_distance(p: (f32, f32), points: &[(f32, f32)]) -> f32 {
    let mut distance = f32::MAX;
    let mut inside = false;
    for i in 0..points.len() {
        let a = points[i];
        let b = points[(i + 1) % points.len()];
        distance = distance.min(segment_distance(p, a, b));
        if (a.1 > p.1) != (b.1 > p.1) {
            let x = a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0);
            if p.0 < x {
                inside = !inside;
            }
        }
    }
    if inside {
        -distance
    } else {
        distance
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHITE: Rgb = [255, 255, 255];
    const BLACK: Rgb = [0, 0, 0];

    #[test]
    fn shapes_cover_their_centres_and_leave_outside_alone() {
        let mut c = Canvas::new(100, 100, WHITE);
        c.circle(20.0, 20.0, 10.0, BLACK);
        assert_eq!(c.pixel(20, 20), BLACK);
        assert_eq!(c.pixel(35, 20), WHITE);
        c.ring(60.0, 20.0, 10.0, 3.0, BLACK);
        assert_eq!(c.pixel(60, 20), WHITE);
        assert_eq!(c.pixel(70, 19), BLACK);
        c.star(20.0, 60.0, 12.0, BLACK);
        assert_eq!(c.pixel(20, 60), BLACK);
        assert_eq!(c.pixel(20, 50), BLACK, "top point");
        assert_eq!(c.pixel(31, 68), WHITE, "between points");
        c.cross(60.0, 60.0, 10.0, 3.0, BLACK);
        assert_eq!(c.pixel(60, 60), BLACK);
        assert_eq!(c.pixel(60, 52), WHITE);
        c.rect(80.0, 80.0, 90.0, 90.0, BLACK);
        assert_eq!(c.pixel(85, 85), BLACK);
        assert_eq!(c.pixel(91, 85), WHITE);
    }

    #[test]
    fn rounded_rect_fast_fill_matches_the_distance_field() {
        for (x0, y0, x1, y1, r) in [
            (3.3, 4.7, 50.2, 30.9, 6.0),
            (2.0, 2.0, 40.0, 20.0, 0.0),
            (5.5, 5.5, 9.5, 30.5, 10.0),
        ] {
            let mut fast = Canvas::new(60, 40, WHITE);
            fast.rounded_rect(x0, y0, x1, y1, r, BLACK);
            let mut slow = Canvas::new(60, 40, WHITE);
            let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            let (hw, hh) = ((x1 - x0) / 2.0, (y1 - y0) / 2.0);
            let r = r.min(hw.min(hh));
            slow.fill_sdf((x0, y0, x1, y1), BLACK, 1.0, |x, y| {
                let qx = (x - cx).abs() - (hw - r);
                let qy = (y - cy).abs() - (hh - r);
                qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0) - r
            });
            for (a, b) in fast.data.iter().zip(&slow.data) {
                assert!((*a as i32 - *b as i32).abs() <= 1, "{a} vs {b}");
            }
        }
    }

    #[test]
    fn edges_are_anti_aliased() {
        let mut c = Canvas::new(40, 40, WHITE);
        c.circle(20.0, 20.0, 10.3, BLACK);
        let edge = c.pixel(30, 20)[0];
        assert!(edge > 0 && edge < 255, "edge pixel {edge}");
    }

    #[test]
    fn text_draws_inside_its_box() {
        let mut c = Canvas::new(120, 40, WHITE);
        c.text("A1", 60.0, 20.0, 24.0, BLACK, Align::Center);
        let dark = c.data.chunks(3).filter(|p| p[0] < 128).count();
        assert!(dark > 40, "{dark} dark pixels");
        assert!(Canvas::text_width("A1", 24.0) > 20.0);
        assert_eq!(
            ellipsize("Alexander the Great", 20.0, 80.0).chars().last(),
            Some('…')
        );
    }

    #[test]
    fn degenerate_shapes_do_not_panic() {
        let mut c = Canvas::new(10, 10, WHITE);
        c.circle(-50.0, 5.0, 3.0, BLACK);
        c.capsule((5.0, 5.0), (5.0, 5.0), 2.0, BLACK);
        c.rounded_rect(8.0, 8.0, 2.0, 2.0, 5.0, BLACK);
        c.circle(f32::NAN, 0.0, 1.0, BLACK);
        c.text("", 0.0, 0.0, 10.0, BLACK, Align::Right);
        assert!(!c.to_png().is_empty());
    }
}

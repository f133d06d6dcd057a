//! Boards composed directly in palette indices, so no colour is counted or
//! looked up per pixel when a board is drawn.
//!
//! Each layout gets one [`Palette`], chosen once from its tiles (the empty
//! board and the sprites, drawn in RGB) plus the colours the moves paint on
//! top (winning lines, highlights, Dots lines and boxes), each blended at a
//! few strengths over the board's main colours. For every such "ink" the
//! palette keeps a table: (index underneath, coverage level) → index, so a
//! mask is painted on a board with one table read per covered pixel.

use super::draw::{mix, MaskAt, Rgb};
use image::RgbImage;
use std::collections::HashMap;
use std::sync::Arc;

/// Per row of a picture of `height` rows, how many rows back its mirror
/// image lies, for cells of `cell` rows centred on the pixel boundaries
/// `centres` (rows below a centre mirror rows above it).
pub fn mirrors(height: u32, centres: impl IntoIterator<Item = f32>, cell: f32) -> Arc<[u32]> {
    let mut rows = vec![0u32; height as usize];
    for centre in centres {
        let c = centre.round() as i64;
        for j in 0..(cell / 2.0).floor() as i64 {
            let row = c + j;
            if (0..height as i64).contains(&row) && c - 1 - j >= 0 {
                rows[row as usize] = (2 * j + 1) as u32;
            }
        }
    }
    Arc::from(rows)
}

/// Coverage levels of a blend table: 0..=16 sixteenths.
const LEVELS: usize = 17;

/// A board's colours (at most 256) with the blend tables of its inks.
pub struct Palette {
    pub colours: Vec<Rgb>,
    inks: Vec<(Rgb, Vec<u8>)>,
}

/// Distance between two colours as the eye weighs it (green most, blue
/// least).
fn distance(a: Rgb, b: Rgb) -> i32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).pow(2);
    3 * d(0) + 4 * d(1) + 2 * d(2)
}

impl Palette {
    /// The palette of a layout whose fixed parts are `tiles` and whose moves
    /// paint with `inks`.
    ///
    /// It holds the tiles' most frequent colours (their own colours and the
    /// commonest shades on their soft edges), each ink, and each ink over the
    /// tiles' main colours at a quarter, a half and three quarters.
    pub fn new(tiles: &[&RgbImage], inks: &[Rgb]) -> Palette {
        const FROM_TILES: usize = 24;
        const BASES: usize = 8;
        const MAX: usize = 256;
        let mut counts: HashMap<Rgb, u32> = HashMap::new();
        for tile in tiles {
            for pixel in tile.pixels() {
                *counts.entry(pixel.0).or_default() += 1;
            }
        }
        let mut frequent: Vec<(Rgb, u32)> = counts.into_iter().collect();
        frequent.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut colours: Vec<Rgb> = Vec::new();
        let add = |colours: &mut Vec<Rgb>, c: Rgb, tolerance: i32| {
            if colours.len() < MAX && colours.iter().all(|&p| distance(p, c) > tolerance) {
                colours.push(c);
            }
        };
        for &(c, _) in frequent.iter().take(FROM_TILES) {
            add(&mut colours, c, 0);
        }
        for &ink in inks {
            add(&mut colours, ink, 0);
        }
        let bases: Vec<Rgb> = frequent.iter().take(BASES).map(|&(c, _)| c).collect();
        for &ink in inks {
            for &base in &bases {
                for level in [3u8, 5, 8, 12] {
                    let c = mix(base, ink, level * 16, 1.0);
                    add(&mut colours, c, 24);
                }
            }
        }
        // Blends of one ink over another (a stroke on its outline).
        for &under in inks {
            for &ink in inks {
                let c = mix(under, ink, 128, 1.0);
                add(&mut colours, c, 24);
            }
        }
        for &(c, _) in frequent.iter().skip(FROM_TILES) {
            if colours.len() >= 64 {
                break;
            }
            add(&mut colours, c, 12);
        }
        if colours.is_empty() {
            colours.push([0, 0, 0]);
        }
        let mut palette = Palette {
            colours,
            inks: Vec::new(),
        };
        palette.inks = inks
            .iter()
            .map(|&ink| (ink, palette.blend_table(ink)))
            .collect();
        palette
    }

    /// The same colours with blend tables for more inks: every board drawn
    /// in this palette keeps its indices, and the new inks paint on it as
    /// fast as the layout's own.
    pub fn with_inks(&self, inks: &[Rgb]) -> Palette {
        let mut palette = Palette {
            colours: self.colours.clone(),
            inks: self.inks.clone(),
        };
        for &ink in inks {
            if palette.inks.iter().all(|(c, _)| *c != ink) {
                let table = palette.blend_table(ink);
                palette.inks.push((ink, table));
            }
        }
        palette
    }

    /// The nearest palette entry to a colour.
    pub fn nearest(&self, c: Rgb) -> u8 {
        self.colours
            .iter()
            .enumerate()
            .min_by_key(|(_, &p)| distance(p, c))
            .map_or(0, |(i, _)| i as u8)
    }

    fn blend_table(&self, ink: Rgb) -> Vec<u8> {
        let mut table = vec![0u8; self.colours.len() * LEVELS];
        for (under, &colour) in self.colours.iter().enumerate() {
            for level in 0..LEVELS {
                let coverage = (level * 255 / 16) as u8;
                table[under * LEVELS + level] = if level == 0 {
                    under as u8
                } else {
                    self.nearest(mix(colour, ink, coverage, 1.0))
                };
            }
        }
        table
    }

    /// Every pixel of an RGB picture as its nearest palette index.
    pub fn index(&self, image: &RgbImage) -> Vec<u8> {
        let mut known: HashMap<Rgb, u8> = HashMap::new();
        image
            .pixels()
            .map(|p| *known.entry(p.0).or_insert_with(|| self.nearest(p.0)))
            .collect()
    }
}

/// A board being composed: one palette index per pixel.
#[derive(Clone)]
pub struct Indexed {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
    /// Distances in pixels at which the picture repeats along a row (the
    /// cells' pitch): where the PNG encoder looks for copies.
    pub pitches: Vec<usize>,
    /// Per row, how many rows back lies the row it mirrors (0: none): the
    /// cells are symmetric about their centre line.
    pub mirrors: Arc<[u32]>,
}

impl Indexed {
    /// An RGB picture in a palette's indices.
    pub fn from_rgb(image: &RgbImage, palette: &Palette) -> Indexed {
        Indexed {
            width: image.width(),
            height: image.height(),
            pixels: palette.index(image),
            pitches: Vec::new(),
            mirrors: Arc::from(Vec::new()),
        }
    }

    /// Paints `ink` through a mask, at opacity `alpha`. An ink the palette
    /// was not made for (only odd views use one) is matched pixel by pixel.
    pub fn paint<'a>(
        &mut self,
        palette: &Palette,
        mask: impl Into<MaskAt<'a>>,
        ink: Rgb,
        alpha: f32,
    ) {
        let at = mask.into();
        let m = at.mask;
        let table = palette.inks.iter().find(|(c, _)| *c == ink).map(|(_, t)| t);
        let (w, h) = (self.width as i32, self.height as i32);
        let scale = (alpha.clamp(0.0, 1.0) * 16.0 * 256.0 / 255.0 * 256.0) as u32;
        for row in 0..m.height as i32 {
            let y = at.y + row;
            if y < 0 || y >= h {
                continue;
            }
            let x0 = at.x.max(0);
            let x1 = (at.x + m.width as i32).min(w);
            if x0 >= x1 {
                continue;
            }
            let source = &m.coverage[(row * m.width as i32 + x0 - at.x) as usize..];
            let target = &mut self.pixels[(y * w + x0) as usize..(y * w + x1) as usize];
            for (pixel, &coverage) in target.iter_mut().zip(source) {
                if coverage == 0 {
                    continue;
                }
                // Coverage 0..=255 times alpha, in sixteenths, rounded.
                let level = ((coverage as u32 * scale + (1 << 15)) >> 16) as usize;
                if level == 0 {
                    continue;
                }
                *pixel = match table {
                    Some(table) => table[*pixel as usize * LEVELS + level.min(16)],
                    None => {
                        let under = palette.colours[*pixel as usize];
                        palette.nearest(mix(under, ink, (level.min(16) * 255 / 16) as u8, 1.0))
                    }
                };
            }
        }
    }

    /// Copies a rectangular patch with its top-left corner at `(x, y)`.
    pub fn put(&mut self, patch: &Indexed, x: i32, y: i32) {
        let (w, h) = (self.width as i32, self.height as i32);
        for row in 0..patch.height as i32 {
            let ty = y + row;
            if ty < 0 || ty >= h {
                continue;
            }
            let x0 = x.max(0);
            let x1 = (x + patch.width as i32).min(w);
            if x0 >= x1 {
                continue;
            }
            let source = (row * patch.width as i32 + x0 - x) as usize;
            let target = (ty * w + x0) as usize;
            let len = (x1 - x0) as usize;
            self.pixels[target..target + len].copy_from_slice(&patch.pixels[source..source + len]);
        }
    }
}

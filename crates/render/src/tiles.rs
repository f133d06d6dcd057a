//! Parts of the boards drawn once and copied onto every board: a board's
//! static picture (frame, empty holes, labels, legend in its language) and
//! round sprites (each seat's disc in its hole, landing marks).
//!
//! Each kind of board keeps its tiles in a [`TileCache`], filled lazily
//! the first time a layout is drawn and shared by every render after.

use super::draw::{canvas, Mask, MaskAt, Rgb};
use super::indexed::{Indexed, Palette};
use image::RgbImage;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

/// A round patch drawn once and stamped onto boards: the pixels whose
/// centres lie within `radius` of the patch's centre.
pub struct Sprite {
    /// Pixels from the patch's top-left corner to the floor of its centre.
    half: i32,
    size: usize,
    /// Per row of the patch, the columns copied.
    spans: Vec<(usize, usize)>,
    /// The patch as drawn, until [`Sprite::index`] turns it into indices.
    pub rgb: RgbImage,
    data: Vec<u8>,
}

impl Sprite {
    /// Draws a sprite with `draw(canvas, cx, cy)` on a patch filled with
    /// `background`. `centre` is any centre where the sprite will be
    /// stamped: only its fractional part matters, and every stamp must share
    /// it for the copy to be the same as drawing in place.
    pub fn round(
        radius: f32,
        centre: (f32, f32),
        background: Rgb,
        draw: impl FnOnce(&mut RgbImage, f32, f32),
    ) -> Sprite {
        let half = radius.ceil() as i32 + 2;
        let size = (2 * half + 1) as usize;
        let mut canvas = canvas(size as u32, size as u32, background);
        let (cx, cy) = (
            half as f32 + centre.0.rem_euclid(1.0),
            half as f32 + centre.1.rem_euclid(1.0),
        );
        draw(&mut canvas, cx, cy);
        let spans = (0..size)
            .map(|y| {
                let dy = y as f32 + 0.5 - cy;
                if dy.abs() > radius {
                    return (0, 0);
                }
                let w = (radius * radius - dy * dy).sqrt();
                let start = (cx - w - 0.5).ceil().max(0.0) as usize;
                let end = ((cx + w - 0.5).floor() + 1.0).clamp(0.0, size as f32) as usize;
                (start, end.max(start))
            })
            .collect();
        Sprite {
            half,
            size,
            spans,
            rgb: canvas,
            data: Vec::new(),
        }
    }

    /// Takes the sprite into a palette's indices (once the palette of its
    /// layout is chosen).
    pub fn index(&mut self, palette: &Palette) {
        self.data = palette.index(&self.rgb);
    }

    /// The rows a stamp centred on row `cy` may cover (a frame's rows to
    /// compare after stamping).
    pub fn rows(&self, cy: f32) -> std::ops::Range<usize> {
        let top = (cy.floor() as i64 - self.half as i64).max(0) as usize;
        top..top + self.size
    }

    /// Copies the sprite onto `board` centred at `(cx, cy)`.
    pub fn stamp(&self, board: &mut Indexed, cx: f32, cy: f32) {
        if !(cx.is_finite() && cy.is_finite()) {
            return;
        }
        let (left, top) = (
            cx.floor() as i64 - self.half as i64,
            cy.floor() as i64 - self.half as i64,
        );
        let (width, height) = (board.width as i64, board.height as i64);
        for (row, &(start, end)) in self.spans.iter().enumerate() {
            let y = top + row as i64;
            if y < 0 || y >= height {
                continue;
            }
            let from = (left + start as i64).max(0);
            let to = (left + end as i64).min(width);
            if from >= to {
                continue;
            }
            let source = row * self.size + (from - left) as usize;
            let target = (y * width + from) as usize;
            let len = (to - from) as usize;
            board.pixels[target..target + len].copy_from_slice(&self.data[source..source + len]);
        }
    }
}

/// Tiles by layout key, each drawn on first use. Layouts beyond `LIMIT`
/// (odd view sizes from tests) are drawn without being kept.
pub struct TileCache<K, T> {
    tiles: Mutex<Option<HashMap<K, Arc<T>>>>,
}

impl<K: Hash + Eq, T> TileCache<K, T> {
    const LIMIT: usize = 64;

    pub const fn new() -> TileCache<K, T> {
        TileCache {
            tiles: Mutex::new(None),
        }
    }

    /// The tiles for `key`, drawn by `draw` the first time.
    pub fn get(&self, key: K, draw: impl FnOnce() -> T) -> Arc<T> {
        let mut guard = self.tiles.lock().unwrap_or_else(|e| e.into_inner());
        let tiles = guard.get_or_insert_with(HashMap::new);
        if let Some(found) = tiles.get(&key) {
            return Arc::clone(found);
        }
        // Drawing takes a few milliseconds, once per layout: other renders
        // wait rather than draw the same tiles twice.
        let drawn = Arc::new(draw());
        if tiles.len() < Self::LIMIT {
            tiles.insert(key, Arc::clone(&drawn));
        }
        drawn
    }
}

/// A mask cached by its shape, drawn once at each quarter-pixel offset and
/// moved by whole pixels to where it is painted.
pub struct Placed {
    pub mask: Arc<Mask>,
    pub dx: i32,
    pub dy: i32,
}

impl Placed {
    pub fn at(&self) -> MaskAt<'_> {
        self.mask.moved(self.dx, self.dy)
    }
}

/// A mask's key: shape, parameters in quarter pixels, offset of the anchor
/// within its pixel in quarter pixels.
type MaskKey = (u8, [i32; 4], (i32, i32));

/// Masks by [`MaskKey`].
pub struct MaskCache {
    masks: Mutex<Option<HashMap<MaskKey, Arc<Mask>>>>,
}

impl MaskCache {
    /// Room for every line, ring and mark of the four games at their
    /// default sizes, with room to spare; others are drawn each time.
    const LIMIT: usize = 2048;

    pub const fn new() -> MaskCache {
        MaskCache {
            masks: Mutex::new(None),
        }
    }

    /// The mask of `shape` (a tag) with `params`, anchored at `anchor`:
    /// `draw(x, y)` draws it anchored at `(x, y)` near the origin.
    pub fn get(
        &self,
        shape: u8,
        params: [f32; 4],
        anchor: (f32, f32),
        draw: impl FnOnce(f32, f32) -> Mask,
    ) -> Placed {
        let quarter = |v: f32| (v * 4.0).round() as i64;
        let (qx, qy) = (quarter(anchor.0), quarter(anchor.1));
        if !(anchor.0.is_finite() && anchor.1.is_finite())
            || qx.abs() > 1 << 24
            || qy.abs() > 1 << 24
        {
            return Placed {
                mask: Arc::new(Mask::empty()),
                dx: 0,
                dy: 0,
            };
        }
        let (dx, dy) = (qx.div_euclid(4) as i32, qy.div_euclid(4) as i32);
        let offset = (qx.rem_euclid(4) as i32, qy.rem_euclid(4) as i32);
        let key = (
            shape,
            params.map(|p| quarter(p.clamp(-1e6, 1e6)) as i32),
            offset,
        );
        let mut guard = self.masks.lock().unwrap_or_else(|e| e.into_inner());
        let masks = guard.get_or_insert_with(HashMap::new);
        let mask = match masks.get(&key) {
            Some(mask) => Arc::clone(mask),
            None => {
                let mask = Arc::new(draw(offset.0 as f32 / 4.0, offset.1 as f32 / 4.0));
                if masks.len() < Self::LIMIT {
                    masks.insert(key, Arc::clone(&mask));
                }
                mask
            }
        };
        Placed { mask, dx, dy }
    }
}

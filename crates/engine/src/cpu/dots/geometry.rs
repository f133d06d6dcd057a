//! A Dots and Boxes board's shape as the searches see it: which lines
//! bound which boxes, the board's symmetries on line masks, and the box
//! counting the searches share (captures, safe lines, chains).

use crate::game::dots::DotsAndBoxes;

/// No box on that side of a line (the board's edge).
pub(crate) const EDGE: u8 = u8::MAX;

/// A board's shape: which lines bound which boxes, and its symmetries as
/// byte-wise lookup tables on line masks.
pub(crate) struct Geometry {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) lines: usize,
    pub(crate) boxes: usize,
    pub(crate) all: u64,
    pub(crate) box_mask: [u64; 32],
    pub(crate) line_boxes: [[u8; 2]; 64],
    /// One table per symmetry other than the identity:
    /// `table[byte][value]` is the image of `value << (8 * byte)`.
    pub(crate) syms: Vec<[[u64; 256]; 8]>,
}

impl Geometry {
    /// Any board with at most 64 lines and 32 boxes, numbered like the
    /// engine: horizontal lines `row * width + col` first, then vertical.
    pub(crate) fn new(width: usize, height: usize) -> Geometry {
        let hl = (height + 1) * width;
        let lines = hl + height * (width + 1);
        let boxes = width * height;
        assert!(width >= 1 && height >= 1 && lines <= 64 && boxes <= 32);
        let mut box_mask = [0u64; 32];
        let mut line_boxes = [[EDGE; 2]; 64];
        for row in 0..height {
            for col in 0..width {
                let b = row * width + col;
                let sides = [
                    row * width + col,
                    (row + 1) * width + col,
                    hl + row * (width + 1) + col,
                    hl + row * (width + 1) + col + 1,
                ];
                for s in sides {
                    box_mask[b] |= 1 << s;
                    let slot = if line_boxes[s][0] == EDGE { 0 } else { 1 };
                    line_boxes[s][slot] = b as u8;
                }
            }
        }
        // A line as its two dots (x, y), and back.
        let dots = |l: usize| -> ((usize, usize), (usize, usize)) {
            if l < hl {
                let (y, x) = (l / width, l % width);
                ((x, y), (x + 1, y))
            } else {
                let v = l - hl;
                let (y, x) = (v / (width + 1), v % (width + 1));
                ((x, y), (x, y + 1))
            }
        };
        let line_of = |a: (usize, usize), b: (usize, usize)| -> usize {
            if a.1 == b.1 {
                a.1 * width + a.0.min(b.0)
            } else {
                hl + a.1.min(b.1) * (width + 1) + a.0
            }
        };
        let (w, h) = (width, height);
        // The images of dot (x, y): mirrors and the half turn, and on a
        // square the four maps that swap the axes.
        let map = |k: usize, (x, y): (usize, usize)| match k {
            0 => (w - x, y),
            1 => (x, h - y),
            2 => (w - x, h - y),
            3 => (y, x),
            4 => (w - y, x),
            5 => (y, h - x),
            _ => (w - y, h - x),
        };
        let maps = if width == height { 7 } else { 3 };
        let syms = (0..maps)
            .map(|k| {
                let mut table = [[0u64; 256]; 8];
                for (byte, entries) in table.iter_mut().enumerate() {
                    for (value, image) in entries.iter_mut().enumerate() {
                        for bit in 0..8 {
                            let l = byte * 8 + bit;
                            if value >> bit & 1 == 1 && l < lines {
                                let (a, b) = dots(l);
                                *image |= 1 << line_of(map(k, a), map(k, b));
                            }
                        }
                    }
                }
                table
            })
            .collect();
        Geometry {
            width,
            height,
            lines,
            boxes,
            all: u64::MAX >> (64 - lines),
            box_mask,
            line_boxes,
            syms,
        }
    }

    pub(crate) fn of(position: &DotsAndBoxes) -> Geometry {
        Geometry::new(position.width(), position.height())
    }

    #[inline]
    pub(crate) fn sides(&self, drawn: u64, b: usize) -> u32 {
        (drawn & self.box_mask[b]).count_ones()
    }

    /// The smallest image of `drawn` under the board's symmetries.
    #[inline]
    pub(crate) fn canonical(&self, drawn: u64) -> u64 {
        let mut best = drawn;
        for table in &self.syms {
            let mut image = 0;
            for (byte, entries) in table.iter().enumerate() {
                image |= entries[(drawn >> (8 * byte)) as usize & 0xff];
            }
            best = best.min(image);
        }
        best
    }

    /// Boxes completed by drawing the free line `l`.
    #[inline]
    pub(crate) fn gain(&self, drawn: u64, l: usize) -> i32 {
        let after = drawn | 1 << l;
        self.line_boxes[l]
            .iter()
            .filter(|&&b| {
                b != EDGE && after & self.box_mask[b as usize] == self.box_mask[b as usize]
            })
            .count() as i32
    }

    /// True when drawing the free line `l` gives some box its third side.
    #[inline]
    pub(crate) fn unsafe_line(&self, drawn: u64, l: usize) -> bool {
        self.line_boxes[l]
            .iter()
            .any(|&b| b != EDGE && self.sides(drawn, b as usize) == 2)
    }

    /// How many boxes the free line `l` gives their second side (0, 1 or
    /// 2), or `None` when it gives some box its third side (one look at its
    /// boxes for both answers).
    #[inline]
    pub(crate) fn second_sides_if_safe(&self, drawn: u64, l: usize) -> Option<usize> {
        let mut second = 0;
        for &b in &self.line_boxes[l] {
            if b != EDGE {
                match self.sides(drawn, b as usize) {
                    2 => return None,
                    1 => second += 1,
                    _ => {}
                }
            }
        }
        Some(second)
    }

    /// The box on the other side of line `l` from box `b` (or [`EDGE`]).
    #[inline]
    pub(crate) fn across(&self, l: usize, b: usize) -> u8 {
        let [x, y] = self.line_boxes[l];
        if x as usize == b {
            y
        } else {
            x
        }
    }

    /// Whether the chain entered through line `l` into box `n` (two sides)
    /// goes on through at least one more two-sided box after `n` (so with
    /// the capturable box three or more are left) and then ends at the edge
    /// or at a box with fewer than two sides, not at another capturable box
    /// (an opened loop).
    pub(crate) fn chain_goes_on(&self, drawn: u64, l: usize, n: usize) -> bool {
        let mut prev = l;
        let mut cur = n;
        let mut len = 1;
        for _ in 0..self.boxes {
            let out = (self.box_mask[cur] & !drawn & !(1 << prev)).trailing_zeros() as usize;
            let next = self.across(out, cur);
            if next == EDGE {
                return len >= 2;
            }
            match self.sides(drawn, next as usize) {
                2 => {
                    len += 1;
                    prev = out;
                    cur = next as usize;
                }
                3 => return false,
                _ => return len >= 2,
            }
        }
        false
    }

    /// When drawing the free line `l` is a loony move (nothing capturable
    /// before it, and it opens chains of `k` ≥ 3 boxes in all, or a chain
    /// of two at its end, or a loop of `k`): an upper bound on what the
    /// move is worth to the side drawing it. The other side may take every
    /// box offered, or all but two (four in a loop) and hand those back
    /// with the double-dealing line; both ways the same lines are drawn in
    /// the end, only the side to move in the rest differs, so the better of
    /// the two nets it at least `k - 2` (`k - 4` for a loop). `None` for
    /// other lines.
    pub(crate) fn loony_bound(&self, drawn: u64, l: usize) -> Option<i32> {
        let after = drawn | 1 << l;
        let mut starts = [0usize; 2];
        let mut n = 0;
        for &b in &self.line_boxes[l] {
            if b != EDGE && self.sides(after, b as usize) == 3 {
                starts[n] = b as usize;
                n += 1;
            }
        }
        if n == 0 {
            return None;
        }
        let (a, met) = self.offered(after, starts[0], l);
        if n == 1 {
            return (met.is_none() && a >= 2).then(|| 2 - a);
        }
        if met == Some(starts[1]) {
            // Both sides of the line lead round to each other: a loop.
            return Some(4 - a);
        }
        let (b, met_b) = self.offered(after, starts[1], l);
        (met.is_none() && met_b.is_none() && (a >= 2 || b >= 2)).then(|| 2 - a - b)
    }

    /// The boxes capturable one after another from the capturable box
    /// `start` (entered through the drawn line `entry`), and the other
    /// capturable box the run ends in, if it does (else it ends at the edge
    /// or at a box with fewer than two sides).
    fn offered(&self, after: u64, start: usize, entry: usize) -> (i32, Option<usize>) {
        let mut prev = entry;
        let mut cur = start;
        let mut len = 1;
        for _ in 0..self.boxes {
            let out = (self.box_mask[cur] & !after & !(1 << prev)).trailing_zeros() as usize;
            if out >= 64 {
                break;
            }
            let next = self.across(out, cur);
            if next == EDGE {
                return (len, None);
            }
            match self.sides(after, next as usize) {
                2 => {
                    len += 1;
                    prev = out;
                    cur = next as usize;
                }
                3 => return (len + 1, Some(next as usize)),
                _ => return (len, None),
            }
        }
        (len, None)
    }

    pub(crate) fn open_boxes(&self, drawn: u64) -> i32 {
        (0..self.boxes)
            .filter(|&b| self.sides(drawn, b) < 4)
            .count() as i32
    }

    /// Takes every capturable box (the greedy way): the drawn set after and
    /// the number of boxes taken.
    pub(crate) fn take_all(&self, mut drawn: u64) -> (u64, i32) {
        let mut taken = 0;
        loop {
            let Some(b) = (0..self.boxes).find(|&b| self.sides(drawn, b) == 3) else {
                return (drawn, taken);
            };
            let l = (self.box_mask[b] & !drawn).trailing_zeros() as usize;
            taken += self.gain(drawn, l);
            drawn |= 1 << l;
        }
    }

    /// The chains and loops of a loony endgame (every open box has exactly
    /// two sides drawn, so nothing is capturable), as component codes:
    /// length, plus 128 for a loop. `None` when the position is not one.
    pub(crate) fn components(&self, drawn: u64, out: &mut [u8; 32]) -> Option<usize> {
        let mut seen = 0u32;
        let mut n = 0;
        for start in 0..self.boxes {
            let s = self.sides(drawn, start);
            if s == 4 || seen >> start & 1 == 1 {
                continue;
            }
            if s != 2 {
                return None;
            }
            // Walk the component: every box has two free sides.
            let mut len = 0u8;
            let mut edges = 0;
            let mut stack = [0u8; 32];
            let mut top = 1;
            stack[0] = start as u8;
            seen |= 1 << start;
            while top > 0 {
                top -= 1;
                let b = stack[top] as usize;
                len += 1;
                let mut free = self.box_mask[b] & !drawn;
                while free != 0 {
                    let l = free.trailing_zeros() as usize;
                    free &= free - 1;
                    let o = self.across(l, b);
                    if o == EDGE {
                        edges += 1;
                    } else if seen >> o & 1 == 0 {
                        if self.sides(drawn, o as usize) != 2 {
                            return None;
                        }
                        seen |= 1 << o;
                        stack[top] = o;
                        top += 1;
                    }
                }
            }
            out[n] = if edges == 0 { len | 128 } else { len };
            n += 1;
        }
        Some(n)
    }
}

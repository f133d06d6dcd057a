//! The loony endgame solved by theory: once no box has fewer than two
//! sides and nothing is capturable, the open boxes form independent chains
//! and loops, and a small memoised recursion over that multiset (opener
//! picks a component; the receiver takes all, or keeps control by
//! declining the last two boxes of a chain of three or more, or the last
//! four of a loop) gives the exact value.

use super::geometry::Geometry;
use std::collections::HashMap;

/// The value of a loony endgame of chains and loops for the side that must
/// open one of them (nothing is capturable).
pub(crate) struct Endgame {
    memo: HashMap<[u8; 32], i8>,
}

impl Endgame {
    pub(crate) fn new() -> Endgame {
        Endgame {
            memo: HashMap::new(),
        }
    }

    /// What the receiver of an opened component nets, the rest `rest` being
    /// worth `rest` to whoever moves in it next.
    #[inline]
    pub(crate) fn receiver(code: u8, rest: i32) -> i32 {
        let len = (code & 127) as i32;
        if code & 128 != 0 {
            (len + rest).max(len - 8 - rest)
        } else if len <= 2 {
            len + rest
        } else {
            (len + rest).max(len - 4 - rest)
        }
    }

    /// `comps[..n]` sorted in decreasing order.
    pub(crate) fn value(&mut self, comps: &[u8; 32], n: usize) -> i32 {
        if n == 0 {
            return 0;
        }
        if n == 1 {
            return -Endgame::receiver(comps[0], 0);
        }
        if let Some(&v) = self.memo.get(comps) {
            return v as i32;
        }
        let mut best = i32::MIN;
        for i in 0..n {
            if i > 0 && comps[i] == comps[i - 1] {
                continue;
            }
            let mut rest = [0u8; 32];
            rest[..i].copy_from_slice(&comps[..i]);
            rest[i..n - 1].copy_from_slice(&comps[i + 1..n]);
            let r = self.value(&rest, n - 1);
            best = best.max(-Endgame::receiver(comps[i], r));
        }
        self.memo.insert(*comps, best as i8);
        best
    }

    /// The value for the side to move of a loony endgame position, or
    /// `None` if the position is not one.
    pub(crate) fn of(&mut self, g: &Geometry, drawn: u64) -> Option<i32> {
        let mut comps = [0u8; 32];
        let n = g.components(drawn, &mut comps)?;
        comps[..n].sort_unstable_by(|a, b| b.cmp(a));
        Some(self.value(&comps, n))
    }
}

//! The exact solver's transposition table: packed 64-bit entries, two per
//! bucket, on the shared [`search::Table`](crate::cpu::search::Table).
//!
//! The first entry of a bucket keeps the one with the bigger subtree (fewer
//! stones on the board), the second takes whatever came last. The bucket is
//! `key % buckets` (a prime), so storing `key / buckets` identifies the key
//! exactly. Entries carry the table's generation: [`Table::clear`] starts a
//! new one instead of touching memory, which makes a fresh table per
//! position cost nothing.
//!
//! Entry bits: 0..28 key quotient, 28..34 value + 32, 34..36 bound,
//! 36..39 best column (7 = none), 39..45 stones on the board,
//! 45..64 generation (0 = never written).

use crate::cpu::search;
use crate::game::connect4::WIDTH;

/// Which side of the true score a stored value bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Lower = 1,
    Upper = 2,
    Exact = 3,
}

/// The solver's table (see the module docs).
pub struct Table {
    buckets: search::Table<[u64; 2]>,
    /// The number of buckets, kept here so that `key % n` and `key / n`
    /// sit side by side (one division).
    n: u64,
}

pub(crate) const QUOTIENT_BITS: u32 = 28;
const QUOTIENT_MASK: u64 = (1 << QUOTIENT_BITS) - 1;
const GENERATION_SHIFT: u32 = 45;
const _: () = assert!(search::GENERATIONS as u64 <= 1 << (64 - GENERATION_SHIFT));

impl Table {
    /// The default number of buckets: a prime just below 2^22 (two entries
    /// each, 64 MiB).
    pub const DEFAULT_BUCKETS: usize = 4_194_301;

    /// A table of `buckets` buckets; `buckets` must be a prime above 2^21
    /// so that key quotients fit their bits.
    pub fn with_buckets(buckets: usize) -> Table {
        assert!(
            buckets > (1 << 21),
            "table too small for 28-bit key quotients"
        );
        Table {
            buckets: search::Table::new(buckets),
            n: buckets as u64,
        }
    }

    pub fn new() -> Table {
        Table::with_buckets(Self::DEFAULT_BUCKETS)
    }

    /// The smallest table the entries' layout allows (a prime just above
    /// 2^21 buckets, 32 MiB), its pages mapped only as the search writes
    /// them ([`search::Table::untouched`]): for one solve in a process of
    /// its own. A search writes all over its table, and the system
    /// zeroing the pages it touches is most of a short solve's process
    /// (a 64 MiB table: 16,384 pages, about 60 ms here); half the table
    /// halves that, for 1-3 % more nodes on long solves.
    pub fn for_one_solve() -> Table {
        Table {
            buckets: search::Table::untouched(Self::SMALLEST_BUCKETS),
            n: Self::SMALLEST_BUCKETS as u64,
        }
    }

    /// The first prime above 2^21.
    const SMALLEST_BUCKETS: usize = 2_097_169;

    /// A table of about `2^log2` entries (23 to 30): the largest prime
    /// number of buckets below `2^(log2 - 1)`.
    pub fn with_log2(log2: u32) -> Table {
        let log2 = log2.clamp(23, 30);
        let is_prime = |n: u64| {
            (2..)
                .take_while(|d| d * d <= n)
                .all(|d| !n.is_multiple_of(d))
        };
        let buckets = (1..(1u64 << (log2 - 1)))
            .rev()
            .find(|&n| is_prime(n))
            .unwrap_or(Self::DEFAULT_BUCKETS as u64);
        Table::with_buckets(buckets as usize)
    }

    /// Forgets every entry (in constant time, almost always).
    pub fn clear(&mut self) {
        self.buckets.new_generation();
    }

    #[inline]
    fn generation(&self) -> u64 {
        self.buckets.generation() as u64
    }

    /// Asks the processor to fetch a key's bucket ahead of [`Table::get`].
    #[inline]
    pub fn prefetch(&self, key: u64) {
        self.buckets.prefetch((key % self.n) as usize);
    }

    #[inline]
    fn matches(&self, e: u64, quotient: u64) -> bool {
        e >> GENERATION_SHIFT == self.generation() && e & QUOTIENT_MASK == quotient
    }

    /// The bucket of `key` and what identifies `key` in it.
    #[inline]
    fn place(&self, key: u64) -> (usize, u64) {
        ((key % self.n) as usize, key / self.n)
    }

    /// The stored value, its bound and the best column of `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(i32, Bound, Option<usize>)> {
        let (index, quotient) = self.place(key);
        let bucket = self.buckets.get(index);
        let e = if self.matches(bucket[0], quotient) {
            bucket[0]
        } else if self.matches(bucket[1], quotient) {
            bucket[1]
        } else {
            return None;
        };
        let value = ((e >> 28) & 63) as i32 - 32;
        let bound = match (e >> 34) & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Exact,
        };
        let best = ((e >> 36) & 7) as usize;
        Some((value, bound, (best < WIDTH).then_some(best)))
    }

    /// Stores a result for `key`, a position with `moves` stones.
    #[inline]
    pub fn put(&mut self, key: u64, moves: u32, value: i32, bound: Bound, best: Option<usize>) {
        let (index, quotient) = self.place(key);
        let generation = self.generation();
        let e = quotient
            | (((value + 32) as u64) << 28)
            | ((bound as u64) << 34)
            | ((best.unwrap_or(7) as u64) << 36)
            | ((moves as u64) << 39)
            | (generation << GENERATION_SHIFT);
        let first = self.buckets.get(index)[0];
        let first_moves = ((first >> 39) & 63) as u32;
        let first_same = self.matches(first, quotient);
        let first_current = first >> GENERATION_SHIFT == generation;
        let bucket = self.buckets.get_mut(index);
        if first_same || !first_current || moves <= first_moves {
            if !first_same && first_current {
                bucket[1] = first;
            }
            bucket[0] = e;
        } else {
            bucket[1] = e;
        }
    }
}

impl Default for Table {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_table_is_prime_and_big_enough() {
        let n = Table::SMALLEST_BUCKETS as u64;
        assert!(n > 1 << 21 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0));
        let mut t = Table::for_one_solve();
        let key = (1u64 << 49) - 3;
        t.put(key, 10, 4, Bound::Lower, Some(2));
        assert_eq!(t.get(key), Some((4, Bound::Lower, Some(2))));
    }

    #[test]
    fn table_size_is_prime() {
        let n = Table::DEFAULT_BUCKETS as u64;
        assert!((2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d)));
        assert!((1u64 << 49) / n < (1 << QUOTIENT_BITS));
    }
}

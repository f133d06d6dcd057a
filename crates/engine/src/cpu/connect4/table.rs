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
//! A table for one solve in a process of its own ([`Table::for_one_solve`])
//! starts small and grows late, through 4 MiB and 16 MiB into the default
//! size: the system zeroing every page a search writes is most of a short
//! solve's process (a search writes all over its table), and a table that
//! stays in the processor's caches answers a probe several times faster
//! than one that does not, which pays for the entries a small table loses.
//!
//! Entry bits, for a table of `n` buckets and `Q` = the bits of `2^49 / n`:
//! 0..Q key quotient, Q..47 generation (0 = never written), 47..53 value +
//! 32, 53..55 bound, 55..58 best column (7 = none), 58..64 stones on the
//! board. For the default size Q is 28 and the generation has 19 bits.

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
    /// Bits of the key quotient (where the generation starts).
    quotient_bits: u32,
    /// Generations this layout can tell apart.
    generations: u32,
    /// Stores left before the table grows into the default size (`None`:
    /// it never grows).
    grow_in: Option<u64>,
    /// Stores per bucket, in tenths, after which each size grows.
    grow_tenths: u64,
    /// [`Table::clear`] takes a grown table back to its first size.
    restarts_small: bool,
}

const FIELDS_SHIFT: u32 = 47;
const KEY_BITS: u32 = 49;

impl Table {
    /// The default number of buckets: a prime just below 2^22 (two entries
    /// each, 64 MiB).
    pub const DEFAULT_BUCKETS: usize = 4_194_301;

    /// The sizes a table for one solve grows through: primes just above
    /// 2^14 (two entries each, 256 KiB: 64 pages, in the processor's
    /// cache), 2^18 (4 MiB) and 2^20 (16 MiB), then the default.
    const FIRST_BUCKETS: usize = 16_411;
    const GROWTH: [usize; 3] = [262_147, 1_048_583, Self::DEFAULT_BUCKETS];

    /// Stores per bucket, in tenths, after which a table for one solve
    /// grows: twenty times as many stores as entries. Growing late is
    /// faster: on the first 100 positions of `Test_L1_R2` (`cargo bench
    /// --bench connect4_solver -- L1_R2 --limit 100 --one-solve`) a table
    /// grown after a fifth as many stores as entries searched 0.89 M nodes
    /// a position in 106 ms, grown after twenty times as many 1.04 M nodes
    /// in 70 ms; one that never leaves 256 KiB 1.30 M nodes in 69 ms, but
    /// 20 % more nodes on the hard set `Test_L1_R3`.
    const GROW_TENTHS: u64 = 400;

    fn growth_after(buckets: usize, tenths: u64) -> Option<u64> {
        Some((buckets as u64 * tenths / 10).max(1))
    }

    /// A table of `buckets` buckets (a prime, for an even spread), every
    /// page touched now.
    pub fn with_buckets(buckets: usize) -> Table {
        Table::laid_out(search::Table::new(buckets), None, 0)
    }

    fn laid_out(buckets: search::Table<[u64; 2]>, grow_in: Option<u64>, grow_tenths: u64) -> Table {
        let n = buckets.len() as u64;
        assert!(n > 1 << 12, "table too small for its key quotients");
        // Quotients are below 2^49 / n.
        let quotient_bits = 64 - ((1u64 << KEY_BITS) / n).leading_zeros();
        let generation_bits = FIELDS_SHIFT - quotient_bits;
        Table {
            buckets,
            n,
            quotient_bits,
            generations: (1u32 << generation_bits.min(search::GENERATIONS.trailing_zeros()))
                .min(search::GENERATIONS),
            grow_in,
            grow_tenths,
            restarts_small: false,
        }
    }

    pub fn new() -> Table {
        Table::with_buckets(Self::DEFAULT_BUCKETS)
    }

    /// A table for one solve in a process of its own: 256 KiB first, then
    /// 4 MiB, 16 MiB and the default size, each after twenty times as many
    /// stores as it has entries, its pages mapped as the search writes them
    /// ([`search::Table::untouched`]). A short solve then touches a few
    /// dozen pages instead of thousands, and searches in the processor's
    /// caches; a long one grows into the default size.
    pub fn for_one_solve() -> Table {
        Table::growing_after(Self::GROW_TENTHS)
    }

    /// A table for one solve whose sizes grow after `tenths` tenths of a
    /// store per bucket (tests grow it early, in the middle of short
    /// searches).
    pub(crate) fn growing_after(tenths: u64) -> Table {
        let first = search::Table::untouched(Self::FIRST_BUCKETS);
        Table::laid_out(
            first,
            Table::growth_after(Self::FIRST_BUCKETS, tenths),
            tenths,
        )
    }

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

    /// A table for the bot's searches, kept from search to search: grown
    /// like [`Table::for_one_solve`], and [`Table::clear`] takes it back to
    /// its first size, so that every search starts in the processor's
    /// caches and only a long one pays for a big table.
    pub fn for_searches() -> Table {
        let mut t = Table::for_one_solve();
        t.restarts_small = true;
        t
    }

    /// Forgets every entry (in constant time, almost always; a table for
    /// searches that has grown starts again at its first size).
    pub fn clear(&mut self) {
        if self.restarts_small && self.n != Self::FIRST_BUCKETS as u64 {
            *self = Table::for_searches();
        } else if self.buckets.generation() + 1 >= self.generations {
            self.buckets.wipe();
        } else {
            self.buckets.new_generation();
        }
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

    /// The entry's quotient and generation, as one number.
    #[inline]
    fn identity(&self, quotient: u64) -> u64 {
        quotient | self.generation() << self.quotient_bits
    }

    #[inline]
    fn matches(e: u64, identity: u64) -> bool {
        e & ((1 << FIELDS_SHIFT) - 1) == identity
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
        let identity = self.identity(quotient);
        let bucket = self.buckets.get(index);
        let e = if Table::matches(bucket[0], identity) {
            bucket[0]
        } else if Table::matches(bucket[1], identity) {
            bucket[1]
        } else {
            return None;
        };
        let (value, bound, best, _) = Table::fields(e);
        Some((value, bound, best))
    }

    /// An entry's value, bound, best column and stones.
    #[inline]
    fn fields(e: u64) -> (i32, Bound, Option<usize>, u32) {
        let fields = e >> FIELDS_SHIFT;
        let value = (fields & 63) as i32 - 32;
        let bound = match (fields >> 6) & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Exact,
        };
        let best = ((fields >> 8) & 7) as usize;
        (
            value,
            bound,
            (best < WIDTH).then_some(best),
            (fields >> 11) as u32,
        )
    }

    /// Stores a result for `key`, a position with `moves` stones.
    #[inline]
    pub fn put(&mut self, key: u64, moves: u32, value: i32, bound: Bound, best: Option<usize>) {
        if let Some(left) = self.grow_in.as_mut() {
            *left -= 1;
            if *left == 0 {
                self.grow();
            }
        }
        let (index, quotient) = self.place(key);
        let identity = self.identity(quotient);
        let fields = ((value + 32) as u64)
            | ((bound as u64) << 6)
            | ((best.unwrap_or(7) as u64) << 8)
            | ((moves as u64) << 11);
        let e = identity | fields << FIELDS_SHIFT;
        let first = self.buckets.get(index)[0];
        let first_moves = (first >> (FIELDS_SHIFT + 11)) as u32;
        let first_same = Table::matches(first, identity);
        let first_current =
            (first & ((1 << FIELDS_SHIFT) - 1)) >> self.quotient_bits == self.generation();
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

    /// Moves into the next size (mapped as it is used), with every entry
    /// of the current generation: a key is its quotient times `n` plus its
    /// bucket.
    fn grow(&mut self) {
        let size = Self::GROWTH
            .into_iter()
            .find(|&size| size as u64 > self.n)
            .unwrap_or(Self::DEFAULT_BUCKETS);
        let grow_in = (size < Self::DEFAULT_BUCKETS)
            .then(|| Table::growth_after(size, self.grow_tenths))
            .flatten();
        let mut bigger = Table::laid_out(search::Table::untouched(size), grow_in, self.grow_tenths);
        let generation = self.generation();
        for index in 0..self.n as usize {
            // The second entry first: the first one wins its new bucket.
            for e in self.buckets.get(index).into_iter().rev() {
                let low = e & ((1 << FIELDS_SHIFT) - 1);
                if e == 0 || low >> self.quotient_bits != generation {
                    continue;
                }
                let key = (low & ((1 << self.quotient_bits) - 1)) * self.n + index as u64;
                let (value, bound, best, moves) = Table::fields(e);
                bigger.put(key, moves, value, bound, best);
            }
        }
        bigger.restarts_small = self.restarts_small;
        *self = bigger;
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

    fn is_prime(n: u64) -> bool {
        (2..n)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
    }

    /// A table for one solve keeps what it holds when it grows, and
    /// tells generations apart before and after.
    #[test]
    fn a_growing_table_keeps_its_entries() {
        assert!(is_prime(Table::FIRST_BUCKETS as u64));
        assert_eq!(
            Table::for_one_solve().grow_in,
            Some(Table::FIRST_BUCKETS as u64 * 40)
        );
        // Grown after two fifths of a store per bucket, as tests grow it.
        let mut t = Table::growing_after(4);
        assert_eq!(t.quotient_bits, 35);
        let keys: Vec<u64> = (0..Table::FIRST_BUCKETS as u64 / 4)
            .map(|i| ((1u64 << 49) - 1 - i * 7_919_993) % (1 << 49))
            .collect();
        for (i, &key) in keys.iter().enumerate() {
            t.put(
                key,
                (i % 40) as u32,
                (i % 40) as i32 - 20,
                Bound::Upper,
                Some(i % 7),
            );
        }
        assert!(t.grow_in.is_some(), "not grown yet");
        t.clear();
        assert_eq!(t.get(keys[0]), None, "a new generation forgets");
        for (i, &key) in keys.iter().enumerate() {
            t.put(
                key,
                (i % 40) as u32,
                (i % 40) as i32 - 20,
                Bound::Lower,
                Some(i % 7),
            );
        }
        // Enough stores to grow through every stage: more than the entries
        // of the last stage before the default.
        let more: Vec<u64> = (0..Table::GROWTH[Table::GROWTH.len() - 2] as u64)
            .map(|i| i * 104_729 + 5)
            .collect();
        for &key in &more {
            t.put(key, 12, 3, Bound::Exact, None);
        }
        assert!(t.grow_in.is_none() && t.n == Table::DEFAULT_BUCKETS as u64);
        assert_eq!(t.quotient_bits, 28);
        // Everything since the growth is there; from before it, whatever the
        // small table still held, unchanged.
        for &key in &more[more.len() - 100..] {
            assert_eq!(t.get(key), Some((3, Bound::Exact, None)));
        }
        let mut kept = 0;
        for (i, &key) in keys.iter().enumerate() {
            if let Some(found) = t.get(key) {
                assert_eq!(found, ((i % 40) as i32 - 20, Bound::Lower, Some(i % 7)));
                kept += 1;
            }
        }
        assert!(kept > keys.len() / 2, "{kept} of {}", keys.len());
    }

    /// The bot's tables grow within a search and start the next one at
    /// their first size; a table for one solve never shrinks.
    #[test]
    fn a_table_for_searches_starts_each_search_small() {
        let key = |i: u64| i * 104_729 + 5;
        for (mut t, shrinks) in [
            (Table::for_searches(), true),
            (Table::growing_after(4), false),
        ] {
            let first = t.n;
            let mut stores = 0;
            while t.n == first {
                t.put(key(stores), 12, 3, Bound::Exact, Some(2));
                stores += 1;
            }
            assert_eq!(stores, first * t.grow_tenths / 10);
            let last = key(stores - 1);
            assert_eq!(t.get(last), Some((3, Bound::Exact, Some(2))));
            let grown = t.n;
            t.clear();
            assert_eq!(t.get(last), None, "a new search forgets");
            assert_eq!(t.n, if shrinks { first } else { grown });
            // And grows again as the next search fills it.
            t.put(last, 12, -1, Bound::Upper, None);
            assert_eq!(t.get(last), Some((-1, Bound::Upper, None)));
        }
    }

    /// A layout with few generation bits wipes itself before they run out.
    #[test]
    fn a_small_layout_wipes_before_its_generations_run_out() {
        let mut t = Table::laid_out(search::Table::new(Table::FIRST_BUCKETS), None, 0);
        assert_eq!(t.generations, 1 << 12);
        let key = 123_456_789;
        for round in 0..5_000 {
            t.put(key, 3, 1, Bound::Exact, Some(3));
            assert_eq!(
                t.get(key),
                Some((1, Bound::Exact, Some(3))),
                "round {round}"
            );
            t.clear();
            assert_eq!(t.get(key), None, "round {round}");
        }
    }

    #[test]
    fn table_size_is_prime() {
        let n = Table::DEFAULT_BUCKETS as u64;
        assert!((2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d)));
        assert_eq!(Table::new().quotient_bits, 28);
        assert_eq!(Table::new().generations, search::GENERATIONS);
    }
}

//! A deflate (zlib) encoder for board pictures.
//!
//! A board is made of copies: the same hole, disc or bead on every cell,
//! the same row under the row above. A general compressor has to find those
//! copies through hash chains; here the caller says where they are (the
//! distance to the row above, the pitch of the cells), so each position
//! tries a handful of distances plus one hash slot for the rest (text, lines),
//! and takes the longest match. The symbols then get one dynamic Huffman
//! block. On the boards this is several times faster than zlib's level 3
//! and about as small.

/// Longest and shortest match deflate can say.
const MAX_MATCH: usize = 258;
const MIN_MATCH: usize = 3;
/// Farthest back a match may reach.
const WINDOW: usize = 32_768;

const HASH_BITS: u32 = 15;
/// How hard the match finder looks.
#[derive(Debug, Clone, Copy)]
pub struct Effort {
    /// Earlier positions with the same hash tried per position.
    pub chain: usize,
    /// Every how many positions inside a match join the hash chains.
    pub insert_step: usize,
    /// Matches shorter than this wait a byte for a longer one.
    pub lazy: usize,
}

impl Effort {
    /// What every board gets.
    pub const FAST: Effort = Effort {
        chain: 8,
        insert_step: 4,
        lazy: 16,
    };
    /// For a board that came out over its budget (a well filled 9 × 9).
    pub const HARD: Effort = Effort {
        chain: 16,
        insert_step: 2,
        lazy: 32,
    };
}
/// Symbols per Huffman block.
const BLOCK: usize = 8192;

/// Base lengths of length codes 257..=285, and their extra bits.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Base distances of distance codes 0..=29, and their extra bits.
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which code length code lengths are sent.
const CL_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// A literal byte or a (length, distance) match.
#[derive(Clone, Copy)]
enum Symbol {
    Literal(u8),
    Match { length: u16, distance: u16 },
}

fn length_code(length: usize) -> usize {
    LENGTH_BASE.partition_point(|&base| base as usize <= length) - 1
}

fn dist_code(distance: usize) -> usize {
    DIST_BASE.partition_point(|&base| base as usize <= distance) - 1
}

/// How many bytes at `a` and `b` (`a` < `b`) agree, up to `max`.
#[inline]
fn agree(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let (x, y) = (&data[a..a + max], &data[b..b + max]);
    let mut n = 0;
    // Eight bytes at a time.
    while n + 8 <= max {
        let u = u64::from_le_bytes(x[n..n + 8].try_into().expect("8 bytes"));
        let v = u64::from_le_bytes(y[n..n + 8].try_into().expect("8 bytes"));
        let diff = u ^ v;
        if diff != 0 {
            return n + (diff.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < max && x[n] == y[n] {
        n += 1;
    }
    n
}

/// Finds matches at the `distances` given and through one hash slot per
/// 4-byte prefix; a match is put off by one byte when the next byte starts
/// a longer one (lazy matching).
fn parse(data: &[u8], hints: &Hints, effort: Effort) -> Vec<Symbol> {
    let mut symbols = Vec::with_capacity(data.len() / 16);
    let mut finder = Finder {
        data,
        hints,
        effort,
        head: vec![u32::MAX; 1 << HASH_BITS],
        prev: vec![u32::MAX; WINDOW],
    };
    let mut p = 0;
    let mut here = finder.find(0);
    while p < data.len() {
        if here.0 == 0 {
            symbols.push(Symbol::Literal(data[p]));
            p += 1;
            if p < data.len() {
                here = finder.find(p);
            }
            continue;
        }
        let mut looked_ahead = false;
        if here.0 < effort.lazy && p + 1 < data.len() {
            let next = finder.find(p + 1);
            looked_ahead = true;
            if next.0 > here.0 + 1 {
                symbols.push(Symbol::Literal(data[p]));
                p += 1;
                here = next;
                continue;
            }
        }
        symbols.push(Symbol::Match {
            length: here.0 as u16,
            distance: here.1 as u16,
        });
        // Some positions inside the match join the hash chains (the next
        // one already did if it was looked at).
        let end = (p + here.0).min(data.len().saturating_sub(3));
        let mut q = p + 1 + looked_ahead as usize;
        while q < end {
            finder.insert(q);
            q += effort.insert_step.max(1);
        }
        p += here.0;
        if p < data.len() {
            here = finder.find(p);
        }
    }
    symbols
}

/// The match finder's state: the hinted distances and the hash chains.
struct Finder<'a> {
    data: &'a [u8],
    hints: &'a Hints<'a>,
    effort: Effort,
    /// Latest position per hash of 4 bytes.
    head: Vec<u32>,
    /// Earlier positions with the same hash, by position modulo the window.
    prev: Vec<u32>,
}

impl Finder<'_> {
    #[inline]
    fn hash(&self, p: usize) -> usize {
        let v = u32::from_le_bytes(self.data[p..p + 4].try_into().expect("4 bytes"));
        (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
    }

    #[inline]
    fn insert(&mut self, q: usize) {
        let h = self.hash(q);
        self.prev[q % WINDOW] = self.head[h];
        self.head[h] = q as u32;
    }

    /// The longest match at `p`: (length, distance), or (0, 0).
    fn find(&mut self, p: usize) -> (usize, usize) {
        let data = self.data;
        let max = (data.len() - p).min(MAX_MATCH);
        let mut best = (0, 0);
        if max < MIN_MATCH {
            return best;
        }
        let stride = self.hints.stride;
        let mirror = match self.hints.rows_back.get(p / stride.max(1)) {
            Some(&rows) if rows > 0 => rows as usize * stride,
            _ => 0,
        };
        for &d in std::iter::once(&mirror).chain(&self.hints.distances) {
            // A distance that cannot beat the best match so far differs at
            // its last byte: one read rules it out.
            if d == 0 || d > p || d > WINDOW || data[p - d + best.0] != data[p + best.0] {
                continue;
            }
            let n = agree(data, p - d, p, max);
            if n > best.0 {
                best = (n, d);
                if n == max {
                    return best;
                }
            }
        }
        if p + 4 <= data.len() {
            let mut candidate = self.head[self.hash(p)];
            self.insert(p);
            for _ in 0..self.effort.chain {
                if candidate == u32::MAX
                    || candidate as usize >= p
                    || p - (candidate as usize) > WINDOW
                {
                    break;
                }
                let c = candidate as usize;
                let n = if data[c + best.0] == data[p + best.0] {
                    agree(data, c, p, max)
                } else {
                    0
                };
                if n > best.0 {
                    best = (n, p - candidate as usize);
                    if n == max {
                        break;
                    }
                }
                candidate = self.prev[candidate as usize % WINDOW];
            }
        }
        if best.0 < MIN_MATCH || (best.0 == MIN_MATCH && best.1 > 4096) {
            return (0, 0);
        }
        best
    }
}

/// Code lengths (at most `limit` bits) for symbol frequencies: Huffman's
/// construction, with the frequencies flattened and the tree built again
/// until the deepest code fits.
fn code_lengths(freqs: &[u32], limit: u8) -> Vec<u8> {
    let mut freqs: Vec<u32> = freqs.to_vec();
    loop {
        let lengths = huffman(&freqs);
        if lengths.iter().all(|&l| l <= limit) {
            return lengths;
        }
        for f in freqs.iter_mut().filter(|f| **f > 0) {
            *f = (*f >> 1).max(1);
        }
    }
}

fn huffman(freqs: &[u32]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut lengths = vec![0u8; freqs.len()];
    let used: Vec<usize> = (0..freqs.len()).filter(|&i| freqs[i] > 0).collect();
    match used.len() {
        0 => return lengths,
        1 => {
            lengths[used[0]] = 1;
            return lengths;
        }
        _ => {}
    }
    // Nodes: leaves first, then inner nodes; parent links give the depths.
    let mut parent = vec![usize::MAX; 2 * used.len()];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = used
        .iter()
        .enumerate()
        .map(|(node, &symbol)| Reverse((freqs[symbol] as u64, node)))
        .collect();
    let mut next = used.len();
    while heap.len() > 1 {
        let Reverse((fa, a)) = heap.pop().expect("two nodes");
        let Reverse((fb, b)) = heap.pop().expect("two nodes");
        parent[a] = next;
        parent[b] = next;
        heap.push(Reverse((fa + fb, next)));
        next += 1;
    }
    let root = next - 1;
    let mut depth = vec![0u8; next];
    for node in (0..root).rev() {
        depth[node] = depth[parent[node]].saturating_add(1);
    }
    for (node, &symbol) in used.iter().enumerate() {
        lengths[symbol] = depth[node];
    }
    lengths
}

/// Canonical codes for code lengths, bit-reversed for deflate's order.
fn codes(lengths: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[l as usize] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[l as usize];
            next[l as usize] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

/// Writes bits least significant first.
struct Bits {
    out: Vec<u8>,
    buffer: u64,
    count: u32,
}

impl Bits {
    #[inline]
    fn put(&mut self, value: u32, bits: u32) {
        self.buffer |= (value as u64) << self.count;
        self.count += bits;
        if self.count >= 32 {
            self.out
                .extend_from_slice(&(self.buffer as u32).to_le_bytes());
            self.buffer >>= 32;
            self.count -= 32;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        while self.count > 0 {
            self.out.push(self.buffer as u8);
            self.buffer >>= 8;
            self.count = self.count.saturating_sub(8);
        }
        self.out
    }
}

/// Run-length codes (16, 17, 18) for a sequence of code lengths: (symbol,
/// extra value).
fn run_lengths(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let mut run = 1;
        while i + run < lengths.len() && lengths[i + run] == l {
            run += 1;
        }
        let mut left = run;
        if l == 0 {
            while left >= 11 {
                let n = left.min(138);
                out.push((18, (n - 11) as u8));
                left -= n;
            }
            if left >= 3 {
                out.push((17, (left - 3) as u8));
                left = 0;
            }
        } else {
            out.push((l, 0));
            left -= 1;
            while left >= 3 {
                let n = left.min(6);
                out.push((16, (n - 3) as u8));
                left -= n;
            }
        }
        for _ in 0..left {
            out.push((l, 0));
        }
        i += run;
    }
    out
}

/// Where copies are likely, as the picture's maker knows them.
pub struct Hints<'a> {
    /// Distances to try at every position (the row above, the cells'
    /// pitch).
    pub distances: Vec<usize>,
    /// Bytes per row, and per row how many rows back an equal row may lie
    /// (0: none): the rows of a symmetric cell mirror each other.
    pub stride: usize,
    pub rows_back: &'a [u32],
}

/// `data` as a zlib stream, trying matches where `hints` say first. Each run
/// of [`BLOCK`] symbols gets a dynamic Huffman block of its own, so the
/// codes follow the picture (text, frame, cells) as it goes.
pub fn zlib(data: &[u8], hints: &Hints, effort: Effort) -> Vec<u8> {
    let symbols = parse(data, hints, effort);
    let mut bits = Bits {
        out: Vec::with_capacity(data.len() / 20 + 64),
        buffer: 0,
        count: 0,
    };
    // zlib header: deflate, 32 KB window, no dictionary, fast level.
    bits.put(0x78, 8);
    bits.put(0x01, 8);
    let blocks: Vec<&[Symbol]> = if symbols.is_empty() {
        vec![&[]]
    } else {
        symbols.chunks(BLOCK).collect()
    };
    for (i, block) in blocks.iter().enumerate() {
        write_block(&mut bits, block, i + 1 == blocks.len());
    }
    let mut out = bits.finish();
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

/// One dynamic Huffman block.
fn write_block(bits: &mut Bits, symbols: &[Symbol], last: bool) {
    let mut lit_freq = [0u32; 286];
    let mut dist_freq = [0u32; 30];
    for s in symbols {
        match *s {
            Symbol::Literal(b) => lit_freq[b as usize] += 1,
            Symbol::Match { length, distance } => {
                lit_freq[257 + length_code(length as usize)] += 1;
                dist_freq[dist_code(distance as usize)] += 1;
            }
        }
    }
    lit_freq[256] = 1;
    // At least two distance codes, so every decoder accepts the tree.
    dist_freq[0] = dist_freq[0].max(1);
    dist_freq[1] = dist_freq[1].max(1);
    let lit_len = code_lengths(&lit_freq, 15);
    let dist_len = code_lengths(&dist_freq, 15);
    let (lit_code, dist_code_bits) = (codes(&lit_len), codes(&dist_len));
    let hlit = 257.max(lit_len.iter().rposition(|&l| l > 0).map_or(0, |i| i + 1));
    let hdist = 1.max(dist_len.iter().rposition(|&l| l > 0).map_or(0, |i| i + 1));
    let mut all = lit_len[..hlit].to_vec();
    all.extend_from_slice(&dist_len[..hdist]);
    let runs = run_lengths(&all);
    let mut cl_freq = [0u32; 19];
    for &(s, _) in &runs {
        cl_freq[s as usize] += 1;
    }
    let cl_len = code_lengths(&cl_freq, 7);
    let cl_code = codes(&cl_len);
    let hclen = 4.max(
        CL_ORDER
            .iter()
            .rposition(|&s| cl_len[s] > 0)
            .map_or(0, |i| i + 1),
    );

    bits.put(last as u32, 1);
    bits.put(2, 2); // dynamic Huffman
    bits.put((hlit - 257) as u32, 5);
    bits.put((hdist - 1) as u32, 5);
    bits.put((hclen - 4) as u32, 4);
    for &s in &CL_ORDER[..hclen] {
        bits.put(cl_len[s] as u32, 3);
    }
    for &(s, extra) in &runs {
        bits.put(cl_code[s as usize] as u32, cl_len[s as usize] as u32);
        match s {
            16 => bits.put(extra as u32, 2),
            17 => bits.put(extra as u32, 3),
            18 => bits.put(extra as u32, 7),
            _ => {}
        }
    }
    for s in symbols {
        match *s {
            Symbol::Literal(b) => bits.put(lit_code[b as usize] as u32, lit_len[b as usize] as u32),
            Symbol::Match { length, distance } => {
                let (length, distance) = (length as usize, distance as usize);
                let lc = length_code(length);
                bits.put(lit_code[257 + lc] as u32, lit_len[257 + lc] as u32);
                bits.put(
                    (length - LENGTH_BASE[lc] as usize) as u32,
                    LENGTH_EXTRA[lc] as u32,
                );
                let dc = dist_code(distance);
                bits.put(dist_code_bits[dc] as u32, dist_len[dc] as u32);
                bits.put(
                    (distance - DIST_BASE[dc] as usize) as u32,
                    DIST_EXTRA[dc] as u32,
                );
            }
        }
    }
    bits.put(lit_code[256] as u32, lit_len[256] as u32);
}

/// The zlib checksum.
fn adler32(data: &[u8]) -> u32 {
    let mut hash = simd_adler32::Adler32::new();
    hash.write(data);
    hash.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inflate(z: &[u8]) -> Vec<u8> {
        miniz_oxide::inflate::decompress_to_vec_zlib(z).expect("a valid zlib stream")
    }

    #[test]
    fn round_trips() {
        let mut data: Vec<u8> = Vec::new();
        for row in 0..300u32 {
            data.push(0);
            for x in 0..200u32 {
                let d = (x % 40) as i32 - 20;
                let e = (row % 40) as i32 - 20;
                data.push(if d * d + e * e < 150 {
                    (row / 40 % 3) as u8 + 1
                } else {
                    0
                });
            }
        }
        let mut noise = 12345u32;
        for _ in 0..5000 {
            noise = noise.wrapping_mul(1_103_515_245).wrapping_add(12345);
            data.push((noise >> 16) as u8);
        }
        let mirrors: Vec<u32> = (0..300)
            .map(|row| {
                if row % 40 >= 20 {
                    (2 * (row % 40) - 39) as u32
                } else {
                    0
                }
            })
            .collect();
        for distances in [vec![], vec![1, 201, 40]] {
            let hints = Hints {
                distances,
                stride: 201,
                rows_back: &mirrors,
            };
            let z = zlib(&data, &hints, Effort::FAST);
            assert_eq!(inflate(&z), data);
            assert!(z.len() < data.len() / 4, "{} bytes", z.len());
        }
        for data in [vec![], vec![7], vec![1, 2], vec![0; 100_000]] {
            let hints = Hints {
                distances: vec![1],
                stride: 0,
                rows_back: &[],
            };
            assert_eq!(inflate(&zlib(&data, &hints, Effort::FAST)), data);
            assert_eq!(inflate(&zlib(&data, &hints, Effort::HARD)), data);
        }
    }

    #[test]
    fn code_lengths_respect_the_limit() {
        // Fibonacci frequencies make the deepest unlimited tree.
        let mut freqs = vec![1u32, 1];
        while freqs.len() < 30 {
            let n = freqs.len();
            freqs.push(freqs[n - 1] + freqs[n - 2]);
        }
        let lengths = code_lengths(&freqs, 15);
        assert!(lengths.iter().all(|&l| (1..=15).contains(&l)));
        let kraft: f64 = lengths.iter().map(|&l| 0.5f64.powi(l as i32)).sum();
        assert!(kraft <= 1.0);
    }
}

//! What the Connect Four for three searches know about a position: every
//! seat's discs, the 4-windows of the board, threat cells, the evaluation
//! and the move ordering score.
//!
//! The evaluation counts open 4-windows (windows holding discs of one seat
//! only) per seat, weighted by discs, plus threat cells (three discs and an
//! empty fourth), more when the threat cell is playable now.

use crate::game::connect4_3p::{Connect4ThreePlayer, BOARD, BOTTOM, HEIGHT, SEATS, STRIDE, WIDTH};
use crate::game::{Game, Move};

/// Bits of the board including the spare bit of every column.
pub const BITS: usize = WIDTH * STRIDE;
/// Number of 4-windows on the board.
pub const WINDOW_COUNT: usize = 6 * 9 + 9 * 6 + 2 * 6 * 6;
/// Most windows through one cell.
const MAX_WINDOWS_PER_CELL: usize = 16;

/// Every 4-window (row, column, both diagonals) as a bit mask.
pub const WINDOWS: [u128; WINDOW_COUNT] = {
    let mut w = [0u128; WINDOW_COUNT];
    let mut n = 0;
    // (dc, dr) with dr in -1..=1 encoded as dr + 1.
    let dirs: [(usize, usize); 4] = [(1, 1), (0, 2), (1, 2), (1, 0)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr1) = dirs[d];
        let mut c = 0;
        while c < WIDTH {
            let mut r = 0;
            while r < HEIGHT {
                let ec = c + 3 * dc;
                let er = r as isize + 3 * (dr1 as isize - 1);
                if ec < WIDTH && er >= 0 && er < HEIGHT as isize {
                    let mut mask = 0u128;
                    let mut k = 0;
                    while k < 4 {
                        let cc = c + k * dc;
                        let rr = (r as isize + k as isize * (dr1 as isize - 1)) as usize;
                        mask |= 1 << (cc * STRIDE + rr);
                        k += 1;
                    }
                    w[n] = mask;
                    n += 1;
                }
                r += 1;
            }
            c += 1;
        }
        d += 1;
    }
    assert!(n == WINDOW_COUNT);
    w
};

/// For each bit, the windows through it (first `WINDOWS_THROUGH_LEN` entries).
const WINDOWS_THROUGH: [[u8; MAX_WINDOWS_PER_CELL]; BITS] = {
    let mut table = [[0u8; MAX_WINDOWS_PER_CELL]; BITS];
    let mut len = [0usize; BITS];
    let mut i = 0;
    while i < WINDOW_COUNT {
        let mut b = 0;
        while b < BITS {
            if WINDOWS[i] & (1 << b) != 0 {
                table[b][len[b]] = i as u8;
                len[b] += 1;
            }
            b += 1;
        }
        i += 1;
    }
    table
};

const WINDOWS_THROUGH_LEN: [u8; BITS] = {
    let mut len = [0u8; BITS];
    let mut i = 0;
    while i < WINDOW_COUNT {
        let mut b = 0;
        while b < BITS {
            if WINDOWS[i] & (1 << b) != 0 {
                len[b] += 1;
            }
            b += 1;
        }
        i += 1;
    }
    len
};

#[inline]
fn windows_through(bit: u32) -> &'static [u8] {
    &WINDOWS_THROUGH[bit as usize][..WINDOWS_THROUGH_LEN[bit as usize] as usize]
}

/// Window weights by the discs of its only seat (threats scored apart).
const WINDOW_WEIGHT: [i32; 4] = [0, 1, 5, 0];
const THREAT: i32 = 40;
/// A threat whose cell is playable now.
const THREAT_PLAYABLE: i32 = 120;
/// Weight of the root's own evaluation at search leaves (the two others
/// count once each). Hard against two mediums, 60 games, 600,000 nodes a
/// move (`boardbot arena connect4-3p hard medium --games 60 --seed 1
/// --nodes 600000`): weight 2 won 28, 4 won 34, 8 won 38, 12 won 36, 16
/// won 33.
const OWN_WEIGHT: i32 = 8;
/// The cells of every row `r` (from the bottom, from 0) with `r % 3 ==
/// seat`, by seat. When one column is left, the seat to move fills its
/// lowest free row `r` exactly when `r % 3` is its seat (81 cells, seat 0
/// first), so a threat on such a row is its own to take once the others run
/// out of safe moves, and any other threat is blocked by the seat that
/// fills it: the three-seat form of Connect Four's odd and even threats.
const ROWS_OF_SEAT: [u128; SEATS] = {
    let mut m = [0u128; SEATS];
    let mut c = 0;
    while c < WIDTH {
        let mut r = 0;
        while r < HEIGHT {
            m[r % SEATS] |= 1 << (c * STRIDE + r);
            r += 1;
        }
        c += 1;
    }
    m
};

/// The search's bonus for a threat on a row of its seat (medium does not
/// use it). Hard against two mediums, seeds 1 to 4, 60 games each, 600,000
/// nodes a move: 179 wins of 240 with a bonus of 40, 156 without; on seeds
/// 1 and 2 only, 20 won 70 of 120, 40 won 95, 80 won 84.
const PARITY_THREAT: i32 = 40;

pub const COLUMN_BONUS: [i32; WIDTH] = [0, 1, 2, 3, 4, 3, 2, 1, 0];

/// Bit steps of the four directions: up, right, up-right, down-right.
const DIRECTIONS: [u32; 4] = [1, STRIDE as u32, STRIDE as u32 + 1, STRIDE as u32 - 1];

/// For every direction, the cells from which a whole window lies on the
/// board (the windows by their lowest bit).
const WINDOW_STARTS: [u128; 4] = {
    let mut starts = [0u128; 4];
    let mut i = 0;
    while i < WINDOW_COUNT {
        let w = WINDOWS[i];
        let low = w.trailing_zeros();
        // The direction is the step between the two lowest bits.
        let step = (w & !(1 << low)).trailing_zeros() - low;
        let mut d = 0;
        while d < 4 {
            if DIRECTIONS[d] == step {
                starts[d] |= 1 << low;
            }
            d += 1;
        }
        i += 1;
    }
    starts
};

/// The open windows of one seat.
#[derive(Default)]
struct OpenWindows {
    /// How many open windows hold 1, 2 (and so on) discs of the seat.
    counts: [i32; 4],
    /// Cells completing an open window of three.
    threats: u128,
}

/// The open windows of every seat, computed once for a node's threats and
/// its leaf value.
pub struct Windows([OpenWindows; SEATS]);

impl Windows {
    /// Threat cells of every seat.
    #[inline]
    pub fn threats(&self) -> [u128; SEATS] {
        [self.0[0].threats, self.0[1].threats, self.0[2].threats]
    }
}

/// A search state: discs of every seat and the seat to move.
#[derive(Clone, Copy, Debug)]
pub struct State {
    pub stones: [u128; SEATS],
    pub to_move: usize,
}

impl State {
    pub fn of(position: &Connect4ThreePlayer) -> State {
        State {
            stones: [position.stones(0), position.stones(1), position.stones(2)],
            to_move: position.to_move() as usize,
        }
    }

    #[inline]
    pub fn occupied(&self) -> u128 {
        self.stones[0] | self.stones[1] | self.stones[2]
    }

    #[inline]
    pub fn playable(&self) -> u128 {
        (self.occupied() + BOTTOM) & BOARD
    }

    /// `seat` drops on `bit`; `next` moves after.
    #[inline]
    pub fn with(&self, seat: usize, bit: u32, next: usize) -> State {
        let mut s = *self;
        s.stones[seat] |= 1 << bit;
        s.to_move = next;
        s
    }

    /// The open windows of `seat` (no disc of another seat) in every
    /// direction, by how many of its discs they hold.
    #[inline]
    fn open_windows(&self, seat: usize) -> OpenWindows {
        let own = self.stones[seat];
        let others = self.occupied() & !own;
        let mut w = OpenWindows::default();
        for (d, &start) in DIRECTIONS.iter().zip(WINDOW_STARTS.iter()) {
            let d = *d;
            // Windows by their lowest cell: `x[i]` has a start's bit set when
            // the window's `i`-th cell holds a disc of `seat`.
            let x = [own, own >> d, own >> (2 * d), own >> (3 * d)];
            let open = start & !(others | others >> d | others >> (2 * d) | others >> (3 * d));
            // Bit-sliced sum of the four cells.
            let (a, c1) = (x[0] ^ x[1], x[0] & x[1]);
            let (b, c2) = (x[2] ^ x[3], x[2] & x[3]);
            let (ones, c3) = (a ^ b, a & b);
            let twos = c1 ^ c2 ^ c3;
            let fours = (c1 & c2) | (c1 & c3) | (c2 & c3);
            let one = open & ones & !twos & !fours;
            let two = open & !ones & twos & !fours;
            let three = open & ones & twos;
            w.counts[1] += one.count_ones() as i32;
            w.counts[2] += two.count_ones() as i32;
            // The empty cell of every window of three.
            w.threats |= (three & !x[0])
                | (three & !x[1]) << d
                | (three & !x[2]) << (2 * d)
                | (three & !x[3]) << (3 * d);
        }
        w
    }

    /// The open windows of every seat.
    #[inline]
    pub fn windows(&self) -> Windows {
        Windows([
            self.open_windows(0),
            self.open_windows(1),
            self.open_windows(2),
        ])
    }

    /// Threat cells of every seat.
    pub fn threats(&self) -> [u128; SEATS] {
        self.windows().threats()
    }

    /// Heuristic value of every seat (medium's evaluation).
    pub fn evaluate(&self) -> [i32; SEATS] {
        self.evaluate_with(&self.windows(), 0)
    }

    /// Heuristic value of every seat from its open windows `all`, a threat
    /// on a row of its seat ([`ROWS_OF_SEAT`]) counting `parity` more.
    #[inline]
    fn evaluate_with(&self, all: &Windows, parity: i32) -> [i32; SEATS] {
        let play = self.playable();
        let mut e = [0i32; SEATS];
        for (s, e) in e.iter_mut().enumerate() {
            let w = &all.0[s];
            *e = WINDOW_WEIGHT[1] * w.counts[1]
                + WINDOW_WEIGHT[2] * w.counts[2]
                + THREAT * w.threats.count_ones() as i32
                + THREAT_PLAYABLE * (w.threats & play).count_ones() as i32
                + parity * (w.threats & ROWS_OF_SEAT[s]).count_ones() as i32;
        }
        e
    }

    /// The root's view of a heuristic value.
    pub fn score(&self, root: usize) -> i32 {
        let e = self.evaluate();
        2 * e[root] - e[(root + 1) % 3] - e[(root + 2) % 3]
    }

    /// The searches' leaf value: the root's own prospects weigh more, since
    /// one opponent's gain is often the other's loss; threats on their
    /// seat's rows count more (the endgame's zugzwang). `all`: the open
    /// windows of `self`.
    #[inline]
    pub fn search_score(&self, root: usize, all: &Windows) -> i32 {
        let e = self.evaluate_with(all, PARITY_THREAT);
        OWN_WEIGHT * e[root] - e[(root + 1) % 3] - e[(root + 2) % 3]
    }

    /// Ordering score of `seat` dropping on `bit`.
    pub fn order_score(&self, seat: usize, bit: u32) -> i32 {
        const MAKE: [i32; 4] = [1, 4, 30, 1000];
        const SPOIL: [i32; 4] = [0, 3, 20, 500];
        let own = self.stones[seat];
        let mut s = COLUMN_BONUS[bit as usize / STRIDE];
        for &i in windows_through(bit) {
            let w = WINDOWS[i as usize];
            let mine = own & w;
            let others = (self.occupied() & !own) & w;
            if others == 0 {
                s += MAKE[mine.count_ones() as usize];
            } else if mine == 0 {
                let single = (0..SEATS).any(|o| o != seat && self.stones[o] & w == others);
                if single {
                    s += SPOIL[others.count_ones() as usize];
                }
            }
        }
        s
    }
}

#[inline]
pub fn column_of(bit: u32) -> Move {
    (bit as usize / STRIDE) as Move
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The windows one by one, as a check of the shifted bitboards.
    fn threats_and_eval_by_window(state: &State) -> ([u128; SEATS], [i32; SEATS]) {
        let mut t = [0u128; SEATS];
        let mut e = [0i32; SEATS];
        for &w in WINDOWS.iter() {
            let a = [
                state.stones[0] & w,
                state.stones[1] & w,
                state.stones[2] & w,
            ];
            let owners = a.iter().filter(|&&x| x != 0).count();
            for s in 0..SEATS {
                if owners == 1 {
                    e[s] += WINDOW_WEIGHT[a[s].count_ones() as usize];
                }
                if a[s].count_ones() == 3 && owners == 1 {
                    t[s] |= w & !a[s];
                }
            }
        }
        let play = state.playable();
        for s in 0..SEATS {
            e[s] += THREAT * t[s].count_ones() as i32
                + THREAT_PLAYABLE * (t[s] & play).count_ones() as i32;
        }
        (t, e)
    }

    #[test]
    fn a_threat_on_its_seats_rows_counts_more_in_the_search_only() {
        use crate::game::connect4_3p::cell;
        let at = |cells: &[(usize, usize)]| {
            cells
                .iter()
                .fold(0u128, |m, &(c, r)| m | 1u128 << cell(c, r))
        };
        // Red (seat 0) holds columns 0 to 2 of row 0 (red's row) or of
        // row 1 (yellow's) over the others' discs: its threat is column 3.
        let low = State {
            stones: [at(&[(0, 0), (1, 0), (2, 0)]), at(&[(8, 0)]), at(&[(7, 0)])],
            to_move: 2,
        };
        let high = State {
            stones: [
                at(&[(0, 1), (1, 1), (2, 1)]),
                at(&[(0, 0), (1, 0)]),
                at(&[(2, 0), (3, 0)]),
            ],
            to_move: 1,
        };
        for (state, row, bonus) in [(low, 0, PARITY_THREAT), (high, 1, 0)] {
            assert_eq!(state.threats(), [at(&[(3, row)]), 0, 0]);
            let e = state.evaluate();
            assert_eq!(
                state.search_score(0, &state.windows()),
                OWN_WEIGHT * (e[0] + bonus) - e[1] - e[2]
            );
        }
    }

    #[test]
    fn shifted_windows_agree_with_window_by_window() {
        let mut rng = StdRng::seed_from_u64(9);
        let mut seen_threats = 0;
        for _ in 0..400 {
            // Random discs, not only reachable positions: every pattern.
            let mut state = State {
                stones: [0; SEATS],
                to_move: 0,
            };
            let plies = rng.gen_range(0..70);
            for _ in 0..plies {
                let play = state.playable();
                let cells: Vec<u32> = (0..BITS as u32).filter(|&b| play >> b & 1 == 1).collect();
                let b = cells[rng.gen_range(0..cells.len())];
                let seat = rng.gen_range(0..SEATS);
                state.stones[seat] |= 1 << b;
            }
            // A four ends the game: no search sees one.
            if WINDOWS
                .iter()
                .any(|&w| state.stones.iter().any(|&st| st & w == w))
            {
                continue;
            }
            let (t, e) = threats_and_eval_by_window(&state);
            assert_eq!(state.threats(), t, "{state:?}");
            assert_eq!(state.evaluate(), e, "{state:?}");
            seen_threats += t.iter().filter(|&&x| x != 0).count();
        }
        assert!(seen_threats > 100);
    }
}

//! The solver's view of a Connect Four position: the stones of the side to
//! move and the occupied cells, on the bitboard layout of
//! [`crate::game::connect4`], with the bit tricks the searches use
//! (winning spots, moves that do not lose at once, mirror keys).

use crate::game::connect4::{BOARD, BOTTOM, CELLS, STRIDE, WIDTH};
use crate::game::{Connect4, Game};

/// Columns from the centre outwards: the search order for equal moves.
pub const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];
pub const CELLS_I: i32 = CELLS as i32;
/// Rows 1, 3 and 5 counted from 1 at the bottom: the first player's.
pub const ODD_ROWS: u64 = BOTTOM * 0b010101;
/// Rows 2, 4 and 6: the second player's.
pub const EVEN_ROWS: u64 = BOTTOM * 0b101010;

/// The cells of one column (its six rows).
pub const fn column(c: usize) -> u64 {
    ((1u64 << 6) - 1) << (c * STRIDE)
}

/// Bits of one column including its spare bit, for mirroring keys.
const fn column_with_spare(c: usize) -> u64 {
    ((1u64 << STRIDE) - 1) << (c * STRIDE)
}

const fn top_cell(c: usize) -> u64 {
    1u64 << (5 + c * STRIDE)
}

const fn bottom_cell(c: usize) -> u64 {
    1u64 << (c * STRIDE)
}

/// The empty cells that would complete a line of four for `stones`.
#[inline]
pub fn winning_spots(stones: u64, occupied: u64) -> u64 {
    // Vertical: three stacked stones, the cell above them.
    let mut spots = (stones << 1) & (stones << 2) & (stones << 3);
    // Horizontal and both diagonals: a gap at either end or inside a line.
    for d in [STRIDE, STRIDE - 1, STRIDE + 1] {
        let left2 = (stones << d) & (stones << (2 * d));
        spots |= left2 & (stones << (3 * d)); // xxx_
        spots |= left2 & (stones >> d); // xx_x
        let right2 = (stones >> d) & (stones >> (2 * d));
        spots |= right2 & (stones >> (3 * d)); // _xxx
        spots |= right2 & (stones << d); // x_xx
    }
    spots & (BOARD ^ occupied)
}

/// A position as the solver sees it: the side to move and the occupied cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Stones of the player to move.
    current: u64,
    /// Every occupied cell.
    mask: u64,
    /// Stones on the board.
    moves: u32,
}

impl Position {
    pub fn new() -> Position {
        Position {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    pub fn from_game(game: &Connect4) -> Position {
        Position {
            current: game.stones(game.to_move()),
            mask: game.occupied(),
            moves: game.plies() as u32,
        }
    }

    /// Plays 1-based column digits; `None` on a bad digit, a full column or
    /// a move after the game was won.
    pub fn from_digits(digits: &str) -> Option<Position> {
        let mut p = Position::new();
        for ch in digits.chars() {
            let c = ch.to_digit(10)?.checked_sub(1)? as usize;
            if c >= WIDTH || !p.can_play(c) || p.is_winning_move(c) {
                return None;
            }
            p.play_column(c);
        }
        Some(p)
    }

    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The stones of the player to move.
    pub fn current(&self) -> u64 {
        self.current
    }

    /// The stones of the player who moved last.
    pub fn opponent(&self) -> u64 {
        self.current ^ self.mask
    }

    pub fn mask(&self) -> u64 {
        self.mask
    }

    #[inline]
    pub fn can_play(&self, c: usize) -> bool {
        self.mask & top_cell(c) == 0
    }

    /// The lowest empty cell of every column that is not full.
    #[inline]
    pub fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    #[inline]
    pub fn play_cell(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    pub fn play_column(&mut self, c: usize) {
        self.play_cell((self.mask + bottom_cell(c)) & column(c));
    }

    /// True when playing column `c` (which must be playable) wins at once.
    pub fn is_winning_move(&self, c: usize) -> bool {
        winning_spots(self.current, self.mask) & self.playable() & column(c) != 0
    }

    #[inline]
    pub fn can_win_now(&self) -> bool {
        winning_spots(self.current, self.mask) & self.playable() != 0
    }

    /// The moves (as cells) that do not let the opponent win on the next
    /// move. Empty when every move loses at once; the opponent's single
    /// threat, when there is one, is the only move left.
    #[inline]
    pub fn non_losing_moves(&self) -> u64 {
        let mut playable = self.playable();
        let threats = winning_spots(self.opponent(), self.mask);
        let forced = playable & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0; // two threats at once: one of them will be played
            }
            playable = forced;
        }
        // Never fill the cell below one of the opponent's spots.
        playable & !(threats >> 1)
    }

    /// A unique number for the position (side to move's stones plus the
    /// occupied cells; below 2^49).
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key of the mirror image (columns reversed).
    #[inline]
    pub fn mirror_key(key: u64) -> u64 {
        let c = |i: usize| key & column_with_spare(i);
        c(3) | (c(0) << (6 * STRIDE))
            | (c(6) >> (6 * STRIDE))
            | (c(1) << (4 * STRIDE))
            | (c(5) >> (4 * STRIDE))
            | (c(2) << (2 * STRIDE))
            | (c(4) >> (2 * STRIDE))
    }

    /// The mirror image (columns reversed).
    pub fn mirror(p: &Position) -> Position {
        Position {
            current: Position::mirror_key(p.current),
            mask: Position::mirror_key(p.mask),
            moves: p.moves,
        }
    }

    /// The exact score if the player to move wins with the next stone.
    pub fn win_now_score(&self) -> i32 {
        (CELLS_I + 1 - self.moves as i32) / 2
    }
}

impl Default for Position {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::connect4::has_four;

    #[test]
    fn mirror_key_reverses_columns() {
        let p = Position::from_digits("1123").unwrap();
        let q = Position::from_digits("7765").unwrap();
        assert_eq!(Position::mirror_key(p.key()), q.key());
        assert_eq!(Position::mirror_key(q.key()), p.key());
    }

    #[test]
    fn winning_spots_match_a_plain_check() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for _ in 0..300 {
            let mut g = Connect4::new();
            while !g.is_over() {
                let p = Position::from_game(&g);
                let spots = winning_spots(p.current(), p.mask());
                for c in 0..WIDTH {
                    for r in 0..6 {
                        let cell = 1u64 << (c * STRIDE + r);
                        let expected = p.mask() & cell == 0 && has_four(p.current() | cell);
                        assert_eq!(spots & cell != 0, expected);
                    }
                }
                let moves = g.legal_moves();
                g.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            }
        }
    }
}

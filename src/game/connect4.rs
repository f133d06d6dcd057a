//! Connect Four on the 7 × 6 board, red first.
//!
//! Bitboards: column `c` owns bits `7c .. 7c+5` (row 0 at the bottom) and
//! bit `7c+6` stays empty, so that shifting a line never wraps into the next
//! column. A cell's number ([`Cell`]) is its bit index, `7 * column + row`.

use super::{Cell, Game, GameKind, IllegalMove, Move, Outcome, Seat};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub const WIDTH: usize = 7;
pub const HEIGHT: usize = 6;
/// Bits per column: the rows plus one spare bit.
pub const STRIDE: usize = HEIGHT + 1;
pub const CELLS: usize = WIDTH * HEIGHT;

/// The bottom cell of every column.
pub const BOTTOM: u64 = {
    let mut mask = 0u64;
    let mut c = 0;
    while c < WIDTH {
        mask |= 1 << (c * STRIDE);
        c += 1;
    }
    mask
};
/// Every playable cell.
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// The cell number of `column`, `row` (row 0 at the bottom).
pub const fn cell(column: usize, row: usize) -> Cell {
    (column * STRIDE + row) as Cell
}

/// Column and row (row 0 at the bottom) of a cell number.
pub const fn column_row(cell: Cell) -> (usize, usize) {
    (cell as usize / STRIDE, cell as usize % STRIDE)
}

/// All cells of one column.
pub const fn column_mask(column: usize) -> u64 {
    ((1u64 << HEIGHT) - 1) << (column * STRIDE)
}

/// The top cell of one column.
pub const fn top_mask(column: usize) -> u64 {
    1u64 << (HEIGHT - 1 + column * STRIDE)
}

/// True when `stones` holds four in a row in any direction.
#[inline]
pub fn has_four(stones: u64) -> bool {
    // Directions as bit distances: vertical 1, horizontal STRIDE, and the two
    // diagonals STRIDE ± 1. The spare row keeps shifts from wrapping.
    for shift in [1, STRIDE as u32, STRIDE as u32 - 1, STRIDE as u32 + 1] {
        let pairs = stones & (stones >> shift);
        if pairs & (pairs >> (2 * shift)) != 0 {
            return true;
        }
    }
    false
}

/// A Connect Four position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Connect4 {
    /// Stones of red (seat 0) and yellow (seat 1).
    stones: [u64; 2],
    plies: u8,
    last: Option<u8>,
}

impl Default for Connect4 {
    fn default() -> Self {
        Self::new()
    }
}

impl Connect4 {
    pub fn new() -> Connect4 {
        Connect4 {
            stones: [0, 0],
            plies: 0,
            last: None,
        }
    }

    /// Plays a sequence of 1-based column digits, such as `4453`.
    pub fn from_digits(digits: &str) -> Result<Connect4, IllegalMove> {
        let mut position = Connect4::new();
        for ch in digits.chars() {
            let column = ch
                .to_digit(10)
                .filter(|d| (1..=WIDTH as u32).contains(d))
                .ok_or(IllegalMove::NoSuchMove)?;
            position.play((column - 1) as Move)?;
        }
        Ok(position)
    }

    /// Stones of one seat.
    pub fn stones(&self, seat: Seat) -> u64 {
        self.stones[seat as usize]
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// Who holds a cell, if anyone.
    pub fn at(&self, column: usize, row: usize) -> Option<Seat> {
        let bit = 1u64 << cell(column, row);
        (0..2)
            .find(|&s| self.stones[s] & bit != 0)
            .map(|s| s as Seat)
    }

    /// Discs in one column.
    pub fn height(&self, column: usize) -> usize {
        (self.occupied() & column_mask(column)).count_ones() as usize
    }

    /// The cell of the disc played last.
    pub fn last_cell(&self) -> Option<Cell> {
        let column = self.last? as usize;
        Some(cell(column, self.height(column) - 1))
    }

    /// Seat that played the last disc.
    fn last_mover(&self) -> Seat {
        ((self.plies + 1) % 2) as Seat
    }

    fn winner(&self) -> Option<Seat> {
        // Only the player who moved last can have just completed a line.
        if self.plies == 0 {
            return None;
        }
        let seat = self.last_mover();
        has_four(self.stones[seat as usize]).then_some(seat)
    }

    /// Every maximal run of four or more through the last disc.
    fn winning_lines(&self, seat: Seat) -> Vec<Vec<Cell>> {
        let Some(last) = self.last_cell() else {
            return Vec::new();
        };
        let stones = self.stones[seat as usize];
        let (c0, r0) = column_row(last);
        let mut lines = Vec::new();
        for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            let owned = |c: i32, r: i32| {
                (0..WIDTH as i32).contains(&c)
                    && (0..HEIGHT as i32).contains(&r)
                    && stones & (1u64 << cell(c as usize, r as usize)) != 0
            };
            let (mut c, mut r) = (c0 as i32, r0 as i32);
            while owned(c - dc, r - dr) {
                c -= dc;
                r -= dr;
            }
            let mut run = Vec::new();
            while owned(c, r) {
                run.push(cell(c as usize, r as usize));
                c += dc;
                r += dr;
            }
            if run.len() >= 4 {
                lines.push(run);
            }
        }
        lines
    }
}

impl Game for Connect4 {
    fn kind(&self) -> GameKind {
        GameKind::Connect4
    }

    fn to_move(&self) -> Seat {
        self.plies % 2
    }

    fn plies(&self) -> usize {
        self.plies as usize
    }

    fn all_moves(&self) -> Vec<Move> {
        (0..WIDTH as Move).collect()
    }

    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if mv as usize >= WIDTH {
            return Err(IllegalMove::NoSuchMove);
        }
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if self.occupied() & top_mask(mv as usize) != 0 {
            return Err(IllegalMove::Full);
        }
        Ok(())
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        let occupied = self.occupied();
        // Adding the column's bottom bit to the occupied cells carries into
        // the lowest free cell of that column.
        let landing = (occupied + (1u64 << (mv as usize * STRIDE))) & column_mask(mv as usize);
        let landing = landing & !occupied;
        self.stones[self.to_move() as usize] |= landing;
        self.plies += 1;
        self.last = Some(mv as u8);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(seat) = self.winner() {
            return Some(Outcome::Win {
                seat,
                lines: self.winning_lines(seat),
            });
        }
        (self.plies as usize == CELLS).then_some(Outcome::Draw)
    }

    fn is_over(&self) -> bool {
        self.winner().is_some() || self.plies as usize == CELLS
    }

    fn last_move(&self) -> Option<Move> {
        self.last.map(Move::from)
    }

    fn move_name(&self, mv: Move) -> String {
        (mv + 1).to_string()
    }
}

/// Stored as its move list is not possible (the position has no history),
/// so it is stored as the two bitboards, checked on the way back in.
#[derive(Serialize, Deserialize)]
struct Stored {
    red: u64,
    yellow: u64,
    last: Option<u8>,
}

impl Serialize for Connect4 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Stored {
            red: self.stones[0],
            yellow: self.stones[1],
            last: self.last,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Connect4 {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let s = Stored::deserialize(deserializer)?;
        let occupied = s.red | s.yellow;
        let valid = s.red & s.yellow == 0
            && occupied & !BOARD == 0
            // Discs rest on the bottom or on another disc: each column is a
            // solid run from row 0, which `x & (x + bottom)` tests at once.
            && (0..WIDTH).all(|c| {
                let col = (occupied & column_mask(c)) >> (c * STRIDE);
                col & (col + 1) == 0
            })
            && {
                let (r, y) = (s.red.count_ones(), s.yellow.count_ones());
                r == y || r == y + 1
            };
        if !valid {
            return Err(D::Error::custom("not a Connect Four position"));
        }
        let plies = occupied.count_ones() as u8;
        if s.last.is_some_and(|c| c as usize >= WIDTH) || (plies > 0) != s.last.is_some() {
            return Err(D::Error::custom("bad last move"));
        }
        Ok(Connect4 {
            stones: [s.red, s.yellow],
            plies,
            last: s.last,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::collections::HashSet;

    /// Distinct positions after `n` plies; won positions are not continued.
    fn distinct_positions(n: usize) -> Vec<usize> {
        let mut counts = vec![1];
        let mut layer: HashSet<Connect4> = HashSet::from([Connect4::new()]);
        for _ in 0..n {
            let mut next = HashSet::new();
            for p in &layer {
                if p.is_over() {
                    continue;
                }
                for mv in p.legal_moves() {
                    let mut q = *p;
                    q.play(mv).unwrap();
                    // The last move is not part of the position.
                    q.last = Some(0);
                    next.insert(q);
                }
            }
            counts.push(next.len());
            layer = next;
        }
        counts
    }

    #[test]
    fn distinct_positions_by_ply() {
        assert_eq!(
            distinct_positions(8),
            vec![1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275]
        );
    }

    /// A deliberately plain winner check over a 2-D array.
    fn naive_four(grid: &[[Option<Seat>; HEIGHT]; WIDTH], seat: Seat) -> bool {
        let at = |c: i32, r: i32| {
            (0..WIDTH as i32).contains(&c)
                && (0..HEIGHT as i32).contains(&r)
                && grid[c as usize][r as usize] == Some(seat)
        };
        for c in 0..WIDTH as i32 {
            for r in 0..HEIGHT as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..4).all(|k| at(c + k * dc, r + k * dr)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    #[test]
    fn random_games_agree_with_a_plain_grid() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..3000 {
            let mut p = Connect4::new();
            let mut grid = [[None; HEIGHT]; WIDTH];
            let mut heights = [0usize; WIDTH];
            loop {
                // Every illegal move is refused and changes nothing.
                for mv in 0..10u16 {
                    let legal =
                        (mv as usize) < WIDTH && heights[mv as usize] < HEIGHT && !p.is_over();
                    assert_eq!(p.is_legal(mv), legal);
                    if !legal {
                        let before = p;
                        assert!(p.play(mv).is_err());
                        assert_eq!(p, before);
                    }
                }
                if p.is_over() {
                    break;
                }
                let moves = p.legal_moves();
                let mv = moves[rng.gen_range(0..moves.len())];
                let seat = p.to_move();
                p.play(mv).unwrap();
                grid[mv as usize][heights[mv as usize]] = Some(seat);
                heights[mv as usize] += 1;
                assert_eq!(p.at(mv as usize, heights[mv as usize] - 1), Some(seat));
                let won = naive_four(&grid, seat);
                match p.outcome() {
                    Some(Outcome::Win { seat: w, lines }) => {
                        assert!(won);
                        assert_eq!(w, seat);
                        assert!(!lines.is_empty());
                        for line in lines {
                            assert!(line.len() >= 4);
                            assert!(line.contains(&p.last_cell().unwrap()));
                            for c in line {
                                let (col, row) = column_row(c);
                                assert_eq!(grid[col][row], Some(seat));
                            }
                        }
                    }
                    Some(Outcome::Draw) => {
                        assert!(!won);
                        assert_eq!(p.plies(), CELLS);
                    }
                    None => assert!(!won && p.plies() < CELLS),
                }
                // Serde round trip at every ply.
                let json = serde_json::to_string(&p).unwrap();
                let back: Connect4 = serde_json::from_str(&json).unwrap();
                assert_eq!(back, p);
            }
        }
    }

    #[test]
    fn one_drop_makes_two_lines() {
        // Random games until one ends with a drop that completes two lines;
        // the plain grid check confirms each line independently.
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..100_000 {
            let mut p = Connect4::new();
            while !p.is_over() {
                let moves = p.legal_moves();
                p.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            }
            if let Some(Outcome::Win { lines, .. }) = p.outcome() {
                if lines.len() >= 2 {
                    let last = p.last_cell().unwrap();
                    assert!(lines.iter().all(|l| l.contains(&last)));
                    // Distinct directions: no two lines share a second cell.
                    for (i, a) in lines.iter().enumerate() {
                        for b in &lines[i + 1..] {
                            assert_eq!(a.iter().filter(|c| b.contains(c)).count(), 1);
                        }
                    }
                    return;
                }
            }
        }
        panic!("no random game ended with two lines from one drop");
    }

    /// Fills the board without a four until the 42nd disc, which must win.
    fn fill_until_last_cell_wins(
        p: Connect4,
        rng: &mut StdRng,
        budget: &mut u32,
    ) -> Option<Connect4> {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut moves = p.legal_moves();
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.gen_range(0..=i));
        }
        for mv in moves {
            let mut q = p;
            q.play(mv).unwrap();
            if q.plies() == CELLS {
                if q.outcome().is_some_and(|o| o.winner().is_some()) {
                    return Some(q);
                }
            } else if !q.is_over() {
                if let Some(done) = fill_until_last_cell_wins(q, rng, budget) {
                    return Some(done);
                }
            }
        }
        None
    }

    #[test]
    fn win_on_the_last_cell_is_a_win() {
        let mut rng = StdRng::seed_from_u64(42);
        let mut found = None;
        for _ in 0..50 {
            let mut budget = 20_000;
            found = fill_until_last_cell_wins(Connect4::new(), &mut rng, &mut budget);
            if found.is_some() {
                break;
            }
        }
        let p = found.expect("a full board whose last disc wins");
        assert_eq!(p.plies(), CELLS);
        assert_eq!(
            p.outcome().and_then(|o| o.winner()),
            Some(1),
            "yellow plays the 42nd disc"
        );
        assert!(p.legal_moves().is_empty());
    }

    #[test]
    fn names_and_parsing() {
        let p = Connect4::new();
        assert_eq!(p.move_name(0), "1");
        assert_eq!(p.move_name(6), "7");
        assert_eq!(p.parse_move(" 4 "), Some(3));
        assert_eq!(p.parse_move("8"), None);
        assert_eq!(p.parse_move("x"), None);
        let full = Connect4::from_digits("444444").unwrap();
        assert_eq!(full.check(3), Err(IllegalMove::Full));
        assert_eq!(Connect4::from_digits("4444444"), Err(IllegalMove::Full));
    }

    #[test]
    fn bad_stored_positions_are_refused() {
        for json in [
            r#"{"red":1,"yellow":1,"last":0}"#,
            r#"{"red":2,"yellow":0,"last":0}"#,
            r#"{"red":3,"yellow":0,"last":0}"#,
            r#"{"red":0,"yellow":1,"last":0}"#,
            r#"{"red":1,"yellow":0,"last":9}"#,
        ] {
            assert!(serde_json::from_str::<Connect4>(json).is_err(), "{json}");
        }
    }
}

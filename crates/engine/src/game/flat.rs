//! The flat Connect Fours, one board for every size and seat count:
//! 7 × 6 for two ([`super::Connect4`]) and 9 × 9 for three
//! ([`super::Connect4ThreePlayer`]). Seats drop in turn, seat 0 first.
//!
//! Bitboards: column `c` owns bits `stride·c .. stride·c + height - 1`
//! (row 0 at the bottom), where `stride = height + 1`: the spare bit on top
//! of every column keeps a shifted line from wrapping into the next column.
//! A cell's number ([`Cell`]) is its bit index, `stride · column + row`.
//!
//! What tells the games apart besides their size (their [`GameKind`] and
//! their stored form) is a [`Variant`]. Every stored position goes through
//! one check, [`FlatBoard::from_stones`], which refuses anything play could
//! not have reached with a [`BadPosition`].

use super::bits::Bits;
use super::{Cell, Game, GameKind, IllegalMove, Move, Outcome, Seat};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Where the cells of a board of `width` × `height` sit in a bitboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub width: usize,
    pub height: usize,
}

impl Layout {
    /// Bits per column: the rows plus one spare bit.
    pub const fn stride(self) -> usize {
        self.height + 1
    }

    pub const fn cells(self) -> usize {
        self.width * self.height
    }

    /// The cell number of `column`, `row` (row 0 at the bottom).
    pub const fn cell(self, column: usize, row: usize) -> Cell {
        (column * self.stride() + row) as Cell
    }

    /// Column and row (row 0 at the bottom) of a cell number.
    pub const fn column_row(self, cell: Cell) -> (usize, usize) {
        (cell as usize / self.stride(), cell as usize % self.stride())
    }

    /// All cells of one column.
    pub const fn column(self, column: usize) -> u128 {
        ((1u128 << self.height) - 1) << (column * self.stride())
    }

    /// The top cell of one column.
    pub const fn top(self, column: usize) -> u128 {
        1u128 << (self.height - 1 + column * self.stride())
    }

    /// The bottom cell of every column.
    pub const fn bottom(self) -> u128 {
        let mut mask = 0u128;
        let mut c = 0;
        while c < self.width {
            mask |= 1 << (c * self.stride());
            c += 1;
        }
        mask
    }

    /// Every playable cell.
    pub const fn board(self) -> u128 {
        self.bottom() * ((1 << self.height) - 1)
    }
}

/// True when `stones` holds four in a row in any direction, on a layout
/// of `stride` bits per column.
#[inline]
pub fn has_four<B: Bits>(stones: B, stride: usize) -> bool {
    // Directions as bit distances: vertical 1, horizontal `stride`, and the
    // two diagonals `stride ± 1`. The spare row keeps shifts from wrapping.
    let stride = stride as u32;
    for shift in [1, stride, stride - 1, stride + 1] {
        let pairs = stones & (stones >> shift);
        if !(pairs & (pairs >> (2 * shift))).is_empty() {
            return true;
        }
    }
    false
}

/// Why a stored position was refused: play from the empty board cannot
/// reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadPosition {
    /// The stored form does not have one entry per column.
    ColumnCount,
    /// A column holds more discs than the board is high.
    ColumnTooTall,
    /// A mark that names no seat.
    NoSuchSeat,
    /// Two seats on one cell, or a disc outside the board.
    Overlap,
    /// A disc that neither rests on the bottom nor on another disc.
    Floating,
    /// Disc counts that seats dropping in turn cannot make.
    TurnOrder,
    /// The last move is missing, names no column, or an empty one.
    LastMove,
    /// The disc on top of the last move's column is not the last mover's.
    LastNotMovers,
    /// A four stands that was not made by the last disc.
    PlayAfterWin,
}

impl fmt::Display for BadPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a Connect Four position: ")?;
        f.write_str(match self {
            BadPosition::ColumnCount => "one entry per column expected",
            BadPosition::ColumnTooTall => "column too tall",
            BadPosition::NoSuchSeat => "a mark names no seat",
            BadPosition::Overlap => "two discs on one cell, or a disc off the board",
            BadPosition::Floating => "a disc floats above an empty cell",
            BadPosition::TurnOrder => "disc counts do not follow the turn order",
            BadPosition::LastMove => "bad last move",
            BadPosition::LastNotMovers => "the last disc is not the last mover's",
            BadPosition::PlayAfterWin => "play went on after a win",
        })
    }
}

impl std::error::Error for BadPosition {}

/// A flat Connect Four position: `S` seats on `W` columns of `H` rows,
/// on bitboards of type `B`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FlatBoard<B, const W: usize, const H: usize, const S: usize> {
    /// Discs of every seat.
    stones: [B; S],
    plies: u8,
    /// Column of the last disc.
    last: Option<u8>,
    /// Whether the last disc completed a four (kept so `is_over` is cheap).
    won: bool,
}

/// What a flat Connect Four is besides its size: the game it is and its
/// stored form.
pub trait Variant: Sized {
    const KIND: GameKind;
    /// The stored form (serde).
    type Stored: Serialize + DeserializeOwned;

    fn store(&self) -> Self::Stored;

    /// Reads a stored form; [`FlatBoard::from_stones`] checks the rest.
    fn load(stored: Self::Stored) -> Result<Self, BadPosition>;
}

impl<B: Bits, const W: usize, const H: usize, const S: usize> Default for FlatBoard<B, W, H, S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: Bits, const W: usize, const H: usize, const S: usize> FlatBoard<B, W, H, S> {
    pub const LAYOUT: Layout = Layout {
        width: W,
        height: H,
    };
    pub const WIDTH: usize = W;
    pub const HEIGHT: usize = H;
    pub const SEATS: usize = S;
    pub const STRIDE: usize = H + 1;
    pub const CELLS: usize = W * H;

    pub fn new() -> Self {
        FlatBoard {
            stones: [B::ZERO; S],
            plies: 0,
            last: None,
            won: false,
        }
    }

    /// The position with these discs (seat by seat) and last column, when
    /// play from the empty board can reach it.
    pub fn from_stones(stones: [B; S], last: Option<u8>) -> Result<Self, BadPosition> {
        let layout = Self::LAYOUT;
        let mut occupied = B::ZERO;
        for &s in &stones {
            if !(occupied & s).is_empty() {
                return Err(BadPosition::Overlap);
            }
            occupied |= s;
        }
        if !(occupied & !B::from_u128(layout.board())).is_empty() {
            return Err(BadPosition::Overlap);
        }
        // Discs rest on the bottom or on another disc: each column is a
        // solid run from row 0, which `x & (x + 1)` tests at once.
        let first_column = B::from_u128(layout.column(0));
        for c in 0..W {
            let column = (occupied >> (c * Self::STRIDE) as u32) & first_column;
            if !(column & (column + B::bit(0))).is_empty() {
                return Err(BadPosition::Floating);
            }
        }
        // Seats in turn: the counts never grow along the seats, and the
        // first is at most one ahead of the last.
        let counts = stones.map(B::count);
        if counts.windows(2).any(|w| w[0] < w[1]) || counts[0] > counts[S - 1] + 1 {
            return Err(BadPosition::TurnOrder);
        }
        let mut board = FlatBoard {
            stones,
            plies: counts.iter().sum::<u32>() as u8,
            last,
            won: false,
        };
        match last {
            None if board.plies == 0 => return Ok(board),
            Some(c) if (c as usize) < W && board.height(c as usize) > 0 => {}
            _ => return Err(BadPosition::LastMove),
        }
        let last = board.last_cell().expect("a last disc") as usize;
        let mover = board.last_mover() as usize;
        if !board.stones[mover].has(last) {
            return Err(BadPosition::LastNotMovers);
        }
        // Play stops at the first four: only the last disc may make one.
        let others_won = (0..S).any(|s| s != mover && has_four(stones[s], Self::STRIDE));
        if others_won || has_four(stones[mover] & !B::bit(last), Self::STRIDE) {
            return Err(BadPosition::PlayAfterWin);
        }
        board.won = has_four(stones[mover], Self::STRIDE);
        Ok(board)
    }

    /// Discs of one seat.
    pub fn stones(&self, seat: Seat) -> B {
        self.stones[seat as usize]
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> B {
        self.stones.iter().fold(B::ZERO, |all, &s| all | s)
    }

    /// Who holds a cell, if anyone (row 0 at the bottom).
    pub fn at(&self, column: usize, row: usize) -> Option<Seat> {
        if column >= W || row >= H {
            return None;
        }
        let cell = Self::LAYOUT.cell(column, row) as usize;
        (0..S)
            .find(|&s| self.stones[s].has(cell))
            .map(|s| s as Seat)
    }

    /// Discs in one column.
    pub fn height(&self, column: usize) -> usize {
        if column >= W {
            return 0;
        }
        (self.occupied() & B::from_u128(Self::LAYOUT.column(column))).count() as usize
    }

    /// The cell of the disc played last.
    pub fn last_cell(&self) -> Option<Cell> {
        let column = self.last? as usize;
        let height = self.height(column);
        (height > 0).then(|| Self::LAYOUT.cell(column, height - 1))
    }

    /// Seat that played the last disc.
    fn last_mover(&self) -> Seat {
        ((self.plies as usize + S - 1) % S) as Seat
    }

    /// Every maximal run of four or more through the last disc.
    fn winning_lines(&self, seat: Seat) -> Vec<Vec<Cell>> {
        let Some(last) = self.last_cell() else {
            return Vec::new();
        };
        let layout = Self::LAYOUT;
        let stones = self.stones[seat as usize];
        let (c0, r0) = layout.column_row(last);
        let owned = |c: i32, r: i32| {
            (0..W as i32).contains(&c)
                && (0..H as i32).contains(&r)
                && stones.has(layout.cell(c as usize, r as usize) as usize)
        };
        let mut lines = Vec::new();
        for (dc, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            let (mut c, mut r) = (c0 as i32, r0 as i32);
            while owned(c - dc, r - dr) {
                c -= dc;
                r -= dr;
            }
            let mut run = Vec::new();
            while owned(c, r) {
                run.push(layout.cell(c as usize, r as usize));
                c += dc;
                r += dr;
            }
            if run.len() >= 4 {
                lines.push(run);
            }
        }
        lines
    }

    /// Every column, bottom up, one digit (the seat) per disc: `["0", "",
    /// "120", ...]`.
    pub fn to_columns(&self) -> Vec<String> {
        (0..W)
            .map(|c| {
                (0..self.height(c))
                    .map(|r| char::from(b'0' + self.at(c, r).unwrap_or(0)))
                    .collect()
            })
            .collect()
    }

    /// Discs per seat from the columns of [`FlatBoard::to_columns`]
    /// (unchecked beyond the marks: see [`FlatBoard::from_stones`]).
    pub fn stones_from_columns(columns: &[String]) -> Result<[B; S], BadPosition> {
        if columns.len() != W {
            return Err(BadPosition::ColumnCount);
        }
        let mut stones = [B::ZERO; S];
        for (c, column) in columns.iter().enumerate() {
            if column.len() > H {
                return Err(BadPosition::ColumnTooTall);
            }
            for (r, mark) in column.bytes().enumerate() {
                let seat = mark.wrapping_sub(b'0') as usize;
                if seat >= S {
                    return Err(BadPosition::NoSuchSeat);
                }
                stones[seat] |= B::bit(Self::LAYOUT.cell(c, r) as usize);
            }
        }
        Ok(stones)
    }
}

impl<B: Bits, const W: usize, const H: usize, const S: usize> FlatBoard<B, W, H, S>
where
    Self: Variant,
{
    /// Plays a sequence of 1-based column digits, such as `4453`.
    pub fn from_digits(digits: &str) -> Result<Self, IllegalMove> {
        let mut position = Self::new();
        for ch in digits.chars() {
            let column = ch
                .to_digit(10)
                .filter(|d| (1..=W as u32).contains(d))
                .ok_or(IllegalMove::NoSuchMove)?;
            position.play((column - 1) as Move)?;
        }
        Ok(position)
    }
}

impl<B: Bits, const W: usize, const H: usize, const S: usize> Game for FlatBoard<B, W, H, S>
where
    Self: Variant,
{
    fn kind(&self) -> GameKind {
        Self::KIND
    }

    fn seat_count(&self) -> usize {
        S
    }

    fn to_move(&self) -> Seat {
        (self.plies as usize % S) as Seat
    }

    fn plies(&self) -> usize {
        self.plies as usize
    }

    fn all_moves(&self) -> Vec<Move> {
        (0..W as Move).collect()
    }

    fn move_count(&self) -> usize {
        W
    }

    fn taken(&self, mv: Move) -> Option<IllegalMove> {
        let top = B::from_u128(Self::LAYOUT.top(mv as usize));
        (!(self.occupied() & top).is_empty()).then_some(IllegalMove::Full)
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        let occupied = self.occupied();
        let column = B::from_u128(Self::LAYOUT.column(mv as usize));
        // Adding the column's bottom bit to its occupied cells carries into
        // the lowest free cell of that column.
        let bottom = B::bit(mv as usize * Self::STRIDE);
        let landing = ((occupied & column) + bottom) & !occupied;
        let seat = self.to_move() as usize;
        self.stones[seat] |= landing;
        self.plies += 1;
        self.last = Some(mv as u8);
        self.won = has_four(self.stones[seat], Self::STRIDE);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        super::lined_up(self.won, self.plies as usize == Self::CELLS, || {
            let seat = self.last_mover();
            (seat, self.winning_lines(seat))
        })
    }

    fn is_over(&self) -> bool {
        self.won || self.plies as usize == Self::CELLS
    }

    fn last_move(&self) -> Option<Move> {
        self.last.map(Move::from)
    }

    fn move_name(&self, mv: Move) -> String {
        (mv + 1).to_string()
    }

    fn parse_move(&self, name: &str) -> Option<Move> {
        let name = super::normalize_name(name);
        let n: usize = name.parse().ok().filter(|_| name.len() == 1)?;
        (1..=W).contains(&n).then(|| (n - 1) as Move)
    }
}

impl<B: Bits, const W: usize, const H: usize, const S: usize> Serialize for FlatBoard<B, W, H, S>
where
    Self: Variant,
{
    fn serialize<Ser: Serializer>(&self, serializer: Ser) -> Result<Ser::Ok, Ser::Error> {
        self.store().serialize(serializer)
    }
}

impl<'de, B: Bits, const W: usize, const H: usize, const S: usize> Deserialize<'de>
    for FlatBoard<B, W, H, S>
where
    Self: Variant,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let stored = <Self as Variant>::Stored::deserialize(deserializer)?;
        Self::load(stored).map_err(serde::de::Error::custom)
    }
}

/// Checks shared by the tests of both flat games: a deliberately plain
/// board over a 2-D array, and random games played on both.
#[cfg(test)]
pub(crate) mod reference {
    use super::*;
    use crate::game::reference::refusals_agree;
    pub use crate::game::reference::{perft, perft_agrees, random_pair};
    use rand::rngs::StdRng;
    use rand::Rng;

    /// A plain flat Connect Four: a grid, heights, and a four found by
    /// looking at every cell in every direction.
    #[derive(Clone)]
    pub struct Naive<const W: usize, const H: usize, const S: usize> {
        pub grid: [[Option<Seat>; H]; W],
        pub heights: [usize; W],
        pub plies: usize,
        pub winner: Option<Seat>,
    }

    impl<const W: usize, const H: usize, const S: usize> Naive<W, H, S> {
        pub fn new() -> Self {
            Naive {
                grid: [[None; H]; W],
                heights: [0; W],
                plies: 0,
                winner: None,
            }
        }

        pub fn over(&self) -> bool {
            self.winner.is_some() || self.plies == W * H
        }

        pub fn legal(&self, column: usize) -> bool {
            column < W && self.heights[column] < H && !self.over()
        }

        pub fn play(&mut self, column: usize) {
            let seat = (self.plies % S) as Seat;
            self.grid[column][self.heights[column]] = Some(seat);
            self.heights[column] += 1;
            self.plies += 1;
            if self.four(seat) {
                self.winner = Some(seat);
            }
        }

        pub fn four(&self, seat: Seat) -> bool {
            let at = |c: i32, r: i32| {
                (0..W as i32).contains(&c)
                    && (0..H as i32).contains(&r)
                    && self.grid[c as usize][r as usize] == Some(seat)
            };
            (0..W as i32).any(|c| {
                (0..H as i32).any(|r| {
                    [(1, 0), (0, 1), (1, 1), (1, -1)]
                        .iter()
                        .any(|&(dc, dr)| (0..4).all(|k| at(c + k * dc, r + k * dr)))
                })
            })
        }
    }

    impl<const W: usize, const H: usize, const S: usize> crate::game::reference::Reference
        for Naive<W, H, S>
    {
        fn move_count(&self) -> usize {
            W
        }
        fn legal(&self, mv: Move) -> bool {
            Naive::legal(self, mv as usize)
        }
        fn over(&self) -> bool {
            Naive::over(self)
        }
        fn play(&mut self, mv: Move) {
            Naive::play(self, mv as usize)
        }
    }

    /// Plays `games` random games on the engine and on the plain board and
    /// checks them against each other at every ply: legality (every illegal
    /// move refused with the right reason, changing nothing), heights,
    /// the last disc, outcomes, winning lines, and the stored form.
    pub fn random_games_agree<B: Bits, const W: usize, const H: usize, const S: usize>(
        rng: &mut StdRng,
        games: usize,
    ) where
        FlatBoard<B, W, H, S>: Variant,
    {
        let layout = FlatBoard::<B, W, H, S>::LAYOUT;
        for _ in 0..games {
            let mut p = FlatBoard::<B, W, H, S>::new();
            let mut n = Naive::<W, H, S>::new();
            loop {
                refusals_agree(&mut p, &n, (W + 3) as Move, IllegalMove::Full);
                if p.is_over() {
                    break;
                }
                let moves = p.legal_moves();
                let mv = moves[rng.gen_range(0..moves.len())];
                let seat = p.to_move();
                assert_eq!(seat as usize, n.plies % S);
                p.play(mv).unwrap();
                n.play(mv as usize);
                let column = mv as usize;
                let top = n.heights[column] - 1;
                assert_eq!(p.height(column), n.heights[column]);
                assert_eq!(p.at(column, top), Some(seat));
                assert_eq!(p.last_cell(), Some(layout.cell(column, top)));
                assert_eq!(p.last_move(), Some(mv));
                match p.outcome() {
                    Some(Outcome::Win { seat: w, lines }) => {
                        assert_eq!(n.winner, Some(seat));
                        assert_eq!(w, seat);
                        assert!(!lines.is_empty());
                        for line in lines {
                            assert!(line.len() >= 4);
                            assert!(line.contains(&p.last_cell().unwrap()));
                            for c in line {
                                let (col, row) = layout.column_row(c);
                                assert_eq!(n.grid[col][row], Some(seat));
                            }
                        }
                    }
                    Some(Outcome::Draw) => {
                        assert_eq!(n.winner, None);
                        assert_eq!(p.plies(), W * H);
                    }
                    None => assert!(!n.over()),
                }
                // Stored and read back at every ply.
                let json = serde_json::to_string(&p).unwrap();
                let back: FlatBoard<B, W, H, S> = serde_json::from_str(&json).unwrap();
                assert_eq!(back, p);
            }
        }
    }

    /// Random games until one ends with a drop that completes two lines;
    /// the plain board confirms the win, and the lines share the last disc
    /// and nothing else.
    pub fn one_drop_makes_two_lines<B: Bits, const W: usize, const H: usize, const S: usize>(
        rng: &mut StdRng,
        tries: usize,
    ) where
        FlatBoard<B, W, H, S>: Variant,
    {
        for _ in 0..tries {
            let mut p = FlatBoard::<B, W, H, S>::new();
            let mut n = Naive::<W, H, S>::new();
            while !p.is_over() {
                let moves = p.legal_moves();
                let mv = moves[rng.gen_range(0..moves.len())];
                p.play(mv).unwrap();
                n.play(mv as usize);
            }
            if let Some(Outcome::Win { seat, lines }) = p.outcome() {
                if lines.len() >= 2 {
                    assert_eq!(n.winner, Some(seat));
                    let last = p.last_cell().unwrap();
                    for (i, a) in lines.iter().enumerate() {
                        assert!(a.contains(&last));
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
}

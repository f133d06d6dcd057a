//! Connect Four 3D: a 4 × 4 × 4 cube of 16 rods with gravity, red (seat 0)
//! first, yellow (seat 1) second.
//!
//! Coordinates: `x` is the column of the rod square (0..4, A..D, left to
//! right as drawn), `y` its row (0..4, 1..4, top to bottom as drawn) and
//! `level` the height on the rod (0 at the bottom). A cell's number
//! ([`Cell`]) and bit index is `16 * level + 4 * y + x`; a move names a rod,
//! numbered `4 * y + x`, so moves `0..16` run A1 B1 C1 D1, A2 … D4, the
//! order of the button block.

use super::{Cell, Game, GameKind, IllegalMove, Move, Outcome, Seat};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub const SIZE: usize = 4;
pub const RODS: usize = SIZE * SIZE;
pub const CELLS: usize = RODS * SIZE;
/// Number of straight lines of four in the cube.
pub const LINE_COUNT: usize = 76;
/// The most lines through one cell (corners and the 8 centre cells).
pub const MAX_LINES_PER_CELL: usize = 7;

/// The cell number of (`level`, `x`, `y`).
pub const fn cell(level: usize, x: usize, y: usize) -> Cell {
    (level * RODS + y * SIZE + x) as Cell
}

/// (`level`, `x`, `y`) of a cell number.
pub const fn level_x_y(cell: Cell) -> (usize, usize, usize) {
    let c = cell as usize;
    (c / RODS, c % SIZE, c % RODS / SIZE)
}

/// The four cells of one rod (`rod = 4 * y + x`).
pub const fn rod_mask(rod: usize) -> u64 {
    0x0001_0001_0001_0001 << rod
}

/// Every line of four as its cells in order along the line, built once at
/// compile time: each start cell and each of the 13 directions whose first
/// non-zero step (in x, y, level order) is positive, kept when all four
/// cells lie inside the cube.
pub const LINE_CELLS: [[u8; 4]; LINE_COUNT] = {
    let mut lines = [[0u8; 4]; LINE_COUNT];
    let mut n = 0;
    let mut start = 0;
    while start < CELLS {
        let (z, x, y) = level_x_y(start as Cell);
        let mut d = 0;
        while d < 27 {
            let (dx, dy, dz) = (d % 3 - 1, d / 3 % 3 - 1, d / 9 - 1);
            let forward = dx > 0 || (dx == 0 && (dy > 0 || (dy == 0 && dz > 0)));
            let (ex, ey, ez) = (x as i32 + 3 * dx, y as i32 + 3 * dy, z as i32 + 3 * dz);
            let inside = ex >= 0 && ex < 4 && ey >= 0 && ey < 4 && ez >= 0 && ez < 4;
            if forward && inside {
                let mut k = 0;
                while k < 4 {
                    let (cx, cy, cz) = (x as i32 + k * dx, y as i32 + k * dy, z as i32 + k * dz);
                    lines[n][k as usize] = cell(cz as usize, cx as usize, cy as usize) as u8;
                    k += 1;
                }
                n += 1;
            }
            d += 1;
        }
        start += 1;
    }
    assert!(n == LINE_COUNT);
    lines
};

/// Every line of four as a bit mask, same order as [`LINE_CELLS`].
pub const LINES: [u64; LINE_COUNT] = {
    let mut masks = [0u64; LINE_COUNT];
    let mut i = 0;
    while i < LINE_COUNT {
        let mut k = 0;
        while k < 4 {
            masks[i] |= 1 << LINE_CELLS[i][k];
            k += 1;
        }
        i += 1;
    }
    masks
};

/// For each cell, the indexes into [`LINES`] of the lines through it
/// (the first `LINES_THROUGH_LEN[cell]` entries).
pub const LINES_THROUGH: [[u8; MAX_LINES_PER_CELL]; CELLS] = {
    let mut table = [[0u8; MAX_LINES_PER_CELL]; CELLS];
    let mut len = [0usize; CELLS];
    let mut i = 0;
    while i < LINE_COUNT {
        let mut k = 0;
        while k < 4 {
            let c = LINE_CELLS[i][k] as usize;
            table[c][len[c]] = i as u8;
            len[c] += 1;
            k += 1;
        }
        i += 1;
    }
    table
};

/// How many entries of [`LINES_THROUGH`] each cell uses.
pub const LINES_THROUGH_LEN: [u8; CELLS] = {
    let mut len = [0u8; CELLS];
    let mut i = 0;
    while i < LINE_COUNT {
        let mut k = 0;
        while k < 4 {
            len[LINE_CELLS[i][k] as usize] += 1;
            k += 1;
        }
        i += 1;
    }
    len
};

/// The lines through one cell, as indexes into [`LINES`].
#[inline]
pub fn lines_through(cell: Cell) -> &'static [u8] {
    &LINES_THROUGH[cell as usize][..LINES_THROUGH_LEN[cell as usize] as usize]
}

/// True when `stones` fill a line through `cell`.
#[inline]
pub fn line_through(stones: u64, cell: Cell) -> bool {
    lines_through(cell).iter().any(|&i| {
        let mask = LINES[i as usize];
        stones & mask == mask
    })
}

/// True when `stones` fill any line.
pub fn has_line(stones: u64) -> bool {
    for mask in LINES {
        if stones & mask == mask {
            return true;
        }
    }
    false
}

/// A Connect Four 3D position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Connect4ThreeD {
    /// Beads of red (seat 0) and yellow (seat 1).
    stones: [u64; 2],
    plies: u8,
    /// Rod of the last bead.
    last: Option<u8>,
    /// Whether the last bead completed a line.
    won: bool,
}

impl Default for Connect4ThreeD {
    fn default() -> Self {
        Self::new()
    }
}

impl Connect4ThreeD {
    pub fn new() -> Connect4ThreeD {
        Connect4ThreeD {
            stones: [0, 0],
            plies: 0,
            last: None,
            won: false,
        }
    }

    /// Plays a sequence of rod names separated by spaces, such as `A1 B2`.
    pub fn from_names(names: &str) -> Result<Connect4ThreeD, IllegalMove> {
        let mut position = Connect4ThreeD::new();
        for name in names.split_whitespace() {
            let mv = position.parse_move(name).ok_or(IllegalMove::NoSuchMove)?;
            position.play(mv)?;
        }
        Ok(position)
    }

    /// Beads of one seat.
    pub fn stones(&self, seat: Seat) -> u64 {
        self.stones[seat as usize]
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// Who holds a cell, if anyone.
    pub fn at(&self, level: usize, x: usize, y: usize) -> Option<Seat> {
        if level >= SIZE || x >= SIZE || y >= SIZE {
            return None;
        }
        let bit = 1u64 << cell(level, x, y);
        (0..2)
            .find(|&s| self.stones[s] & bit != 0)
            .map(|s| s as Seat)
    }

    /// Beads on rod (`x`, `y`); a rod off the board counts as full.
    pub fn height(&self, x: usize, y: usize) -> usize {
        if x >= SIZE || y >= SIZE {
            return SIZE;
        }
        (self.occupied() & rod_mask(y * SIZE + x)).count_ones() as usize
    }

    /// The level where the next bead on rod (`x`, `y`) would land; `None`
    /// when the rod is full.
    pub fn landing_level(&self, x: usize, y: usize) -> Option<usize> {
        let h = self.height(x, y);
        (h < SIZE).then_some(h)
    }

    /// The cell of the bead played last.
    pub fn last_cell(&self) -> Option<Cell> {
        let rod = self.last? as usize;
        let h = (self.occupied() & rod_mask(rod)).count_ones() as usize;
        Some((rod + (h - 1) * RODS) as Cell)
    }

    /// Seat that played the last bead.
    fn last_mover(&self) -> Seat {
        ((self.plies + 1) % 2) as Seat
    }

    /// Every line through the last bead that its owner filled.
    fn winning_lines(&self, seat: Seat) -> Vec<Vec<Cell>> {
        let Some(last) = self.last_cell() else {
            return Vec::new();
        };
        let stones = self.stones[seat as usize];
        lines_through(last)
            .iter()
            .filter(|&&i| stones & LINES[i as usize] == LINES[i as usize])
            .map(|&i| LINE_CELLS[i as usize].iter().map(|&c| c as Cell).collect())
            .collect()
    }
}

impl Game for Connect4ThreeD {
    fn kind(&self) -> GameKind {
        GameKind::Connect4ThreeD
    }

    fn to_move(&self) -> Seat {
        self.plies % 2
    }

    fn plies(&self) -> usize {
        self.plies as usize
    }

    fn all_moves(&self) -> Vec<Move> {
        (0..RODS as Move).collect()
    }

    fn move_count(&self) -> usize {
        RODS
    }

    fn taken(&self, mv: Move) -> Option<IllegalMove> {
        (self.occupied() & (1u64 << (mv as usize + 3 * RODS)) != 0).then_some(IllegalMove::Full)
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        let rod = mv as usize;
        let h = (self.occupied() & rod_mask(rod)).count_ones() as usize;
        let landing = (rod + h * RODS) as Cell;
        let seat = self.to_move() as usize;
        self.stones[seat] |= 1u64 << landing;
        self.plies += 1;
        self.last = Some(mv as u8);
        self.won = line_through(self.stones[seat], landing);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        super::lined_up(self.won, self.plies as usize == CELLS, || {
            let seat = self.last_mover();
            (seat, self.winning_lines(seat))
        })
    }

    fn is_over(&self) -> bool {
        self.won || self.plies as usize == CELLS
    }

    fn last_move(&self) -> Option<Move> {
        self.last.map(Move::from)
    }

    fn move_name(&self, mv: Move) -> String {
        let (x, y) = (mv as usize % SIZE, mv as usize / SIZE);
        format!("{}{}", char::from(b'A' + x as u8), y + 1)
    }

    fn parse_move(&self, name: &str) -> Option<Move> {
        let name = super::normalize_name(name);
        let &[letter, digit] = name.as_bytes() else {
            return None;
        };
        let x = letter.wrapping_sub(b'a') as usize;
        let y = digit.wrapping_sub(b'1') as usize;
        (x < SIZE && y < SIZE).then(|| (y * SIZE + x) as Move)
    }
}

/// Stored as the two bitboards, checked on the way back in.
#[derive(Serialize, Deserialize)]
struct Stored {
    red: u64,
    yellow: u64,
    last: Option<u8>,
}

impl Serialize for Connect4ThreeD {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Stored {
            red: self.stones[0],
            yellow: self.stones[1],
            last: self.last,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Connect4ThreeD {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let s = Stored::deserialize(deserializer)?;
        let bad = |why: &str| D::Error::custom(format!("not a Connect Four 3D position: {why}"));
        let occupied = s.red | s.yellow;
        if s.red & s.yellow != 0 {
            return Err(bad("a cell with two beads"));
        }
        // Beads rest on the bottom or on another bead: each rod is a solid
        // run from level 0.
        for rod in 0..RODS {
            let h = (occupied & rod_mask(rod)).count_ones() as usize;
            let solid = (0..h).fold(0u64, |m, level| m | 1 << (rod + level * RODS));
            if occupied & rod_mask(rod) != solid {
                return Err(bad("a floating bead"));
            }
        }
        let (r, y) = (s.red.count_ones(), s.yellow.count_ones());
        if !(r == y || r == y + 1) {
            return Err(bad("bead counts do not follow the turn order"));
        }
        let mut p = Connect4ThreeD {
            stones: [s.red, s.yellow],
            plies: (r + y) as u8,
            last: s.last,
            won: false,
        };
        match s.last {
            None if p.plies == 0 => {}
            Some(rod) if (rod as usize) < RODS && occupied & rod_mask(rod as usize) != 0 => {}
            _ => return Err(bad("bad last move")),
        }
        if let Some(last) = p.last_cell() {
            let mover = p.last_mover() as usize;
            let bit = 1u64 << last;
            if p.stones[mover] & bit == 0 {
                return Err(bad("the last bead is not the last mover's"));
            }
            if has_line(p.stones[1 - mover]) || has_line(p.stones[mover] & !bit) {
                return Err(bad("play went on after a win"));
            }
            p.won = line_through(p.stones[mover], last);
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::reference::{self, perft, refusals_agree, Reference};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::collections::HashSet;

    type Point = (i32, i32, i32);

    fn point(c: u8) -> Point {
        let (z, x, y) = level_x_y(c as Cell);
        (x as i32, y as i32, z as i32)
    }

    fn sub(a: Point, b: Point) -> Point {
        (a.0 - b.0, a.1 - b.1, a.2 - b.2)
    }

    fn cross(a: Point, b: Point) -> Point {
        (
            a.1 * b.2 - a.2 * b.1,
            a.2 * b.0 - a.0 * b.2,
            a.0 * b.1 - a.1 * b.0,
        )
    }

    #[test]
    fn cell_numbering() {
        for c in 0..CELLS as Cell {
            let (level, x, y) = level_x_y(c);
            assert_eq!(cell(level, x, y), c);
        }
        assert_eq!(cell(0, 0, 0), 0);
        assert_eq!(cell(0, 3, 0), 3);
        assert_eq!(cell(0, 0, 1), 4);
        assert_eq!(cell(1, 0, 0), 16);
    }

    #[test]
    fn the_76_lines() {
        let distinct: HashSet<u64> = LINES.iter().copied().collect();
        assert_eq!(distinct.len(), 76);
        let (mut axis, mut level_diag, mut vertical_diag, mut space) = ([0; 3], 0, 0, 0);
        for cells in LINE_CELLS {
            let (dx, dy, dz) = sub(point(cells[1]), point(cells[0]));
            // Cells are consecutive along the line.
            for k in 1..4 {
                assert_eq!(sub(point(cells[k]), point(cells[k - 1])), (dx, dy, dz));
            }
            match (dx != 0) as u8 + (dy != 0) as u8 + (dz != 0) as u8 {
                1 => {
                    axis[if dx != 0 {
                        0
                    } else if dy != 0 {
                        1
                    } else {
                        2
                    }] += 1
                }
                2 if dz == 0 => level_diag += 1,
                2 => vertical_diag += 1,
                3 => space += 1,
                _ => unreachable!(),
            }
        }
        assert_eq!(axis, [16, 16, 16]);
        assert_eq!(level_diag, 8);
        assert_eq!(vertical_diag, 16);
        assert_eq!(space, 4);
        // The 16 rods are the vertical lines.
        for rod in 0..RODS {
            assert!(distinct.contains(&rod_mask(rod)));
        }
        // Lines-through table agrees with the lines.
        for c in 0..CELLS as Cell {
            let through: Vec<usize> = (0..LINE_COUNT)
                .filter(|&i| LINES[i] & (1 << c) != 0)
                .collect();
            let table: Vec<usize> = lines_through(c).iter().map(|&i| i as usize).collect();
            assert_eq!(table, through);
            assert!((4..=MAX_LINES_PER_CELL).contains(&through.len()));
        }
        assert_eq!(lines_through(0).len(), 7);
        assert_eq!(lines_through(cell(1, 1, 1)).len(), 7);
        assert_eq!(lines_through(cell(0, 1, 0)).len(), 4);
    }

    #[test]
    fn every_collinear_quadruple_is_a_line() {
        // Brute force over all C(64, 4) = 635,376 sets of four cells.
        let mut found = HashSet::new();
        for a in 0..64u8 {
            let pa = point(a);
            for b in a + 1..64 {
                let ab = sub(point(b), pa);
                for c in b + 1..64 {
                    if cross(ab, sub(point(c), pa)) != (0, 0, 0) {
                        continue;
                    }
                    for d in c + 1..64 {
                        if cross(ab, sub(point(d), pa)) == (0, 0, 0) {
                            found.insert((1u64 << a) | (1 << b) | (1 << c) | (1 << d));
                        }
                    }
                }
            }
        }
        let lines: HashSet<u64> = LINES.iter().copied().collect();
        assert_eq!(found, lines);
    }

    /// A deliberately plain Connect Four 3D over a 3-D array.
    #[derive(Clone)]
    struct Naive {
        /// grid[x][y][level]
        grid: [[[Option<Seat>; 4]; 4]; 4],
        plies: usize,
        winner: Option<Seat>,
        last: Option<Point>,
    }

    const DIRECTIONS: [Point; 13] = [
        (1, 0, 0),
        (0, 1, 0),
        (0, 0, 1),
        (1, 1, 0),
        (1, -1, 0),
        (1, 0, 1),
        (1, 0, -1),
        (0, 1, 1),
        (0, 1, -1),
        (1, 1, 1),
        (1, 1, -1),
        (1, -1, 1),
        (1, -1, -1),
    ];

    impl Naive {
        fn new() -> Naive {
            Naive {
                grid: [[[None; 4]; 4]; 4],
                plies: 0,
                winner: None,
                last: None,
            }
        }

        fn over(&self) -> bool {
            self.winner.is_some() || self.plies == 64
        }

        fn legal(&self, x: usize, y: usize) -> bool {
            x < 4 && y < 4 && self.grid[x][y][3].is_none() && !self.over()
        }

        fn owned(&self, p: Point, seat: Seat) -> bool {
            (0..4).contains(&p.0)
                && (0..4).contains(&p.1)
                && (0..4).contains(&p.2)
                && self.grid[p.0 as usize][p.1 as usize][p.2 as usize] == Some(seat)
        }

        fn play(&mut self, x: usize, y: usize) {
            let seat = (self.plies % 2) as Seat;
            let level = (0..4).find(|&l| self.grid[x][y][l].is_none()).unwrap();
            self.grid[x][y][level] = Some(seat);
            self.plies += 1;
            self.last = Some((x as i32, y as i32, level as i32));
            if self.any_line(seat) {
                self.winner = Some(seat);
            }
        }

        fn any_line(&self, seat: Seat) -> bool {
            for x in 0..4 {
                for y in 0..4 {
                    for z in 0..4 {
                        for d in DIRECTIONS {
                            if (0..4)
                                .all(|k| self.owned((x + k * d.0, y + k * d.1, z + k * d.2), seat))
                            {
                                return true;
                            }
                        }
                    }
                }
            }
            false
        }

        /// Full lines of `seat` through the last bead, as sorted cell sets.
        fn lines_through_last(&self, seat: Seat) -> HashSet<Vec<Cell>> {
            let mut lines = HashSet::new();
            let (x, y, z) = self.last.unwrap();
            for d in DIRECTIONS {
                for back in 0..4 {
                    let start = (x - back * d.0, y - back * d.1, z - back * d.2);
                    let points: Vec<Point> = (0..4)
                        .map(|k| (start.0 + k * d.0, start.1 + k * d.1, start.2 + k * d.2))
                        .collect();
                    if points.iter().all(|&p| self.owned(p, seat)) {
                        let mut cells: Vec<Cell> = points
                            .iter()
                            .map(|p| cell(p.2 as usize, p.0 as usize, p.1 as usize))
                            .collect();
                        cells.sort();
                        lines.insert(cells);
                    }
                }
            }
            lines
        }
    }

    impl Reference for Naive {
        fn move_count(&self) -> usize {
            RODS
        }
        fn legal(&self, mv: Move) -> bool {
            (mv as usize) < RODS && Naive::legal(self, mv as usize % 4, mv as usize / 4)
        }
        fn over(&self) -> bool {
            Naive::over(self)
        }
        fn play(&mut self, mv: Move) {
            Naive::play(self, mv as usize % 4, mv as usize / 4)
        }
    }

    fn random_pair(rng: &mut StdRng, plies: usize) -> (Connect4ThreeD, Naive) {
        reference::random_pair(Connect4ThreeD::new(), Naive::new(), rng, plies)
    }

    #[test]
    fn perft_from_the_start_matches_naive() {
        let p = Connect4ThreeD::new();
        for depth in 0..=4 {
            assert_eq!(perft(&p, depth), 16u64.pow(depth as u32));
        }
        reference::perft_agrees(&p, &Naive::new(), 4);
        // At ply 5 a rod filled by the first four beads takes no fifth:
        // 16 sequences fewer.
        assert_eq!(perft(&p, 5), 16u64.pow(5) - 16);
    }

    #[test]
    fn perft_from_midgames_matches_naive() {
        let mut rng = StdRng::seed_from_u64(17);
        for round in 0..30 {
            let (p, n) = random_pair(&mut rng, 12 + round);
            reference::perft_agrees(&p, &n, 3);
        }
    }

    #[test]
    fn random_games_agree_with_a_plain_grid() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut two_lines = 0;
        for _ in 0..1500 {
            let mut p = Connect4ThreeD::new();
            let mut n = Naive::new();
            loop {
                refusals_agree(&mut p, &n, 20, IllegalMove::Full);
                if p.is_over() {
                    break;
                }
                let moves = p.legal_moves();
                let mv = moves[rng.gen_range(0..moves.len())];
                let (x, y) = (mv as usize % 4, mv as usize / 4);
                let seat = p.to_move();
                let level = p.landing_level(x, y).unwrap();
                p.play(mv).unwrap();
                n.play(x, y);
                assert_eq!(p.at(level, x, y), Some(seat));
                assert_eq!(p.last_cell(), Some(cell(level, x, y)));
                assert_eq!(p.last_move(), Some(mv));
                for yy in 0..4 {
                    for xx in 0..4 {
                        for l in 0..4 {
                            assert_eq!(p.at(l, xx, yy), n.grid[xx][yy][l]);
                        }
                        let free = (0..4).find(|&l| n.grid[xx][yy][l].is_none());
                        assert_eq!(p.landing_level(xx, yy), free);
                    }
                }
                match p.outcome() {
                    Some(Outcome::Win { seat: w, lines }) => {
                        assert_eq!(n.winner, Some(seat));
                        assert_eq!(w, seat);
                        let ours: HashSet<Vec<Cell>> = lines
                            .into_iter()
                            .map(|mut l| {
                                l.sort();
                                l
                            })
                            .collect();
                        assert_eq!(ours, n.lines_through_last(seat));
                        if ours.len() >= 2 {
                            two_lines += 1;
                        }
                    }
                    Some(Outcome::Draw) => {
                        assert_eq!(n.winner, None);
                        assert_eq!(p.plies(), CELLS);
                    }
                    None => assert!(!n.over()),
                }
                let json = serde_json::to_string(&p).unwrap();
                let back: Connect4ThreeD = serde_json::from_str(&json).unwrap();
                assert_eq!(back, p);
            }
        }
        assert!(two_lines > 0, "no bead made two lines at once");
    }

    #[test]
    fn full_board_is_a_draw() {
        // A colouring of the cube (digit = seat, by cell number) with no
        // line of one colour and eight beads of each seat per level, found
        // by a local search. Filling level by level, alternating red and
        // yellow cells of that level, follows the turn order.
        const DRAWN: &str = "1110000110001110001100010011111000011100110100110111011110001000";
        let mut p = Connect4ThreeD::new();
        let mut n = Naive::new();
        for level in 0..SIZE {
            let cells = |seat: u8| {
                (0..RODS).filter(move |&rod| DRAWN.as_bytes()[level * RODS + rod] == b'0' + seat)
            };
            for (red, yellow) in cells(0).zip(cells(1)) {
                for rod in [red, yellow] {
                    assert!(!p.is_over());
                    p.play(rod as Move).unwrap();
                    n.play(rod % SIZE, rod / SIZE);
                }
            }
        }
        assert_eq!(n.winner, None);
        assert_eq!(p.plies(), CELLS);
        assert_eq!(p.outcome(), Some(Outcome::Draw));
        assert!(p.legal_moves().is_empty());
        for mv in 0..RODS as Move {
            assert_eq!(p.check(mv), Err(IllegalMove::GameOver));
        }
        let back: Connect4ThreeD =
            serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn two_lines_from_one_bead() {
        // Red fills level 0's top row A1 B1 C1 and rod D1's ... : red beads
        // A1 B1 C1 on level 0 and D2 D3 D4 on level 0; D1 completes the row
        // and the column D at once. Yellow stacks on the same rods above.
        let p = Connect4ThreeD::from_names("A1 A1 B1 B1 C1 C1 D2 D2 D3 D3 D4 D4").unwrap();
        assert!(!p.is_over());
        let mut q = p;
        q.play(3).unwrap(); // D1
        let Some(Outcome::Win { seat: 0, lines }) = q.outcome() else {
            panic!("{:?}", q.outcome());
        };
        assert_eq!(lines.len(), 2);
        let row: Vec<Cell> = (0..4).map(|x| cell(0, x, 0)).collect();
        let column: Vec<Cell> = (0..4).map(|y| cell(0, 3, y)).collect();
        assert!(lines.contains(&row));
        assert!(lines.contains(&column));
        assert!(q.legal_moves().is_empty());
        assert_eq!(q.check(0), Err(IllegalMove::GameOver));
    }

    #[test]
    fn names_and_parsing() {
        let p = Connect4ThreeD::new();
        let names: Vec<String> = p.all_moves().iter().map(|&m| p.move_name(m)).collect();
        assert_eq!(
            names.join(" "),
            "A1 B1 C1 D1 A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4"
        );
        for mv in p.all_moves() {
            assert_eq!(p.parse_move(&p.move_name(mv)), Some(mv));
        }
        // A1 is the top-left rod as drawn: x = 0, y = 0.
        assert_eq!(p.parse_move("A1"), Some(0));
        assert_eq!(p.parse_move(" b 3 "), Some(9));
        assert_eq!(p.parse_move("d4"), Some(15));
        for bad in ["", "A", "A0", "A5", "E1", "1A", "A11", "é1"] {
            assert_eq!(p.parse_move(bad), None, "{bad}");
        }
        let full = Connect4ThreeD::from_names("B2 B2 B2 B2").unwrap();
        assert_eq!(full.check(5), Err(IllegalMove::Full));
        assert_eq!(full.landing_level(1, 1), None);
        assert_eq!(full.landing_level(0, 0), Some(0));
        assert_eq!(full.at(3, 1, 1), Some(1));
        assert_eq!(full.at(4, 1, 1), None);
        assert_eq!(full.last_cell(), Some(cell(3, 1, 1)));
        assert_eq!(p.kind(), GameKind::Connect4ThreeD);
    }

    #[test]
    fn bad_stored_positions_are_refused() {
        let good = Connect4ThreeD::from_names("A1 A1").unwrap();
        let json = serde_json::to_string(&good).unwrap();
        assert_eq!(json, r#"{"red":1,"yellow":65536,"last":0}"#);
        let red_row = 0b1111u64;
        let yellow = 1u64 << 16 | 1 << 17 | 1 << 18 | 1 << 5;
        let after_win = format!(
            r#"{{"red":{},"yellow":{},"last":4}}"#,
            red_row | 1 << 4,
            yellow
        );
        for json in [
            r#"{"red":1,"yellow":1,"last":0}"#,
            r#"{"red":65536,"yellow":0,"last":0}"#,
            r#"{"red":3,"yellow":0,"last":0}"#,
            r#"{"red":0,"yellow":1,"last":0}"#,
            r#"{"red":1,"yellow":0,"last":16}"#,
            r#"{"red":1,"yellow":0,"last":1}"#,
            r#"{"red":1,"yellow":0,"last":null}"#,
            r#"{"red":0,"yellow":0,"last":0}"#,
            r#"{"red":1,"yellow":65536,"last":1}"#,
            // The top bead of the last rod is yellow's, but red moved last.
            r#"{"red":3,"yellow":65536,"last":0}"#,
            after_win.as_str(),
        ] {
            assert!(
                serde_json::from_str::<Connect4ThreeD>(json).is_err(),
                "{json}"
            );
        }
        let err = serde_json::from_str::<Connect4ThreeD>(&after_win).unwrap_err();
        assert!(err.to_string().contains("after a win"), "{err}");
    }
}

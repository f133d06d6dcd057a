//! Dots and Boxes, two players, seat 0 first, on a board `width` × `height`
//! boxes ((width + 1) × (height + 1) dots): 5 × 4 by default, also 3 × 3,
//! 4 × 4 and 5 × 5 ([`GameKind::DOTS_SIZES`]).
//!
//! Dots: column `col` (0.., named `a`, `b`, … left to right) and row `row`
//! (0.., named `1`, `2`, … top to bottom).
//!
//! Lines (moves), numbered so that `all_moves` lists every horizontal line
//! row by row, then every vertical one row by row:
//! - horizontal line from dot (`col`, `row`) to (`col + 1`, `row`):
//!   `row * width + col`, for `row` in `0..=height`, `col` in `0..width`;
//! - vertical line from dot (`col`, `row`) to (`col`, `row + 1`):
//!   `(height + 1) * width + row * (width + 1) + col`, for `row` in
//!   `0..height`, `col` in `0..=width`.
//!
//! A line's bit in the `u64` line masks is its number. Boxes are numbered
//! `row * width + col` (bits of `u32` masks); box (`col`, `row`) has the dot
//! (`col`, `row`) at its top-left corner.

use super::{Game, GameKind, IllegalMove, Move, Outcome, Seat};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A Dots and Boxes position. Small and `Copy`: the table keeps the history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DotsAndBoxes {
    /// Boxes across and down.
    width: u8,
    height: u8,
    /// Every drawn line.
    drawn: u64,
    /// The lines drawn by seat 1 (the others were drawn by seat 0).
    drawn_by_second: u64,
    /// Every claimed box.
    claimed: u32,
    /// The boxes claimed by seat 1.
    claimed_by_second: u32,
    to_move: Seat,
    last: Option<u8>,
}

impl Default for DotsAndBoxes {
    fn default() -> Self {
        Self::new(5, 4).expect("5 x 4 is supported")
    }
}

impl DotsAndBoxes {
    /// A fresh board `width` × `height` boxes, one of
    /// [`GameKind::DOTS_SIZES`]; `None` for any other size.
    pub fn new(width: u8, height: u8) -> Option<DotsAndBoxes> {
        GameKind::DOTS_SIZES
            .iter()
            .any(|&(_, w, h)| (w, h) == (width, height))
            .then(|| DotsAndBoxes::sized(width, height))
    }

    /// Any board whose lines fit a `u64` and boxes a `u32` (tests use
    /// boards smaller than the supported ones).
    fn sized(width: u8, height: u8) -> DotsAndBoxes {
        let (w, h) = (width as usize, height as usize);
        assert!(w >= 1 && h >= 1 && w < 26 && w * (h + 1) + h * (w + 1) <= 64 && w * h <= 32);
        DotsAndBoxes {
            width,
            height,
            drawn: 0,
            drawn_by_second: 0,
            claimed: 0,
            claimed_by_second: 0,
            to_move: 0,
            last: None,
        }
    }

    /// Boxes across.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Boxes down.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Number of horizontal lines (they come first in the numbering).
    pub fn horizontal_lines(&self) -> usize {
        (self.height() + 1) * self.width()
    }

    /// Number of lines (moves) on this board.
    pub fn line_count(&self) -> usize {
        self.horizontal_lines() + self.height() * (self.width() + 1)
    }

    /// Number of boxes on this board.
    pub fn box_count(&self) -> usize {
        self.width() * self.height()
    }

    fn all_lines(&self) -> u64 {
        u64::MAX >> (64 - self.line_count())
    }

    fn all_boxes(&self) -> u32 {
        u32::MAX >> (32 - self.box_count())
    }

    /// Where a line lies: (`horizontal`, `row`, `col`) of its left or upper
    /// dot; `None` for a number that names no line of this board.
    pub fn line_position(&self, mv: Move) -> Option<(bool, usize, usize)> {
        let mv = mv as usize;
        let horizontal = self.horizontal_lines();
        if mv < horizontal {
            Some((true, mv / self.width(), mv % self.width()))
        } else if mv < self.line_count() {
            let v = mv - horizontal;
            Some((false, v / (self.width() + 1), v % (self.width() + 1)))
        } else {
            None
        }
    }

    /// The line from dot (`col`, `row`) to its right (`horizontal`) or
    /// downward neighbour; `None` off the board.
    pub fn line_at(&self, horizontal: bool, row: usize, col: usize) -> Option<Move> {
        let (w, h) = (self.width(), self.height());
        if horizontal && row <= h && col < w {
            Some((row * w + col) as Move)
        } else if !horizontal && row < h && col <= w {
            Some((self.horizontal_lines() + row * (w + 1) + col) as Move)
        } else {
            None
        }
    }

    /// The four sides of box (`col`, `row`): top, bottom, left, right.
    pub fn box_sides(&self, row: usize, col: usize) -> [Move; 4] {
        let (w, hl) = (self.width(), self.horizontal_lines());
        [
            (row * w + col) as Move,
            ((row + 1) * w + col) as Move,
            (hl + row * (w + 1) + col) as Move,
            (hl + row * (w + 1) + col + 1) as Move,
        ]
    }

    /// The sides of box (`col`, `row`) as a line mask.
    #[inline]
    fn box_mask(&self, row: usize, col: usize) -> u64 {
        self.box_sides(row, col)
            .iter()
            .fold(0, |mask, &side| mask | 1 << side)
    }

    /// The boxes a line borders (one or two), as (`row`, `col`).
    #[inline]
    fn boxes_beside(&self, mv: Move) -> [Option<(usize, usize)>; 2] {
        match self.line_position(mv) {
            Some((true, row, col)) => [
                (row > 0).then(|| (row - 1, col)),
                (row < self.height()).then_some((row, col)),
            ],
            Some((false, row, col)) => [
                (col > 0).then(|| (row, col - 1)),
                (col < self.width()).then_some((row, col)),
            ],
            None => [None, None],
        }
    }

    /// Every drawn line, as a mask of line numbers.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// Every claimed box, as a mask of box numbers.
    pub fn claimed(&self) -> u32 {
        self.claimed
    }

    /// Who drew a line; `None` while it is free (or not a line).
    pub fn line_owner(&self, mv: Move) -> Option<Seat> {
        if mv as usize >= self.line_count() || self.drawn & (1 << mv) == 0 {
            return None;
        }
        Some((self.drawn_by_second >> mv & 1) as Seat)
    }

    /// Who claimed box (`col`, `row`); `None` while it is open.
    pub fn box_owner(&self, row: usize, col: usize) -> Option<Seat> {
        if row >= self.height() || col >= self.width() {
            return None;
        }
        let i = row * self.width() + col;
        (self.claimed & (1 << i) != 0).then_some((self.claimed_by_second >> i & 1) as Seat)
    }

    /// How many sides of box (`col`, `row`) are drawn.
    pub fn sides_drawn(&self, row: usize, col: usize) -> u32 {
        (self.drawn & self.box_mask(row, col)).count_ones()
    }

    /// Boxes claimed by seat 0 and seat 1.
    pub fn scores(&self) -> [u32; 2] {
        let second = self.claimed_by_second.count_ones();
        [self.claimed.count_ones() - second, second]
    }

    /// The name of dot (`col`, `row`), such as `a1`.
    pub fn dot_name(col: usize, row: usize) -> String {
        format!("{}{}", char::from(b'a' + col as u8), row + 1)
    }

    /// Parses a dot name (`a1`, `F5`) into (`col`, `row`).
    fn parse_dot(text: &str) -> Option<(usize, usize)> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return None;
        }
        let row: usize = digits.parse().ok()?;
        Some(((letter as u8 - b'a') as usize, row.checked_sub(1)?))
    }
}

impl Game for DotsAndBoxes {
    fn kind(&self) -> GameKind {
        GameKind::Dots {
            width: self.width,
            height: self.height,
        }
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn plies(&self) -> usize {
        self.drawn.count_ones() as usize
    }

    fn all_moves(&self) -> Vec<Move> {
        (0..self.line_count() as Move).collect()
    }

    fn move_count(&self) -> usize {
        self.line_count()
    }

    fn taken(&self, mv: Move) -> Option<IllegalMove> {
        (self.drawn & (1 << mv) != 0).then_some(IllegalMove::AlreadyDrawn)
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        let second = self.to_move == 1;
        self.drawn |= 1 << mv;
        if second {
            self.drawn_by_second |= 1 << mv;
        }
        let mut claimed_any = false;
        for (row, col) in self.boxes_beside(mv).into_iter().flatten() {
            let sides = self.box_mask(row, col);
            if self.drawn & sides == sides {
                let bit = 1u32 << (row * self.width() + col);
                self.claimed |= bit;
                if second {
                    self.claimed_by_second |= bit;
                }
                claimed_any = true;
            }
        }
        if !claimed_any {
            self.to_move ^= 1;
        }
        self.last = Some(mv as u8);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let [a, b] = self.scores();
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win {
                seat: 0,
                lines: Vec::new(),
            },
            std::cmp::Ordering::Less => Outcome::Win {
                seat: 1,
                lines: Vec::new(),
            },
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn is_over(&self) -> bool {
        self.claimed == self.all_boxes()
    }

    fn last_move(&self) -> Option<Move> {
        self.last.map(Move::from)
    }

    fn move_name(&self, mv: Move) -> String {
        match self.line_position(mv) {
            Some((true, row, col)) => format!(
                "{}-{}",
                Self::dot_name(col, row),
                Self::dot_name(col + 1, row)
            ),
            Some((false, row, col)) => format!(
                "{}-{}",
                Self::dot_name(col, row),
                Self::dot_name(col, row + 1)
            ),
            None => format!("?{mv}"),
        }
    }

    /// `a1-b1`, `A1 - B1`, `b1-a1` and `a1b1` all name the same line.
    fn parse_move(&self, name: &str) -> Option<Move> {
        let name = super::normalize_name(name);
        let (first, second) = match name.split_once('-') {
            Some(pair) => pair,
            None => {
                // No dash: the second dot starts at the second letter.
                let split = name
                    .char_indices()
                    .skip(1)
                    .find(|(_, c)| c.is_alphabetic())?
                    .0;
                name.split_at(split)
            }
        };
        let (c1, r1) = Self::parse_dot(first)?;
        let (c2, r2) = Self::parse_dot(second)?;
        if r1 == r2 && c1.abs_diff(c2) == 1 {
            self.line_at(true, r1, c1.min(c2))
        } else if c1 == c2 && r1.abs_diff(r2) == 1 {
            self.line_at(false, r1.min(r2), c1)
        } else {
            None
        }
    }
}

/// Stored as its masks, checked on the way back in.
#[derive(Serialize, Deserialize)]
struct Stored {
    width: u8,
    height: u8,
    /// Every drawn line.
    lines: u64,
    /// The lines seat 1 drew.
    second_lines: u64,
    /// The boxes seat 1 claimed (the other claimed boxes are seat 0's).
    second_boxes: u32,
    to_move: Seat,
    last: Option<u8>,
}

impl Serialize for DotsAndBoxes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Stored {
            width: self.width,
            height: self.height,
            lines: self.drawn,
            second_lines: self.drawn_by_second,
            second_boxes: self.claimed_by_second,
            to_move: self.to_move,
            last: self.last,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for DotsAndBoxes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let s = Stored::deserialize(deserializer)?;
        let bad = |why: &str| D::Error::custom(format!("not a Dots and Boxes position: {why}"));
        let mut p = DotsAndBoxes::new(s.width, s.height).ok_or_else(|| bad("unsupported size"))?;
        if s.lines & !p.all_lines() != 0 || s.second_lines & !s.lines != 0 {
            return Err(bad("bad lines"));
        }
        p.drawn = s.lines;
        p.drawn_by_second = s.second_lines;
        // A box is claimed exactly when its four sides are drawn, by someone
        // who drew one of them (the last).
        for row in 0..p.height() {
            for col in 0..p.width() {
                let sides = p.box_mask(row, col);
                if p.drawn & sides == sides {
                    p.claimed |= 1 << (row * p.width() + col);
                }
            }
        }
        if s.second_boxes & !p.claimed != 0 {
            return Err(bad("an open box has an owner"));
        }
        p.claimed_by_second = s.second_boxes;
        for row in 0..p.height() {
            for col in 0..p.width() {
                let Some(owner) = p.box_owner(row, col) else {
                    continue;
                };
                let drew_a_side = p
                    .box_sides(row, col)
                    .iter()
                    .any(|&m| p.line_owner(m) == Some(owner));
                if !drew_a_side {
                    return Err(bad("a box owner drew none of its sides"));
                }
            }
        }
        if s.to_move > 1 {
            return Err(bad("bad seat to move"));
        }
        p.to_move = s.to_move;
        match s.last {
            None if p.drawn == 0 && p.to_move == 0 => {}
            Some(last) if (last as usize) < p.line_count() && p.drawn & (1 << last) != 0 => {
                let mover = p.line_owner(last as Move).unwrap_or(0);
                // The boxes the last line completed are the mover's, who
                // then moves again; otherwise the turn passed.
                let mut claimed_any = false;
                for (row, col) in p.boxes_beside(last as Move).into_iter().flatten() {
                    if let Some(owner) = p.box_owner(row, col) {
                        if owner != mover {
                            return Err(bad("the last line's box is not the mover's"));
                        }
                        claimed_any = true;
                    }
                }
                let next = if claimed_any { mover } else { 1 - mover };
                if p.to_move != next {
                    return Err(bad("wrong seat to move after the last line"));
                }
            }
            _ => return Err(bad("bad last move")),
        }
        p.last = s.last;
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A deliberately plain Dots and Boxes: 2-D arrays of line owners and
    /// box owners, moves as (horizontal, row, col) in its own order.
    #[derive(Clone, Debug)]
    struct Naive {
        w: usize,
        h: usize,
        /// hl[row][col]: the line from dot (col, row) to (col + 1, row).
        hl: Vec<Vec<Option<Seat>>>,
        /// vl[row][col]: the line from dot (col, row) to (col, row + 1).
        vl: Vec<Vec<Option<Seat>>>,
        boxes: Vec<Vec<Option<Seat>>>,
        to_move: Seat,
    }

    impl Naive {
        fn new(w: usize, h: usize) -> Naive {
            Naive {
                w,
                h,
                hl: vec![vec![None; w]; h + 1],
                vl: vec![vec![None; w + 1]; h],
                boxes: vec![vec![None; w]; h],
                to_move: 0,
            }
        }

        /// Every line, vertical ones first (a different order from the
        /// engine's on purpose).
        fn lines(&self) -> Vec<(bool, usize, usize)> {
            let mut lines = Vec::new();
            for r in 0..self.h {
                for c in 0..=self.w {
                    lines.push((false, r, c));
                }
            }
            for r in 0..=self.h {
                for c in 0..self.w {
                    lines.push((true, r, c));
                }
            }
            lines
        }

        fn name(line: (bool, usize, usize)) -> String {
            let (hz, r, c) = line;
            let dot = |c: usize, r: usize| format!("{}{}", (b'a' + c as u8) as char, r + 1);
            if hz {
                format!("{}-{}", dot(c, r), dot(c + 1, r))
            } else {
                format!("{}-{}", dot(c, r), dot(c, r + 1))
            }
        }

        fn drawn(&self, line: (bool, usize, usize)) -> bool {
            let (hz, r, c) = line;
            if hz {
                self.hl[r][c].is_some()
            } else {
                self.vl[r][c].is_some()
            }
        }

        fn over(&self) -> bool {
            self.boxes.iter().flatten().all(|b| b.is_some())
        }

        fn scores(&self) -> [u32; 2] {
            let mut s = [0; 2];
            for b in self.boxes.iter().flatten().flatten() {
                s[*b as usize] += 1;
            }
            s
        }

        fn play(&mut self, line: (bool, usize, usize)) {
            let (hz, r, c) = line;
            let seat = self.to_move;
            if hz {
                self.hl[r][c] = Some(seat);
            } else {
                self.vl[r][c] = Some(seat);
            }
            let mut claimed = false;
            for br in 0..self.h {
                for bc in 0..self.w {
                    let complete = self.hl[br][bc].is_some()
                        && self.hl[br + 1][bc].is_some()
                        && self.vl[br][bc].is_some()
                        && self.vl[br][bc + 1].is_some();
                    if complete && self.boxes[br][bc].is_none() {
                        self.boxes[br][bc] = Some(seat);
                        claimed = true;
                    }
                }
            }
            if !claimed {
                self.to_move = 1 - seat;
            }
        }

        /// (leaves, seat-0 points, seat-1 points, leaves with seat 0 to
        /// move, finished leaves) over every sequence of `depth` lines.
        fn perft(&self, depth: usize) -> [u64; 5] {
            if depth == 0 || self.over() {
                let s = self.scores();
                return [
                    1,
                    s[0] as u64,
                    s[1] as u64,
                    (self.to_move == 0) as u64,
                    self.over() as u64,
                ];
            }
            let mut total = [0; 5];
            for line in self.lines() {
                if !self.drawn(line) {
                    let mut next = self.clone();
                    next.play(line);
                    let sub = next.perft(depth - 1);
                    for k in 0..5 {
                        total[k] += sub[k];
                    }
                }
            }
            total
        }
    }

    fn perft(p: &DotsAndBoxes, depth: usize) -> [u64; 5] {
        if depth == 0 || p.is_over() {
            let s = p.scores();
            return [
                1,
                s[0] as u64,
                s[1] as u64,
                (p.to_move() == 0) as u64,
                p.is_over() as u64,
            ];
        }
        let mut total = [0; 5];
        for mv in 0..p.line_count() as Move {
            let mut q = *p;
            if q.play(mv).is_ok() {
                let sub = perft(&q, depth - 1);
                for k in 0..5 {
                    total[k] += sub[k];
                }
            }
        }
        total
    }

    /// The engine's move for a naive line, through its public name.
    fn engine_move(p: &DotsAndBoxes, line: (bool, usize, usize)) -> Move {
        let mv = p.parse_move(&Naive::name(line)).unwrap();
        assert_eq!(p.line_position(mv), Some(line));
        mv
    }

    fn assert_same(p: &DotsAndBoxes, n: &Naive) {
        assert_eq!(p.scores(), n.scores());
        assert_eq!(p.is_over(), n.over());
        if !p.is_over() {
            assert_eq!(p.to_move(), n.to_move);
        }
        for line in n.lines() {
            let (hz, r, c) = line;
            let owner = if hz { n.hl[r][c] } else { n.vl[r][c] };
            assert_eq!(p.line_owner(engine_move(p, line)), owner);
        }
        for r in 0..n.h {
            for c in 0..n.w {
                assert_eq!(p.box_owner(r, c), n.boxes[r][c]);
            }
        }
    }

    fn random_pair(rng: &mut StdRng, w: u8, h: u8, lines: usize) -> (DotsAndBoxes, Naive) {
        let mut p = DotsAndBoxes::sized(w, h);
        let mut n = Naive::new(w as usize, h as usize);
        for _ in 0..lines {
            if p.is_over() {
                break;
            }
            let free: Vec<_> = n.lines().into_iter().filter(|&l| !n.drawn(l)).collect();
            let line = free[rng.gen_range(0..free.len())];
            p.play(engine_move(&p, line)).unwrap();
            n.play(line);
        }
        (p, n)
    }

    #[test]
    fn whole_game_trees_of_tiny_boards_match_naive() {
        // 1 x 1 (4 lines, 24 games), 2 x 1 (7 lines, 5040 games) and 1 x 2.
        for (w, h) in [(1u8, 1u8), (2, 1), (1, 2)] {
            let p = DotsAndBoxes::sized(w, h);
            let n = Naive::new(w as usize, h as usize);
            let lines = p.line_count();
            let engine = perft(&p, lines);
            assert_eq!(engine, n.perft(lines), "{w}x{h}");
            // Every game runs to the last line, which ends it.
            let games: u64 = (1..=lines as u64).product();
            assert_eq!(engine[0], games);
            assert_eq!(engine[4], games);
            assert_eq!(engine[1] + engine[2], games * (w as u64 * h as u64));
        }
    }

    #[test]
    fn perft_from_the_start_matches_naive() {
        let p = DotsAndBoxes::new(3, 3).unwrap();
        let n = Naive::new(3, 3);
        for depth in 0..=4 {
            assert_eq!(perft(&p, depth), n.perft(depth), "depth {depth}");
        }
        // After four lines, only sequences drawing one box's four sides
        // score: 9 boxes, 4! orders each.
        assert_eq!(perft(&p, 4)[1] + perft(&p, 4)[2], 9 * 24);
    }

    #[test]
    fn perft_from_midgames_matches_naive() {
        let mut rng = StdRng::seed_from_u64(23);
        for round in 0..24 {
            let (w, h) = [(3, 3), (2, 2), (4, 4), (5, 4)][round % 4];
            let total = DotsAndBoxes::sized(w, h).line_count();
            // Leave 5..8 lines free: deep enough for chains and double boxes.
            let (p, n) = random_pair(&mut rng, w, h, total - 5 - round % 4);
            for depth in 0..=4 {
                assert_eq!(
                    perft(&p, depth),
                    n.perft(depth),
                    "round {round} depth {depth}"
                );
            }
        }
    }

    #[test]
    fn random_games_agree_with_a_plain_grid() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut doubles = 0;
        for game in 0..400 {
            let (_, w, h) = GameKind::DOTS_SIZES[game % 4];
            let mut p = DotsAndBoxes::new(w, h).unwrap();
            let mut n = Naive::new(w as usize, h as usize);
            assert_same(&p, &n);
            loop {
                // Every illegal move is refused and changes nothing.
                for mv in 0..70u16 {
                    let before = p;
                    match p.line_position(mv) {
                        None => assert_eq!(p.play(mv), Err(IllegalMove::NoSuchMove)),
                        Some(_) if n.over() => assert_eq!(p.play(mv), Err(IllegalMove::GameOver)),
                        Some(line) if n.drawn(line) => {
                            assert_eq!(p.play(mv), Err(IllegalMove::AlreadyDrawn))
                        }
                        Some(_) => assert!(p.is_legal(mv)),
                    }
                    assert_eq!(p, before);
                }
                if p.is_over() {
                    break;
                }
                let moves = p.legal_moves();
                let mv = moves[rng.gen_range(0..moves.len())];
                let (seat, before) = (p.to_move(), p.scores());
                p.play(mv).unwrap();
                n.play(p.line_position(mv).unwrap());
                assert_eq!(p.last_move(), Some(mv));
                assert_eq!(p.line_owner(mv), Some(seat));
                let gained = p.scores()[seat as usize] - before[seat as usize];
                assert!(gained <= 2);
                doubles += (gained == 2) as u32;
                // The mover goes again exactly when a box was claimed.
                if !p.is_over() {
                    assert_eq!(p.to_move() == seat, gained > 0);
                }
                assert_same(&p, &n);
                // Over exactly when every box is claimed.
                let [a, b] = p.scores();
                assert_eq!(p.is_over(), (a + b) as usize == p.box_count());
                let json = serde_json::to_string(&p).unwrap();
                let back: DotsAndBoxes = serde_json::from_str(&json).unwrap();
                assert_eq!(back, p);
            }
            assert_eq!(p.plies(), p.line_count());
            let [a, b] = p.scores();
            assert_eq!((a + b) as usize, p.box_count());
            let expected = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Outcome::Win {
                    seat: 0,
                    lines: vec![],
                },
                std::cmp::Ordering::Less => Outcome::Win {
                    seat: 1,
                    lines: vec![],
                },
                std::cmp::Ordering::Equal => Outcome::Draw,
            };
            assert_eq!(p.outcome(), Some(expected));
        }
        assert!(doubles > 0, "no line closed two boxes");
    }

    #[test]
    fn one_line_closes_two_boxes_and_the_mover_goes_again() {
        let mut p = DotsAndBoxes::new(3, 3).unwrap();
        // Boxes a1 and b1 get three sides each, turns alternating.
        for (i, name) in ["a1-b1", "b1-c1", "a2-b2", "b2-c2", "a1-a2", "c1-c2"]
            .iter()
            .enumerate()
        {
            assert_eq!(p.to_move(), (i % 2) as Seat);
            p.play(p.parse_move(name).unwrap()).unwrap();
        }
        assert_eq!(p.scores(), [0, 0]);
        assert_eq!(p.to_move(), 0);
        assert_eq!(p.sides_drawn(0, 0), 3);
        // The shared side closes both.
        let shared = p.parse_move("b1-b2").unwrap();
        p.play(shared).unwrap();
        assert_eq!(p.scores(), [2, 0]);
        assert_eq!(p.box_owner(0, 0), Some(0));
        assert_eq!(p.box_owner(0, 1), Some(0));
        assert_eq!(p.box_owner(0, 2), None);
        assert_eq!(p.to_move(), 0, "the mover draws again");
        assert_eq!(p.check(shared), Err(IllegalMove::AlreadyDrawn));
        // A line claiming nothing passes the turn.
        p.play(p.parse_move("a4-b4").unwrap()).unwrap();
        assert_eq!(p.to_move(), 1);
        assert!(!p.is_over());
    }

    #[test]
    fn the_game_ends_on_the_last_box() {
        // Random play up to one free line: the game is still on, and the
        // last line claims the one or two boxes beside it and ends it.
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..50 {
            let (mut p, _) = random_pair(&mut rng, 3, 3, 23);
            assert!(!p.is_over());
            assert_eq!(p.outcome(), None);
            let last = p.legal_moves();
            assert_eq!(last.len(), 1);
            let beside = p.boxes_beside(last[0]).iter().flatten().count() as u32;
            assert_eq!(p.scores().iter().sum::<u32>(), 9 - beside);
            let seat = p.to_move();
            let before = p.scores()[seat as usize];
            p.play(last[0]).unwrap();
            assert!(p.is_over());
            assert_eq!(p.scores()[seat as usize], before + beside);
            assert_eq!(p.scores().iter().sum::<u32>(), 9);
            assert_eq!(p.line_owner(last[0]), Some(seat));
            assert!(p.legal_moves().is_empty());
            assert_eq!(p.check(last[0]), Err(IllegalMove::GameOver));
            assert_eq!(p.check(24), Err(IllegalMove::NoSuchMove));
            let [a, b] = p.scores();
            assert_eq!(
                p.outcome().unwrap().winner(),
                Some(if a > b { 0 } else { 1 })
            );
        }
    }

    #[test]
    fn sizes() {
        for (name, w, h) in GameKind::DOTS_SIZES {
            let p = DotsAndBoxes::new(w, h).unwrap();
            assert_eq!(
                p.kind(),
                GameKind::Dots {
                    width: w,
                    height: h
                }
            );
            assert_eq!(GameKind::parse_dots_size(name), Some(p.kind()));
            assert_eq!(p.kind().dots_size_name(), Some(name));
            assert_eq!(p.box_count(), w as usize * h as usize);
            assert_eq!(
                p.line_count(),
                w as usize * (h as usize + 1) + h as usize * (w as usize + 1)
            );
        }
        assert_eq!(DotsAndBoxes::new(5, 5).unwrap().line_count(), 60);
        assert_eq!(DotsAndBoxes::default().line_count(), 49);
        assert_eq!(
            DotsAndBoxes::default().kind(),
            GameKind::Dots {
                width: 5,
                height: 4
            }
        );
        for (w, h) in [(0, 0), (2, 2), (6, 5), (4, 5), (3, 4)] {
            assert_eq!(DotsAndBoxes::new(w, h), None);
        }
        assert_eq!(
            GameKind::parse_dots_size(" 4X4 "),
            Some(GameKind::Dots {
                width: 4,
                height: 4
            })
        );
        assert_eq!(GameKind::parse_dots_size("6x6"), None);
    }

    #[test]
    fn names_and_parsing() {
        let p = DotsAndBoxes::default();
        // SPEC examples.
        assert_eq!(p.parse_move("a1-b1"), Some(0));
        assert_eq!(p.move_name(0), "a1-b1");
        assert_eq!(p.line_position(0), Some((true, 0, 0)));
        let a1_a2 = p.horizontal_lines() as Move;
        assert_eq!(p.parse_move("a1-a2"), Some(a1_a2));
        assert_eq!(p.move_name(a1_a2), "a1-a2");
        assert_eq!(p.line_position(a1_a2), Some((false, 0, 0)));
        // Forgiving: case, spaces, reversed order, no dash.
        for name in ["A1-B1", " a1 - b1 ", "b1-a1", "B1 a1", "a1b1"] {
            assert_eq!(p.parse_move(name), Some(0), "{name}");
        }
        assert_eq!(p.parse_move("a2-a1"), Some(a1_a2));
        // The last lines of the 5 x 4 board: dots a..f, rows 1..5.
        assert_eq!(p.move_name(p.horizontal_lines() as Move - 1), "e5-f5");
        assert_eq!(p.move_name(p.line_count() as Move - 1), "f4-f5");
        for bad in [
            "", "a1", "a1-", "a1-a1", "a1-c1", "a1-b2", "f1-g1", "a5-a6", "a0-a1", "1a-1b",
            "a1-b1-c1", "é1-b1",
        ] {
            assert_eq!(p.parse_move(bad), None, "{bad}");
        }
        for (_, w, h) in GameKind::DOTS_SIZES {
            let p = DotsAndBoxes::new(w, h).unwrap();
            let moves = p.all_moves();
            assert_eq!(moves.len(), p.line_count());
            for mv in moves {
                let name = p.move_name(mv);
                assert_eq!(p.parse_move(&name), Some(mv), "{name}");
                let (hz, row, col) = p.line_position(mv).unwrap();
                assert_eq!(p.line_at(hz, row, col), Some(mv));
                // Horizontal lines first, row by row.
                assert_eq!(hz, (mv as usize) < p.horizontal_lines());
            }
            assert_eq!(p.line_position(p.line_count() as Move), None);
        }
    }

    #[test]
    fn bad_stored_positions_are_refused() {
        let mut p = DotsAndBoxes::new(3, 3).unwrap();
        for name in [
            "a1-b1", "b1-c1", "a2-b2", "b2-c2", "a1-a2", "c1-c2", "b1-b2",
        ] {
            p.play(p.parse_move(name).unwrap()).unwrap();
        }
        let json = serde_json::to_string(&p).unwrap();
        let good = serde_json::from_str::<DotsAndBoxes>(&json).unwrap();
        assert_eq!(good, p);
        let base: serde_json::Value = serde_json::from_str(&json).unwrap();
        let fresh = serde_json::to_value(DotsAndBoxes::new(3, 3).unwrap()).unwrap();
        let with = |base: &serde_json::Value, field: &str, value: serde_json::Value| {
            let mut v = base.clone();
            v[field] = value;
            v
        };
        for bad in [
            with(&base, "width", 2.into()),
            with(&base, "height", 7.into()),
            // A line that does not exist on 3 x 3 (24 lines).
            with(
                &base,
                "lines",
                (base["lines"].as_u64().unwrap() | 1 << 30).into(),
            ),
            // Seat 1 drew a line that is not drawn.
            with(&base, "second_lines", (1u64 << 20).into()),
            // The two boxes are seat 1's, but seat 0 drew the last line.
            with(&base, "second_boxes", 3.into()),
            // An open box with an owner.
            with(&base, "second_boxes", 4.into()),
            // Seat 0 closed boxes and must move again.
            with(&base, "to_move", 1.into()),
            with(&base, "to_move", 2.into()),
            with(&base, "last", 23.into()),
            with(&base, "last", 99.into()),
            with(&base, "last", serde_json::Value::Null),
            with(&fresh, "last", 0.into()),
            with(&fresh, "to_move", 1.into()),
        ] {
            assert!(
                serde_json::from_value::<DotsAndBoxes>(bad.clone()).is_err(),
                "{bad}"
            );
        }
    }
}

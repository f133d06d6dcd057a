//! Plain descriptions of positions, so that rendering does not wait for the
//! game engines: each engine (or a test) fills a view and the renderer draws
//! it. Views may be inconsistent or out of range; the renderer draws what it
//! can and never panics.

use boardbot_engine::game::connect4::{self, Connect4};
use boardbot_engine::game::{Game, Outcome, Seat};
use boardbot_words::Lang;

/// A Connect Four board of any size (7 × 6 for two, 9 × 9 for three).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GridView {
    pub columns: usize,
    pub rows: usize,
    /// cells[column][row], row 0 = bottom
    pub cells: Vec<Vec<Option<Seat>>>,
    /// The disc played last, as (column, row).
    pub last: Option<(usize, usize)>,
    /// each winning line as (column,row) cells
    pub lines: Vec<Vec<(usize, usize)>>,
    /// Seats in the match (2 or 3).
    pub seats: usize,
    /// Language of the words drawn on the image.
    pub lang: Lang,
}

impl GridView {
    /// An empty board.
    pub fn empty(columns: usize, rows: usize, seats: usize) -> GridView {
        GridView {
            columns,
            rows,
            cells: vec![vec![None; rows]; columns],
            last: None,
            lines: Vec::new(),
            seats,
            lang: Lang::En,
        }
    }

    /// Who holds a cell; `None` when empty or out of range.
    pub fn at(&self, column: usize, row: usize) -> Option<Seat> {
        self.cells.get(column)?.get(row).copied().flatten()
    }
}

impl From<&Connect4> for GridView {
    fn from(position: &Connect4) -> GridView {
        let mut view = GridView::empty(connect4::WIDTH, connect4::HEIGHT, 2);
        for (column, cells) in view.cells.iter_mut().enumerate() {
            for (row, cell) in cells.iter_mut().enumerate() {
                *cell = position.at(column, row);
            }
        }
        view.last = position.last_cell().map(connect4::column_row);
        if let Some(Outcome::Win { lines, .. }) = position.outcome() {
            view.lines = lines
                .iter()
                .map(|line| line.iter().map(|&c| connect4::column_row(c)).collect())
                .collect();
        }
        view
    }
}

/// A Connect Four 3D position: a 4 × 4 × 4 cube of beads on 16 rods.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CubeView {
    /// cells[level][x][y]: level 0 = bottom, x = column A..D (0..4), y = row 1..4 (0..4, row 1 on top as drawn)
    pub cells: [[[Option<Seat>; 4]; 4]; 4],
    /// The bead played last, as (level, x, y).
    pub last: Option<(usize, usize, usize)>,
    /// Each winning line as (level, x, y) cells.
    pub lines: Vec<Vec<(usize, usize, usize)>>,
    /// Language of the words drawn on the image.
    pub lang: Lang,
}

impl CubeView {
    /// Who holds a cell; `None` when empty or out of range.
    pub fn at(&self, level: usize, x: usize, y: usize) -> Option<Seat> {
        *self.cells.get(level)?.get(x)?.get(y)?
    }

    /// The level where the next bead on rod (x, y) would land, or `None`
    /// when the rod is full. Beads stack, so it is the lowest free level.
    pub fn landing(&self, x: usize, y: usize) -> Option<usize> {
        (0..4).find(|&level| self.at(level, x, y).is_none())
    }
}

/// A line of a Dots and Boxes board, between two neighbouring dots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DotsLine {
    /// From dot (col, row) to dot (col + 1, row); rows of dots from the top.
    H { row: usize, col: usize },
    /// From dot (col, row) to dot (col, row + 1).
    V { row: usize, col: usize },
}

impl DotsLine {
    /// The line's public name (SPEC section 4): `a1-b1`, `a1-a2`.
    pub fn name(self) -> String {
        match self {
            DotsLine::H { row, col } => {
                format!("{}-{}", dot_name(col, row), dot_name(col + 1, row))
            }
            DotsLine::V { row, col } => {
                format!("{}-{}", dot_name(col, row), dot_name(col, row + 1))
            }
        }
    }
}

/// A dot's name: column letter from `a`, row number from 1 (top).
pub fn dot_name(col: usize, row: usize) -> String {
    format!("{}{}", column_letter(col), row + 1)
}

/// `a`, `b`, … for columns of dots; past `z`, the column number in brackets.
pub fn column_letter(col: usize) -> String {
    if col < 26 {
        char::from(b'a' + col as u8).to_string()
    } else {
        format!("[{}]", col + 1)
    }
}

/// A Dots and Boxes position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DotsView {
    /// Board size in boxes.
    pub width: usize,
    pub height: usize,
    /// horizontal lines: h[row][col] for row 0..=height, col 0..width; vertical: v[row][col] row 0..height, col 0..=width. Value = seat who drew it.
    pub h: Vec<Vec<Option<Seat>>>,
    pub v: Vec<Vec<Option<Seat>>>,
    /// boxes[row][col] owner
    pub boxes: Vec<Vec<Option<Seat>>>,
    pub last: Option<DotsLine>,
    pub scores: [u32; 2],
    pub names: [String; 2],
    /// Language of the words drawn on the image and of its alt text.
    pub lang: Lang,
}

impl DotsView {
    /// An empty board of `width` × `height` boxes.
    pub fn empty(width: usize, height: usize, names: [String; 2]) -> DotsView {
        DotsView {
            width,
            height,
            h: vec![vec![None; width]; height + 1],
            v: vec![vec![None; width + 1]; height],
            boxes: vec![vec![None; width]; height],
            last: None,
            scores: [0, 0],
            names,
            lang: Lang::En,
        }
    }

    /// Who drew a line, if it is drawn.
    pub fn line(&self, line: DotsLine) -> Option<Seat> {
        match line {
            DotsLine::H { row, col } => self.h.get(row)?.get(col).copied().flatten(),
            DotsLine::V { row, col } => self.v.get(row)?.get(col).copied().flatten(),
        }
    }

    /// Who owns a box, if anyone.
    pub fn owner(&self, row: usize, col: usize) -> Option<Seat> {
        self.boxes.get(row)?.get(col).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_names_follow_the_spec() {
        assert_eq!(DotsLine::H { row: 0, col: 0 }.name(), "a1-b1");
        assert_eq!(DotsLine::V { row: 0, col: 0 }.name(), "a1-a2");
        assert_eq!(DotsLine::V { row: 3, col: 5 }.name(), "f4-f5");
    }

    #[test]
    fn grid_view_from_connect4() {
        // Red takes the bottom row 1..4 while yellow stacks on top.
        let position = Connect4::from_digits("1122334").unwrap();
        let view = GridView::from(&position);
        assert_eq!((view.columns, view.rows, view.seats), (7, 6, 2));
        assert_eq!(view.at(0, 0), Some(0));
        assert_eq!(view.at(0, 1), Some(1));
        assert_eq!(view.at(3, 0), Some(0));
        assert_eq!(view.at(3, 1), None);
        assert_eq!(view.last, Some((3, 0)));
        assert_eq!(view.lines, vec![vec![(0, 0), (1, 0), (2, 0), (3, 0)]]);
    }
}

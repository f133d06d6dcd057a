//! Connect Four on the 7 × 6 board, red (seat 0) first: the flat board of
//! [`super::flat`] for two.
//!
//! Column `c` owns bits `7c .. 7c+5` (row 0 at the bottom) and bit `7c+6`
//! stays empty. A cell's number ([`Cell`]) is its bit index, `7 * column +
//! row`. Stored as the two bitboards and the last column,
//! `{"red":…,"yellow":…,"last":…}`.

use super::flat::{self, BadPosition, FlatBoard, Layout, Variant};
use super::{Cell, Game, GameKind};
use serde::{Deserialize, Serialize};

/// A Connect Four position.
pub type Connect4 = FlatBoard<u64, 7, 6, 2>;

pub const LAYOUT: Layout = Connect4::LAYOUT;
pub const WIDTH: usize = LAYOUT.width;
pub const HEIGHT: usize = LAYOUT.height;
/// Bits per column: the rows plus one spare bit.
pub const STRIDE: usize = LAYOUT.stride();
pub const CELLS: usize = LAYOUT.cells();
/// The bottom cell of every column.
pub const BOTTOM: u64 = LAYOUT.bottom() as u64;
/// Every playable cell.
pub const BOARD: u64 = LAYOUT.board() as u64;

/// Column and row (row 0 at the bottom) of a cell number.
pub const fn column_row(cell: Cell) -> (usize, usize) {
    LAYOUT.column_row(cell)
}

/// True when `stones` holds four in a row in any direction.
#[inline]
pub fn has_four(stones: u64) -> bool {
    flat::has_four(stones, STRIDE)
}

/// The stored form: the two bitboards (they fit a JSON number) and the
/// column of the last disc.
#[derive(Serialize, Deserialize)]
pub struct Stored {
    red: u64,
    yellow: u64,
    last: Option<u8>,
}

impl Variant for Connect4 {
    const KIND: GameKind = GameKind::Connect4;
    type Stored = Stored;

    fn store(&self) -> Stored {
        Stored {
            red: self.stones(0),
            yellow: self.stones(1),
            last: self.last_move().map(|c| c as u8),
        }
    }

    fn load(s: Stored) -> Result<Connect4, BadPosition> {
        Connect4::from_stones([s.red, s.yellow], s.last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::flat::reference;
    use crate::game::IllegalMove;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::collections::HashSet;

    /// Distinct positions after `n` plies; won positions are not continued.
    fn distinct_positions(n: usize) -> Vec<usize> {
        let mut counts = vec![1];
        let mut layer = vec![Connect4::new()];
        for _ in 0..n {
            // The last move is not part of the position: the discs are.
            let mut seen = HashSet::new();
            let mut next = Vec::new();
            for p in &layer {
                if p.is_over() {
                    continue;
                }
                for mv in p.legal_moves() {
                    let mut q = *p;
                    q.play(mv).unwrap();
                    if seen.insert((q.stones(0), q.stones(1))) {
                        next.push(q);
                    }
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

    #[test]
    fn random_games_agree_with_a_plain_grid() {
        reference::random_games_agree::<u64, 7, 6, 2>(&mut StdRng::seed_from_u64(7), 3000);
    }

    #[test]
    fn one_drop_makes_two_lines() {
        reference::one_drop_makes_two_lines::<u64, 7, 6, 2>(&mut StdRng::seed_from_u64(3), 100_000);
    }

    #[test]
    fn perft_matches_naive() {
        let n = reference::Naive::<7, 6, 2>::new();
        reference::perft_agrees(&Connect4::new(), &n, 5);
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
        for (json, why) in [
            (r#"{"red":1,"yellow":1,"last":0}"#, BadPosition::Overlap),
            (r#"{"red":2,"yellow":0,"last":0}"#, BadPosition::Floating),
            (r#"{"red":3,"yellow":0,"last":0}"#, BadPosition::TurnOrder),
            (r#"{"red":0,"yellow":1,"last":0}"#, BadPosition::TurnOrder),
            (r#"{"red":1,"yellow":0,"last":9}"#, BadPosition::LastMove),
            // The issue's case: the last move in an empty column.
            (r#"{"red":1,"yellow":0,"last":3}"#, BadPosition::LastMove),
            (r#"{"red":1,"yellow":0,"last":null}"#, BadPosition::LastMove),
            (r#"{"red":0,"yellow":0,"last":0}"#, BadPosition::LastMove),
            // A spare bit (row 6 of column 0).
            (r#"{"red":64,"yellow":0,"last":0}"#, BadPosition::Overlap),
            // Red 1 (column 1), yellow 2: the top of column 1 is red's, but
            // yellow moved last.
            (
                r#"{"red":1,"yellow":128,"last":0}"#,
                BadPosition::LastNotMovers,
            ),
        ] {
            let err = serde_json::from_str::<Connect4>(json).unwrap_err();
            assert!(err.to_string().contains(&why.to_string()), "{json}: {err}");
        }
        // Red's four on the bottom row, then yellow played on.
        let won = Connect4::from_digits("1122334").unwrap();
        let mut stones = [won.stones(0), won.stones(1)];
        stones[1] |= 1 << LAYOUT.cell(6, 0);
        assert_eq!(
            Connect4::from_stones(stones, Some(6)),
            Err(BadPosition::PlayAfterWin)
        );
        // The stored form itself is unchanged: two numbers and a column.
        let p = Connect4::from_digits("44").unwrap();
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"{"red":2097152,"yellow":4194304,"last":3}"#
        );
        assert_eq!(
            Connect4::from_stones([p.stones(0), p.stones(1)], Some(3)),
            Ok(p)
        );
    }
}

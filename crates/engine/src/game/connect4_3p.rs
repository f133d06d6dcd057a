//! Connect Four for three on the 9 × 9 board: red ○ (seat 0), yellow ×
//! (seat 1) and blue ☆ (seat 2) drop in that fixed order, red first. The
//! flat board of [`super::flat`] for three.
//!
//! Bitboards are `u128`: column `c` owns bits `10c .. 10c+8` (row 0 at the
//! bottom) and bit `10c+9` stays empty; 90 bits in all. A cell's number
//! ([`Cell`]) is its bit index, `10 * column + row`.

use super::flat::{BadPosition, FlatBoard, Layout, Variant};
use super::{Cell, Game, GameKind};
use serde::{Deserialize, Serialize};

/// A Connect Four for three position.
pub type Connect4ThreePlayer = FlatBoard<u128, 9, 9, 3>;

pub const LAYOUT: Layout = Connect4ThreePlayer::LAYOUT;
pub const WIDTH: usize = LAYOUT.width;
pub const HEIGHT: usize = LAYOUT.height;
pub const SEATS: usize = Connect4ThreePlayer::SEATS;
/// Bits per column: the rows plus one spare bit.
pub const STRIDE: usize = LAYOUT.stride();
pub const CELLS: usize = LAYOUT.cells();
/// The bottom cell of every column.
pub const BOTTOM: u128 = LAYOUT.bottom();
/// Every playable cell.
pub const BOARD: u128 = LAYOUT.board();

/// The cell number of `column`, `row` (row 0 at the bottom).
pub const fn cell(column: usize, row: usize) -> Cell {
    LAYOUT.cell(column, row)
}

/// Column and row (row 0 at the bottom) of a cell number.
pub const fn column_row(cell: Cell) -> (usize, usize) {
    LAYOUT.column_row(cell)
}

/// The stored form: the columns, bottom up, one digit (the seat) per disc,
/// for example `["0", "", "120", ...]` (readable, and a `u128` would not
/// fit a JSON number), and the column of the last disc.
#[derive(Serialize, Deserialize)]
pub struct Stored {
    columns: Vec<String>,
    last: Option<u8>,
}

impl Variant for Connect4ThreePlayer {
    const KIND: GameKind = GameKind::Connect4ThreePlayer;
    type Stored = Stored;

    fn store(&self) -> Stored {
        Stored {
            columns: self.to_columns(),
            last: self.last_move().map(|c| c as u8),
        }
    }

    fn load(s: Stored) -> Result<Connect4ThreePlayer, BadPosition> {
        let stones = Connect4ThreePlayer::stones_from_columns(&s.columns)?;
        Connect4ThreePlayer::from_stones(stones, s.last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::flat::reference;
    use crate::game::{IllegalMove, Move, Outcome};
    use rand::rngs::StdRng;
    use rand::SeedableRng;
    use std::collections::HashSet;

    type Naive = reference::Naive<9, 9, 3>;

    use reference::perft;

    /// A random game of `plies` moves (or fewer if it ends), played on both.
    fn random_pair(rng: &mut StdRng, plies: usize) -> (Connect4ThreePlayer, Naive) {
        reference::random_pair(Connect4ThreePlayer::new(), Naive::new(), rng, plies)
    }

    #[test]
    fn perft_from_the_start_matches_naive() {
        let p = Connect4ThreePlayer::new();
        for depth in 0..=4 {
            assert_eq!(perft(&p, depth), 9u64.pow(depth as u32));
        }
        reference::perft_agrees(&p, &Naive::new(), 4);
        assert_eq!(perft(&p, 5), 59049);
    }

    #[test]
    fn perft_from_midgames_matches_naive() {
        // Positions deep enough for full columns and wins within the search.
        let mut rng = StdRng::seed_from_u64(11);
        for round in 0..40 {
            let (p, n) = random_pair(&mut rng, 20 + round * 2);
            reference::perft_agrees(&p, &n, 3);
        }
    }

    #[test]
    fn distinct_positions_match_naive() {
        // Engine: positions as bitboards; naive: positions as grids.
        let mut engine = vec![Connect4ThreePlayer::new()];
        let mut naive = vec![Naive::new()];
        for ply in 1..=5 {
            let mut seen = HashSet::new();
            let mut next = Vec::new();
            for p in &engine {
                for mv in p.legal_moves() {
                    let mut q = *p;
                    q.play(mv).unwrap();
                    if seen.insert([q.stones(0), q.stones(1), q.stones(2)]) {
                        next.push(q);
                    }
                }
            }
            engine = next;
            let mut seen = HashSet::new();
            let mut next = Vec::new();
            for n in &naive {
                for c in (0..WIDTH).filter(|&c| n.legal(c)) {
                    let mut m = n.clone();
                    m.play(c);
                    if seen.insert(m.grid) {
                        next.push(m);
                    }
                }
            }
            naive = next;
            assert_eq!(engine.len(), naive.len(), "ply {ply}");
        }
        assert!(engine.len() > 9 * 9 * 9);
    }

    #[test]
    fn random_games_agree_with_a_plain_grid() {
        reference::random_games_agree::<u128, 9, 9, 3>(&mut StdRng::seed_from_u64(7), 600);
    }

    #[test]
    fn full_board_is_a_draw() {
        // Colour (column + row / 2) mod 3: no four in any direction. Each
        // row holds three of each colour, so filling row by row with the
        // columns of red, yellow and blue interleaved follows the turn order.
        let colour = |c: usize, r: usize| (c + r / 2) % 3;
        let mut p = Connect4ThreePlayer::new();
        let mut n = Naive::new();
        for r in 0..HEIGHT {
            let by_seat: Vec<Vec<usize>> = (0..3)
                .map(|s| (0..WIDTH).filter(|&c| colour(c, r) == s).collect())
                .collect();
            for i in 0..3 {
                for seat in &by_seat {
                    assert!(!p.is_over());
                    p.play(seat[i] as Move).unwrap();
                    n.play(seat[i]);
                }
            }
        }
        assert_eq!(n.winner, None);
        assert_eq!(p.plies(), CELLS);
        assert_eq!(p.outcome(), Some(Outcome::Draw));
        assert!(p.legal_moves().is_empty());
        for mv in 0..WIDTH as Move {
            assert_eq!(p.check(mv), Err(IllegalMove::GameOver));
        }
        let back: Connect4ThreePlayer =
            serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn one_drop_makes_two_lines() {
        // Red builds 1 2 _ 4 5 on the bottom row and drops column 3: one
        // run of five, reported whole.
        let p = Connect4ThreePlayer::from_digits("179279489586").unwrap();
        assert!(!p.is_over());
        let mut q = p;
        q.play(2).unwrap();
        match q.outcome() {
            Some(Outcome::Win { seat: 0, lines }) => {
                assert_eq!(lines, vec![vec![0, 10, 20, 30, 40]]);
            }
            other => panic!("{other:?}"),
        }
        // Two lines through one disc, found in random games and confirmed by
        // the naive grid.
        reference::one_drop_makes_two_lines::<u128, 9, 9, 3>(
            &mut StdRng::seed_from_u64(3),
            200_000,
        );
    }

    #[test]
    fn names_and_parsing() {
        let p = Connect4ThreePlayer::new();
        assert_eq!(p.all_moves(), (0..9).collect::<Vec<_>>());
        for mv in p.all_moves() {
            assert_eq!(p.parse_move(&p.move_name(mv)), Some(mv));
        }
        assert_eq!(p.move_name(0), "1");
        assert_eq!(p.move_name(8), "9");
        assert_eq!(p.parse_move(" 9 "), Some(8));
        assert_eq!(p.parse_move("0"), None);
        assert_eq!(p.parse_move("10"), None);
        assert_eq!(p.parse_move("x"), None);
        assert_eq!(p.kind(), GameKind::Connect4ThreePlayer);
        assert_eq!(p.seat_count(), 3);
        let full = Connect4ThreePlayer::from_digits("555555555").unwrap();
        assert_eq!(full.height(4), 9);
        assert_eq!(full.check(4), Err(IllegalMove::Full));
        assert_eq!(full.at(4, 0), Some(0));
        assert_eq!(full.at(4, 1), Some(1));
        assert_eq!(full.at(4, 2), Some(2));
        assert_eq!(full.at(4, 9), None);
        assert_eq!(full.at(9, 0), None);
    }

    #[test]
    fn bad_stored_positions_are_refused() {
        let good = Connect4ThreePlayer::from_digits("1234").unwrap();
        let json = serde_json::to_string(&good).unwrap();
        assert_eq!(
            json,
            r#"{"columns":["0","1","2","0","","","","",""],"last":3}"#
        );
        for json in [
            // Eight columns.
            r#"{"columns":["0","1","2","0","","","",""],"last":3}"#,
            // Yellow before red.
            r#"{"columns":["1","","","","","","","",""],"last":0}"#,
            // Two reds, nothing else.
            r#"{"columns":["00","","","","","","","",""],"last":0}"#,
            // A seat 3.
            r#"{"columns":["3","","","","","","","",""],"last":0}"#,
            // Ten discs in a column.
            r#"{"columns":["0120120120","","","","","","","",""],"last":0}"#,
            // Last move in an empty or unknown column.
            r#"{"columns":["0","1","2","0","","","","",""],"last":5}"#,
            r#"{"columns":["0","1","2","0","","","","",""],"last":9}"#,
            r#"{"columns":["0","1","2","0","","","","",""],"last":null}"#,
            r#"{"columns":["","","","","","","","",""],"last":0}"#,
            // The last disc is not the last mover's.
            r#"{"columns":["0","1","2","0","","","","",""],"last":1}"#,
        ] {
            assert!(
                serde_json::from_str::<Connect4ThreePlayer>(json).is_err(),
                "{json}"
            );
        }
        // Red's four on the bottom row, then play went on.
        let json = r#"{"columns":["0","0","0","0","11","12","12","2","20"],"last":8}"#;
        let err = serde_json::from_str::<Connect4ThreePlayer>(json).unwrap_err();
        assert!(err.to_string().contains("after a win"), "{err}");
    }
}

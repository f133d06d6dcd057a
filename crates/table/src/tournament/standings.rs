//! The standings: points, then the format's tie-break (Buchholz for Swiss,
//! Sonneborn–Berger for round robin), then the games between the players
//! still tied, then rating.

use serde::{Deserialize, Serialize};

/// How a game ended, from the first player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    FirstWins,
    SecondWins,
    Draw,
}

impl Outcome {
    /// Half-points of (first, second).
    pub fn halves(self) -> (u32, u32) {
        match self {
            Outcome::FirstWins => (2, 0),
            Outcome::SecondWins => (0, 2),
            Outcome::Draw => (1, 1),
        }
    }
}

/// A game played (an unplayed one is not a game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    pub first: usize,
    pub second: usize,
    pub outcome: Outcome,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    Buchholz,
    SonnebornBerger,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub player: usize,
    /// 1-based; players tied on every criterion share a rank.
    pub rank: usize,
    /// Half-points, byes included.
    pub points: u32,
    /// Buchholz in half-points; Sonneborn–Berger in quarter-points.
    pub tie_break: u32,
    /// Half-points scored in games among the players tied with this one
    /// on points and tie-break.
    pub head_to_head: u32,
    /// Games played (byes not counted).
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
}

/// The standings of `players` players after `games` and `byes` (one entry
/// per bye). Buchholz: the sum of the opponents' points (a bye adds
/// nothing: it had no opponent). Sonneborn–Berger: the points of each
/// opponent beaten, plus half the points of each opponent drawn with.
/// Ordered by points, tie-break, head-to-head among those tied on both,
/// `ratings` (higher first), then index; ranks are shared only by players
/// equal on every criterion but the index.
pub fn standings(
    players: usize,
    games: &[Game],
    byes: &[usize],
    ratings: &[f64],
    tie_break: TieBreak,
) -> Vec<Row> {
    let mut rows: Vec<Row> = (0..players)
        .map(|player| Row {
            player,
            rank: 0,
            points: 0,
            tie_break: 0,
            head_to_head: 0,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            byes: 0,
        })
        .collect();
    for &p in byes {
        rows[p].points += 2;
        rows[p].byes += 1;
    }
    for g in games {
        let (a, z) = g.outcome.halves();
        for (p, got) in [(g.first, a), (g.second, z)] {
            let row = &mut rows[p];
            row.points += got;
            row.games += 1;
            match got {
                2 => row.wins += 1,
                1 => row.draws += 1,
                _ => row.losses += 1,
            }
        }
    }
    let points: Vec<u32> = rows.iter().map(|r| r.points).collect();
    for g in games {
        let (a, z) = g.outcome.halves();
        for (p, o, got) in [(g.first, g.second, a), (g.second, g.first, z)] {
            rows[p].tie_break += match tie_break {
                TieBreak::Buchholz => points[o],
                // Quarter-points: a win counts the opponent's half-points
                // twice, a draw once.
                TieBreak::SonnebornBerger => points[o] * got,
            };
        }
    }
    // Head-to-head among those equal on points and tie-break.
    for i in 0..players {
        let tied =
            |p: usize| rows[p].points == rows[i].points && rows[p].tie_break == rows[i].tie_break;
        let mut among = 0;
        for g in games {
            let (a, z) = g.outcome.halves();
            if g.first == i && tied(g.second) {
                among += a;
            } else if g.second == i && tied(g.first) {
                among += z;
            }
        }
        rows[i].head_to_head = among;
    }
    let rating = |p: usize| ratings.get(p).copied().unwrap_or(0.0);
    let key = |r: &Row| (r.points, r.tie_break, r.head_to_head);
    rows.sort_by(|x, y| {
        key(y)
            .cmp(&key(x))
            .then(rating(y.player).total_cmp(&rating(x.player)))
            .then(x.player.cmp(&y.player))
    });
    for i in 0..rows.len() {
        let shared = i > 0
            && key(&rows[i]) == key(&rows[i - 1])
            && rating(rows[i].player) == rating(rows[i - 1].player);
        rows[i].rank = if shared { rows[i - 1].rank } else { i + 1 };
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first: usize, second: usize, outcome: Outcome) -> Game {
        Game {
            first,
            second,
            outcome,
        }
    }

    /// A small Swiss by hand: A=0, B=1, C=2, D=3, E=4 (five players, so a
    /// bye each round).
    /// Round 1: A beat B, C drew D, E bye.
    /// Round 2: A beat E, B beat C, D bye.
    /// Points: A 2 wins = 4 half-points, B 2, C 1, D 1 + 2 (bye) = 3,
    /// E 2 (bye) + 0 = 2.
    /// Buchholz (opponents' points): A: B 2 + E 2 = 4; B: A 4 + C 1 = 5;
    /// C: D 3 + B 2 = 5; D: C 1 = 1; E: A 4 = 4.
    /// Order: A 4; D 3; then B, E on 2 points: B's Buchholz 5 beats E's 4;
    /// C 1.
    #[test]
    fn buchholz_worked_by_hand() {
        let games = [
            game(0, 1, Outcome::FirstWins),
            game(2, 3, Outcome::Draw),
            game(0, 4, Outcome::FirstWins),
            game(1, 2, Outcome::FirstWins),
        ];
        let rows = standings(5, &games, &[4, 3], &[0.0; 5], TieBreak::Buchholz);
        let order: Vec<usize> = rows.iter().map(|r| r.player).collect();
        assert_eq!(order, [0, 3, 1, 4, 2]);
        let by = |p: usize| rows.iter().find(|r| r.player == p).unwrap().clone();
        assert_eq!(by(0).points, 4);
        assert_eq!(by(3).points, 3);
        assert_eq!(by(1).tie_break, 5);
        assert_eq!(by(4).tie_break, 4);
        assert_eq!(by(2).tie_break, 5);
        assert_eq!(by(3).tie_break, 1);
        assert_eq!((by(3).draws, by(3).byes, by(3).games), (1, 1, 1));
    }

    /// A round robin of four by hand (A=0 … D=3):
    /// A beat B, A drew C, D beat A; B beat C, B beat D; C beat D.
    /// Points (half): A 2+1+0 = 3, B 0+2+2 = 4, C 1+0+2 = 3, D 2+0+0 = 2.
    /// Sonneborn–Berger in quarter-points (beaten opponent's half-points
    /// × 2, drawn × 1): A: beat B (4) → 8, drew C (3) → 3: 11.
    /// C: drew A (3) → 3, beat D (2) → 4: 7. So A is ahead of C on 3.
    #[test]
    fn sonneborn_berger_worked_by_hand() {
        let games = [
            game(0, 1, Outcome::FirstWins),
            game(0, 2, Outcome::Draw),
            game(3, 0, Outcome::FirstWins),
            game(1, 2, Outcome::FirstWins),
            game(1, 3, Outcome::FirstWins),
            game(2, 3, Outcome::FirstWins),
        ];
        let rows = standings(4, &games, &[], &[0.0; 4], TieBreak::SonnebornBerger);
        let order: Vec<usize> = rows.iter().map(|r| r.player).collect();
        assert_eq!(order, [1, 0, 2, 3]);
        assert_eq!(rows[1].tie_break, 11);
        assert_eq!(rows[2].tie_break, 7);
        // B lost to A, beat C (3 half-points × 2) and D (2 × 2): 10.
        assert_eq!(rows[0].tie_break, 10);
    }

    /// A cycle by hand: A beat C, B beat A, C beat B: 2 half-points each,
    /// Buchholz 2 + 2 = 4 each, and each scored 2 against the tied: a full
    /// tie, broken by rating (C 1500, B 1400, A 1300); equal ratings would
    /// share the rank.
    #[test]
    fn head_to_head_then_rating() {
        let cycle = [
            game(0, 2, Outcome::FirstWins),
            game(1, 0, Outcome::FirstWins),
            game(2, 1, Outcome::FirstWins),
        ];
        let rows = standings(
            3,
            &cycle,
            &[],
            &[1300.0, 1400.0, 1500.0],
            TieBreak::Buchholz,
        );
        let order: Vec<usize> = rows.iter().map(|r| r.player).collect();
        assert_eq!(order, [2, 1, 0]);
        assert!(rows.iter().all(|r| r.head_to_head == 2));
        assert_eq!(rows.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 2, 3]);
        let level = standings(3, &cycle, &[], &[0.0; 3], TieBreak::Buchholz);
        assert!(
            level.iter().all(|r| r.rank == 1),
            "a full tie shares the rank"
        );
        // Four players by hand: A beat B and C, B beat C and D. A and B
        // have 4 half-points each; Buchholz A: B 4 + C 0 = 4, B: A 4 + C 0
        // + D 0 = 4: tied. Among the tied, A scored 2 (the win over B), B
        // 0: A is first even with the lower rating.
        let games = [
            game(0, 1, Outcome::FirstWins),
            game(0, 2, Outcome::FirstWins),
            game(1, 2, Outcome::FirstWins),
            game(1, 3, Outcome::FirstWins),
        ];
        let rows = standings(
            4,
            &games,
            &[],
            &[1000.0, 2000.0, 0.0, 0.0],
            TieBreak::Buchholz,
        );
        assert_eq!((rows[0].player, rows[1].player), (0, 1));
        assert_eq!((rows[0].tie_break, rows[1].tie_break), (4, 4));
        assert_eq!((rows[0].head_to_head, rows[1].head_to_head), (2, 0));
        // C and D: no points; C's Buchholz 8 (A 4 + B 4), D's 4.
        assert_eq!((rows[2].player, rows[3].player), (2, 3));
    }
}

//! TEMPORARY (replaced by the pairing branch).
use serde::{Deserialize, Serialize};
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    FirstWins,
    SecondWins,
    Draw,
}
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
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub player: usize,
    pub rank: usize,
    pub points: u32,
    pub tie_break: u32,
    pub head_to_head: u32,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
}
pub fn standings(
    players: usize,
    games: &[Game],
    byes: &[usize],
    ratings: &[f64],
    _tie_break: TieBreak,
) -> Vec<Row> {
    let mut rows: Vec<Row> = (0..players)
        .map(|p| Row {
            player: p,
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
    for &b in byes {
        rows[b].points += 2;
        rows[b].byes += 1;
    }
    for g in games {
        let (a, z) = match g.outcome {
            Outcome::FirstWins => (2, 0),
            Outcome::SecondWins => (0, 2),
            Outcome::Draw => (1, 1),
        };
        rows[g.first].points += a;
        rows[g.second].points += z;
        rows[g.first].games += 1;
        rows[g.second].games += 1;
    }
    rows.sort_by(|x, y| {
        y.points
            .cmp(&x.points)
            .then(ratings[y.player].total_cmp(&ratings[x.player]))
            .then(x.player.cmp(&y.player))
    });
    for (i, r) in rows.iter_mut().enumerate() {
        r.rank = i + 1;
    }
    rows
}

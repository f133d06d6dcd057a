//! TEMPORARY (replaced by the pairing branch).
use serde::{Deserialize, Serialize};
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    First,
    Second,
}
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Past {
    pub points: u32,
    pub opponents: Vec<usize>,
    pub sides: Vec<Side>,
    pub had_bye: bool,
}
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    pub games: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unpairable;
pub fn swiss(past: &[Past], order: &[usize]) -> Result<Pairing, Unpairable> {
    let mut left: Vec<usize> = order.to_vec();
    let mut p = Pairing::default();
    if left.len() % 2 == 1 {
        let i = left
            .iter()
            .rposition(|&x| !past[x].had_bye)
            .unwrap_or(left.len() - 1);
        p.bye = Some(left.remove(i));
    }
    while let Some(a) = left.first().copied() {
        left.remove(0);
        let j = left
            .iter()
            .position(|&b| !past[a].opponents.contains(&b))
            .ok_or(Unpairable)?;
        let b = left.remove(j);
        p.games.push((a, b));
    }
    Ok(p)
}
pub fn round_robin(players: usize, round: usize) -> Pairing {
    let n = players + players % 2;
    let mut p = Pairing::default();
    let fixed = n - 1;
    let mut ring: Vec<usize> = (0..fixed).collect();
    ring.rotate_left(round % fixed);
    let mut pairs = vec![(fixed, ring[0])];
    for k in 1..n / 2 {
        pairs.push((ring[k], ring[fixed - k]));
    }
    for (a, b) in pairs {
        if a >= players {
            p.bye = Some(b)
        } else if b >= players {
            p.bye = Some(a)
        } else {
            p.games.push((a, b))
        }
    }
    p
}
pub fn round_robin_rounds(players: usize) -> usize {
    if players % 2 == 1 {
        players
    } else {
        players - 1
    }
}
pub fn swiss_rounds(players: usize) -> usize {
    let mut r = 0;
    while (1usize << r) < players {
        r += 1
    }
    r.max(1)
}

//! Pairing a round: Swiss as one maximum-weight matching over every
//! allowed pair (so a late score group never ends unpairable), round robin
//! by Berger tables.

use super::matching::max_weight_matching;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who starts a game (Connect Four's first player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    First,
    Second,
}

/// One player's past, as pairing sees it. Indices are into the
/// tournament's full player list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Past {
    /// Points in half-points (win 2, draw 1, loss 0, bye 2).
    pub points: u32,
    /// Opponents so far (not byes), in round order.
    pub opponents: Vec<usize>,
    /// The side played in each of those games, same order.
    pub sides: Vec<Side>,
    pub had_bye: bool,
}

/// One round's pairings: `games` are (first, second) player indices;
/// `bye` the player who sits out and scores 1.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    pub games: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// No pairing of the present players avoids a repeated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unpairable;

impl fmt::Display for Unpairable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("every pairing repeats a game")
    }
}

impl std::error::Error for Unpairable {}

// The weight of a pair is these parts, each worth more than every later
// part can add up to over a round (at most 33 edges of 65 vertices):
//   ALL     every player paired (the most edges);
//   BYE     the bye to the lowest-ranked player who has had none (its
//           rank; the bye vertex's edges only go to the eligible);
//   SCORE   the smallest total score difference over the games (a game
//           adds 64 minus its difference in half-points; the bye's edge
//           adds 64, as if no difference: the bye is BYE's to choose);
//   HALVES  top half against bottom half within a score group (64 minus
//           how far the pair is from a group's ideal split);
//   COLOUR  each player the side they are due (2, 1 or 0 per game).
const COLOUR: i64 = 1;
const HALVES: i64 = 100;
const SCORE: i64 = 1_000_000;
const BYE: i64 = 10_000_000_000;
const ALL: i64 = 10_000_000_000_000;
const PART: i64 = 64;

/// The side a player should have next, and whether it is a must (the last
/// two games on the other side, or two more of one side than the other).
fn due(past: &Past) -> Option<(Side, bool)> {
    let firsts = past.sides.iter().filter(|&&s| s == Side::First).count() as i64;
    let balance = firsts - (past.sides.len() as i64 - firsts);
    let last = *past.sides.last()?;
    let other = match last {
        Side::First => Side::Second,
        Side::Second => Side::First,
    };
    let twice = past.sides.len() >= 2 && past.sides[past.sides.len() - 2] == last;
    let side = match balance {
        b if b > 0 => Side::Second,
        b if b < 0 => Side::First,
        _ => other,
    };
    Some((side, twice || balance.abs() >= 2))
}

/// How well two players' due sides fit one game: 2 both get theirs, 1 one
/// gives way where neither must have it, 0 a must is given up.
fn colour_fit(a: &Past, b: &Past) -> i64 {
    match (due(a), due(b)) {
        (Some((x, xm)), Some((y, ym))) if x == y => {
            if xm && ym {
                0
            } else {
                1
            }
        }
        _ => 2,
    }
}

/// Who moves first in a game between `a` (better ranked) and `b`; `board`
/// is the game's number in the round (round 1: the better-ranked player
/// starts on the first board, then it alternates board by board).
fn sides(past: &[Past], a: usize, b: usize, board: usize) -> (usize, usize) {
    let first_if = |a_first: bool| if a_first { (a, b) } else { (b, a) };
    match (due(&past[a]), due(&past[b])) {
        (None, None) => first_if(board.is_multiple_of(2)),
        (Some((x, _)), None) => first_if(x == Side::First),
        (None, Some((y, _))) => first_if(y == Side::Second),
        (Some((x, xm)), Some((y, ym))) => {
            if x != y {
                first_if(x == Side::First)
            } else if ym && !xm {
                // `b` must have it; `a` gives way.
                first_if(y == Side::Second)
            } else {
                // Both want the same side: the better-ranked gets it.
                first_if(x == Side::First)
            }
        }
    }
}

/// Swiss pairing of the present players: `past` holds every player of the
/// tournament (withdrawn ones too), `order` the present ones best-ranked
/// first. Every present player is in one game or has the bye.
pub fn swiss(past: &[Past], order: &[usize]) -> Result<Pairing, Unpairable> {
    let n = order.len();
    if n == 0 {
        return Ok(Pairing::default());
    }
    let odd = n % 2 == 1;
    // The bye may go to whoever has had none, or to anyone when all have.
    let eligible: Vec<bool> = {
        let any = order.iter().any(|&p| !past[p].had_bye);
        order.iter().map(|&p| !any || !past[p].had_bye).collect()
    };
    // Each present player's score group and place in it (order is by
    // score first, so groups are runs of equal points).
    let mut group_of = vec![(0usize, 0usize, 0usize); n];
    let mut start = 0;
    while start < n {
        let points = past[order[start]].points;
        let mut end = start;
        while end < n && past[order[end]].points == points {
            end += 1;
        }
        for (k, g) in group_of.iter_mut().enumerate().take(end).skip(start) {
            *g = (start, k - start, end - start);
        }
        start = end;
    }
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (order[i], order[j]);
            if past[a].opponents.contains(&b) {
                continue;
            }
            let diff = i64::from(past[a].points.abs_diff(past[b].points));
            let (gi, pi, size) = group_of[i];
            let (gj, pj, _) = group_of[j];
            let halves = if gi == gj {
                // In a group of `size`, place k meets place k + size / 2.
                let ideal = (size / 2).max(1) as i64;
                PART - ((pj as i64 - pi as i64) - ideal).abs().min(PART - 1)
            } else {
                // A floater meets the top of the next group down.
                PART / 2 - (pj as i64).min(PART / 2 - 1)
            };
            let weight = ALL
                + SCORE * (PART - diff.min(PART - 1))
                + HALVES * halves
                + COLOUR * colour_fit(&past[a], &past[b]);
            edges.push((i, j, weight));
        }
    }
    if odd {
        for (i, &ok) in eligible.iter().enumerate() {
            if ok {
                // The lower the rank, the heavier.
                edges.push((i, n, ALL + BYE * (i as i64 + 1) + SCORE * PART));
            }
        }
    }
    let vertices = n + usize::from(odd);
    let mates = max_weight_matching(vertices, &edges);
    if mates.iter().any(Option::is_none) {
        return Err(Unpairable);
    }
    let mut pairing = Pairing::default();
    for i in 0..n {
        let j = mates[i].expect("everyone is matched");
        if j == n {
            pairing.bye = Some(order[i]);
        } else if i < j {
            let board = pairing.games.len();
            pairing.games.push(sides(past, order[i], order[j], board));
        }
    }
    Ok(pairing)
}

/// Round `round` (from 0) of a round robin of `players` (seeds `0..`), by
/// Berger tables: the last seat (a dummy when the count is odd: its
/// opponent has the bye) stays, the others turn round it, and colours
/// alternate so nobody's firsts and seconds differ by more than one.
pub fn round_robin(players: usize, round: usize) -> Pairing {
    let n = players + players % 2;
    let mut pairing = Pairing::default();
    if n < 2 {
        return pairing;
    }
    let m = n - 1;
    let r = round % m;
    let mut games = vec![if r.is_multiple_of(2) { (r, m) } else { (m, r) }];
    for k in 1..n / 2 {
        let (x, y) = ((r + k) % m, (r + m - k) % m);
        games.push(if k % 2 == 1 { (x, y) } else { (y, x) });
    }
    for (a, b) in games {
        if a >= players {
            pairing.bye = Some(b);
        } else if b >= players {
            pairing.bye = Some(a);
        } else {
            pairing.games.push((a, b));
        }
    }
    pairing
}

/// Rounds of a round robin: everyone meets everyone once.
pub fn round_robin_rounds(players: usize) -> usize {
    if players < 2 {
        0
    } else if players % 2 == 1 {
        players
    } else {
        players - 1
    }
}

/// Swiss rounds by default: the fewest that can find a single winner
/// (log₂ of the players, rounded up), at least one.
pub fn swiss_rounds(players: usize) -> usize {
    let mut rounds = 0;
    while (1usize << rounds) < players {
        rounds += 1;
    }
    rounds.max(1)
}

#[cfg(test)]
mod tests;

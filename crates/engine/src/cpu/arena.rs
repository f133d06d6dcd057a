//! One arena for every game's strength measurement: CPU players play a
//! series of games from a seeded start, seats rotating, and the wins,
//! draws and move times are counted per player. The CLI's `boardbot
//! arena` and the measurement tests of every game use it.

use super::search::Budget;
use crate::cpu::time::{Duration, Instant};
use crate::game::{Game, IllegalMove, Move, Outcome};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt;

/// A player: the move it makes in a position, within a budget, with the
/// arena's random numbers.
pub type Player<'a, G> = &'a dyn Fn(&G, &Budget, &mut StdRng) -> Option<Move>;

/// How a series is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arena {
    pub games: usize,
    /// Seeds the random openings and every player's random choices.
    pub seed: u64,
    /// Random plies played before the players take over, so that games
    /// differ.
    pub opening_plies: usize,
    /// Time for every move.
    pub move_time: Duration,
}

/// Time per move of one player in a series.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TimeStats {
    pub moves: usize,
    pub median: Duration,
    pub mean: Duration,
    pub max: Duration,
}

impl TimeStats {
    pub fn from_samples(samples: &mut [Duration]) -> TimeStats {
        if samples.is_empty() {
            return TimeStats::default();
        }
        samples.sort_unstable();
        TimeStats {
            moves: samples.len(),
            median: samples[samples.len() / 2],
            mean: samples.iter().sum::<Duration>() / samples.len() as u32,
            max: samples[samples.len() - 1],
        }
    }
}

/// Results of a series, per player in the order given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    pub wins: Vec<usize>,
    pub draws: usize,
    pub times: Vec<TimeStats>,
}

/// A player failed the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArenaError {
    /// No move in an unfinished game.
    NoMove,
    /// A move the rules refuse.
    Illegal(IllegalMove),
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::NoMove => f.write_str("a CPU found no move in an unfinished game"),
            ArenaError::Illegal(e) => write!(f, "a CPU chose an illegal move: {e}"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// Which player holds each seat in game number `game`. With as many players
/// as seats, the games go through every seat order in turn (for three:
/// 012, 021, 102, 120, 201, 210 as the seats of players 0, 1, 2). With
/// fewer, player 0's seat rotates and player 1 holds every other seat.
pub fn seating(game: usize, players: usize, seats: usize) -> Vec<usize> {
    if players < seats {
        let mine = game % seats;
        return (0..seats).map(|s| usize::from(s != mine)).collect();
    }
    // The `game % n!`-th permutation in lexicographic order: the seat of
    // every player.
    let mut free: Vec<usize> = (0..seats).collect();
    let mut rank = game % (1..=seats).product::<usize>();
    let mut seat_of = Vec::with_capacity(seats);
    for left in (1..=seats).rev() {
        let block = (1..left).product::<usize>();
        seat_of.push(free.remove(rank / block));
        rank %= block;
    }
    let mut holder = vec![0; seats];
    for (player, &seat) in seat_of.iter().enumerate() {
        holder[seat] = player;
    }
    holder
}

impl Arena {
    /// Plays the series from `start` among `players`; `end` sees every
    /// finished game with its seating (the player of each seat).
    pub fn play<G: Game>(
        &self,
        start: &G,
        players: &[Player<'_, G>],
        mut end: impl FnMut(&G, &[usize]),
    ) -> Result<Standing, ArenaError> {
        let mut rng = StdRng::seed_from_u64(self.seed);
        let mut standing = Standing {
            wins: vec![0; players.len()],
            draws: 0,
            times: Vec::new(),
        };
        let mut times = vec![Vec::new(); players.len()];
        for game in 0..self.games {
            let holder = seating(game, players.len(), start.seat_count());
            let mut position = start.clone();
            for _ in 0..self.opening_plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let _ = position.play(moves[rng.gen_range(0..moves.len())]);
            }
            while !position.is_over() {
                let player = holder[position.to_move() as usize];
                let budget = Budget::new(self.move_time);
                let started = Instant::now();
                let mv = players[player](&position, &budget, &mut rng).ok_or(ArenaError::NoMove)?;
                times[player].push(started.elapsed());
                position.play(mv).map_err(ArenaError::Illegal)?;
            }
            match position.outcome() {
                Some(Outcome::Win { seat, .. }) => standing.wins[holder[seat as usize]] += 1,
                _ => standing.draws += 1,
            }
            end(&position, &holder);
        }
        standing.times = times
            .iter_mut()
            .map(|t| TimeStats::from_samples(t))
            .collect();
        Ok(standing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_rotate_and_orders_cover_every_permutation() {
        assert_eq!(seating(0, 2, 2), vec![0, 1]);
        assert_eq!(seating(1, 2, 2), vec![1, 0]);
        assert_eq!(seating(1, 2, 3), vec![1, 0, 1]);
        // Players 0, 1, 2 seated at 0, 2, 1: seat 1 holds player 2.
        assert_eq!(seating(1, 3, 3), vec![0, 2, 1]);
        let mut all: Vec<Vec<usize>> = (0..6).map(|g| seating(g, 3, 3)).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 6);
    }
}

//! A CPU for any game of the [`Game`] trait: it takes a win when it sees
//! one, then runs a depth-limited alpha-beta search with a pluggable
//! evaluation.
//!
//! The search is paranoid: every other seat is assumed to play against the
//! CPU's seat. With two seats that is plain minimax (negamax by seat), and
//! it follows [`Game::to_move`], so a game that gives the same seat another
//! move (Dots and Boxes) is searched correctly. Positions are cloned per
//! node, which is fine for these games' sizes.

use super::{Budget, Level};
use crate::game::{Game, Move, Outcome, Seat};
use rand::seq::SliceRandom;
use rand::Rng;

/// The value of a won game; faster wins score a little more.
pub const WIN: f64 = 1_000_000.0;

/// Estimates how good an unfinished position is for `seat`, in the same
/// units as [`WIN`] (well inside ±WIN).
pub trait Evaluate<G: Game> {
    fn evaluate(&self, game: &G, seat: Seat) -> f64;
}

/// The default evaluation: nothing is known before the game ends.
#[derive(Debug, Clone, Copy, Default)]
pub struct OutcomeOnly;

impl<G: Game> Evaluate<G> for OutcomeOnly {
    fn evaluate(&self, _game: &G, _seat: Seat) -> f64 {
        0.0
    }
}

/// How a level searches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Deepest iteration, in moves.
    pub max_depth: u32,
    /// Chance of playing a random legal move (after taking a visible win).
    pub randomness: f64,
}

impl Settings {
    pub fn for_level(level: Level) -> Settings {
        match level {
            Level::Easy => Settings {
                max_depth: 1,
                randomness: 0.4,
            },
            Level::Medium => Settings {
                max_depth: 3,
                randomness: 0.0,
            },
            Level::Hard => Settings {
                max_depth: 64,
                randomness: 0.0,
            },
        }
    }
}

/// The move a CPU of `level` plays, or `None` when the game is over.
pub fn choose<G: Game>(
    game: &G,
    level: Level,
    budget: &Budget,
    rng: &mut impl Rng,
    eval: &impl Evaluate<G>,
) -> Option<Move> {
    choose_with(game, Settings::for_level(level), budget, rng, eval)
}

/// [`choose`] with explicit search settings.
pub fn choose_with<G: Game>(
    game: &G,
    settings: Settings,
    budget: &Budget,
    rng: &mut impl Rng,
    eval: &impl Evaluate<G>,
) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let mut moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let me = game.to_move();
    // Win first.
    for &mv in &moves {
        let mut next = game.clone();
        if next.play(mv).is_ok() && winner(&next) == Some(me) {
            return Some(mv);
        }
    }
    moves.shuffle(rng);
    if settings.randomness > 0.0 && rng.gen_bool(settings.randomness.min(1.0)) {
        return Some(moves[0]);
    }
    let mut search = Search {
        me,
        eval,
        budget,
        nodes: 0,
        aborted: false,
        cut_off: false,
    };
    let mut best = moves[0];
    for depth in 1..=settings.max_depth.max(1) {
        search.cut_off = false;
        let mut scored: Vec<(f64, Move)> = Vec::with_capacity(moves.len());
        let mut alpha = f64::NEG_INFINITY;
        for &mv in &moves {
            let mut next = game.clone();
            if next.play(mv).is_err() {
                continue;
            }
            // Just below the best so far, so that equal moves get exact
            // values and can be told apart from worse ones.
            let value = search.value(&next, depth - 1, 1, alpha - 1e-6, f64::INFINITY);
            if search.aborted {
                break;
            }
            alpha = alpha.max(value);
            scored.push((value, mv));
        }
        if search.aborted || scored.is_empty() {
            break; // keep the last finished iteration's choice
        }
        // Best first; stable, so the previous order settles ties.
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        moves = scored.iter().map(|&(_, mv)| mv).collect();
        let top = scored[0].0;
        let ties: Vec<Move> = scored
            .iter()
            .filter(|&&(v, _)| v >= top - 1e-9)
            .map(|&(_, mv)| mv)
            .collect();
        best = if ties.contains(&best) && depth > 1 {
            best
        } else {
            ties[rng.gen_range(0..ties.len())]
        };
        if !search.cut_off || top.abs() >= WIN / 2.0 {
            break; // the whole tree was seen, or the result is forced
        }
    }
    Some(best)
}

fn winner<G: Game>(game: &G) -> Option<Seat> {
    game.outcome().and_then(|o| o.winner())
}

struct Search<'a, E> {
    me: Seat,
    eval: &'a E,
    budget: &'a Budget,
    nodes: u64,
    aborted: bool,
    /// Some line stopped at the depth limit (deeper search could differ).
    cut_off: bool,
}

impl<E> Search<'_, E> {
    /// Alpha-beta value of `game` for the CPU's seat: its seat maximizes,
    /// every other seat minimizes. `ply` counts moves from the root.
    fn value<G: Game>(
        &mut self,
        game: &G,
        depth: u32,
        ply: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64
    where
        E: Evaluate<G>,
    {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.budget.expired() {
            self.aborted = true;
        }
        if self.aborted {
            return 0.0;
        }
        match game.outcome() {
            Some(Outcome::Win { seat, .. }) => {
                // Sooner wins and later losses are better.
                let value = WIN - ply as f64;
                return if seat == self.me { value } else { -value };
            }
            Some(Outcome::Draw) => return 0.0,
            None => {}
        }
        if depth == 0 {
            self.cut_off = true;
            return self.eval.evaluate(game, self.me);
        }
        let maximizing = game.to_move() == self.me;
        let mut best = if maximizing {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for mv in game.legal_moves() {
            let mut next = game.clone();
            if next.play(mv).is_err() {
                continue;
            }
            let value = self.value(&next, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                return 0.0;
            }
            if maximizing {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Connect4, GameKind, IllegalMove};
    use rand::rngs::StdRng;
    use rand::SeedableRng;
    use std::time::Duration;

    /// A pile of stones: take 1, 2 or 3; whoever takes the last stone wins.
    /// With `bonus`, taking exactly 2 earns another move (like claiming a
    /// box). Any number of seats.
    #[derive(Debug, Clone)]
    struct Pile {
        stones: u32,
        seats: u8,
        to_move: u8,
        plies: usize,
        bonus: bool,
        last: Option<(u8, Move)>,
    }

    impl Pile {
        fn new(stones: u32, seats: u8, bonus: bool) -> Pile {
            Pile {
                stones,
                seats,
                to_move: 0,
                plies: 0,
                bonus,
                last: None,
            }
        }
    }

    impl Game for Pile {
        fn kind(&self) -> GameKind {
            if self.seats == 3 {
                GameKind::Connect4ThreePlayer
            } else {
                GameKind::Connect4
            }
        }
        fn seat_count(&self) -> usize {
            self.seats as usize
        }
        fn to_move(&self) -> Seat {
            self.to_move
        }
        fn plies(&self) -> usize {
            self.plies
        }
        fn all_moves(&self) -> Vec<Move> {
            vec![1, 2, 3]
        }
        fn check(&self, mv: Move) -> Result<(), IllegalMove> {
            if !(1..=3).contains(&mv) {
                Err(IllegalMove::NoSuchMove)
            } else if self.stones == 0 {
                Err(IllegalMove::GameOver)
            } else if mv as u32 > self.stones {
                Err(IllegalMove::Full)
            } else {
                Ok(())
            }
        }
        fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
            self.check(mv)?;
            self.stones -= mv as u32;
            self.plies += 1;
            self.last = Some((self.to_move, mv));
            if !(self.bonus && mv == 2) || self.stones == 0 {
                self.to_move = (self.to_move + 1) % self.seats;
            }
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.stones == 0).then(|| Outcome::Win {
                seat: self.last.map_or(0, |(s, _)| s),
                lines: Vec::new(),
            })
        }
        fn last_move(&self) -> Option<Move> {
            self.last.map(|(_, mv)| mv)
        }
        fn move_name(&self, mv: Move) -> String {
            mv.to_string()
        }
    }

    fn budget() -> Budget {
        Budget::new(Duration::from_secs(30))
    }

    #[test]
    fn takes_an_immediate_win_at_every_level() {
        let mut rng = StdRng::seed_from_u64(1);
        for level in Level::ALL {
            for seats in [2, 3] {
                let pile = Pile::new(3, seats, false);
                for _ in 0..10 {
                    assert_eq!(
                        choose(&pile, level, &budget(), &mut rng, &OutcomeOnly),
                        Some(3)
                    );
                }
            }
            let c4 = Connect4::from_digits("112233").unwrap();
            assert_eq!(
                choose(&c4, level, &budget(), &mut rng, &OutcomeOnly),
                Some(3)
            );
        }
    }

    #[test]
    fn hard_plays_perfect_nim() {
        // Leave a multiple of four.
        let mut rng = StdRng::seed_from_u64(2);
        for stones in [5, 6, 7, 9, 10, 11, 13, 14, 15] {
            let pile = Pile::new(stones, 2, false);
            let mv = choose(&pile, Level::Hard, &budget(), &mut rng, &OutcomeOnly);
            assert_eq!(mv, Some((stones % 4) as Move), "{stones} stones");
        }
    }

    #[test]
    fn extra_moves_are_searched_for_the_right_seat() {
        // With the bonus, taking 2 from 4 leaves 2 to take at once: a win.
        // Without seeing the extra move, 4 would look lost.
        let mut rng = StdRng::seed_from_u64(3);
        let pile = Pile::new(4, 2, true);
        for _ in 0..5 {
            assert_eq!(
                choose(&pile, Level::Medium, &budget(), &mut rng, &OutcomeOnly),
                Some(2)
            );
        }
    }

    #[test]
    fn blocks_a_connect_four_threat() {
        // Yellow to move; red threatens column 4 (three stacked).
        let c4 = Connect4::from_digits("41424").unwrap();
        let mut rng = StdRng::seed_from_u64(4);
        // Hard deepens until its budget runs out on this open board; depth
        // 2 already sees the threat, so one second is plenty.
        let short = Budget::new(Duration::from_secs(1));
        for level in [Level::Medium, Level::Hard] {
            assert_eq!(choose(&c4, level, &short, &mut rng, &OutcomeOnly), Some(3));
        }
    }

    #[test]
    fn three_seats_avoid_handing_over_the_win() {
        // Four stones, three seats: taking 1 or 2 lets the next seat take
        // the rest; taking 3 leaves 1 for the next seat too. Any move loses
        // to some seat, but search still returns a legal move promptly.
        let mut rng = StdRng::seed_from_u64(5);
        let pile = Pile::new(4, 3, false);
        let mv = choose(&pile, Level::Hard, &budget(), &mut rng, &OutcomeOnly);
        assert!(matches!(mv, Some(1..=3)));
        // Five stones: only taking 1 keeps the next seat from winning at
        // once (it loses later to the seat after, but later is better).
        let pile = Pile::new(5, 3, false);
        let mv = choose(&pile, Level::Hard, &budget(), &mut rng, &OutcomeOnly).unwrap();
        let mut next = pile.clone();
        next.play(mv).unwrap();
        assert!(next.stones > 3, "took {mv}, leaving {}", next.stones);
    }

    #[test]
    fn respects_a_cancelled_budget() {
        let budget = Budget::new(Duration::from_secs(60));
        budget
            .cancel
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let mut rng = StdRng::seed_from_u64(6);
        let c4 = Connect4::new();
        let mv = choose(&c4, Level::Hard, &budget, &mut rng, &OutcomeOnly);
        assert!(matches!(mv, Some(0..=6)));
        let pile = Pile::new(0, 2, false);
        assert_eq!(
            choose(&pile, Level::Hard, &budget, &mut rng, &OutcomeOnly),
            None
        );
    }
}

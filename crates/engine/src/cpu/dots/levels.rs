//! The Dots and Boxes levels: `hard` solves the rest of the game exactly
//! once few enough lines are free and plays by the theory before that;
//! `medium` takes boxes, avoids third sides and gives the smallest chain;
//! `easy` often takes boxes, sometimes gives them.

use super::geometry::Geometry;
use super::solver::Solver;
use super::theory::{capture, free_lines, safe_lines, smallest_sacrifice, theory, SEARCH_FROM};
use crate::cpu::search::{Budget, Cpu};
use crate::cpu::time::{Duration, Instant};
use crate::cpu::verdict::Verdict;
use crate::cpu::Level;
use crate::game::dots::DotsAndBoxes;
use crate::game::{Game, Move};
use rand::seq::SliceRandom;
use rand::Rng;

/// Free lines up to which `hard` tries the exact solver first, by board
/// (measured in release with the `measure` test: random positions with that
/// many free lines solve well within 1 s; above it the theory plays, and
/// also when an exact attempt runs out of time). On 5 × 4 the solver needs
/// 1.5 to 9 million nodes at 34 free lines (the `nodes_to_solve_5x4`
/// figures, BENCHMARKS.md): most of them within hard's second, the rest
/// fall back to the theory.
pub fn hard_exact_free_lines(width: usize, height: usize) -> u32 {
    match (width, height) {
        (3, 3) => 24,
        (4, 4) => 28,
        (5, 4) | (4, 5) => 34,
        (5, 5) => 35,
        _ => 26,
    }
}

/// Free lines up to which the hint (and the review) try the exact solver:
/// they have several times a move's time, and each free line more costs
/// the solver about three times the nodes, so two more than `hard`.
pub fn hint_exact_free_lines(width: usize, height: usize) -> u32 {
    hard_exact_free_lines(width, height) + 2
}

impl Cpu for DotsAndBoxes {
    /// Always a legal line while the game goes on, even when the budget is
    /// already spent.
    fn choose<R: Rng + ?Sized>(&self, level: Level, budget: &Budget, rng: &mut R) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let g = Geometry::of(self);
        let drawn = self.drawn();
        if g.all & !drawn == 0 {
            return None;
        }
        let line = match level {
            Level::Easy => easy(&g, drawn, rng),
            Level::Medium => medium(&g, drawn, rng),
            Level::Hard => hard(&g, drawn, budget, rng),
        };
        debug_assert!(drawn >> line & 1 == 0);
        Some(line as Move)
    }
}

fn easy(g: &Geometry, drawn: u64, rng: &mut (impl Rng + ?Sized)) -> usize {
    if let Some(l) = capture(g, drawn) {
        if rng.gen_bool(0.8) {
            return l;
        }
    }
    let safe = safe_lines(g, drawn);
    if !safe.is_empty() && rng.gen_bool(0.7) {
        return *safe.choose(rng).expect("non-empty");
    }
    *free_lines(g, drawn).choose(rng).expect("a free line")
}

fn medium(g: &Geometry, drawn: u64, rng: &mut (impl Rng + ?Sized)) -> usize {
    if let Some(l) = capture(g, drawn) {
        return l;
    }
    let safe = safe_lines(g, drawn);
    if let Some(&l) = safe.choose(rng) {
        return l;
    }
    smallest_sacrifice(g, drawn, rng)
}

/// Free lines above [`hard_exact_free_lines`] where `hard` still tries the
/// exact solver, for a line proved to reach a lower bound: the solver's
/// first test (does the line net at least 0, or 1?) mostly finishes there.
const PROVEN_ABOVE: u32 = 1;

/// The part of `left` hard gives its exact solver at `drawn` (where it
/// tries the solver first); the theory has the rest if the solver does
/// not finish. Nine tenths when the theory would steer by the long-chain
/// rule (its play-outs take about a tenth of a second at 35 free lines on
/// 5 × 4, and stop after a round once the time is up), two
/// thirds when it would search the safe-line game. With two thirds
/// everywhere hard's move was not best in 18 of the 80 judged positions of
/// `boardbot dots-check --bot-time` (seeds 1 and 2), with this 12
/// (BENCHMARKS.md).
pub(crate) fn exact_part(g: &Geometry, drawn: u64, left: Duration) -> Duration {
    if safe_lines(g, drawn).len() > SEARCH_FROM {
        left * 9 / 10
    } else {
        left * 2 / 3
    }
}

fn hard(g: &Geometry, drawn: u64, budget: &Budget, rng: &mut (impl Rng + ?Sized)) -> usize {
    let free = (g.all & !drawn).count_ones();
    let mut refuted = 0;
    if free <= hard_exact_free_lines(g.width, g.height) + PROVEN_ABOVE {
        // Most of the time for the exact answer ([`exact_part`]), the rest
        // for the theory if that does not finish. A line proved to net at
        // least 0 (or 1) is taken over the theory's: most positions are
        // worth just that.
        let now = Instant::now();
        let left = budget.deadline.saturating_duration_since(now);
        let exact = budget.until(now + exact_part(g, drawn, left));
        let mut solver = Solver::new(g, Some(&exact));
        if let Some((l, _)) = solver.best_move(drawn) {
            return l;
        }
        if let Some((l, _)) = solver.proven() {
            return l;
        }
        // Not a line the solver proved worse than a draw, if the theory
        // has another.
        refuted = solver.refuted();
    }
    theory(g, drawn, refuted, budget, rng)
}

/// The hint's verdict: exact (the final result of the best line, counting
/// the boxes already claimed) once the solver answers within most of the
/// budget, else the hard level's move as a guess.
pub fn hint_verdict(
    game: &DotsAndBoxes,
    budget: &Budget,
    rng: &mut (impl Rng + ?Sized),
) -> Option<Verdict> {
    if game.is_over() {
        return None;
    }
    let g = Geometry::of(game);
    let drawn = game.drawn();
    if g.all & !drawn == 0 {
        return None;
    }
    let now = Instant::now();
    let left = budget.deadline.saturating_duration_since(now);
    let exact = budget.part(now, left, 0, 80);
    let free = (g.all & !drawn).count_ones();
    let mut refuted = 0;
    let solved = (free <= hint_exact_free_lines(g.width, g.height))
        .then(|| {
            let mut solver = Solver::new(&g, Some(&exact));
            let solved = solver.best_move(drawn);
            refuted = solver.refuted();
            solved
        })
        .flatten();
    if let Some((line, value)) = solved {
        let scores = game.scores();
        let me = game.to_move() as usize;
        let lead = scores[me] as i32 - scores[1 - me] as i32 + value;
        let mv = line as Move;
        return Some(match lead.cmp(&0) {
            std::cmp::Ordering::Greater => Verdict::Wins { mv, in_moves: None },
            std::cmp::Ordering::Equal => Verdict::Draws { mv },
            std::cmp::Ordering::Less => Verdict::Loses {
                mv,
                lasts_moves: None,
            },
        });
    }
    let rest = budget.part(now, left, 80, 98);
    let line = theory(&g, drawn, refuted, &rest, rng);
    Some(Verdict::Guess { mv: line as Move })
}

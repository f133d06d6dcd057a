//! Figures about the Dots and Boxes CPU, for `cargo bench --bench dots`:
//! how far the exact solver reaches within hard's budget, the theory alone
//! against medium, and hard's slowest move per board. Nothing here
//! asserts (the tests do); the numbers mean something in a release build.

use super::geometry::Geometry;
use super::solver::Solver;
use super::theory::{free_lines, safe_lines, theory};
use crate::cpu::search::{Budget, Cpu};
use crate::cpu::time::{Duration, Instant};
use crate::cpu::Level;
use crate::game::dots::DotsAndBoxes;
use crate::game::{Game, GameKind, Move, Seat};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Medium's budget here: enough that it never runs out (it does not
/// search), so only hard's budget is measured.
const MEDIUM: Duration = Duration::from_secs(30);

/// A random drawn set with `free` free lines: either lines at random, or
/// safe lines first (which builds chains and loops) and then any.
pub(crate) fn random_drawn(g: &Geometry, rng: &mut StdRng, free: usize, safe_first: bool) -> u64 {
    let mut drawn = 0u64;
    while (g.all & !drawn).count_ones() as usize > free {
        let safe = safe_lines(g, drawn);
        let l = if safe_first && !safe.is_empty() {
            *safe.choose(rng).unwrap()
        } else {
            *free_lines(g, drawn).choose(rng).unwrap()
        };
        drawn |= 1 << l;
    }
    drawn
}

/// The empty 3 × 3 board solved without a budget.
#[derive(Debug, Clone)]
pub struct EmptySolve {
    pub value: Option<i32>,
    pub took: Duration,
    pub nodes: u64,
}

/// Random positions with `free` free lines on a `width` × `height` board
/// given to the solver with hard's 1.5 s.
#[derive(Debug, Clone)]
pub struct Reach {
    pub width: usize,
    pub height: usize,
    pub free: usize,
    pub solved: usize,
    pub tried: usize,
    pub slowest: Duration,
}

/// The empty 3 × 3 board, then on 5 × 4, 4 × 4 and 5 × 5 six positions
/// for every even count of free lines from 24 up, until none is solved.
pub fn solver_reach() -> (EmptySolve, Vec<Reach>) {
    let p = DotsAndBoxes::new(3, 3).expect("a board size the game knows");
    let g = Geometry::of(&p);
    let start = Instant::now();
    let mut solver = Solver::new(&g, None);
    let value = solver.value(0);
    let empty = EmptySolve {
        value,
        took: start.elapsed(),
        nodes: solver.nodes(),
    };
    let mut rng = StdRng::seed_from_u64(11);
    let mut rows = Vec::new();
    for (width, height) in [(5, 4), (4, 4), (5, 5)] {
        let g = Geometry::new(width, height);
        for free in (24..=36).step_by(2) {
            let tried = 6;
            let mut slowest = Duration::ZERO;
            let mut solved = 0;
            for i in 0..tried {
                let drawn = random_drawn(&g, &mut rng, free, i % 2 == 0);
                let budget = Budget::new(Duration::from_millis(1500));
                let start = Instant::now();
                if Solver::new(&g, Some(&budget)).value(drawn).is_some() {
                    solved += 1;
                }
                slowest = slowest.max(start.elapsed());
            }
            rows.push(Reach {
                width,
                height,
                free,
                solved,
                tried,
                slowest,
            });
            if solved == 0 {
                break;
            }
        }
    }
    (empty, rows)
}

/// Games of the theory alone (hard with no time for the exact solver)
/// against medium on 5 × 4, seats alternating: games won by the theory,
/// and its net boxes.
pub fn theory_against_medium(games: u32) -> (u32, i32) {
    let mut rng = StdRng::seed_from_u64(16);
    let (mut wins, mut margin) = (0, 0);
    for game in 0..games {
        let hard_seat = (game % 2) as Seat;
        let mut p = DotsAndBoxes::new(5, 4).expect("a board size the game knows");
        while !p.is_over() {
            let mv = if p.to_move() == hard_seat {
                let budget = Budget::new(Duration::from_millis(300));
                let g = Geometry::of(&p);
                theory(&g, p.drawn(), 0, &budget, &mut rng) as Move
            } else {
                p.choose(Level::Medium, &Budget::new(MEDIUM), &mut rng)
                    .expect("a line while the game goes on")
            };
            p.play(mv).expect("the CPU plays a legal line");
        }
        let s = p.scores();
        let m = s[hard_seat as usize] as i32 - s[1 - hard_seat as usize] as i32;
        margin += m;
        wins += u32::from(m > 0);
    }
    (wins, margin)
}

/// One game of hard (first) against medium on every board, hard with its
/// real budget: the board's name, hard's slowest move and the score.
pub fn hard_move_times() -> Vec<(&'static str, Duration, [u32; 2])> {
    let mut rng = StdRng::seed_from_u64(18);
    let mut rows = Vec::new();
    for (name, w, h) in GameKind::DOTS_SIZES {
        let mut p = DotsAndBoxes::new(w, h).expect("a board size the game knows");
        let mut slowest = Duration::ZERO;
        while !p.is_over() {
            let mv = if p.to_move() == 0 {
                let start = Instant::now();
                let mv = p.choose(Level::Hard, &Budget::new(Budget::HARD), &mut rng);
                slowest = slowest.max(start.elapsed());
                mv
            } else {
                p.choose(Level::Medium, &Budget::new(MEDIUM), &mut rng)
            };
            p.play(mv.expect("a line while the game goes on"))
                .expect("the CPU plays a legal line");
        }
        rows.push((name, slowest, p.scores()));
    }
    rows
}

/// One position given to the exact solver's `best_move` with a node cap.
#[derive(Debug, Clone)]
pub struct NodesToSolve {
    pub free: usize,
    /// Nodes searched (to the answer, or to the cap when `solved` is false).
    pub nodes: u64,
    pub took: Duration,
    pub solved: bool,
}

/// `count` random positions (safe lines first, as the levels play the safe
/// phase) with `free` free lines on `width` × `height`, each solved for its
/// best move with at most `cap` nodes: how many nodes and how long it took.
pub fn solver_nodes(
    width: usize,
    height: usize,
    free: usize,
    count: usize,
    seed: u64,
    cap: u64,
) -> Vec<NodesToSolve> {
    let g = Geometry::new(width, height);
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let drawn = random_drawn(&g, &mut rng, free, true);
            let budget = Budget::of_nodes(cap);
            let start = Instant::now();
            let mut solver = Solver::new(&g, Some(&budget));
            let solved = solver.best_move(drawn).is_some();
            NodesToSolve {
                free,
                nodes: solver.nodes(),
                took: start.elapsed(),
                solved,
            }
        })
        .collect()
}

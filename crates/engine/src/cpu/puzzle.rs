//! Daily puzzles: positions the bot generates itself and proves with its
//! solvers, the same for everyone on the same day (UTC).
//!
//! - Connect Four: the side to move wins in 3 to 9 of its own moves, and
//!   only one column wins.
//! - Dots and Boxes (5 × 4): a late position where exactly one line keeps
//!   the best final margin, and that line takes no box (the answer is a
//!   sacrifice or a refusal, not a capture).
//!
//! A day's candidates come from games the medium CPU plays against itself
//! with a few random moves, seeded by the day: every node budget is counted
//! in nodes, so the same build finds the same puzzle on any machine.

use crate::cpu::connect4::position::Position;
use crate::cpu::connect4::solver::Solver;
use crate::cpu::review::{judge_with, Value};
use crate::cpu::search::{Budget, Cpu, Level};
use crate::game::{AnyGame, Game, GameKind, Move};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Milliseconds in a day.
pub const DAY_MS: u64 = 86_400_000;

/// The games that have puzzles.
pub const PUZZLE_GAMES: [GameKind; 2] = [GameKind::Connect4, GameKind::DOTS_DEFAULT];

/// One day's puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    pub kind: GameKind,
    /// Days since 1970-01-01 (UTC).
    pub day: u64,
    /// The moves from an empty board to the puzzle's position.
    pub start: Vec<Move>,
    /// The one move that solves it.
    pub solution: Move,
    /// What the side to move reaches with perfect play: Connect Four, the
    /// win in this many of its own moves; Dots and Boxes, the final margin
    /// in boxes.
    pub goal: i32,
}

/// The day (since the epoch, UTC) of a time in milliseconds.
pub fn day_of(ms: u64) -> u64 {
    ms / DAY_MS
}

/// The day's puzzle for `kind`, or `None` for a game without puzzles (or,
/// in theory, a day whose candidates all fail).
pub fn daily(kind: GameKind, day: u64) -> Option<Spec> {
    let game_salt = match kind {
        GameKind::Connect4 => 0xC4,
        GameKind::Dots { .. } => 0xD0,
        _ => return None,
    };
    let mut rng = StdRng::seed_from_u64(day.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game_salt);
    // One solver for every candidate: its table is large to allocate, and
    // what it learns holds for any position.
    let mut solver = matches!(kind, GameKind::Connect4).then(Solver::new);
    (0..400).find_map(|_| match &mut solver {
        Some(solver) => connect4_candidate(day, solver, &mut rng),
        None => dots_candidate(kind, day, &mut rng),
    })
}

/// Plays `plies` moves of medium against itself (a quarter of them at
/// random) from the start; `None` when the game ends first.
fn played(kind: GameKind, plies: usize, rng: &mut StdRng) -> Option<(AnyGame, Vec<Move>)> {
    let mut game = AnyGame::new(kind)?;
    let mut moves = Vec::with_capacity(plies);
    for _ in 0..plies {
        let mv = if rng.gen_bool(0.25) {
            *game.legal_moves().choose(rng)?
        } else {
            game.choose(Level::Medium, &Budget::of_nodes(3_000), rng)?
        };
        game.play(mv).ok()?;
        moves.push(mv);
        if game.is_over() {
            return None;
        }
    }
    Some((game, moves))
}

fn connect4_candidate(day: u64, solver: &mut Solver, rng: &mut StdRng) -> Option<Spec> {
    let plies = rng.gen_range(16..=26);
    let (game, moves) = played(GameKind::Connect4, plies, rng)?;
    let AnyGame::Connect4(game) = &game else {
        return None;
    };
    let p = Position::from_game(game);
    // A cheap test first: does the mover win within 9 of its moves? (A
    // null-window probe: short wins prune well.)
    solver.set_budget(Some(Budget::of_nodes(400_000)));
    let within_nine = 22 - 9 - (p.moves() / 2) as i32;
    if !solver.score_at_least(&p, within_nine).ok()? {
        return None;
    }
    solver.set_budget(Some(Budget::of_nodes(4_000_000)));
    let scores = solver.analyze(&p).ok()?;
    let winning: Vec<(usize, i32)> = scores
        .iter()
        .enumerate()
        .filter_map(|(c, s)| s.filter(|&s| s > 0).map(|s| (c, s)))
        .collect();
    let [(column, score)] = winning[..] else {
        return None;
    };
    // The mover's own moves to the win, this one counted.
    let in_moves = 22 - score - (p.moves() / 2) as i32;
    (3..=9).contains(&in_moves).then_some(Spec {
        kind: GameKind::Connect4,
        day,
        start: moves,
        solution: column as Move,
        goal: in_moves,
    })
}

fn dots_candidate(kind: GameKind, day: u64, rng: &mut StdRng) -> Option<Spec> {
    let lines = AnyGame::new(kind)?.move_count();
    let free = rng.gen_range(11..=16);
    let (game, moves) = played(kind, lines - free, rng)?;
    let AnyGame::Dots(position) = &game else {
        return None;
    };
    let me = game.to_move();
    let claimed = position.claimed();
    let budget = Budget::of_nodes(3_000_000);
    // The final margin each line leads to, for the side to move.
    let mut outcomes = Vec::new();
    for mv in game.legal_moves() {
        let mut next = game.clone();
        next.play(mv).ok()?;
        let Value::Exact(v) = judge_with(&next, &budget, rng).value else {
            return None;
        };
        let margin = if next.to_move() == me { v } else { -v };
        let AnyGame::Dots(after) = &next else {
            return None;
        };
        outcomes.push((mv, margin, after.claimed() > claimed));
    }
    let best = outcomes.iter().map(|o| o.1).max()?;
    let keeping: Vec<_> = outcomes.iter().filter(|o| o.1 == best).collect();
    let [&(solution, goal, takes_a_box)] = keeping[..] else {
        return None;
    };
    (!takes_a_box).then_some(Spec {
        kind,
        day,
        start: moves,
        solution,
        goal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connect_four_puzzle_has_one_winning_column_and_a_short_win() {
        let spec = daily(GameKind::Connect4, 20_000).expect("a puzzle");
        assert_eq!(
            daily(GameKind::Connect4, 20_000),
            Some(spec.clone()),
            "the same all day"
        );
        assert!((3..=9).contains(&spec.goal), "{spec:?}");
        let positions = crate::cpu::review::positions(spec.kind, &spec.start).unwrap();
        let Some(AnyGame::Connect4(game)) = positions.last() else {
            unreachable!()
        };
        let p = Position::from_game(game);
        let scores = Solver::new().analyze(&p).unwrap();
        for (c, s) in scores.iter().enumerate() {
            let wins = s.is_some_and(|s| s > 0);
            assert_eq!(wins, c as Move == spec.solution, "column {}: {s:?}", c + 1);
        }
        // Another day, another puzzle.
        assert_ne!(daily(GameKind::Connect4, 20_001).unwrap().start, spec.start);
    }

    #[test]
    fn a_dots_puzzle_has_one_line_that_keeps_the_best_margin() {
        let spec = daily(GameKind::DOTS_DEFAULT, 20_000).expect("a puzzle");
        let positions = crate::cpu::review::positions(spec.kind, &spec.start).unwrap();
        let game = positions.last().unwrap();
        let me = game.to_move();
        let mut rng = StdRng::seed_from_u64(1);
        let mut keepers = Vec::new();
        for mv in game.legal_moves() {
            let mut next = game.clone();
            next.play(mv).unwrap();
            let Value::Exact(v) = judge_with(&next, &Budget::of_nodes(50_000_000), &mut rng).value
            else {
                panic!("solved")
            };
            let margin = if next.to_move() == me { v } else { -v };
            assert!(margin <= spec.goal, "{mv}: {margin} > {}", spec.goal);
            if margin == spec.goal {
                keepers.push(mv);
            }
        }
        assert_eq!(keepers, vec![spec.solution]);
    }

    #[test]
    fn games_without_puzzles_have_none() {
        assert_eq!(daily(GameKind::Connect4ThreeD, 1), None);
        assert_eq!(daily(GameKind::Connect4ThreePlayer, 1), None);
    }
}

//! Test helpers shared by every game: the engine's perft, a plain
//! reference implementation's perft, random positions reached on both, and
//! the check that both refuse the same moves for the same reasons.

use super::{Game, IllegalMove, Move};
use rand::rngs::StdRng;
use rand::Rng;
use std::fmt::Debug;

/// A deliberately plain implementation of a game's rules (a grid and
/// loops), to check the engine against.
pub trait Reference: Clone {
    /// How many move ids the game has.
    fn move_count(&self) -> usize;
    /// Whether move id `mv` may be played now.
    fn legal(&self, mv: Move) -> bool;
    fn over(&self) -> bool;
    /// Plays a legal move.
    fn play(&mut self, mv: Move);
}

/// Leaf positions `depth` plies on, by the engine; finished games are
/// leaves.
pub fn perft<G: Game + Clone>(p: &G, depth: usize) -> u64 {
    if depth == 0 || p.is_over() {
        return 1;
    }
    p.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut q = p.clone();
            q.play(mv).expect("a legal move");
            perft(&q, depth - 1)
        })
        .sum()
}

/// [`perft`] by the reference implementation.
pub fn reference_perft<R: Reference>(n: &R, depth: usize) -> u64 {
    if depth == 0 || n.over() {
        return 1;
    }
    (0..n.move_count() as Move)
        .filter(|&mv| n.legal(mv))
        .map(|mv| {
            let mut next = n.clone();
            next.play(mv);
            reference_perft(&next, depth - 1)
        })
        .sum()
}

/// Checks the engine's and the reference's perft from a position, for
/// every depth up to `depth`.
pub fn perft_agrees<G: Game + Clone, R: Reference>(p: &G, n: &R, depth: usize) {
    for d in 0..=depth {
        assert_eq!(perft(p, d), reference_perft(n, d), "depth {d}");
    }
}

/// A random game of `plies` moves (fewer if it ends) played on both.
pub fn random_pair<G: Game, R: Reference>(
    mut p: G,
    mut n: R,
    rng: &mut StdRng,
    plies: usize,
) -> (G, R) {
    for _ in 0..plies {
        if p.is_over() {
            break;
        }
        let moves = p.legal_moves();
        let mv = moves[rng.gen_range(0..moves.len())];
        p.play(mv).expect("a legal move");
        n.play(mv);
    }
    (p, n)
}

/// Every move id below `probe` is legal on both, or refused by the engine
/// with the right reason (`NoSuchMove` past the last id, `GameOver` when
/// over, else `taken`: a full column or rod) and without any change.
pub fn refusals_agree<G, R>(p: &mut G, n: &R, probe: Move, taken: IllegalMove)
where
    G: Game + Clone + PartialEq + Debug,
    R: Reference,
{
    for mv in 0..probe {
        let legal = n.legal(mv);
        assert_eq!(p.is_legal(mv), legal, "move {mv}");
        if legal {
            continue;
        }
        let before = p.clone();
        let err = p.play(mv).unwrap_err();
        assert_eq!(*p, before, "a refused move changed the position");
        let expected = if mv as usize >= n.move_count() {
            IllegalMove::NoSuchMove
        } else if n.over() {
            IllegalMove::GameOver
        } else {
            taken
        };
        assert_eq!(err, expected, "move {mv}");
    }
}

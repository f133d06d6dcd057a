//! The Connect Four 3D levels.
//!
//! * Hard: iterative-deepening principal-variation search ([`super::pvs`])
//!   with immediate-win / forced-block detection and moves that would let
//!   the opponent's winning cell become playable pruned; once at most
//!   [`EXACT_FREE`] cells are free it also solves the position exactly (win
//!   / draw / loss).
//! * Medium: the same search at a fixed depth of [`MEDIUM_DEPTH`] plies,
//!   picking at random among the moves that score within a few points of
//!   the best.
//! * Easy: takes a win, blocks half of the time, otherwise a random move
//!   that favours cells on many lines (the centre and the corners).

use super::eval::{order_score, playable, threats};
use super::pvs::{with_table, Search, INF, MATE};
use crate::cpu::search::{self, weighted_pick, Budget, Cpu};
use crate::cpu::time::{Duration, Instant};
use crate::cpu::Level;
use crate::game::bits::Bits;
use crate::game::connect4_3d::{lines_through, Connect4ThreeD, RODS};
use crate::game::{Game, Move, Outcome};
use rand::Rng;

/// Random plies before the CPUs take over in an arena series (the seeded
/// match of the tests, `cargo bench --bench arena`), so that games differ.
pub const ARENA_OPENING_PLIES: usize = 2;

/// Hard solves the position exactly once this few cells are free.
pub const EXACT_FREE: u32 = 20;
/// Plies Medium looks ahead.
pub const MEDIUM_DEPTH: i32 = 3;
/// Hard starts no new iteration after this long (unless solving exactly).
const HARD_SOFT: Duration = Duration::from_millis(70);
/// Hard abandons the heuristic search after this long.
const HARD_HEURISTIC_CAP: Duration = Duration::from_millis(400);
/// Hard's exact solve stops after this long (the budget may stop it sooner).
const HARD_EXACT_CAP: Duration = Duration::from_millis(1300);

/// The side to move's beads and the other side's.
fn sides(position: &Connect4ThreeD) -> (u64, u64) {
    let seat = position.to_move();
    (position.stones(seat), position.stones(1 - seat))
}

fn rod_of(cell: u8) -> Move {
    (cell as usize % RODS) as Move
}

impl Cpu for Connect4ThreeD {
    fn choose<R: Rng + ?Sized>(&self, level: Level, budget: &Budget, rng: &mut R) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let (me, opp) = sides(self);
        let play = playable(me | opp);
        if play == 0 {
            return None;
        }
        let fallback = rod_of(play.trailing_zeros() as u8);
        let mv = match level {
            Level::Easy => easy(me, opp, rng),
            Level::Medium => medium(me, opp, budget, rng),
            Level::Hard => hard(me, opp, budget),
        };
        Some(mv.filter(|&m| self.is_legal(m)).unwrap_or(fallback))
    }
}

/// Cells by how many lines pass through them, as a pick weight.
fn centre_weight(cell: u32) -> u32 {
    let n = lines_through(cell as u16).len() as u32;
    n * n
}

fn easy(me: u64, opp: u64, rng: &mut (impl Rng + ?Sized)) -> Option<Move> {
    let play = playable(me | opp);
    let (my_t, op_t) = threats(me, opp);
    if my_t & play != 0 {
        return Some(rod_of((my_t & play).trailing_zeros() as u8));
    }
    if op_t & play != 0 && rng.gen_bool(0.5) {
        return Some(rod_of((op_t & play).trailing_zeros() as u8));
    }
    let cells: Vec<u32> = play.ones().collect();
    weighted_pick(&cells, centre_weight, rng).map(|c| rod_of(c as u8))
}

/// The root moves in search order, or the move to play without search:
/// a win, a block (if there are two, the game is lost anyway), never a bead
/// under an opponent's winning cell (the first free cell when every move
/// is), and a lone candidate.
fn root_moves(me: u64, opp: u64) -> Result<Vec<u8>, u8> {
    let play = playable(me | opp);
    let (my_t, op_t) = threats(me, opp);
    let under = op_t >> RODS;
    if (my_t | op_t) & play == 0 && play & !under == 0 {
        return Err(play.trailing_zeros() as u8);
    }
    let order = search::root_moves(play, my_t, &[op_t], under, |c| {
        order_score(me, opp, c, my_t)
    })
    .map_err(|c| c as u8)?;
    match order[..] {
        [only] => Err(only as u8),
        _ => Ok(order.into_iter().map(|c| c as u8).collect()),
    }
}

fn medium(me: u64, opp: u64, budget: &Budget, rng: &mut (impl Rng + ?Sized)) -> Option<Move> {
    let order = match root_moves(me, opp) {
        Ok(order) => order,
        Err(c) => return Some(rod_of(c)),
    };
    with_table(|tt| {
        let mut search = Search::new(tt, budget, budget.deadline);
        let mut scored = Vec::with_capacity(order.len());
        for &c in &order {
            let s = -search.negamax(opp, me | 1 << c, MEDIUM_DEPTH - 1, -INF, INF, 1);
            if search.aborted() {
                break;
            }
            scored.push((s, c));
        }
        let best = scored.iter().map(|&(s, _)| s).max()?;
        let near: Vec<u8> = scored
            .iter()
            .filter(|&&(s, _)| s >= best - 3)
            .map(|&(_, c)| c)
            .collect();
        Some(rod_of(near[rng.gen_range(0..near.len())]))
    })
    .or(Some(rod_of(order[0])))
}

fn hard(me: u64, opp: u64, budget: &Budget) -> Option<Move> {
    hard_search(me, opp, budget, HARD_SOFT, HARD_HEURISTIC_CAP, i32::MAX)
}

/// Hard's search: iterative deepening until `soft` has passed (or `cap`
/// stops a deepening midway, or `max_depth` is reached), then the exact
/// check when few cells are free.
fn hard_search(
    me: u64,
    opp: u64,
    budget: &Budget,
    soft: Duration,
    cap: Duration,
    max_depth: i32,
) -> Option<Move> {
    let mut order = match root_moves(me, opp) {
        Ok(order) => order,
        Err(c) => return Some(rod_of(c)),
    };
    let start = Instant::now();
    let free = (!(me | opp)).count_ones();
    with_table(|tt| {
        let mut search = Search::new(tt, budget, start + cap);
        let mut best = order[0];
        let mut depth = 1;
        while depth <= (free as i32).min(max_depth) {
            match search.root(me, opp, &mut order, depth, -INF, INF) {
                Some((c, score)) => {
                    best = c;
                    if search.aborted() || MATE.decided(score) {
                        break;
                    }
                }
                None => break,
            }
            if start.elapsed() >= soft {
                break;
            }
            depth += 1;
        }
        if free <= EXACT_FREE && !budget.expired() {
            // Exact: does some move win, or at least draw? The heuristic
            // choice goes first and is replaced only by a strictly better one.
            if let Some(i) = order.iter().position(|&c| c == best) {
                order[..=i].rotate_right(1);
            }
            let mut exact = Search::new(search.tt, budget, start + HARD_EXACT_CAP);
            if let Some((c, score)) = exact.root(me, opp, &mut order, free as i32 + 1, -1, 1) {
                if !exact.aborted() && score >= 0 {
                    best = c;
                }
            }
        }
        Some(rod_of(best))
    })
}

/// The exact value of a position for the side to move: `1` win, `0` draw,
/// `-1` loss (a finished game: `-1` when the last bead won, else `0`), or
/// `None` when the budget ran out first. Meant for late positions (about 20
/// free cells or fewer); any position is accepted.
pub fn solve(position: &Connect4ThreeD, budget: &Budget) -> Option<i32> {
    match position.outcome() {
        Some(Outcome::Win { .. }) => return Some(-1),
        Some(Outcome::Draw) => return Some(0),
        None => {}
    }
    let (me, opp) = sides(position);
    let free = (!(me | opp)).count_ones() as i32;
    with_table(|tt| {
        let mut search = Search::new(tt, budget, budget.deadline);
        let score = search.negamax(me, opp, free + 1, -1, 1, 0);
        (!search.aborted()).then_some(score.signum())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::arena::Arena;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn budget() -> Budget {
        Budget::new(Duration::from_secs(5))
    }

    fn pos(names: &str) -> Connect4ThreeD {
        Connect4ThreeD::from_names(names).unwrap()
    }

    /// A random position that is not over, `plies` beads in.
    fn random_position(rng: &mut StdRng, plies: usize) -> Connect4ThreeD {
        loop {
            let mut p = Connect4ThreeD::new();
            for _ in 0..plies {
                let moves = p.legal_moves();
                if p.is_over() {
                    break;
                }
                p.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            }
            if !p.is_over() {
                return p;
            }
        }
    }

    #[test]
    fn every_level_plays_legal_moves() {
        let mut rng = StdRng::seed_from_u64(7);
        for i in 0..24 {
            let p = random_position(&mut rng, (i * 5) % 60);
            for level in Level::ALL {
                let budget = Budget::new(Duration::from_millis(200));
                let mv = p.choose(level, &budget, &mut rng).expect("a move");
                assert!(p.is_legal(mv), "{level:?} played {mv} in {p:?}");
            }
        }
    }

    #[test]
    fn no_move_when_over() {
        // Red fills A1 from the bottom... a rod is a vertical line.
        let p = pos("A1 B1 A1 B1 A1 B1 A1");
        assert!(p.is_over());
        for level in Level::ALL {
            assert_eq!(
                p.choose(level, &budget(), &mut StdRng::seed_from_u64(1)),
                None
            );
        }
    }

    #[test]
    fn cancelled_budget_still_gives_a_legal_move() {
        let p = pos("A1 B2");
        let b = budget();
        b.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        for level in Level::ALL {
            let mv = p.choose(level, &b, &mut StdRng::seed_from_u64(1)).unwrap();
            assert!(p.is_legal(mv));
        }
    }

    #[test]
    fn takes_an_immediate_win() {
        // Red has A1 B1 C1 on the bottom level; D1 wins.
        let p = pos("A1 A2 B1 B2 C1 D4");
        let d1 = p.parse_move("D1").unwrap();
        for level in Level::ALL {
            assert_eq!(
                p.choose(level, &budget(), &mut StdRng::seed_from_u64(1)),
                Some(d1),
                "{level:?}"
            );
        }
    }

    #[test]
    fn blocks_an_immediate_loss() {
        // Red threatens D1; yellow must block.
        let p = pos("A1 A2 B1 B2 C1");
        let d1 = p.parse_move("D1").unwrap();
        for level in [Level::Medium, Level::Hard] {
            assert_eq!(
                p.choose(level, &budget(), &mut StdRng::seed_from_u64(1)),
                Some(d1),
                "{level:?}"
            );
        }
    }

    #[test]
    fn does_not_play_under_the_opponent_winning_cell() {
        // Yellow holds B1 C1 D1 on level 1; A1 level 1 would win for yellow,
        // so red must not put the first bead on A1.
        let p = pos("B1 B1 D1 D1 A4 C1 A4 C1");
        let a1 = p.parse_move("A1").unwrap();
        for level in [Level::Medium, Level::Hard] {
            let mv = p
                .choose(level, &budget(), &mut StdRng::seed_from_u64(1))
                .unwrap();
            assert_ne!(mv, a1, "{level:?}");
        }
    }

    /// Plain minimax: 1 win, 0 draw, -1 loss for the side to move.
    fn minimax(p: &Connect4ThreeD) -> i32 {
        if let Some(o) = p.outcome() {
            return if o.winner().is_some() { -1 } else { 0 };
        }
        p.legal_moves()
            .into_iter()
            .map(|m| {
                let mut q = *p;
                q.play(m).unwrap();
                -minimax(&q)
            })
            .max()
            .unwrap()
    }

    #[test]
    fn solve_agrees_with_minimax_on_nearly_full_boards() {
        let mut rng = StdRng::seed_from_u64(11);
        let mut checked = 0;
        while checked < 40 {
            let mut p = Connect4ThreeD::new();
            while p.plies() < 55 && !p.is_over() {
                let moves = p.legal_moves();
                p.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            }
            if p.is_over() {
                continue;
            }
            assert_eq!(solve(&p, &budget()), Some(minimax(&p)), "{p:?}");
            checked += 1;
        }
    }

    /// Hard's search stopped by depth rather than by the clock, so that a
    /// match does not depend on how busy the machine is.
    fn hard_to_depth(position: &Connect4ThreeD, depth: i32) -> Move {
        let seat = position.to_move();
        let (me, opp) = (position.stones(seat), position.stones(1 - seat));
        let long = Duration::from_secs(600);
        hard_search(me, opp, &Budget::new(long), long, long, depth).expect("a move")
    }

    #[test]
    fn hard_beats_medium_in_a_short_seeded_match() {
        let arena = Arena {
            games: 4,
            seed: 3,
            opening_plies: ARENA_OPENING_PLIES,
            move_time: Duration::from_secs(5),
        };
        let hard = |p: &Connect4ThreeD, _: &Budget, _: &mut StdRng| Some(hard_to_depth(p, 4));
        let medium =
            |p: &Connect4ThreeD, b: &Budget, rng: &mut StdRng| p.choose(Level::Medium, b, rng);
        let r = arena
            .play(&Connect4ThreeD::new(), &[&hard, &medium], |_, _| {})
            .unwrap();
        assert!(r.wins[0] > r.wins[1], "hard {r:?}");
    }
}

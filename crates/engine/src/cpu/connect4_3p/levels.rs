//! The Connect Four for three levels.
//!
//! * Hard: the search of [`HARD_SEARCH`] ([`super::searcher`]) by
//!   iterative deepening. Hard shares the win / block-next / no-move-under
//!   rules of medium at the root but leaves the seat after next to its
//!   search, in which every seat blocks the next seat's immediate win (so
//!   the next seat blocks that one).
//! * Medium: win, must-block (next seat first, then the one after), no move
//!   under an opponent's winning cell, then one ply of the evaluation.
//! * Easy: takes a win when it sees one, otherwise random with a centre bias.

use super::searcher::{Search3p, Searcher, HARD_SEARCH, MATE};
use super::state::{column_of, State, COLUMN_BONUS};
use crate::cpu::search::{self, weighted_pick, Budget, Cpu};
use crate::cpu::time::{Duration, Instant};
use crate::cpu::Level;
use crate::game::bits::Bits;
use crate::game::connect4_3p::{Connect4ThreePlayer, CELLS, SEATS, STRIDE};
use crate::game::{Game, Move};
use rand::Rng;

/// Random plies before the CPUs take over in `cargo bench --bench arena`,
/// so that the games of a series differ.
pub const ARENA_OPENING_PLIES: usize = 3;

/// Hard starts no new iteration after this long.
const HARD_SOFT: Duration = Duration::from_millis(50);
/// Hard abandons the search after this long.
const HARD_CAP: Duration = Duration::from_millis(500);
/// With a node budget (tests, reproducible arenas), hard starts no new
/// iteration after this part of it, as [`HARD_SOFT`] is of [`HARD_CAP`].
const HARD_SOFT_NODES_PART: u64 = 10;

impl Cpu for Connect4ThreePlayer {
    fn choose<R: Rng + ?Sized>(&self, level: Level, budget: &Budget, rng: &mut R) -> Option<Move> {
        choose_searching(self, level, HARD_SEARCH, budget, rng)
    }
}

/// [`Cpu::choose`] with the hard level's search chosen (to measure one
/// against the other).
pub fn choose_searching<R: Rng + ?Sized>(
    position: &Connect4ThreePlayer,
    level: Level,
    search: Search3p,
    budget: &Budget,
    rng: &mut R,
) -> Option<Move> {
    if position.is_over() {
        return None;
    }
    let state = State::of(position);
    let play = state.playable();
    if play == 0 {
        return None;
    }
    let fallback = column_of(play.trailing_zeros());
    let mv = match level {
        Level::Easy => easy(&state, rng),
        Level::Medium => medium(&state, rng),
        Level::Hard => hard(&state, search, budget),
    };
    Some(mv.filter(|&m| position.is_legal(m)).unwrap_or(fallback))
}

fn easy(state: &State, rng: &mut (impl Rng + ?Sized)) -> Option<Move> {
    let play = state.playable();
    let t = state.threats();
    if t[state.to_move] & play != 0 {
        return Some(column_of((t[state.to_move] & play).trailing_zeros()));
    }
    let cells: Vec<u32> = play.ones().collect();
    let weight = |b: u32| COLUMN_BONUS[b as usize / STRIDE] as u32 + 1;
    weighted_pick(&cells, weight, rng).map(column_of)
}

/// The tactical part shared by medium and hard: the move to play without
/// search (`Err`), or the moves worth searching (`Ok`, never empty).
/// With `block_after`, also blocks the win of the seat after next at once and
/// avoids the cell under it (hard leaves that to its search, where the next
/// seat blocks it).
fn root_moves(state: &State, block_after: bool) -> Result<Vec<u32>, u32> {
    let seat = state.to_move;
    let (next, after) = ((seat + 1) % SEATS, (seat + 2) % SEATS);
    let t = state.threats();
    // The next seat moves first: its win is the one to block. No disc right
    // under a cell where an opponent would win (for hard, only the next
    // seat: the seat after next would be blocked by the next).
    let (blocks, danger) = if block_after {
        ([t[next], t[after]], t[next] | t[after])
    } else {
        ([t[next], 0], t[next])
    };
    search::root_moves(state.playable(), t[seat], &blocks, danger >> 1, |b| {
        state.order_score(seat, b)
    })
}

fn medium(state: &State, rng: &mut (impl Rng + ?Sized)) -> Option<Move> {
    let moves = match root_moves(state, true) {
        Ok(m) => m,
        Err(b) => return Some(column_of(b)),
    };
    let seat = state.to_move;
    let scored: Vec<(i32, u32)> = moves
        .iter()
        .map(|&b| (state.with(seat, b, (seat + 1) % SEATS).score(seat), b))
        .collect();
    let best = scored.iter().map(|&(s, _)| s).max()?;
    let near: Vec<u32> = scored
        .iter()
        .filter(|&&(s, _)| s >= best - 4)
        .map(|&(_, b)| b)
        .collect();
    Some(column_of(near[rng.gen_range(0..near.len())]))
}

fn hard(state: &State, kind: Search3p, budget: &Budget) -> Option<Move> {
    let mut order = match root_moves(state, false) {
        Ok(m) => m,
        Err(b) => return Some(column_of(b)),
    };
    if order.len() == 1 {
        return Some(column_of(order[0]));
    }
    let start = Instant::now();
    // A node budget is the cap (the same series under any load); the clock
    // caps only the real budget.
    let cap = match budget.nodes {
        Some(_) => budget.deadline,
        None => start + HARD_CAP,
    };
    let mut searcher = Searcher::new(state, kind, budget, cap);
    let free = CELLS as i32 - state.occupied().count_ones() as i32;
    let mut best = order[0];
    let mut depth = 1;
    while depth <= free {
        match searcher.root_search(state, &mut order, depth) {
            // Every move loses against best play: keep the shallower choice,
            // which at least holds out longer against real opponents.
            Some((_, score)) if score < -MATE.bound && depth > 1 => break,
            Some((b, score)) => {
                best = b;
                if searcher.aborted() || score > MATE.bound {
                    break;
                }
            }
            None => break,
        }
        let soft = match budget.nodes {
            Some(n) => searcher.nodes() >= n / HARD_SOFT_NODES_PART,
            None => start.elapsed() >= HARD_SOFT,
        };
        if soft {
            break;
        }
        depth += 1;
    }
    Some(column_of(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::connect4_3p::state::WINDOWS;
    use crate::game::connect4_3p::BOARD;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    /// A player of the tests: a level, or hard with a chosen search.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Cpu3p {
        Easy,
        Medium,
        Hard(Search3p),
    }

    fn choose_cpu(
        p: &Connect4ThreePlayer,
        cpu: Cpu3p,
        budget: &Budget,
        rng: &mut StdRng,
    ) -> Option<Move> {
        let (level, search) = match cpu {
            Cpu3p::Easy => (Level::Easy, HARD_SEARCH),
            Cpu3p::Medium => (Level::Medium, HARD_SEARCH),
            Cpu3p::Hard(search) => (Level::Hard, search),
        };
        choose_searching(p, level, search, budget, rng)
    }

    const ALL_CPUS: [Cpu3p; 4] = [
        Cpu3p::Easy,
        Cpu3p::Medium,
        Cpu3p::Hard(Search3p::Paranoid),
        Cpu3p::Hard(Search3p::BestReply),
    ];
    const SEARCHING: [Cpu3p; 3] = [
        Cpu3p::Medium,
        Cpu3p::Hard(Search3p::Paranoid),
        Cpu3p::Hard(Search3p::BestReply),
    ];

    /// A fixed node budget: the same answer on any machine, under any load.
    fn budget() -> Budget {
        Budget::of_nodes(200_000)
    }

    fn pos(digits: &str) -> Connect4ThreePlayer {
        Connect4ThreePlayer::from_digits(digits).unwrap()
    }

    #[test]
    fn windows_are_all_distinct_fours_on_the_board() {
        for (i, &w) in WINDOWS.iter().enumerate() {
            assert_eq!(w.count_ones(), 4);
            assert_eq!(w & !BOARD, 0);
            assert!(WINDOWS[..i].iter().all(|&v| v != w));
        }
    }

    #[test]
    fn every_player_plays_legal_moves() {
        let mut rng = StdRng::seed_from_u64(5);
        for i in 0..24 {
            let mut p = Connect4ThreePlayer::new();
            let plies = (i * 7) % 75;
            while p.plies() < plies && !p.is_over() {
                let moves = p.legal_moves();
                p.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            }
            if p.is_over() {
                continue;
            }
            for cpu in ALL_CPUS {
                let b = Budget::new(Duration::from_millis(200));
                let mv = choose_cpu(&p, cpu, &b, &mut rng).expect("a move");
                assert!(p.is_legal(mv), "{cpu:?} played {mv} in {p:?}");
            }
        }
    }

    #[test]
    fn none_when_over_and_legal_when_cancelled() {
        // Red stacks column 1 four times while the others play 2 and 3.
        let p = pos("1231231231");
        assert!(p.is_over());
        for level in Level::ALL {
            assert_eq!(
                p.choose(level, &budget(), &mut StdRng::seed_from_u64(1)),
                None
            );
        }
        let p = pos("55");
        let b = budget();
        b.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        for level in Level::ALL {
            assert!(p.is_legal(p.choose(level, &b, &mut StdRng::seed_from_u64(1)).unwrap()));
        }
    }

    #[test]
    fn takes_an_immediate_win() {
        // Red (seat 0) has 1, 2, 3 on the bottom row; 4 wins. Red to move.
        let p = pos("156267378");
        assert_eq!(p.to_move(), 0);
        for cpu in ALL_CPUS {
            let mv = choose_cpu(&p, cpu, &budget(), &mut StdRng::seed_from_u64(1));
            assert_eq!(mv, Some(3), "{cpu:?}");
        }
    }

    /// Plays 1-based columns in turn (red, yellow, blue, red, ...).
    fn play_columns(columns: &[u16]) -> Connect4ThreePlayer {
        let mut p = Connect4ThreePlayer::new();
        for &c in columns {
            p.play(c - 1).unwrap();
        }
        p
    }

    fn threats_of(p: &Connect4ThreePlayer) -> [u128; SEATS] {
        State::of(p).threats()
    }

    #[test]
    fn blocks_the_next_players_win() {
        // Yellow (next) has 2, 3, 4 on the bottom row, open at 1 and 5; red
        // to move can cover one end, and must.
        let p = play_columns(&[7, 2, 9, 8, 3, 9, 9, 4, 9]);
        assert_eq!(p.to_move(), 0);
        assert_eq!(threats_of(&p)[0], 0);
        for cpu in SEARCHING {
            let mv = choose_cpu(&p, cpu, &budget(), &mut StdRng::seed_from_u64(1)).unwrap();
            assert!(mv == 0 || mv == 4, "{cpu:?} played {mv}");
        }
    }

    #[test]
    fn blocks_the_next_player_before_the_one_after() {
        // Red 1, 1, 6; yellow (next) 2, 3, 4 with 1 taken, so 5 wins for
        // yellow; blue (after) 9, 9, 9, so the top of 9 wins for blue. Red
        // blocks yellow, who would move first.
        let p = play_columns(&[1, 2, 9, 6, 3, 9, 1, 4, 9]);
        assert_eq!(p.to_move(), 0);
        let t = threats_of(&p);
        assert_eq!(t[0], 0);
        assert!(t[1] != 0 && t[2] != 0);
        for cpu in SEARCHING {
            let mv = choose_cpu(&p, cpu, &budget(), &mut StdRng::seed_from_u64(1)).unwrap();
            assert_eq!(mv, 4, "{cpu:?}");
        }
    }

    #[test]
    fn medium_blocks_the_player_after_when_the_next_has_no_win() {
        // Blue has 9 three high; yellow has nothing to win with. Medium
        // blocks 9 at once; hard leaves it to yellow, who moves first and
        // must block it (its search models that).
        let p = play_columns(&[1, 2, 9, 3, 5, 9, 7, 5, 9]);
        assert_eq!(p.to_move(), 0);
        let t = threats_of(&p);
        assert_eq!(t[0] | t[1], 0);
        let mv = choose_cpu(&p, Cpu3p::Medium, &budget(), &mut StdRng::seed_from_u64(1));
        assert_eq!(mv, Some(8));
    }

    #[test]
    fn avoids_playing_under_an_opponent_win() {
        // Yellow holds the second row in columns 2, 3, 4 (column 1's second
        // cell is red), so the second cell of the empty column 5 would win
        // for yellow: red must not play 5.
        let p = play_columns(&[2, 8, 3, 4, 2, 1, 1, 3, 9, 6, 4, 9]);
        assert_eq!(p.to_move(), 0);
        let t = threats_of(&p);
        assert_eq!(t[0] | t[2], 0);
        assert_eq!(t[1], 1 << crate::game::connect4_3p::cell(4, 1));
        for cpu in SEARCHING {
            let mv = choose_cpu(&p, cpu, &budget(), &mut StdRng::seed_from_u64(1)).unwrap();
            assert_ne!(mv, 4, "{cpu:?}");
        }
    }
}

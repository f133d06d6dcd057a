//! A measurement of the hard level's play before the exact solver takes
//! over: in games of hard against another level, the first position at
//! hard's turn where the exact solver answers within a measurement budget
//! (a node count, so that a run does not depend on the machine) is solved,
//! and hard's move there is compared with the best move. Run it with
//! `boardbot dots-check` ([`measure`]).

use super::geometry::Geometry;
use super::solver::Solver;
use crate::cpu::search::{Budget, Cpu};
use crate::cpu::Level;
use crate::game::dots::DotsAndBoxes;
use crate::game::{Game, Seat};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// What one run of [`measure`] found.
#[derive(Debug, Clone, Default)]
pub struct Handover {
    pub games: u32,
    /// Games in which some position at hard's turn was solved.
    pub judged: u32,
    /// Free lines at the judged positions, summed (for the mean).
    pub free_lines: u32,
    /// Judged positions where hard's move was not a best move, and the
    /// boxes those moves gave away (best value minus the move's value).
    pub mistakes: u32,
    pub given_away: i32,
    /// Judged positions that perfect play from there loses for hard
    /// (boxes already claimed counted), and those it draws.
    pub lost_there: u32,
    pub drawn_there: u32,
    /// Judged positions hard could still win or draw where its move loses
    /// with perfect play from then on: games its move threw away.
    pub lost_by_move: u32,
    /// Hard's final margin with perfect play from the judged positions,
    /// summed: how good a position hard had reached.
    pub margin_there: i32,
    /// The games' results for hard: won, drawn, net boxes.
    pub won: u32,
    pub drawn: u32,
    pub net: i32,
    /// One line per judged position: free and safe lines, hard's move's
    /// value and the best value.
    pub details: Vec<String>,
}

impl Handover {
    /// Counts one judged position with `free` free lines, where hard leads
    /// by `claimed` boxes, the best line is worth `best` (boxes still to
    /// come, perfect play from then on) and hard's line `played`.
    fn record(&mut self, free: u32, claimed: i32, best: i32, played: i32) {
        self.judged += 1;
        self.free_lines += free;
        if played < best {
            self.mistakes += 1;
            self.given_away += best - played;
        }
        let margin = claimed + best;
        self.margin_there += margin;
        self.lost_there += u32::from(margin < 0);
        self.drawn_there += u32::from(margin == 0);
        self.lost_by_move += u32::from(margin >= 0 && claimed + played < 0);
    }
}

/// What each CPU move gets in [`measure`].
#[derive(Debug, Clone, Copy)]
pub enum MoveBudget {
    /// So many nodes for each search (the exact solver's, the theory's):
    /// the same figures on any machine.
    Nodes(u64),
    /// The bot's own time a move ([`Budget::HARD`]), as in a game in
    /// Discord: the figures depend on the machine and its load.
    BotTime,
}

impl MoveBudget {
    fn budget(self) -> Budget {
        match self {
            MoveBudget::Nodes(n) => Budget::of_nodes(n),
            MoveBudget::BotTime => Budget::new(Budget::HARD),
        }
    }
}

/// Plays `games` games of hard against `opponent` on a `width` × `height`
/// board, seats alternating (hard first in even games), every move with
/// `per_move`; the measurement solver gets `judge_nodes` per solve and is
/// tried from `from` free lines down. With `verbose`, each judged
/// position's line in [`Handover::details`] also says what hard's own
/// solver made of it (one more search with `per_move`). `game_over` is
/// told how many games are done after each one.
#[allow(clippy::too_many_arguments)] // a measurement's knobs, named at the one call
pub fn measure(
    width: u8,
    height: u8,
    games: u32,
    opponent: Level,
    from: u32,
    per_move: MoveBudget,
    judge_nodes: u64,
    seed: u64,
    verbose: bool,
    mut game_over: impl FnMut(u32),
) -> Handover {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Handover {
        games,
        ..Handover::default()
    };
    for game in 0..games {
        let hard_seat: Seat = (game % 2) as Seat;
        let mut p = DotsAndBoxes::new(width, height).expect("a board size the game knows");
        let g = Geometry::of(&p);
        let mut judged = false;
        while !p.is_over() {
            let hard_turn = p.to_move() == hard_seat;
            let level = if hard_turn { Level::Hard } else { opponent };
            let mv = p
                .choose(level, &per_move.budget(), &mut rng)
                .expect("a line while the game goes on");
            let drawn = p.drawn();
            let free = (g.all & !drawn).count_ones();
            if hard_turn && !judged && free <= from {
                let judge = Budget::of_nodes(judge_nodes);
                let solved = Solver::new(&g, Some(&judge)).best_move(drawn);
                if let Some((_, best)) = solved {
                    let l = mv as usize;
                    if let Some(v) = Solver::new(&g, None).line_value(drawn, l) {
                        judged = true;
                        let s = p.scores();
                        let me = hard_seat as usize;
                        let claimed = s[me] as i32 - s[1 - me] as i32;
                        let margin = claimed + best;
                        // What hard's exact solver made of it within its
                        // budget: the value, a proved bound, or nothing.
                        let exact = if verbose {
                            let mut own = Solver::new(&g, Some(&per_move.budget()));
                            match own.best_move(drawn) {
                                Some((_, v)) => format!("exact {v}"),
                                None => match own.proven() {
                                    Some((_, b)) => format!("proved >= {b}"),
                                    None => "nothing".to_string(),
                                },
                            }
                        } else {
                            "not asked".to_string()
                        };
                        out.details.push(format!(
                            "game {game}: {free} free lines, {} safe: hard's line {l} worth {v}, best {best}, margin there {margin:+} (hard's solver: {exact}; drawn {drawn:#x})",
                            super::theory::safe_lines(&g, drawn).len()
                        ));
                        out.record(free, claimed, best, v);
                    }
                }
            }
            p.play(mv).expect("a legal line");
        }
        let s = p.scores();
        let me = hard_seat as usize;
        let m = s[me] as i32 - s[1 - me] as i32;
        out.net += m;
        out.won += u32::from(m > 0);
        out.drawn += u32::from(m == 0);
        game_over(game + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Handover;

    #[test]
    fn a_judged_position_is_counted_by_what_the_move_cost() {
        let mut h = Handover::default();
        // Best: win by 2; hard's line loses by 2 (a thrown game).
        h.record(35, 0, 2, -2);
        // Already a box behind, the best line draws, hard's loses by 2.
        h.record(34, -1, 1, -1);
        // Lost whatever hard does; its line is one of the best.
        h.record(33, 0, -2, -2);
        // A win kept: not the best line, still ahead.
        h.record(35, 2, 4, 0);
        assert_eq!(h.judged, 4);
        assert_eq!(h.free_lines, 137);
        assert_eq!(h.mistakes, 3);
        assert_eq!(h.given_away, 4 + 2 + 4);
        assert_eq!(h.lost_there, 1);
        assert_eq!(h.drawn_there, 1);
        assert_eq!(h.lost_by_move, 2);
        // Margins there: +2, 0, -2, +6.
        assert_eq!(h.margin_there, 6);
    }
}

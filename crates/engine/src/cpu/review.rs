//! Reviews of finished matches: what each position was worth and how each
//! move changed it.
//!
//! - Connect Four: every position is judged by the exact solver (the score:
//!   win in n, draw, loss in n), else by the weak solve (win, draw or loss),
//!   else it stays unknown; the opening book's move counts as a best move.
//! - Dots and Boxes: the exact solver once few enough lines are free (the
//!   final margin in boxes with perfect play); the moves before that are
//!   not graded.
//! - Connect Four 3D and for three: the hard CPU's choice and the plain
//!   facts one move deep (a win missed, a win given to the next player),
//!   always labelled as an estimate.
//!
//! A move is flagged only on proof: both the value before it and the value
//! after it are known, and the second is worse.
//!
//! [`judge`] looks at one position within a budget (the service runs it on
//! the search pool, one position at a time); [`grade`] turns the judged
//! positions of a game into the review, and is cheap.

use crate::cpu::connect4::book;
use crate::cpu::connect4::pool;
use crate::cpu::connect4::position::Position;
use crate::cpu::dots::geometry::Geometry;
use crate::cpu::dots::levels::hint_exact_free_lines;
use crate::cpu::dots::solver::Solver as DotsSolver;
use crate::cpu::search::{Budget, Cpu, Level};
use crate::cpu::time::{Duration, Instant};
use crate::game::{AnyGame, Game, GameKind, Move, Seat};
use rand::Rng;

/// The longest one position of a game is judged: the exact games
/// (Connect Four, Dots and Boxes) get a solver's time, the estimated ones
/// (3D, for three) the hard CPU's choice.
pub fn position_time(kind: GameKind) -> Duration {
    match kind {
        GameKind::Connect4 | GameKind::Dots { .. } => Duration::from_millis(1500),
        _ => Duration::from_millis(300),
    }
}

/// The longest a whole review thinks; positions left when it runs out are
/// not graded.
pub const REVIEW_TIME: Duration = Duration::from_secs(25);

/// What is known about a position, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Value {
    /// Connect Four: the solver's score (positive: a win, the sooner the
    /// larger). Dots and Boxes: the final margin in boxes with perfect play.
    Exact(i32),
    /// The proved result only: 1 win, 0 draw, -1 loss.
    Result(i8),
    /// Not proved within the budget (or never tried).
    Unknown,
}

impl Value {
    /// 1 win, 0 draw, -1 loss, when known.
    pub fn result(self) -> Option<i8> {
        match self {
            Value::Exact(s) => Some(s.signum() as i8),
            Value::Result(r) => Some(r),
            Value::Unknown => None,
        }
    }

    /// The same position seen by the other player (two-player games).
    pub fn flipped(self) -> Value {
        match self {
            Value::Exact(s) => Value::Exact(-s),
            Value::Result(r) => Value::Result(-r),
            Value::Unknown => Value::Unknown,
        }
    }
}

/// One judged position: its value and a move that keeps it, when known
/// (stored, so that a match is judged once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Judged {
    pub value: Value,
    /// A best move: one that keeps `value` (Connect Four, Dots and Boxes),
    /// the book's move, or the hard CPU's choice (3D, for three).
    pub best: Option<Move>,
}

impl Judged {
    pub const UNKNOWN: Judged = Judged {
        value: Value::Unknown,
        best: None,
    };
}

/// Judges the position in `game` (for its side to move) within `budget`.
pub fn judge(game: &AnyGame, budget: &Budget) -> Judged {
    judge_with(game, budget, &mut rand::thread_rng())
}

/// [`judge`] with the caller's random numbers.
pub fn judge_with<R: Rng + ?Sized>(game: &AnyGame, budget: &Budget, rng: &mut R) -> Judged {
    if game.is_over() {
        return Judged {
            value: terminal(game),
            best: None,
        };
    }
    match game {
        AnyGame::Connect4(g) => connect4(&Position::from_game(g), budget),
        AnyGame::Dots(g) => {
            let geometry = Geometry::of(g);
            let drawn = g.drawn();
            let free = (geometry.all & !drawn).count_ones();
            // The hint's reach: a few more free lines than a CPU move tries.
            if free > hint_exact_free_lines(geometry.width, geometry.height) {
                return Judged::UNKNOWN;
            }
            let solved = DotsSolver::new(&geometry, Some(budget)).best_move(drawn);
            match solved {
                Some((line, future)) => {
                    let scores = g.scores();
                    let me = g.to_move() as usize;
                    Judged {
                        value: Value::Exact(scores[me] as i32 - scores[1 - me] as i32 + future),
                        best: Some(line as Move),
                    }
                }
                None => Judged::UNKNOWN,
            }
        }
        AnyGame::Connect4ThreeD(_) | AnyGame::Connect4ThreePlayer(_) => Judged {
            value: Value::Unknown,
            best: game.choose(Level::Hard, budget, rng),
        },
    }
}

/// The value of a finished position for the side that would move next.
fn terminal(game: &AnyGame) -> Value {
    let to_move = game.to_move();
    match game {
        AnyGame::Connect4(g) => {
            let p = Position::from_game(g);
            match game.outcome().and_then(|o| o.winner()) {
                // The winner's k-th stone scores 22 - k.
                Some(_) => Value::Exact(-(22 - p.moves().div_ceil(2) as i32)),
                None => Value::Exact(0),
            }
        }
        AnyGame::Dots(g) => {
            let scores = g.scores();
            let me = to_move as usize;
            Value::Exact(scores[me] as i32 - scores[1 - me] as i32)
        }
        _ => match game.outcome().and_then(|o| o.winner()) {
            Some(seat) if seat == to_move => Value::Result(1),
            Some(_) => Value::Result(-1),
            None => Value::Result(0),
        },
    }
}

fn connect4(p: &Position, budget: &Budget) -> Judged {
    let columns = || (0..crate::game::connect4::WIDTH).filter(|&c| p.can_play(c));
    if let Some(c) = columns().find(|&c| p.is_winning_move(c)) {
        return Judged {
            value: Value::Exact(p.win_now_score()),
            best: Some(c as Move),
        };
    }
    let now = Instant::now();
    let left = budget.deadline.saturating_duration_since(now);
    // The solver's table is kept between positions: entries are keyed by
    // the whole position, so the later positions of a game (judged first)
    // help the earlier ones.
    let mut solver = pool::take_solver();
    solver.set_budget(Some(budget.part(now, left, 0, 55)));
    let exact = solver.best_move(p);
    let judged = match exact {
        Ok(Some((c, score))) => Judged {
            value: Value::Exact(score),
            best: Some(c as Move),
        },
        Ok(None) => Judged::UNKNOWN,
        Err(_) => {
            solver.set_budget(Some(budget.part(now, left, 55, 98)));
            match solver.best_move_weak(p) {
                Ok(Some((c, result))) => Judged {
                    value: Value::Result(result as i8),
                    best: Some(c as Move),
                },
                // Every move loses: no move is better than another.
                Ok(None) => Judged {
                    value: Value::Result(-1),
                    best: None,
                },
                Err(_) => Judged {
                    value: Value::Unknown,
                    best: book::lookup(p).map(|c| c as Move),
                },
            }
        }
    };
    pool::give_back(solver);
    judged
}

/// How one move was judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grade {
    /// Proved to keep the position's value (or the opening book's move).
    Best,
    /// Kept the result but not the best score: a slower win, a faster
    /// loss, fewer boxes. `better` keeps the score.
    Inaccuracy { better: Move },
    /// Threw away a win or a draw (a turning point). `better` keeps it.
    Mistake { better: Move },
    /// Nothing proved about it.
    NotGraded,
    /// 3D and for three, an estimate: the hard CPU would play the same.
    Agrees,
    /// 3D and for three, an estimate: the hard CPU prefers `better`.
    Differs { better: Move },
    /// A move won at once and another was played (a turning point).
    MissedWin { better: Move },
    /// The next player can now win at once, which `better` would have
    /// prevented (a turning point).
    GaveWin { better: Move },
}

impl Grade {
    /// The better move, for the grades that have one.
    pub fn better(self) -> Option<Move> {
        match self {
            Grade::Inaccuracy { better }
            | Grade::Mistake { better }
            | Grade::Differs { better }
            | Grade::MissedWin { better }
            | Grade::GaveWin { better } => Some(better),
            _ => None,
        }
    }

    /// True for the moves that changed how the game would end.
    pub fn is_turning_point(self) -> bool {
        matches!(
            self,
            Grade::Mistake { .. } | Grade::MissedWin { .. } | Grade::GaveWin { .. }
        )
    }
}

/// One move of the match and its grade.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReview {
    /// 0 for the first move.
    pub ply: usize,
    pub seat: Seat,
    pub played: Move,
    /// The position's value before the move, for the mover.
    pub before: Value,
    /// What the played move left, for the mover.
    pub after: Value,
    /// What the better move keeps, for the mover (`before` where proved).
    pub grade: Grade,
}

/// A whole match reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub kind: GameKind,
    /// False for the games only estimated (3D, for three).
    pub exact: bool,
    pub moves: Vec<MoveReview>,
    /// Each position's value (before move `i`, and the final one) for the
    /// first seat.
    pub values: Vec<Value>,
}

impl Review {
    /// The turning points, in the order they were played.
    pub fn turning_points(&self) -> impl Iterator<Item = &MoveReview> {
        self.moves.iter().filter(|m| m.grade.is_turning_point())
    }

    /// The turning point that cost the most: a win thrown to a loss before
    /// a win to a draw, then the largest swing in score, then the first.
    pub fn biggest(&self) -> Option<&MoveReview> {
        self.turning_points()
            .min_by_key(|m| (std::cmp::Reverse(m.cost()), m.ply))
    }

    /// How many of `seat`'s moves got each grade: best, inaccuracies,
    /// turning points, not graded.
    pub fn tally(&self, seat: Seat) -> Tally {
        let mut t = Tally::default();
        for m in self.moves.iter().filter(|m| m.seat == seat) {
            match m.grade {
                Grade::Best | Grade::Agrees => t.best += 1,
                Grade::Inaccuracy { .. } | Grade::Differs { .. } => t.inaccuracies += 1,
                Grade::NotGraded => t.not_graded += 1,
                _ => t.turning_points += 1,
            }
        }
        t
    }
}

/// A seat's grades, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub best: u32,
    pub inaccuracies: u32,
    pub turning_points: u32,
    pub not_graded: u32,
}

impl MoveReview {
    /// (results lost, score lost): a win thrown to a loss costs 2 results.
    fn cost(&self) -> (i32, i32) {
        let results = match (self.before.result(), self.after.result()) {
            (Some(b), Some(a)) => (b - a) as i32,
            _ => 1,
        };
        let score = match (self.before, self.after) {
            (Value::Exact(b), Value::Exact(a)) => b - a,
            _ => 0,
        };
        (results, score)
    }
}

/// Replays `moves` from the start and returns the positions before each
/// move and the final one; `None` when a move is illegal there.
pub fn positions(kind: GameKind, moves: &[Move]) -> Option<Vec<AnyGame>> {
    let mut game = AnyGame::new(kind)?;
    let mut out = Vec::with_capacity(moves.len() + 1);
    for &mv in moves {
        out.push(game.clone());
        game.play(mv).ok()?;
    }
    out.push(game);
    Some(out)
}

/// The review of a game from its positions (`moves.len() + 1` of them,
/// from [`positions`]) and their judgements (one per position).
pub fn grade(positions: &[AnyGame], moves: &[Move], judged: &[Judged]) -> Review {
    let kind = positions[0].kind();
    let exact = matches!(kind, GameKind::Connect4 | GameKind::Dots { .. });
    let mut values: Vec<Value> = judged.iter().map(|j| j.value).collect();
    // A proved best move passes its value back: the position before it is
    // worth what the move leaves.
    if exact {
        for i in (0..moves.len()).rev() {
            if values[i] == Value::Unknown
                && judged[i].best == Some(moves[i])
                && values[i + 1] != Value::Unknown
            {
                values[i] = seen_by(&positions[i + 1], values[i + 1], positions[i].to_move());
            }
        }
    }
    let reviews = moves
        .iter()
        .enumerate()
        .map(|(ply, &played)| {
            let game = &positions[ply];
            let seat = game.to_move();
            let before = values[ply];
            let after = seen_by(&positions[ply + 1], values[ply + 1], seat);
            let grade = if exact {
                exact_grade(before, after, played, judged[ply].best)
            } else {
                estimate_grade(game, played, judged[ply].best)
            };
            MoveReview {
                ply,
                seat,
                played,
                before,
                after,
                grade,
            }
        })
        .collect();
    let first_seat_values = positions
        .iter()
        .zip(&values)
        .map(|(p, &v)| if exact { seen_by(p, v, 0) } else { v })
        .collect();
    Review {
        kind,
        exact,
        moves: reviews,
        values: first_seat_values,
    }
}

/// `value`, known for the side to move in `game`, as `seat` sees it (two
/// players: the other side's value is the opposite).
fn seen_by(game: &AnyGame, value: Value, seat: Seat) -> Value {
    if game.to_move() == seat {
        value
    } else {
        value.flipped()
    }
}

fn exact_grade(before: Value, after: Value, played: Move, best: Option<Move>) -> Grade {
    if best == Some(played) {
        return Grade::Best;
    }
    let (Some(b), Some(a)) = (before.result(), after.result()) else {
        return Grade::NotGraded;
    };
    match best {
        Some(better) if a < b => Grade::Mistake { better },
        // The same result: a worse exact score is an inaccuracy; otherwise
        // the move kept what was proved.
        Some(better) => match (before, after) {
            (Value::Exact(b), Value::Exact(a)) if a < b => Grade::Inaccuracy { better },
            _ => Grade::Best,
        },
        // Lost whatever is played (no better move): nothing to regret.
        None if a >= b => Grade::Best,
        None => Grade::NotGraded,
    }
}

/// The moves of `game` that win at once.
fn winning_moves(game: &AnyGame) -> Vec<Move> {
    let me = game.to_move();
    game.legal_moves()
        .into_iter()
        .filter(|&mv| {
            let mut next = game.clone();
            next.play(mv).is_ok() && next.outcome().and_then(|o| o.winner()) == Some(me)
        })
        .collect()
}

/// True when, after `mv`, the next player has a move that wins at once.
fn gives_win(game: &AnyGame, mv: Move) -> bool {
    let mut next = game.clone();
    next.play(mv).is_ok() && !next.is_over() && !winning_moves(&next).is_empty()
}

fn estimate_grade(game: &AnyGame, played: Move, hard: Option<Move>) -> Grade {
    let wins = winning_moves(game);
    if !wins.is_empty() {
        return if wins.contains(&played) {
            Grade::Agrees
        } else {
            Grade::MissedWin { better: wins[0] }
        };
    }
    if gives_win(game, played) {
        // Hard's move first, when it does not give the win either.
        let safe = hard
            .into_iter()
            .chain(game.legal_moves())
            .find(|&mv| !gives_win(game, mv));
        if let Some(better) = safe {
            return Grade::GaveWin { better };
        }
    }
    match hard {
        Some(better) if better != played => Grade::Differs { better },
        _ => Grade::Agrees,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::search::Budget;
    use crate::game::connect4::Connect4;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn c4(digits: &str) -> Vec<Move> {
        digits
            .chars()
            .map(|d| d.to_digit(10).unwrap() as Move - 1)
            .collect()
    }

    /// The review with the positions from `from` on judged within `nodes`
    /// each (last first, as the service does), the earlier ones unknown.
    fn review(kind: GameKind, moves: &[Move], nodes: u64, from: usize) -> Review {
        let positions = positions(kind, moves).expect("legal moves");
        let mut rng = StdRng::seed_from_u64(7);
        let mut judged = vec![Judged::UNKNOWN; positions.len()];
        for i in (from..positions.len()).rev() {
            judged[i] = judge_with(&positions[i], &Budget::of_nodes(nodes), &mut rng);
        }
        grade(&positions, moves, &judged)
    }

    /// `177461` is a win for the side to move only by column 6 (test
    /// data, Test_L1_R3); playing 4 there draws.
    #[test]
    fn a_move_that_throws_a_win_to_a_draw_is_flagged_with_the_winning_move() {
        let mut moves = c4("177461");
        moves.push(3); // column 4
        let r = review(GameKind::Connect4, &moves, 80_000_000, 6);
        let last = r.moves.last().unwrap();
        assert_eq!(last.before.result(), Some(1), "{last:?}");
        assert_eq!(last.after.result(), Some(0), "{last:?}");
        assert_eq!(last.grade, Grade::Mistake { better: 5 });
        assert_eq!(r.biggest().map(|m| m.ply), Some(6));
        assert_eq!(r.tally(0).turning_points, 1);
    }

    #[test]
    fn best_moves_are_never_flagged() {
        // The same opening with the winning move played.
        let mut moves = c4("177461");
        moves.push(5);
        let r = review(GameKind::Connect4, &moves, 80_000_000, 6);
        let last = r.moves.last().unwrap();
        assert_eq!(last.grade, Grade::Best, "{last:?}");
        // A middle-game position from the test data (Test_L2_R1), then
        // the solver's own moves to the end: every one of them is best.
        let (start, score) = &crate::cpu::connect4::load_set("Test_L2_R1")[0];
        let mut game = Connect4::from_digits(start).unwrap();
        let mut moves = c4(start);
        let from = moves.len();
        let mut solver = crate::cpu::connect4::solver::Solver::new();
        while !game.is_over() {
            let p = Position::from_game(&game);
            let (c, _) = solver.best_move(&p).unwrap().unwrap();
            game.play(c as Move).unwrap();
            moves.push(c as Move);
        }
        let r = review(GameKind::Connect4, &moves, 50_000_000, from);
        let mover = from % 2;
        assert_eq!(
            r.values[from],
            if mover == 0 {
                Value::Exact(*score)
            } else {
                Value::Exact(-score)
            }
        );
        for m in &r.moves[from..] {
            assert_eq!(m.grade, Grade::Best, "ply {}: {m:?}", m.ply);
        }
        assert_eq!(r.turning_points().count(), 0);
    }

    #[test]
    fn a_won_game_ends_with_the_loser_to_move() {
        // Columns 1 and 2 alternately: the first seat wins on column 1
        // with its fourth stone.
        let moves = c4("1212121");
        let r = review(GameKind::Connect4, &moves, 1_000_000, 6);
        assert_eq!(*r.values.last().unwrap(), Value::Exact(22 - 4));
        assert_eq!(r.moves[6].grade, Grade::Best);
        // Before the win, the first seat to move wins in 1.
        assert_eq!(r.values[6], Value::Exact(22 - 4));
    }

    #[test]
    fn unknown_positions_are_not_graded_and_never_guessed() {
        // With no budget at all nothing in the opening is proved.
        let moves = c4("1727");
        let r = review(GameKind::Connect4, &moves, 1, 0);
        for m in &r.moves {
            assert!(matches!(m.grade, Grade::NotGraded | Grade::Best), "{m:?}");
            if m.grade == Grade::Best {
                // Only the book's move may be called best unproved.
                let positions = positions(GameKind::Connect4, &moves).unwrap();
                let AnyGame::Connect4(g) = &positions[m.ply] else {
                    unreachable!()
                };
                assert_eq!(
                    book::lookup(&Position::from_game(g)).map(|c| c as Move),
                    Some(m.played)
                );
            }
        }
    }

    #[test]
    fn dots_moves_are_graded_once_the_solver_is_exact() {
        let kind = GameKind::parse_dots_size("3x3").unwrap();
        // A game between the easy CPU and itself, seeded.
        let mut rng = StdRng::seed_from_u64(3);
        let mut game = AnyGame::new(kind).unwrap();
        let mut moves = Vec::new();
        while !game.is_over() {
            let mv = game
                .choose(Level::Easy, &Budget::of_nodes(1_000), &mut rng)
                .unwrap();
            game.play(mv).unwrap();
            moves.push(mv);
        }
        let r = review(kind, &moves, 5_000_000, 0);
        // The last positions are small: all graded, and the final margin is
        // the final score.
        let AnyGame::Dots(end) = &game else {
            unreachable!()
        };
        let s = end.scores();
        assert_eq!(
            *r.values.last().unwrap(),
            Value::Exact(s[0] as i32 - s[1] as i32)
        );
        assert!(r
            .moves
            .iter()
            .rev()
            .take(6)
            .all(|m| m.grade != Grade::NotGraded));
        // Every flagged move really lost boxes: its value after is below
        // the value the better move keeps.
        for m in &r.moves {
            if let Grade::Mistake { better } | Grade::Inaccuracy { better } = m.grade {
                let (Value::Exact(b), Value::Exact(a)) = (m.before, m.after) else {
                    panic!("{m:?}")
                };
                assert!(a < b, "{m:?}");
                assert_ne!(better, m.played);
            }
            if m.grade == Grade::Best {
                assert_eq!(m.before.result(), m.after.result(), "{m:?}");
            }
        }
    }

    #[test]
    fn estimates_flag_a_missed_win_and_a_given_win() {
        // 3D: four on rod A1 by the first seat would need 7 beads; build a
        // row instead: seat 0 plays A1 B1 C1 on the bottom level, seat 1
        // answers far away; then seat 0 misses D1.
        let kind = GameKind::Connect4ThreeD;
        let probe = AnyGame::new(kind).unwrap();
        let m = |name: &str| probe.parse_move(name).unwrap();
        let moves = vec![
            m("A1"),
            m("A4"),
            m("B1"),
            m("B4"),
            m("C1"),
            m("C4"),
            m("A2"),
        ];
        let positions = positions(kind, &moves).unwrap();
        let judged: Vec<Judged> = positions
            .iter()
            .map(|_| Judged {
                value: Value::Unknown,
                best: None,
            })
            .collect();
        let r = grade(&positions, &moves, &judged);
        assert!(!r.exact);
        // Seat 1's C4 left D1 open for seat 0's win: seat 1 could have
        // blocked there.
        assert_eq!(r.moves[5].grade, Grade::GaveWin { better: m("D1") });
        // Seat 0's A2 missed the win on D1.
        assert_eq!(r.moves[6].grade, Grade::MissedWin { better: m("D1") });
        assert_eq!(r.biggest().map(|t| t.ply), Some(5));
    }
}

//! Ratings per server and game, from finished ranked matches. Pure: the
//! store reads the seats' ratings, calls [`update`] and writes the result in
//! the transaction that records the match.
//!
//! Two models from the `skillratings` crate:
//! - **Glicko-2** for the 2-player games (`connect4`, `connect4-3d`, `dots`):
//!   each match is its own rating period; a draw moves the lower-rated
//!   player up and the higher-rated one down.
//! - **Weng-Lin** (OpenSkill) for Connect Four for three: the finishing
//!   order ranks the seats — the winner first, the others tied; in a draw
//!   everyone tied; a person who left the match (resigned, timed out,
//!   abandoned) below everyone who stayed.
//!
//! Weng-Lin's μ and σ are shown on the Glicko scale (1500 ± 350 at the
//! start), so every game's numbers read alike.
//!
//! A match changes ratings only when it is ranked, every seat was a distinct
//! person when it started (a seat a CPU took over from a person who left
//! still counts as that person's) and it ended with a result. A forfeit in
//! the first moves costs the forfeiter but gives nobody anything (no
//! farming through repeated forfeits).

mod text;

pub use text::{change_text, leaderboard_line, leaderboard_text, rating_text, signed};

use crate::table::{MatchRecord, Player, UserId};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

/// Fewer ranked games than this: the rating is provisional.
pub const PROVISIONAL_GAMES: u32 = 5;

/// A Glicko-2 deviation above this: the rating is provisional. It starts
/// at 350 and falls below 110 after about a dozen matches.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A Weng-Lin σ above this: the rating is provisional. It starts at 25/3
/// and, three players a match, falls below 5 after about ten matches.
pub const PROVISIONAL_SIGMA: f64 = 5.0;

/// A match lost by forfeit (resigned, timed out, left) before each seat
/// made this many moves rates only the people who forfeited: they lose as
/// usual, but nobody gains from it, so two accounts cannot farm rating by
/// one resigning at once, over and over.
pub const EARLY_FORFEIT_MOVES_PER_SEAT: usize = 2;

/// Weng-Lin points to Glicko points: σ = 25/3 at the start shows as 350.
const WENG_LIN_SCALE: f64 = 42.0;
const WENG_LIN_MU: f64 = 25.0;
const GLICKO_START: f64 = 1500.0;

/// Which rating model a game uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Model {
    /// 2-player games.
    Glicko2,
    /// Games of three or more seats.
    WengLin,
}

impl Model {
    /// The model of a game, by its command name.
    pub fn for_game(game: &str) -> Model {
        if game == "connect4-3p" {
            Model::WengLin
        } else {
            Model::Glicko2
        }
    }

    fn for_seats(seats: usize) -> Model {
        if seats > 2 {
            Model::WengLin
        } else {
            Model::Glicko2
        }
    }
}

/// One person's rating in one game of one server, with their ranked record.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    pub model: Model,
    /// Glicko-2 rating, or Weng-Lin μ.
    pub value: f64,
    /// Glicko-2 rating deviation, or Weng-Lin σ.
    pub deviation: f64,
    /// Glicko-2 volatility (unused by Weng-Lin).
    pub volatility: f64,
    /// Ranked matches played.
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// How much the shown rating moved in the last ranked match.
    pub last_change: f64,
    /// Ranked wins in a row, up to now.
    pub streak: u32,
    pub best_streak: u32,
}

impl Rating {
    /// The rating of someone who has not played a ranked match yet.
    pub fn new(model: Model) -> Rating {
        let (value, deviation, volatility) = match model {
            Model::Glicko2 => {
                let g = Glicko2Rating::new();
                (g.rating, g.deviation, g.volatility)
            }
            Model::WengLin => {
                let w = WengLinRating::new();
                (w.rating, w.uncertainty, 0.0)
            }
        };
        Rating {
            model,
            value,
            deviation,
            volatility,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            last_change: 0.0,
            streak: 0,
            best_streak: 0,
        }
    }

    /// The rating as shown (Glicko scale), not rounded.
    pub fn shown(&self) -> f64 {
        match self.model {
            Model::Glicko2 => self.value,
            Model::WengLin => GLICKO_START + (self.value - WENG_LIN_MU) * WENG_LIN_SCALE,
        }
    }

    /// The rating as shown to people: a whole number.
    pub fn display(&self) -> i64 {
        self.shown().round() as i64
    }

    /// The uncertainty as shown (Glicko scale, "± n").
    pub fn shown_deviation(&self) -> f64 {
        match self.model {
            Model::Glicko2 => self.deviation,
            Model::WengLin => self.deviation * WENG_LIN_SCALE,
        }
    }

    /// The last match's change as shown: a whole number, signed.
    pub fn display_change(&self) -> i64 {
        self.last_change.round() as i64
    }

    /// Few ranked games or a wide uncertainty: the number is a first guess.
    pub fn is_provisional(&self) -> bool {
        let wide = match self.model {
            Model::Glicko2 => self.deviation > PROVISIONAL_DEVIATION,
            Model::WengLin => self.deviation > PROVISIONAL_SIGMA,
        };
        self.games < PROVISIONAL_GAMES || wide
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.value,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn weng_lin(&self) -> WengLinRating {
        WengLinRating {
            rating: self.value,
            uncertainty: self.deviation,
        }
    }

    /// This rating after one more match: new numbers and the record.
    fn after(&self, value: f64, deviation: f64, volatility: f64, place: Place) -> Rating {
        let mut next = Rating {
            value,
            deviation,
            volatility,
            games: self.games + 1,
            ..self.clone()
        };
        next.last_change = next.shown() - self.shown();
        match place {
            Place::Won => {
                next.wins += 1;
                next.streak += 1;
                next.best_streak = next.best_streak.max(next.streak);
            }
            Place::Drew => {
                next.draws += 1;
                next.streak = 0;
            }
            Place::Lost => {
                next.losses += 1;
                next.streak = 0;
            }
        }
        next
    }
}

/// How a match ended for one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Won,
    Drew,
    Lost,
}

/// How the match ended for `seat`, or `None` when it ended without a
/// result (a table closed mid-match). Resigning, running out of time and
/// leaving are losses: in a 3-player match the seat's `left` person lost,
/// whatever the CPU that took the seat did afterwards.
pub fn seat_place(record: &MatchRecord, seat: usize) -> Option<Place> {
    let left = record.seats.get(seat)?.left.is_some();
    if left {
        return Some(Place::Lost);
    }
    if record.winner.map(usize::from) == Some(seat) {
        return Some(Place::Won);
    }
    if record.result == "draw" {
        return Some(Place::Drew);
    }
    if record.winner.is_some() || record.ended_by == "resign" || record.result == "resigned" {
        // Someone else won, or (the last person in a 3-player match
        // resigned among CPUs) nobody did.
        return Some(Place::Lost);
    }
    None
}

/// The person whose result a seat carries: who holds it, or who left it to
/// a CPU during the match. `None` for a seat a CPU held from the start.
pub fn seat_person(record: &MatchRecord, seat: usize) -> Option<(UserId, String)> {
    let s = record.seats.get(seat)?;
    match (&s.player, s.left) {
        (_, Some(left)) => {
            // The name of someone who left is not in the record.
            Some((left, String::new()))
        }
        (Player::Person { id, name }, None) => Some((*id, name.clone())),
        (Player::Cpu { .. }, None) => None,
    }
}

/// One person's standing at the end of a rated match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub seat: usize,
    pub user: UserId,
    /// Empty when the person left the match (the record lacks their name).
    pub name: String,
    pub place: Place,
    /// Finishing order: 1 is best; equal ranks tie.
    pub rank: usize,
    /// Lost by resigning, running out of time or leaving, not on the board.
    pub forfeited: bool,
}

/// The people of a match and their finishing order, or `None` when the
/// match cannot change ratings: a seat held by a CPU from the start, one
/// person in two seats (self-play), or no result. Ignores `ranked`.
pub fn standings(record: &MatchRecord) -> Option<Vec<Standing>> {
    if record.seats.len() < 2 {
        return None;
    }
    let mut out = Vec::with_capacity(record.seats.len());
    for seat in 0..record.seats.len() {
        let (user, name) = seat_person(record, seat)?;
        let place = seat_place(record, seat)?;
        if out.iter().any(|s: &Standing| s.user == user) {
            return None;
        }
        let left = record.seats[seat].left.is_some();
        let forfeited = left || (place == Place::Lost && record.ended_by != "board");
        let rank = match (place, left) {
            (_, true) => 3,
            (Place::Won | Place::Drew, false) => 1,
            (Place::Lost, false) => 2,
        };
        out.push(Standing {
            seat,
            user,
            name,
            place,
            rank,
            forfeited,
        });
    }
    Some(out)
}

/// The match was lost by forfeit before every seat made
/// [`EARLY_FORFEIT_MOVES_PER_SEAT`] moves.
fn early_forfeit(record: &MatchRecord, standings: &[Standing]) -> bool {
    standings.iter().any(|s| s.forfeited)
        && record.moves.len() < EARLY_FORFEIT_MOVES_PER_SEAT * record.seats.len()
}

/// Whether a standing's rating changes: everyone's does, but only the
/// forfeiters' after an early forfeit.
fn is_rated(record: &MatchRecord, standings: &[Standing], s: &Standing) -> bool {
    s.forfeited || !early_forfeit(record, standings)
}

/// The people whose ratings a match changes, in seat order; empty when it
/// changes none (unranked, a CPU seat, self-play, no result). After an
/// early forfeit, only the people who forfeited.
pub fn rated_people(record: &MatchRecord) -> Vec<UserId> {
    if !record.ranked {
        return Vec::new();
    }
    let Some(standings) = standings(record) else {
        return Vec::new();
    };
    standings
        .iter()
        .filter(|s| is_rated(record, &standings, s))
        .map(|s| s.user)
        .collect()
}

/// A person's rating after a match.
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    pub user: UserId,
    /// Empty when the person left the match: keep the stored name.
    pub name: String,
    pub place: Place,
    pub before: Rating,
    pub after: Rating,
}

/// The new ratings of a finished match's people, given their current ones
/// (a person missing from `current` starts from [`Rating::new`]). Empty when
/// the match changes no rating: see [`rated_people`].
pub fn update(record: &MatchRecord, current: &[(UserId, Rating)]) -> Vec<Rated> {
    if !record.ranked {
        return Vec::new();
    }
    let Some(standings) = standings(record) else {
        return Vec::new();
    };
    let model = Model::for_game(&record.game);
    if model != Model::for_seats(standings.len()) {
        // A 2-player model for three seats or the reverse: not a record
        // this bot writes; rate nothing rather than guess.
        return Vec::new();
    }
    let before: Vec<Rating> = standings
        .iter()
        .map(|s| {
            current
                .iter()
                .find(|(user, r)| *user == s.user && r.model == model)
                .map(|(_, r)| r.clone())
                .unwrap_or_else(|| Rating::new(model))
        })
        .collect();
    let after: Vec<Rating> = match model {
        Model::Glicko2 => {
            let outcome = match standings[0].rank.cmp(&standings[1].rank) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
            };
            let (a, b) = glicko2(
                &before[0].glicko(),
                &before[1].glicko(),
                &outcome,
                &Glicko2Config::new(),
            );
            [a, b]
                .iter()
                .zip(&before)
                .zip(&standings)
                .map(|((g, r), s)| r.after(g.rating, g.deviation, g.volatility, s.place))
                .collect()
        }
        Model::WengLin => {
            let teams: Vec<[WengLinRating; 1]> = before.iter().map(|r| [r.weng_lin()]).collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(&standings)
                .map(|(team, s)| (&team[..], MultiTeamOutcome::new(s.rank)))
                .collect();
            weng_lin_multi_team(&ranked, &WengLinConfig::new())
                .iter()
                .zip(&before)
                .zip(&standings)
                .map(|((team, r), s)| r.after(team[0].rating, team[0].uncertainty, 0.0, s.place))
                .collect()
        }
    };
    let rated: Vec<bool> = standings
        .iter()
        .map(|s| is_rated(record, &standings, s))
        .collect();
    standings
        .into_iter()
        .zip(before)
        .zip(after)
        .zip(rated)
        .filter(|(_, rated)| *rated)
        .map(|(((s, before), after), _)| Rated {
            user: s.user,
            name: s.name,
            place: s.place,
            before,
            after,
        })
        .collect()
}

#[cfg(test)]
mod tests;

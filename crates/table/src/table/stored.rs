//! Tables read back from storage. Every seat and index the table later
//! uses is checked here, once: a table that passes cannot panic on its
//! stored data, and one that does not is refused with the reason.

use super::{
    Departure, Lang, Level, MatchEnd, Paused, Phase, Player, Puzzle, RatingChange, Rules,
    SeatChange, Table, TournamentGame, TurnClock, UserId,
};
use boardbot_engine::game::{AnyGame, Game, GameKind, IllegalMove, Move, Outcome, Seat};
use serde::Deserialize;
use std::fmt;

/// Why a stored table was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    /// The table's game is not one this version plays.
    UnknownGame,
    /// Move `ply` (counted from 1) of the history does not play.
    History { ply: usize, why: IllegalMove },
    /// The position is not the one the move history leads to.
    Position,
    /// The puzzle's starting moves do not play.
    PuzzleStart,
    /// The seats do not fit the game.
    Seats { held: usize, seats: usize },
    /// An open table's lobby does not have one place per seat.
    Lobby { held: usize, seats: usize },
    /// More people invited than the game has seats for them.
    Invites { invited: usize, seats: usize },
    /// The turn clock runs for a seat the match does not have.
    ClockSeat(Seat),
    /// A seat change waits for a seat the match does not have.
    NextSeat(Seat),
    /// A departure from a seat the match does not have.
    DepartedSeat(Seat),
    /// The host chose a seat the game does not have.
    HostSeat(Seat),
    /// The match ended for a seat it does not have.
    EndSeat(Seat),
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::UnknownGame => write!(f, "unknown game"),
            Invalid::History { ply, why } => write!(f, "move {ply} of the history: {why:?}"),
            Invalid::Position => write!(f, "the position does not follow from the move history"),
            Invalid::PuzzleStart => write!(f, "the puzzle's starting moves do not play"),
            Invalid::Seats { held, seats } => write!(f, "{held} seats for a {seats}-seat game"),
            Invalid::Lobby { held, .. } => write!(f, "a lobby of {held} seats"),
            Invalid::Invites { invited, seats } => {
                write!(f, "{invited} people invited to a {seats}-seat game")
            }
            Invalid::ClockSeat(seat) => write!(f, "a turn clock for seat {seat}"),
            Invalid::NextSeat(seat) => write!(f, "a seat change for seat {seat}"),
            Invalid::DepartedSeat(seat) => write!(f, "a departure from seat {seat}"),
            Invalid::HostSeat(seat) => write!(f, "the host's chosen seat {seat}"),
            Invalid::EndSeat(seat) => write!(f, "a result for seat {seat}"),
        }
    }
}

impl std::error::Error for Invalid {}

/// A table as stored, not yet checked: [`Table`] deserializes through it.
#[derive(Deserialize)]
pub(super) struct StoredTable {
    no: u64,
    #[serde(default)]
    guild: u64,
    channel: u64,
    kind: GameKind,
    host: UserId,
    level: Level,
    players: Vec<Player>,
    game: AnyGame,
    history: Vec<Move>,
    phase: Phase,
    stamp: u64,
    matches: u32,
    #[serde(default)]
    undo_request: Option<UserId>,
    #[serde(default)]
    declined: Vec<UserId>,
    #[serde(default)]
    missed: Vec<UserId>,
    #[serde(default)]
    lang: Lang,
    // First stored as the people who resigned.
    #[serde(default, alias = "resigned")]
    departed: Vec<Departure>,
    #[serde(default)]
    match_started_at: u64,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    rules: Rules,
    #[serde(default)]
    host_seat: Option<Seat>,
    #[serde(default)]
    clock: Option<TurnClock>,
    #[serde(default)]
    paused: Option<Paused>,
    #[serde(default)]
    next_seats: Vec<SeatChange>,
    #[serde(default)]
    last_action: u64,
    #[serde(default)]
    ranked: bool,
    #[serde(default)]
    rating_changes: Vec<RatingChange>,
    #[serde(default)]
    puzzle: Option<Puzzle>,
    #[serde(default)]
    tournament: Option<TournamentGame>,
}

impl TryFrom<StoredTable> for Table {
    type Error = Invalid;

    fn try_from(s: StoredTable) -> Result<Table, Invalid> {
        let table = Table {
            no: s.no,
            guild: s.guild,
            channel: s.channel,
            kind: s.kind,
            host: s.host,
            level: s.level,
            players: s.players,
            game: s.game,
            history: s.history,
            phase: s.phase,
            stamp: s.stamp,
            matches: s.matches,
            undo_request: s.undo_request,
            declined: s.declined,
            missed: s.missed,
            lang: s.lang,
            departed: s.departed,
            match_started_at: s.match_started_at,
            seed: s.seed,
            rules: s.rules,
            host_seat: s.host_seat,
            clock: s.clock,
            paused: s.paused,
            next_seats: s.next_seats,
            last_action: s.last_action,
            ranked: s.ranked,
            rating_changes: s.rating_changes,
            puzzle: s.puzzle,
            tournament: s.tournament,
        };
        table.check()?;
        Ok(table)
    }
}

impl Table {
    /// Checks what a stored table must hold: its position is the one its
    /// move history leads to, and every seat it names is one of its game.
    pub(super) fn check(&self) -> Result<(), Invalid> {
        let mut game = AnyGame::new(self.kind).ok_or(Invalid::UnknownGame)?;
        for (i, &mv) in self.history.iter().enumerate() {
            game.play(mv)
                .map_err(|why| Invalid::History { ply: i + 1, why })?;
        }
        if game != self.game {
            return Err(Invalid::Position);
        }
        if let Some(puzzle) = &self.puzzle {
            let mut start = AnyGame::new(self.kind).ok_or(Invalid::UnknownGame)?;
            for &mv in &puzzle.start {
                start.play(mv).map_err(|_| Invalid::PuzzleStart)?;
            }
        }
        let seats = self.kind.seat_count();
        let held = self.players.len();
        let before_first =
            matches!(self.phase, Phase::Inviting { .. } | Phase::Lobby { .. }) && self.matches == 0;
        let seated = before_first || held == seats;
        if !seated || held == 0 || held > seats {
            return Err(Invalid::Seats { held, seats });
        }
        match &self.phase {
            Phase::Lobby { seats: lobby } if lobby.len() != seats => {
                return Err(Invalid::Lobby {
                    held: lobby.len(),
                    seats,
                });
            }
            Phase::Inviting { invites, .. } if invites.len() >= seats => {
                return Err(Invalid::Invites {
                    invited: invites.len(),
                    seats,
                });
            }
            Phase::Finished(end) => {
                let seat = match end {
                    MatchEnd::Board(Outcome::Win { seat, .. }) => Some(*seat),
                    MatchEnd::Board(Outcome::Draw) => None,
                    _ => end.forfeit(),
                };
                if let Some(seat) = seat.filter(|&s| s as usize >= held) {
                    return Err(Invalid::EndSeat(seat));
                }
            }
            _ => {}
        }
        let fits = |seat: Seat| (seat as usize) < held;
        if let Some(clock) = self.clock.filter(|c| !fits(c.seat)) {
            return Err(Invalid::ClockSeat(clock.seat));
        }
        if let Some(change) = self.next_seats.iter().find(|c| !fits(c.seat())) {
            return Err(Invalid::NextSeat(change.seat()));
        }
        if let Some(departure) = self.departed.iter().find(|d| !fits(d.seat)) {
            return Err(Invalid::DepartedSeat(departure.seat));
        }
        if let Some(seat) = self.host_seat.filter(|&s| s as usize >= seats) {
            return Err(Invalid::HostSeat(seat));
        }
        Ok(())
    }
}

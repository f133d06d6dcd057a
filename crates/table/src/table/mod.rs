//! One table = the state machine of a match and its seats.
//!
//! Transport-agnostic: `(table, action, now) -> Result<Effects, Refusal>`.
//! Nothing here knows Discord; users are plain ids and names, time is a
//! millisecond count passed in by the caller.

mod action;
mod clock;
mod controls;
mod open;
mod play;
mod record;
mod refusal;
mod result;
mod seats;
mod stored;

pub use action::{Action, Effects};
pub use clock::{Paused, Rules, TurnClock, DEFAULT_IDLE_MS, TIMER_CHOICES};
pub use controls::{Control, Offer};
pub use open::Opening;
pub use record::{CpuStretch, MatchRecord, SeatRecord};
pub use refusal::Refusal;
pub use seats::SeatChange;
pub use stored::Invalid;

use boardbot_engine::cpu::Level;
use boardbot_engine::game::{AnyGame, Game, GameKind, Move, Outcome, Seat};
use boardbot_words::Lang;
use serde::{Deserialize, Serialize};

/// A person's id (a Discord user id in production).
pub type UserId = u64;

/// How long an invitation waits for an answer.
pub const INVITATION_MS: u64 = 5 * 60 * 1000;

/// Who holds a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    Person { id: UserId, name: String },
    Cpu { level: Level },
}

impl Player {
    /// The seat holder's plain name in `lang`: the person's name, or the
    /// CPU with its level (images, reviews).
    pub fn plain_name(&self, lang: Lang) -> String {
        match self {
            Player::Person { name, .. } => name.clone(),
            Player::Cpu { level } => cpu_name(*level, lang),
        }
    }

    pub fn person_id(&self) -> Option<UserId> {
        match self {
            Player::Person { id, .. } => Some(*id),
            Player::Cpu { .. } => None,
        }
    }
    pub fn is_cpu(&self) -> bool {
        matches!(self, Player::Cpu { .. })
    }
}

/// An invited person's answer so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    Waiting,
    Accepted,
    Declined,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invite {
    pub id: UserId,
    pub name: String,
    pub answer: Answer,
}

/// How a match ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchEnd {
    /// Decided on the board: a win or a draw.
    Board(Outcome),
    /// The seat resigned; in a 2-seat game the other seat wins.
    Resigned { seat: Seat },
    /// The seat's turn timer ran out; the other seat wins.
    TimedOut { seat: Seat },
    /// The seat's person left the match; the other seat wins.
    Abandoned { seat: Seat },
}

impl MatchEnd {
    /// The seat that lost by leaving the board (resign, timeout, leave).
    pub fn forfeit(&self) -> Option<Seat> {
        match self {
            MatchEnd::Board(_) => None,
            MatchEnd::Resigned { seat }
            | MatchEnd::TimedOut { seat }
            | MatchEnd::Abandoned { seat } => Some(*seat),
        }
    }
}

/// Why a person left a seat during a match (a CPU played on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Left {
    Resigned,
    TimedOut,
    Abandoned,
}

/// A person who left a match that went on without them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "DepartureRepr")]
pub struct Departure {
    pub seat: Seat,
    pub user: UserId,
    pub why: Left,
    /// The number of moves made when the CPU took the seat.
    pub at: u32,
    /// The number of moves made when the person took the seat back
    /// ([`Action::Rejoin`]); `None` while the CPU holds it.
    pub back: Option<u32>,
}

/// Stored departures: `[seat, user]` pairs (resignations, as first
/// stored) or full records.
#[derive(Deserialize)]
#[serde(untagged)]
enum DepartureRepr {
    Full {
        seat: Seat,
        user: UserId,
        why: Left,
        // Stored before rejoining existed: the stretch's start is unknown.
        #[serde(default)]
        at: u32,
        #[serde(default)]
        back: Option<u32>,
    },
    Resigned(Seat, UserId),
}

impl From<DepartureRepr> for Departure {
    fn from(repr: DepartureRepr) -> Self {
        match repr {
            DepartureRepr::Full {
                seat,
                user,
                why,
                at,
                back,
            } => Departure {
                seat,
                user,
                why,
                at,
                back,
            },
            DepartureRepr::Resigned(seat, user) => Departure {
                seat,
                user,
                why: Left::Resigned,
                at: 0,
                back: None,
            },
        }
    }
}

/// Why a table closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Closed {
    Declined {
        by: UserId,
    },
    Expired,
    /// Ended with no result by the host or a moderator.
    Ended {
        by: UserId,
    },
    /// No action for the idle period.
    Idle,
    /// Its server, channel or thread is gone (the bot left, or it was deleted).
    PlaceGone,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Waiting for invited people to answer.
    Inviting {
        invites: Vec<Invite>,
        expires_at: u64,
    },
    /// An open table before its match: people join and leave free seats
    /// until the host starts; the CPU takes the seats still free.
    Lobby {
        seats: Vec<Option<Player>>,
    },
    Playing,
    Finished(MatchEnd),
    Closed(Closed),
}

/// The `guild` of a table outside every server that added the bot (a DM,
/// a group DM, a server reached through a person's own install): never
/// ranked, never in a server's standings, its board shown through
/// interaction tokens only.
pub const OUTSIDE: u64 = 0;

/// A table: its seats, its match, its phase. A stored table comes back
/// only through the checks in `stored.rs`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "stored::StoredTable")]
pub struct Table {
    /// Unique among all tables; controls carry it.
    no: u64,
    /// The server the table is in.
    guild: u64,
    channel: u64,
    kind: GameKind,
    host: UserId,
    level: Level,
    /// Seat order of the current match: `players[seat]`.
    players: Vec<Player>,
    game: AnyGame,
    history: Vec<Move>,
    phase: Phase,
    /// Bumped on every change; a control drawn for an older stamp is stale.
    stamp: u64,
    /// Matches started at this table, the current one included.
    matches: u32,
    /// A person asked to take back their last move; the opponent answers.
    undo_request: Option<UserId>,
    /// Invited people who declined; a CPU took their seats (3-player games).
    declined: Vec<UserId>,
    /// Invited people who did not answer in time; a CPU took their seats.
    missed: Vec<UserId>,
    /// The language of the table's public messages (the host's).
    lang: Lang,
    /// People who left a 3-player match (resigned, timed out, abandoned);
    /// a CPU plays their seats for the rest of the match.
    departed: Vec<Departure>,
    /// When the current match started (milliseconds since the epoch).
    match_started_at: u64,
    /// Drawn when the table opened: later seat draws derive from it, so a
    /// table replays the same way from its stored state.
    seed: u64,
    /// The table's own rules: turn timer and starter rotation.
    rules: Rules,
    /// The seat the host chose, if any (else the first order is drawn).
    host_seat: Option<Seat>,
    /// The running turn clock, while a person is to move and a timer is set.
    clock: Option<TurnClock>,
    /// Set while the host has paused the match.
    paused: Option<Paused>,
    /// Seat changes that take effect when the next match starts.
    next_seats: Vec<SeatChange>,
    /// The last accepted action (milliseconds since the epoch).
    last_action: u64,
    /// The table's matches change ratings (every seat a distinct person).
    ranked: bool,
    /// How the last match changed its people's ratings (ranked matches).
    rating_changes: Vec<RatingChange>,
    /// Set on a table that plays a daily puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<Puzzle>,
    /// Set on a table that plays a game of a tournament.
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament: Option<TournamentGame>,
}

/// Which game of a tournament a table plays: its games have no undo, hint,
/// pause, rematch or seat change, and their end is the tournament's to
/// hear.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentGame {
    pub tournament: u64,
    /// The round, counted from 0.
    pub round: usize,
    /// The pairing in the round, counted from 0.
    pub board: usize,
}

/// Read-only queries, one per field.
impl Table {
    /// Unique among all tables; controls carry it.
    pub fn no(&self) -> u64 {
        self.no
    }
    /// The server the table is in ([`OUTSIDE`] for none that added the bot).
    pub fn guild(&self) -> u64 {
        self.guild
    }
    /// Outside every server that added the bot: the bot has no channel here.
    pub fn outside(&self) -> bool {
        self.guild == OUTSIDE
    }
    pub fn channel(&self) -> u64 {
        self.channel
    }
    pub fn kind(&self) -> GameKind {
        self.kind
    }
    pub fn host(&self) -> UserId {
        self.host
    }
    /// The level of the table's CPU seats.
    pub fn level(&self) -> Level {
        self.level
    }
    /// Seat order of the current match: `players()[seat]`.
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn game(&self) -> &AnyGame {
        &self.game
    }
    /// The moves of the current match.
    pub fn history(&self) -> &[Move] {
        &self.history
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    /// Bumped on every change; a control drawn for an older stamp is stale.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }
    /// Matches started at this table, the current one included.
    pub fn matches(&self) -> u32 {
        self.matches
    }
    /// Who asked to take back their last move, if anyone.
    pub fn undo_request(&self) -> Option<UserId> {
        self.undo_request
    }
    /// Invited people who declined; a CPU took their seats.
    pub fn declined(&self) -> &[UserId] {
        &self.declined
    }
    /// Invited people who did not answer in time; a CPU took their seats.
    pub fn missed(&self) -> &[UserId] {
        &self.missed
    }
    /// The language of the table's public messages (the host's).
    pub fn lang(&self) -> Lang {
        self.lang
    }
    /// People who left the match while a CPU played on.
    pub fn departed(&self) -> &[Departure] {
        &self.departed
    }
    /// When the current match started (milliseconds since the epoch).
    pub fn match_started_at(&self) -> u64 {
        self.match_started_at
    }
    /// Drawn when the table opened; later seat draws derive from it.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// The seat the host chose, if any.
    pub fn host_seat(&self) -> Option<Seat> {
        self.host_seat
    }
    /// The running turn clock, if any.
    pub fn clock(&self) -> Option<TurnClock> {
        self.clock
    }
    /// Set while the host has paused the match.
    pub fn paused(&self) -> Option<Paused> {
        self.paused
    }
    /// Seat changes that take effect when the next match starts.
    pub fn next_seats(&self) -> &[SeatChange] {
        &self.next_seats
    }
    /// The last accepted action (milliseconds since the epoch).
    pub fn last_action(&self) -> u64 {
        self.last_action
    }
    /// The table's matches change ratings (see [`Table::ranked_match`]).
    pub fn ranked(&self) -> bool {
        self.ranked
    }
    /// How the last match changed its people's ratings.
    pub fn rating_changes(&self) -> &[RatingChange] {
        &self.rating_changes
    }
    /// Set on a table that plays a daily puzzle.
    pub fn tournament(&self) -> Option<TournamentGame> {
        self.tournament
    }
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.puzzle.as_ref()
    }
}

/// The few changes the service makes beside the table's own actions.
impl Table {
    /// Keeps the rating changes of the match just ended, for its board.
    pub fn show_rating_changes(&mut self, changes: Vec<RatingChange>) {
        self.rating_changes = changes;
    }

    /// Keeps how many people in the server solved the day's puzzle, as
    /// counted when this table's match solved it.
    pub fn count_puzzle_solvers(&mut self, solvers: u32) {
        if let Some(puzzle) = self.puzzle.as_mut() {
            puzzle.solvers = solvers;
        }
    }

    /// A table stored before tables kept their last action starts its idle
    /// period at `now`.
    pub fn start_idle_period_if_unknown(&mut self, now: u64) {
        if self.last_action == 0 {
            self.last_action = now;
        }
    }
}

/// The CPU's name with its level, in `lang`: "CPU (hard)".
pub fn cpu_name(level: Level, lang: Lang) -> String {
    let level = boardbot_words::tr(lang, &format!("level-{}", level.name()), &[]);
    boardbot_words::tr(lang, "cpu-name", &[("level", &level)])
}

/// A table that plays a daily puzzle: the person starts from the puzzle's
/// position against the hard CPU, the perfect defender; a rematch starts
/// the same position again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Days since 1970-01-01 (UTC).
    pub day: u64,
    /// The moves from an empty board to the puzzle's position.
    pub start: Vec<Move>,
    /// Connect Four: the win comes within this many of the person's moves;
    /// Dots and Boxes: the final margin in boxes that solves it.
    pub goal: i32,
    /// How many people in this server solved the day's puzzle, as counted
    /// when this table's match was solved (0 until then).
    #[serde(default)]
    pub solvers: u32,
}

/// One person's rating after a ranked match, as the board shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    pub user: UserId,
    pub rating: i64,
    pub change: i64,
    pub provisional: bool,
}
impl Table {
    /// The seat a person holds, if any (the first, in self-play); in an
    /// open table's lobby, the seat they sit at.
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        let held = |p: Option<&Player>| p.and_then(Player::person_id) == Some(user);
        match &self.phase {
            Phase::Lobby { seats } => seats.iter().position(|p| held(p.as_ref())),
            _ => self.players.iter().position(|p| held(Some(p))),
        }
        .map(|s| s as Seat)
    }

    /// Whether `user` hosts this table between two matches (an open table
    /// before its first, or a finished match): the host may then change
    /// the table's rules.
    pub fn hosts_between_matches(&self, user: UserId) -> bool {
        self.host == user && matches!(self.phase, Phase::Lobby { .. } | Phase::Finished(_))
    }

    /// True while an invitation waits, an open table fills, or a match is
    /// being played.
    pub fn is_running(&self) -> bool {
        matches!(
            self.phase,
            Phase::Inviting { .. } | Phase::Lobby { .. } | Phase::Playing
        )
    }

    /// The seat to move while a match is being played.
    pub fn seat_to_move(&self) -> Option<Seat> {
        (self.phase == Phase::Playing).then(|| self.game.to_move())
    }

    /// The player to move while a match is being played.
    pub fn player_to_move(&self) -> Option<&Player> {
        self.players.get(usize::from(self.seat_to_move()?))
    }

    /// The seat that made the last move of the match, if any.
    pub fn last_mover(&self) -> Option<Seat> {
        let cut = self.history.len().checked_sub(1)?;
        let mut game = AnyGame::new(self.kind)?;
        for &mv in &self.history[..cut] {
            game.play(mv).ok()?;
        }
        Some(game.to_move())
    }

    /// Whether the current match changes ratings: a ranked table with every
    /// seat held by a different person (a seat handed to a CPU after a
    /// decline makes the match unranked).
    pub fn ranked_match(&self) -> bool {
        // `people()` counts each person once: as many as seats means every
        // seat is a different person (no CPU, no self-play).
        self.ranked
            && !self.outside()
            && self.players.len() == self.kind.seat_count()
            && self.people().len() == self.players.len()
    }

    /// The people seated (each once), in seat order.
    pub fn people(&self) -> Vec<UserId> {
        let mut people: Vec<UserId> = Vec::new();
        let seated: Vec<Option<&Player>> = match &self.phase {
            Phase::Lobby { seats } => seats.iter().map(Option::as_ref).collect(),
            _ => self.players.iter().map(Some).collect(),
        };
        for id in seated.into_iter().flatten().filter_map(Player::person_id) {
            if !people.contains(&id) {
                people.push(id);
            }
        }
        people
    }

    /// The stamp a CPU seat's search is for, when a CPU seat is to move.
    pub fn cpu_to_move(&self) -> Option<u64> {
        self.cpu_turn()
    }

    fn cpu_turn(&self) -> Option<u64> {
        if self.paused.is_some() {
            return None;
        }
        self.player_to_move()
            .filter(|p| p.is_cpu())
            .map(|_| self.stamp)
    }

    fn check_stamp(&self, stamp: Option<u64>) -> Result<(), Refusal> {
        match stamp {
            Some(s) if s != self.stamp => Err(Refusal::StaleBoard),
            _ => Ok(()),
        }
    }

    /// Applies one action at time `now` (milliseconds). A refusal changes
    /// nothing.
    pub fn apply(&mut self, action: Action, now: u64) -> Result<Effects, Refusal> {
        let effects = self.dispatch(action, now)?;
        self.last_action = now;
        self.settle_clock(now);
        Ok(effects)
    }

    /// One method per family of actions.
    fn dispatch(&mut self, action: Action, now: u64) -> Result<Effects, Refusal> {
        if self.tournament.is_some() && !Self::tournament_allows(&action) {
            return Err(Refusal::TournamentGame);
        }
        match action {
            Action::Move { user, mv, stamp } => self.person_moves(user, mv, stamp),
            Action::CpuMove { mv, stamp } => self.cpu_moves(mv, stamp),
            Action::Resign { user, stamp } => self.resign(user, stamp),
            Action::Accept { user, stamp } => {
                self.check_stamp(stamp)?;
                self.answer(user, true, now)
            }
            Action::Decline { user, stamp } => {
                self.check_stamp(stamp)?;
                self.answer(user, false, now)
            }
            Action::Rematch { user, stamp } => self.rematch(user, stamp, now),
            Action::Undo { user, stamp } => self.undo(user, stamp),
            Action::AnswerUndo {
                user,
                accept,
                stamp,
            } => self.answer_undo(user, accept, stamp),
            Action::Tick { idle_ms } => self.tick(now, idle_ms),
            Action::Join { user, name, stamp } => {
                self.check_stamp(stamp)?;
                self.join(user, name)
            }
            Action::Leave { user, stamp } => {
                self.check_stamp(stamp)?;
                self.leave(user, now)
            }
            Action::Start { user, stamp } => {
                self.check_stamp(stamp)?;
                self.start(user, now)
            }
            Action::Rejoin { user, name } => self.rejoin(user, name),
            Action::Pause { user, stamp } => {
                self.check_stamp(stamp)?;
                self.pause(user, now)
            }
            Action::Resume { user, stamp } => {
                self.check_stamp(stamp)?;
                self.resume(user, now)
            }
            Action::End { user, moderator } => self.end(user, moderator),
            Action::PlaceGone => self.close_gone(),
            Action::FreeSeat { user, stamp } => {
                self.check_stamp(stamp)?;
                self.free_seat(user)
            }
            Action::SetRules {
                user,
                timer,
                rotate,
                level,
            } => self.set_rules(user, timer, rotate, level),
        }
    }

    /// What a tournament game allows: moves, resigning, leaving (a loss),
    /// the clocks, and ending it with no result (a moderator, the
    /// tournament's end, its place gone).
    fn tournament_allows(action: &Action) -> bool {
        matches!(
            action,
            Action::Move { .. }
                | Action::CpuMove { .. }
                | Action::Resign { .. }
                | Action::Leave { .. }
                | Action::Tick { .. }
                | Action::End { .. }
                | Action::PlaceGone
        )
    }

    fn check_playing(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::Playing => Ok(()),
            Phase::Inviting { .. } | Phase::Lobby { .. } => Err(Refusal::NotStarted),
            Phase::Finished(_) | Phase::Closed(_) => Err(Refusal::GameOver),
        }
    }

    fn check_not_paused(&self) -> Result<(), Refusal> {
        match self.paused {
            Some(_) => Err(Refusal::Paused),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod control_tests;
#[cfg(test)]
mod rejoin_tests;
#[cfg(test)]
mod rule_tests;
#[cfg(test)]
mod stored_tests;
/// Helpers that build tables in given states, for this crate's tests and
/// the bot's (feature `test-support`).
#[cfg(any(test, feature = "test-support"))]
pub mod test_support;

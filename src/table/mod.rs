//! One table = the state machine of a match and its seats.
//!
//! Transport-agnostic: `(table, action, now) -> Result<Effects, Refusal>`.
//! Nothing here knows Discord; users are plain ids and names, time is a
//! millisecond count passed in by the caller.

mod clock;
mod refusal;
mod seats;

pub use clock::{Paused, Rules, TurnClock, DEFAULT_IDLE_MS, TIMER_CHOICES};
pub use refusal::Refusal;
pub use seats::SeatChange;

use crate::cpu::Level;
use crate::game::{AnyGame, Game, GameKind, IllegalMove, Move, Outcome, Seat};
use crate::i18n::Lang;
use rand::seq::SliceRandom;
use rand::Rng;
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
}

/// Stored departures: `[seat, user]` pairs (resignations, as first
/// stored) or full records.
#[derive(Deserialize)]
#[serde(untagged)]
enum DepartureRepr {
    Full { seat: Seat, user: UserId, why: Left },
    Resigned(Seat, UserId),
}

impl From<DepartureRepr> for Departure {
    fn from(repr: DepartureRepr) -> Self {
        match repr {
            DepartureRepr::Full { seat, user, why } => Departure { seat, user, why },
            DepartureRepr::Resigned(seat, user) => Departure {
                seat,
                user,
                why: Left::Resigned,
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

/// Something a person or a CPU does at a table. `stamp` is the table's
/// stamp printed on the control that was used; `None` for slash commands,
/// which act on the table as it is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Move {
        user: UserId,
        mv: Move,
        stamp: Option<u64>,
    },
    /// A CPU seat's move, computed for the position at `stamp`.
    CpuMove {
        mv: Move,
        stamp: u64,
    },
    Resign {
        user: UserId,
        stamp: Option<u64>,
    },
    Accept {
        user: UserId,
        stamp: Option<u64>,
    },
    Decline {
        user: UserId,
        stamp: Option<u64>,
    },
    Rematch {
        user: UserId,
        stamp: Option<u64>,
    },
    /// Take back the person's last move: at once against the CPU or in
    /// self-play, else as a request the opponent answers.
    Undo {
        user: UserId,
        stamp: Option<u64>,
    },
    /// The opponent's answer to a pending undo request.
    AnswerUndo {
        user: UserId,
        accept: bool,
        stamp: Option<u64>,
    },
    /// A clock of the table may have run out (the invitation, the turn
    /// timer, the idle period of `idle_ms`); refused if none has.
    Tick {
        idle_ms: u64,
    },
    /// Sit at a free seat of an open table before its match, or reserve a
    /// CPU's seat for the next match.
    Join {
        user: UserId,
        name: String,
        stamp: Option<u64>,
    },
    /// Leave the table: frees the seat before the match, abandons it
    /// during the match.
    Leave {
        user: UserId,
        stamp: Option<u64>,
    },
    /// The host starts an open table's match.
    Start {
        user: UserId,
        stamp: Option<u64>,
    },
    /// The host pauses the match: clocks and CPU seats stop.
    Pause {
        user: UserId,
        stamp: Option<u64>,
    },
    Resume {
        user: UserId,
        stamp: Option<u64>,
    },
    /// Ends the table with no result: by the host, or by a moderator
    /// (Manage Messages in the channel).
    End {
        user: UserId,
        moderator: bool,
    },
    /// The table's place is gone: it ends with no result, by no one.
    PlaceGone,
    /// The host frees a CPU's seat for people from the next match on.
    FreeSeat {
        user: UserId,
        stamp: Option<u64>,
    },
    /// The host changes the table's rules between matches (each `None`
    /// keeps the current value; `timer: Some(None)` switches it off).
    SetRules {
        user: UserId,
        timer: Option<Option<u32>>,
        rotate: Option<bool>,
        level: Option<Level>,
    },
}

/// What an accepted action changed, beyond the board itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Effects {
    /// A CPU seat moves next: compute its move for this stamp.
    pub cpu_turn: Option<u64>,
    /// The match just ended.
    pub match_ended: bool,
    /// The invitation turned into a match.
    pub started: bool,
}

/// The board size as the history names it.
fn size_name(kind: GameKind) -> String {
    match kind {
        GameKind::Connect4 => "7x6".into(),
        GameKind::Connect4ThreePlayer => "9x9".into(),
        GameKind::Connect4ThreeD => "4x4x4".into(),
        GameKind::Dots { width, height } => format!("{width}x{height}"),
    }
}

/// One seat of a finished match: who held it at the end, and the person
/// who left it during the match (a CPU played on), if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub player: Player,
    #[serde(default)]
    pub left: Option<UserId>,
}

/// A finished match as the history keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRecord {
    pub table: u64,
    /// 1 for the table's first match, then 2, ...
    pub match_no: u32,
    pub guild: u64,
    pub channel: u64,
    /// The game's command name (`connect4`, `dots`, ...).
    pub game: String,
    /// The board size (`7x6`, `5x4`, ...).
    pub size: String,
    pub seats: Vec<SeatRecord>,
    /// The move names in order.
    pub moves: Vec<String>,
    /// `win`, `draw` or `resigned`.
    pub result: String,
    pub winner: Option<Seat>,
    /// `board` (decided on the board) or `resign`.
    pub ended_by: String,
    /// Milliseconds since the epoch.
    pub started_at: u64,
    pub ended_at: u64,
    /// The match changes ratings (see `rating::update`).
    pub ranked: bool,
}

impl MatchRecord {
    /// The game and board the match was played on.
    pub fn kind(&self) -> Option<GameKind> {
        match self.game.as_str() {
            "connect4" => Some(GameKind::Connect4),
            "connect4-3p" => Some(GameKind::Connect4ThreePlayer),
            "connect4-3d" => Some(GameKind::Connect4ThreeD),
            "dots" => GameKind::parse_dots_size(&self.size),
            _ => None,
        }
    }

    /// The game and its moves, replayed from their names; `None` when the
    /// record does not replay (an unknown game or an illegal move).
    pub fn replay(&self) -> Option<(GameKind, Vec<Move>)> {
        let kind = self.kind()?;
        let mut game = AnyGame::new(kind)?;
        let mut moves = Vec::with_capacity(self.moves.len());
        for name in &self.moves {
            let mv = game.parse_move(name)?;
            game.play(mv).ok()?;
            moves.push(mv);
        }
        Some((kind, moves))
    }

    /// The person in `seat`, if a person held it.
    pub fn person(&self, seat: Seat) -> Option<UserId> {
        self.seats.get(seat as usize)?.player.person_id()
    }

    /// True when `user` held a seat in the match.
    pub fn played(&self, user: UserId) -> bool {
        self.seats
            .iter()
            .any(|s| s.player.person_id() == Some(user) || s.left == Some(user))
    }
}

/// A table: its seats, its match, its phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// Unique among all tables; controls carry it.
    pub no: u64,
    /// The server the table is in.
    #[serde(default)]
    pub guild: u64,
    pub channel: u64,
    pub kind: GameKind,
    pub host: UserId,
    pub level: Level,
    /// Seat order of the current match: `players[seat]`.
    pub players: Vec<Player>,
    pub game: AnyGame,
    pub history: Vec<Move>,
    pub phase: Phase,
    /// Bumped on every change; a control drawn for an older stamp is stale.
    pub stamp: u64,
    /// Matches started at this table, the current one included.
    pub matches: u32,
    /// A person asked to take back their last move; the opponent answers.
    #[serde(default)]
    pub undo_request: Option<UserId>,
    /// Invited people who declined; a CPU took their seats (3-player games).
    #[serde(default)]
    pub declined: Vec<UserId>,
    /// Invited people who did not answer in time; a CPU took their seats.
    #[serde(default)]
    pub missed: Vec<UserId>,
    /// The language of the table's public messages (the host's).
    #[serde(default)]
    pub lang: Lang,
    /// People who left a 3-player match (resigned, timed out, abandoned);
    /// a CPU plays their seats for the rest of the match.
    #[serde(default, alias = "resigned")]
    pub departed: Vec<Departure>,
    /// When the current match started (milliseconds since the epoch).
    #[serde(default)]
    pub match_started_at: u64,
    /// Drawn when the table opened: later seat draws derive from it, so a
    /// table replays the same way from its stored state.
    #[serde(default)]
    pub seed: u64,
    /// The table's own rules: turn timer and starter rotation.
    #[serde(default)]
    pub rules: Rules,
    /// The seat the host chose, if any (else the first order is drawn).
    #[serde(default)]
    pub host_seat: Option<Seat>,
    /// The running turn clock, while a person is to move and a timer is set.
    #[serde(default)]
    pub clock: Option<TurnClock>,
    /// Set while the host has paused the match.
    #[serde(default)]
    pub paused: Option<Paused>,
    /// Seat changes that take effect when the next match starts.
    #[serde(default)]
    pub next_seats: Vec<SeatChange>,
    /// The last accepted action (milliseconds since the epoch).
    #[serde(default)]
    pub last_action: u64,
    /// The table's matches change ratings (every seat a distinct person).
    #[serde(default)]
    pub ranked: bool,
    /// How the last match changed its people's ratings (ranked matches).
    #[serde(default)]
    pub rating_changes: Vec<RatingChange>,
    /// Set on a table that plays a daily puzzle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<Puzzle>,
}

/// The CPU's name with its level, in `lang`: "CPU (hard)".
pub fn cpu_name(level: Level, lang: Lang) -> String {
    let level = crate::i18n::tr(lang, &format!("level.{}", level.name()), &[]);
    crate::i18n::tr(lang, "cpu.name", &[("level", &level)])
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

/// What the person opening a table asked for.
#[derive(Debug, Clone)]
pub struct Opening {
    pub no: u64,
    pub guild: u64,
    pub channel: u64,
    pub kind: GameKind,
    pub host: UserId,
    pub host_name: String,
    pub level: Level,
    /// People invited by mention (not the host).
    pub invited: Vec<(UserId, String)>,
    /// The host plays every seat (named themself as opponent).
    pub self_play: bool,
    /// The host's chosen seat against the CPU, if any; else drawn.
    pub host_seat: Option<Seat>,
    /// The host's language, used for the table's public messages.
    pub lang: Lang,
    /// An open table: people join free seats until the host starts.
    pub open: bool,
    pub rules: Rules,
    /// Ranked: only between distinct people (refused otherwise).
    pub ranked: bool,
}

impl Table {
    /// A new table: starts at once against the CPU (or self-play), waits
    /// for the invited people to answer, or (open tables) for people to
    /// join until the host starts.
    pub fn open(
        opening: Opening,
        now: u64,
        rng: &mut impl Rng,
    ) -> Result<(Table, Effects), Refusal> {
        let seat_count = opening.kind.seat_count();
        if opening.invited.iter().any(|(id, _)| *id == opening.host) {
            return Err(Refusal::InvitedYourself);
        }
        if opening.invited.len() >= seat_count {
            return Err(Refusal::TooManyPlayers);
        }
        if opening.open && opening.self_play {
            return Err(Refusal::OpenSelfPlay);
        }
        // Ranked: every seat a different person, from the start (an open
        // table fills up before its host may start it).
        let all_invited = opening.invited.len() + 1 == seat_count;
        if opening.ranked && (opening.self_play || !(opening.open || all_invited)) {
            return Err(Refusal::RankedNeedsPeople);
        }
        let game = AnyGame::new(opening.kind).ok_or(Refusal::UnknownGame)?;
        let host = Player::Person {
            id: opening.host,
            name: opening.host_name.clone(),
        };
        let host_seat = opening
            .host_seat
            .filter(|&s| (s as usize) < seat_count && !opening.self_play);
        let mut table = Table {
            no: opening.no,
            guild: opening.guild,
            channel: opening.channel,
            kind: opening.kind,
            host: opening.host,
            level: opening.level,
            players: vec![host.clone()],
            game,
            history: Vec::new(),
            phase: Phase::Playing,
            stamp: 1,
            matches: 0,
            undo_request: None,
            declined: Vec::new(),
            missed: Vec::new(),
            lang: opening.lang,
            departed: Vec::new(),
            match_started_at: now,
            seed: rng.gen(),
            rules: opening.rules,
            host_seat,
            clock: None,
            paused: None,
            next_seats: Vec::new(),
            last_action: now,
            ranked: opening.ranked,
            rating_changes: Vec::new(),
            puzzle: None,
        };
        if opening.open {
            // Invited people keep their seats; the rest are free.
            let mut seats: Vec<Option<Player>> = std::iter::once(Some(host))
                .chain(opening.invited.iter().map(|(id, name)| {
                    Some(Player::Person {
                        id: *id,
                        name: name.clone(),
                    })
                }))
                .collect();
            seats.resize(seat_count, None);
            table.phase = Phase::Lobby { seats };
            return Ok((table, Effects::default()));
        }
        if !opening.invited.is_empty() {
            table.phase = Phase::Inviting {
                invites: opening
                    .invited
                    .iter()
                    .map(|(id, name)| Invite {
                        id: *id,
                        name: name.clone(),
                        answer: Answer::Waiting,
                    })
                    .collect(),
                expires_at: now + INVITATION_MS,
            };
            return Ok((table, Effects::default()));
        }
        let mut players = vec![host.clone()];
        while players.len() < seat_count {
            players.push(if opening.self_play {
                host.clone()
            } else {
                Player::Cpu {
                    level: opening.level,
                }
            });
        }
        match host_seat {
            Some(seat) => players.swap(0, seat as usize),
            None => players.shuffle(rng),
        }
        let effects = table.start_match(players, now);
        table.settle_clock(now);
        Ok((table, effects))
    }

    /// A table for a daily puzzle: the host alone against the hard CPU,
    /// from the puzzle's position, on the seat to move there; no timer, no
    /// rotation, never ranked.
    pub fn open_puzzle(
        opening: Opening,
        puzzle: Puzzle,
        now: u64,
        rng: &mut impl Rng,
    ) -> Result<(Table, Effects), Refusal> {
        let mut start = AnyGame::new(opening.kind).ok_or(Refusal::UnknownGame)?;
        for &mv in &puzzle.start {
            start.play(mv).map_err(|_| Refusal::UnknownGame)?;
        }
        if start.is_over() {
            return Err(Refusal::GameOver);
        }
        let opening = Opening {
            level: Level::Hard,
            invited: Vec::new(),
            self_play: false,
            host_seat: Some(start.to_move()),
            open: false,
            rules: Rules {
                timer: None,
                rotate: false,
            },
            ranked: false,
            ..opening
        };
        let (mut table, _) = Table::open(opening, now, rng)?;
        table.puzzle = Some(puzzle);
        // The match starts again, this time from the puzzle's position.
        table.matches = 0;
        let players = table.players.clone();
        let effects = table.start_match(players, now);
        table.settle_clock(now);
        Ok((table, effects))
    }

    /// At a puzzle table whose match is over: whether the person solved
    /// it (won, in Connect Four; reached the goal's margin, in Dots and
    /// Boxes). `None` elsewhere.
    pub fn puzzle_solved(&self) -> Option<bool> {
        let puzzle = self.puzzle.as_ref()?;
        let Phase::Finished(end) = &self.phase else {
            return None;
        };
        let seat = self.players.iter().position(|p| !p.is_cpu())? as Seat;
        Some(match (end, &self.game) {
            (MatchEnd::Board(_), AnyGame::Dots(dots)) => {
                let scores = dots.scores();
                let me = seat as usize;
                scores[me] as i32 - scores[1 - me] as i32 >= puzzle.goal
            }
            (MatchEnd::Board(Outcome::Win { seat: winner, .. }), _) => *winner == seat,
            _ => false,
        })
    }

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
        self.seat_to_move().map(|s| &self.players[s as usize])
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

    /// The table read back from storage, checked: its position must be the
    /// one its move history leads to, and its seats must fit its game.
    pub fn checked(self) -> Result<Table, String> {
        let mut game = AnyGame::new(self.kind).ok_or("unknown game")?;
        for (i, &mv) in self.history.iter().enumerate() {
            game.play(mv)
                .map_err(|e| format!("move {} of the history: {e:?}", i + 1))?;
        }
        if game != self.game {
            return Err("the position does not follow from the move history".into());
        }
        let seats = self.kind.seat_count();
        let before_first =
            matches!(self.phase, Phase::Inviting { .. } | Phase::Lobby { .. }) && self.matches == 0;
        let seated = before_first || self.players.len() == seats;
        if !seated || self.players.is_empty() || self.players.len() > seats {
            return Err(format!(
                "{} seats for a {seats}-seat game",
                self.players.len()
            ));
        }
        if let Phase::Lobby { seats: lobby } = &self.phase {
            if lobby.len() != seats {
                return Err(format!("a lobby of {} seats", lobby.len()));
            }
        }
        Ok(self)
    }

    /// The record of the match that just ended, for the history.
    pub fn match_record(&self, now: u64) -> Option<MatchRecord> {
        let Phase::Finished(end) = &self.phase else {
            return None;
        };
        if self.puzzle.is_some() {
            // Puzzles count as solves (see the store), not as matches.
            return None;
        }
        let two = self.players.len() == 2;
        let (result, winner, ended_by) = match end {
            MatchEnd::Board(Outcome::Win { seat, .. }) => ("win", Some(*seat), "board"),
            MatchEnd::Board(Outcome::Draw) => ("draw", None, "board"),
            MatchEnd::Resigned { seat } => ("resigned", two.then(|| 1 - *seat), "resign"),
            MatchEnd::TimedOut { seat } => ("timeout", two.then(|| 1 - *seat), "timeout"),
            MatchEnd::Abandoned { seat } => ("abandoned", two.then(|| 1 - *seat), "leave"),
        };
        let seats = self
            .players
            .iter()
            .enumerate()
            .map(|(seat, player)| SeatRecord {
                player: player.clone(),
                left: self
                    .departed
                    .iter()
                    .find(|d| d.seat as usize == seat)
                    .map(|d| d.user),
            })
            .collect();
        let mut replay = AnyGame::new(self.kind)?;
        let moves = self
            .history
            .iter()
            .map(|&mv| {
                let name = replay.move_name(mv);
                let _ = replay.play(mv);
                name
            })
            .collect();
        Some(MatchRecord {
            table: self.no,
            match_no: self.matches,
            guild: self.guild,
            channel: self.channel,
            game: self.kind.command().to_owned(),
            size: size_name(self.kind),
            seats,
            moves,
            result: result.to_owned(),
            winner,
            ended_by: ended_by.to_owned(),
            started_at: self.match_started_at,
            ended_at: now,
            ranked: self.ranked_match(),
        })
    }

    fn start_match(&mut self, players: Vec<Player>, now: u64) -> Effects {
        self.players = players;
        self.match_started_at = now;
        self.game = AnyGame::new(self.kind).expect("the table's game was created before");
        self.history.clear();
        if let Some(puzzle) = &mut self.puzzle {
            for &mv in &puzzle.start {
                if self.game.play(mv).is_ok() {
                    self.history.push(mv);
                }
            }
            puzzle.solvers = 0;
        }
        self.undo_request = None;
        if self.matches > 0 {
            self.declined.clear();
            self.missed.clear();
        }
        self.departed.clear();
        self.next_seats.clear();
        self.rating_changes.clear();
        self.paused = None;
        self.clock = None;
        self.phase = Phase::Playing;
        self.matches += 1;
        self.stamp += 1;
        Effects {
            cpu_turn: self.cpu_turn(),
            started: true,
            ..Effects::default()
        }
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

    fn check_host(&self, user: UserId) -> Result<(), Refusal> {
        if user == self.host {
            Ok(())
        } else {
            Err(Refusal::NotHost)
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

    fn dispatch(&mut self, action: Action, now: u64) -> Result<Effects, Refusal> {
        match action {
            Action::Move { user, mv, stamp } => {
                // A control of a finished match says so, whatever its stamp.
                self.check_playing()?;
                self.check_stamp(stamp)?;
                let seat = self.seat_to_move().expect("playing");
                if self.seat_of(user).is_none() {
                    return Err(Refusal::NotYourTable);
                }
                self.check_not_paused()?;
                if self.players[seat as usize].person_id() != Some(user) {
                    return Err(Refusal::NotYourTurn);
                }
                self.play(mv)
            }
            Action::CpuMove { mv, stamp } => {
                self.check_playing()?;
                self.check_stamp(Some(stamp))?;
                self.check_not_paused()?;
                if !self.player_to_move().is_some_and(Player::is_cpu) {
                    return Err(Refusal::NotYourTurn);
                }
                self.play(mv)
            }
            Action::Resign { user, stamp } => {
                // A control of a finished match says so, whatever its stamp.
                self.check_playing()?;
                self.check_stamp(stamp)?;
                let seat = self.seat_of(user).ok_or(Refusal::NotYourTable)?;
                Ok(self.forfeit(user, seat, Left::Resigned))
            }
            Action::Accept { user, stamp } | Action::Decline { user, stamp } => {
                let accept = matches!(action, Action::Accept { .. });
                self.check_stamp(stamp)?;
                self.answer(user, accept, now)
            }
            Action::Rematch { user, stamp } => {
                self.check_stamp(stamp)?;
                match self.phase {
                    Phase::Finished(_) => {}
                    Phase::Playing | Phase::Inviting { .. } | Phase::Lobby { .. } => {
                        return Err(Refusal::MatchNotOver)
                    }
                    Phase::Closed(_) => return Err(Refusal::TableClosed),
                }
                // Those seated, and those who reserved a seat for it.
                if self.seat_of(user).is_none() && self.reservation_of(user).is_none() {
                    return Err(Refusal::NotYourTable);
                }
                Ok(self.next_match(now))
            }
            Action::Undo { user, stamp } => {
                // A control of a finished match says so, whatever its stamp.
                self.check_playing()?;
                self.check_stamp(stamp)?;
                let seat = self.seat_of(user).ok_or(Refusal::NotYourTable)?;
                self.check_not_paused()?;
                if self.ranked_match() {
                    return Err(Refusal::NoUndoInRanked);
                }
                if self.puzzle.is_some() {
                    return Err(Refusal::NoUndoInPuzzle);
                }
                let people: Vec<UserId> =
                    self.players.iter().filter_map(Player::person_id).collect();
                let alone = people.iter().all(|&p| p == user);
                let cut = if people.len() > 1 && alone {
                    // Self-play: take back the last move, whoever's it was.
                    self.history.len().checked_sub(1)
                } else {
                    self.last_move_index(seat)
                }
                .ok_or(Refusal::NothingToUndo)?;
                if alone {
                    self.take_back(cut);
                    return Ok(Effects {
                        cpu_turn: self.cpu_turn(),
                        ..Effects::default()
                    });
                }
                if self.undo_request.is_some() {
                    return Err(Refusal::UndoPending);
                }
                self.undo_request = Some(user);
                self.stamp += 1;
                Ok(Effects::default())
            }
            Action::AnswerUndo {
                user,
                accept,
                stamp,
            } => {
                // A control of a finished match says so, whatever its stamp.
                self.check_playing()?;
                self.check_stamp(stamp)?;
                let Some(asker) = self.undo_request else {
                    return Err(Refusal::NoUndoRequest);
                };
                if self.seat_of(user).is_none() {
                    return Err(Refusal::NotYourTable);
                }
                if user == asker {
                    return Err(Refusal::OwnUndoRequest);
                }
                self.check_not_paused()?;
                self.undo_request = None;
                // The asker's move, unless they have left the seat since.
                let cut = self
                    .seat_of(asker)
                    .and_then(|seat| self.last_move_index(seat));
                match cut {
                    Some(cut) if accept => self.take_back(cut),
                    _ => self.stamp += 1,
                }
                Ok(Effects {
                    cpu_turn: self.cpu_turn(),
                    ..Effects::default()
                })
            }
            Action::Tick { idle_ms } => self.tick(now, idle_ms),
            Action::Join { user, name, stamp } => {
                self.check_stamp(stamp)?;
                if self.puzzle.is_some() {
                    return Err(Refusal::PuzzleAlone);
                }
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
            Action::Pause { user, stamp } => {
                self.check_stamp(stamp)?;
                self.pause(user, now)
            }
            Action::Resume { user, stamp } => {
                self.check_stamp(stamp)?;
                self.resume(user, now)
            }
            Action::End { user, moderator } => {
                if matches!(self.phase, Phase::Closed(_)) {
                    return Err(Refusal::TableClosed);
                }
                if user != self.host && !moderator {
                    return Err(Refusal::CannotEnd);
                }
                self.phase = Phase::Closed(Closed::Ended { by: user });
                self.paused = None;
                self.undo_request = None;
                self.stamp += 1;
                Ok(Effects::default())
            }
            Action::PlaceGone => {
                if !self.is_running() {
                    return Err(Refusal::TableClosed);
                }
                self.phase = Phase::Closed(Closed::PlaceGone);
                self.paused = None;
                self.clock = None;
                self.undo_request = None;
                self.stamp += 1;
                Ok(Effects::default())
            }
            Action::FreeSeat { user, stamp } => {
                self.check_stamp(stamp)?;
                if self.puzzle.is_some() {
                    return Err(Refusal::PuzzleAlone);
                }
                self.free_seat(user)
            }
            Action::SetRules {
                user,
                timer,
                rotate,
                level,
            } => {
                if self.puzzle.is_some() {
                    return Err(Refusal::PuzzleAlone);
                }
                match self.phase {
                    Phase::Lobby { .. } | Phase::Finished(_) => {}
                    Phase::Playing => return Err(Refusal::MatchNotOver),
                    Phase::Inviting { .. } => return Err(Refusal::NotStarted),
                    Phase::Closed(_) => return Err(Refusal::TableClosed),
                }
                self.check_host(user)?;
                if let Some(timer) = timer {
                    self.rules.timer = timer;
                }
                if let Some(rotate) = rotate {
                    self.rules.rotate = rotate;
                }
                if let Some(level) = level {
                    self.level = level;
                }
                self.stamp += 1;
                Ok(Effects::default())
            }
        }
    }

    /// `user` gives up `seat`: in a 3-player game with other people seated
    /// a CPU plays on and the person has lost; otherwise the match ends.
    fn forfeit(&mut self, user: UserId, seat: Seat, why: Left) -> Effects {
        // In self-play the person gives up the seat to move.
        let seat = if self
            .players
            .iter()
            .filter(|p| p.person_id() == Some(user))
            .count()
            > 1
        {
            self.game.to_move()
        } else {
            seat
        };
        let others_seated = self
            .players
            .iter()
            .any(|p| p.person_id().is_some_and(|p| p != user));
        self.undo_request = None;
        self.stamp += 1;
        if self.players.len() > 2 && others_seated {
            // SPEC 2: in a 3-player game the person leaves, a CPU plays
            // their seat and the match goes on.
            self.players[seat as usize] = Player::Cpu { level: self.level };
            self.departed.push(Departure { seat, user, why });
            return Effects {
                cpu_turn: self.cpu_turn(),
                ..Effects::default()
            };
        }
        self.phase = Phase::Finished(match why {
            Left::Resigned => MatchEnd::Resigned { seat },
            Left::TimedOut => MatchEnd::TimedOut { seat },
            Left::Abandoned => MatchEnd::Abandoned { seat },
        });
        self.paused = None;
        if why == Left::Abandoned {
            // The person has left the table: a CPU takes the seat next time.
            self.next_seats.retain(|c| c.seat() != seat);
            self.next_seats.push(SeatChange::Vacate { seat });
        }
        Effects {
            match_ended: true,
            ..Effects::default()
        }
    }

    /// Index in the history of the last move made by `seat`.
    fn last_move_index(&self, seat: Seat) -> Option<usize> {
        let mut game = AnyGame::new(self.kind)?;
        let mut last = None;
        for (i, &mv) in self.history.iter().enumerate() {
            if game.to_move() == seat {
                last = Some(i);
            }
            game.play(mv).ok()?;
        }
        last
    }

    /// Replays the match up to (not including) history index `cut`.
    fn take_back(&mut self, cut: usize) {
        let mut game = AnyGame::new(self.kind).expect("the table's game was created before");
        for &mv in &self.history[..cut] {
            game.play(mv).expect("the history holds legal moves");
        }
        self.game = game;
        self.history.truncate(cut);
        self.undo_request = None;
        self.stamp += 1;
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

    fn play(&mut self, mv: Move) -> Result<Effects, Refusal> {
        self.game.play(mv).map_err(|e| match e {
            IllegalMove::GameOver => Refusal::GameOver,
            IllegalMove::NoSuchMove => Refusal::NoSuchMove,
            IllegalMove::Full if self.kind == GameKind::Connect4ThreeD => Refusal::RodFull,
            IllegalMove::Full => Refusal::Full,
            IllegalMove::AlreadyDrawn => Refusal::AlreadyDrawn,
        })?;
        self.history.push(mv);
        // A move answers a pending undo request with no.
        self.undo_request = None;
        self.stamp += 1;
        let mut effects = Effects::default();
        if let Some(outcome) = self.game.outcome() {
            self.phase = Phase::Finished(MatchEnd::Board(outcome));
            effects.match_ended = true;
        } else {
            effects.cpu_turn = self.cpu_turn();
        }
        Ok(effects)
    }

    fn answer(&mut self, user: UserId, accept: bool, now: u64) -> Result<Effects, Refusal> {
        let Phase::Inviting {
            invites,
            expires_at,
        } = &mut self.phase
        else {
            return Err(match self.phase {
                Phase::Closed(_) => Refusal::TableClosed,
                _ => Refusal::AlreadyStarted,
            });
        };
        if now >= *expires_at {
            // The expiry timer settles the table (its own action).
            return Err(Refusal::InvitationExpired);
        }
        let Some(invite) = invites.iter_mut().find(|i| i.id == user) else {
            return Err(if user == self.host {
                Refusal::HostCannotAnswer
            } else {
                Refusal::NotInvited
            });
        };
        if invite.answer != Answer::Waiting {
            return Err(Refusal::AlreadyAnswered);
        }
        if !accept && self.kind.seat_count() == 2 {
            self.phase = Phase::Closed(Closed::Declined { by: user });
            self.stamp += 1;
            return Ok(Effects::default());
        }
        invite.answer = if accept {
            Answer::Accepted
        } else {
            Answer::Declined
        };
        self.stamp += 1;
        if invites.iter().any(|i| i.answer == Answer::Waiting) {
            return Ok(Effects::default());
        }
        Ok(self.seat_the_invited(now))
    }

    /// Starts the match from the invitation's answers: accepted people sit,
    /// declined and unanswered seats go to the CPU.
    fn seat_the_invited(&mut self, now: u64) -> Effects {
        let Phase::Inviting { invites, .. } = &self.phase else {
            unreachable!("only called while inviting");
        };
        let with = |answer| -> Vec<UserId> {
            invites
                .iter()
                .filter(|i| i.answer == answer)
                .map(|i| i.id)
                .collect()
        };
        self.declined = with(Answer::Declined);
        self.missed = with(Answer::Waiting);
        let mut seats = vec![Some(self.players[0].clone())];
        for i in invites.iter() {
            seats.push((i.answer == Answer::Accepted).then(|| Player::Person {
                id: i.id,
                name: i.name.clone(),
            }));
        }
        seats.resize(self.kind.seat_count(), None);
        let players = self.first_order(seats);
        self.start_match(players, now)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod rule_tests;
#[cfg(test)]
pub(crate) mod test_support;

//! A tournament: its sign-up, rounds, pairings and standings.
//!
//! Pure, like `table/`: `(tournament, action, now) -> Result<effects,
//! refusal>`. Each game is an ordinary table the service opens in a thread
//! of the tournament's channel; the service tells the tournament how each
//! ended ([`Tournament::board_ended`]), and the tournament pairs the next
//! round once every game of the current one has ended.

pub mod matching;
pub mod pairing;
mod rounds;
pub mod standings;
pub mod words;

use crate::table::{MatchEnd, Phase, Refusal, Table, UserId};
use boardbot_engine::game::{GameKind, Seat};
use boardbot_words::Lang;
use pairing::{Past, Side};
use serde::{Deserialize, Serialize};
use standings::{Game, Outcome, Row, TieBreak};

/// Seconds per move in a tournament game unless the host chose another.
pub const DEFAULT_TIMER: u32 = 60;

/// The sizes SPEC section 6 allows: (fewest to start, most).
pub const SWISS_PLAYERS: (usize, usize) = (4, 64);
pub const ROUND_ROBIN_PLAYERS: (usize, usize) = (3, 12);

/// Swiss rounds a host may ask for (the default is the fewest that can
/// find a single winner).
pub const MAX_SWISS_ROUNDS: u32 = 12;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    Swiss,
    RoundRobin,
}

impl Format {
    /// The name the command's `format:` option gives it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round-robin",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        match name {
            "swiss" => Some(Format::Swiss),
            "round-robin" => Some(Format::RoundRobin),
            _ => None,
        }
    }

    /// (fewest players to start, most players).
    pub fn players(self) -> (usize, usize) {
        match self {
            Format::Swiss => SWISS_PLAYERS,
            Format::RoundRobin => ROUND_ROBIN_PLAYERS,
        }
    }

    pub fn tie_break(self) -> TieBreak {
        match self {
            Format::Swiss => TieBreak::Buchholz,
            Format::RoundRobin => TieBreak::SonnebornBerger,
        }
    }
}

/// What the host chose when opening the tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub kind: GameKind,
    pub format: Format,
    /// Swiss rounds asked for; `None`: the default for the field.
    pub rounds: Option<u32>,
    /// Seconds per move (always on).
    pub timer: u32,
    /// Every game is rated (Connect Four only).
    pub ranked: bool,
}

/// A person who signed up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    pub id: UserId,
    pub name: String,
    /// Their rating at the start (the last tie-break, and the first
    /// round's order).
    pub rating: f64,
    /// Withdrawn (or removed by the host) when this many rounds had
    /// started; later rounds leave them out.
    pub withdrawn: Option<u32>,
}

/// How a game of the tournament ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardEnd {
    Played(Outcome),
    /// Closed with no result (ended by a moderator, its thread deleted,
    /// the tournament ended early): no points, and it counts as met.
    Unplayed,
}

/// One pairing of a round: who plays first and second, where, and how it
/// ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub first: usize,
    pub second: usize,
    /// The thread the game is played in, once created.
    pub thread: Option<u64>,
    /// The table playing it, once opened.
    pub table: Option<u64>,
    pub end: Option<BoardEnd>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub boards: Vec<Board>,
    /// Players who sit the round out and score 1 (the Swiss bye, a round
    /// robin's player without an opponent this round).
    pub byes: Vec<usize>,
    pub started_at: u64,
    /// The pairings message was posted.
    pub pairings_posted: bool,
    /// The standings after the round were posted.
    pub standings_posted: bool,
}

impl Round {
    pub fn is_over(&self) -> bool {
        self.boards.iter().all(|b| b.end.is_some())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    SignUp,
    Playing,
    /// Over: after its last round, or ended early by `early` (the standings
    /// so far are final); `early` is `None` also when everyone withdrew.
    Finished {
        early: Option<UserId>,
    },
}

/// A tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    id: u64,
    guild: u64,
    channel: u64,
    host: UserId,
    host_name: String,
    /// The language of its public messages (the host's).
    lang: Lang,
    settings: Settings,
    players: Vec<Entrant>,
    stage: Stage,
    rounds: Vec<Round>,
    /// Rounds it will play (set at the start).
    planned: u32,
    /// Bumped on every change (controls drawn for another are stale).
    stamp: u64,
    created_at: u64,
    /// The sign-up message.
    signup_message: Option<u64>,
    /// The final standings were posted.
    final_posted: bool,
}

/// What an accepted action changed, for the service to carry out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Effects {
    /// A new round was paired: open its games.
    pub round_started: bool,
    /// The tournament is over.
    pub finished: bool,
    /// Tables whose games the action ends: a withdrawn player's running
    /// game (lost by leaving), or every running game when it ends early.
    pub forfeits: Vec<(u64, UserId)>,
    pub closes: Vec<u64>,
}

/// What a person or the service does to a tournament.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Join {
        user: UserId,
        name: String,
    },
    /// Leave the sign-up, or withdraw once it has started.
    Leave {
        user: UserId,
    },
    /// The host removes a player (a withdrawal).
    Remove {
        by: UserId,
        user: UserId,
    },
    /// The host starts it; `ratings` are the players' ratings now.
    Start {
        user: UserId,
        ratings: Vec<(UserId, f64)>,
    },
    /// The host or a moderator ends it; the standings so far are final.
    End {
        user: UserId,
        moderator: bool,
    },
    /// The thread of a game was created.
    Thread {
        round: usize,
        board: usize,
        thread: u64,
    },
    /// The table of a game was opened.
    Opened {
        round: usize,
        board: usize,
        table: u64,
    },
    /// A game's table is no longer running: how it ended.
    Ended {
        table: u64,
        end: BoardEnd,
    },
    SignupPosted {
        message: u64,
    },
    PairingsPosted {
        round: usize,
    },
    StandingsPosted {
        round: usize,
    },
    FinalPosted,
}

/// What opening a tournament needs.
#[derive(Debug, Clone)]
pub struct Opening {
    pub id: u64,
    pub guild: u64,
    pub channel: u64,
    pub host: UserId,
    pub host_name: String,
    pub lang: Lang,
    pub settings: Settings,
}

/// Which game of a tournament a table plays (stored on the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub tournament: u64,
    pub round: usize,
    pub board: usize,
}

impl Tournament {
    /// A tournament open for sign-up. The host is the organiser and does
    /// not play unless they join.
    pub fn open(opening: Opening, now: u64) -> Result<Tournament, Refusal> {
        let s = opening.settings;
        if !matches!(
            s.kind,
            GameKind::Connect4 | GameKind::Connect4ThreeD | GameKind::Dots { .. }
        ) {
            return Err(Refusal::UnknownGame);
        }
        if s.ranked && s.kind != GameKind::Connect4 {
            return Err(Refusal::TournamentRankedConnect4);
        }
        if s.ranked && opening.guild == crate::table::OUTSIDE {
            return Err(Refusal::RankedOutside);
        }
        if s.rounds.is_some_and(|r| r == 0 || r > MAX_SWISS_ROUNDS) {
            return Err(Refusal::TournamentRounds);
        }
        Ok(Tournament {
            id: opening.id,
            guild: opening.guild,
            channel: opening.channel,
            host: opening.host,
            host_name: opening.host_name,
            lang: opening.lang,
            settings: s,
            players: Vec::new(),
            stage: Stage::SignUp,
            rounds: Vec::new(),
            planned: 0,
            stamp: 1,
            created_at: now,
            signup_message: None,
            final_posted: false,
        })
    }

    pub fn id(&self) -> u64 {
        self.id
    }
    pub fn guild(&self) -> u64 {
        self.guild
    }
    pub fn channel(&self) -> u64 {
        self.channel
    }
    pub fn host(&self) -> UserId {
        self.host
    }
    pub fn host_name(&self) -> &str {
        &self.host_name
    }
    pub fn lang(&self) -> Lang {
        self.lang
    }
    pub fn settings(&self) -> Settings {
        self.settings
    }
    pub fn players(&self) -> &[Entrant] {
        &self.players
    }
    pub fn stage(&self) -> Stage {
        self.stage
    }
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }
    pub fn planned(&self) -> u32 {
        self.planned
    }
    pub fn stamp(&self) -> u64 {
        self.stamp
    }
    pub fn created_at(&self) -> u64 {
        self.created_at
    }
    pub fn signup_message(&self) -> Option<u64> {
        self.signup_message
    }
    pub fn final_posted(&self) -> bool {
        self.final_posted
    }
    pub fn is_running(&self) -> bool {
        !matches!(self.stage, Stage::Finished { .. })
    }
    /// The round being played (or the last one).
    pub fn current(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// The players still in (not withdrawn).
    pub fn present(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.players.len()).filter(|&i| self.players[i].withdrawn.is_none())
    }

    fn index_of(&self, user: UserId) -> Option<usize> {
        self.players.iter().position(|p| p.id == user)
    }

    /// Every game played so far, and the byes, for the standings.
    fn results(&self) -> (Vec<Game>, Vec<usize>) {
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for round in &self.rounds {
            byes.extend(round.byes.iter().copied());
            for b in &round.boards {
                if let Some(BoardEnd::Played(outcome)) = b.end {
                    games.push(Game {
                        first: b.first,
                        second: b.second,
                        outcome,
                    });
                }
            }
        }
        (games, byes)
    }

    /// The standings now: every player, withdrawn ones included.
    pub fn standings(&self) -> Vec<Row> {
        let (games, byes) = self.results();
        let ratings: Vec<f64> = self.players.iter().map(|p| p.rating).collect();
        standings::standings(
            self.players.len(),
            &games,
            &byes,
            &ratings,
            self.settings.format.tie_break(),
        )
    }

    /// What pairing sees of each player: points, opponents and sides.
    fn pasts(&self) -> Vec<Past> {
        let mut pasts = vec![Past::default(); self.players.len()];
        for round in &self.rounds {
            for &bye in &round.byes {
                pasts[bye].points += 2;
                pasts[bye].had_bye = true;
            }
            for b in &round.boards {
                pasts[b.first].opponents.push(b.second);
                pasts[b.first].sides.push(Side::First);
                pasts[b.second].opponents.push(b.first);
                pasts[b.second].sides.push(Side::Second);
                if let Some(BoardEnd::Played(outcome)) = b.end {
                    let (a, z) = match outcome {
                        Outcome::FirstWins => (2, 0),
                        Outcome::SecondWins => (0, 2),
                        Outcome::Draw => (1, 1),
                    };
                    pasts[b.first].points += a;
                    pasts[b.second].points += z;
                }
            }
        }
        pasts
    }

    /// The board `user` is playing in the current round, if its game runs.
    pub fn running_board_of(&self, user: UserId) -> Option<&Board> {
        let i = self.index_of(user)?;
        self.current()?
            .boards
            .iter()
            .find(|b| b.end.is_none() && (b.first == i || b.second == i))
    }

    /// The round and board table `no` plays.
    pub fn board_of_table(&self, no: u64) -> Option<(usize, usize)> {
        self.rounds.iter().enumerate().find_map(|(r, round)| {
            round
                .boards
                .iter()
                .position(|b| b.table == Some(no))
                .map(|b| (r, b))
        })
    }

    pub fn apply(&mut self, action: Action, now: u64) -> Result<Effects, Refusal> {
        let effects = self.dispatch(action, now)?;
        self.stamp += 1;
        Ok(effects)
    }

    fn dispatch(&mut self, action: Action, now: u64) -> Result<Effects, Refusal> {
        match action {
            Action::Join { user, name } => self.join(user, name),
            Action::Leave { user } => self.withdraw(user),
            Action::Remove { by, user } => {
                if by != self.host {
                    return Err(Refusal::NotHost);
                }
                self.withdraw(user)
            }
            Action::Start { user, ratings } => self.start(user, &ratings, now),
            Action::End { user, moderator } => self.end(user, moderator),
            Action::Thread {
                round,
                board,
                thread,
            } => {
                let b = self.board_mut(round, board)?;
                b.thread.get_or_insert(thread);
                Ok(Effects::default())
            }
            Action::Opened {
                round,
                board,
                table,
            } => {
                let b = self.board_mut(round, board)?;
                b.table.get_or_insert(table);
                Ok(Effects::default())
            }
            Action::Ended { table, end } => self.board_ended(table, end, now),
            Action::SignupPosted { message } => {
                self.signup_message = Some(message);
                Ok(Effects::default())
            }
            Action::PairingsPosted { round } => {
                self.round_mut(round)?.pairings_posted = true;
                Ok(Effects::default())
            }
            Action::StandingsPosted { round } => {
                self.round_mut(round)?.standings_posted = true;
                Ok(Effects::default())
            }
            Action::FinalPosted => {
                self.final_posted = true;
                Ok(Effects::default())
            }
        }
    }

    fn round_mut(&mut self, round: usize) -> Result<&mut Round, Refusal> {
        self.rounds.get_mut(round).ok_or(Refusal::UnknownControl)
    }

    fn board_mut(&mut self, round: usize, board: usize) -> Result<&mut Board, Refusal> {
        self.round_mut(round)?
            .boards
            .get_mut(board)
            .ok_or(Refusal::UnknownControl)
    }

    /// Checks what a stored tournament must hold: every index it names is
    /// one of its players.
    pub fn check(&self) -> Result<(), String> {
        let n = self.players.len();
        for (r, round) in self.rounds.iter().enumerate() {
            for b in &round.boards {
                if b.first >= n || b.second >= n || b.first == b.second {
                    return Err(format!(
                        "round {}: a board for players {} and {}",
                        r + 1,
                        b.first,
                        b.second
                    ));
                }
            }
            if let Some(bye) = round.byes.iter().find(|&&p| p >= n) {
                return Err(format!("round {}: a bye for player {bye}", r + 1));
            }
        }
        Ok(())
    }
}

/// How a tournament table's game ended, from the table (`None` while it
/// runs, and for a table of more than two seats). Seat 0 plays first.
pub fn board_end(table: &Table) -> Option<BoardEnd> {
    let won = |seat: Seat| {
        BoardEnd::Played(if seat == 0 {
            Outcome::FirstWins
        } else {
            Outcome::SecondWins
        })
    };
    match table.phase() {
        Phase::Finished(MatchEnd::Board(boardbot_engine::game::Outcome::Win { seat, .. })) => {
            Some(won(*seat))
        }
        Phase::Finished(MatchEnd::Board(boardbot_engine::game::Outcome::Draw)) => {
            Some(BoardEnd::Played(Outcome::Draw))
        }
        // Tournament games have two seats; any other table (a three-player
        // one whose third seat resigned) has no tournament end.
        Phase::Finished(end) => match end.forfeit() {
            Some(0) => Some(won(1)),
            Some(1) => Some(won(0)),
            _ => None,
        },
        Phase::Closed(_) => Some(BoardEnd::Unplayed),
        _ => None,
    }
}

#[cfg(test)]
mod tests;

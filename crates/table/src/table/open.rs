//! Opening a table (at once, by invitation, open to join, or for a
//! puzzle), the invited people's answers, and the start of a match.

use super::{
    Answer, Closed, Effects, Invite, Phase, Player, Puzzle, Refusal, Rules, Table, TournamentGame,
    UserId, INVITATION_MS,
};
use boardbot_engine::cpu::Level;
use boardbot_engine::game::{AnyGame, Game, GameKind, Seat};
use boardbot_words::Lang;
use rand::seq::SliceRandom;
use rand::Rng;

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
        // Ratings belong to a server: none outside one.
        if opening.ranked && opening.guild == super::OUTSIDE {
            return Err(Refusal::RankedOutside);
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
            tournament: None,
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
        let effects = table.start_match(players, now)?;
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
        let effects = table.start_match(players, now)?;
        table.settle_clock(now);
        Ok((table, effects))
    }

    /// A table for a game of a tournament: `first` and `second` sit in
    /// that order (seat 0 moves first) and the match starts at once, with
    /// the tournament's timer, never rotating. The host is the first
    /// player (a tournament game has nothing only a host may do).
    pub fn open_tournament_game(
        opening: Opening,
        first: (UserId, String),
        second: (UserId, String),
        game: TournamentGame,
        now: u64,
        rng: &mut impl Rng,
    ) -> Result<(Table, Effects), Refusal> {
        let opening = Opening {
            host: first.0,
            host_name: first.1.clone(),
            invited: Vec::new(),
            self_play: false,
            host_seat: Some(0),
            open: false,
            rules: Rules {
                rotate: false,
                ..opening.rules
            },
            ..opening
        };
        let ranked = opening.ranked;
        let (mut table, _) = Table::open(
            Opening {
                ranked: false,
                ..opening
            },
            now,
            rng,
        )?;
        table.ranked = ranked;
        table.tournament = Some(game);
        table.matches = 0;
        let players = vec![
            Player::Person {
                id: first.0,
                name: first.1,
            },
            Player::Person {
                id: second.0,
                name: second.1,
            },
        ];
        let effects = table.start_match(players, now)?;
        table.settle_clock(now);
        Ok((table, effects))
    }

    /// An invited person's answer: the match starts once everyone answered
    /// (a decline closes a two-seat table).
    pub(super) fn answer(
        &mut self,
        user: UserId,
        accept: bool,
        now: u64,
    ) -> Result<Effects, Refusal> {
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
        self.seat_the_invited(now)
    }

    /// Starts the match from the invitation's answers: accepted people sit,
    /// declined and unanswered seats go to the CPU.
    pub(super) fn seat_the_invited(&mut self, now: u64) -> Result<Effects, Refusal> {
        let Phase::Inviting { invites, .. } = &self.phase else {
            return Err(Refusal::AlreadyStarted);
        };
        let host = self.players.first().ok_or(Refusal::NotYourTable)?;
        let with = |answer| -> Vec<UserId> {
            invites
                .iter()
                .filter(|i| i.answer == answer)
                .map(|i| i.id)
                .collect()
        };
        let (declined, missed) = (with(Answer::Declined), with(Answer::Waiting));
        let mut seats = vec![Some(host.clone())];
        for i in invites.iter() {
            seats.push((i.answer == Answer::Accepted).then(|| Player::Person {
                id: i.id,
                name: i.name.clone(),
            }));
        }
        seats.resize(self.kind.seat_count(), None);
        let players = self.first_order(seats);
        let effects = self.start_match(players, now)?;
        self.declined = declined;
        self.missed = missed;
        Ok(effects)
    }

    /// Seats `players` for a new match from the empty board (or the
    /// puzzle's position).
    pub(super) fn start_match(
        &mut self,
        players: Vec<Player>,
        now: u64,
    ) -> Result<Effects, Refusal> {
        self.game = AnyGame::new(self.kind).ok_or(Refusal::UnknownGame)?;
        self.players = players;
        self.match_started_at = now;
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
        Ok(Effects {
            cpu_turn: self.cpu_turn(),
            started: true,
            ..Effects::default()
        })
    }
}

//! The match itself: moves (a person's or a CPU's), resigning, undo and
//! its answer, ending a table, the host's rule changes, and whether a
//! puzzle was solved.

use super::{
    Closed, Departure, Effects, Left, MatchEnd, Phase, Player, Refusal, SeatChange, Table, UserId,
};
use boardbot_engine::cpu::Level;
use boardbot_engine::game::{AnyGame, Game, GameKind, IllegalMove, Move, Outcome, Seat};

impl Table {
    /// At a puzzle table whose match is over: whether the person solved
    /// it (won, in Connect Four; reached the goal's margin, in Dots and
    /// Boxes). `None` elsewhere.
    pub fn puzzle_solved(&self) -> Option<bool> {
        let puzzle = self.puzzle.as_ref()?;
        let Phase::Finished(end) = &self.phase else {
            return None;
        };
        let seat = self.players.iter().position(|p| !p.is_cpu())?;
        Some(match (end, &self.game) {
            (MatchEnd::Board(_), AnyGame::Dots(dots)) => {
                let scores = dots.scores();
                let mine = scores.get(seat).copied().unwrap_or(0);
                let theirs = scores.get(1 - seat.min(1)).copied().unwrap_or(0);
                mine as i32 - theirs as i32 >= puzzle.goal
            }
            (MatchEnd::Board(Outcome::Win { seat: winner, .. }), _) => *winner as usize == seat,
            _ => false,
        })
    }

    /// A person's move, drawn at `stamp`.
    pub(super) fn person_moves(
        &mut self,
        user: UserId,
        mv: Move,
        stamp: Option<u64>,
    ) -> Result<Effects, Refusal> {
        // A control of a finished match says so, whatever its stamp.
        self.check_playing()?;
        self.check_stamp(stamp)?;
        if self.seat_of(user).is_none() {
            return Err(Refusal::NotYourTable);
        }
        self.check_not_paused()?;
        if self.player_to_move().and_then(Player::person_id) != Some(user) {
            return Err(Refusal::NotYourTurn);
        }
        self.play(mv)
    }

    /// A CPU seat's move, computed for the position at `stamp`.
    pub(super) fn cpu_moves(&mut self, mv: Move, stamp: u64) -> Result<Effects, Refusal> {
        self.check_playing()?;
        self.check_stamp(Some(stamp))?;
        self.check_not_paused()?;
        if !self.player_to_move().is_some_and(Player::is_cpu) {
            return Err(Refusal::NotYourTurn);
        }
        self.play(mv)
    }

    pub(super) fn resign(&mut self, user: UserId, stamp: Option<u64>) -> Result<Effects, Refusal> {
        // A control of a finished match says so, whatever its stamp.
        self.check_playing()?;
        self.check_stamp(stamp)?;
        let seat = self.seat_of(user).ok_or(Refusal::NotYourTable)?;
        Ok(self.forfeit(user, seat, Left::Resigned))
    }

    /// Takes back the person's last move at once (against the CPU, in
    /// self-play), or asks the opponent.
    pub(super) fn undo(&mut self, user: UserId, stamp: Option<u64>) -> Result<Effects, Refusal> {
        // A control of a finished match says so, whatever its stamp.
        self.check_playing()?;
        self.check_stamp(stamp)?;
        let seat = self.seat_of(user).ok_or(Refusal::NotYourTable)?;
        self.check_not_paused()?;
        self.check_undo_offered()?;
        let people: Vec<UserId> = self.players.iter().filter_map(Player::person_id).collect();
        let alone = people.iter().all(|&p| p == user);
        let cut = if people.len() > 1 && alone {
            // Self-play: take back the last move, whoever's it was.
            self.history.len().checked_sub(1)
        } else {
            self.last_move_index(seat)
        }
        .ok_or(Refusal::NothingToUndo)?;
        if alone {
            self.take_back(cut)?;
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

    /// The opponent's answer to a pending undo request.
    pub(super) fn answer_undo(
        &mut self,
        user: UserId,
        accept: bool,
        stamp: Option<u64>,
    ) -> Result<Effects, Refusal> {
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
        // The asker's move, unless they have left the seat since.
        let cut = self
            .seat_of(asker)
            .and_then(|seat| self.last_move_index(seat));
        match cut {
            Some(cut) if accept => self.take_back(cut)?,
            _ => {
                self.undo_request = None;
                self.stamp += 1;
            }
        }
        Ok(Effects {
            cpu_turn: self.cpu_turn(),
            ..Effects::default()
        })
    }

    /// The host, or a moderator, ends the table with no result.
    pub(super) fn end(&mut self, user: UserId, moderator: bool) -> Result<Effects, Refusal> {
        if matches!(self.phase, Phase::Closed(_)) {
            return Err(Refusal::TableClosed);
        }
        if !self.may_end(user, moderator) {
            return Err(Refusal::CannotEnd);
        }
        self.phase = Phase::Closed(Closed::Ended { by: user });
        self.paused = None;
        self.undo_request = None;
        self.stamp += 1;
        Ok(Effects::default())
    }

    /// The table's place is gone: it ends with no result, by no one.
    pub(super) fn close_gone(&mut self) -> Result<Effects, Refusal> {
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

    /// The host changes the rules between matches (`None` keeps a rule).
    pub(super) fn set_rules(
        &mut self,
        user: UserId,
        timer: Option<Option<u32>>,
        rotate: Option<bool>,
        level: Option<Level>,
    ) -> Result<Effects, Refusal> {
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

    /// `user` gives up `seat`: in a 3-player game with other people seated
    /// a CPU plays on and the person has lost; otherwise the match ends.
    pub(super) fn forfeit(&mut self, user: UserId, seat: Seat, why: Left) -> Effects {
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
        // SPEC 2: in a 3-player game the person leaves, a CPU plays their
        // seat and the match goes on (they may take it back); the last
        // person's resignation ends it, but a last person who left or ran
        // out of time may still come back while the CPU seats finish it.
        if self.players.len() > 2 && (others_seated || why != Left::Resigned) {
            if let Some(held) = self.players.get_mut(seat as usize) {
                *held = Player::Cpu { level: self.level };
                self.departed.push(Departure {
                    seat,
                    user,
                    why,
                    at: self.history.len() as u32,
                    back: None,
                });
                if user == self.host {
                    self.pass_host(seat);
                }
                return Effects {
                    cpu_turn: self.cpu_turn(),
                    ..Effects::default()
                };
            }
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

    /// Replays the match up to (not including) history index `cut`; a
    /// history that does not replay takes nothing back.
    fn take_back(&mut self, cut: usize) -> Result<(), Refusal> {
        let replayed = self.history.get(..cut).and_then(|moves| {
            let mut game = AnyGame::new(self.kind)?;
            for &mv in moves {
                game.play(mv).ok()?;
            }
            Some(game)
        });
        self.game = replayed.ok_or(Refusal::NothingToUndo)?;
        self.history.truncate(cut);
        self.undo_request = None;
        self.stamp += 1;
        Ok(())
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
}

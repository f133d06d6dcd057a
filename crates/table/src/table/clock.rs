//! The table's clocks: the turn timer, pause and resume, and the deadlines
//! the service arms (invitation, turn, idle table).

use super::{Closed, Effects, Left, Phase, Player, Refusal, Table, UserId};
use boardbot_engine::game::Seat;
use serde::{Deserialize, Serialize};

/// The turn timer's choices, in seconds.
pub const TIMER_CHOICES: [u32; 3] = [30, 60, 90];

/// A running table with no action for this long closes (24 h).
pub const DEFAULT_IDLE_MS: u64 = 24 * 60 * 60 * 1000;

/// A table's own rules, set when it opens (from the command or the
/// channel's defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Seconds per move, when the turn timer is on.
    pub timer: Option<u32>,
    /// After each match the starting seat moves one place.
    pub rotate: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            timer: None,
            rotate: true,
        }
    }
}

/// The clock of the person to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnClock {
    pub seat: Seat,
    /// The ply it runs for: a move, or a move taken back, starts a new one.
    pub ply: usize,
    /// When it runs out (milliseconds since the epoch).
    pub deadline: u64,
}

/// A paused match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paused {
    pub at: u64,
    /// What was left on the turn clock, if one ran.
    pub remaining: Option<u64>,
}

impl Table {
    /// The next instant (milliseconds since the epoch) at which the table
    /// expects an [`super::Action::Tick`], if any: the invitation's expiry,
    /// the turn clock, or the end of the idle period.
    pub fn next_deadline(&self, idle_ms: u64) -> Option<u64> {
        let invitation = match &self.phase {
            Phase::Inviting { expires_at, .. } => Some(*expires_at),
            _ => None,
        };
        let turn = self
            .clock
            .filter(|_| self.paused.is_none())
            .map(|c| c.deadline);
        let idle = self
            .is_running()
            .then(|| self.last_action.saturating_add(idle_ms));
        [invitation, turn, idle].into_iter().flatten().min()
    }

    /// Starts, keeps or stops the turn clock after a change: it runs while
    /// a person is to move in an unpaused match with a timer, and restarts
    /// for every new turn.
    pub(super) fn settle_clock(&mut self, now: u64) {
        if self.paused.is_some() && self.phase == Phase::Playing {
            // Frozen: resume gives the person to move what was left.
            return;
        }
        let due = match (self.rules.timer, self.seat_to_move()) {
            (Some(seconds), Some(seat)) if !self.player_to_move().is_some_and(Player::is_cpu) => {
                Some((seat, seconds))
            }
            _ => None,
        };
        let ply = self.history.len();
        self.clock = due.map(|(seat, seconds)| match self.clock {
            Some(clock) if clock.seat == seat && clock.ply == ply => clock,
            _ => TurnClock {
                seat,
                ply,
                deadline: now + u64::from(seconds) * 1000,
            },
        });
    }

    /// A clock ran out, or the idle period ended; early ticks are refused.
    pub(super) fn tick(&mut self, now: u64, idle_ms: u64) -> Result<Effects, Refusal> {
        if let Phase::Inviting { expires_at, .. } = &self.phase {
            if now >= *expires_at {
                if self.kind.seat_count() == 2 {
                    // The one invited person never answered: no match.
                    self.phase = Phase::Closed(Closed::Expired);
                    self.stamp += 1;
                    return Ok(Effects::default());
                }
                // Seats still waiting go to the CPU and the match starts.
                return self.seat_the_invited(now);
            }
        }
        if let (Phase::Playing, None, Some(clock)) = (&self.phase, self.paused, self.clock) {
            if now >= clock.deadline {
                let held = self.players.get(clock.seat as usize);
                if let Some(user) = held.and_then(Player::person_id) {
                    self.clock = None;
                    return Ok(self.forfeit(user, clock.seat, Left::TimedOut));
                }
            }
        }
        if self.is_running() && now >= self.last_action.saturating_add(idle_ms) {
            self.phase = Phase::Closed(Closed::Idle);
            self.paused = None;
            self.clock = None;
            self.undo_request = None;
            self.stamp += 1;
            return Ok(Effects::default());
        }
        Err(Refusal::NothingDue)
    }

    pub(super) fn pause(&mut self, user: UserId, now: u64) -> Result<Effects, Refusal> {
        self.check_playing()?;
        self.check_host(user)?;
        if self.paused.is_some() {
            return Err(Refusal::AlreadyPaused);
        }
        self.paused = Some(Paused {
            at: now,
            remaining: self.clock.map(|c| c.deadline.saturating_sub(now)),
        });
        self.stamp += 1;
        Ok(Effects::default())
    }

    pub(super) fn resume(&mut self, user: UserId, now: u64) -> Result<Effects, Refusal> {
        self.check_playing()?;
        self.check_host(user)?;
        let paused = self.paused.ok_or(Refusal::NotPaused)?;
        // The person to move gets back the time that was left.
        if let (Some(remaining), Some(clock)) = (paused.remaining, self.clock.as_mut()) {
            clock.deadline = now + remaining;
        }
        self.paused = None;
        self.stamp += 1;
        Ok(Effects {
            cpu_turn: self.cpu_turn(),
            ..Effects::default()
        })
    }
}

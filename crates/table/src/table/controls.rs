//! Which controls a table's board offers, and who may use them: the
//! transport draws what [`Table::controls`] returns, and every action it
//! would not offer is refused here too, whatever control it came from.

use super::{Phase, Player, Refusal, Table, UserId};
use boardbot_engine::game::GameKind;

/// A table control on the board, besides the moves themselves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// The host resumes a paused match.
    Resume,
    /// The opponent takes back the asker's move.
    AcceptUndo,
    /// The opponent keeps the asker's move.
    DeclineUndo,
    Resign,
    Undo,
    Hint,
    /// The host pauses the match.
    Pause,
    /// A person whose seat went to the CPU takes it back (only they may).
    Rejoin,
    /// Sit at a free seat, or reserve a CPU's seat for the next match.
    Join,
    /// The host frees a CPU's seat for people from the next match.
    FreeSeat,
    Leave,
    Rematch,
    /// The finished match as an animated picture (anyone may ask).
    Replay,
    /// The host starts an open table's match.
    Start,
    /// An invited person accepts the invitation.
    Accept,
    /// An invited person declines the invitation.
    Decline,
}

/// A control the board shows, and whether it can be used now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offer {
    pub control: Control,
    pub enabled: bool,
}

impl Table {
    /// The controls the board offers as the table is now, most needed
    /// first (a board short of room keeps the first ones). The board is
    /// the same for everyone at the table: who may use a control is
    /// answered when it is used.
    pub fn controls(&self) -> Vec<Offer> {
        let offer = |control| Offer {
            control,
            enabled: true,
        };
        let shown = |wanted: &[(Control, bool)]| -> Vec<Offer> {
            wanted
                .iter()
                .filter(|(_, shown)| *shown)
                .map(|&(control, _)| offer(control))
                .collect()
        };
        match &self.phase {
            Phase::Inviting { .. } => vec![offer(Control::Accept), offer(Control::Decline)],
            Phase::Lobby { seats } => vec![
                Offer {
                    control: Control::Join,
                    enabled: seats.iter().any(Option::is_none),
                },
                offer(Control::Leave),
                offer(Control::Start),
            ],
            // A tournament game: moves, resigning and leaving (a loss);
            // once over, its replay.
            Phase::Playing if self.tournament.is_some() => {
                shown(&[(Control::Resign, true), (Control::Leave, true)])
            }
            Phase::Finished(_) if self.tournament.is_some() => shown(&[(Control::Replay, true)]),
            Phase::Playing => {
                let paused = self.paused.is_some();
                let undo_asked = self.undo_request.is_some();
                shown(&[
                    (Control::Resume, paused),
                    (Control::AcceptUndo, undo_asked && !paused),
                    (Control::DeclineUndo, undo_asked && !paused),
                    (Control::Rejoin, self.offers_rejoin()),
                    (Control::Resign, true),
                    (Control::Undo, !paused && !undo_asked && self.offers_undo()),
                    (Control::Hint, !paused && self.offers_hint()),
                    (Control::Pause, !paused),
                    (Control::Join, self.reservable_seat().is_some()),
                    (Control::FreeSeat, self.freeable_seat().is_some()),
                    // Last: where the board leaves no room, `/leave` does
                    // the same.
                    (Control::Leave, !paused),
                ])
            }
            // Everyone left and the CPU seats finished: the table is
            // closed, and its match can still be watched again.
            Phase::Finished(_) if self.deserted() => shown(&[(Control::Replay, true)]),
            Phase::Finished(_) => shown(&[
                (Control::Rematch, true),
                // A puzzle is not kept as a match.
                (Control::Replay, self.puzzle.is_none()),
                (Control::Join, self.reservable_seat().is_some()),
                (Control::Leave, true),
                (Control::FreeSeat, self.freeable_seat().is_some()),
            ]),
            Phase::Closed(_) => Vec::new(),
        }
    }

    /// Whether the move controls can be used now (not while paused).
    pub fn moves_enabled(&self) -> bool {
        self.paused.is_none()
    }

    /// Undo is offered in every game, but never in a ranked match or a
    /// puzzle.
    pub fn offers_undo(&self) -> bool {
        self.check_undo_offered().is_ok()
    }

    pub(super) fn check_undo_offered(&self) -> Result<(), Refusal> {
        if self.ranked_match() {
            return Err(Refusal::NoUndoInRanked);
        }
        if self.puzzle.is_some() {
            return Err(Refusal::NoUndoInPuzzle);
        }
        if self.tournament.is_some() {
            return Err(Refusal::TournamentGame);
        }
        Ok(())
    }

    /// Hint: in every game against the CPU, and always in Connect Four 3D
    /// (too deep to read alone); never in a puzzle, which it would solve.
    pub fn offers_hint(&self) -> bool {
        self.puzzle.is_none()
            && self.tournament.is_none()
            && (self.kind == GameKind::Connect4ThreeD || self.players.iter().any(Player::is_cpu))
    }

    /// Whether `user` may have a hint for the board drawn at `stamp`: a
    /// running match, a current board, the asker seated and to move, at a
    /// table that offers hints. Refused, whatever control it came from,
    /// where the board shows none.
    pub fn check_hint(&self, user: UserId, stamp: u64) -> Result<(), Refusal> {
        if !self.is_running() {
            return Err(Refusal::GameOver);
        }
        self.check_stamp(Some(stamp))?;
        if self.seat_to_move().is_none() {
            return Err(Refusal::NotStarted);
        }
        if self.seat_of(user).is_none() {
            return Err(Refusal::NotYourTable);
        }
        if self.player_to_move().and_then(Player::person_id) != Some(user) {
            return Err(Refusal::HintNotYourTurn);
        }
        if self.puzzle.is_some() {
            return Err(Refusal::NoUndoInPuzzle);
        }
        self.check_not_paused()?;
        if !self.offers_hint() {
            // The board draws no hint here: whatever asked for one is not
            // a control this bot drew.
            return Err(Refusal::UnknownControl);
        }
        Ok(())
    }

    /// The host, or a moderator (Manage Messages in the channel), may end
    /// the table.
    pub fn may_end(&self, user: UserId, moderator: bool) -> bool {
        user == self.host || moderator
    }

    /// Only the host starts, pauses and resumes the match, frees seats and
    /// changes the rules.
    pub(super) fn check_host(&self, user: UserId) -> Result<(), Refusal> {
        if user == self.host {
            Ok(())
        } else {
            Err(Refusal::NotHost)
        }
    }
}

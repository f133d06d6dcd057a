//! What can happen at a table ([`Action`]: a move, a click, a command, a
//! clock), with the stamp it was made on, and what applying one leaves to
//! do ([`Effects`]).

use super::*;

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
    /// A person whose seat went to the CPU during a 3-player match (they
    /// left, or their clock ran out) takes it back, once per match: from
    /// any board of the match, as the position is now.
    Rejoin {
        user: UserId,
        name: String,
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

impl Action {
    /// The stamp of the board the action's control was drawn on; `None`
    /// for slash commands, CPU moves and the service's own actions.
    pub fn stamp(&self) -> Option<u64> {
        match self {
            Action::Move { stamp, .. }
            | Action::Resign { stamp, .. }
            | Action::Accept { stamp, .. }
            | Action::Decline { stamp, .. }
            | Action::Rematch { stamp, .. }
            | Action::Undo { stamp, .. }
            | Action::AnswerUndo { stamp, .. }
            | Action::Join { stamp, .. }
            | Action::Leave { stamp, .. }
            | Action::Start { stamp, .. }
            | Action::Pause { stamp, .. }
            | Action::Resume { stamp, .. }
            | Action::FreeSeat { stamp, .. } => *stamp,
            Action::CpuMove { .. }
            | Action::Tick { .. }
            | Action::Rejoin { .. }
            | Action::End { .. }
            | Action::PlaceGone
            | Action::SetRules { .. } => None,
        }
    }
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

//! Control ids: `b1:<table>:<stamp>:<action>`.
//!
//! The version prefix lets a later format be told apart; the table number
//! and stamp let a click on an older board be refused, never applied twice.
//! Which controls a board shows is the table's answer ([`table::Control`]).

use crate::game::Move;
use crate::table;

const VERSION: &str = "b1";

/// What a button or select menu does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// A column or rod button; a select menu of lines carries no move (its
    /// value names the line).
    Move(Move),
    /// A select menu of moves (Dots and Boxes); `index` keeps ids unique.
    MoveMenu(u8),
    Resign,
    Accept,
    Decline,
    Rematch,
    Undo,
    /// The opponent's answer to an undo request.
    UndoAnswer(bool),
    Hint,
    /// A person whose seat went to the CPU takes it back.
    Rejoin,
    Join,
    Leave,
    Start,
    Pause,
    Resume,
    /// The host frees a CPU's seat for people from the next match.
    FreeSeat,
    /// The replay of the table's match with this number (1 for its
    /// first): it stays valid when the table moves on.
    Replay(u32),
    /// **Play live**: the table as a Discord Activity (valid whatever the
    /// table's stamp).
    PlayLive,
}

impl Control {
    /// The control of `table`'s board that stands for `control`.
    pub fn offered(control: table::Control, table: &table::Table) -> Control {
        match control {
            table::Control::Resume => Control::Resume,
            table::Control::AcceptUndo => Control::UndoAnswer(true),
            table::Control::DeclineUndo => Control::UndoAnswer(false),
            table::Control::Resign => Control::Resign,
            table::Control::Undo => Control::Undo,
            table::Control::Hint => Control::Hint,
            table::Control::Pause => Control::Pause,
            table::Control::Rejoin => Control::Rejoin,
            table::Control::Join => Control::Join,
            table::Control::FreeSeat => Control::FreeSeat,
            table::Control::Leave => Control::Leave,
            table::Control::Rematch => Control::Rematch,
            table::Control::Start => Control::Start,
            table::Control::Accept => Control::Accept,
            table::Control::Decline => Control::Decline,
            table::Control::Replay => Control::Replay(table.matches()),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ControlId {
    pub table: u64,
    pub stamp: u64,
    pub control: Control,
}

impl ControlId {
    pub fn encode(&self) -> String {
        let action = match self.control {
            Control::Move(mv) => format!("m{mv}"),
            Control::MoveMenu(i) => format!("l{i}"),
            Control::Resign => "resign".into(),
            Control::Accept => "accept".into(),
            Control::Decline => "decline".into(),
            Control::Rematch => "rematch".into(),
            Control::Undo => "undo".into(),
            Control::UndoAnswer(true) => "undoyes".into(),
            Control::UndoAnswer(false) => "undono".into(),
            Control::Hint => "hint".into(),
            Control::Rejoin => "rejoin".into(),
            Control::Join => "join".into(),
            Control::Leave => "leave".into(),
            Control::Start => "start".into(),
            Control::Pause => "pause".into(),
            Control::Resume => "resume".into(),
            Control::FreeSeat => "free".into(),
            Control::Replay(n) => format!("replay{n}"),
            Control::PlayLive => "live".into(),
        };
        format!("{VERSION}:{}:{}:{action}", self.table, self.stamp)
    }

    /// `None` for anything this version did not make.
    pub fn decode(id: &str) -> Option<ControlId> {
        let mut parts = id.split(':');
        if parts.next()? != VERSION {
            return None;
        }
        let table = parts.next()?.parse().ok()?;
        let stamp = parts.next()?.parse().ok()?;
        let action = parts.next()?;
        if parts.next().is_some() {
            return None;
        }
        let control = match action {
            "resign" => Control::Resign,
            "accept" => Control::Accept,
            "decline" => Control::Decline,
            "rematch" => Control::Rematch,
            "undo" => Control::Undo,
            "undoyes" => Control::UndoAnswer(true),
            "undono" => Control::UndoAnswer(false),
            "hint" => Control::Hint,
            "rejoin" => Control::Rejoin,
            "join" => Control::Join,
            "leave" => Control::Leave,
            "start" => Control::Start,
            "pause" => Control::Pause,
            "resume" => Control::Resume,
            "free" => Control::FreeSeat,
            "live" => Control::PlayLive,
            _ => {
                if let Some(n) = action.strip_prefix("replay") {
                    Control::Replay(n.parse().ok()?)
                } else if let Some(mv) = action.strip_prefix('m') {
                    Control::Move(mv.parse().ok()?)
                } else {
                    Control::MoveMenu(action.strip_prefix('l')?.parse().ok()?)
                }
            }
        };
        Some(ControlId {
            table,
            stamp,
            control,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_stay_short() {
        for control in [
            Control::Move(0),
            Control::Move(59),
            Control::MoveMenu(2),
            Control::Resign,
            Control::Accept,
            Control::Decline,
            Control::Rematch,
            Control::Undo,
            Control::UndoAnswer(true),
            Control::UndoAnswer(false),
            Control::Hint,
            Control::Join,
            Control::Leave,
            Control::Start,
            Control::Pause,
            Control::Resume,
            Control::FreeSeat,
            Control::Replay(1),
            Control::Replay(u32::MAX),
        ] {
            let id = ControlId {
                table: u64::MAX,
                stamp: u64::MAX,
                control,
            };
            let text = id.encode();
            assert!(text.len() <= 100, "{text}");
            assert_eq!(ControlId::decode(&text), Some(id));
        }
        for bad in [
            "",
            "b1",
            "b2:1:1:resign",
            "b1:x:1:resign",
            "b1:1:1:mx",
            "b1:1:1:resign:x",
            "b1:1:1:jump",
            "b1:1:1:replay",
            "b1:1:1:replayx",
        ] {
            assert_eq!(ControlId::decode(bad), None, "{bad}");
        }
    }
}

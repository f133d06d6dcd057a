//! Everything a person may be refused, as a type. Each refusal is shown
//! privately (ephemeral) and changes nothing.

use crate::game::GameKind;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Another table is running in this channel.
    TableRunning {
        kind: GameKind,
    },
    /// No table in this channel.
    NoTable,
    NotYourTurn,
    NotYourTable,
    /// The column is full.
    Full,
    /// The rod is full (Connect Four 3D).
    RodFull,
    AlreadyDrawn,
    NoSuchMove,
    GameOver,
    /// The control belongs to an older board or an older table.
    StaleBoard,
    NotInvited,
    HostCannotAnswer,
    AlreadyAnswered,
    InvitationExpired,
    AlreadyStarted,
    NotStarted,
    MatchNotOver,
    TableClosed,
    InvitedYourself,
    TooManyPlayers,
    /// Bots other than this one cannot sit at a table.
    BotOpponent,
    UnknownGame,
    NothingToUndo,
    UndoPending,
    /// The person who asked for an undo cannot answer it.
    OwnUndoRequest,
    /// Hints are for the asker's own turn.
    HintNotYourTurn,
    /// Commands work in server channels only.
    NotInGuild,
}

impl Refusal {
    /// The short private answer, in English.
    pub fn message(&self) -> String {
        match self {
            Refusal::TableRunning { kind } => format!(
                "A {} table is already running in this channel. Finish it (or resign) first, \
                 or start your game in another channel or a thread.",
                kind.title()
            ),
            Refusal::NoTable => {
                "There is no game in this channel. Start one with /connect4.".into()
            }
            Refusal::NotYourTurn => "It is not your turn.".into(),
            Refusal::NotYourTable => "You are not playing at this table.".into(),
            Refusal::Full => "That column is full: pick another.".into(),
            Refusal::RodFull => "That rod is full: pick another.".into(),
            Refusal::AlreadyDrawn => "That line is already drawn: pick another.".into(),
            Refusal::NoSuchMove => "That is not a move on this board.".into(),
            Refusal::GameOver => "This game has ended.".into(),
            Refusal::StaleBoard => {
                "That board is out of date: use the latest board message.".into()
            }
            Refusal::NotInvited => "This invitation is for someone else.".into(),
            Refusal::HostCannotAnswer => "You sent this invitation: wait for the answer.".into(),
            Refusal::AlreadyAnswered => "You have already answered this invitation.".into(),
            Refusal::InvitationExpired => "This invitation has expired.".into(),
            Refusal::AlreadyStarted => "This game has already started.".into(),
            Refusal::NotStarted => "The game has not started yet: waiting for answers.".into(),
            Refusal::MatchNotOver => "The match is still being played.".into(),
            Refusal::TableClosed => "This table is closed.".into(),
            Refusal::InvitedYourself => {
                "To play both sides, name yourself as the only opponent.".into()
            }
            Refusal::TooManyPlayers => "Too many players for this game.".into(),
            Refusal::BotOpponent => {
                "Bots cannot play. Leave out the opponent to play against me.".into()
            }
            Refusal::NothingToUndo => "You have no move to take back.".into(),
            Refusal::OwnUndoRequest => "You asked for this undo: your opponent answers it.".into(),
            Refusal::UndoPending => "An undo request is already waiting for an answer.".into(),
            Refusal::HintNotYourTurn => "Hints are for your own turn: wait for it.".into(),
            Refusal::UnknownGame => "That board size is not available.".into(),
            Refusal::NotInGuild => "Games are played in server channels, not in DMs.".into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for Refusal {}

//! Everything a person may be refused, as a type. Each refusal is shown
//! privately (ephemeral) and changes nothing.

use crate::game::GameKind;
use crate::i18n::{game_title, tr, Lang};
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
    /// A newer table was opened in this channel since.
    TableReplaced,
    /// The table's stored row could not be read back (it is kept for the
    /// operator, `boardbot tables --broken`); it cannot be played.
    BrokenTable,
    /// A hint for this table is being worked out already.
    HintPending,
    /// There is no undo request to answer.
    NoUndoRequest,
    /// A control this version of the bot did not draw, or for a table it
    /// does not know.
    UnknownControl,
    /// Open tables are for people: self-play cannot be open.
    OpenSelfPlay,
    /// Only the host may do this.
    NotHost,
    /// The match is paused: nothing moves until the host resumes.
    Paused,
    AlreadyPaused,
    NotPaused,
    /// The person already holds (or reserved) a seat here.
    AlreadySeated,
    /// Every seat of the open table is taken.
    NoFreeSeat,
    /// No CPU seat to reserve or free.
    NoCpuSeat,
    /// The host keeps a seat until the table ends (`/end`).
    HostStays,
    /// Rejoin: the person's seat did not go to the CPU in this match.
    NoSeatToRejoin,
    /// Rejoin: a seat is taken back once per match.
    AlreadyRejoined,
    /// Rejoin: a resigned seat stays with the CPU.
    ResignedForGood,
    /// `/end` is for the host and for members with Manage Messages.
    CannotEnd,
    /// A clock fired before anything was due (internal).
    NothingDue,
    /// The table waits for its invited people: nobody else may join.
    NotOpen,
    /// Ranked matches have no undo.
    NoUndoInRanked,
    /// A puzzle has no undo (a rematch starts it again) and no hint.
    NoUndoInPuzzle,
    /// A puzzle is played alone against the CPU: nobody joins.
    PuzzleAlone,
    /// Channel settings are changed by members with Manage Channels.
    CannotChangeSettings,
    /// Ranked matches need a different person in every seat.
    RankedNeedsPeople,
    /// Ranked play is switched off here (`/settings ranked:false`).
    RankedOff,
    /// Playing every seat oneself is for two-seat games.
    SelfPlayForTwo,
}

impl Refusal {
    /// The key of the short private answer in the message catalogs.
    pub fn key(&self) -> &'static str {
        match self {
            Refusal::TableRunning { .. } => "refusal.table_running",
            Refusal::NoTable => "refusal.no_table",
            Refusal::NotYourTurn => "refusal.not_your_turn",
            Refusal::NotYourTable => "refusal.not_your_table",
            Refusal::Full => "refusal.column_full",
            Refusal::RodFull => "refusal.rod_full",
            Refusal::AlreadyDrawn => "refusal.line_drawn",
            Refusal::NoSuchMove => "refusal.no_such_move",
            Refusal::GameOver => "refusal.game_over",
            Refusal::StaleBoard => "refusal.stale",
            Refusal::NotInvited => "refusal.not_invited",
            Refusal::HostCannotAnswer => "refusal.host_cannot_answer",
            Refusal::AlreadyAnswered => "refusal.already_answered",
            Refusal::InvitationExpired => "refusal.invitation_expired",
            Refusal::AlreadyStarted => "refusal.already_started",
            Refusal::NotStarted => "refusal.not_started",
            Refusal::MatchNotOver => "refusal.match_not_over",
            Refusal::TableClosed => "refusal.table_closed",
            Refusal::InvitedYourself => "refusal.invited_yourself",
            Refusal::TooManyPlayers => "refusal.too_many_players",
            Refusal::BotOpponent => "refusal.bot_opponent",
            Refusal::NothingToUndo => "refusal.nothing_to_undo",
            Refusal::OwnUndoRequest => "refusal.own_undo_request",
            Refusal::UndoPending => "refusal.undo_pending",
            Refusal::HintNotYourTurn => "refusal.hint_not_your_turn",
            Refusal::UnknownGame => "refusal.unknown_game",
            Refusal::NotInGuild => "refusal.not_in_guild",
            Refusal::TableReplaced => "refusal.table_replaced",
            Refusal::BrokenTable => "refusal.broken_table",
            Refusal::HintPending => "refusal.hint_pending",
            Refusal::NoUndoRequest => "refusal.no_undo_request",
            Refusal::UnknownControl => "refusal.unknown_control",
            Refusal::OpenSelfPlay => "refusal.open_self_play",
            Refusal::NotHost => "refusal.not_host",
            Refusal::Paused => "refusal.paused",
            Refusal::AlreadyPaused => "refusal.already_paused",
            Refusal::NotPaused => "refusal.not_paused",
            Refusal::AlreadySeated => "refusal.already_seated",
            Refusal::NoFreeSeat => "refusal.no_free_seat",
            Refusal::NoCpuSeat => "refusal.no_cpu_seat",
            Refusal::HostStays => "refusal.host_stays",
            Refusal::NoSeatToRejoin => "refusal.no_seat_to_rejoin",
            Refusal::AlreadyRejoined => "refusal.already_rejoined",
            Refusal::ResignedForGood => "refusal.resigned_for_good",
            Refusal::CannotEnd => "refusal.cannot_end",
            Refusal::NothingDue => "refusal.nothing_due",
            Refusal::NotOpen => "refusal.not_open",
            Refusal::NoUndoInRanked => "refusal.no_undo_in_ranked",
            Refusal::NoUndoInPuzzle => "refusal.no_undo_in_puzzle",
            Refusal::PuzzleAlone => "refusal.puzzle_alone",
            Refusal::CannotChangeSettings => "refusal.cannot_change_settings",
            Refusal::RankedNeedsPeople => "refusal.ranked_needs_people",
            Refusal::RankedOff => "refusal.ranked_off",
            Refusal::SelfPlayForTwo => "error.self_in_three",
        }
    }

    /// The short private answer in `lang`.
    pub fn message_in(&self, lang: Lang) -> String {
        let game = match self {
            Refusal::TableRunning { kind } => game_title(*kind, lang),
            _ => String::new(),
        };
        tr(lang, self.key(), &[("game", &game)])
    }

    /// The short private answer, in English.
    pub fn message(&self) -> String {
        self.message_in(Lang::En)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for Refusal {}

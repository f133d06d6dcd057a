//! Everything a person may be refused, as a type. Each refusal is shown
//! privately (ephemeral) and changes nothing.

use boardbot_engine::game::GameKind;
use boardbot_words::{tr, GameName, Lang};
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
    /// A server's own command, where no server that added the bot is.
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
    /// A table outside every server that added the bot is never ranked.
    RankedOutside,
    /// Playing every seat oneself is for two-seat games.
    SelfPlayForTwo,
    /// A tournament game has no undo, hint, pause, rematch or seat change.
    TournamentGame,
    /// Ranked tournaments are for Connect Four.
    TournamentRankedConnect4,
    /// Swiss rounds are 1 to 12.
    TournamentRounds,
    /// No tournament in this channel.
    NoTournament,
    /// A tournament already runs in this channel.
    TournamentRunning,
    /// A tournament's games need threads of their own: not inside a thread.
    TournamentInThread,
    TournamentStarted,
    TournamentOver,
    TournamentAlreadyIn,
    TournamentNotIn,
    TournamentFull,
    /// Too few players to start.
    TournamentTooFew,
}

impl Refusal {
    /// The key of the short private answer in the message catalogs.
    pub fn key(&self) -> &'static str {
        match self {
            Refusal::TableRunning { .. } => "refusal-table-running",
            Refusal::NoTable => "refusal-no-table",
            Refusal::NotYourTurn => "refusal-not-your-turn",
            Refusal::NotYourTable => "refusal-not-your-table",
            Refusal::Full => "refusal-column-full",
            Refusal::RodFull => "refusal-rod-full",
            Refusal::AlreadyDrawn => "refusal-line-drawn",
            Refusal::NoSuchMove => "refusal-no-such-move",
            Refusal::GameOver => "refusal-game-over",
            Refusal::StaleBoard => "refusal-stale",
            Refusal::NotInvited => "refusal-not-invited",
            Refusal::HostCannotAnswer => "refusal-host-cannot-answer",
            Refusal::AlreadyAnswered => "refusal-already-answered",
            Refusal::InvitationExpired => "refusal-invitation-expired",
            Refusal::AlreadyStarted => "refusal-already-started",
            Refusal::NotStarted => "refusal-not-started",
            Refusal::MatchNotOver => "refusal-match-not-over",
            Refusal::TableClosed => "refusal-table-closed",
            Refusal::InvitedYourself => "refusal-invited-yourself",
            Refusal::TooManyPlayers => "refusal-too-many-players",
            Refusal::BotOpponent => "refusal-bot-opponent",
            Refusal::NothingToUndo => "refusal-nothing-to-undo",
            Refusal::OwnUndoRequest => "refusal-own-undo-request",
            Refusal::UndoPending => "refusal-undo-pending",
            Refusal::HintNotYourTurn => "refusal-hint-not-your-turn",
            Refusal::UnknownGame => "refusal-unknown-game",
            Refusal::NotInGuild => "refusal-not-in-guild",
            Refusal::TableReplaced => "refusal-table-replaced",
            Refusal::BrokenTable => "refusal-broken-table",
            Refusal::HintPending => "refusal-hint-pending",
            Refusal::NoUndoRequest => "refusal-no-undo-request",
            Refusal::UnknownControl => "refusal-unknown-control",
            Refusal::OpenSelfPlay => "refusal-open-self-play",
            Refusal::NotHost => "refusal-not-host",
            Refusal::Paused => "refusal-paused",
            Refusal::AlreadyPaused => "refusal-already-paused",
            Refusal::NotPaused => "refusal-not-paused",
            Refusal::AlreadySeated => "refusal-already-seated",
            Refusal::NoFreeSeat => "refusal-no-free-seat",
            Refusal::NoCpuSeat => "refusal-no-cpu-seat",
            Refusal::HostStays => "refusal-host-stays",
            Refusal::NoSeatToRejoin => "refusal-no-seat-to-rejoin",
            Refusal::AlreadyRejoined => "refusal-already-rejoined",
            Refusal::ResignedForGood => "refusal-resigned-for-good",
            Refusal::CannotEnd => "refusal-cannot-end",
            Refusal::NothingDue => "refusal-nothing-due",
            Refusal::NotOpen => "refusal-not-open",
            Refusal::NoUndoInRanked => "refusal-no-undo-in-ranked",
            Refusal::NoUndoInPuzzle => "refusal-no-undo-in-puzzle",
            Refusal::PuzzleAlone => "refusal-puzzle-alone",
            Refusal::CannotChangeSettings => "refusal-cannot-change-settings",
            Refusal::RankedNeedsPeople => "refusal-ranked-needs-people",
            Refusal::RankedOff => "refusal-ranked-off",
            Refusal::RankedOutside => "refusal-ranked-outside",
            Refusal::SelfPlayForTwo => "error-self-in-three",
            Refusal::TournamentGame => "refusal-tournament-game",
            Refusal::TournamentRankedConnect4 => "refusal-tournament-ranked-connect4",
            Refusal::TournamentRounds => "refusal-tournament-rounds",
            Refusal::NoTournament => "refusal-no-tournament",
            Refusal::TournamentRunning => "refusal-tournament-running",
            Refusal::TournamentInThread => "refusal-tournament-in-thread",
            Refusal::TournamentStarted => "refusal-tournament-started",
            Refusal::TournamentOver => "refusal-tournament-over",
            Refusal::TournamentAlreadyIn => "refusal-tournament-already-in",
            Refusal::TournamentNotIn => "refusal-tournament-not-in",
            Refusal::TournamentFull => "refusal-tournament-full",
            Refusal::TournamentTooFew => "refusal-tournament-too-few",
        }
    }

    /// The short private answer in `lang`.
    pub fn message_in(&self, lang: Lang) -> String {
        match self {
            Refusal::TableRunning { kind } => {
                tr(lang, self.key(), &[("game", &GameName::of(*kind))])
            }
            _ => tr(lang, self.key(), &[]),
        }
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

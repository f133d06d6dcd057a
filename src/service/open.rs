//! Opening a table in a channel: the command's own choices, the channel's
//! defaults for the rest, and the refusals that come before any table.

use super::{Service, ServiceError};
use crate::cpu::Level;
use crate::game::{GameKind, Seat};
use crate::i18n::Lang;
use crate::table::{Opening, Refusal, Rules, Table, UserId};
use std::sync::Arc;

/// Who opens a table, and where.
#[derive(Debug, Clone)]
pub struct Host {
    /// The new table's number (the interaction's id in production).
    pub no: u64,
    pub guild: u64,
    pub channel: u64,
    pub user: UserId,
    pub name: String,
    /// The host's language, for the table's public messages.
    pub lang: Lang,
}

/// What a game command asked for; `None` takes the channel's default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayRequest {
    pub kind: GameKind,
    /// The CPU level, when the command named one.
    pub level: Option<Level>,
    /// Seconds per move, when the command set a timer.
    pub timer: Option<u32>,
    pub open: bool,
    pub ranked: bool,
    /// People invited by mention (not the host).
    pub invited: Vec<(UserId, String)>,
    /// The host named themself as opponent: they play every seat.
    pub self_play: bool,
    pub host_seat: Option<Seat>,
}

impl PlayRequest {
    /// A request for `kind` with every choice left to the defaults.
    pub fn new(kind: GameKind) -> PlayRequest {
        PlayRequest {
            kind,
            level: None,
            timer: None,
            open: false,
            ranked: false,
            invited: Vec::new(),
            self_play: false,
            host_seat: None,
        }
    }
}

impl Service {
    /// Opens the table `request` asks for in `host`'s channel, with the
    /// channel's defaults where the command chose nothing. Refused before
    /// anything is stored: self-play with invitations or for three seats,
    /// and ranked play where the channel has switched it off.
    pub async fn open_here(
        self: &Arc<Self>,
        host: Host,
        request: PlayRequest,
    ) -> Result<Table, ServiceError> {
        if request.self_play && !request.invited.is_empty() {
            return Err(Refusal::InvitedYourself.into());
        }
        if request.self_play && request.kind.seat_count() > 2 {
            return Err(Refusal::SelfPlayForTwo.into());
        }
        let defaults = self.store.channel_settings(host.channel).await?;
        if request.ranked && !defaults.ranked {
            return Err(Refusal::RankedOff.into());
        }
        let opening = Opening {
            no: host.no,
            guild: host.guild,
            channel: host.channel,
            kind: request.kind,
            host: host.user,
            host_name: host.name,
            level: request.level.unwrap_or(defaults.level),
            invited: request.invited,
            self_play: request.self_play,
            host_seat: request.host_seat,
            lang: host.lang,
            open: request.open,
            rules: Rules {
                timer: request.timer.or(defaults.timer),
                rotate: defaults.rotate,
            },
            ranked: request.ranked,
        };
        // Stored before anyone sees it; the CPU seat (if it starts) is queued.
        self.open(opening).await
    }
}

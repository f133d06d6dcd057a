//! `/settings`: a channel's defaults for new tables, and the rules of the
//! channel's table between two matches, changed together or not at all.

use super::{At, Service, ServiceError};
use crate::cpu::Level;
use crate::store::ChannelSettings;
use crate::table::{Action, Refusal, Table, UserId};
use std::sync::Arc;

/// What `/settings` asked to change (nothing: show the settings).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SettingsChange {
    /// `Some(None)`: switch the timer off.
    pub timer: Option<Option<u32>>,
    pub rotate: Option<bool>,
    pub level: Option<Level>,
    pub ranked: Option<bool>,
    /// Boards link to their live web page.
    pub live_links: Option<bool>,
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }

    /// The settings with the asked changes applied.
    pub fn apply(&self, mut settings: ChannelSettings) -> ChannelSettings {
        if let Some(timer) = self.timer {
            settings.timer = timer;
        }
        if let Some(rotate) = self.rotate {
            settings.rotate = rotate;
        }
        if let Some(level) = self.level {
            settings.level = level;
        }
        if let Some(ranked) = self.ranked {
            settings.ranked = ranked;
        }
        if let Some(live_links) = self.live_links {
            settings.live_links = live_links;
        }
        settings
    }
}

/// What a change of settings changed.
#[derive(Debug, Clone)]
pub struct SettingsChanged {
    /// The channel's new defaults, when the person may change them.
    pub channel: Option<ChannelSettings>,
    /// The channel's table with its new rules, when the person hosts it
    /// between two matches.
    pub table: Option<Table>,
}

impl Service {
    /// The defaults of `channel` for new tables.
    pub async fn channel_settings(&self, channel: u64) -> Result<ChannelSettings, ServiceError> {
        Ok(self.store.channel_settings(channel).await?)
    }

    /// Changes what `user` may change with `change`: the channel's defaults
    /// when they may manage the channel (`manager`, Manage Channels), and
    /// the rules of the channel's table when they host it between two
    /// matches. Both are written in one transaction; a refusal of either
    /// changes neither.
    pub async fn change_settings(
        self: &Arc<Self>,
        guild: u64,
        channel: u64,
        user: UserId,
        manager: bool,
        change: SettingsChange,
    ) -> Result<SettingsChanged, ServiceError> {
        let slot = match self.find(At::Channel(channel)).await {
            Ok(slot) => Some(slot),
            Err(ServiceError::Refused(_)) => None,
            Err(e) => return Err(e),
        };
        let mut live = match &slot {
            Some(slot) => Some(slot.live.lock().await),
            None => None,
        };
        let hosted = live
            .as_ref()
            .is_some_and(|l| l.table.hosts_between_matches(user));
        if !manager && !hosted {
            return Err(Refusal::CannotChangeSettings.into());
        }
        let settings = if manager {
            let current = self.store.channel_settings(channel).await?;
            Some(change.apply(current))
        } else {
            None
        };
        if let (true, Some(slot), Some(live)) = (hosted, &slot, live.as_mut()) {
            let action = Action::SetRules {
                user,
                timer: change.timer,
                rotate: change.rotate,
                level: change.level,
            };
            let also = settings.map(|s| (guild, s));
            let table = self.apply_locked(slot, live, action, also).await?;
            self.notify(super::Notice::Board(table.no()));
            return Ok(SettingsChanged {
                channel: settings,
                table: Some(table),
            });
        }
        if let Some(settings) = &settings {
            let now = self.now();
            self.store
                .save_channel_settings(guild, channel, settings, now)
                .await?;
        }
        Ok(SettingsChanged {
            channel: settings,
            table: None,
        })
    }
}

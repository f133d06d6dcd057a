//! Where an interaction comes from, as far as the bot can reach it: a
//! server that added the bot (it may post and edit in the channel), or a
//! place only a person's own install reaches (a DM with the bot, a DM or
//! group DM between people, a server that did not add the bot), where
//! the bot has no channel and every answer rides on an interaction token.

use serenity::all::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, CommandInteraction, GuildId,
    InteractionContext, Member,
};

pub use crate::table::OUTSIDE;

/// Where an interaction was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reach {
    /// In a server that added the bot.
    Server(u64),
    /// Where only a person's install reaches. `shared`: the answers may be
    /// public (false in a server that turned off "Use External Apps" for
    /// the person: Discord then makes every answer private).
    Outside { shared: bool },
}

impl Reach {
    /// From the interaction's guild, its authorizing installs and context,
    /// and the member's permissions. A server install is what lets the bot
    /// into a server's channels; an interaction that names no installs
    /// (older clients, the stand-in's guild tests) counts as the server's.
    pub(super) fn of(
        guild: Option<GuildId>,
        owners: &AuthorizingIntegrationOwners,
        context: Option<InteractionContext>,
        member: Option<&Member>,
    ) -> Reach {
        let private_context = matches!(
            context,
            Some(InteractionContext::BotDm | InteractionContext::PrivateChannel)
        );
        let Some(guild) = guild.filter(|_| !private_context) else {
            return Reach::Outside { shared: true };
        };
        let server_install = owners.0.is_empty()
            || owners.0.iter().any(|owner| {
                matches!(owner, AuthorizingIntegrationOwner::GuildInstall(Some(id)) if *id == guild)
            });
        if server_install {
            return Reach::Server(guild.get());
        }
        // "Use External Apps" lets a person's apps answer publicly here; a
        // member without it gets private answers only.
        let shared = member
            .and_then(|m| m.permissions)
            .is_none_or(|p| p.use_external_apps());
        Reach::Outside { shared }
    }

    pub(super) fn of_command(command: &CommandInteraction) -> Reach {
        Reach::of(
            command.guild_id,
            &command.authorizing_integration_owners,
            command.context,
            command.member.as_deref(),
        )
    }

    pub(super) fn outside(self) -> bool {
        matches!(self, Reach::Outside { .. })
    }

    /// The `guild` a table opened here is stored with.
    pub(super) fn guild(self) -> u64 {
        match self {
            Reach::Server(guild) => guild,
            Reach::Outside { .. } => OUTSIDE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::all::UserId;

    fn owners(list: Vec<AuthorizingIntegrationOwner>) -> AuthorizingIntegrationOwners {
        AuthorizingIntegrationOwners(list)
    }

    #[test]
    fn a_server_that_added_the_bot_is_the_servers() {
        let guild = GuildId::new(7);
        let both = owners(vec![
            AuthorizingIntegrationOwner::GuildInstall(Some(guild)),
            AuthorizingIntegrationOwner::UserInstall(UserId::new(3)),
        ]);
        let context = Some(InteractionContext::Guild);
        assert_eq!(
            Reach::of(Some(guild), &both, context, None),
            Reach::Server(7)
        );
        assert_eq!(
            Reach::of(Some(guild), &owners(vec![]), None, None),
            Reach::Server(7)
        );
    }

    #[test]
    fn dms_and_servers_without_the_bot_are_outside() {
        let user = owners(vec![AuthorizingIntegrationOwner::UserInstall(UserId::new(
            3,
        ))]);
        for context in [
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ] {
            assert_eq!(
                Reach::of(None, &user, Some(context), None),
                Reach::Outside { shared: true }
            );
        }
        // A DM with the bot under its server install: guild "0".
        let dm = owners(vec![AuthorizingIntegrationOwner::GuildInstall(None)]);
        assert_eq!(
            Reach::of(None, &dm, Some(InteractionContext::BotDm), None),
            Reach::Outside { shared: true }
        );
        // Another server's install does not let the bot in here.
        let elsewhere = owners(vec![
            AuthorizingIntegrationOwner::GuildInstall(Some(GuildId::new(8))),
            AuthorizingIntegrationOwner::UserInstall(UserId::new(3)),
        ]);
        let reach = Reach::of(
            Some(GuildId::new(7)),
            &elsewhere,
            Some(InteractionContext::Guild),
            None,
        );
        assert_eq!(reach, Reach::Outside { shared: true });
        assert_eq!(reach.guild(), OUTSIDE);
    }

    fn member(permissions: u64) -> Member {
        serde_json::from_value(serde_json::json!({
            "user": {"id": "3", "username": "ana", "discriminator": "0", "avatar": null},
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": false,
            "mute": false,
            "flags": 0,
            "permissions": permissions.to_string(),
            "guild_id": "7",
        }))
        .expect("a member")
    }

    #[test]
    fn without_use_external_apps_nothing_is_shared_in_a_server_without_the_bot() {
        let user = owners(vec![AuthorizingIntegrationOwner::UserInstall(UserId::new(
            3,
        ))]);
        let guild = Some(GuildId::new(7));
        let context = Some(InteractionContext::Guild);
        let with = member(1 << 50 | 1 << 11);
        let without = member(1 << 11);
        assert_eq!(
            Reach::of(guild, &user, context, Some(&with)),
            Reach::Outside { shared: true }
        );
        assert_eq!(
            Reach::of(guild, &user, context, Some(&without)),
            Reach::Outside { shared: false }
        );
        // In a server that added the bot the permission does not matter.
        let both = owners(vec![
            AuthorizingIntegrationOwner::GuildInstall(guild),
            AuthorizingIntegrationOwner::UserInstall(UserId::new(3)),
        ]);
        assert_eq!(
            Reach::of(guild, &both, context, Some(&without)),
            Reach::Server(7)
        );
    }
}

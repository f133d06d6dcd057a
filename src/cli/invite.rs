//! `boardbot invite`: the links that add the bot to a server or to a person's
//! apps, from the application id in the token.

use super::*;

/// The URL that adds the application's bot (and its slash commands) to a
/// server.
pub fn invite_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}\
         &scope=bot+applications.commands&permissions={INVITE_PERMISSIONS}"
    )
}

/// The URL that adds the application to a person's own apps (a user
/// install, `integration_type=1`): its commands then work in their DMs,
/// group DMs and servers that did not add the bot.
pub fn user_install_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}\
         &integration_type=1&scope=applications.commands"
    )
}

/// Decodes base64 (standard or URL-safe alphabet, padding optional).
pub(super) fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let mut bits: u32 = 0;
    let mut count = 0;
    let mut out = Vec::new();
    for byte in text.trim_end_matches('=').bytes() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        bits = (bits << 6) | u32::from(value);
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    Some(out)
}

/// The application id: `APPLICATION_ID`, or else the first part of the bot
/// token (the base64 of the bot user's id, which is the application's).
pub fn application_id(get: impl Fn(&str) -> Option<String>) -> Result<u64, String> {
    let value = |name: &str| {
        get(name)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    if let Some(id) = value("APPLICATION_ID") {
        return id.parse().map_err(|_| {
            "APPLICATION_ID must be the application's number (Developer Portal → \
             General Information → Application ID)"
                .to_string()
        });
    }
    let token = value("DISCORD_TOKEN").ok_or(
        "no application id: set APPLICATION_ID (Developer Portal → General Information → \
         Application ID), or DISCORD_TOKEN in .env",
    )?;
    let first = token.split('.').next().unwrap_or_default();
    decode_base64(first)
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .and_then(|digits| digits.parse::<u64>().ok())
        .ok_or_else(|| {
            "DISCORD_TOKEN does not look like a bot token (its first part should be the \
             application id in base64): copy it again from Developer Portal → Bot → Reset \
             Token, or set APPLICATION_ID"
                .to_string()
        })
}

/// `invite`: prints the URLs that add the bot to a server and to a
/// person's own apps.
pub(super) fn invite() -> ToolResult {
    let _ = dotenvy::dotenv();
    let id = application_id(|name| std::env::var(name).ok()).map_err(ToolError::Failed)?;
    println!("Add to a server: {}", invite_url(id));
    println!("Add to my apps:  {}", user_install_url(id));
    Ok(())
}

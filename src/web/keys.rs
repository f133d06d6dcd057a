//! The web board's secrets: table links, session cookies, CSRF tokens and
//! the OAuth2 state, each signed with HMAC-SHA256 under a key derived from
//! the bot's token (so links survive a restart and a new token retires
//! them all). Nothing here is stored: a link names its table and carries a
//! tag nobody without the key can make.

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Bytes of a table link's tag (128 bits: not guessable).
const LINK_TAG: usize = 16;

/// How long a login lasts.
pub const SESSION_MS: u64 = 30 * 24 * 60 * 60 * 1000;

/// The web board's signing key.
#[derive(Clone)]
pub struct Keys {
    key: [u8; 32],
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys(…)")
    }
}

/// A logged-in Discord user, as the session cookie says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub user: u64,
    pub name: String,
    /// Milliseconds since the epoch.
    pub expires: u64,
    /// An Activity's session: the channel (and server, 0 outside one) of
    /// the activity instance the person was found in.
    pub place: Option<(u64, u64)>,
}

impl Keys {
    /// The key for a bot whose token is `secret`.
    pub fn derive(secret: &str) -> Keys {
        let mut mac = HmacSha256::new_from_slice(secret.as_bytes()).expect("any key length");
        mac.update(b"boardbot web board key v1");
        Keys {
            key: mac.finalize().into_bytes().into(),
        }
    }

    fn tag(&self, purpose: &str, data: &str) -> [u8; 32] {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("any key length");
        mac.update(purpose.as_bytes());
        mac.update(&[0]);
        mac.update(data.as_bytes());
        mac.finalize().into_bytes().into()
    }

    fn verify(&self, purpose: &str, data: &str, tag_hex: &str, len: usize) -> bool {
        let Some(given) = from_hex(tag_hex) else {
            return false;
        };
        let expected = self.tag(purpose, data);
        given.len() == len && constant_eq(&given, &expected[..len])
    }

    /// Table `no`'s link id: its number and a tag (`1234-9f…`).
    pub fn link(&self, no: u64) -> String {
        let tag = self.tag("table", &no.to_string());
        format!("{no}-{}", hex(&tag[..LINK_TAG]))
    }

    /// The table a link id names, when its tag is right.
    pub fn table_of(&self, link: &str) -> Option<u64> {
        let (written, tag) = link.split_once('-')?;
        let no: u64 = written.parse().ok()?;
        // One spelling per table: no sign, no leading zeros.
        (no.to_string() == written && self.verify("table", written, tag, LINK_TAG)).then_some(no)
    }

    /// A session cookie's value for `session`.
    pub fn session_cookie(&self, session: &Session) -> String {
        let (channel, guild) = session.place.unwrap_or((0, 0));
        let data = format!(
            "{}.{}.{}.{channel}.{guild}",
            session.user,
            hex(session.name.as_bytes()),
            session.expires
        );
        let tag = self.tag("session", &data);
        format!("{data}.{}", hex(&tag))
    }

    /// The session a cookie's value holds, when its tag is right and it has
    /// not expired at `now`.
    pub fn session(&self, cookie: &str, now: u64) -> Option<Session> {
        let (data, tag) = cookie.rsplit_once('.')?;
        if !self.verify("session", data, tag, 32) {
            return None;
        }
        let mut parts = data.split('.');
        let user = parts.next()?.parse().ok()?;
        let name = String::from_utf8(from_hex(parts.next()?)?).ok()?;
        let expires: u64 = parts.next()?.parse().ok()?;
        let channel: u64 = parts.next()?.parse().ok()?;
        let guild: u64 = parts.next()?.parse().ok()?;
        (expires > now).then_some(Session {
            user,
            name,
            expires,
            place: (channel != 0).then_some((channel, guild)),
        })
    }

    /// The CSRF token of the page served with session cookie `cookie` (or
    /// none): POSTs must carry it back.
    pub fn csrf(&self, cookie: Option<&str>) -> String {
        hex(&self.tag("csrf", cookie.unwrap_or(""))[..16])
    }

    pub fn csrf_ok(&self, cookie: Option<&str>, token: &str) -> bool {
        self.verify("csrf", cookie.unwrap_or(""), token, 16)
    }

    /// The OAuth2 `state` for a login started with `nonce` that returns to
    /// `to`.
    pub fn state(&self, nonce: &str, to: &str) -> String {
        hex(&self.tag("state", &format!("{nonce}\n{to}"))[..16])
    }

    pub fn state_ok(&self, nonce: &str, to: &str, state: &str) -> bool {
        self.verify("state", &format!("{nonce}\n{to}"), state, 16)
    }
}

/// Lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[(b >> 4) as usize] as char);
        out.push(DIGITS[(b & 15) as usize] as char);
    }
    out
}

pub(super) fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || text.len() > 4096 {
        return None;
    }
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    text.as_bytes()
        .chunks(2)
        .map(|pair| Some(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_its_table_and_cannot_be_made_without_the_key() {
        let keys = Keys::derive("token");
        let link = keys.link(1234);
        assert_eq!(keys.table_of(&link), Some(1234));
        assert!(link.starts_with("1234-") && link.len() == 5 + 32);
        // Another table's number with this tag, another key, a bad tag.
        let tag = link.split_once('-').unwrap().1;
        assert_eq!(keys.table_of(&format!("1235-{tag}")), None);
        assert_eq!(Keys::derive("other").table_of(&link), None);
        assert_eq!(keys.table_of("1234-00"), None);
        assert_eq!(keys.table_of(&format!("01234-{tag}")), None);
        assert_eq!(keys.table_of("1234"), None);
    }

    #[test]
    fn a_session_cookie_is_checked_and_expires() {
        let keys = Keys::derive("token");
        let session = Session {
            user: 42,
            name: "Zoë.x".into(),
            expires: 1_000,
            place: None,
        };
        let cookie = keys.session_cookie(&session);
        assert_eq!(keys.session(&cookie, 999), Some(session));
        assert_eq!(keys.session(&cookie, 1_000), None);
        // Another user id with the same tag is refused.
        let forged = cookie.replacen("42.", "43.", 1);
        assert_eq!(keys.session(&forged, 0), None);
        assert_eq!(Keys::derive("other").session(&cookie, 0), None);
        // An Activity's session keeps its place; another place is a forgery.
        let placed = Session {
            place: Some((7, 9)),
            ..keys.session(&cookie, 0).unwrap()
        };
        let token = keys.session_cookie(&placed);
        assert_eq!(keys.session(&token, 0), Some(placed));
        assert_eq!(keys.session(&token.replacen(".7.9.", ".8.9.", 1), 0), None);
    }

    #[test]
    fn csrf_and_state_tokens_are_bound_to_what_they_protect() {
        let keys = Keys::derive("token");
        let token = keys.csrf(Some("cookie"));
        assert!(keys.csrf_ok(Some("cookie"), &token));
        assert!(!keys.csrf_ok(Some("other"), &token));
        assert!(!keys.csrf_ok(None, &token));
        let state = keys.state("nonce", "/t/1-ab");
        assert!(keys.state_ok("nonce", "/t/1-ab", &state));
        assert!(!keys.state_ok("nonce", "/t/2-ab", &state));
        assert!(!keys.state_ok("other", "/t/1-ab", &state));
    }
}

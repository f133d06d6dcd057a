//! What the stand-in knows: users, channels, messages, interactions, and the
//! records tests inspect (replies, rule violations, unknown routes).

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

/// Message flag: only the invoking user sees the message.
pub const EPHEMERAL: u64 = 1 << 6;
/// Message flag: deferred response still "thinking".
pub const LOADING: u64 = 1 << 7;

/// A Discord user who is also a member of the stand-in's guild.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: u64,
    pub name: String,
    /// The Discord client language sent as the interaction's `locale`.
    pub locale: String,
}

/// A channel in the guild (a text channel or a thread).
#[derive(Debug, Clone)]
pub struct Channel {
    pub id: u64,
    pub name: String,
    /// 0 = guild text, 11 = public thread.
    pub kind: u8,
    pub parent_id: Option<u64>,
    /// The guild the channel belongs to.
    pub guild: u64,
}

/// An attachment with its file bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Attachment {
    pub id: u64,
    pub filename: String,
    /// Alt text.
    pub description: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

pub const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

impl Attachment {
    pub fn is_png(&self) -> bool {
        self.bytes.starts_with(&PNG_SIGNATURE)
    }

    /// Width and height from the PNG header, if this is a PNG.
    pub fn png_size(&self) -> Option<(u32, u32)> {
        if !self.is_png() || self.bytes.len() < 24 {
            return None;
        }
        let w = u32::from_be_bytes(self.bytes[16..20].try_into().ok()?);
        let h = u32::from_be_bytes(self.bytes[20..24].try_into().ok()?);
        Some((w, h))
    }

    /// Decodes the file as PNG; panics with a clear message if it is not one.
    pub fn decode_png(&self) -> image::RgbaImage {
        assert!(
            self.is_png(),
            "attachment {} ({}) does not start with the PNG signature (first bytes: {:?})",
            self.id,
            self.filename,
            &self.bytes[..self.bytes.len().min(8)]
        );
        image::load_from_memory_with_format(&self.bytes, image::ImageFormat::Png)
            .unwrap_or_else(|e| {
                panic!(
                    "attachment {} ({}) is not a valid PNG: {e}",
                    self.id, self.filename
                )
            })
            .to_rgba8()
    }
}

/// A message as the stand-in knows it (its latest state).
#[derive(Debug, Clone)]
pub struct Msg {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    pub embeds: Vec<Value>,
    /// Action rows exactly as the bot sent them.
    pub components: Vec<Value>,
    pub attachments: Vec<Attachment>,
    pub flags: u64,
    /// The interaction whose response or follow-up this is.
    pub interaction_id: Option<u64>,
    /// True for the interaction's original response (callback 4/5).
    pub is_original: bool,
    /// 0 when created; +1 for every accepted edit.
    pub version: u32,
    pub deleted: bool,
    pub(crate) created: String,
    pub(crate) edited: Option<String>,
}

/// A button found in a message.
#[derive(Debug, Clone, PartialEq)]
pub struct Button {
    pub custom_id: Option<String>,
    pub label: Option<String>,
    pub style: u64,
    pub disabled: bool,
    pub url: Option<String>,
    /// Row index and position in the row.
    pub row: usize,
    pub col: usize,
}

/// A select menu found in a message.
#[derive(Debug, Clone, PartialEq)]
pub struct Select {
    pub custom_id: String,
    /// Component type: 3 string, 5 user, 6 role, 7 mentionable, 8 channel.
    pub kind: u64,
    pub disabled: bool,
    pub placeholder: Option<String>,
    /// `(label, value)` of each option.
    pub options: Vec<(String, String)>,
    pub row: usize,
}

fn buttons_of(components: &[Value]) -> Vec<Button> {
    let mut out = Vec::new();
    for (r, row) in components.iter().enumerate() {
        let inner = row
            .get("components")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        for (c, comp) in inner.iter().enumerate() {
            if comp.get("type").and_then(Value::as_u64) == Some(2) {
                out.push(Button {
                    custom_id: comp
                        .get("custom_id")
                        .and_then(Value::as_str)
                        .map(str::to_string),
                    label: comp
                        .get("label")
                        .and_then(Value::as_str)
                        .map(str::to_string),
                    style: comp.get("style").and_then(Value::as_u64).unwrap_or(0),
                    disabled: comp
                        .get("disabled")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    url: comp.get("url").and_then(Value::as_str).map(str::to_string),
                    row: r,
                    col: c,
                });
            }
        }
    }
    out
}

fn selects_of(components: &[Value]) -> Vec<Select> {
    let mut out = Vec::new();
    for (r, row) in components.iter().enumerate() {
        let inner = row
            .get("components")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        for comp in &inner {
            let kind = comp.get("type").and_then(Value::as_u64).unwrap_or(0);
            if matches!(kind, 3 | 5 | 6 | 7 | 8) {
                let options = comp
                    .get("options")
                    .and_then(Value::as_array)
                    .map(|opts| {
                        opts.iter()
                            .map(|o| {
                                let s = |k: &str| {
                                    o.get(k)
                                        .and_then(Value::as_str)
                                        .unwrap_or_default()
                                        .to_string()
                                };
                                (s("label"), s("value"))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                out.push(Select {
                    custom_id: comp
                        .get("custom_id")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string(),
                    kind,
                    disabled: comp
                        .get("disabled")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    placeholder: comp
                        .get("placeholder")
                        .and_then(Value::as_str)
                        .map(str::to_string),
                    options,
                    row: r,
                });
            }
        }
    }
    out
}

impl Msg {
    pub fn ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }

    /// A deferred response (callback 5) not yet filled by an edit.
    pub fn loading(&self) -> bool {
        self.flags & LOADING != 0
    }

    pub fn buttons(&self) -> Vec<Button> {
        buttons_of(&self.components)
    }

    pub fn selects(&self) -> Vec<Select> {
        selects_of(&self.components)
    }

    /// The button whose label or custom id is `key`.
    pub fn button(&self, key: &str) -> Option<Button> {
        let all = self.buttons();
        all.iter()
            .find(|b| b.custom_id.as_deref() == Some(key))
            .or_else(|| all.iter().find(|b| b.label.as_deref() == Some(key)))
            .cloned()
    }

    /// Like [`Msg::button`], panicking with the buttons that exist.
    pub fn expect_button(&self, key: &str) -> Button {
        self.button(key).unwrap_or_else(|| {
            panic!(
                "message {} has no button with label or custom_id {key:?}; buttons: {:?}",
                self.id,
                self.buttons()
                    .iter()
                    .map(|b| (&b.label, &b.custom_id))
                    .collect::<Vec<_>>()
            )
        })
    }

    pub fn select(&self, custom_id: &str) -> Option<Select> {
        self.selects()
            .into_iter()
            .find(|s| s.custom_id == custom_id)
    }

    /// All text of the message: content plus embed titles, descriptions, fields, footers.
    pub fn text(&self) -> String {
        let mut t = self.content.clone();
        for e in &self.embeds {
            for k in ["title", "description"] {
                if let Some(s) = e.get(k).and_then(Value::as_str) {
                    t.push('\n');
                    t.push_str(s);
                }
            }
            for f in e
                .get("fields")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                for k in ["name", "value"] {
                    if let Some(s) = f.get(k).and_then(Value::as_str) {
                        t.push('\n');
                        t.push_str(s);
                    }
                }
            }
            if let Some(s) = e.pointer("/footer/text").and_then(Value::as_str) {
                t.push('\n');
                t.push_str(s);
            }
        }
        t
    }

    pub fn attachment(&self, filename: &str) -> Option<&Attachment> {
        self.attachments.iter().find(|a| a.filename == filename)
    }
}

/// What the bot answered to an interaction (its accepted callback).
#[derive(Debug, Clone)]
pub struct Reply {
    /// Callback type: 4 message, 5 deferred message, 6 deferred update,
    /// 7 update message, 8 autocomplete result, 9 modal.
    pub kind: u8,
    pub ephemeral: bool,
    /// `content` as sent (None when the callback carried none).
    pub content: Option<String>,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    /// Attachments of the created/updated message right after this callback.
    pub files: Vec<Attachment>,
    /// Autocomplete choices (callback 8).
    pub choices: Vec<Value>,
    /// The message created (4, 5) or updated (6, 7).
    pub message_id: Option<u64>,
    /// The callback's raw `data`.
    pub data: Value,
}

impl Reply {
    pub fn text(&self) -> String {
        let m = Msg {
            id: 0,
            channel_id: 0,
            content: self.content.clone().unwrap_or_default(),
            embeds: self.embeds.clone(),
            components: vec![],
            attachments: vec![],
            flags: 0,
            interaction_id: None,
            is_original: false,
            version: 0,
            deleted: false,
            created: String::new(),
            edited: None,
        };
        m.text()
    }

    pub fn buttons(&self) -> Vec<Button> {
        buttons_of(&self.components)
    }

    pub fn selects(&self) -> Vec<Select> {
        selects_of(&self.components)
    }

    /// Autocomplete choices as `(name, value)`, the value rendered as a string.
    pub fn choice_pairs(&self) -> Vec<(String, String)> {
        self.choices
            .iter()
            .map(|c| {
                let name = c
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                let value = match c.get("value") {
                    Some(Value::String(s)) => s.clone(),
                    Some(v) => v.to_string(),
                    None => String::new(),
                };
                (name, value)
            })
            .collect()
    }
}

/// An error response the stand-in gave, Discord style.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: u16,
    pub code: u64,
    pub message: String,
}

/// A Discord rule the bot broke (the request was refused as Discord would).
#[derive(Debug, Clone)]
pub struct Violation {
    /// `METHOD /path` of the request.
    pub route: String,
    pub code: u64,
    /// What was wrong, with the JSON path when there is one.
    pub detail: String,
}

/// An interaction sent by the driver.
#[derive(Debug, Clone)]
pub struct InteractionRecord {
    pub id: u64,
    pub token: String,
    /// 2 command, 3 component, 4 autocomplete, 5 modal submit.
    pub kind: u8,
    pub user_id: u64,
    pub channel_id: u64,
    /// Command name, or the component's custom id.
    pub label: String,
    pub source_message: Option<u64>,
    pub sent_at: Instant,
    pub reply: Option<Reply>,
    /// When the first callback was accepted (the load bench's latency).
    pub replied_at: Option<Instant>,
    /// Callbacks refused because the bot broke a rule (also in `violations()`).
    pub refused: Vec<ApiError>,
    /// Callbacks refused because of a fault the test injected (`fail_next`,
    /// `expire_token`, ...); not violations. `StandIn::response` keeps waiting
    /// past these, for a retry.
    pub faulted: Vec<ApiError>,
    /// Set by `StandIn::expire_token(s)`: webhook routes with this token answer
    /// 401 / 50027 and callbacks 404 / 10062.
    pub token_expired: bool,
    pub original: Option<u64>,
    pub followups: Vec<u64>,
}

/// What a request refused (or left unanswered) because of an injected fault hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultCause {
    /// `StandIn::fail_next`.
    Failed,
    /// `StandIn::hang_next`: no answer at all.
    Hung,
    /// A message a moderator deleted (`StandIn::delete_message`): 404 / 10008.
    DeletedMessage,
    /// An expired interaction token (`StandIn::expire_token(s)`): 401 / 50027
    /// on webhook routes, 404 / 10062 on callbacks.
    ExpiredToken,
    /// A channel the bot lost access to (`StandIn::deny_channel`): 403 / 50001.
    DeniedChannel,
    /// Inside a rate-limit window (`StandIn::rate_limit_next`): 429.
    RateLimited,
}

/// One request that met an injected fault. These are the stand-in's doing,
/// never recorded as violations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaultHit {
    /// `METHOD /path` of the request.
    pub route: String,
    pub cause: FaultCause,
    /// HTTP status answered (0 when the request was hung).
    pub status: u16,
    /// Discord error code answered (0 for generic errors and hung requests).
    pub code: u64,
}

/// Handle returned when the driver sends an interaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ix {
    pub id: u64,
}

/// Current time as Discord's ISO 8601 timestamp.
pub fn iso_now() -> String {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let secs = d.as_secs();
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60,
        d.subsec_micros()
    )
}

pub fn user_json(u: &User) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.name,
        "avatar": null,
        "bot": false,
        "public_flags": 0,
    })
}

/// Permissions of members: everything but administrator.
pub const MEMBER_PERMISSIONS: &str = "2248473465835065";

/// `MEMBER_PERMISSIONS` without VIEW_CHANNEL and SEND_MESSAGES: the bot's
/// `app_permissions` in a channel it lost access to.
pub fn app_permissions_without_access() -> String {
    let all: u64 = MEMBER_PERMISSIONS.parse().expect("permissions");
    (all & !((1 << 10) | (1 << 11))).to_string()
}

/// `MEMBER_PERMISSIONS` without Create Public Threads and Send Messages in
/// Threads.
pub fn app_permissions_without_threads() -> String {
    let all: u64 = MEMBER_PERMISSIONS.parse().expect("permissions");
    (all & !((1 << 35) | (1 << 38))).to_string()
}

pub fn member_json(u: &User, joined_at: &str, with_user: bool) -> Value {
    let mut m = json!({
        "roles": [],
        "joined_at": joined_at,
        "premium_since": null,
        "nick": null,
        "avatar": null,
        "deaf": false,
        "mute": false,
        "pending": false,
        "flags": 0,
        "permissions": MEMBER_PERMISSIONS,
        "communication_disabled_until": null,
    });
    if with_user {
        m["user"] = user_json(u);
    }
    m
}

//! An in-process Discord stand-in on 127.0.0.1 (gateway websocket + REST)
//! that the real serenity client connects to, plus a driver API for tests.
//!
//! ```ignore
//! let discord = StandIn::start().await;
//! // bot: HttpBuilder::new(token).proxy(discord.base_url()).ratelimiter_disabled(true)
//! discord.wait_ready().await;
//! discord.wait_command("ping").await;
//! let alice = discord.user("alice");
//! let ix = discord.slash(&alice, discord.channel_id(), "ping", json!({"private": true})).await;
//! let reply = discord.response(ix).await;
//! let msg = reply.message_id.unwrap();
//! let click = discord.click(&alice, msg, "again").await;
//! assert_eq!(discord.response(click).await.kind, 7);
//! discord.assert_no_violations();
//! ```
//!
//! Discord rules enforced (refused with Discord's status, code and JSON error
//! shape, and recorded in `violations()`):
//! - first callback within 3 s of the interaction (`set_callback_window` to
//!   shorten), else 404 / 10062 Unknown interaction;
//! - one callback per interaction, else 400 / 40060;
//! - callback type fits the interaction (8 only for autocomplete, 6/7 only for
//!   components or modal submits from a message);
//! - message payloads: content <= 2000, <= 10 embeds (title 256, description
//!   4096, 25 fields), <= 5 action rows, 1..=5 components per row, a select alone
//!   in its row, 1..=25 options with unique values, labels <= 80 / option
//!   labels and values <= 100, `custom_id` 1..=100 and unique in the message,
//!   <= 10 attachments, alt text <= 1024 -> 400 / 50035 Invalid Form Body;
//!   an empty message -> 400 / 50006;
//! - autocomplete: <= 25 choices, names 1..=100; modals: title <= 45, 1..=5 rows;
//! - commands: names lowercase `[-_\p{L}\p{N}]{1,32}`, descriptions 1..=100,
//!   required options first, <= 25 options/choices, only Discord's locales in
//!   localizations;
//! - attachments on edit: an `attachments` array keeps exactly what it lists
//!   (new `files[n]` parts are added), no array keeps the old ones;
//! - follow-ups / `@original` only after the interaction was acknowledged
//!   (else 10015 Unknown Webhook); ephemeral messages are invisible to channel
//!   routes (10008).
//!
//! Unknown routes answer 404 `{"message":"404: Not Found","code":0}` and are
//! recorded in `unknown_routes()`; `assert_no_violations()` checks both lists.
//!
//! Injected faults (the stand-in's doing, recorded in `fault_hits()` and never
//! as violations): `fail_next` (an HTTP error status for the next n matching
//! requests), `hang_next` (no answer at all), `delete_message` (a moderator
//! deletes a message: 404 / 10008), `expire_tokens` / `expire_token` (401 /
//! 50027 on webhooks, 404 / 10062 on callbacks), `deny_channel` (403 / 50001
//! on channel routes).
#![allow(dead_code, unused_imports)]

pub mod activity;
pub mod browser;
pub mod gateway;
pub mod http;
pub mod model;
pub mod oauth;
pub mod rest;
pub mod rules;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message as WsMessage;

pub use model::{
    ApiError, Attachment, Button, Channel, FaultCause, FaultHit, InteractionRecord, Ix, Msg, Reply,
    Select, User, Violation, EPHEMERAL, LOADING,
};

/// What an armed fault does to a matching request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultAction {
    /// Answer with this HTTP status and Discord's generic error body.
    Fail(u16),
    /// Never answer.
    Hang,
    /// Answer 429 as Discord does, with the time left in the rule's window
    /// (body `retry_after` and `global`, no `code`; `Retry-After`,
    /// `X-RateLimit-*` headers). A global limit holds every route but the
    /// interaction callbacks, as Discord's does.
    RateLimit { global: bool },
}

/// A fault armed by `StandIn::fail_next` / `StandIn::hang_next`.
#[derive(Debug, Clone)]
pub struct FaultRule {
    /// HTTP method, case-insensitive; `""` or `"*"` matches every method.
    pub method: String,
    /// Matches paths (after `/api/v10`) starting with this; `""` matches all.
    pub route_prefix: String,
    /// Matching requests still to hit (a timed rule ignores it).
    pub remaining: u32,
    pub action: FaultAction,
    /// A timed rule: every matching request is hit for this long...
    pub lasts: Option<Duration>,
    /// ...from this instant (set at arming, or by the first hit).
    pub started: Option<Instant>,
}

impl FaultRule {
    /// When a timed rule's window ends, once it has started.
    pub fn ends(&self) -> Option<Instant> {
        Some(self.started? + self.lasts?)
    }

    /// Still armed: hits left, or a window not yet over.
    pub fn live(&self, now: Instant) -> bool {
        match self.lasts {
            Some(_) => self.ends().is_none_or(|end| now < end),
            None => self.remaining > 0,
        }
    }

    pub fn matches(&self, method: &str, path: &str) -> bool {
        let global = matches!(self.action, FaultAction::RateLimit { global: true })
            && self.started.is_some()
            && !path.starts_with("/interactions/");
        self.live(Instant::now())
            && (global
                || ((self.method.is_empty()
                    || self.method == "*"
                    || self.method.eq_ignore_ascii_case(method))
                    && path.starts_with(&self.route_prefix)))
    }
}

/// One REST request as the stand-in saw it.
#[derive(Debug, Clone)]
pub struct RequestRecord {
    /// When it arrived.
    pub at: Instant,
    /// `METHOD /path`.
    pub route: String,
    /// The status answered (0: left unanswered).
    pub status: u16,
}

/// Everything the stand-in knows. Behind one mutex; every change bumps `Inner::changed`.
pub struct State {
    next_id: u64,
    pub bot_id: u64,
    pub bot_name: String,
    pub app_id: u64,
    pub guild_id: u64,
    /// Every guild the bot is in: `guild_id` first, then `add_guild`'s.
    pub guilds: Vec<u64>,
    /// What `GET /gateway/bot` recommends.
    pub recommended_shards: u32,
    /// The live gateway connection of each shard: id, total, sender.
    pub shard_conns: BTreeMap<u32, (u64, u32, mpsc::UnboundedSender<WsMessage>)>,
    /// With [`StandIn::allow_twin_sessions`]: further sessions of a shard
    /// already connected (shard id, connection id, sender). Discord sends
    /// each of them every event of the shard too.
    pub twin_conns: Vec<(u32, u64, mpsc::UnboundedSender<WsMessage>)>,
    pub twin_sessions: bool,
    /// The shard of the newest session (the one RESUME may continue).
    pub session_shard: (u32, u32),
    /// The last sequence number sent on each gateway connection.
    pub conn_seq: BTreeMap<u64, u64>,
    pub default_channel: u64,
    pub joined_at: String,
    pub users: BTreeMap<u64, User>,
    /// The OAuth2 routes' codes and tokens.
    pub oauth: oauth::OAuth,
    /// Activities turned on for the application, and its running instances.
    pub activities: bool,
    pub activity_instances: BTreeMap<String, activity::Instance>,
    pub activity_lookups: u32,
    /// Channel permissions of members who have other ones than
    /// `model::MEMBER_PERMISSIONS` (moderators, restricted members).
    pub permissions: BTreeMap<u64, u64>,
    pub channels: BTreeMap<u64, Channel>,
    pub messages: BTreeMap<u64, Msg>,
    pub interactions: BTreeMap<u64, InteractionRecord>,
    pub global_commands: Vec<Value>,
    pub guild_commands: BTreeMap<u64, Vec<Value>>,
    pub command_puts: u32,
    pub violations: Vec<Violation>,
    pub unknown_routes: Vec<String>,
    /// `METHOD /path` of every REST request, in order.
    pub requests: Vec<String>,
    /// Every REST request with its time and answer, in order.
    pub request_log: Vec<RequestRecord>,
    pub identify_tokens: Vec<String>,
    pub rest_auth: Option<String>,
    pub expected_token: Option<String>,
    pub gateway: Option<(u64, mpsc::UnboundedSender<WsMessage>)>,
    pub gateway_conns: u64,
    pub seq: u64,
    pub session_id: String,
    pub ready_count: u32,
    pub resumes: u32,
    pub heartbeats: u32,
    pub callback_window: Duration,
    pub heartbeat_interval_ms: u64,
    pub guild_locale: String,
    /// `intents` of the last IDENTIFY.
    pub intents: u64,
    /// Faults armed by `fail_next` / `hang_next`, checked in order.
    pub fault_rules: Vec<FaultRule>,
    /// The windows `rate_limit_next` opened: (opened, lifts).
    pub rate_limit_windows: Vec<(Instant, Instant)>,
    /// Every request that met an injected fault, in order.
    pub fault_hits: Vec<FaultHit>,
    /// Messages deleted by a moderator (`StandIn::delete_message`).
    pub moderator_deleted: BTreeSet<u64>,
    /// Channels the bot has no access to (`StandIn::deny_channel`).
    pub denied_channels: BTreeSet<u64>,
    /// Channels where the bot may not create threads or write in them
    /// (`StandIn::deny_threads`).
    pub no_threads: BTreeSet<u64>,
    /// Archived threads (`StandIn::archive_thread`); the bot reopens one
    /// with `PATCH /channels/{id}` `{"archived": false}`.
    pub archived: BTreeSet<u64>,
    /// Threads the bot reopened, in order.
    pub reopened: Vec<u64>,
    /// Threads the bot created (`POST /channels/{id}/threads`), in order:
    /// (thread, parent, name, auto-archive minutes).
    pub threads_created: Vec<(u64, u64, String, u64)>,
    /// Channels only a person's own install reaches, with the interaction
    /// `context` Discord sends from them: 1 a DM with the bot, 2 a DM or
    /// group DM between people (`StandIn::add_bot_dm`, `add_group_dm`),
    /// and 0 a channel of a server that did not add the bot
    /// (`add_foreign_channel`).
    pub private_contexts: BTreeMap<u64, u8>,
    /// Channel routes (`/channels/{id}...`) called for those channels: the
    /// bot has no channel there, Discord refuses them.
    pub private_channel_calls: Vec<String>,
    /// People whose server turned off "Use External Apps" for them
    /// (`StandIn::deny_external_apps`).
    pub no_external_apps: BTreeSet<u64>,
}

impl State {
    /// A fresh, increasing snowflake id.
    pub fn snowflake(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}

pub struct Inner {
    pub st: Mutex<State>,
    changed: watch::Sender<u64>,
    rest_port: u16,
    gateway_port: u16,
}

impl Inner {
    /// Wakes every waiter.
    pub fn bump(&self) {
        self.changed.send_modify(|v| *v += 1);
    }

    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.rest_port)
    }

    pub fn gateway_url(&self) -> String {
        format!("ws://127.0.0.1:{}", self.gateway_port)
    }
}

/// Handle to a running stand-in. Cheap to clone; the servers stop when the
/// last clone is dropped.
#[derive(Clone)]
pub struct StandIn {
    inner: Arc<Inner>,
    tasks: Arc<Tasks>,
    timeout: Duration,
}

struct Tasks(Vec<JoinHandle<()>>);

impl Drop for Tasks {
    fn drop(&mut self) {
        for t in &self.0 {
            t.abort();
        }
    }
}

/// Default time a driver call waits for the bot before panicking.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

impl StandIn {
    /// Binds REST and gateway on 127.0.0.1 (ephemeral ports) and starts serving.
    pub async fn start() -> StandIn {
        StandIn::start_on(0).await
    }

    /// Like [`StandIn::start`], with REST on this port (a bot started
    /// before its Discord was there, say); the gateway's port is ephemeral.
    pub async fn start_on(rest_port: u16) -> StandIn {
        let rest = TcpListener::bind(("127.0.0.1", rest_port))
            .await
            .expect("bind REST listener");
        let gw = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway listener");
        let joined_at = model::iso_now();
        let base: u64 = 1_300_000_000_000_000_000;
        let mut st = State {
            next_id: base,
            bot_id: base - 1,
            bot_name: "boardbot".into(),
            app_id: base - 1,
            guild_id: base - 2,
            guilds: vec![base - 2],
            recommended_shards: 1,
            shard_conns: BTreeMap::new(),
            twin_conns: Vec::new(),
            twin_sessions: false,
            session_shard: (0, 1),
            conn_seq: BTreeMap::new(),
            default_channel: base - 3,
            joined_at,
            users: BTreeMap::new(),
            oauth: oauth::OAuth::default(),
            activities: false,
            activity_instances: BTreeMap::new(),
            activity_lookups: 0,
            permissions: BTreeMap::new(),
            channels: BTreeMap::new(),
            messages: BTreeMap::new(),
            interactions: BTreeMap::new(),
            global_commands: vec![],
            guild_commands: BTreeMap::new(),
            command_puts: 0,
            violations: vec![],
            unknown_routes: vec![],
            requests: vec![],
            request_log: vec![],
            identify_tokens: vec![],
            rest_auth: None,
            expected_token: None,
            gateway: None,
            gateway_conns: 0,
            seq: 0,
            session_id: String::new(),
            ready_count: 0,
            resumes: 0,
            heartbeats: 0,
            callback_window: Duration::from_secs(3),
            heartbeat_interval_ms: gateway::HEARTBEAT_INTERVAL_MS,
            guild_locale: "en-US".into(),
            intents: 0,
            fault_rules: vec![],
            rate_limit_windows: vec![],
            fault_hits: vec![],
            moderator_deleted: BTreeSet::new(),
            denied_channels: BTreeSet::new(),
            no_threads: BTreeSet::new(),
            archived: BTreeSet::new(),
            reopened: vec![],
            threads_created: vec![],
            private_contexts: BTreeMap::new(),
            private_channel_calls: vec![],
            no_external_apps: BTreeSet::new(),
        };
        let ch = st.default_channel;
        st.channels.insert(
            ch,
            Channel {
                id: ch,
                name: "general".into(),
                kind: 0,
                parent_id: None,
                guild: st.guild_id,
            },
        );
        let (changed, _) = watch::channel(0u64);
        let inner = Arc::new(Inner {
            st: Mutex::new(st),
            changed,
            rest_port: rest.local_addr().expect("addr").port(),
            gateway_port: gw.local_addr().expect("addr").port(),
        });
        let handler_inner = inner.clone();
        let handler: http::Handler = Arc::new(move |req| rest::handle(&handler_inner, req));
        let t1 = tokio::spawn(http::serve(rest, handler));
        let t2 = tokio::spawn(gateway::serve(gw, inner.clone()));
        StandIn {
            inner,
            tasks: Arc::new(Tasks(vec![t1, t2])),
            timeout: DEFAULT_TIMEOUT,
        }
    }

    /// Like [`StandIn::start`], but IDENTIFY and REST calls must carry this token
    /// (IDENTIFY with another one is closed with 4004, REST answers 401).
    pub async fn start_with_token(token: &str) -> StandIn {
        let s = StandIn::start().await;
        s.lock().expected_token = Some(token.to_string());
        s
    }

    /// Changes how long driver calls wait before panicking (default 5 s).
    /// Changes how long waits last before they fail (a 30-second turn
    /// timer needs longer than the default).
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    pub fn with_timeout(mut self, timeout: Duration) -> StandIn {
        self.timeout = timeout;
        self
    }

    /// Changes Discord's 3-second window for the first callback (to test late answers quickly).
    pub fn set_callback_window(&self, window: Duration) {
        self.lock().callback_window = window;
    }

    /// Heartbeat interval announced in HELLO to connections made from now on
    /// (default 41.25 s, Discord's; shorten it to exercise heartbeats).
    pub fn set_heartbeat_interval(&self, interval: Duration) {
        self.lock().heartbeat_interval_ms = interval.as_millis() as u64;
    }

    /// Heartbeats (op 1) received so far; each was answered with op 11.
    pub fn heartbeats(&self) -> u32 {
        self.lock().heartbeats
    }

    /// Number of READY sent (one per IDENTIFY) and of RESUMED sent.
    pub fn sessions(&self) -> (u32, u32) {
        let st = self.lock();
        (st.ready_count, st.resumes)
    }

    /// The guild's preferred locale sent as `guild_locale` (default `en-US`).
    pub fn set_guild_locale(&self, locale: &str) {
        self.lock().guild_locale = locale.to_string();
    }

    /// The state; a driver panic while it was held (e.g. a test that expects
    /// one) does not make it unusable.
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.inner.st.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Read-only access to the whole state.
    pub fn with_state<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        f(&self.lock())
    }

    /// `http://127.0.0.1:PORT`, the bot's API base (replaces `https://discord.com`).
    pub fn base_url(&self) -> String {
        self.inner.base_url()
    }

    /// `ws://127.0.0.1:PORT`, what `GET /api/v10/gateway` answers.
    pub fn gateway_url(&self) -> String {
        self.inner.gateway_url()
    }

    pub fn bot_user_id(&self) -> u64 {
        self.lock().bot_id
    }

    pub fn application_id(&self) -> u64 {
        self.lock().app_id
    }

    pub fn guild_id(&self) -> u64 {
        self.lock().guild_id
    }

    /// The default guild text channel (`#general`).
    pub fn channel_id(&self) -> u64 {
        self.lock().default_channel
    }

    /// Adds a guild text channel.
    pub fn add_channel(&self, name: &str) -> u64 {
        let guild = self.guild_id();
        self.add_channel_in(guild, name)
    }

    /// Adds a text channel to `guild` (see [`StandIn::add_guild`]).
    pub fn add_channel_in(&self, guild: u64, name: &str) -> u64 {
        let mut st = self.lock();
        let id = st.snowflake();
        st.channels.insert(
            id,
            Channel {
                id,
                name: name.into(),
                kind: 0,
                parent_id: None,
                guild,
            },
        );
        id
    }

    /// Adds a guild whose events Discord sends to `shard` of `total`
    /// (guild id >> 22, modulo the number of shards), with one text
    /// channel. Returns the guild and the channel.
    pub fn add_guild(&self, shard: u32, total: u32) -> (u64, u64) {
        let guild = {
            let mut st = self.lock();
            let mut id = st.snowflake();
            while (id >> 22) % u64::from(total) != u64::from(shard) {
                id += 1 << 22;
            }
            st.next_id = st.next_id.max(id);
            st.guilds.push(id);
            id
        };
        let channel = self.add_channel_in(guild, "general");
        (guild, channel)
    }

    /// How many shards `GET /gateway/bot` recommends (autosharding).
    pub fn set_recommended_shards(&self, shards: u32) {
        self.lock().recommended_shards = shards;
    }

    /// Lets two sessions identify as the same shard, both receiving its
    /// events, as two processes of an overlapping deploy do on Discord
    /// (one answer per interaction still wins: the other gets 40060).
    pub fn allow_twin_sessions(&self) {
        self.lock().twin_sessions = true;
    }

    /// How many sessions are connected, twins included.
    pub fn session_count(&self) -> usize {
        let st = self.lock();
        st.shard_conns.len() + st.twin_conns.len()
    }

    /// Waits until `n` sessions are connected, twins included.
    pub async fn wait_sessions(&self, n: usize) {
        self.wait_for(&format!("{n} sessions connected"), |st| {
            (st.shard_conns.len() + st.twin_conns.len() >= n).then_some(())
        })
        .await
    }

    /// The connected shards: `(shard id, total)` of each live IDENTIFY.
    pub fn shards(&self) -> Vec<(u32, u32)> {
        self.lock()
            .shard_conns
            .iter()
            .map(|(id, (_, total, _))| (*id, *total))
            .collect()
    }

    /// Waits until `n` shards are connected.
    pub async fn wait_shards(&self, n: usize) {
        self.wait_for(&format!("{n} shards connected"), |st| {
            (st.shard_conns.len() >= n).then_some(())
        })
        .await
    }

    /// Adds a public thread under `parent`.
    pub fn add_thread(&self, parent: u64, name: &str) -> u64 {
        let mut st = self.lock();
        let guild = st.channels.get(&parent).map_or(st.guild_id, |c| c.guild);
        let id = st.snowflake();
        st.channels.insert(
            id,
            Channel {
                id,
                name: name.into(),
                kind: 11,
                parent_id: Some(parent),
                guild,
            },
        );
        id
    }

    /// A moderator deletes a channel or thread: CHANNEL_DELETE (or
    /// THREAD_DELETE) as Discord sends it, and it is gone here too.
    pub fn delete_channel(&self, channel: u64) {
        let mut st = self.lock();
        let c = st
            .channels
            .remove(&channel)
            .unwrap_or_else(|| panic!("stand-in: unknown channel {channel}"));
        let (id, guild) = (c.id.to_string(), c.guild.to_string());
        let parent = c.parent_id.map(|p| p.to_string());
        if c.kind == 11 {
            let data = json!({"id": id, "guild_id": guild, "parent_id": parent, "type": c.kind});
            Self::dispatch_locked(&mut st, "THREAD_DELETE", data);
        } else {
            let data = json!({
                "id": id, "guild_id": guild, "parent_id": parent, "type": c.kind,
                "name": c.name, "position": 0, "permission_overwrites": [], "nsfw": false,
                "last_message_id": null, "rate_limit_per_user": 0, "topic": null, "flags": 0,
            });
            Self::dispatch_locked(&mut st, "CHANNEL_DELETE", data);
        }
        drop(st);
        self.inner.bump();
    }

    /// The bot is removed from `guild` (kicked, or the server deleted):
    /// GUILD_DELETE without `unavailable`.
    pub fn remove_from_guild(&self, guild: u64) {
        let mut st = self.lock();
        st.guilds.retain(|&g| g != guild);
        Self::dispatch_locked(&mut st, "GUILD_DELETE", json!({"id": guild.to_string()}));
    }

    /// `guild` has an outage: GUILD_DELETE with `unavailable: true`; the bot
    /// is still in it.
    pub fn guild_outage(&self, guild: u64) {
        let data = json!({"id": guild.to_string(), "unavailable": true});
        self.dispatch("GUILD_DELETE", data);
    }

    /// A new guild member with locale `en-US`.
    pub fn user(&self, name: &str) -> User {
        self.user_with_locale(name, "en-US")
    }

    /// A new guild member whose Discord client uses `locale` (e.g. `pt-BR`, `fr`).
    pub fn user_with_locale(&self, name: &str, locale: &str) -> User {
        let mut st = self.lock();
        let id = st.snowflake();
        let u = User {
            id,
            name: name.into(),
            locale: locale.into(),
        };
        st.users.insert(id, u.clone());
        u
    }

    /// Gives `user` these channel permissions (a bit set, as Discord
    /// sends them) in every interaction from now on.
    pub fn set_permissions(&self, user: &User, permissions: u64) {
        self.lock().permissions.insert(user.id, permissions);
    }

    // ----- gateway -----

    /// Token from the last IDENTIFY (as sent, e.g. `"Bot abc"`).
    pub fn identify_token(&self) -> Option<String> {
        self.lock().identify_tokens.last().cloned()
    }

    /// The last `Authorization` header seen on REST.
    pub fn rest_authorization(&self) -> Option<String> {
        self.lock().rest_auth.clone()
    }

    /// Waits until a client has identified and received READY.
    pub async fn wait_ready(&self) {
        self.wait_for("the bot to IDENTIFY and receive READY", |st| {
            (st.ready_count > 0 && st.gateway.is_some()).then_some(())
        })
        .await
    }

    /// Waits until `n` sessions in total have been identified (e.g. 2 after a
    /// bot restart against the same stand-in) and one is connected.
    pub async fn wait_ready_count(&self, n: u32) {
        self.wait_for(&format!("READY number {n}"), |st| {
            (st.ready_count >= n && st.gateway.is_some()).then_some(())
        })
        .await
    }

    /// Waits until the client resumed `n` times in total and is connected.
    pub async fn wait_resumed(&self, n: u32) {
        self.wait_for(&format!("RESUMED number {n}"), |st| {
            (st.resumes >= n && st.gateway.is_some()).then_some(())
        })
        .await
    }

    /// Closes the gateway connection with a close code (4000 lets the client resume).
    pub fn drop_gateway(&self, code: u16) {
        use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
        use tokio_tungstenite::tungstenite::protocol::CloseFrame;
        let mut st = self.lock();
        if let Some((_, tx)) = st.gateway.take() {
            let _ = tx.send(WsMessage::Close(Some(CloseFrame {
                code: CloseCode::from(code),
                reason: "stand-in".into(),
            })));
        }
    }

    /// Sends a raw dispatch event; returns its sequence number.
    pub fn dispatch(&self, event: &str, data: Value) -> u64 {
        let mut st = self.lock();
        Self::dispatch_locked(&mut st, event, data)
    }

    pub(crate) fn dispatch_locked(st: &mut State, event: &str, data: Value) -> u64 {
        // Discord sends a guild's events to the shard that owns the guild.
        let guild = data
            .get("guild_id")
            .and_then(Value::as_str)
            .and_then(|g| g.parse::<u64>().ok());
        let owner = guild.and_then(|g| {
            st.shard_conns
                .iter()
                .find(|(id, (_, total, _))| (g >> 22) % u64::from(*total) == u64::from(**id))
                .map(|(id, _)| *id)
        });
        let sharded = owner
            .and_then(|id| st.shard_conns.get(&id))
            .map(|(conn, _, tx)| (*conn, tx.clone()));
        // The twin sessions of the owning shard (of shard 0 for events
        // outside guilds) get the event too, each with its own sequence.
        let shard = owner.unwrap_or(st.session_shard.0);
        let twins: Vec<(u64, mpsc::UnboundedSender<WsMessage>)> = st
            .twin_conns
            .iter()
            .filter(|(s, _, _)| *s == shard)
            .map(|(_, conn, tx)| (*conn, tx.clone()))
            .collect();
        for (conn, tx) in twins {
            let seq = st.conn_seq.entry(conn).or_insert(1);
            *seq += 1;
            let frame = json!({"op": 0, "s": *seq, "t": event, "d": data});
            let _ = tx.send(WsMessage::Text(frame.to_string()));
        }
        let Some((conn, tx)) = sharded.or_else(|| st.gateway.clone()) else {
            panic!("stand-in: cannot dispatch {event}: no bot is connected to the gateway (call wait_ready first)");
        };
        // Each connection (shard) counts its own sequence, as Discord does.
        let seq = st.conn_seq.entry(conn).or_insert(1);
        *seq += 1;
        st.seq = *seq;
        let frame = json!({"op": 0, "s": st.seq, "t": event, "d": data});
        tx.send(WsMessage::Text(frame.to_string()))
            .expect("gateway connection closed");
        st.seq
    }

    // ----- commands -----

    /// All registered commands (global and guild), as stored (with ids).
    pub fn commands(&self) -> Vec<Value> {
        let st = self.lock();
        let mut all = st.global_commands.clone();
        for list in st.guild_commands.values() {
            all.extend(list.iter().cloned());
        }
        all
    }

    /// Waits until a chat-input command with this name is registered; returns it.
    pub async fn wait_command(&self, name: &str) -> Value {
        self.wait_for(&format!("command /{name} to be registered"), |st| {
            find_command(st, name)
        })
        .await
    }

    // ----- interactions -----

    fn base_interaction(
        st: &mut State,
        kind: u8,
        user: &User,
        channel: u64,
    ) -> (u64, String, Value) {
        assert!(
            st.channels.contains_key(&channel),
            "stand-in: unknown channel {channel}"
        );
        assert!(
            st.users.contains_key(&user.id),
            "stand-in: unknown user {user:?} (create users with StandIn::user)"
        );
        let id = st.snowflake();
        let token = format!("aW50ZXJhY3Rpb246{id}:standin-token-{id}");
        let mut member = model::member_json(user, &st.joined_at, true);
        if let Some(p) = st.permissions.get(&user.id) {
            member["permissions"] = json!(p.to_string());
        }
        if let Some(&context) = st.private_contexts.get(&channel) {
            let v = Self::user_install_interaction(st, id, &token, kind, user, channel, context);
            return (id, token, v);
        }
        let v = json!({
            "id": id.to_string(),
            "application_id": st.app_id.to_string(),
            "type": kind,
            "token": token,
            "version": 1,
            "channel_id": channel.to_string(),
            "channel": rest::channel_json(st, channel, false),
            "guild_id": st.channels[&channel].guild.to_string(),
            "member": member,
            "locale": user.locale,
            "guild_locale": st.guild_locale,
            "entitlements": [],
            "attachment_size_limit": 10_485_760,
            "app_permissions": if st.denied_channels.contains(&channel) {
                model::app_permissions_without_access()
            } else if st.no_threads.contains(&channel) {
                model::app_permissions_without_threads()
            } else {
                model::MEMBER_PERMISSIONS.to_string()
            },
            "authorizing_integration_owners": {"0": st.channels[&channel].guild.to_string()},
            "context": 0,
        });
        (id, token, v)
    }

    /// An interaction that only a person's own install authorizes, as
    /// Discord sends it: in a DM or group DM with no guild and no member
    /// (the `user` instead); in a server that did not add the bot with its
    /// guild and the member, but no server install among the authorizing
    /// owners.
    fn user_install_interaction(
        st: &State,
        id: u64,
        token: &str,
        kind: u8,
        user: &User,
        channel: u64,
        context: u8,
    ) -> Value {
        // What a person's app may do here: no channel access of its own.
        let app_permissions = (1u64 << 15) | (1 << 14) | (1 << 50);
        let mut v = json!({
            "id": id.to_string(),
            "application_id": st.app_id.to_string(),
            "type": kind,
            "token": token,
            "version": 1,
            "channel_id": channel.to_string(),
            "channel": rest::channel_json(st, channel, false),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": 10_485_760,
            "app_permissions": app_permissions.to_string(),
            "authorizing_integration_owners": {"1": user.id.to_string()},
            "context": context,
        });
        if context == 0 {
            let mut member = model::member_json(user, &st.joined_at, true);
            if st.no_external_apps.contains(&user.id) {
                let all: u64 = model::MEMBER_PERMISSIONS.parse().expect("permissions");
                member["permissions"] = json!((all & !(1u64 << 50)).to_string());
            }
            v["guild_id"] = json!(st.channels[&channel].guild.to_string());
            v["member"] = member;
            v["guild_locale"] = json!(st.guild_locale);
        } else {
            v["user"] = model::user_json(user);
        }
        v
    }

    /// Adds the DM between `user` and the bot (interaction context 1).
    pub fn add_bot_dm(&self, user: &User) -> u64 {
        self.add_private(&format!("dm-{}", user.name), 1, 0, 1)
    }

    /// Adds a group DM of people (interaction context 2): the bot is not a
    /// member, a person's install reaches it.
    pub fn add_group_dm(&self, name: &str) -> u64 {
        self.add_private(name, 3, 0, 2)
    }

    /// Adds a text channel of a server that did not add the bot (context 0,
    /// a person's install only).
    pub fn add_foreign_channel(&self, name: &str) -> u64 {
        let guild = self.lock().snowflake();
        self.add_private(name, 0, guild, 0)
    }

    fn add_private(&self, name: &str, kind: u8, guild: u64, context: u8) -> u64 {
        let mut st = self.lock();
        let id = st.snowflake();
        st.channels.insert(
            id,
            Channel {
                id,
                name: name.into(),
                kind,
                parent_id: None,
                guild,
            },
        );
        st.private_contexts.insert(id, context);
        id
    }

    /// `user`'s server turned off "Use External Apps" for them: in a
    /// server that did not add the bot, their member permissions lack it.
    pub fn deny_external_apps(&self, user: &User) {
        self.lock().no_external_apps.insert(user.id);
    }

    /// Channel routes the bot called for channels it has no access to as a
    /// person's install (each refused, and a violation too).
    pub fn private_channel_calls(&self) -> Vec<String> {
        self.lock().private_channel_calls.clone()
    }

    #[allow(clippy::too_many_arguments)]
    fn send_interaction(
        &self,
        st: &mut State,
        id: u64,
        token: String,
        kind: u8,
        user: &User,
        channel: u64,
        label: String,
        source: Option<u64>,
        payload: Value,
    ) -> Ix {
        Self::dispatch_locked(st, "INTERACTION_CREATE", payload);
        st.interactions.insert(
            id,
            InteractionRecord {
                id,
                token,
                kind,
                user_id: user.id,
                channel_id: channel,
                label,
                source_message: source,
                sent_at: Instant::now(),
                reply: None,
                replied_at: None,
                refused: vec![],
                faulted: vec![],
                token_expired: false,
                original: None,
                followups: vec![],
            },
        );
        Ix { id }
    }

    /// Builds `data` of a command/autocomplete from the registered command.
    fn command_data(st: &State, name: &str, options: &Value, focused: Option<&str>) -> Value {
        let mut words = name.split_whitespace();
        let root = words.next().expect("command name");
        let path: Vec<&str> = words.collect();
        let cmd = find_command(st, root).unwrap_or_else(|| {
            panic!(
                "stand-in: /{root} is not registered (registered: {:?})",
                st.global_commands
                    .iter()
                    .chain(st.guild_commands.values().flatten())
                    .filter_map(|c| c.get("name").and_then(Value::as_str))
                    .collect::<Vec<_>>()
            )
        });
        let mut resolved_users = Map::new();
        let mut resolved_members = Map::new();
        // Walk subcommand groups / subcommands.
        let mut defs = cmd
            .get("options")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let mut chain: Vec<(String, u64)> = vec![];
        for w in &path {
            let sub = defs
                .iter()
                .find(|o| o.get("name").and_then(Value::as_str) == Some(w))
                .unwrap_or_else(|| panic!("stand-in: /{root} has no subcommand {w}"))
                .clone();
            chain.push((
                w.to_string(),
                sub.get("type").and_then(Value::as_u64).unwrap_or(1),
            ));
            defs = sub
                .get("options")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
        }
        let mut leaf: Vec<Value> = match options {
            Value::Array(a) => a.clone(),
            Value::Null => vec![],
            Value::Object(map) => {
                for (k, _) in map {
                    assert!(
                        defs.iter()
                            .any(|d| d.get("name").and_then(Value::as_str) == Some(k)),
                        "stand-in: /{name} has no option {k:?}"
                    );
                }
                let mut out = vec![];
                for d in &defs {
                    let oname = d.get("name").and_then(Value::as_str).unwrap_or_default();
                    let otype = d.get("type").and_then(Value::as_u64).unwrap_or(3);
                    let Some(v) = map.get(oname) else {
                        let required = d.get("required").and_then(Value::as_bool).unwrap_or(false);
                        assert!(
                            !required || focused.is_some(),
                            "stand-in: /{name} needs its required option {oname:?} (Discord would not send it without)"
                        );
                        continue;
                    };
                    let is_focused = focused == Some(oname);
                    if !is_focused {
                        check_option_value(name, d, v);
                    }
                    let value = if is_focused {
                        // Discord sends the partial input as typed.
                        match v {
                            Value::String(s) => json!(s),
                            other => json!(other.to_string()),
                        }
                    } else {
                        match otype {
                            6 | 7 | 8 | 9 | 11 => match v {
                                Value::String(s) => json!(s),
                                Value::Number(n) => json!(n.to_string()),
                                other => other.clone(),
                            },
                            _ => v.clone(),
                        }
                    };
                    let mut o = json!({"name": oname, "type": otype, "value": value});
                    if is_focused {
                        o["focused"] = json!(true);
                    }
                    out.push(o);
                }
                out
            }
            other => panic!("stand-in: options must be an object or array, got {other}"),
        };
        // Resolve users for USER / MENTIONABLE options.
        for o in &leaf {
            let t = o.get("type").and_then(Value::as_u64).unwrap_or(0);
            if (t == 6 || t == 9) && o.get("focused").is_none() {
                let uid = json_u64(o.get("value")).unwrap_or(0);
                let u = st
                    .users
                    .get(&uid)
                    .cloned()
                    .unwrap_or_else(|| panic!("stand-in: option {o} names unknown user {uid}"));
                resolved_users.insert(uid.to_string(), model::user_json(&u));
                resolved_members.insert(
                    uid.to_string(),
                    model::member_json(&u, &st.joined_at, false),
                );
            }
        }
        for (sub, t) in chain.iter().rev() {
            leaf = vec![json!({"name": sub, "type": t, "options": leaf})];
        }
        let mut data = json!({
            "id": cmd.get("id").cloned().unwrap_or(json!("0")),
            "name": root,
            "type": 1,
            "options": leaf,
        });
        if let Some(g) = cmd.get("guild_id") {
            data["guild_id"] = g.clone();
        }
        if !resolved_users.is_empty() {
            data["resolved"] = json!({"users": resolved_users, "members": resolved_members});
        }
        data
    }

    /// Sends a slash command (type 2). `name` may be `"cmd sub"` for subcommands.
    /// `options`: an object `{"opponent": user.id, "level": "hard"}` (types come from
    /// the registered command; USER options are filled into `data.resolved`), or a
    /// raw Discord options array.
    pub async fn slash(&self, user: &User, channel: u64, name: &str, options: Value) -> Ix {
        let mut st = self.lock();
        let data = Self::command_data(&st, name, &options, None);
        let (id, token, mut v) = Self::base_interaction(&mut st, 2, user, channel);
        v["data"] = data;
        self.send_interaction(
            &mut st,
            id,
            token,
            2,
            user,
            channel,
            format!("/{name}"),
            None,
            v,
        )
    }

    /// Sends an autocomplete interaction (type 4); `focused` names the option being typed.
    pub async fn autocomplete(
        &self,
        user: &User,
        channel: u64,
        name: &str,
        options: Value,
        focused: &str,
    ) -> Ix {
        let mut st = self.lock();
        let data = Self::command_data(&st, name, &options, Some(focused));
        let (id, token, mut v) = Self::base_interaction(&mut st, 4, user, channel);
        v["data"] = data;
        self.send_interaction(
            &mut st,
            id,
            token,
            4,
            user,
            channel,
            format!("/{name} (autocomplete {focused})"),
            None,
            v,
        )
    }

    fn component(
        &self,
        user: &User,
        message_id: u64,
        custom_id: &str,
        component_type: u64,
        values: Option<Vec<String>>,
    ) -> Ix {
        let mut st = self.lock();
        let msg = st
            .messages
            .get(&message_id)
            .cloned()
            .unwrap_or_else(|| panic!("stand-in: no message {message_id} to interact with"));
        assert!(
            !msg.deleted,
            "stand-in: message {message_id} was deleted; its components can no longer be used (Discord would not send the interaction)"
        );
        match component_type {
            2 => {
                let b = msg
                    .buttons()
                    .into_iter()
                    .find(|b| b.custom_id.as_deref() == Some(custom_id))
                    .unwrap_or_else(|| {
                        panic!(
                        "stand-in: message {message_id} has no button {custom_id:?}; buttons: {:?}",
                        msg.buttons().iter().map(|b| (&b.label, &b.custom_id)).collect::<Vec<_>>()
                    )
                    });
                assert!(!b.disabled, "stand-in: button {custom_id:?} on message {message_id} is disabled; Discord would not send the click");
            }
            _ => {
                let s =
                    msg.select(custom_id).unwrap_or_else(|| {
                        panic!(
                        "stand-in: message {message_id} has no select {custom_id:?}; selects: {:?}",
                        msg.selects().iter().map(|s| &s.custom_id).collect::<Vec<_>>()
                    )
                    });
                assert!(
                    !s.disabled,
                    "stand-in: select {custom_id:?} on message {message_id} is disabled"
                );
                if s.kind == 3 {
                    for v in values.iter().flatten() {
                        assert!(
                            s.options.iter().any(|(_, ov)| ov == v),
                            "stand-in: select {custom_id:?} has no option {v:?}; options: {:?}",
                            s.options
                        );
                    }
                }
            }
        }
        if msg.ephemeral() {
            let owner = msg
                .interaction_id
                .and_then(|i| st.interactions.get(&i))
                .map(|i| i.user_id);
            assert!(
                owner == Some(user.id),
                "stand-in: {} cannot use ephemeral message {message_id}: only its invoker sees it",
                user.name
            );
        }
        let (id, token, mut v) = Self::base_interaction(&mut st, 3, user, msg.channel_id);
        let mut data = json!({"custom_id": custom_id, "component_type": component_type});
        if let Some(vals) = values {
            data["values"] = json!(vals);
        }
        v["data"] = data;
        v["message"] = rest::message_json(&self.inner, &st, message_id);
        self.send_interaction(
            &mut st,
            id,
            token,
            3,
            user,
            msg.channel_id,
            custom_id.to_string(),
            Some(message_id),
            v,
        )
    }

    /// Clicks a button (type 3, component_type 2) by custom id.
    pub async fn click(&self, user: &User, message_id: u64, custom_id: &str) -> Ix {
        self.component(user, message_id, custom_id, 2, None)
    }

    /// Clicks the button with this label (or custom id).
    pub async fn click_label(&self, user: &User, message_id: u64, label: &str) -> Ix {
        let msg = self
            .message(message_id)
            .unwrap_or_else(|| panic!("stand-in: no message {message_id}"));
        let b = msg.expect_button(label);
        let id = b
            .custom_id
            .unwrap_or_else(|| panic!("stand-in: button {label:?} is a link button"));
        self.component(user, message_id, &id, 2, None)
    }

    /// Picks values in a string select menu (component_type 3).
    pub async fn select(
        &self,
        user: &User,
        message_id: u64,
        custom_id: &str,
        values: &[&str],
    ) -> Ix {
        let values = values.iter().map(|s| s.to_string()).collect();
        self.component(user, message_id, custom_id, 3, Some(values))
    }

    /// Submits the modal the bot opened in answer to `opened` (callback 9), with
    /// `(custom_id, value)` for its text inputs.
    pub async fn submit_modal(&self, user: &User, opened: Ix, values: &[(&str, &str)]) -> Ix {
        let mut st = self.lock();
        let ix = st.interactions[&opened.id].clone();
        let reply = ix
            .reply
            .as_ref()
            .filter(|r| r.kind == 9)
            .unwrap_or_else(|| {
                panic!(
                    "stand-in: interaction {} was not answered with a modal",
                    opened.id
                )
            });
        let custom_id = reply
            .data
            .get("custom_id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let inputs: Vec<String> = reply
            .data
            .get("components")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .flat_map(|row| {
                row.get("components")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default()
            })
            .filter_map(|c| {
                c.get("custom_id")
                    .and_then(Value::as_str)
                    .map(str::to_string)
            })
            .collect();
        for (k, _) in values {
            assert!(
                inputs.iter().any(|i| i == k),
                "stand-in: modal {custom_id:?} has no input {k:?}; inputs: {inputs:?}"
            );
        }
        let rows: Vec<Value> = inputs
            .iter()
            .map(|i| {
                let v = values
                    .iter()
                    .find(|(k, _)| k == i)
                    .map(|(_, v)| *v)
                    .unwrap_or("");
                json!({"type": 1, "components": [{"type": 4, "custom_id": i, "value": v}]})
            })
            .collect();
        let (id, token, mut v) = Self::base_interaction(&mut st, 5, user, ix.channel_id);
        v["data"] = json!({"custom_id": custom_id, "components": rows});
        if let Some(src) = ix.source_message {
            v["message"] = rest::message_json(&self.inner, &st, src);
        }
        self.send_interaction(
            &mut st,
            id,
            token,
            5,
            user,
            ix.channel_id,
            format!("modal {custom_id}"),
            ix.source_message,
            v,
        )
    }

    // ----- waiting -----

    /// Waits (bounded) until `f` returns Some; panics naming `what` on timeout.
    pub async fn wait_for<T>(&self, what: &str, f: impl FnMut(&State) -> Option<T>) -> T {
        self.wait_for_showing(what, f, |_| String::new()).await
    }

    /// [`Self::wait_for`], whose timeout also prints what `now` says of
    /// the state it gave up on.
    async fn wait_for_showing<T>(
        &self,
        what: &str,
        mut f: impl FnMut(&State) -> Option<T>,
        now: impl Fn(&State) -> String,
    ) -> T {
        let mut rx = self.inner.changed.subscribe();
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            if let Some(v) = f(&self.lock()) {
                return v;
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                let st = self.lock();
                let last: Vec<&String> = st.requests.iter().rev().take(8).collect();
                panic!(
                    "stand-in: timed out after {:?} waiting for {what}{}\n  last REST requests (newest first): {last:?}\n  violations: {:?}\n  unknown routes: {:?}",
                    self.timeout, now(&st), st.violations, st.unknown_routes
                );
            }
        }
    }

    fn describe(st: &State, ix: Ix) -> String {
        match st.interactions.get(&ix.id) {
            Some(i) => format!("interaction {} ({})", i.id, i.label),
            None => format!("interaction {}", ix.id),
        }
    }

    /// Waits for the bot's accepted callback to `ix`. Panics on timeout, or if
    /// the bot's callback was refused and no accepted one came.
    pub async fn response(&self, ix: Ix) -> Reply {
        let what = format!("the bot's callback to {}", Self::describe(&self.lock(), ix));
        let mut rx = self.inner.changed.subscribe();
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            {
                let st = self.lock();
                let i = &st.interactions[&ix.id];
                if let Some(r) = &i.reply {
                    return r.clone();
                }
                if !i.refused.is_empty() {
                    panic!(
                        "stand-in: {what}: the callback was refused: {:?}",
                        i.refused
                    );
                }
            }
            if tokio::time::timeout_at(deadline, rx.changed())
                .await
                .is_err()
            {
                let st = self.lock();
                let last: Vec<&String> = st.requests.iter().rev().take(8).collect();
                panic!(
                    "stand-in: timed out after {:?} waiting for {what}\n  last REST requests (newest first): {last:?}\n  callbacks refused by injected faults: {:?}\n  (if the bot never saw the event, serenity may have dropped it: enable DEBUG for serenity::client::dispatch)",
                    self.timeout, st.interactions[&ix.id].faulted
                );
            }
        }
    }

    /// Waits for the first refused callback to `ix` (e.g. 40060, 10062).
    pub async fn refusal(&self, ix: Ix) -> ApiError {
        let what = format!("a refused callback to {}", Self::describe(&self.lock(), ix));
        self.wait_for(&what, |st| st.interactions[&ix.id].refused.first().cloned())
            .await
    }

    /// The interaction record (reply, refusals, original, follow-ups) right now.
    pub fn interaction(&self, ix: Ix) -> InteractionRecord {
        self.lock().interactions[&ix.id].clone()
    }

    /// The original response message of `ix` (for 6/7: the component's message).
    pub fn original(&self, ix: Ix) -> Option<Msg> {
        let st = self.lock();
        st.interactions[&ix.id]
            .original
            .and_then(|m| st.messages.get(&m).cloned())
    }

    /// Waits until the original response of `ix` satisfies `pred`.
    pub async fn wait_original(&self, ix: Ix, pred: impl Fn(&Msg) -> bool) -> Msg {
        let what = format!(
            "the original response of {} to match",
            Self::describe(&self.lock(), ix)
        );
        self.wait_for(&what, |st| {
            let m = st.interactions[&ix.id]
                .original
                .and_then(|m| st.messages.get(&m))?;
            pred(m).then(|| m.clone())
        })
        .await
    }

    /// Follow-up messages of `ix`, oldest first.
    pub fn followups(&self, ix: Ix) -> Vec<Msg> {
        let st = self.lock();
        st.interactions[&ix.id]
            .followups
            .iter()
            .filter_map(|m| st.messages.get(m).cloned())
            .collect()
    }

    /// Waits until `ix` has at least `n` follow-ups; returns them.
    pub async fn wait_followups(&self, ix: Ix, n: usize) -> Vec<Msg> {
        let what = format!("{n} follow-up(s) to {}", Self::describe(&self.lock(), ix));
        self.wait_for(&what, |st| {
            let f = &st.interactions[&ix.id].followups;
            (f.len() >= n).then(|| {
                f.iter()
                    .filter_map(|m| st.messages.get(m).cloned())
                    .collect()
            })
        })
        .await
    }

    /// The latest state of a message (deleted ones too, with `deleted == true`).
    pub fn message(&self, id: u64) -> Option<Msg> {
        self.lock().messages.get(&id).cloned()
    }

    /// Waits until message `id` exists and satisfies `pred`, e.g. `|m| m.version >= 2`.
    pub async fn wait_message(&self, id: u64, pred: impl Fn(&Msg) -> bool) -> Msg {
        self.wait_for_showing(
            &format!("message {id} to match"),
            |st| st.messages.get(&id).filter(|m| pred(m)).cloned(),
            |st| match st.messages.get(&id) {
                Some(m) => format!(
                    "\n  it is at version {}: {:?}, buttons {:?}",
                    m.version,
                    m.content,
                    m.buttons()
                        .into_iter()
                        .map(|b| (b.label, b.custom_id, b.disabled))
                        .collect::<Vec<_>>()
                ),
                None => "\n  there is no such message".into(),
            },
        )
        .await
    }

    /// Waits until some message in `channel` (ephemeral ones included) satisfies `pred`; newest first.
    pub async fn wait_channel_message(&self, channel: u64, pred: impl Fn(&Msg) -> bool) -> Msg {
        self.wait_for(&format!("a message in channel {channel} to match"), |st| {
            st.messages
                .values()
                .rev()
                .find(|m| m.channel_id == channel && !m.deleted && pred(m))
                .cloned()
        })
        .await
    }

    /// Messages of a channel, oldest first, not deleted; ephemeral ones included
    /// (check `Msg::ephemeral`).
    pub fn channel_messages(&self, channel: u64) -> Vec<Msg> {
        self.lock()
            .messages
            .values()
            .filter(|m| m.channel_id == channel && !m.deleted)
            .cloned()
            .collect()
    }

    /// Messages everyone in the channel sees (not ephemeral, not deleted).
    pub fn public_messages(&self, channel: u64) -> Vec<Msg> {
        self.channel_messages(channel)
            .into_iter()
            .filter(|m| !m.ephemeral())
            .collect()
    }

    /// The newest non-deleted message of a channel.
    pub fn latest_message(&self, channel: u64) -> Option<Msg> {
        self.channel_messages(channel).pop()
    }

    // ----- injected faults -----
    //
    // Requests refused (or left unanswered) because of these are the
    // stand-in's doing: they are recorded in `fault_hits()`, never in
    // `violations()`, and a refused callback goes to the interaction's
    // `faulted` list, not `refused`.

    /// Answers the next `n` REST requests whose method is `method`
    /// (case-insensitive; `""` or `"*"` matches any) and whose path after
    /// `/api/v10` starts with `route_prefix` (e.g. `"/webhooks/"`,
    /// `"/channels/"`, `"/interactions/"`; `""` matches every path) with HTTP
    /// `status` and Discord's generic body: `{"message": "500: Internal Server
    /// Error", "code": 0}` (`"{status}: {reason}"`; 429 answers `"You are being
    /// rate limited."` with `retry_after` and `global`). Those requests change
    /// nothing. Armed faults are consumed in the order they were armed; count
    /// hits with [`StandIn::failed_count`].
    pub fn fail_next(&self, method: &str, route_prefix: &str, n: u32, status: u16) {
        assert!(
            (400..=599).contains(&status),
            "stand-in: fail_next needs an error status (4xx/5xx), not {status}"
        );
        self.arm(method, route_prefix, n, FaultAction::Fail(status));
    }

    /// Leaves the next `n` matching REST requests (same matching as
    /// [`StandIn::fail_next`]) unanswered: the connection stays open without a
    /// response until the client closes it, as when Discord hangs; other
    /// connections are served normally. Hung requests change nothing. Count
    /// them with [`StandIn::hung_count`].
    pub fn hang_next(&self, method: &str, route_prefix: &str, n: u32) {
        self.arm(method, route_prefix, n, FaultAction::Hang);
    }

    fn arm(&self, method: &str, route_prefix: &str, n: u32, action: FaultAction) {
        if n == 0 {
            return;
        }
        self.lock().fault_rules.push(FaultRule {
            method: method.to_string(),
            route_prefix: route_prefix.to_string(),
            remaining: n,
            action,
            lasts: None,
            started: None,
        });
    }

    /// An outage: every matching REST request (same matching as
    /// [`StandIn::fail_next`]) is answered with `status` and Discord's
    /// generic body from now for `lasts`. Returns when it ends.
    pub fn fail_for(
        &self,
        method: &str,
        route_prefix: &str,
        status: u16,
        lasts: Duration,
    ) -> Instant {
        assert!(
            (400..=599).contains(&status),
            "stand-in: fail_for needs an error status"
        );
        let now = Instant::now();
        self.lock().fault_rules.push(FaultRule {
            method: method.to_string(),
            route_prefix: route_prefix.to_string(),
            remaining: 0,
            action: FaultAction::Fail(status),
            lasts: Some(lasts),
            started: Some(now),
        });
        now + lasts
    }

    /// A rate limit: the next matching request (same matching as
    /// [`StandIn::fail_next`]) opens a window of `retry_after`, and every
    /// matching request inside it (with `global`, every request but the
    /// interaction callbacks) is answered 429 like Discord:
    /// `{"message": "You are being rate limited.", "retry_after": <seconds
    /// left>, "global": <global>}` (no `code`) with `Retry-After`,
    /// `X-RateLimit-Reset-After`, `X-RateLimit-Remaining: 0`,
    /// `X-RateLimit-Scope` and, when global, `X-RateLimit-Global: true`.
    /// [`StandIn::rate_limit_windows`] says when each window was.
    pub fn rate_limit_next(
        &self,
        method: &str,
        route_prefix: &str,
        retry_after: Duration,
        global: bool,
    ) {
        self.lock().fault_rules.push(FaultRule {
            method: method.to_string(),
            route_prefix: route_prefix.to_string(),
            remaining: 0,
            action: FaultAction::RateLimit { global },
            lasts: Some(retry_after),
            started: None,
        });
    }

    /// The windows of [`StandIn::rate_limit_next`] that have opened: (the
    /// request that opened it, when it lifts), oldest first.
    pub fn rate_limit_windows(&self) -> Vec<(Instant, Instant)> {
        self.lock().rate_limit_windows.clone()
    }

    /// Every REST request with its arrival time and answer, oldest first.
    pub fn request_log(&self) -> Vec<RequestRecord> {
        self.lock().request_log.clone()
    }

    /// The requests whose method is `method` and whose path after
    /// `/api/v10` starts with `route_prefix` that arrived strictly between
    /// `after` and `before`.
    pub fn requests_between(
        &self,
        method: &str,
        route_prefix: &str,
        after: Instant,
        before: Instant,
    ) -> Vec<RequestRecord> {
        let prefix = format!("{} /api/v10{route_prefix}", method.to_ascii_uppercase());
        self.lock()
            .request_log
            .iter()
            .filter(|r| r.at > after && r.at < before && r.route.starts_with(&prefix))
            .cloned()
            .collect()
    }

    /// Disarms every fault of `fail_next` / `hang_next` not yet hit, and
    /// ends the outages and rate limits of `fail_for` / `rate_limit_next`.
    pub fn clear_faults(&self) {
        self.lock().fault_rules.clear();
    }

    /// Requests answered with an error by [`StandIn::fail_next`] so far.
    pub fn failed_count(&self) -> u32 {
        self.count_hits(FaultCause::Failed)
    }

    /// Requests left unanswered by [`StandIn::hang_next`] so far.
    pub fn hung_count(&self) -> u32 {
        self.count_hits(FaultCause::Hung)
    }

    fn count_hits(&self, cause: FaultCause) -> u32 {
        self.lock()
            .fault_hits
            .iter()
            .filter(|h| h.cause == cause)
            .count() as u32
    }

    /// Every request that met an injected fault (any cause), oldest first.
    pub fn fault_hits(&self) -> Vec<FaultHit> {
        self.lock().fault_hits.clone()
    }

    /// Waits until at least `n` requests met a fault of this cause; returns those hits.
    pub async fn wait_fault_hits(&self, cause: FaultCause, n: usize) -> Vec<FaultHit> {
        self.wait_for(&format!("{n} request(s) to meet fault {cause:?}"), |st| {
            let hits: Vec<FaultHit> = st
                .fault_hits
                .iter()
                .filter(|h| h.cause == cause)
                .cloned()
                .collect();
            (hits.len() >= n).then_some(hits)
        })
        .await
    }

    /// A moderator deletes message `id`: from now on channel routes
    /// (`GET/PATCH/DELETE /channels/{ch}/messages/{id}`), webhook routes
    /// (`/webhooks/{app}/{token}/messages/@original` or `/{id}`) and an update
    /// callback (7) on it answer 404 `{"message": "Unknown Message", "code":
    /// 10008}`; it leaves `public_messages`, `channel_messages` and
    /// `latest_message` (`message(id)` still returns it, `deleted == true`);
    /// clicking its components panics. MESSAGE_DELETE is dispatched if the
    /// bot identified with the GUILD_MESSAGES intent. Panics for an unknown or
    /// ephemeral message; a message already deleted stays as it is.
    pub fn delete_message(&self, id: u64) {
        let mut st = self.lock();
        let msg = st
            .messages
            .get(&id)
            .cloned()
            .unwrap_or_else(|| panic!("stand-in: no message {id} to delete"));
        assert!(
            !msg.ephemeral(),
            "stand-in: message {id} is ephemeral; a moderator cannot delete it"
        );
        if msg.deleted {
            return;
        }
        rest::delete_message(&mut st, id);
        st.moderator_deleted.insert(id);
        const GUILD_MESSAGES: u64 = 1 << 9;
        if st.gateway.is_some() && st.intents & GUILD_MESSAGES != 0 {
            let data = json!({
                "id": id.to_string(),
                "channel_id": msg.channel_id.to_string(),
                "guild_id": st.guild_id.to_string(),
            });
            Self::dispatch_locked(&mut st, "MESSAGE_DELETE", data);
        }
        drop(st);
        self.inner.bump();
    }

    /// Expires the token of every interaction sent so far, as Discord does
    /// after 15 minutes (see [`StandIn::expire_token`]); later interactions
    /// get fresh tokens.
    pub fn expire_tokens(&self) {
        let mut st = self.lock();
        for ix in st.interactions.values_mut() {
            ix.token_expired = true;
        }
    }

    /// Expires the token of `ix`: every webhook route with it (follow-ups,
    /// `@original` and message edits, GET, DELETE) answers 401
    /// `{"message": "Invalid Webhook Token", "code": 50027}`, and a callback
    /// to `ix` answers 404 `{"message": "Unknown interaction", "code": 10062}`.
    pub fn expire_token(&self, ix: Ix) {
        let mut st = self.lock();
        st.interactions
            .get_mut(&ix.id)
            .unwrap_or_else(|| panic!("stand-in: no interaction {}", ix.id))
            .token_expired = true;
    }

    /// The bot loses access (VIEW_CHANNEL) to `channel`: every
    /// `/channels/{channel}...` route (GET, POST, PATCH, DELETE of messages, the
    /// channel itself) answers 403 `{"message": "Missing Access", "code":
    /// 50001}`. Interaction callbacks and webhook routes still work, as on
    /// Discord; interactions from that channel carry `app_permissions` without
    /// VIEW_CHANNEL and SEND_MESSAGES. Undo with [`StandIn::allow_channel`].
    pub fn deny_channel(&self, channel: u64) {
        let mut st = self.lock();
        assert!(
            st.channels.contains_key(&channel),
            "stand-in: unknown channel {channel}"
        );
        st.denied_channels.insert(channel);
    }

    /// Takes Create Public Threads and Send Messages in Threads from the
    /// bot in `channel`: interactions from it say so in `app_permissions`,
    /// and creating a thread there answers 403 Missing Permissions.
    pub fn deny_threads(&self, channel: u64) {
        self.lock().no_threads.insert(channel);
    }

    /// Discord archives `thread` (its auto-archive ran out): THREAD_UPDATE
    /// with `archived: true`, as Discord sends it.
    pub fn archive_thread(&self, thread: u64) {
        let mut st = self.lock();
        st.archived.insert(thread);
        let v = rest::channel_json(&st, thread, true);
        Self::dispatch_locked(&mut st, "THREAD_UPDATE", v);
    }

    /// The threads the bot reopened, in order.
    pub fn reopened(&self) -> Vec<u64> {
        self.lock().reopened.clone()
    }

    /// The threads the bot created: (thread, parent, name, auto-archive
    /// minutes), in order.
    pub fn threads_created(&self) -> Vec<(u64, u64, String, u64)> {
        self.lock().threads_created.clone()
    }

    /// Gives the bot its access to `channel` back (see [`StandIn::deny_channel`]).
    pub fn allow_channel(&self, channel: u64) {
        self.lock().denied_channels.remove(&channel);
    }

    // ----- rules -----

    /// Rule violations so far (requests Discord would refuse).
    pub fn violations(&self) -> Vec<Violation> {
        self.lock().violations.clone()
    }

    /// Returns and clears the violations (for tests that provoke some on purpose).
    pub fn take_violations(&self) -> Vec<Violation> {
        std::mem::take(&mut self.lock().violations)
    }

    /// Routes the stand-in does not know (answered 404 code 0).
    pub fn unknown_routes(&self) -> Vec<String> {
        self.lock().unknown_routes.clone()
    }

    /// `METHOD /path` of every REST request so far.
    pub fn requests(&self) -> Vec<String> {
        self.lock().requests.clone()
    }

    /// Panics listing every rule violation and unknown route, if any.
    pub fn assert_no_violations(&self) {
        let st = self.lock();
        if !st.violations.is_empty() || !st.unknown_routes.is_empty() {
            let list: Vec<String> = st
                .violations
                .iter()
                .map(|v| format!("  {} -> {}: {}", v.route, v.code, v.detail))
                .collect();
            panic!(
                "stand-in: the bot broke Discord's rules:\n{}\n  unknown routes: {:?}",
                list.join("\n"),
                st.unknown_routes
            );
        }
    }
}

/// Panics when a test passes a value the Discord client would not send for
/// this registered option (wrong type, not one of its choices, out of range).
fn check_option_value(command: &str, def: &Value, v: &Value) {
    let name = def.get("name").and_then(Value::as_str).unwrap_or_default();
    let kind = def.get("type").and_then(Value::as_u64).unwrap_or(3);
    let ok = match kind {
        3 => v.is_string(),
        4 => v.is_i64() || v.is_u64(),
        5 => v.is_boolean(),
        10 => v.is_number(),
        6..=9 | 11 => json_u64(Some(v)).is_some(),
        _ => true,
    };
    assert!(
        ok,
        "stand-in: /{command} option {name:?} has type {kind}; Discord would not send {v}"
    );
    if let Some(choices) = def
        .get("choices")
        .and_then(Value::as_array)
        .filter(|c| !c.is_empty())
    {
        assert!(
            choices.iter().any(|c| c.get("value") == Some(v)),
            "stand-in: /{command} option {name:?} only accepts its choices {:?}, not {v}",
            choices
                .iter()
                .filter_map(|c| c.get("value"))
                .collect::<Vec<_>>()
        );
    }
    if let Some(x) = v.as_f64() {
        let min = def.get("min_value").and_then(Value::as_f64);
        let max = def.get("max_value").and_then(Value::as_f64);
        assert!(
            min.is_none_or(|m| x >= m) && max.is_none_or(|m| x <= m),
            "stand-in: /{command} option {name:?} = {v} is outside {min:?}..={max:?}"
        );
    }
    if let Some(s) = v.as_str().filter(|_| kind == 3) {
        let n = s.chars().count() as u64;
        let min = def.get("min_length").and_then(Value::as_u64).unwrap_or(0);
        let max = def
            .get("max_length")
            .and_then(Value::as_u64)
            .unwrap_or(6000);
        assert!(
            (min..=max).contains(&n),
            "stand-in: /{command} option {name:?} length {n} is outside {min}..={max}"
        );
    }
}

fn json_u64(v: Option<&Value>) -> Option<u64> {
    match v? {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

/// A registered chat-input command: guild commands first, then global.
fn find_command(st: &State, name: &str) -> Option<Value> {
    let is = |c: &&Value| {
        c.get("name").and_then(Value::as_str) == Some(name)
            && c.get("type").and_then(Value::as_u64).unwrap_or(1) == 1
    };
    st.guild_commands
        .get(&st.guild_id)
        .and_then(|l| l.iter().find(is))
        .or_else(|| st.global_commands.iter().find(is))
        .cloned()
}

/// A free port on loopback (for a bot process's metrics listener, say).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

//! The live web board: every table also as a page that anyone holding its
//! link can watch and its seated players can play, updated the instant a
//! change is stored (SPEC section 8).
//!
//! One HTTP listener serves it beside `/metrics` and `/healthz`
//! ([`crate::metrics::serve`]); hyper is already in the tree for that
//! listener (through reqwest too), so the pages need no web framework. A
//! page is static (`page/`) and draws what its websocket sends
//! ([`view::view`]); moves and controls go back on the same socket and are
//! applied by the service exactly as a Discord click is, for the seat of
//! the logged-in Discord user ([`login`]).

mod activity;
pub mod keys;
mod login;
mod socket;
pub mod view;

use crate::i18n::{tr, Lang};
use crate::service::Service;
use crate::table::Table;
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
pub use keys::{Keys, Session};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const PAGE: &str = include_str!("page/board.html");
const SCRIPT: &str = include_str!("page/board.js");
const STYLE: &str = include_str!("page/board.css");
const ACTIVITY_SCRIPT: &str = include_str!("page/activity.js");
/// Discord's Embedded App SDK, bundled for the browser
/// (`page/vendor/`, refreshed by `scripts/refresh-embedded-app-sdk.sh`).
const SDK: &str = include_str!("page/vendor/embedded-app-sdk.js");

/// Where the bot's pages are reached, and how its table links are made.
#[derive(Debug)]
pub struct LiveLinks {
    /// `PUBLIC_URL` without its trailing slash.
    base: String,
    /// Its scheme, host and port: what a page's socket must come from.
    origin: String,
    keys: Keys,
    /// Channels whose boards may link to their page (`/settings
    /// live-links`), as last read.
    allowed: Mutex<HashMap<u64, bool>>,
}

impl LiveLinks {
    /// Links under `public_url`, signed with a key derived from `secret`.
    pub fn new(public_url: &str, secret: &str) -> LiveLinks {
        let base = public_url.trim_end_matches('/').to_owned();
        LiveLinks {
            origin: origin_of(&base),
            base,
            keys: Keys::derive(secret),
            allowed: Mutex::default(),
        }
    }

    pub fn keys(&self) -> &Keys {
        &self.keys
    }

    /// Table `no`'s page.
    pub fn url(&self, no: u64) -> String {
        format!("{}/t/{}", self.base, self.keys.link(no))
    }

    fn secure(&self) -> bool {
        self.base.starts_with("https://")
    }

    /// The page of `table` when its board may show it: tables in servers
    /// whose channel allows links (`/settings live-links`, on by default).
    /// A table outside a server (a DM, a group DM) never gets a public
    /// link.
    pub async fn for_table(&self, service: &Service, table: &Table) -> Option<String> {
        self.allowed(service, table)
            .await
            .then(|| self.url(table.no()))
    }

    async fn allowed(&self, service: &Service, table: &Table) -> bool {
        if table.outside() {
            return false;
        }
        let channel = table.channel();
        let known = self.lock().get(&channel).copied();
        if let Some(allowed) = known {
            return allowed;
        }
        match service.channel_settings(channel).await {
            Ok(settings) => {
                self.lock().insert(channel, settings.live_links);
                settings.live_links
            }
            // Unknown for now: no link this time, asked again next time.
            Err(_) => false,
        }
    }

    /// Forgets what `channel` allows (its settings changed).
    pub fn forget(&self, channel: u64) {
        self.lock().remove(&channel);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, bool>> {
        self.allowed.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// `https://host:port` of a URL.
fn origin_of(url: &str) -> String {
    let after = url.find("://").map_or(0, |i| i + 3);
    let end = url[after..].find('/').map_or(url.len(), |i| after + i);
    url[..end].to_ascii_lowercase()
}

/// What a page's socket may do.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The largest message a page may send.
    pub max_message: usize,
    /// Messages a page may send per second over time, and at once.
    pub per_second: u32,
    pub burst: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message: 2048,
            per_second: 5,
            burst: 20,
        }
    }
}

/// The web board's server side.
pub struct Web {
    service: Arc<Service>,
    links: Arc<LiveLinks>,
    login: Option<login::Login>,
    limits: Limits,
    /// The pages also run as a Discord Activity (`DISCORD_ACTIVITY`).
    activity: bool,
    /// The view every watcher (no login) of a table is sent, per stamp
    /// and language: drawn once however many pages watch.
    watched: Mutex<HashMap<WatchedView, Arc<std::sync::OnceLock<String>>>>,
}

/// A watcher's view: the table's number, its stamp and the language.
type WatchedView = (u64, u64, Lang);

/// Watchers' views kept at most (older ones are drawn again if asked).
const WATCHED_VIEWS: usize = 4096;

impl Web {
    /// The pages of `service`'s tables at `links`. With `client_secret`,
    /// people log in with Discord (OAuth2, scope `identify`) to play;
    /// `api_base` is Discord's address (a stand-in in tests); `app_id` is
    /// the application's id, set once the gateway says it.
    pub fn new(
        service: Arc<Service>,
        links: Arc<LiveLinks>,
        client_secret: Option<crate::config::Token>,
        api_base: Option<String>,
        app_id: Arc<AtomicU64>,
        timeout: Duration,
    ) -> Web {
        let login =
            client_secret.map(|secret| login::Login::new(secret, api_base, app_id, timeout));
        Web {
            service,
            links,
            login,
            limits: Limits::default(),
            activity: false,
            watched: Mutex::default(),
        }
    }

    /// Serves the Activity too; `bot_token` asks Discord about activity
    /// instances.
    pub fn with_activity(mut self, bot_token: crate::config::Token) -> Web {
        if let Some(login) = &mut self.login {
            login.bot_token = Some(bot_token);
            self.activity = true;
        }
        self
    }

    /// The `view` message for a page of `table` seen by `viewer` in
    /// `lang`; a watcher's is drawn once per stamp and language and shared.
    fn view_message(&self, table: &Table, viewer: Option<u64>, lang: Lang) -> String {
        let draw = || {
            let view = view::view(table, viewer, lang, self.service.now());
            serde_json::json!({ "type": "view", "view": view }).to_string()
        };
        if viewer.is_some() {
            return draw();
        }
        let cell = {
            let mut watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
            if watched.len() >= WATCHED_VIEWS {
                watched.clear();
            }
            watched
                .entry((table.no(), table.stamp(), lang))
                .or_default()
                .clone()
        };
        cell.get_or_init(draw).clone()
    }

    pub fn with_limits(mut self, limits: Limits) -> Web {
        self.limits = limits;
        self
    }

    /// Answers a request for a page, its files, its socket or a login.
    pub async fn answer(self: Arc<Self>, request: Request<Incoming>) -> Response<Full<Bytes>> {
        let path = request.uri().path().to_owned();
        let method = request.method().as_str().to_owned();
        let lang = language(&request);
        match (method.as_str(), path.as_str()) {
            ("GET", "/static/board.js") => asset(SCRIPT, "text/javascript; charset=utf-8"),
            ("GET", "/static/board.css") => asset(STYLE, "text/css; charset=utf-8"),
            ("GET", "/static/activity.js") if self.activity => {
                asset(ACTIVITY_SCRIPT, "text/javascript; charset=utf-8")
            }
            ("GET", "/static/embedded-app-sdk.js") if self.activity => {
                asset(SDK, "text/javascript; charset=utf-8")
            }
            ("GET", "/") if self.activity => activity::page(&self, lang),
            ("POST", "/activity/token") if self.activity => {
                activity::token(&self, request, lang).await
            }
            ("POST", "/activity/open") if self.activity => {
                activity::open(&self, request, lang).await
            }
            ("GET", "/login") => login::start(&self, &request, lang),
            ("GET", "/auth/callback") => login::finish(&self, &request, lang).await,
            ("POST", "/logout") => login::logout(&self, request).await,
            ("GET", p) if p.starts_with("/t/") => {
                let rest = &p[3..];
                match rest.strip_suffix("/socket") {
                    Some(link) => {
                        socket::upgrade(self.clone(), request, link.to_owned(), lang).await
                    }
                    None => self.page(&request, rest, lang).await,
                }
            }
            _ => text(StatusCode::NOT_FOUND, tr(lang, "web-not-found", &[])),
        }
    }

    /// The table a link names, when its page may be shown: where the
    /// channel allows links, or to an Activity in the table's channel.
    async fn table_of(&self, link: &str, session: Option<&Session>) -> Option<Table> {
        let no = self.links.keys.table_of(link)?;
        let table = self.service.table_no(no).await.ok().flatten()?;
        let in_activity = session
            .and_then(|s| s.place)
            .is_some_and(|(channel, _)| channel == table.channel());
        (in_activity || self.links.allowed(&self.service, &table).await).then_some(table)
    }

    /// The logged-in person of a request, if any: the session cookie, or
    /// an Activity's session in the query (a framed page may get no
    /// cookies).
    fn session(&self, request: &Request<Incoming>) -> Option<Session> {
        let now = self.service.now();
        let from_cookie =
            cookie(request, SESSION_COOKIE).and_then(|c| self.links.keys.session(&c, now));
        from_cookie.or_else(|| {
            let token = query(request).remove("session")?;
            self.links.keys.session(&token, now)
        })
    }

    async fn page(
        &self,
        request: &Request<Incoming>,
        link: &str,
        lang: Lang,
    ) -> Response<Full<Bytes>> {
        let session = self.session(request);
        let Some(table) = self.table_of(link, session.as_ref()).await else {
            return text(StatusCode::NOT_FOUND, tr(lang, "web-not-found", &[]));
        };
        let cookie = cookie(request, SESSION_COOKIE);
        let here = format!("/t/{link}");
        let words = page_words(lang);
        let boot = serde_json::json!({
            "socket": format!("{here}/socket"),
            "login": self.login.as_ref().map(|_| format!("/login?to={}", encode(&here))),
            "logout": format!("/logout?to={}", encode(&here)),
            "csrf": self.links.keys.csrf(cookie.as_deref()),
            "user": session.map(|s| serde_json::json!({ "name": s.name })),
            "words": words,
        });
        // Inside <script>: nothing may close the element.
        let boot = boot.to_string().replace('<', "\\u003c");
        let title = format!("{} — boardbot", crate::i18n::game_title(table.kind(), lang));
        let html = PAGE
            .replace("{{lang}}", lang.discord_locale())
            .replace("{{title}}", &escape_html(&title))
            .replace("{{boot}}", &boot);
        html_page(html, CSP)
    }
}

/// A page of the bot's own, never cached, under `csp`.
fn html_page(html: String, csp: &str) -> Response<Full<Bytes>> {
    Response::builder()
        .status(StatusCode::OK)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header("content-security-policy", csp)
        .header("x-content-type-options", "nosniff")
        .header("referrer-policy", "same-origin")
        .body(Full::new(Bytes::from(html)))
        .unwrap_or_default()
}

/// The page's own files only; no inline script or style.
const CSP: &str = "default-src 'self'; connect-src 'self'; img-src 'self' data:; \
                   style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'self'";

const SESSION_COOKIE: &str = "bb_session";

/// The page's fixed words: (name on the page, Fluent key).
const PAGE_WORDS: [(&str, &str); 15] = [
    ("drop_piece", "web-drop-piece"),
    ("drop_bead", "web-drop-bead"),
    ("draw_line", "web-draw-line"),
    ("login", "web-login"),
    ("logout", "web-logout"),
    ("watching", "web-watching"),
    ("connecting", "web-connecting"),
    ("reconnecting", "web-reconnecting"),
    ("choose_column", "web-choose-column"),
    ("choose_rod", "web-choose-rod"),
    ("choose_line", "web-choose-line"),
    ("level", "web-level"),
    ("cpu", "web-cpu"),
    ("you", "web-you"),
    ("time_left", "web-time-left"),
];

/// The page's fixed words in `lang`, by their names on the page.
fn page_words(lang: Lang) -> serde_json::Map<String, serde_json::Value> {
    PAGE_WORDS
        .iter()
        .map(|(name, key)| ((*name).to_owned(), tr(lang, key, &[]).into()))
        .collect()
}

/// The page's language: the browser's first one the bot speaks.
fn language(request: &Request<Incoming>) -> Lang {
    let header = request
        .headers()
        .get("accept-language")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    header
        .split(',')
        .filter_map(|part| part.split(';').next())
        .map(str::trim)
        .find_map(|tag| {
            let lang = Lang::from_locale(tag);
            let english =
                tag.eq_ignore_ascii_case("en") || tag.to_ascii_lowercase().starts_with("en-");
            (lang != Lang::En || english).then_some(lang)
        })
        .unwrap_or(Lang::En)
}

fn asset(body: &'static str, content_type: &str) -> Response<Full<Bytes>> {
    Response::builder()
        .status(StatusCode::OK)
        .header("content-type", content_type)
        .header("cache-control", "public, max-age=300")
        .header("x-content-type-options", "nosniff")
        .body(Full::new(Bytes::from_static(body.as_bytes())))
        .unwrap_or_default()
}

fn text(status: StatusCode, body: String) -> Response<Full<Bytes>> {
    Response::builder()
        .status(status)
        .header("content-type", "text/plain; charset=utf-8")
        .header("cache-control", "no-store")
        .body(Full::new(Bytes::from(body)))
        .unwrap_or_default()
}

fn redirect(status: StatusCode, to: &str, cookies: &[String]) -> Response<Full<Bytes>> {
    let mut response = Response::builder()
        .status(status)
        .header("location", to)
        .header("cache-control", "no-store");
    for cookie in cookies {
        response = response.header("set-cookie", cookie);
    }
    response.body(Full::new(Bytes::new())).unwrap_or_default()
}

/// A cookie's value.
fn cookie(request: &Request<Incoming>, name: &str) -> Option<String> {
    request
        .headers()
        .get_all("cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_owned())
}

/// The fields of a query string or form body, percent-decoded.
fn fields(text: &str) -> HashMap<String, String> {
    text.split('&')
        .filter_map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            Some((decode(key)?, decode(value)?))
        })
        .collect()
}

fn query(request: &Request<Incoming>) -> HashMap<String, String> {
    fields(request.uri().query().unwrap_or(""))
}

fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// Percent-encodes all but unreserved characters.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The HTTP listener's routes beyond `/metrics` and `/healthz`.
impl crate::metrics::Pages for Web {
    fn answer(
        self: Arc<Self>,
        request: Request<Incoming>,
    ) -> Pin<Box<dyn Future<Output = Response<Full<Bytes>>> + Send>> {
        Box::pin(Web::answer(self, request))
    }
}

/// The application's id once known (0 before).
pub fn app_id(id: &AtomicU64) -> Option<u64> {
    Some(id.load(Ordering::Relaxed)).filter(|&id| id != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_decoded_and_origins_cut() {
        let f = fields("to=%2Ft%2F1-ab&code=x+y&bad=%zz");
        assert_eq!(f.get("to").map(String::as_str), Some("/t/1-ab"));
        assert_eq!(f.get("code").map(String::as_str), Some("x y"));
        assert!(!f.contains_key("bad"));
        assert_eq!(encode("/t/1-ab"), "%2Ft%2F1-ab");
        assert_eq!(
            origin_of("https://Games.example.org/bot"),
            "https://games.example.org"
        );
        assert_eq!(origin_of("http://127.0.0.1:8080"), "http://127.0.0.1:8080");
    }
}

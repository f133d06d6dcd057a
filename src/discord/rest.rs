//! The three REST calls that publish boards (edit the original interaction
//! response, edit a channel message, post a channel message), sent so that
//! the answer's status, Discord error code and rate-limit figures reach the
//! publisher.
//!
//! Why not serenity's own calls: its error keeps neither the 429 headers
//! nor `retry_after` (a 429 body without `code` does not even decode), and
//! with `DISCORD_API_BASE` set its rate limiter is off. So the request is
//! still built by serenity (`Request::build`: the same URL, proxy rewrite,
//! `Authorization`, `User-Agent`, JSON or multipart body with `files[0]` and
//! `payload_json` as its builders produce them), but it is sent on the bot's
//! own reqwest client (the one serenity's `Http` uses: same timeouts and
//! connection pool) and the answer is read here.
//!
//! Every 429 (body `retry_after`, `Retry-After`, `X-RateLimit-Reset-After`,
//! `global` / `X-RateLimit-Global`) and every answer that spends a bucket
//! (`X-RateLimit-Remaining: 0`) sets a hold on its route, or on every route
//! when global; a call while a hold lasts is not sent at all
//! ([`RestError::Held`]), so the publisher waits and sends the newest board
//! once. A proxy that owns rate limiting (twilight-http-proxy) passes
//! Discord's 429s and headers on, so the same holds apply behind it.

use serenity::all::{
    ApplicationId, ChannelId, CreateAttachment, Http, LightMethod, MessageId, Multipart,
    MultipartUpload, Request, Route,
};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

/// A file to send with a message: the PNG and its name.
pub struct File<'a> {
    pub name: &'a str,
    pub bytes: &'a [u8],
}

/// Why a call did not publish.
#[derive(Debug, Clone, PartialEq)]
pub enum RestError {
    /// Not sent: a rate limit holds the route until then.
    Held { until: Instant },
    /// Discord (or the proxy) answered with an error status.
    Status {
        status: u16,
        /// Discord's error code, when the body has one.
        code: Option<u64>,
        message: String,
        /// For a 429: when the route may be used again.
        until: Option<Instant>,
    },
    /// No answer: a timeout, a refused or dropped connection.
    Transport { timeout: bool, text: String },
    /// The request could not be built (no application id yet, say).
    Build(String),
}

impl std::fmt::Display for RestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RestError::Held { until } => write!(
                f,
                "rate limited for {} ms more: not sent",
                until.saturating_duration_since(Instant::now()).as_millis()
            ),
            RestError::Status {
                status,
                code,
                message,
                ..
            } => match code {
                Some(code) => write!(f, "{status} ({code}): {message}"),
                None => write!(f, "{status}: {message}"),
            },
            RestError::Transport { text, .. } => write!(f, "no answer: {text}"),
            RestError::Build(text) => write!(f, "request not built: {text}"),
        }
    }
}

impl RestError {
    /// The metrics' kind of the failure; `None` for one never sent.
    pub fn kind(&self) -> Option<crate::metrics::RestErrorKind> {
        use crate::metrics::RestErrorKind;
        match self {
            RestError::Held { .. } | RestError::Build(_) => None,
            RestError::Status { status: 429, .. } => Some(RestErrorKind::RateLimited),
            RestError::Status {
                status: 400..=499, ..
            } => Some(RestErrorKind::Client),
            RestError::Status { .. } => Some(RestErrorKind::Server),
            RestError::Transport { timeout: true, .. } => Some(RestErrorKind::Timeout),
            RestError::Transport { .. } => Some(RestErrorKind::Other),
        }
    }
}

/// What a 429 (or a spent bucket) said about waiting.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit {
    pub wait: Duration,
    pub global: bool,
}

/// The longest wait any of a 429's figures names: the body's `retry_after`
/// (seconds, a float), `Retry-After` (whole seconds) and
/// `X-RateLimit-Reset-After` (seconds, a float); global when the body or
/// `X-RateLimit-Global` says so. A bucket spent by a successful call
/// (`X-RateLimit-Remaining: 0`) holds for its `X-RateLimit-Reset-After`.
pub fn limit_of(
    status: u16,
    header: impl Fn(&str) -> Option<String>,
    body: &[u8],
) -> Option<Limit> {
    let seconds = |text: &str| {
        text.trim()
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map(|s| Duration::from_secs_f64(s.min(24.0 * 3600.0)))
    };
    let reset_after = header("x-ratelimit-reset-after").and_then(|h| seconds(&h));
    if status != 429 {
        let spent = header("x-ratelimit-remaining").is_some_and(|r| r.trim() == "0");
        return reset_after.filter(|_| spent).map(|wait| Limit {
            wait,
            global: false,
        });
    }
    let json: Option<serde_json::Value> = serde_json::from_slice(body).ok();
    let from_body = json
        .as_ref()
        .and_then(|j| j.get("retry_after"))
        .and_then(serde_json::Value::as_f64)
        .and_then(|s| seconds(&s.to_string()));
    let retry_after = header("retry-after").and_then(|h| seconds(&h));
    let global = json
        .as_ref()
        .and_then(|j| j.get("global"))
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false)
        || header("x-ratelimit-global").is_some_and(|g| g.trim().eq_ignore_ascii_case("true"));
    // A 429 that names no wait at all still means "not now".
    let wait = [from_body, retry_after, reset_after]
        .into_iter()
        .flatten()
        .max()
        .unwrap_or(Duration::from_secs(1));
    Some(Limit { wait, global })
}

/// When each route (and every route, for a global limit) may be used again.
#[derive(Default)]
struct Holds {
    global: Option<Instant>,
    by_route: HashMap<String, Instant>,
}

/// The board publishing calls, with the rate limits they were told.
pub struct BoardRest {
    client: reqwest::Client,
    holds: Mutex<Holds>,
}

/// A route's hold key: Discord's buckets go by route and major parameter.
fn route_key(route: &Route<'_>, method: &LightMethod) -> String {
    match route {
        Route::WebhookOriginalInteractionResponse { token, .. } => format!("webhook {token}"),
        Route::ChannelMessage { channel_id, .. } => format!("{method:?} message in {channel_id}"),
        Route::ChannelMessages { channel_id } => format!("{method:?} messages of {channel_id}"),
        other => format!("{method:?} {}", other.path()),
    }
}

impl BoardRest {
    /// `client` is the one given to serenity's `Http`.
    pub fn new(client: reqwest::Client) -> BoardRest {
        BoardRest {
            client,
            holds: Mutex::new(Holds::default()),
        }
    }

    fn holds(&self) -> std::sync::MutexGuard<'_, Holds> {
        self.holds.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Until when `key` (or every route) is held, if it is.
    fn held(&self, key: &str) -> Option<Instant> {
        let now = Instant::now();
        let holds = self.holds();
        [holds.global, holds.by_route.get(key).copied()]
            .into_iter()
            .flatten()
            .filter(|until| *until > now)
            .max()
    }

    fn hold(&self, key: &str, limit: Limit, from: Instant) -> Instant {
        let until = from + limit.wait;
        let now = Instant::now();
        let mut holds = self.holds();
        holds.by_route.retain(|_, t| *t > now);
        if limit.global {
            holds.global = Some(holds.global.map_or(until, |g| g.max(until)));
        } else {
            let t = holds.by_route.entry(key.to_owned()).or_insert(until);
            *t = (*t).max(until);
        }
        until
    }

    /// Sends one request; the JSON `payload` alone, or with `file` as a
    /// multipart body.
    async fn send(
        &self,
        http: &Http,
        method: LightMethod,
        route: Route<'_>,
        payload: &impl serde::Serialize,
        file: Option<File<'_>>,
    ) -> Result<Vec<u8>, RestError> {
        let key = route_key(&route, &method);
        if let Some(until) = self.held(&key) {
            return Err(RestError::Held { until });
        }
        let request = Request::new(route, method);
        let request = match file {
            Some(file) => request.multipart(Some(Multipart {
                upload: MultipartUpload::Attachments(vec![CreateAttachment::bytes(
                    file.bytes.to_vec(),
                    file.name,
                )]),
                payload_json: Some(
                    serde_json::to_string(payload).map_err(|e| RestError::Build(e.to_string()))?,
                ),
                fields: vec![],
            })),
            None => request.body(Some(
                serde_json::to_vec(payload).map_err(|e| RestError::Build(e.to_string()))?,
            )),
        };
        let request = request
            .build(&self.client, http.token(), http.proxy.as_deref())
            .map_err(|e| RestError::Build(e.to_string()))?
            .build()
            .map_err(|e| RestError::Build(e.to_string()))?;
        let response = self
            .client
            .execute(request)
            .await
            .map_err(|e| RestError::Transport {
                timeout: e.is_timeout(),
                text: e.to_string(),
            })?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let body = response
            .bytes()
            .await
            .map_err(|e| RestError::Transport {
                timeout: e.is_timeout(),
                text: e.to_string(),
            })?
            .to_vec();
        // Counted from the answer's arrival: Discord counted from when it
        // answered, no later, so the hold never ends early.
        let limit = limit_of(status, header, &body);
        let until = limit.map(|limit| self.hold(&key, limit, Instant::now()));
        if (200..300).contains(&status) {
            return Ok(body);
        }
        let json: Option<serde_json::Value> = serde_json::from_slice(&body).ok();
        let code = json
            .as_ref()
            .and_then(|j| j.get("code"))
            .and_then(serde_json::Value::as_u64);
        let message = json
            .as_ref()
            .and_then(|j| j.get("message"))
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned)
            .unwrap_or_else(|| String::from_utf8_lossy(&body).chars().take(200).collect());
        Err(RestError::Status {
            status,
            code,
            message,
            until: if status == 429 { until } else { None },
        })
    }

    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    pub async fn edit_original(
        &self,
        http: &Http,
        token: &str,
        payload: &impl serde::Serialize,
        file: Option<File<'_>>,
    ) -> Result<(), RestError> {
        let application_id: ApplicationId = http
            .application_id()
            .ok_or_else(|| RestError::Build("no application id yet".into()))?;
        let route = Route::WebhookOriginalInteractionResponse {
            application_id,
            token,
        };
        self.send(http, LightMethod::Patch, route, payload, file)
            .await
            .map(drop)
    }

    /// `PATCH /channels/{channel}/messages/{message}`.
    pub async fn edit_message(
        &self,
        http: &Http,
        channel: u64,
        message: u64,
        payload: &impl serde::Serialize,
        file: Option<File<'_>>,
    ) -> Result<(), RestError> {
        let route = Route::ChannelMessage {
            channel_id: ChannelId::new(channel),
            message_id: MessageId::new(message),
        };
        self.send(http, LightMethod::Patch, route, payload, file)
            .await
            .map(drop)
    }

    /// `POST /channels/{channel}/messages`; returns the new message's id.
    pub async fn create_message(
        &self,
        http: &Http,
        channel: u64,
        payload: &impl serde::Serialize,
        file: Option<File<'_>>,
    ) -> Result<u64, RestError> {
        let route = Route::ChannelMessages {
            channel_id: ChannelId::new(channel),
        };
        let body = self
            .send(http, LightMethod::Post, route, payload, file)
            .await?;
        let message: serde_json::Value =
            serde_json::from_slice(&body).map_err(|e| RestError::Transport {
                timeout: false,
                text: format!("the new message did not decode: {e}"),
            })?;
        message
            .get("id")
            .and_then(serde_json::Value::as_str)
            .and_then(|id| id.parse().ok())
            .ok_or_else(|| RestError::Transport {
                timeout: false,
                text: "the new message has no id".into(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers<'a>(list: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            list.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn a_429_waits_for_the_longest_figure_it_names() {
        let body =
            br#"{"message": "You are being rate limited.", "retry_after": 1.5, "global": false}"#;
        let limit = limit_of(429, headers(&[]), body).unwrap();
        assert_eq!(limit.wait, Duration::from_millis(1500));
        assert!(!limit.global);
        let limit = limit_of(
            429,
            headers(&[("Retry-After", "2"), ("X-RateLimit-Reset-After", "2.250")]),
            body,
        )
        .unwrap();
        assert_eq!(limit.wait, Duration::from_millis(2250));
    }

    #[test]
    fn headers_alone_are_enough() {
        let limit = limit_of(429, headers(&[("Retry-After", "3")]), b"").unwrap();
        assert_eq!(limit.wait, Duration::from_secs(3));
        let limit = limit_of(429, headers(&[("X-RateLimit-Reset-After", "0.75")]), b"").unwrap();
        assert_eq!(limit.wait, Duration::from_millis(750));
        let limit = limit_of(429, headers(&[]), b"not json").unwrap();
        assert_eq!(limit.wait, Duration::from_secs(1), "a 429 is never 'now'");
    }

    #[test]
    fn global_from_the_body_or_the_header() {
        let body =
            br#"{"message": "You are being rate limited.", "retry_after": 0.5, "global": true}"#;
        assert!(limit_of(429, headers(&[]), body).unwrap().global);
        let limit = limit_of(
            429,
            headers(&[("X-RateLimit-Global", "true"), ("Retry-After", "1")]),
            b"{}",
        )
        .unwrap();
        assert!(limit.global);
    }

    #[test]
    fn a_spent_bucket_holds_until_its_reset() {
        let spent = headers(&[
            ("X-RateLimit-Remaining", "0"),
            ("X-RateLimit-Reset-After", "1.2"),
        ]);
        assert_eq!(
            limit_of(200, spent, b"{}"),
            Some(Limit {
                wait: Duration::from_millis(1200),
                global: false
            })
        );
        let left = headers(&[
            ("X-RateLimit-Remaining", "3"),
            ("X-RateLimit-Reset-After", "1.2"),
        ]);
        assert_eq!(limit_of(200, left, b"{}"), None);
        assert_eq!(limit_of(500, headers(&[]), b"{}"), None);
    }

    #[tokio::test]
    async fn a_held_route_is_not_sent() {
        let rest = BoardRest::new(reqwest::Client::new());
        let now = Instant::now();
        let until = rest.hold(
            "webhook t",
            Limit {
                wait: Duration::from_secs(5),
                global: false,
            },
            now,
        );
        assert_eq!(rest.held("webhook t"), Some(until));
        assert_eq!(rest.held("webhook u"), None);
        rest.hold(
            "x",
            Limit {
                wait: Duration::from_secs(9),
                global: true,
            },
            now,
        );
        assert!(rest.held("webhook u").is_some_and(|t| t > until), "global");
    }
}

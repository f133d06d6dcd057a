//! A page's websocket: the table's view on connecting and after every
//! accepted change; the page's moves and controls, applied by the service
//! for the logged-in person's own seat, each with the stamp it was made on.
//! A page that sends too much, too fast or too large is cut off; nothing it
//! sends reaches another table.

use super::{text, Web};
use crate::i18n::{tr, Lang};
use crate::service::{At, ServiceError};
use crate::table::{Action, Refusal, Table};
use futures_util::{SinkExt, StreamExt};
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;
use tracing::debug;

/// A ping this often keeps proxies from closing a quiet page's socket.
const KEEPALIVE: Duration = Duration::from_secs(30);

/// `GET /t/<link>/socket`: checks the link, the page's origin and the
/// handshake, then serves the socket on a task of its own.
pub(super) async fn upgrade(
    web: Arc<Web>,
    mut request: Request<Incoming>,
    link: String,
    lang: Lang,
) -> Response<Full<Bytes>> {
    let session = web.session(&request);
    let Some(table) = web.table_of(&link, session.as_ref()).await else {
        return text(StatusCode::NOT_FOUND, tr(lang, "web-not-found", &[]));
    };
    // A page of another site must not act with this browser's cookie.
    if let Some(origin) = request.headers().get("origin") {
        if !origin
            .to_str()
            .is_ok_and(|o| o.eq_ignore_ascii_case(&web.links.origin))
        {
            return text(StatusCode::FORBIDDEN, String::new());
        }
    }
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let is_upgrade = header("upgrade").is_some_and(|u| u.eq_ignore_ascii_case("websocket"));
    let (true, Some(key), Some("13")) = (
        is_upgrade,
        header("sec-websocket-key"),
        header("sec-websocket-version").as_deref(),
    ) else {
        return text(StatusCode::BAD_REQUEST, String::new());
    };
    let upgraded = hyper::upgrade::on(&mut request);
    let no = table.no();
    tokio::spawn(async move {
        match upgraded.await {
            Ok(upgraded) => {
                let config = WebSocketConfig {
                    max_message_size: Some(web.limits.max_message),
                    max_frame_size: Some(web.limits.max_message),
                    ..WebSocketConfig::default()
                };
                let socket = WebSocketStream::from_raw_socket(
                    TokioIo::new(upgraded),
                    Role::Server,
                    Some(config),
                )
                .await;
                serve(web, socket, no, session, lang).await;
            }
            Err(e) => debug!("a page's socket did not open: {e}"),
        }
    });
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header("upgrade", "websocket")
        .header("connection", "Upgrade")
        .header("sec-websocket-accept", derive_accept_key(key.as_bytes()))
        .body(Full::new(Bytes::new()))
        .unwrap_or_default()
}

/// Messages a page may send: `per_second` over time, `burst` at once.
struct Bucket {
    tokens: f64,
    last: Instant,
    per_second: f64,
    burst: f64,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

type Socket = WebSocketStream<TokioIo<hyper::upgrade::Upgraded>>;

async fn serve(
    web: Arc<Web>,
    socket: Socket,
    no: u64,
    session: Option<super::Session>,
    lang: Lang,
) {
    let (mut sink, mut stream) = socket.split();
    let mut watching = match web.service.watch(no).await {
        Ok(Some(watching)) => watching,
        _ => {
            let _ = sink.close().await;
            return;
        }
    };
    let viewer = session.as_ref().map(|s| s.user);
    let send_view = |table: &Table| Message::Text(web.view_message(table, viewer, lang));
    let first = send_view(&watching.borrow_and_update().clone());
    if sink.send(first).await.is_err() {
        return;
    }
    let (notices, mut noticed) = tokio::sync::mpsc::channel::<Message>(4);
    let mut bucket = Bucket {
        tokens: f64::from(web.limits.burst),
        last: Instant::now(),
        per_second: f64::from(web.limits.per_second),
        burst: f64::from(web.limits.burst),
    };
    let mut keepalive = tokio::time::interval(KEEPALIVE);
    keepalive.tick().await;
    loop {
        let out = tokio::select! {
            changed = watching.changed() => {
                if changed.is_err() {
                    break;
                }
                let table = watching.borrow_and_update().clone();
                send_view(&table)
            }
            Some(notice) = noticed.recv() => notice,
            _ = keepalive.tick() => Message::Ping(Vec::new()),
            message = stream.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    if !bucket.take() {
                        let close = CloseFrame {
                            code: CloseCode::Policy,
                            reason: "too many messages".into(),
                        };
                        let _ = sink.send(Message::Close(Some(close))).await;
                        // The page's answer closes the socket: what it still
                        // sends meanwhile is read and dropped, so that the
                        // close frame is not lost to a reset.
                        let until = tokio::time::Instant::now() + Duration::from_secs(2);
                        while let Ok(Some(Ok(message))) =
                            tokio::time::timeout_at(until, stream.next()).await
                        {
                            if message.is_close() {
                                break;
                            }
                        }
                        break;
                    }
                    match act(&web, no, session.as_ref(), &text, lang, &notices).await {
                        Some(answer) => answer,
                        None => continue,
                    }
                }
                Some(Ok(Message::Binary(_))) => said(lang, "web-bad-message"),
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
                // Closed, too large, or broken: the page is gone.
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            },
        };
        if sink.send(out).await.is_err() {
            break;
        }
    }
}

fn said(lang: Lang, key: &str) -> Message {
    refused(tr(lang, key, &[]))
}

fn refused(text: String) -> Message {
    Message::Text(serde_json::json!({ "type": "refused", "text": text }).to_string())
}

fn failure_text(failure: ServiceError, lang: Lang) -> String {
    match failure {
        ServiceError::Refused(r) => r.message_in(lang),
        ServiceError::Store(_) => tr(lang, "error-storage", &[]),
        ServiceError::Busy(busy) => tr(lang, busy.key(), &[]),
    }
}

/// Carries out one message of a page: the answer to send back, if any (an
/// accepted change answers itself, through the table's new view).
async fn act(
    web: &Arc<Web>,
    no: u64,
    session: Option<&super::Session>,
    text: &str,
    lang: Lang,
    notices: &tokio::sync::mpsc::Sender<Message>,
) -> Option<Message> {
    let Ok(message) = serde_json::from_str::<serde_json::Value>(text) else {
        return Some(said(lang, "web-bad-message"));
    };
    let Some(session) = session else {
        return Some(said(lang, "web-log-in-to-play"));
    };
    let user = session.user;
    let Some(stamp) = message["stamp"].as_u64() else {
        return Some(said(lang, "web-bad-message"));
    };
    let table = match web.service.table_no(no).await {
        Ok(Some(table)) => table,
        _ => return Some(said(lang, "web-not-found")),
    };
    let at = At::Table {
        no,
        channel: table.channel(),
    };
    let stamp_given = Some(stamp);
    let name = session.name.clone();
    let acted = match (
        message["type"].as_str(),
        message["move"].as_str(),
        message["control"].as_str(),
    ) {
        (Some("move"), Some(name), _) => {
            if name.len() > 16 {
                return Some(said(lang, "web-bad-message"));
            }
            web.service
                .act_named(at, user, name, stamp_given)
                .await
                .map(|(table, _)| table)
        }
        (Some("control"), _, Some("hint")) => {
            if let Err(f) = web.service.check_hint(at, stamp, user).await {
                return Some(refused(failure_text(f, lang)));
            }
            let (service, notices) = (web.service.clone(), notices.clone());
            tokio::spawn(async move {
                let text = match service.hint(at, stamp, user).await {
                    Ok(answer) => answer.text(lang),
                    Err(f) => failure_text(f, lang),
                };
                let notice = serde_json::json!({ "type": "notice", "text": text });
                let _ = notices.send(Message::Text(notice.to_string())).await;
            });
            return None;
        }
        (Some("control"), _, Some(control)) => {
            let stamp = stamp_given;
            let action = match control {
                "resign" => Action::Resign { user, stamp },
                "accept" => Action::Accept { user, stamp },
                "decline" => Action::Decline { user, stamp },
                "rematch" => Action::Rematch { user, stamp },
                "undo" => Action::Undo { user, stamp },
                "accept_undo" | "decline_undo" => Action::AnswerUndo {
                    user,
                    accept: control == "accept_undo",
                    stamp,
                },
                "join" => Action::Join { user, name, stamp },
                "rejoin" => Action::Rejoin { user, name },
                "leave" => Action::Leave { user, stamp },
                "start" => Action::Start { user, stamp },
                "pause" => Action::Pause { user, stamp },
                "resume" => Action::Resume { user, stamp },
                "free_seat" => Action::FreeSeat { user, stamp },
                _ => return Some(refused(Refusal::UnknownControl.message_in(lang))),
            };
            web.service.act(at, action).await
        }
        _ => return Some(said(lang, "web-bad-message")),
    };
    match acted {
        Ok(after) => {
            // The board message in Discord follows.
            if after.stamp() != table.stamp() {
                web.service.announce(no);
            }
            None
        }
        Err(failure) => Some(refused(failure_text(failure, lang))),
    }
}

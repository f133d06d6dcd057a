//! The live web board from a test: the bot started with a public address
//! and a client secret, a login through the stand-in's OAuth2 routes, and
//! pages as websocket clients that read views and send moves.

use super::Harness;
use crate::support::{free_port, Msg, StandIn, User};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

pub const CLIENT_SECRET: &str = "client-secret.not-a-secret";

/// How long a page waits for what it expects.
const WAIT: Duration = Duration::from_secs(10);

/// The bot with its web board on a free port of 127.0.0.1; returns the
/// harness and the board's address.
pub async fn start_web() -> (Harness, String) {
    start_web_with(|_| {}).await
}

/// [`start_web`] with the configuration changed by `tune` (after the web
/// board's settings are made).
pub async fn start_web_with(
    tune: impl FnOnce(&mut boardbot::config::Config) + Send + 'static,
) -> (Harness, String) {
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let public = base.clone();
    let harness = Harness::start_with(move |c| {
        c.public_url = Some(public);
        c.metrics_addr = Some(([127, 0, 0, 1], port).into());
        c.client_secret = Some(boardbot::config::Token::new(CLIENT_SECRET));
        tune(c);
    })
    .await;
    harness.discord.set_client_secret(CLIENT_SECRET);
    (harness, base)
}

/// The **Watch live** link of a board message.
pub fn live_link(message: &Msg) -> Option<String> {
    message
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("Watch live"))
        .and_then(|b| b.url)
}

/// A plain HTTP client that does not follow redirects.
pub fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

fn set_cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .map(|v| v.split(';').next().unwrap_or("").to_owned())
}

/// `user` logs in from the page at `page` (a `/t/…` path): off to Discord's
/// authorize page, allowed there, back to the bot. Returns the session
/// cookie (`bb_session=…`).
pub async fn log_in(discord: &StandIn, base: &str, page: &str, user: &User) -> String {
    let client = http();
    let started = client
        .get(format!("{base}/login?to={}", page.replace('/', "%2F")))
        .send()
        .await
        .expect("login starts");
    assert_eq!(started.status(), 302, "off to Discord");
    let location = started.headers()["location"].to_str().unwrap().to_owned();
    assert!(
        location.starts_with("https://discord.com/oauth2/authorize?"),
        "{location}"
    );
    let field = |name: &str| {
        location
            .split(['?', '&'])
            .find_map(|p| p.strip_prefix(&format!("{name}=")))
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(field("scope"), "identify");
    assert_eq!(field("response_type"), "code");
    assert_eq!(field("client_id"), discord.application_id().to_string());
    let redirect = format!("{base}/auth/callback");
    assert_eq!(
        field("redirect_uri"),
        redirect.replace(':', "%3A").replace('/', "%2F")
    );
    let held = set_cookie(&started, "bb_login").expect("the login's state cookie");
    let code = discord.authorize(user, &redirect);
    let back = client
        .get(format!("{redirect}?code={code}&state={}", field("state")))
        .header("cookie", held)
        .send()
        .await
        .expect("back from Discord");
    assert_eq!(back.status(), 303, "logged in");
    assert_eq!(back.headers()["location"], page);
    set_cookie(&back, "bb_session").expect("a session cookie")
}

/// One open page's socket.
pub struct Page {
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    /// The last view received.
    pub view: Value,
    /// Refusals and notices received, oldest first.
    pub said: Vec<Value>,
}

impl Page {
    /// Opens `link`'s socket (`link`: the page's full URL), logged in with
    /// `cookie` or not; waits for the first view.
    pub async fn open(link: &str, cookie: Option<&str>) -> Page {
        Page::try_open(link, cookie, None)
            .await
            .expect("the socket opens")
    }

    /// [`Page::open`] from a page of `origin` (default: the bot's own);
    /// `link` may end with the page's query (`?since=<stamp>`).
    pub async fn try_open(
        link: &str,
        cookie: Option<&str>,
        origin: Option<&str>,
    ) -> Result<Page, String> {
        let (page, asked) = link.split_once('?').unwrap_or((link, ""));
        let mut url = format!("{}/socket", page.replacen("http://", "ws://", 1));
        if !asked.is_empty() {
            url = format!("{url}?{asked}");
        }
        let own = link.split("/t/").next().unwrap_or("").to_owned();
        let mut request = url.into_client_request().map_err(|e| e.to_string())?;
        let headers = request.headers_mut();
        headers.insert("origin", origin.unwrap_or(&own).parse().unwrap());
        if let Some(cookie) = cookie {
            headers.insert("cookie", cookie.parse().unwrap());
        }
        let (socket, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(|e| e.to_string())?;
        let mut page = Page {
            socket,
            view: Value::Null,
            said: Vec::new(),
        };
        page.wait_view(|_| true).await;
        Ok(page)
    }

    /// Reads until a view for which `wanted` holds arrives; returns it.
    pub async fn wait_view(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        self.wait_view_within(WAIT, wanted).await
    }

    /// [`Page::wait_view`], waiting up to `wait`.
    pub async fn wait_view_within(
        &mut self,
        wait: Duration,
        wanted: impl Fn(&Value) -> bool,
    ) -> Value {
        if !self.view.is_null() && wanted(&self.view) {
            return self.view.clone();
        }
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let message = tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("no such view in time; last: {}", self.view))
                .expect("the socket is open")
                .expect("a message");
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).expect("JSON");
                if value["type"] == "view" {
                    self.view = value["view"].clone();
                    if wanted(&self.view) {
                        return self.view.clone();
                    }
                } else {
                    self.said.push(value);
                }
            }
        }
    }

    /// Reads until a refusal or notice arrives; returns its text.
    pub async fn wait_said(&mut self) -> String {
        let deadline = tokio::time::Instant::now() + WAIT;
        while self.said.is_empty() {
            let message = tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .expect("an answer in time")
                .expect("the socket is open")
                .expect("a message");
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).expect("JSON");
                if value["type"] == "view" {
                    self.view = value["view"].clone();
                } else {
                    self.said.push(value);
                }
            }
        }
        self.said.remove(0)["text"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    pub async fn send(&mut self, message: Value) {
        self.socket
            .send(Message::Text(message.to_string()))
            .await
            .expect("sent");
    }

    /// Plays `name` on the board of stamp `stamp`.
    pub async fn play(&mut self, name: &str, stamp: u64) {
        self.send(json!({ "type": "move", "move": name, "stamp": stamp }))
            .await;
    }

    pub fn stamp(&self) -> u64 {
        self.view["stamp"].as_u64().expect("a stamp")
    }

    /// Reads until the socket closes; returns the close code, if any.
    pub async fn closed(&mut self) -> Option<u16> {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            match tokio::time::timeout_at(deadline, self.socket.next()).await {
                Err(_) => panic!("the socket stayed open"),
                Ok(None) | Ok(Some(Err(_))) => return None,
                Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| u16::from(f.code)),
                Ok(Some(Ok(_))) => {}
            }
        }
    }
}

/// The cell of a grid view: `Some(seat)` or `None`.
pub fn grid_cell(view: &Value, column: usize, row: usize) -> Option<u64> {
    view["board"]["grid"]["cells"][column][row].as_u64()
}

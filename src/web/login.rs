//! Logging in with Discord: the OAuth2 authorization code flow (scope
//! `identify`). The bot exchanges the code with its client secret, asks
//! Discord who the token belongs to, and keeps only the user's id and name,
//! in a signed HttpOnly cookie. Tokens and secrets are never logged.

use super::{app_id, cookie, encode, fields, query, redirect, text, Session, Web, SESSION_COOKIE};
use crate::config::Token;
use crate::i18n::{tr, Lang};
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;
use tracing::warn;

/// Where Discord asks the person to allow the login.
const AUTHORIZE: &str = "https://discord.com/oauth2/authorize";

/// The login's state while the person is at Discord.
const LOGIN_COOKIE: &str = "bb_login";

pub(super) struct Login {
    /// The bot's token, for Discord's API as the bot (activity instances).
    pub(super) bot_token: Option<Token>,
    secret: Token,
    /// Discord's API, with its version (`https://discord.com/api/v10`).
    pub(super) api: String,
    pub(super) app_id: Arc<AtomicU64>,
    pub(super) http: reqwest::Client,
}

impl Login {
    pub(super) fn new(
        secret: Token,
        api_base: Option<String>,
        app_id: Arc<AtomicU64>,
        timeout: Duration,
    ) -> Login {
        let base = api_base.unwrap_or_else(|| "https://discord.com".to_owned());
        Login {
            bot_token: None,
            secret,
            api: format!("{}/api/v10", base.trim_end_matches('/')),
            app_id,
            http: reqwest::Client::builder()
                .timeout(timeout)
                .build()
                .unwrap_or_default(),
        }
    }
}

/// Where a login may return to: a table's page, else the start.
fn return_path(to: Option<&String>) -> String {
    match to {
        Some(to)
            if to.starts_with("/t/")
                && to[3..]
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-') =>
        {
            to.clone()
        }
        _ => "/".to_owned(),
    }
}

fn redirect_uri(web: &Web) -> String {
    format!("{}/auth/callback", web.links.base)
}

fn cookie_flags(web: &Web) -> &'static str {
    if web.links.secure() {
        "; HttpOnly; SameSite=Lax; Secure"
    } else {
        "; HttpOnly; SameSite=Lax"
    }
}

/// `GET /login?to=…`: off to Discord, with a state bound to this browser.
pub(super) fn start(web: &Web, request: &Request<Incoming>, lang: Lang) -> Response<Full<Bytes>> {
    let Some(login) = &web.login else {
        return text(StatusCode::NOT_FOUND, tr(lang, "web-no-login", &[]));
    };
    let Some(app) = app_id(&login.app_id) else {
        return text(
            StatusCode::SERVICE_UNAVAILABLE,
            tr(lang, "web-try-again", &[]),
        );
    };
    let to = return_path(query(request).get("to"));
    let nonce = super::keys::hex(&rand::random::<[u8; 16]>());
    let state = web.links.keys.state(&nonce, &to);
    let location = format!(
        "{AUTHORIZE}?response_type=code&client_id={app}&scope=identify&redirect_uri={}&state={state}",
        encode(&redirect_uri(web))
    );
    let held = format!(
        "{LOGIN_COOKIE}={nonce}.{}; Path=/auth; Max-Age=600{}",
        super::keys::hex(to.as_bytes()),
        cookie_flags(web)
    );
    redirect(StatusCode::FOUND, &location, &[held])
}

/// `GET /auth/callback?code=…&state=…`: the code exchanged, the person
/// known, the session cookie set.
pub(super) async fn finish(
    web: &Web,
    request: &Request<Incoming>,
    lang: Lang,
) -> Response<Full<Bytes>> {
    let failed = || text(StatusCode::BAD_REQUEST, tr(lang, "web-login-failed", &[]));
    let Some(login) = &web.login else {
        return text(StatusCode::NOT_FOUND, tr(lang, "web-no-login", &[]));
    };
    let asked = query(request);
    let (Some(code), Some(state)) = (asked.get("code"), asked.get("state")) else {
        return failed();
    };
    let held = cookie(request, LOGIN_COOKIE).unwrap_or_default();
    let Some((nonce, to)) = held.split_once('.') else {
        return failed();
    };
    let to = super::keys::from_hex(to)
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .unwrap_or_default();
    if !web.links.keys.state_ok(nonce, &to, state) {
        return failed();
    }
    let to = return_path(Some(&to));
    let Some(app) = app_id(&login.app_id) else {
        return text(
            StatusCode::SERVICE_UNAVAILABLE,
            tr(lang, "web-try-again", &[]),
        );
    };
    let user = match who(login, app, code, Some(&redirect_uri(web))).await {
        Ok(user) => user,
        Err(e) => {
            warn!("a web login failed: {e}");
            return failed();
        }
    };
    let session = Session {
        user: user.0,
        name: user.1,
        expires: web.service.now() + super::keys::SESSION_MS,
        place: None,
    };
    let cookies = [
        format!(
            "{SESSION_COOKIE}={}; Path=/; Max-Age={}{}",
            web.links.keys.session_cookie(&session),
            super::keys::SESSION_MS / 1000,
            cookie_flags(web)
        ),
        format!(
            "{LOGIN_COOKIE}=; Path=/auth; Max-Age=0{}",
            cookie_flags(web)
        ),
    ];
    redirect(StatusCode::SEE_OTHER, &to, &cookies)
}

/// The Discord user a login's code stands for: (id, name), and the access
/// token. An Activity's code (from the SDK's `authorize`) has no redirect.
pub(super) async fn who(
    login: &Login,
    app: u64,
    code: &str,
    redirect: Option<&str>,
) -> Result<(u64, String, String), String> {
    let mut form = format!(
        "client_id={app}&client_secret={}&grant_type=authorization_code&code={}",
        encode(login.secret.expose()),
        encode(code),
    );
    if let Some(redirect) = redirect {
        form.push_str(&format!("&redirect_uri={}", encode(redirect)));
    }
    let exchange = login
        .http
        .post(format!("{}/oauth2/token", login.api))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form);
    let token = discord_json(exchange, "token exchange")
        .await?
        .ok_or("token exchange answered 404")?;
    let access = token["access_token"]
        .as_str()
        .ok_or("token exchange: no access token")?;
    let me = login
        .http
        .get(format!("{}/users/@me", login.api))
        .header("authorization", format!("Bearer {access}"));
    let user = discord_json(me, "users/@me")
        .await?
        .ok_or("users/@me answered 404")?;
    let id = user["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .ok_or("users/@me: no id")?;
    let name = user["global_name"]
        .as_str()
        .or(user["username"].as_str())
        .unwrap_or("?")
        .chars()
        .take(64)
        .collect();
    Ok((id, name, access.to_owned()))
}

/// Sends `request` to Discord and reads its JSON answer: `None` when it
/// answers 404; any other failure is an error naming the call (`what`),
/// without its address (which may hold a code).
pub(super) async fn discord_json(
    request: reqwest::RequestBuilder,
    what: &str,
) -> Result<Option<serde_json::Value>, String> {
    let answer = request
        .send()
        .await
        .map_err(|e| format!("{what}: {}", e.without_url()))?;
    let status = answer.status();
    if status == reqwest::StatusCode::NOT_FOUND {
        return Ok(None);
    }
    let body = answer.bytes().await.map_err(|e| format!("{what}: {e}"))?;
    if !status.is_success() {
        return Err(format!("{what} answered {status}"));
    }
    serde_json::from_slice(&body)
        .map(Some)
        .map_err(|_| format!("{what}: not JSON"))
}

/// `POST /logout?to=…` with the page's CSRF token: the session cookie goes.
pub(super) async fn logout(web: &Web, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let session = cookie(&request, SESSION_COOKIE);
    let to = return_path(query(&request).get("to"));
    let body = match Limited::new(request.into_body(), 1024).collect().await {
        Ok(body) => body.to_bytes(),
        Err(_) => return text(StatusCode::PAYLOAD_TOO_LARGE, String::new()),
    };
    let form = fields(std::str::from_utf8(&body).unwrap_or(""));
    let token = form.get("csrf").map(String::as_str).unwrap_or("");
    if !web.links.keys.csrf_ok(session.as_deref(), token) {
        return text(StatusCode::FORBIDDEN, String::new());
    }
    let gone = format!("{SESSION_COOKIE}=; Path=/; Max-Age=0{}", cookie_flags(web));
    redirect(StatusCode::SEE_OTHER, &to, &[gone])
}

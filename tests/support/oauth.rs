//! Discord's OAuth2 routes for the web board's login: `POST
//! /api/v10/oauth2/token` (the authorization code exchanged with the
//! application's client secret) and `GET /api/v10/users/@me` with the
//! Bearer token it gave. A test stands in for the person at Discord's
//! authorize page with [`StandIn::authorize`]: the code it returns is what
//! Discord would send to the redirect URL.

use super::http::{Request, Response};
use super::{StandIn, State, User};
use serde_json::json;
use std::collections::HashMap;

/// The OAuth2 side of the stand-in.
#[derive(Debug, Default)]
pub struct OAuth {
    /// The application's client secret; exchanges with another are refused.
    pub client_secret: Option<String>,
    /// Codes given out and not yet exchanged: code → (user, redirect URI).
    codes: HashMap<String, (u64, String)>,
    /// Access tokens: token → user.
    tokens: HashMap<String, u64>,
    /// Exchanges tried, refused ones included.
    pub exchanges: u32,
    /// Exchanges refused, with why.
    pub refused: Vec<String>,
}

impl StandIn {
    /// The client secret the application has (`DISCORD_CLIENT_SECRET`).
    pub fn set_client_secret(&self, secret: &str) {
        self.lock().oauth.client_secret = Some(secret.to_owned());
    }

    /// `user` allows the login at Discord's authorize page for
    /// `redirect_uri`: the code Discord sends to it.
    pub fn authorize(&self, user: &User, redirect_uri: &str) -> String {
        let mut st = self.lock();
        let code = format!("code-{}", st.snowflake());
        st.oauth
            .codes
            .insert(code.clone(), (user.id, redirect_uri.to_owned()));
        code
    }

    /// How many code exchanges were tried, and the refused ones' reasons.
    pub fn oauth_exchanges(&self) -> (u32, Vec<String>) {
        let st = self.lock();
        (st.oauth.exchanges, st.oauth.refused.clone())
    }
}

fn form(body: &[u8]) -> HashMap<String, String> {
    let text = String::from_utf8_lossy(body);
    text.split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

fn decode(text: &str) -> String {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() + 1 => {
                let hex =
                    std::str::from_utf8(&bytes[i + 1..(i + 3).min(bytes.len())]).unwrap_or("");
                out.push(u8::from_str_radix(hex, 16).unwrap_or(b'?'));
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn refuse(st: &mut State, why: &str) -> Response {
    st.oauth.refused.push(why.to_owned());
    Response::json(
        400,
        &json!({ "error": "invalid_grant", "error_description": why }),
    )
}

/// Answers the OAuth2 routes; `None` for any other request.
pub fn handle(st: &mut State, req: &Request) -> Option<Response> {
    match (req.method.as_str(), req.path.as_str()) {
        ("POST", "/api/v10/oauth2/token") => {
            st.oauth.exchanges += 1;
            let content_type = req.header("content-type").unwrap_or("");
            if !content_type.starts_with("application/x-www-form-urlencoded") {
                return Some(refuse(st, "not a form"));
            }
            let f = form(&req.body);
            let field = |name: &str| f.get(name).cloned().unwrap_or_default();
            if field("grant_type") != "authorization_code" {
                return Some(refuse(st, "grant_type"));
            }
            if field("client_id") != st.app_id.to_string() {
                return Some(refuse(st, "client_id"));
            }
            if st.oauth.client_secret.as_deref() != Some(field("client_secret").as_str()) {
                return Some(refuse(st, "client_secret"));
            }
            let Some((user, redirect)) = st.oauth.codes.remove(&field("code")) else {
                return Some(refuse(st, "code"));
            };
            if redirect != field("redirect_uri") {
                return Some(refuse(st, "redirect_uri"));
            }
            let token = format!("access-{}", st.snowflake());
            st.oauth.tokens.insert(token.clone(), user);
            Some(Response::json(
                200,
                &json!({
                    "access_token": token,
                    "token_type": "Bearer",
                    "expires_in": 604800,
                    "refresh_token": format!("refresh-{user}"),
                    "scope": "identify",
                }),
            ))
        }
        ("GET", "/api/v10/users/@me")
            if req
                .header("authorization")
                .is_some_and(|a| a.starts_with("Bearer ")) =>
        {
            let token = req
                .header("authorization")
                .unwrap_or("")
                .trim_start_matches("Bearer ");
            let Some(user) = st.oauth.tokens.get(token).and_then(|id| st.users.get(id)) else {
                return Some(Response::json(
                    401,
                    &json!({ "message": "401: Unauthorized", "code": 0 }),
                ));
            };
            Some(Response::json(
                200,
                &json!({
                    "id": user.id.to_string(),
                    "username": user.name.to_lowercase(),
                    "global_name": user.name,
                    "discriminator": "0",
                    "avatar": null,
                }),
            ))
        }
        _ => None,
    }
}

//! The web board as a Discord Activity: the page Discord frames (through
//! the application's URL mapping to `PUBLIC_URL`), the login of its Embedded
//! App SDK (`authorize` gives a code, exchanged here with the client
//! secret), and the check, through Discord's API with the bot's token, that
//! the person is in the activity instance and that the instance is in the
//! channel it claims, before anyone is seated or moves. The channel picks
//! the table; with none there, the page opens one through the same service
//! call as the slash commands.

use super::login::who;
use super::{app_id, text, Session, Web};
use crate::game::GameKind;
use crate::i18n::{tr, Lang};
use crate::service::{At, Host, PlayRequest, ServiceError};
use crate::table::Table;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use serde_json::{json, Value};
use tracing::warn;

const PAGE: &str = include_str!("page/activity.html");

/// How long an Activity's session lasts (the page asks again when it is
/// opened again).
const SESSION_MS: u64 = 12 * 60 * 60 * 1000;

/// The Activity's own words, besides the board's.
const WORDS: [(&str, &str); 18] = [
    ("activity_connecting", "activity-connecting"),
    ("activity_not_in_instance", "activity-not-in-instance"),
    ("activity_no_table", "activity-no-table"),
    ("activity_open", "activity-open"),
    ("activity_game", "activity-game"),
    ("activity_level", "activity-level"),
    ("activity_open_seats", "activity-open-seats"),
    ("activity_participants", "activity-participants"),
    ("activity_failed", "activity-failed"),
    ("game_connect4", "game-connect4"),
    ("game_connect4-3p", "game-connect4-3p"),
    ("game_connect4-3d", "game-connect4-3d"),
    ("game_dots", "game-dots"),
    ("level_easy", "level-easy"),
    ("level_medium", "level-medium"),
    ("level_hard", "level-hard"),
    ("you", "web-you"),
    ("cpu", "web-cpu"),
];

fn json_response(status: StatusCode, body: Value) -> Response<Full<Bytes>> {
    Response::builder()
        .status(status)
        .header("content-type", "application/json")
        .header("cache-control", "no-store")
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap_or_default()
}

fn refused(status: StatusCode, text: String) -> Response<Full<Bytes>> {
    json_response(status, json!({ "error": text }))
}

/// Discord frames the Activity; its traffic comes through Discord's proxy.
pub(super) const CSP: &str = "default-src 'self'; connect-src 'self' https://discord.com \
    https://*.discord.com wss://*.discordsays.com; img-src 'self' data: https://cdn.discordapp.com; \
    style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'self'; \
    frame-ancestors https://discord.com https://*.discord.com https://*.discordsays.com 'self'";

/// `GET /`: the Activity's page.
pub(super) fn page(web: &Web, lang: Lang) -> Response<Full<Bytes>> {
    let Some(login) = &web.login else {
        return text(StatusCode::NOT_FOUND, tr(lang, "web-no-login", &[]));
    };
    let Some(app) = app_id(&login.app_id) else {
        return text(
            StatusCode::SERVICE_UNAVAILABLE,
            tr(lang, "web-try-again", &[]),
        );
    };
    let mut words = super::page_words(lang);
    for (name, key) in WORDS {
        words.insert(name.to_owned(), tr(lang, key, &[]).into());
    }
    let boot = json!({
        "client_id": app.to_string(),
        "token_url": "/activity/token",
        "open_url": "/activity/open",
        "words": words,
    })
    .to_string()
    .replace('<', "\\u003c");
    let html = PAGE
        .replace("{{lang}}", lang.discord_locale())
        .replace("{{boot}}", &boot);
    super::html_page(html, CSP)
}

/// A JSON body of at most 4 KB.
async fn body(request: Request<Incoming>) -> Option<Value> {
    let bytes = Limited::new(request.into_body(), 4096)
        .collect()
        .await
        .ok()?
        .to_bytes();
    serde_json::from_slice(&bytes).ok()
}

fn id_field(body: &Value, name: &str) -> Option<u64> {
    body[name].as_str()?.parse().ok().filter(|&n| n > 0)
}

/// Where Discord says an activity instance is, and who is in it.
struct Instance {
    channel: u64,
    guild: u64,
    users: Vec<u64>,
}

/// Asks Discord about instance `id` as the bot.
async fn instance(web: &Web, id: &str) -> Result<Option<Instance>, String> {
    let login = web.login.as_ref().ok_or("no login")?;
    let token = login.bot_token.as_ref().ok_or("no bot token")?;
    let app = app_id(&login.app_id).ok_or("no application id yet")?;
    if id.is_empty()
        || id.len() > 100
        || !id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Ok(None);
    }
    let asked = login
        .http
        .get(format!(
            "{}/applications/{app}/activity-instances/{id}",
            login.api
        ))
        .header("authorization", format!("Bot {}", token.expose()));
    let Some(value) = super::login::discord_json(asked, "activity instance").await? else {
        return Ok(None);
    };
    let id_of = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok());
    let channel = id_of(&value["location"]["channel_id"]).ok_or("activity instance: no channel")?;
    Ok(Some(Instance {
        channel,
        guild: id_of(&value["location"]["guild_id"]).unwrap_or(0),
        users: value["users"]
            .as_array()
            .map(|users| users.iter().filter_map(id_of).collect())
            .unwrap_or_default(),
    }))
}

/// The socket of `table`'s page for an Activity.
fn table_json(web: &Web, table: &Table) -> Value {
    json!({ "socket": format!("/t/{}/socket", web.links.keys.link(table.no())) })
}

/// `POST /activity/token` `{code, instance_id, channel_id}`: the SDK's code
/// exchanged, the person found in the instance and the instance in the
/// channel; answers the access token for the SDK's `authenticate`, a
/// session for the board's socket, and the channel's table.
pub(super) async fn token(
    web: &Web,
    request: Request<Incoming>,
    lang: Lang,
) -> Response<Full<Bytes>> {
    let Some(login) = &web.login else {
        return refused(StatusCode::NOT_FOUND, tr(lang, "web-no-login", &[]));
    };
    let Some(app) = app_id(&login.app_id) else {
        return refused(
            StatusCode::SERVICE_UNAVAILABLE,
            tr(lang, "web-try-again", &[]),
        );
    };
    let Some(asked) = body(request).await else {
        return refused(StatusCode::BAD_REQUEST, tr(lang, "web-bad-message", &[]));
    };
    let (Some(code), Some(instance_id), Some(channel)) = (
        asked["code"].as_str(),
        asked["instance_id"].as_str(),
        id_field(&asked, "channel_id"),
    ) else {
        return refused(StatusCode::BAD_REQUEST, tr(lang, "web-bad-message", &[]));
    };
    let (user, name, access) = match who(login, app, code, None).await {
        Ok(found) => found,
        Err(e) => {
            warn!("an Activity's login failed: {e}");
            return refused(StatusCode::FORBIDDEN, tr(lang, "web-login-failed", &[]));
        }
    };
    let found = match instance(web, instance_id).await {
        Ok(found) => found,
        Err(e) => {
            warn!("could not check an activity instance: {e}");
            return refused(
                StatusCode::SERVICE_UNAVAILABLE,
                tr(lang, "web-try-again", &[]),
            );
        }
    };
    let Some(found) = found.filter(|i| i.channel == channel && i.users.contains(&user)) else {
        return refused(
            StatusCode::FORBIDDEN,
            tr(lang, "activity-not-in-instance", &[]),
        );
    };
    let session = Session {
        user,
        name: name.clone(),
        expires: web.service.now() + SESSION_MS,
        place: Some((found.channel, found.guild)),
    };
    let table = match web.service.table(At::Channel(channel)).await {
        Ok(table) => Some(table_json(web, &table)),
        Err(_) => None,
    };
    json_response(
        StatusCode::OK,
        json!({
            "access_token": access,
            "session": web.links.keys.session_cookie(&session),
            "user": { "name": name },
            "table": table,
        }),
    )
}

/// A new table's number: a snowflake of now (as an interaction's id would
/// be), with random low bits.
fn new_table_no(now_ms: u64) -> u64 {
    const DISCORD_EPOCH: u64 = 1_420_070_400_000;
    (now_ms.saturating_sub(DISCORD_EPOCH) << 22) | (rand::random::<u64>() & 0x3F_FFFF)
}

/// `POST /activity/open` `{session, game, level, open}`: opens a table in
/// the session's channel (a server's: outside one the board message could
/// not be posted), as the slash command would; Discord's board message
/// follows.
pub(super) async fn open(
    web: &Web,
    request: Request<Incoming>,
    lang: Lang,
) -> Response<Full<Bytes>> {
    let Some(asked) = body(request).await else {
        return refused(StatusCode::BAD_REQUEST, tr(lang, "web-bad-message", &[]));
    };
    let session = asked["session"]
        .as_str()
        .and_then(|s| web.links.keys.session(s, web.service.now()));
    let Some(Session {
        user,
        name,
        place: Some((channel, guild)),
        ..
    }) = session
    else {
        return refused(StatusCode::FORBIDDEN, tr(lang, "web-log-in-to-play", &[]));
    };
    if guild == 0 {
        return refused(
            StatusCode::BAD_REQUEST,
            tr(lang, "activity-open-outside", &[]),
        );
    }
    let kind = match asked["game"].as_str() {
        Some("connect4") => GameKind::Connect4,
        Some("connect4-3p") => GameKind::Connect4ThreePlayer,
        Some("connect4-3d") => GameKind::Connect4ThreeD,
        Some("dots") => GameKind::DOTS_DEFAULT,
        _ => return refused(StatusCode::BAD_REQUEST, tr(lang, "web-bad-message", &[])),
    };
    let level = match asked["level"].as_str() {
        None => None,
        Some(name) => match crate::cpu::Level::parse(name) {
            Some(level) => Some(level),
            None => return refused(StatusCode::BAD_REQUEST, tr(lang, "web-bad-message", &[])),
        },
    };
    let host = Host {
        no: new_table_no(web.service.now()),
        guild,
        channel,
        user,
        name,
        lang,
    };
    let request = PlayRequest {
        level,
        open: asked["open"].as_bool().unwrap_or(false),
        ..PlayRequest::new(kind)
    };
    match web.service.open_here(host, request).await {
        Ok(table) => {
            // The board message is posted in the channel.
            web.service.announce(table.no());
            json_response(StatusCode::OK, json!({ "table": table_json(web, &table) }))
        }
        Err(ServiceError::Refused(r)) => refused(StatusCode::CONFLICT, r.message_in(lang)),
        Err(ServiceError::Busy(b)) => {
            refused(StatusCode::TOO_MANY_REQUESTS, tr(lang, b.key(), &[]))
        }
        Err(ServiceError::Store(_)) => refused(
            StatusCode::SERVICE_UNAVAILABLE,
            tr(lang, "error-storage", &[]),
        ),
    }
}

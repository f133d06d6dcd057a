//! REST routes of the stand-in, with Discord's rules and error shapes.

use std::collections::HashSet;
use std::sync::PoisonError;

use serde_json::{json, Value};

use super::http::{self, multipart_boundary, parse_multipart, Part, Request, Response};
use super::model::{
    iso_now, member_json, user_json, ApiError, Attachment, Channel, FaultCause, FaultHit, Msg,
    Reply, Violation, EPHEMERAL, LOADING,
};
use super::rules::{self, Problems};
use super::{FaultAction, Inner, RequestRecord, State};

/// A refusal: HTTP status, Discord code, message, and for 50035 the problems.
struct Refusal {
    status: u16,
    code: u64,
    message: String,
    problems: Problems,
    /// Set when an injected fault (not the bot) caused the refusal: such
    /// refusals are recorded in `fault_hits`, never as violations.
    injected: Option<FaultCause>,
}

impl Refusal {
    fn new(status: u16, code: u64, message: &str) -> Refusal {
        Refusal {
            status,
            code,
            message: message.to_string(),
            problems: vec![],
            injected: None,
        }
    }

    /// Marks the refusal as caused by an injected fault.
    fn injected(mut self, cause: FaultCause) -> Refusal {
        self.injected = Some(cause);
        self
    }

    /// Discord's generic error for a bare HTTP status (`fail_next`), e.g.
    /// 500 -> `{"message": "500: Internal Server Error", "code": 0}`.
    fn status(status: u16) -> Refusal {
        let message = match status {
            429 => "You are being rate limited.".to_string(),
            _ => format!("{status}: {}", http::reason(status)),
        };
        Refusal::new(status, 0, &message).injected(FaultCause::Failed)
    }

    fn form(problems: Problems) -> Refusal {
        Refusal {
            status: 400,
            code: 50035,
            message: "Invalid Form Body".into(),
            problems,
            injected: None,
        }
    }

    fn unknown_message() -> Refusal {
        Refusal::new(404, 10008, "Unknown Message")
    }

    /// The refusal for message `mid` that is gone: injected when a moderator deleted it.
    fn unknown_message_for(st: &State, mid: u64) -> Refusal {
        let r = Refusal::unknown_message();
        if st.moderator_deleted.contains(&mid) {
            r.injected(FaultCause::DeletedMessage)
        } else {
            r
        }
    }

    fn body(&self) -> Value {
        let mut v = if self.problems.is_empty() {
            json!({"message": self.message, "code": self.code})
        } else {
            json!({"message": self.message, "code": self.code, "errors": rules::errors_object(&self.problems)})
        };
        if self.status == 429 {
            v["retry_after"] = json!(1.0);
            v["global"] = json!(false);
        }
        v
    }

    fn detail(&self) -> String {
        if self.problems.is_empty() {
            self.message.clone()
        } else {
            let list: Vec<String> = self
                .problems
                .iter()
                .map(|(p, m)| format!("{p}: {m}"))
                .collect();
            format!("{}: {}", self.message, list.join("; "))
        }
    }
}

type Res = Result<Response, Refusal>;

fn id_of(s: &str) -> Option<u64> {
    s.parse().ok()
}

/// What an armed fault does to this request.
enum Hit {
    Action(FaultAction),
    /// A rate limit: the time left in its window.
    Limited {
        left: std::time::Duration,
        global: bool,
    },
}

/// Consumes one use of the first armed fault matching this request (a
/// timed one lasts until its window ends; a rate limit's window opens at
/// its first hit).
fn take_fault(st: &mut State, method: &str, path: &str) -> Option<Hit> {
    let now = std::time::Instant::now();
    st.fault_rules.retain(|r| r.live(now));
    let rule = st
        .fault_rules
        .iter_mut()
        .find(|r| r.matches(method, path))?;
    if rule.lasts.is_none() {
        rule.remaining -= 1;
    }
    let hit = match rule.action {
        FaultAction::RateLimit { global } => {
            let opened = rule.started.is_none();
            let started = *rule.started.get_or_insert(now);
            let end = started + rule.lasts.unwrap_or_default();
            if opened {
                st.rate_limit_windows.push((started, end));
            }
            Hit::Limited {
                left: end.saturating_duration_since(now),
                global,
            }
        }
        action => Hit::Action(action),
    };
    st.fault_rules.retain(|r| r.live(now));
    Some(hit)
}

/// Discord's 429: the time left as `retry_after` (seconds), the headers
/// Discord sends with it, and no `code` in the body.
fn rate_limited(left: std::time::Duration, global: bool) -> Response {
    let secs = left.as_secs_f64().max(0.001);
    let mut response = Response::json(
        429,
        &json!({"message": "You are being rate limited.", "retry_after": (secs * 1000.0).ceil() / 1000.0, "global": global}),
    );
    response.headers = vec![
        ("Retry-After".into(), format!("{}", secs.ceil() as u64)),
        ("X-RateLimit-Limit".into(), "5".into()),
        ("X-RateLimit-Remaining".into(), "0".into()),
        ("X-RateLimit-Reset-After".into(), format!("{secs:.3}")),
        ("X-RateLimit-Bucket".into(), "standin".into()),
        (
            "X-RateLimit-Scope".into(),
            if global { "global" } else { "user" }.into(),
        ),
    ];
    if global {
        response
            .headers
            .push(("X-RateLimit-Global".into(), "true".into()));
    }
    response
}

/// The interaction id of a `/api/v10/interactions/{id}/...` path.
fn interaction_of_path(path: &str) -> Option<u64> {
    let rest = path.strip_prefix("/api/v10/interactions/")?;
    id_of(rest.split('/').next()?)
}

/// Entry point: every request goes through here. `None`: leave it unanswered.
pub fn handle(inner: &Inner, req: Request) -> Option<Response> {
    let route = format!("{} {}", req.method, req.path);
    let arrived = std::time::Instant::now();
    let mut st = inner.st.lock().unwrap_or_else(PoisonError::into_inner);
    st.requests.push(route.clone());
    if let Some(auth) = req.header("authorization") {
        st.rest_auth = Some(auth.to_string());
    }
    if let Some(response) = super::oauth::handle(&mut st, &req) {
        st.request_log.push(RequestRecord {
            at: arrived,
            route,
            status: response.status,
        });
        drop(st);
        inner.bump();
        return Some(response);
    }
    let response = if let Some(rest) = req.path.strip_prefix("/api/v10") {
        let expected = st.expected_token.clone();
        let auth_ok = match (&expected, req.header("authorization")) {
            (None, _) => true,
            (Some(exp), Some(got)) => {
                got.trim_start_matches("Bot ") == exp.trim_start_matches("Bot ")
            }
            (Some(_), None) => rest.starts_with("/interactions/") || rest.starts_with("/webhooks/"),
        };
        if !auth_ok {
            Err(Refusal::new(401, 0, "401: Unauthorized"))
        } else if let Some(hit) = take_fault(&mut st, &req.method, rest) {
            match hit {
                Hit::Action(FaultAction::Fail(status)) => Err(Refusal::status(status)),
                Hit::Action(FaultAction::Hang) => {
                    st.fault_hits.push(FaultHit {
                        route: route.clone(),
                        cause: FaultCause::Hung,
                        status: 0,
                        code: 0,
                    });
                    st.request_log.push(RequestRecord {
                        at: arrived,
                        route,
                        status: 0,
                    });
                    drop(st);
                    inner.bump();
                    return None;
                }
                Hit::Action(FaultAction::RateLimit { .. }) => unreachable!("a Limited hit"),
                Hit::Limited { left, global } => {
                    st.fault_hits.push(FaultHit {
                        route: route.clone(),
                        cause: FaultCause::RateLimited,
                        status: 429,
                        code: 0,
                    });
                    st.request_log.push(RequestRecord {
                        at: arrived,
                        route,
                        status: 429,
                    });
                    drop(st);
                    inner.bump();
                    return Some(rate_limited(left, global));
                }
            }
        } else {
            let segs: Vec<String> = rest
                .split('/')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let segs: Vec<&str> = segs.iter().map(String::as_str).collect();
            route_api(inner, &mut st, &req, &segs)
        }
    } else if let ["attachments", _, id, _] = req
        .path
        .split('/')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .as_slice()
    {
        let id = id_of(id).unwrap_or(0);
        let file = st
            .messages
            .values()
            .flat_map(|m| m.attachments.iter())
            .find(|a| a.id == id)
            .cloned();
        match file {
            Some(a) => Ok(Response::bytes("application/octet-stream", a.bytes)),
            None => Err(Refusal::new(404, 0, "404: Not Found")),
        }
    } else {
        Err(Refusal::new(404, 0, "404: Not Found"))
    };
    let response = match response {
        Ok(r) => r,
        Err(refusal) => {
            if let Some(cause) = refusal.injected {
                st.fault_hits.push(FaultHit {
                    route: route.clone(),
                    cause,
                    status: refusal.status,
                    code: refusal.code,
                });
                if let Some(ix) =
                    interaction_of_path(&req.path).and_then(|id| st.interactions.get_mut(&id))
                {
                    ix.faulted.push(ApiError {
                        status: refusal.status,
                        code: refusal.code,
                        message: refusal.detail(),
                    });
                }
            } else if refusal.status == 404 && refusal.code == 0 {
                // Only the bot's own calls count. A request outside the API
                // without a token comes from another test's client: a web
                // page reconnecting to a port its server left, which this
                // stand-in was given next (seen in CI as
                // `GET /t/<link>/socket`).
                if req.path.starts_with("/api/") || req.header("authorization").is_some() {
                    st.unknown_routes.push(route.clone());
                }
            } else if refusal.code != 0 {
                st.violations.push(Violation {
                    route: route.clone(),
                    code: refusal.code,
                    detail: refusal.detail(),
                });
            }
            Response::json(refusal.status, &refusal.body())
        }
    };
    st.request_log.push(RequestRecord {
        at: arrived,
        route,
        status: response.status,
    });
    drop(st);
    inner.bump();
    Some(response)
}

fn not_found() -> Refusal {
    Refusal::new(404, 0, "404: Not Found")
}

fn route_api(inner: &Inner, st: &mut State, req: &Request, segs: &[&str]) -> Res {
    let m = req.method.as_str();
    if let ["channels", ch, ..] = segs {
        if id_of(ch).is_some_and(|c| st.private_contexts.contains_key(&c)) {
            // Only a person's install reaches this channel: the bot is no
            // member of it and may use interaction webhooks alone.
            st.private_channel_calls
                .push(format!("{} {}", req.method, req.path));
            return Err(Refusal::new(403, 50001, "Missing Access"));
        }
        if id_of(ch).is_some_and(|c| st.denied_channels.contains(&c)) {
            // The bot lost VIEW_CHANNEL: every channel route is refused
            // (interaction callbacks and webhooks do not need it).
            return Err(
                Refusal::new(403, 50001, "Missing Access").injected(FaultCause::DeniedChannel)
            );
        }
    }
    match (m, segs) {
        ("GET", ["gateway"]) => Ok(Response::json(200, &json!({"url": inner.gateway_url()}))),
        ("GET", ["gateway", "bot"]) => Ok(Response::json(
            200,
            &json!({
                "url": inner.gateway_url(),
                "shards": st.recommended_shards,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
            }),
        )),
        ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
            Ok(Response::json(200, &application_json(st)))
        }
        ("GET", ["users", "@me"]) => Ok(Response::json(200, &bot_user_json(st))),
        ("GET", ["users", uid]) => {
            let u = id_of(uid).and_then(|id| st.users.get(&id).cloned());
            match u {
                Some(u) => Ok(Response::json(200, &user_json(&u))),
                None if id_of(uid) == Some(st.bot_id) => {
                    Ok(Response::json(200, &bot_user_json(st)))
                }
                None => Err(Refusal::new(404, 10013, "Unknown User")),
            }
        }
        ("GET", ["guilds", g, "members", uid]) if id_of(g) == Some(st.guild_id) => {
            let u = id_of(uid).and_then(|id| st.users.get(&id).cloned());
            match u {
                Some(u) => Ok(Response::json(200, &member_json(&u, &st.joined_at, true))),
                None => Err(Refusal::new(404, 10007, "Unknown Member")),
            }
        }
        (_, ["applications", app, "commands", ..])
        | (_, ["applications", app, "guilds", _, "commands", ..])
            if id_of(app) != Some(st.app_id) =>
        {
            Err(Refusal::new(404, 10002, "Unknown Application"))
        }
        ("GET", ["applications", app, "activity-instances", id]) => {
            Ok(super::activity::get_instance(st, app, id))
        }
        ("PUT", ["applications", _, "commands"]) => put_commands(st, req, None),
        ("GET", ["applications", _, "commands"]) => Ok(Response::json(
            200,
            &Value::Array(st.global_commands.clone()),
        )),
        ("POST", ["applications", _, "commands"]) => post_command(st, req, None),
        ("PUT", ["applications", _, "guilds", g, "commands"]) => {
            put_commands(st, req, Some(guild(st, g)?))
        }
        ("GET", ["applications", _, "guilds", g, "commands"]) => {
            let g = guild(st, g)?;
            Ok(Response::json(
                200,
                &Value::Array(st.guild_commands.get(&g).cloned().unwrap_or_default()),
            ))
        }
        ("POST", ["applications", _, "guilds", g, "commands"]) => {
            post_command(st, req, Some(guild(st, g)?))
        }
        ("POST", ["interactions", id, token, "callback"]) => callback(inner, st, req, id, token),
        ("POST", ["webhooks", app, token]) => followup(inner, st, req, app, token),
        (_, ["webhooks", app, token, "messages", mid]) => {
            webhook_message(inner, st, req, app, token, mid)
        }
        ("POST", ["channels", ch, "messages"]) => {
            let ch = channel(st, ch)?;
            let (payload, parts) = parse_body(req)?;
            let mut p = rules::check_message("", &payload);
            let atts = resolve_attachments(st, &payload, &parts, None, "", &mut p);
            if !p.is_empty() {
                return Err(Refusal::form(p));
            }
            let id = create_message(st, ch, &payload, atts, None, false, 0)?;
            Ok(Response::json(200, &message_json(inner, st, id)))
        }
        ("POST", ["channels", ch, "threads"]) => create_thread(st, req, ch),
        ("PATCH", ["channels", ch]) => {
            // Only reopening an archived thread is modelled.
            let ch = channel(st, ch)?;
            let (payload, _) = parse_body(req)?;
            if st.channels[&ch].kind != 11 || payload.get("archived") != Some(&json!(false)) {
                return Err(Refusal::new(400, 50035, "Invalid Form Body"));
            }
            st.archived.remove(&ch);
            st.reopened.push(ch);
            let v = channel_json(st, ch, true);
            super::StandIn::dispatch_locked(st, "THREAD_UPDATE", v.clone());
            Ok(Response::json(200, &v))
        }
        ("GET", ["channels", ch, "messages"]) => {
            let ch = channel(st, ch)?;
            let limit: usize = req
                .query
                .get("limit")
                .and_then(|l| l.parse().ok())
                .unwrap_or(50)
                .min(100);
            let list: Vec<u64> = st
                .messages
                .values()
                .rev()
                .filter(|m| m.channel_id == ch && !m.deleted && !m.ephemeral())
                .take(limit)
                .map(|m| m.id)
                .collect();
            let out: Vec<Value> = list.iter().map(|id| message_json(inner, st, *id)).collect();
            Ok(Response::json(200, &Value::Array(out)))
        }
        (_, ["channels", ch, "messages", mid]) => {
            let ch = channel(st, ch)?;
            let mid = id_of(mid).ok_or_else(Refusal::unknown_message)?;
            match st.messages.get(&mid) {
                Some(msg) if msg.channel_id == ch && !msg.deleted && !msg.ephemeral() => {}
                Some(msg) if msg.channel_id == ch => {
                    return Err(Refusal::unknown_message_for(st, mid))
                }
                _ => return Err(Refusal::unknown_message()),
            }
            match m {
                "GET" => Ok(Response::json(200, &message_json(inner, st, mid))),
                "PATCH" => {
                    let (payload, parts) = parse_body(req)?;
                    edit_message(st, mid, &payload, &parts, "")?;
                    Ok(Response::json(200, &message_json(inner, st, mid)))
                }
                "DELETE" => {
                    delete_message(st, mid);
                    Ok(Response::no_content())
                }
                _ => Err(not_found()),
            }
        }
        ("GET", ["channels", ch]) => {
            let ch = channel(st, ch)?;
            Ok(Response::json(200, &channel_json(st, ch, true)))
        }
        _ => Err(not_found()),
    }
}

/// `POST /channels/{id}/threads` (a thread without a starter message), as
/// Discord checks it: a text channel of a guild, a name of 1 to 100
/// characters, type 11 (public), an auto-archive of 60, 1440, 4320 or
/// 10080 minutes, and the bot's Create Public Threads permission there.
/// The new thread is announced with THREAD_CREATE.
fn create_thread(st: &mut State, req: &Request, ch: &str) -> Res {
    let parent = channel(st, ch)?;
    if st.channels[&parent].kind != 0 {
        return Err(Refusal::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    }
    if st.no_threads.contains(&parent) {
        return Err(Refusal::new(403, 50013, "Missing Permissions"));
    }
    let (payload, _) = parse_body(req)?;
    let name = payload.get("name").and_then(Value::as_str).unwrap_or("");
    let length = name.chars().count();
    let kind = payload.get("type").and_then(Value::as_u64).unwrap_or(12);
    let archive = payload
        .get("auto_archive_duration")
        .and_then(Value::as_u64)
        .unwrap_or(4320);
    let mut p = Problems::new();
    if !(1..=100).contains(&length) {
        p.push(("name".into(), "Must be between 1 and 100 in length.".into()));
    }
    if kind != 11 {
        p.push(("type".into(), "Value must be one of {11, 12}.".into()));
    }
    if ![60, 1440, 4320, 10080].contains(&archive) {
        p.push((
            "auto_archive_duration".into(),
            "Value must be one of {60, 1440, 4320, 10080}.".into(),
        ));
    }
    if !p.is_empty() {
        return Err(Refusal::form(p));
    }
    let id = st.snowflake();
    let guild = st.channels[&parent].guild;
    st.channels.insert(
        id,
        Channel {
            id,
            name: name.to_owned(),
            kind: 11,
            parent_id: Some(parent),
            guild,
        },
    );
    st.threads_created
        .push((id, parent, name.to_owned(), archive));
    let mut v = channel_json(st, id, true);
    v["thread_metadata"]["auto_archive_duration"] = json!(archive);
    v["member_count"] = json!(1);
    v["message_count"] = json!(0);
    super::StandIn::dispatch_locked(st, "THREAD_CREATE", v.clone());
    Ok(Response::json(201, &v))
}

fn guild(st: &State, g: &str) -> Result<u64, Refusal> {
    match id_of(g) {
        Some(g) if g == st.guild_id => Ok(g),
        _ => Err(Refusal::new(404, 10004, "Unknown Guild")),
    }
}

fn channel(st: &State, ch: &str) -> Result<u64, Refusal> {
    match id_of(ch) {
        Some(c) if st.channels.contains_key(&c) => Ok(c),
        _ => Err(Refusal::new(404, 10003, "Unknown Channel")),
    }
}

fn bot_user_json(st: &State) -> Value {
    json!({
        "id": st.bot_id.to_string(),
        "username": st.bot_name,
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
        "public_flags": 0,
    })
}

fn application_json(st: &State) -> Value {
    json!({
        "id": st.app_id.to_string(),
        "name": st.bot_name,
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0000",
        "flags": 0,
        "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": null},
        "team": null,
        "bot": bot_user_json(st),
    })
}

pub fn channel_json(st: &State, ch: u64, full: bool) -> Value {
    let c = &st.channels[&ch];
    if matches!(c.kind, 1 | 3) {
        // A DM or group DM: no guild, no name for a DM.
        let mut v = json!({"id": c.id.to_string(), "type": c.kind, "flags": 0});
        if c.kind == 3 {
            v["name"] = json!(c.name);
        }
        if !full {
            v["permissions"] = json!(super::model::MEMBER_PERMISSIONS);
        }
        return v;
    }
    let mut v = json!({
        "id": c.id.to_string(),
        "type": c.kind,
        "name": c.name,
        "guild_id": c.guild.to_string(),
        "parent_id": c.parent_id.map(|p| p.to_string()),
        "nsfw": false,
        "flags": 0,
    });
    if c.kind == 11 {
        v["thread_metadata"] = json!({
            "archived": st.archived.contains(&ch), "auto_archive_duration": 1440, "archive_timestamp": st.joined_at, "locked": false
        });
        v["owner_id"] = json!(st.bot_id.to_string());
    }
    if full {
        v["position"] = json!(0);
        v["permission_overwrites"] = json!([]);
        v["rate_limit_per_user"] = json!(0);
        v["topic"] = Value::Null;
        v["last_message_id"] = Value::Null;
    } else {
        v["permissions"] = json!(super::model::MEMBER_PERMISSIONS);
    }
    v
}

/// The JSON body (plain or `payload_json`) and the file parts.
fn parse_body(req: &Request) -> Result<(Value, Vec<Part>), Refusal> {
    let bad_json = || Refusal::new(400, 50109, "The request body contains invalid JSON.");
    let ct = req.header("content-type").unwrap_or_default();
    if let Some(boundary) = multipart_boundary(ct) {
        let parts = parse_multipart(&req.body, &boundary).map_err(|_| bad_json())?;
        let payload = match parts.iter().find(|p| p.name == "payload_json") {
            Some(p) => serde_json::from_slice(&p.data).map_err(|_| bad_json())?,
            None => json!({}),
        };
        let files = parts
            .into_iter()
            .filter(|p| p.name != "payload_json")
            .collect();
        Ok((payload, files))
    } else if req.body.is_empty() {
        Ok((json!({}), vec![]))
    } else {
        Ok((
            serde_json::from_slice(&req.body).map_err(|_| bad_json())?,
            vec![],
        ))
    }
}

fn file_index(part: &Part) -> Option<u64> {
    if part.name == "file" {
        return Some(0);
    }
    part.name
        .strip_prefix("files[")?
        .strip_suffix(']')?
        .parse()
        .ok()
}

fn json_id(v: Option<&Value>) -> Option<u64> {
    match v? {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

/// Resulting attachments of a create (`old == None`) or edit, following
/// Discord: an `attachments` array keeps exactly what it lists (new files are
/// matched to `files[n]` parts by id); without it an edit keeps the old ones.
fn resolve_attachments(
    st: &mut State,
    payload: &Value,
    parts: &[Part],
    old: Option<&[Attachment]>,
    base: &str,
    problems: &mut Problems,
) -> Vec<Attachment> {
    let files: Vec<(u64, &Part)> = parts
        .iter()
        .filter_map(|p| file_index(p).map(|i| (i, p)))
        .collect();
    let at = |k: String| {
        if base.is_empty() {
            k
        } else {
            format!("{base}.{k}")
        }
    };
    let mut used = HashSet::new();
    let mut out = Vec::new();
    let new_att = |st: &mut State, part: &Part, entry: Option<&Value>| {
        let filename = entry
            .and_then(|e| e.get("filename"))
            .and_then(Value::as_str)
            .map(str::to_string)
            .or_else(|| part.filename.clone())
            .unwrap_or_else(|| "file".to_string());
        Attachment {
            id: st.snowflake(),
            filename,
            description: entry
                .and_then(|e| e.get("description"))
                .and_then(Value::as_str)
                .map(str::to_string),
            content_type: part.content_type.clone(),
            bytes: part.data.clone(),
        }
    };
    match payload.get("attachments") {
        Some(Value::Array(entries)) => {
            for (i, e) in entries.iter().enumerate() {
                let id = json_id(e.get("id"));
                let existing = old.and_then(|o| o.iter().find(|a| Some(a.id) == id));
                let part = files.iter().find(|(n, _)| Some(*n) == id).map(|(_, p)| *p);
                match (existing, part) {
                    (Some(a), _) if e.get("filename").is_none() => out.push(a.clone()),
                    (_, Some(p)) => {
                        used.insert(id.unwrap_or(u64::MAX));
                        out.push(new_att(st, p, Some(e)));
                    }
                    (Some(a), None) => out.push(a.clone()),
                    (None, None) => problems.push((
                        at(format!("attachments.{i}.id")),
                        format!("unknown attachment id {:?}", e.get("id")),
                    )),
                }
            }
            for (n, p) in &files {
                if !used.contains(n) {
                    out.push(new_att(st, p, None));
                }
            }
        }
        _ => {
            out.extend(old.unwrap_or_default().iter().cloned());
            for (_, p) in &files {
                out.push(new_att(st, p, None));
            }
        }
    }
    if out.len() > 10 {
        problems.push((
            at("attachments".into()),
            "must be 10 or fewer in length".into(),
        ));
    }
    for (i, a) in out.iter().enumerate() {
        if a.description
            .as_ref()
            .is_some_and(|d| d.chars().count() > 1024)
        {
            problems.push((
                at(format!("attachments.{i}.description")),
                "must be 1024 or fewer in length".into(),
            ));
        }
    }
    out
}

fn is_empty_message(
    content: &str,
    embeds: &[Value],
    components: &[Value],
    atts: &[Attachment],
) -> bool {
    content.is_empty() && embeds.is_empty() && components.is_empty() && atts.is_empty()
}

fn arr(v: Option<&Value>) -> Option<Vec<Value>> {
    match v {
        Some(Value::Array(a)) => Some(a.clone()),
        Some(Value::Null) => Some(vec![]),
        _ => None,
    }
}

/// Creates a message (after validation by the caller).
#[allow(clippy::too_many_arguments)]
fn create_message(
    st: &mut State,
    channel_id: u64,
    payload: &Value,
    attachments: Vec<Attachment>,
    interaction_id: Option<u64>,
    is_original: bool,
    extra_flags: u64,
) -> Result<u64, Refusal> {
    let content = payload
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let embeds = arr(payload.get("embeds")).unwrap_or_default();
    let components = arr(payload.get("components")).unwrap_or_default();
    let flags = (payload.get("flags").and_then(Value::as_u64).unwrap_or(0)
        & (EPHEMERAL | 4 | 4096))
        | extra_flags;
    if flags & LOADING == 0 && is_empty_message(&content, &embeds, &components, &attachments) {
        return Err(Refusal::new(400, 50006, "Cannot send an empty message"));
    }
    if interaction_id.is_none() && flags & EPHEMERAL != 0 {
        return Err(Refusal::form(vec![(
            "flags".into(),
            "ephemeral is only for interaction responses".into(),
        )]));
    }
    let id = st.snowflake();
    st.messages.insert(
        id,
        Msg {
            id,
            channel_id,
            content,
            embeds,
            components,
            attachments,
            flags,
            interaction_id,
            is_original,
            version: 0,
            deleted: false,
            created: iso_now(),
            edited: None,
        },
    );
    Ok(id)
}

/// Validates and applies an edit; on refusal nothing changes.
fn edit_message(
    st: &mut State,
    mid: u64,
    payload: &Value,
    parts: &[Part],
    base: &str,
) -> Result<(), Refusal> {
    let mut p = rules::check_message(base, payload);
    let old = st.messages[&mid].attachments.clone();
    let atts = resolve_attachments(st, payload, parts, Some(&old), base, &mut p);
    if !p.is_empty() {
        return Err(Refusal::form(p));
    }
    let msg = st.messages.get(&mid).expect("message");
    let content = match payload.get("content") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) => String::new(),
        _ => msg.content.clone(),
    };
    let embeds = arr(payload.get("embeds")).unwrap_or_else(|| msg.embeds.clone());
    let components = arr(payload.get("components")).unwrap_or_else(|| msg.components.clone());
    if is_empty_message(&content, &embeds, &components, &atts) {
        return Err(Refusal::new(400, 50006, "Cannot send an empty message"));
    }
    let msg = st.messages.get_mut(&mid).expect("message");
    msg.content = content;
    msg.embeds = embeds;
    msg.components = components;
    msg.attachments = atts;
    msg.flags &= !LOADING;
    if let Some(f) = payload.get("flags").and_then(Value::as_u64) {
        // Only SUPPRESS_EMBEDS can change on edit.
        msg.flags = (msg.flags & !4) | (f & 4);
    }
    msg.version += 1;
    msg.edited = Some(iso_now());
    Ok(())
}

pub fn delete_message(st: &mut State, mid: u64) {
    if let Some(m) = st.messages.get_mut(&mid) {
        m.deleted = true;
        m.version += 1;
    }
}

pub fn attachment_json(inner: &Inner, msg: &Msg, a: &Attachment) -> Value {
    let url = format!(
        "{}/attachments/{}/{}/{}",
        inner.base_url(),
        msg.channel_id,
        a.id,
        a.filename
    );
    let mut v = json!({
        "id": a.id.to_string(),
        "filename": a.filename,
        "size": a.bytes.len(),
        "url": url,
        "proxy_url": url,
    });
    if let Some(d) = &a.description {
        v["description"] = json!(d);
    }
    if let Some(ct) = &a.content_type {
        v["content_type"] = json!(ct);
    }
    if let Some((w, h)) = a.png_size() {
        v["width"] = json!(w);
        v["height"] = json!(h);
    }
    if msg.ephemeral() {
        v["ephemeral"] = json!(true);
    }
    v
}

/// A full Message object as Discord returns it.
pub fn message_json(inner: &Inner, st: &State, id: u64) -> Value {
    let m = &st.messages[&id];
    let kind = if m.is_original
        && st
            .interactions
            .get(&m.interaction_id.unwrap_or(0))
            .is_some_and(|i| i.kind == 2)
    {
        20
    } else {
        0
    };
    let mut v = json!({
        "id": m.id.to_string(),
        "channel_id": m.channel_id.to_string(),
        "guild_id": st.guild_id.to_string(),
        "author": bot_user_json(st),
        "content": m.content,
        "timestamp": m.created,
        "edited_timestamp": m.edited,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": m.attachments.iter().map(|a| attachment_json(inner, m, a)).collect::<Vec<_>>(),
        "embeds": m.embeds,
        "components": m.components,
        "pinned": false,
        "type": kind,
        "flags": m.flags,
    });
    match st.private_contexts.get(&m.channel_id) {
        // A DM or group DM has no guild; a server that did not add the bot
        // is the channel's own.
        Some(_) if st.channels[&m.channel_id].guild == 0 => {
            if let Some(o) = v.as_object_mut() {
                o.remove("guild_id");
            }
        }
        Some(_) => v["guild_id"] = json!(st.channels[&m.channel_id].guild.to_string()),
        None => {}
    }
    if m.interaction_id.is_some() {
        v["webhook_id"] = json!(st.app_id.to_string());
        v["application_id"] = json!(st.app_id.to_string());
    }
    v
}

fn put_commands(st: &mut State, req: &Request, guild: Option<u64>) -> Res {
    let (payload, _) = parse_body(req)?;
    let Some(list) = payload.as_array() else {
        return Err(Refusal::form(vec![(
            "".into(),
            "expected an array of commands".into(),
        )]));
    };
    let mut p = Problems::new();
    let mut names = HashSet::new();
    for (i, c) in list.iter().enumerate() {
        p.extend(rules::check_command(&i.to_string(), c));
        let key = (
            c.get("type").and_then(Value::as_u64).unwrap_or(1),
            c.get("name").cloned(),
        );
        if !names.insert(key.clone()) {
            p.push((
                format!("{i}.name"),
                format!("duplicate command name {:?}", key.1),
            ));
        }
    }
    if list.len() > 100 {
        p.push(("".into(), "at most 100 chat input commands".into()));
    }
    p.extend(super::activity::check_entry_points(list, guild.is_some()));
    // Discord: an Entry Point command is never removed by a bulk update.
    let had_entry = guild.is_none()
        && st
            .global_commands
            .iter()
            .any(|c| c.get("type").and_then(Value::as_u64) == Some(4));
    let keeps_entry = list
        .iter()
        .any(|c| c.get("type").and_then(Value::as_u64) == Some(4));
    if had_entry && !keeps_entry {
        return Err(Refusal::new(
            400,
            50240,
            "You cannot remove this app's Entry Point command in a bulk update operation.",
        ));
    }
    if !p.is_empty() {
        return Err(Refusal::form(p));
    }
    let old = match guild {
        Some(g) => st.guild_commands.get(&g).cloned().unwrap_or_default(),
        None => st.global_commands.clone(),
    };
    let stored: Vec<Value> = list
        .iter()
        .map(|c| {
            let existing = old
                .iter()
                .find(|o| o.get("name") == c.get("name"))
                .and_then(|o| json_id(o.get("id")));
            let id = existing.unwrap_or_else(|| st.snowflake());
            stored_command(st, c, id, guild)
        })
        .collect();
    match guild {
        Some(g) => {
            st.guild_commands.insert(g, stored.clone());
        }
        None => st.global_commands = stored.clone(),
    }
    st.command_puts += 1;
    Ok(Response::json(200, &Value::Array(stored)))
}

fn post_command(st: &mut State, req: &Request, guild: Option<u64>) -> Res {
    let (payload, _) = parse_body(req)?;
    let p = rules::check_command("", &payload);
    if !p.is_empty() {
        return Err(Refusal::form(p));
    }
    let id = st.snowflake();
    let stored = stored_command(st, &payload, id, guild);
    let list = match guild {
        Some(g) => st.guild_commands.entry(g).or_default(),
        None => &mut st.global_commands,
    };
    list.retain(|c| c.get("name") != stored.get("name"));
    list.push(stored.clone());
    st.command_puts += 1;
    Ok(Response::json(201, &stored))
}

fn stored_command(st: &mut State, c: &Value, id: u64, guild: Option<u64>) -> Value {
    let mut v = c.clone();
    v["id"] = json!(id.to_string());
    v["application_id"] = json!(st.app_id.to_string());
    v["version"] = json!(st.snowflake().to_string());
    if v.get("type").is_none() {
        v["type"] = json!(1);
    }
    if v.get("description").is_none() {
        v["description"] = json!("");
    }
    if v.get("default_member_permissions").is_none() {
        v["default_member_permissions"] = Value::Null;
    }
    if v.get("nsfw").is_none() {
        v["nsfw"] = json!(false);
    }
    if let Some(g) = guild {
        v["guild_id"] = json!(g.to_string());
    }
    v
}

/// `POST /interactions/{id}/{token}/callback`.
fn callback(inner: &Inner, st: &mut State, req: &Request, id: &str, token: &str) -> Res {
    let result = callback_inner(inner, st, req, id, token);
    // Injected refusals go to `faulted` (in `handle`).
    if let (Err(r @ Refusal { injected: None, .. }), Some(ix)) =
        (&result, id_of(id).and_then(|i| st.interactions.get_mut(&i)))
    {
        ix.refused.push(ApiError {
            status: r.status,
            code: r.code,
            message: r.detail(),
        });
    }
    result
}

fn callback_inner(_inner: &Inner, st: &mut State, req: &Request, id: &str, token: &str) -> Res {
    let unknown = || Refusal::new(404, 10062, "Unknown interaction");
    let iid = id_of(id).ok_or_else(unknown)?;
    let window = st.callback_window;
    let ix = st.interactions.get(&iid).ok_or_else(unknown)?;
    if ix.token != token {
        return Err(unknown());
    }
    if ix.token_expired {
        return Err(unknown().injected(FaultCause::ExpiredToken));
    }
    if ix.reply.is_some() {
        return Err(Refusal::new(
            400,
            40060,
            "Interaction has already been acknowledged.",
        ));
    }
    if ix.sent_at.elapsed() > window {
        let mut r = unknown();
        r.message = format!(
            "Unknown interaction (callback came {:?} after the interaction)",
            ix.sent_at.elapsed()
        );
        return Err(r);
    }
    let (ix_kind, ix_channel, source) = (ix.kind, ix.channel_id, ix.source_message);
    let (payload, parts) = parse_body(req)?;
    let kind = payload.get("type").and_then(Value::as_u64).unwrap_or(0) as u8;
    let data = payload.get("data").cloned().unwrap_or(Value::Null);
    let allowed = match kind {
        4 | 5 => ix_kind != 4,
        6 | 7 => ix_kind == 3 || (ix_kind == 5 && source.is_some()),
        8 => ix_kind == 4,
        9 => ix_kind == 2 || ix_kind == 3,
        // LAUNCH_ACTIVITY: a command or a component, for an app with
        // Activities on.
        12 => (ix_kind == 2 || ix_kind == 3) && st.activities,
        _ => false,
    };
    if !allowed {
        return Err(Refusal::form(vec![(
            "type".into(),
            format!("callback type {kind} is not valid for interaction type {ix_kind}"),
        )]));
    }
    let mut reply = Reply {
        kind,
        ephemeral: data.get("flags").and_then(Value::as_u64).unwrap_or(0) & EPHEMERAL != 0,
        content: data
            .get("content")
            .and_then(Value::as_str)
            .map(str::to_string),
        embeds: arr(data.get("embeds")).unwrap_or_default(),
        components: arr(data.get("components")).unwrap_or_default(),
        files: vec![],
        choices: vec![],
        message_id: None,
        data: data.clone(),
    };
    let mut original = None;
    match kind {
        4 => {
            let mut p = rules::check_message("data", &data);
            let atts = resolve_attachments(st, &data, &parts, None, "data", &mut p);
            if !p.is_empty() {
                return Err(Refusal::form(p));
            }
            let mid = create_message(st, ix_channel, &data, atts, Some(iid), true, 0)?;
            reply.files = st.messages[&mid].attachments.clone();
            original = Some(mid);
        }
        5 => {
            let mid = create_message(st, ix_channel, &data, vec![], Some(iid), true, LOADING)?;
            original = Some(mid);
        }
        6 => {
            original = source;
            reply.ephemeral = source.is_some_and(|s| st.messages[&s].ephemeral());
        }
        7 => {
            let Some(src) = source else {
                unreachable!("checked above")
            };
            if st.messages[&src].deleted {
                return Err(Refusal::unknown_message_for(st, src));
            }
            edit_message(st, src, &data, &parts, "data")?;
            reply.files = st.messages[&src].attachments.clone();
            reply.ephemeral = st.messages[&src].ephemeral();
            original = Some(src);
        }
        8 => {
            let p = rules::check_choices(&data);
            if !p.is_empty() {
                return Err(Refusal::form(p));
            }
            reply.choices = arr(data.get("choices")).unwrap_or_default();
        }
        9 => {
            let p = rules::check_modal(&data);
            if !p.is_empty() {
                return Err(Refusal::form(p));
            }
        }
        // LAUNCH_ACTIVITY carries no data: Discord opens the Activity.
        12 => {}
        _ => unreachable!(),
    }
    reply.message_id = original;
    let ix = st.interactions.get_mut(&iid).expect("interaction");
    ix.original = original;
    ix.reply = Some(reply);
    ix.replied_at.get_or_insert_with(std::time::Instant::now);
    Ok(Response::no_content())
}

/// The interaction behind a webhook token.
fn webhook_interaction(st: &State, app: &str, token: &str) -> Result<u64, Refusal> {
    let unknown = || Refusal::new(404, 10015, "Unknown Webhook");
    if id_of(app) != Some(st.app_id) {
        return Err(unknown());
    }
    let ix = st
        .interactions
        .values()
        .find(|i| i.token == token)
        .ok_or_else(unknown)?;
    if ix.token_expired {
        return Err(
            Refusal::new(401, 50027, "Invalid Webhook Token").injected(FaultCause::ExpiredToken)
        );
    }
    if ix.reply.is_none() {
        // Discord only knows the webhook once the interaction is acknowledged.
        return Err(unknown());
    }
    Ok(ix.id)
}

/// `POST /webhooks/{app}/{token}`: a follow-up message.
fn followup(inner: &Inner, st: &mut State, req: &Request, app: &str, token: &str) -> Res {
    let iid = webhook_interaction(st, app, token)?;
    let (payload, parts) = parse_body(req)?;
    let mut p = rules::check_message("", &payload);
    let atts = resolve_attachments(st, &payload, &parts, None, "", &mut p);
    if !p.is_empty() {
        return Err(Refusal::form(p));
    }
    let channel = st.interactions[&iid].channel_id;
    // Where the app is not installed in the server, Discord takes at most
    // five follow-ups per interaction.
    if st.private_contexts.contains_key(&channel) && st.interactions[&iid].followups.len() >= 5 {
        return Err(Refusal::new(
            400,
            40094,
            "This interaction has hit the maximum number of follow up messages",
        ));
    }
    let mid = create_message(st, channel, &payload, atts, Some(iid), false, 0)?;
    st.interactions
        .get_mut(&iid)
        .expect("interaction")
        .followups
        .push(mid);
    if req.query.get("wait").map(String::as_str) == Some("false") {
        return Ok(Response::no_content());
    }
    Ok(Response::json(200, &message_json(inner, st, mid)))
}

/// `GET|PATCH|DELETE /webhooks/{app}/{token}/messages/{@original|id}`.
fn webhook_message(
    inner: &Inner,
    st: &mut State,
    req: &Request,
    app: &str,
    token: &str,
    mid: &str,
) -> Res {
    let iid = webhook_interaction(st, app, token)?;
    let ix = &st.interactions[&iid];
    let mid = if mid == "@original" {
        ix.original.ok_or_else(Refusal::unknown_message)?
    } else {
        let id = id_of(mid).ok_or_else(Refusal::unknown_message)?;
        if ix.original != Some(id) && !ix.followups.contains(&id) {
            return Err(Refusal::unknown_message());
        }
        id
    };
    if st.messages.get(&mid).is_none_or(|m| m.deleted) {
        return Err(Refusal::unknown_message_for(st, mid));
    }
    match req.method.as_str() {
        "GET" => Ok(Response::json(200, &message_json(inner, st, mid))),
        "PATCH" => {
            let (payload, parts) = parse_body(req)?;
            edit_message(st, mid, &payload, &parts, "")?;
            Ok(Response::json(200, &message_json(inner, st, mid)))
        }
        "DELETE" => {
            delete_message(st, mid);
            Ok(Response::no_content())
        }
        _ => Err(not_found()),
    }
}

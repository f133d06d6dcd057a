//! The gateway websocket: HELLO, heartbeats, IDENTIFY/READY, RESUME, dispatch.

use std::sync::{Arc, PoisonError};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

use super::Inner;

/// Heartbeat interval announced in HELLO (Discord's usual value).
pub const HEARTBEAT_INTERVAL_MS: u64 = 41_250;

pub async fn serve(listener: TcpListener, inner: Arc<Inner>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let inner = inner.clone();
        tokio::spawn(async move {
            connection(stream, inner).await;
        });
    }
}

fn close(code: u16, reason: &str) -> Message {
    Message::Close(Some(CloseFrame {
        code: CloseCode::from(code),
        reason: reason.to_string().into(),
    }))
}

async fn connection(stream: TcpStream, inner: Arc<Inner>) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    let writer = tokio::spawn(async move {
        while let Some(m) = rx.recv().await {
            let is_close = matches!(m, Message::Close(_));
            if sink.send(m).await.is_err() || is_close {
                break;
            }
        }
        let _ = sink.close().await;
    });

    let (conn_id, interval) = {
        let mut st = inner.st.lock().unwrap_or_else(PoisonError::into_inner);
        st.gateway_conns += 1;
        (st.gateway_conns, st.heartbeat_interval_ms)
    };
    let _ = tx.send(Message::Text(
        json!({"op": 10, "d": {"heartbeat_interval": interval}, "s": null, "t": null}).to_string(),
    ));

    while let Some(Ok(msg)) = source.next().await {
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
            Message::Close(_) => break,
            _ => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            let _ = tx.send(close(4002, "Error while decoding payload."));
            break;
        };
        let op = v.get("op").and_then(Value::as_u64).unwrap_or(u64::MAX);
        match op {
            1 => {
                inner
                    .st
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .heartbeats += 1;
                let _ = tx.send(Message::Text(json!({"op": 11}).to_string()));
                inner.bump();
            }
            2 => {
                let token = v
                    .pointer("/d/token")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                let mut st = inner.st.lock().unwrap_or_else(PoisonError::into_inner);
                st.identify_tokens.push(token.clone());
                st.intents = v.pointer("/d/intents").and_then(Value::as_u64).unwrap_or(0);
                if let Some(expected) = &st.expected_token {
                    if token.trim_start_matches("Bot ") != expected.trim_start_matches("Bot ") {
                        let _ = tx.send(close(4004, "Authentication failed."));
                        drop(st);
                        inner.bump();
                        break;
                    }
                }
                let shard = v
                    .pointer("/d/shard")
                    .and_then(Value::as_array)
                    .map(|s| {
                        let n = |i: usize| s.get(i).and_then(Value::as_u64).unwrap_or(0) as u32;
                        (n(0), n(1).max(1))
                    })
                    .unwrap_or((0, 1));
                if st.twin_sessions && st.shard_conns.contains_key(&shard.0) {
                    st.twin_conns.push((shard.0, conn_id, tx.clone()));
                } else {
                    st.shard_conns
                        .insert(shard.0, (conn_id, shard.1, tx.clone()));
                }
                let guilds: Vec<Value> = st
                    .guilds
                    .iter()
                    .filter(|&&g| (g >> 22) % u64::from(shard.1) == u64::from(shard.0))
                    .map(|g| json!({"id": g.to_string(), "unavailable": true}))
                    .collect();
                st.session_shard = shard;
                st.seq = 1;
                st.conn_seq.insert(conn_id, 1);
                st.session_id = format!("standin-session-{conn_id}");
                let ready = json!({
                    "op": 0,
                    "s": st.seq,
                    "t": "READY",
                    "d": {
                        "v": 10,
                        "user": {
                            "id": st.bot_id.to_string(),
                            "username": st.bot_name,
                            "discriminator": "0",
                            "global_name": null,
                            "avatar": null,
                            "bot": true,
                            "verified": true,
                            "mfa_enabled": false,
                            "flags": 0,
                        },
                        "guilds": guilds,
                        "session_id": st.session_id,
                        "resume_gateway_url": inner.gateway_url(),
                        "shard": [shard.0, shard.1],
                        "application": {"id": st.app_id.to_string(), "flags": 0},
                        "private_channels": [],
                        "presences": [],
                        "relationships": [],
                        "user_settings": {},
                    }
                });
                st.gateway = Some((conn_id, tx.clone()));
                st.ready_count += 1;
                let _ = tx.send(Message::Text(ready.to_string()));
                drop(st);
                inner.bump();
            }
            6 => {
                let session = v
                    .pointer("/d/session_id")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let mut st = inner.st.lock().unwrap_or_else(PoisonError::into_inner);
                if session != st.session_id {
                    let _ = tx.send(Message::Text(json!({"op": 9, "d": false}).to_string()));
                    continue;
                }
                // The resumed session goes on counting where it stopped.
                let old = session
                    .strip_prefix("standin-session-")
                    .and_then(|c| c.parse::<u64>().ok())
                    .and_then(|c| st.conn_seq.get(&c).copied())
                    .unwrap_or(st.seq);
                st.seq = old + 1;
                let seq = st.seq;
                st.conn_seq.insert(conn_id, seq);
                let resumed = json!({"op": 0, "s": st.seq, "t": "RESUMED", "d": {}});
                let (shard, total) = st.session_shard;
                st.shard_conns.insert(shard, (conn_id, total, tx.clone()));
                st.gateway = Some((conn_id, tx.clone()));
                st.resumes += 1;
                let _ = tx.send(Message::Text(resumed.to_string()));
                drop(st);
                inner.bump();
            }
            _ => {}
        }
    }

    {
        let mut st = inner.st.lock().unwrap_or_else(PoisonError::into_inner);
        if st.gateway.as_ref().map(|(id, _)| *id) == Some(conn_id) {
            st.gateway = None;
        }
        st.shard_conns.retain(|_, (id, _, _)| *id != conn_id);
        st.twin_conns.retain(|(_, id, _)| *id != conn_id);
    }
    inner.bump();
    drop(tx);
    let _ = writer.await;
}

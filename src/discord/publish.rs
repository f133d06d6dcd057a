//! Board messages: rendering them off the runtime, and keeping each table's
//! board message up to date whatever Discord answers: failed edits are
//! retried with backoff, a token past its life falls back to the channel
//! route, and a board that is gone or can no longer be edited is posted
//! again as a fresh message that the table follows.

use super::board::{self, BoardMessage};
use crate::game::AnyGame;
use crate::metrics::RestErrorKind;
use crate::render;
use crate::service::Service;
use crate::store::BoardLink;
use crate::table::Table;
use serenity::all::{
    Builder, ChannelId, CreateAllowedMentions, CreateAttachment, CreateInteractionResponseMessage,
    CreateMessage, EditAttachments, EditInteractionResponse, EditMessage, Http, HttpError,
    MessageId, UserId,
};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tracing::{error, warn};

/// How long an interaction token may be used to edit its message; Discord
/// allows 15 minutes, a margin keeps clear of the edge.
pub const TOKEN_LIFETIME_MS: u64 = 14 * 60 * 1000;

/// Waits between attempts of a failed board edit.
const BACKOFF: [Duration; 3] = [
    Duration::from_millis(250),
    Duration::from_millis(1000),
    Duration::from_millis(3000),
];

const IMAGE_NAME: &str = "board.png";

/// A board message with its image rendered.
#[derive(Clone)]
pub struct Composed {
    board: BoardMessage,
    image: Option<render::Image>,
}

impl Composed {
    fn mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.board.ping.iter().map(|&id| UserId::new(id)))
    }

    fn attachment(&self) -> Option<CreateAttachment> {
        self.image.as_ref().map(|image| {
            CreateAttachment::bytes(image.png.clone(), IMAGE_NAME).description(image.alt.clone())
        })
    }

    pub fn response(&self) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.board.content.clone())
            .components(self.board.components.clone())
            .allowed_mentions(self.mentions())
            .files(self.attachment())
    }

    pub fn edit(&self) -> EditInteractionResponse {
        let mut edit = EditInteractionResponse::new()
            .content(self.board.content.clone())
            .components(self.board.components.clone())
            .allowed_mentions(self.mentions())
            .clear_attachments();
        if let Some(file) = self.attachment() {
            edit = edit.new_attachment(file);
        }
        edit
    }

    fn channel_edit(&self) -> EditMessage {
        let mut attachments = EditAttachments::new();
        if let Some(file) = self.attachment() {
            attachments = attachments.add(file);
        }
        EditMessage::new()
            .content(self.board.content.clone())
            .components(self.board.components.clone())
            .allowed_mentions(self.mentions())
            .attachments(attachments)
    }

    fn new_message(&self) -> CreateMessage {
        CreateMessage::new()
            .content(self.board.content.clone())
            .components(self.board.components.clone())
            .allowed_mentions(self.mentions())
            .files(self.attachment())
    }
}

/// Turns to draw a board: one per core.
fn renders() -> &'static tokio::sync::Semaphore {
    static RENDERS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    RENDERS.get_or_init(|| {
        tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    })
}

/// Renders a table's message; the image is drawn on a blocking thread, at
/// most one per core at a time.
pub async fn compose(table: &Table) -> Result<Composed, String> {
    let board = board::board_message(table);
    let image = if board.with_image {
        let game: AnyGame = table.game().clone();
        let names: Vec<String> = table
            .players()
            .iter()
            .map(|p| p.plain_name(table.lang()))
            .collect();
        let lang = table.lang();
        // No more boards drawn at once than there are cores: more would not
        // finish sooner, and every extra blocking thread keeps its own
        // allocator arena with a board's buffers in it (megabytes of
        // resident memory that a burst of clicks would leave behind).
        let _turn = renders()
            .acquire()
            .await
            .map_err(|e| format!("rendering failed: {e}"))?;
        let image = tokio::task::spawn_blocking(move || render::position(&game, &names, lang))
            .await
            .map_err(|e| format!("rendering failed: {e}"))?;
        Some(image)
    } else {
        None
    };
    Ok(Composed { board, image })
}

/// A board being drawn in its own task, so that waiting for it can stop
/// (to acknowledge an interaction in time) without the drawing being
/// thrown away and started again.
pub struct Drawing(tokio::task::JoinHandle<Result<Composed, String>>);

impl Drawing {
    pub fn start(table: &Table) -> Drawing {
        let table = table.clone();
        Drawing(tokio::spawn(async move { compose(&table).await }))
    }

    /// The board when it is ready within `left`; otherwise the drawing
    /// back, still going (at once when `left` is zero).
    pub async fn within(mut self, left: Duration) -> Result<Result<Composed, String>, Drawing> {
        if left.is_zero() {
            return Err(self);
        }
        match tokio::time::timeout(left, &mut self.0).await {
            Ok(joined) => Ok(joined.unwrap_or_else(|e| Err(format!("rendering failed: {e}")))),
            Err(_) => Err(self),
        }
    }

    pub async fn finish(self) -> Result<Composed, String> {
        self.0
            .await
            .unwrap_or_else(|e| Err(format!("rendering failed: {e}")))
    }
}

/// One table's board: a lock that keeps its updates in order (held across
/// the send, so an async lock) holding the stamp last shown, and whether the
/// message is known to be behind the table (a failed update, or a restart).
pub struct BoardSync {
    pub order: tokio::sync::Mutex<u64>,
    behind: AtomicBool,
}

impl BoardSync {
    pub fn is_behind(&self) -> bool {
        self.behind.load(Ordering::Relaxed)
    }
    pub fn set_behind(&self, behind: bool) {
        self.behind.store(behind, Ordering::Relaxed);
    }
}

/// Every table's [`BoardSync`].
#[derive(Default)]
pub struct Boards {
    by_table: Mutex<HashMap<u64, Arc<BoardSync>>>,
}

impl Boards {
    pub fn get(&self, no: u64) -> Arc<BoardSync> {
        self.by_table
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(no)
            .or_insert_with(|| {
                Arc::new(BoardSync {
                    order: tokio::sync::Mutex::new(0),
                    // Unknown until shown: after a restart the message may
                    // be behind its table.
                    behind: AtomicBool::new(true),
                })
            })
            .clone()
    }

    /// Forgets a finished table's entry when no one uses it.
    pub fn release(&self, no: u64) {
        let mut map = self.by_table.lock().unwrap_or_else(|e| e.into_inner());
        if map.get(&no).is_some_and(|s| Arc::strong_count(s) == 1) {
            map.remove(&no);
        }
    }
}

/// What a failed request means for the board.
#[derive(Debug, PartialEq, Eq)]
enum Trouble {
    /// Worth trying again (5xx, a timeout, a dropped connection).
    Transient,
    /// The interaction token can no longer edit (expired or unknown).
    TokenDead,
    /// The message is gone, or the bot may not edit it.
    MessageLost,
}

fn trouble(e: &serenity::Error) -> Trouble {
    crate::metrics::metrics().rest_error(rest_error_kind(e));
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            match (status, response.error.code) {
                (404, 10008) | (403, _) => Trouble::MessageLost,
                (401, _) | (404, 10015) | (404, 10062) | (400, 50027) => Trouble::TokenDead,
                (404, _) => Trouble::MessageLost,
                (429, _) | (500..=599, _) => Trouble::Transient,
                _ => Trouble::MessageLost,
            }
        }
        _ => Trouble::Transient,
    }
}

/// The metrics' kind of a failed REST call.
fn rest_error_kind(error: &serenity::Error) -> RestErrorKind {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            match response.status_code.as_u16() {
                429 => RestErrorKind::RateLimited,
                400..=499 => RestErrorKind::Client,
                _ => RestErrorKind::Server,
            }
        }
        serenity::Error::Http(HttpError::Request(e)) if e.is_timeout() => RestErrorKind::Timeout,
        _ => RestErrorKind::Other,
    }
}

/// Edits (or re-posts) the board message so it shows `composed`. Returns
/// the link to the message that now shows it, or `None` when nothing
/// worked.
async fn show(
    http: &Http,
    no: u64,
    now: u64,
    link: Option<BoardLink>,
    composed: &Composed,
) -> Option<BoardLink> {
    if let Some(mut link) = link {
        let mut attempt = 0;
        loop {
            let token_ok = link
                .token
                .as_ref()
                .is_some_and(|_| now.saturating_sub(link.token_at) < TOKEN_LIFETIME_MS);
            let result = if token_ok {
                let token = link.token.clone().unwrap_or_default();
                composed.edit().execute(http, &token).await.map(|_| ())
            } else if let Some(message) = link.message {
                ChannelId::new(link.channel)
                    .edit_message(http, MessageId::new(message), composed.channel_edit())
                    .await
                    .map(|_| ())
            } else {
                break;
            };
            let Err(e) = result else {
                return Some(link);
            };
            match trouble(&e) {
                Trouble::TokenDead if token_ok => {
                    warn!("table {no}: the board token no longer works ({e}); using the channel");
                    link.token = None;
                }
                Trouble::Transient if attempt < BACKOFF.len() => {
                    warn!("table {no}: board update failed ({e}); retrying");
                    tokio::time::sleep(BACKOFF[attempt]).await;
                    attempt += 1;
                }
                Trouble::Transient => {
                    error!(
                        "table {no}: board update failed {} times ({e})",
                        attempt + 1
                    );
                    return None;
                }
                _ => {
                    warn!(
                        "table {no}: the board message is gone or locked ({e}); posting a new one"
                    );
                    break;
                }
            }
        }
        return repost(http, no, link.channel, composed).await;
    }
    None
}

/// Posts a fresh board message in `channel`.
async fn repost(http: &Http, no: u64, channel: u64, composed: &Composed) -> Option<BoardLink> {
    for (attempt, wait) in BACKOFF.iter().enumerate() {
        match ChannelId::new(channel)
            .send_message(http, composed.new_message())
            .await
        {
            Ok(message) => {
                return Some(BoardLink {
                    channel,
                    message: Some(message.id.get()),
                    token: None,
                    token_at: 0,
                    shown: 0,
                })
            }
            Err(e) if trouble(&e) == Trouble::Transient && attempt + 1 < BACKOFF.len() => {
                warn!("table {no}: could not post a new board ({e}); retrying");
                tokio::time::sleep(*wait).await;
            }
            Err(e) => {
                error!(
                    "table {no}: could not post a new board ({e}); the next click will refresh it"
                );
                return None;
            }
        }
    }
    None
}

/// Brings table `no`'s board message up to date with the table.
pub async fn publish(http: &Http, service: &Service, boards: &Boards, no: u64) {
    let sync = boards.get(no);
    {
        let mut shown = sync.order.lock().await;
        let (table, link) = match service.board(no).await {
            Ok(Some(found)) => found,
            Ok(None) => return,
            Err(e) => {
                error!("table {no}: cannot read the table to publish it: {e}");
                return;
            }
        };
        if *shown >= table.stamp() && !sync.is_behind() {
            return;
        }
        let composed = match compose(&table).await {
            Ok(c) => c,
            Err(e) => {
                error!("table {no}: {e}");
                sync.set_behind(true);
                return;
            }
        };
        let channel = link.as_ref().map(|l| l.channel).unwrap_or(table.channel());
        let shown_at = match link {
            Some(link) => show(http, no, service.now(), Some(link), &composed).await,
            None => repost(http, no, channel, &composed).await,
        };
        match shown_at {
            Some(mut link) => {
                link.shown = table.stamp();
                *shown = table.stamp();
                sync.set_behind(false);
                if let Err(e) = service.set_board(no, link).await {
                    error!("table {no}: could not store where its board is: {e}");
                }
            }
            None => sync.set_behind(true),
        }
        if !table.is_running() {
            drop(shown);
            drop(sync);
            boards.release(no);
        }
    }
}

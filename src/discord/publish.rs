//! Board messages: rendering them off the runtime, and keeping each table's
//! board message up to date whatever Discord answers: a board that could
//! not be updated stays behind and is tried again with capped backoff
//! (never sooner than a rate limit allows, see [`super::rest`]) until it
//! shows its table; a token past its life falls back to the channel route,
//! and a board that is gone or can no longer be edited is posted again as a
//! fresh message that the table follows. Errors a retry cannot fix take
//! that fallback once and stop. A table where the bot has no channel
//! ([`Way::TokensOnly`]) is shown through interaction tokens alone: an
//! update no live token can carry waits, behind, for the next interaction
//! on its board (a click on a board that is behind refreshes it).

use super::board;
use super::compose::{compose, Composed};
use super::rest::{self, BoardRest};
use crate::service::Service;
use crate::store::BoardLink;
use crate::table::Table;
use rand::Rng;
use serenity::all::Http;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;
use tracing::{debug, error, info, warn};

/// How long an interaction token may be used to edit its message; Discord
/// allows 15 minutes, a margin keeps clear of the edge.
pub const TOKEN_LIFETIME_MS: u64 = 14 * 60 * 1000;

/// After a failed board update the first wait is
/// [`Config::publish_backoff`](crate::config::Config::publish_backoff)
/// (500 ms); each next one doubles, up to [`BACKOFF_GROWTH`] times the
/// first, each drawn within ±[`JITTER`] so that boards held by one outage
/// do not all come back in the same instant.
const BACKOFF_GROWTH: u32 = 60;
const JITTER: f64 = 0.2;

/// One table's board: a lock that keeps its updates in order (held across
/// the send, so an async lock) holding the stamp last shown, whether the
/// message is known to be behind the table (a failed update, or a restart),
/// and whether a publisher is at work on it (so later moves join its next
/// attempt instead of sending edits of their own).
pub struct BoardSync {
    pub order: tokio::sync::Mutex<u64>,
    /// How many times the message was marked behind; it is behind while
    /// `shown_mark` has not caught up (a board composed after the last
    /// mark has landed). Counted, not a flag, so that a board composed
    /// before a mark (a link setting changed while it was being sent)
    /// cannot clear it.
    marks: AtomicU64,
    shown_mark: AtomicU64,
    publisher: Mutex<Publisher>,
}

#[derive(Default)]
struct Publisher {
    running: bool,
    /// Asked for again since the publisher last read the table.
    again: bool,
}

impl BoardSync {
    /// A board not shown yet by this process: behind until one lands
    /// (after a restart the message may be behind its table).
    fn new() -> BoardSync {
        BoardSync {
            order: tokio::sync::Mutex::new(0),
            marks: AtomicU64::new(1),
            shown_mark: AtomicU64::new(0),
            publisher: Mutex::default(),
        }
    }

    pub fn is_behind(&self) -> bool {
        self.marks.load(Ordering::SeqCst) > self.shown_mark.load(Ordering::SeqCst)
    }

    /// Marks the message behind its table: the next publish shows the
    /// board again, even at a stamp already shown.
    pub fn set_behind(&self) {
        self.marks.fetch_add(1, Ordering::SeqCst);
    }

    /// The marks so far: read before a board is composed, and given to
    /// [`Self::shown_up_to`] once it has landed.
    pub fn mark(&self) -> u64 {
        self.marks.load(Ordering::SeqCst)
    }

    /// A board composed when the marks stood at `mark` has landed: the
    /// message is no longer behind, unless it was marked since.
    pub fn shown_up_to(&self, mark: u64) {
        self.shown_mark.fetch_max(mark, Ordering::SeqCst);
    }

    fn publisher(&self) -> std::sync::MutexGuard<'_, Publisher> {
        self.publisher.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// True when the caller is now the board's publisher; false when one is
    /// at work already (it will read the table again before it stops).
    fn start_publishing(&self) -> bool {
        let mut p = self.publisher();
        if p.running {
            p.again = true;
            return false;
        }
        p.running = true;
        p.again = false;
        true
    }

    /// Called before the publisher reads the table.
    fn reading(&self) {
        self.publisher().again = false;
    }

    /// The publisher stops, unless it was asked again since it read the
    /// table (then it goes on: true).
    fn stop_publishing(&self, even_if_asked: bool) -> bool {
        let mut p = self.publisher();
        if p.again && !even_if_asked {
            p.again = false;
            return true;
        }
        p.running = false;
        p.again = false;
        false
    }
}

/// Every table's [`BoardSync`], and the calls that publish boards.
pub struct Boards {
    by_table: Mutex<HashMap<u64, Arc<BoardSync>>>,
    pub rest: BoardRest,
    /// The first wait after a failed update ([`Config::publish_backoff`](crate::config::Config::publish_backoff)).
    backoff: Duration,
    /// The live web board's links, when the bot has a public address.
    live: Option<Arc<crate::web::LiveLinks>>,
    /// Boards offer **Play live** (`DISCORD_ACTIVITY`).
    activity: bool,
}

impl Boards {
    /// `client` is the reqwest client serenity's `Http` uses; `live`, the
    /// web board's links (`PUBLIC_URL` set).
    pub fn new(
        client: reqwest::Client,
        backoff: Duration,
        live: Option<Arc<crate::web::LiveLinks>>,
        activity: bool,
    ) -> Boards {
        Boards {
            by_table: Mutex::default(),
            rest: BoardRest::new(client),
            backoff,
            live,
            activity,
        }
    }

    /// The **Watch live** link a table's board shows, if any.
    pub async fn live_link(&self, service: &Service, table: &Table) -> Option<String> {
        self.live.as_ref()?.for_table(service, table).await
    }

    /// What a table's board offers of the live table.
    pub async fn live(&self, service: &Service, table: &Table) -> board::Live {
        board::Live {
            watch: self.live_link(service, table).await,
            play: self.activity,
        }
    }

    pub fn get(&self, no: u64) -> Arc<BoardSync> {
        self.by_table
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(no)
            .or_insert_with(|| Arc::new(BoardSync::new()))
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
    /// Worth trying again (5xx, a timeout, a dropped connection, a 429),
    /// not before the instant a rate limit named.
    Transient(Option<Instant>),
    /// The interaction token can no longer edit (expired or unknown).
    TokenDead,
    /// The message is gone, or the bot may not edit it (403, 404, an
    /// archived thread, a payload refused): a retry cannot fix it.
    MessageLost,
}

fn trouble(e: &rest::RestError) -> Trouble {
    use rest::RestError;
    if let Some(kind) = e.kind() {
        crate::metrics::metrics().rest_error(kind);
    }
    match e {
        RestError::Held { until } => Trouble::Transient(Some(*until)),
        RestError::Transport { .. } => Trouble::Transient(None),
        RestError::Status {
            status,
            code,
            until,
            ..
        } => match (*status, code.unwrap_or(0)) {
            (429, _) | (500..=599, _) => Trouble::Transient(*until),
            (404, 10008) | (403, _) => Trouble::MessageLost,
            (401, _) | (404, 10015) | (404, 10062) | (400, 50027) => Trouble::TokenDead,
            _ => Trouble::MessageLost,
        },
        // Serializing our own payload failed, or the application id is not
        // known yet (before READY): later may work.
        RestError::Build(_) => Trouble::Transient(None),
    }
}

/// How one attempt to show a board ended.
enum Outcome {
    /// Shown on the message of this link.
    Shown(BoardLink),
    /// Worth trying again, not before this instant if a rate limit said so.
    Retry(Option<Instant>),
    /// Nothing a retry can fix: the board stays behind until the next
    /// update or click.
    Stop,
    /// A table with no channel whose token Discord no longer takes: the
    /// link is kept without it (so that nothing asks it again, and the
    /// next command on the table answers with the board itself), and the
    /// board stays behind until the next interaction.
    TokenGone(BoardLink),
}

/// What earlier attempts of one publisher found, so that its retries do
/// not ask again what cannot work.
#[derive(Default)]
struct Found {
    /// A link whose message is gone: straight to a fresh message.
    lost: Option<BoardLink>,
    /// A token that no longer edits: straight to the channel route.
    dead_token: Option<String>,
}

/// How a table's board is published: where the bot has a channel, by the
/// interaction token while it lives and the channel routes after; where it
/// has none (a table [`Table::outside`] every server that added the bot),
/// by interaction tokens only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    Channel,
    TokensOnly,
}

impl Way {
    pub fn of(table: &Table) -> Way {
        if table.outside() {
            Way::TokensOnly
        } else {
            Way::Channel
        }
    }
}

/// One attempt to show `composed` through the latest interaction token of
/// a table with no channel. With no token that Discord would still take
/// (older than its 15 minutes, or refused), nothing is sent: the board
/// stays behind and the next interaction on it shows the table as it is.
async fn show_by_token(
    rest: &BoardRest,
    http: &Http,
    no: u64,
    now: u64,
    link: Option<BoardLink>,
    composed: &Composed,
) -> Outcome {
    let Some((link, token)) = link.and_then(|link| {
        let token = link.token.clone()?;
        let alive = now.saturating_sub(link.token_at) < TOKEN_LIFETIME_MS;
        alive.then_some((link, token))
    }) else {
        info!("table {no}: no live interaction token; the board waits for the next click");
        return Outcome::Stop;
    };
    match composed.edit_original(rest, http, &token).await {
        Ok(()) => Outcome::Shown(link),
        Err(e) => match trouble(&e) {
            Trouble::Transient(not_before) => {
                warn!("table {no}: board update failed ({e}); will retry");
                Outcome::Retry(not_before)
            }
            _ => {
                warn!("table {no}: the board token no longer edits ({e}); the board waits for the next click");
                Outcome::TokenGone(BoardLink {
                    token: None,
                    ..link
                })
            }
        },
    }
}

/// One attempt to show `composed` through `link`: the interaction token
/// while it lives, else the channel route, else a fresh message.
#[allow(clippy::too_many_arguments)]
async fn show(
    rest: &BoardRest,
    http: &Http,
    no: u64,
    now: u64,
    channel: u64,
    link: Option<BoardLink>,
    found: &mut Found,
    composed: &Composed,
) -> Outcome {
    let gone = link.is_some() && link == found.lost;
    if let (Some(mut link), false) = (link.clone(), gone) {
        let token_ok = link.token.as_ref().is_some_and(|t| {
            now.saturating_sub(link.token_at) < TOKEN_LIFETIME_MS
                && found.dead_token.as_ref() != Some(t)
        });
        let mut moved_on = false;
        if token_ok {
            let token = link.token.clone().unwrap_or_default();
            match composed.edit_original(rest, http, &token).await {
                Ok(()) => return Outcome::Shown(link),
                Err(e) => {
                    match trouble(&e) {
                        Trouble::Transient(not_before) => {
                            warn!("table {no}: board update failed ({e}); will retry");
                            return Outcome::Retry(not_before);
                        }
                        Trouble::TokenDead => {
                            warn!("table {no}: the board token no longer works ({e}); using the channel");
                            found.dead_token = link.token.take();
                        }
                        Trouble::MessageLost => {
                            warn!("table {no}: the board message is gone or locked ({e}); posting a new one");
                            moved_on = true;
                        }
                    }
                }
            }
        }
        if let (Some(message), false) = (link.message, moved_on) {
            match rest
                .edit_message(
                    http,
                    link.channel,
                    message,
                    &composed.channel_edit(),
                    composed.file(),
                )
                .await
            {
                Ok(()) => return Outcome::Shown(link),
                Err(e) => match trouble(&e) {
                    Trouble::Transient(not_before) => {
                        warn!("table {no}: board update failed ({e}); will retry");
                        return Outcome::Retry(not_before);
                    }
                    _ => warn!(
                        "table {no}: the board message is gone or locked ({e}); posting a new one"
                    ),
                },
            }
        }
    }
    found.lost = link;
    repost(rest, http, no, channel, composed).await
}

/// Posts a fresh board message in `channel`.
async fn repost(
    rest: &BoardRest,
    http: &Http,
    no: u64,
    channel: u64,
    composed: &Composed,
) -> Outcome {
    match rest
        .create_message(http, channel, &composed.new_message(), composed.file())
        .await
    {
        Ok(message) => Outcome::Shown(BoardLink {
            channel,
            message: Some(message),
            token: None,
            token_at: 0,
            shown: 0,
        }),
        Err(e) => match trouble(&e) {
            Trouble::Transient(not_before) => {
                warn!("table {no}: could not post a new board ({e}); will retry");
                Outcome::Retry(not_before)
            }
            _ => {
                error!(
                    "table {no}: could not post a new board ({e}); the next update or click will try again"
                );
                Outcome::Stop
            }
        },
    }
}

/// Capped exponential waits with jitter.
struct Backoff {
    next: Duration,
    max: Duration,
}

impl Backoff {
    fn new(first: Duration) -> Backoff {
        Backoff {
            next: first,
            max: first * BACKOFF_GROWTH,
        }
    }

    fn wait(&mut self) -> Duration {
        let base = self.next;
        self.next = (self.next * 2).min(self.max);
        base.mul_f64(1.0 + rand::thread_rng().gen_range(-JITTER..=JITTER))
    }
}

/// Brings table `no`'s board message up to date with the table, and keeps
/// at it while the board is behind (for as long as the table is stored):
/// each attempt draws the table as it is then, so moves made while a retry
/// waits are shown by one update.
pub async fn publish(http: &Http, service: &Service, boards: &Boards, no: u64) {
    let sync = boards.get(no);
    if !sync.start_publishing() {
        return;
    }
    let mut backoff = Backoff::new(boards.backoff);
    let mut found = Found::default();
    let mut finished = false;
    loop {
        sync.reading();
        // Shown, but covered since by another process's older board.
        let mut covered = false;
        let outcome = {
            let mut shown = sync.order.lock().await;
            let mark = sync.mark();
            let (table, link) = match service.board(no).await {
                Ok(Some(found)) => found,
                Ok(None) => {
                    sync.stop_publishing(true);
                    break;
                }
                Err(e) => {
                    error!("table {no}: cannot read the table to publish it: {e}");
                    sync.set_behind();
                    drop(shown);
                    tokio::time::sleep(backoff.wait()).await;
                    continue;
                }
            };
            finished = !table.is_running();
            if *shown >= table.stamp() && !sync.is_behind() {
                None
            } else {
                let live = boards.live(service, &table).await;
                let composed = match compose(&table, live).await {
                    Ok(c) => c,
                    Err(e) => {
                        error!("table {no}: {e}");
                        sync.set_behind();
                        sync.stop_publishing(true);
                        break;
                    }
                };
                let channel = link.as_ref().map(|l| l.channel).unwrap_or(table.channel());
                let outcome = match Way::of(&table) {
                    Way::TokensOnly => {
                        show_by_token(&boards.rest, http, no, service.now(), link, &composed).await
                    }
                    Way::Channel => {
                        show(
                            &boards.rest,
                            http,
                            no,
                            service.now(),
                            channel,
                            link,
                            &mut found,
                            &composed,
                        )
                        .await
                    }
                };
                match outcome {
                    Outcome::Shown(mut link) => {
                        debug!("table {no}: published stamp {}", table.stamp());
                        link.shown = table.stamp();
                        *shown = table.stamp();
                        sync.shown_up_to(mark);
                        backoff = Backoff::new(boards.backoff);
                        found = Found::default();
                        // Covered by another process's older board: the
                        // newest is shown again, at once.
                        if record_shown(service, no, link).await {
                            sync.set_behind();
                            covered = true;
                        }
                        None
                    }
                    Outcome::Retry(not_before) => {
                        sync.set_behind();
                        Some(not_before)
                    }
                    Outcome::Stop => {
                        sync.set_behind();
                        sync.stop_publishing(true);
                        break;
                    }
                    Outcome::TokenGone(link) => {
                        sync.set_behind();
                        if let Err(e) = service.set_board(no, link).await {
                            error!("table {no}: could not store where its board is: {e}");
                        }
                        sync.stop_publishing(true);
                        break;
                    }
                }
            }
        };
        match outcome {
            None if covered => {}
            // Up to date: done, unless asked again meanwhile.
            None => {
                if !sync.stop_publishing(false) {
                    break;
                }
            }
            // The order lock is open while the retry waits: a click may
            // show the board meanwhile (the next attempt then finds it up
            // to date).
            Some(not_before) => {
                let mut wait = backoff.wait();
                if let Some(at) = not_before {
                    wait = wait.max(at.saturating_duration_since(Instant::now()));
                }
                tokio::time::sleep(wait).await;
            }
        }
    }
    if finished {
        drop(sync);
        boards.release(no);
    }
}

/// Stores where table `no`'s board is, once a board showing `link.shown`
/// has landed (an answer's or a publish's), and says whether it must be
/// shown again: another process serving the table (an overlapping deploy)
/// stored a newer position, whose board this one may have landed over.
pub(super) async fn record_shown(service: &Service, no: u64, link: BoardLink) -> bool {
    let shown = link.shown;
    if let Err(e) = service.set_board(no, link).await {
        error!("table {no}: could not store where its board is: {e}");
    }
    service.stored_past(no, shown).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_composed_before_a_mark_leaves_the_message_behind() {
        let sync = BoardSync::new();
        assert!(sync.is_behind(), "unknown until a board lands");
        // A board is composed, then a link setting changes while it is
        // being sent: its landing does not clear the new mark.
        let composing = sync.mark();
        sync.set_behind();
        sync.shown_up_to(composing);
        assert!(sync.is_behind());
        // The board composed after the mark clears it.
        let composing = sync.mark();
        sync.shown_up_to(composing);
        assert!(!sync.is_behind());
        // An older board landing late does not undo a newer one's.
        sync.set_behind();
        let newer = sync.mark();
        sync.shown_up_to(newer);
        sync.shown_up_to(composing);
        assert!(!sync.is_behind());
    }
}

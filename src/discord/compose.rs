//! A board message composed: its text and buttons, and its image drawn
//! off the runtime, no more boards at once than there are cores; and how
//! long a board asked for now would wait for its turn.

use super::board::{self, BoardMessage};
use super::rest::{self, BoardRest, File};
use crate::game::AnyGame;
use crate::render;
use crate::table::Table;
use serenity::all::{
    CreateAllowedMentions, CreateAttachment, CreateInteractionResponseMessage, CreateMessage,
    EditAttachments, EditInteractionResponse, EditMessage, Http, UserId,
};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

const IMAGE_NAME: &str = "board.png";

/// A board message with its image rendered.
#[derive(Clone)]
pub struct Composed {
    board: BoardMessage,
    image: Option<render::Image>,
}

impl Composed {
    pub(super) fn mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.board.ping.iter().map(|&id| UserId::new(id)))
    }

    /// The image as an attachment; without its bytes for a payload sent by
    /// [`BoardRest`] (serenity takes them out before serializing too, and
    /// sends them as the `files[0]` part).
    pub(super) fn attachment(&self, with_bytes: bool) -> Option<CreateAttachment> {
        self.image.as_ref().map(|image| {
            let bytes = if with_bytes {
                image.png.clone()
            } else {
                Vec::new()
            };
            CreateAttachment::bytes(bytes, IMAGE_NAME).description(image.alt.clone())
        })
    }

    /// The image's bytes, for the multipart body.
    pub(super) fn file(&self) -> Option<File<'_>> {
        self.image.as_ref().map(|image| File {
            name: IMAGE_NAME,
            bytes: &image.png,
        })
    }

    pub fn response(&self) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.board.content.clone())
            .components(self.board.components.clone())
            .allowed_mentions(self.mentions())
            .files(self.attachment(true))
    }

    /// The payload of an edit of the original interaction response.
    pub(super) fn edit(&self) -> EditInteractionResponse {
        let mut edit = EditInteractionResponse::new()
            .content(self.board.content.clone())
            .components(self.board.components.clone())
            .allowed_mentions(self.mentions())
            .clear_attachments();
        if let Some(file) = self.attachment(false) {
            edit = edit.new_attachment(file);
        }
        edit
    }

    pub(super) fn channel_edit(&self) -> EditMessage {
        let mut attachments = EditAttachments::new();
        if let Some(file) = self.attachment(false) {
            attachments = attachments.add(file);
        }
        EditMessage::new()
            .content(self.board.content.clone())
            .components(self.board.components.clone())
            .allowed_mentions(self.mentions())
            .attachments(attachments)
    }

    pub(super) fn new_message(&self) -> CreateMessage {
        CreateMessage::new()
            .content(self.board.content.clone())
            .components(self.board.components.clone())
            .allowed_mentions(self.mentions())
            .files(self.attachment(false))
    }

    /// Edits the message of interaction `token` to show this board.
    pub async fn edit_original(
        &self,
        rest: &BoardRest,
        http: &Http,
        token: &str,
    ) -> Result<(), rest::RestError> {
        rest.edit_original(http, token, &self.edit(), self.file())
            .await
    }
}

/// Turns to draw a board: one per core.
fn renders() -> &'static tokio::sync::Semaphore {
    static RENDERS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    RENDERS.get_or_init(|| tokio::sync::Semaphore::new(cores()))
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// A board's own drawing time before any was measured: about what one
/// takes on a core of a small machine (`cargo bench --bench render`).
const FIRST_GUESS: Duration = Duration::from_millis(2);

/// Boards asked for per core past which they are a burst.
const BURST: usize = 4;

/// The boards a bot has asked to draw and not drawn yet, and how long one
/// takes once its turn comes (a moving average, each new board weighing
/// an eighth): how long a board asked for now would wait for its turn.
/// A burst (every table's command in the same second) shows here before
/// any of its boards is drawn. Per bot, so that the tests' bots, many in
/// one process, do not count each other's boards.
#[derive(Default)]
pub struct Backlog {
    asked: AtomicUsize,
    micros: AtomicU64,
}

impl Backlog {
    /// In a burst (more than [`BURST`] boards asked for per core), the
    /// boards already asked for, shared out over the cores, each at the
    /// recent pace; zero otherwise: a few boards at once are ordinary
    /// traffic, which the answers' own pace ([`super::show`]) judges.
    pub fn ahead(&self) -> Duration {
        let per_board = match self.micros.load(Ordering::Relaxed) {
            0 => FIRST_GUESS,
            micros => Duration::from_micros(micros),
        };
        let ahead = self.asked.load(Ordering::Relaxed) / cores();
        if ahead <= BURST {
            return Duration::ZERO;
        }
        per_board * u32::try_from(ahead).unwrap_or(u32::MAX)
    }

    fn note(&self, took: Duration) {
        let took = u64::try_from(took.as_micros()).unwrap_or(u64::MAX).max(1);
        let _ = self
            .micros
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| match old {
                0 => Some(took),
                old => Some((old - old / 8 + took / 8).max(1)),
            });
    }
}

/// A board counted in its bot's [`Backlog`] until it is drawn (or its
/// drawing is dropped).
struct Asked<'a>(&'a Backlog);

impl<'a> Asked<'a> {
    fn new(backlog: &'a Backlog) -> Asked<'a> {
        backlog.asked.fetch_add(1, Ordering::Relaxed);
        Asked(backlog)
    }
}

impl Drop for Asked<'_> {
    fn drop(&mut self) {
        self.0.asked.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Renders a table's message; the image is drawn on a blocking thread, at
/// most one per core at a time.
pub async fn compose(
    table: &Table,
    live: board::Live,
    backlog: &Backlog,
) -> Result<Composed, String> {
    let board = board::board_message_live(table, &live);
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
        let _asked = Asked::new(backlog);
        let _turn = renders()
            .acquire()
            .await
            .map_err(|e| format!("rendering failed: {e}"))?;
        let drawing = Instant::now();
        let image = tokio::task::spawn_blocking(move || {
            crate::service::behind_answers();
            render::position(&game, &names, lang)
        })
        .await
        .map_err(|e| format!("rendering failed: {e}"))?;
        backlog.note(drawing.elapsed());
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
    pub fn start(table: &Table, live: board::Live, backlog: Arc<Backlog>) -> Drawing {
        let table = table.clone();
        Drawing(tokio::spawn(async move {
            compose(&table, live, &backlog).await
        }))
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

#[cfg(test)]
mod tests {
    use super::{cores, Asked, Backlog, BURST, FIRST_GUESS};
    use std::time::Duration;

    #[test]
    fn a_burst_of_boards_is_seen_before_any_is_drawn() {
        let wait = Duration::from_millis(250);
        let backlog = Backlog::default();
        assert_eq!(backlog.ahead(), Duration::ZERO, "an idle bot");
        // A few boards a core: ordinary traffic, not a burst.
        let few: Vec<Asked> = (0..BURST * cores()).map(|_| Asked::new(&backlog)).collect();
        assert_eq!(backlog.ahead(), Duration::ZERO);
        drop(few);
        // A burst of 200 tables' commands: none drawn yet, yet each board
        // would wait for the boards asked before it, past half the wait.
        let burst: Vec<Asked> = (0..200).map(|_| Asked::new(&backlog)).collect();
        assert_eq!(backlog.ahead(), FIRST_GUESS * (200 / cores() as u32));
        assert!(backlog.ahead() * 2 > wait);
        drop(burst);
        assert_eq!(backlog.ahead(), Duration::ZERO, "drawn: idle again");
        // The boards' own pace replaces the first guess, as a moving
        // average.
        let burst: Vec<Asked> = (0..10 * cores()).map(|_| Asked::new(&backlog)).collect();
        backlog.note(Duration::from_millis(40));
        assert_eq!(backlog.ahead(), Duration::from_millis(400));
        for _ in 0..100 {
            backlog.note(Duration::from_millis(1));
        }
        assert!(backlog.ahead() < Duration::from_millis(20));
        drop(burst);
    }
}

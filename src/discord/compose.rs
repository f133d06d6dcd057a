//! A board message composed: its text and buttons, and its image drawn
//! off the runtime, no more boards at once than there are cores.

use super::board::{self, BoardMessage};
use super::rest::{self, BoardRest, File};
use crate::game::AnyGame;
use crate::render;
use crate::table::Table;
use serenity::all::{
    CreateAllowedMentions, CreateAttachment, CreateInteractionResponseMessage, CreateMessage,
    EditAttachments, EditInteractionResponse, EditMessage, Http, UserId,
};
use std::time::Duration;

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

    /// The image as an attachment; without its bytes for a payload sent by
    /// [`BoardRest`] (serenity takes them out before serializing too, and
    /// sends them as the `files[0]` part).
    fn attachment(&self, with_bytes: bool) -> Option<CreateAttachment> {
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
    fn edit(&self) -> EditInteractionResponse {
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
    RENDERS.get_or_init(|| tokio::sync::Semaphore::new(crate::config::cores()))
}

/// Renders a table's message; the image is drawn on a blocking thread, at
/// most one per core at a time.
pub async fn compose(table: &Table, live: board::Live) -> Result<Composed, String> {
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
        let _turn = renders()
            .acquire()
            .await
            .map_err(|e| format!("rendering failed: {e}"))?;
        let image = tokio::task::spawn_blocking(move || {
            crate::service::behind_answers();
            render::position(&game, &names, lang)
        })
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
    pub fn start(table: &Table, live: board::Live) -> Drawing {
        let table = table.clone();
        Drawing(tokio::spawn(async move { compose(&table, live).await }))
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

//! `/tables`: every running and open table of the server, privately, with
//! a link to each board. Read from the service, never from Discord.

use super::answer::{private_followup, tell, Asked, InteractionError};
use super::board::player_label;
use super::standings::guild_of;
use crate::i18n::{game_title, tr, Lang};
use crate::service::LiveTable;
use crate::table::{Phase, Player};
use tracing::warn;

/// A message's text stays under Discord's 2,000 characters.
const PAGE_CHARS: usize = 1900;
/// At most this many messages answer one `/tables` (the answer and its
/// follow-ups); the last says how many tables it leaves out.
const PAGES: usize = 5;

pub(super) async fn command_tables(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let lang = Lang::from_locale(&command.locale);
    let guild = guild_of(command)?;
    let tables = bot.service.live_tables(guild).await;
    let mut links = Vec::with_capacity(tables.len());
    for live in &tables {
        links.push(bot.boards.live_link(&bot.service, &live.table).await);
    }
    let mut pages = pages(&tables, &links, guild, lang).into_iter();
    tell(ctx, command, pages.next().unwrap_or_default()).await;
    for page in pages {
        if let Err(e) = command
            .create_followup(&ctx.http, private_followup(page))
            .await
        {
            warn!("could not send a page of /tables: {e}");
            break;
        }
    }
    Ok(())
}

/// The answer's pages: a header, then one line per table, newest first,
/// each with its **Watch live** link from `links` (same order) if it has
/// one.
pub(super) fn pages(
    tables: &[LiveTable],
    links: &[Option<String>],
    guild: u64,
    lang: Lang,
) -> Vec<String> {
    if tables.is_empty() {
        return vec![tr(lang, "tables-none", &[])];
    }
    let mut pages = vec![tr(lang, "tables-header", &[("n", &tables.len())])];
    for (i, table) in tables.iter().enumerate() {
        let mut line = table_line(table, guild, lang);
        if let Some(Some(url)) = links.get(i) {
            line.push_str(&format!(
                " · [{}]({url})",
                tr(lang, "button-watch-live", &[])
            ));
        }
        let last = pages.last_mut().expect("a page");
        if last.len() + 1 + line.len() <= PAGE_CHARS {
            last.push('\n');
            last.push_str(&line);
            continue;
        }
        if pages.len() == PAGES {
            // Room for the note (its count is at most four digits longer).
            let note = tr(lang, "tables-more", &[("n", &tables.len())]);
            let last = pages.last_mut().expect("a page");
            while last.len() + 1 + note.len() > PAGE_CHARS {
                match last.rfind('\n') {
                    Some(cut) => last.truncate(cut),
                    None => break,
                }
            }
            // Each line after a page's first starts with a newline; the
            // first page's first line is the header.
            let shown: usize =
                pages.iter().map(|p| p.matches('\n').count()).sum::<usize>() + pages.len() - 1;
            let more = tables.len() - shown;
            let last = pages.last_mut().expect("a page");
            last.push('\n');
            last.push_str(&tr(lang, "tables-more", &[("n", &more)]));
            break;
        }
        pages.push(line);
    }
    pages
}

/// One table: its state, game, seats, moves so far, the last action's time
/// (Discord shows it relative, in the reader's language) and its board.
pub(super) fn table_line(live: &LiveTable, guild: u64, lang: Lang) -> String {
    let table = &live.table;
    let state = match table.phase() {
        Phase::Lobby { .. } => "tables-open",
        Phase::Inviting { .. } => "tables-waiting",
        Phase::Playing if table.paused().is_some() => "tables-paused",
        _ => "tables-playing",
    };
    let seats: Vec<String> = match table.phase() {
        Phase::Lobby { seats } => seats
            .iter()
            .map(|s| match s {
                Some(p) => player_label(p, lang),
                None => tr(lang, "lobby-free", &[]),
            })
            .collect(),
        Phase::Inviting { invites, .. } => std::iter::once(format!("<@{}>", table.host()))
            .chain(invites.iter().map(|i| format!("<@{}>", i.id)))
            .collect(),
        _ => table
            .players()
            .iter()
            .map(|p: &Player| player_label(p, lang))
            .collect(),
    };
    let board = match &live.board {
        Some(link) => match link.message {
            Some(message) => format!(
                "[{}](https://discord.com/channels/{guild}/{}/{message})",
                tr(lang, "tables-board", &[]),
                link.channel
            ),
            None => format!("<#{}>", link.channel),
        },
        None => format!("<#{}>", table.channel()),
    };
    tr(
        lang,
        "tables-line",
        &[
            ("state", &tr(lang, state, &[])),
            ("game", &game_title(table.kind(), lang)),
            ("seats", &seats.join(" · ")),
            ("moves", &table.history().len()),
            ("since", &format!("<t:{}:R>", table.last_action() / 1000)),
            ("board", &board),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameKind;
    use crate::store::BoardLink;
    use crate::table::test_support::{ok, open, pause, HOST};

    fn live(table: crate::table::Table, message: Option<u64>) -> LiveTable {
        LiveTable {
            board: Some(BoardLink {
                channel: table.channel(),
                message,
                token: None,
                token_at: 0,
                shown: 0,
            }),
            table,
        }
    }

    #[test]
    fn a_line_says_the_state_seats_moves_time_and_board() {
        let mut playing = open(GameKind::Connect4).at(5_000);
        if playing.player_to_move().is_some_and(Player::is_cpu) {
            let mv = crate::game::Game::legal_moves(playing.game())[0];
            let stamp = playing.stamp();
            ok(
                &mut playing,
                crate::table::Action::CpuMove { mv, stamp },
                7_000,
            );
        }
        ok(&mut playing, pause(HOST), 9_000);
        let line = table_line(&live(playing.clone(), Some(77)), 1000, Lang::En);
        assert!(line.contains("paused"), "{line}");
        assert!(line.contains("**Connect Four**"), "{line}");
        assert!(line.contains("<@10>") && line.contains("CPU"), "{line}");
        assert!(line.contains("<t:9:R>"), "{line}");
        assert!(
            line.contains("https://discord.com/channels/1000/100/77"),
            "{line}"
        );
        let url = "https://games.example.org/t/1-ab".to_owned();
        let with_link = pages(&[live(playing, Some(77))], &[Some(url)], 1000, Lang::En);
        assert!(
            with_link[0].contains("[Watch live](https://games.example.org/t/1-ab)"),
            "{with_link:?}"
        );
        let lobby = open(GameKind::Connect4ThreePlayer).open_table().at(0);
        let line = table_line(&live(lobby, None), 1000, Lang::En);
        assert!(line.contains("open"), "{line}");
        assert!(line.contains("free seat"), "{line}");
        assert!(line.contains("<#100>"), "{line}");
    }

    #[test]
    fn a_thousand_tables_fit_in_a_few_messages_that_say_what_is_left_out() {
        let tables: Vec<LiveTable> = (0..1000)
            .map(|_| live(open(GameKind::Connect4).at(0), Some(1)))
            .collect();
        let pages = pages(&tables, &[], 1, Lang::En);
        assert_eq!(pages.len(), PAGES);
        assert!(pages.iter().all(|p| p.len() <= 2000));
        let shown: usize = pages
            .iter()
            .map(|p| p.matches("**Connect Four**").count())
            .sum();
        let last = pages.last().unwrap();
        assert!(
            last.ends_with(&format!("… and {} more tables.", 1000 - shown)),
            "{last}"
        );
        assert_eq!(super::pages(&[], &[], 1, Lang::Fr).len(), 1);
    }
}

//! Spanish and German through the real serenity client against the Discord
//! stand-in: the commands' localizations as registered, private answers in
//! the asker's language, and a hosted table's board, buttons and picture
//! words in the host's.

use crate::{bot, support};
use boardbot::game::{AnyGame, GameKind};
use boardbot::i18n::Lang;
use bot::{assert_board_image, assert_private, labels, Harness};
use serde_json::json;
use support::Msg;

/// The board picture an empty Connect Four 3D cube has in `lang`.
fn empty_cube(lang: Lang) -> image::RgbaImage {
    let game = AnyGame::new(GameKind::Connect4ThreeD).unwrap();
    let png = boardbot::render::position(&game, &[], lang).png;
    image::load_from_memory(&png).unwrap().to_rgba8()
}

/// The person to move, from a board's text in a language whose turn line
/// starts with `turn` (`**Turno:**`).
fn to_move(message: &Msg, turn: &str) -> Option<u64> {
    let line = message.content.lines().find(|l| l.starts_with(turn))?;
    let start = line.find("<@")? + 2;
    let end = line[start..].find('>')? + start;
    line[start..end].parse().ok()
}

fn alt(message: &Msg) -> String {
    message.attachments[0]
        .description
        .clone()
        .unwrap_or_default()
}

/// Spanish (Spain and Latin America) and German names and descriptions
/// are registered for every command, with the names players use.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_in_spanish_and_german() {
    let h = Harness::start().await;
    let d = &h.discord;
    let connect4 = d.wait_command("connect4").await;
    for (locale, name, words) in [
        ("es-ES", "conecta-4", "Conecta 4"),
        ("es-419", "conecta-4", "Conecta 4"),
        ("de", "vier-gewinnt", "Vier gewinnt"),
    ] {
        assert_eq!(connect4["name_localizations"][locale], name, "{connect4}");
        assert!(
            connect4["description_localizations"][locale]
                .as_str()
                .is_some_and(|t| t.contains(words)),
            "{locale}: {connect4}"
        );
    }
    let opponent = connect4["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "opponent")
        .unwrap();
    assert_eq!(opponent["name_localizations"]["es-ES"], "rival");
    assert_eq!(opponent["name_localizations"]["de"], "gegner");
    let dots = d.wait_command("dots").await;
    assert_eq!(dots["name_localizations"]["es-ES"], "puntos-y-cajas");
    assert_eq!(dots["name_localizations"]["es-419"], "timbiriche");
    assert_eq!(dots["name_localizations"]["de"], "käsekästchen");
    // Every command carries all three, and the choices their labels.
    for command in d.commands() {
        for locale in ["es-ES", "es-419", "de"] {
            assert!(
                command["name_localizations"][locale].is_string()
                    && command["description_localizations"][locale].is_string(),
                "{locale}: {command}"
            );
        }
    }
    let level = connect4["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "level")
        .unwrap();
    let hard = &level["choices"][2];
    assert_eq!(hard["value"], "hard");
    assert_eq!(hard["name_localizations"]["es-ES"], "difícil");
    assert_eq!(hard["name_localizations"]["de"], "schwer");
    h.stop().await;
}

/// A Spanish host invites a German player: the invitation and the board
/// are in Spanish (the host's), each person's private answers in their own
/// language, and the texts name the commands as their list shows them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_table_with_a_german_guest() {
    let h = Harness::start().await;
    let d = &h.discord;
    d.wait_command("connect4").await;
    let ana = d.user_with_locale("ana", "es-ES");
    let jonas = d.user_with_locale("jonas", "de");
    let channel = d.channel_id();
    let ix = d
        .slash(&ana, channel, "connect4", json!({"opponent": jonas.id}))
        .await;
    let invitation = d.response(ix).await.message_id.unwrap();
    let message = d.message(invitation).unwrap();
    assert!(
        message
            .content
            .contains("te invita a jugar a **Conecta 4**. Acepta o rechaza"),
        "{}",
        message.content
    );
    assert_eq!(labels(&message), ["Aceptar", "Rechazar"]);
    // Ana may not answer her own invitation: told so in Spanish.
    let click = d.click_label(&ana, invitation, "Aceptar").await;
    assert_eq!(
        assert_private(&d.response(click).await),
        "Tú has enviado esta invitación: espera la respuesta."
    );
    let click = d.click_label(&jonas, invitation, "Aceptar").await;
    assert_eq!(d.response(click).await.kind, 7);
    let board = h.settled(invitation, None).await;
    assert_board_image(&board);
    assert!(
        board.content.starts_with("**Conecta 4** · en juego — ")
            && board.content.contains("**Turno:**")
            && board.content.contains(" contra "),
        "{}",
        board.content
    );
    assert!(labels(&board).contains(&"Rendirse".to_string()));
    assert!(
        alt(&board).starts_with("Conecta 4, 7 columnas × 6 filas, 0 fichas"),
        "{}",
        alt(&board)
    );
    // Whoever is not to move clicks a column: each told in their language.
    let mover = to_move(&board, "**Turno:**").expect("someone is to move");
    let (waiting, answer) = if mover == ana.id {
        (&jonas, "Du bist nicht am Zug.")
    } else {
        (&ana, "No es tu turno.")
    };
    let click = d.click_label(waiting, invitation, "4").await;
    assert_eq!(assert_private(&d.response(click).await), answer);
    let ix = d.slash(&jonas, channel, "move", json!({"at": "z"})).await;
    assert!(
        assert_private(&d.response(ix).await).starts_with("„z“ ist kein Zug auf diesem Brett."),
        "German"
    );
    let ix = d.slash(&ana, channel, "move", json!({"at": "z"})).await;
    assert!(
        assert_private(&d.response(ix).await).starts_with("«z» no es una jugada de este tablero.")
    );
    // `/help` names the commands as each language's list shows them.
    let ix = d.slash(&jonas, channel, "help", json!({})).await;
    let help = assert_private(&d.response(ix).await);
    assert!(
        help.contains("`/vier-gewinnt`")
            && help.contains("`/ziehen zug:`")
            && help.contains("`/regeln spiel:`"),
        "{help}"
    );
    let ix = d.slash(&ana, channel, "help", json!({})).await;
    let help = assert_private(&d.response(ix).await);
    assert!(
        help.contains("`/conecta-4`") && help.contains("`/jugar jugada:`"),
        "{help}"
    );
    // A second game here is refused, in German, naming /beenden.
    let ix = d.slash(&jonas, channel, "dots", json!({})).await;
    let refusal = assert_private(&d.response(ix).await);
    assert!(
        refusal.starts_with("In diesem Kanal läuft schon ein Tisch mit Vier gewinnt.")
            && refusal.contains("/beenden"),
        "{refusal}"
    );
    h.stop().await;
}

/// A German host's Connect Four 3D board: text, buttons, alt text and the
/// words on the picture are German; a Spanish host's are Spanish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosts_board_and_picture_words_follow_the_host() {
    let h = Harness::start().await;
    let d = &h.discord;
    d.wait_command("connect4-3d").await;
    let hans = d.user_with_locale("hans", "de");
    let channel = d.channel_id();
    let ix = d
        .slash(&hans, channel, "connect4-3d", json!({"color": "red"}))
        .await;
    let id = d.response(ix).await.message_id.unwrap();
    let board = h.settled(id, None).await;
    let picture = assert_board_image(&board);
    assert!(
        board.content.starts_with("**Vier gewinnt 3D** · läuft — ")
            && board.content.contains("**Am Zug:** 🔴 rot ○")
            && board.content.contains("CPU (mittel)"),
        "{}",
        board.content
    );
    let buttons = labels(&board);
    assert!(
        buttons.contains(&"Aufgeben".to_string()) && buttons.contains(&"Tipp".to_string()),
        "{buttons:?}"
    );
    assert!(
        alt(&board)
            .starts_with("Vier gewinnt 3D, 4 Ebenen nebeneinander, die unterste zuerst; 0 Kugeln"),
        "{}",
        alt(&board)
    );
    // The levels are labelled in German on the picture itself.
    assert!(picture == empty_cube(Lang::De), "the German picture");
    assert!(picture != empty_cube(Lang::En));

    let sofia = d.user_with_locale("sofia", "es-ES");
    let other = d.add_channel("mesa");
    let ix = d
        .slash(&sofia, other, "connect4-3d", json!({"color": "red"}))
        .await;
    let id = d.response(ix).await.message_id.unwrap();
    let board = h.settled(id, None).await;
    let picture = assert_board_image(&board);
    assert!(
        board
            .content
            .starts_with("**Conecta 4 en 3D** · en juego — ")
            && board.content.contains("**Turno:** 🔴 rojo ○"),
        "{}",
        board.content
    );
    assert!(labels(&board).contains(&"Pista".to_string()));
    assert!(picture == empty_cube(Lang::Es), "the Spanish picture");
    assert!(picture != empty_cube(Lang::De));
    h.stop().await;
}

/// Latin American Spanish has its own name for Dots and Boxes, and falls
/// back to Spain's Spanish for the rest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn latin_american_spanish_says_timbiriche() {
    let h = Harness::start().await;
    let d = &h.discord;
    d.wait_command("rules").await;
    let lucia = d.user_with_locale("lucia", "es-419");
    let pablo = d.user_with_locale("pablo", "es-ES");
    let channel = d.channel_id();
    let ix = d
        .slash(&lucia, channel, "rules", json!({"game": "dots"}))
        .await;
    let rules = assert_private(&d.response(ix).await);
    assert!(
        rules.starts_with("**Timbiriche** (puntos y cajas;"),
        "{rules}"
    );
    let ix = d
        .slash(&pablo, channel, "rules", json!({"game": "dots"}))
        .await;
    let rules = assert_private(&d.response(ix).await);
    assert!(rules.starts_with("**Puntos y cajas**"), "{rules}");
    let ix = d.slash(&lucia, channel, "help", json!({})).await;
    let help = assert_private(&d.response(ix).await);
    assert!(
        help.contains("`/timbiriche`") && help.contains("organiza juegos de mesa"),
        "{help}"
    );
    let ix = d.slash(&lucia, channel, "move", json!({"at": "1"})).await;
    assert!(assert_private(&d.response(ix).await).starts_with("No hay ninguna partida"));
    h.stop().await;
}

//! Proves the Discord stand-in works with the real serenity client: a tiny
//! serenity bot defined here is driven through the stand-in's API.

use crate::support;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::FutureExt;
use serde_json::json;
use serenity::all::ClientBuilder;
use serenity::all::{
    ActionRowComponent, ApplicationId, ButtonStyle, ChannelId, Command, CommandDataOptionValue,
    CommandInteraction, CommandOptionType, ComponentInteraction, ComponentInteractionDataKind,
    Context, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateAutocompleteResponse,
    CreateButton, CreateCommand, CreateCommandOption, CreateInputText, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateModal, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditAttachments,
    EditInteractionResponse, EditMessage, EventHandler, GatewayIntents, Http, HttpBuilder,
    InputTextStyle, Interaction, InteractionId, MessageId, ModalInteraction, Ready, ShardManager,
    UserId,
};
use serenity::async_trait;
use support::{FaultCause, StandIn};

const TOKEN: &str = "standin-selftest-token";
const ALT: &str = "A 3 by 2 red test picture";

/// Discord error codes the bot saw from REST calls, with the command that caused them.
type Seen = Arc<Mutex<Vec<(String, isize)>>>;

struct Bot {
    errors: Seen,
}

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(w, h, image::Rgba([255, 0, 0, 255]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("encode png");
    out.into_inner()
}

fn code_of(e: &serenity::Error) -> isize {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => r.error.code,
        other => panic!("unexpected error kind: {other:?}"),
    }
}

impl Bot {
    fn note(&self, what: &str, r: serenity::Result<()>) {
        if let Err(e) = r {
            self.errors
                .lock()
                .unwrap()
                .push((what.to_string(), code_of(&e)));
        }
    }

    async fn command(&self, ctx: &Context, cmd: &CommandInteraction) {
        let name = cmd.data.name.as_str();
        match name {
            "ping" => {
                let private = cmd
                    .data
                    .options
                    .iter()
                    .any(|o| o.name == "private" && o.value.as_bool() == Some(true));
                let msg = CreateInteractionResponseMessage::new()
                    .content("pong")
                    .ephemeral(private)
                    .add_file(CreateAttachment::bytes(png(3, 2), "board.png").description(ALT))
                    .components(vec![
                        CreateActionRow::Buttons(vec![
                            CreateButton::new("again")
                                .label("Again")
                                .style(ButtonStyle::Primary),
                            CreateButton::new("off").label("Off").disabled(true),
                            CreateButton::new("later").label("Later"),
                        ]),
                        CreateActionRow::SelectMenu(CreateSelectMenu::new(
                            "choice",
                            CreateSelectMenuKind::String {
                                options: vec![
                                    CreateSelectMenuOption::new("A", "a"),
                                    CreateSelectMenuOption::new("B", "b"),
                                ],
                            },
                        )),
                    ]);
                let r = cmd
                    .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
                    .await;
                self.note(name, r);
            }
            "twice" => {
                for text in ["first", "second"] {
                    let msg = CreateInteractionResponseMessage::new().content(text);
                    let r = cmd
                        .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
                        .await;
                    self.note(name, r);
                }
            }
            "slow" => {
                tokio::time::sleep(Duration::from_millis(300)).await;
                let msg = CreateInteractionResponseMessage::new().content("too late");
                let r = cmd
                    .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
                    .await;
                self.note(name, r);
            }
            "bad" => {
                let rows = (0..6)
                    .map(|i| {
                        CreateActionRow::Buttons(
                            vec![CreateButton::new(format!("b{i}")).label("x")],
                        )
                    })
                    .collect();
                let msg = CreateInteractionResponseMessage::new()
                    .content("six rows")
                    .components(rows);
                let r = cmd
                    .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
                    .await;
                self.note(name, r);
            }
            "defer" => {
                let r = cmd.defer(&ctx.http).await;
                self.note(name, r);
                let edit = EditInteractionResponse::new()
                    .content("filled")
                    .new_attachment(
                        CreateAttachment::bytes(png(4, 4), "late.png").description("square"),
                    );
                let r = cmd.edit_response(&ctx.http, edit).await.map(|_| ());
                self.note(name, r);
                let r = cmd
                    .edit_response(
                        &ctx.http,
                        EditInteractionResponse::new().content("edited again"),
                    )
                    .await;
                self.note(name, r.map(|_| ()));
                let f = CreateInteractionResponseFollowup::new()
                    .content("secret")
                    .ephemeral(true);
                let r = cmd.create_followup(&ctx.http, f).await;
                self.note(name, r.map(|_| ()));
            }
            "form" => {
                let input = CreateInputText::new(InputTextStyle::Short, "Your name", "name");
                let modal = CreateModal::new("form-modal", "Tell me")
                    .components(vec![CreateActionRow::InputText(input)]);
                let r = cmd
                    .create_response(&ctx.http, CreateInteractionResponse::Modal(modal))
                    .await;
                self.note(name, r);
            }
            "pick" => {
                let mut fruit = String::new();
                let mut who = String::new();
                for o in &cmd.data.options {
                    match (&*o.name, &o.value) {
                        ("fruit", CommandDataOptionValue::String(s)) => fruit = s.clone(),
                        ("who", CommandDataOptionValue::User(id)) => {
                            who = cmd
                                .data
                                .resolved
                                .users
                                .get(id)
                                .map(|u| u.name.clone())
                                .unwrap_or_default();
                        }
                        _ => {}
                    }
                }
                let text = format!("{fruit} for {who} ({})", cmd.locale);
                let msg = CreateInteractionResponseMessage::new().content(text);
                let r = cmd
                    .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
                    .await;
                self.note(name, r);
            }
            _ => {}
        }
    }

    async fn autocomplete(&self, ctx: &Context, cmd: &CommandInteraction) {
        let typed = cmd
            .data
            .autocomplete()
            .map(|o| o.value.to_string())
            .unwrap_or_default();
        let mut resp = CreateAutocompleteResponse::new();
        for f in ["apple", "apricot", "banana", "cherry"] {
            if f.starts_with(&typed) {
                resp = resp.add_string_choice(f.to_uppercase(), f);
            }
        }
        let r = cmd
            .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(resp))
            .await;
        self.note("autocomplete", r);
    }

    async fn modal(&self, ctx: &Context, m: &ModalInteraction) {
        let mut value = String::new();
        for row in &m.data.components {
            for c in &row.components {
                if let ActionRowComponent::InputText(t) = c {
                    value = t.value.clone().unwrap_or_default();
                }
            }
        }
        let msg = CreateInteractionResponseMessage::new().content(format!("hello {value}"));
        let r = m
            .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
            .await;
        self.note("modal", r);
    }

    async fn component(&self, ctx: &Context, c: &ComponentInteraction) {
        if c.data.custom_id == "later" {
            // Deferred update (6), then an @original edit of the component's message.
            let r = c
                .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
                .await;
            self.note("later", r);
            let edit = EditInteractionResponse::new().content("edited after a deferred update");
            let r = c.edit_response(&ctx.http, edit).await;
            self.note("later", r.map(|_| ()));
            return;
        }
        let text = match &c.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => {
                format!("chose {}", values.join(","))
            }
            _ => format!("clicked {} by {}", c.data.custom_id, c.user.name),
        };
        // No files: serenity sends `attachments: []`, which removes the image.
        let msg = CreateInteractionResponseMessage::new().content(text);
        let r = c
            .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(msg))
            .await;
        self.note(&c.data.custom_id, r);
    }
}

#[async_trait]
impl EventHandler for Bot {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let commands = vec![
            CreateCommand::new("ping")
                .description("Ping with a picture")
                .add_option(CreateCommandOption::new(
                    CommandOptionType::Boolean,
                    "private",
                    "Only you see it",
                )),
            CreateCommand::new("twice").description("Answers twice"),
            CreateCommand::new("slow").description("Answers late"),
            CreateCommand::new("bad").description("Too many rows"),
            CreateCommand::new("defer").description("Deferred answer"),
            CreateCommand::new("form")
                .description("Opens a form")
                .name_localized("fr", "formulaire")
                .description_localized("pt-BR", "Abre um formulário"),
            CreateCommand::new("pick")
                .description("Pick a fruit")
                .add_option(
                    CreateCommandOption::new(CommandOptionType::String, "fruit", "The fruit")
                        .required(true)
                        .set_autocomplete(true),
                )
                .add_option(CreateCommandOption::new(
                    CommandOptionType::User,
                    "who",
                    "For whom",
                )),
        ];
        if let Err(e) = Command::set_global_commands(&ctx.http, commands).await {
            self.errors
                .lock()
                .unwrap()
                .push(("register".into(), code_of(&e)));
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(cmd) => self.command(&ctx, &cmd).await,
            Interaction::Autocomplete(cmd) => self.autocomplete(&ctx, &cmd).await,
            Interaction::Component(c) => self.component(&ctx, &c).await,
            Interaction::Modal(m) => self.modal(&ctx, &m).await,
            _ => {}
        }
    }
}

struct Running {
    discord: StandIn,
    errors: Seen,
    shards: Arc<ShardManager>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    async fn stop(self) {
        self.shards.shutdown_all().await;
        tokio::time::timeout(Duration::from_secs(5), self.task)
            .await
            .expect("client stops")
            .expect("client task");
    }
}

/// Starts the test bot against `discord` (does not wait for anything).
async fn spawn_bot(discord: &StandIn) -> Running {
    let http = HttpBuilder::new(TOKEN)
        .proxy(discord.base_url())
        .ratelimiter_disabled(true)
        .build();
    let errors: Seen = Arc::default();
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::empty())
        .event_handler(Bot {
            errors: errors.clone(),
        })
        .await
        .expect("build client");
    let shards = client.shard_manager.clone();
    let task = tokio::spawn(async move {
        let _ = client.start().await;
    });
    Running {
        discord: discord.clone(),
        errors,
        shards,
        task,
    }
}

/// Starts a stand-in and the test bot; waits for READY and command registration.
async fn start() -> Running {
    start_with(|_| {}).await
}

async fn start_with(configure: impl FnOnce(&StandIn)) -> Running {
    let discord = StandIn::start_with_token(TOKEN).await;
    configure(&discord);
    let run = spawn_bot(&discord).await;
    discord.wait_ready().await;
    discord.wait_command("pick").await;
    run
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_reply_with_file_button_and_update() {
    let run = start().await;
    let d = &run.discord;
    assert_eq!(
        d.identify_token().as_deref(),
        Some(&*format!("Bot {TOKEN}"))
    );
    assert_eq!(
        d.rest_authorization().as_deref(),
        Some(&*format!("Bot {TOKEN}"))
    );
    let names: Vec<String> = d
        .commands()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        names,
        ["ping", "twice", "slow", "bad", "defer", "form", "pick"]
    );
    assert!(d
        .commands()
        .iter()
        .all(|c| c["id"].is_string() && c["application_id"].is_string()));

    let alice = d.user("alice");
    let ix = d.slash(&alice, d.channel_id(), "ping", json!({})).await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4);
    assert!(!reply.ephemeral);
    assert_eq!(reply.content.as_deref(), Some("pong"));
    assert_eq!(reply.files.len(), 1);
    let file = &reply.files[0];
    assert_eq!(file.filename, "board.png");
    assert_eq!(file.description.as_deref(), Some(ALT));
    let img = file.decode_png();
    assert_eq!(img.dimensions(), (3, 2));
    assert_eq!(img.get_pixel(0, 0).0, [255, 0, 0, 255]);
    assert_eq!(reply.buttons().len(), 3);

    let msg_id = reply.message_id.expect("original message");
    let msg = d.message(msg_id).unwrap();
    assert_eq!(msg.version, 0);
    assert_eq!(
        msg.expect_button("Again").custom_id.as_deref(),
        Some("again")
    );
    assert!(msg.expect_button("off").disabled);
    assert_eq!(msg.select("choice").unwrap().options.len(), 2);
    assert_eq!(d.public_messages(d.channel_id()).len(), 1);

    // Button click: type 7 updates the same message; with `attachments: []` the image goes.
    let click = d.click_label(&alice, msg_id, "Again").await;
    let upd = d.response(click).await;
    assert_eq!(upd.kind, 7);
    assert_eq!(upd.message_id, Some(msg_id));
    let msg = d.wait_message(msg_id, |m| m.version >= 1).await;
    assert_eq!(msg.content, "clicked again by alice");
    assert!(
        msg.attachments.is_empty(),
        "an update without files and attachments: [] removes files"
    );
    assert_eq!(
        msg.buttons().len(),
        3,
        "components not sent on update are kept"
    );

    // String select.
    let pick = d.select(&alice, msg_id, "choice", &["b"]).await;
    assert_eq!(d.response(pick).await.kind, 7);
    assert_eq!(
        d.wait_message(msg_id, |m| m.version >= 2).await.content,
        "chose b"
    );

    assert!(
        run.errors.lock().unwrap().is_empty(),
        "bot saw errors: {:?}",
        run.errors.lock().unwrap()
    );
    d.assert_no_violations();
    run.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ephemeral_deferred_followup_autocomplete_and_user_option() {
    let run = start().await;
    let d = &run.discord;
    let bruno = d.user_with_locale("bruno", "pt-BR");
    let carla = d.user("carla");

    // Ephemeral reply.
    let ix = d
        .slash(&bruno, d.channel_id(), "ping", json!({"private": true}))
        .await;
    let reply = d.response(ix).await;
    assert!(reply.ephemeral);
    let m = d.original(ix).unwrap();
    assert!(m.ephemeral());
    assert!(d.public_messages(d.channel_id()).is_empty());
    assert_eq!(d.channel_messages(d.channel_id()).len(), 1);

    // Deferred: a loading original, then filled by @original edits.
    let ix = d.slash(&bruno, d.channel_id(), "defer", json!({})).await;
    assert_eq!(d.response(ix).await.kind, 5);
    let m = d.wait_original(ix, |m| m.version >= 2).await;
    assert!(!m.loading());
    assert_eq!(m.content, "edited again");
    assert_eq!(
        m.attachments.len(),
        1,
        "an edit without `attachments` keeps the old ones"
    );
    assert_eq!(m.attachments[0].description.as_deref(), Some("square"));
    assert_eq!(m.attachments[0].decode_png().dimensions(), (4, 4));
    let f = d.wait_followups(ix, 1).await;
    assert!(f[0].ephemeral());
    assert_eq!(f[0].content, "secret");

    // Autocomplete.
    let ix = d
        .autocomplete(
            &bruno,
            d.channel_id(),
            "pick",
            json!({"fruit": "ap"}),
            "fruit",
        )
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 8);
    assert_eq!(
        reply.choice_pairs(),
        [
            ("APPLE".to_string(), "apple".to_string()),
            ("APRICOT".to_string(), "apricot".to_string())
        ]
    );

    // USER option: the id in `value`, the user in `data.resolved`; the user's locale.
    let ix = d
        .slash(
            &bruno,
            d.channel_id(),
            "pick",
            json!({"fruit": "cherry", "who": carla.id}),
        )
        .await;
    assert_eq!(
        d.response(ix).await.content.as_deref(),
        Some("cherry for carla (pt-BR)")
    );

    // A thread is a channel too.
    let thread = d.add_thread(d.channel_id(), "table");
    let ix = d
        .slash(&carla, thread, "pick", json!({"fruit": "banana"}))
        .await;
    d.response(ix).await;
    assert_eq!(
        d.latest_message(thread).unwrap().content,
        "banana for  (en-US)"
    );

    assert!(
        run.errors.lock().unwrap().is_empty(),
        "bot saw errors: {:?}",
        run.errors.lock().unwrap()
    );
    d.assert_no_violations();
    run.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_rules_are_enforced() {
    let run = start().await;
    let d = &run.discord;
    let alice = d.user("alice");

    // Second callback: 40060.
    let ix = d.slash(&alice, d.channel_id(), "twice", json!({})).await;
    assert_eq!(d.response(ix).await.content.as_deref(), Some("first"));
    let refused = d.refusal(ix).await;
    assert_eq!((refused.status, refused.code), (400, 40060));

    // Late callback: 10062 (window shortened so the test stays fast).
    d.set_callback_window(Duration::from_millis(100));
    let ix = d.slash(&alice, d.channel_id(), "slow", json!({})).await;
    let refused = d.refusal(ix).await;
    assert_eq!((refused.status, refused.code), (404, 10062));
    d.set_callback_window(Duration::from_secs(3));

    // Six action rows: 50035, and nothing is created.
    let ix = d.slash(&alice, d.channel_id(), "bad", json!({})).await;
    let refused = d.refusal(ix).await;
    assert_eq!((refused.status, refused.code), (400, 50035));
    assert!(
        refused.message.contains("data.components"),
        "{}",
        refused.message
    );
    assert!(d.original(ix).is_none());

    // The bot saw Discord's error codes through serenity.
    let wait_errors = async {
        loop {
            if run.errors.lock().unwrap().len() >= 3 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(3), wait_errors)
        .await
        .expect("bot errors");
    let mut seen = run.errors.lock().unwrap().clone();
    seen.sort();
    assert_eq!(
        seen,
        [
            ("bad".to_string(), 50035),
            ("slow".to_string(), 10062),
            ("twice".to_string(), 40060)
        ]
    );

    let mut codes: Vec<u64> = d.take_violations().iter().map(|v| v.code).collect();
    codes.sort();
    assert_eq!(codes, [10062, 40060, 50035]);
    d.assert_no_violations();

    // Unknown routes are answered 404 and recorded.
    let http = HttpBuilder::new(TOKEN)
        .proxy(d.base_url())
        .ratelimiter_disabled(true)
        .build();
    assert!(http.get_guild_roles(d.guild_id().into()).await.is_err());
    assert_eq!(d.unknown_routes().len(), 1);
    // Channel routes work for the bot too.
    let ch = serenity::all::ChannelId::new(d.channel_id());
    let sent = ch.say(&http, "hello").await.expect("send message");
    assert_eq!(d.message(sent.id.get()).unwrap().content, "hello");
    assert_eq!(
        ch.message(&http, sent.id)
            .await
            .expect("get message")
            .content,
        "hello"
    );
    // serenity's builders check content length themselves; the raw route reaches the stand-in.
    let long = json!({"content": "x".repeat(2001)});
    let err = http
        .send_message(ch, vec![], &long)
        .await
        .expect_err("too long");
    assert_eq!(code_of(&err), 50035);
    assert_eq!(d.take_violations().len(), 1);
    run.stop().await;
}

#[test]
fn rule_checks_catch_component_limits() {
    use support::rules::check_message;
    let row = |n: usize, prefix: &str| json!({"type": 1, "components": (0..n).map(|i| json!({"type": 2, "style": 1, "label": "x", "custom_id": format!("{prefix}{i}")})).collect::<Vec<_>>()});
    assert!(check_message("", &json!({"components": [row(5, "a")]})).is_empty());
    assert!(!check_message("", &json!({"components": [row(6, "a")]})).is_empty());
    assert!(
        !check_message("", &json!({"components": [row(1, "a"), row(1, "a")]})).is_empty(),
        "duplicate custom_id"
    );
    let long_id = "i".repeat(101);
    let bad_id = json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": long_id}]}]});
    assert!(!check_message("", &bad_id).is_empty());
    let opts: Vec<_> = (0..26)
        .map(|i| json!({"label": i.to_string(), "value": i.to_string()}))
        .collect();
    let select = json!({"type": 3, "custom_id": "s", "options": opts});
    assert!(!check_message(
        "",
        &json!({"components": [{"type": 1, "components": [select]}]})
    )
    .is_empty());
    let two = json!({"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}, {"type": 2, "style": 1, "label": "x", "custom_id": "b"}]});
    assert!(
        !check_message("", &json!({"components": [two]})).is_empty(),
        "select must be alone"
    );
    assert!(!check_message("", &json!({"content": "x".repeat(2001)})).is_empty());
    assert!(!check_message(
        "",
        &json!({"attachments": [{"id": 0, "description": "d".repeat(1025)}]})
    )
    .is_empty());
}

#[test]
fn multipart_parser_reads_payload_and_files() {
    let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--\r\n--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"a\":1}\r\n--XyZ--\r\n";
    let parts = support::http::parse_multipart(body, "XyZ").unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0].name, "files[0]");
    assert_eq!(parts[0].filename.as_deref(), Some("a.png"));
    assert_eq!(parts[0].data, b"\x89PNG\r\n--");
    assert_eq!(parts[1].data, b"{\"a\":1}");
    assert_eq!(
        support::http::multipart_boundary("multipart/form-data; boundary=XyZ").as_deref(),
        Some("XyZ")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn modal_deferred_update_heartbeat_resume_and_restart() {
    let run = start_with(|d| d.set_heartbeat_interval(Duration::from_millis(100))).await;
    let d = run.discord.clone();
    let alice = d.user("alice");

    // Modal: callback 9, then a modal submit answered with a message.
    let ix = d.slash(&alice, d.channel_id(), "form", json!({})).await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 9);
    assert_eq!(reply.data["title"], "Tell me");
    let sub = d.submit_modal(&alice, ix, &[("name", "Alice")]).await;
    assert_eq!(
        d.response(sub).await.content.as_deref(),
        Some("hello Alice")
    );

    // Deferred update (6) + @original edit changes the component's message.
    let ix = d.slash(&alice, d.channel_id(), "ping", json!({})).await;
    let board = d.response(ix).await.message_id.unwrap();
    let later = d.click(&alice, board, "later").await;
    assert_eq!(d.response(later).await.kind, 6);
    let m = d.wait_message(board, |m| m.version >= 1).await;
    assert_eq!(m.content, "edited after a deferred update");
    assert_eq!(
        m.attachments.len(),
        1,
        "the @original edit sent no attachments: kept"
    );

    // Heartbeats are acknowledged (else serenity would reconnect).
    d.wait_for("two heartbeats", |st| (st.heartbeats >= 2).then_some(()))
        .await;

    // The gateway drops with 4000: serenity resumes.
    d.drop_gateway(4000);
    d.wait_resumed(1).await;
    let ix = d
        .slash(&alice, d.channel_id(), "pick", json!({"fruit": "apple"}))
        .await;
    assert_eq!(
        d.response(ix).await.content.as_deref(),
        Some("apple for  (en-US)")
    );

    // A restarted bot (new client, same Discord) handles the old message's buttons.
    let errors = run.errors.clone();
    run.stop().await;
    assert!(
        errors.lock().unwrap().is_empty(),
        "bot saw errors: {:?}",
        errors.lock().unwrap()
    );
    let run = spawn_bot(&d).await;
    d.wait_ready_count(2).await;
    let click = d.click(&alice, board, "again").await;
    assert_eq!(d.response(click).await.kind, 7);
    assert_eq!(d.message(board).unwrap().content, "clicked again by alice");
    assert_eq!(d.with_state(|st| st.command_puts), 2);
    assert_eq!(d.commands().len(), 7, "re-registration replaces, ids kept");

    assert!(
        run.errors.lock().unwrap().is_empty(),
        "bot saw errors: {:?}",
        run.errors.lock().unwrap()
    );
    d.assert_no_violations();
    run.stop().await;
}

#[test]
fn command_checks_catch_bad_locales_and_names() {
    use support::rules::check_command;
    let ok = json!({"name": "connect4", "description": "Play", "name_localizations": {"pt-BR": "ligue4", "fr": "puissance4"}});
    assert!(check_command("0", &ok).is_empty());
    let bad_locale =
        json!({"name": "connect4", "description": "Play", "name_localizations": {"pt": "ligue4"}});
    assert!(!check_command("0", &bad_locale).is_empty());
    let upper = json!({"name": "Connect4", "description": "Play"});
    assert!(!check_command("0", &upper).is_empty());
    let order = json!({"name": "c", "description": "d", "options": [
        {"type": 3, "name": "a", "description": "x"},
        {"type": 3, "name": "b", "description": "x", "required": true}
    ]});
    assert!(
        !check_command("0", &order).is_empty(),
        "required after optional"
    );
}

/// The HTTP server by hand: keep-alive, chunked bodies, 404 shape.
#[tokio::test]
async fn raw_http_keep_alive_chunked_and_unknown_route() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn read_response(
        s: &mut tokio::net::TcpStream,
        buf: &mut Vec<u8>,
    ) -> (u16, serde_json::Value) {
        loop {
            if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&buf[..p]).to_string();
                let len: usize = head
                    .lines()
                    .find_map(|l| {
                        l.to_ascii_lowercase()
                            .strip_prefix("content-length:")
                            .map(|v| v.trim().parse().unwrap())
                    })
                    .unwrap_or(0);
                while buf.len() < p + 4 + len {
                    let mut chunk = [0u8; 4096];
                    let n = s.read(&mut chunk).await.unwrap();
                    assert!(n > 0, "connection closed");
                    buf.extend_from_slice(&chunk[..n]);
                }
                let status = head[9..12].parse().unwrap();
                let body = serde_json::from_slice(&buf[p + 4..p + 4 + len])
                    .unwrap_or(serde_json::Value::Null);
                buf.drain(..p + 4 + len);
                return (status, body);
            }
            let mut chunk = [0u8; 4096];
            let n = s.read(&mut chunk).await.unwrap();
            assert!(n > 0, "connection closed");
            buf.extend_from_slice(&chunk[..n]);
        }
    }

    let d = StandIn::start().await;
    let addr = d.base_url().trim_start_matches("http://").to_string();
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut buf = Vec::new();
    let ch = d.channel_id();
    let json = br#"{"content":"chunked hello"}"#;
    let mut req = format!(
        "POST /api/v10/channels/{ch}/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    .into_bytes();
    req.extend_from_slice(format!("{:x}\r\n", 10).as_bytes());
    req.extend_from_slice(&json[..10]);
    req.extend_from_slice(format!("\r\n{:x}\r\n", json.len() - 10).as_bytes());
    req.extend_from_slice(&json[10..]);
    req.extend_from_slice(b"\r\n0\r\n\r\n");
    s.write_all(&req).await.unwrap();
    let (status, body) = read_response(&mut s, &mut buf).await;
    assert_eq!(status, 200);
    assert_eq!(body["content"], "chunked hello");
    let id = body["id"].as_str().unwrap().to_string();

    // Same connection: GET it back, then an unknown route.
    s.write_all(
        format!("GET /api/v10/channels/{ch}/messages/{id} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let (status, body) = read_response(&mut s, &mut buf).await;
    assert_eq!(
        (status, body["content"].as_str()),
        (200, Some("chunked hello"))
    );
    s.write_all(b"GET /api/v10/nothing/here HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let (status, body) = read_response(&mut s, &mut buf).await;
    assert_eq!(status, 404);
    assert_eq!(body, json!({"message": "404: Not Found", "code": 0}));
    assert_eq!(d.unknown_routes(), ["GET /api/v10/nothing/here"]);
    // Outside the API and without a token: another test's web page come
    // to a port this stand-in was given after its server let it go.
    // Answered 404, and not held against the bot.
    s.write_all(b"GET /t/1-abc/socket HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let (status, _) = read_response(&mut s, &mut buf).await;
    assert_eq!(status, 404);
    assert_eq!(d.unknown_routes(), ["GET /api/v10/nothing/here"]);
}

/// A plain serenity REST client on the stand-in (the bot's own calls, made by hand).
fn raw_http(d: &StandIn) -> Http {
    HttpBuilder::new(TOKEN)
        .proxy(d.base_url())
        .ratelimiter_disabled(true)
        .application_id(ApplicationId::new(d.application_id()))
        .build()
}

/// HTTP status, Discord code and message of a refused REST call.
fn api_error(e: &serenity::Error) -> (u16, isize, String) {
    match e {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => (
            r.status_code.as_u16(),
            r.error.code,
            r.error.message.clone(),
        ),
        other => panic!("unexpected error kind: {other:?}"),
    }
}

/// Waits until the test bot saw at least `n` REST errors; returns them sorted.
async fn bot_errors(run: &Running, n: usize) -> Vec<(String, isize)> {
    let wait = async {
        loop {
            let seen = run.errors.lock().unwrap().clone();
            if seen.len() >= n {
                return seen;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    let mut seen = tokio::time::timeout(Duration::from_secs(3), wait)
        .await
        .expect("bot errors");
    seen.sort();
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fail_next_and_hang_next_inject_errors_and_silence() {
    let run = start().await;
    let d = &run.discord;
    let alice = d.user("alice");
    let http = Arc::new(raw_http(d));
    let ch = ChannelId::new(d.channel_id());
    let ix = d.slash(&alice, d.channel_id(), "ping", json!({})).await;
    let board = d.response(ix).await.message_id.unwrap();
    let mid = MessageId::new(board);

    // The next two PATCHes fail with 500; route "" matches webhook and channel edits.
    d.fail_next("PATCH", "", 2, 500);
    let later = d.click(&alice, board, "later").await;
    assert_eq!(
        d.response(later).await.kind,
        6,
        "a POST callback is not hit"
    );
    let hits = d.wait_fault_hits(FaultCause::Failed, 1).await;
    assert!(
        hits[0].route.starts_with("PATCH /api/v10/webhooks/"),
        "{hits:?}"
    );
    let err = http
        .edit_message(ch, mid, &json!({"content": "edited"}), vec![])
        .await
        .expect_err("the second PATCH fails too");
    assert_eq!(
        api_error(&err),
        (500, 0, "500: Internal Server Error".to_string())
    );
    assert_eq!(d.failed_count(), 2);
    let m = d.message(board).unwrap();
    assert_eq!(
        (m.version, m.content.as_str(), m.attachments.len()),
        (0, "pong", 1),
        "failed requests change nothing"
    );
    // Used up: the third PATCH goes through.
    http.edit_message(ch, mid, &json!({"content": "edited"}), vec![])
        .await
        .expect("third PATCH");
    assert_eq!(d.message(board).unwrap().content, "edited");

    // A failed callback is the stand-in's doing: in `faulted`, not `refused`.
    d.fail_next("POST", "/interactions/", 1, 503);
    let ix = d.slash(&alice, d.channel_id(), "ping", json!({})).await;
    let faulted = d
        .wait_for("the faulted callback", |st| {
            st.interactions[&ix.id].faulted.first().cloned()
        })
        .await;
    assert_eq!((faulted.status, faulted.code), (503, 0));
    assert!(d.interaction(ix).refused.is_empty());
    assert!(d.original(ix).is_none());

    // 429 with Discord's rate-limit message.
    d.fail_next("post", "/channels/", 1, 429);
    let err = ch.say(&*http, "hi").await.expect_err("rate limited");
    assert_eq!(
        api_error(&err),
        (429, 0, "You are being rate limited.".to_string())
    );
    assert_eq!(d.failed_count(), 4);

    // Hang: no answer ever; other requests (same client, another connection)
    // are served meanwhile; the caller's own timeout ends the wait.
    d.hang_next("PATCH", "/channels/", 1);
    let hung = {
        let http = http.clone();
        tokio::spawn(async move {
            tokio::time::timeout(
                Duration::from_millis(1500),
                http.edit_message(ch, mid, &json!({"content": "never"}), vec![]),
            )
            .await
        })
    };
    let hits = d.wait_fault_hits(FaultCause::Hung, 1).await;
    assert_eq!((hits[0].status, hits[0].code), (0, 0));
    let sent = tokio::time::timeout(Duration::from_secs(1), ch.say(&*http, "not blocked"))
        .await
        .expect("answered while another request hangs")
        .expect("send");
    assert_eq!(d.message(sent.id.get()).unwrap().content, "not blocked");
    assert!(
        hung.await.unwrap().is_err(),
        "the hung request got an answer"
    );
    assert_eq!(d.hung_count(), 1);
    assert_eq!(
        d.message(board).unwrap().content,
        "edited",
        "a hung request changes nothing"
    );
    http.edit_message(ch, mid, &json!({"content": "after"}), vec![])
        .await
        .expect("answered again");

    // Disarming.
    d.fail_next("", "", 5, 500);
    d.clear_faults();
    ch.say(&*http, "fine").await.expect("faults cleared");

    assert_eq!(
        bot_errors(&run, 2).await,
        [("later".to_string(), 0), ("ping".to_string(), 0)]
    );
    assert_eq!(d.fault_hits().len(), 5);
    d.assert_no_violations();
    run.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleted_message_is_unknown_everywhere() {
    let run = start().await;
    let d = &run.discord;
    let alice = d.user("alice");
    let http = raw_http(d);
    let ch = ChannelId::new(d.channel_id());
    let ix = d.slash(&alice, d.channel_id(), "ping", json!({})).await;
    let board = d.response(ix).await.message_id.unwrap();
    let mid = MessageId::new(board);
    let token = d.interaction(ix).token;
    let other = ch.say(&http, "stays").await.unwrap().id.get();

    d.delete_message(board);
    assert!(d.message(board).unwrap().deleted);
    let public: Vec<u64> = d
        .public_messages(d.channel_id())
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(public, [other]);
    assert_eq!(d.latest_message(d.channel_id()).unwrap().id, other);

    let unknown = (404, 10008, "Unknown Message".to_string());
    let edit = json!({"content": "x"});
    let e = http.get_message(ch, mid).await.unwrap_err();
    assert_eq!(api_error(&e), unknown);
    let e = http.edit_message(ch, mid, &edit, vec![]).await.unwrap_err();
    assert_eq!(api_error(&e), unknown);
    let e = http
        .edit_original_interaction_response(&token, &edit, vec![])
        .await
        .unwrap_err();
    assert_eq!(api_error(&e), unknown);
    let e = http
        .edit_followup_message(&token, mid, &edit, vec![])
        .await
        .unwrap_err();
    assert_eq!(api_error(&e), unknown);
    let hits = d.fault_hits();
    assert_eq!(hits.len(), 4);
    assert!(
        hits.iter()
            .all(|h| h.cause == FaultCause::DeletedMessage && (h.status, h.code) == (404, 10008)),
        "{hits:?}"
    );
    assert_eq!(d.message(board).unwrap().content, "pong");

    // Its components can no longer be used.
    let click = std::panic::AssertUnwindSafe(d.click(&alice, board, "again"))
        .catch_unwind()
        .await;
    let panic = click.expect_err("clicking a deleted message panics");
    let text = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(text.contains("was deleted"), "{text}");

    // Real violations are still recorded: a second callback.
    let ix = d.slash(&alice, d.channel_id(), "twice", json!({})).await;
    assert_eq!(d.refusal(ix).await.code, 40060);
    let codes: Vec<u64> = d.take_violations().iter().map(|v| v.code).collect();
    assert_eq!(codes, [40060]);
    d.assert_no_violations();
    run.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expired_tokens_and_denied_channels() {
    let run = start().await;
    let d = &run.discord;
    let alice = d.user("alice");
    let http = raw_http(d);
    let first = d.slash(&alice, d.channel_id(), "ping", json!({})).await;
    let board = d.response(first).await.message_id.unwrap();
    let second = d.slash(&alice, d.channel_id(), "ping", json!({})).await;
    d.response(second).await;
    let (t1, t2) = (d.interaction(first).token, d.interaction(second).token);
    let edit = json!({"content": "x"});

    // One token expires: every webhook route with it is 401 / 50027.
    d.expire_token(first);
    let invalid = (401, 50027, "Invalid Webhook Token".to_string());
    let e = http
        .edit_original_interaction_response(&t1, &edit, vec![])
        .await
        .unwrap_err();
    assert_eq!(api_error(&e), invalid);
    let e = http
        .create_followup_message(&t1, &edit, vec![])
        .await
        .unwrap_err();
    assert_eq!(api_error(&e), invalid);
    let e = http
        .edit_followup_message(&t1, MessageId::new(board), &edit, vec![])
        .await
        .unwrap_err();
    assert_eq!(api_error(&e), invalid);
    http.create_followup_message(&t2, &json!({"content": "still fine"}), vec![])
        .await
        .expect("another token still works");

    // All tokens so far expire; a callback on an expired interaction: 10062.
    d.expire_tokens();
    let e = http
        .create_followup_message(&t2, &edit, vec![])
        .await
        .unwrap_err();
    assert_eq!(api_error(&e), invalid);
    let cb = json!({"type": 4, "data": {"content": "late"}});
    let e = http
        .create_interaction_response(InteractionId::new(first.id), &t1, &cb, vec![])
        .await
        .unwrap_err();
    assert_eq!(
        api_error(&e),
        (404, 10062, "Unknown interaction".to_string())
    );
    let rec = d.interaction(first);
    assert_eq!((rec.faulted.len(), rec.refused.len()), (1, 0));
    assert_eq!(d.message(board).unwrap().version, 0);
    // New interactions get fresh tokens.
    let third = d.slash(&alice, d.channel_id(), "ping", json!({})).await;
    assert_eq!(d.response(third).await.kind, 4);

    // The bot loses access to the channel: channel routes are 403 / 50001.
    let ch = ChannelId::new(d.channel_id());
    let mid = MessageId::new(board);
    d.deny_channel(d.channel_id());
    let missing = (403, 50001, "Missing Access".to_string());
    assert_eq!(
        api_error(&ch.say(&http, "hello").await.unwrap_err()),
        missing
    );
    let e = http.edit_message(ch, mid, &edit, vec![]).await.unwrap_err();
    assert_eq!(api_error(&e), missing);
    let e = http.delete_message(ch, mid, None).await.unwrap_err();
    assert_eq!(api_error(&e), missing);
    assert!(!d.message(board).unwrap().deleted);
    // Interactions there are still answered, webhooks still work.
    let fourth = d.slash(&alice, d.channel_id(), "ping", json!({})).await;
    assert_eq!(d.response(fourth).await.kind, 4);
    let t4 = d.interaction(fourth).token;
    http.create_followup_message(&t4, &json!({"content": "by webhook"}), vec![])
        .await
        .expect("follow-ups need no channel access");
    http.edit_original_interaction_response(&t4, &json!({"content": "edited"}), vec![])
        .await
        .expect("@original edits need no channel access");
    assert_eq!(d.original(fourth).unwrap().content, "edited");
    // Other channels are not affected; allow_channel gives access back.
    let elsewhere = ChannelId::new(d.add_channel("elsewhere"));
    elsewhere.say(&http, "hi").await.expect("another channel");
    d.allow_channel(d.channel_id());
    ch.say(&http, "back").await.expect("access is back");

    let causes: Vec<FaultCause> = d.fault_hits().iter().map(|h| h.cause).collect();
    let mut expected = vec![FaultCause::ExpiredToken; 5];
    expected.extend([FaultCause::DeniedChannel; 3]);
    assert_eq!(causes, expected);
    assert!(
        run.errors.lock().unwrap().is_empty(),
        "bot saw errors: {:?}",
        run.errors.lock().unwrap()
    );
    d.assert_no_violations();
    run.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_posted_message_with_file_and_components_is_clickable() {
    let run = start().await;
    let d = &run.discord;
    let alice = d.user("alice");
    let http = raw_http(d);
    let ch = ChannelId::new(d.channel_id());

    // POST /channels/{id}/messages, multipart: PNG, components, mentions.
    let post = CreateMessage::new()
        .content(format!("<@{}> your turn", alice.id))
        .add_file(CreateAttachment::bytes(png(5, 3), "board.png").description(ALT))
        .components(vec![
            CreateActionRow::Buttons(vec![
                CreateButton::new("again").label("Again"),
                CreateButton::new("later").label("Later"),
            ]),
            CreateActionRow::SelectMenu(CreateSelectMenu::new(
                "choice",
                CreateSelectMenuKind::String {
                    options: vec![
                        CreateSelectMenuOption::new("A", "a"),
                        CreateSelectMenuOption::new("B", "b"),
                    ],
                },
            )),
        ])
        .allowed_mentions(CreateAllowedMentions::new().users([UserId::new(alice.id)]));
    let sent = ch.send_message(&http, post).await.expect("post");
    assert_eq!(sent.attachments.len(), 1);
    assert_eq!(
        (sent.attachments[0].width, sent.attachments[0].height),
        (Some(5), Some(3))
    );
    let id = sent.id.get();
    let m = d.message(id).unwrap();
    assert!(m.interaction_id.is_none());
    assert_eq!(m.attachments[0].description.as_deref(), Some(ALT));
    assert_eq!(m.attachments[0].decode_png().dimensions(), (5, 3));
    assert_eq!(m.buttons().len(), 2);

    // PATCH /channels/{ch}/messages/{id} follows the attachment rules.
    let edited = http
        .edit_message(ch, sent.id, &json!({"content": "edited"}), vec![])
        .await
        .expect("edit");
    assert_eq!(
        d.message(id).unwrap().attachments.len(),
        1,
        "no `attachments`: kept"
    );
    let add = EditAttachments::keep_all(&edited).add(CreateAttachment::bytes(png(2, 2), "b.png"));
    let edited = ch
        .edit_message(&http, sent.id, EditMessage::new().attachments(add))
        .await
        .expect("add a file");
    let names: Vec<String> = d
        .message(id)
        .unwrap()
        .attachments
        .iter()
        .map(|a| a.filename.clone())
        .collect();
    assert_eq!(names, ["board.png", "b.png"]);
    let keep_first = EditAttachments::new().keep(edited.attachments[0].id);
    ch.edit_message(&http, sent.id, EditMessage::new().attachments(keep_first))
        .await
        .expect("keep one");
    let m = d.message(id).unwrap();
    assert_eq!(m.attachments.len(), 1);
    assert_eq!(m.attachments[0].filename, "board.png");
    assert_eq!(m.content, "edited");

    // Its components work like those of interaction messages.
    let pick = d.select(&alice, id, "choice", &["a"]).await;
    assert_eq!(d.response(pick).await.kind, 7);
    assert_eq!(d.message(id).unwrap().content, "chose a");
    let later = d.click(&alice, id, "later").await;
    assert_eq!(d.response(later).await.kind, 6);
    let m = d
        .wait_message(id, |m| m.content == "edited after a deferred update")
        .await;
    assert_eq!(m.buttons().len(), 2);
    let again = d.click_label(&alice, id, "Again").await;
    assert_eq!(d.response(again).await.kind, 7);
    assert_eq!(d.message(id).unwrap().content, "clicked again by alice");

    assert!(
        run.errors.lock().unwrap().is_empty(),
        "bot saw errors: {:?}",
        run.errors.lock().unwrap()
    );
    d.assert_no_violations();
    run.stop().await;
}

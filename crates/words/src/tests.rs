use super::*;
use fluent_bundle::FluentResource;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};

/// The messages a language's own file defines, by id, with the
/// variables each one reads and the messages it references.
fn messages(lang: Lang) -> BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> {
    let resource = FluentResource::try_new(lang.source().to_owned()).expect("parses");
    let mut out = BTreeMap::new();
    for entry in resource.entries() {
        if let ast::Entry::Message(message) = entry {
            let mut variables = BTreeSet::new();
            let mut references = BTreeSet::new();
            if let Some(pattern) = &message.value {
                walk(pattern, &mut variables, &mut references);
            }
            out.insert(message.id.name.to_owned(), (variables, references));
        }
    }
    out
}

fn walk(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>, refs: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_names(expression, vars, refs);
        }
    }
}

fn expression_names(
    expression: &ast::Expression<&str>,
    vars: &mut BTreeSet<String>,
    refs: &mut BTreeSet<String>,
) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_names(selector, vars, refs);
            for variant in variants {
                walk(&variant.value, vars, refs);
            }
        }
        ast::Expression::Inline(inline) => inline_names(inline, vars, refs),
    }
}

fn inline_names(
    inline: &ast::InlineExpression<&str>,
    vars: &mut BTreeSet<String>,
    refs: &mut BTreeSet<String>,
) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        ast::InlineExpression::MessageReference { id, .. } => {
            refs.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_names(expression, vars, refs),
        _ => {}
    }
}

/// Languages that stand on their own (every other one overrides a few
/// messages of its parent).
fn full(lang: Lang) -> bool {
    lang.parent().is_none_or(|p| p == Lang::En)
}

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    let english = messages(Lang::En);
    assert!(english.len() > 80);
    for lang in Lang::ALL {
        let own = messages(lang);
        let ids: BTreeSet<_> = own.keys().collect();
        let expected: BTreeSet<_> = english.keys().collect();
        if full(lang) {
            assert_eq!(ids, expected, "{lang:?}");
        } else {
            assert!(ids.is_subset(&expected), "{lang:?}: {ids:?}");
        }
        for (id, (vars, _)) in &own {
            // A translation may leave out a variable whose value it
            // words otherwise (a count of one), never add one.
            let (english_vars, _) = &english[id];
            let extra: Vec<_> = vars
                .iter()
                .filter(|v| !english_vars.contains(*v) && !v.ends_with("-gender"))
                .collect();
            assert!(extra.is_empty(), "{lang:?} {id} reads {extra:?}");
        }
    }
}

/// Sample values for every variable a message may read: counts go in as
/// numbers, a game with its gender.
fn sample_args(count: u32) -> Vec<(&'static str, Box<dyn Arg>)> {
    let numbers = [
        "n",
        "moves",
        "columns",
        "rows",
        "total",
        "width",
        "height",
        "boxes",
        "drawn",
        "lines",
        "games",
        "wins",
        "draws",
        "losses",
        "rank",
        "rated",
        "best",
        "inaccuracies",
        "turning",
        "ungraded",
        "seconds",
        "a_score",
        "b_score",
        "a_lines",
        "b_lines",
        "column",
        "row",
        "level",
        "a",
        "b",
        "from",
        "to",
        "round",
        "rounds",
        "fewest",
        "most",
    ];
    let texts = [
        "state",
        "board",
        "move",
        "user",
        "seat",
        "host",
        "since",
        "when",
        "who",
        "winner",
        "timer",
        "rotate",
        "ranked",
        "invited",
        "emoji",
        "word",
        "first",
        "last",
        "accept",
        "decline",
        "typed",
        "size",
        "option",
        "title",
        "seats",
        "cells",
        "list",
        "rod",
        "a_seat",
        "b_seat",
        "line",
        "name",
        "rating",
        "provisional",
        "deviation",
        "change",
        "id",
        "players",
        "played",
        "better",
        "before",
        "after",
        "value",
        "date",
        "margin",
        "matches",
        "command",
        "words",
        "ending",
        "second",
        "thread",
        "names",
        "points",
        "tiebreak",
        "tiebreak-name",
        "withdrawn",
        "by",
        "format",
    ];
    let mut args: Vec<(&'static str, Box<dyn Arg>)> = Vec::new();
    for name in numbers {
        args.push((name, Box::new(count)));
    }
    for name in texts {
        args.push((name, Box::new(format!("«{name}»"))));
    }
    args.push(("game", Box::new(GameName("dots"))));
    args
}

#[test]
fn every_message_formats_without_errors_for_sample_counts() {
    for lang in Lang::ALL {
        for count in [0, 1, 2, 5, 21] {
            let owned = sample_args(count);
            let args: Vec<(&str, &dyn Arg)> = owned.iter().map(|(n, v)| (*n, &**v)).collect();
            for id in messages(Lang::En).keys() {
                let (text, errors) = format(lang, id, &args).expect("a message");
                assert!(errors.is_empty(), "{lang:?} {id} ({count}): {errors:?}");
                assert!(!text.trim().is_empty(), "{lang:?} {id}");
                assert!(!text.contains('\u{2068}'), "{lang:?} {id}: isolation marks");
                // Every variable is filled in: none is shown as its name.
                assert!(
                    !text.contains("{$") && !text.contains("{ $"),
                    "{lang:?} {id}"
                );
            }
        }
    }
}

#[test]
fn messages_reference_only_messages_that_exist() {
    for lang in Lang::ALL {
        for (id, (_, refs)) in messages(lang) {
            for reference in refs {
                assert!(
                    holder(lang, &reference).is_some(),
                    "{lang:?} {id} names {reference}"
                );
            }
        }
    }
}

fn record(lang: Lang, games: u32, wins: u32, draws: u32, losses: u32) -> String {
    tr(
        lang,
        "rating-record",
        &[
            ("games", &games),
            ("wins", &wins),
            ("draws", &draws),
            ("losses", &losses),
        ],
    )
}

#[test]
fn counts_follow_each_languages_plural_rule() {
    // English: one for 1 only.
    assert_eq!(
        record(Lang::En, 1, 1, 0, 0),
        "1 ranked match: 1 win, 0 draws, 0 losses"
    );
    assert_eq!(
        record(Lang::En, 2, 0, 2, 0),
        "2 ranked matches: 0 wins, 2 draws, 0 losses"
    );
    assert_eq!(
        record(Lang::En, 0, 0, 0, 0),
        "0 ranked matches: 0 wins, 0 draws, 0 losses"
    );
    // French and Portuguese (Brazil): one for 0 and 1.
    assert_eq!(
        record(Lang::Fr, 1, 1, 0, 0),
        "1 manche classée : 1 victoire, 0 nul, 0 défaite"
    );
    assert_eq!(
        record(Lang::Fr, 2, 0, 2, 0),
        "2 manches classées : 0 victoire, 2 nuls, 0 défaite"
    );
    assert_eq!(
        record(Lang::Fr, 0, 0, 0, 0),
        "0 manche classée : 0 victoire, 0 nul, 0 défaite"
    );
    assert_eq!(
        record(Lang::PtBr, 0, 0, 0, 0),
        "0 partida ranqueada: 0 vitória, 0 empate, 0 derrota"
    );
    assert_eq!(
        record(Lang::PtBr, 1, 1, 0, 0),
        "1 partida ranqueada: 1 vitória, 0 empate, 0 derrota"
    );
    assert_eq!(
        record(Lang::PtBr, 2, 0, 2, 1),
        "2 partidas ranqueadas: 0 vitória, 2 empates, 1 derrota"
    );
    // Spanish and German: one for 1 only, as in English.
    assert_eq!(
        record(Lang::Es, 1, 1, 0, 0),
        "1 partida competitiva: 1 victoria, 0 empates, 0 derrotas"
    );
    assert_eq!(
        record(Lang::Es, 2, 0, 2, 1),
        "2 partidas competitivas: 0 victorias, 2 empates, 1 derrota"
    );
    assert_eq!(
        record(Lang::Es, 0, 0, 0, 0),
        "0 partidas competitivas: 0 victorias, 0 empates, 0 derrotas"
    );
    assert_eq!(
        record(Lang::Es419, 1, 1, 0, 0),
        record(Lang::Es, 1, 1, 0, 0)
    );
    assert_eq!(
        record(Lang::De, 1, 1, 0, 0),
        "1 gewertete Partie: 1 Sieg, 0 Remis, 0 Niederlagen"
    );
    assert_eq!(
        record(Lang::De, 2, 0, 2, 1),
        "2 gewertete Partien: 0 Siege, 2 Remis, 1 Niederlage"
    );
    assert_eq!(
        record(Lang::De, 0, 0, 0, 0),
        "0 gewertete Partien: 0 Siege, 0 Remis, 0 Niederlagen"
    );
    let open = |lang, n: u32| tr(lang, "alt-dots-open", &[("n", &n)]);
    assert_eq!(open(Lang::En, 1), "1 box open.");
    assert_eq!(open(Lang::En, 0), "0 boxes open.");
    assert_eq!(open(Lang::Fr, 0), "0 boîte ouverte.");
    assert_eq!(open(Lang::Fr, 2), "2 boîtes ouvertes.");
    assert_eq!(open(Lang::PtBr, 0), "0 casa aberta.");
    assert_eq!(open(Lang::PtBr, 2), "2 casas abertas.");
    assert_eq!(open(Lang::Es, 0), "Quedan 0 cajas abiertas.");
    assert_eq!(open(Lang::Es, 1), "Queda 1 caja abierta.");
    assert_eq!(open(Lang::Es, 2), "Quedan 2 cajas abiertas.");
    let hint = |lang, n: u32| tr(lang, "hint-loses", &[("move", &"4"), ("moves", &n)]);
    assert!(hint(Lang::De, 1).contains("1 Zug, diesen"));
    assert!(hint(Lang::De, 2).contains("2 Züge, diesen"));
    assert!(hint(Lang::De, 0).contains("0 Züge, diesen"));
}

#[test]
fn a_value_is_never_read_for_placeholders() {
    let text = tr(
        Lang::En,
        "rating-none",
        &[
            ("name", &"{ $game } {game}"),
            ("game", &GameName("connect4")),
        ],
    );
    assert!(
        text.starts_with("{ $game } {game} has no Connect Four rating"),
        "{text}"
    );
}

#[test]
fn a_name_full_of_markdown_comes_out_inert() {
    let name =
        "**x** [y](https://e.x) {game} <@&123> __u__ ~~s~~ ||p|| `c` > q # h - l 1. n @everyone \\";
    let escaped = escape_markdown(name);
    // Every character that could start formatting is escaped, so none is
    // left bare: taking the escapes back out gives the name as typed.
    let mut chars = escaped.chars();
    let mut shown = String::new();
    while let Some(c) = chars.next() {
        if c == '\\' {
            let next = chars.next().expect("an escape escapes something");
            assert!(next.is_ascii_punctuation(), "{next:?}");
            shown.push(next);
        } else {
            assert!(
                !"*_~|`>#[]()<@-:\\".contains(c),
                "{c:?} left bare in {escaped}"
            );
            shown.push(c);
        }
    }
    assert_eq!(shown, name);
    assert!(escaped.contains("\\*\\*x\\*\\* \\[y\\]\\(https\\:"));
    assert!(escaped.contains("\\<\\@&123\\>"));
    // Controls that would reorder what follows are dropped.
    assert_eq!(escape_markdown("a\u{202E}b\u{2066}c"), "abc");
    // And in a message, the escaped name goes in once, as it is.
    let line = tr(
        Lang::En,
        "rating-none",
        &[("name", &escaped), ("game", &GameName("connect4"))],
    );
    assert!(line.starts_with(&escaped), "{line}");
}

#[test]
fn locales_map_to_languages_and_back() {
    assert_eq!(Lang::from_locale("pt-BR"), Lang::PtBr);
    assert_eq!(Lang::from_locale("fr"), Lang::Fr);
    assert_eq!(Lang::from_locale("en-GB"), Lang::En);
    assert_eq!(Lang::from_locale("ja"), Lang::En);
    assert_eq!(Lang::from_locale("es-ES"), Lang::Es);
    assert_eq!(Lang::from_locale("es-419"), Lang::Es419);
    assert_eq!(Lang::from_locale("es-MX"), Lang::Es419);
    assert_eq!(Lang::from_locale("de"), Lang::De);
    assert_eq!(Lang::from_locale("de-AT"), Lang::De);
    for lang in Lang::ALL {
        assert_eq!(Lang::from_locale(lang.discord_locale()), lang);
    }
    assert_eq!(
        tr(Lang::En, "move-played", &[("move", &"4")]),
        "You played 4."
    );
    assert_eq!(
        tr(Lang::Fr, "move-played", &[("move", &"4")]),
        "Vous avez joué 4."
    );
    assert_eq!(
        tr(Lang::PtBr, "move-played", &[("move", &"B3")]),
        "Você jogou B3."
    );
    assert_eq!(
        tr(Lang::De, "move-played", &[("move", &"a1-b1")]),
        "Du hast a1-b1 gespielt."
    );
    assert_eq!(
        tr(Lang::Es, "move-played", &[("move", &"B3")]),
        "Has jugado B3."
    );
    assert_eq!(
        tr(Lang::Es419, "move-played", &[("move", &"B3")]),
        "Jugaste B3."
    );
    // Latin American Spanish falls back to Spain's, then to English.
    assert_eq!(Lang::Es419.parent(), Some(Lang::Es));
    assert_eq!(Lang::Es.parent(), Some(Lang::En));
    assert_eq!(
        tr(Lang::Es419, "refusal-not-your-turn", &[]),
        "No es tu turno."
    );
    // A message that names a command finds the variant's own name.
    assert!(tr(Lang::Es419, "refusal-no-table", &[]).contains("/timbiriche"));
    assert!(tr(Lang::Es, "refusal-no-table", &[]).contains("/puntos-y-cajas"));
}

#[test]
fn stored_languages_still_decode() {
    // The forms tables were stored with before the new languages.
    for (stored, lang) in [
        ("\"En\"", Lang::En),
        ("\"PtBr\"", Lang::PtBr),
        ("\"Fr\"", Lang::Fr),
    ] {
        assert_eq!(serde_json::from_str::<Lang>(stored).unwrap(), lang);
    }
    assert_eq!(serde_json::to_string(&Lang::Es419).unwrap(), "\"Es419\"");
    for lang in Lang::ALL {
        let json = serde_json::to_string(&lang).unwrap();
        assert_eq!(serde_json::from_str::<Lang>(&json).unwrap(), lang);
    }
}

#[test]
fn sentences_name_commands_as_the_language_lists_them() {
    for lang in Lang::ALL {
        let text = tr(lang, "stats-recent", &[("matches", &"#1")]);
        let review = tr(lang, "name-review", &[]);
        let option = tr(lang, "name-match", &[]);
        assert!(
            text.contains(&format!("/{review} {option}:N")),
            "{lang:?}: {text}"
        );
    }
    assert!(tr(Lang::Fr, "refusal-paused", &[]).contains("/reprendre"));
    assert!(tr(Lang::De, "refusal-paused", &[]).contains("/fortsetzen"));
    assert!(tr(Lang::Es, "refusal-paused", &[]).contains("/reanudar"));
}

#[test]
fn a_game_name_brings_its_gender() {
    let invite = |lang, game| tr(lang, "closed-expired", &[("game", &GameName(game))]);
    assert_eq!(
        invite(Lang::Fr, "connect4"),
        "L'invitation à jouer au **Quatre en ligne** a expiré sans réponse."
    );
    assert_eq!(
        invite(Lang::Fr, "dots"),
        "L'invitation à jouer à la **Pipopipette** a expiré sans réponse."
    );
}

#[test]
fn command_texts_fit_discord() {
    for lang in Lang::ALL {
        for id in messages(Lang::En).keys() {
            if ["command-", "option-", "choice-"]
                .iter()
                .any(|prefix| id.starts_with(prefix))
            {
                let text = tr(lang, id, &[]);
                assert!(
                    (1..=100).contains(&text.chars().count()),
                    "{lang:?} {id}: {text}"
                );
            }
            if id.starts_with("button-") {
                assert!(tr(lang, id, &[]).chars().count() <= 80, "{lang:?} {id}");
            }
        }
    }
}

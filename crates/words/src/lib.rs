//! boardbot's words: every message in every language the bot speaks
//! (English, Portuguese (Brazil), French, Spanish of Spain and of Latin
//! America, German), written in Project Fluent.
//!
//! Each language has one `locales/<code>.ftl` file beside this crate,
//! embedded in the binary and parsed once. A message the language lacks
//! falls back along [`Lang::parent`] (`es-419` → `es-ES` → `en-US`). Counts
//! are passed as numbers, so a file picks the plural form by the
//! language's CLDR rule; a game's name comes with its grammatical gender
//! (see [`GameName`]).
//!
//! May import: the engine (for a game's kind), `fluent-bundle`,
//! `unic-langid`, `serde`. Pure: no I/O beyond the embedded files.

use boardbot_engine::game::GameKind;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentError, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::sync::LazyLock;
use unic_langid::LanguageIdentifier;

/// A language the bot speaks. Stored in tables by its variant name: add
/// new ones, never rename one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Lang {
    #[default]
    En,
    PtBr,
    Fr,
    /// Spanish as written in Spain (Discord's `es-ES`).
    Es,
    /// Latin American Spanish (`es-419`): Spanish with its own words where
    /// they differ.
    Es419,
    De,
}

impl Lang {
    pub const ALL: [Lang; 6] = [
        Lang::En,
        Lang::PtBr,
        Lang::Fr,
        Lang::Es,
        Lang::Es419,
        Lang::De,
    ];

    /// The language for a Discord locale (`en-US`, `pt-BR`, `fr`,
    /// `es-ES`, `es-419`, `de`, …); English for any other.
    pub fn from_locale(locale: &str) -> Lang {
        let lower = locale.to_ascii_lowercase();
        let mut parts = lower.split(['-', '_']);
        match (parts.next().unwrap_or_default(), parts.next()) {
            ("pt", _) => Lang::PtBr,
            ("fr", _) => Lang::Fr,
            ("es", None | Some("es")) => Lang::Es,
            // Spanish of the Americas: Discord's es-419, or a country.
            ("es", Some(_)) => Lang::Es419,
            ("de", _) => Lang::De,
            _ => Lang::En,
        }
    }

    /// Discord's locale code: the key of command localizations, and the
    /// name of the language's file in `locales/`.
    pub fn discord_locale(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::PtBr => "pt-BR",
            Lang::Fr => "fr",
            Lang::Es => "es-ES",
            Lang::Es419 => "es-419",
            Lang::De => "de",
        }
    }

    /// The language whose messages this one falls back to (English has
    /// none).
    pub fn parent(self) -> Option<Lang> {
        match self {
            Lang::En => None,
            Lang::Es419 => Some(Lang::Es),
            _ => Some(Lang::En),
        }
    }

    /// The language's messages, as written in its file.
    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en-US.ftl"),
            Lang::PtBr => include_str!("../locales/pt-BR.ftl"),
            Lang::Fr => include_str!("../locales/fr.ftl"),
            Lang::Es => include_str!("../locales/es-ES.ftl"),
            Lang::Es419 => include_str!("../locales/es-419.ftl"),
            Lang::De => include_str!("../locales/de.ftl"),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One bundle per language. A language with a parent other than English
/// holds its parent's messages too, overridden by its own, so a message
/// that names another (a command's name, say) finds the nearest one.
static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> =
    LazyLock::new(|| Lang::ALL.into_iter().map(bundle).collect());

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang
        .discord_locale()
        .parse()
        .expect("a valid language identifier");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord clients show the isolation marks as stray characters.
    bundle.set_use_isolating(false);
    let mut chain = vec![lang];
    while let Some(parent) = chain.last().and_then(|l| l.parent()) {
        if parent == Lang::En {
            break;
        }
        chain.push(parent);
    }
    for layer in chain.into_iter().rev() {
        let resource =
            FluentResource::try_new(layer.source().to_owned()).unwrap_or_else(|(_, errors)| {
                panic!("locales/{}.ftl: {errors:?}", layer.discord_locale())
            });
        bundle.add_resource_overriding(resource);
    }
    bundle
}

/// A value for a message's `$name`: text, or a number (which a message
/// can select a plural form by).
pub trait Arg: Sync {
    /// Sets `$name` (and any companion variables) in `args`.
    fn set<'a>(&'a self, name: &'a str, lang: Lang, args: &mut FluentArgs<'a>);
}

impl Arg for &str {
    fn set<'a>(&'a self, name: &'a str, _: Lang, args: &mut FluentArgs<'a>) {
        args.set(name, FluentValue::String(Cow::Borrowed(self)));
    }
}

impl Arg for String {
    fn set<'a>(&'a self, name: &'a str, _: Lang, args: &mut FluentArgs<'a>) {
        args.set(name, FluentValue::String(Cow::Borrowed(self.as_str())));
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            fn set<'a>(&'a self, name: &'a str, _: Lang, args: &mut FluentArgs<'a>) {
                args.set(name, FluentValue::from(*self));
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

/// A game's name, by its command name (`connect4`, `dots`): sets `$name`
/// to the game's title in the language and `$name-gender` to the title's
/// `.gender` attribute (`masculine`, `feminine`, … as the file says;
/// `other` where it says none), for select expressions.
pub struct GameName<'a>(pub &'a str);

impl GameName<'static> {
    pub fn of(kind: GameKind) -> Self {
        GameName(kind.command())
    }
}

impl Arg for GameName<'_> {
    fn set<'a>(&'a self, name: &'a str, lang: Lang, args: &mut FluentArgs<'a>) {
        let id = format!("game-{}", self.0);
        let gender = attribute(lang, &id, "gender").unwrap_or_else(|| "other".into());
        args.set(name, FluentValue::String(tr(lang, &id, &[]).into()));
        args.set(format!("{name}-gender"), FluentValue::String(gender.into()));
    }
}

/// The bundle that holds `key` for `lang`: the language's own, else the
/// nearest parent's.
fn holder(lang: Lang, key: &str) -> Option<&'static FluentBundle<FluentResource>> {
    let mut at = Some(lang);
    while let Some(l) = at {
        let bundle = &BUNDLES[l.index()];
        if bundle.has_message(key) {
            return Some(bundle);
        }
        at = l.parent();
    }
    None
}

fn attribute(lang: Lang, key: &str, name: &str) -> Option<String> {
    let bundle = holder(lang, key)?;
    let pattern = bundle.get_message(key)?.get_attribute(name)?.value();
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, None, &mut errors)
            .into_owned(),
    )
}

/// The message `key` in `lang` with its arguments, and the errors Fluent
/// reported while formatting it (a missing argument, an unknown message
/// referenced). `None` if no language in the chain has the message.
fn format(lang: Lang, key: &str, args: &[(&str, &dyn Arg)]) -> Option<(String, Vec<FluentError>)> {
    let bundle = holder(lang, key)?;
    let pattern = bundle.get_message(key)?.value()?;
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        value.set(name, lang, &mut fluent_args);
    }
    let mut errors = Vec::new();
    let text = bundle
        .format_pattern(pattern, Some(&fluent_args), &mut errors)
        .into_owned();
    Some((text, errors))
}

/// The text of `key` in `lang` (or its nearest parent that has it), with
/// `args` filled in, all in one pass: a value is never read for further
/// placeholders. Ids are kebab-case (Fluent ids cannot hold a `.`).
pub fn tr(lang: Lang, key: &str, args: &[(&str, &dyn Arg)]) -> String {
    match format(lang, key, args) {
        Some((text, errors)) => {
            debug_assert!(errors.is_empty(), "{lang:?} {key}: {errors:?}");
            text
        }
        None => {
            debug_assert!(false, "no message {key:?}");
            key.to_string()
        }
    }
}

/// A game's name in `lang`.
pub fn game_title(kind: GameKind, lang: Lang) -> String {
    tr(lang, &format!("game-{}", kind.command()), &[])
}

/// The text of `key` in every language but English, for Discord's
/// localization maps.
pub fn localizations(key: &str) -> Vec<(&'static str, String)> {
    Lang::ALL
        .into_iter()
        .filter(|&l| l != Lang::En)
        .map(|l| (l.discord_locale(), tr(l, key, &[])))
        .collect()
}

/// A person's name made inert for Discord markdown, for every place a
/// name enters a public text: each character that could start
/// formatting, a masked link, a mention, a heading, a list, a quote or an
/// automatic link is escaped with a backslash (Discord shows the
/// character itself), and the invisible controls that reorder the text
/// after them are left out.
pub fn escape_markdown(name: &str) -> String {
    const SPECIAL: &str = "\\*_~|`>#[]()<@-:.!+={}";
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        match c {
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {}
            c if SPECIAL.contains(c) => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;

//! Messages in the player's language: English, Portuguese (Brazil), French.
//!
//! The texts live in `locales/*.txt` (one `key = text` per line, `{name}`
//! placeholders), embedded in the binary and read once.

use crate::game::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::LazyLock;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Lang {
    #[default]
    En,
    PtBr,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::PtBr, Lang::Fr];

    /// The language for a Discord locale (`en-US`, `pt-BR`, `fr`, …);
    /// English for any other.
    pub fn from_locale(locale: &str) -> Lang {
        let lower = locale.to_ascii_lowercase();
        if lower.starts_with("pt") {
            Lang::PtBr
        } else if lower.starts_with("fr") {
            Lang::Fr
        } else {
            Lang::En
        }
    }

    /// Discord's locale code, for command localizations (English is the
    /// commands' default text).
    pub fn discord_locale(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::PtBr => "pt-BR",
            Lang::Fr => "fr",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

const SOURCES: [&str; 3] = [
    include_str!("../locales/en.txt"),
    include_str!("../locales/pt-BR.txt"),
    include_str!("../locales/fr.txt"),
];

fn parse(source: &'static str) -> HashMap<&'static str, &'static str> {
    source
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split_once(" = "))
        .map(|(key, text)| (key.trim(), text.trim()))
        .collect()
}

static CATALOGS: LazyLock<[HashMap<&'static str, &'static str>; 3]> =
    LazyLock::new(|| SOURCES.map(parse));

/// The text of `key` in `lang` (English if the language lacks it), with
/// each `{name}` replaced by its value from `args`.
pub fn tr(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let text = CATALOGS[lang.index()]
        .get(key)
        .or_else(|| CATALOGS[Lang::En.index()].get(key))
        .copied();
    let Some(text) = text else {
        debug_assert!(false, "no message {key:?}");
        return key.to_owned();
    };
    // A catalog line is one line: `\n` stands for a line break.
    let mut out = text.replace("\\n", "\n");
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// A game's name in `lang`.
pub fn game_title(kind: GameKind, lang: Lang) -> String {
    tr(lang, &format!("game.{}", kind.command()), &[])
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn placeholders(text: &str) -> BTreeSet<String> {
        text.split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name.to_owned()))
            .collect()
    }

    #[test]
    fn every_language_has_every_message_with_the_same_placeholders() {
        let english = &CATALOGS[0];
        assert!(english.len() > 80);
        for lang in Lang::ALL {
            let catalog = &CATALOGS[lang.index()];
            let keys: BTreeSet<_> = catalog.keys().collect();
            let expected: BTreeSet<_> = english.keys().collect();
            assert_eq!(keys, expected, "{lang:?}");
            for (key, text) in catalog {
                assert_eq!(
                    placeholders(text),
                    placeholders(english[key]),
                    "{lang:?} {key}"
                );
                assert!(!text.is_empty(), "{lang:?} {key}");
            }
        }
        // Every source line is a message, a comment or blank.
        for source in SOURCES {
            for line in source.lines().map(str::trim) {
                assert!(
                    line.is_empty() || line.starts_with('#') || line.contains(" = "),
                    "{line}"
                );
            }
        }
    }

    #[test]
    fn locales_and_placeholders() {
        assert_eq!(Lang::from_locale("pt-BR"), Lang::PtBr);
        assert_eq!(Lang::from_locale("fr"), Lang::Fr);
        assert_eq!(Lang::from_locale("en-GB"), Lang::En);
        assert_eq!(Lang::from_locale("de"), Lang::En);
        assert_eq!(
            tr(Lang::En, "move.played", &[("move", "4")]),
            "You played 4."
        );
        assert_eq!(
            tr(Lang::Fr, "move.played", &[("move", "4")]),
            "Vous avez joué 4."
        );
        assert_eq!(
            tr(Lang::PtBr, "move.played", &[("move", "B3")]),
            "Você jogou B3."
        );
    }

    #[test]
    fn command_texts_fit_discord() {
        for lang in Lang::ALL {
            for (key, text) in &CATALOGS[lang.index()] {
                if key.starts_with("command.")
                    || key.starts_with("option.")
                    || key.starts_with("choice.")
                {
                    assert!(text.chars().count() <= 100, "{lang:?} {key}: {text}");
                }
                if key.starts_with("button.") {
                    assert!(text.chars().count() <= 80, "{lang:?} {key}");
                }
            }
        }
    }
}

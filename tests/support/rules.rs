//! Discord's validation rules for message payloads, autocomplete results,
//! modals and command registration. Each check returns `(json path, problem)`.

use std::collections::HashSet;

use serde_json::{json, Map, Value};

pub type Problems = Vec<(String, String)>;

fn chars(v: &Value) -> usize {
    v.as_str().map(|s| s.chars().count()).unwrap_or(0)
}

fn max_len(p: &mut Problems, path: &str, v: Option<&Value>, max: usize) {
    if let Some(v) = v {
        let n = chars(v);
        if n > max {
            p.push((
                path.to_string(),
                format!("must be {max} or fewer in length (got {n})"),
            ));
        }
    }
}

/// Checks `components` (top-level action rows) of a message.
pub fn check_components(p: &mut Problems, base: &str, components: &Value) {
    let Some(rows) = components.as_array() else {
        p.push((base.to_string(), "components must be an array".into()));
        return;
    };
    if rows.len() > 5 {
        p.push((
            base.to_string(),
            format!(
                "must be 5 or fewer in length (got {} action rows)",
                rows.len()
            ),
        ));
    }
    let mut ids = HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        let rpath = format!("{base}.{r}");
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            p.push((
                rpath.clone(),
                "top-level components must be action rows (type 1)".into(),
            ));
            continue;
        }
        let inner = row
            .get("components")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let cpath = format!("{rpath}.components");
        if inner.is_empty() {
            p.push((
                cpath.clone(),
                "an action row must contain at least one component".into(),
            ));
        }
        let selects = inner
            .iter()
            .filter(|c| {
                matches!(
                    c.get("type").and_then(Value::as_u64),
                    Some(3 | 5 | 6 | 7 | 8)
                )
            })
            .count();
        if selects > 0 && inner.len() > 1 {
            p.push((
                cpath.clone(),
                "a select menu must be alone in its action row".into(),
            ));
        }
        if inner.len() > 5 {
            p.push((
                cpath.clone(),
                format!(
                    "must be 5 or fewer in length (got {} components)",
                    inner.len()
                ),
            ));
        }
        for (c, comp) in inner.iter().enumerate() {
            let path = format!("{cpath}.{c}");
            let kind = comp.get("type").and_then(Value::as_u64).unwrap_or(0);
            let custom_id = comp.get("custom_id");
            match kind {
                2 => {
                    let style = comp.get("style").and_then(Value::as_u64).unwrap_or(0);
                    if !(1..=6).contains(&style) {
                        p.push((
                            format!("{path}.style"),
                            format!("invalid button style {style}"),
                        ));
                    }
                    match style {
                        5 => {
                            if comp.get("url").and_then(Value::as_str).is_none() {
                                p.push((format!("{path}.url"), "a link button needs a url".into()));
                            }
                            if custom_id.is_some() {
                                p.push((
                                    format!("{path}.custom_id"),
                                    "a link button cannot have a custom_id".into(),
                                ));
                            }
                        }
                        6 => {}
                        _ => {
                            if custom_id.and_then(Value::as_str).is_none() {
                                p.push((
                                    format!("{path}.custom_id"),
                                    "a button needs a custom_id".into(),
                                ));
                            }
                        }
                    }
                    if style != 6
                        && comp.get("label").and_then(Value::as_str).is_none()
                        && comp.get("emoji").is_none()
                    {
                        p.push((path.clone(), "a button needs a label or an emoji".into()));
                    }
                    max_len(p, &format!("{path}.label"), comp.get("label"), 80);
                }
                3 | 5 | 6 | 7 | 8 => {
                    if custom_id.and_then(Value::as_str).is_none() {
                        p.push((
                            format!("{path}.custom_id"),
                            "a select menu needs a custom_id".into(),
                        ));
                    }
                    max_len(
                        p,
                        &format!("{path}.placeholder"),
                        comp.get("placeholder"),
                        150,
                    );
                    let min = comp.get("min_values").and_then(Value::as_u64);
                    let max = comp.get("max_values").and_then(Value::as_u64);
                    if min.is_some_and(|m| m > 25) {
                        p.push((format!("{path}.min_values"), "must be 25 or less".into()));
                    }
                    if max.is_some_and(|m| !(1..=25).contains(&m)) {
                        p.push((
                            format!("{path}.max_values"),
                            "must be between 1 and 25".into(),
                        ));
                    }
                    if kind == 3 {
                        let opts = comp
                            .get("options")
                            .and_then(Value::as_array)
                            .cloned()
                            .unwrap_or_default();
                        let opath = format!("{path}.options");
                        if opts.is_empty() || opts.len() > 25 {
                            p.push((
                                opath.clone(),
                                format!("must be between 1 and 25 in length (got {})", opts.len()),
                            ));
                        }
                        if let Some(m) = max {
                            if m as usize > opts.len() {
                                p.push((
                                    format!("{path}.max_values"),
                                    "must be at most the number of options".into(),
                                ));
                            }
                        }
                        let mut values = HashSet::new();
                        for (o, opt) in opts.iter().enumerate() {
                            let op = format!("{opath}.{o}");
                            for k in ["label", "value"] {
                                match opt.get(k).and_then(Value::as_str) {
                                    None => p.push((
                                        format!("{op}.{k}"),
                                        "this field is required".into(),
                                    )),
                                    Some(_) => max_len(p, &format!("{op}.{k}"), opt.get(k), 100),
                                }
                            }
                            max_len(p, &format!("{op}.description"), opt.get("description"), 100);
                            if let Some(v) = opt.get("value").and_then(Value::as_str) {
                                if !values.insert(v.to_string()) {
                                    p.push((
                                        format!("{op}.value"),
                                        format!("duplicate option value {v:?}"),
                                    ));
                                }
                            }
                        }
                    }
                }
                4 => p.push((
                    path.clone(),
                    "text inputs are only allowed in modals".into(),
                )),
                other => p.push((
                    format!("{path}.type"),
                    format!("unknown component type {other}"),
                )),
            }
            if let Some(id) = custom_id.and_then(Value::as_str) {
                let n = id.chars().count();
                if n == 0 || n > 100 {
                    p.push((
                        format!("{path}.custom_id"),
                        format!("must be between 1 and 100 in length (got {n})"),
                    ));
                }
                if !ids.insert(id.to_string()) {
                    p.push((
                        format!("{path}.custom_id"),
                        format!("custom_id {id:?} is duplicated in the message"),
                    ));
                }
            }
        }
    }
}

/// Checks a message payload (create or edit). `base` is the path prefix
/// (`"data"` for interaction callbacks, `""` otherwise).
pub fn check_message(base: &str, payload: &Value) -> Problems {
    let mut p = Problems::new();
    let at = |k: &str| {
        if base.is_empty() {
            k.to_string()
        } else {
            format!("{base}.{k}")
        }
    };
    max_len(&mut p, &at("content"), payload.get("content"), 2000);
    if let Some(embeds) = payload.get("embeds").and_then(Value::as_array) {
        if embeds.len() > 10 {
            p.push((at("embeds"), "must be 10 or fewer in length".into()));
        }
        for (i, e) in embeds.iter().enumerate() {
            max_len(
                &mut p,
                &format!("{}.{i}.title", at("embeds")),
                e.get("title"),
                256,
            );
            max_len(
                &mut p,
                &format!("{}.{i}.description", at("embeds")),
                e.get("description"),
                4096,
            );
            let fields = e
                .get("fields")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            if fields.len() > 25 {
                p.push((
                    format!("{}.{i}.fields", at("embeds")),
                    "must be 25 or fewer in length".into(),
                ));
            }
            for (j, f) in fields.iter().enumerate() {
                max_len(
                    &mut p,
                    &format!("{}.{i}.fields.{j}.name", at("embeds")),
                    f.get("name"),
                    256,
                );
                max_len(
                    &mut p,
                    &format!("{}.{i}.fields.{j}.value", at("embeds")),
                    f.get("value"),
                    1024,
                );
            }
        }
    }
    if let Some(c) = payload.get("components") {
        if !c.is_null() {
            check_components(&mut p, &at("components"), c);
        }
    }
    if let Some(atts) = payload.get("attachments").and_then(Value::as_array) {
        if atts.len() > 10 {
            p.push((at("attachments"), "must be 10 or fewer in length".into()));
        }
        for (i, a) in atts.iter().enumerate() {
            max_len(
                &mut p,
                &format!("{}.{i}.description", at("attachments")),
                a.get("description"),
                1024,
            );
        }
    }
    p
}

/// Checks an autocomplete result (callback 8).
pub fn check_choices(data: &Value) -> Problems {
    let mut p = Problems::new();
    let choices = data
        .get("choices")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if choices.len() > 25 {
        p.push((
            "data.choices".into(),
            format!("must be 25 or fewer in length (got {})", choices.len()),
        ));
    }
    for (i, c) in choices.iter().enumerate() {
        let n = c.get("name").map(chars).unwrap_or(0);
        if n == 0 || n > 100 {
            p.push((
                format!("data.choices.{i}.name"),
                format!("must be between 1 and 100 in length (got {n})"),
            ));
        }
        if let Some(v) = c.get("value") {
            if v.is_string() {
                max_len(&mut p, &format!("data.choices.{i}.value"), Some(v), 100);
            }
        } else {
            p.push((
                format!("data.choices.{i}.value"),
                "this field is required".into(),
            ));
        }
    }
    p
}

/// Checks a modal (callback 9).
pub fn check_modal(data: &Value) -> Problems {
    let mut p = Problems::new();
    let title = data.get("title").map(chars).unwrap_or(0);
    if title == 0 || title > 45 {
        p.push((
            "data.title".into(),
            format!("must be between 1 and 45 in length (got {title})"),
        ));
    }
    let id = data.get("custom_id").map(chars).unwrap_or(0);
    if id == 0 || id > 100 {
        p.push((
            "data.custom_id".into(),
            format!("must be between 1 and 100 in length (got {id})"),
        ));
    }
    let rows = data
        .get("components")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if rows.is_empty() || rows.len() > 5 {
        p.push((
            "data.components".into(),
            format!("must be between 1 and 5 in length (got {})", rows.len()),
        ));
    }
    p
}

fn check_command_options(p: &mut Problems, base: &str, options: &[Value]) {
    if options.len() > 25 {
        p.push((base.to_string(), "must be 25 or fewer in length".into()));
    }
    let mut seen_optional = false;
    for (i, o) in options.iter().enumerate() {
        let path = format!("{base}.{i}");
        check_name(p, &format!("{path}.name"), o.get("name"));
        let d = o.get("description").map(chars).unwrap_or(0);
        if d == 0 || d > 100 {
            p.push((
                format!("{path}.description"),
                format!("must be between 1 and 100 in length (got {d})"),
            ));
        }
        let required = o.get("required").and_then(Value::as_bool).unwrap_or(false);
        if required && seen_optional {
            p.push((
                path.clone(),
                "required options must be placed before non-required options".into(),
            ));
        }
        if !required {
            seen_optional = true;
        }
        check_localizations(p, &path, o, true);
        let listed = o
            .get("choices")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        for (c, choice) in listed.iter().enumerate() {
            let cpath = format!("{path}.choices.{c}");
            let n = choice.get("name").map(chars).unwrap_or(0);
            if n == 0 || n > 100 {
                p.push((
                    format!("{cpath}.name"),
                    format!("must be between 1 and 100 in length (got {n})"),
                ));
            }
            check_localizations(p, &cpath, choice, false);
        }
        let choices = o
            .get("choices")
            .and_then(Value::as_array)
            .map(Vec::len)
            .unwrap_or(0);
        if choices > 25 {
            p.push((
                format!("{path}.choices"),
                "must be 25 or fewer in length".into(),
            ));
        }
        if choices > 0 && o.get("autocomplete").and_then(Value::as_bool) == Some(true) {
            p.push((
                format!("{path}.autocomplete"),
                "autocomplete cannot be used with choices".into(),
            ));
        }
        if let Some(sub) = o.get("options").and_then(Value::as_array) {
            check_command_options(p, &format!("{path}.options"), sub);
        }
    }
}

fn check_name(p: &mut Problems, path: &str, name: Option<&Value>) {
    let name = name.and_then(Value::as_str).unwrap_or_default();
    let n = name.chars().count();
    let ok_chars = name
        .chars()
        .all(|c| c == '-' || c == '_' || c.is_alphanumeric());
    let lower = name.chars().all(|c| !c.is_uppercase());
    if n == 0 || n > 32 || !ok_chars || !lower {
        p.push((
            path.to_string(),
            format!("invalid command or option name {name:?}"),
        ));
    }
}

/// Locales Discord accepts in `name_localizations` / `description_localizations`.
pub const LOCALES: [&str; 34] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko", "he", "ar",
];

fn check_localizations(p: &mut Problems, base: &str, v: &Value, names_are_command_names: bool) {
    for (field, max) in [
        ("name_localizations", 32),
        ("description_localizations", 100),
    ] {
        let Some(map) = v.get(field).and_then(Value::as_object) else {
            continue;
        };
        for (locale, text) in map {
            let path = format!("{base}.{field}.{locale}");
            if !LOCALES.contains(&locale.as_str()) {
                p.push((path.clone(), format!("invalid locale {locale:?}")));
            }
            if field == "name_localizations" && names_are_command_names {
                check_name(p, &path, Some(text));
            } else {
                max_len(p, &path, Some(text), max);
            }
        }
    }
}

/// Checks one command of a bulk overwrite.
pub fn check_command(base: &str, cmd: &Value) -> Problems {
    let mut p = Problems::new();
    let kind = cmd.get("type").and_then(Value::as_u64).unwrap_or(1);
    if kind == 4 {
        // PRIMARY_ENTRY_POINT: named like a chat command (its other rules
        // are checked with the whole list, `activity::check_entry_points`).
        check_name(&mut p, &format!("{base}.name"), cmd.get("name"));
    }
    if kind == 1 {
        check_name(&mut p, &format!("{base}.name"), cmd.get("name"));
        let d = cmd.get("description").map(chars).unwrap_or(0);
        if d == 0 || d > 100 {
            p.push((
                format!("{base}.description"),
                format!("must be between 1 and 100 in length (got {d})"),
            ));
        }
        check_localizations(&mut p, base, cmd, true);
    }
    if let Some(opts) = cmd.get("options").and_then(Value::as_array) {
        check_command_options(&mut p, &format!("{base}.options"), opts);
    }
    check_installs(&mut p, base, cmd);
    p
}

/// `integration_types` (0 guild install, 1 user install) and `contexts`
/// (0 guild, 1 bot DM, 2 private channel): arrays of known values, each
/// once; `dm_permission: false` with a DM context is a contradiction.
fn check_installs(p: &mut Problems, base: &str, cmd: &Value) {
    for (field, max) in [("integration_types", 1), ("contexts", 2)] {
        let Some(v) = cmd.get(field).filter(|v| !v.is_null()) else {
            continue;
        };
        let Some(list) = v.as_array() else {
            p.push((format!("{base}.{field}"), "must be an array".into()));
            continue;
        };
        let mut seen = HashSet::new();
        for (i, item) in list.iter().enumerate() {
            match item.as_u64() {
                Some(n) if n <= max && seen.insert(n) => {}
                _ => p.push((
                    format!("{base}.{field}.{i}"),
                    format!("{item} is not a valid value (or repeats one)"),
                )),
            }
        }
    }
    let dm_context = cmd
        .get("contexts")
        .and_then(Value::as_array)
        .is_some_and(|c| c.iter().any(|x| x.as_u64().is_some_and(|n| n > 0)));
    if dm_context && cmd.get("dm_permission") == Some(&Value::Bool(false)) {
        p.push((
            format!("{base}.dm_permission"),
            "false contradicts contexts that include DMs".into(),
        ));
    }
}

/// Discord's nested `errors` object for 50035 Invalid Form Body.
pub fn errors_object(problems: &Problems) -> Value {
    let mut root = Map::new();
    for (path, message) in problems {
        let mut node = &mut root;
        for key in path.split('.').filter(|k| !k.is_empty()) {
            node = node
                .entry(key.to_string())
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .expect("object");
        }
        let errs = node.entry("_errors").or_insert_with(|| json!([]));
        if let Some(a) = errs.as_array_mut() {
            a.push(json!({"code": "BASE_TYPE_INVALID", "message": message}));
        }
    }
    Value::Object(root)
}

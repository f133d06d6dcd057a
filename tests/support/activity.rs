//! Discord's side of an Activity: the activity instances the bot may look
//! up (`GET /applications/{app}/activity-instances/{instance}` with the bot
//! token), whether the application has Activities turned on (a
//! `LAUNCH_ACTIVITY` callback is refused otherwise), and the rules of the
//! Entry Point command (checked in `put_commands`).

use super::http::Response;
use super::{StandIn, State, User};
use serde_json::{json, Value};

/// One running activity instance: where it is and who is in it.
#[derive(Debug, Clone)]
pub struct Instance {
    pub channel: u64,
    /// `None` in a DM or group DM.
    pub guild: Option<u64>,
    pub users: Vec<u64>,
}

impl StandIn {
    /// The application has Activities turned on (Developer Portal).
    pub fn enable_activities(&self) {
        self.lock().activities = true;
    }

    /// An activity instance of the application in `channel` with `users`
    /// in it; returns its id.
    pub fn start_activity(&self, channel: u64, users: &[&User]) -> String {
        let mut st = self.lock();
        let guild = st.channels.get(&channel).map(|c| c.guild);
        let id = format!("i-{}-gc-{}", st.snowflake(), channel);
        st.activity_instances.insert(
            id.clone(),
            Instance {
                channel,
                guild,
                users: users.iter().map(|u| u.id).collect(),
            },
        );
        id
    }

    /// `user` joins (or, with `false`, leaves) instance `id`.
    pub fn activity_member(&self, id: &str, user: &User, joins: bool) {
        let mut st = self.lock();
        if let Some(instance) = st.activity_instances.get_mut(id) {
            instance.users.retain(|&u| u != user.id);
            if joins {
                instance.users.push(user.id);
            }
        }
    }

    /// How many times the bot looked instances up.
    pub fn activity_lookups(&self) -> u32 {
        self.lock().activity_lookups
    }
}

/// `GET /applications/{app}/activity-instances/{instance}`.
pub fn get_instance(st: &mut State, app: &str, id: &str) -> Response {
    st.activity_lookups += 1;
    let known = app == st.app_id.to_string();
    match st.activity_instances.get(id).filter(|_| known) {
        Some(instance) => {
            let mut location = json!({
                "id": format!("gc-{}", instance.channel),
                "kind": if instance.guild.is_some() { "gc" } else { "pc" },
                "channel_id": instance.channel.to_string(),
            });
            if let Some(guild) = instance.guild {
                location["guild_id"] = json!(guild.to_string());
            }
            Response::json(
                200,
                &json!({
                    "application_id": st.app_id.to_string(),
                    "instance_id": id,
                    "launch_id": "1",
                    "location": location,
                    "users": instance.users.iter().map(u64::to_string).collect::<Vec<_>>(),
                }),
            )
        }
        None => Response::json(
            404,
            &json!({ "message": "Unknown Activity Instance", "code": 10_022 }),
        ),
    }
}

/// The Entry Point command rules: at most one command of type 4 in a list,
/// global only, with a `handler` of 1 (the app answers) or 2 (Discord
/// launches the Activity), no options.
pub fn check_entry_points(list: &[Value], guild: bool) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    let points: Vec<usize> = list
        .iter()
        .enumerate()
        .filter(|(_, c)| c.get("type").and_then(Value::as_u64) == Some(4))
        .map(|(i, _)| i)
        .collect();
    if points.len() > 1 {
        problems.push((
            "".into(),
            "only one Entry Point command per application".into(),
        ));
    }
    for i in points {
        let c = &list[i];
        if guild {
            problems.push((
                format!("{i}.type"),
                "Entry Point commands are global only".into(),
            ));
        }
        match c.get("handler").and_then(Value::as_u64) {
            Some(1 | 2) => {}
            _ => problems.push((format!("{i}.handler"), "must be 1 or 2".into())),
        }
        if c.get("options")
            .and_then(Value::as_array)
            .is_some_and(|o| !o.is_empty())
        {
            problems.push((
                format!("{i}.options"),
                "an Entry Point command has no options".into(),
            ));
        }
        let description = c.get("description").and_then(Value::as_str).unwrap_or("");
        if description.is_empty() || description.chars().count() > 100 {
            problems.push((
                format!("{i}.description"),
                "must be between 1 and 100 in length".into(),
            ));
        }
    }
    problems
}

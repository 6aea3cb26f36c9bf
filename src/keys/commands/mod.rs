//! The command table: every key of every layer, with its id, context and description.
//! A new screen adds a `Context` per layer it shows (list, picker of its own, form) in
//! `context.rs`, its rows in `table.rs` with ids `context.verb`, returns its contexts from
//! `ScreenState::focus` and handles the `Action`s in `ScreenState::on_action`; help, footer,
//! palette, `[keys]` overrides, `weeek-tui config keys` and `docs/keys.md` then follow from the
//! table alone.

mod action;
mod context;
#[cfg(test)]
mod keys_doc;
mod table;

pub use action::{Action, Due};
pub use context::Context;
pub use table::COMMANDS;

use super::keymap::Key;

#[derive(Debug)]
pub struct Command {
    /// `context.verb`: the name the config file and `weeek-tui config keys` use.
    pub id: &'static str,
    pub action: Action,
    pub context: Context,
    /// The keys unless the config file says otherwise.
    pub keys: &'static [Key],
    /// Shown in the footer (short) when set.
    pub hint: Option<&'static str>,
    pub description: &'static str,
}

/// The commands whose hints the footer keeps when it cannot show them all: the ones that
/// lead to the rest (detail, filter, search, sort; a deal, a move; the other half of the
/// contacts screen, and what the organizations tab is for: making, editing, linking contacts).
pub const FOOTER_FIRST: &[&str] = &[
    "tasks.detail",
    "tasks.filter",
    "tasks.search",
    "tasks.sort",
    "funnel.deal",
    "funnel.move_next",
    "funnel.overview",
    "funnel.back",
    "funnels.open",
    "funnels.search",
    "contacts.organizations",
    // Typing in a field, the way out of it.
    "contact_field.leave",
    "contact_choice.leave",
    "organizations.contacts",
    "organizations.new",
    "organizations.edit",
    "organizations.contacts_pick",
];

/// The command with `id`.
pub fn by_id(id: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of `Action`'s variants, read from its source: the enum has no list of itself.
    fn action_names() -> Vec<&'static str> {
        let source = include_str!("action.rs");
        let body = source
            .split_once("pub enum Action {")
            .and_then(|(_, rest)| rest.split_once("\n}"))
            .map(|(body, _)| body)
            .unwrap();
        body.lines()
            .map(str::trim)
            .filter(|l| !l.starts_with("//") && !l.is_empty())
            .map(|l| l.trim_end_matches(',').split('(').next().unwrap())
            .collect()
    }

    /// An action no row sends is one no key, palette entry or `[keys]` line can reach.
    #[test]
    fn every_action_is_sent_by_some_command() {
        let names = action_names();
        assert!(names.len() > 100, "{names:?}");
        for name in names {
            assert!(
                COMMANDS.iter().any(|c| {
                    let sent = format!("{:?}", c.action);
                    sent == name || sent.starts_with(&format!("{name}("))
                }),
                "no command sends Action::{name}"
            );
        }
    }

    #[test]
    fn a_row_takes_its_context_from_its_id() {
        let due = by_id("tasks.due").unwrap();
        assert_eq!(due.context, Context::Tasks);
        assert_eq!(
            by_id("multi_picker.toggle").unwrap().context,
            Context::MultiPicker
        );
        assert_eq!(Context::of_command("help_search.keep"), Context::HelpSearch);
        assert_eq!(by_id("nothing.at_all").map(|c| c.id), None);
    }
}

//! Help (`?`) searched as lazygit's keybinding menu is: `/` types a filter, and help keeps the
//! commands it matches, by key (`d`, `C-d`, `ctrl-d`), by id (`tasks.due`) or by the words of
//! their description (`due date`). `Enter` keeps the filter to scroll what it found, `Esc`
//! clears it.

use crate::keys::commands::{Action, Command};
use crate::keys::keymap::Key;
use crate::widgets::field::TextField;

/// The filter of help: what is typed, and whether it is being typed.
#[derive(Debug, Clone, Default)]
pub struct HelpFilter {
    pub query: TextField,
    pub typing: bool,
}

impl HelpFilter {
    /// The filter as typed, trimmed; empty lists everything.
    pub fn text(&self) -> &str {
        self.query.value().trim()
    }

    /// Whether the command, reached by `keys`, stays in help.
    pub fn keeps(&self, command: &Command, keys: &[Key]) -> bool {
        matches(self.text(), command, keys)
    }

    /// A key of help while the filter is typed; true when it changed what is shown.
    pub fn act(&mut self, action: Action) -> bool {
        match action {
            Action::Accept => self.typing = false,
            Action::Clear => {
                self.query = TextField::default();
                self.typing = false;
            }
            Action::Text(edit) => return self.query.edit(edit),
            _ => return false,
        }
        true
    }

    /// `/`: the filter takes what is typed, going on from what it holds.
    pub fn start(&mut self) {
        let kept = self.query.value().to_string();
        self.query = TextField::typed(kept);
        self.typing = true;
    }

    pub fn type_char(&mut self, c: char) -> bool {
        self.query.insert(c)
    }

    pub fn paste(&mut self, text: &str) {
        self.query.paste(text);
    }
}

/// A command matches `query` when the query is one of its keys (as help shows it, `C-d`, or as
/// the config file writes it, `ctrl-d`; a single character only as itself, so `d` is not `D`),
/// or when the query is longer than one character and each of its words is in the command's
/// id or description (case aside).
pub fn matches(query: &str, command: &Command, keys: &[Key]) -> bool {
    if query.is_empty() {
        return true;
    }
    let single = query.chars().count() == 1;
    let is_key = keys.iter().any(|k| {
        let (label, written) = (k.label(), k.to_string());
        if single {
            label == query || written == query
        } else {
            label.eq_ignore_ascii_case(query) || written.eq_ignore_ascii_case(query)
        }
    });
    if is_key || single {
        return is_key;
    }
    let hay = format!("{} {}", command.id, command.description).to_lowercase();
    query
        .to_lowercase()
        .split_whitespace()
        .all(|word| hay.contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::commands::COMMANDS;

    fn found(query: &str) -> Vec<&'static str> {
        COMMANDS
            .iter()
            .filter(|c| matches(query, c, c.keys))
            .map(|c| c.id)
            .collect()
    }

    #[test]
    fn a_key_finds_the_commands_on_it_and_only_those() {
        let d = found("d");
        assert!(d.contains(&"tasks.due"), "{d:?}");
        assert!(!d.contains(&"tasks.delete"), "D is another key: {d:?}");
        assert!(!d.contains(&"tasks.complete"), "{d:?}");
        let ctrl_d = found("C-d");
        assert!(ctrl_d.contains(&"list.half_down"), "{ctrl_d:?}");
        assert_eq!(found("ctrl-d"), ctrl_d, "as the config file writes it too");
        assert!(found("enter").contains(&"tasks.detail"));
    }

    #[test]
    fn an_id_or_words_find_the_commands_they_name() {
        assert_eq!(found("tasks.due"), ["tasks.due"]);
        let due = found("due date");
        assert!(due.contains(&"tasks.due"), "{due:?}");
        assert!(due.iter().all(|id| {
            let c = COMMANDS.iter().find(|c| c.id == *id).unwrap();
            let hay = format!("{} {}", c.id, c.description).to_lowercase();
            hay.contains("due") && hay.contains("date")
        }));
        assert!(found("UNDO").contains(&"tasks.undo"), "case aside");
        assert!(found("no such words").is_empty());
        assert_eq!(found("").len(), COMMANDS.len());
    }
}

//! Keys of the config file that hide a default: a key given to a command of one context
//! takes it away from a command of a context further down the same chain (`tasks.due` on
//! `ctrl-d` and the list's half page down), which the start reports and `weeek-tui config
//! keys` marks, since nothing else would tell.

use super::commands::{Command, Context};
use super::keymap::{Key, Keymap};

/// The contexts that can follow `ctx` in a focused layer's chain (see each screen's
/// `contexts`), `Global` last unless `ctx` is modal. A key bound in `ctx` wins over the same
/// key in any of these.
pub fn below(ctx: Context) -> &'static [Context] {
    use Context as C;
    match ctx {
        C::Global | C::Confirm | C::Filters | C::CommentView | C::Overlay => &[],
        C::List | C::DealForm | C::TaskForm | C::Subtasks | C::CustomFields | C::Draft => {
            &[C::Global]
        }
        C::Board => &[C::Tasks, C::List, C::Global],
        C::Tasks
        | C::Funnels
        | C::Funnel
        | C::Deal
        | C::Contacts
        | C::Organizations
        | C::Projects => &[C::List, C::Global],
        C::Picker | C::Prompt | C::FilterEntry | C::CommentEdit | C::TimeLog | C::HelpSearch => {
            &[C::Text]
        }
        C::Help | C::Outbox => &[C::Overlay],
        C::MultiPicker | C::Views => &[C::Picker, C::Text],
        C::PathEntry => &[C::Prompt, C::Text, C::Global],
        C::ContactView | C::OrgView | C::CommentList => &[C::List],
        C::Text => &[
            C::Funnel,
            C::Funnels,
            C::DealForm,
            C::ContactForm,
            C::Contacts,
            C::TaskForm,
            C::List,
            C::Global,
        ],
        C::FunnelSearch => &[C::Text, C::Funnel, C::Funnels, C::List, C::Global],
        C::DealField => &[C::Text, C::DealForm, C::Global],
        C::DealChoice => &[C::DealForm, C::Global],
        C::ContactForm => &[C::Contacts, C::List, C::Global],
        C::ContactField => &[C::Text, C::ContactForm, C::Contacts, C::Global],
        C::ContactChoice => &[C::ContactForm, C::Contacts, C::Global],
        C::ContactSearch => &[C::Text, C::Contacts, C::List, C::Global],
        C::ContactList => &[C::Contacts, C::List, C::Global],
        C::OrgSearch => &[C::Text, C::List, C::Global],
        C::OrgForm | C::ProjectSearch => &[C::Text, C::Global],
        C::TaskTitle => &[C::TaskField, C::Text, C::TaskForm, C::Global],
        C::TaskField | C::TaskNotes => &[C::Text, C::TaskForm, C::Global],
        C::TaskChoice => &[C::TaskForm, C::Global],
    }
}

/// A key the config file gave `by` that `hidden` (in a context below) had as well.
#[derive(Debug, Clone, Copy)]
pub struct Shadow {
    pub by: &'static Command,
    pub key: Key,
    pub hidden: &'static Command,
}

impl Shadow {
    /// One line for a message: what now takes the key, and from what.
    pub fn text(&self) -> String {
        format!(
            "`{}` takes {} from `{}` ({}) wherever both apply",
            self.by.id,
            self.key,
            self.hidden.id,
            self.hidden.context.title()
        )
    }
}

impl Keymap {
    /// Every key of a command the config file changed that hides a command below it with the
    /// same key. A key the command had in the table anyway hides nothing new.
    pub fn shadows(&self) -> Vec<Shadow> {
        let mut out = Vec::new();
        for (by, keys) in self.entries().filter(|(c, _)| self.overridden(c)) {
            for key in keys.iter().filter(|k| !by.keys.contains(k)) {
                for ctx in below(by.context) {
                    let hidden = self
                        .entries()
                        .find(|(c, ks)| c.context == *ctx && ks.contains(key));
                    if let Some((hidden, _)) = hidden {
                        out.push(Shadow {
                            by,
                            key: *key,
                            hidden,
                        });
                    }
                }
            }
        }
        out
    }

    /// What the start says of [`Keymap::shadows`]: one message, and each shadow for `M`.
    pub fn shadow_notes(&self) -> Option<(String, Vec<String>)> {
        let all: Vec<String> = self
            .shadows()
            .iter()
            .map(|s| format!("[keys]: {}", s.text()))
            .collect();
        match all.len() {
            0 => None,
            1 => Some((all[0].clone(), Vec::new())),
            n => Some((
                format!("[keys] hides {n} default keys · M shows which"),
                all,
            )),
        }
    }
}

/// The command of the table the shadow's key belongs to, for `config keys`: "hidden by
/// `tasks.due`" after the row of `cmd` with `key`.
pub fn hidden_note(shadows: &[Shadow], cmd: &Command, key: &Key) -> Option<String> {
    shadows
        .iter()
        .find(|s| std::ptr::eq(s.hidden, cmd) && s.key == *key)
        .map(|s| format!(" [hidden by `{}`]", s.by.id))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn map(pairs: &[(&str, &[&str])]) -> Keymap {
        let overrides: Vec<(String, Vec<String>)> = pairs
            .iter()
            .map(|(id, keys)| (id.to_string(), keys.iter().map(|k| k.to_string()).collect()))
            .collect();
        Keymap::with_overrides(&overrides, Path::new("config.toml")).unwrap()
    }

    #[test]
    fn a_key_taken_from_a_context_below_is_a_shadow() {
        let m = map(&[("tasks.due", &["x", "ctrl-d"]), ("tasks.complete", &["c"])]);
        let shadows = m.shadows();
        assert_eq!(shadows.len(), 1, "{shadows:?}");
        let s = shadows[0];
        assert_eq!(s.by.id, "tasks.due");
        assert_eq!(s.hidden.id, "list.half_down");
        assert_eq!(s.key, Key::ctrl('d'));
        let (said, each) = m.shadow_notes().unwrap();
        assert!(
            said.contains("`tasks.due` takes ctrl-d from `list.half_down`"),
            "{said}"
        );
        assert!(each.is_empty());
        let listing = m.listing();
        let row = listing
            .lines()
            .find(|l| l.contains("list.half_down"))
            .unwrap();
        assert!(row.contains("hidden by `tasks.due`"), "{row}");
    }

    #[test]
    fn the_start_says_which_default_a_key_of_the_file_hides() {
        let mut app = crate::testing::Harness::app();
        app.keymap = map(&[("tasks.due", &["x", "ctrl-d"]), ("tasks.complete", &["c"])]);
        let h = crate::testing::Harness::starting(app);
        let shown: Vec<String> = h
            .app
            .toasts
            .visible()
            .iter()
            .map(|t| t.text.clone())
            .collect();
        assert!(
            shown
                .iter()
                .any(|t| t.contains("takes ctrl-d from `list.half_down`")),
            "{shown:?}"
        );
        let quiet = crate::testing::Harness::starting(crate::testing::Harness::app());
        assert!(quiet.app.toasts.visible().is_empty());
    }

    #[test]
    fn the_defaults_and_keys_of_other_chains_hide_nothing() {
        assert!(Keymap::default().shadows().is_empty());
        assert!(Keymap::default().shadow_notes().is_none());
        // The filter panel is modal: its keys never reach the list below it.
        assert!(map(&[("filters.clear", &["ctrl-d"])]).shadows().is_empty());
        // A key the command had anyway.
        assert!(map(&[("tasks.due", &["d"])]).shadows().is_empty());
        let m = map(&[("tasks.complete", &["q"]), ("funnel.sort", &["ctrl-u"])]);
        let hidden: Vec<&str> = m.shadows().iter().map(|s| s.hidden.id).collect();
        assert_eq!(hidden, ["global.quit", "list.half_up"]);
        assert!(m.shadow_notes().unwrap().0.contains("2 default keys"));
    }

    #[test]
    fn every_context_says_what_lies_below_it() {
        for ctx in Context::ALL {
            let below = below(ctx);
            assert!(!below.contains(&ctx), "{ctx:?}");
            assert_eq!(
                below.contains(&Context::Global),
                !ctx.modal() && ctx != Context::Global,
                "{ctx:?}: Global lies below every layer that is not modal"
            );
        }
    }
}

//! The keys of a one-line prompt for a name (a funnel, a status, a project, a linked task's
//! title): typing clears what the last `Enter` said, `Enter` takes the trimmed name when the
//! service would, `Esc` leaves. Each prompt keeps what the name is for; this is the rest.

use crate::keys::commands::Action;
use crate::widgets::field::TextField;

/// What a key did to the prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// `Enter` on a name the service takes.
    Name(String),
    /// `Esc`.
    Cancel,
    /// The text changed, or `Enter` was refused and says why (true when redrawn).
    Handled(bool),
    /// Not a key of the prompt.
    Ignored,
}

/// A prompt with a field and the reason its last `Enter` was not taken.
pub trait NameEntry {
    fn parts(&mut self) -> (&mut TextField, &mut Option<String>);

    fn type_char(&mut self, c: char) -> bool {
        let (field, error) = self.parts();
        *error = None;
        field.insert(c)
    }

    /// A paste goes in on one line: a name has no line breaks.
    fn paste(&mut self, text: &str) {
        let (field, error) = self.parts();
        *error = None;
        field.paste(&crate::text::one_line(text));
    }

    /// `empty` is what `Enter` on nothing says; a name is at most `max` characters.
    fn act(&mut self, action: Action, empty: &str, max: usize) -> Entry {
        let (field, error) = self.parts();
        match action {
            Action::Accept => {
                let name = field.value().trim().to_string();
                if name.is_empty() {
                    *error = Some(empty.into());
                } else if name.chars().count() > max {
                    *error = Some(format!("At most {max} characters."));
                } else {
                    return Entry::Name(name);
                }
                Entry::Handled(true)
            }
            Action::Cancel => Entry::Cancel,
            Action::Text(edit) => {
                *error = None;
                Entry::Handled(field.edit(edit))
            }
            _ => Entry::Ignored,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Prompt(TextField, Option<String>);

    impl NameEntry for Prompt {
        fn parts(&mut self) -> (&mut TextField, &mut Option<String>) {
            (&mut self.0, &mut self.1)
        }
    }

    #[test]
    fn enter_takes_a_trimmed_name_and_says_why_it_does_not() {
        let mut p = Prompt(TextField::typed("  "), None);
        assert_eq!(
            p.act(Action::Accept, "A name is needed.", 5),
            Entry::Handled(true)
        );
        assert_eq!(p.1.as_deref(), Some("A name is needed."));
        assert!(p.type_char('Ё'));
        assert_eq!(p.1, None, "typing clears what Enter said");
        p.paste("лка\nзима");
        assert_eq!(p.0.value(), "  Ёлка зима");
        assert_eq!(p.act(Action::Accept, "-", 5), Entry::Handled(true));
        assert_eq!(p.1.as_deref(), Some("At most 5 characters."));
        let mut p = Prompt(TextField::with_value(" Ёлка "), None);
        assert_eq!(p.act(Action::Accept, "-", 5), Entry::Name("Ёлка".into()));
        assert_eq!(p.act(Action::Cancel, "-", 5), Entry::Cancel);
        assert_eq!(p.act(Action::Down, "-", 5), Entry::Ignored);
    }
}

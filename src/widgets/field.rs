//! A one-line text field (tui-input underneath), edited by the text commands of the keymap
//! (`text.*`) and by typed characters; plus paste.
//!
//! A value the app puts in a field for the user (today's date, the name being renamed, a
//! record's values in its edit form) starts selected, as a dialog's text field does: the first
//! character typed or pasted replaces it, a deletion clears it (into the yank buffer, so
//! `Ctrl-y` brings it back), and moving the cursor (`→`, `←`, `Home`, `End`) keeps it to edit.
//! Text the user typed before and is given back (a draft, a refused value, a kept search) is
//! not selected: typing goes on where it ended.

use tui_input::{Input, InputRequest};

/// An editing command of a text field. The keys come from the `text` context of the command
/// table, so they can be remapped like any other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextEdit {
    Start,
    End,
    Left,
    Right,
    WordLeft,
    WordRight,
    DeleteBack,
    DeleteForward,
    DeleteWordBack,
    DeleteWordForward,
    DeleteLine,
    DeleteToEnd,
    /// Puts back the text the last deletion took.
    Yank,
}

impl TextEdit {
    fn request(self) -> InputRequest {
        match self {
            Self::Start => InputRequest::GoToStart,
            Self::End => InputRequest::GoToEnd,
            Self::Left => InputRequest::GoToPrevChar,
            Self::Right => InputRequest::GoToNextChar,
            Self::WordLeft => InputRequest::GoToPrevWord,
            Self::WordRight => InputRequest::GoToNextWord,
            Self::DeleteBack => InputRequest::DeletePrevChar,
            Self::DeleteForward => InputRequest::DeleteNextChar,
            Self::DeleteWordBack => InputRequest::DeletePrevWord,
            Self::DeleteWordForward => InputRequest::DeleteNextWord,
            Self::DeleteLine => InputRequest::DeleteLine,
            Self::DeleteToEnd => InputRequest::DeleteTillEnd,
            Self::Yank => InputRequest::Yank,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct TextField {
    pub input: Input,
    /// The whole value is selected (see the module's note).
    selected: bool,
}

impl TextField {
    /// A field prefilled with `value`, selected: typing replaces it.
    pub fn with_value(value: impl Into<String>) -> Self {
        let input = Input::new(value.into());
        Self {
            selected: !input.value().is_empty(),
            input,
        }
    }

    /// A field holding text the user typed before, the cursor after it: typing goes on.
    pub fn typed(value: impl Into<String>) -> Self {
        Self {
            input: Input::new(value.into()),
            selected: false,
        }
    }

    pub fn value(&self) -> &str {
        self.input.value()
    }

    /// Whether the whole value is selected (and is replaced by what is typed next).
    pub fn selected(&self) -> bool {
        self.selected
    }

    /// Puts `value` in place, not selected.
    pub fn set(&mut self, value: impl Into<String>) {
        self.input = Input::new(value.into());
        self.selected = false;
    }

    /// Applies an editing command; true when the value, the cursor or the selection changed.
    /// On a selected value a move keeps the value to edit, a deletion clears it.
    pub fn edit(&mut self, edit: TextEdit) -> bool {
        if std::mem::take(&mut self.selected) {
            return match edit {
                TextEdit::Start
                | TextEdit::End
                | TextEdit::Left
                | TextEdit::Right
                | TextEdit::WordLeft
                | TextEdit::WordRight
                | TextEdit::Yank => {
                    self.input.handle(edit.request());
                    true
                }
                _ => {
                    self.input.handle(InputRequest::DeleteLine);
                    true
                }
            };
        }
        self.input.handle(edit.request()).is_some()
    }

    /// Types one character at the cursor (in place of a selected value); true when the value
    /// changed.
    pub fn insert(&mut self, c: char) -> bool {
        if c.is_control() {
            return false;
        }
        self.replace_selection();
        self.input.handle(InputRequest::InsertChar(c)).is_some()
    }

    /// Inserts pasted text at the cursor (in place of a selected value), as one line.
    pub fn paste(&mut self, text: &str) {
        self.replace_selection();
        for c in crate::text::one_line(text).chars() {
            self.input.handle(InputRequest::InsertChar(c));
        }
    }

    /// A selected value goes (to the yank buffer) before what takes its place.
    fn replace_selection(&mut self) {
        if std::mem::take(&mut self.selected) {
            self.input.handle(InputRequest::DeleteLine);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_move_and_delete_as_readline_does() {
        let mut f = TextField::with_value("Анна Смирнова");
        assert!(f.edit(TextEdit::WordLeft));
        assert!(f.edit(TextEdit::DeleteToEnd));
        assert_eq!(f.value(), "Анна ");
        assert!(f.edit(TextEdit::Start));
        assert!(f.insert('Я'));
        assert_eq!(f.value(), "ЯАнна ");
        assert!(f.edit(TextEdit::DeleteLine));
        assert_eq!(f.value(), "");
        assert!(!f.edit(TextEdit::DeleteBack), "nothing left to delete");
        assert!(!f.insert('\u{7}'), "control characters are not typed");
    }

    #[test]
    fn a_prefilled_value_is_replaced_by_the_first_character_typed() {
        let mut f = TextField::with_value("today");
        assert!(f.selected());
        for c in "yesterday".chars() {
            f.insert(c);
        }
        assert_eq!(f.value(), "yesterday");
        assert!(!f.selected());

        let mut f = TextField::with_value("29.11.2026");
        f.paste("завтра");
        assert_eq!(f.value(), "завтра", "a paste replaces it too");

        let mut f = TextField::with_value("29.11.2026");
        assert!(f.edit(TextEdit::DeleteBack));
        assert_eq!(f.value(), "", "a deletion clears it");
        assert!(f.edit(TextEdit::Yank));
        assert_eq!(f.value(), "29.11.2026", "and Ctrl-y brings it back");
    }

    #[test]
    fn moving_the_cursor_keeps_a_prefilled_value_to_edit() {
        for (edit, typed) in [
            (TextEdit::End, "Отчёт за ноябрь!"),
            (TextEdit::Right, "Отчёт за ноябрь!"),
            (TextEdit::Start, "!Отчёт за ноябрь"),
        ] {
            let mut f = TextField::with_value("Отчёт за ноябрь");
            assert!(f.edit(edit), "{edit:?} changes what is drawn");
            assert!(!f.selected());
            f.insert('!');
            assert_eq!(f.value(), typed, "{edit:?}");
        }
    }

    #[test]
    fn text_typed_before_goes_on_where_it_ended() {
        let mut f = TextField::typed("~/Downloads/rep");
        assert!(!f.selected());
        f.insert('o');
        assert_eq!(f.value(), "~/Downloads/repo");
        assert!(!TextField::with_value("").selected(), "nothing to select");
        let mut f = TextField::with_value("x");
        f.set("y");
        assert!(!f.selected());
    }
}

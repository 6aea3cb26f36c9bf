//! A one-line text field (tui-input underneath), edited by the text commands of the keymap
//! (`text.*`) and by typed characters; plus paste.

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
}

impl TextField {
    pub fn with_value(value: impl Into<String>) -> Self {
        Self {
            input: Input::new(value.into()),
        }
    }

    pub fn value(&self) -> &str {
        self.input.value()
    }

    pub fn set(&mut self, value: impl Into<String>) {
        self.input = Input::new(value.into());
    }

    /// Applies an editing command; true when the value or the cursor changed.
    pub fn edit(&mut self, edit: TextEdit) -> bool {
        self.input.handle(edit.request()).is_some()
    }

    /// Types one character at the cursor; true when the value changed.
    pub fn insert(&mut self, c: char) -> bool {
        if c.is_control() {
            return false;
        }
        self.input.handle(InputRequest::InsertChar(c)).is_some()
    }

    /// Inserts pasted text at the cursor, as one line.
    pub fn paste(&mut self, text: &str) {
        for c in crate::text::one_line(text).chars() {
            self.input.handle(InputRequest::InsertChar(c));
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
}

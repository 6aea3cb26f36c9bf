//! A one-line text field with readline keys (tui-input), plus paste.

use crossterm::event::{Event, KeyEvent};
use tui_input::backend::crossterm::EventHandler;
use tui_input::{Input, InputRequest};

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

    /// Feeds a key; true when the value or the cursor changed.
    pub fn key(&mut self, key: KeyEvent) -> bool {
        self.input.handle_event(&Event::Key(key)).is_some()
    }

    /// Inserts pasted text at the cursor, as one line.
    pub fn paste(&mut self, text: &str) {
        for c in crate::text::one_line(text).chars() {
            self.input.handle(InputRequest::InsertChar(c));
        }
    }
}

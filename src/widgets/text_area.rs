//! A multi-line text field for writing a comment: `Enter` starts a new line, arrows move
//! between lines, and the readline keys of the one-line field (`text.*`) act on the line under
//! the cursor. The cursor is a line and a character index in it.

use super::field::TextEdit;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextArea {
    lines: Vec<String>,
    /// Line of the cursor.
    pub row: usize,
    /// Characters before the cursor on its line.
    pub col: usize,
    /// What the last deletion took, for `Yank`.
    killed: String,
}

impl Default for TextArea {
    fn default() -> Self {
        Self {
            lines: vec![String::new()],
            row: 0,
            col: 0,
            killed: String::new(),
        }
    }
}

fn byte_at(line: &str, col: usize) -> usize {
    line.char_indices().nth(col).map_or(line.len(), |(i, _)| i)
}

fn chars(line: &str) -> usize {
    line.chars().count()
}

impl TextArea {
    pub fn with_text(text: &str) -> Self {
        let mut a = Self::default();
        a.paste(text);
        a
    }

    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The whole text, lines joined with `\n`.
    pub fn text(&self) -> String {
        self.lines.join("\n")
    }

    pub fn is_blank(&self) -> bool {
        self.lines.iter().all(|l| l.trim().is_empty())
    }

    fn line(&self) -> &str {
        &self.lines[self.row]
    }

    fn line_mut(&mut self) -> &mut String {
        &mut self.lines[self.row]
    }

    /// Types a character at the cursor; control characters type nothing.
    pub fn insert(&mut self, c: char) -> bool {
        if c.is_control() {
            return false;
        }
        let at = byte_at(self.line(), self.col);
        self.line_mut().insert(at, c);
        self.col += 1;
        true
    }

    /// Splits the line at the cursor.
    pub fn new_line(&mut self) {
        let at = byte_at(self.line(), self.col);
        let rest = self.line_mut().split_off(at);
        self.lines.insert(self.row + 1, rest);
        self.row += 1;
        self.col = 0;
    }

    /// Pasted text, its line breaks kept (`\r\n` and `\r` read as `\n`).
    pub fn paste(&mut self, text: &str) {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        for c in text.chars() {
            if c == '\n' {
                self.new_line();
            } else if c == '\t' {
                self.insert(' ');
            } else {
                self.insert(c);
            }
        }
    }

    /// Up (-1) or down (+1) a line, keeping the column where the line is long enough.
    pub fn move_line(&mut self, delta: isize) -> bool {
        let to = self.row as isize + delta;
        if to < 0 || to >= self.lines.len() as isize {
            return false;
        }
        self.row = to as usize;
        self.col = self.col.min(chars(self.line()));
        true
    }

    fn word_left(&self) -> usize {
        let cs: Vec<char> = self.line().chars().collect();
        let mut i = self.col.min(cs.len());
        while i > 0 && cs[i - 1].is_whitespace() {
            i -= 1;
        }
        while i > 0 && !cs[i - 1].is_whitespace() {
            i -= 1;
        }
        i
    }

    fn word_right(&self) -> usize {
        let cs: Vec<char> = self.line().chars().collect();
        let mut i = self.col.min(cs.len());
        while i < cs.len() && cs[i].is_whitespace() {
            i += 1;
        }
        while i < cs.len() && !cs[i].is_whitespace() {
            i += 1;
        }
        i
    }

    /// Removes characters `from..to` of the cursor's line and keeps them for `Yank`.
    fn cut(&mut self, from: usize, to: usize) -> bool {
        if from >= to {
            return false;
        }
        let (a, b) = (byte_at(self.line(), from), byte_at(self.line(), to));
        self.killed = self.line()[a..b].to_string();
        self.line_mut().replace_range(a..b, "");
        self.col = from;
        true
    }

    /// An editing command; true when the text or the cursor changed.
    pub fn edit(&mut self, edit: TextEdit) -> bool {
        let len = chars(self.line());
        match edit {
            TextEdit::Start => std::mem::replace(&mut self.col, 0) != 0,
            TextEdit::End => std::mem::replace(&mut self.col, len) != len,
            TextEdit::Left if self.col > 0 => {
                self.col -= 1;
                true
            }
            TextEdit::Left if self.row > 0 => {
                self.row -= 1;
                self.col = chars(self.line());
                true
            }
            TextEdit::Right if self.col < len => {
                self.col += 1;
                true
            }
            TextEdit::Right if self.row + 1 < self.lines.len() => {
                self.row += 1;
                self.col = 0;
                true
            }
            TextEdit::Left | TextEdit::Right => false,
            TextEdit::WordLeft => {
                let to = self.word_left();
                std::mem::replace(&mut self.col, to) != to
            }
            TextEdit::WordRight => {
                let to = self.word_right();
                std::mem::replace(&mut self.col, to) != to
            }
            TextEdit::DeleteBack if self.col > 0 => {
                let at = byte_at(self.line(), self.col - 1);
                self.line_mut().remove(at);
                self.col -= 1;
                true
            }
            TextEdit::DeleteBack if self.row > 0 => {
                // At the start of a line: it joins the one above.
                let line = self.lines.remove(self.row);
                self.row -= 1;
                self.col = chars(self.line());
                self.line_mut().push_str(&line);
                true
            }
            TextEdit::DeleteForward if self.col < len => {
                let at = byte_at(self.line(), self.col);
                self.line_mut().remove(at);
                true
            }
            TextEdit::DeleteForward if self.row + 1 < self.lines.len() => {
                let next = self.lines.remove(self.row + 1);
                self.line_mut().push_str(&next);
                true
            }
            TextEdit::DeleteBack | TextEdit::DeleteForward => false,
            TextEdit::DeleteWordBack => {
                let from = self.word_left();
                self.cut(from, self.col)
            }
            TextEdit::DeleteWordForward => {
                let to = self.word_right();
                self.cut(self.col, to)
            }
            TextEdit::DeleteLine => self.cut(0, len),
            TextEdit::DeleteToEnd => self.cut(self.col, len),
            TextEdit::Yank => {
                let text = self.killed.clone();
                for c in text.chars() {
                    self.insert(c);
                }
                !text.is_empty()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_join_and_keep_cyrillic_intact() {
        let mut a = TextArea::default();
        a.paste("Привет\r\nмир");
        assert_eq!(a.lines(), ["Привет", "мир"]);
        assert_eq!((a.row, a.col), (1, 3));
        a.edit(TextEdit::Start);
        a.edit(TextEdit::DeleteBack);
        assert_eq!(a.text(), "Приветмир");
        assert_eq!((a.row, a.col), (0, 6));
        a.new_line();
        a.insert('!');
        assert_eq!(a.text(), "Привет\n!мир");
        assert!(a.move_line(-1));
        assert_eq!(a.col, 1, "the column is kept where the line allows");
        assert!(!a.move_line(-1));
    }

    #[test]
    fn readline_edits_act_on_the_cursor_line() {
        let mut a = TextArea::with_text("one two three");
        a.edit(TextEdit::DeleteWordBack);
        assert_eq!(a.text(), "one two ");
        a.edit(TextEdit::Yank);
        assert_eq!(a.text(), "one two three");
        a.edit(TextEdit::Start);
        a.edit(TextEdit::DeleteToEnd);
        assert!(a.is_blank());
        assert!(!a.edit(TextEdit::DeleteForward));
        assert!(!a.insert('\u{7}'));
    }
}

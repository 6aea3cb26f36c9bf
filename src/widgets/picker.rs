//! A fuzzy picker: type to narrow, arrows to move, `Enter` to choose; in multi mode `Tab`
//! toggles items (as in fzf) and `Enter` confirms the set.

use std::collections::BTreeSet;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::field::TextField;

#[derive(Debug, Clone, PartialEq)]
pub struct PickItem<K> {
    pub key: K,
    pub label: String,
    /// Dimmed text after the label (a position, a project, a count).
    pub detail: String,
    /// `#rrggbb` or a colour name, for tags and options.
    pub color: Option<String>,
}

impl<K> PickItem<K> {
    pub fn new(key: K, label: impl Into<String>) -> Self {
        Self {
            key,
            label: label.into(),
            detail: String::new(),
            color: None,
        }
    }

    pub fn detail(mut self, d: impl Into<String>) -> Self {
        self.detail = d.into();
        self
    }

    pub fn color(mut self, c: Option<String>) -> Self {
        self.color = c;
        self
    }
}

#[derive(Debug, Clone)]
pub struct Picker<K> {
    pub title: String,
    pub items: Vec<PickItem<K>>,
    pub query: TextField,
    /// Indices into `items`, best match first.
    pub filtered: Vec<usize>,
    pub cursor: usize,
    pub multi: bool,
    /// Indices into `items`.
    pub chosen: BTreeSet<usize>,
    /// Once a set was preselected or toggled, `Enter` confirms the set (even an empty one,
    /// which is how everything gets unselected); before that it picks the cursor item.
    set_mode: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PickerOutcome<K> {
    Pending,
    Cancelled,
    Picked(Vec<K>),
}

impl<K: Clone + PartialEq> Picker<K> {
    pub fn single(title: impl Into<String>, items: Vec<PickItem<K>>) -> Self {
        let mut p = Self {
            title: title.into(),
            filtered: Vec::new(),
            items,
            query: TextField::default(),
            cursor: 0,
            multi: false,
            chosen: BTreeSet::new(),
            set_mode: false,
        };
        p.refilter();
        p
    }

    /// A multi-select picker with `preselected` items already chosen.
    pub fn multi(title: impl Into<String>, items: Vec<PickItem<K>>, preselected: &[K]) -> Self {
        let mut p = Self::single(title, items);
        p.multi = true;
        p.chosen = p
            .items
            .iter()
            .enumerate()
            .filter(|(_, it)| preselected.contains(&it.key))
            .map(|(i, _)| i)
            .collect();
        p.set_mode = !p.chosen.is_empty();
        p
    }

    /// Puts the cursor on the item with `key`, when it is visible.
    pub fn focus(&mut self, key: &K) {
        if let Some(pos) = self
            .filtered
            .iter()
            .position(|&i| self.items[i].key == *key)
        {
            self.cursor = pos;
        }
    }

    fn refilter(&mut self) {
        let hay: Vec<String> = self
            .items
            .iter()
            .map(|it| format!("{} {}", it.label, it.detail))
            .collect();
        self.filtered = crate::fuzzy::rank(self.query.value(), &hay);
        self.cursor = self.cursor.min(self.filtered.len().saturating_sub(1));
    }

    pub fn current(&self) -> Option<&PickItem<K>> {
        self.filtered.get(self.cursor).map(|&i| &self.items[i])
    }

    pub fn is_chosen(&self, item_index: usize) -> bool {
        self.chosen.contains(&item_index)
    }

    pub fn chosen_keys(&self) -> Vec<K> {
        self.chosen
            .iter()
            .map(|&i| self.items[i].key.clone())
            .collect()
    }

    pub fn key(&mut self, key: KeyEvent) -> PickerOutcome<K> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => return PickerOutcome::Cancelled,
            KeyCode::Enter => {
                if self.multi && (self.set_mode || !self.chosen.is_empty()) {
                    return PickerOutcome::Picked(self.chosen_keys());
                }
                return match self.current() {
                    Some(it) => PickerOutcome::Picked(vec![it.key.clone()]),
                    None => PickerOutcome::Pending,
                };
            }
            KeyCode::Tab if self.multi => {
                if let Some(&i) = self.filtered.get(self.cursor) {
                    if !self.chosen.remove(&i) {
                        self.chosen.insert(i);
                    }
                    self.set_mode = true;
                    self.move_by(1);
                }
            }
            KeyCode::Down => self.move_by(1),
            KeyCode::Up => self.move_by(-1),
            KeyCode::Char('n' | 'j') if ctrl => self.move_by(1),
            KeyCode::Char('p' | 'k') if ctrl => self.move_by(-1),
            KeyCode::PageDown => self.move_by(10),
            KeyCode::PageUp => self.move_by(-10),
            _ => {
                let before = self.query.value().to_string();
                self.query.key(key);
                if self.query.value() != before {
                    self.cursor = 0;
                    self.refilter();
                }
            }
        }
        PickerOutcome::Pending
    }

    pub fn paste(&mut self, text: &str) {
        self.query.paste(text);
        self.cursor = 0;
        self.refilter();
    }

    fn move_by(&mut self, delta: isize) {
        if self.filtered.is_empty() {
            return;
        }
        let last = self.filtered.len() as isize - 1;
        self.cursor = (self.cursor as isize + delta).clamp(0, last) as usize;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    fn typed(p: &mut Picker<u32>, s: &str) {
        for c in s.chars() {
            p.key(k(KeyCode::Char(c)));
        }
    }

    fn items() -> Vec<PickItem<u32>> {
        vec![
            PickItem::new(1, "Анна Смирнова"),
            PickItem::new(2, "Boris Ivanov"),
            PickItem::new(3, "Мария Соколова"),
        ]
    }

    #[test]
    fn typing_narrows_fuzzily_including_cyrillic() {
        let mut p = Picker::single("Member", items());
        typed(&mut p, "смир");
        assert_eq!(p.current().unwrap().key, 1);
        assert_eq!(p.filtered.len(), 1);
        assert_eq!(p.key(k(KeyCode::Enter)), PickerOutcome::Picked(vec![1]));
    }

    #[test]
    fn multi_toggles_with_tab_and_keeps_preselection() {
        let mut p = Picker::multi("Assignees", items(), &[3]);
        p.key(k(KeyCode::Tab)); // toggles item 1, moves down
        assert_eq!(p.key(k(KeyCode::Enter)), PickerOutcome::Picked(vec![1, 3]));
        assert_eq!(p.key(k(KeyCode::Esc)), PickerOutcome::Cancelled);
    }

    #[test]
    fn multi_can_confirm_an_empty_set_after_unselecting() {
        let mut p = Picker::multi("Assignees", items(), &[1]);
        p.key(k(KeyCode::Tab)); // unselects item 1
        assert_eq!(p.key(k(KeyCode::Enter)), PickerOutcome::Picked(vec![]));
        let mut fresh = Picker::multi("Assignees", items(), &[]);
        assert_eq!(fresh.key(k(KeyCode::Enter)), PickerOutcome::Picked(vec![1]));
    }
}

//! A fuzzy picker: type to narrow, arrows to move, `Enter` to choose; in multi mode `Tab`
//! toggles items (as in fzf) and `Enter` confirms the set. The keys are the `picker` context's.

use std::collections::BTreeSet;

use super::field::TextField;
use crate::keys::commands::Action;

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
    /// What `Enter` on no match creates from the query ("tag"), when the picker's owner can.
    pub creates: Option<&'static str>,
    /// Said in place of the matches: why `Enter` chose nothing, or what is under way.
    pub notice: Option<String>,
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
            creates: None,
            notice: None,
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

    /// The label of each of `keys` (empty for a key the picker does not list).
    pub fn labelled(&self, keys: Vec<K>) -> Vec<(K, String)> {
        keys.into_iter()
            .map(|k| {
                let label = self
                    .items
                    .iter()
                    .find(|it| it.key == k)
                    .map(|it| it.label.clone())
                    .unwrap_or_default();
                (k, label)
            })
            .collect()
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

    /// A command of the `picker` context (or a text edit of the query).
    pub fn act(&mut self, action: Action) -> PickerOutcome<K> {
        match action {
            Action::Cancel => return PickerOutcome::Cancelled,
            Action::Accept => {
                if self.multi && (self.set_mode || !self.chosen.is_empty()) {
                    return PickerOutcome::Picked(self.chosen_keys());
                }
                return match self.current() {
                    Some(it) => PickerOutcome::Picked(vec![it.key.clone()]),
                    None => {
                        self.notice = Some(self.no_match_text());
                        PickerOutcome::Pending
                    }
                };
            }
            Action::Toggle if self.multi => {
                if let Some(&i) = self.filtered.get(self.cursor) {
                    if !self.chosen.remove(&i) {
                        self.chosen.insert(i);
                    }
                    self.set_mode = true;
                    self.move_by(1);
                }
            }
            Action::Down => self.move_by(1),
            Action::Up => self.move_by(-1),
            Action::PageDown => self.move_by(10),
            Action::PageUp => self.move_by(-10),
            Action::Text(edit) => {
                let before = self.query.value().to_string();
                self.query.edit(edit);
                self.query_changed(&before);
            }
            _ => {}
        }
        PickerOutcome::Pending
    }

    /// A character typed into the query; true when it changed.
    pub fn type_char(&mut self, c: char) -> bool {
        let before = self.query.value().to_string();
        self.query.insert(c);
        self.query_changed(&before)
    }

    /// What the list says when nothing matches: the offer to create one, when there is one.
    pub fn no_match_text(&self) -> String {
        let query = self.query.value().trim();
        match self.creates {
            Some(noun) if !query.is_empty() => format!(
                "No match · Enter creates {noun} {}",
                crate::text::quoted(query, 40)
            ),
            _ if query.is_empty() => "Nothing to choose".to_string(),
            _ => format!(
                "No match for {}: nothing chosen",
                crate::text::quoted(query, 40)
            ),
        }
    }

    /// Adds `item`, chosen, and shows every item again: what was just created is picked.
    pub fn add_chosen(&mut self, item: PickItem<K>) {
        let i = match self.items.iter().position(|it| it.key == item.key) {
            Some(i) => i,
            None => {
                self.items.push(item);
                self.items.len() - 1
            }
        };
        self.chosen.insert(i);
        self.set_mode = true;
        self.notice = None;
        self.query.set("");
        self.refilter();
    }

    fn query_changed(&mut self, before: &str) -> bool {
        if self.query.value() == before {
            return false;
        }
        self.notice = None;
        self.cursor = 0;
        self.refilter();
        true
    }

    pub fn paste(&mut self, text: &str) {
        self.notice = None;
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

/// What was typed while a picker's items were on their way becomes its query once they arrive.
pub fn apply_pending<K: Clone + PartialEq>(picker: &mut Option<Picker<K>>, pending: &mut String) {
    if let Some(p) = picker
        && !pending.is_empty()
    {
        p.paste(&std::mem::take(pending));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(p: &mut Picker<u32>, s: &str) {
        for c in s.chars() {
            p.type_char(c);
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
        assert_eq!(p.act(Action::Accept), PickerOutcome::Picked(vec![1]));
    }

    #[test]
    fn enter_on_no_match_says_so_and_typing_clears_it() {
        let mut p = Picker::single("Member", items());
        typed(&mut p, "zzz");
        assert_eq!(p.act(Action::Accept), PickerOutcome::Pending);
        assert_eq!(
            p.notice.as_deref(),
            Some("No match for “zzz”: nothing chosen")
        );
        p.act(Action::Text(crate::widgets::field::TextEdit::DeleteBack));
        assert_eq!(p.notice, None);
        p.creates = Some("tag");
        assert_eq!(p.no_match_text(), "No match · Enter creates tag “zz”");
    }

    #[test]
    fn multi_toggles_with_tab_and_keeps_preselection() {
        let mut p = Picker::multi("Assignees", items(), &[3]);
        p.act(Action::Toggle); // toggles item 1, moves down
        assert_eq!(p.act(Action::Accept), PickerOutcome::Picked(vec![1, 3]));
        assert_eq!(p.act(Action::Cancel), PickerOutcome::Cancelled);
    }

    #[test]
    fn multi_can_confirm_an_empty_set_after_unselecting() {
        let mut p = Picker::multi("Assignees", items(), &[1]);
        p.act(Action::Toggle); // unselects item 1
        assert_eq!(p.act(Action::Accept), PickerOutcome::Picked(vec![]));
        let mut fresh = Picker::multi("Assignees", items(), &[]);
        assert_eq!(fresh.act(Action::Accept), PickerOutcome::Picked(vec![1]));
    }
}

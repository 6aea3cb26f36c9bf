//! Rows of a form that each show one entry the service keeps apart (a contact's or an
//! organization's e-mails, phones, addresses): which rows changed against the saved entries,
//! and what an accepted or a refused change does to the rows. Each row's entry id sits beside
//! it (`None`: a row added in the form).

use weeek_api::models::{AddressEntry, EmailEntry, PhoneEntry};

use crate::widgets::field::TextField;
pub use crate::worker::{Entry, RowCall};

/// The service's entries of one kind (an e-mail, a phone, an address) as rows see them, and
/// back.
macro_rules! entry_kind {
    ($($kind:ident . $value:ident),* $(,)?) => {
        $(
            impl From<&$kind> for Entry {
                fn from(e: &$kind) -> Self {
                    Entry {
                        id: e.id.clone(),
                        value: e.$value.clone(),
                    }
                }
            }

            impl From<&Entry> for $kind {
                fn from(e: &Entry) -> Self {
                    $kind {
                        id: e.id.clone(),
                        $value: e.value.clone(),
                    }
                }
            }
        )*
    };
}

entry_kind!(EmailEntry.email, PhoneEntry.phone, AddressEntry.address);

/// One row's change: added (`entry: None`), changed, or emptied (`value` blank: the entry is
/// deleted; `row: None` when its row was removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowChange {
    pub row: Option<usize>,
    pub entry: Option<String>,
    pub value: String,
}

impl RowChange {
    pub fn call(&self) -> RowCall {
        match &self.entry {
            None => RowCall::Add(self.value.clone()),
            Some(entry) if self.value.is_empty() => RowCall::Delete(entry.clone()),
            Some(entry) => RowCall::Update {
                entry: entry.clone(),
                value: self.value.clone(),
            },
        }
    }
}

/// The rows a form shows for `entries` and their ids; never empty (there is always a row to
/// type into).
pub fn rows_of(entries: &[Entry]) -> (Vec<TextField>, Vec<Option<String>>) {
    let mut values: Vec<TextField> = entries
        .iter()
        .map(|e| TextField::with_value(&e.value))
        .collect();
    let mut ids: Vec<Option<String>> = entries.iter().map(|e| Some(e.id.clone())).collect();
    if values.is_empty() {
        values.push(TextField::default());
        ids.push(None);
    }
    (values, ids)
}

/// What `rows` change in `entries`: rows changed, added or emptied in order, then the entries
/// whose rows were removed.
pub fn changes(rows: &[TextField], ids: &[Option<String>], entries: &[Entry]) -> Vec<RowChange> {
    let id_of = |i: usize| ids.get(i).and_then(|id| id.as_deref());
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let value = row.value().trim().to_string();
        let entry = id_of(i).and_then(|id| entries.iter().find(|e| e.id == id));
        match entry {
            Some(e) if e.value.trim() == value => {}
            Some(e) => out.push(RowChange {
                row: Some(i),
                entry: Some(e.id.clone()),
                value,
            }),
            None if value.is_empty() => {}
            None => out.push(RowChange {
                row: Some(i),
                entry: None,
                value,
            }),
        }
    }
    for e in entries {
        if !(0..rows.len()).any(|i| id_of(i) == Some(e.id.as_str())) {
            out.push(RowChange {
                row: None,
                entry: Some(e.id.clone()),
                value: String::new(),
            });
        }
    }
    out
}

/// A change the service took: the saved entries follow it, and a new row learns its entry's
/// id (`fresh`: the entry the service answered with, when it did).
pub fn accept(
    ids: &mut Vec<Option<String>>,
    entries: &mut Vec<Entry>,
    change: &RowChange,
    fresh: Option<Entry>,
) {
    match (&change.entry, fresh) {
        (Some(id), _) if change.value.is_empty() => {
            entries.retain(|e| &e.id != id);
            if let Some(r) = change.row {
                set_id(ids, r, None);
            }
        }
        (Some(id), fresh) => {
            let value = fresh
                .map(|f| f.value)
                .unwrap_or_else(|| change.value.clone());
            if let Some(e) = entries.iter_mut().find(|e| &e.id == id) {
                e.value = value;
            }
        }
        (None, Some(fresh)) => {
            if let Some(r) = change.row {
                set_id(ids, r, Some(fresh.id.clone()));
            }
            entries.push(fresh);
        }
        // An add answered without the entry: its id is learnt at the next read.
        (None, None) => {}
    }
}

fn set_id(ids: &mut Vec<Option<String>>, row: usize, id: Option<String>) {
    if ids.len() <= row {
        ids.resize(row + 1, None);
    }
    ids[row] = id;
}

/// A change the service refused: its row goes back to the saved value (a new row keeps its
/// text: there is nothing to go back to). A removed row comes back at the end. Returns the
/// row that shows the change now, where its message goes.
pub fn refuse(
    rows: &mut Vec<TextField>,
    ids: &mut Vec<Option<String>>,
    entries: &[Entry],
    change: &RowChange,
) -> Option<usize> {
    let Some(id) = &change.entry else {
        return change.row;
    };
    let Some(was) = entries.iter().find(|e| &e.id == id) else {
        return change.row;
    };
    match change.row {
        Some(r) => {
            if let Some(t) = rows.get_mut(r) {
                t.set(&was.value);
            }
            Some(r)
        }
        None => {
            ids.resize(rows.len(), None);
            rows.push(TextField::typed(&was.value));
            ids.push(Some(id.clone()));
            Some(rows.len() - 1)
        }
    }
}

/// Inserts a blank row at `at` (its id beside it).
pub fn insert_blank(rows: &mut Vec<TextField>, ids: &mut Vec<Option<String>>, at: usize) {
    ids.resize(rows.len(), None);
    let at = at.min(rows.len());
    rows.insert(at, TextField::default());
    ids.insert(at, None);
}

/// Removes row `at`; the last row is cleared instead (it keeps its entry: saving an edit
/// deletes that entry). True when the row went.
pub fn remove(rows: &mut Vec<TextField>, ids: &mut Vec<Option<String>>, at: usize) -> bool {
    ids.resize(rows.len(), None);
    if rows.len() <= 1 {
        if let Some(r) = rows.first_mut() {
            *r = TextField::default();
        }
        return false;
    }
    if at < rows.len() {
        rows.remove(at);
        ids.remove(at);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, value: &str) -> Entry {
        Entry {
            id: id.into(),
            value: value.into(),
        }
    }

    #[test]
    fn changed_added_emptied_and_removed_rows_are_each_a_change() {
        let saved = vec![entry("a", "1"), entry("b", "2"), entry("c", "3")];
        let rows = vec![
            TextField::with_value("1"),
            TextField::with_value("22"),
            TextField::with_value(" "),
            TextField::with_value("new"),
        ];
        let ids = vec![Some("a".into()), Some("b".into()), None, None];
        let got = changes(&rows, &ids, &saved);
        assert_eq!(
            got.iter().map(RowChange::call).collect::<Vec<_>>(),
            vec![
                RowCall::Update {
                    entry: "b".into(),
                    value: "22".into()
                },
                RowCall::Add("new".into()),
                RowCall::Delete("c".into()),
            ]
        );
        assert_eq!(got[2].row, None, "c's row was removed");
    }

    #[test]
    fn a_refused_removal_brings_the_row_back_at_the_end() {
        let saved = vec![entry("a", "1")];
        let mut rows = vec![TextField::default()];
        let mut ids = vec![None];
        let change = RowChange {
            row: None,
            entry: Some("a".into()),
            value: String::new(),
        };
        assert_eq!(refuse(&mut rows, &mut ids, &saved, &change), Some(1));
        assert_eq!(rows[1].value(), "1");
        assert_eq!(ids[1].as_deref(), Some("a"));
    }

    #[test]
    fn an_accepted_add_gives_its_row_the_new_id() {
        let mut saved = Vec::new();
        let mut ids = vec![None];
        let change = RowChange {
            row: Some(0),
            entry: None,
            value: "x".into(),
        };
        accept(&mut ids, &mut saved, &change, Some(entry("n", "x")));
        assert_eq!(ids, vec![Some("n".to_string())]);
        assert_eq!(saved, vec![entry("n", "x")]);
    }
}

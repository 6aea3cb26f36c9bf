//! Renames and deletes of named items (a funnel, a status, a project, a board, a portfolio, a
//! board's column, a task linked to a deal), one mechanism for every screen, run by the write
//! ledger: the change shows at once, a refusal puts the list back, a lost answer has the item
//! (or its whole list) read back and judged by the same rules, and a settled change is said in
//! the same words.
//!
//! A screen says what its items are ([`NamedItem`]), in which list they are shown, and how a
//! change of one is sent; creates are `named_creates`.

use weeek_api::ApiError;
use weeek_api::models::{Board, BoardColumn, Funnel, FunnelStatus, Portfolio, Project, Task};

use super::ScreenCtx;
use super::ledger::{Ledger, WriteCall, Writes};
use super::lost_answer::{ReadBack, read_back_failed};
use super::write_words;

/// An item known by an id and shown by a name.
pub trait NamedItem: Clone {
    type Id: PartialEq;

    fn id(&self) -> &Self::Id;
    fn name(&self) -> Option<String>;
    fn set_name(&mut self, name: Option<&str>);
}

/// A rename or a delete of one item, with what it takes to put its list back.
#[derive(Debug, Clone, PartialEq)]
pub enum NamedChange<T> {
    /// Renamed from `from` (`None`: it had no name) to `to`.
    Rename { from: Option<String>, to: String },
    /// Taken out of its list, where it stood at `index`.
    Delete { item: Box<T>, index: usize },
}

fn find_mut<'a, T: NamedItem>(list: &'a mut [T], id: &T::Id) -> Option<&'a mut T> {
    list.iter_mut().find(|t| t.id() == id)
}

/// Renames item `id` of `list` at once; `None` when it is not there or has that name already.
pub fn rename<T: NamedItem>(list: &mut [T], id: &T::Id, to: &str) -> Option<NamedChange<T>> {
    let item = find_mut(list, id)?;
    let from = item.name();
    if from.as_deref() == Some(to) {
        return None;
    }
    item.set_name(Some(to));
    Some(NamedChange::Rename {
        from,
        to: to.to_string(),
    })
}

/// Takes item `id` out of `list` at once.
pub fn remove<T: NamedItem>(list: &mut Vec<T>, id: &T::Id) -> Option<NamedChange<T>> {
    let index = list.iter().position(|t| t.id() == id)?;
    let item = Box::new(list.remove(index));
    Some(NamedChange::Delete { item, index })
}

/// Puts `item` at `index` of `list` (the end when past it), unless it is there.
pub fn restore<T: NamedItem>(list: &mut Vec<T>, item: T, index: usize) {
    if !list.iter().any(|t| t.id() == item.id()) {
        list.insert(index.min(list.len()), item);
    }
}

/// Shows item `id` read back alone: gone, it leaves the list; else the service's copy takes
/// its place, or `restore_at` when it had been taken out (a delete that did not happen).
pub fn show_read_back<T: NamedItem>(
    list: &mut Vec<T>,
    id: &T::Id,
    found: Result<T, ApiError>,
    verdict: &ReadBack,
    restore_at: Option<usize>,
) {
    match (verdict, found) {
        (ReadBack::Gone, _) => list.retain(|t| t.id() != id),
        (_, Ok(fresh)) => match (find_mut(list, id), restore_at) {
            (Some(shown), _) => *shown = fresh,
            (None, Some(index)) if *verdict == ReadBack::NotApplied => restore(list, fresh, index),
            (None, _) => {}
        },
        (_, Err(_)) => {}
    }
}

/// Whether item `id`, in its whole list read back, stands right after item `after` (`None`:
/// first), where a move sent it.
pub fn judge_move<T: NamedItem>(
    id: &T::Id,
    after: Option<&T::Id>,
    found: Result<&[T], &ApiError>,
) -> ReadBack {
    let all = match found {
        Ok(all) => all,
        Err(e) => return read_back_failed(e.clone()),
    };
    let Some(at) = all.iter().position(|t| t.id() == id) else {
        return ReadBack::Gone;
    };
    let before = at.checked_sub(1).map(|i| all[i].id());
    if before == after {
        ReadBack::Applied
    } else {
        ReadBack::NotApplied
    }
}

impl<T: NamedItem> NamedChange<T> {
    /// Shows the change again over a list read before it was answered.
    pub fn reapply(&self, list: &mut Vec<T>, id: &T::Id) {
        match self {
            Self::Rename { to, .. } => {
                if let Some(t) = find_mut(list, id) {
                    t.set_name(Some(to));
                }
            }
            Self::Delete { .. } => list.retain(|t| t.id() != id),
        }
    }

    /// The service refused it: the list as it was. A name goes back only when no `later`
    /// rename of the item is on its way (the service has the name that one started from).
    pub fn roll_back(&self, list: &mut Vec<T>, id: &T::Id, later: bool) {
        match self {
            Self::Rename { from, .. } if !later => {
                if let Some(t) = find_mut(list, id) {
                    t.set_name(from.as_deref());
                }
            }
            Self::Rename { .. } => {}
            Self::Delete { item, index } => restore(list, (**item).clone(), *index),
        }
    }

    /// Whether the item, read back alone, carries the change: a delete holds when the
    /// service no longer finds it.
    pub fn judge_item(&self, found: Result<&T, &ApiError>) -> ReadBack {
        match (self, found) {
            (Self::Rename { to, .. }, Ok(t)) if t.name().as_ref() == Some(to) => ReadBack::Applied,
            (Self::Delete { .. }, Err(ApiError::NotFound { .. })) => ReadBack::Applied,
            (_, Ok(_)) => ReadBack::NotApplied,
            (_, Err(e)) => read_back_failed(e.clone()),
        }
    }

    /// Whether item `id`, in its whole list read back, carries the change.
    pub fn judge_in(&self, id: &T::Id, found: Result<&[T], &ApiError>) -> ReadBack {
        let all = match found {
            Ok(all) => all,
            Err(e) => return read_back_failed(e.clone()),
        };
        match (self, all.iter().find(|t| t.id() == id)) {
            (Self::Rename { to, .. }, Some(t)) if t.name().as_ref() == Some(to) => {
                ReadBack::Applied
            }
            (Self::Rename { .. } | Self::Delete { .. }, Some(_)) => ReadBack::NotApplied,
            (Self::Rename { .. }, None) => ReadBack::Gone,
            (Self::Delete { .. }, None) => ReadBack::Applied,
        }
    }

    /// Its words for the `what` called `name` (quoted): the sentence of its success and what
    /// was tried.
    pub fn words(&self, what: &str, name: &str) -> (String, String) {
        match self {
            Self::Rename { to, .. } => write_words::renamed(what, name, to),
            Self::Delete { .. } => write_words::deleted(what, name),
        }
    }

    /// The name it had, for a rename of an item that had one.
    pub fn renamed_from(&self) -> Option<&str> {
        match self {
            Self::Rename { from, .. } => from.as_deref(),
            Self::Delete { .. } => None,
        }
    }

    /// The new name, for a rename.
    pub fn renamed_to(&self) -> Option<&str> {
        match self {
            Self::Rename { to, .. } => Some(to),
            Self::Delete { .. } => None,
        }
    }
}

impl<W: Writes<Note = ()>> Ledger<W> {
    /// Sends `change` of item `id` (shown already), called `name` in messages, as an action
    /// of its own.
    pub fn write(
        &mut self,
        id: W::Id,
        name: String,
        change: W::Change,
        call: WriteCall<W::Item>,
        cx: &mut ScreenCtx,
    ) {
        let g = self.group(());
        self.add(g, id, name, change, vec![call], cx);
    }
}

/// A name as an item holds it: always there, or possibly missing.
trait NameField {
    fn get(&self) -> Option<String>;
    fn set(&mut self, name: Option<&str>);
}

impl NameField for String {
    fn get(&self) -> Option<String> {
        Some(self.clone())
    }

    fn set(&mut self, name: Option<&str>) {
        name.unwrap_or_default().clone_into(self);
    }
}

impl NameField for Option<String> {
    fn get(&self) -> Option<String> {
        self.clone()
    }

    fn set(&mut self, name: Option<&str>) {
        *self = name.map(str::to_string);
    }
}

/// The service's items renamed or deleted by name: their id, and the field with the name.
macro_rules! named {
    ($($item:ty: $id:ty, $field:ident;)*) => {
        $(
            impl NamedItem for $item {
                type Id = $id;

                fn id(&self) -> &$id {
                    &self.id
                }

                fn name(&self) -> Option<String> {
                    self.$field.get()
                }

                fn set_name(&mut self, name: Option<&str>) {
                    self.$field.set(name)
                }
            }
        )*
    };
}

named! {
    Funnel: String, name;
    FunnelStatus: String, name;
    Board: i64, name;
    Portfolio: i64, name;
    BoardColumn: i64, name;
    Task: i64, title;
}

/// Lists carry a project's `title`, one project read alone its `name`: a rename sets both, so
/// either reading shows it.
impl NamedItem for Project {
    type Id = i64;

    fn id(&self) -> &i64 {
        &self.id
    }

    fn name(&self) -> Option<String> {
        Some(self.display_name())
    }

    fn set_name(&mut self, name: Option<&str>) {
        self.title = name.map(str::to_string);
        self.name = name.map(str::to_string);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(id: i64, name: &str) -> Board {
        Board {
            id,
            name: name.into(),
            ..Default::default()
        }
    }

    fn names(list: &[Board]) -> Vec<(i64, &str)> {
        list.iter().map(|b| (b.id, b.name.as_str())).collect()
    }

    fn not_found() -> ApiError {
        ApiError::NotFound {
            message: "gone".into(),
        }
    }

    #[test]
    fn a_rename_shows_at_once_and_a_refusal_puts_the_name_back_unless_a_later_one_is_out() {
        let mut list = vec![board(1, "А"), board(2, "Б")];
        assert_eq!(
            rename(&mut list, &2, "Б"),
            None,
            "the same name: nothing to send"
        );
        assert_eq!(rename(&mut list, &9, "В"), None, "not there");
        let change = rename(&mut list, &2, "В").expect("renamed");
        assert_eq!(names(&list), [(1, "А"), (2, "В")]);
        change.roll_back(&mut list, &2, true);
        assert_eq!(names(&list)[1], (2, "В"), "a later rename is on its way");
        change.roll_back(&mut list, &2, false);
        assert_eq!(names(&list)[1], (2, "Б"));
        change.reapply(&mut list, &2);
        assert_eq!(names(&list)[1], (2, "В"), "shown again over a fresh read");
        assert_eq!(change.renamed_to(), Some("В"));
        assert_eq!(change.renamed_from(), Some("Б"));
    }

    #[test]
    fn a_delete_takes_the_item_out_and_a_refusal_puts_it_back_in_its_place_once() {
        let mut list = vec![board(1, "А"), board(2, "Б"), board(3, "В")];
        let change = remove(&mut list, &2).expect("there");
        assert_eq!(names(&list), [(1, "А"), (3, "В")]);
        change.roll_back(&mut list, &2, false);
        change.roll_back(&mut list, &2, false);
        assert_eq!(names(&list), [(1, "А"), (2, "Б"), (3, "В")]);
        change.reapply(&mut list, &2);
        assert_eq!(names(&list), [(1, "А"), (3, "В")]);
        assert_eq!(change.renamed_to(), None);
    }

    #[test]
    fn an_item_read_back_alone_is_judged_by_its_name_and_a_delete_by_its_absence() {
        let rename = NamedChange::<Board>::Rename {
            from: Some("А".into()),
            to: "Б".into(),
        };
        assert_eq!(rename.judge_item(Ok(&board(1, "Б"))), ReadBack::Applied);
        assert_eq!(rename.judge_item(Ok(&board(1, "А"))), ReadBack::NotApplied);
        assert_eq!(rename.judge_item(Err(&not_found())), ReadBack::Gone);
        let delete = NamedChange::Delete {
            item: Box::new(board(1, "А")),
            index: 0,
        };
        assert_eq!(delete.judge_item(Err(&not_found())), ReadBack::Applied);
        assert_eq!(delete.judge_item(Ok(&board(1, "А"))), ReadBack::NotApplied);
        assert!(matches!(
            delete.judge_item(Err(&ApiError::Timeout)),
            ReadBack::Unknown(ApiError::Timeout)
        ));
    }

    #[test]
    fn an_item_in_its_list_read_back_is_judged_there_and_a_move_by_its_left_neighbour() {
        let all = [board(1, "А"), board(2, "Б"), board(3, "В")];
        let rename = NamedChange::<Board>::Rename {
            from: None,
            to: "Б".into(),
        };
        assert_eq!(rename.judge_in(&2, Ok(&all)), ReadBack::Applied);
        assert_eq!(rename.judge_in(&3, Ok(&all)), ReadBack::NotApplied);
        assert_eq!(rename.judge_in(&9, Ok(&all)), ReadBack::Gone);
        let delete = NamedChange::Delete {
            item: Box::new(board(9, "Я")),
            index: 0,
        };
        assert_eq!(delete.judge_in(&9, Ok(&all)), ReadBack::Applied);
        assert_eq!(delete.judge_in(&1, Ok(&all)), ReadBack::NotApplied);
        assert!(matches!(
            delete.judge_in(&1, Err(&ApiError::Timeout)),
            ReadBack::Unknown(_)
        ));
        assert_eq!(judge_move(&2, Some(&1), Ok(&all)), ReadBack::Applied);
        assert_eq!(judge_move(&1, None, Ok(&all)), ReadBack::Applied);
        assert_eq!(judge_move(&3, Some(&1), Ok(&all)), ReadBack::NotApplied);
        assert_eq!(judge_move(&9, None, Ok(&all)), ReadBack::Gone);
    }

    #[test]
    fn what_a_read_back_found_shows_the_service_copy_or_brings_back_a_delete_not_done() {
        let mut list = vec![board(1, "А"), board(3, "В")];
        show_read_back(&mut list, &3, Ok(board(3, "Г")), &ReadBack::Applied, None);
        assert_eq!(names(&list), [(1, "А"), (3, "Г")], "the service's copy");
        let fresh = Ok(board(2, "Б!"));
        show_read_back(&mut list, &2, fresh, &ReadBack::NotApplied, Some(1));
        assert_eq!(names(&list), [(1, "А"), (2, "Б!"), (3, "Г")], "not deleted");
        show_read_back(&mut list, &1, Err(not_found()), &ReadBack::Gone, None);
        assert_eq!(names(&list), [(2, "Б!"), (3, "Г")], "gone");
        let fresh = Ok(board(7, "Ж"));
        show_read_back(&mut list, &7, fresh, &ReadBack::NotApplied, None);
        assert_eq!(list.len(), 2, "only a delete comes back");
    }

    #[test]
    fn a_change_is_said_in_the_shared_words() {
        let rename = NamedChange::<Board>::Rename {
            from: None,
            to: "Новая".into(),
        };
        let (done, attempt) = rename.words("board", "“Старая”");
        assert_eq!(done, "Renamed the board “Старая” to “Новая”");
        assert_eq!(attempt, "rename the board “Старая”");
        let delete = NamedChange::Delete {
            item: Box::new(board(1, "А")),
            index: 0,
        };
        assert_eq!(delete.words("board", "“А”").0, "Deleted the board “А”");
    }

    #[test]
    fn a_project_is_named_by_either_field_and_renamed_in_both() {
        let mut p = Project {
            id: 4,
            title: Some("Старый".into()),
            ..Default::default()
        };
        assert_eq!(NamedItem::name(&p).as_deref(), Some("Старый"));
        p.set_name(Some("Новый"));
        assert_eq!(
            (p.title.as_deref(), p.name.as_deref()),
            (Some("Новый"), Some("Новый"))
        );
    }
}

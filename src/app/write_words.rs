//! The words a settled action of the write ledger is said in: one message per changed item,
//! in the same sentences on every screen ("Renamed the board “A” to “B”", "Could not delete
//! the status “C”: …").

use super::ScreenCtx;
use super::ledger::{Group, Outcome, Writes};

impl<W: Writes> Group<W> {
    /// Says how each change went; `words` gives a change's sentence of success and what was
    /// tried (see [`Outcome::report`]).
    pub fn say(&self, cx: &mut ScreenCtx, words: impl Fn(&W::Id, &Outcome<W>) -> (String, String)) {
        for (id, o) in &self.items {
            let (done, attempt) = words(id, o);
            let (kind, text) = o.report(&done, &attempt);
            cx.toast(kind, text);
        }
    }
}

/// The words of `what` `name` renamed to `to`.
pub fn renamed(what: &str, name: &str, to: &str) -> (String, String) {
    (
        format!(
            "Renamed the {what} {name} to {}",
            crate::text::quoted(to, 40)
        ),
        format!("rename the {what} {name}"),
    )
}

/// The words of `what` `name` deleted.
pub fn deleted(what: &str, name: &str) -> (String, String) {
    (
        format!("Deleted the {what} {name}"),
        format!("delete the {what} {name}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rename_quotes_the_new_name_and_a_delete_names_the_item() {
        let (done, attempt) = renamed("board", "“Старая”", "Новая");
        assert_eq!(done, "Renamed the board “Старая” to “Новая”");
        assert_eq!(attempt, "rename the board “Старая”");
        let (done, attempt) = deleted("status", "“Лиды”");
        assert_eq!(done, "Deleted the status “Лиды”");
        assert_eq!(attempt, "delete the status “Лиды”");
    }
}

//! The words a settled action of the write ledger is said in: one message per changed item,
//! in the same sentences on every screen ("Renamed the board “A” to “B”", "Could not delete
//! the status “C”: …").

use weeek_api::ApiError;

use super::ScreenCtx;
use super::ledger::{Group, Outcome, Writes};
use super::lost_answer::{AfterFailure, after_failure, cause_text};
use super::toast::ToastKind;

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

/// A write outside the ledger that failed, said: refused, in the service's words; its answer
/// lost, with what is done about it (`then`: "reading it back"). Returns which it was, for the
/// screen to put things back or to read the item back.
pub fn say_failure(e: &ApiError, attempt: &str, then: &str, cx: &mut ScreenCtx) -> AfterFailure {
    let after = after_failure(e);
    let text = match after {
        AfterFailure::RollBack => format!("Could not {attempt}: {}", e.short()),
        AfterFailure::ReadBack => {
            format!(
                "The answer to {attempt} was lost ({}): {then}",
                cause_text(e)
            )
        }
    };
    cx.toast(ToastKind::Error, text);
    after
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_says_the_refusal_or_what_is_done_about_a_lost_answer() {
        let mut w = crate::testing::World::new();
        let refused = ApiError::Forbidden {
            message: "No rights".into(),
        };
        let after = say_failure(
            &refused,
            "delete the comment on “A”",
            "reading it back",
            &mut w.cx(),
        );
        assert_eq!(after, AfterFailure::RollBack);
        assert!(
            w.last_toast()
                .starts_with("Could not delete the comment on “A”: ")
        );
        let after = say_failure(
            &ApiError::Timeout,
            "delete it",
            "reading it back",
            &mut w.cx(),
        );
        assert_eq!(after, AfterFailure::ReadBack);
        assert_eq!(
            w.last_toast(),
            "The answer to delete it was lost (no answer in time): reading it back"
        );
    }

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

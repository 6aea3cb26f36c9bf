//! What a list answer held that cannot be shown as the service sent it: rows that could not be
//! read (skipped), and values of read rows taken as empty (a priority of 9 shows as none).
//! Neither is hidden: each kind is counted in a toast, and each row or value is in the message
//! log (`M`) with its reason.

use std::time::Instant;

use crate::screen::toast::{ToastKind, Toasts};
use crate::worker::Skipped;

pub fn report(toasts: &mut Toasts, skipped: &Skipped, now: Instant) {
    for row in &skipped.rows {
        toasts.log(ToastKind::Error, format!("{}: skipped {row}", skipped.list));
    }
    for value in &skipped.malformed {
        toasts.log(
            ToastKind::Error,
            format!("{}: malformed {value}, shown as empty", skipped.list),
        );
    }
    let counts = [
        (skipped.rows.len(), "row", "rows", "skipped (malformed)"),
        (
            skipped.malformed.len(),
            "value",
            "values",
            "malformed, shown as empty",
        ),
    ];
    for (n, one, many, what) in counts {
        if n == 0 {
            continue;
        }
        let noun = if n == 1 { one } else { many };
        let text = format!("{}: {n} {noun} {what} · M shows why", skipped.list);
        if !toasts.visible().iter().any(|t| t.text == text) {
            toasts.push(now, ToastKind::Error, text);
        }
    }
}

#[cfg(test)]
mod tests {
    use weeek_api::{SkippedRow, TaskPage};

    use crate::testing::{Harness, task};
    use crate::worker::{Answer, Skipped};

    #[test]
    fn values_read_as_empty_are_counted_and_each_is_in_the_message_log() {
        let mut h = Harness::new();
        h.resize(160, 45);
        let list = crate::screen::requests::RequestKey::from(crate::tasks::TaskKey::List);
        let at = h.pending.iter().position(|r| r.key == list).unwrap();
        let req = h.pending.remove(at);
        let odd = |id: &str, reason: &str| SkippedRow {
            index: 0,
            id: Some(id.into()),
            reason: reason.into(),
        };
        h.reply_skipping(
            &req,
            Answer::TaskPage(Ok(TaskPage {
                tasks: crate::testing::rows(vec![task(2, "Странная")]),
                has_more: false,
            })),
            Some(Skipped {
                list: "Tasks",
                rows: Vec::new(),
                malformed: vec![
                    odd("2", "isCompleted: “maybe” is not a yes or no"),
                    odd("2", "priority: 9 is not a priority (0 to 3)"),
                ],
            }),
        );
        let toasts: Vec<String> = h
            .app
            .toasts
            .visible()
            .iter()
            .map(|t| t.text.clone())
            .collect();
        assert!(
            toasts.contains(&"Tasks: 2 values malformed, shown as empty · M shows why".into()),
            "{toasts:?}"
        );
        assert!(!toasts.iter().any(|t| t.contains("skipped")), "{toasts:?}");
        assert!(h.render().contains("Странная"), "the row is shown");
        h.press("M");
        let screen = h.render();
        assert!(
            screen.contains("Tasks: malformed id 2: priority: 9 is not a priority (0 to 3), shown"),
            "{screen}"
        );
        assert!(
            screen.contains("Tasks: malformed id 2: isCompleted: “maybe” is not a yes or no"),
            "{screen}"
        );
    }
}

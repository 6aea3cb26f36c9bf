//! The status line under a form with fields (contact, organization): why the last save
//! failed, a lost create being looked for, a save on its way, how many fields need fixing, or
//! the form's keys.

use ratatui::text::{Line, Span};

use crate::app::App;
use crate::text::{one_line, truncate};
use crate::ui::theme::Theme;

/// Where a form's save stands, as its status line tells it.
pub enum Stand<'a> {
    /// The last save failed, not for a field: the message.
    Failed(&'a str),
    /// A create's answer was lost; `true` while it is being looked for, `false` once looking
    /// failed.
    Lost(bool),
    Saving,
    /// Fields with a message.
    Errors(usize),
    Ready,
}

/// The form's commands the line names: save, what looks again after a failed look, and the
/// keys shown while nothing else is to say.
pub struct Keys<'a> {
    pub save: &'a str,
    pub look_again: &'a [(&'a str, &'a str)],
    pub ready: &'a [(&'a str, &'a str)],
}

pub fn line(app: &App, t: &Theme, w: usize, stand: Stand, keys: &Keys) -> Line<'static> {
    match stand {
        Stand::Failed(message) => Line::from(vec![
            Span::styled(format!("✗ {} ", one_line(message)), t.error()),
            Span::styled(crate::ui::say(app, keys.save, "tries again"), t.accent()),
        ]),
        // The whole story is in the toast and in the messages (M); here, what holds now.
        Stand::Lost(true) => Line::styled(
            format!(
                "{} Its answer was lost: looking for it before it may be sent again…",
                crate::ui::spinner_frame(app),
            ),
            t.accent(),
        ),
        Stand::Lost(false) => Line::from(vec![
            Span::styled("✗ May have been saved: looking for it failed. ", t.error()),
            Span::styled(crate::ui::say_all(app, keys.look_again), t.accent()),
        ]),
        Stand::Saving => Line::styled(
            truncate(
                &format!(
                    "{} saving… the form is locked until the answer",
                    crate::ui::spinner_frame(app)
                ),
                w,
            ),
            t.accent(),
        ),
        Stand::Errors(n) => {
            let what = if n == 1 { "field needs" } else { "fields need" };
            Line::styled(
                truncate(
                    &format!(
                        "{n} {what} fixing{}",
                        crate::ui::then_say(app, keys.save, "saves")
                    ),
                    w,
                ),
                t.error(),
            )
        }
        Stand::Ready => Line::styled(
            crate::text::fit_hints(&crate::ui::say_all(app, keys.ready), w),
            t.dim(),
        ),
    }
}

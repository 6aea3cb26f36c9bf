//! The attachment dialogs: the path of a file to upload (with what Tab found under it) and
//! the task's attachments to save one.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::App;
use crate::keys::commands::Context;
use crate::tasks::files::{FileDialog, Note};
use crate::text::one_line;
use crate::ui::dialogs::{render_picker, render_prompt};
use crate::ui::theme::Theme;

/// Draws the dialog and returns its box.
pub(super) fn render_file_dialog(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    dialog: &FileDialog,
) -> Rect {
    match dialog {
        FileDialog::Upload {
            title, field, note, ..
        } => {
            let help = crate::ui::hint_line(
                app,
                &[Context::PathEntry, Context::Prompt, Context::Text],
                true,
            );
            let choices;
            let feedback = match note {
                Note::None => None,
                Note::Choices { shown, matches } => {
                    let more = matches.saturating_sub(shown.len());
                    choices = if more > 0 {
                        format!("{}  … {more} more", shown.join("  "))
                    } else {
                        shown.join("  ")
                    };
                    Some((true, choices.as_str()))
                }
                Note::Err(why) => Some((false, why.as_str())),
            };
            let title = format!("Attach a file to {}", one_line(title));
            render_prompt(t, frame, area, &title, field, feedback, &help)
        }
        FileDialog::Save { picker, .. } => render_picker(t, frame, area, picker),
    }
}

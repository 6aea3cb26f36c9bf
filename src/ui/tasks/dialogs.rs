//! The task screen's dialogs drawn: its pickers, prompts and questions.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::count_label;
use crate::app::App;
use crate::keys::commands::Context;
use crate::tasks::dialogs::{Feedback, PickPurpose, Popup, PromptPurpose};
use crate::ui::dialogs::{render_confirm, render_picker, render_prompt, render_waiting};
use crate::ui::theme::Theme;

/// Draws the popup and returns its box.
pub(super) fn render_popup(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    popup: &Popup,
) -> Rect {
    match popup {
        Popup::Pick {
            picker: Some(p), ..
        } => render_picker(t, frame, area, p),
        Popup::Pick {
            purpose,
            picker: None,
        } => {
            let what = match purpose {
                PickPurpose::Move { .. } => "columns",
                PickPurpose::Assign { .. } => "members",
                _ => "choices",
            };
            render_waiting(app, frame, area, what)
        }
        Popup::Prompt {
            purpose,
            field,
            feedback,
        } => {
            let title = match purpose {
                PromptPurpose::Due { targets } => {
                    format!(
                        "Due date for {} (empty clears it)",
                        count_label(targets.len())
                    )
                }
                PromptPurpose::Rename { .. } => "Rename".to_string(),
                PromptPurpose::New {
                    parent: Some(parent),
                    ..
                } => {
                    let name = app
                        .tasks
                        .index_of(*parent)
                        .map(|i| app.tasks.list.rows[i].display_title().to_string())
                        .unwrap_or_else(|| format!("#{parent}"));
                    format!("New subtask of {}", crate::text::one_line(&name))
                }
                PromptPurpose::New { place, .. } => {
                    let (p, c) = place.unwrap_or_else(|| app.tasks.new_task_place());
                    let place = match (p, c) {
                        (Some(p), Some(c)) => {
                            format!(
                                "{} › {}",
                                app.names.project_name(p),
                                app.names.column_name(c)
                            )
                        }
                        (Some(p), None) => app.names.project_name(p),
                        _ => "no project".to_string(),
                    };
                    format!("New task in {place}")
                }
                PromptPurpose::SaveView => "Save the filters and sort as a view named".to_string(),
                PromptPurpose::Field { task, field } => {
                    let name = app
                        .tasks
                        .details
                        .get(*task)
                        .and_then(|t| t.custom_fields.iter().find(|f| f.id == *field))
                        .and_then(|f| f.name.clone())
                        .unwrap_or_else(|| "Field".into());
                    format!("{} (empty clears it)", crate::text::one_line(&name))
                }
                PromptPurpose::NewColumn { board } => {
                    format!("New column on {}", app.names.board_name(*board))
                }
                PromptPurpose::RenameColumn { column } => {
                    format!("Rename column {}", app.names.column_name(*column))
                }
            };
            let help = crate::ui::hint_line(app, &[Context::Prompt, Context::Text], true);
            let fb = match feedback {
                Feedback::None => None,
                Feedback::Ok(s) => Some((true, s.as_str())),
                Feedback::Err(s) => Some((false, s.as_str())),
            };
            render_prompt(t, frame, area, &title, field, fb, &help)
        }
        Popup::ConfirmDelete { .. } => {
            let question = app.tasks.delete_question().unwrap_or_default();
            render_confirm(app, t, frame, area, &question)
        }
        Popup::LookAgain { question, .. }
        | Popup::ConfirmView { question, .. }
        | Popup::ConfirmColumn { question, .. } => render_confirm(app, t, frame, area, question),
    }
}

//! The layers of the task screen over its list, bottom to top: a board in the list's place,
//! the detail pane's custom fields or subtasks with the keys, the filter panel, and the
//! dialogs (pickers, prompts and questions, the new-task form and its pickers, the
//! description editor, the time, comment and file dialogs). `route` is the one place that
//! says which of them has the keys and how.
//!
//! Views stay beneath dialogs: a board at the bottom, the pane's focus right over it (or over
//! the list), the panel over that. A dialog an answer brings while another is open (a
//! refused task's prompt or form, a question about a lost create, a form given back) is
//! offered: it waits beneath the dialogs open then, and comes up as they close.

use super::TasksState;
use super::board::BoardView;
use super::comments::CommentDialog;
use super::description::Describe;
use super::dialogs::{PickPurpose, Popup};
use super::files::FileDialog;
use super::form::Editor;
use super::form::model::Field;
use super::form::pickers::FormPicker;
use super::panel::FilterPanel;
use super::subtasks::SubtaskPane;
use super::time_log::TimeDialog;
use crate::keys::commands::{Action, Context};
use crate::screen::ScreenCtx;
use crate::screen::layers::{self, Layers, Route};

#[derive(Debug)]
pub enum Layer {
    /// A board in the list's place (`b`, or one opened on the projects screen); the list stays
    /// as it was underneath.
    Board(Box<BoardView>),
    /// The detail pane's custom fields have the keys (`C`): the one under the cursor.
    Fields { cursor: usize },
    /// The detail pane's subtask list has the keys (`l`), and the subtasks opened from it.
    Subtasks(SubtaskPane),
    /// The filter panel (`f`, or `/` straight into its search row).
    Panel(FilterPanel),
    /// A picker, a prompt or a question.
    Popup(Popup),
    /// The new-task form (`n`).
    Form(Box<Editor>),
    /// The picker of a choice of the form beneath.
    FormPicker(FormPicker),
    /// The built-in description editor (`E` without an editor of one's own).
    Describe(Box<Describe>),
    /// Logged time: the entry form, the task's entries, the question before a delete.
    Time(TimeDialog),
    /// A comment being written, the thread as a tree, one comment read, a question.
    Comment(CommentDialog),
    /// The path of a file to upload, or the attachments to save one of.
    File(FileDialog),
}

impl layers::Layer for Layer {
    fn is_dialog(&self) -> bool {
        !matches!(
            self,
            Layer::Board(_) | Layer::Fields { .. } | Layer::Subtasks(_) | Layer::Panel(_)
        )
    }
}

pub type TaskLayers = Layers<Layer>;

/// Finds the topmost layer of one kind, as its payload.
macro_rules! layer_of {
    ($name:ident, $name_mut:ident, $variant:ident, $ty:ty) => {
        pub fn $name(&self) -> Option<&$ty> {
            self.find(|l| match l {
                Layer::$variant(x) => Some(&**x),
                _ => None,
            })
        }

        pub fn $name_mut(&mut self) -> Option<&mut $ty> {
            self.find_mut(|l| match l {
                Layer::$variant(x) => Some(&mut **x),
                _ => None,
            })
        }
    };
}

impl Layers<Layer> {
    layer_of!(board, board_mut, Board, BoardView);
    layer_of!(describe, describe_mut, Describe, Describe);

    /// The open popup, whatever is over it.
    pub fn popup(&self) -> Option<&Popup> {
        self.find(|l| match l {
            Layer::Popup(p) => Some(p),
            _ => None,
        })
    }

    pub fn popup_mut(&mut self) -> Option<&mut Popup> {
        self.find_mut(|l| match l {
            Layer::Popup(p) => Some(p),
            _ => None,
        })
    }

    /// Opens `popup` in the place of the popup focused (a question asked from a picker takes
    /// its place, as a prompt picked from it does); else as a dialog of its own.
    pub fn set_popup(&mut self, popup: Popup) {
        if matches!(self.top(), Some(Layer::Popup(_))) {
            self.replace_or_push(Layer::Popup(popup), |_| true);
        } else {
            self.offer(Layer::Popup(popup));
        }
    }

    /// Closes the topmost popup.
    pub fn close_popup(&mut self) {
        self.remove(|l| matches!(l, Layer::Popup(_)));
    }

    pub fn panel(&self) -> Option<&FilterPanel> {
        self.find(|l| match l {
            Layer::Panel(p) => Some(p),
            _ => None,
        })
    }

    pub fn panel_mut(&mut self) -> Option<&mut FilterPanel> {
        self.find_mut(|l| match l {
            Layer::Panel(p) => Some(p),
            _ => None,
        })
    }

    pub fn close_panel(&mut self) {
        self.retain(|l| !matches!(l, Layer::Panel(_)));
    }

    /// The open form: the one on top, or under its own picker. A form given back while
    /// another dialog was open waits beneath it and is not open yet.
    pub fn form(&self) -> Option<&Editor> {
        let mut top = self.iter().rev();
        match (top.next(), top.next()) {
            (Some(Layer::Form(e)), _) | (Some(Layer::FormPicker(_)), Some(Layer::Form(e))) => {
                Some(e)
            }
            _ => None,
        }
    }

    /// The topmost form, open or waiting.
    pub fn form_mut(&mut self) -> Option<&mut Editor> {
        self.find_mut(|l| match l {
            Layer::Form(e) => Some(&mut **e),
            _ => None,
        })
    }

    /// Closes the topmost form with the picker over it.
    pub fn take_form(&mut self) -> Option<Editor> {
        self.retain(|l| !matches!(l, Layer::FormPicker(_)));
        match self.remove(|l| matches!(l, Layer::Form(_))) {
            Some(Layer::Form(e)) => Some(*e),
            _ => None,
        }
    }

    /// The open picker of a choice of the form.
    pub fn form_picker(&self) -> Option<&FormPicker> {
        self.find(|l| match l {
            Layer::FormPicker(p) => Some(p),
            _ => None,
        })
    }

    pub fn form_picker_mut(&mut self) -> Option<&mut FormPicker> {
        self.find_mut(|l| match l {
            Layer::FormPicker(p) => Some(p),
            _ => None,
        })
    }

    pub fn close_form_picker(&mut self) {
        self.retain(|l| !matches!(l, Layer::FormPicker(_)));
    }

    pub fn take_describe(&mut self) -> Option<Describe> {
        match self.remove(|l| matches!(l, Layer::Describe(_))) {
            Some(Layer::Describe(d)) => Some(*d),
            _ => None,
        }
    }

    pub fn time_dialog(&self) -> Option<&TimeDialog> {
        self.find(|l| match l {
            Layer::Time(d) => Some(d),
            _ => None,
        })
    }

    pub fn time_dialog_mut(&mut self) -> Option<&mut TimeDialog> {
        self.find_mut(|l| match l {
            Layer::Time(d) => Some(d),
            _ => None,
        })
    }

    /// Opens a time dialog now, or once the dialogs open have closed.
    pub fn offer_time(&mut self, dialog: TimeDialog) {
        self.offer(Layer::Time(dialog));
    }

    /// Puts the time dialog being handled back on top, as it now is.
    pub fn push_time(&mut self, dialog: TimeDialog) {
        self.push(Layer::Time(dialog));
    }

    pub fn take_time_dialog(&mut self) -> Option<TimeDialog> {
        match self.remove(|l| matches!(l, Layer::Time(_))) {
            Some(Layer::Time(d)) => Some(d),
            _ => None,
        }
    }

    pub fn comment_dialog(&self) -> Option<&CommentDialog> {
        self.find(|l| match l {
            Layer::Comment(d) => Some(d),
            _ => None,
        })
    }

    pub fn comment_dialog_mut(&mut self) -> Option<&mut CommentDialog> {
        self.find_mut(|l| match l {
            Layer::Comment(d) => Some(d),
            _ => None,
        })
    }

    /// Opens a comment dialog now, or once the dialogs open have closed.
    pub fn offer_comment(&mut self, dialog: CommentDialog) {
        self.offer(Layer::Comment(dialog));
    }

    /// Puts the comment dialog being handled back on top, as it now is.
    pub fn push_comment(&mut self, dialog: CommentDialog) {
        self.push(Layer::Comment(dialog));
    }

    pub fn take_comment_dialog(&mut self) -> Option<CommentDialog> {
        match self.remove(|l| matches!(l, Layer::Comment(_))) {
            Some(Layer::Comment(d)) => Some(d),
            _ => None,
        }
    }

    pub fn file_dialog(&self) -> Option<&FileDialog> {
        self.find(|l| match l {
            Layer::File(d) => Some(d),
            _ => None,
        })
    }

    pub fn file_dialog_mut(&mut self) -> Option<&mut FileDialog> {
        self.find_mut(|l| match l {
            Layer::File(d) => Some(d),
            _ => None,
        })
    }

    /// Opens a file dialog now, or once the dialogs open have closed.
    pub fn offer_file(&mut self, dialog: FileDialog) {
        self.offer(Layer::File(dialog));
    }

    pub fn close_file_dialog(&mut self) {
        self.remove(|l| matches!(l, Layer::File(_)));
    }

    /// Takes the board away, with the pane's focus and the panel over it.
    pub fn take_board(&mut self) -> Option<BoardView> {
        match self.remove(|l| matches!(l, Layer::Board(_))) {
            Some(Layer::Board(b)) => Some(*b),
            _ => None,
        }
    }

    /// Shows `board` in the list's place, beneath whatever dialog is open (the panel is the
    /// list's and closes).
    pub fn show_board(&mut self, board: BoardView) {
        self.retain(|l| !matches!(l, Layer::Board(_) | Layer::Panel(_)));
        self.put_under(Layer::Board(Box::new(board)));
    }

    /// The custom field under the cursor, while the fields have the keys.
    pub fn field_cursor(&self) -> Option<usize> {
        self.find(|l| match l {
            Layer::Fields { cursor } => Some(*cursor),
            _ => None,
        })
    }

    pub fn field_cursor_mut(&mut self) -> Option<&mut usize> {
        self.find_mut(|l| match l {
            Layer::Fields { cursor } => Some(cursor),
            _ => None,
        })
    }

    /// The detail pane's subtask list, while it has the keys (or subtasks are opened).
    pub fn sub(&self) -> Option<&SubtaskPane> {
        self.find(|l| match l {
            Layer::Subtasks(p) => Some(p),
            _ => None,
        })
    }

    pub fn sub_mut(&mut self) -> Option<&mut SubtaskPane> {
        self.find_mut(|l| match l {
            Layer::Subtasks(p) => Some(p),
            _ => None,
        })
    }

    /// The detail pane gives the keys back (and shows the cursor task again).
    pub fn clear_pane_focus(&mut self) {
        self.retain(|l| !matches!(l, Layer::Fields { .. } | Layer::Subtasks(_)));
    }

    /// The detail pane's fields or subtasks take the keys: over the list or the board,
    /// beneath the panel and any dialog.
    pub fn focus_pane(&mut self, focus: Layer) {
        self.clear_pane_focus();
        match self.top() {
            None | Some(Layer::Board(_)) => self.push(focus),
            _ => {
                let board = self.take_board();
                self.put_under(focus);
                if let Some(b) = board {
                    self.put_under(Layer::Board(Box::new(b)));
                }
            }
        }
    }
}

/// The app's own keys (screens, quit, help), which stay reachable over the form.
fn app_wide(action: Action) -> bool {
    matches!(
        action,
        Action::Quit
            | Action::Help
            | Action::Palette
            | Action::Messages
            | Action::ScreenTasks
            | Action::ScreenFunnels
            | Action::ScreenContacts
            | Action::ScreenProjects
            | Action::NextScreen
            | Action::PrevScreen
    )
}

impl TasksState {
    /// The focused layer's contexts, keyboard and handlers.
    pub(super) fn route(&self) -> Route<Self> {
        let Some(top) = self.layers.top() else {
            return Route::keys(vec![Context::Tasks, Context::List], Self::list_action);
        };
        match top {
            Layer::Board(_) => Route::keys(
                vec![Context::Board, Context::Tasks, Context::List],
                |s, action, cx| match s.board_action(action, cx) {
                    Some(taken) => taken,
                    // The list's verbs act on the card under the cursor.
                    None => s.list_action(action, cx),
                },
            ),
            // A refresh reads the list (or board) and the pane again.
            Layer::Fields { .. } => {
                Route::keys(vec![Context::CustomFields], |s, action, cx| match action {
                    Action::Refresh => s.view_action(action, cx),
                    _ => s.field_action(action, cx),
                })
            }
            Layer::Subtasks(_) => {
                Route::keys(vec![Context::Subtasks], |s, action, cx| match action {
                    Action::Refresh => s.view_action(action, cx),
                    _ => s.subtask_action(action, cx),
                })
            }
            Layer::Panel(p) => {
                let action = |s: &mut Self, action, cx: &mut ScreenCtx| {
                    s.panel_action(action, cx);
                    true
                };
                let paste: layers::OnPaste<Self> = |s, text, cx| s.panel_paste(text, cx);
                match p.editing.kind {
                    Some(_) => Route::typing(
                        vec![Context::FilterEntry, Context::Text],
                        action,
                        Self::panel_char,
                        paste,
                    ),
                    None => Route::keys(vec![Context::Filters], action).pasting(paste),
                }
            }
            Layer::Popup(p) => Route::dialog(
                match p {
                    Popup::Pick {
                        picker: Some(p), ..
                    } if p.multi => vec![Context::MultiPicker, Context::Picker, Context::Text],
                    Popup::Pick {
                        purpose: PickPurpose::Views,
                        ..
                    } => vec![Context::Views, Context::Picker, Context::Text],
                    Popup::Pick { .. } => vec![Context::Picker, Context::Text],
                    Popup::Prompt { .. } => vec![Context::Prompt, Context::Text],
                    Popup::ConfirmDelete { .. }
                    | Popup::LookAgain { .. }
                    | Popup::ConfirmView { .. }
                    | Popup::ConfirmColumn { .. } => vec![Context::Confirm],
                },
                |s, action, cx| {
                    s.popup_action(action, cx);
                    true
                },
                Self::popup_char,
                |s, text, cx| {
                    if let Some(p) = s.layers.popup_mut() {
                        p.paste(text);
                    }
                    s.popup_changed(cx);
                    true
                },
            ),
            // Every field of the form takes letters: on a choice they start the picker's query.
            Layer::Form(e) => Route::typing(
                match e.form.focus {
                    Field::Title => vec![
                        Context::TaskTitle,
                        Context::TaskField,
                        Context::Text,
                        Context::TaskForm,
                    ],
                    Field::Due => vec![Context::TaskField, Context::Text, Context::TaskForm],
                    Field::Description => {
                        vec![Context::TaskNotes, Context::Text, Context::TaskForm]
                    }
                    _ => vec![Context::TaskChoice, Context::TaskForm],
                },
                |s, action, cx| {
                    if app_wide(action) {
                        return false;
                    }
                    s.form_action(action, cx);
                    true
                },
                Self::form_char,
                |s, text, cx| {
                    s.form_paste(text, cx);
                    true
                },
            ),
            Layer::FormPicker(p) => Route::typing(
                match &p.picker {
                    Some(p) if !p.multi => vec![Context::Picker, Context::Text],
                    _ => vec![Context::MultiPicker, Context::Picker, Context::Text],
                },
                |s, action, cx| {
                    if app_wide(action) {
                        return false;
                    }
                    s.form_picker_action(action, cx);
                    true
                },
                |s, c, _| s.form_picker_char(c),
                |s, text, _| s.form_picker_paste(text),
            ),
            Layer::Describe(_) => Route::typing(
                vec![Context::CommentEdit, Context::Text],
                |s, action, cx| {
                    s.describe_action(action, cx);
                    true
                },
                |s, c, _| s.describe_char(c),
                |s, text, _| {
                    s.describe_paste(text);
                    true
                },
            ),
            Layer::Time(d) => {
                let contexts = match d {
                    TimeDialog::Form(_) => vec![Context::TimeLog, Context::Text],
                    TimeDialog::Entries { .. } => vec![Context::Picker, Context::Text],
                    TimeDialog::ConfirmDelete { .. } => vec![Context::Confirm],
                };
                Route::dialog(
                    contexts,
                    |s, action, cx| {
                        s.time_action(action, cx);
                        true
                    },
                    |s, c, _| s.time_char(c),
                    |s, text, _| {
                        s.time_paste(text);
                        true
                    },
                )
            }
            Layer::Comment(d) => {
                let contexts = match d {
                    CommentDialog::Compose { .. } => vec![Context::CommentEdit, Context::Text],
                    CommentDialog::List { .. } => vec![Context::CommentList, Context::List],
                    CommentDialog::View { .. } => vec![Context::CommentView],
                    CommentDialog::ConfirmDelete { .. } => vec![Context::Confirm],
                };
                Route::dialog(
                    contexts,
                    |s, action, cx| {
                        s.comment_action(action, cx);
                        true
                    },
                    |s, c, _| s.comment_char(c),
                    |s, text, _| {
                        s.comment_paste(text);
                        true
                    },
                )
            }
            Layer::File(d) => {
                let contexts = match d {
                    FileDialog::Upload { .. } => {
                        vec![Context::PathEntry, Context::Prompt, Context::Text]
                    }
                    FileDialog::Save { .. } => vec![Context::Picker, Context::Text],
                };
                Route::dialog(
                    contexts,
                    |s, action, cx| {
                        s.file_action(action, cx);
                        true
                    },
                    |s, c, _| s.file_char(c),
                    |s, text, _| {
                        s.file_paste(text);
                        true
                    },
                )
            }
        }
    }

    /// The list, or the board with the list's verbs behind it: a refresh from the pane's
    /// focus reaches them.
    fn view_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        match self.board_action(action, cx) {
            Some(taken) => taken,
            None => self.list_action(action, cx),
        }
    }

    /// What a dialog open or closed on the way leaves on top: a form given back that waited
    /// beneath it is open now, and its draft is the one on disk.
    pub(super) fn settle_layers(&mut self, cx: &mut ScreenCtx) {
        if let Some(Layer::Form(e)) = self.layers.top() {
            self.forms.flush(Some(e), cx);
        }
    }
}

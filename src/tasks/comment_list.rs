//! The dialogs over the task's comments: the box a comment is written in, and `I`, the thread
//! as a tree (replies under what they answer) whose keys act on the comment under the cursor:
//! `Enter` opens it, `r` replies to it, `D` deletes it (mine only, after asking; the question
//! counts its replies, which go with it).

use weeek_api::models::Comment;

use super::TasksState;
use super::comments::{CommentDialog, author, descendants};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::toast::ToastKind;

impl TasksState {
    /// `I`: the thread of the cursor task as a tree, the cursor on the newest comment (the one
    /// just read is usually the one answered).
    pub(super) fn open_comment_list(&mut self, cx: &mut ScreenCtx) {
        let Some(task) = self.current().filter(|t| t.id > 0) else {
            return;
        };
        let thread = match &self.comments.thread {
            Some(t) if t.task_id == task.id => t,
            _ => {
                cx.toast(
                    ToastKind::Info,
                    "Open the detail (Enter) to read the task's comments first",
                );
                return;
            }
        };
        let tree = thread.tree();
        let newest = tree
            .iter()
            .enumerate()
            .max_by_key(|(_, (_, c))| (c.created_at, c.id))
            .map(|(i, _)| i);
        let Some(cursor) = newest else {
            cx.toast(ToastKind::Info, "No comments on this task yet");
            return;
        };
        self.layers.push_comment(CommentDialog::List {
            task_id: task.id,
            cursor,
        });
    }

    /// The comment on row `at` of the tree of task `task_id`'s thread.
    fn comment_at(&self, task_id: i64, at: usize) -> Option<Comment> {
        let thread = self
            .comments
            .thread
            .as_ref()
            .filter(|t| t.task_id == task_id)?;
        thread.tree().get(at).map(|(_, c)| (*c).clone())
    }

    fn comment_rows(&self, task_id: i64) -> usize {
        self.comments
            .thread
            .as_ref()
            .filter(|t| t.task_id == task_id)
            .map_or(0, |t| t.rows.len())
    }

    /// How many replies deleting `comment` takes with it.
    pub fn replies_of(&self, comment: &Comment) -> usize {
        self.comments
            .thread
            .as_ref()
            .map_or(0, |t| descendants(&t.rows, comment.id).len() - 1)
    }

    pub(super) fn comment_char(&mut self, c: char) -> bool {
        match self.layers.comment_dialog_mut() {
            Some(CommentDialog::Compose { text, .. }) => text.insert(c),
            _ => false,
        }
    }

    pub(super) fn comment_paste(&mut self, pasted: &str) {
        if let Some(CommentDialog::Compose { text, .. }) = self.layers.comment_dialog_mut() {
            text.paste(pasted);
        }
    }

    pub(super) fn comment_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(dialog) = self.layers.take_comment_dialog() else {
            return;
        };
        match dialog {
            CommentDialog::Compose {
                task_id,
                title,
                reply_to,
                mut text,
            } => {
                match action {
                    Action::Cancel => {
                        if !text.is_blank() {
                            let key = (task_id, reply_to.as_ref().map(|r| r.0));
                            self.comments.drafts.insert(key, text);
                        }
                        return;
                    }
                    Action::Submit if text.is_blank() => {
                        cx.toast(ToastKind::Info, "Nothing to send: write something first");
                    }
                    Action::Submit if Self::must_queue_task(task_id, cx) => {
                        // The outbox holds it from now: no draft is kept.
                        let markdown = text.text().trim_end().to_string();
                        self.queue_comment(task_id, markdown, reply_to.map(|r| r.0), cx);
                        return;
                    }
                    Action::Submit => {
                        self.send_comment(task_id, &title, reply_to.as_ref(), &text, cx);
                        // Kept until the service has it.
                        let key = (task_id, reply_to.as_ref().map(|r| r.0));
                        self.comments.drafts.insert(key, text);
                        return;
                    }
                    Action::NewLine => text.new_line(),
                    Action::Up => {
                        text.move_line(-1);
                    }
                    Action::Down => {
                        text.move_line(1);
                    }
                    Action::Text(edit) => {
                        text.edit(edit);
                    }
                    _ => {}
                }
                self.layers.push_comment(CommentDialog::Compose {
                    task_id,
                    title,
                    reply_to,
                    text,
                });
            }
            CommentDialog::List { task_id, cursor } => {
                self.comment_list_action(task_id, cursor, action, cx)
            }
            CommentDialog::View {
                task_id,
                comment,
                back,
            } => match action {
                Action::Reply => self.reply_to(&comment, cx),
                Action::Delete => self.ask_delete_comment(task_id, *comment, back, true, cx),
                Action::Cancel => self.layers.push_comment(CommentDialog::List {
                    task_id,
                    cursor: back,
                }),
                _ => self.layers.push_comment(CommentDialog::View {
                    task_id,
                    comment,
                    back,
                }),
            },
            CommentDialog::ConfirmDelete {
                task_id,
                comment,
                back,
            } => match action {
                Action::Yes => self.delete_comment(task_id, *comment, cx),
                Action::No | Action::Cancel => self.layers.push_comment(CommentDialog::List {
                    task_id,
                    cursor: back,
                }),
                _ => self.layers.push_comment(CommentDialog::ConfirmDelete {
                    task_id,
                    comment,
                    back,
                }),
            },
        }
    }

    /// A key of the tree: move, open, reply, delete, close.
    fn comment_list_action(
        &mut self,
        task_id: i64,
        cursor: usize,
        action: Action,
        cx: &mut ScreenCtx,
    ) {
        let n = self.comment_rows(task_id);
        let page = cx.viewport.area.height.saturating_sub(6).max(1) as usize;
        let last = n.saturating_sub(1);
        let moved = match action {
            Action::Down => Some((cursor + 1).min(last)),
            Action::Up => Some(cursor.saturating_sub(1)),
            Action::Top => Some(0),
            Action::Bottom => Some(last),
            Action::PageDown => Some((cursor + page).min(last)),
            Action::PageUp => Some(cursor.saturating_sub(page)),
            Action::HalfDown => Some((cursor + page / 2).min(last)),
            Action::HalfUp => Some(cursor.saturating_sub(page / 2)),
            _ => None,
        };
        if let Some(cursor) = moved {
            self.layers
                .push_comment(CommentDialog::List { task_id, cursor });
            return;
        }
        if action == Action::Cancel {
            return;
        }
        let Some(comment) = self.comment_at(task_id, cursor) else {
            // The thread changed under the list (a delete, a read): nothing to act on.
            return;
        };
        match action {
            Action::Open => self.layers.push_comment(CommentDialog::View {
                task_id,
                comment: Box::new(comment),
                back: cursor,
            }),
            Action::Reply => self.reply_to(&comment, cx),
            Action::Delete => self.ask_delete_comment(task_id, comment, cursor, false, cx),
            _ => self
                .layers
                .push_comment(CommentDialog::List { task_id, cursor }),
        }
    }

    fn reply_to(&mut self, comment: &Comment, cx: &mut ScreenCtx) {
        let who = author(comment, cx.names);
        self.open_comment(Some((comment.id, who)), cx);
    }

    /// `D`: mine asks first; another's says why not and stays where it was (the comment in
    /// view, or the list).
    fn ask_delete_comment(
        &mut self,
        task_id: i64,
        comment: Comment,
        back: usize,
        viewing: bool,
        cx: &mut ScreenCtx,
    ) {
        let me = cx.names.me().map(|u| u.id.as_str());
        if comment.author_id.as_deref() == me && me.is_some() {
            self.layers.push_comment(CommentDialog::ConfirmDelete {
                task_id,
                comment: Box::new(comment),
                back,
            });
            return;
        }
        cx.toast(ToastKind::Info, "Only your own comments can be deleted");
        self.layers.push_comment(if viewing {
            CommentDialog::View {
                task_id,
                comment: Box::new(comment),
                back,
            }
        } else {
            CommentDialog::List {
                task_id,
                cursor: back,
            }
        });
    }
}

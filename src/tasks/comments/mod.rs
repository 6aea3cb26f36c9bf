//! The comments of the task in the detail pane: the thread (oldest first, so the newest is
//! last), read a page at a time while the detail shows the task; `i` writes one (several
//! lines, `Ctrl-s` sends), `I` picks one to reply to or to delete (mine only, asks first).
//!
//! A comment sent is shown once the service answers with it: a comment has no value to show
//! before it exists. A send whose answer was lost is never repeated blindly: the thread is read
//! to look for it (see `screen::lost_answer`), and the same text sent again later looks once
//! more first. The text stays in the draft until the service has it.

use std::collections::{BTreeMap, HashMap};

use weeek_api::models::Comment;
use weeek_api::{ApiError, CommentPage};

use super::TasksState;
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{self, AfterFailure};
use crate::screen::named_creates::NamedCreates;
use crate::screen::toast::ToastKind;
use crate::screen::write_words;
use crate::text::quoted;
use crate::widgets::text_area::TextArea;
use crate::worker::op;
use create::CommentLookup;

mod create;

/// Comments per request.
pub const COMMENT_PAGE: u32 = 50;
/// Pages read at most for one thread; past that the pane says how many are shown.
const MAX_PAGES: u32 = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommentKey {
    /// A page of the thread of the task on screen.
    Page,
    /// A comment sent, by its number.
    Create(u64),
    /// A comment deleted, by its number.
    Write(u64),
    /// The thread read again after a lost answer, by the write's number.
    ReadBack(u64),
    /// The thread read to look for a comment whose answer was lost, by the write's number.
    Find(u64),
}

/// The answers of the thread and of the comments sent and deleted.
#[derive(Debug)]
pub enum CommentAnswer {
    /// A page of the thread of the task on screen.
    Page(Result<CommentPage, ApiError>),
    /// New comment `n`.
    Created(u64, Result<Box<Comment>, ApiError>),
    /// Delete `n`.
    Deleted(u64, Result<(), ApiError>),
    /// A page of the thread read back after delete `n`'s answer was lost.
    ReadBack(u64, Result<CommentPage, ApiError>),
    /// A page of the look for new comment `n` whose answer was lost.
    Found(u64, Result<CommentPage, ApiError>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum ThreadStatus {
    Loading,
    Loaded,
    Failed(String),
}

/// The thread of one task, as far as it is read.
#[derive(Debug, Clone)]
pub struct Thread {
    pub task_id: i64,
    pub rows: Vec<Comment>,
    pub has_more: bool,
    pub status: ThreadStatus,
    pages: u32,
}

impl Thread {
    /// The comments in reading order: each comment on the task (oldest first), then the
    /// replies under it, each with its own replies under it; a reply whose comment is not
    /// read (on a page past the last read) stands as a comment of its own. With how deep each
    /// sits.
    pub fn tree(&self) -> Vec<(usize, &Comment)> {
        let known: std::collections::HashSet<i64> = self.rows.iter().map(|c| c.id).collect();
        let mut children: HashMap<Option<i64>, Vec<&Comment>> = HashMap::new();
        for c in &self.rows {
            let parent = c.parent_id.filter(|p| known.contains(p) && *p != c.id);
            children.entry(parent).or_default().push(c);
        }
        let mut out = Vec::with_capacity(self.rows.len());
        let mut stack: Vec<(usize, &Comment)> = children
            .get(&None)
            .map(|roots| roots.iter().rev().map(|c| (0, *c)).collect())
            .unwrap_or_default();
        let mut seen = std::collections::HashSet::new();
        while let Some((depth, c)) = stack.pop() {
            // A loop of parents (which the service should never send) is cut, not followed.
            if !seen.insert(c.id) {
                continue;
            }
            out.push((depth, c));
            if let Some(kids) = children.get(&Some(c.id)) {
                stack.extend(kids.iter().rev().map(|k| (depth + 1, *k)));
            }
        }
        out
    }
}

#[derive(Debug, Clone)]
pub enum CommentDialog {
    Compose {
        task_id: i64,
        title: String,
        /// The comment answered, and who wrote it.
        reply_to: Option<(i64, String)>,
        text: TextArea,
    },
    /// The thread as a tree (`I`), the cursor on a row of [`Thread::tree`].
    List { task_id: i64, cursor: usize },
    /// A comment opened from the list, which `back` is the cursor of.
    View {
        task_id: i64,
        comment: Box<Comment>,
        back: usize,
    },
    ConfirmDelete {
        task_id: i64,
        comment: Box<Comment>,
        back: usize,
    },
}

/// A comment's delete on its way.
#[derive(Debug, Clone)]
struct CommentDelete {
    task_id: i64,
    title: String,
    comment: Box<Comment>,
    /// Comments looked through so far by a read-back.
    looked: u32,
}

/// Comments per page of a read-back (the service's largest page).
const READ_BACK_PAGE: u32 = 100;

#[derive(Debug, Default)]
pub struct Comments {
    pub thread: Option<Thread>,
    /// Text written and not sent, by task and the comment answered: Esc loses nothing.
    pub(super) drafts: HashMap<(i64, Option<i64>), TextArea>,
    /// Deletes on their way, by number.
    deletes: BTreeMap<u64, CommentDelete>,
    next: u64,
    /// New comments on their way: the same text sent again after a lost answer is looked
    /// for first.
    creates: NamedCreates<CommentLookup>,
}

impl Comments {
    /// What quitting now would leave unconfirmed.
    pub fn unanswered(&self) -> Option<String> {
        self.creates.unanswered()
    }
}

/// The comments of the thread's task kept in the outbox, after the service's (under numbers
/// no comment of the service has), until they are sent.
fn lay_kept(thread: &mut Thread, cx: &ScreenCtx) {
    use crate::outbox::{Added, Change};
    let item = crate::outbox::task_ref(thread.task_id);
    for e in cx.offline.entries() {
        let Change::Add(Added::Comment {
            markdown,
            reply_to,
            author,
        }) = &e.change
        else {
            continue;
        };
        let waiting = e.state.pending();
        if waiting && e.item.same_item(&item) && thread.rows.iter().all(|c| c.id != -e.seq) {
            thread.rows.push(Comment {
                id: -e.seq,
                parent_id: *reply_to,
                author_id: author.clone(),
                markdown: Some(markdown.clone()),
                created_at: Some(e.created_at),
                ..Default::default()
            });
        }
    }
}

pub(super) fn author(c: &Comment, names: &crate::screen::names::Names) -> String {
    c.author_id
        .as_deref()
        .map_or("–".into(), |a| names.member_name(a))
}

impl TasksState {
    /// With the detail open, reads the thread of the cursor task if it is not the one held.
    pub(super) fn ensure_comments(&mut self, cx: &mut ScreenCtx) {
        let wanted = self.detail.then(|| self.pane_task_id()).flatten();
        let wanted = wanted.filter(|id| *id > 0);
        if self.comments.thread.as_ref().map(|t| t.task_id) == wanted {
            return;
        }
        // A page still coming for the task left is superseded by the next read under the
        // same key, or dropped when it finds no thread.
        self.comments.thread = None;
        if let Some(id) = wanted {
            self.load_thread(id, cx);
        }
    }

    /// `r`: the thread of the task shown is read again from its start.
    pub(super) fn refresh_comments(&mut self, cx: &mut ScreenCtx) {
        if let Some(id) = self.comments.thread.as_ref().map(|t| t.task_id) {
            self.load_thread(id, cx);
        }
    }

    fn load_thread(&mut self, task_id: i64, cx: &mut ScreenCtx) {
        let keep = self
            .comments
            .thread
            .take()
            .filter(|t| t.task_id == task_id)
            .map(|t| t.rows)
            .unwrap_or_default();
        self.comments.thread = Some(Thread {
            task_id,
            rows: keep,
            has_more: false,
            status: ThreadStatus::Loading,
            pages: 0,
        });
        cx.request(
            super::TaskKey::Comments(CommentKey::Page),
            op::Comments(task_id, COMMENT_PAGE, 0),
            CommentAnswer::Page,
        );
    }

    fn on_comment_page(&mut self, result: Result<CommentPage, ApiError>, cx: &mut ScreenCtx) {
        let Some(thread) = &mut self.comments.thread else {
            return;
        };
        match result {
            Ok(page) => {
                if thread.pages == 0 {
                    thread.rows.clear();
                }
                thread.pages += 1;
                thread.rows.extend(page.comments);
                thread.has_more = page.has_more;
                lay_kept(thread, cx);
                if page.has_more && thread.pages < MAX_PAGES {
                    let offset = thread.pages * COMMENT_PAGE;
                    let id = thread.task_id;
                    cx.request(
                        super::TaskKey::Comments(CommentKey::Page),
                        op::Comments(id, COMMENT_PAGE, offset),
                        CommentAnswer::Page,
                    );
                } else {
                    thread.status = ThreadStatus::Loaded;
                }
            }
            Err(e) => thread.status = ThreadStatus::Failed(e.short()),
        }
    }

    /// `c`: a comment on the cursor task; `C`: pick one of its comments.
    pub(super) fn open_comment(&mut self, reply_to: Option<(i64, String)>, cx: &mut ScreenCtx) {
        let Some((task_id, title)) = self
            .current()
            .filter(|t| t.id > 0)
            .map(|t| (t.id, t.display_title().to_string()))
        else {
            cx.toast(ToastKind::Info, "No task to comment on");
            return;
        };
        let key = (task_id, reply_to.as_ref().map(|r| r.0));
        let text = self.comments.drafts.remove(&key).unwrap_or_default();
        self.layers.push_comment(CommentDialog::Compose {
            task_id,
            title,
            reply_to,
            text,
        });
    }

    pub(in crate::tasks) fn delete_comment(
        &mut self,
        task_id: i64,
        comment: Comment,
        cx: &mut ScreenCtx,
    ) {
        let title = self
            .index_of(task_id)
            .map(|i| self.list.rows[i].display_title().to_string())
            .unwrap_or_default();
        if let Some(t) = self
            .comments
            .thread
            .as_mut()
            .filter(|t| t.task_id == task_id)
        {
            // Its replies go with it, as on the service.
            let gone = descendants(&t.rows, comment.id);
            t.rows.retain(|c| !gone.contains(&c.id));
        }
        let n = self.comments.next;
        self.comments.next += 1;
        let delete = op::DeleteComment(task_id, comment.id);
        self.comments.deletes.insert(
            n,
            CommentDelete {
                task_id,
                title,
                comment: Box::new(comment),
                looked: 0,
            },
        );
        cx.request(
            super::TaskKey::Comments(CommentKey::Write(n)),
            delete,
            move |r| CommentAnswer::Deleted(n, r),
        );
    }

    pub(super) fn on_comment_answer(&mut self, answer: CommentAnswer, cx: &mut ScreenCtx) {
        match answer {
            CommentAnswer::Page(r) => self.on_comment_page(r, cx),
            CommentAnswer::Created(n, r) => self.on_comment_created(n, r, cx),
            CommentAnswer::Found(n, r) => self.on_comment_found(n, r, cx),
            CommentAnswer::Deleted(n, r) => self.on_comment_written(n, r.map(|()| None), cx),
            CommentAnswer::ReadBack(n, r) => self.on_comment_read_back(n, r, cx),
        }
    }

    /// The answer to a delete.
    fn on_comment_written(
        &mut self,
        n: u64,
        result: Result<Option<Comment>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(w) = self.comments.deletes.get(&n).cloned() else {
            return;
        };
        let c = &w.comment;
        let name = quoted(&w.title, 40);
        match result {
            Ok(_) => {
                self.comments.deletes.remove(&n);
                cx.toast(ToastKind::Success, format!("Comment on {name} deleted"));
            }
            Err(e) => {
                let attempt = format!("delete the comment on {name}");
                let then = "reading the comments back";
                match write_words::say_failure(&e, &attempt, then, cx) {
                    AfterFailure::RollBack => {
                        self.comments.deletes.remove(&n);
                        // Back in the thread: the next read puts its replies back too.
                        if let Some(t) = self
                            .comments
                            .thread
                            .as_mut()
                            .filter(|t| t.task_id == w.task_id)
                        {
                            t.rows.push((**c).clone());
                            t.rows.sort_by_key(|r| (r.created_at, r.id));
                        }
                        self.refresh_comments(cx);
                    }
                    // The whole thread is looked through: the comment may be on any page.
                    AfterFailure::ReadBack => cx.request(
                        super::TaskKey::Comments(CommentKey::ReadBack(n)),
                        op::Comments(w.task_id, READ_BACK_PAGE, 0),
                        move |r| CommentAnswer::ReadBack(n, r),
                    ),
                }
            }
        }
    }

    /// A page of the thread read back after a delete whose answer was lost.
    fn on_comment_read_back(
        &mut self,
        n: u64,
        result: Result<CommentPage, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(w) = self.comments.deletes.get(&n).cloned() else {
            return;
        };
        let c = &w.comment;
        let name = quoted(&w.title, 40);
        let page = match result {
            Ok(p) => p,
            Err(e) => {
                self.comments.deletes.remove(&n);
                cx.toast(
                    ToastKind::Error,
                    format!(
                        "The comment on {name} may have been deleted; {}",
                        lost_answer::read_back_failed(e).note()
                    ),
                );
                return;
            }
        };
        // Found on this page settles it; else the next page is read, and the end of the
        // thread settles it.
        let found = page.comments.iter().any(|r| r.id == c.id);
        if !found && page.has_more {
            let looked = w.looked + page.comments.len() as u32;
            if let Some(write) = self.comments.deletes.get_mut(&n) {
                write.looked = looked;
            }
            cx.request(
                super::TaskKey::Comments(CommentKey::ReadBack(n)),
                op::Comments(w.task_id, READ_BACK_PAGE, looked),
                move |r| CommentAnswer::ReadBack(n, r),
            );
            return;
        }
        self.comments.deletes.remove(&n);
        let (kind, text) = if found {
            (
                ToastKind::Error,
                format!("The comment on {name} was not deleted: read back, it is still there"),
            )
        } else {
            (
                ToastKind::Success,
                format!("Comment on {name} deleted (answer lost, read back: done)"),
            )
        };
        cx.toast(kind, text);
        if self
            .comments
            .thread
            .as_ref()
            .is_some_and(|t| t.task_id == w.task_id)
        {
            self.load_thread(w.task_id, cx);
        }
    }
}

/// `id` and every comment under it.
pub(super) fn descendants(rows: &[Comment], id: i64) -> Vec<i64> {
    let mut out = vec![id];
    let mut i = 0;
    while i < out.len() {
        let parent = out[i];
        out.extend(
            rows.iter()
                .filter(|c| c.parent_id == Some(parent))
                .map(|c| c.id),
        );
        i += 1;
    }
    out
}

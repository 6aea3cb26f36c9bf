//! A new comment: sent once, and after a lost answer looked for in the thread (see
//! `app::lost_answer`) before anything is sent again; the same text sent again later looks
//! once more first. The text stays in the draft until the service has it.

use weeek_api::models::Comment;
use weeek_api::{ApiError, CommentPage};

use super::{CommentAnswer, CommentKey, CommentWrite, READ_BACK_PAGE, WriteKind};
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, SentAt,
};
use crate::screen::toast::ToastKind;
use crate::tasks::{TaskKey, TasksState};
use crate::text::quoted;
use crate::worker::{TypedCall, op};

/// What a comment whose answer was lost is found by: my comment with the same text, on the
/// same task, answering the same comment, new since it was sent.
#[derive(Debug, Clone, PartialEq)]
pub struct CommentLookup {
    task_id: i64,
    markdown: String,
    pub(super) reply_to: Option<i64>,
    author: Option<String>,
}

impl CreateLookup for CommentLookup {
    type Item = Comment;
    type Page = CommentPage;
    type Id = i64;

    fn name(&self) -> String {
        self.markdown.clone()
    }

    /// The whole thread, a page at a time: the comment may be on any page.
    fn read(&self, page: u32) -> PageRead<CommentPage> {
        TypedCall::new(op::Comments(
            self.task_id,
            READ_BACK_PAGE,
            page * READ_BACK_PAGE,
        ))
    }

    fn candidates(&self, page: CommentPage) -> (Vec<Comment>, bool) {
        (page.comments, page.has_more)
    }

    fn matches(&self, c: &Comment) -> bool {
        c.author_id == self.author
            && c.parent_id == self.reply_to
            && c.markdown.as_deref().map(str::trim) == Some(self.markdown.trim())
    }

    fn id(c: &Comment) -> i64 {
        c.id
    }

    fn created(c: &Comment) -> Option<time::OffsetDateTime> {
        c.created_at
    }
}

#[derive(Debug, Clone)]
pub(super) struct NewComment {
    pub(super) lookup: CommentLookup,
    sent: SentAt<i64>,
    /// Set once its answer was lost (or before a send again): the look for it.
    lost: Option<LostCreate<CommentLookup>>,
    /// An earlier send of it, not found right before this one went: unsettled again if this
    /// one is refused.
    earlier: Option<LostCreate<CommentLookup>>,
}

/// Sends new comment `n`.
fn send_new_comment(n: u64, lookup: &CommentLookup, cx: &mut ScreenCtx) {
    let create = op::CreateComment {
        task: lookup.task_id,
        markdown: lookup.markdown.clone(),
        reply_to: lookup.reply_to,
    };
    cx.request(TaskKey::Comments(CommentKey::Write(n)), create, move |r| {
        CommentAnswer::Created(n, r)
    });
}

/// Reads a page of the thread, looking for new comment `n`.
fn look_for_comment(n: u64, look: PageRead<CommentPage>, cx: &mut ScreenCtx) {
    cx.ask(TaskKey::Comments(CommentKey::Find(n)), look, move |r| {
        CommentAnswer::Found(n, r)
    });
}

impl TasksState {
    pub(in crate::tasks) fn send_comment(
        &mut self,
        task_id: i64,
        title: &str,
        reply_to: Option<&(i64, String)>,
        text: &crate::widgets::text_area::TextArea,
        cx: &mut ScreenCtx,
    ) {
        let markdown = text.text().trim_end().to_string();
        let reply_to = reply_to.map(|r| r.0);
        let n = self.comments.next;
        self.comments.next += 1;
        let lookup = CommentLookup {
            task_id,
            markdown,
            reply_to,
            author: cx.names.me().map(|u| u.id.clone()),
        };
        let thread = self.comments.thread.as_ref();
        let held = thread
            .filter(|t| t.task_id == task_id)
            .map(|t| t.rows.as_slice())
            .unwrap_or_default();
        let (sent, lost) = match self
            .comments
            .unsettled
            .send(&lookup, || SentAt::new(&cx.clock, lookup.known(held)))
        {
            Sending::Now(sent) => {
                send_new_comment(n, &lookup, cx);
                cx.toast(ToastKind::Info, "Sending the comment…");
                (sent, None)
            }
            Sending::LookFirst(lost, look) => {
                cx.toast(ToastKind::Info, lost.resend_text(&added_to(title)));
                look_for_comment(n, look, cx);
                (lost.sent.clone(), Some(*lost))
            }
        };
        self.comments.writes.insert(
            n,
            CommentWrite {
                task_id,
                title: title.to_string(),
                kind: WriteKind::Create(Box::new(NewComment {
                    lookup,
                    sent,
                    lost,
                    earlier: None,
                })),
                looked: 0,
            },
        );
    }

    /// The answer to a new comment.
    pub(super) fn on_comment_created(
        &mut self,
        n: u64,
        result: Result<Comment, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(w) = self.comments.writes.get(&n).cloned() else {
            return;
        };
        let WriteKind::Create(new) = &w.kind else {
            return;
        };
        let name = quoted(&w.title, 40);
        match CreateAnswer::read(result) {
            CreateAnswer::Created(c) => {
                self.comment_made(n, &w, Some(c));
                cx.toast(ToastKind::Success, format!("Comment added to {name}"));
            }
            CreateAnswer::Refused(e) => {
                self.comments.writes.remove(&n);
                if let Some(earlier) = new.earlier.clone() {
                    self.comments.unsettled.keep(earlier);
                }
                cx.toast(
                    ToastKind::Error,
                    format!(
                        "Could not add the comment on {name}: {} (the text is kept: i opens it)",
                        e.short()
                    ),
                );
            }
            CreateAnswer::Lost(e) => {
                let (lost, look) = LostCreate::start(new.lookup.clone(), e, new.sent.clone());
                cx.toast(ToastKind::Info, lost.looking_text(&added_to(&w.title)));
                look_for_comment(n, look, cx);
                if let Some(WriteKind::Create(new)) =
                    self.comments.writes.get_mut(&n).map(|w| &mut w.kind)
                {
                    new.lost = Some(lost);
                }
            }
        }
    }

    /// A page of the look for a new comment whose answer was lost.
    pub(super) fn on_comment_found(
        &mut self,
        n: u64,
        result: Result<CommentPage, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(w) = self.comments.writes.get_mut(&n) else {
            return;
        };
        let title = w.title.clone();
        let WriteKind::Create(new) = &mut w.kind else {
            return;
        };
        let Some(lost) = new.lost.as_mut() else {
            return;
        };
        let added = added_to(&title);
        match lost.on_answer(result) {
            Looked::Next(look) => look_for_comment(n, look, cx),
            Looked::Found(c) => {
                let text = lost.found_text(&added);
                let w = w.clone();
                self.comment_made(n, &w, Some(c));
                cx.toast(ToastKind::Success, text);
            }
            Looked::Resend => {
                new.earlier = new.lost.take();
                send_new_comment(n, &new.lookup, cx);
            }
            Looked::NotCreated | Looked::Failed => {
                let text = match lost.check_failed {
                    None => lost.not_created_text(&added),
                    Some(_) => lost.check_failed_text(&added),
                };
                let lost = lost.clone();
                self.comments.writes.remove(&n);
                self.comments.unsettled.keep(lost);
                cx.toast(
                    ToastKind::Error,
                    format!("{text}; the text is kept (i opens it), and sent again it is looked for first"),
                );
            }
        }
    }

    /// The service has new comment `n`: the draft goes, and the thread shows it.
    fn comment_made(&mut self, n: u64, w: &CommentWrite, made: Option<Comment>) {
        self.comments.writes.remove(&n);
        if let Some(key) = w.draft_key() {
            self.comments.drafts.remove(&key);
        }
        if let Some(t) = self
            .comments
            .thread
            .as_mut()
            .filter(|t| t.task_id == w.task_id)
            && let Some(c) = made
            && !t.rows.iter().any(|r| r.id == c.id)
        {
            t.rows.push(c);
        }
    }
}

/// "added to “Отчёт”": what a new comment's messages say of it.
fn added_to(title: &str) -> String {
    format!("added to {}", quoted(title, 40))
}

//! A new comment, through the shared creates of named items (`screen::named_creates`): sent
//! once, and after a lost answer looked for in the thread before anything is sent again; the
//! same text sent again later looks once more first. The text stays in the draft until the
//! service has it.

use weeek_api::models::Comment;
use weeek_api::{ApiError, CommentPage};

use super::{CommentAnswer, CommentKey, READ_BACK_PAGE};
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{CreateLookup, LostCreate, PageRead};
use crate::screen::named_creates::{CreateEnd, NamedPlace};
use crate::tasks::{TaskKey, TasksState};
use crate::text::quoted;
use crate::worker::{TypedCall, op};

/// What a comment whose answer was lost is found by: my comment with the same text, on the
/// same task, answering the same comment, new since it was sent.
#[derive(Debug, Clone)]
pub struct CommentLookup {
    task_id: i64,
    markdown: String,
    pub(super) reply_to: Option<i64>,
    author: Option<String>,
    /// The task's title, as messages say it (not what the comment is found by).
    title: String,
}

impl PartialEq for CommentLookup {
    fn eq(&self, other: &Self) -> bool {
        (self.task_id, &self.markdown, self.reply_to, &self.author)
            == (
                other.task_id,
                &other.markdown,
                other.reply_to,
                &other.author,
            )
    }
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

impl NamedPlace for CommentLookup {
    type Made = Box<Comment>;

    fn send(&self, n: u64, cx: &mut ScreenCtx) {
        let create = op::CreateComment {
            task: self.task_id,
            markdown: self.markdown.clone(),
            reply_to: self.reply_to,
        };
        cx.request(TaskKey::Comments(CommentKey::Create(n)), create, move |r| {
            CommentAnswer::Created(n, r)
        });
    }

    /// Reads a page of the thread, looking for new comment `n`.
    fn look(n: u64, read: PageRead<CommentPage>, cx: &mut ScreenCtx) {
        cx.ask(TaskKey::Comments(CommentKey::Find(n)), read, move |r| {
            CommentAnswer::Found(n, r)
        });
    }

    fn what(&self) -> &'static str {
        "comment"
    }

    /// "added to “Отчёт”".
    fn done(&self) -> String {
        format!("added to {}", quoted(&self.title, 40))
    }

    fn sending_text(&self) -> Option<String> {
        Some("Sending the comment…".into())
    }

    fn created_text(&self, _: &Box<Comment>) -> String {
        format!("Comment added to {}", quoted(&self.title, 40))
    }

    fn refused_text(&self, e: &ApiError) -> String {
        format!(
            "Could not add the comment on {}: {} (the text is kept: i opens it)",
            quoted(&self.title, 40),
            e.short()
        )
    }

    fn not_created_text(&self, lost: &LostCreate<Self>, _: &ScreenCtx) -> String {
        kept(lost.not_created_text(&self.done()))
    }

    fn failed_text(&self, lost: &LostCreate<Self>, _: &ScreenCtx) -> String {
        kept(lost.check_failed_text(&self.done()))
    }

    fn unanswered_text(&self, _looked_for: bool) -> String {
        "A comment is being sent; its answer would not be seen.".into()
    }
}

/// A comment not made after a lost answer keeps its text, and sent again it is looked for
/// first.
fn kept(text: String) -> String {
    format!("{text}; the text is kept (i opens it), and sent again it is looked for first")
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
        let lookup = CommentLookup {
            task_id,
            markdown: text.text().trim_end().to_string(),
            reply_to: reply_to.map(|r| r.0),
            author: cx.names.me().map(|u| u.id.clone()),
            title: title.to_string(),
        };
        let thread = self.comments.thread.as_ref();
        let held = thread
            .filter(|t| t.task_id == task_id)
            .map(|t| t.rows.as_slice())
            .unwrap_or_default();
        self.comments.creates.create(lookup, held, cx);
    }

    /// The answer to new comment `n`.
    pub(super) fn on_comment_created(
        &mut self,
        n: u64,
        result: Result<Box<Comment>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.comments.creates.on_created(n, result, cx);
        self.comment_create_ended(end);
    }

    /// A page of the look for new comment `n` whose answer was lost.
    pub(super) fn on_comment_found(
        &mut self,
        n: u64,
        result: Result<CommentPage, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.comments.creates.on_looked(n, result, cx);
        self.comment_create_ended(end);
    }

    /// The service has the new comment: its draft goes, and the thread shows it.
    fn comment_create_ended(&mut self, end: Option<CreateEnd<CommentLookup>>) {
        let (lookup, made) = match end {
            Some(CreateEnd::Made(lookup, made)) => (lookup, *made),
            Some(CreateEnd::Found(lookup, made)) => (lookup, made),
            _ => return,
        };
        self.comments
            .drafts
            .remove(&(lookup.task_id, lookup.reply_to));
        if let Some(t) = self
            .comments
            .thread
            .as_mut()
            .filter(|t| t.task_id == lookup.task_id)
            && !t.rows.iter().any(|r| r.id == made.id)
        {
            t.rows.push(made);
        }
    }
}

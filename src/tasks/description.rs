//! `E`: the task's description written as text. The service keeps HTML; it is turned into
//! Markdown-ish text to edit (in `$VISUAL`, else `$EDITOR`, else a multi-line field of the
//! app) and back into HTML to send. Text that comes back as it went out sends nothing. The
//! description lives in the whole task the detail pane reads (list rows do not carry it): the
//! save shows there at once, is rolled back when refused and read back when its answer is
//! lost; the text is offered again whenever it did not hold, so nothing written is lost.

use weeek_api::models::Task;
use weeek_api::{ApiError, TaskUpdate};

use crate::keys::commands::Action;
use crate::screen::ledger::read_item;
use crate::screen::lost_answer::{AfterFailure, after_failure, cause_text};
use crate::screen::toast::ToastKind;
use crate::screen::{Effect, ScreenCtx};
use crate::widgets::text_area::TextArea;
use crate::worker::op;

use super::layer::Layer;
use super::{TaskAnswer, TaskKey, TasksState};

/// The requests of a description save, by task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DescriptionKey {
    Save(i64),
    /// The task read back after the save's answer was lost.
    ReadBack(i64),
}

/// A save on its way.
#[derive(Debug, Clone)]
pub struct Saving {
    /// The description before (HTML), to roll back to.
    before: Option<String>,
    /// What was sent (HTML).
    sent: Option<String>,
    /// What was written, offered again if it does not hold.
    text: String,
    /// Why the answer was lost, while the task is read back.
    lost: Option<ApiError>,
}

/// The built-in editor, open when no `$VISUAL` or `$EDITOR` is set.
#[derive(Debug, Clone)]
pub struct Describe {
    pub task_id: i64,
    pub title: String,
    /// The text the editing started from: the same text back sends nothing.
    pub original: String,
    pub text: TextArea,
    /// Why it is open again (the service did not keep it), if so.
    pub note: Option<String>,
}

/// The editor to run: `$VISUAL`, else `$EDITOR` (blank ones do not count).
pub fn editor_from_env() -> Option<String> {
    ["VISUAL", "EDITOR"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .map(|v| v.trim().to_string())
        .find(|v| !v.is_empty())
}

/// Lines this wide are never wrapped: the text is edited, not read on a narrow screen.
const UNWRAPPED: usize = 10_000;

/// The description as text to edit; an empty string when there is none.
pub fn to_text(html: Option<&str>) -> String {
    match html.map(str::trim) {
        Some(h) if !h.is_empty() => crate::html::to_text(h, UNWRAPPED),
        _ => String::new(),
    }
}

/// A text file ends its last line with a newline: an editor that adds one (or joins what
/// it appends to the last line) finds it there. It does not count as a change when it comes
/// back (see `normalized`).
fn with_final_newline(mut text: String) -> String {
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Both descriptions read the same as text (the service spells HTML its own way).
pub fn same(a: Option<&str>, b: Option<&str>) -> bool {
    normalized(&to_text(a)) == normalized(&to_text(b))
}

/// Trailing spaces and blank lines at either end do not make a text different.
fn normalized(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines.join("\n").trim_matches('\n').to_string()
}

/// Text as HTML: blank lines part paragraphs, `# ` lines are headings, `* `/`- ` and `1. `
/// lines are lists, `**strong**`, `*emphasis*` and `` `code` `` are kept. `None` when blank.
pub fn to_html(text: &str) -> Option<String> {
    let text = normalized(text);
    if text.is_empty() {
        return None;
    }
    let mut out = String::new();
    for block in text.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        block_html(block, &mut out);
    }
    Some(out)
}

/// One block of lines: runs of list items become lists, a `#` line a heading, other lines a
/// paragraph (its lines kept apart by `<br>`).
fn block_html(block: &str, out: &mut String) {
    let mut para: Vec<String> = Vec::new();
    let mut list: Option<(&str, Vec<String>)> = None;
    let flush_para = |para: &mut Vec<String>, out: &mut String| {
        if !para.is_empty() {
            out.push_str(&format!("<p>{}</p>", para.join("<br>")));
            para.clear();
        }
    };
    let flush_list = |list: &mut Option<(&str, Vec<String>)>, out: &mut String| {
        if let Some((tag, items)) = list.take() {
            out.push_str(&format!("<{tag}>"));
            for i in items {
                out.push_str(&format!("<li>{i}</li>"));
            }
            out.push_str(&format!("</{tag}>"));
        }
    };
    for line in block.lines() {
        let item = bullet(line)
            .map(|t| ("ul", t))
            .or_else(|| numbered(line).map(|t| ("ol", t)));
        if let Some((tag, text)) = item {
            flush_para(&mut para, out);
            match &mut list {
                Some((open, items)) if *open == tag => items.push(inline(text)),
                _ => {
                    flush_list(&mut list, out);
                    list = Some((tag, vec![inline(text)]));
                }
            }
            continue;
        }
        flush_list(&mut list, out);
        if let Some(level) = heading(line) {
            flush_para(&mut para, out);
            let body = inline(line[level..].trim());
            out.push_str(&format!("<h{level}>{body}</h{level}>"));
        } else {
            para.push(inline(line.trim()));
        }
    }
    flush_para(&mut para, out);
    flush_list(&mut list, out);
}

/// A `# Title` line: its level.
fn heading(line: &str) -> Option<usize> {
    let level = line.chars().take_while(|c| *c == '#').count();
    ((1..=6).contains(&level) && line[level..].starts_with(' ')).then_some(level)
}

fn bullet(line: &str) -> Option<&str> {
    let l = line.trim_start();
    l.strip_prefix("* ").or_else(|| l.strip_prefix("- "))
}

fn numbered(line: &str) -> Option<&str> {
    let l = line.trim_start();
    let digits = l.chars().take_while(char::is_ascii_digit).count();
    (digits > 0).then(|| l[digits..].strip_prefix(". "))?
}

/// One line's text, escaped, with its emphasis as tags.
fn inline(text: &str) -> String {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let strong = wrap_pairs(&escaped, "**", "strong");
    let code = wrap_pairs(&strong, "`", "code");
    wrap_pairs(&code, "*", "em")
}

/// Text between pairs of `mark` put in `<tag>`; a mark without its pair stays as typed.
fn wrap_pairs(text: &str, mark: &str, tag: &str) -> String {
    let parts: Vec<&str> = text.split(mark).collect();
    if parts.len() < 3 {
        return text.to_string();
    }
    let mut out = String::new();
    let pairs = (parts.len() - 1) / 2;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            out.push_str(part);
        } else if i <= pairs * 2 {
            let open = i % 2 == 1;
            out.push_str(&if open {
                format!("<{tag}>")
            } else {
                format!("</{tag}>")
            });
            out.push_str(part);
        } else {
            out.push_str(mark);
            out.push_str(part);
        }
    }
    out
}

impl TasksState {
    /// `E` on the cursor task: its whole task is read first when the pane has not read it.
    pub(super) fn open_description(&mut self, cx: &mut ScreenCtx) {
        let Some(id) = self.current().map(|t| t.id).filter(|id| *id > 0) else {
            cx.toast(ToastKind::Info, "No saved task to describe");
            return;
        };
        if self.saving_descriptions.contains_key(&id) {
            cx.toast(
                ToastKind::Info,
                "Its description is being saved: E again once it is",
            );
            return;
        }
        let Some(task) = self.details.get(id) else {
            self.read_whole_then(id, super::details::AfterRead::Description, cx);
            return;
        };
        let title = task.display_title().to_string();
        let text = to_text(task.description.as_deref());
        match &self.editor {
            Some(command) => cx.effects.push(Effect::EditText {
                task_id: id,
                command: command.clone(),
                text: with_final_newline(text),
            }),
            None => {
                if let Some(kept) = self.kept_descriptions.remove(&id)
                    && kept.original == text
                {
                    self.layers.offer(Layer::Describe(Box::new(kept)));
                    return;
                }
                self.layers.offer(Layer::Describe(Box::new(Describe {
                    task_id: id,
                    title,
                    text: TextArea::with_text(&text),
                    original: text,
                    note: None,
                })))
            }
        }
    }

    /// The editor ran: `Ok` with the file's text, or why it failed (the text is kept where the
    /// message says).
    pub fn on_edited(
        &mut self,
        task_id: i64,
        original: String,
        result: Result<String, String>,
        cx: &mut ScreenCtx,
    ) {
        match result {
            Ok(text) => self.save_description(task_id, &original, text, cx),
            Err(why) => cx.toast(
                ToastKind::Error,
                format!("The description was not changed: {why}"),
            ),
        }
    }

    fn save_description(&mut self, id: i64, original: &str, text: String, cx: &mut ScreenCtx) {
        if normalized(&text) == normalized(original) {
            cx.toast(ToastKind::Info, "Description unchanged: nothing sent");
            return;
        }
        let sent = to_html(&text);
        let before = match self.details.get_mut(id) {
            Some(task) => std::mem::replace(&mut task.description, sent.clone()),
            None => None,
        };
        if Self::must_queue_task(id, cx) {
            let field = crate::outbox::TaskField::Description(sent);
            let base = crate::outbox::TaskField::Description(before);
            self.queue_detail(id, field, base, cx);
            return;
        }
        self.saving_descriptions.insert(
            id,
            Saving {
                before,
                sent: sent.clone(),
                text,
                lost: None,
            },
        );
        let update = TaskUpdate {
            description: Some(sent.unwrap_or_default()),
            ..Default::default()
        };
        cx.request(
            TaskKey::Description(DescriptionKey::Save(id)),
            op::UpdateTask(id, update),
            move |r| TaskAnswer::Description(id, r.map(|t| *t)),
        );
    }

    /// The answer to the save of task `id`'s description, or to its read-back.
    pub(super) fn on_description_answer(
        &mut self,
        id: i64,
        result: Result<Task, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(mut saving) = self.saving_descriptions.remove(&id) else {
            return;
        };
        let name = |s: &Self| {
            s.details
                .get(id)
                .map(|t| t.display_title().to_string())
                .or_else(|| {
                    s.current()
                        .filter(|t| t.id == id)
                        .map(|t| t.display_title().to_string())
                })
                .map(|t| crate::text::quoted_full(&t))
                .unwrap_or_else(|| format!("task {id}"))
        };
        match result {
            Ok(task) => {
                let kept = same(task.description.as_deref(), saving.sent.as_deref());
                let checked = if saving.lost.is_some() {
                    " (read back: saved)"
                } else {
                    ""
                };
                let title = crate::text::quoted_full(task.display_title());
                self.take_whole(task);
                if kept {
                    cx.toast(
                        ToastKind::Success,
                        format!("Saved the description of {title}{checked}"),
                    );
                } else {
                    let why = match &saving.lost {
                        Some(cause) => format!(
                            "Not saved: the description of {title} ({}; read back: the service has the old one)",
                            cause_text(cause)
                        ),
                        None => format!(
                            "The service answered without keeping the new description of {title}: it still has the old one"
                        ),
                    };
                    cx.toast(ToastKind::Error, why);
                    self.offer_description_again(id, saving.text, cx);
                }
            }
            Err(e)
                if saving.lost.is_none() && matches!(after_failure(&e), AfterFailure::ReadBack) =>
            {
                cx.toast(
                    ToastKind::Info,
                    format!(
                        "No answer about the description of {} ({}): reading it back",
                        name(self),
                        cause_text(&e)
                    ),
                );
                saving.lost = Some(e);
                self.saving_descriptions.insert(id, saving);
                cx.ask(
                    TaskKey::Description(DescriptionKey::ReadBack(id)),
                    read_item(op::Task(id)),
                    move |r| TaskAnswer::Description(id, r),
                );
            }
            Err(e) => {
                let title = name(self);
                match &saving.lost {
                    // The save may have been kept: what the pane shows stays until `r`.
                    Some(cause) => cx.toast(
                        ToastKind::Error,
                        format!(
                            "Not confirmed: the description of {title} ({}; reading it back failed: {}): r reloads to see",
                            cause_text(cause),
                            e.short()
                        ),
                    ),
                    None => {
                        if let Some(task) = self.details.get_mut(id) {
                            task.description = saving.before.clone();
                        }
                        cx.toast(
                            ToastKind::Error,
                            format!("Could not change the description of {title}: {}", e.short()),
                        );
                    }
                }
                self.offer_description_again(id, saving.text, cx);
            }
        }
    }

    /// The written text back in the built-in editor, so it can be sent again or copied out.
    pub(super) fn offer_description_again(&mut self, task_id: i64, text: String, cx: &ScreenCtx) {
        let (title, original) = self.details.get(task_id).map_or_else(
            || (String::new(), String::new()),
            |t| {
                (
                    t.display_title().to_string(),
                    to_text(t.description.as_deref()),
                )
            },
        );
        let send = cx.keys.then_say("comment_edit.send", "sends it again");
        let again = Describe {
            task_id,
            title,
            original,
            text: TextArea::with_text(&text),
            note: Some(format!("Not saved{send}")),
        };
        if self.layers.describe().is_some() {
            self.kept_descriptions.insert(task_id, again);
        } else {
            self.layers.offer(Layer::Describe(Box::new(again)));
        }
    }

    pub(super) fn describe_char(&mut self, c: char) -> bool {
        self.layers.describe_mut().is_some_and(|d| d.text.insert(c))
    }

    pub(super) fn describe_paste(&mut self, pasted: &str) {
        if let Some(d) = self.layers.describe_mut() {
            d.text.paste(pasted);
        }
    }

    pub(super) fn describe_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(mut d) = self.layers.take_describe() else {
            return;
        };
        match action {
            Action::Cancel => {
                let id = d.task_id;
                if normalized(&d.text.text()) != normalized(&d.original) {
                    self.kept_descriptions.insert(id, d);
                }
                self.reread_after_edit(id, cx);
                return;
            }
            Action::Submit => {
                let text = d.text.text();
                self.save_description(d.task_id, &d.original, text, cx);
                return;
            }
            Action::NewLine => d.text.new_line(),
            Action::Up => {
                d.text.move_line(-1);
            }
            Action::Down => {
                d.text.move_line(1);
            }
            Action::Text(edit) => {
                d.text.edit(edit);
            }
            _ => {}
        }
        // Still open: back on top, where it was.
        self.layers.push(Layer::Describe(Box::new(d)));
    }
}

//! The dialogs of comments: the box a comment is written in (several lines, the cursor kept
//! in view), the thread as a tree (`I`), a comment opened from it, and the question before
//! deleting.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::app::App;
use crate::keys::commands::Context;
use crate::layout::centered;
use crate::tasks::comments::CommentDialog;
use crate::text::quoted;
use crate::ui::dialogs::render_confirm;
use crate::ui::theme::Theme;
use crate::widgets::text_area::TextArea;

pub(super) fn render_comment_dialog(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    dialog: &CommentDialog,
) -> Rect {
    match dialog {
        CommentDialog::Compose {
            title,
            reply_to,
            text,
            ..
        } => {
            let head = match reply_to {
                Some((_, who)) => format!("Reply to {who} on {}", quoted(title, 30)),
                None => format!("Comment on {}", quoted(title, 40)),
            };
            render_compose(app, t, frame, area, &head, text)
        }
        CommentDialog::List { task_id, cursor } => {
            render_list(app, t, frame, area, *task_id, *cursor)
        }
        CommentDialog::View { comment, .. } => {
            let who = comment
                .author_id
                .as_deref()
                .map_or("–".into(), |a| app.names.member_name(a));
            let when = comment
                .created_at
                .map(|at| crate::datetime::ago(at, app.wall, app.utc_offset))
                .unwrap_or_default();
            let body = comment.markdown.as_deref().unwrap_or("").trim_end();
            let rows = body.lines().count() as u16;
            let rect = centered(
                area,
                72,
                (rows + 3).max(5).min(area.height.saturating_sub(2)),
            );
            frame.render_widget(Clear, rect);
            let help = crate::ui::hint_line(app, &[Context::CommentView], false);
            let block = Block::default()
                .borders(Borders::ALL)
                .border_style(t.accent())
                .title(format!(" {who} · {when} "))
                .title_bottom(crate::ui::bottom_hints(&help, rect.width));
            let inner = block.inner(rect);
            frame.render_widget(block, rect);
            let lines: Vec<Line> = body.lines().map(|l| Line::raw(l.to_string())).collect();
            frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
            rect
        }
        CommentDialog::ConfirmDelete { comment, .. } => {
            let text = crate::text::one_line(comment.markdown.as_deref().unwrap_or(""));
            let replies = match app.tasks.replies_of(comment) {
                0 => String::new(),
                1 => " and its reply".into(),
                n => format!(" and its {n} replies"),
            };
            let question = format!("Delete the comment {}{replies}?", quoted(&text, 30));
            render_confirm(app, t, frame, area, &question)
        }
    }
}

pub(super) fn render_compose(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    head: &str,
    text: &TextArea,
) -> Rect {
    // Eight lines at least, where the body has them (a short body less messages may not).
    let room = area.height.saturating_sub(2).max(3);
    let h = (text.lines().len() as u16 + 2).max(8).min(room);
    let rect = centered(area, 80, h);
    frame.render_widget(Clear, rect);
    let help = crate::ui::hint_line(app, &[Context::CommentEdit], true);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(format!(" {head} "))
        .title_bottom(crate::ui::bottom_hints(&help, rect.width));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if inner.height == 0 || inner.width == 0 {
        return rect;
    }
    crate::ui::dialogs::render_text_area(
        t,
        frame,
        inner,
        text,
        "Write here; Enter starts a new line, Markdown is kept as typed",
        true,
    );
    rect
}

/// The thread as a tree: one line a comment, replies indented under what they answer, the
/// cursor's line kept in view.
fn render_list(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    task_id: i64,
    cursor: usize,
) -> Rect {
    let thread = app
        .tasks
        .comments
        .thread
        .as_ref()
        .filter(|th| th.task_id == task_id);
    let tree = thread.map(|th| th.tree()).unwrap_or_default();
    let h = (tree.len() as u16 + 2).clamp(5, area.height.saturating_sub(2).max(3));
    let rect = centered(area, 80, h);
    frame.render_widget(Clear, rect);
    let help = crate::ui::hint_line(app, &[Context::CommentList, Context::List], false);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(format!(" Comments ({}) ", tree.len()))
        .title_bottom(crate::ui::bottom_hints(&help, rect.width));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let rows = usize::from(inner.height);
    if rows == 0 {
        return rect;
    }
    let top = cursor.saturating_sub(rows - 1);
    let w = usize::from(inner.width);
    let lines: Vec<Line> = tree
        .iter()
        .enumerate()
        .skip(top)
        .take(rows)
        .map(|(i, (depth, c))| {
            let pad = "  ".repeat((*depth).min(4));
            let arrow = if *depth > 0 { "↳ " } else { "" };
            let who = c
                .author_id
                .as_deref()
                .map_or("–".into(), |a| app.names.member_name(a));
            let head = format!(" {pad}{arrow}{}: ", crate::text::one_line(&who));
            let text = crate::text::one_line(c.markdown.as_deref().unwrap_or(""));
            let room = w.saturating_sub(crate::text::width(&head));
            let line = Line::from(vec![
                Span::styled(crate::text::truncate(&head, w), t.bold()),
                Span::raw(crate::text::truncate(&text, room)),
            ]);
            if i == cursor {
                line.style(t.selected())
            } else {
                line
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
    rect
}

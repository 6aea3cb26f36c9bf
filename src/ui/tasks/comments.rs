//! The dialogs of comments: the box a comment is written in (several lines, the cursor kept
//! in view), the picker of `C`, a comment opened from it, and the question before deleting.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::app::App;
use crate::app::commands::Context;
use crate::layout::centered;
use crate::tasks::comments::CommentDialog;
use crate::text::quoted;
use crate::ui::dialogs::{render_confirm, render_picker};
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
        CommentDialog::Pick { picker, .. } => render_picker(t, frame, area, picker),
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
            let question = format!("Delete the comment {} and its replies?", quoted(&text, 30));
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

//! The detail pane of the cursor task: every field, the description as text, subtasks, time,
//! custom fields and attachments.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use time::Date;
use weeek_api::models::Task;

use crate::app::App;
use crate::app::names::Names;
use crate::datetime::{due_relative, relative_day};
use crate::text::one_line;
use crate::ui::theme::Theme;

fn fmt_datetime(t: Option<time::OffsetDateTime>, app: &App) -> String {
    crate::datetime::local(t, app.utc_offset, app.today)
}

fn minutes(m: i64) -> String {
    match (m / 60, m % 60) {
        (0, m) => format!("{m}m"),
        (h, 0) => format!("{h}h"),
        (h, m) => format!("{h}h {m}m"),
    }
}

fn size_label(bytes: i64) -> String {
    let b = bytes as f64;
    if b >= 1024.0 * 1024.0 {
        format!("{:.1} MB", b / 1024.0 / 1024.0)
    } else if b >= 1024.0 {
        format!("{:.0} KB", b / 1024.0)
    } else {
        format!("{bytes} B")
    }
}

/// Text of a custom-field value: option names for selects, names for members.
fn custom_value(field: &weeek_api::models::CustomFieldValue, names: &Names) -> String {
    use serde_json::Value;
    let option_name = |id: &str| {
        field
            .options
            .iter()
            .find(|o| o.id == id)
            .and_then(|o| o.name.clone())
            .unwrap_or_else(|| id.to_string())
    };
    let one = |v: &Value| -> String {
        match v {
            Value::String(s) if field.options.iter().any(|o| o.id == *s) => option_name(s),
            Value::String(s) if names.member(s).is_some() => names.member_name(s),
            Value::String(s) => s.clone(),
            Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
            Value::Null => "–".into(),
            Value::Object(o) => o
                .get("name")
                .or_else(|| o.get("title"))
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| v.to_string()),
            other => other.to_string(),
        }
    };
    match &field.value {
        Value::Array(items) if items.is_empty() => "–".into(),
        Value::Array(items) => items.iter().map(one).collect::<Vec<_>>().join(", "),
        v => one(v),
    }
}

fn detail_lines<'a>(task: &'a Task, app: &'a App, t: &Theme, w: usize) -> Vec<Line<'a>> {
    let names = &app.names;
    let key = |k: &str| Span::styled(format!("{k:<12}"), t.dim());
    let mut lines = vec![
        Line::styled(one_line(task.display_title()), t.bold()),
        Line::raw(""),
    ];
    let mut kv = |k: &str, v: String| lines.push(Line::from(vec![key(k), Span::raw(v)]));
    let status = match (task.is_deleted, task.is_completed) {
        (true, _) => "deleted".to_string(),
        (false, true) => format!("done {}", fmt_datetime(task.completed_at, app)),
        _ => "open".to_string(),
    };
    kv("Status", status);
    kv(
        "Priority",
        task.priority
            .map_or("none".to_string(), |p| p.label().to_string()),
    );
    kv(
        "Type",
        task.r#type
            .as_ref()
            .map_or("–".into(), |t| t.as_str().to_string()),
    );
    for (i, loc) in task.all_locations().iter().enumerate() {
        let label = if i == 0 { "Project" } else { "Also in" };
        kv(label, names.project_name(loc.project_id));
        if let Some(b) = loc.board_id {
            kv("Board", names.board_name(b));
        }
        if let Some(c) = loc.board_column_id {
            kv("Column", names.column_name(c));
        }
    }
    let people: Vec<String> = task
        .all_assignees()
        .iter()
        .map(|a| names.member_name(a))
        .collect();
    kv(
        "Assignees",
        if people.is_empty() {
            "–".into()
        } else {
            people.join(", ")
        },
    );
    kv(
        "Author",
        task.author_id
            .as_deref()
            .map_or("–".into(), |a| names.member_name(a)),
    );
    let today = app.today;
    let day = |d: Option<Date>, due: bool| {
        d.map_or("–".to_string(), |d| {
            let rel = if due {
                due_relative(d, today, task.is_completed)
            } else {
                relative_day(d, today)
            };
            format!("{} ({rel})", weeek_api::dates::to_filter_date(d))
        })
    };
    kv("Start", day(task.start_day(), false));
    kv("Due", day(task.due_day(), true));
    if let Some(d) = task.duration {
        kv("Duration", minutes(d));
    }
    if !task.tags.is_empty() {
        let mut spans = vec![key("Tags")];
        for id in &task.tags {
            match names.tag(*id) {
                Some(tag) => spans.push(Span::styled(
                    format!("#{} ", tag.title),
                    t.swatch(tag.color.as_deref()),
                )),
                None => spans.push(Span::raw(format!("#{id} "))),
            }
        }
        lines.push(Line::from(spans));
    }
    let mut kv = |k: &str, v: String| lines.push(Line::from(vec![key(k), Span::raw(v)]));
    kv("Created", fmt_datetime(task.created_at, app));
    kv("Updated", fmt_datetime(task.updated_at, app));

    let description = task
        .description
        .as_deref()
        .map(|h| crate::html::to_text(h, w.saturating_sub(2)))
        .unwrap_or_default();
    if !description.trim().is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Description", t.accent()));
        lines.extend(description.lines().map(|l| Line::raw(l.to_string())));
    }
    if !task.sub_tasks.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!("Subtasks ({})", task.sub_tasks.len()),
            t.accent(),
        ));
        for id in &task.sub_tasks {
            let title = app
                .tasks
                .list
                .rows
                .iter()
                .find(|r| r.id == *id)
                .map(|r| {
                    let mark = if r.is_completed { "[x]" } else { "[ ]" };
                    format!("{mark} {}", one_line(r.display_title()))
                })
                .or_else(|| app.tasks.subtask_titles.get(id).cloned())
                .unwrap_or_else(|| format!("#{id}"));
            lines.push(Line::raw(format!("  {title}")));
        }
    }
    if !task.time_entries.is_empty() {
        let total: i64 = task.time_entries.iter().filter_map(|e| e.duration).sum();
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!("Time ({})", minutes(total)),
            t.accent(),
        ));
        for e in &task.time_entries {
            let who = e
                .user_id
                .as_deref()
                .map_or("–".into(), |u| names.member_name(u));
            let date = e
                .date
                .map(weeek_api::dates::to_filter_date)
                .unwrap_or_default();
            let mut line = format!("  {date}  {:>7}  {who}", minutes(e.duration.unwrap_or(0)));
            if e.is_overtime {
                line.push_str("  overtime");
            }
            if let Some(c) = e.comment.as_deref().filter(|c| !c.is_empty()) {
                line.push_str(&format!("  — {}", one_line(c)));
            }
            lines.push(Line::raw(line));
        }
    }
    if !task.custom_fields.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Custom fields", t.accent()));
        for f in &task.custom_fields {
            let name = f.name.clone().unwrap_or_else(|| "(unnamed)".into());
            lines.push(Line::from(vec![
                Span::styled(format!("  {}: ", one_line(&name)), t.dim()),
                Span::raw(one_line(&custom_value(f, names))),
            ]));
        }
    }
    if !task.attachments.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!("Attachments ({})", task.attachments.len()),
            t.accent(),
        ));
        for a in &task.attachments {
            let name = a.name.clone().unwrap_or_else(|| "(no name)".into());
            let size = a.size.map(size_label).unwrap_or_default();
            lines.push(Line::raw(format!("  {}  {size}", one_line(&name))));
        }
    }
    lines
}

pub(super) fn render_detail(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let s = &app.tasks;
    let title = s
        .current()
        .map(|task| {
            if task.id > 0 {
                format!(" Task #{} ", task.id)
            } else {
                " New task ".to_string()
            }
        })
        .unwrap_or_else(|| " Task ".into());
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.dim())
        .title(title)
        .title_bottom(format!(
            " {} ",
            crate::ui::say_all(
                app,
                &[
                    ("tasks.detail", "closes"),
                    ("tasks.detail_down/tasks.detail_up", "scroll")
                ]
            )
        ));
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let Some(task) = s.current() else {
        frame.render_widget(
            Paragraph::new(Span::styled("No task selected", t.dim())),
            inner,
        );
        return;
    };
    let lines = detail_lines(task, app, t, usize::from(inner.width));
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let scroll = s.detail_scroll.min(scroll_max(&text, inner));
    frame.render_widget(text.scroll((scroll, 0)), inner);
}

/// How far `text` drawn in `inner` can scroll: until its last line is at the bottom.
fn scroll_max(text: &Paragraph, inner: Rect) -> u16 {
    let lines = text.line_count(inner.width);
    u16::try_from(lines)
        .unwrap_or(u16::MAX)
        .saturating_sub(inner.height)
}

/// How far the detail pane of the cursor task can scroll at the terminal's size now.
pub fn detail_scroll_max(app: &App) -> u16 {
    let body = crate::layout::frame(app.viewport.area).body;
    let Some(area) = crate::layout::tasks::areas(body, app.tasks.detail).detail else {
        return 0;
    };
    let Some(task) = app.tasks.current() else {
        return 0;
    };
    let inner = crate::layout::inside_border(area);
    let lines = detail_lines(task, app, &Theme::default(), usize::from(inner.width));
    scroll_max(&Paragraph::new(lines).wrap(Wrap { trim: false }), inner)
}

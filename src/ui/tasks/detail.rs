//! The detail pane of the cursor task: every field, the description as text, subtasks, time,
//! custom fields and attachments.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use time::Date;
use weeek_api::models::{Task, TaskRow};

use crate::tasks::details::Whole;

use crate::app::App;
use crate::datetime::{due_relative, relative_day};
use crate::duration;
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

/// Text of a custom-field value: option names for selects, names for members.
fn custom_value(field: &weeek_api::models::CustomFieldValue, app: &App) -> String {
    let names = &app.names;
    let is_contact = field.r#type.as_deref() == Some("contact");
    let is_moment = field.r#type.as_deref() == Some("datetime");
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
            // A contact is named from the contacts the app has read (else its short id).
            Value::String(s) if is_contact => crate::ui::organizations::contact_name(app, s),
            Value::String(s) if is_moment => crate::moment::value_text(s, app.utc_offset),
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

fn detail_lines<'a>(task: &'a TaskRow, app: &'a App, t: &Theme, w: usize) -> Vec<Line<'a>> {
    let names = &app.names;
    let key = |k: &str| Span::styled(format!("{k:<12}"), t.dim());
    let mut lines = Vec::new();
    // A subtask opened from the task list's cursor task says where it was opened from.
    if let Some(from) = opened_from(app) {
        let back = crate::ui::then_say(app, "subtasks.back", "back");
        lines.push(Line::styled(
            format!("Subtask of {}{back}", crate::text::quoted(&from, 40)),
            t.dim(),
        ));
    }
    lines.push(Line::styled(one_line(task.display_title()), t.bold()));
    lines.push(Line::raw(""));
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

    // The list holds slim rows: what only the whole task has is read when the pane opens.
    let whole = match app.tasks.details.whole(task.id) {
        _ if task.id <= 0 => None,
        Whole::Read(whole) => Some(whole),
        Whole::Reading => {
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                format!(
                    "{} reading the description, time and fields…",
                    crate::ui::spinner_frame(app)
                ),
                t.dim(),
            ));
            None
        }
        Whole::Failed(why) => {
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                format!("Could not read the whole task: {why} · r reads it again"),
                t.error(),
            ));
            None
        }
    };
    if let Some(watching) = whole.filter(|w| !w.subscribers.is_empty()) {
        let who: Vec<String> = watching
            .subscribers
            .iter()
            .map(|m| names.member_name(m))
            .collect();
        lines.push(Line::from(vec![
            Span::styled(format!("{:<12}", "Watchers"), t.dim()),
            Span::raw(one_line(&who.join(", "))),
        ]));
    }
    let description = whole
        .and_then(|w| w.description.as_deref())
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
        let cursor = app.tasks.layers.sub().and_then(|s| s.cursor);
        for (i, id) in task.sub_tasks.iter().enumerate() {
            let title = app
                .tasks
                .row_of(*id)
                .map(|r| {
                    let mark = if r.is_completed { "[x]" } else { "[ ]" };
                    format!("{mark} {}", one_line(r.display_title()))
                })
                .unwrap_or_else(|| format!("#{id}"));
            if cursor == Some(i) {
                lines.push(Line::styled(format!("› {title}"), t.cursor_row()));
            } else {
                lines.push(Line::raw(format!("  {title}")));
            }
        }
    }
    if let Some(whole) = whole {
        time_lines(whole, app, t, &mut lines);
    }
    comment_lines(task.id, app, t, w, &mut lines);
    if let Some(whole) = whole {
        let cursor = app.tasks.layers.field_cursor().filter(|_| app.tasks.detail);
        whole_lines(whole, app, t, w, cursor, &mut lines);
    }
    lines
}

/// Custom fields and attachments, which only the whole task has.
/// `cursor`: the custom field under the pane's cursor, while the fields have the keys.
fn whole_lines<'a>(
    task: &'a Task,
    app: &App,
    t: &Theme,
    w: usize,
    cursor: Option<usize>,
    lines: &mut Vec<Line<'a>>,
) {
    if !task.custom_fields.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Custom fields", t.accent()));
        for (i, f) in task.custom_fields.iter().enumerate() {
            let name = f.name.clone().unwrap_or_else(|| "(unnamed)".into());
            let value = one_line(&custom_value(f, app));
            if cursor == Some(i) {
                lines.push(Line::styled(
                    format!("› {}: {value}", one_line(&name)),
                    t.cursor_row(),
                ));
            } else {
                // A long value wraps under itself, not under the field's name.
                let label = format!("  {}: ", one_line(&name));
                let indent = crate::ui::width(&label).min(w / 2);
                let mut parts = crate::text::wrap(&value, w.saturating_sub(indent), usize::MAX);
                if parts.is_empty() {
                    parts.push(String::new());
                }
                for (n, part) in parts.into_iter().enumerate() {
                    let head = if n == 0 {
                        Span::styled(label.clone(), t.dim())
                    } else {
                        Span::raw(" ".repeat(indent))
                    };
                    lines.push(Line::from(vec![head, Span::raw(part)]));
                }
            }
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
            let size = a.size.map(crate::text::size_label).unwrap_or_default();
            lines.push(Line::raw(format!("  {}  {size}", one_line(&name))));
        }
    }
}

/// Logged time: the total, each person's, then the entries newest day first; and the timers
/// running on the task.
fn time_lines<'a>(task: &'a Task, app: &'a App, t: &Theme, lines: &mut Vec<Line<'a>>) {
    let names = &app.names;
    if task.time_entries.is_empty() && task.timers.is_empty() {
        return;
    }
    let total: i64 = task.time_entries.iter().filter_map(|e| e.duration).sum();
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!("Time logged  {}", duration::format_i64(Some(total))),
        t.accent(),
    ));
    for timer in &task.timers {
        let who = timer
            .user_id
            .as_deref()
            .map_or("–".into(), |u| names.member_name(u));
        let since = timer
            .started_at
            .map(|at| {
                let ran = crate::tasks::timer::elapsed(at, app.wall);
                format!(" for {}", crate::tasks::timer::clock_text(ran))
            })
            .unwrap_or_default();
        lines.push(Line::styled(
            format!("  ▶ {who}: timer running{since}"),
            t.fg(ratatui::style::Color::Green),
        ));
    }
    // Each person's total, largest first.
    let mut people: Vec<(String, i64)> = Vec::new();
    for e in &task.time_entries {
        let who = e
            .user_id
            .as_deref()
            .map_or("–".into(), |u| names.member_name(u));
        match people.iter_mut().find(|(w, _)| *w == who) {
            Some((_, m)) => *m += e.duration.unwrap_or(0),
            None => people.push((who, e.duration.unwrap_or(0))),
        }
    }
    people.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    if people.len() > 1 || !task.timers.is_empty() {
        for (who, m) in &people {
            lines.push(Line::from(vec![
                Span::styled(
                    format!("  {:>6}  ", duration::format_i64(Some(*m))),
                    t.bold(),
                ),
                Span::raw(one_line(who)),
            ]));
        }
    }
    let mut entries: Vec<&weeek_api::models::TimeEntry> = task.time_entries.iter().collect();
    entries.sort_by_key(|e| std::cmp::Reverse(e.date));
    for e in entries {
        let who = e
            .user_id
            .as_deref()
            .map_or("–".into(), |u| names.member_name(u));
        let date = e
            .date
            .map(weeek_api::dates::to_filter_date)
            .unwrap_or_default();
        let mut line = format!("  {date}  {:>5}  {who}", duration::format_i64(e.duration));
        if e.is_overtime {
            line.push_str("  overtime");
        }
        if let Some(c) = e.comment.as_deref().filter(|c| !c.is_empty()) {
            line.push_str(&format!("  — {}", one_line(c)));
        }
        let style = if e.id.is_empty() || crate::tasks::time_log::is_temp(&e.id) {
            t.dim()
        } else {
            ratatui::style::Style::default()
        };
        lines.push(Line::styled(line, style));
    }
}

/// The thread, oldest first so the newest is last; a reply sits under what it answers.
fn comment_lines<'a>(task_id: i64, app: &'a App, t: &Theme, w: usize, lines: &mut Vec<Line<'a>>) {
    use crate::tasks::comments::ThreadStatus;
    let Some(thread) = app
        .tasks
        .comments
        .thread
        .as_ref()
        .filter(|th| th.task_id == task_id)
    else {
        return;
    };
    lines.push(Line::raw(""));
    let n = thread.rows.len();
    let head = match &thread.status {
        ThreadStatus::Loading if n == 0 => {
            format!("Comments {} loading…", crate::ui::spinner_frame(app))
        }
        ThreadStatus::Loading => format!("Comments ({n}, reading more…)"),
        ThreadStatus::Failed(e) if n == 0 => format!("Comments could not be read: {e}"),
        ThreadStatus::Failed(e) => format!("Comments ({n}; the rest could not be read: {e})"),
        ThreadStatus::Loaded if thread.has_more => format!("Comments (the first {n})"),
        ThreadStatus::Loaded => format!("Comments ({n})"),
    };
    let style = if matches!(thread.status, ThreadStatus::Failed(_)) {
        t.error()
    } else {
        t.accent()
    };
    lines.push(Line::styled(head, style));
    if n == 0 && thread.status == ThreadStatus::Loaded {
        lines.push(Line::styled(
            format!(
                "  none yet{}",
                crate::ui::then_say(app, "tasks.comment", "writes one")
            ),
            t.dim(),
        ));
    }
    for (depth, c) in thread.tree() {
        let depth = depth.min(3);
        let pad = "  ".repeat(depth);
        let who = c
            .author_id
            .as_deref()
            .map_or("–".into(), |a| app.names.member_name(a));
        let when = c
            .created_at
            .map(|at| crate::datetime::ago(at, app.wall, app.utc_offset))
            .unwrap_or_default();
        let arrow = if depth > 0 { "↳ " } else { "" };
        lines.push(Line::from(vec![
            Span::raw(pad.clone()),
            Span::styled(format!("{arrow}{}", one_line(&who)), t.bold()),
            Span::styled(format!(" · {when}"), t.dim()),
        ]));
        let body = c.markdown.as_deref().unwrap_or("").trim_end();
        // Wrapped here, so each line keeps the indent of its comment.
        let cols = w.saturating_sub(pad.len() + 2).max(10);
        for l in body.lines() {
            let parts = crate::text::wrap(l, cols, usize::MAX);
            if parts.is_empty() {
                // A blank line between paragraphs stays.
                lines.push(Line::raw(""));
            }
            for part in parts {
                lines.push(Line::raw(format!("{pad}  {part}")));
            }
        }
    }
}

/// The title of the task the pane's subtask was opened from, when one is open.
fn opened_from(app: &App) -> Option<String> {
    let s = &app.tasks;
    let opened = s
        .layers
        .sub()
        .map(|p| p.opened.as_slice())
        .unwrap_or_default();
    let n = opened.len();
    if n == 0 {
        return None;
    }
    let from = match n {
        1 => s.current().map(|t| t.id),
        _ => Some(opened[n - 2].0),
    }?;
    Some(
        s.row_of(from)
            .map(|t| t.display_title().to_string())
            .unwrap_or_else(|| format!("#{from}")),
    )
}

/// The line of the subtask under the pane's cursor, counted in `lines` as drawn `width` wide.
fn cursor_row(lines: &[Line], width: u16) -> Option<u16> {
    let at = lines
        .iter()
        .position(|l| l.spans.first().is_some_and(|s| s.content.starts_with("› ")))?;
    let before = Paragraph::new(lines[..at].to_vec()).wrap(Wrap { trim: false });
    u16::try_from(before.line_count(width)).ok()
}

pub(super) fn render_detail(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let s = &app.tasks;
    let shown = s.pane_row();
    let title = shown
        .as_ref()
        .or(s.current())
        .map(|task| {
            if task.id > 0 {
                format!(" Task #{} ", task.id)
            } else {
                " New task ".to_string()
            }
        })
        .unwrap_or_else(|| " Task ".into());
    let hints = if s.layers.field_cursor().is_some() {
        crate::ui::say_all(
            app,
            &[
                ("custom_fields.edit", "edits"),
                ("custom_fields.back", "back"),
            ],
        )
    } else if s.layers.sub().is_some() {
        crate::ui::say_all(
            app,
            &[
                ("subtasks.tick", "ticks"),
                ("subtasks.open", "opens"),
                ("subtasks.back", "back"),
            ],
        )
    } else {
        crate::ui::say_all(
            app,
            &[
                ("tasks.detail", "closes"),
                (
                    if s.layers.board().is_some() {
                        // J and K order the cards on a board.
                        "board.detail_down/board.detail_up"
                    } else {
                        "tasks.detail_down/tasks.detail_up"
                    },
                    "scroll",
                ),
                ("tasks.comment", "comment"),
                ("tasks.log_time", "log time"),
                ("tasks.subtasks", "subtasks"),
                ("tasks.custom_fields", "fields"),
            ],
        )
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.dim())
        .title(title)
        .title_bottom(crate::ui::bottom_hints(&hints, area.width));
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let Some(task) = shown else {
        let text = if s.current().is_some() {
            "Reading the subtask…"
        } else {
            "No task selected"
        };
        frame.render_widget(Paragraph::new(Span::styled(text, t.dim())), inner);
        return;
    };
    let lines = detail_lines(&task, app, t, usize::from(inner.width));
    let at = cursor_row(&lines, inner.width);
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let mut scroll = s.detail_scroll.min(scroll_max(&text, inner));
    // The subtask under the pane's cursor stays in view.
    if let Some(at) = at {
        let h = inner.height.max(1);
        scroll = scroll.clamp(at.saturating_sub(h - 1), at);
    }
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
    let body = crate::layout::frame_with(app.viewport.area, app.viewport.messages).body;
    let Some(area) = crate::layout::tasks::areas(body, app.tasks.detail_open()).detail else {
        return 0;
    };
    let Some(task) = app.tasks.pane_row() else {
        return 0;
    };
    let inner = crate::layout::inside_border(area);
    let lines = detail_lines(&task, app, &Theme::default(), usize::from(inner.width));
    scroll_max(&Paragraph::new(lines).wrap(Wrap { trim: false }), inner)
}

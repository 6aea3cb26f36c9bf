//! The task screen: the filter line, the list (only visible rows are built), its loading /
//! empty / error looks, the detail pane, and the screen's popups.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use time::Date;
use weeek_api::models::Task;

use super::layout;
use super::popup::{render_confirm, render_field, render_picker, render_prompt, render_waiting};
use super::theme::Theme;
use crate::app::App;
use crate::app::directory::Directory;
use crate::tasks::panel::{self, FilterPanel};
use crate::tasks::popup::{Feedback, PickPurpose, Popup, PromptPurpose};
use crate::tasks::{PageStatus, TasksState};
use crate::text::{fit, one_line, truncate, width};

pub fn render(app: &App, frame: &mut Frame, body: Rect) {
    let s = &app.tasks;
    let areas = layout::tasks(body, s.detail);
    render_filter_line(app, frame, areas.filter_line);
    if areas.list.height > 0 {
        render_list(app, frame, areas.list);
    }
    if let Some(d) = areas.detail {
        render_detail(app, frame, d);
    }
    if let Some(p) = &s.panel {
        render_panel(app, frame, body, p);
    }
    if let Some(p) = &s.popup {
        render_popup(app, frame, body, p);
    }
}

fn render_filter_line(app: &App, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let s = &app.tasks;
    let mut spans = vec![Span::styled(s.filters.headline(&app.dir), t.accent())];
    for (_, chip) in s.filters.chips(&app.dir) {
        spans.push(Span::styled(" · ", t.dim()));
        spans.push(Span::raw(chip));
    }
    if let Some(sort) = s.sort {
        spans.push(Span::styled(" · ", t.dim()));
        let arrow = if sort.descending { "↓" } else { "↑" };
        spans.push(Span::raw(format!("sort: {}{arrow}", sort.key.as_str())));
    }
    let count = match &s.status {
        PageStatus::Loading { more: false } if s.loaded_once => {
            format!("{} reloading…", super::spinner_frame(app))
        }
        PageStatus::Failed { more: false, .. } if s.loaded_once => {
            "reload failed · r retries".into()
        }
        _ if !s.loaded_once => String::new(),
        _ if s.has_more => format!("{} loaded, more below", s.rows.len()),
        _ => count_label(s.rows.len()),
    };
    let count_style = if matches!(s.status, PageStatus::Failed { .. }) {
        t.error()
    } else {
        t.dim()
    };
    let line = super::title_line(spans, Span::styled(count, count_style), area.width);
    frame.render_widget(Paragraph::new(line), area);
}

/// Column widths for a list `w` columns wide; optional columns drop out as it narrows.
struct Columns {
    title: usize,
    place: usize,
    people: usize,
    due: usize,
    tags: usize,
}

const MARK_W: usize = 2;
const DONE_W: usize = 4;
const PRIO_W: usize = 7;

fn columns(w: usize) -> Columns {
    let due = 12;
    let place = match w {
        150.. => 32,
        90.. => 24,
        _ => 0,
    };
    let people = if w >= 112 { 18 } else { 0 };
    let tags = if w >= 136 { 18 } else { 0 };
    let fixed = MARK_W + DONE_W + PRIO_W + due + place + people + tags;
    Columns {
        title: w.saturating_sub(fixed).max(8),
        place,
        people,
        due,
        tags,
    }
}

/// "today", "tomorrow", "in 3d", "2d overdue", or the date when far away.
pub fn due_label(due: Date, today: Date) -> (String, bool) {
    let days = (due - today).whole_days();
    match days {
        0 => ("today".into(), false),
        1 => ("tomorrow".into(), false),
        2..=14 => (format!("in {days}d"), false),
        -60..=-1 => (format!("{}d overdue", -days), true),
        _ if due.year() == today.year() => (
            format!("{:02}.{:02}", due.day(), due.month() as u8),
            days < 0,
        ),
        _ => (weeek_api::dates::to_filter_date(due), days < 0),
    }
}

/// "Project › Column" in `w` columns: a long project name gives way so the column shows.
/// A day relative to today without judging it: a start date is never "overdue".
fn relative_day(d: Date, today: Date) -> String {
    match (d - today).whole_days() {
        0 => "today".into(),
        1 => "tomorrow".into(),
        -1 => "yesterday".into(),
        n if n > 0 => format!("in {n}d"),
        n => format!("{}d ago", -n),
    }
}

fn place_label(task: &Task, dir: &Directory, w: usize) -> String {
    let locs = task.all_locations();
    let Some(first) = locs.first() else {
        return String::new();
    };
    let more = if locs.len() > 1 {
        format!(" +{}", locs.len() - 1)
    } else {
        String::new()
    };
    let project = one_line(&dir.project_name(first.project_id));
    let Some(c) = first.board_column_id else {
        return truncate(&format!("{project}{more}"), w);
    };
    let column = one_line(&dir.column_name(c));
    let room = w.saturating_sub(width(&more) + 3);
    let column_w = width(&column)
        .min(room / 2)
        .max(room.saturating_sub(width(&project)));
    let project_w = room.saturating_sub(column_w);
    format!(
        "{} › {}{more}",
        truncate(&project, project_w),
        truncate(&column, column_w)
    )
}

fn people_label(task: &Task, dir: &Directory) -> String {
    let a = task.all_assignees();
    match a.as_slice() {
        [] => String::new(),
        [one] => dir.member_name(one),
        [first, rest @ ..] => format!("{} +{}", dir.member_name(first), rest.len()),
    }
}

fn task_row<'a>(
    task: &'a Task,
    s: &TasksState,
    app: &'a App,
    cols: &Columns,
    cursor: bool,
) -> Line<'a> {
    let t = &app.theme;
    let marked = s.marks.contains(&task.id);
    let done_style = if task.is_completed {
        t.dim()
    } else {
        Style::new()
    };
    let mut spans = vec![
        Span::styled(if marked { "● " } else { "  " }, t.accent()),
        Span::raw(if task.is_completed { "[x] " } else { "[ ] " }),
    ];
    spans.push(match task.priority {
        Some(p) => Span::styled(fit(p.label(), PRIO_W), t.priority(p)),
        None => Span::styled(fit("–", PRIO_W), t.dim()),
    });
    let mut title = one_line(task.display_title());
    if task.id < 0 {
        title = format!("{title} (saving…)");
    }
    spans.push(Span::styled(
        fit(&title, cols.title.saturating_sub(1)) + " ",
        done_style,
    ));
    if cols.place > 0 {
        spans.push(Span::styled(
            fit(&place_label(task, &app.dir, cols.place - 1), cols.place - 1) + " ",
            t.dim(),
        ));
    }
    if cols.people > 0 {
        spans.push(Span::raw(
            fit(&people_label(task, &app.dir), cols.people - 1) + " ",
        ));
    }
    let (due, overdue) = task
        .due_day()
        .map(|d| due_label(d, app_today(app)))
        .unwrap_or_default();
    let due_style = if overdue && !task.is_completed {
        t.error()
    } else if due == "today" && !task.is_completed {
        t.accent()
    } else {
        Style::new()
    };
    spans.push(Span::styled(fit(&due, cols.due - 1) + " ", due_style));
    if cols.tags > 0 {
        let mut used = 0;
        for id in &task.tags {
            let Some(tag) = app.dir.tag(*id) else {
                continue;
            };
            let label = format!("#{} ", one_line(&tag.title));
            let w = width(&label);
            if used + w > cols.tags {
                break;
            }
            used += w;
            spans.push(Span::styled(label, t.swatch(tag.color.as_deref())));
        }
    }
    let line = Line::from(spans);
    if cursor {
        line.style(t.cursor_row())
    } else {
        line
    }
}

/// Today as the app knows it: the date of the last message (rendering reads no clock).
fn app_today(app: &App) -> Date {
    app.today
}

fn header_row(t: &Theme, cols: &Columns) -> Line<'static> {
    let mut s = format!(
        "{}{}{}",
        " ".repeat(MARK_W),
        fit("✓", DONE_W),
        fit("Prio", PRIO_W)
    );
    s.push_str(&fit("Title", cols.title));
    if cols.place > 0 {
        s.push_str(&fit("Project › Column", cols.place));
    }
    if cols.people > 0 {
        s.push_str(&fit("Assignees", cols.people));
    }
    s.push_str(&fit("Due", cols.due));
    if cols.tags > 0 {
        s.push_str("Tags");
    }
    Line::styled(
        s,
        t.dim().add_modifier(ratatui::style::Modifier::UNDERLINED),
    )
}

fn render_list(app: &App, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let s = &app.tasks;
    let cols = columns(usize::from(area.width));
    frame.render_widget(
        Paragraph::new(header_row(t, &cols)),
        Rect::new(area.x, area.y, area.width, 1),
    );
    let body = Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height.saturating_sub(1),
    );
    if body.height == 0 {
        return;
    }
    if s.rows.is_empty() {
        render_list_state(app, frame, body);
        return;
    }
    let h = usize::from(body.height);
    let start = s.scroll.min(s.rows.len().saturating_sub(1));
    let end = (start + h).min(s.rows.len());
    let mut lines: Vec<Line> = s.rows[start..end]
        .iter()
        .enumerate()
        .map(|(i, task)| task_row(task, s, app, &cols, start + i == s.cursor))
        .collect();
    if lines.len() < h {
        match &s.status {
            PageStatus::Loading { more: true } => lines.push(Line::styled(
                format!("  {} loading more…", super::spinner_frame(app)),
                t.dim(),
            )),
            PageStatus::Failed { error, more: true } => lines.push(Line::styled(
                format!("  could not load more: {} · r retries", error.short()),
                t.error(),
            )),
            _ if s.has_more => lines.push(Line::styled("  more below…", t.dim())),
            _ => {}
        }
    }
    frame.render_widget(Paragraph::new(lines), body);
}

fn render_list_state(app: &App, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let s = &app.tasks;
    let mut lines: Vec<Line> = vec![Line::raw("")];
    match &s.status {
        PageStatus::Failed { error, .. } => {
            lines.push(Line::styled("  Could not load the tasks.", t.error()));
            lines.push(Line::raw(format!("  {error}")));
            lines.push(Line::raw(""));
            lines.push(Line::styled("  r to retry", t.accent()));
        }
        _ if !s.loaded_once => {
            let what = if app.dir.me().is_none() {
                "Connecting and loading your profile…"
            } else {
                "Loading tasks…"
            };
            if let Some(e) = app.dir.user.error() {
                lines.push(Line::styled("  Could not load your profile.", t.error()));
                lines.push(Line::raw(format!("  {e}")));
                lines.push(Line::raw(""));
                lines.push(Line::styled("  r to retry", t.accent()));
            } else {
                lines.push(Line::styled(
                    format!("  {} {what}", super::spinner_frame(app)),
                    t.accent(),
                ));
            }
        }
        PageStatus::Loading { .. } => {
            lines.push(Line::styled(
                format!("  {} Loading tasks…", super::spinner_frame(app)),
                t.accent(),
            ));
        }
        _ => {
            lines.push(Line::styled("  No tasks match this view.", t.bold()));
            lines.push(Line::raw(format!(
                "  Showing: {}",
                s.filters.headline(&app.dir)
            )));
            let chips = s.filters.chips(&app.dir);
            if !chips.is_empty() {
                lines.push(Line::raw(""));
                lines.push(Line::raw("  Filters on:"));
                for (_, c) in chips {
                    lines.push(Line::raw(format!("    {c}")));
                }
                lines.push(Line::raw(""));
                lines.push(Line::styled(
                    "  Esc takes off the newest filter · f edits them",
                    t.accent(),
                ));
            } else {
                lines.push(Line::raw(""));
                lines.push(Line::styled(
                    "  A shows everyone's tasks · f filters · n creates a task",
                    t.accent(),
                ));
            }
        }
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

fn fmt_datetime(t: Option<time::OffsetDateTime>, app: &App) -> String {
    crate::datetime::local(t, app.utc_offset)
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
fn custom_value(field: &weeek_api::models::TaskCustomField, dir: &Directory) -> String {
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
            Value::String(s) if dir.member(s).is_some() => dir.member_name(s),
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

fn detail_lines<'a>(task: &'a Task, app: &'a App, w: usize) -> Vec<Line<'a>> {
    let t = &app.theme;
    let dir = &app.dir;
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
        kv(label, dir.project_name(loc.project_id));
        if let Some(b) = loc.board_id {
            kv("Board", dir.board_name(b));
        }
        if let Some(c) = loc.board_column_id {
            kv("Column", dir.column_name(c));
        }
    }
    let people: Vec<String> = task
        .all_assignees()
        .iter()
        .map(|a| dir.member_name(a))
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
            .map_or("–".into(), |a| dir.member_name(a)),
    );
    let today = app.today;
    let day = |d: Option<Date>, due: bool| {
        d.map_or("–".to_string(), |d| {
            let rel = if due {
                due_label(d, today).0
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
            match dir.tag(*id) {
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
                .map_or("–".into(), |u| dir.member_name(u));
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
                Span::raw(one_line(&custom_value(f, dir))),
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

fn render_detail(app: &App, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
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
        .title_bottom(" Enter/p closes · J/K scroll ");
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
    let lines = detail_lines(task, app, usize::from(inner.width));
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((s.detail_scroll, 0)),
        inner,
    );
}

fn render_panel(app: &App, frame: &mut Frame, area: Rect, p: &FilterPanel) {
    let t = &app.theme;
    let rows = panel::ROWS.len() as u16;
    let rect = super::centered(area, 76, rows + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Filters ")
        .title_bottom(" j/k row · Enter edit · Backspace clear · Esc close ");
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let f = &app.tasks.filters;
    for (i, kind) in panel::ROWS.iter().enumerate() {
        let y = inner.y + i as u16;
        if y >= inner.y + inner.height {
            break;
        }
        let row = Rect::new(inner.x, y, inner.width, 1);
        let label = format!(" {:<10}", panel::row_label(*kind));
        let selected = i == p.row;
        let label_style = if selected { t.selected() } else { t.dim() };
        frame.render_widget(
            Paragraph::new(Span::styled(label.clone(), label_style)),
            row,
        );
        let value_area = Rect::new(row.x + 12, row.y, row.width.saturating_sub(12), 1);
        if p.editing.kind == Some(*kind) {
            let hint_w = value_area.width / 2;
            let input = Rect::new(value_area.x, value_area.y, value_area.width - hint_w, 1);
            render_field(frame, input, &p.editing.field, true);
            let (text, style) = match &p.editing.parsed {
                Some(Ok(r)) => (format!("→ {}", r.describe()), t.success()),
                Some(Err(e)) => (format!("✗ {e}"), t.error()),
                None if *kind == crate::tasks::filters::FilterKind::Dates => {
                    ("today, +7d, next week, 01.12..15.12".into(), t.dim())
                }
                None => ("searches as you type".into(), t.dim()),
            };
            frame.render_widget(
                Paragraph::new(Span::styled(truncate(&text, usize::from(hint_w)), style)),
                Rect::new(input.x + input.width, row.y, hint_w, 1),
            );
            continue;
        }
        let value = if f.is_set(*kind)
            || matches!(
                kind,
                crate::tasks::filters::FilterKind::Assignee
                    | crate::tasks::filters::FilterKind::Completion
            ) {
            let chip = f.chip(*kind, &app.dir);
            chip.split_once(": ")
                .map(|(_, v)| v.to_string())
                .unwrap_or(chip)
        } else {
            "any".to_string()
        };
        let style = if f.is_set(*kind) { t.bold() } else { t.dim() };
        frame.render_widget(
            Paragraph::new(Span::styled(
                truncate(&value, usize::from(value_area.width)),
                style,
            )),
            value_area,
        );
    }
    if let Some(Err(e)) = &p.editing.parsed {
        tracing::trace!(error = %e, "date entry");
    }
}

fn render_popup(app: &App, frame: &mut Frame, area: Rect, popup: &Popup) {
    match popup {
        Popup::Pick {
            picker: Some(p), ..
        } => render_picker(app, frame, area, p),
        Popup::Pick {
            purpose,
            picker: None,
        } => {
            let what = match purpose {
                PickPurpose::Move { .. } => "columns",
                PickPurpose::Assign { .. } => "members",
                _ => "choices",
            };
            render_waiting(app, frame, area, what);
        }
        Popup::Prompt {
            purpose,
            field,
            feedback,
        } => {
            let (title, help) = match purpose {
                PromptPurpose::Due { targets } => (
                    format!("Due date for {}", count_label(targets.len())),
                    "Enter sets · empty clears · Esc cancels",
                ),
                PromptPurpose::Rename { .. } => ("Rename".to_string(), "Enter saves · Esc cancels"),
                PromptPurpose::New => {
                    let (p, c) = app.tasks.new_task_place();
                    let place = match (p, c) {
                        (Some(p), Some(c)) => {
                            format!("{} › {}", app.dir.project_name(p), app.dir.column_name(c))
                        }
                        (Some(p), None) => app.dir.project_name(p),
                        _ => "no project".to_string(),
                    };
                    (
                        format!("New task in {place}"),
                        "Enter creates · Esc cancels",
                    )
                }
            };
            let fb = match feedback {
                Feedback::None => None,
                Feedback::Ok(s) => Some((true, s.as_str())),
                Feedback::Err(s) => Some((false, s.as_str())),
            };
            render_prompt(app, frame, area, &title, field, fb, help);
        }
        Popup::ConfirmDelete { ids } => {
            let what = if ids.len() == 1 {
                app.tasks
                    .rows
                    .iter()
                    .find(|t| t.id == ids[0])
                    .map(|t| crate::text::quoted(t.display_title(), 40))
                    .unwrap_or_else(|| "1 task".into())
            } else {
                format!("{} tasks", ids.len())
            };
            render_confirm(app, frame, area, &format!("Delete {what}?"));
        }
    }
}

fn count_label(n: usize) -> String {
    if n == 1 {
        "1 task".into()
    } else {
        format!("{n} tasks")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn due_dates_read_relative_to_today() {
        let today = date!(2026 - 11 - 21);
        assert_eq!(due_label(today, today), ("today".into(), false));
        assert_eq!(
            due_label(date!(2026 - 11 - 24), today),
            ("in 3d".into(), false)
        );
        assert_eq!(
            due_label(date!(2026 - 11 - 19), today),
            ("2d overdue".into(), true)
        );
        assert_eq!(due_label(date!(2026 - 12 - 25), today).0, "25.12");
        assert_eq!(due_label(date!(2027 - 02 - 01), today).0, "01.02.2027");
    }
}

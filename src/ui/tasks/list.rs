//! The task table: columns that give way as the terminal narrows, one line per visible task,
//! and what shows instead of rows (loading, empty, error).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use time::Date;
use weeek_api::models::TaskRow;

use crate::app::App;
use crate::datetime::due_label;
use crate::screen::names::Names;
use crate::screen::{Hits, Target};
use crate::tasks::{PageStatus, TasksState};
use crate::text::{fit, one_line, truncate, width};
use crate::ui::theme::Theme;

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
    let title = w.saturating_sub(fixed).max(8);
    // Past a comfortable title, width goes to the columns that are cut first: the place
    // (project › column), then the assignees; the title takes what they do not need.
    let surplus = title.saturating_sub(TITLE_ENOUGH);
    let more_place = if place > 0 { (surplus / 2).min(24) } else { 0 };
    let more_people = if people > 0 {
        (surplus - more_place).min(14)
    } else {
        0
    };
    Columns {
        title: title - more_place - more_people,
        place: place + more_place,
        people: people + more_people,
        due,
        tags,
    }
}

/// Title columns past which a wider terminal widens the other columns instead.
const TITLE_ENOUGH: usize = 60;

/// "Project › Column" in `w` columns: a long project name gives way so the column shows.
fn place_label(task: &TaskRow, names: &Names, w: usize) -> String {
    let locs = task.all_locations();
    let Some(first) = locs.first() else {
        return String::new();
    };
    let more = if locs.len() > 1 {
        format!(" +{}", locs.len() - 1)
    } else {
        String::new()
    };
    let project = one_line(&names.project_name(first.project_id));
    let Some(c) = first.board_column_id else {
        return truncate(&format!("{project}{more}"), w);
    };
    let column = one_line(&names.column_name(c));
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

/// "Анна Смирнова +2" in `w` columns; the count of the others is never cut.
fn people_label(task: &TaskRow, names: &Names, w: usize) -> String {
    let a: Vec<String> = task
        .all_assignees()
        .iter()
        .map(|id| names.member_name(id))
        .collect();
    crate::text::first_and_more(&a, w)
}

fn task_row<'a>(
    task: &'a TaskRow,
    s: &TasksState,
    app: &'a App,
    t: &Theme,
    cols: &Columns,
    cursor: bool,
) -> Line<'a> {
    let marked = s.marks.contains(&task.id);
    let done_style = if task.is_completed {
        t.dim()
    } else {
        Style::new()
    };
    // Room for every column and a few tags: the spans are not moved as they are added.
    let mut spans = Vec::with_capacity(12);
    spans.push(Span::styled(if marked { "● " } else { "  " }, t.accent()));
    spans.push(Span::raw(if task.is_completed { "[x] " } else { "[ ] " }));
    spans.push(match task.priority {
        Some(p) => Span::styled(fit(p.label(), PRIO_W), t.priority(p)),
        None => Span::styled(fit("–", PRIO_W), t.dim()),
    });
    let title = one_line(task.display_title());
    let note = s
        .unconfirmed(task.id)
        .or_else(|| app.offline.mark(&crate::outbox::task_ref(task.id)));
    let title_w = cols.title.saturating_sub(1);
    let title = match note {
        Some(note) => crate::text::fit_with_note(&title, &format!("({note})"), title_w),
        None => fit(&title, title_w),
    };
    spans.push(Span::styled(title + " ", done_style));
    if cols.place > 0 {
        spans.push(Span::styled(
            fit(
                &place_label(task, &app.names, cols.place - 1),
                cols.place - 1,
            ) + " ",
            t.dim(),
        ));
    }
    if cols.people > 0 {
        spans.push(Span::raw(
            fit(
                &people_label(task, &app.names, cols.people - 1),
                cols.people - 1,
            ) + " ",
        ));
    }
    let (due, overdue) = task
        .due_day()
        .map(|d| due_label(d, app_today(app), task.is_completed))
        .unwrap_or_default();
    let due_style = if overdue {
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
            let Some(tag) = app.names.tag(*id) else {
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

pub(super) fn render_list(app: &App, t: &Theme, frame: &mut Frame, area: Rect, hits: &mut Hits) {
    let s = &app.tasks;
    let cols = columns(usize::from(area.width));
    frame.render_widget(
        crate::ui::plain::Plain::new(header_row(t, &cols)),
        Rect::new(area.x, area.y, area.width, 1),
    );
    let body = crate::layout::tasks::table_rows(area);
    if body.height == 0 {
        return;
    }
    if s.list.rows.is_empty() {
        render_list_state(app, t, frame, body);
        return;
    }
    let h = usize::from(body.height);
    let start = s.scroll.min(s.list.rows.len().saturating_sub(1));
    let end = (start + h).min(s.list.rows.len());
    let mut lines: Vec<Line> = s.list.rows[start..end]
        .iter()
        .enumerate()
        .map(|(i, task)| task_row(task, s, app, t, &cols, start + i == s.cursor))
        .collect();
    for (i, y) in (start..end).zip(body.y..) {
        hits.add(Rect::new(body.x, y, body.width, 1), Target::Task(i));
    }
    if lines.len() < h {
        match &s.list.status {
            PageStatus::Loading { more: true } if s.to_end || s.mark_rest => {
                lines.push(Line::styled(
                    format!(
                        "  {} loading {} of …{}",
                        crate::ui::spinner_frame(app),
                        crate::amounts::number(s.list.rows.len() as f64),
                        crate::ui::then_say(app, "tasks.back", "stops")
                    ),
                    t.dim(),
                ))
            }
            PageStatus::Loading { more: true } => lines.push(Line::styled(
                format!("  {} loading more…", crate::ui::spinner_frame(app)),
                t.dim(),
            )),
            PageStatus::Failed { error, more: true } => lines.push(Line::styled(
                format!(
                    "  could not load more: {}{}",
                    error.short(),
                    crate::ui::then_say(app, "global.refresh", "retries")
                ),
                t.error(),
            )),
            _ if s.list.has_more => lines.push(Line::styled("  more below…", t.dim())),
            _ => {}
        }
    }
    frame.render_widget(crate::ui::plain::Plain::new(lines), body);
}

fn render_list_state(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let s = &app.tasks;
    let mut lines: Vec<Line> = vec![Line::raw("")];
    match &s.list.status {
        PageStatus::Failed { error, .. } => {
            lines.push(Line::styled("  Could not load the tasks.", t.error()));
            lines.push(Line::raw(format!("  {error}")));
            lines.push(Line::raw(""));
            lines.push(Line::styled("  r to retry", t.accent()));
        }
        _ if !s.list.loaded_once => {
            let what = if app.names.me().is_none() {
                "Connecting and loading your profile…"
            } else {
                "Loading tasks…"
            };
            if let Some(e) = app.names.user.error() {
                lines.push(Line::styled("  Could not load your profile.", t.error()));
                let why = match e {
                    weeek_api::ApiError::Unauthorized { .. } => app.error_text(e),
                    other => other.to_string(),
                };
                lines.push(Line::raw(format!("  {why}")));
                lines.push(Line::raw(""));
                lines.push(Line::styled("  r to retry", t.accent()));
            } else {
                lines.push(Line::styled(
                    format!("  {} {what}", crate::ui::spinner_frame(app)),
                    t.accent(),
                ));
            }
        }
        PageStatus::Loading { .. } => {
            lines.push(Line::styled(
                format!("  {} Loading tasks…", crate::ui::spinner_frame(app)),
                t.accent(),
            ));
        }
        _ => {
            lines.push(Line::styled("  No tasks match this view.", t.bold()));
            lines.push(Line::raw(format!(
                "  Showing: {}",
                s.filters.headline(&app.names)
            )));
            let chips = s.filters.chips(&app.names);
            if !chips.is_empty() {
                lines.push(Line::raw(""));
                lines.push(Line::raw("  Filters on:"));
                for (_, c) in chips {
                    lines.push(Line::raw(format!("    {c}")));
                }
                lines.push(Line::raw(""));
                lines.push(Line::styled(
                    format!(
                        "  {}",
                        crate::ui::say_all(
                            app,
                            &[
                                ("tasks.back", "takes off the newest filter"),
                                ("tasks.filter", "edits them")
                            ]
                        )
                    ),
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

//! The header line: the app's name, the screens' tabs and the keys between them, my running
//! timer, the workspace and who is connected, where the data on screen comes from (live,
//! cached, offline), and what is on its way.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};

use super::{plain, spinner_frame};
use crate::app::App;
use crate::keys::commands::{self, Context};
use crate::screen::Screen;
use crate::text::{truncate, width};
use crate::ui::theme::Theme;

pub(super) fn render_header(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let mut spans = vec![Span::styled(" weeek ", t.accent())];
    // Each tab names the key that reaches it, then the keys that step through them: the
    // same on every screen, since digits set priorities and never switch screens.
    let focus = app.screen_focus();
    let chain = if focus.chain.contains(&Context::Global) {
        focus.chain
    } else {
        vec![Context::Global]
    };
    let reachable = app.keymap.available(&chain, focus.typing);
    let key_of = |action: commands::Action| {
        reachable
            .iter()
            .find(|r| r.command.action == action)
            .and_then(|r| r.keys.first())
            .map(|k| k.label())
    };
    let tabs: Vec<(Screen, String)> = Screen::ALL
        .into_iter()
        .map(|s| {
            let action = match s {
                Screen::Tasks => commands::Action::ScreenTasks,
                Screen::Funnels => commands::Action::ScreenFunnels,
                Screen::Contacts => commands::Action::ScreenContacts,
                Screen::Projects => commands::Action::ScreenProjects,
            };
            let key = key_of(action).map(|k| format!("{k} ")).unwrap_or_default();
            (s, key)
        })
        .collect();
    // The key to the next screen; the one back is in help, and room is short here.
    let step = key_of(commands::Action::NextScreen)
        .map(|k| format!(" {k} ⇥ "))
        .unwrap_or_default();
    // On a narrow terminal the names matter more than their keys, and the keys more than
    // the workspace's name (it is cut to what is left).
    let with_keys: usize = tabs
        .iter()
        .map(|(s, k)| width(k) + width(s.title()) + 2)
        .sum::<usize>();
    // A running timer needs its clock and a few letters of its task too.
    const TIMER: usize = 18;
    let who = 24
        + if app.timer.running.is_some() {
            TIMER
        } else {
            0
        };
    let keys_fit = with_keys + who <= usize::from(area.width);
    let step_fits = keys_fit && with_keys + width(&step) + who <= usize::from(area.width);
    for (s, key) in tabs {
        let key = if keys_fit { key.as_str() } else { "" };
        let label = format!(" {key}{} ", s.title());
        let style = if s == app.screen {
            t.selected().add_modifier(Modifier::BOLD)
        } else {
            t.dim()
        };
        spans.push(Span::styled(label, style));
    }
    if step_fits {
        spans.push(Span::styled(step, t.dim()));
    }
    let who = match (app.names.workspace.value(), app.names.me()) {
        (Some(ws), Some(me)) => format!("{} · {}", ws.title, me.display_name()),
        (Some(ws), None) => ws.title.clone(),
        (None, Some(me)) => me.display_name(),
        (None, None) => match app.names.user.error() {
            Some(e) => app.error_text(e),
            None => "connecting…".to_string(),
        },
    };
    // Which profile this is, when there are several: the workspace's own name may not say.
    let who = match app.switcher.header_label() {
        Some(profile) => format!("[{profile}] {who}"),
        None => who,
    };
    // Where the data on screen comes from: the service, or the local store's copy until the
    // service's answer replaces it.
    // A sync of the whole workspace says how far it is, in its place. Each in full, and as
    // said where room is short; the ones that stay (not "live", the usual) take the name's
    // room rather than go.
    let (source, short, stays) = match (app.sync.note(), app.data_source()) {
        (Some(sync), _) => (format!(" · {sync}"), format!(" {sync}"), true),
        (None, Some(crate::app::DataSource::Cached(read_at))) => {
            let ago = crate::text::ago(app.wall - read_at);
            (
                format!(" · cached · read {ago}"),
                format!(" cached · {ago}"),
                true,
            )
        }
        // Offline nothing on screen is live.
        (None, Some(crate::app::DataSource::Live)) if app.offline.is_offline() => {
            (String::new(), String::new(), false)
        }
        (None, Some(crate::app::DataSource::Live)) => (" · live".to_string(), String::new(), false),
        (None, None) => (String::new(), String::new(), false),
    };
    let busy = if app.requests.in_flight() > 0 {
        format!(" {} ", spinner_frame(app))
    } else {
        "   ".to_string()
    };
    // Offline (or changes made offline still on their way), that is said in its place: it
    // tells what the screen's data and the keys' changes are worth now.
    let notes = app.link_notes();
    let link = notes.first();
    // A read being tried again says so here until its answer comes.
    let retrying = app.retry_note().filter(|_| link.is_none());
    render_timer(app, t, &mut spans, usize::from(area.width));
    let left_w: usize = spans.iter().map(|s| width(&s.content)).sum();
    let room = usize::from(area.width).saturating_sub(left_w + width(&busy) + 1);
    let (source, who) = match (link, retrying) {
        // Offline (or changes made offline on their way): the longest way to say it that
        // fits takes the name's place, and where the data comes from follows where room is
        // left.
        (Some(_), _) => {
            let note = notes
                .iter()
                .find(|n| width(n) < room)
                .or(notes.last())
                .cloned()
                .unwrap_or_default();
            let left = room.saturating_sub(width(&note) + 1);
            let short = format!(" ·{short}");
            let source = if width(&source) <= left {
                source
            } else if stays && width(&short) <= left {
                short
            } else {
                String::new()
            };
            (source, note)
        }
        (None, retrying) => {
            let who = retrying.map_or(who, str::to_string);
            let needed = if stays { 8 } else { width(&who) + 1 };
            if width(&source) + needed <= room {
                (source, who)
            } else if stays && width(&short) <= room {
                (short, String::new())
            } else {
                (String::new(), who)
            }
        }
    };
    let room = room.saturating_sub(width(&source));
    let who = truncate(&format!(" {who}"), room);
    let pad = room.saturating_sub(width(&who));
    spans.push(Span::raw(" ".repeat(pad)));
    let who_style = if app.offline.is_offline() {
        t.error()
    } else if link.is_some() || retrying.is_some() {
        t.fg(Color::Yellow)
    } else if app.names.user.error().is_some() {
        t.error()
    } else {
        t.bold()
    };
    spans.push(Span::styled(who, who_style));
    if !source.is_empty() {
        let style = if stays { t.fg(Color::Yellow) } else { t.dim() };
        spans.push(Span::styled(source, style));
    }
    spans.push(Span::styled(busy, t.accent()));
    frame.render_widget(plain::Plain::new(Line::from(spans)), area);
}

/// My running timer after the tabs: its clock, then as much of the task's title as leaves
/// room for who is connected.
fn render_timer(app: &App, t: &Theme, spans: &mut Vec<Span<'static>>, cols: usize) {
    let Some(r) = &app.timer.running else {
        return;
    };
    let clock =
        crate::tasks::timer::clock_text(crate::tasks::timer::elapsed(r.started_at, app.wall));
    let used: usize = spans.iter().map(|s| width(&s.content)).sum();
    let head = format!("  ▶ {clock} ");
    let room = cols.saturating_sub(used + width(&head) + 24).min(40);
    spans.push(Span::styled(
        head,
        t.fg(Color::Green).add_modifier(Modifier::BOLD),
    ));
    if room >= 6 {
        spans.push(Span::styled(
            truncate(&crate::text::one_line(&r.title), room),
            t.fg(Color::Green),
        ));
    }
}

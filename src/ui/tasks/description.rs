//! The built-in description editor (`E` with no `$VISUAL` or `$EDITOR`): the comment box,
//! headed by the task and by why it is open again when a save did not hold.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::App;
use crate::tasks::description::Describe;
use crate::text::quoted;
use crate::ui::theme::Theme;

pub(super) fn render_describe(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    d: &Describe,
) -> Rect {
    let mut head = format!("Description of {}", quoted(&d.title, 40));
    if let Some(note) = &d.note {
        head.push_str(&format!(" · {note}"));
    }
    super::comments::render_compose(app, t, frame, area, &head, &d.text)
}

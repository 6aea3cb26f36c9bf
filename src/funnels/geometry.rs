//! Where the funnels screen puts things. `update` needs the same numbers as drawing (rows per
//! page, cards per column, which columns are on screen), so both read them from here.

use ratatui::layout::Rect;

use crate::ui::layout;

/// Narrowest useful status column: a title, an amount and two names.
pub const COLUMN_MIN_W: u16 = 30;
/// Lines of one deal card: title; amount and outcome; people and links.
pub const CARD_H: u16 = 3;
/// Status name, count and amount, and a rule.
pub const COLUMN_HEAD_H: u16 = 3;
/// The overview strip above the board on large terminals.
pub const INFO_H: u16 = 13;
/// The strip needs room for three sections side by side and still a useful board below.
const STRIP_MIN_W: u16 = 120;
const STRIP_MIN_H: u16 = 30;

pub fn body(size: (u16, u16)) -> Rect {
    layout::frame(Rect::new(0, 0, size.0, size.1)).body
}

pub struct ListAreas {
    /// Search line and counts.
    pub title: Rect,
    /// The table, header row included.
    pub table: Rect,
}

pub fn list(body: Rect) -> ListAreas {
    let title = Rect::new(body.x, body.y, body.width, body.height.min(1));
    let table = Rect::new(
        body.x,
        body.y + title.height,
        body.width,
        body.height.saturating_sub(title.height),
    );
    ListAreas { title, table }
}

/// Funnel rows that fit under the table header, at least 1.
pub fn list_rows(size: (u16, u16)) -> usize {
    usize::from(list(body(size)).table.height.saturating_sub(1)).max(1)
}

/// How the overview (fields, custom fields, status chart) is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InfoPlace {
    Hidden,
    /// A strip above the board.
    Strip,
    /// Instead of the board: small terminals have no room for both.
    Full,
}

/// `wanted`: `None` follows the terminal's size; `Some` is the user's choice (`i`). A strip
/// that no longer fits (after a resize) gives way to the board.
pub fn info_place(body: Rect, wanted: Option<InfoPlace>) -> InfoPlace {
    let fits = body.width >= STRIP_MIN_W && body.height >= STRIP_MIN_H;
    match wanted {
        None if fits => InfoPlace::Strip,
        None => InfoPlace::Hidden,
        Some(InfoPlace::Strip) if !fits => InfoPlace::Hidden,
        Some(p) => p,
    }
}

/// What `i` turns to: strip, then the whole overview, then the board alone.
pub fn next_info_place(body: Rect, now: InfoPlace) -> InfoPlace {
    let fits = body.width >= STRIP_MIN_W && body.height >= STRIP_MIN_H;
    match now {
        InfoPlace::Strip => InfoPlace::Full,
        InfoPlace::Full => InfoPlace::Hidden,
        InfoPlace::Hidden if fits => InfoPlace::Strip,
        InfoPlace::Hidden => InfoPlace::Full,
    }
}

pub struct DetailAreas {
    /// One line: the funnel's name and totals.
    pub summary: Rect,
    pub info: Option<Rect>,
    pub place: InfoPlace,
    /// Zero-height when the overview takes the whole body.
    pub board: Rect,
}

pub fn detail(body: Rect, wanted: Option<InfoPlace>) -> DetailAreas {
    let summary = Rect::new(body.x, body.y, body.width, body.height.min(1));
    let rest = Rect::new(
        body.x,
        body.y + summary.height,
        body.width,
        body.height.saturating_sub(summary.height),
    );
    let place = info_place(body, wanted);
    let (info, board) = match place {
        InfoPlace::Hidden => (None, rest),
        InfoPlace::Full => (Some(rest), Rect::new(rest.x, rest.y, rest.width, 0)),
        InfoPlace::Strip => {
            let h = INFO_H.min(rest.height);
            (
                Some(Rect::new(rest.x, rest.y, rest.width, h)),
                Rect::new(rest.x, rest.y + h, rest.width, rest.height - h),
            )
        }
    };
    DetailAreas {
        summary,
        info,
        place,
        board,
    }
}

/// How many status columns fit side by side (at least one).
pub fn visible_columns(board_width: u16, statuses: usize) -> usize {
    usize::from((board_width / COLUMN_MIN_W).max(1)).min(statuses.max(1))
}

/// One status at a time: the board then switches with `[` / `]` (or `h` / `l`).
pub fn is_narrow(board_width: u16) -> bool {
    board_width / COLUMN_MIN_W <= 1
}

/// The rectangles of `count` columns across `board`, sharing the width evenly.
pub fn column_rects(board: Rect, count: usize) -> Vec<Rect> {
    if count == 0 {
        return Vec::new();
    }
    let n = count as u16;
    let base = board.width / n;
    let extra = board.width % n;
    let mut x = board.x;
    (0..n)
        .map(|i| {
            let w = base + u16::from(i < extra);
            let r = Rect::new(x, board.y, w, board.height);
            x += w;
            r
        })
        .collect()
}

/// Deal cards that fit in one column, at least 1.
pub fn cards_per_column(size: (u16, u16), wanted: Option<InfoPlace>) -> usize {
    let board = detail(body(size), wanted).board;
    usize::from(board.height.saturating_sub(COLUMN_HEAD_H) / CARD_H).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overview_sits_above_the_board_only_when_both_fit() {
        let wide = body((160, 45));
        assert_eq!(info_place(wide, None), InfoPlace::Strip);
        assert_eq!(info_place(wide, Some(InfoPlace::Hidden)), InfoPlace::Hidden);
        assert_eq!(next_info_place(wide, InfoPlace::Strip), InfoPlace::Full);
        assert_eq!(next_info_place(wide, InfoPlace::Hidden), InfoPlace::Strip);
        let small = body((80, 24));
        assert_eq!(info_place(small, None), InfoPlace::Hidden);
        assert_eq!(info_place(small, Some(InfoPlace::Strip)), InfoPlace::Hidden);
        assert_eq!(next_info_place(small, InfoPlace::Hidden), InfoPlace::Full);
    }

    #[test]
    fn columns_share_the_width_and_narrow_boards_show_one() {
        assert!(is_narrow(50));
        assert!(!is_narrow(80));
        assert_eq!(visible_columns(160, 5), 5);
        assert_eq!(visible_columns(80, 5), 2);
        assert_eq!(visible_columns(160, 2), 2);
        let rects = column_rects(Rect::new(0, 0, 100, 10), 3);
        assert_eq!(rects.iter().map(|r| r.width).sum::<u16>(), 100);
        assert_eq!(rects[2].x + rects[2].width, 100);
    }
}

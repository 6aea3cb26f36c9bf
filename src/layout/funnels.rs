//! The funnels screen: the funnel list, and one funnel as a summary line, an overview (a strip
//! above the board, or the whole body) and the board of status columns with deal cards.

use ratatui::layout::Rect;

use super::{centered, inside_border};

/// Narrowest useful status column: a title, an amount and two names.
const COLUMN_MIN_W: u16 = 30;
/// Lines of one deal card: title; amount and outcome; people and links.
const CARD_H: u16 = 3;
/// Status name, count and amount, and a rule.
const COLUMN_HEAD_H: u16 = 3;
/// The overview strip above the board on large terminals.
const INFO_H: u16 = 13;
/// The strip needs room for three sections side by side and still a useful board below.
const STRIP_MIN_W: u16 = 120;
const STRIP_MIN_H: u16 = 30;
/// The deal popup is at most this wide.
const DEAL_W: u16 = 96;

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

/// The funnel rows of the table: all of it but its header line.
pub fn table_rows(table: Rect) -> Rect {
    Rect::new(
        table.x,
        table.y.saturating_add(1).min(table.bottom()),
        table.width,
        table.height.saturating_sub(1),
    )
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

fn strip_fits(body: Rect) -> bool {
    body.width >= STRIP_MIN_W && body.height >= STRIP_MIN_H
}

/// `wanted`: `None` follows the terminal's size; `Some` is the user's choice (`i`). A strip
/// that no longer fits (after a resize) gives way to the board.
pub fn info_place(body: Rect, wanted: Option<InfoPlace>) -> InfoPlace {
    resolve(strip_fits(body), wanted)
}

fn resolve(fits: bool, wanted: Option<InfoPlace>) -> InfoPlace {
    match wanted {
        None if fits => InfoPlace::Strip,
        None => InfoPlace::Hidden,
        Some(InfoPlace::Strip) if !fits => InfoPlace::Hidden,
        Some(p) => p,
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

/// A column's cards: all of it under its head.
pub fn column_cards(column: Rect) -> Rect {
    let head = COLUMN_HEAD_H.min(column.height);
    Rect::new(
        column.x,
        column.y + head,
        column.width,
        column.height - head,
    )
}

/// Deal cards that fit in a column's card area, at least 1.
pub fn cards_in(cards: Rect) -> usize {
    usize::from(cards.height / CARD_H).max(1)
}

/// The `n`th card shown in a column's card area, cut to it.
pub fn card(cards: Rect, n: usize) -> Rect {
    let top = u32::from(cards.y) + n as u32 * u32::from(CARD_H);
    let y = top.min(u32::from(cards.bottom())) as u16;
    let h = CARD_H.min(cards.bottom() - y);
    Rect::new(cards.x, y, cards.width, h)
}

/// The deal popup over the board.
pub fn deal_popup(body: Rect) -> Rect {
    centered(body, DEAL_W.min(body.width.saturating_sub(2)), body.height)
}

/// What the funnels screen's state needs of the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FunnelsView {
    /// Funnel rows of the list, at least 1.
    pub list_rows: usize,
    strip_fits: bool,
    board_alone: Rect,
    board_under_strip: Rect,
    /// Zero lines high: the overview has the body.
    board_under_overview: Rect,
    /// Lines of the whole-body overview: one page of its scrolling.
    pub overview_lines: u16,
    /// Lines inside the deal popup: one page of its scrolling.
    pub deal_lines: u16,
}

impl FunnelsView {
    pub fn new(body: Rect) -> Self {
        let overview = detail(body, Some(InfoPlace::Full)).info.unwrap_or_default();
        Self {
            list_rows: usize::from(table_rows(list(body).table).height).max(1),
            strip_fits: strip_fits(body),
            board_alone: detail(body, Some(InfoPlace::Hidden)).board,
            board_under_strip: detail(body, Some(InfoPlace::Strip)).board,
            board_under_overview: detail(body, Some(InfoPlace::Full)).board,
            overview_lines: inside_border(overview).height.max(1),
            deal_lines: inside_border(deal_popup(body)).height.max(1),
        }
    }

    /// Where the overview is drawn for the user's choice `wanted`.
    pub fn info_place(&self, wanted: Option<InfoPlace>) -> InfoPlace {
        resolve(self.strip_fits, wanted)
    }

    /// What `i` turns to: strip, then the whole overview, then the board alone.
    pub fn next_info_place(&self, now: InfoPlace) -> InfoPlace {
        match now {
            InfoPlace::Strip => InfoPlace::Full,
            InfoPlace::Full => InfoPlace::Hidden,
            InfoPlace::Hidden if self.strip_fits => InfoPlace::Strip,
            InfoPlace::Hidden => InfoPlace::Full,
        }
    }

    fn board(&self, wanted: Option<InfoPlace>) -> Rect {
        match self.info_place(wanted) {
            InfoPlace::Hidden => self.board_alone,
            InfoPlace::Strip => self.board_under_strip,
            InfoPlace::Full => self.board_under_overview,
        }
    }

    /// Deal cards that fit in one column, at least 1.
    pub fn cards(&self, wanted: Option<InfoPlace>) -> usize {
        cards_in(column_cards(self.board(wanted)))
    }

    /// How many of `statuses` columns are on screen side by side.
    pub fn columns_on_screen(&self, wanted: Option<InfoPlace>, statuses: usize) -> usize {
        visible_columns(self.board(wanted).width, statuses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::frame;

    fn body(w: u16, h: u16) -> Rect {
        frame(Rect::new(0, 0, w, h)).body
    }

    #[test]
    fn overview_sits_above_the_board_only_when_both_fit() {
        let wide = FunnelsView::new(body(160, 45));
        assert_eq!(wide.info_place(None), InfoPlace::Strip);
        assert_eq!(wide.info_place(Some(InfoPlace::Hidden)), InfoPlace::Hidden);
        assert_eq!(wide.next_info_place(InfoPlace::Strip), InfoPlace::Full);
        assert_eq!(wide.next_info_place(InfoPlace::Hidden), InfoPlace::Strip);
        let small = FunnelsView::new(body(80, 24));
        assert_eq!(small.info_place(None), InfoPlace::Hidden);
        assert_eq!(small.info_place(Some(InfoPlace::Strip)), InfoPlace::Hidden);
        assert_eq!(small.next_info_place(InfoPlace::Hidden), InfoPlace::Full);
        assert_eq!(info_place(body(160, 45), None), InfoPlace::Strip);
        assert_eq!(info_place(body(80, 24), None), InfoPlace::Hidden);
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

    #[test]
    fn cards_fill_the_column_under_its_head() {
        // 80x24: a body of 22 lines, the summary line, the column head: 18 lines, 6 cards.
        let v = FunnelsView::new(body(80, 24));
        assert_eq!(v.cards(None), 6);
        assert_eq!(v.columns_on_screen(None, 5), 2);
        assert_eq!(
            v.cards(Some(InfoPlace::Full)),
            1,
            "no board: still one card"
        );
        // 160x45: a body of 43 lines; the strip takes 13 of them.
        let v = FunnelsView::new(body(160, 45));
        assert_eq!(v.cards(None), (43 - 1 - 13 - 3) / 3);
        assert_eq!(v.cards(Some(InfoPlace::Hidden)), (43 - 1 - 3) / 3);
        let cards = column_cards(Rect::new(0, 2, 30, 10));
        assert_eq!(card(cards, 0), Rect::new(0, 5, 30, 3));
        assert_eq!(card(cards, 2), Rect::new(0, 11, 30, 1), "cut at the bottom");
        assert_eq!(card(cards, 9).height, 0);
    }

    #[test]
    fn a_page_of_the_overview_or_the_deal_is_what_shows() {
        let v = FunnelsView::new(body(80, 24));
        // The overview: the body less the summary line and its border.
        assert_eq!(v.overview_lines, 22 - 1 - 2);
        // The deal popup: the body less its border.
        assert_eq!(v.deal_lines, 22 - 2);
        assert_eq!(
            v.list_rows,
            22 - 2,
            "less the search line and the table header"
        );
    }
}

//! The board's keys: the cursor across columns and down cards, `Esc` backing out (the pages
//! on their way, the detail, then the board), the columns' and cards' moves, clicks; the task
//! list's verbs pass through to act on the card under the cursor.

use super::list_only;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::jump::Jump;
use crate::screen::toast::ToastKind;
use crate::tasks::TasksState;
use crate::widgets::scroll;

impl TasksState {
    /// A key while a board shows: `Some` when the board took it, `None` for the task list's
    /// verbs, which then act on the card under the cursor.
    pub(in crate::tasks) fn board_action(
        &mut self,
        action: Action,
        cx: &mut ScreenCtx,
    ) -> Option<bool> {
        self.layers.board()?;
        self.board_fit(cx);
        let b = self.layers.board_mut()?;
        let (cards, _) = b.fit;
        if let Some(col) = b.focused_mut()
            && let Some(to) = scroll::target(action, col.cursor, col.cards.rows.len(), cards)
        {
            if action == Action::Bottom {
                col.start_to_end(cards);
            } else {
                col.to_end = false;
                col.move_to(to, cards);
            }
            self.board_cursor_moved(cx);
            return Some(true);
        }
        match action {
            Action::Left | Action::Right => {
                let last = b.columns.len().saturating_sub(1);
                b.focus = match action {
                    Action::Left => b.focus.saturating_sub(1),
                    _ => (b.focus + 1).min(last),
                };
                self.board_cursor_moved(cx);
            }
            Action::Back => {
                if b.columns.iter().any(|c| c.to_end) {
                    // The page on its way still lands; no other is asked for.
                    b.columns.iter_mut().for_each(|c| c.to_end = false);
                } else if self.detail && !b.is_bare() {
                    self.detail = false;
                    self.board_fit(cx);
                } else {
                    let from = b.opened_from;
                    self.close_board(cx);
                    if let Some(from) = from {
                        cx.jump(Jump::Back(from));
                    }
                }
            }
            Action::Refresh => {
                self.reload_board_columns(cx);
                self.refresh_detail(cx);
                self.refresh_comments(cx);
            }
            Action::NewColumn => self.open_new_column(),
            Action::RenameColumn => self.open_rename_column(cx),
            Action::ColumnLeft => self.move_column(-1, cx),
            Action::ColumnRight => self.move_column(1, cx),
            Action::DeleteColumn => self.open_delete_column(cx),
            Action::MoveDown => self.reorder(1, cx),
            Action::MoveUp => self.reorder(-1, cx),
            Action::MovePrev => self.move_card(-1, cx),
            Action::MoveNext => self.move_card(1, cx),
            _ if list_only(action) => {
                let back = cx.keys.then_say("board.back", "goes back to it");
                cx.toast(ToastKind::Info, format!("That is for the task list{back}"));
            }
            _ => return None,
        }
        Some(true)
    }

    /// A click on a column focuses it; on a card, puts the cursor there too.
    pub(in crate::tasks) fn board_click(
        &mut self,
        target: crate::screen::Target,
        cx: &mut ScreenCtx,
    ) -> bool {
        use crate::screen::Target;
        let Some(b) = self.layers.board_mut() else {
            return false;
        };
        let cards = b.fit.0;
        match target {
            Target::BoardColumn(ci) if ci < b.columns.len() => b.focus = ci,
            Target::BoardCard { column, card } if column < b.columns.len() => {
                b.focus = column;
                b.columns[column].move_to(card as isize, cards);
            }
            _ => return false,
        }
        self.board_cursor_moved(cx);
        true
    }
}

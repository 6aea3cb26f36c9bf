//! Cursor and scroll arithmetic shared by every list: where a movement key lands, and which
//! rows to show so the cursor stays on screen.

use crate::keys::commands::Action;

/// Where a movement action takes a cursor at `cursor` in a list of `len` items showing `page`
/// rows; `None` for actions that do not move. The result may be out of range: clamp it.
pub fn target(action: Action, cursor: usize, len: usize, page: usize) -> Option<isize> {
    let c = cursor as isize;
    let page = page.max(1) as isize;
    Some(match action {
        Action::Down => c + 1,
        Action::Up => c - 1,
        Action::Top => 0,
        Action::Bottom => len as isize - 1,
        Action::PageDown => c + page,
        Action::PageUp => c - page,
        Action::HalfDown => c + (page / 2).max(1),
        Action::HalfUp => c - (page / 2).max(1),
        _ => return None,
    })
}

/// `target` kept inside a list of `len` items (0 for an empty list).
pub fn clamp(target: isize, len: usize) -> usize {
    target.clamp(0, len.saturating_sub(1) as isize) as usize
}

/// The first row to show so that `cursor` is among `height` rows, moving `scroll` as little
/// as possible (as less and vim do), and never leaving rows empty at the bottom while rows
/// above are hidden (a window that grows shows more, not blank space).
pub fn follow(cursor: usize, scroll: usize, height: usize, len: usize) -> usize {
    let height = height.max(1);
    let scroll = if cursor < scroll {
        cursor
    } else if cursor >= scroll + height {
        cursor + 1 - height
    } else {
        scroll
    };
    scroll.min(len.saturating_sub(height))
}

/// `follow` for a list with one more line after its rows (a "loading more" or "could not
/// load more" line): with the cursor on the last row, that line is in view too.
pub fn follow_with_trailer(
    cursor: usize,
    scroll: usize,
    height: usize,
    len: usize,
    trailer: bool,
) -> usize {
    if !trailer || len == 0 {
        return follow(cursor, scroll, height, len);
    }
    let cursor = if cursor + 1 >= len { len } else { cursor };
    follow(cursor, scroll, height, len + 1).min(len - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_land_inside_and_the_view_follows() {
        assert_eq!(target(Action::PageDown, 3, 100, 10), Some(13));
        assert_eq!(target(Action::HalfUp, 3, 100, 1), Some(2));
        assert_eq!(target(Action::Open, 3, 100, 10), None);
        assert_eq!(clamp(-5, 10), 0);
        assert_eq!(clamp(50, 10), 9);
        assert_eq!(clamp(3, 0), 0);
        assert_eq!(follow(12, 0, 10, 100), 3);
        assert_eq!(follow(2, 5, 10, 100), 2);
        assert_eq!(follow(7, 5, 10, 100), 5);
        assert_eq!(
            follow(11, 9, 10, 12),
            2,
            "a taller window fills up from above"
        );
        assert_eq!(follow(0, 0, 10, 3), 0);
        assert_eq!(
            follow_with_trailer(49, 0, 36, 50, true),
            15,
            "the line after row 49"
        );
        assert_eq!(follow_with_trailer(40, 0, 36, 50, true), 5);
        assert_eq!(follow_with_trailer(49, 0, 36, 50, false), 14);
        assert_eq!(follow_with_trailer(2, 0, 36, 3, true), 0);
        assert_eq!(
            follow_with_trailer(0, 0, 1, 1, true),
            0,
            "the row wins over its trailer"
        );
    }
}

//! One column of a board of cards (a deal status, a task board column): its cards read page by
//! page, its cursor and scroll, and `G`'s walk to the last card. Each column loads and fails
//! on its own, so one slow or failing column never holds up or breaks the others; the screen
//! that owns it builds the requests.

use weeek_api::ApiError;

use crate::screen::loadable::{Arrived, Paged};
use crate::widgets::scroll;

#[derive(Debug, Clone, Default)]
pub struct CardColumn<K, T> {
    /// What the column is on the service (a status id, a board column id).
    pub key: K,
    pub cards: Paged<T>,
    pub cursor: usize,
    pub scroll: usize,
    /// `G` is loading every remaining page, to go to the last card once the last one is in.
    pub to_end: bool,
    /// Some of the cards are the local store's copy, read from the service then (the oldest
    /// such read), until the service's answer replaces them.
    pub cached: Option<time::OffsetDateTime>,
}

impl<K, T> CardColumn<K, T> {
    pub fn new(key: K) -> Self {
        Self {
            key,
            cards: Paged::default(),
            cursor: 0,
            scroll: 0,
            to_end: false,
            cached: None,
        }
    }

    pub fn current(&self) -> Option<&T> {
        self.cards.rows.get(self.cursor)
    }

    /// How many cards a reload asks for: as many as were paged in (at least `page`, at most
    /// `max`), so a refresh does not fold a long column up.
    pub fn reload_limit(&self, page: u32, max: u32) -> u32 {
        let loaded = u32::try_from(self.cards.rows.len()).unwrap_or(u32::MAX);
        loaded.clamp(page, max)
    }

    /// The offset of the next page: the cards loaded so far.
    pub fn next_offset(&self) -> u32 {
        u32::try_from(self.cards.rows.len()).unwrap_or(u32::MAX)
    }

    /// Whether the next page is wanted now: the cursor is within a screenful (`cards`) of the
    /// end.
    pub fn wants_more(&self, cards: usize) -> bool {
        self.cards.wants_more(self.cursor, cards)
    }

    /// Applies a page (the cursor follows its card on a first page; `G` follows the pages to
    /// the end). Returns what arrived, or the error for the caller to report.
    pub fn on_page<I: Eq + std::hash::Hash>(
        &mut self,
        result: Result<(Vec<T>, bool), ApiError>,
        id: impl Fn(&T) -> I,
    ) -> Result<Arrived, ApiError> {
        if result.is_ok() {
            // The service's page replaces the store's: a first page all of it, a next page its
            // own (a next page is asked for only once the first one is the service's).
            self.cached = None;
        }
        on_page(
            &mut self.cards,
            &mut self.cursor,
            &mut self.to_end,
            result,
            id,
        )
    }

    /// The store's copy of the page asked for (read from the service at `read_at`), shown
    /// while the column waits for the service's answer (see [`Paged::show_stored`]).
    pub fn show_stored<I: Eq + std::hash::Hash>(
        &mut self,
        (rows, has_more): (Vec<T>, bool),
        read_at: time::OffsetDateTime,
        id: impl Fn(&T) -> I,
    ) -> Arrived {
        self.cached = Some(self.cached.map_or(read_at, |c| c.min(read_at)));
        self.cards.show_stored(rows, has_more, &mut self.cursor, id)
    }

    /// `G`: the last card, the pages after the loaded ones to be read first (the caller asks
    /// for the next one when [`Self::wants_more`]).
    pub fn start_to_end(&mut self, cards: usize) {
        self.move_to(self.cards.rows.len() as isize - 1, cards);
        self.to_end = self.cards.has_more;
    }

    pub fn move_to(&mut self, target: isize, cards: usize) {
        move_to(
            &self.cards,
            &mut self.cursor,
            &mut self.scroll,
            target,
            cards,
        );
    }

    /// Keeps the cursor card in view (see [`fix_scroll`]).
    pub fn fix_scroll(&mut self, cards: usize) {
        self.scroll = fix_scroll(&self.cards, self.cursor, self.scroll, cards);
    }
}

// The bookkeeping itself, for columns that keep these fields under names of their own (the
// deal board's statuses).

/// Applies a page (see [`CardColumn::on_page`]).
pub fn on_page<T, I: Eq + std::hash::Hash>(
    cards: &mut Paged<T>,
    cursor: &mut usize,
    to_end: &mut bool,
    result: Result<(Vec<T>, bool), ApiError>,
    id: impl Fn(&T) -> I,
) -> Result<Arrived, ApiError> {
    let finished = cards.finish(result, cursor, id);
    if *to_end {
        match &finished {
            Ok(Arrived::Next) => *cursor = cards.rows.len().saturating_sub(1),
            // A failure stops it (the column says why and `G` tries again); so does a
            // reload.
            _ => *to_end = false,
        }
        *to_end &= cards.has_more;
    }
    finished
}

/// Puts the cursor on card `target` (clamped), keeping it in view.
pub fn move_to<T>(
    cards: &Paged<T>,
    cursor: &mut usize,
    scroll: &mut usize,
    target: isize,
    shown: usize,
) {
    if cards.rows.is_empty() {
        *cursor = 0;
        *scroll = 0;
        return;
    }
    *cursor = scroll::clamp(target, cards.rows.len());
    *scroll = fix_scroll(cards, *cursor, *scroll, shown);
}

/// The first card to show so the cursor card is in view, and the line after the last card
/// when there is one (it takes a card's place: a card is several lines).
pub fn fix_scroll<T>(cards: &Paged<T>, cursor: usize, scroll: usize, shown: usize) -> usize {
    scroll::follow_with_trailer(cursor, scroll, shown, cards.rows.len(), cards.has_trailer())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_follows_the_pages_to_the_last_card_and_a_failure_stops_it() {
        let mut c: CardColumn<i64, i64> = CardColumn::new(7);
        c.cards.start(false);
        c.on_page(Ok(((1..=5).collect(), true)), |x| *x).unwrap();
        c.start_to_end(3);
        assert!(c.to_end);
        assert_eq!(c.cursor, 4);
        assert!(c.wants_more(3));
        c.cards.start(true);
        c.on_page(Ok(((6..=8).collect(), true)), |x| *x).unwrap();
        assert_eq!(c.cursor, 7, "on the last card of the new page");
        assert!(c.to_end);
        c.cards.start(true);
        assert!(c.on_page(Err(ApiError::Timeout), |x| *x).is_err());
        assert!(!c.to_end, "a failure stops the walk");
        assert_eq!(c.reload_limit(20, 100), 20);
        assert_eq!(c.next_offset(), 8);
    }
}

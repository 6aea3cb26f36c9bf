//! The list of funnels: loading, fuzzy search by name, the cursor.

use weeek_api::models::Funnel;

use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::loadable::Loadable;
use crate::widgets::field::TextField;
use crate::widgets::scroll;

#[derive(Debug, Default)]
pub struct FunnelList {
    pub funnels: Loadable<Vec<Funnel>>,
    /// Indices into the loaded funnels that match the search, best first.
    pub visible: Vec<usize>,
    pub cursor: usize,
    pub scroll: usize,
    /// The applied search (kept after `Enter` closes the box).
    pub query: String,
    /// The funnels are the local store's copy, read from the service then, until the
    /// service's answer replaces it.
    pub cached: Option<time::OffsetDateTime>,
}

impl FunnelList {
    pub fn all(&self) -> &[Funnel] {
        self.funnels.value().map(Vec::as_slice).unwrap_or_default()
    }

    pub fn current(&self) -> Option<&Funnel> {
        self.visible
            .get(self.cursor)
            .and_then(|&i| self.all().get(i))
    }

    /// The store's copy, shown while the service's answer is on its way.
    pub fn show_stored(&mut self, funnels: Vec<Funnel>, read_at: time::OffsetDateTime) {
        let keep = self.current().map(|f| f.id.clone());
        self.funnels.show_stored(funnels);
        self.cached = Some(read_at);
        self.refilter();
        if let Some(pos) = keep.and_then(|id| self.position(&id)) {
            self.cursor = pos;
        }
    }

    pub fn on_loaded(&mut self, result: Result<Vec<Funnel>, weeek_api::ApiError>) {
        let keep = self.current().map(|f| f.id.clone());
        if result.is_ok() {
            self.cached = None;
        }
        self.funnels.finish(result);
        self.refilter();
        if let Some(pos) = keep.and_then(|id| self.position(&id)) {
            self.cursor = pos;
        }
    }

    /// The row of funnel `id` among the visible ones.
    pub fn position(&self, id: &str) -> Option<usize> {
        let all = self.all();
        self.visible.iter().position(|&i| all[i].id == id)
    }

    pub fn refilter(&mut self) {
        let all = self.all();
        let names: Vec<&str> = all
            .iter()
            .map(|f| f.name.as_deref().unwrap_or_default())
            .collect();
        self.visible = crate::fuzzy::rank(&self.query, &names);
        self.cursor = self.cursor.min(self.visible.len().saturating_sub(1));
        self.scroll = self.scroll.min(self.cursor);
    }

    pub fn move_to(&mut self, target: isize, cx: &ScreenCtx) {
        if self.visible.is_empty() {
            return;
        }
        self.cursor = scroll::clamp(target, self.visible.len());
        self.fix_scroll(cx);
    }

    pub fn fix_scroll(&mut self, cx: &ScreenCtx) {
        let rows = cx.viewport.funnels.list_rows;
        self.scroll = scroll::follow(self.cursor, self.scroll, rows, self.visible.len());
    }

    /// The search box, opened on the search as it is.
    pub fn search_box(&self) -> TextField {
        TextField::typed(self.query.clone())
    }

    /// A command of the search box `field`: keep the search, clear it, or edit its text.
    /// `None` when it is none of these (arrows then move the cursor, as in fzf); else whether
    /// the box closes.
    pub fn search_action(&mut self, field: &mut TextField, action: Action) -> Option<bool> {
        match action {
            Action::Accept => Some(true),
            Action::Clear => {
                self.query.clear();
                self.refilter();
                Some(true)
            }
            Action::Text(edit) => {
                field.edit(edit);
                let v = field.value().to_string();
                self.set_query(v);
                Some(false)
            }
            _ => None,
        }
    }

    /// A character typed into the search box `field`.
    pub fn search_char(&mut self, field: &mut TextField, c: char) -> bool {
        let changed = field.insert(c);
        let v = field.value().to_string();
        self.set_query(v);
        changed
    }

    pub fn paste(&mut self, field: &mut TextField, text: &str) -> bool {
        field.paste(text);
        let v = field.value().to_string();
        self.set_query(v);
        true
    }

    fn set_query(&mut self, q: String) {
        if q != self.query {
            self.query = q;
            self.cursor = 0;
            self.scroll = 0;
            self.refilter();
        }
    }
}

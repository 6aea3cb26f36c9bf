//! The command palette over the screens (`goto::Palette`): opened with the local store's names
//! asked of the worker, its keys, where `Enter` on a command or a name goes, and the answers it
//! waits for. A read for the palette is wanted only while the palette waits for it.

use super::{App, Overlay};
use crate::goto::open::{self, GotoAnswer, GotoKey, Opening};
use crate::goto::{Palette, PaletteOutcome, StoreNames};
use crate::keys::commands::Action;
use crate::screen::{Clock, Effect};
use crate::store::{NameKind, Named};
use crate::worker::op;

impl App {
    /// Opens the palette; the store's names are read by the worker meanwhile.
    pub(super) fn open_palette(&mut self, clock: Clock, effects: &mut Vec<Effect>) {
        let names = match &self.store_file {
            Ok(path) => {
                let store = path.clone();
                screen_cx!(self, clock, effects).request(
                    GotoKey::Names,
                    op::ReadNames { store },
                    GotoAnswer::Names,
                );
                StoreNames::Reading
            }
            Err(why) => StoreNames::Unavailable(why.clone()),
        };
        let palette = Palette::new(self.palette_commands(), names);
        self.overlay = Some(Overlay::Palette(Box::new(palette)));
    }

    /// A key of the palette; true: it changed what is drawn.
    pub(super) fn on_palette_action(
        &mut self,
        action: Action,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        let Some(Overlay::Palette(p)) = &mut self.overlay else {
            return false;
        };
        match p.act(action) {
            PaletteOutcome::Pending => {}
            PaletteOutcome::Cancelled => self.overlay = None,
            PaletteOutcome::Command(a) => {
                self.overlay = None;
                self.on_action(a, clock, effects);
            }
            PaletteOutcome::Open(named) => self.open_named(named, clock, effects),
        }
        true
    }

    /// `Enter` on a name: it opens at once, or the palette says it is being read, or why it
    /// cannot open.
    fn open_named(&mut self, named: Named, clock: Clock, effects: &mut Vec<Effect>) {
        // Another funnel's board would go under the form, and with it what the form is about.
        if named.kind == NameKind::Deal && self.funnels.layers.editor().is_some() {
            if let Some(Overlay::Palette(p)) = &mut self.overlay {
                p.refused(
                    "A deal form is open on the funnels screen: save or close it, then open \
                     the deal."
                        .into(),
                );
            }
            return;
        }
        let opening = open::open(&named, &mut screen_cx!(self, clock, effects));
        let Some(Overlay::Palette(p)) = &mut self.overlay else {
            return;
        };
        match opening {
            Opening::Go(jump) => {
                self.overlay = None;
                self.follow(self.screen, jump, clock, effects);
            }
            Opening::Reading => {
                let text = open::reading(&named);
                p.reading(named, text);
            }
            Opening::Refused(text) => p.refused(text),
        }
    }

    /// An answer to the palette: the store's names, or the thing read to be opened.
    pub(super) fn on_goto(&mut self, answer: GotoAnswer, clock: Clock, effects: &mut Vec<Effect>) {
        let Some(Overlay::Palette(p)) = &mut self.overlay else {
            return;
        };
        match answer {
            GotoAnswer::Names(result) => p.names_read(result),
            GotoAnswer::Opened(named, result) => {
                if p.opening.as_ref() != Some(&named) {
                    return;
                }
                match open::settle(&named, result) {
                    Ok(jump) => {
                        self.overlay = None;
                        self.follow(self.screen, jump, clock, effects);
                    }
                    Err(text) => p.refused(text),
                }
            }
        }
    }

    /// Reads the palette no longer waits for are dropped: all of them once it is closed, the
    /// read of a thing to open once the text or the cursor moved on.
    pub(super) fn drop_unwanted_palette_reads(&mut self, clock: Clock, effects: &mut Vec<Effect>) {
        let (names, opening) = match &self.overlay {
            Some(Overlay::Palette(p)) => (true, p.opening.is_some()),
            _ => (false, false),
        };
        let mut cx = screen_cx!(self, clock, effects);
        if !names {
            cx.cancel(GotoKey::Names);
        }
        if !opening {
            cx.cancel(GotoKey::Open);
        }
    }
}

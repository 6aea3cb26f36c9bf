//! A screen's modal state as one value: the layers open over its base view, bottom to top,
//! the top one focused (helix's compositor keeps its layers so). Keys go to the top layer,
//! and the screen's `route` says how, from one match; drawing goes bottom to top, each layer
//! over the ones beneath it. A layer that nests (a picker over a form over a board) is pushed
//! over the one it came from; one that an answer brings while a dialog is open is offered: it
//! waits beneath the dialogs open now and comes up as they close.

use super::ScreenCtx;
use crate::keys::commands::{Action, Context};

/// What a screen's layer enum says about itself.
pub trait Layer {
    /// A dialog (a picker, a prompt, a question, a form) has the keys until it closes, and a
    /// layer offered meanwhile waits beneath it. Anything else is a view that dialogs open
    /// over (a board, the filter panel, a pane with the keys).
    fn is_dialog(&self) -> bool;
}

/// The layers open on a screen, bottom to top. Empty: the screen's base view has the keys.
#[derive(Debug, Clone)]
pub struct Layers<L> {
    stack: Vec<L>,
}

impl<L> Default for Layers<L> {
    fn default() -> Self {
        Self { stack: Vec::new() }
    }
}

impl<L: Layer> Layers<L> {
    /// The focused layer.
    pub fn top(&self) -> Option<&L> {
        self.stack.last()
    }

    pub fn top_mut(&mut self) -> Option<&mut L> {
        self.stack.last_mut()
    }

    pub fn is_empty(&self) -> bool {
        self.stack.is_empty()
    }

    /// Bottom to top, the order they are drawn in.
    pub fn iter(&self) -> std::slice::Iter<'_, L> {
        self.stack.iter()
    }

    /// Opens `layer` over the others, with the keys.
    pub fn push(&mut self, layer: L) {
        self.stack.push(layer);
    }

    /// Closes the focused layer.
    pub fn pop(&mut self) -> Option<L> {
        self.stack.pop()
    }

    /// Puts `layer` in the focused one's place when `f` says the focused one is of its kind
    /// (a question in place of the picker it was asked from), else opens it over the others.
    pub fn replace_or_push(&mut self, layer: L, f: impl Fn(&L) -> bool) {
        match self.stack.last_mut() {
            Some(top) if f(top) => *top = layer,
            _ => self.stack.push(layer),
        }
    }

    /// Closes the focused layer when `f` says it is of a kind, giving it back.
    pub fn pop_if(&mut self, f: impl Fn(&L) -> bool) -> Option<L> {
        if self.stack.last().is_some_and(f) {
            self.stack.pop()
        } else {
            None
        }
    }

    /// Opens `layer` over the others, but beneath those on top that `stays_over` keeps there
    /// (a question, answered before anything else).
    pub fn push_beneath(&mut self, layer: L, stays_over: impl Fn(&L) -> bool) {
        let at = self
            .stack
            .iter()
            .rposition(|l| !stays_over(l))
            .map_or(0, |i| i + 1);
        self.stack.insert(at, layer);
    }

    /// Opens `layer` now when no dialog is open; else it waits beneath the dialogs open now
    /// (and beneath those offered before it), and comes up once they have closed.
    pub fn offer(&mut self, layer: L) {
        let at = self
            .stack
            .iter()
            .position(Layer::is_dialog)
            .unwrap_or(self.stack.len());
        self.stack.insert(at, layer);
    }

    /// Opens `layer` beneath every other (a board under the dialogs open over the list).
    pub fn put_under(&mut self, layer: L) {
        self.stack.insert(0, layer);
    }

    /// The topmost layer `f` picks something out of.
    pub fn find<'a, T>(&'a self, f: impl FnMut(&'a L) -> Option<T>) -> Option<T> {
        self.stack.iter().rev().find_map(f)
    }

    pub fn find_mut<'a, T>(&'a mut self, f: impl FnMut(&'a mut L) -> Option<T>) -> Option<T> {
        self.stack.iter_mut().rev().find_map(f)
    }

    pub fn any(&self, f: impl FnMut(&L) -> bool) -> bool {
        self.stack.iter().any(f)
    }

    /// Takes out the topmost layer `f` matches, wherever it is.
    pub fn remove(&mut self, f: impl Fn(&L) -> bool) -> Option<L> {
        let at = self.stack.iter().rposition(f)?;
        Some(self.stack.remove(at))
    }

    /// Closes every layer `f` says no to.
    pub fn retain(&mut self, f: impl FnMut(&L) -> bool) {
        self.stack.retain(f);
    }
}

/// A screen's handler of commands: true when it took the command (false leaves it to the
/// app: quit, help, the screen keys).
pub type OnAction<S> = fn(&mut S, Action, &mut ScreenCtx) -> bool;
/// A screen's handler of a typed character or of pasted text: true when it changed something.
pub type OnChar<S> = fn(&mut S, char, &mut ScreenCtx) -> bool;
pub type OnPaste<S> = fn(&mut S, &str, &mut ScreenCtx) -> bool;

/// How a screen's focused layer takes input, all from one match on its layers (the screen's
/// `route`): the contexts of its keys, whether a text field has the keyboard, and what takes
/// a command, a character and a paste. `contexts`, `keyboard_taken`, `on_action`, `on_char`
/// and `on_paste` of the screen read it, so they cannot disagree about which layer has the
/// keys.
pub struct Route<S> {
    /// Most specific first (see `ScreenState::contexts`).
    pub contexts: Vec<Context>,
    /// Keys that type go to `char`, never to commands.
    pub keyboard: bool,
    pub action: OnAction<S>,
    pub char: OnChar<S>,
    pub paste: OnPaste<S>,
}

impl<S> Route<S> {
    /// A layer of commands only: nothing types, a paste is not taken.
    pub fn keys(contexts: Vec<Context>, action: OnAction<S>) -> Self {
        Self {
            contexts,
            keyboard: false,
            action,
            char: |_, _, _| false,
            paste: |_, _, _| false,
        }
    }

    /// A layer with a text field that has the keyboard.
    pub fn typing(
        contexts: Vec<Context>,
        action: OnAction<S>,
        char: OnChar<S>,
        paste: OnPaste<S>,
    ) -> Self {
        Self {
            contexts,
            keyboard: true,
            action,
            char,
            paste,
        }
    }

    /// A dialog: every handler is its own, and the keyboard is its while its focused part
    /// takes text (its contexts hold `Text`).
    pub fn dialog(
        contexts: Vec<Context>,
        action: OnAction<S>,
        char: OnChar<S>,
        paste: OnPaste<S>,
    ) -> Self {
        Self {
            keyboard: contexts.contains(&Context::Text),
            contexts,
            action,
            char,
            paste,
        }
    }

    /// Takes pastes without the keyboard being taken (a paste on a list opens its search).
    pub fn pasting(mut self, paste: OnPaste<S>) -> Self {
        self.paste = paste;
        self
    }

    /// Keeps the keyboard (so keys type nothing and reach no command) with no field to type
    /// in: a form locked while its save is out.
    pub fn holding_keyboard(mut self) -> Self {
        self.keyboard = true;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::{Layer, Layers};

    #[derive(Debug, Clone, PartialEq)]
    enum L {
        View(u8),
        Dialog(u8),
    }

    impl Layer for L {
        fn is_dialog(&self) -> bool {
            matches!(self, L::Dialog(_))
        }
    }

    fn stack(layers: &Layers<L>) -> Vec<L> {
        layers.iter().cloned().collect()
    }

    #[test]
    fn an_offer_opens_at_once_over_views_alone() {
        let mut l = Layers::default();
        l.push(L::View(1));
        l.offer(L::Dialog(1));
        assert_eq!(l.top(), Some(&L::Dialog(1)));
    }

    #[test]
    fn offers_wait_beneath_the_dialogs_open_and_come_up_in_their_order() {
        let mut l = Layers::default();
        l.push(L::View(1));
        l.push(L::Dialog(1));
        l.offer(L::Dialog(2));
        l.offer(L::Dialog(3));
        assert_eq!(
            l.top(),
            Some(&L::Dialog(1)),
            "the open dialog keeps the keys"
        );
        l.pop();
        assert_eq!(
            l.top(),
            Some(&L::Dialog(2)),
            "the first offered comes up first"
        );
        l.pop();
        assert_eq!(l.top(), Some(&L::Dialog(3)));
        l.pop();
        assert_eq!(stack(&l), vec![L::View(1)]);
    }

    #[test]
    fn a_replace_takes_the_place_of_its_kind_only() {
        let mut l = Layers::default();
        l.push(L::View(1));
        l.replace_or_push(L::Dialog(1), |x| matches!(x, L::Dialog(_)));
        l.replace_or_push(L::Dialog(2), |x| matches!(x, L::Dialog(_)));
        assert_eq!(stack(&l), vec![L::View(1), L::Dialog(2)]);
    }

    #[test]
    fn push_beneath_leaves_what_stays_over_on_top() {
        let mut l = Layers::default();
        l.push(L::View(1));
        l.push(L::Dialog(1));
        l.push_beneath(L::View(2), |x| matches!(x, L::Dialog(_)));
        assert_eq!(stack(&l), vec![L::View(1), L::View(2), L::Dialog(1)]);
        l.push_beneath(L::View(3), |x| matches!(x, L::Dialog(_)));
        assert_eq!(l.top(), Some(&L::Dialog(1)));
    }

    #[test]
    fn remove_takes_the_topmost_match_wherever_it_is() {
        let mut l = Layers::default();
        l.push(L::Dialog(1));
        l.push(L::View(2));
        l.push(L::Dialog(3));
        assert_eq!(l.remove(|x| matches!(x, L::Dialog(_))), Some(L::Dialog(3)));
        assert_eq!(stack(&l), vec![L::Dialog(1), L::View(2)]);
    }
}

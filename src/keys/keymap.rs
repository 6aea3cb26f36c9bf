//! Keys and the keymap: the command table's keys with the config file's `[keys]` section laid
//! over them (checked once, before the terminal is touched), and how a key press finds its
//! command in the focused layer's contexts.

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::commands::{Action, COMMANDS, Command, Context};

/// A key as bound: a code and its modifiers. Shift is part of the character for letters and
/// symbols (`D`, `?`), so it is never stored with a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    pub code: KeyCode,
    pub mods: KeyModifiers,
}

impl Key {
    pub const fn ch(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            mods: KeyModifiers::NONE,
        }
    }

    pub const fn ctrl(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            mods: KeyModifiers::CONTROL,
        }
    }

    pub const fn alt(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            mods: KeyModifiers::ALT,
        }
    }

    pub const fn code(code: KeyCode) -> Key {
        Key {
            code,
            mods: KeyModifiers::NONE,
        }
    }

    pub const fn ctrl_code(code: KeyCode) -> Key {
        Key {
            code,
            mods: KeyModifiers::CONTROL,
        }
    }

    pub const fn alt_code(code: KeyCode) -> Key {
        Key {
            code,
            mods: KeyModifiers::ALT,
        }
    }

    /// The key a press stands for. Terminals disagree on whether they report Shift with a
    /// shifted character or with Shift-Tab, so it is dropped there.
    pub fn from_event(ev: &KeyEvent) -> Key {
        let mods = ev.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
        let mods = match ev.code {
            KeyCode::Char(_) | KeyCode::BackTab => mods - KeyModifiers::SHIFT,
            _ => mods,
        };
        Key {
            code: ev.code,
            mods,
        }
    }

    pub fn matches(&self, ev: &KeyEvent) -> bool {
        *self == Key::from_event(ev)
    }

    /// The character a press types into a text field, if it types one.
    pub fn typed(ev: &KeyEvent) -> Option<char> {
        match ev.code {
            KeyCode::Char(c) if Key::from_event(ev).types() => Some(c),
            _ => None,
        }
    }

    /// The character of a key pressed alone (`d`, `D`, `?`).
    pub fn plain_char(&self) -> Option<char> {
        match self.code {
            KeyCode::Char(c) if self.mods.is_empty() => Some(c),
            _ => None,
        }
    }

    /// A key that types a character into a text field: a character alone, or with Ctrl and
    /// Alt together (how AltGr arrives on some systems).
    pub fn types(&self) -> bool {
        matches!(self.code, KeyCode::Char(_))
            && (self.mods.is_empty() || self.mods == KeyModifiers::CONTROL | KeyModifiers::ALT)
    }

    /// How the key is shown on screen: short (`C-d`, `↑`, `S-Tab`).
    pub fn label(&self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::BackTab => "S-Tab".into(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::End => "End".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::Backspace => "Bksp".into(),
            KeyCode::Delete => "Del".into(),
            KeyCode::Insert => "Ins".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        let mut out = String::new();
        if self.mods.contains(KeyModifiers::CONTROL) {
            out.push_str("C-");
        }
        if self.mods.contains(KeyModifiers::ALT) {
            out.push_str("Alt-");
        }
        if self.mods.contains(KeyModifiers::SHIFT) {
            out.push_str("S-");
        }
        out + &base
    }

    /// Reads a key as the config file writes it: `c`, `D`, `?`, `ctrl-d`, `alt-1`, `enter`,
    /// `shift-tab`, `pagedown`, `f5`, `space`. Modifiers and names are case-insensitive; a
    /// single character is taken as it is.
    pub fn parse(text: &str) -> Result<Key, String> {
        let mut rest = text.trim();
        if rest.is_empty() {
            return Err("an empty key".into());
        }
        let mut mods = KeyModifiers::NONE;
        loop {
            // A lone character is the key itself, even `-`.
            if rest.chars().count() == 1 {
                break;
            }
            let Some((head, tail)) = rest.split_once('-') else {
                break;
            };
            let m = match head.to_ascii_lowercase().as_str() {
                "ctrl" | "control" | "c" => KeyModifiers::CONTROL,
                "alt" | "meta" | "m" | "a" => KeyModifiers::ALT,
                "shift" | "s" => KeyModifiers::SHIFT,
                _ => return Err(format!("{head:?} is not a modifier (ctrl, alt, shift)")),
            };
            if tail.is_empty() {
                return Err(format!("nothing after {head:?}-"));
            }
            mods |= m;
            rest = tail;
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(c),
            _ => match rest.to_ascii_lowercase().as_str() {
                "enter" | "return" => KeyCode::Enter,
                "esc" | "escape" => KeyCode::Esc,
                "tab" => KeyCode::Tab,
                "backtab" => KeyCode::BackTab,
                "space" => KeyCode::Char(' '),
                "backspace" | "bs" => KeyCode::Backspace,
                "delete" | "del" => KeyCode::Delete,
                "insert" | "ins" => KeyCode::Insert,
                "up" => KeyCode::Up,
                "down" => KeyCode::Down,
                "left" => KeyCode::Left,
                "right" => KeyCode::Right,
                "home" => KeyCode::Home,
                "end" => KeyCode::End,
                "pageup" | "pgup" => KeyCode::PageUp,
                "pagedown" | "pgdn" => KeyCode::PageDown,
                name => match name.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
                    Some(n @ 1..=24) => KeyCode::F(n),
                    _ => return Err(format!("{rest:?} is not a key name")),
                },
            },
        };
        let code = match code {
            KeyCode::Tab if mods.contains(KeyModifiers::SHIFT) => {
                mods -= KeyModifiers::SHIFT;
                KeyCode::BackTab
            }
            KeyCode::Char(c) if mods.contains(KeyModifiers::SHIFT) => {
                mods -= KeyModifiers::SHIFT;
                if !c.is_lowercase() {
                    return Err(format!(
                        "shift- goes with letters and named keys; write the character Shift gives (\"{c}\" as typed)"
                    ));
                }
                let mut upper = c.to_uppercase();
                match (upper.next(), upper.next()) {
                    (Some(u), None) => KeyCode::Char(u),
                    _ => return Err(format!("{c:?} has no single capital")),
                }
            }
            // Terminals send Ctrl with a capital as the same bytes as without: `Ctrl-D` is ctrl-d.
            KeyCode::Char(c) if mods.contains(KeyModifiers::CONTROL) && c.is_ascii_uppercase() => {
                KeyCode::Char(c.to_ascii_lowercase())
            }
            other => other,
        };
        if let KeyCode::Char(c) = code
            && c.is_control()
        {
            return Err("a control character; write it as ctrl-<letter>".into());
        }
        Ok(Key { code, mods })
    }
}

/// The config file's spelling, which [`Key::parse`] reads back.
impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.mods.contains(KeyModifiers::CONTROL) {
            f.write_str("ctrl-")?;
        }
        if self.mods.contains(KeyModifiers::ALT) {
            f.write_str("alt-")?;
        }
        if self.mods.contains(KeyModifiers::SHIFT) {
            f.write_str("shift-")?;
        }
        match self.code {
            KeyCode::Char(' ') => f.write_str("space"),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::Enter => f.write_str("enter"),
            KeyCode::Esc => f.write_str("esc"),
            KeyCode::Tab => f.write_str("tab"),
            KeyCode::BackTab => f.write_str("shift-tab"),
            KeyCode::Backspace => f.write_str("backspace"),
            KeyCode::Delete => f.write_str("delete"),
            KeyCode::Insert => f.write_str("insert"),
            KeyCode::Up => f.write_str("up"),
            KeyCode::Down => f.write_str("down"),
            KeyCode::Left => f.write_str("left"),
            KeyCode::Right => f.write_str("right"),
            KeyCode::Home => f.write_str("home"),
            KeyCode::End => f.write_str("end"),
            KeyCode::PageUp => f.write_str("pageup"),
            KeyCode::PageDown => f.write_str("pagedown"),
            KeyCode::F(n) => write!(f, "f{n}"),
            other => write!(f, "{other:?}"),
        }
    }
}

/// A command as bound now, with the keys that reach it in some chain of contexts.
#[derive(Debug, Clone)]
pub struct Reach {
    pub command: &'static Command,
    pub keys: Vec<Key>,
}

impl Reach {
    /// The keys as one label (`j/↓`).
    pub fn label(&self) -> String {
        labels(&self.keys)
    }
}

pub fn labels(keys: &[Key]) -> String {
    keys.iter().map(Key::label).collect::<Vec<_>>().join("/")
}

/// The keys of every command: the table's, with the config file's overrides.
#[derive(Debug, Clone, PartialEq)]
pub struct Keymap {
    /// Indexed as [`COMMANDS`].
    keys: Vec<Vec<Key>>,
    /// The commands whose keys the config file gave (indices into [`COMMANDS`]).
    overridden: BTreeSet<usize>,
}

impl Default for Keymap {
    fn default() -> Self {
        Self {
            keys: COMMANDS.iter().map(|c| c.keys.to_vec()).collect(),
            overridden: BTreeSet::new(),
        }
    }
}

impl Keymap {
    /// The table's keys with `overrides` (command id, keys as written) in their place.
    /// Errors name the config file, the commands and the keys involved.
    pub fn with_overrides(
        overrides: &[(String, Vec<String>)],
        file: &Path,
    ) -> Result<Self, String> {
        let mut map = Keymap::default();
        let mut overridden = BTreeSet::new();
        let at = format!("{}: [keys]", file.display());
        for (id, written) in overrides {
            let Some(i) = COMMANDS.iter().position(|c| c.id == id.as_str()) else {
                return Err(format!(
                    "{at} names `{id}`, which is no command (`weeek-tui config keys` lists them)"
                ));
            };
            if !overridden.insert(i) {
                return Err(format!("{at} sets `{id}` twice"));
            }
            let cmd = &COMMANDS[i];
            let mut keys = Vec::new();
            for text in written {
                let key = Key::parse(text).map_err(|why| {
                    format!(
                        "{at} `{id}` = {text:?} is not a key: {why} (for example \"c\", \"D\", \"ctrl-d\", \"alt-1\", \"enter\", \"shift-tab\", \"f5\")"
                    )
                })?;
                if cmd.context.takes_text() && key.types() {
                    return Err(format!(
                        "{at} `{id}` = {text:?}: in {} letters and symbols type into the text, so `{id}` needs a key that types nothing (enter, esc, tab, up, ctrl-…, alt-…)",
                        cmd.context.title()
                    ));
                }
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            map.keys[i] = keys;
        }
        map.check(&overridden).map_err(|e| format!("{at}: {e}"))?;
        map.overridden = overridden;
        Ok(map)
    }

    /// No key does two things in one context. `first` (indices into the table) are named
    /// first in the message: they are the ones the file changed.
    fn check(&self, first: &BTreeSet<usize>) -> Result<(), String> {
        let order: Vec<usize> = first
            .iter()
            .copied()
            .chain((0..COMMANDS.len()).filter(|i| !first.contains(i)))
            .collect();
        for &a in &order {
            let (cmd, keys) = (&COMMANDS[a], &self.keys[a]);
            for (b, (other, other_keys)) in self.entries().enumerate() {
                if a == b || cmd.context != other.context {
                    continue;
                }
                if let Some(k) = keys.iter().find(|k| other_keys.contains(k)) {
                    return Err(format!(
                        "`{}` and `{}` both use {k} in {}: give one of them another key",
                        cmd.id,
                        other.id,
                        cmd.context.title()
                    ));
                }
            }
        }
        Ok(())
    }

    pub fn keys(&self, command: &Command) -> &[Key] {
        COMMANDS
            .iter()
            .position(|c| std::ptr::eq(c, command))
            .map_or(&[], |i| self.keys[i].as_slice())
    }

    /// True when the config file gave `command` its keys.
    pub fn overridden(&self, command: &Command) -> bool {
        COMMANDS
            .iter()
            .position(|c| std::ptr::eq(c, command))
            .is_some_and(|i| self.overridden.contains(&i))
    }

    /// Every command with its keys, in table order.
    pub fn entries(&self) -> impl Iterator<Item = (&'static Command, &[Key])> {
        COMMANDS.iter().zip(self.keys.iter().map(Vec::as_slice))
    }

    /// The action bound to `ev` in the first of `chain` that binds it. While `typing`, a key
    /// that types a character is never a command: it belongs to the text field.
    pub fn resolve(&self, chain: &[Context], typing: bool, ev: &KeyEvent) -> Option<Action> {
        let key = Key::from_event(ev);
        if typing && key.types() {
            return None;
        }
        chain.iter().find_map(|ctx| {
            self.entries()
                .find(|(c, keys)| c.context == *ctx && keys.contains(&key))
                .map(|(c, _)| c.action)
        })
    }

    /// The commands of `chain` with the keys that still reach them there: a key a more
    /// specific context takes, or one that types while `typing`, is left out. A command none
    /// of whose keys reaches it is left out too (help must not promise a key that does
    /// something else); one bound to no key at all stays, for the palette.
    pub fn available(&self, chain: &[Context], typing: bool) -> Vec<Reach> {
        let mut taken: Vec<Key> = Vec::new();
        let mut out = Vec::new();
        for ctx in chain {
            let mut here = Vec::new();
            for (c, keys) in self.entries().filter(|(c, _)| c.context == *ctx) {
                let reach: Vec<Key> = keys
                    .iter()
                    .copied()
                    .filter(|k| !(taken.contains(k) || typing && k.types()))
                    .collect();
                if !reach.is_empty() || keys.is_empty() {
                    here.extend(reach.iter().copied());
                    out.push(Reach {
                        command: c,
                        keys: reach,
                    });
                }
            }
            taken.extend(here);
        }
        out
    }

    /// The map as `weeek-tui config keys` prints it: one line per key (context, key as the
    /// config file writes it, command id, description), contexts in a fixed order; a command
    /// without a key shows `-`, and a key a command of the file hides is marked.
    pub fn listing(&self) -> String {
        let shadows = self.shadows();
        let mut rows: Vec<[String; 4]> = Vec::new();
        for ctx in Context::ALL {
            for (c, keys) in self.entries().filter(|(c, _)| c.context == ctx) {
                if keys.is_empty() {
                    rows.push([
                        ctx.id().into(),
                        "-".into(),
                        c.id.into(),
                        c.description.into(),
                    ]);
                }
                for k in keys {
                    let note = super::shadows::hidden_note(&shadows, c, k).unwrap_or_default();
                    let text = format!("{}{note}", c.description);
                    rows.push([ctx.id().into(), k.to_string(), c.id.into(), text]);
                }
            }
        }
        let head = ["context", "key", "command", "description"].map(String::from);
        let widths: Vec<usize> = (0..3)
            .map(|i| {
                std::iter::once(&head)
                    .chain(&rows)
                    .map(|r| crate::text::width(&r[i]))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        std::iter::once(&head)
            .chain(&rows)
            .map(|r| {
                let mut line = String::new();
                for (cell, w) in r.iter().zip(&widths) {
                    line.push_str(cell);
                    line.push_str(&" ".repeat(w - crate::text::width(cell) + 2));
                }
                line.push_str(&r[3]);
                line + "\n"
            })
            .collect()
    }

    /// The first key of command `id`, as shown on screen, for messages that name it ("u to
    /// undo"); `None` when the config file left it without a key.
    pub fn key_of(&self, id: &str) -> Option<String> {
        self.entries()
            .find(|(c, _)| c.id == id)
            .and_then(|(_, keys)| keys.first())
            .map(Key::label)
    }

    /// "`key` `words`" for the first key of command `id`, or nothing when it has none. `id`
    /// may name a pair, `list.down/list.up`, for "j/k scroll".
    pub fn say(&self, id: &str, words: &str) -> Option<String> {
        let keys: Vec<String> = id.split('/').filter_map(|id| self.key_of(id)).collect();
        (!keys.is_empty()).then(|| format!("{} {words}", keys.join("/")))
    }

    /// " · `key` `words`" to end a message with, or nothing when the command has no key.
    pub fn then_say(&self, id: &str, words: &str) -> String {
        self.say(id, words)
            .map(|s| format!(" · {s}"))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn press(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, mods)
    }

    fn key(c: char) -> KeyEvent {
        press(KeyCode::Char(c), KeyModifiers::NONE)
    }

    fn overrides(pairs: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
        pairs
            .iter()
            .map(|(id, keys)| (id.to_string(), keys.iter().map(|k| k.to_string()).collect()))
            .collect()
    }

    fn file() -> PathBuf {
        PathBuf::from("/home/anna/.config/weeek-tui/config.toml")
    }

    #[test]
    fn the_screen_context_wins_over_global() {
        let map = Keymap::default();
        let tasks = [Context::Tasks, Context::List, Context::Global];
        assert_eq!(
            map.resolve(&tasks, false, &key('2')),
            Some(Action::Priority(2))
        );
        assert_eq!(
            map.resolve(&[Context::Global], false, &key('2')),
            None,
            "digits only ever set priority"
        );
        let alt2 = press(KeyCode::Char('2'), KeyModifiers::ALT);
        assert_eq!(
            map.resolve(&tasks, false, &alt2),
            Some(Action::ScreenFunnels)
        );
    }

    #[test]
    fn shifted_letters_match_with_or_without_the_shift_flag() {
        let map = Keymap::default();
        let shifted = press(KeyCode::Char('D'), KeyModifiers::SHIFT);
        assert_eq!(
            map.resolve(&[Context::Tasks], false, &shifted),
            Some(Action::Delete)
        );
        assert_eq!(
            map.resolve(&[Context::Tasks], false, &key('D')),
            Some(Action::Delete)
        );
        let backtab = press(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(
            map.resolve(&[Context::Global], false, &backtab),
            Some(Action::PrevScreen)
        );
    }

    #[test]
    fn while_typing_letters_are_text_and_chords_are_commands() {
        let map = Keymap::default();
        let chain = [Context::Prompt, Context::Text, Context::Global];
        assert_eq!(map.resolve(&chain, true, &key('q')), None, "q types a q");
        assert_eq!(
            map.resolve(&chain, true, &press(KeyCode::Enter, KeyModifiers::NONE)),
            Some(Action::Accept)
        );
        assert_eq!(
            map.resolve(
                &chain,
                true,
                &press(KeyCode::Char('u'), KeyModifiers::CONTROL)
            ),
            Some(Action::Text(crate::widgets::field::TextEdit::DeleteLine))
        );
        // AltGr arrives as Ctrl+Alt on some systems: it types.
        let altgr = press(
            KeyCode::Char('@'),
            KeyModifiers::CONTROL | KeyModifiers::ALT,
        );
        assert_eq!(map.resolve(&chain, true, &altgr), None);
    }

    #[test]
    fn help_hides_keys_taken_by_a_more_specific_context() {
        let map = Keymap::default();
        let tasks = [Context::Tasks, Context::List, Context::Global];
        let reach = map.available(&tasks, false);
        let screen2 = reach
            .iter()
            .find(|r| r.command.action == Action::ScreenFunnels)
            .unwrap();
        assert_eq!(screen2.label(), "Alt-2");
        assert!(
            !reach.iter().any(|r| r.command.id == "global.dismiss"),
            "Esc is the task list's own here"
        );
        let typing = map.available(&[Context::Prompt, Context::Text, Context::Global], true);
        assert!(!typing.iter().any(|r| r.command.id == "global.help"));
    }

    #[test]
    fn every_context_gives_each_key_to_one_command_only() {
        let map = Keymap::default();
        for ctx in Context::ALL {
            let mut seen: Vec<(Key, &str)> = Vec::new();
            for (c, keys) in map.entries().filter(|(c, _)| c.context == ctx) {
                for k in keys {
                    if let Some((_, other)) = seen.iter().find(|(s, _)| s == k) {
                        panic!("{k} is bound to both {other} and {} in {ctx:?}", c.id);
                    }
                    seen.push((*k, c.id));
                }
            }
        }
        assert_eq!(map.check(&BTreeSet::new()), Ok(()));
    }

    #[test]
    fn ids_are_unique_and_start_with_their_context() {
        let mut ids = BTreeSet::new();
        for c in COMMANDS {
            assert!(ids.insert(c.id), "{} twice", c.id);
            let (ctx, verb) = c.id.split_once('.').unwrap();
            assert_eq!(ctx, c.context.id(), "{}", c.id);
            assert!(!verb.is_empty() && !verb.contains('.'), "{}", c.id);
        }
        for ctx in Context::ALL {
            assert!(
                COMMANDS.iter().any(|c| c.context == ctx),
                "{ctx:?} has no command"
            );
        }
    }

    #[test]
    fn text_contexts_bind_only_keys_that_type_nothing() {
        for c in COMMANDS.iter().filter(|c| c.context.takes_text()) {
            for k in c.keys {
                assert!(!k.types(), "{} takes {k}, which types", c.id);
            }
        }
    }

    #[test]
    fn keys_read_back_as_they_are_written() {
        for c in COMMANDS {
            for k in c.keys {
                assert_eq!(Key::parse(&k.to_string()), Ok(*k), "{}", c.id);
            }
        }
        assert_eq!(Key::parse("C-d"), Ok(Key::ctrl('d')));
        assert_eq!(Key::parse("Ctrl-D"), Ok(Key::ctrl('d')));
        assert_eq!(Key::parse("shift-d"), Ok(Key::ch('D')));
        assert_eq!(Key::parse("S-Tab"), Ok(Key::code(KeyCode::BackTab)));
        assert_eq!(Key::parse("-"), Ok(Key::ch('-')));
        assert_eq!(Key::parse("alt--"), Ok(Key::alt('-')));
        assert_eq!(Key::parse("F5"), Ok(Key::code(KeyCode::F(5))));
        assert_eq!(Key::parse("ж"), Ok(Key::ch('ж')));
        for bad in ["", "ctrl-", "hyper-x", "f99", "enterr", "shift-1"] {
            assert!(Key::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn an_override_replaces_the_keys_of_its_command() {
        let map = Keymap::with_overrides(
            &overrides(&[("tasks.complete", &["c", "ctrl-d"]), ("tasks.due", &["x"])]),
            &file(),
        )
        .unwrap();
        let tasks = [Context::Tasks, Context::List, Context::Global];
        assert_eq!(
            map.resolve(&tasks, false, &key('c')),
            Some(Action::Complete)
        );
        let ctrl_d = press(KeyCode::Char('d'), KeyModifiers::CONTROL);
        assert_eq!(map.resolve(&tasks, false, &ctrl_d), Some(Action::Complete));
        assert_eq!(map.resolve(&tasks, false, &key('x')), Some(Action::DueDate));
        assert_eq!(map.resolve(&tasks, false, &key('d')), None, "d is free now");
        assert_eq!(map.key_of("tasks.complete").as_deref(), Some("c"));
    }

    #[test]
    fn a_conflict_names_both_commands_and_the_file() {
        let err =
            Keymap::with_overrides(&overrides(&[("tasks.complete", &["d"])]), &file()).unwrap_err();
        assert!(
            err.contains("/home/anna/.config/weeek-tui/config.toml"),
            "{err}"
        );
        assert!(err.contains("`tasks.complete`"), "{err}");
        assert!(err.contains("`tasks.due`"), "{err}");
        assert!(err.contains(" d "), "{err}");
        // Other contexts may use the same key: the task list's `d` and the filter panel's.
        assert!(
            Keymap::with_overrides(&overrides(&[("list.down", &["n"])]), &file()).is_ok(),
            "n in Lists does not clash with n in Tasks"
        );
    }

    #[test]
    fn unknown_commands_and_unreadable_keys_are_refused_with_the_file() {
        let err =
            Keymap::with_overrides(&overrides(&[("tasks.compleet", &["c"])]), &file()).unwrap_err();
        assert!(
            err.contains("`tasks.compleet`") && err.contains("config.toml"),
            "{err}"
        );
        let err = Keymap::with_overrides(&overrides(&[("tasks.complete", &["ctrl-"])]), &file())
            .unwrap_err();
        assert!(err.contains("\"ctrl-\" is not a key"), "{err}");
        assert!(err.contains("config.toml"), "{err}");
        let err =
            Keymap::with_overrides(&overrides(&[("prompt.accept", &["y"])]), &file()).unwrap_err();
        assert!(err.contains("types nothing"), "{err}");
    }

    #[test]
    fn a_command_can_be_left_without_keys() {
        let map = Keymap::with_overrides(&overrides(&[("tasks.delete", &[])]), &file()).unwrap();
        assert_eq!(map.resolve(&[Context::Tasks], false, &key('D')), None);
        assert_eq!(map.key_of("tasks.delete"), None);
        assert!(
            map.available(&[Context::Tasks], false)
                .iter()
                .any(|r| r.command.id == "tasks.delete"),
            "still in the palette"
        );
    }
}

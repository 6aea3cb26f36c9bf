//! The one list of commands: it drives the keymap, the footer hints, `?` help and the command
//! palette, so a key can never do one thing and be documented as another.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks for, before any screen decides what it means in its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Quit,
    Help,
    Palette,
    Refresh,
    Back,
    ScreenTasks,
    ScreenFunnels,
    ScreenContacts,
    NextScreen,
    PrevScreen,
    Down,
    Up,
    Top,
    Bottom,
    PageDown,
    PageUp,
    HalfDown,
    HalfUp,
    Open,
    ToggleDetail,
    Filter,
    Search,
    Sort,
    ToggleScope,
    ToggleMark,
    RangeMark,
    MarkAll,
    Complete,
    Priority(u8),
    MoveColumn,
    Assign,
    DueDate,
    Rename,
    NewTask,
    Delete,
    Undo,
    DetailDown,
    DetailUp,
    Messages,
    /// Between columns or panes (h / l).
    Left,
    Right,
    /// Move the selected item to the previous / next column (H / L).
    MovePrev,
    MoveNext,
    /// One column at a time on narrow terminals ([ / ]).
    PrevStatus,
    NextStatus,
    Submit,
    NewBlank,
    NewKeep,
    AddRow,
    RemoveRow,
    SwitchPane,
}

/// Where a command applies. Screens list their contexts, most specific first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Context {
    Global,
    List,
    Tasks,
    Funnels,
    FunnelDetail,
    Deal,
    ContactForm,
    Contacts,
}

impl Context {
    pub fn title(self) -> &'static str {
        match self {
            Self::Global => "Everywhere",
            Self::List => "Lists",
            Self::Tasks => "Tasks",
            Self::Funnels => "Funnels",
            Self::FunnelDetail => "Funnel",
            Self::Deal => "Deal",
            Self::ContactForm => "Contact form",
            Self::Contacts => "Contacts",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub mods: KeyModifiers,
}

const fn ch(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::NONE,
    }
}

const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::CONTROL,
    }
}

const fn alt(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::ALT,
    }
}

const fn code(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::NONE,
    }
}

impl Key {
    /// Shift is part of the character for letters and symbols (`D`, `?`), so it is ignored
    /// there; terminals disagree on whether they report it.
    pub fn matches(&self, ev: &KeyEvent) -> bool {
        let mods = match ev.code {
            KeyCode::Char(_) => ev.modifiers - KeyModifiers::SHIFT,
            _ => ev.modifiers,
        };
        let code = match (self.code, ev.code) {
            (KeyCode::BackTab, KeyCode::BackTab) => return true,
            (a, b) => a == b,
        };
        code && mods == self.mods
    }

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
            other => format!("{other:?}"),
        };
        if self.mods.contains(KeyModifiers::CONTROL) {
            format!("C-{base}")
        } else if self.mods.contains(KeyModifiers::ALT) {
            format!("Alt-{base}")
        } else {
            base
        }
    }
}

pub struct Command {
    pub action: Action,
    pub keys: &'static [Key],
    pub context: Context,
    /// Shown in the footer (short) when set.
    pub hint: Option<&'static str>,
    pub description: &'static str,
}

const fn cmd(
    action: Action,
    keys: &'static [Key],
    context: Context,
    hint: Option<&'static str>,
    description: &'static str,
) -> Command {
    Command {
        action,
        keys,
        context,
        hint,
        description,
    }
}

use Action as A;
use Context as C;

/// Every command. Order matters twice: the first command of a context that matches a key wins,
/// and help lists commands in this order.
pub static COMMANDS: &[Command] = &[
    // Tasks first: on the task list, digits set priority (triage is what the list is for);
    // screens are then reached with Tab or Alt-digit.
    cmd(
        A::Complete,
        &[ch('x')],
        C::Tasks,
        Some("done"),
        "Complete or reopen the marked tasks (else the cursor task)",
    ),
    cmd(A::Priority(0), &[ch('0')], C::Tasks, None, "Priority Low"),
    cmd(
        A::Priority(1),
        &[ch('1')],
        C::Tasks,
        None,
        "Priority Medium",
    ),
    cmd(A::Priority(2), &[ch('2')], C::Tasks, None, "Priority High"),
    cmd(
        A::Priority(3),
        &[ch('3')],
        C::Tasks,
        Some("prio"),
        "Priority Hold",
    ),
    cmd(
        A::MoveColumn,
        &[ch('m')],
        C::Tasks,
        Some("move"),
        "Move to a column of the task's board",
    ),
    cmd(
        A::Assign,
        &[ch('a')],
        C::Tasks,
        Some("assign"),
        "Assign or unassign members",
    ),
    cmd(
        A::DueDate,
        &[ch('d')],
        C::Tasks,
        Some("due"),
        "Set or clear the due date",
    ),
    cmd(A::Rename, &[ch('e')], C::Tasks, None, "Rename the task"),
    cmd(
        A::NewTask,
        &[ch('n')],
        C::Tasks,
        Some("new"),
        "New task in the current project and column",
    ),
    cmd(A::Delete, &[ch('D')], C::Tasks, None, "Delete (asks first)"),
    cmd(
        A::Undo,
        &[ch('u')],
        C::Tasks,
        Some("undo"),
        "Undo the last change",
    ),
    cmd(
        A::Open,
        &[code(KeyCode::Enter), ch('p')],
        C::Tasks,
        Some("detail"),
        "Show or hide the detail pane",
    ),
    cmd(
        A::DetailDown,
        &[ch('J')],
        C::Tasks,
        None,
        "Scroll the detail pane down",
    ),
    cmd(
        A::DetailUp,
        &[ch('K')],
        C::Tasks,
        None,
        "Scroll the detail pane up",
    ),
    cmd(
        A::Filter,
        &[ch('f')],
        C::Tasks,
        Some("filter"),
        "Filter panel",
    ),
    cmd(
        A::Search,
        &[ch('/')],
        C::Tasks,
        Some("search"),
        "Search titles and descriptions",
    ),
    cmd(
        A::Sort,
        &[ch('s')],
        C::Tasks,
        Some("sort"),
        "Sort (again to reverse)",
    ),
    cmd(
        A::ToggleScope,
        &[ch('A')],
        C::Tasks,
        Some("mine/all"),
        "Switch between my tasks and everyone's",
    ),
    cmd(
        A::ToggleMark,
        &[ch(' ')],
        C::Tasks,
        None,
        "Mark or unmark the task",
    ),
    cmd(
        A::RangeMark,
        &[ch('v')],
        C::Tasks,
        None,
        "Mark from the last mark to the cursor",
    ),
    cmd(
        A::MarkAll,
        &[ctrl('a')],
        C::Tasks,
        None,
        "Mark every visible task",
    ),
    cmd(
        A::Open,
        &[code(KeyCode::Enter)],
        C::Funnels,
        Some("open"),
        "Open the funnel: its fields, statuses and deals",
    ),
    cmd(
        A::Search,
        &[ch('/')],
        C::Funnels,
        Some("search"),
        "Search funnels by name (Esc clears)",
    ),
    cmd(
        A::Left,
        &[ch('h'), code(KeyCode::Left)],
        C::FunnelDetail,
        Some("status"),
        "Previous status column",
    ),
    cmd(
        A::Right,
        &[ch('l'), code(KeyCode::Right)],
        C::FunnelDetail,
        None,
        "Next status column",
    ),
    cmd(
        A::MovePrev,
        &[ch('H')],
        C::FunnelDetail,
        None,
        "Move the deal to the previous status",
    ),
    cmd(
        A::MoveNext,
        &[ch('L')],
        C::FunnelDetail,
        Some("move"),
        "Move the deal to the next status",
    ),
    cmd(
        A::PrevStatus,
        &[ch('[')],
        C::FunnelDetail,
        None,
        "Previous status (one at a time on narrow terminals)",
    ),
    cmd(
        A::NextStatus,
        &[ch(']')],
        C::FunnelDetail,
        None,
        "Next status (one at a time on narrow terminals)",
    ),
    cmd(
        A::Open,
        &[code(KeyCode::Enter)],
        C::FunnelDetail,
        Some("deal"),
        "Every field of the deal",
    ),
    cmd(
        A::ToggleDetail,
        &[ch('i')],
        C::FunnelDetail,
        Some("info"),
        "Funnel overview: above the board, whole screen, or hidden",
    ),
    cmd(
        A::Back,
        &[code(KeyCode::Esc)],
        C::FunnelDetail,
        Some("back"),
        "Back to the list of funnels",
    ),
    cmd(
        A::Back,
        &[code(KeyCode::Esc), code(KeyCode::Enter)],
        C::Deal,
        Some("close"),
        "Close the deal",
    ),
    // The contact form: chords only, as letters, digits, Tab and Enter belong to the fields.
    cmd(
        A::Submit,
        &[ctrl('s')],
        C::ContactForm,
        Some("save"),
        "Save the contact (checks every field first; again to retry)",
    ),
    cmd(
        A::AddRow,
        &[ctrl('n')],
        C::ContactForm,
        Some("add row"),
        "Add an e-mail or phone row below the focused one",
    ),
    cmd(
        A::RemoveRow,
        &[ctrl('x')],
        C::ContactForm,
        None,
        "Remove the focused e-mail or phone row",
    ),
    cmd(
        A::SwitchPane,
        &[ctrl('l')],
        C::ContactForm,
        Some("form/list"),
        "Switch between the form and the contact list",
    ),
    cmd(
        A::Open,
        &[code(KeyCode::Enter), ch('i')],
        C::ContactForm,
        None,
        "Edit the focused field (Tab, Enter: next field; Esc leaves)",
    ),
    // The contacts screen outside the form's fields: the saved contact and the list.
    cmd(
        A::NewBlank,
        &[ch('n')],
        C::Contacts,
        Some("new"),
        "New contact: a blank form (asks before clearing input)",
    ),
    cmd(
        A::NewKeep,
        &[ch('N')],
        C::Contacts,
        Some("same org"),
        "New contact keeping the organizations and tags",
    ),
    cmd(
        A::Search,
        &[ch('/')],
        C::Contacts,
        Some("search"),
        "Search the contact list (Esc clears)",
    ),
    cmd(
        A::SwitchPane,
        &[ctrl('l')],
        C::Contacts,
        Some("form/list"),
        "Switch between the form and the contact list",
    ),
    cmd(
        A::Submit,
        &[ctrl('s')],
        C::Contacts,
        None,
        "Save the contact being entered",
    ),
    cmd(
        A::Down,
        &[ch('j'), code(KeyCode::Down)],
        C::List,
        None,
        "Down",
    ),
    cmd(A::Up, &[ch('k'), code(KeyCode::Up)], C::List, None, "Up"),
    cmd(
        A::Top,
        &[ch('g'), code(KeyCode::Home)],
        C::List,
        None,
        "First row",
    ),
    cmd(
        A::Bottom,
        &[ch('G'), code(KeyCode::End)],
        C::List,
        None,
        "Last row",
    ),
    cmd(
        A::PageDown,
        &[code(KeyCode::PageDown), ctrl('f')],
        C::List,
        None,
        "Page down",
    ),
    cmd(
        A::PageUp,
        &[code(KeyCode::PageUp), ctrl('b')],
        C::List,
        None,
        "Page up",
    ),
    cmd(A::HalfDown, &[ctrl('d')], C::List, None, "Half a page down"),
    cmd(A::HalfUp, &[ctrl('u')], C::List, None, "Half a page up"),
    cmd(
        A::Quit,
        &[ch('q'), ctrl('c')],
        C::Global,
        Some("quit"),
        "Quit",
    ),
    cmd(
        A::Help,
        &[ch('?')],
        C::Global,
        Some("help"),
        "Keys of this screen",
    ),
    cmd(
        A::Palette,
        &[ctrl('p'), ch(':')],
        C::Global,
        None,
        "Command palette",
    ),
    cmd(A::Refresh, &[ch('r')], C::Global, None, "Refresh"),
    cmd(
        A::Messages,
        &[ch('M')],
        C::Global,
        None,
        "Every message since the app started, in full",
    ),
    cmd(
        A::Back,
        &[code(KeyCode::Esc)],
        C::Global,
        None,
        "Back: close, clear marks, clear a filter",
    ),
    cmd(
        A::ScreenTasks,
        &[ch('1'), alt('1')],
        C::Global,
        None,
        "Tasks screen",
    ),
    cmd(
        A::ScreenFunnels,
        &[ch('2'), alt('2')],
        C::Global,
        None,
        "Funnels screen",
    ),
    cmd(
        A::ScreenContacts,
        &[ch('3'), alt('3')],
        C::Global,
        None,
        "Contacts screen",
    ),
    cmd(
        A::NextScreen,
        &[code(KeyCode::Tab)],
        C::Global,
        Some("screens"),
        "Next screen",
    ),
    cmd(
        A::PrevScreen,
        &[code(KeyCode::BackTab)],
        C::Global,
        None,
        "Previous screen",
    ),
];

/// The action bound to `ev` in the first of `contexts` that binds it.
pub fn resolve(contexts: &[Context], ev: &KeyEvent) -> Option<Action> {
    contexts.iter().find_map(|ctx| {
        COMMANDS
            .iter()
            .filter(|c| c.context == *ctx)
            .find(|c| c.keys.iter().any(|k| k.matches(ev)))
            .map(|c| c.action)
    })
}

/// The commands reachable in `contexts`, without those whose every key is taken by a more
/// specific context (help must not promise a key that does something else here).
pub fn available(contexts: &[Context]) -> Vec<&'static Command> {
    let mut out: Vec<&'static Command> = Vec::new();
    for ctx in contexts {
        for c in COMMANDS.iter().filter(|c| c.context == *ctx) {
            let shadowed = c.keys.iter().all(|k| {
                out.iter()
                    .any(|earlier| earlier.keys.iter().any(|e| e == k))
            });
            if !shadowed {
                out.push(c);
            }
        }
    }
    out
}

/// The keys of a command that still reach it in `contexts`, as one label ("j/↓").
pub fn key_labels(cmd: &Command, reachable: &[&Command]) -> String {
    cmd.keys
        .iter()
        .filter(|k| {
            reachable
                .iter()
                .find(|c| c.keys.contains(k))
                .is_some_and(|c| std::ptr::eq(*c, cmd))
        })
        .map(Key::label)
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    #[test]
    fn screen_context_wins_over_global() {
        let tasks = [Context::Tasks, Context::List, Context::Global];
        assert_eq!(resolve(&tasks, &key('2')), Some(Action::Priority(2)));
        assert_eq!(
            resolve(&[Context::Global], &key('2')),
            Some(Action::ScreenFunnels)
        );
        let alt2 = KeyEvent::new(KeyCode::Char('2'), KeyModifiers::ALT);
        assert_eq!(resolve(&tasks, &alt2), Some(Action::ScreenFunnels));
    }

    #[test]
    fn shifted_letters_match_with_or_without_the_shift_flag() {
        let shifted = KeyEvent::new(KeyCode::Char('D'), KeyModifiers::SHIFT);
        assert_eq!(resolve(&[Context::Tasks], &shifted), Some(Action::Delete));
        assert_eq!(resolve(&[Context::Tasks], &key('D')), Some(Action::Delete));
    }

    #[test]
    fn help_hides_keys_taken_by_the_screen() {
        let tasks = [Context::Tasks, Context::List, Context::Global];
        let reachable = available(&tasks);
        let screen2 = reachable
            .iter()
            .find(|c| c.action == Action::ScreenFunnels)
            .unwrap();
        assert_eq!(key_labels(screen2, &reachable), "Alt-2");
    }

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        for (i, a) in COMMANDS.iter().enumerate() {
            for b in &COMMANDS[i + 1..] {
                if a.context == b.context {
                    for k in a.keys {
                        assert!(!b.keys.contains(k), "{:?} bound twice", k.label());
                    }
                }
            }
        }
    }
}

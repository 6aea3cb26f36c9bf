//! The command table: every key of every layer, with its id, context and description.
//! A new screen adds a `Context` per layer it shows (list, picker of its own, form), its rows in
//! `COMMANDS` with ids `context.verb`, returns its contexts from `ScreenState::focus` and
//! handles the `Action`s in `ScreenState::on_action`; help, footer, palette, `[keys]` overrides
//! and `weeek-tui config keys` then follow from the table alone.

use crossterm::event::KeyCode;

use super::keymap::Key;
use crate::widgets::field::TextEdit;

/// What a key asks for, before the focused layer decides what it means in its state.
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
    Messages,
    Down,
    Up,
    Top,
    Bottom,
    PageDown,
    PageUp,
    HalfDown,
    HalfUp,
    /// Enter in a picker, prompt, search box or filter row: take what is chosen or typed.
    Accept,
    /// Leave a picker, prompt, panel or overlay without applying anything.
    Cancel,
    Yes,
    No,
    /// Choose or unchoose the item under the cursor of a multi-select picker.
    Toggle,
    /// Edit the filter row under the cursor.
    Edit,
    /// Clear a filter row, or a search box and its search.
    Clear,
    /// Take off the last organization or tag chosen in a form field.
    Remove,
    NextField,
    PrevField,
    Text(TextEdit),
    Restore,
    Discard,
    Open,
    ToggleDetail,
    Filter,
    Search,
    Sort,
    /// The saved views of the task list.
    Views,
    ToggleScope,
    ToggleMark,
    RangeMark,
    MarkAll,
    Complete,
    Priority(u8),
    /// A quick due filter of the filter panel.
    QuickDue(crate::tasks::filters::Due),
    MoveColumn,
    Assign,
    DueDate,
    Rename,
    NewTask,
    NewSubtask,
    Delete,
    Undo,
    DetailDown,
    DetailUp,
    /// Between columns or panes (h / l).
    Left,
    Right,
    /// Move the selected item to the previous / next column (H / L).
    MovePrev,
    MoveNext,
    /// Set a deal won, lost or archived; on one that already is, back to open.
    MarkWon,
    MarkLost,
    Archive,
    NewDeal,
    EditDeal,
    /// One column at a time on narrow terminals ([ / ]).
    PrevStatus,
    NextStatus,
    Submit,
    NewBlank,
    NewKeep,
    AddRow,
    RemoveRow,
    SwitchPane,
    /// The contacts screen's organizations tab, on or off (Alt-o).
    ToggleOrganizations,
    /// The task's page in the web app, in the browser.
    OpenInBrowser,
    /// The task's web link, or its id, to the clipboard.
    CopyLink,
    CopyId,
    /// Start or stop my timer on the task (t).
    ToggleTimer,
    /// Log time on the task (T).
    LogTime,
    /// The task's time entries, to edit or delete one.
    TimeEntries,
    /// Write a comment on the task (i).
    Comment,
    /// Pick one of the task's comments (I).
    CommentThread,
    /// Answer the comment shown.
    Reply,
    /// Start a new line in a multi-line field.
    NewLine,
}

/// A layer's set of commands. The focused layer lists its contexts, most specific first; a
/// key goes to the first of them that binds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Context {
    Global,
    List,
    Text,
    Overlay,
    Picker,
    MultiPicker,
    /// The picker of saved views: a picker with a key of its own (delete).
    Views,
    Prompt,
    Confirm,
    Tasks,
    Filters,
    FilterEntry,
    Funnels,
    FunnelSearch,
    Funnel,
    Deal,
    DealForm,
    DealField,
    DealChoice,
    Contacts,
    ContactForm,
    ContactField,
    ContactChoice,
    ContactSearch,
    /// The contact list pane, not searching.
    ContactList,
    /// A contact of the list, every field, read only.
    ContactView,
    /// The organizations tab of the contacts screen, not searching.
    Organizations,
    OrgSearch,
    /// An organization of the list, read in full.
    OrgView,
    Draft,
    TimeLog,
    CommentEdit,
    CommentView,
}

impl Context {
    pub const ALL: [Context; 33] = [
        Self::Global,
        Self::List,
        Self::Text,
        Self::Overlay,
        Self::Picker,
        Self::MultiPicker,
        Self::Views,
        Self::Prompt,
        Self::Confirm,
        Self::Tasks,
        Self::Filters,
        Self::FilterEntry,
        Self::Funnels,
        Self::FunnelSearch,
        Self::Funnel,
        Self::Deal,
        Self::DealForm,
        Self::DealField,
        Self::DealChoice,
        Self::Contacts,
        Self::ContactForm,
        Self::ContactField,
        Self::ContactChoice,
        Self::ContactSearch,
        Self::ContactList,
        Self::ContactView,
        Self::Organizations,
        Self::OrgSearch,
        Self::OrgView,
        Self::Draft,
        Self::TimeLog,
        Self::CommentEdit,
        Self::CommentView,
    ];

    /// The first part of its commands' ids.
    pub fn id(self) -> &'static str {
        match self {
            Self::Global => "global",
            Self::List => "list",
            Self::Text => "text",
            Self::Overlay => "overlay",
            Self::Picker => "picker",
            Self::MultiPicker => "multi_picker",
            Self::Views => "views",
            Self::Prompt => "prompt",
            Self::Confirm => "confirm",
            Self::Tasks => "tasks",
            Self::Filters => "filters",
            Self::FilterEntry => "filter_entry",
            Self::Funnels => "funnels",
            Self::FunnelSearch => "funnel_search",
            Self::Funnel => "funnel",
            Self::Deal => "deal",
            Self::DealForm => "deal_form",
            Self::DealField => "deal_field",
            Self::DealChoice => "deal_choice",
            Self::Contacts => "contacts",
            Self::ContactForm => "contact_form",
            Self::ContactField => "contact_field",
            Self::ContactChoice => "contact_choice",
            Self::ContactSearch => "contact_search",
            Self::ContactList => "contact_list",
            Self::ContactView => "contact_view",
            Self::Organizations => "organizations",
            Self::OrgSearch => "org_search",
            Self::OrgView => "org_view",
            Self::Draft => "draft",
            Self::TimeLog => "time_log",
            Self::CommentEdit => "comment_edit",
            Self::CommentView => "comment_view",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Self::Global => "Everywhere",
            Self::List => "Lists",
            Self::Text => "Text fields",
            Self::Overlay => "Help and messages",
            Self::Picker => "Pickers",
            Self::MultiPicker => "Pickers that take several",
            Self::Views => "Saved views",
            Self::Prompt => "Prompts",
            Self::Confirm => "Questions",
            Self::Tasks => "Tasks",
            Self::Filters => "Filter panel",
            Self::FilterEntry => "Filter panel, typing dates or text",
            Self::Funnels => "Funnels",
            Self::FunnelSearch => "Funnel search",
            Self::Funnel => "Funnel",
            Self::Deal => "Deal",
            Self::DealForm => "Deal form",
            Self::DealField => "Deal form, typing in a field",
            Self::DealChoice => "Deal form, choices",
            Self::Contacts => "Contacts",
            Self::ContactForm => "Contact form",
            Self::ContactField => "Contact form, typing in a field",
            Self::ContactChoice => "Contact form, organizations and tags",
            Self::ContactSearch => "Contact search",
            Self::ContactList => "Contact list",
            Self::ContactView => "A contact, read only",
            Self::Organizations => "Organizations",
            Self::OrgSearch => "Organization search",
            Self::OrgView => "An organization, read only",
            Self::Draft => "A draft from the last run",
            Self::TimeLog => "Logging time",
            Self::CommentEdit => "Writing a comment",
            Self::CommentView => "A comment",
        }
    }

    /// Letters typed here go into text, so its commands take only keys that type nothing
    /// (Enter, arrows, chords).
    pub fn takes_text(self) -> bool {
        matches!(
            self,
            Self::Text
                | Self::Picker
                | Self::MultiPicker
                | Self::Views
                | Self::Prompt
                | Self::FilterEntry
                | Self::FunnelSearch
                | Self::ContactField
                | Self::ContactChoice
                | Self::ContactSearch
                | Self::OrgSearch
                | Self::TimeLog
                | Self::CommentEdit
                | Self::DealField
                | Self::DealChoice
        )
    }

    /// A layer over everything else: no key reaches the screen or the app-wide commands
    /// while it is open.
    pub fn modal(self) -> bool {
        matches!(
            self,
            Self::Overlay
                | Self::Picker
                | Self::MultiPicker
                | Self::Views
                | Self::Prompt
                | Self::Confirm
                | Self::Filters
                | Self::FilterEntry
                | Self::ContactView
                | Self::OrgView
                | Self::TimeLog
                | Self::CommentEdit
                | Self::CommentView
        )
    }
}

#[derive(Debug)]
pub struct Command {
    /// `context.verb`: the name the config file and `weeek-tui config keys` use.
    pub id: &'static str,
    pub action: Action,
    pub context: Context,
    /// The keys unless the config file says otherwise.
    pub keys: &'static [Key],
    /// Shown in the footer (short) when set.
    pub hint: Option<&'static str>,
    pub description: &'static str,
}

const fn cmd(
    id: &'static str,
    action: Action,
    context: Context,
    keys: &'static [Key],
    hint: Option<&'static str>,
    description: &'static str,
) -> Command {
    Command {
        id,
        action,
        context,
        keys,
        hint,
        description,
    }
}

const fn ch(c: char) -> Key {
    Key::ch(c)
}

const fn ctrl(c: char) -> Key {
    Key::ctrl(c)
}

const fn alt(c: char) -> Key {
    Key::alt(c)
}

const fn code(code: KeyCode) -> Key {
    Key::code(code)
}

const fn ctrl_code(code: KeyCode) -> Key {
    Key::ctrl_code(code)
}

const fn alt_code(code: KeyCode) -> Key {
    Key::alt_code(code)
}

use Action as A;
use Context as C;
use KeyCode as K;

const ENTER: Key = code(K::Enter);
const ESC: Key = code(K::Esc);
const TAB: Key = code(K::Tab);
const BACKTAB: Key = code(K::BackTab);
const DOWN: Key = code(K::Down);
const UP: Key = code(K::Up);
const LEFT: Key = code(K::Left);
const RIGHT: Key = code(K::Right);
const HOME: Key = code(K::Home);
const END: Key = code(K::End);
const PGDN: Key = code(K::PageDown);
const PGUP: Key = code(K::PageUp);
const BACKSPACE: Key = code(K::Backspace);
const DELETE: Key = code(K::Delete);

/// The commands whose hints the footer keeps when it cannot show them all: the ones that
/// lead to the rest (detail, filter, search, sort; a deal, a move).
pub const FOOTER_FIRST: &[&str] = &[
    "tasks.detail",
    "tasks.filter",
    "tasks.search",
    "tasks.sort",
    "funnel.deal",
    "funnel.move_next",
    "funnel.overview",
    "funnels.open",
    "funnels.search",
];

/// Every command. Within a context, help, footer and palette list commands in this order.
pub static COMMANDS: &[Command] = &[
    // The task list. Digits set priority (triage is what the list is for), and mean nothing
    // else anywhere: screens are reached with Tab or Alt-digit.
    cmd(
        "tasks.complete",
        A::Complete,
        C::Tasks,
        &[ch('x')],
        Some("done"),
        "Complete or reopen the marked tasks (else the cursor task)",
    ),
    cmd(
        "tasks.priority_low",
        A::Priority(0),
        C::Tasks,
        &[ch('0')],
        Some("prio"),
        "Priority Low",
    ),
    cmd(
        "tasks.priority_medium",
        A::Priority(1),
        C::Tasks,
        &[ch('1')],
        Some("prio"),
        "Priority Medium",
    ),
    cmd(
        "tasks.priority_high",
        A::Priority(2),
        C::Tasks,
        &[ch('2')],
        Some("prio"),
        "Priority High",
    ),
    cmd(
        "tasks.priority_hold",
        A::Priority(3),
        C::Tasks,
        &[ch('3')],
        Some("prio"),
        "Priority Hold",
    ),
    cmd(
        "tasks.move",
        A::MoveColumn,
        C::Tasks,
        &[ch('m')],
        Some("move"),
        "Move to a column of the task's board",
    ),
    cmd(
        "tasks.assign",
        A::Assign,
        C::Tasks,
        &[ch('a')],
        Some("assign"),
        "Assign or unassign members",
    ),
    cmd(
        "tasks.due",
        A::DueDate,
        C::Tasks,
        &[ch('d')],
        Some("due"),
        "Set or clear the due date",
    ),
    cmd(
        "tasks.rename",
        A::Rename,
        C::Tasks,
        &[ch('e')],
        None,
        "Rename the task",
    ),
    cmd(
        "tasks.new",
        A::NewTask,
        C::Tasks,
        &[ch('n')],
        Some("new"),
        "New task in the current project and column",
    ),
    cmd(
        "tasks.new_subtask",
        A::NewSubtask,
        C::Tasks,
        &[ch('N')],
        None,
        "New subtask of the task at the cursor",
    ),
    cmd(
        "tasks.delete",
        A::Delete,
        C::Tasks,
        &[ch('D')],
        None,
        "Delete (asks first)",
    ),
    cmd(
        "tasks.undo",
        A::Undo,
        C::Tasks,
        &[ch('u')],
        Some("undo"),
        "Undo the last change",
    ),
    cmd(
        "tasks.timer",
        A::ToggleTimer,
        C::Tasks,
        &[ch('t')],
        Some("timer"),
        "Start or stop my timer on the task (starting it stops the one running)",
    ),
    cmd(
        "tasks.log_time",
        A::LogTime,
        C::Tasks,
        &[ch('T')],
        None,
        "Log time on the task: a duration (1h30m, 90m, 1.5h, :45), a day, a comment",
    ),
    cmd(
        "tasks.time_entries",
        A::TimeEntries,
        C::Tasks,
        &[ch('L')],
        None,
        "The task's logged time: pick an entry to edit or delete it",
    ),
    cmd(
        "tasks.comment",
        A::Comment,
        C::Tasks,
        &[ch('i')],
        None,
        "Write a comment on the task (several lines; Ctrl-s sends)",
    ),
    cmd(
        "tasks.comments",
        A::CommentThread,
        C::Tasks,
        &[ch('I')],
        None,
        "Pick one of the task's comments to reply to it or delete it",
    ),
    cmd(
        "tasks.detail",
        A::Open,
        C::Tasks,
        &[ENTER, ch('p')],
        Some("detail"),
        "Show or hide the detail pane",
    ),
    cmd(
        "tasks.detail_down",
        A::DetailDown,
        C::Tasks,
        &[ch('J')],
        None,
        "Scroll the detail pane down",
    ),
    cmd(
        "tasks.detail_up",
        A::DetailUp,
        C::Tasks,
        &[ch('K')],
        None,
        "Scroll the detail pane up",
    ),
    cmd(
        "tasks.open_web",
        A::OpenInBrowser,
        C::Tasks,
        &[ch('o')],
        None,
        "Open the task's page in the browser",
    ),
    cmd(
        "tasks.copy_link",
        A::CopyLink,
        C::Tasks,
        &[ch('y')],
        None,
        "Copy the task's link (to the terminal's clipboard, works over ssh)",
    ),
    cmd(
        "tasks.copy_id",
        A::CopyId,
        C::Tasks,
        &[ch('Y')],
        None,
        "Copy the task's id",
    ),
    cmd(
        "tasks.filter",
        A::Filter,
        C::Tasks,
        &[ch('f')],
        Some("filter"),
        "Filter panel",
    ),
    cmd(
        "tasks.search",
        A::Search,
        C::Tasks,
        &[ch('/')],
        Some("search"),
        "Search titles and descriptions",
    ),
    cmd(
        "tasks.sort",
        A::Sort,
        C::Tasks,
        &[ch('s')],
        Some("sort"),
        "Sort: the useful order first (most overdue, highest, newest); again to reverse",
    ),
    cmd(
        "tasks.views",
        A::Views,
        C::Tasks,
        &[ch('F')],
        Some("views"),
        "Saved views: apply one, save the current filters and sort under a name, delete one",
    ),
    cmd(
        "tasks.scope",
        A::ToggleScope,
        C::Tasks,
        &[ch('A')],
        Some("mine/all"),
        "Switch between my tasks and everyone's",
    ),
    cmd(
        "tasks.mark",
        A::ToggleMark,
        C::Tasks,
        &[ch(' ')],
        None,
        "Mark or unmark the task",
    ),
    cmd(
        "tasks.mark_range",
        A::RangeMark,
        C::Tasks,
        &[ch('v')],
        None,
        "Mark from the last mark to the cursor",
    ),
    cmd(
        "tasks.mark_all",
        A::MarkAll,
        C::Tasks,
        &[ctrl('a')],
        None,
        "Mark every loaded task; again, every task that matches (the rest loads first)",
    ),
    cmd(
        "tasks.back",
        A::Back,
        C::Tasks,
        &[ESC],
        None,
        "Back: stop loading, close the detail, clear the marks, take off the newest filter, then the sort, then everyone's tasks back to mine",
    ),
    // The filter panel (`f`) and its rows typed into (dates, text).
    cmd(
        "filters.down",
        A::Down,
        C::Filters,
        &[ch('j'), DOWN, TAB],
        Some("row"),
        "Next filter",
    ),
    cmd(
        "filters.up",
        A::Up,
        C::Filters,
        &[ch('k'), UP, BACKTAB],
        None,
        "Previous filter",
    ),
    cmd(
        "filters.edit",
        A::Edit,
        C::Filters,
        &[ENTER, ch(' '), ch('l'), RIGHT],
        Some("edit"),
        "Edit the filter: a picker, or text typed in place",
    ),
    cmd(
        "filters.overdue",
        A::QuickDue(crate::tasks::filters::Due::Overdue),
        C::Filters,
        &[ch('o')],
        None,
        "Due: overdue (again: off)",
    ),
    cmd(
        "filters.due_today",
        A::QuickDue(crate::tasks::filters::Due::Today),
        C::Filters,
        &[ch('t')],
        None,
        "Due: today (again: off)",
    ),
    cmd(
        "filters.due_week",
        A::QuickDue(crate::tasks::filters::Due::ThisWeek),
        C::Filters,
        &[ch('w')],
        None,
        "Due: this week (again: off)",
    ),
    cmd(
        "filters.no_due",
        A::QuickDue(crate::tasks::filters::Due::NoDate),
        C::Filters,
        &[ch('n')],
        None,
        "Due: no due date (again: off)",
    ),
    cmd(
        "filters.clear",
        A::Clear,
        C::Filters,
        &[BACKSPACE, DELETE, ch('x'), ch('d')],
        Some("clear"),
        "Clear the filter",
    ),
    cmd(
        "filters.close",
        A::Cancel,
        C::Filters,
        &[ESC, ch('q'), ch('f')],
        Some("close"),
        "Close the panel",
    ),
    cmd(
        "filter_entry.apply",
        A::Accept,
        C::FilterEntry,
        &[ENTER],
        Some("apply"),
        "Apply the dates typed (text applies as it is typed) and leave the row",
    ),
    cmd(
        "filter_entry.leave",
        A::Cancel,
        C::FilterEntry,
        &[ESC],
        Some("leave"),
        "Leave the row (dates not applied yet are dropped; the text search is cleared)",
    ),
    // The funnels screen: the list, its search box, one funnel's board, one deal.
    cmd(
        "funnels.open",
        A::Open,
        C::Funnels,
        &[ENTER],
        Some("open"),
        "Open the funnel: its fields, statuses and deals",
    ),
    cmd(
        "funnels.search",
        A::Search,
        C::Funnels,
        &[ch('/')],
        Some("search"),
        "Search funnels by name",
    ),
    cmd(
        "funnels.clear_search",
        A::Back,
        C::Funnels,
        &[ESC],
        None,
        "Clear the search",
    ),
    cmd(
        "funnel_search.keep",
        A::Accept,
        C::FunnelSearch,
        &[ENTER],
        Some("keep"),
        "Keep the search and leave the box",
    ),
    cmd(
        "funnel_search.clear",
        A::Clear,
        C::FunnelSearch,
        &[ESC],
        Some("clear"),
        "Clear the search and leave the box",
    ),
    cmd(
        "funnel.prev_status",
        A::Left,
        C::Funnel,
        &[ch('h'), LEFT],
        Some("status"),
        "Previous status column",
    ),
    cmd(
        "funnel.next_status",
        A::Right,
        C::Funnel,
        &[ch('l'), RIGHT],
        None,
        "Next status column",
    ),
    cmd(
        "funnel.move_prev",
        A::MovePrev,
        C::Funnel,
        &[ch('H')],
        None,
        "Move the deal to the previous status",
    ),
    cmd(
        "funnel.move_next",
        A::MoveNext,
        C::Funnel,
        &[ch('L')],
        Some("move"),
        "Move the deal to the next status",
    ),
    cmd(
        "funnel.new_deal",
        A::NewDeal,
        C::Funnel,
        &[ch('n')],
        None,
        "New deal in the focused status (its draft, if one was left)",
    ),
    cmd(
        "funnel.edit_deal",
        A::EditDeal,
        C::Funnel,
        &[ch('e')],
        None,
        "Edit the deal (only what changes is sent)",
    ),
    cmd(
        "funnel.search",
        A::Search,
        C::Funnel,
        &[ch('/')],
        None,
        "Search the funnel's deals (Enter keeps it, Esc clears it)",
    ),
    cmd(
        "funnel.filter",
        A::Filter,
        C::Funnel,
        &[ch('f')],
        None,
        "Filter the deals by outcome, assignee, tag, organization",
    ),
    cmd(
        "funnel.sort",
        A::Sort,
        C::Funnel,
        &[ch('s')],
        None,
        "Sort the deals (the same key again reverses)",
    ),
    cmd(
        "funnel.won",
        A::MarkWon,
        C::Funnel,
        &[ch('w')],
        None,
        "Mark the deal won (again: open)",
    ),
    cmd(
        "funnel.lost",
        A::MarkLost,
        C::Funnel,
        &[ch('W')],
        None,
        "Mark the deal lost (again: open)",
    ),
    cmd(
        "funnel.archive",
        A::Archive,
        C::Funnel,
        &[ch('Z')],
        None,
        "Archive the deal (again: open)",
    ),
    cmd(
        "funnel.delete",
        A::Delete,
        C::Funnel,
        &[ch('D')],
        None,
        "Delete the deal (asks first)",
    ),
    cmd(
        "funnel.prev_one",
        A::PrevStatus,
        C::Funnel,
        &[ch('[')],
        None,
        "Previous status (one at a time on narrow terminals)",
    ),
    cmd(
        "funnel.next_one",
        A::NextStatus,
        C::Funnel,
        &[ch(']')],
        None,
        "Next status (one at a time on narrow terminals)",
    ),
    cmd(
        "funnel.deal",
        A::Open,
        C::Funnel,
        &[ENTER],
        Some("deal"),
        "Every field of the deal",
    ),
    cmd(
        "funnel.overview",
        A::ToggleDetail,
        C::Funnel,
        &[ch('i')],
        Some("info"),
        "Funnel overview: above the board, whole screen, or hidden",
    ),
    cmd(
        "funnel.back",
        A::Back,
        C::Funnel,
        &[ESC],
        Some("back"),
        "Back to the list of funnels (stops loading a column to its end, and a whole-screen overview closes, first)",
    ),
    cmd(
        "deal.close",
        A::Back,
        C::Deal,
        &[ESC, ENTER],
        Some("close"),
        "Close the deal",
    ),
    // The deal form. In its fields letters type, so its keys are chords or keys that type
    // nothing; on a choice, typing opens the picker with what was typed.
    cmd(
        "deal_form.save",
        A::Submit,
        C::DealForm,
        &[ctrl('s')],
        Some("save"),
        "Save the deal: every field is checked first, nothing is sent twice",
    ),
    cmd(
        "deal_form.close",
        A::Back,
        C::DealForm,
        &[ESC],
        Some("close"),
        "Close the form (asks before dropping changes)",
    ),
    cmd(
        "deal_field.next",
        A::NextField,
        C::DealField,
        &[TAB, ENTER, DOWN],
        Some("next"),
        "Next field (the field left is checked)",
    ),
    cmd(
        "deal_field.prev",
        A::PrevField,
        C::DealField,
        &[BACKTAB, UP],
        None,
        "Previous field",
    ),
    cmd(
        "deal_choice.open",
        A::Open,
        C::DealChoice,
        &[ENTER],
        Some("choose"),
        "Choose (a picker; on a yes/no field: yes, no, unset in turn)",
    ),
    cmd(
        "deal_choice.remove",
        A::Remove,
        C::DealChoice,
        &[BACKSPACE],
        Some("remove"),
        "Take off the last one chosen",
    ),
    cmd(
        "deal_choice.next",
        A::NextField,
        C::DealChoice,
        &[TAB, DOWN],
        Some("next"),
        "Next field",
    ),
    cmd(
        "deal_choice.prev",
        A::PrevField,
        C::DealChoice,
        &[BACKTAB, UP],
        None,
        "Previous field",
    ),
    // The contacts screen. In its fields letters type, so field keys are chords or keys that
    // type nothing.
    cmd(
        "contact_field.next",
        A::NextField,
        C::ContactField,
        &[TAB, ENTER, DOWN],
        Some("next"),
        "Next field (the field left is checked)",
    ),
    cmd(
        "contact_field.prev",
        A::PrevField,
        C::ContactField,
        &[BACKTAB, UP],
        None,
        "Previous field",
    ),
    cmd(
        "contact_field.leave",
        A::Back,
        C::ContactField,
        &[ESC],
        Some("leave"),
        "Leave the field: keys then act as commands",
    ),
    cmd(
        "contact_choice.open",
        A::Open,
        C::ContactChoice,
        &[ENTER],
        Some("choose"),
        "Choose in a picker (typing opens it too, with what is typed)",
    ),
    cmd(
        "contact_choice.remove",
        A::Remove,
        C::ContactChoice,
        &[BACKSPACE, DELETE],
        None,
        "Take off the last one chosen",
    ),
    cmd(
        "contact_choice.next",
        A::NextField,
        C::ContactChoice,
        &[TAB, DOWN],
        Some("next"),
        "Next field",
    ),
    cmd(
        "contact_choice.prev",
        A::PrevField,
        C::ContactChoice,
        &[BACKTAB, UP],
        None,
        "Previous field",
    ),
    cmd(
        "contact_choice.leave",
        A::Back,
        C::ContactChoice,
        &[ESC],
        Some("leave"),
        "Leave the field: keys then act as commands",
    ),
    cmd(
        "contact_form.save",
        A::Submit,
        C::ContactForm,
        &[ctrl('s')],
        Some("save"),
        "Save the contact (checks every field first; again to retry)",
    ),
    cmd(
        "contact_form.add_row",
        A::AddRow,
        C::ContactForm,
        &[ctrl('n')],
        Some("add row"),
        "Add an e-mail or phone row below the focused one",
    ),
    cmd(
        "contact_form.remove_row",
        A::RemoveRow,
        C::ContactForm,
        &[ctrl('x')],
        None,
        "Remove the focused e-mail or phone row",
    ),
    cmd(
        "contact_form.edit",
        A::Open,
        C::ContactForm,
        &[ENTER, ch('i')],
        Some("edit"),
        "Edit the focused field",
    ),
    cmd(
        "contact_search.keep",
        A::Accept,
        C::ContactSearch,
        &[ENTER],
        Some("keep"),
        "Keep the search and leave the box",
    ),
    cmd(
        "contact_search.clear",
        A::Clear,
        C::ContactSearch,
        &[ESC],
        Some("clear"),
        "Clear the search and leave the box",
    ),
    cmd(
        "contacts.new",
        A::NewBlank,
        C::Contacts,
        &[ch('n')],
        Some("new"),
        "New contact: a blank form (asks before clearing input)",
    ),
    cmd(
        "contacts.new_keep",
        A::NewKeep,
        C::Contacts,
        &[ch('N')],
        Some("same org"),
        "New contact keeping the organizations and tags",
    ),
    cmd(
        "contacts.search",
        A::Search,
        C::Contacts,
        &[ch('/')],
        Some("search"),
        "Search the contact list",
    ),
    cmd(
        "contact_list.open",
        A::Open,
        C::ContactList,
        &[ENTER],
        Some("open"),
        "Open the contact under the cursor: every field, read only",
    ),
    cmd(
        "contact_list.delete",
        A::Delete,
        C::ContactList,
        &[ch('D')],
        Some("delete"),
        "Delete the contact under the cursor (asks first)",
    ),
    cmd(
        "contact_view.delete",
        A::Delete,
        C::ContactView,
        &[ch('D')],
        Some("delete"),
        "Delete the contact in view (asks first)",
    ),
    cmd(
        "contact_view.close",
        A::Cancel,
        C::ContactView,
        &[ESC, ENTER, ch('q')],
        Some("close"),
        "Close the contact",
    ),
    cmd(
        "contacts.switch",
        A::SwitchPane,
        C::Contacts,
        &[ctrl('l')],
        Some("form/list"),
        "Switch between the form and the contact list",
    ),
    cmd(
        "contacts.organizations",
        A::ToggleOrganizations,
        C::Contacts,
        &[alt('o')],
        Some("orgs"),
        "Show the organizations tab",
    ),
    cmd(
        "organizations.contacts",
        A::ToggleOrganizations,
        C::Organizations,
        &[alt('o')],
        Some("contacts"),
        "Back to the contact form and list",
    ),
    cmd(
        "organizations.search",
        A::Search,
        C::Organizations,
        &[ch('/')],
        Some("search"),
        "Search the organizations (the service matches the text)",
    ),
    cmd(
        "organizations.open",
        A::Open,
        C::Organizations,
        &[ENTER],
        Some("open"),
        "Open the organization under the cursor: addresses, e-mails, phones, contacts, tags",
    ),
    cmd(
        "organizations.back",
        A::Back,
        C::Organizations,
        &[ESC],
        None,
        "Clear the search",
    ),
    cmd(
        "org_search.keep",
        A::Accept,
        C::OrgSearch,
        &[ENTER],
        Some("keep"),
        "Keep the search and leave the box",
    ),
    cmd(
        "org_search.clear",
        A::Clear,
        C::OrgSearch,
        &[ESC],
        Some("clear"),
        "Clear the search and leave the box",
    ),
    cmd(
        "org_view.close",
        A::Cancel,
        C::OrgView,
        &[ESC, ENTER, ch('q')],
        Some("close"),
        "Close the organization",
    ),
    cmd(
        "contacts.save",
        A::Submit,
        C::Contacts,
        &[ctrl('s')],
        None,
        "Save the contact being entered (or look again for one whose answer was lost)",
    ),
    cmd(
        "contacts.back",
        A::Back,
        C::Contacts,
        &[ESC],
        None,
        "Back: drop the error message, clear the list search, return to the form",
    ),
    cmd(
        "draft.restore",
        A::Restore,
        C::Draft,
        &[ENTER, ch('y')],
        Some("restore"),
        "Restore the draft into the form",
    ),
    cmd(
        "draft.discard",
        A::Discard,
        C::Draft,
        &[ch('n')],
        Some("discard"),
        "Discard the draft and start blank",
    ),
    // Layers every screen can open: pickers, prompts, questions, help and messages.
    cmd(
        "picker.choose",
        A::Accept,
        C::Picker,
        &[ENTER],
        Some("choose"),
        "Choose the item (where several are taken: apply the set); on no match, create it where the list can",
    ),
    cmd(
        "multi_picker.toggle",
        A::Toggle,
        C::MultiPicker,
        &[TAB],
        Some("toggle"),
        "Choose or unchoose the item; Enter then applies the set",
    ),
    cmd(
        "views.delete",
        A::Delete,
        C::Views,
        &[ctrl('d')],
        Some("delete"),
        "Delete the saved view under the cursor (asks first)",
    ),
    cmd(
        "picker.down",
        A::Down,
        C::Picker,
        &[DOWN, ctrl('n'), ctrl('j')],
        None,
        "Next item",
    ),
    cmd(
        "picker.up",
        A::Up,
        C::Picker,
        &[UP, ctrl('p'), ctrl('k')],
        None,
        "Previous item",
    ),
    cmd(
        "picker.page_down",
        A::PageDown,
        C::Picker,
        &[PGDN],
        None,
        "Ten items down",
    ),
    cmd(
        "picker.page_up",
        A::PageUp,
        C::Picker,
        &[PGUP],
        None,
        "Ten items up",
    ),
    cmd(
        "picker.cancel",
        A::Cancel,
        C::Picker,
        &[ESC],
        Some("cancel"),
        "Close without choosing",
    ),
    // The dialog of `T` (and of an entry picked with `L`).
    cmd(
        "time_log.next",
        A::NextField,
        C::TimeLog,
        &[TAB, DOWN],
        Some("next field"),
        "Next field",
    ),
    cmd(
        "time_log.prev",
        A::PrevField,
        C::TimeLog,
        &[BACKTAB, UP],
        None,
        "Previous field",
    ),
    cmd(
        "time_log.save",
        A::Accept,
        C::TimeLog,
        &[ENTER],
        Some("save"),
        "Log the time (or save the entry being edited)",
    ),
    cmd(
        "time_log.delete",
        A::Delete,
        C::TimeLog,
        &[ctrl('d')],
        Some("delete"),
        "Delete the entry being edited (asks first)",
    ),
    cmd(
        "time_log.cancel",
        A::Cancel,
        C::TimeLog,
        &[ESC],
        Some("cancel"),
        "Close without logging anything",
    ),
    // The comment being written (`i`, or `r` on a comment).
    cmd(
        "comment_edit.send",
        A::Submit,
        C::CommentEdit,
        &[ctrl('s')],
        Some("send"),
        "Send the comment",
    ),
    cmd(
        "comment_edit.new_line",
        A::NewLine,
        C::CommentEdit,
        &[ENTER],
        Some("new line"),
        "New line",
    ),
    cmd(
        "comment_edit.up",
        A::Up,
        C::CommentEdit,
        &[UP],
        None,
        "Line up",
    ),
    cmd(
        "comment_edit.down",
        A::Down,
        C::CommentEdit,
        &[DOWN],
        None,
        "Line down",
    ),
    cmd(
        "comment_edit.close",
        A::Cancel,
        C::CommentEdit,
        &[ESC],
        Some("close"),
        "Close; what is written is kept for the next i on the task",
    ),
    // A comment picked with `I`.
    cmd(
        "comment_view.reply",
        A::Reply,
        C::CommentView,
        &[ch('r')],
        Some("reply"),
        "Reply to the comment",
    ),
    cmd(
        "comment_view.delete",
        A::Delete,
        C::CommentView,
        &[ch('D')],
        Some("delete"),
        "Delete the comment and its replies (mine only; asks first)",
    ),
    cmd(
        "comment_view.close",
        A::Cancel,
        C::CommentView,
        &[ESC, ch('q')],
        Some("close"),
        "Close",
    ),
    cmd(
        "prompt.accept",
        A::Accept,
        C::Prompt,
        &[ENTER],
        Some("ok"),
        "Take what is typed",
    ),
    cmd(
        "prompt.cancel",
        A::Cancel,
        C::Prompt,
        &[ESC],
        Some("cancel"),
        "Close without changing anything",
    ),
    cmd(
        "confirm.yes",
        A::Yes,
        C::Confirm,
        &[ch('y')],
        Some("yes"),
        "Yes",
    ),
    cmd(
        "confirm.no",
        A::No,
        C::Confirm,
        &[ch('n'), ESC],
        Some("no"),
        "No",
    ),
    cmd(
        "overlay.down",
        A::Down,
        C::Overlay,
        &[ch('j'), DOWN],
        Some("scroll"),
        "Scroll down",
    ),
    cmd(
        "overlay.up",
        A::Up,
        C::Overlay,
        &[ch('k'), UP],
        None,
        "Scroll up",
    ),
    cmd(
        "overlay.page_down",
        A::PageDown,
        C::Overlay,
        &[PGDN, ch(' ')],
        None,
        "A page down",
    ),
    cmd(
        "overlay.page_up",
        A::PageUp,
        C::Overlay,
        &[PGUP],
        None,
        "A page up",
    ),
    cmd(
        "overlay.top",
        A::Top,
        C::Overlay,
        &[ch('g'), HOME],
        None,
        "Back to the top",
    ),
    cmd(
        "overlay.bottom",
        A::Bottom,
        C::Overlay,
        &[ch('G'), END],
        None,
        "To the end",
    ),
    cmd(
        "overlay.close",
        A::Cancel,
        C::Overlay,
        &[ESC, ch('q'), ch('?'), ENTER],
        Some("close"),
        "Close",
    ),
    // Editing any text field: prompts, picker queries, search boxes, the contact form.
    cmd(
        "text.start",
        A::Text(TextEdit::Start),
        C::Text,
        &[ctrl('a'), HOME],
        None,
        "Cursor to the start",
    ),
    cmd(
        "text.end",
        A::Text(TextEdit::End),
        C::Text,
        &[ctrl('e'), END],
        None,
        "Cursor to the end",
    ),
    cmd(
        "text.left",
        A::Text(TextEdit::Left),
        C::Text,
        &[LEFT, ctrl('b')],
        None,
        "Cursor one character left",
    ),
    cmd(
        "text.right",
        A::Text(TextEdit::Right),
        C::Text,
        &[RIGHT, ctrl('f')],
        None,
        "Cursor one character right",
    ),
    cmd(
        "text.word_left",
        A::Text(TextEdit::WordLeft),
        C::Text,
        &[ctrl_code(K::Left), alt('b')],
        None,
        "Cursor one word left",
    ),
    cmd(
        "text.word_right",
        A::Text(TextEdit::WordRight),
        C::Text,
        &[ctrl_code(K::Right), alt('f')],
        None,
        "Cursor one word right",
    ),
    cmd(
        "text.delete_back",
        A::Text(TextEdit::DeleteBack),
        C::Text,
        &[BACKSPACE, ctrl('h')],
        None,
        "Delete the character before the cursor",
    ),
    cmd(
        "text.delete_forward",
        A::Text(TextEdit::DeleteForward),
        C::Text,
        &[DELETE],
        None,
        "Delete the character under the cursor",
    ),
    cmd(
        "text.delete_word_back",
        A::Text(TextEdit::DeleteWordBack),
        C::Text,
        &[ctrl('w'), alt_code(K::Backspace)],
        None,
        "Delete the word before the cursor",
    ),
    cmd(
        "text.delete_word_forward",
        A::Text(TextEdit::DeleteWordForward),
        C::Text,
        &[ctrl_code(K::Delete), alt('d')],
        None,
        "Delete the word after the cursor",
    ),
    cmd(
        "text.delete_line",
        A::Text(TextEdit::DeleteLine),
        C::Text,
        &[ctrl('u')],
        None,
        "Delete the whole line",
    ),
    cmd(
        "text.delete_to_end",
        A::Text(TextEdit::DeleteToEnd),
        C::Text,
        &[ctrl('k')],
        None,
        "Delete from the cursor to the end",
    ),
    cmd(
        "text.yank",
        A::Text(TextEdit::Yank),
        C::Text,
        &[ctrl('y')],
        None,
        "Put back what the last deletion took",
    ),
    // Any list: tasks, funnels, deals in a column, contacts, the fields of the contact form.
    cmd(
        "list.down",
        A::Down,
        C::List,
        &[ch('j'), DOWN],
        None,
        "Down",
    ),
    cmd("list.up", A::Up, C::List, &[ch('k'), UP], None, "Up"),
    cmd(
        "list.top",
        A::Top,
        C::List,
        &[ch('g'), HOME],
        None,
        "First row",
    ),
    cmd(
        "list.bottom",
        A::Bottom,
        C::List,
        &[ch('G'), END],
        None,
        "Last row (tasks and deals: the pages not loaded come first; Esc stops)",
    ),
    cmd(
        "list.page_down",
        A::PageDown,
        C::List,
        &[PGDN, ctrl('f')],
        None,
        "Page down",
    ),
    cmd(
        "list.page_up",
        A::PageUp,
        C::List,
        &[PGUP, ctrl('b')],
        None,
        "Page up",
    ),
    cmd(
        "list.half_down",
        A::HalfDown,
        C::List,
        &[ctrl('d')],
        None,
        "Half a page down",
    ),
    cmd(
        "list.half_up",
        A::HalfUp,
        C::List,
        &[ctrl('u')],
        None,
        "Half a page up",
    ),
    cmd(
        "global.quit",
        A::Quit,
        C::Global,
        &[ch('q'), ctrl('c')],
        Some("quit"),
        "Quit (asks first when a form holds unsaved input)",
    ),
    cmd(
        "global.help",
        A::Help,
        C::Global,
        &[ch('?')],
        Some("help"),
        "Keys of this screen",
    ),
    cmd(
        "global.palette",
        A::Palette,
        C::Global,
        &[ctrl('p'), ch(':')],
        None,
        "Command palette",
    ),
    cmd(
        "global.refresh",
        A::Refresh,
        C::Global,
        &[ch('r')],
        None,
        "Refresh",
    ),
    cmd(
        "global.messages",
        A::Messages,
        C::Global,
        &[ch('M')],
        None,
        "Every message since the app started, in full",
    ),
    cmd(
        "global.dismiss",
        A::Back,
        C::Global,
        &[ESC],
        None,
        "Dismiss the messages on screen",
    ),
    cmd(
        "global.tasks",
        A::ScreenTasks,
        C::Global,
        &[alt('1')],
        None,
        "Tasks screen",
    ),
    cmd(
        "global.funnels",
        A::ScreenFunnels,
        C::Global,
        &[alt('2')],
        None,
        "Funnels screen",
    ),
    cmd(
        "global.contacts",
        A::ScreenContacts,
        C::Global,
        &[alt('3')],
        None,
        "Contacts screen",
    ),
    cmd(
        "global.next_screen",
        A::NextScreen,
        C::Global,
        &[TAB],
        Some("screens"),
        "Next screen",
    ),
    cmd(
        "global.prev_screen",
        A::PrevScreen,
        C::Global,
        &[BACKTAB],
        None,
        "Previous screen",
    ),
];

/// The command with `id`.
pub fn by_id(id: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.id == id)
}

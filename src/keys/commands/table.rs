//! The default bindings, one line per command: its id (`context.verb`, the context being the
//! layer it acts in), its keys, the action it sends, its footer hint and what help says of it.
//! Within a context, help, the footer and the palette list commands in this order.
//!
//! Keys are written with the helpers below: `ch('x')` a character as typed (`ch('D')` is
//! Shift-d), `ctrl('d')`, `alt('1')`, and names for the keys that type nothing (`ENTER`, `ESC`,
//! `TAB`, `BACKTAB`, arrows, …). A row's keys go to the first context of the focused layer's
//! chain that binds them; the tests in `keymap` check that no key does two things in one
//! context and that text contexts take only keys that type nothing. After a change here,
//! `UPDATE_KEYS_DOC=1 cargo test -p weeek-tui --lib keys_doc` writes `docs/keys.md` again.

use crossterm::event::KeyCode;

use super::Command;
use super::action::{Action, Due};
use super::context::Context;
use crate::keys::keymap::Key;
use crate::widgets::field::TextEdit;

/// One row of the table; its context is the first part of its id.
const fn cmd(
    id: &'static str,
    keys: &'static [Key],
    action: Action,
    hint: Option<&'static str>,
    description: &'static str,
) -> Command {
    Command {
        id,
        action,
        context: Context::of_command(id),
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

const fn ctrl_code(code: KeyCode) -> Key {
    Key::ctrl_code(code)
}

const fn alt_code(code: KeyCode) -> Key {
    Key::alt_code(code)
}

use Action as A;
use KeyCode as K;

const ENTER: Key = Key::code(K::Enter);
const ESC: Key = Key::code(K::Esc);
const TAB: Key = Key::code(K::Tab);
const BACKTAB: Key = Key::code(K::BackTab);
const DOWN: Key = Key::code(K::Down);
const UP: Key = Key::code(K::Up);
const LEFT: Key = Key::code(K::Left);
const RIGHT: Key = Key::code(K::Right);
const HOME: Key = Key::code(K::Home);
const END: Key = Key::code(K::End);
const PGDN: Key = Key::code(K::PageDown);
const PGUP: Key = Key::code(K::PageUp);
const BACKSPACE: Key = Key::code(K::Backspace);
const DELETE: Key = Key::code(K::Delete);

/// Every command.
#[rustfmt::skip]
pub static COMMANDS: &[Command] = &[
    // The task list. Digits set priority (triage is what the list is for), and mean nothing
    // else anywhere: screens are reached with Tab or Alt-digit.
    cmd("tasks.complete",        &[ch('x')],        A::Complete,        Some("done"),     "Complete or reopen the marked tasks (else the cursor task)"),
    cmd("tasks.priority_low",    &[ch('0')],        A::Priority(0),     Some("prio"),     "Priority Low"),
    cmd("tasks.priority_medium", &[ch('1')],        A::Priority(1),     Some("prio"),     "Priority Medium"),
    cmd("tasks.priority_high",   &[ch('2')],        A::Priority(2),     Some("prio"),     "Priority High"),
    cmd("tasks.priority_hold",   &[ch('3')],        A::Priority(3),     Some("prio"),     "Priority Hold"),
    cmd("tasks.move",            &[ch('m')],        A::MoveColumn,      Some("move"),     "Move to a column of the task's board"),
    cmd("tasks.assign",          &[ch('a')],        A::Assign,          Some("assign"),   "Assign or unassign members"),
    cmd("tasks.due",             &[ch('d')],        A::DueDate,         Some("due"),      "Set or clear the due date"),
    cmd("tasks.rename",          &[ch('e')],        A::Rename,          None,             "Rename the task"),
    cmd("tasks.description",     &[ch('E')],        A::EditDescription, None,             "Edit the description (in $VISUAL, $EDITOR or here)"),
    cmd("tasks.new",             &[ch('n')],        A::NewTask,         Some("new"),      "New task, in a form that starts where the list is"),
    cmd("tasks.new_subtask",     &[ch('N')],        A::NewSubtask,      None,             "New subtask of the task at the cursor"),
    cmd("tasks.subtasks",        &[ch('l'), RIGHT], A::Subtasks,        None,             "Into the detail's subtasks: x ticks one, Enter opens it, Esc comes back"),
    cmd("tasks.custom_fields",   &[ch('C')],        A::CustomFields,    None,             "Into the detail's custom fields: Enter edits one with an input that fits its type"),
    cmd("tasks.delete",          &[ch('D')],        A::Delete,          None,             "Delete (asks first)"),
    cmd("tasks.undo",            &[ch('u')],        A::Undo,            Some("undo"),     "Undo the last change"),
    cmd("tasks.timer",           &[ch('t')],        A::ToggleTimer,     Some("timer"),    "Start or stop my timer on the task (starting it stops the one running)"),
    cmd("tasks.log_time",        &[ch('T')],        A::LogTime,         None,             "Log time on the task: a duration (1h30m, 90m, 1.5h, :45), a day, a comment"),
    cmd("tasks.time_entries",    &[ch('L')],        A::TimeEntries,     None,             "The task's logged time: pick an entry to edit or delete it"),
    cmd("tasks.watchers",        &[ch('W')],        A::Watchers,        None,             "The task's watchers: tick members to add, untick to remove"),
    cmd("tasks.upload",          &[ch('U')],        A::UploadFile,      None,             "Attach a file to the task: type its path (Tab completes it)"),
    cmd("tasks.save_attachment", &[ch('S')],        A::SaveAttachment,  None,             "Save one of the task's attachments to the downloads directory"),
    cmd("tasks.comment",         &[ch('i')],        A::Comment,         None,             "Write a comment on the task (several lines; Ctrl-s sends)"),
    cmd("tasks.comments",        &[ch('I')],        A::CommentThread,   None,             "The task's comments as a tree: reply to one (r), open it, delete it"),
    cmd("tasks.detail",          &[ENTER, ch('p')], A::Open,            Some("detail"),   "Show or hide the detail pane"),
    cmd("tasks.detail_down",     &[ch('J')],        A::DetailDown,      None,             "Scroll the detail pane down"),
    cmd("tasks.detail_up",       &[ch('K')],        A::DetailUp,        None,             "Scroll the detail pane up"),
    cmd("tasks.board",           &[ch('b')],        A::OpenBoard,       Some("board"),    "The board of the task, its columns side by side, the cursor on its card"),
    cmd("tasks.open_web",        &[ch('o')],        A::OpenInBrowser,   None,             "Open the task's page in the browser"),
    cmd("tasks.copy_link",       &[ch('y')],        A::CopyLink,        None,             "Copy the task's link (to the terminal's clipboard, works over ssh)"),
    cmd("tasks.copy_id",         &[ch('Y')],        A::CopyId,          None,             "Copy the task's id"),
    cmd("tasks.filter",          &[ch('f')],        A::Filter,          Some("filter"),   "Filter panel"),
    cmd("tasks.search",          &[ch('/')],        A::Search,          Some("search"),   "Search titles and descriptions"),
    cmd("tasks.sort",            &[ch('s')],        A::Sort,            Some("sort"),     "Sort: the useful order first (most overdue, highest, newest); again to reverse"),
    cmd("tasks.views",           &[ch('F')],        A::Views,           Some("views"),    "Saved views: apply one, save the current filters and sort under a name, delete one"),
    cmd("tasks.scope",           &[ch('A')],        A::ToggleScope,     Some("mine/all"), "Switch between my tasks and everyone's"),
    cmd("tasks.mark",            &[ch(' ')],        A::ToggleMark,      None,             "Mark or unmark the task"),
    cmd("tasks.mark_range",      &[ch('v')],        A::RangeMark,       None,             "Mark from the last mark to the cursor"),
    cmd("tasks.mark_all",        &[ctrl('a')],      A::MarkAll,         None,             "Mark every loaded task; again, every task that matches (the rest loads first)"),
    cmd("tasks.back",            &[ESC],            A::Back,            None,             "Back: stop loading, close the detail, clear the marks, take off the newest filter, then the sort, then everyone's tasks back to mine"),

    // The filter panel (`f`) and its rows typed into (dates, text).
    cmd("filters.down",      &[ch('j'), DOWN, TAB],                  A::Down,                    Some("row"),   "Next filter"),
    cmd("filters.up",        &[ch('k'), UP, BACKTAB],                A::Up,                      None,          "Previous filter"),
    cmd("filters.edit",      &[ENTER, ch(' '), ch('l'), RIGHT],      A::Edit,                    Some("edit"),  "Edit the filter: a picker, or text typed in place"),
    cmd("filters.overdue",   &[ch('o')],                             A::QuickDue(Due::Overdue),  None,          "Due: overdue (again: off)"),
    cmd("filters.due_today", &[ch('t')],                             A::QuickDue(Due::Today),    None,          "Due: today (again: off)"),
    cmd("filters.due_week",  &[ch('w')],                             A::QuickDue(Due::ThisWeek), None,          "Due: this week (again: off)"),
    cmd("filters.no_due",    &[ch('n')],                             A::QuickDue(Due::NoDate),   None,          "Due: no due date (again: off)"),
    cmd("filters.clear",     &[BACKSPACE, DELETE, ch('x'), ch('d')], A::Clear,                   Some("clear"), "Clear the filter"),
    cmd("filters.close",     &[ESC, ch('q'), ch('f')],               A::Cancel,                  Some("close"), "Close the panel"),

    cmd("filter_entry.apply", &[ENTER], A::Accept, Some("apply"), "Apply the dates typed (text applies as it is typed) and leave the row"),
    cmd("filter_entry.leave", &[ESC],   A::Cancel, Some("leave"), "Leave the row (dates not applied yet are dropped; the text search is cleared)"),

    // A board on the task screen: the task list's verbs act on the card under the cursor.
    cmd("board.prev_column",   &[ch('h'), LEFT],  A::Left,         Some("column"),  "Previous column"),
    cmd("board.next_column",   &[ch('l'), RIGHT], A::Right,        Some("column"),  "Next column"),
    cmd("board.move_prev",     &[ch('H')],        A::MovePrev,     Some("move"),    "Move the card to the previous column"),
    cmd("board.move_next",     &[ch('L')],        A::MoveNext,     Some("move"),    "Move the card to the next column"),
    cmd("board.move_down",     &[ch('J')],        A::MoveDown,     Some("order"),   "Move the card down its column"),
    cmd("board.move_up",       &[ch('K')],        A::MoveUp,       Some("order"),   "Move the card up its column"),
    cmd("board.detail_down",   &[ctrl('e')],      A::DetailDown,   None,            "Scroll the detail pane down (J and K order the cards here)"),
    cmd("board.detail_up",     &[ctrl('y')],      A::DetailUp,     None,            "Scroll the detail pane up"),
    cmd("board.new_column",    &[ch('C')],        A::NewColumn,    Some("columns"), "New column, last on the board"),
    cmd("board.rename_column", &[ch('R')],        A::RenameColumn, Some("columns"), "Rename the focused column"),
    cmd("board.delete_column", &[ch('X')],        A::DeleteColumn, Some("columns"), "Delete the focused column (asks first; says where its tasks go)"),
    cmd("board.column_left",   &[ch('<')],        A::ColumnLeft,   None,            "Move the focused column one place left"),
    cmd("board.column_right",  &[ch('>')],        A::ColumnRight,  None,            "Move the focused column one place right"),
    cmd("board.back",          &[ESC],            A::Back,         Some("back"),    "Back to where the board was opened: the task list or the projects tree (the detail pane closes first)"),

    // The funnels screen: the list, its search box, one funnel's board, one deal.
    cmd("funnels.open",         &[ENTER],   A::Open,      Some("open"),   "Open the funnel: its fields, statuses and deals"),
    cmd("funnels.search",       &[ch('/')], A::Search,    Some("search"), "Search funnels by name"),
    cmd("funnels.new",          &[ch('n')], A::NewFunnel, None,           "New funnel: its name, then its currency (the service gives it its first statuses)"),
    cmd("funnels.rename",       &[ch('e')], A::Rename,    None,           "Rename the funnel"),
    cmd("funnels.delete",       &[ch('D')], A::Delete,    None,           "Delete the funnel with its statuses and deals (asks first)"),
    cmd("funnels.clear_search", &[ESC],     A::Back,      None,           "Clear the search"),

    cmd("funnel_search.keep",  &[ENTER], A::Accept, Some("keep"),  "Keep the search and leave the box"),
    cmd("funnel_search.clear", &[ESC],   A::Clear,  Some("clear"), "Clear the search and leave the box"),

    cmd("funnel.prev_status",   &[ch('h'), LEFT],  A::Left,            Some("status"),   "Previous status column"),
    cmd("funnel.next_status",   &[ch('l'), RIGHT], A::Right,           Some("status"),   "Next status column"),
    cmd("funnel.move_prev",     &[ch('H')],        A::MovePrev,        Some("move"),     "Move the deal to the previous status"),
    cmd("funnel.move_next",     &[ch('L')],        A::MoveNext,        Some("move"),     "Move the deal to the next status"),
    cmd("funnel.new_deal",      &[ch('n')],        A::NewDeal,         Some("new"),      "New deal in the focused status (its draft, if one was left)"),
    cmd("funnel.edit_deal",     &[ch('e')],        A::EditDeal,        Some("edit"),     "Edit the deal (only what changes is sent)"),
    cmd("funnel.search",        &[ch('/')],        A::Search,          None,             "Search the funnel's deals (Enter keeps it, Esc clears it)"),
    cmd("funnel.filter",        &[ch('f')],        A::Filter,          None,             "Filter the deals by outcome, assignee, tag, organization"),
    cmd("funnel.sort",          &[ch('s')],        A::Sort,            None,             "Sort the deals (the same key again reverses)"),
    cmd("funnel.won",           &[ch('w')],        A::MarkWon,         Some("won/lost"), "Mark the deal won (again: open)"),
    cmd("funnel.lost",          &[ch('W')],        A::MarkLost,        Some("won/lost"), "Mark the deal lost (again: open)"),
    cmd("funnel.archive",       &[ch('Z')],        A::Archive,         None,             "Archive the deal (again: open)"),
    cmd("funnel.delete",        &[ch('D')],        A::Delete,          Some("delete"),   "Delete the deal (asks first)"),
    cmd("funnel.new_status",    &[ch('C')],        A::NewStatus,       None,             "New status, last on the board"),
    cmd("funnel.rename_status", &[ch('R')],        A::RenameStatus,    None,             "Rename the focused status"),
    cmd("funnel.delete_status", &[ch('X')],        A::DeleteStatus,    None,             "Delete the focused status (asks first; says what becomes of its deals)"),
    cmd("funnel.status_left",   &[ch('<')],        A::MoveStatusLeft,  None,             "Move the focused status one place left"),
    cmd("funnel.status_right",  &[ch('>')],        A::MoveStatusRight, None,             "Move the focused status one place right"),
    cmd("funnel.prev_one",      &[ch('[')],        A::PrevStatus,      None,             "Previous status (one at a time on narrow terminals)"),
    cmd("funnel.next_one",      &[ch(']')],        A::NextStatus,      None,             "Next status (one at a time on narrow terminals)"),
    cmd("funnel.deal",          &[ENTER],          A::Open,            Some("deal"),     "Every field of the deal"),
    cmd("funnel.overview",      &[ch('i')],        A::ToggleDetail,    Some("info"),     "Funnel overview: above the board, whole screen, or hidden"),
    cmd("funnel.back",          &[ESC],            A::Back,            Some("back"),     "Back to the list of funnels (stops loading a column to its end, and a whole-screen overview closes, first)"),

    cmd("deal.next_task",   &[ch('J')], A::NextItem, Some("task"),      "Next linked task"),
    cmd("deal.prev_task",   &[ch('K')], A::PrevItem, Some("task"),      "Previous linked task"),
    cmd("deal.open_task",   &[ENTER],   A::Open,     Some("open task"), "Open the linked task on the task screen, in its detail (closes a deal without tasks)"),
    cmd("deal.open_link",   &[ch('c')], A::OpenLink, Some("contacts"),  "Open one of the deal's contacts or organizations on the contacts screen"),
    cmd("deal.new_task",    &[ch('n')], A::NewTask,  Some("new task"),  "New task linked to the deal, by its title"),
    cmd("deal.detach_task", &[ch('D')], A::Delete,   None,              "Detach the linked task from the deal (asks; the task stays)"),
    cmd("deal.close",       &[ESC],     A::Back,     Some("close"),     "Close the deal"),

    // The deal form. In its fields letters type, so its keys are chords or keys that type
    // nothing; on a choice, typing opens the picker with what was typed.
    cmd("deal_form.save",  &[ctrl('s')], A::Submit, Some("save"),  "Save the deal: every field is checked first, nothing is sent twice"),
    cmd("deal_form.close", &[ESC],       A::Back,   Some("close"), "Close the form (asks before dropping changes)"),

    cmd("deal_field.next", &[TAB, ENTER, DOWN], A::NextField, Some("next"), "Next field (the field left is checked)"),
    cmd("deal_field.prev", &[BACKTAB, UP],      A::PrevField, None,         "Previous field"),

    cmd("deal_choice.open",   &[ENTER],       A::Open,      Some("choose"), "Choose (a picker; on a yes/no field: yes, no, unset in turn)"),
    cmd("deal_choice.remove", &[BACKSPACE],   A::Remove,    Some("remove"), "Take off the last one chosen"),
    cmd("deal_choice.next",   &[TAB, DOWN],   A::NextField, Some("next"),   "Next field"),
    cmd("deal_choice.prev",   &[BACKTAB, UP], A::PrevField, None,           "Previous field"),

    // The detail pane's custom fields (`C`).
    cmd("custom_fields.down",        &[ch('j'), DOWN],           A::Down,       None,         "Next field"),
    cmd("custom_fields.up",          &[ch('k'), UP],             A::Up,         None,         "Previous field"),
    cmd("custom_fields.edit",        &[ENTER, ch('e')],          A::Open,       Some("edit"), "Edit the value: options or members in a picker, a number, a day, text; a yes/no flips"),
    cmd("custom_fields.back",        &[ESC, BACKSPACE, ch('h')], A::Back,       Some("back"), "Back to the list"),
    cmd("custom_fields.scroll_down", &[ch('J')],                 A::DetailDown, None,         "Scroll the detail down"),
    cmd("custom_fields.scroll_up",   &[ch('K')],                 A::DetailUp,   None,         "Scroll the detail up"),

    // The detail pane's subtask list (`l`).
    cmd("subtasks.down",        &[ch('j'), DOWN],           A::Down,       None,         "Next subtask"),
    cmd("subtasks.up",          &[ch('k'), UP],             A::Up,         None,         "Previous subtask"),
    cmd("subtasks.tick",        &[ch('x')],                 A::Complete,   Some("done"), "Tick or untick the subtask (put back if the service refuses)"),
    cmd("subtasks.open",        &[ENTER, ch('l')],          A::Open,       Some("open"), "Open the subtask in the pane, with its own subtasks"),
    cmd("subtasks.back",        &[ESC, BACKSPACE, ch('h')], A::Back,       Some("back"), "Back to the task the subtask was opened from; from the cursor task, back to the list"),
    cmd("subtasks.scroll_down", &[ch('J')],                 A::DetailDown, None,         "Scroll the detail down"),
    cmd("subtasks.scroll_up",   &[ch('K')],                 A::DetailUp,   None,         "Scroll the detail up"),

    // The new-task form (`n`). In its fields letters type, so its keys are chords or keys
    // that type nothing; on a choice, typing opens the picker with what was typed.
    cmd("task_form.save",  &[ctrl('s')], A::Submit,  Some("create"), "Create the task: every field is checked first, nothing is sent twice"),
    cmd("task_form.close", &[ESC],       A::Back,    Some("close"),  "Close the form; what is filled in is kept as a draft for the next n"),
    cmd("task_form.clear", &[ctrl('x')], A::Discard, None,           "Clear the form and drop its draft"),

    cmd("task_title.create", &[ENTER], A::Accept, Some("create/next"), "With only a title filled in, create the task at once; otherwise the next field"),

    cmd("task_field.next", &[TAB, ENTER, DOWN], A::NextField, Some("next"), "Next field (the field left is checked)"),
    cmd("task_field.prev", &[BACKTAB, UP],      A::PrevField, None,         "Previous field"),

    cmd("task_choice.open",   &[ENTER],             A::Open,      Some("choose"), "Choose in a picker (typing opens it too); a project then offers its boards, a board its columns"),
    cmd("task_choice.remove", &[BACKSPACE, DELETE], A::Remove,    Some("remove"), "Take off the last one chosen"),
    cmd("task_choice.next",   &[TAB, DOWN],         A::NextField, Some("next"),   "Next field"),
    cmd("task_choice.prev",   &[BACKTAB, UP],       A::PrevField, None,           "Previous field"),

    cmd("task_notes.new_line", &[ENTER],   A::NewLine,   Some("new line"), "New line"),
    cmd("task_notes.up",       &[UP],      A::Up,        None,             "Line up (from the first line: the previous field)"),
    cmd("task_notes.down",     &[DOWN],    A::Down,      None,             "Line down (from the last line: the next field)"),
    cmd("task_notes.next",     &[TAB],     A::NextField, None,             "Next field"),
    cmd("task_notes.prev",     &[BACKTAB], A::PrevField, Some("prev"),     "Previous field"),

    // The contacts screen. In its fields letters type, so field keys are chords or keys that
    // type nothing.
    cmd("contact_field.next",  &[TAB, ENTER, DOWN], A::NextField, Some("next"),  "Next field (the field left is checked)"),
    cmd("contact_field.prev",  &[BACKTAB, UP],      A::PrevField, None,          "Previous field"),
    cmd("contact_field.leave", &[ESC],              A::Back,      Some("leave"), "Leave the field: keys then act as commands"),

    cmd("contact_choice.open",   &[ENTER],             A::Open,      Some("choose"), "Choose in a picker (typing opens it too, with what is typed)"),
    cmd("contact_choice.remove", &[BACKSPACE, DELETE], A::Remove,    None,           "Take off the last one chosen"),
    cmd("contact_choice.next",   &[TAB, DOWN],         A::NextField, Some("next"),   "Next field"),
    cmd("contact_choice.prev",   &[BACKTAB, UP],       A::PrevField, None,           "Previous field"),
    cmd("contact_choice.leave",  &[ESC],               A::Back,      Some("leave"),  "Leave the field: keys then act as commands"),

    cmd("contact_form.save",       &[ctrl('s')],      A::Submit,    Some("save"),    "Save the contact (checks every field first; again to retry)"),
    cmd("contact_form.add_row",    &[ctrl('n')],      A::AddRow,    Some("add row"), "Add an e-mail or phone row below the focused one"),
    cmd("contact_form.remove_row", &[ctrl('x')],      A::RemoveRow, None,            "Remove the focused e-mail or phone row"),
    cmd("contact_form.edit",       &[ENTER, ch('i')], A::Open,      Some("edit"),    "Edit the focused field"),

    cmd("contact_search.keep",  &[ENTER], A::Accept, Some("keep"),  "Keep the search and leave the box"),
    cmd("contact_search.clear", &[ESC],   A::Clear,  Some("clear"), "Clear the search and leave the box"),

    // The projects tree and its name filter.
    cmd("projects.open",        &[ENTER, ch('l'), RIGHT], A::Open,       Some("open"),   "Open the branch under the cursor (again: its first row); on a board, the board"),
    cmd("projects.close",       &[ch('h'), LEFT],         A::Left,       Some("close"),  "Close the branch under the cursor, or go up to the one holding it"),
    cmd("projects.new_project", &[ch('n')],               A::NewProject, Some("new"),    "New project, by its name, in the portfolio under the cursor"),
    cmd("projects.new_board",   &[ch('N')],               A::NewBoard,   None,           "New board, by its name, in the project under the cursor"),
    cmd("projects.rename",      &[ch('e')],               A::Rename,     None,           "Rename the portfolio, project or board under the cursor"),
    cmd("projects.archive",     &[ch('a')],               A::Archive,    None,           "Archive the project under the cursor (again: bring it back)"),
    cmd("projects.delete",      &[ch('D')],               A::Delete,     None,           "Delete the project (with its boards and tasks) or the board under the cursor (asks first)"),
    cmd("projects.filter",      &[ch('/')],               A::Search,     Some("filter"), "Filter the tree by name (fuzzy)"),
    cmd("projects.back",        &[ESC],                   A::Back,       None,           "Clear the kept filter"),

    cmd("project_search.keep",  &[ENTER], A::Accept, Some("keep"),  "Keep the filter and leave the box"),
    cmd("project_search.clear", &[ESC],   A::Clear,  Some("clear"), "Clear the filter and leave the box"),
    cmd("project_search.down",  &[DOWN],  A::Down,   None,          "Down while filtering"),
    cmd("project_search.up",    &[UP],    A::Up,     None,          "Up while filtering"),

    // The contacts screen again: its list, a contact in view, the organizations tab and its form.
    cmd("contacts.new",      &[ch('n')], A::NewBlank, Some("new"),      "New contact: a blank form (asks before clearing input)"),
    cmd("contacts.new_keep", &[ch('N')], A::NewKeep,  Some("same org"), "New contact keeping the organizations and tags"),
    cmd("contacts.search",   &[ch('/')], A::Search,   Some("search"),   "Search the contact list"),

    cmd("contact_list.open",   &[ENTER],   A::Open,        Some("open"),   "Open the contact under the cursor: every field, read only"),
    cmd("contact_list.delete", &[ch('D')], A::Delete,      Some("delete"), "Delete the contact under the cursor (asks first)"),
    cmd("contact_list.edit",   &[ch('e')], A::EditContact, Some("edit"),   "Edit the contact under the cursor in the form (only what changes is sent)"),
    cmd("contact_list.form",   &[ch('i')], A::SwitchPane,  Some("form"),   "Into the form, typing where it was left (what was typed stays)"),

    cmd("contact_view.edit",   &[ch('e')],             A::EditContact, Some("edit"),   "Edit the contact in view in the form (only what changes is sent)"),
    cmd("contact_view.delete", &[ch('D')],             A::Delete,      Some("delete"), "Delete the contact in view (asks first)"),
    cmd("contact_view.close",  &[ESC, ENTER, ch('q')], A::Cancel,      Some("close"),  "Close the contact"),

    cmd("contacts.switch",        &[ctrl('l')], A::SwitchPane,          Some("form/list"), "Switch between the form and the contact list"),
    cmd("contacts.organizations", &[alt('o')],  A::ToggleOrganizations, Some("orgs"),      "Show the organizations tab"),

    cmd("organizations.contacts", &[alt('o')], A::ToggleOrganizations, Some("contacts"), "Back to the contact form and list"),
    cmd("organizations.search",   &[ch('/')],  A::Search,              Some("search"),   "Search the organizations (the service matches the text)"),
    cmd("organizations.open",     &[ENTER],    A::Open,                Some("open"),     "Open the organization under the cursor: addresses, e-mails, phones, contacts, tags"),
    cmd("organizations.delete",   &[ch('D')],  A::Delete,              Some("delete"),   "Delete the organization under the cursor (asks first)"),
    cmd("organizations.new",      &[ch('n')],  A::NewBlank,            Some("new"),      "New organization: a blank form"),
    cmd("organizations.edit",     &[ch('e')],  A::Edit,                Some("edit"),     "Edit the organization under the cursor in the form (only what changes is sent)"),

    cmd("org_view.edit", &[ch('e')], A::Edit, Some("edit"), "Edit the organization in view in the form (only what changes is sent)"),

    cmd("org_form.save",       &[ctrl('s')],        A::Submit,    Some("save"),       "Save the organization (checks every field first; again to look for a lost one)"),
    cmd("org_form.next",       &[TAB, ENTER, DOWN], A::NextField, Some("next"),       "Next field (the field left is checked)"),
    cmd("org_form.prev",       &[BACKTAB, UP],      A::PrevField, None,               "Previous field"),
    cmd("org_form.add_row",    &[ctrl('n')],        A::AddRow,    Some("add row"),    "Add an address, e-mail or phone row below the focused one (a phone from the name; not below a blank row)"),
    cmd("org_form.remove_row", &[ctrl('x')],        A::RemoveRow, Some("remove row"), "Remove the focused address, e-mail or phone row"),
    cmd("org_form.close",      &[ESC],              A::Cancel,    Some("close"),      "Close the form (asks first when it has changes)"),

    cmd("organizations.contacts_pick", &[ch('c')], A::LinkContacts, Some("contacts"), "Attach or detach contacts of the organization under the cursor (a picker, ticks on the attached)"),
    cmd("organizations.tags",          &[ch('t')], A::LinkTags,     Some("tags"),     "Attach or detach tags of the organization under the cursor (a new name creates the tag)"),

    cmd("org_view.contacts", &[ch('c')], A::LinkContacts, Some("contacts"), "Attach or detach contacts of the organization in view"),
    cmd("org_view.tags",     &[ch('t')], A::LinkTags,     Some("tags"),     "Attach or detach tags of the organization in view (a new name creates the tag)"),
    cmd("org_view.delete",   &[ch('D')], A::Delete,       Some("delete"),   "Delete the organization in view (asks first)"),

    cmd("organizations.back", &[ESC], A::Back, None, "Clear the search"),

    cmd("org_search.keep",  &[ENTER], A::Accept, Some("keep"),  "Keep the search and leave the box"),
    cmd("org_search.clear", &[ESC],   A::Clear,  Some("clear"), "Clear the search and leave the box"),

    cmd("org_view.close", &[ESC, ENTER, ch('q')], A::Cancel, Some("close"), "Close the organization"),

    cmd("contacts.save", &[ctrl('s')], A::Submit, None, "Save the contact being entered (or look again for one whose answer was lost)"),
    cmd("contacts.back", &[ESC],       A::Back,   None, "Back: drop the error message, clear the list search, return to the form"),

    cmd("draft.restore", &[ENTER, ch('y')], A::Restore, Some("restore"), "Restore the draft into the form"),
    cmd("draft.discard", &[ch('n')],        A::Discard, Some("discard"), "Discard the draft and start blank"),

    // Layers every screen can open: pickers, prompts, questions, help and messages.
    cmd("picker.choose", &[ENTER], A::Accept, Some("choose"), "Choose the item (where several are taken: apply the set); on no match, create it where the list can"),

    cmd("multi_picker.toggle", &[TAB], A::Toggle, Some("toggle"), "Choose or unchoose the item; Enter then applies the set"),

    cmd("views.delete", &[ctrl('d')], A::Delete, Some("delete"), "Delete the saved view under the cursor (asks first)"),

    cmd("picker.down",      &[DOWN, ctrl('n'), ctrl('j')], A::Down,     None,           "Next item"),
    cmd("picker.up",        &[UP, ctrl('p'), ctrl('k')],   A::Up,       None,           "Previous item"),
    cmd("picker.page_down", &[PGDN],                       A::PageDown, None,           "Ten items down"),
    cmd("picker.page_up",   &[PGUP],                       A::PageUp,   None,           "Ten items up"),
    cmd("picker.cancel",    &[ESC],                        A::Cancel,   Some("cancel"), "Close without choosing"),

    // The dialog of `T` (and of an entry picked with `L`).
    cmd("time_log.next",   &[TAB, DOWN],   A::NextField, Some("next field"), "Next field"),
    cmd("time_log.prev",   &[BACKTAB, UP], A::PrevField, None,               "Previous field"),
    cmd("time_log.save",   &[ENTER],       A::Accept,    Some("save"),       "Log the time (or save the entry being edited)"),
    cmd("time_log.delete", &[ctrl('d')],   A::Delete,    Some("delete"),     "Delete the entry being edited (asks first)"),
    cmd("time_log.cancel", &[ESC],         A::Cancel,    Some("cancel"),     "Close without logging anything"),

    // The comment being written (`i`, or `r` on a comment).
    cmd("comment_edit.send",     &[ctrl('s')], A::Submit,  Some("send"),     "Send the comment (save the description)"),
    cmd("comment_edit.new_line", &[ENTER],     A::NewLine, Some("new line"), "New line"),
    cmd("comment_edit.up",       &[UP],        A::Up,      None,             "Line up"),
    cmd("comment_edit.down",     &[DOWN],      A::Down,    None,             "Line down"),
    cmd("comment_edit.close",    &[ESC],       A::Cancel,  Some("close"),    "Close; what is written is kept for the next i on the task"),

    // A comment picked with `I`.
    cmd("comment_list.open",   &[ENTER],        A::Open,   Some("open"),   "Open the comment: its whole text"),
    cmd("comment_list.reply",  &[ch('r')],      A::Reply,  Some("reply"),  "Reply to the comment under the cursor"),
    cmd("comment_list.delete", &[ch('D')],      A::Delete, Some("delete"), "Delete the comment under the cursor and its replies (mine only; asks first)"),
    cmd("comment_list.close",  &[ESC, ch('q')], A::Cancel, Some("close"),  "Close the comments"),

    cmd("comment_view.reply",  &[ch('r')],      A::Reply,  Some("reply"),  "Reply to the comment"),
    cmd("comment_view.delete", &[ch('D')],      A::Delete, Some("delete"), "Delete the comment and its replies (mine only; asks first)"),
    cmd("comment_view.close",  &[ESC, ch('q')], A::Cancel, Some("back"),   "Back to the comments"),

    cmd("path_entry.complete", &[TAB], A::CompletePath, Some("complete"), "Complete the file or directory name typed so far"),

    cmd("prompt.accept", &[ENTER], A::Accept, Some("ok"),     "Take what is typed"),
    cmd("prompt.cancel", &[ESC],   A::Cancel, Some("cancel"), "Close without changing anything"),

    cmd("confirm.yes", &[ch('y')],      A::Yes, Some("yes"), "Yes"),
    cmd("confirm.no",  &[ch('n'), ESC], A::No,  Some("no"),  "No"),

    cmd("help.search", &[ch('/')], A::Search, Some("search"), "Search the keys: by a key, a command id or words of what it does"),

    cmd("help_search.keep",  &[ENTER], A::Accept, Some("keep"),  "Keep the filter and scroll what it found"),
    cmd("help_search.clear", &[ESC],   A::Clear,  Some("clear"), "Clear the filter: every key again"),

    // The outbox (`O`): each change made offline, its item, what it changes, since when, its
    // state. The cursor moves as the overlay scrolls.
    cmd("outbox.drop",   &[DELETE, ch('D')], A::Delete,     Some("drop"),   "Drop the change under the cursor, unsent (its item is read again)"),
    cmd("outbox.mine",   &[ch('m')],         A::KeepMine,   Some("mine"),   "At a conflict: keep mine, sent over the service's value"),
    cmd("outbox.theirs", &[ch('t')],         A::TakeTheirs, Some("theirs"), "At a conflict: take theirs, mine dropped (its item is read again)"),

    cmd("overlay.down",      &[ch('j'), DOWN],                A::Down,     Some("scroll"), "Scroll down"),
    cmd("overlay.up",        &[ch('k'), UP],                  A::Up,       None,           "Scroll up"),
    cmd("overlay.page_down", &[PGDN, ch(' ')],                A::PageDown, None,           "A page down"),
    cmd("overlay.page_up",   &[PGUP],                         A::PageUp,   None,           "A page up"),
    cmd("overlay.top",       &[ch('g'), HOME],                A::Top,      None,           "Back to the top"),
    cmd("overlay.bottom",    &[ch('G'), END],                 A::Bottom,   None,           "To the end"),
    cmd("overlay.close",     &[ESC, ch('q'), ch('?'), ENTER], A::Cancel,   Some("close"),  "Close"),

    // Editing any text field: prompts, picker queries, search boxes, the contact form.
    cmd("text.start",               &[ctrl('a'), HOME],                   A::Text(TextEdit::Start),             None, "Cursor to the start"),
    cmd("text.end",                 &[ctrl('e'), END],                    A::Text(TextEdit::End),               None, "Cursor to the end"),
    cmd("text.left",                &[LEFT, ctrl('b')],                   A::Text(TextEdit::Left),              None, "Cursor one character left"),
    cmd("text.right",               &[RIGHT, ctrl('f')],                  A::Text(TextEdit::Right),             None, "Cursor one character right"),
    cmd("text.word_left",           &[ctrl_code(K::Left), alt('b')],      A::Text(TextEdit::WordLeft),          None, "Cursor one word left"),
    cmd("text.word_right",          &[ctrl_code(K::Right), alt('f')],     A::Text(TextEdit::WordRight),         None, "Cursor one word right"),
    cmd("text.delete_back",         &[BACKSPACE, ctrl('h')],              A::Text(TextEdit::DeleteBack),        None, "Delete the character before the cursor"),
    cmd("text.delete_forward",      &[DELETE],                            A::Text(TextEdit::DeleteForward),     None, "Delete the character under the cursor"),
    cmd("text.delete_word_back",    &[ctrl('w'), alt_code(K::Backspace)], A::Text(TextEdit::DeleteWordBack),    None, "Delete the word before the cursor"),
    cmd("text.delete_word_forward", &[ctrl_code(K::Delete), alt('d')],    A::Text(TextEdit::DeleteWordForward), None, "Delete the word after the cursor"),
    cmd("text.delete_line",         &[ctrl('u')],                         A::Text(TextEdit::DeleteLine),        None, "Delete the whole line"),
    cmd("text.delete_to_end",       &[ctrl('k')],                         A::Text(TextEdit::DeleteToEnd),       None, "Delete from the cursor to the end"),
    cmd("text.yank",                &[ctrl('y')],                         A::Text(TextEdit::Yank),              None, "Put back what the last deletion took"),

    // Any list: tasks, funnels, deals in a column, contacts, the fields of the contact form.
    cmd("list.down",      &[ch('j'), DOWN],   A::Down,     None, "Down"),
    cmd("list.up",        &[ch('k'), UP],     A::Up,       None, "Up"),
    cmd("list.top",       &[ch('g'), HOME],   A::Top,      None, "First row"),
    cmd("list.bottom",    &[ch('G'), END],    A::Bottom,   None, "Last row (tasks and deals: the pages not loaded come first; Esc stops)"),
    cmd("list.page_down", &[PGDN, ctrl('f')], A::PageDown, None, "Page down"),
    cmd("list.page_up",   &[PGUP, ctrl('b')], A::PageUp,   None, "Page up"),
    cmd("list.half_down", &[ctrl('d')],       A::HalfDown, None, "Half a page down"),
    cmd("list.half_up",   &[ctrl('u')],       A::HalfUp,   None, "Half a page up"),

    // Everywhere, under every layer.
    cmd("global.quit",        &[ch('q'), ctrl('c')], A::Quit,           Some("quit"),    "Quit (asks first when a form holds unsaved input)"),
    cmd("global.help",        &[ch('?')],            A::Help,           Some("help"),    "Keys of this screen"),
    cmd("global.palette",     &[ctrl('p'), ch(':')], A::Palette,        None,            "Command palette; it also goes to any task, project, board, deal, contact, organization or member by name (from the local store)"),
    cmd("global.refresh",     &[ch('r')],            A::Refresh,        None,            "Refresh"),
    cmd("global.messages",    &[ch('M')],            A::Messages,       None,            "Every message since the app started, in full"),
    cmd("global.outbox",      &[ch('O')],            A::Outbox,         None,            "The outbox: changes made offline, waiting, in conflict or refused"),
    cmd("global.dismiss",     &[ESC],                A::Back,           None,            "Dismiss the messages on screen"),
    cmd("global.tasks",       &[alt('1')],           A::ScreenTasks,    None,            "Tasks screen"),
    cmd("global.funnels",     &[alt('2')],           A::ScreenFunnels,  None,            "Funnels screen"),
    cmd("global.contacts",    &[alt('3')],           A::ScreenContacts, None,            "Contacts screen"),
    cmd("global.projects",    &[alt('4')],           A::ScreenProjects, None,            "Projects screen: portfolios, projects and their boards"),
    cmd("global.next_screen", &[TAB],                A::NextScreen,     Some("screens"), "Next screen"),
    cmd("global.prev_screen", &[BACKTAB],            A::PrevScreen,     None,            "Previous screen"),
    cmd("global.workspaces",  &[alt('w')],           A::Workspaces,     None,            "Switch to another workspace: a profile of the config file, or the demo"),
    cmd("global.sync",        &[alt('s')],           A::SyncWorkspace,  None,            "Sync the whole workspace: every task, deal, contact and organization into the local store, in the background (again, or Esc, stops it)"),
];

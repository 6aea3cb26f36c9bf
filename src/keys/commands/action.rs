//! What a key asks for: the `Action` a command sends to the focused layer, and the quick due
//! filters (`Due`) the filter panel's keys name.

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
    ScreenProjects,
    NextScreen,
    PrevScreen,
    Messages,
    /// The outbox: changes made offline, on their way or waiting for a decision.
    Outbox,
    /// At a conflict of the outbox: send mine over the service's value.
    KeepMine,
    /// At a conflict of the outbox: take the service's value, dropping mine.
    TakeTheirs,
    /// The workspace switcher: the config file's profiles, its top level and the demo.
    Workspaces,
    /// Read the whole workspace into the local store in the background, or stop doing so.
    SyncWorkspace,
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
    QuickDue(Due),
    MoveColumn,
    Assign,
    DueDate,
    Rename,
    EditDescription,
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
    /// Edit the saved contact under the cursor or in view, in the contact form.
    EditContact,
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
    /// An organization's contacts / tags, in a picker with the attached ones ticked.
    LinkContacts,
    LinkTags,
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
    Watchers,
    /// Open one of the deal's contacts or organizations (c).
    OpenLink,
    /// Attach a file to the task (U).
    UploadFile,
    /// Save one of the task's attachments (S).
    SaveAttachment,
    /// Complete the file path typed (Tab).
    CompletePath,
    /// Write a comment on the task (i).
    Comment,
    /// The task's comments as a tree (I).
    CommentThread,
    /// Answer the comment shown.
    Reply,
    /// Start a new line in a multi-line field.
    NewLine,
    /// The detail pane's subtask list takes the keys.
    Subtasks,
    /// The detail pane's custom fields take the keys.
    CustomFields,
    /// The board of the task under the cursor (b).
    OpenBoard,
    /// Move the card up / down within its column (K / J).
    MoveUp,
    MoveDown,
    /// A board's columns: a new one, its name, its place, away.
    NewColumn,
    RenameColumn,
    ColumnLeft,
    ColumnRight,
    DeleteColumn,
    /// The next / previous item of a section of a popup (a deal's linked tasks).
    NextItem,
    PrevItem,
    NewFunnel,
    /// A funnel's statuses: a new one, the focused one renamed, deleted, moved left / right.
    NewStatus,
    RenameStatus,
    DeleteStatus,
    MoveStatusLeft,
    MoveStatusRight,
    /// A new project in the portfolio under the cursor; a new board in the project under it.
    NewProject,
    NewBoard,
}

/// The due dates people ask for, from the filter panel's quick keys. The service has no filter
/// on the due date alone: each is sent as the nearest thing it has, and the tasks it answers
/// with are narrowed to the ones asked for by the task list (`tasks::filters`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Due {
    /// Open and due before today: read most overdue first (`sortBy=-overdue`).
    Overdue,
    /// Due today: `day=` (the service matches a task whose start–due span holds the day).
    Today,
    /// Due this week: the week as `startDate`/`endDate` (matched by span, like `day=`).
    ThisWeek,
    /// No due date: the service has no such filter; read in due-date order (`sortBy=date`),
    /// undated tasks first.
    NoDate,
}

impl Due {
    pub const ALL: [Due; 4] = [Self::Overdue, Self::Today, Self::ThisWeek, Self::NoDate];

    pub fn label(self) -> &'static str {
        match self {
            Self::Overdue => "overdue",
            Self::Today => "today",
            Self::ThisWeek => "this week",
            Self::NoDate => "no due date",
        }
    }

    /// What is sent and what is left out here, said when the filter is picked.
    pub fn how(self) -> &'static str {
        match self {
            Self::Overdue => {
                "read most overdue first (sortBy=overdue); tasks not due before today are left out"
            }
            Self::Today => {
                "sent as day= (the service matches start–due spans); tasks due another day are left out"
            }
            Self::ThisWeek => {
                "the service matches start–due spans that overlap the week; tasks due another week are left out"
            }
            Self::NoDate => {
                "the service has no such filter: tasks are read in due-date order, the dated ones left out"
            }
        }
    }
}

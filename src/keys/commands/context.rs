//! The contexts commands belong to: one per layer a screen shows (list, picker, form, …), each
//! with the id its commands' ids start with and the title help and `config keys` give it.

/// A layer's set of commands. The focused layer lists its contexts, most specific first; a
/// key goes to the first of them that binds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Context {
    Global,
    List,
    Text,
    Overlay,
    /// Help's own keys, over the overlay's.
    Help,
    /// Typing help's filter.
    HelpSearch,
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
    /// The organization form: typing goes into its fields.
    OrgForm,
    Draft,
    TimeLog,
    CommentEdit,
    /// The task's comments as a tree (`I`).
    CommentList,
    CommentView,
    /// The projects tree.
    Projects,
    /// The projects tree's name filter, typing.
    ProjectSearch,
    /// The new-task form (`n`), whatever field has the focus.
    TaskForm,
    /// Its title.
    TaskTitle,
    /// Its one-line fields (title, due day).
    TaskField,
    /// Its choices (project, board, column, priority, assignees, tags).
    TaskChoice,
    /// Its description.
    TaskNotes,
    /// The detail pane's subtask list, with the keys (`l`).
    Subtasks,
    /// Typing the path of a file to upload.
    PathEntry,
    /// The detail pane's custom fields, with the keys (`C`).
    CustomFields,
    /// A board of the task screen: its columns and cards.
    Board,
    /// The outbox (`O`): changes made offline.
    Outbox,
}

impl Context {
    pub const ALL: [Context; 49] = [
        Self::Global,
        Self::List,
        Self::Text,
        Self::Overlay,
        Self::Help,
        Self::HelpSearch,
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
        Self::OrgForm,
        Self::Draft,
        Self::TimeLog,
        Self::CommentEdit,
        Self::CommentList,
        Self::CommentView,
        Self::Projects,
        Self::ProjectSearch,
        Self::TaskForm,
        Self::TaskTitle,
        Self::TaskField,
        Self::TaskChoice,
        Self::TaskNotes,
        Self::Subtasks,
        Self::PathEntry,
        Self::CustomFields,
        Self::Board,
        Self::Outbox,
    ];

    /// The first part of its commands' ids.
    pub const fn id(self) -> &'static str {
        match self {
            Self::Global => "global",
            Self::List => "list",
            Self::Text => "text",
            Self::Overlay => "overlay",
            Self::Help => "help",
            Self::HelpSearch => "help_search",
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
            Self::OrgForm => "org_form",
            Self::Draft => "draft",
            Self::TimeLog => "time_log",
            Self::CommentEdit => "comment_edit",
            Self::CommentList => "comment_list",
            Self::CommentView => "comment_view",
            Self::Projects => "projects",
            Self::ProjectSearch => "project_search",
            Self::TaskForm => "task_form",
            Self::TaskTitle => "task_title",
            Self::TaskField => "task_field",
            Self::TaskChoice => "task_choice",
            Self::TaskNotes => "task_notes",
            Self::Subtasks => "subtasks",
            Self::PathEntry => "path_entry",
            Self::CustomFields => "custom_fields",
            Self::Board => "board",
            Self::Outbox => "outbox",
        }
    }

    /// The context a command id names before its dot (`tasks` of `tasks.complete`), so that a
    /// row of the table writes its context once, in its id. The table is a `static`, built
    /// when the app is compiled: an id that names no context fails the build, never a run.
    pub(super) const fn of_command(id: &str) -> Context {
        let id = id.as_bytes();
        let mut i = 0;
        while i < Self::ALL.len() {
            let ctx = Self::ALL[i];
            if names(id, ctx.id().as_bytes()) {
                return ctx;
            }
            i += 1;
        }
        panic!("a command id starts with the id of its context and a dot");
    }

    pub fn title(self) -> &'static str {
        match self {
            Self::Global => "Everywhere",
            Self::List => "Lists",
            Self::Text => "Text fields",
            Self::Overlay => "Help and messages",
            Self::Help => "Help",
            Self::HelpSearch => "Help, searching",
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
            Self::OrgForm => "Organization form",
            Self::Draft => "A draft from the last run",
            Self::TimeLog => "Logging time",
            Self::CommentEdit => "Writing a comment or a description",
            Self::CommentList => "The task's comments",
            Self::CommentView => "A comment",
            Self::Projects => "Projects",
            Self::ProjectSearch => "Projects, filtering by name",
            Self::TaskForm => "New task form",
            Self::TaskTitle => "New task form, the title",
            Self::TaskField => "New task form, typing in a field",
            Self::TaskChoice => "New task form, choices",
            Self::TaskNotes => "New task form, the description",
            Self::Subtasks => "Subtasks in the detail",
            Self::PathEntry => "Typing the path of a file",
            Self::CustomFields => "Custom fields in the detail",
            Self::Board => "Board",
            Self::Outbox => "The outbox",
        }
    }

    /// Letters typed here go into text, so its commands take only keys that type nothing
    /// (Enter, arrows, chords).
    pub fn takes_text(self) -> bool {
        matches!(
            self,
            Self::Text
                | Self::HelpSearch
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
                | Self::OrgForm
                | Self::ProjectSearch
                | Self::PathEntry
                | Self::TimeLog
                | Self::CommentEdit
                | Self::DealField
                | Self::DealChoice
                | Self::TaskTitle
                | Self::TaskField
                | Self::TaskChoice
                | Self::TaskNotes
        )
    }

    /// A layer over everything else: no key reaches the screen or the app-wide commands
    /// while it is open.
    pub fn modal(self) -> bool {
        matches!(
            self,
            Self::Overlay
                | Self::Outbox
                | Self::Help
                | Self::HelpSearch
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
                | Self::CommentList
                | Self::CommentView
        )
    }
}

/// Whether command `id` is `context` followed by a dot and a verb.
const fn names(id: &[u8], context: &[u8]) -> bool {
    if id.len() <= context.len() + 1 || id[context.len()] != b'.' {
        return false;
    }
    let mut i = 0;
    while i < context.len() {
        if id[i] != context[i] {
            return false;
        }
        i += 1;
    }
    true
}

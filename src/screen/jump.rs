//! Where a screen sends the user on another screen: a deal's task opened on the task screen,
//! a deal's contact on the contacts screen, a board of the projects screen shown with its
//! tasks, back to the screen a board was opened from; and where the palette sends the user to
//! a thing found by name. A screen asks with `ScreenCtx::jump`;
//! the app, which holds every screen, follows once the screen's handler is done, and only
//! while the screen that asked is the one shown (an answer that arrives after the user went
//! elsewhere does not pull them back).

use weeek_api::models::{Contact, Deal, Organization, Project, Task};

use super::Screen;

#[derive(Debug, Clone)]
pub enum Jump {
    /// This task on the task screen, in its detail.
    Task(Box<Task>),
    /// The tasks of this board on the task screen, as a board; `Back` returns from it.
    Board(i64),
    /// Back to the screen that opened what is being closed.
    Back(Screen),
    /// A contact or an organization on the contacts screen, read in full.
    Contacts(Opened),
    /// This deal's popup over the board of its funnel (`funnel_id`), read in full.
    Deal(Box<Deal>),
    /// This project on the projects screen, under the cursor, its boards shown.
    Project(Box<Project>),
    /// The task list filtered to the open tasks of this member (by id).
    Member(String),
}

/// What the contacts screen opens.
#[derive(Debug, Clone)]
pub enum Opened {
    Contact(Box<Contact>),
    Organization(Box<Organization>),
}

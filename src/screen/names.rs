//! Reference data every screen resolves ids against: the user, the workspace, members, tags,
//! projects, boards, columns and currencies. Screens show names, never ids.

use std::collections::HashMap;

use weeek_api::ApiError;
use weeek_api::models::{Board, BoardColumn, Currency, Member, Project, Tag, User, Workspace};

use super::ScreenCtx;
use super::loadable::Loadable;
use super::requests::KeySet;
use crate::worker::op;

#[derive(Debug, Default, Clone)]
pub struct Names {
    pub user: Loadable<User>,
    pub workspace: Loadable<Workspace>,
    pub members: Loadable<Vec<Member>>,
    pub tags: Loadable<Vec<Tag>>,
    pub projects: Loadable<Vec<Project>>,
    pub boards: HashMap<i64, Loadable<Vec<Board>>>,
    pub columns: HashMap<i64, Loadable<Vec<BoardColumn>>>,
    pub currencies: Loadable<Vec<Currency>>,
    /// Projects the list does not hold (archived ones), each read by its id for its name.
    pub read_projects: HashMap<i64, Loadable<Project>>,
    /// Tags and organizations made from a picker whose answer was lost and that no look found:
    /// whichever screen sends the name again looks first.
    pub unsettled_choices:
        crate::screen::lost_answer::Unsettled<crate::screen::choices::create::ChoiceLookup>,
}

/// The directory's reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NamesKey {
    Me,
    Workspace,
    Members,
    Tags,
    Projects,
    Currencies,
    /// The boards of a project.
    Boards(i64),
    /// The columns of a board.
    Columns(i64),
    /// A project the list does not hold, read by its id.
    Project(i64),
}

impl KeySet for NamesKey {
    type Answer = NamesAnswer;
}

/// The directory of names as the write ledger shows its changes there (`Shown`).
pub struct Directory<'a>(pub &'a mut Names);

/// Runs `f` with the directory as the ledger's screen beside the rest of the context: the
/// ledger asks for both at once, and the changes it shows touch nothing else of the context.
pub fn with_directory<R>(
    cx: &mut ScreenCtx,
    f: impl FnOnce(&mut Directory<'_>, &mut ScreenCtx) -> R,
) -> R {
    let mut names = std::mem::take(cx.names);
    let out = f(&mut Directory(&mut names), cx);
    *cx.names = names;
    out
}

/// The directory's answers.
#[derive(Debug)]
pub enum NamesAnswer {
    Me(Result<Box<User>, ApiError>),
    Workspace(Result<Workspace, ApiError>),
    Members(Result<Vec<Member>, ApiError>),
    Tags(Result<Vec<Tag>, ApiError>),
    Projects(Result<Vec<Project>, ApiError>),
    Currencies(Result<Vec<Currency>, ApiError>),
    Boards(i64, Result<Vec<Board>, ApiError>),
    Columns(i64, Result<Vec<BoardColumn>, ApiError>),
    Project(i64, Result<Box<Project>, ApiError>),
}

impl ScreenCtx<'_> {
    /// The profile; `cached`: the store's copy may answer first (at start, not when read again).
    fn request_me(&mut self, cached: bool) {
        if cached {
            self.request_cached(NamesKey::Me, op::Me, NamesAnswer::Me);
        } else {
            self.request(NamesKey::Me, op::Me, NamesAnswer::Me);
        }
    }

    fn request_workspace(&mut self, cached: bool) {
        if cached {
            self.request_cached(NamesKey::Workspace, op::Workspace, NamesAnswer::Workspace);
        } else {
            self.request(NamesKey::Workspace, op::Workspace, NamesAnswer::Workspace);
        }
    }

    fn request_currencies(&mut self, cached: bool) {
        if cached {
            self.request_cached(
                NamesKey::Currencies,
                op::Currencies,
                NamesAnswer::Currencies,
            );
        } else {
            self.request(
                NamesKey::Currencies,
                op::Currencies,
                NamesAnswer::Currencies,
            );
        }
    }

    /// Members, tags and projects: the lists that change while people work.
    fn request_lists(&mut self, cached: bool) {
        if cached {
            self.request_cached(NamesKey::Members, op::Members, NamesAnswer::Members);
            self.request_cached(NamesKey::Tags, op::Tags, NamesAnswer::Tags);
            self.request_cached(NamesKey::Projects, op::Projects, NamesAnswer::Projects);
        } else {
            self.request(NamesKey::Members, op::Members, NamesAnswer::Members);
            self.request(NamesKey::Tags, op::Tags, NamesAnswer::Tags);
            self.request(NamesKey::Projects, op::Projects, NamesAnswer::Projects);
        }
    }

    /// Asks for everything the screens need at start: the store's copies first, when it
    /// holds them.
    pub fn load_directory(&mut self) {
        self.request_me(true);
        self.request_workspace(true);
        self.request_lists(true);
        self.request_currencies(true);
        let d = &mut *self.names;
        d.user.start();
        d.workspace.start();
        d.members.start();
        d.tags.start();
        d.projects.start();
        d.currencies.start();
    }

    /// Refreshes the lists that change while people work (members, tags, projects, boards,
    /// columns), and asks again for what is read once but has not come (a failure at start):
    /// the profile first, as "my tasks" waits on it.
    pub fn refresh_directory(&mut self) {
        if missing(&self.names.user) {
            self.request_me(false);
            self.names.user.start();
        }
        if missing(&self.names.workspace) {
            self.request_workspace(false);
            self.names.workspace.start();
        }
        if missing(&self.names.currencies) {
            self.request_currencies(false);
            self.names.currencies.start();
        }
        self.request_lists(false);
        self.names.members.start();
        self.names.tags.start();
        self.names.projects.start();
        let boards: Vec<i64> = self.names.boards.keys().copied().collect();
        for p in boards {
            self.request_boards(p);
        }
        let columns: Vec<i64> = self.names.columns.keys().copied().collect();
        for b in columns {
            self.request_columns(b);
        }
    }

    fn request_boards(&mut self, project: i64) {
        self.request(NamesKey::Boards(project), op::Boards(project), move |r| {
            NamesAnswer::Boards(project, r)
        });
        self.names.boards.entry(project).or_default().start();
    }

    /// Reads the columns of `board` (again).
    pub fn request_columns(&mut self, board: i64) {
        self.request(NamesKey::Columns(board), op::Columns(board), move |r| {
            NamesAnswer::Columns(board, r)
        });
        self.names.columns.entry(board).or_default().start();
    }

    /// Loads the boards of `project` once (the store's copy first).
    pub fn ensure_boards(&mut self, project: i64) {
        if !self.names.boards.contains_key(&project) {
            self.request_cached(NamesKey::Boards(project), op::Boards(project), move |r| {
                NamesAnswer::Boards(project, r)
            });
            self.names.boards.entry(project).or_default().start();
        }
    }

    /// Reads project `id` by its id once, when the projects are in and it is not among them
    /// (an archived project's tasks still name it).
    pub fn ensure_project(&mut self, id: i64) {
        let listed = match self.names.projects.value() {
            Some(all) => all.iter().any(|p| p.id == id),
            None => return,
        };
        if id > 0 && !listed && !self.names.read_projects.contains_key(&id) {
            self.request_cached(NamesKey::Project(id), op::Project(id), move |r| {
                NamesAnswer::Project(id, r)
            });
            self.names.read_projects.entry(id).or_default().start();
        }
    }

    /// Loads the columns of `board` once (the store's copy first).
    pub fn ensure_columns(&mut self, board: i64) {
        if !self.names.columns.contains_key(&board) {
            self.request_cached(NamesKey::Columns(board), op::Columns(board), move |r| {
                NamesAnswer::Columns(board, r)
            });
            self.names.columns.entry(board).or_default().start();
        }
    }
}

impl Names {
    /// Applies an answer to one of the directory's requests; `stored`: the local store's copy,
    /// shown until the service's answer replaces it.
    pub fn on_answer(&mut self, answer: NamesAnswer, stored: bool) {
        use NamesAnswer as A;
        if stored {
            self.show_stored(answer);
            return;
        }
        match answer {
            A::Me(r) => self.user.finish(r.map(|u| *u)),
            A::Workspace(r) => self.workspace.finish(r),
            A::Members(r) => self.members.finish(r),
            A::Tags(r) => self.tags.finish(r),
            A::Projects(r) => self.projects.finish(r),
            A::Currencies(r) => self.currencies.finish(r),
            A::Boards(p, r) => self.boards.entry(p).or_default().finish(r),
            A::Columns(b, r) => self.columns.entry(b).or_default().finish(r),
            A::Project(id, r) => self
                .read_projects
                .entry(id)
                .or_default()
                .finish(r.map(|p| *p)),
        }
    }

    fn show_stored(&mut self, answer: NamesAnswer) {
        use NamesAnswer as A;
        match answer {
            A::Me(Ok(u)) => self.user.show_stored(*u),
            A::Workspace(Ok(w)) => self.workspace.show_stored(w),
            A::Members(Ok(l)) => self.members.show_stored(l),
            A::Tags(Ok(l)) => self.tags.show_stored(l),
            A::Projects(Ok(l)) => self.projects.show_stored(l),
            A::Currencies(Ok(l)) => self.currencies.show_stored(l),
            A::Boards(p, Ok(l)) => self.boards.entry(p).or_default().show_stored(l),
            A::Columns(b, Ok(l)) => self.columns.entry(b).or_default().show_stored(l),
            A::Project(id, Ok(p)) => self.read_projects.entry(id).or_default().show_stored(*p),
            // The store answers only with what it holds.
            _ => {}
        }
    }

    pub fn me(&self) -> Option<&User> {
        self.user.value()
    }

    pub fn member(&self, id: &str) -> Option<&Member> {
        self.members.value()?.iter().find(|m| m.id == id)
    }

    /// A member's name; the current user is "me" only where space is short, so full name here.
    pub fn member_name(&self, id: &str) -> String {
        if let Some(m) = self.member(id) {
            return m.display_name();
        }
        if let Some(u) = self.me().filter(|u| u.id == id) {
            return u.display_name();
        }
        short_id(id)
    }

    pub fn tag(&self, id: i64) -> Option<&Tag> {
        self.tags.value()?.iter().find(|t| t.id == id)
    }

    pub fn project(&self, id: i64) -> Option<&Project> {
        let listed = self
            .projects
            .value()
            .and_then(|all| all.iter().find(|p| p.id == id));
        listed.or_else(|| self.read_projects.get(&id)?.value())
    }

    pub fn project_name(&self, id: i64) -> String {
        self.project(id)
            .map(Project::display_name)
            .unwrap_or_else(|| format!("project #{id}"))
    }

    pub fn board(&self, id: i64) -> Option<&Board> {
        self.boards
            .values()
            .filter_map(Loadable::value)
            .flatten()
            .find(|b| b.id == id)
    }

    pub fn board_name(&self, id: i64) -> String {
        self.board(id)
            .map(|b| b.name.clone())
            .unwrap_or_else(|| format!("board #{id}"))
    }

    /// Column ids are unique across boards, so a column can be found without its board.
    pub fn column(&self, id: i64) -> Option<&BoardColumn> {
        self.columns
            .values()
            .filter_map(Loadable::value)
            .flatten()
            .find(|c| c.id == id)
    }

    pub fn column_name(&self, id: i64) -> String {
        self.column(id)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| format!("column #{id}"))
    }

    pub fn currency(&self, id: i64) -> Option<&Currency> {
        self.currencies.value()?.iter().find(|c| c.id == id)
    }
}

/// Read once at start and not there: it failed, or was never asked for. One on its way is
/// left to come.
fn missing<T>(item: &Loadable<T>) -> bool {
    item.value().is_none() && !item.is_loading()
}

/// The first block of a UUID: enough to tell people apart when a name is missing.
pub fn short_id(id: &str) -> String {
    let head: String = id.chars().take(8).collect();
    format!("#{head}")
}

#[cfg(test)]
mod tests {
    use weeek_api::ApiError;

    use crate::screen::requests::Request;
    use crate::screen::requests::RequestKey;
    use crate::testing::{Harness, ME};
    use crate::worker::{Answer, Call};

    fn down() -> ApiError {
        ApiError::Server {
            status: 503,
            message: None,
        }
    }

    /// An app whose profile failed at start; the rest of the directory came.
    fn profile_failed() -> Harness {
        let mut h = Harness::starting(Harness::app());
        assert_eq!(h.fail_all(|c| matches!(c, Call::Me), down), 1);
        h.answer_all(
            |c| matches!(c, Call::Members),
            || Answer::Members(Ok(crate::testing::members())),
        );
        h.answer_all(
            |c| matches!(c, Call::Tags),
            || Answer::Tags(Ok(crate::testing::tags())),
        );
        h.answer_all(
            |c| matches!(c, Call::Projects),
            || Answer::Projects(Ok(crate::testing::projects())),
        );
        h
    }

    /// The task list's pending reads (the timer reads tasks too, under its own key).
    fn list_requests(h: &mut Harness) -> Vec<Request> {
        let list = RequestKey::from(crate::tasks::TaskKey::List);
        let (taken, rest) = std::mem::take(&mut h.pending)
            .into_iter()
            .partition(|r| r.key == list);
        h.pending = rest;
        taken
    }

    #[test]
    fn r_reads_a_profile_that_failed_at_start_and_then_my_tasks() {
        let mut h = profile_failed();
        assert!(
            list_requests(&mut h).is_empty(),
            "my tasks wait on the profile"
        );
        h.press("r");
        let me = h.take(|c| matches!(c, Call::Me));
        assert_eq!(me.len(), 1, "r asks for the profile again");
        h.reply(&me[0], Answer::Me(Ok(Box::new(crate::testing::user()))));
        let lists = list_requests(&mut h);
        assert_eq!(lists.len(), 1, "my tasks are asked for once it is in");
        let Call::Tasks(q) = &lists[0].call else {
            unreachable!()
        };
        assert_eq!(q.user_id.as_deref(), Some(ME));
        // A profile that is in is not read again on every refresh.
        h.press("r");
        assert!(h.take(|c| matches!(c, Call::Me)).is_empty());
    }

    #[test]
    fn my_tasks_never_show_everyones_rows_while_the_profile_is_missing() {
        let mut h = profile_failed();
        h.resize(160, 45);
        h.press("A");
        let lists = list_requests(&mut h);
        assert_eq!(lists.len(), 1);
        let tasks = vec![crate::testing::task(7, "Чужая задача")];
        h.reply(
            &lists[0],
            Answer::TaskPage(Ok(weeek_api::TaskPage {
                tasks: crate::testing::rows(tasks),
                has_more: false,
            })),
        );
        assert!(h.render().contains("Чужая задача"));
        h.press("A");
        let screen = h.render();
        assert!(!screen.contains("Чужая задача"), "{screen}");
        assert!(h.app.tasks.current().is_none(), "no row to act on");
    }
}

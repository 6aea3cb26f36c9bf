//! The store behind the worker: what a read finds there before the service answers
//! ([`recall`]), and what the service's answers leave there ([`keep`]). Both speak the calls'
//! own answer types, so a stored answer reaches a screen exactly as the service's would.

use time::OffsetDateTime;
use weeek_api::models::{
    Board, BoardColumn, Comment, Contact, Deal, Funnel, FunnelStatus, Organization, Project, Task,
};
use weeek_api::{ApiError, CommentPage, DealPage, TaskPage};

use super::calls::{Call, Op, op};
use super::output::Output;
use crate::store::{ListKey, PageKey, Store, StoreError, Stored, StoredPage, Writer};

/// The answer of call `$op` in `$output`, as its own type.
macro_rules! answer {
    ($output:expr, $op:ident) => {
        $output.peek::<<op::$op as Op>::Output>()
    };
}

/// A stored value as the answer its call would get, with when it was read.
fn found<T, O>(
    stored: Option<Stored<T>>,
    into: impl FnOnce(T) -> O,
) -> Option<(Output, OffsetDateTime)>
where
    O: super::output::Answerable,
{
    let s = stored?;
    Some((Output::new(Ok::<O, ApiError>(into(s.value))), s.read_at))
}

/// A stored page as a value: its rows and whether more follow.
fn page<R>(p: Option<StoredPage<R>>) -> Option<Stored<(Vec<R>, bool)>> {
    p.map(|p| Stored {
        read_at: p.read_at,
        value: (p.rows, p.has_more),
    })
}

/// What the store holds for read `call`, as the answer the service would give it, and when
/// it was read; `None` when it holds nothing for it or keeps no such thing (a write, a look
/// at files here).
pub fn recall(store: &Store, call: &Call) -> Result<Option<(Output, OffsetDateTime)>, StoreError> {
    let found = match call {
        Call::Me => found(store.profile()?, Box::new),
        Call::Workspace => found(store.workspace()?, |w| w),
        Call::Members => found(store.list(&ListKey::members())?, |l| l),
        Call::Tags => found(store.list(&ListKey::tags())?, |l| l),
        Call::Projects => found(store.list(&ListKey::projects())?, |l| l),
        Call::Portfolios => found(store.list(&ListKey::portfolios())?, |l| l),
        Call::Currencies => found(store.list(&ListKey::currencies())?, |l| l),
        Call::Boards(p) => found(store.list(&ListKey::boards(*p))?, |l| l),
        Call::Columns(b) => found(store.list(&ListKey::columns(*b))?, |l| l),
        Call::Funnels => found(store.list(&ListKey::funnels())?, |l| l),
        Call::FunnelStatuses(f) => found(store.list(&ListKey::statuses(f))?, |l| l),
        Call::Tasks(q) => match PageKey::tasks(q) {
            Ok(key) => found(page(store.page(&key)?), |(tasks, has_more)| TaskPage {
                tasks,
                has_more,
            }),
            Err(_) => None,
        },
        Call::Task(id) => found(store.get::<Task>(&id.to_string())?, Box::new),
        Call::Comments(task, limit, offset) => {
            let key = PageKey::comments(*task, *limit, *offset);
            found(page(store.page(&key)?), |(comments, has_more)| {
                CommentPage { comments, has_more }
            })
        }
        Call::Funnel(id) => found(store.get::<Funnel>(id)?, Box::new),
        Call::Deals(status, q) => {
            let key = PageKey::deals(status, q);
            found(page(store.page(&key)?), |(deals, has_more)| DealPage {
                deals,
                has_more,
            })
        }
        Call::Deal(id) => found(store.get::<Deal>(id)?, Box::new),
        Call::Project(id) => found(store.get::<Project>(&id.to_string())?, Box::new),
        Call::Contacts(q) => found(
            page(store.page(&PageKey::contacts(q))?),
            |(rows, _): (Vec<Contact>, bool)| rows,
        ),
        Call::Organizations(q) => found(
            page(store.page(&PageKey::organizations(q))?),
            |(rows, _): (Vec<Organization>, bool)| rows,
        ),
        Call::Contact(id) => found(store.get::<Contact>(id)?, Box::new),
        Call::Organization(id) => found(store.get::<Organization>(id)?, Box::new),
        _ => None,
    };
    Ok(found)
}

/// Whether the service's answer to `call` leaves something in the store: a read's answer, or
/// a change the store must follow (a task deleted leaves its pages).
pub fn keeps(call: &Call) -> bool {
    matches!(
        call,
        Call::Me
            | Call::Workspace
            | Call::Members
            | Call::Tags
            | Call::Projects
            | Call::Portfolios
            | Call::Currencies
            | Call::Boards(_)
            | Call::Columns(_)
            | Call::Funnels
            | Call::FunnelStatuses(_)
            | Call::Tasks(_)
            | Call::Task(_)
            | Call::Comments(..)
            | Call::Funnel(_)
            | Call::Deals(..)
            | Call::Deal(_)
            | Call::Project(_)
            | Call::Contacts(_)
            | Call::Organizations(_)
            | Call::Contact(_)
            | Call::Organization(_)
            | Call::CreateTask(_)
            | Call::UpdateTask(..)
            | Call::DeleteTask(_)
            | Call::CompleteTask(_)
            | Call::UncompleteTask(_)
            | Call::DeleteComment(..)
            | Call::DeleteColumn(_)
            | Call::DeleteBoard(_)
            | Call::DeleteProject(_)
            | Call::UpdateDeal(..)
            | Call::PatchDeal(..)
            | Call::MoveDeal { .. }
            | Call::DeleteDeal(_)
            | Call::DeleteFunnel(_)
            | Call::DeleteFunnelStatus(_)
            | Call::DeleteContact(_)
            | Call::DeleteOrganization(_)
    )
}

/// Writes what the service answered `call` (`output`) as read at `at`. A failure leaves the
/// store as it was: what it held stays true of some moment.
pub fn keep(
    w: &Writer,
    call: &Call,
    output: &Output,
    at: OffsetDateTime,
) -> Result<(), StoreError> {
    match call {
        Call::Me => {
            if let Some(Ok(user)) = answer!(output, Me) {
                w.put_profile(user, at)?;
            }
        }
        Call::Workspace => {
            if let Some(Ok(ws)) = answer!(output, Workspace) {
                w.put_workspace(ws, at)?;
            }
        }
        Call::Members => {
            if let Some(Ok(l)) = answer!(output, Members) {
                w.put_list(&ListKey::members(), l, at)?;
            }
        }
        Call::Tags => {
            if let Some(Ok(l)) = answer!(output, Tags) {
                w.put_list(&ListKey::tags(), l, at)?;
            }
        }
        Call::Projects => {
            if let Some(Ok(l)) = answer!(output, Projects) {
                w.put_list(&ListKey::projects(), l, at)?;
            }
        }
        Call::Portfolios => {
            if let Some(Ok(l)) = answer!(output, Portfolios) {
                w.put_list(&ListKey::portfolios(), l, at)?;
            }
        }
        Call::Currencies => {
            if let Some(Ok(l)) = answer!(output, Currencies) {
                w.put_list(&ListKey::currencies(), l, at)?;
            }
        }
        Call::Boards(p) => {
            if let Some(Ok(l)) = answer!(output, Boards) {
                w.put_list(&ListKey::boards(*p), l, at)?;
            }
        }
        Call::Columns(b) => {
            if let Some(Ok(l)) = answer!(output, Columns) {
                w.put_list(&ListKey::columns(*b), l, at)?;
            }
        }
        Call::Funnels => {
            if let Some(Ok(l)) = answer!(output, Funnels) {
                w.put_list(&ListKey::funnels(), l, at)?;
            }
        }
        Call::FunnelStatuses(f) => {
            if let Some(Ok(l)) = answer!(output, FunnelStatuses) {
                w.put_list(&ListKey::statuses(f), l, at)?;
            }
        }
        Call::Tasks(q) => {
            if let (Some(Ok(p)), Ok(key)) = (answer!(output, Tasks), PageKey::tasks(q)) {
                w.put_page(&key, &p.tasks, p.has_more, at)?;
            }
        }
        Call::Task(_) => match answer!(output, Task) {
            Some(Ok(task)) => w.put_task(task, at)?,
            Some(Err(ApiError::NotFound { .. })) => gone_task(w, call)?,
            _ => {}
        },
        Call::Comments(task, limit, offset) => {
            if let Some(Ok(p)) = answer!(output, Comments) {
                let key = PageKey::comments(*task, *limit, *offset);
                w.put_page(&key, &p.comments, p.has_more, at)?;
            }
        }
        Call::Funnel(_) => {
            if let Some(Ok(f)) = answer!(output, Funnel) {
                w.put(&**f, at)?;
            }
        }
        Call::Deals(status, q) => {
            if let Some(Ok(p)) = answer!(output, Deals) {
                w.put_page(&PageKey::deals(status, q), &p.deals, p.has_more, at)?;
            }
        }
        Call::Deal(id) => match answer!(output, Deal) {
            Some(Ok(d)) => w.put(&**d, at)?,
            Some(Err(ApiError::NotFound { .. })) => w.forget::<Deal>(id)?,
            _ => {}
        },
        Call::Project(_) => {
            if let Some(Ok(p)) = answer!(output, Project) {
                w.put(&**p, at)?;
            }
        }
        Call::Contacts(q) => {
            if let Some(Ok(rows)) = answer!(output, Contacts) {
                let key = PageKey::contacts(q);
                w.put_page(&key, rows, key.more_after(rows.len()), at)?;
            }
        }
        Call::Organizations(q) => {
            if let Some(Ok(rows)) = answer!(output, Organizations) {
                let key = PageKey::organizations(q);
                w.put_page(&key, rows, key.more_after(rows.len()), at)?;
            }
        }
        Call::Contact(id) => match answer!(output, Contact) {
            Some(Ok(c)) => w.put(&**c, at)?,
            Some(Err(ApiError::NotFound { .. })) => w.forget::<Contact>(id)?,
            _ => {}
        },
        Call::Organization(id) => match answer!(output, Organization) {
            Some(Ok(o)) => w.put(&**o, at)?,
            Some(Err(ApiError::NotFound { .. })) => w.forget::<Organization>(id)?,
            _ => {}
        },
        // Changes the service confirmed.
        Call::CreateTask(_) => {
            if let Some(Ok(task)) = answer!(output, CreateTask) {
                w.put_task(task, at)?;
            }
        }
        Call::UpdateTask(..) => {
            if let Some(Ok(task)) = answer!(output, UpdateTask) {
                w.put_task(task, at)?;
            }
        }
        Call::DeleteTask(id) => {
            if let Some(Ok(())) = answer!(output, DeleteTask) {
                w.forget_task(*id)?;
            }
        }
        Call::CompleteTask(id) | Call::UncompleteTask(id) => {
            let done = matches!(call, Call::CompleteTask(_));
            let confirmed = if done {
                answer!(output, CompleteTask)
            } else {
                answer!(output, UncompleteTask)
            };
            if let Some(Ok(())) = confirmed {
                w.task_completed(*id, done, at)?;
            }
        }
        Call::DeleteComment(_, comment) => {
            if let Some(Ok(())) = answer!(output, DeleteComment) {
                w.forget::<Comment>(&comment.to_string())?;
            }
        }
        Call::DeleteColumn(id) => {
            if let Some(Ok(())) = answer!(output, DeleteColumn) {
                w.forget::<BoardColumn>(&id.to_string())?;
            }
        }
        Call::DeleteBoard(id) => {
            if let Some(Ok(())) = answer!(output, DeleteBoard) {
                w.forget::<Board>(&id.to_string())?;
            }
        }
        Call::DeleteProject(id) => {
            if let Some(Ok(())) = answer!(output, DeleteProject) {
                w.forget::<Project>(&id.to_string())?;
            }
        }
        Call::UpdateDeal(..) => {
            if let Some(Ok(d)) = answer!(output, UpdateDeal) {
                w.put(&**d, at)?;
            }
        }
        Call::PatchDeal(..) => {
            if let Some(Ok(Some(d))) = answer!(output, PatchDeal) {
                w.put(&**d, at)?;
            }
        }
        // A deal moved is no longer where the lists held it; its new place comes with the
        // next read of its status.
        Call::MoveDeal { deal, .. } => {
            if let Some(Ok(())) = answer!(output, MoveDeal) {
                w.leave_lists::<Deal>(deal)?;
            }
        }
        Call::DeleteDeal(id) => {
            if let Some(Ok(())) = answer!(output, DeleteDeal) {
                w.forget::<Deal>(id)?;
            }
        }
        Call::DeleteFunnel(id) => {
            if let Some(Ok(())) = answer!(output, DeleteFunnel) {
                w.forget::<Funnel>(id)?;
            }
        }
        Call::DeleteFunnelStatus(id) => {
            if let Some(Ok(())) = answer!(output, DeleteFunnelStatus) {
                w.forget::<FunnelStatus>(id)?;
            }
        }
        Call::DeleteContact(id) => {
            if let Some(Ok(())) = answer!(output, DeleteContact) {
                w.forget::<Contact>(id)?;
            }
        }
        Call::DeleteOrganization(id) => {
            if let Some(Ok(())) = answer!(output, DeleteOrganization) {
                w.forget::<Organization>(id)?;
            }
        }
        _ => {}
    }
    // The service's copies do not have the changes of the outbox yet: they are shown over
    // them again, so that the store shows what the screens do.
    // Every kind the outbox holds changes of: a contact renamed offline keeps its new name in
    // the store (and so in go-to-anything) when the contacts are read again.
    if matches!(
        call,
        Call::Tasks(_)
            | Call::Task(_)
            | Call::Deals(..)
            | Call::Deal(_)
            | Call::Contacts(_)
            | Call::Contact(_)
            | Call::Organizations(_)
            | Call::Organization(_)
    ) {
        w.reshow_outbox()?;
    }
    Ok(())
}

/// A task the service no longer has leaves the store.
fn gone_task(w: &Writer, call: &Call) -> Result<(), StoreError> {
    if let Call::Task(id) = call {
        w.forget_task(*id)?;
    }
    Ok(())
}

//! The worker's answers as a test gives them: a failure, a write's plain "done", and a reply
//! to a request, checked to be of its call's type.

use weeek_api::ApiError;

use crate::screen::requests::{Reply, Request};
use crate::worker::{Answer, Call, Origin, Skipped};

/// The answer `call` gets when it fails with `e`.
pub fn failure(call: &Call, e: ApiError) -> Answer {
    Answer::failed(call, e)
}

/// The success of a write that answers nothing but "done".
pub fn done(call: &Call) -> Answer {
    use Answer as A;
    use Call as C;
    match call {
        C::DeleteTask(_) => A::DeletedTask(Ok(())),
        C::CompleteTask(_) => A::CompletedTask(Ok(())),
        C::PlaceTask { .. } => A::PlacedTask(Ok(())),
        C::RenameColumn(..) => A::RenamedColumn(Ok(())),
        C::MoveColumn(..) => A::MovedColumn(Ok(())),
        C::DeleteColumn(_) => A::DeletedColumn(Ok(())),
        C::UncompleteTask(_) => A::ReopenedTask(Ok(())),
        C::AddAssignees(..) => A::AddedAssignees(Ok(())),
        C::RemoveAssignees(..) => A::RemovedAssignees(Ok(())),
        C::AddWatchers(..) => A::AddedWatchers(Ok(())),
        C::RemoveWatchers(..) => A::RemovedWatchers(Ok(())),
        C::StartTimer(_) => A::StartedTimer(Ok(())),
        C::StopTimer(_) => A::StoppedTimer(Ok(())),
        C::DeleteTimeEntry(..) => A::DeletedTimeEntry(Ok(())),
        C::DeleteComment(..) => A::DeletedComment(Ok(())),
        C::MoveDeal { .. } => A::MovedDeal(Ok(())),
        C::DeleteDeal(_) => A::DeletedDeal(Ok(())),
        C::DetachDealTask(..) => A::DetachedDealTask(Ok(())),
        C::DeleteFunnel(_) => A::DeletedFunnel(Ok(())),
        C::DeleteFunnelStatus(_) => A::DeletedFunnelStatus(Ok(())),
        C::MoveFunnelStatus(..) => A::MovedFunnelStatus(Ok(())),
        C::UpdateProject(..) => A::UpdatedProject(Ok(())),
        C::DeleteProject(_) => A::DeletedProject(Ok(())),
        C::ArchiveProject(..) => A::ArchivedProject(Ok(())),
        C::RenameBoard(..) => A::RenamedBoard(Ok(())),
        C::RenamePortfolio(..) => A::RenamedPortfolio(Ok(())),
        C::DeleteBoard(_) => A::DeletedBoard(Ok(())),
        C::DeleteContact(_) => A::DeletedContact(Ok(())),
        C::DeleteOrganization(_) => A::DeletedOrganization(Ok(())),
        C::LinkOrganization(..) => A::LinkedOrganization(Ok(())),
        C::EditContact(..) => A::EditedContact(Ok(crate::worker::Edited::Done)),
        other => panic!("{other:?} answers with a payload, not just done"),
    }
}

/// The reply of the worker to `req`, answered with `answer`, which must be of its call's type
/// (as the worker's always is).
pub fn answered(req: &Request, answer: Answer, skipped: Option<Skipped>) -> Reply {
    assert_eq!(
        std::mem::discriminant(&answer),
        std::mem::discriminant(&failure(&req.call, ApiError::Timeout)),
        "{answer:?} is not what {:?} answers",
        req.call
    );
    Reply {
        id: req.id,
        key: req.key.clone(),
        origin: Origin::Service,
        output: answer.into_output(),
        skipped,
    }
}

/// What the worker answers a call that looks at files here, done here and now; `None` for
/// any other call.
pub(super) fn here(call: &Call) -> Option<Answer> {
    match call {
        Call::CompletePath { typed } => Some(Answer::CompletedPath(Ok(
            crate::worker::complete_here(typed),
        ))),
        Call::LookAtFile { typed } => Some(Answer::LookedAtFile(crate::worker::look_here(typed))),
        Call::DownloadsDir => Some(Answer::DownloadsDir(Ok(
            crate::attachment_files::downloads_dir(),
        ))),
        _ => None,
    }
}

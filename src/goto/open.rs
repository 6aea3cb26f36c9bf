//! Where `Enter` on a name takes the user. The thing is read from the service first: the
//! screen it opens on gets it whole, and one deleted since the store was written says so
//! instead of opening nothing. Members, projects and boards the workspace's directory already
//! holds are opened at once.

use weeek_api::ApiError;

use super::NameIndex;
use crate::screen::ScreenCtx;
use crate::screen::jump::{Jump, Opened};
use crate::screen::requests::KeySet;
use crate::store::{NameKind, Named};
use crate::text::quoted;
use crate::worker::{LocalError, Op, op};

/// The palette's requests: the store's names, and the read of the thing to open.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GotoKey {
    Names,
    Open,
}

impl KeySet for GotoKey {
    type Answer = GotoAnswer;
}

#[derive(Debug)]
pub enum GotoAnswer {
    Names(Result<NameIndex, LocalError>),
    /// What was read to open `Named`: where to go, `None` when it no longer exists.
    Opened(Named, Result<Option<Jump>, ApiError>),
}

/// What `Enter` on a name does now.
#[derive(Debug)]
pub enum Opening {
    /// Go there.
    Go(Jump),
    /// It is being read; [`GotoAnswer::Opened`] says where to go.
    Reading,
    /// It cannot be opened, for this reason.
    Refused(String),
}

/// Starts opening `named`.
pub fn open(named: &Named, cx: &mut ScreenCtx) -> Opening {
    let id = named.id.as_str();
    let number = || id.parse::<i64>().ok();
    match named.kind {
        NameKind::Task => match number() {
            // A task deleted since is still read by its id: it counts as gone.
            Some(task) => read(
                named,
                op::Task(task),
                |r| r.map(|t| (!t.is_deleted).then_some(Jump::Task(t))),
                cx,
            ),
            None => not_a_number(named),
        },
        NameKind::Deal => {
            let place = named.place.clone();
            read(
                named,
                op::Deal(id.to_string()),
                move |r| {
                    r.map(|mut deal| {
                        // UNCERTAIN: the reference lists `funnelId` on a deal; one read without it
                        // goes to the funnel the store had it in.
                        if deal.funnel_id.is_none() {
                            deal.funnel_id = place.clone();
                        }
                        Some(Jump::Deal(deal))
                    })
                },
                cx,
            )
        }
        NameKind::Contact => read(
            named,
            op::Contact(id.to_string()),
            |r| r.map(|c| Some(Jump::Contacts(Opened::Contact(c)))),
            cx,
        ),
        NameKind::Organization => read(
            named,
            op::Organization(id.to_string()),
            |r| r.map(|o| Some(Jump::Contacts(Opened::Organization(o)))),
            cx,
        ),
        NameKind::Project => match number() {
            Some(project) => match cx.names.project(project) {
                Some(p) => Opening::Go(Jump::Project(Box::new(p.clone()))),
                // Not in the directory: archived, or gone. Its own read tells which.
                None => read(
                    named,
                    op::Project(project),
                    |r| r.map(|p| Some(Jump::Project(p))),
                    cx,
                ),
            },
            None => not_a_number(named),
        },
        NameKind::Board => match number() {
            Some(board) if cx.names.board(board).is_some() => Opening::Go(Jump::Board(board)),
            Some(board) => match named.place.as_deref().and_then(|p| p.parse::<i64>().ok()) {
                Some(project) => read(
                    named,
                    op::Boards(project),
                    move |r| {
                        r.map(|boards| {
                            boards
                                .iter()
                                .any(|b| b.id == board)
                                .then_some(Jump::Board(board))
                        })
                    },
                    cx,
                ),
                None => Opening::Go(Jump::Board(board)),
            },
            None => not_a_number(named),
        },
        NameKind::Member => match cx.names.members.value() {
            Some(members) if members.iter().any(|m| m.id == id) => {
                Opening::Go(Jump::Member(id.to_string()))
            }
            Some(_) => Opening::Refused(gone(named)),
            None => {
                let member = id.to_string();
                read(
                    named,
                    op::Members,
                    move |r| {
                        r.map(|all| {
                            all.iter()
                                .any(|m| m.id == member)
                                .then(|| Jump::Member(member.clone()))
                        })
                    },
                    cx,
                )
            }
        },
    }
}

/// Where an answer to [`open`] goes: the jump, or what the palette says instead.
pub fn settle(named: &Named, result: Result<Option<Jump>, ApiError>) -> Result<Jump, String> {
    match result {
        Ok(Some(jump)) => Ok(jump),
        Ok(None) | Err(ApiError::NotFound { .. }) => Err(gone(named)),
        Err(e) => Err(format!(
            "Could not open {}: {}",
            quoted(&named.name, 40),
            e.short()
        )),
    }
}

/// What the palette says while `named` is read.
pub fn reading(named: &Named) -> String {
    format!("Opening {}…", quoted(&named.name, 40))
}

fn gone(named: &Named) -> String {
    let what = match named.kind {
        NameKind::Member => "is no longer a member of the workspace",
        _ => "no longer exists on the service",
    };
    format!("{} {what}.", quoted(&named.name, 40))
}

fn not_a_number(named: &Named) -> Opening {
    Opening::Refused(format!(
        "{} cannot be opened: the store gives it no number ({})",
        quoted(&named.name, 40),
        named.id
    ))
}

/// Reads `op` to open `named`; `to` says where its answer goes.
fn read<O: Op>(
    named: &Named,
    op: O,
    to: impl Fn(O::Output) -> Result<Option<Jump>, ApiError> + Send + Sync + 'static,
    cx: &mut ScreenCtx,
) -> Opening {
    let n = named.clone();
    cx.request(GotoKey::Open, op, move |r| {
        GotoAnswer::Opened(n.clone(), to(r))
    });
    Opening::Reading
}

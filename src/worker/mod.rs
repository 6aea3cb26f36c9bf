//! The worker: the one place calls run. A tokio task owns the client, runs requests
//! concurrently and answers each with a message.
//!
//! How a screen asks and is answered:
//! - every operation is one line of the table in `calls.rs`, which makes a [`Call`] variant
//!   (plain data, serde both ways: what tests look at and what can be stored), a struct of
//!   the same name in [`op`], and that struct's [`Op::Output`], the one type its answer has;
//! - a screen asks with the op and says what its answer becomes for it:
//!   `cx.request(TaskKey::Detail(id), op::Task(id), move |r| TaskAnswer::Detail(id, r))`,
//!   where `r` is the op's `Output`; the key says which request it is (a newer one under the
//!   same key supersedes it), the closure builds the screen's own answer enum, whose handler
//!   matches every variant. A call prepared elsewhere (the look for a lost create, a write
//!   of the ledger) travels as a [`TypedCall`], sent with `cx.ask(key, typed, answer)`;
//! - the worker runs the call and sends its typed result back ([`Output`], with its
//!   [`Origin`]); the app reads it with the request's [`TypedCall`], which no other type's
//!   answer passes, and hands the screen its answer;
//! - a read asked with `cx.request_cached` is answered first from the local store when it
//!   holds a copy ([`Origin::Stored`]), then by the service; the screen's handler sees which
//!   (`cx.stored()`) and replaces the copy with the fresh answer in place. Every answer of the
//!   service is written to the store by the worker (`kept.rs`).

mod calls;
mod edits;
mod execute;
mod kept;
#[cfg(test)]
mod kept_tests;
mod local;
mod output;
mod replaying;
#[cfg(test)]
#[cfg(feature = "demo")]
mod replaying_tests;
mod runtime;
mod syncing;
mod table;

#[cfg(test)]
pub use calls::Answer;
pub use calls::{Call, Kind, Op, op};
pub use edits::{ContactEdit, Edited, Entry, OrgEdit, OrgEdited, OrgLink, OrgRowKind, RowCall};
pub use execute::{Skipped, execute};
pub use kept::{keep, keeps, recall};
pub use local::{Completion, LocalError, LocalFile};
#[cfg(test)]
pub use local::{complete as complete_here, look_at as look_here};
pub use output::{Failure, Origin, Output, TypedCall};
pub use runtime::{Order, Reply, Report, Request, Retrying, spawn};

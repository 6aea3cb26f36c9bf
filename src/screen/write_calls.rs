//! The calls a write of the ledger is made of, by what their answers say: the item written,
//! nothing but that it is done, or (a delete) that the item is no longer there.

use weeek_api::ApiError;

use crate::worker::{Op, TypedCall};

/// What a write's answer says of its item: the service's copy when the call returns one.
pub type WriteCall<Item> = TypedCall<Result<Option<Item>, ApiError>>;

/// A write whose answer is the item written.
pub fn returning<O, I>(op: O) -> WriteCall<I>
where
    O: Op<Output = Result<Box<I>, ApiError>>,
    I: 'static,
{
    TypedCall::new(op).map(|r: Result<Box<I>, ApiError>| r.map(|item| Some(*item)))
}

/// The read of an item whose answer comes boxed.
pub fn read_item<O, I>(op: O) -> TypedCall<Result<I, ApiError>>
where
    O: Op<Output = Result<Box<I>, ApiError>>,
    I: 'static,
{
    TypedCall::new(op).map(|r: Result<Box<I>, ApiError>| r.map(|item| *item))
}

/// A write whose answer says only that it is done.
pub fn done<O, I>(op: O) -> WriteCall<I>
where
    O: Op<Output = Result<(), ApiError>>,
    I: 'static,
{
    TypedCall::new(op).map(|r: Result<(), ApiError>| r.map(|()| None))
}

/// A delete: an item the service no longer has counts as deleted (an earlier send of it may
/// have landed).
pub fn deleted<O, I>(op: O) -> WriteCall<I>
where
    O: Op<Output = Result<(), ApiError>>,
    I: 'static,
{
    TypedCall::new(op).map(|r: Result<(), ApiError>| match r {
        Err(ApiError::NotFound { .. }) => Ok(None),
        other => other.map(|()| None),
    })
}

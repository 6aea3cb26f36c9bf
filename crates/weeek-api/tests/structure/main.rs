//! The task manager's structure operations, and what hangs on a task (`task_activity`): each
//! against the seeded sandbox over loopback (`operations`), and each request as it travels,
//! read by a scripted server (`wire`).

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

mod operations;
mod task_activity;
mod wire;

//! The task manager's structure operations: each against the seeded sandbox over loopback
//! (`operations`), and each request as it travels, read by a scripted server (`wire`).

#[path = "../common/mod.rs"]
mod common;

mod operations;
mod wire;

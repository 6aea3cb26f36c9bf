//! weeek-tui: a keyboard-first terminal client for WEEEK.
//!
//! Flow: terminal event → keymap (`keys::commands`) → `App::update` (pure) → effects → the
//! runtime (`runtime`) runs them; the API worker (`worker`) answers with messages → `update`
//! → `ui::render`. Where things go on screen is `layout`, below both: screens read page sizes
//! from its `Viewport`, and `ui::render` returns the areas it drew, which clicks are resolved
//! against.

pub mod active_workspace;
pub mod amounts;
pub mod app;
pub mod attachment_files;
pub mod cli;
pub mod config;
pub mod contacts;
pub mod date_input;
pub mod datetime;
pub mod duration;
pub mod first_frame;
pub mod funnels;
pub mod fuzzy;
pub mod goto;
pub mod html;
#[cfg(test)]
mod import_rules_tests;
pub mod keys;
pub mod layout;
pub mod logging;
pub mod moment;
pub mod outbox;
pub mod path_complete;
pub mod private_files;
pub mod projects;
pub mod runtime;
pub mod runtime_outbox;
pub mod screen;
pub mod share;
pub mod store;
pub mod sync;
pub mod tasks;
pub mod terminal;
#[cfg(test)]
pub mod testing;
pub mod text;
pub mod ui;
pub mod widgets;
pub mod worker;
pub mod workspaces;

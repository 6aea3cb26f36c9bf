//! Keys as data: the command table (every binding of every layer, one line each), how keys
//! are written and which command a key reaches (`keymap`, with the config file's `[keys]`),
//! the overrides that hide a default (`shadows`), and an Alt-digit split in two by the
//! terminal (`alt_digit`).

pub mod alt_digit;
pub mod commands;
pub mod keymap;
pub mod shadows;

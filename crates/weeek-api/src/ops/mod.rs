//! Operations of the service, one `impl Client` block per area.

pub(crate) mod attachments;
mod board_columns;
mod boards;
mod contacts;
pub(crate) mod crm;
mod custom_fields;
mod deals;
mod funnels;
mod organizations;
pub(crate) mod portfolios;
pub(crate) mod projects;
mod tags;
pub(crate) mod task_activity;
mod tasks;
mod workspace;
mod writes;

/// Path segments from user data are percent-encoded so an id can never change the route.
pub(crate) fn seg(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

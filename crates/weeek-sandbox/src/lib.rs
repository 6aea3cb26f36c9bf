//! A local emulator of the WEEEK public API (`/public/v1`), backed by SQLite and
//! seeded with a deterministic demo workspace.
//!
//! It reproduces the wire behaviour of the real service as far as it is known:
//! envelopes, status codes and error bodies (including the inconsistent ones),
//! `1`/`0` query booleans, `name[]` query arrays and Laravel-style validation
//! errors. Faults (latency, failures) can be injected to exercise clients,
//! from code ([`SandboxHandle::set_faults`]) or over HTTP:
//!
//! ```text
//! curl -X PUT -H 'Authorization: Bearer TOKEN' localhost:PORT/__sandbox/faults \
//!      -d '{"latencyMs":300,"failureRate":0.25,"failureStatus":503}'
//! ```

mod auth;
mod clock;
mod config;
mod errors;
mod faults;
mod html;
mod option_colours;
mod routes;
mod seed;
mod server;
mod store;
mod validate;
mod wire;

pub use config::{DbLocation, SandboxConfig, demo_token};
pub use errors::SandboxError;
pub use faults::{FailureMode, Faults};
pub use routes::contacts::{CRM_LIST_DEFAULT_LIMIT, CRM_LIST_MAX_LIMIT};
pub use routes::deals::{DEALS_DEFAULT_LIMIT, DEALS_MAX_LIMIT};
pub use routes::tasks::{TASKS_DEFAULT_PER_PAGE, TASKS_MAX_PER_PAGE};
pub use server::{Sandbox, SandboxHandle};

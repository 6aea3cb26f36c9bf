//! Every CRM operation of the client against the seeded sandbox, through a tap that records
//! what went on the wire: each test checks the request as the service expects it (query
//! arrays, nested custom-field filters, JSON bodies) and what the sandbox made of it.

mod common;
#[path = "crm_catalogue/contacts.rs"]
mod contacts;
#[path = "crm_catalogue/deals.rs"]
mod deals;
#[path = "crm_catalogue/funnels.rs"]
mod funnels;
#[path = "crm_catalogue/organizations.rs"]
mod organizations;

use std::time::Duration;

use common::tap::Tap;
use weeek_api::{Client, RetryPolicy};
use weeek_sandbox::{SandboxHandle, demo_token};

/// A seeded sandbox, a tap in front of it and a client of the tap. Keep all three alive.
pub async fn tapped() -> (SandboxHandle, Tap, Client) {
    let sandbox = common::sandbox().await;
    let tap = Tap::in_front_of(&sandbox).await;
    let client = common::client_with(
        &tap.base_url(),
        demo_token(),
        RetryPolicy::none(),
        Duration::from_secs(10),
    );
    (sandbox, tap, client)
}

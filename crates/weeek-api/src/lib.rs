//! A typed async client for the WEEEK public API (`https://api.weeek.net/public/v1`).
//!
//! It speaks the service's dialect: query booleans as `1`/`0`, arrays as `name[]=`, filter
//! dates as `dd.mm.yyyy`, envelopes `{success, <payload>}`; it reads old and new resource shapes
//! alike and maps every failure to one [`ApiError`]. It knows nothing of terminals.

mod answer;
mod client;
mod contact;
mod crm_query;
mod crm_requests;
mod custom_fields;
pub mod dates;
mod de;
mod error;
mod listed;
pub mod models;
mod ops;
mod plain_http;
mod query;
mod requests;
mod ser;
mod service_clock;
mod stored;

pub use client::{Client, ClientConfig, DEFAULT_BASE_URL, RetryNotice, RetryPolicy};
pub use contact::{FieldError, NAME_MAX_CHARS, NewContact, check_email, check_name, check_phone};
pub use crm_query::{
    ContactQuery, CrmSortKey, CustomFieldFilter, DealQuery, DealSortKey, LastUpdated,
    OrganizationQuery, Sort,
};
pub use crm_requests::{
    ContactUpdate, DealInput, DealUpdate, FileUpload, FunnelInput, OrganizationInput,
};
pub use custom_fields::{
    BooleanStyle, CURRENCY_IDS, CustomFieldKind, CustomFieldUpdate, FIELD_NAME_MAX_CHARS,
    FieldConfig, FieldScope, NewCustomField, NumberFormat, OptionColour, PRECISION_MAX, Placement,
};
pub use error::{ApiError, FieldErrors, Token};
pub use listed::{Listed, SkippedRow};
pub use ops::attachments::{AttachmentContent, AttachmentFile};
pub use ops::crm::DealPage;
pub use ops::portfolios::{NewPortfolio, PortfolioPage, PortfolioQuery};
pub use ops::projects::{NewProject, ProjectUpdate};
pub use ops::task_activity::CommentPage;
pub use query::{ListQuery, SortBy, SortKey, TaskPage, TaskQuery};
pub use requests::{
    ColumnPlace, NewTask, SubTaskPlace, TIME_ENTRY_MAX_MINUTES, TaskUpdate, TimeEntryInput,
};
/// The URL type the client parses its base URL with: a caller that checks a base URL
/// (which host gets the token) must read it as the client will.
pub use reqwest::Url;

/// TLS uses rustls with `ring`, the lighter provider to build; it must be installed once per
/// process before any client exists. Safe to call many times.
pub fn install_crypto_provider() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

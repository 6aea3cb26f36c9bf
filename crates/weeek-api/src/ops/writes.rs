//! The two shapes every write answers with: an ack, or one record under a payload key.

use reqwest::Method;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::client::Client;
use crate::error::ApiError;

impl Client {
    /// A write answered by `{"success": true}`; a body of `()` sends none.
    pub(crate) async fn ack<B: Serialize + ?Sized>(
        &self,
        method: Method,
        path: &str,
        body: Option<&B>,
    ) -> Result<(), ApiError> {
        self.send(method, path, body).await.map(drop)
    }

    /// A write answered by `{"success": true, <key>: T}`.
    pub(crate) async fn write<B: Serialize + ?Sized, T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        body: &B,
        key: &str,
    ) -> Result<T, ApiError> {
        self.send(method, path, Some(body)).await?.take(key)
    }
}

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::validate::Invalid;
use crate::wire::json_response;

/// Failure to start the sandbox.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("cannot bind {addr}: {source}")]
    Bind {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    #[error("database error: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("cannot create the database directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("demo seed data is malformed: {0}")]
    Seed(String),
}

/// An error answer of the API, shaped like the real service's (which differ by
/// verb and resource; see the reference, section 5).
#[derive(Debug)]
pub enum ApiError {
    Unauthenticated,
    Validation(Invalid),
    /// `GET` of an unknown task: 400 with code 1000001.
    ModelNotFound,
    /// 404 `{"message":"Record not found"}` (no `success` key).
    RecordNotFound,
    /// 404 with an HTML page, as `PUT` of an unknown task answers.
    HtmlNotFound,
    RouteNotFound(String),
    Internal(String),
}

impl ApiError {
    pub fn internal(err: impl std::fmt::Display) -> Self {
        Self::Internal(err.to_string())
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(err: rusqlite::Error) -> Self {
        Self::internal(err)
    }
}

impl From<serde_json::Error> for ApiError {
    fn from(err: serde_json::Error) -> Self {
        Self::internal(err)
    }
}

impl From<Invalid> for ApiError {
    fn from(invalid: Invalid) -> Self {
        Self::Validation(invalid)
    }
}

pub fn route_not_found_body(path: &str) -> Value {
    json!({
        "success": false,
        "message": format!("The route {} could not be found.", path.trim_start_matches('/')),
    })
}

const NOT_FOUND_PAGE: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Not Found</title></head>\n<body><div class=\"code\">404</div><div class=\"message\">Not Found</div></body>\n</html>\n";

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            Self::Unauthenticated => json_response(
                StatusCode::UNAUTHORIZED,
                &json!({"success": false, "code": 2000000, "message": "Unauthenticated."}),
            ),
            Self::Validation(invalid) => {
                json_response(StatusCode::UNPROCESSABLE_ENTITY, &invalid.to_body())
            }
            Self::ModelNotFound => json_response(
                StatusCode::BAD_REQUEST,
                &json!({"success": false, "code": 1000001, "message": "Model not found"}),
            ),
            Self::RecordNotFound => json_response(
                StatusCode::NOT_FOUND,
                &json!({"message": "Record not found"}),
            ),
            Self::HtmlNotFound => {
                let mut response = (StatusCode::NOT_FOUND, NOT_FOUND_PAGE).into_response();
                response.headers_mut().insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("text/html; charset=UTF-8"),
                );
                response
            }
            Self::RouteNotFound(path) => {
                json_response(StatusCode::NOT_FOUND, &route_not_found_body(&path))
            }
            Self::Internal(message) => {
                tracing::error!(%message, "sandbox internal error");
                json_response(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    &json!({"success": false, "message": "Server Error"}),
                )
            }
        }
    }
}

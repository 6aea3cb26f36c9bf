//! SQLite storage. One connection behind a mutex; every use runs on the
//! blocking pool so the async runtime never waits on disk.

pub mod attachments;
pub mod boards;
pub mod comments;
pub mod crm;
pub mod custom_fields;
pub mod deals;
pub mod funnels;
pub mod ids;
pub mod organizations;
pub mod portfolios;
pub mod projects;
pub mod tasks;
pub mod timers;
mod upgrade;
pub mod workspace;

use std::sync::{Arc, Mutex};

use rusqlite::Connection;
use time::Date;

use crate::config::DbLocation;
use crate::errors::{ApiError, SandboxError};

const SCHEMA: &str = include_str!("schema.sql");

#[derive(Clone)]
pub struct Store {
    conn: Arc<Mutex<Connection>>,
}

impl Store {
    /// Opens (creating if needed) the database and its schema.
    pub fn open(location: &DbLocation) -> Result<Self, SandboxError> {
        let conn = match location {
            DbLocation::Memory => Connection::open_in_memory()?,
            DbLocation::File(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)?;
                }
                Connection::open(path)?
            }
        };
        conn.execute_batch(SCHEMA)?;
        upgrade::upgrade(&conn, SCHEMA)?;
        Ok(Self {
            conn: Arc::new(Mutex::new(conn)),
        })
    }

    /// Runs `work` with the connection, synchronously (start-up only).
    pub fn with_blocking<T>(&self, work: impl FnOnce(&mut Connection) -> T) -> T {
        let mut conn = self
            .conn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        work(&mut conn)
    }

    /// Runs `work` with the connection on the blocking pool.
    pub async fn call<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, ApiError> + Send + 'static,
    {
        let conn = Arc::clone(&self.conn);
        tokio::task::spawn_blocking(move || {
            let mut conn = conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            work(&mut conn)
        })
        .await
        .map_err(ApiError::internal)?
    }
}

/// What an answer is built for besides the data: the day it is read on (a task's `overdue`)
/// and the address the request reached (`http://host:port`, for links to the files the
/// sandbox serves).
#[derive(Clone, Copy, Debug)]
pub struct Answering<'a> {
    pub today: Date,
    pub origin: &'a str,
}

/// Whether the workspace has never been created in this database.
pub fn is_empty(conn: &Connection) -> rusqlite::Result<bool> {
    let count: i64 = conn.query_row("SELECT COUNT(*) FROM workspace", [], |row| row.get(0))?;
    Ok(count == 0)
}

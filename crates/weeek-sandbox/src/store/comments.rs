//! Task comments: threads of markdown, a reply naming its parent comment.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::{Value, json};

#[derive(Clone, Debug, PartialEq)]
pub struct Comment {
    pub id: i64,
    pub task_id: i64,
    pub parent_id: Option<i64>,
    pub author_id: String,
    pub markdown: String,
    pub created_at: String,
    pub updated_at: String,
}

impl Comment {
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "parentId": self.parent_id,
            "authorId": self.author_id,
            "markdown": self.markdown,
            "createdAt": self.created_at,
            "updatedAt": self.updated_at,
        })
    }

    fn from_row(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            task_id: row.get(1)?,
            parent_id: row.get(2)?,
            author_id: row.get(3)?,
            markdown: row.get(4)?,
            created_at: row.get(5)?,
            updated_at: row.get(6)?,
        })
    }
}

const COLUMNS: &str = "id, task_id, parent_id, author_id, markdown, created_at, updated_at";

/// A page of a task's comments, oldest first, and whether more follow.
pub fn page(
    conn: &Connection,
    task_id: i64,
    limit: usize,
    offset: usize,
) -> rusqlite::Result<(Vec<Comment>, bool)> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM task_comments WHERE task_id = ?1 ORDER BY id LIMIT ?2 OFFSET ?3"
    ))?;
    // One more than asked says whether there is a next page.
    let mut rows: Vec<Comment> = stmt
        .query_map(
            params![task_id, limit as i64 + 1, offset as i64],
            Comment::from_row,
        )?
        .collect::<rusqlite::Result<_>>()?;
    let more = rows.len() > limit;
    rows.truncate(limit);
    Ok((rows, more))
}

pub fn find(conn: &Connection, task_id: i64, id: i64) -> rusqlite::Result<Option<Comment>> {
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM task_comments WHERE task_id = ?1 AND id = ?2"),
        params![task_id, id],
        Comment::from_row,
    )
    .optional()
}

/// Adds a comment; answers it with its id.
pub fn insert(conn: &Connection, comment: &Comment) -> rusqlite::Result<Comment> {
    conn.execute(
        "INSERT INTO task_comments (task_id, parent_id, author_id, markdown, created_at, \
         updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            comment.task_id,
            comment.parent_id,
            comment.author_id,
            comment.markdown,
            comment.created_at,
            comment.updated_at
        ],
    )?;
    Ok(Comment {
        id: conn.last_insert_rowid(),
        ..comment.clone()
    })
}

/// Deletes a comment with its replies, and theirs.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "WITH RECURSIVE thread(id) AS (SELECT ?1 \
         UNION ALL SELECT c.id FROM task_comments c JOIN thread t ON c.parent_id = t.id) \
         DELETE FROM task_comments WHERE id IN (SELECT id FROM thread)",
        [id],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comment(task_id: i64, parent_id: Option<i64>) -> Comment {
        Comment {
            id: 0,
            task_id,
            parent_id,
            author_id: "a".into(),
            markdown: "m".into(),
            created_at: "t".into(),
            updated_at: "t".into(),
        }
    }

    #[test]
    fn a_deleted_comment_takes_its_thread() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(include_str!("schema.sql")).unwrap();
        let root = insert(&conn, &comment(1, None)).unwrap();
        let reply = insert(&conn, &comment(1, Some(root.id))).unwrap();
        insert(&conn, &comment(1, Some(reply.id))).unwrap();
        let other = insert(&conn, &comment(1, None)).unwrap();
        delete(&conn, root.id).unwrap();
        let (left, more) = page(&conn, 1, 10, 0).unwrap();
        assert_eq!(left, vec![other]);
        assert!(!more);
    }
}

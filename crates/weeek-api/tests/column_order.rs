//! A task put next to another in its board column, against the sandbox over real HTTP.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Whole, demo_client, sandbox};
use weeek_api::{Client, ColumnPlace, TaskQuery};

async fn column(client: &Client, id: i64) -> Vec<i64> {
    let query = TaskQuery {
        board_column_id: Some(id),
        per_page: Some(100),
        ..Default::default()
    };
    let page = client
        .tasks(&query)
        .await
        .expect("a column's tasks")
        .whole();
    page.tasks.iter().map(|t| t.id).collect()
}

#[tokio::test]
async fn a_task_goes_right_below_or_above_another_of_its_column() {
    let sb = sandbox().await;
    let client = demo_client(&sb);
    let columns = client
        .board_columns(1)
        .await
        .expect("columns of board 1")
        .whole();
    let mut busy = None;
    for c in columns {
        if column(&client, c.id).await.len() >= 3 {
            busy = Some(c.id);
            break;
        }
    }
    let col = busy.expect("a column with three tasks");
    let before = column(&client, col).await;
    let (a, b, c) = (before[0], before[1], before[2]);
    client
        .place_task_in_column(a, 1, col, ColumnPlace::After(b))
        .await
        .expect("after");
    assert_eq!(&column(&client, col).await[..3], &[b, a, c]);
    client
        .place_task_in_column(c, 1, col, ColumnPlace::Before(b))
        .await
        .expect("before");
    assert_eq!(&column(&client, col).await[..3], &[c, b, a]);
}

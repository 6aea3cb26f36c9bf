//! Parent, watchers, timers, time entries, uploads and comments: each request on the wire, and
//! each operation against the seeded sandbox.

use std::time::Duration;

use serde_json::{Value, json};
use time::macros::date;
use weeek_api::{ApiError, FileUpload, SubTaskPlace, TimeEntryInput};

use crate::common::{ANNA, MARIA, demo_client, sandbox};
use crate::wire::{ACK, exchange, one};

fn entry(minutes: u16) -> TimeEntryInput {
    TimeEntryInput {
        user_id: MARIA.into(),
        is_overtime: false,
        date: date!(2026 - 11 - 19),
        minutes,
        comment: Some("Ревью".into()),
    }
}

#[tokio::test]
async fn requests_on_the_wire() {
    let (done, seen) = exchange(&[ACK], |c| async move {
        c.set_task_parent(5, Some(1), SubTaskPlace::After(2)).await
    })
    .await;
    done.expect("parent");
    assert_eq!(
        one(&seen),
        (
            "POST /tm/tasks/5/parent".into(),
            json!({"parentId": 1, "after": 2})
        )
    );
    let (_, seen) = exchange(&[ACK], |c| async move {
        c.set_task_parent(5, None, SubTaskPlace::Before(2)).await
    })
    .await;
    assert_eq!(
        one(&seen),
        ("POST /tm/tasks/5/parent".into(), json!({"parentId": null}))
    );

    let (_, seen) = exchange(&[ACK], |c| async move {
        c.remove_watchers(5, &[MARIA.to_string()]).await
    })
    .await;
    assert_eq!(
        one(&seen),
        (
            "DELETE /tm/tasks/5/watchers".into(),
            json!({"watchers": [MARIA]})
        )
    );
    let (_, seen) = exchange(&[ACK], |c| async move { c.start_timer(5).await }).await;
    assert_eq!(
        one(&seen),
        ("POST /tm/tasks/5/start-timer".into(), Value::Null)
    );

    let (_, seen) = exchange(
        &[r#"{"success":true,"data":{"id":"e-1","duration":45}}"#],
        |c| async move { c.update_time_entry(5, "e/1", &entry(45)).await },
    )
    .await;
    assert_eq!(
        one(&seen),
        (
            "PUT /tm/tasks/5/time-entries/e%2F1".into(),
            json!({"userId": MARIA, "isOvertime": false, "date": "2026-11-19", "duration": 45,
                   "comment": "Ревью"})
        )
    );

    let (page, seen) = exchange(
        &[r#"{"comments":[{"id":3,"parentId":null,"authorId":"u","markdown":"**да**"}],"hasMore":true}"#],
        |c| async move { c.task_comments(1, 2, 4).await },
    )
    .await;
    let page = page.expect("page").value;
    assert!(page.has_more);
    assert_eq!(page.comments[0].markdown.as_deref(), Some("**да**"));
    assert_eq!(
        one(&seen),
        (
            "GET /tm/tasks/1/comments?limit=2&offset=4".into(),
            Value::Null
        )
    );
    let (_, seen) = exchange(
        &[r#"{"success":true,"comment":{"id":9,"parentId":3}}"#],
        |c| async move { c.create_task_comment(1, "Ок", Some(3)).await },
    )
    .await;
    assert_eq!(
        one(&seen),
        (
            "POST /tm/tasks/1/comments".into(),
            json!({"markdown": "Ок", "parentId": 3})
        )
    );
}

#[tokio::test]
async fn refused_before_sending() {
    let (outcomes, seen) = exchange(&[], |c| async move {
        vec![
            c.add_watchers(5, &[]).await.err(),
            c.create_time_entry(5, &entry(0)).await.err(),
            c.create_task_comment(1, "  ", None).await.err(),
        ]
    })
    .await;
    assert!(seen.is_empty(), "{seen:?}");
    for outcome in outcomes {
        assert!(
            matches!(outcome, Some(ApiError::InvalidRequest(_))),
            "{outcome:?}"
        );
    }
}

#[tokio::test]
async fn against_the_sandbox() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    client
        .set_task_parent(5, Some(1), SubTaskPlace::Before(3))
        .await
        .expect("parent");
    assert_eq!(client.task(1).await.expect("task").sub_tasks, [2, 5, 3, 4]);
    let refused = client.set_task_parent(1, Some(2), SubTaskPlace::Last).await;
    assert!(
        matches!(refused, Err(ApiError::Validation { .. })),
        "{refused:?}"
    );

    client
        .add_watchers(5, &[MARIA.to_string()])
        .await
        .expect("watch");
    assert!(
        client
            .task(5)
            .await
            .unwrap()
            .subscribers
            .contains(&MARIA.to_string())
    );
    client
        .remove_watchers(5, &[MARIA.to_string()])
        .await
        .expect("unwatch");
    assert!(
        !client
            .task(5)
            .await
            .unwrap()
            .subscribers
            .contains(&MARIA.to_string())
    );

    client.start_timer(5).await.expect("start");
    let timers = client.task(5).await.unwrap().timers;
    assert_eq!(timers.len(), 1);
    assert_eq!(timers[0].user_id.as_deref(), Some(ANNA));
    assert!(timers[0].started_at.is_some());
    sb.advance_clock(Duration::from_secs(25 * 60));
    client.stop_timer(5).await.expect("stop");
    let task = client.task(5).await.unwrap();
    assert!(task.timers.is_empty());
    let from_timer = task
        .time_entries
        .iter()
        .find(|e| e.r#type == Some(1) && e.comment.as_deref() == Some(""))
        .expect("the timer's entry");
    let seconds = from_timer.duration_seconds.expect("seconds");
    assert!((1500..1560).contains(&seconds), "{from_timer:?}");

    let created = client
        .create_time_entry(5, &entry(45))
        .await
        .expect("entry");
    assert_eq!(
        (created.duration, created.duration_seconds, created.date),
        (Some(45), Some(2700), Some(date!(2026 - 11 - 19)))
    );
    let updated = client
        .update_time_entry(5, &created.id, &entry(90))
        .await
        .expect("updated");
    assert_eq!(updated.duration, Some(90));
    client
        .delete_time_entry(5, &created.id)
        .await
        .expect("deleted");
    assert!(
        client
            .task(5)
            .await
            .unwrap()
            .time_entries
            .iter()
            .all(|e| e.id != created.id)
    );

    let files = client
        .upload_task_attachments(
            5,
            &[FileUpload {
                name: "итоги.md".into(),
                content_type: None,
                bytes: "# Итоги спринта".as_bytes().to_vec(),
            }],
        )
        .await
        .expect("upload");
    assert_eq!(files.len(), 1);
    assert!(
        client
            .task(5)
            .await
            .unwrap()
            .attachments
            .contains(&files[0])
    );
    match client
        .attachment_content(&files[0].id)
        .await
        .expect("download")
    {
        weeek_api::AttachmentContent::File(file) => {
            assert_eq!(file.bytes, "# Итоги спринта".as_bytes());
        }
        other => panic!("not the file: {other:?}"),
    }

    let first = client.task_comments(1, 2, 0).await.expect("comments").value;
    assert_eq!(first.comments.len(), 2);
    assert!(first.has_more);
    assert_eq!(first.comments[1].parent_id, Some(first.comments[0].id));
    let reply = client
        .create_task_comment(1, "Да, так и задумано.", Some(4))
        .await
        .expect("comment");
    assert_eq!(
        (reply.parent_id, reply.author_id.as_deref()),
        (Some(4), Some(ANNA))
    );
    client.delete_task_comment(1, 1).await.expect("deleted");
    let left: Vec<i64> = client
        .task_comments(1, 100, 0)
        .await
        .expect("comments")
        .value
        .comments
        .iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(left, [4, reply.id]);
}

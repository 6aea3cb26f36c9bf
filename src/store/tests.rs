use std::path::{Path, PathBuf};

use time::OffsetDateTime;
use time::macros::datetime;
use weeek_api::models::{Board, Contact, Deal, Member, Project, TaskRow};
use weeek_api::{DealQuery, ListQuery, TaskQuery};

use super::fixtures as f;
use super::schema;
use super::*;

const T0: OffsetDateTime = datetime!(2026-11-21 10:00 UTC);
const T1: OffsetDateTime = datetime!(2026-11-21 10:05 UTC);

fn row(id: i64, title: &str) -> TaskRow {
    TaskRow {
        id,
        title: Some(title.into()),
        updated_at: Some(T0),
        ..Default::default()
    }
}

fn my_open(offset: u32) -> TaskQuery {
    TaskQuery {
        user_id: Some(f::user().id),
        completed: Some(false),
        per_page: Some(2),
        offset: Some(offset),
        ..Default::default()
    }
}

fn file_store(dir: &Path) -> Store {
    let opened = Store::open(&dir.join("stores/s.sqlite3"));
    assert_eq!(opened.notice, None);
    opened.store
}

fn titles(rows: &[TaskRow]) -> Vec<&str> {
    rows.iter().map(|r| r.display_title()).collect()
}

#[test]
fn a_task_page_is_found_by_the_query_that_read_it_whatever_its_page() {
    let mut store = Store::in_memory();
    let first = PageKey::tasks(&my_open(0)).unwrap();
    let second = PageKey::tasks(&my_open(2)).unwrap();
    assert_eq!(first.list, second.list, "pages of one list share its key");
    assert_eq!(store.page(&first).unwrap(), None, "nothing read yet");
    store
        .write(|w| w.put_page(&first, &[row(1, "a"), row(2, "b")], true, T0))
        .unwrap();
    store
        .write(|w| w.put_page(&second, &[row(3, "c")], false, T1))
        .unwrap();
    let page = store.page(&first).unwrap().unwrap();
    assert_eq!(titles(&page.rows), ["a", "b"]);
    assert!(page.has_more);
    assert_eq!(page.read_at, T0);
    let last = store.page(&second).unwrap().unwrap();
    assert_eq!(titles(&last.rows), ["c"]);
    assert!(!last.has_more);
    assert_eq!(last.read_at, T1);
    // After the end: an empty page, known to be empty.
    let beyond = PageKey::tasks(&my_open(4)).unwrap();
    let empty = store.page(&beyond).unwrap().unwrap();
    assert!(empty.rows.is_empty() && !empty.has_more);
    // Another query is another list; a row is kept once whatever lists hold it.
    let everyone = TaskQuery {
        per_page: Some(2),
        ..Default::default()
    };
    let other = PageKey::tasks(&everyone).unwrap();
    assert_ne!(other.list, first.list);
    assert_eq!(store.page(&other).unwrap(), None);
    store
        .write(|w| w.put_page(&other, &[row(2, "b, renamed")], false, T1))
        .unwrap();
    let page = store.page(&first).unwrap().unwrap();
    assert_eq!(titles(&page.rows), ["a", "b, renamed"]);
    assert_eq!(store.count(Kind::TaskRow).unwrap(), 3);
}

#[test]
fn a_page_read_again_moves_its_rows_and_a_shorter_end_drops_the_rest() {
    let mut store = Store::in_memory();
    let p0 = PageKey::tasks(&my_open(0)).unwrap();
    let p1 = PageKey::tasks(&my_open(2)).unwrap();
    store
        .write(|w| {
            w.put_page(&p0, &[row(1, "a"), row(2, "b")], true, T0)?;
            w.put_page(&p1, &[row(3, "c"), row(4, "d")], false, T0)
        })
        .unwrap();
    // Task 3 moved to the top; 1 was completed elsewhere and left the list.
    store
        .write(|w| w.put_page(&p0, &[row(3, "c"), row(2, "b")], true, T1))
        .unwrap();
    let first = store.page(&p0).unwrap().unwrap();
    assert_eq!(titles(&first.rows), ["c", "b"]);
    let second = store.page(&p1).unwrap().unwrap();
    assert_eq!(
        titles(&second.rows),
        ["d"],
        "c is held once, at its new place"
    );
    // The list now ends after its first page.
    store
        .write(|w| w.put_page(&p0, &[row(3, "c")], false, T1))
        .unwrap();
    let first = store.page(&p0).unwrap().unwrap();
    assert_eq!(titles(&first.rows), ["c"]);
    assert!(!first.has_more);
    assert!(store.page(&p1).unwrap().unwrap().rows.is_empty());
}

#[test]
fn a_whole_list_replaces_the_last_and_forgets_what_left_it() {
    let mut store = Store::in_memory();
    let boards = ListKey::boards(10);
    let b = |id, name: &str| Board {
        id,
        name: name.into(),
        project_id: 10,
        ..Default::default()
    };
    assert_eq!(store.list(&boards).unwrap(), None);
    store
        .write(|w| w.put_list(&boards, &[b(1, "Дизайн"), b(2, "Код")], T0))
        .unwrap();
    store
        .write(|w| w.put_list(&boards, &[b(2, "Код"), b(3, "Тесты")], T1))
        .unwrap();
    let read = store.list(&boards).unwrap().unwrap();
    let names: Vec<&str> = read.value.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["Код", "Тесты"]);
    assert_eq!(read.read_at, T1);
    assert_eq!(store.get::<Board>("1").unwrap(), None, "board 1 is gone");
    let boards_named: Vec<String> = store
        .names(NameKind::Board)
        .unwrap()
        .into_iter()
        .map(|n| format!("{} {} in {:?}", n.id, n.name, n.place))
        .collect();
    assert_eq!(
        boards_named,
        ["2 Код in Some(\"10\")", "3 Тесты in Some(\"10\")"]
    );
    // An empty list is a list read: nothing in it.
    store
        .write(|w| w.put_list(&ListKey::members(), &[], T0))
        .unwrap();
    assert_eq!(
        store.list(&ListKey::members()).unwrap().unwrap().value,
        Vec::<Member>::new()
    );
}

#[test]
fn the_name_index_follows_what_is_written_and_forgotten() {
    let mut store = Store::in_memory();
    let mut done = row(2, "Сдать отчёт");
    done.is_completed = true;
    let mut deleted = row(3, "Удалённая");
    deleted.is_deleted = true;
    store
        .write(|w| {
            w.put_page(
                &PageKey::tasks(&TaskQuery::default()).unwrap(),
                &[row(1, "Позвонить"), done.clone(), deleted.clone()],
                false,
                T0,
            )?;
            w.put(&f::project(), T0)?;
            w.put(&f::deal(), T0)?;
            w.put(&f::contact(), T0)?;
            w.put(&f::organization(), T0)?;
            w.put(&f::member(), T0)?;
            w.put(&f::tag(), T0)
        })
        .unwrap();
    let mut all: Vec<(NameKind, String, String)> = store
        .all_names()
        .unwrap()
        .into_iter()
        .map(|n| (n.kind, n.id, n.name))
        .collect();
    all.sort();
    let expected = [
        (NameKind::Task, "1", "Позвонить"),
        (NameKind::Task, "2", "Сдать отчёт"),
        (NameKind::Project, "10", "Сайт 2.0"),
        (NameKind::Deal, "deal000000000001", "АЗС «Север»"),
        (
            NameKind::Contact,
            "44444444-4444-4444-8444-444444444444",
            "Иван Петрович Сидоров",
        ),
        (
            NameKind::Organization,
            "33333333-3333-4333-8333-333333333333",
            "ООО «Ромашка»",
        ),
        (
            NameKind::Member,
            "22222222-2222-4222-8222-222222222222",
            "Борис Иванов",
        ),
    ]
    .map(|(k, id, n)| (k, id.to_string(), n.to_string()));
    assert_eq!(all, expected);
    let deal = store.names(NameKind::Deal).unwrap();
    assert_eq!(deal[0].place.as_deref(), Some("funnel0000000001"));
    // A task deleted since, and one forgotten: their names go.
    let mut gone = row(1, "Позвонить");
    gone.is_deleted = true;
    store
        .write(|w| {
            w.put(&gone, T1)?;
            w.forget_task(2)?;
            w.forget::<Deal>("deal000000000001")
        })
        .unwrap();
    assert!(store.names(NameKind::Task).unwrap().is_empty());
    assert!(store.names(NameKind::Deal).unwrap().is_empty());
    assert_eq!(store.get::<TaskRow>("2").unwrap(), None);
    let page = store
        .page(&PageKey::tasks(&TaskQuery::default()).unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(page.rows.iter().map(|r| r.id).collect::<Vec<_>>(), [1, 3]);
}

#[test]
fn a_whole_task_updates_its_row_and_keeps_its_comments() {
    let mut store = Store::in_memory();
    let mut task = f::task();
    task.is_deleted = false;
    let comments = PageKey::comments(task.id, 20, 0);
    store
        .write(|w| {
            w.put_task(&task, T0)?;
            w.put_page(&comments, &[f::comment()], false, T0)
        })
        .unwrap();
    let whole: weeek_api::models::Task = store.get(&task.id.to_string()).unwrap().unwrap().value;
    assert_eq!(whole, task);
    let row: TaskRow = store.get(&task.id.to_string()).unwrap().unwrap().value;
    assert_eq!(row, TaskRow::from(&task));
    assert_eq!(
        store.page(&comments).unwrap().unwrap().rows,
        vec![f::comment()]
    );
    store.write(|w| w.forget_task(task.id)).unwrap();
    assert_eq!(store.page(&comments).unwrap(), None);
    assert_eq!(store.count(Kind::Comment).unwrap(), 0);
    assert_eq!(store.count(Kind::Task).unwrap(), 0);
}

#[test]
fn crm_pages_are_keyed_by_status_and_query() {
    let mut store = Store::in_memory();
    let plain = PageKey::deals("S1", &DealQuery::default());
    let searched = PageKey::deals(
        "S1",
        &DealQuery {
            search: Some("АЗС".into()),
            limit: Some(10),
            ..Default::default()
        },
    );
    let other_status = PageKey::deals("S2", &DealQuery::default());
    assert_ne!(plain.list, searched.list);
    assert_ne!(plain.list, other_status.list);
    store
        .write(|w| w.put_page(&plain, &[f::deal()], false, T0))
        .unwrap();
    assert_eq!(store.page(&plain).unwrap().unwrap().rows, vec![f::deal()]);
    assert_eq!(store.page(&searched).unwrap(), None);
    // Contacts send no "more": a full page may have more after it.
    let contacts = PageKey::contacts(&ListQuery::page(1, 0));
    assert!(contacts.more_after(1) && !contacts.more_after(0));
    store
        .write(|w| w.put_page(&contacts, &[f::contact()], true, T0))
        .unwrap();
    let page = store.page(&contacts).unwrap().unwrap();
    assert_eq!(page.rows, vec![f::contact()]);
    assert!(page.has_more);
    assert_eq!(
        store
            .get::<Contact>(&f::contact().id)
            .unwrap()
            .unwrap()
            .value,
        f::contact()
    );
}

#[test]
fn a_store_of_the_first_version_is_migrated_with_its_records_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite3");
    {
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        schema::migrate_to(&mut conn, 1).unwrap();
        assert_eq!(schema::version(&conn).unwrap(), 1);
        let project = serde_json::to_string(&f::project()).unwrap();
        let task = serde_json::to_string(&row(7, "Старая задача")).unwrap();
        conn.execute(
            "INSERT INTO records VALUES (?1, '10', ?2, NULL, 0), (?3, '7', ?4, NULL, 0)",
            rusqlite::params![
                Kind::Project.number(),
                project,
                Kind::TaskRow.number(),
                task
            ],
        )
        .unwrap();
        let no_names = conn.prepare("SELECT 1 FROM names");
        assert!(no_names.is_err(), "version 1 has no name index");
    }
    let opened = Store::open(&path);
    assert_eq!(opened.notice, None, "a migration is no news to the user");
    let store = opened.store;
    assert!(store.on_disk());
    assert_eq!(
        schema::version(store.conn().unwrap()).unwrap(),
        schema::VERSION
    );
    assert_eq!(
        store.get::<Project>("10").unwrap().unwrap().value,
        f::project()
    );
    let mut names: Vec<String> = store
        .all_names()
        .unwrap()
        .into_iter()
        .map(|n| n.name)
        .collect();
    names.sort();
    assert_eq!(names, ["Сайт 2.0", "Старая задача"]);
}

#[test]
fn a_damaged_file_is_moved_aside_and_a_new_store_started() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.sqlite3");
    let junk = "this is not a database, it only sits where one should be\n".repeat(100);
    std::fs::write(&path, &junk).unwrap();
    let mut opened = Store::open(&path);
    let notice = opened.notice.expect("the user is told");
    assert!(
        notice.contains("damaged") && notice.contains("moved to"),
        "{notice}"
    );
    assert!(opened.store.on_disk(), "a new store in its place");
    let aside: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".damaged-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        std::fs::read_to_string(&aside[0]).unwrap(),
        junk,
        "kept whole"
    );
    assert!(notice.contains(&aside[0].display().to_string()), "{notice}");
    opened
        .store
        .write(|w| w.put_profile(&f::user(), T0))
        .unwrap();
    drop(opened.store);
    let again = Store::open(&path);
    assert_eq!(again.notice, None);
    assert_eq!(again.store.profile().unwrap().unwrap().value, f::user());
}

#[test]
fn damage_found_later_is_rebuilt_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = file_store(dir.path());
    let damaged = StoreError::Sqlite(rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT),
        None,
    ));
    assert!(damaged.is_damaged());
    assert!(!StoreError::Unavailable("x".into()).is_damaged());
    store.write(|w| w.put_profile(&f::user(), T0)).unwrap();
    let said = store.rebuild();
    assert!(said.contains("damaged"), "{said}");
    assert!(store.on_disk());
    assert_eq!(store.profile().unwrap(), None, "started anew");
}

#[test]
fn a_store_of_a_newer_version_is_left_alone_and_this_run_keeps_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.sqlite3");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let mut opened = Store::open(&path);
    let notice = opened.notice.unwrap();
    assert!(notice.contains("newer weeek-tui"), "{notice}");
    assert!(!opened.store.on_disk());
    opened
        .store
        .write(|w| w.put_profile(&f::user(), T0))
        .unwrap();
    assert!(opened.store.profile().unwrap().is_some(), "memory works");
    drop(opened.store);
    assert!(
        std::fs::read(&path).unwrap() == before,
        "the file is untouched"
    );
}

#[test]
fn a_place_that_cannot_hold_a_store_gives_a_store_in_memory_and_a_message() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("file"), "").unwrap();
    let mut opened = Store::open(&dir.path().join("file/stores/s.sqlite3"));
    let notice = opened.notice.unwrap();
    assert!(notice.contains("cannot create"), "{notice}");
    assert!(notice.contains("memory only"), "{notice}");
    opened.store.write(|w| w.put(&f::tag(), T0)).unwrap();
    assert!(
        opened
            .store
            .get::<weeek_api::models::Tag>("7")
            .unwrap()
            .is_some()
    );
}

#[test]
fn a_store_that_is_not_there_says_so_on_every_call() {
    let mut store = Store {
        conn: None,
        path: None,
        unavailable: Some("no memory".into()),
    };
    let read = store.profile().unwrap_err();
    assert!(matches!(&read, StoreError::Unavailable(m) if m == "no memory"));
    assert!(store.write(|w| w.put(&f::tag(), T0)).is_err());
    assert!(store.all_names().is_err());
}

#[tokio::test]
async fn the_shared_store_runs_off_the_async_threads() {
    let shared = SharedStore::new(Store::in_memory());
    shared
        .run(|s| s.write(|w| w.put_profile(&f::user(), T0)))
        .await
        .unwrap();
    let back = shared.run(|s| s.profile()).await.unwrap().unwrap();
    assert_eq!(back.value, f::user());
}

/// In the child of `a_commit_survives_a_killed_process`: writes, then dies at once (no
/// destructor runs, nothing is checkpointed), as `kill -9` would leave it.
#[test]
#[ignore = "run by a_commit_survives_a_killed_process in a child process"]
fn child_commits_then_dies() {
    let Some(dir) = std::env::var_os("WEEEK_STORE_CRASH_DIR") else {
        return;
    };
    let mut store = file_store(Path::new(&dir));
    store
        .write(|w| {
            w.put_profile(&f::user(), T0)?;
            w.put_page(
                &PageKey::tasks(&my_open(0)).unwrap(),
                &[row(1, "пережила")],
                false,
                T0,
            )
        })
        .unwrap();
    std::process::abort();
}

#[test]
fn a_commit_survives_a_killed_process() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "store::tests::child_commits_then_dies",
            "--exact",
            "--ignored",
            "--test-threads=1",
        ])
        .env("WEEEK_STORE_CRASH_DIR", dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success(), "the child died");
    let wal = dir.path().join("stores/s.sqlite3-wal");
    assert!(wal.exists(), "the commit is still in the log only");
    let store = file_store(dir.path());
    assert_eq!(store.profile().unwrap().unwrap().value, f::user());
    let page = store
        .page(&PageKey::tasks(&my_open(0)).unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(titles(&page.rows), ["пережила"]);
}

#[cfg(unix)]
mod modes {
    use super::*;
    use crate::private_files::tests::{child_root, mode, under_umask_000};

    #[test]
    #[ignore = "run by the_store_is_private_whatever_the_umask in a child process"]
    fn child_opens_and_writes_a_store() {
        let Some(root) = child_root() else { return };
        let location =
            StoreLocation::for_account(&root.join("data"), "u", &weeek_api::Token::new("tok"))
                .unwrap();
        let mut store = Store::open(&location.path).store;
        store.write(|w| w.put_profile(&f::user(), T0)).unwrap();
        // Checked while open, as the log and shared memory exist only then.
        for file in ["", "-wal", "-shm"] {
            let p = PathBuf::from(format!("{}{file}", location.path.display()));
            assert_eq!(mode(&p), 0o600, "{}", p.display());
        }
        assert_eq!(mode(&root.join("data/stores/name-key")), 0o600);
        assert_eq!(mode(&root.join("data/stores")), 0o700);
        assert_eq!(mode(&root.join("data")), 0o700);
    }

    #[test]
    fn the_store_is_private_whatever_the_umask() {
        let root = under_umask_000("store::tests::modes::child_opens_and_writes_a_store");
        std::fs::remove_dir_all(&root).ok();
    }
}

#[test]
fn writing_a_page_finds_its_rows_in_the_list_by_the_item_index() {
    // Without it, SQLite walks the whole list for each row written: a sync of 100,000
    // tasks then takes minutes instead of seconds.
    let store = Store::in_memory();
    let conn = store.conn().unwrap();
    for sql in [write::LEAVE_LIST, write::LEAVE_LISTS] {
        let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
        let ones = vec![1i64; stmt.parameter_count()];
        let plan: Vec<String> = stmt
            .query_map(rusqlite::params_from_iter(ones), |r| r.get(3))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert!(
            plan[0].contains("USING INDEX list_items_by_item (list=? AND item=?)"),
            "{sql}: {plan:?}"
        );
    }
}

#[test]
fn a_store_opened_to_read_is_read_as_it_is_and_never_changed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stores/s.sqlite3");
    assert!(Store::open_to_read(&path).unwrap().is_none());
    assert!(!path.exists(), "nothing is made to read");
    // Written, and kept open by its writer as the app keeps it.
    let mut store = file_store(dir.path());
    store.write(|w| w.put(&row(7, "Отчёт"), T0)).unwrap();
    let mut reader = Store::open_to_read(&path).unwrap().unwrap();
    let names: Vec<String> = reader
        .all_names()
        .unwrap()
        .into_iter()
        .map(|n| n.name)
        .collect();
    assert_eq!(names, ["Отчёт"]);
    assert!(reader.write(|w| w.put(&row(8, "Нет"), T0)).is_err());
    assert_eq!(store.names(NameKind::Task).unwrap().len(), 1);

    let old = dir.path().join("old.sqlite3");
    {
        let mut conn = rusqlite::Connection::open(&old).unwrap();
        schema::migrate_to(&mut conn, 1).unwrap();
    }
    let refused = Store::open_to_read(&old).unwrap_err().to_string();
    assert!(refused.contains("older version"), "{refused}");
    let conn = rusqlite::Connection::open(&old).unwrap();
    assert_eq!(schema::version(&conn).unwrap(), 1, "left as it was");
}

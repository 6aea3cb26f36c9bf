//! The README's pictures: each screen drawn by the app's own code from the demo workspace
//! (the seeded sandbox, its day and the app's clock fixed), as SVG under `docs/screenshots/`.
//! The test fails when a committed picture differs from what the app draws now;
//! `UPDATE_SCREENSHOTS=1 cargo test -p weeek-tui --lib screenshots` draws them again.

use std::path::PathBuf;

use crossterm::event::KeyCode;

use crate::testing::{Harness, code, key};

/// Wide enough for the detail pane beside the list, small enough to read in a README.
const SIZE: (u16, u16) = (132, 38);

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots")
}

/// Compares the picture with the committed file, or writes it when asked to.
fn check(name: &str, h: &Harness, stale: &mut Vec<String>) {
    let svg = super::svg::from_buffer(&h.buffer());
    let path = dir().join(format!("{name}.svg"));
    if std::env::var_os("UPDATE_SCREENSHOTS").is_some_and(|v| !v.is_empty()) {
        let written = std::fs::create_dir_all(dir()).and_then(|()| std::fs::write(&path, &svg));
        if let Err(e) = written {
            panic!("cannot write {}: {e}", path.display());
        }
        return;
    }
    match std::fs::read_to_string(&path) {
        Ok(committed) if committed == svg => {}
        _ => stale.push(format!("{}\n{}", path.display(), h.render())),
    }
}

/// Keys, then every request they cause answered by the sandbox.
async fn step(h: &mut Harness, client: &weeek_api::Client, msgs: Vec<crate::app::Msg>) {
    for m in msgs {
        h.send(m);
        h.serve(client).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn the_readme_screenshots_are_what_the_app_draws() {
    let (sandbox, client) = crate::testing::sandbox(weeek_sandbox::Faults::default()).await;
    let mut h = Harness::starting(Harness::app());
    h.resize(SIZE.0, SIZE.1);
    h.serve(&client).await;
    let mut stale = Vec::new();

    // Everyone's tasks, the detail of the second one open.
    step(
        &mut h,
        &client,
        vec![key('A'), key('j'), code(KeyCode::Enter)],
    )
    .await;
    check("tasks", &h, &mut stale);

    step(&mut h, &client, vec![key('?')]).await;
    check("help", &h, &mut stale);
    step(&mut h, &client, vec![code(KeyCode::Esc)]).await;

    // The first funnel's board.
    step(
        &mut h,
        &client,
        vec![code(KeyCode::Tab), code(KeyCode::Enter)],
    )
    .await;
    check("funnels", &h, &mut stale);

    // A contact being typed in (n from the list): a name and an e-mail.
    let mut typing = vec![code(KeyCode::Tab), key('n')];
    typing.extend("Мария".chars().map(key));
    typing.push(code(KeyCode::Tab));
    typing.extend("Ильина".chars().map(key));
    typing.extend([code(KeyCode::Tab), code(KeyCode::Tab)]);
    typing.extend("m.ilina@northwind.studio".chars().map(key));
    step(&mut h, &client, typing).await;
    check("contacts", &h, &mut stale);

    // The organizations tab, the first one opened.
    step(
        &mut h,
        &client,
        vec![crate::testing::key_event(
            KeyCode::Char('o'),
            crossterm::event::KeyModifiers::ALT,
        )],
    )
    .await;
    step(&mut h, &client, vec![code(KeyCode::Enter)]).await;
    check("organizations", &h, &mut stale);
    step(&mut h, &client, vec![code(KeyCode::Esc)]).await;

    // The projects tree, the first project's boards open.
    let alt4 = crate::testing::key_event(KeyCode::Char('4'), crossterm::event::KeyModifiers::ALT);
    step(&mut h, &client, vec![alt4, key('j'), key('l')]).await;
    check("projects", &h, &mut stale);

    // Its first project's first board, opened from the tree: down to the project, open it,
    // down to its first board.
    step(
        &mut h,
        &client,
        vec![key('l'), key('l'), key('l'), code(KeyCode::Enter)],
    )
    .await;
    assert!(h.app.tasks.layers.board().is_some(), "{}", h.render());
    check("board", &h, &mut stale);

    sandbox.shutdown().await;
    assert!(
        stale.is_empty(),
        "screenshots differ from what the app draws; if the change is meant, run\n  \
         UPDATE_SCREENSHOTS=1 cargo test -p weeek-tui --lib screenshots\n\
         and commit docs/screenshots/. Now drawn:\n{}",
        stale.join("\n")
    );
}

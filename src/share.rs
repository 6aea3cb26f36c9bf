//! Handing a task to the world outside the terminal: its page in the browser, its link or id on
//! the clipboard. The clipboard is the terminal's own (OSC 52), so copying works over ssh and in
//! tmux, with no display server and no clipboard daemon.

use std::io::Write;

use base64::Engine;

/// The service's web app page of a task.
pub fn task_url(workspace_id: i64, task_id: i64) -> String {
    format!("https://app.weeek.net/ws/{workspace_id}/task/{task_id}")
}

/// The escape sequence that asks the terminal to put `text` on the system clipboard. Inside
/// tmux it is wrapped so tmux passes it on to the outer terminal (tmux also keeps it in its own
/// buffer when `set-clipboard` is on).
pub fn osc52(text: &str, in_tmux: bool) -> String {
    let payload = base64::engine::general_purpose::STANDARD.encode(text);
    let seq = format!("\x1b]52;c;{payload}\x07");
    if in_tmux {
        format!("\x1bPtmux;{}\x1b\\", seq.replace('\x1b', "\x1b\x1b"))
    } else {
        seq
    }
}

/// Writes the clipboard sequence to the terminal.
pub fn copy(text: &str, out: &mut impl Write) -> std::io::Result<()> {
    let in_tmux = std::env::var_os("TMUX").is_some();
    out.write_all(osc52(text, in_tmux).as_bytes())?;
    out.flush()
}

/// Opens `url` with the desktop's handler, detached, so the browser neither blocks the app nor
/// writes over its screen.
pub fn open_in_browser(url: &str) -> std::io::Result<()> {
    open::that_detached(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_task_page_is_the_web_apps() {
        assert_eq!(task_url(7, 42), "https://app.weeek.net/ws/7/task/42");
    }

    #[test]
    fn the_clipboard_sequence_carries_the_text_in_base64() {
        assert_eq!(osc52("42", false), "\x1b]52;c;NDI=\x07");
        let wrapped = osc52("42", true);
        assert!(wrapped.starts_with("\x1bPtmux;\x1b\x1b]52;c;NDI="));
        assert!(wrapped.ends_with("\x07\x1b\\"));
    }

    #[test]
    fn copy_writes_the_sequence_and_nothing_else() {
        let mut out = Vec::new();
        copy("Отчёт", &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let payload = base64::engine::general_purpose::STANDARD.encode("Отчёт");
        assert!(text.contains(&format!("]52;c;{payload}")), "{text:?}");
    }
}

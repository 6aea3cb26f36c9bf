//! Entering and leaving the full-screen terminal. Leaving must happen on every path: normal
//! quit, error return, panic and termination signals, or the user's shell is left broken.

use std::io::{BufWriter, Stdout, stdout};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

/// The app's terminal. A frame's escape sequences collect in a buffer that ratatui flushes
/// once the frame is drawn: one write per frame, rather than stdout's line buffer taking them
/// a few bytes at a time, each behind its lock (a tenth of a frame's CPU went there).
pub type AppTerminal = Terminal<CrosstermBackend<BufWriter<Stdout>>>;

/// Room for a whole frame of 160x45 in colour, so that it goes out in one write.
const FRAME_BUFFER: usize = 128 * 1024;

/// Mouse reporting is on: it goes off while another program has the terminal.
static MOUSE: AtomicBool = AtomicBool::new(false);

/// Restores the terminal when dropped, so early returns and `?` restore too.
pub struct TerminalGuard {
    mouse: bool,
}

impl TerminalGuard {
    pub fn enter(mouse: bool) -> std::io::Result<(Self, AppTerminal)> {
        // `ratatui::init` enters raw mode and the alternate screen and installs a panic hook
        // that restores them; ours runs first to also undo what we turn on below. The
        // terminal it returns writes to stdout unbuffered: ours takes its place.
        drop(ratatui::try_init()?);
        let terminal = Terminal::new(CrosstermBackend::new(BufWriter::with_capacity(
            FRAME_BUFFER,
            stdout(),
        )))?;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(stdout(), DisableMouseCapture, DisableBracketedPaste);
            previous(info);
        }));
        if mouse {
            execute!(stdout(), EnableMouseCapture)?;
        }
        MOUSE.store(mouse, Ordering::Relaxed);
        execute!(stdout(), EnableBracketedPaste)?;
        Ok((Self { mouse }, terminal))
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        if self.mouse {
            let _ = execute!(stdout(), DisableMouseCapture);
        }
        let _ = execute!(stdout(), DisableBracketedPaste);
        ratatui::restore();
    }
}

/// Gives the terminal to another program for the length of `run` (the normal screen, cooked
/// mode, no mouse reports), then takes it back, blank, for the next frame to be drawn whole.
pub fn handed_over<R>(terminal: &mut AppTerminal, run: impl FnOnce() -> R) -> std::io::Result<R> {
    let mouse = MOUSE.load(Ordering::Relaxed);
    if mouse {
        execute!(stdout(), DisableMouseCapture)?;
    }
    execute!(stdout(), DisableBracketedPaste, LeaveAlternateScreen)?;
    disable_raw_mode()?;
    let result = run();
    enable_raw_mode()?;
    execute!(
        stdout(),
        EnterAlternateScreen,
        Clear(ClearType::All),
        EnableBracketedPaste
    )?;
    if mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    // The screen is blank now: a blank frame makes the next one be drawn whole (not only
    // where it differs from the frame before the editor). `Terminal::clear` would ask the
    // terminal where its cursor is, an answer that may not come back in time.
    terminal.draw(|f| f.render_widget(ratatui::widgets::Clear, f.area()))?;
    Ok(result)
}

/// Edits `text` with `command` (the user's editor, which may carry arguments: run by the
/// shell with the file's path added). The text it leaves, or why there is none; a file the
/// editor failed on is kept, and the message says where.
pub fn edit_in(command: &str, text: &str, name: &str) -> Result<String, String> {
    let path = write_temp(name, text)?;
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!("{command} \"$1\""))
        .arg("sh")
        .arg(&path)
        .status();
    let kept = |why: String| format!("{why}; the text is in {}", path.display());
    match status {
        Ok(s) if s.success() => {
            let edited = std::fs::read_to_string(&path)
                .map_err(|e| kept(format!("could not read the edited file ({e})")))?;
            let _ = std::fs::remove_file(&path);
            Ok(edited)
        }
        Ok(s) => Err(kept(format!("{command} ended with {s}"))),
        Err(e) => Err(kept(format!("could not run {command} ({e})"))),
    }
}

/// `text` in a new file of this process in the temporary directory, named so editors pick
/// Markdown. The directory is shared: the file is private (a task's description) and made
/// afresh, never one found there under the name (a stale one, or a link planted by another
/// user), which gets the next name instead.
pub(crate) fn write_temp(name: &str, text: &str) -> Result<PathBuf, String> {
    use std::io::Write;
    let dir = std::env::temp_dir();
    let mut last = String::new();
    for n in 0..100 {
        let file = match n {
            0 => format!("weeek-{}-{name}.md", std::process::id()),
            n => format!("weeek-{}-{name}-{n}.md", std::process::id()),
        };
        let path = Path::new(&dir).join(file);
        match crate::private_files::create_new(&path) {
            Ok(mut f) => {
                return f
                    .write_all(text.as_bytes())
                    .map(|()| path.clone())
                    .map_err(|e| format!("could not write {}: {e}", path.display()));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                last = path.display().to_string();
            }
            Err(e) => return Err(format!("could not write {}: {e}", path.display())),
        }
    }
    Err(format!(
        "could not write a file for the editor: {last} and others exist"
    ))
}

//! Entering and leaving the full-screen terminal. Leaving must happen on every path: normal
//! quit, error return, panic and termination signals, or the user's shell is left broken.

use std::io::stdout;

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use ratatui::DefaultTerminal;

/// Restores the terminal when dropped, so early returns and `?` restore too.
pub struct TerminalGuard {
    mouse: bool,
}

impl TerminalGuard {
    pub fn enter(mouse: bool) -> std::io::Result<(Self, DefaultTerminal)> {
        // `ratatui::init` enters raw mode and the alternate screen and installs a panic hook
        // that restores them; ours runs first to also undo what we turn on below.
        let terminal = ratatui::try_init()?;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(stdout(), DisableMouseCapture, DisableBracketedPaste);
            previous(info);
        }));
        if mouse {
            execute!(stdout(), EnableMouseCapture)?;
        }
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

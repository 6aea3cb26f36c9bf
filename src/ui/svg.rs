//! A drawn frame as an SVG picture: the cells of a ratatui buffer on a monospace grid, with
//! their colours, bold, italics, underlines and reversed cells. Used for the README's
//! screenshots, so they come from the app's own drawing code.

use std::fmt::Write;

use ratatui::buffer::{Buffer, Cell};
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

/// One cell on the picture, in pixels.
const CELL_W: f32 = 8.4;
const CELL_H: f32 = 18.0;
const FONT_SIZE: f32 = 14.0;
/// From the top of a row to the text's baseline.
const BASELINE: f32 = 13.5;

/// The terminal's own colours, for cells that keep them (`Color::Reset`).
const DEFAULT_FG: &str = "#d4d4d4";
const DEFAULT_BG: &str = "#1e1e1e";

/// The sixteen named colours, as a common dark terminal theme shows them.
fn named(c: Color) -> Option<&'static str> {
    Some(match c {
        Color::Black => "#1e1e1e",
        Color::Red => "#e5484d",
        Color::Green => "#46a758",
        Color::Yellow => "#e2b93d",
        Color::Blue => "#3e63dd",
        Color::Magenta => "#ab4aba",
        Color::Cyan => "#05a2c2",
        Color::Gray => "#b4b4b4",
        Color::DarkGray => "#7a7a7a",
        Color::LightRed => "#ff8589",
        Color::LightGreen => "#7ee2a8",
        Color::LightYellow => "#ffe083",
        Color::LightBlue => "#8da4ef",
        Color::LightMagenta => "#e19ee7",
        Color::LightCyan => "#7ed7e8",
        Color::White => "#f5f5f5",
        _ => return None,
    })
}

/// A colour as `#rrggbb`; `None` for the terminal's default.
fn hex(c: Color) -> Option<String> {
    match c {
        Color::Reset => None,
        Color::Rgb(r, g, b) => Some(format!("#{r:02x}{g:02x}{b:02x}")),
        Color::Indexed(i) => Some(indexed(i)),
        other => named(other).map(str::to_string),
    }
}

/// The xterm 256-colour palette: the 16 named ones, a 6x6x6 cube, then 24 greys.
fn indexed(i: u8) -> String {
    const NAMED: [Color; 16] = [
        Color::Black,
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Magenta,
        Color::Cyan,
        Color::Gray,
        Color::DarkGray,
        Color::LightRed,
        Color::LightGreen,
        Color::LightYellow,
        Color::LightBlue,
        Color::LightMagenta,
        Color::LightCyan,
        Color::White,
    ];
    match i {
        0..=15 => named(NAMED[usize::from(i)])
            .unwrap_or(DEFAULT_FG)
            .to_string(),
        16..=231 => {
            let n = i - 16;
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            let (r, g, b) = (level(n / 36), level((n / 6) % 6), level(n % 6));
            format!("#{r:02x}{g:02x}{b:02x}")
        }
        _ => {
            let v = 8 + (i - 232) * 10;
            format!("#{v:02x}{v:02x}{v:02x}")
        }
    }
}

/// What a cell looks like, after reversing: colours and emphasis.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Look {
    fg: String,
    bg: Option<String>,
    bold: bool,
    italic: bool,
    underline: bool,
    dim: bool,
}

fn look(cell: &Cell) -> Look {
    let m = cell.modifier;
    let fg = hex(cell.fg);
    let bg = hex(cell.bg);
    let (fg, bg) = if m.contains(Modifier::REVERSED) {
        (
            bg.unwrap_or_else(|| DEFAULT_BG.to_string()),
            Some(fg.unwrap_or_else(|| DEFAULT_FG.to_string())),
        )
    } else {
        (fg.unwrap_or_else(|| DEFAULT_FG.to_string()), bg)
    };
    Look {
        fg,
        bg,
        bold: m.contains(Modifier::BOLD),
        italic: m.contains(Modifier::ITALIC),
        underline: m.contains(Modifier::UNDERLINED),
        dim: m.contains(Modifier::DIM),
    }
}

fn escape(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // Control characters are not allowed in XML; a terminal shows nothing for them.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
}

/// A run of cells in one row that look the same: where it starts, how many cells it spans,
/// and its text.
struct Run {
    x: u16,
    cells: u16,
    text: String,
    look: Look,
    wide: bool,
}

/// The runs of row `y`, wide characters counted as the cells they cover.
fn runs(buf: &Buffer, y: u16) -> Vec<Run> {
    let area = buf.area;
    let mut runs: Vec<Run> = Vec::new();
    let mut x = area.x;
    while x < area.x + area.width {
        let cell = &buf[(x, y)];
        let symbol = if cell.symbol().is_empty() {
            " "
        } else {
            cell.symbol()
        };
        let cells = (symbol.width().max(1) as u16).min(area.x + area.width - x);
        let look = look(cell);
        // A wide character gets a run of its own: a font that draws it narrower than two
        // cells then cannot shift the rest of the row.
        let wide = cells > 1;
        match runs.last_mut() {
            Some(run) if run.look == look && !wide && !run.wide => {
                run.cells += cells;
                run.text.push_str(symbol);
            }
            _ => runs.push(Run {
                x,
                cells,
                text: symbol.to_string(),
                look,
                wide,
            }),
        }
        x += cells;
    }
    runs
}

/// The buffer as an SVG document. The same buffer always gives the same bytes.
pub fn from_buffer(buf: &Buffer) -> String {
    let area = buf.area;
    let width = f32::from(area.width) * CELL_W;
    let height = f32::from(area.height) * CELL_H;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}" font-family="'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace" font-size="{FONT_SIZE}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="{DEFAULT_BG}"/>"#
    );
    let rows: Vec<(u16, Vec<Run>)> = (area.y..area.y + area.height)
        .map(|y| (y, runs(buf, y)))
        .collect();
    for (y, runs) in &rows {
        let top = f32::from(y - area.y) * CELL_H;
        for run in runs {
            if let Some(bg) = &run.look.bg {
                let _ = writeln!(
                    out,
                    r#"<rect x="{:.1}" y="{top:.1}" width="{:.1}" height="{CELL_H:.1}" fill="{bg}"/>"#,
                    f32::from(run.x - area.x) * CELL_W,
                    f32::from(run.cells) * CELL_W,
                );
            }
        }
    }
    for (y, runs) in &rows {
        let baseline = f32::from(y - area.y) * CELL_H + BASELINE;
        for run in runs {
            // Spaces draw nothing but their background, which is already there.
            let trimmed = run.text.trim_end();
            if trimmed.trim_start().is_empty() {
                continue;
            }
            let lead = run.text.len() - run.text.trim_start().len();
            let text = trimmed.trim_start();
            let x = run.x - area.x + lead as u16;
            let cells = text.width() as u16;
            let l = &run.look;
            let mut attrs = format!(r#"fill="{}""#, l.fg);
            if l.bold {
                attrs.push_str(r#" font-weight="bold""#);
            }
            if l.italic {
                attrs.push_str(r#" font-style="italic""#);
            }
            if l.underline {
                attrs.push_str(r#" text-decoration="underline""#);
            }
            if l.dim {
                attrs.push_str(r#" opacity="0.6""#);
            }
            // Each run is stretched to exactly its cells, so a font whose glyphs are a little
            // wider or narrower than the grid still lines up.
            let _ = write!(
                out,
                r#"<text x="{:.1}" y="{baseline:.1}" textLength="{:.1}" lengthAdjust="spacingAndGlyphs" xml:space="preserve" {attrs}>"#,
                f32::from(x) * CELL_W,
                f32::from(cells) * CELL_W,
            );
            escape(text, &mut out);
            out.push_str("</text>\n");
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    use super::*;

    #[test]
    fn colours_bold_and_reversed_cells_reach_the_picture() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 2));
        buf.set_string(0, 0, "Hi <you>", Style::new().fg(Color::Red).bold());
        buf.set_string(0, 1, "ok", Style::new().reversed());
        buf.set_string(4, 1, "Ж", Style::new().bg(Color::Rgb(45, 55, 75)));
        let svg = from_buffer(&buf);
        assert!(svg.starts_with("<svg "), "{svg}");
        assert!(
            svg.contains(r##"fill="#e5484d" font-weight="bold">Hi &lt;you&gt;</text>"##),
            "{svg}"
        );
        // Reversed: the default background becomes the text's colour, and the other way round.
        assert!(
            svg.contains(r##"width="16.8" height="18.0" fill="#d4d4d4""##),
            "{svg}"
        );
        assert!(svg.contains(r##"fill="#2d374b""##), "{svg}");
        assert!(svg.contains(r#"x="33.6" y="31.5""#), "{svg}");
        assert_eq!(svg, from_buffer(&buf), "the same frame, the same bytes");
    }

    #[test]
    fn a_wide_character_covers_two_cells() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 1));
        buf.set_string(0, 0, "🚀ab", Style::new());
        let svg = from_buffer(&buf);
        assert!(
            svg.contains(r#"<text x="0.0" y="13.5" textLength="16.8""#),
            "{svg}"
        );
        assert!(svg.contains(">🚀</text>"), "{svg}");
        assert!(
            svg.contains(r#"<text x="16.8" y="13.5" textLength="16.8""#),
            "{svg}"
        );
        assert!(svg.contains(">ab</text>"), "{svg}");
    }

    #[test]
    fn the_256_colour_palette_has_its_cube_and_greys() {
        assert_eq!(indexed(16), "#000000");
        assert_eq!(indexed(231), "#ffffff");
        assert_eq!(indexed(232), "#080808");
        assert_eq!(indexed(1), "#e5484d");
    }
}

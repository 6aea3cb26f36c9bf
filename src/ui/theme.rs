//! Colours and styles, in one place. `NO_COLOR` turns colour off but keeps emphasis, so the
//! cursor row and errors still stand out.

use ratatui::style::{Color, Modifier, Style};
use weeek_api::models::Priority;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
}

impl Default for Theme {
    fn default() -> Self {
        Self { color: true }
    }
}

impl Theme {
    pub fn from_env() -> Self {
        Self {
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    pub fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    pub fn dim(&self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    pub fn bold(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    pub fn accent(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn error(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn success(&self) -> Style {
        self.fg(Color::Green)
    }

    pub fn cursor_row(&self) -> Style {
        if self.color {
            Style::new()
                .bg(Color::Rgb(45, 55, 75))
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    pub fn selected(&self) -> Style {
        if self.color {
            Style::new().bg(Color::Blue).fg(Color::White)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    pub fn priority(&self, p: Priority) -> Style {
        match p {
            Priority::Low => self.fg(Color::Blue),
            Priority::Medium => self.fg(Color::Yellow),
            Priority::High => self.fg(Color::Red).add_modifier(Modifier::BOLD),
            Priority::Hold => self.fg(Color::Magenta),
        }
    }

    /// A colour as the service sends it: `#rrggbb`, `#rgb`, or a palette name.
    pub fn swatch(&self, spec: Option<&str>) -> Style {
        match spec.and_then(parse_color) {
            Some(c) => self.fg(c),
            None => Style::new(),
        }
    }
}

/// `#rrggbb`, `#rgb`, and the option colour names of the service's docs.
pub fn parse_color(spec: &str) -> Option<Color> {
    let s = spec.trim();
    if let Some(hex) = s.strip_prefix('#') {
        let expand = |c: char| c.to_digit(16).map(|v| (v * 17) as u8);
        return match hex.len() {
            6 => {
                let v = u32::from_str_radix(hex, 16).ok()?;
                Some(Color::Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8))
            }
            3 => {
                let mut it = hex.chars().map(expand);
                Some(Color::Rgb(it.next()??, it.next()??, it.next()??))
            }
            _ => None,
        };
    }
    Some(match s.to_ascii_lowercase().as_str() {
        "blue" => Color::Rgb(0x4A, 0x7B, 0xF7),
        "light_blue" => Color::Rgb(0x6C, 0xB4, 0xF4),
        "dark_purple" => Color::Rgb(0x6A, 0x3D, 0xC4),
        "purple" => Color::Rgb(0x9B, 0x6C, 0xF4),
        "dark_pink" => Color::Rgb(0xC4, 0x3D, 0x8E),
        "pink" => Color::Rgb(0xFF, 0x6A, 0xA9),
        "light_pink" => Color::Rgb(0xFF, 0xA8, 0xCB),
        "red" => Color::Rgb(0xF2, 0x4B, 0x4B),
        "turquoise" => Color::Rgb(0x2B, 0xC4, 0xB6),
        "dark_green" => Color::Rgb(0x2E, 0x8B, 0x57),
        "green" => Color::Rgb(0x4C, 0xC2, 0x6A),
        "light_green" => Color::Rgb(0x9B, 0xE0, 0x8A),
        "dark_yellow" => Color::Rgb(0xD4, 0xA0, 0x17),
        "yellow" => Color::Rgb(0xF5, 0xD0, 0x3B),
        "orange" => Color::Rgb(0xF5, 0x9A, 0x3B),
        "gray" | "grey" => Color::Gray,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_from_hex_and_names() {
        assert_eq!(parse_color("#6C78F4"), Some(Color::Rgb(0x6C, 0x78, 0xF4)));
        assert_eq!(parse_color("#fff"), Some(Color::Rgb(255, 255, 255)));
        assert!(parse_color("light_green").is_some());
        assert_eq!(parse_color("#zzzzzz"), None);
        assert_eq!(parse_color("chartreuse-ish"), None);
    }
}

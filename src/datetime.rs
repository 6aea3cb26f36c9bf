//! Timestamps as people read them here: local time, day first, as the service's own web app
//! shows them.

use time::{OffsetDateTime, UtcOffset};

/// "21.11.2026 14:05" in the given zone; "–" when there is no timestamp.
pub fn local(at: Option<OffsetDateTime>, offset: UtcOffset) -> String {
    let Some(at) = at else {
        return "–".into();
    };
    let t = at.to_offset(offset);
    format!(
        "{:02}.{:02}.{} {:02}:{:02}",
        t.day(),
        t.month() as u8,
        t.year(),
        t.hour(),
        t.minute()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_shown_in_the_local_zone() {
        let at = time::macros::datetime!(2026-11-21 23:30 UTC);
        let msk = UtcOffset::from_hms(3, 0, 0).expect("valid offset");
        assert_eq!(local(Some(at), msk), "22.11.2026 02:30");
        assert_eq!(local(None, msk), "–");
    }
}

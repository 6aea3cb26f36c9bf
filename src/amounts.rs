//! Numbers and money as people read and type them. One style everywhere: spaces between
//! thousands and a decimal comma (`12 500 000,50 ₽`), the way the service's own apps print
//! amounts, with cents only when there are any; typed, either mark reads as the decimals.

use weeek_api::models::Currency;

use crate::screen::names::Names;

/// What follows an amount: the currency's symbol, else its code, else "currency #N" (an id the
/// service never listed; shown rather than guessed).
pub fn currency_mark(names: &Names, id: i64) -> String {
    match names.currency(id) {
        Some(c) => symbol_of(c).unwrap_or_else(|| unknown_currency(id)),
        None => unknown_currency(id),
    }
}

fn symbol_of(c: &Currency) -> Option<String> {
    [c.symbol.as_deref(), c.code.as_deref()]
        .into_iter()
        .flatten()
        .map(str::trim)
        .find(|s| !s.is_empty())
        .map(str::to_string)
}

pub fn unknown_currency(id: i64) -> String {
    format!("currency #{id}")
}

/// "RUB ₽ · Российский рубль", or "currency #N" for an id that is not in the list.
pub fn currency_long(names: &Names, id: i64) -> String {
    let Some(c) = names.currency(id) else {
        return unknown_currency(id);
    };
    let parts: Vec<&str> = [c.code.as_deref(), c.symbol.as_deref()]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let head = if parts.is_empty() {
        unknown_currency(id)
    } else {
        parts.join(" ")
    };
    match c.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => format!("{head} · {name}"),
        None => head,
    }
}

/// `12500000.5` → "12 500 000,50"; whole amounts without cents. Rounded to cents first, so
/// float noise never shows as "0,30000000000000004".
pub fn number(amount: f64) -> String {
    if !amount.is_finite() {
        return "–".into();
    }
    let cents = (amount * 100.0).round();
    let negative = cents < 0.0;
    // f64 holds whole numbers exactly up to 2^53; beyond that the digits are the float's own.
    let cents = cents.abs() as u128;
    let whole = cents / 100;
    let frac = cents % 100;
    let digits = whole.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 4);
    if negative {
        out.push('−');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    if frac != 0 {
        out.push_str(&format!(",{frac:02}"));
    }
    out
}

/// Reads a number as people type it: spaces (also thin and no-break ones) group digits, and a
/// comma or a point marks the decimals.
pub fn parse_number(text: &str) -> Option<f64> {
    let cleaned: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{202f}')
        .map(|c| if c == ',' { '.' } else { c })
        .collect();
    cleaned.parse::<f64>().ok().filter(|n| n.is_finite())
}

/// An amount with its currency; a missing amount is "–".
pub fn money(amount: Option<f64>, mark: &str) -> String {
    match amount {
        Some(a) if a.is_finite() => {
            if mark.starts_with("currency #") {
                format!("{} ({mark})", number(a))
            } else {
                format!("{} {mark}", number(a))
            }
        }
        _ => "–".into(),
    }
}

/// "1 deal", "5 deals".
pub fn deals(n: i64) -> String {
    if n == 1 {
        "1 deal".into()
    } else {
        format!("{n} deals")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped_and_cents_shown_only_when_present() {
        assert_eq!(number(0.0), "0");
        assert_eq!(number(999.0), "999");
        assert_eq!(number(1000.0), "1 000");
        assert_eq!(number(12_500_000.5), "12 500 000,50");
        assert_eq!(number(0.1 + 0.2), "0,30");
        assert_eq!(number(-1234.0), "−1 234");
        assert_eq!(number(987_654_321_012.0), "987 654 321 012");
        assert_eq!(number(f64::NAN), "–");
    }

    #[test]
    fn numbers_read_as_people_type_them() {
        assert_eq!(parse_number("1 200 000,50"), Some(1_200_000.5));
        assert_eq!(parse_number("1\u{a0}000.25"), Some(1000.25));
        assert_eq!(parse_number("12e"), None);
        assert_eq!(parse_number("inf"), None);
    }

    #[test]
    fn a_missing_amount_is_a_dash_and_an_unknown_currency_is_named_by_id() {
        let names = Names::default();
        assert_eq!(money(None, "₽"), "–");
        assert_eq!(money(Some(1500.0), "₽"), "1 500 ₽");
        let mark = currency_mark(&names, 9);
        assert_eq!(mark, "currency #9");
        assert_eq!(money(Some(1500.0), &mark), "1 500 (currency #9)");
        assert_eq!(currency_long(&names, 9), "currency #9");
    }
}

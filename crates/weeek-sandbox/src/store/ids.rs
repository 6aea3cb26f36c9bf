//! Identifiers. New records get random v4 UUIDs; the seed derives its ids
//! from a fixed stream so that the demo workspace is identical each time.

use uuid::Uuid;

/// SplitMix64: a tiny, well-distributed deterministic generator.
#[derive(Clone, Debug)]
pub struct Stream(u64);

impl Stream {
    /// A stream keyed by a name, so that independent parts of the seed do not
    /// shift each other when one of them changes.
    pub fn named(name: &str) -> Self {
        // FNV-1a.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in name.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        Self(hash)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform-enough in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }

    pub fn uuid(&mut self) -> String {
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&self.next_u64().to_le_bytes());
        bytes[8..].copy_from_slice(&self.next_u64().to_le_bytes());
        uuid::Builder::from_random_bytes(bytes)
            .into_uuid()
            .to_string()
    }

    /// A 16-character alphanumeric id, the "Slug ID" of funnels, statuses
    /// and deals.
    pub fn slug(&mut self) -> String {
        (0..16)
            .map(|_| SLUG_ALPHABET[self.below(SLUG_ALPHABET.len())] as char)
            .collect()
    }
}

const SLUG_ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

pub fn new_uuid() -> String {
    Uuid::new_v4().to_string()
}

/// A fresh random slug for a funnel, status or deal created through the API.
pub fn new_slug() -> String {
    let seed = Uuid::new_v4().as_u128();
    Stream((seed >> 64) as u64 ^ seed as u64).slug()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_deterministic() {
        let a = Stream::named("x").uuid();
        let b = Stream::named("x").uuid();
        assert_eq!(a, b);
        assert!(Uuid::parse_str(&a).is_ok());
        assert_eq!(Stream::named("y").slug().len(), 16);
        let (a, b) = (new_slug(), new_slug());
        assert_ne!(a, b);
        assert!(a.len() == 16 && a.bytes().all(|c| c.is_ascii_alphanumeric()));
    }
}

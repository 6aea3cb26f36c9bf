//! Fields that hold a set (a contact's e-mails, an organization's contacts, tags): the service
//! changes them one element at a time (an attach, a detach, an entry added or deleted), so a
//! change of one is sent as the adds and removes that take the service's set to the new one,
//! and the set may be found part of the way there.

/// The same elements, whatever their order or repeats.
pub fn same<T: Ord + Clone>(a: &[T], b: &[T]) -> bool {
    sorted(a) == sorted(b)
}

fn sorted<T: Ord + Clone>(v: &[T]) -> Vec<T> {
    let mut v = v.to_vec();
    v.sort();
    v.dedup();
    v
}

/// Whether `now` lies on the way from `base` to `mine`: each element it holds is in one of
/// them, and each element both hold is in it. Some of the calls of an earlier send of `mine`
/// landed (an answer lost, the app ended midway), or someone made part of the same change:
/// nobody's work is undone by sending the rest.
pub fn on_the_way<T: Ord + Clone>(now: &[T], base: &[T], mine: &[T]) -> bool {
    now.iter().all(|x| base.contains(x) || mine.contains(x))
        && base
            .iter()
            .filter(|x| mine.contains(x))
            .all(|x| now.contains(x))
}

/// A field's value as a set, when the field holds one.
pub enum Members<'a> {
    Text(&'a [String]),
    Ids(&'a [i64]),
}

/// A field of a record (a deal, a contact, an organization), some of which hold sets: each
/// kind says which of its fields are sets and what makes two values of one field the same;
/// the comparisons a replay makes are written once here.
pub trait SetField: PartialEq + Sized {
    /// Its value as a set, if the field holds one.
    fn members(&self) -> Option<Members<'_>>;

    /// Whether `other` is a value of the same field.
    fn same_kind(&self, other: &Self) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    /// Whether `other` (of the same field, not a set) holds the same value.
    fn same_plain(&self, other: &Self) -> bool {
        self == other
    }

    /// Whether `other` holds the same value of the same field (sets in any order).
    fn same(&self, other: &Self) -> bool {
        if !self.same_kind(other) {
            return false;
        }
        match (self.members(), other.members()) {
            (Some(Members::Text(x)), Some(Members::Text(y))) => same(x, y),
            (Some(Members::Ids(x)), Some(Members::Ids(y))) => same(x, y),
            _ => self.same_plain(other),
        }
    }

    /// Whether the service's value `now` lets this change go, made on `base`: the base
    /// still, or (a set) part of the way to this one.
    fn goes_over(&self, base: &Self, now: &Self) -> bool {
        if now.same(base) {
            return true;
        }
        if !(self.same_kind(base) && self.same_kind(now)) {
            return false;
        }
        match (self.members(), base.members(), now.members()) {
            (Some(Members::Text(m)), Some(Members::Text(b)), Some(Members::Text(n))) => {
                on_the_way(n, b, m)
            }
            (Some(Members::Ids(m)), Some(Members::Ids(b)), Some(Members::Ids(n))) => {
                on_the_way(n, b, m)
            }
            _ => false,
        }
    }
}

/// What takes `now` to `target`: the elements to add, then those to remove.
pub fn diff<T: PartialEq + Clone>(now: &[T], target: &[T]) -> (Vec<T>, Vec<T>) {
    let mut add: Vec<T> = Vec::new();
    for x in target {
        if !now.contains(x) && !add.contains(x) {
            add.push(x.clone());
        }
    }
    let mut remove: Vec<T> = Vec::new();
    for x in now {
        if !target.contains(x) && !remove.contains(x) {
            remove.push(x.clone());
        }
    }
    (add, remove)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_part_of_the_way_to_mine_is_on_the_way_and_one_changed_otherwise_is_not() {
        let (base, mine) = (["a", "b"], ["b", "c"]);
        assert!(on_the_way(&["a", "b"], &base, &mine), "the base");
        assert!(on_the_way(&["b", "c"], &mine, &mine), "mine");
        assert!(
            on_the_way(&["a", "b", "c"], &base, &mine),
            "c added, a not yet removed"
        );
        assert!(
            on_the_way(&["b"], &base, &mine),
            "a removed, c not yet added"
        );
        assert!(
            !on_the_way(&["a", "b", "d"], &base, &mine),
            "someone added d"
        );
        assert!(!on_the_way(&["a", "c"], &base, &mine), "someone removed b");
        assert_eq!(diff(&["a", "b"], &["b", "c"]), (vec!["c"], vec!["a"]));
        assert!(same(&[2, 1, 1], &[1, 2]));
    }
}

//! Lists of items per key (a key is an entity index), all in one flat
//! vector: "compressed sparse rows". The lists of key `k` are
//! `items[start[k]..start[k + 1]]`.
//!
//! Why: a `Vec` per block or per value is one allocation each, scattered
//! over the heap; on a function of a million instructions those
//! allocations and the cache misses of walking them cost more than the
//! analysis itself. Building the flat form takes two passes over the
//! (key, item) pairs: count the items of each key, turn the counts into
//! start offsets, then put each item in place — a counting sort by key,
//! which keeps the items of one key in the order they came.

/// Lists of `T` per key `0..keys`, in one vector.
#[derive(Clone, Debug)]
pub struct FlatLists<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

/// No keys at all (without requiring `T: Default`).
impl<T> Default for FlatLists<T> {
    fn default() -> Self {
        FlatLists {
            start: Vec::new(),
            items: Vec::new(),
        }
    }
}

impl<T: Copy> FlatLists<T> {
    /// The lists of keys `0..keys` holding the pairs `for_each_pair` yields
    /// (it is called twice and must yield the same pairs, in the same
    /// order, each time). `filler` only fills the vector before the items
    /// are put in place.
    pub fn build(keys: usize, filler: T, for_each_pair: impl Fn(&mut dyn FnMut(usize, T))) -> Self {
        let mut start = vec![0u32; keys + 1];
        for_each_pair(&mut |key, _| start[key + 1] += 1);
        for k in 0..keys {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut items = vec![filler; start[keys] as usize];
        for_each_pair(&mut |key, item| {
            items[next[key] as usize] = item;
            next[key] += 1;
        });
        FlatLists { start, items }
    }

    /// The lists of keys `0..keys`, when each key's items can be listed in
    /// turn: `list(k, items)` pushes the items of key `k`. One pass, no
    /// sorting.
    pub fn from_each_key(keys: usize, mut list: impl FnMut(usize, &mut Vec<T>)) -> Self {
        let mut start = Vec::with_capacity(keys + 1);
        let mut items = Vec::new();
        for k in 0..keys {
            start.push(items.len() as u32);
            list(k, &mut items);
        }
        start.push(items.len() as u32);
        FlatLists { start, items }
    }

    /// The list of `key` (empty for a key outside `0..keys`).
    pub fn get(&self, key: usize) -> &[T] {
        match (self.start.get(key), self.start.get(key + 1)) {
            (Some(&from), Some(&to)) => &self.items[from as usize..to as usize],
            _ => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_by_key_keeping_order() {
        let pairs = [(2, 'a'), (0, 'b'), (2, 'c'), (3, 'd'), (0, 'e')];
        let lists = FlatLists::build(4, ' ', |f| {
            for &(k, c) in &pairs {
                f(k, c);
            }
        });
        assert_eq!(lists.get(0), ['b', 'e']);
        assert_eq!(lists.get(1), [] as [char; 0]);
        assert_eq!(lists.get(2), ['a', 'c']);
        assert_eq!(lists.get(3), ['d']);
        assert_eq!(lists.get(4), [] as [char; 0]);
    }

    #[test]
    fn lists_each_key_in_turn() {
        let lists =
            FlatLists::from_each_key(4, |k, items| items.extend(std::iter::repeat_n(k, k % 3)));
        assert_eq!(lists.get(0), [] as [usize; 0]);
        assert_eq!(lists.get(1), [1]);
        assert_eq!(lists.get(2), [2, 2]);
        assert_eq!(lists.get(3), [] as [usize; 0]);
        assert_eq!(lists.get(4), [] as [usize; 0]);
    }
}

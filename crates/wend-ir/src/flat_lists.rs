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
        let mut lists = FlatLists::in_turn();
        lists.start.reserve(keys);
        for k in 0..keys {
            list(k, &mut lists.items);
            lists.end_list();
        }
        lists
    }

    /// No lists yet, to be filled key by key: [`push`](Self::push) adds to
    /// the list being made (the next key's), [`end_list`](Self::end_list)
    /// closes it. For several lists per key made in one walk, where
    /// [`from_each_key`](Self::from_each_key) makes one.
    pub fn in_turn() -> Self {
        FlatLists {
            start: vec![0],
            items: Vec::new(),
        }
    }

    /// Adds `item` to the list being made.
    pub fn push(&mut self, item: T) {
        self.items.push(item);
    }

    /// The list being made, so far.
    pub fn open_list_mut(&mut self) -> &mut [T] {
        let from = *self.start.last().expect("start holds at least 0") as usize;
        &mut self.items[from..]
    }

    /// Closes the list being made: the next items go to the next key.
    pub fn end_list(&mut self) {
        self.start.push(self.items.len() as u32);
    }

    /// The number of keys (closed lists).
    pub fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Whether there are no keys.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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

    #[test]
    fn fills_lists_in_turn() {
        let mut lists = FlatLists::in_turn();
        for item in [3, 1, 2] {
            lists.push(item);
        }
        lists.open_list_mut().sort();
        lists.end_list();
        lists.end_list();
        lists.push(7);
        assert_eq!(lists.open_list_mut(), [7]);
        lists.end_list();
        assert_eq!(lists.get(0), [1, 2, 3]);
        assert_eq!(lists.get(1), [] as [i32; 0]);
        assert_eq!(lists.get(2), [7]);
        assert_eq!(lists.get(3), [] as [i32; 0]);
    }
}

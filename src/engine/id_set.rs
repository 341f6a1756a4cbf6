//! A set of state ids, one bit each: small enough to stay in the cache
//! where per-state records do not.

/// A set of ids below a fixed bound.
#[derive(Clone, Debug)]
pub(crate) struct IdSet {
    words: Vec<u64>,
}

impl IdSet {
    /// An empty set for ids below `n`.
    pub(crate) fn new(n: usize) -> IdSet {
        IdSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    /// The set of the ids below `n` for which `holds` is true, worked out
    /// on every thread of the current rayon pool (64 ids a word).
    pub(crate) fn of_threads(n: usize, holds: impl Fn(u32) -> bool + Sync) -> IdSet {
        use rayon::prelude::*;
        let words = (0..n.div_ceil(64))
            .into_par_iter()
            .map(|w| {
                let first = w * 64;
                (first..n.min(first + 64))
                    .filter(|&id| holds(id as u32))
                    .fold(0u64, |word, id| word | 1 << (id % 64))
            })
            .collect();
        IdSet { words }
    }

    /// Adds `id`.
    #[inline]
    pub(crate) fn insert(&mut self, id: u32) {
        self.words[id as usize / 64] |= 1 << (id % 64);
    }

    /// Whether `id` is in the set.
    #[inline]
    pub(crate) fn contains(&self, id: u32) -> bool {
        self.words[id as usize / 64] >> (id % 64) & 1 != 0
    }

    /// The number of ids in the set.
    pub(crate) fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The number of 64-bit words the set spans: the cost of one pass over
    /// it.
    pub(crate) fn word_count(&self) -> usize {
        self.words.len()
    }

    /// Appends the ids of the set to `out` in increasing order and empties
    /// the set.
    pub(crate) fn drain_sorted_into(&mut self, out: &mut Vec<u32>) {
        for (w, word) in self.words.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                out.push(w as u32 * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_inserted_and_drains_it_in_order() {
        let mut set = IdSet::new(200);
        for id in [130, 3, 64, 63, 199] {
            set.insert(id);
        }
        assert!(set.contains(64) && set.contains(199) && !set.contains(65));
        let mut out = vec![7];
        set.drain_sorted_into(&mut out);
        assert_eq!(out, [7, 3, 63, 64, 130, 199]);
        assert!(!set.contains(3));
        assert_eq!(set.word_count(), 4);
    }

    #[test]
    fn a_set_worked_out_on_threads_holds_exactly_the_ids_that_hold() {
        let set = IdSet::of_threads(1000, |id| id % 7 == 3);
        for id in 0..1000 {
            assert_eq!(set.contains(id), id % 7 == 3, "{id}");
        }
        assert_eq!(set.word_count(), 16);
    }
}

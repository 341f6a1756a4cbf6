//! The seed of each level of a generated batch, the same for every kind's
//! generator: level `i` of a batch from seed `s` is generated from
//! [`batch_seed`]`(s, i)`, so it can be generated again alone, and a batch
//! is the same whatever the number of threads.

/// The seed of level `index` of a batch generated from `seed`.
pub fn batch_seed(seed: u64, index: u64) -> u64 {
    crate::engine::packed::mix64(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_of_a_batch_stay_as_they_were() {
        // Generated levels are named by their batch's seed: the same seed
        // must give the same levels (values worked out by hand from
        // SplitMix64's finaliser).
        assert_eq!(batch_seed(7, 3), 0xcbcc_0386_9eff_fab5);
        assert_eq!(batch_seed(0, 9), 0x826c_6abf_7fdd_5ad7);
        assert_eq!(batch_seed(5, 0), 0x2ef7_b73d_ecaf_b951);
        let seeds: std::collections::HashSet<u64> = (0..100).map(|i| batch_seed(1, i)).collect();
        assert_eq!(seeds.len(), 100, "every level of a batch has its own seed");
        assert_ne!(batch_seed(1, 0), batch_seed(2, 0));
    }
}

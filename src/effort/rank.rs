//! A level's effort among the levels of its pack.

/// The share (0 to 1) of `others`' scores strictly below `score`: "harder
/// than 80 % of this pack". Levels without a score are not counted; `None`
/// when no other level has one.
pub fn harder_than_share(score: f64, others: impl IntoIterator<Item = Option<f64>>) -> Option<f64> {
    let (below, counted) = others
        .into_iter()
        .flatten()
        .fold((0usize, 0usize), |(below, counted), other| {
            (below + usize::from(other < score), counted + 1)
        });
    (counted > 0).then(|| below as f64 / counted as f64)
}

/// The order of levels by effort, easiest first: indices into `scores`.
/// Levels without a score go last, in their order; equal scores keep their
/// order (the sort is stable).
pub fn order_by_effort(scores: &[Option<f64>]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| match (scores[a], scores[b]) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harder_than_counts_only_scored_levels_strictly_below() {
        let others = [Some(1.0), Some(2.0), None, Some(3.0), Some(3.0)];
        assert_eq!(harder_than_share(3.0, others), Some(0.5));
        assert_eq!(harder_than_share(0.5, others), Some(0.0));
        assert_eq!(harder_than_share(9.0, others), Some(1.0));
        assert_eq!(harder_than_share(1.0, [None, None]), None);
    }

    #[test]
    fn ordering_by_effort_is_stable_and_puts_unscored_levels_last() {
        let scores = [Some(3.0), None, Some(1.0), Some(3.0), None, Some(2.0)];
        assert_eq!(order_by_effort(&scores), [2, 5, 0, 3, 1, 4]);
        assert_eq!(order_by_effort(&[]), Vec::<usize>::new());
    }
}

//! The bit-set search against the dancing links, and its threads against one.

use super::*;
use crate::engine::exact_cover::CoverSearch;
use proptest::prelude::*;

const BIG: u64 = u64::MAX;

/// Knuth's example from "Dancing Links" (2000): one cover, rows 0, 3, 4.
#[test]
fn knuths_example_has_one_cover() {
    let mut x = BitCover::new(7, 0);
    for row in [
        &[2, 4, 5][..],
        &[0, 3, 6],
        &[1, 2, 5],
        &[0, 3],
        &[1, 6],
        &[3, 4, 6],
    ] {
        x.add_row(row);
    }
    let job = Job::default();
    assert_eq!(x.count(&job, BIG), CoverCount::Exact(1));
    assert_eq!(x.list(5, &job, BIG).0, vec![vec![0, 3, 4]]);
    assert_eq!(x.first_with(&[4], &job, BIG), Ok(Some(vec![0, 3, 4])));
    assert_eq!(x.first_with(&[5], &job, BIG), Ok(None));
    assert_eq!(x.count_with(&[0, 2], &job, BIG), CoverCount::Exact(0));
    assert_eq!(job.phase(), Phase::Done);
}

#[test]
fn no_primary_columns_means_one_empty_cover() {
    let mut x = BitCover::new(0, 2);
    x.add_row(&[0]);
    assert_eq!(x.count(&Job::default(), BIG), CoverCount::Exact(1));
    let x = BitCover::new(3, 0);
    assert_eq!(x.count(&Job::default(), BIG), CoverCount::Exact(0));
}

#[test]
fn interchangeable_columns_count_once() {
    let build = |group: bool| {
        let mut x = BitCover::new(4, 0);
        for piece in [2, 3] {
            for cell in [0, 1] {
                x.add_row(&[cell, piece]);
            }
        }
        if group {
            x.interchangeable(&[2, 3]);
        }
        x
    };
    let job = Job::default();
    assert_eq!(build(false).count(&job, BIG), CoverCount::Exact(2));
    assert_eq!(build(true).count(&job, BIG), CoverCount::Exact(1));
    assert_eq!(build(true).list(5, &job, BIG).0, vec![vec![0, 3]]);
}

#[test]
fn budget_and_cancel_stop_the_search() {
    // Every subset of two rows per column: 2^12 covers.
    let mut x = BitCover::new(12, 0);
    for c in 0..12 {
        x.add_row(&[c]);
        x.add_row(&[c]);
    }
    let job = Job::default();
    let (list, count) = x.list(usize::MAX, &job, 100);
    assert_eq!(
        count.stopped(),
        Some(&CoverStop::Budget {
            nodes: 100,
            budget: 100
        })
    );
    assert_eq!(list.len() as u128, count.found());
    assert_eq!(job.states(), 100);
    job.cancel();
    let (_, count) = x.list(usize::MAX, &job, BIG);
    assert!(matches!(count.stopped(), Some(CoverStop::Cancelled { .. })));
}

#[test]
fn big_instances_are_searched_with_links_and_agree() {
    // More than MAX_ROWS rows: 400 primary columns, each alone (three
    // times over for the first 30) and with either of two secondary
    // columns.
    let mut x = BitCover::new(400, 2);
    for c in 0..400 {
        for _ in 0..if c < 30 { 3 } else { 1 } {
            x.add_row(&[c]);
        }
        x.add_row(&[c, 400]);
        x.add_row(&[c, 401]);
    }
    assert!(x.rows() > MAX_ROWS);
    let job = Job::default();
    let query = CoverQuery {
        fixed_rows: &[4],
        list: 3,
        stop_after: None,
        budget: 5000,
    };
    assert_eq!(x.run(&query, &job), x.to_links().run(&query, &job));
}

/// A random instance: primary and secondary columns, rows, and groups
/// of interchangeable columns among the last primary columns (every
/// row meets at most one of them and a column outside them, and the
/// rows of a group's columns are the same rows with one column swapped,
/// as the promise of `interchangeable` asks).
fn instance() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>, Vec<usize>)> {
    (2usize..9, 0usize..3, 0usize..4, 1usize..4).prop_flat_map(|(p, s, twins, forms)| {
        let free = p;
        let row = proptest::collection::vec(0..free + s, 1..4);
        let pieces =
            proptest::collection::vec((0..forms, proptest::collection::vec(0..free, 1..3)), 0..6);
        (
            Just((p, s, twins)),
            proptest::collection::vec(row, 0..14),
            pieces,
        )
            .prop_map(|((p, s, twins), plain, pieces)| {
                // Columns: `p` free primary, then `twins` twin columns
                // of one group, then `s` secondary.
                let total_p = p + twins;
                let mut rows: Vec<Vec<usize>> = plain
                    .into_iter()
                    .map(|r| {
                        r.into_iter()
                            .map(|c| if c < p { c } else { c - p + total_p })
                            .collect()
                    })
                    .collect();
                for (_, cells) in pieces {
                    for t in 0..twins {
                        let mut r = cells.clone();
                        r.push(p + t);
                        rows.push(r);
                    }
                }
                let group: Vec<usize> = (p..total_p).collect();
                (total_p, s, rows, group)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// The bit sets and the dancing links give the same answers: the
    /// count, the listed solutions in the same order, the nodes, and
    /// where a budget or "enough" stops them.
    #[test]
    fn agrees_with_dancing_links(
        (p, s, rows, group) in instance(),
        budget in 1u64..60,
        list in 0usize..5,
        fix in any::<prop::sample::Index>(),
    ) {
        let mut bits = BitCover::new(p, s);
        let mut links = ExactCover::new(p, s);
        for row in &rows {
            bits.add_row(row);
            links.add_row(row);
        }
        if group.len() > 1 {
            bits.interchangeable(&group);
            links.interchangeable(&group);
        }
        let job = Job::default();
        let fixed: Vec<usize> = if rows.is_empty() { vec![] } else { vec![fix.index(rows.len())] };
        for fixed_rows in [&[][..], &fixed[..]] {
            for (budget, stop_after) in [(BIG, None), (budget, None), (BIG, Some(2))] {
                let query = CoverQuery { fixed_rows, list, stop_after, budget };
                prop_assert_eq!(bits.run(&query, &job), links.run(&query, &job));
            }
        }
        prop_assert_eq!(
            bits.list(usize::MAX, &job, BIG),
            bits.to_links().list(usize::MAX, &job, BIG)
        );
    }

    /// A count handed over to two or three threads from its first
    /// node gives one thread's answer: the count, the listed
    /// solutions, the nodes, and where a budget stops it.
    #[test]
    fn many_threads_agree_with_one(
        (p, s, rows, group) in instance(),
        budget in 1u64..60,
        list in 0usize..5,
        threads in 2usize..4,
    ) {
        let mut bits = BitCover::new(p, s);
        for row in &rows {
            bits.add_row(row);
        }
        if group.len() > 1 {
            bits.interchangeable(&group);
        }
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        for budget in [BIG, budget] {
            let query = CoverQuery { fixed_rows: &[], list, stop_after: None, budget };
            let one = bits.run(&query, &Job::default());
            let many = pool.install(|| bits.run(&query, &Job::default().with_parallel_from(0)));
            prop_assert_eq!(many, one);
        }
    }
}

/// A count of many subproblems on three threads: the same count and
/// nodes as one thread, and more nodes than a hand-over needs.
#[test]
fn a_big_count_on_threads_agrees_with_one() {
    // Cells 0..16 of a 4 x 4 board, tiled by dominoes and squares.
    let mut x = BitCover::new(16, 0);
    for r in 0..4 {
        for c in 0..4 {
            let cell = r * 4 + c;
            x.add_row(&[cell]);
            if c < 3 {
                x.add_row(&[cell, cell + 1]);
            }
            if r < 3 {
                x.add_row(&[cell, cell + 4]);
            }
        }
    }
    let query = CoverQuery {
        fixed_rows: &[],
        list: 3,
        stop_after: None,
        budget: BIG,
    };
    let one = x.run(&query, &Job::default());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let many = pool.install(|| x.run(&query, &Job::default().with_parallel_from(0)));
    assert_eq!(many, one);
    assert!(one.nodes > 100, "{} nodes", one.nodes);
    let query = CoverQuery {
        budget: one.nodes - 1,
        ..query
    };
    let one = x.run(&query, &Job::default());
    let many = pool.install(|| x.run(&query, &Job::default().with_parallel_from(0)));
    assert_eq!(many, one);
    assert!(one.count.stopped().is_some());
}

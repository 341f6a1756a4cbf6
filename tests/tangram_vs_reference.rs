//! Tangram's solution count against the plain backtracking reference in
//! `tests/tangram_reference`, on random small levels: the counts agree, the
//! listed solutions are all covers and all different, identical shapes are
//! counted once (and the labelled count is the count times the
//! factorials), and the honest hint tells the truth.

use crate::common::tangram_puzzle;
use crate::tangram_reference as reference;

use std::collections::HashSet;

use levelscope::engine::exact_cover::CoverCount;
use levelscope::engine::Job;
use levelscope::kinds::tangram::solve::{count_labelled, multiplicities};
use levelscope::kinds::tangram::{
    generate, hint, solve, to_text, GenerateOptions, Hint, Level, Shape, Triangle,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use reference::Tri;

/// A level's `Debug` is its text, so a failing case prints as a file.
#[derive(Clone)]
struct TestLevel(Level);

impl std::fmt::Debug for TestLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}", to_text(&self.0))
    }
}

/// Levels grown by the generator: 1x1 to 4x4, 1 to 12 shapes (many small
/// shapes, so many identical ones and many solutions).
fn grown() -> impl Strategy<Value = TestLevel> {
    (1usize..=4, 1usize..=12, any::<u64>()).prop_map(|(n, k, seed)| {
        let k = k.min(4 * n * n);
        TestLevel(generate(GenerateOptions::new(n, k, seed)).unwrap().level)
    })
}

/// Levels of whole squares cut into horizontal bars of random lengths:
/// many identical bars, and rows that can trade places.
fn bars() -> impl Strategy<Value = TestLevel> {
    (1usize..=4)
        .prop_flat_map(|n| (Just(n), proptest::collection::vec(1usize..=4, 16)))
        .prop_map(|(n, lengths)| {
            let mut shapes = Vec::new();
            let mut lengths = lengths.into_iter().cycle();
            for y in 0..n {
                let mut x = 0;
                while x < n {
                    let len = lengths.next().unwrap().min(n - x);
                    let triangles = (x..x + len)
                        .flat_map(|sx| (0..4).map(move |z| Triangle::new(sx as u8, y as u8, z)))
                        .collect();
                    shapes.push(Shape::new(triangles));
                    x += len;
                }
            }
            TestLevel(Level {
                name: String::new(),
                size: n,
                shapes,
            })
        })
}

fn factorial(k: usize) -> u128 {
    (1..=k as u128).product()
}

/// The triangles a shape covers, moved by `offset`.
fn moved(shape: &Shape, (dx, dy): (i32, i32)) -> Vec<Tri> {
    let mut out: Vec<Tri> = shape
        .triangles
        .iter()
        .map(|t| (t.x as i32 + dx, t.y as i32 + dy, t.z as i32))
        .collect();
    out.sort();
    out
}

fn check(level: &Level) -> Result<(), TestCaseError> {
    prop_assert!(level.is_valid());
    let p = tangram_puzzle(level);
    let expected = reference::count(&p, &[]);
    let job = Job::default();
    let report = solve(level, usize::MAX, &job, u64::MAX).unwrap();
    prop_assert_eq!(report.solutions, Some(expected as u128));
    prop_assert_eq!(report.unique, expected == 1);
    prop_assert_eq!(report.listed.len() as u64, expected);
    // Every listed solution is a cover; no two are the same by form (the
    // same set of (form, covered triangles)).
    let mut seen = HashSet::new();
    for placement in &report.listed {
        prop_assert!(reference::is_cover(&p, &placement.offsets));
        let mut by_form: Vec<(Vec<Tri>, Vec<Tri>)> = level
            .shapes
            .iter()
            .zip(&placement.offsets)
            .map(|(s, &o)| (reference::form(&puzzle_shape(s)), moved(s, o)))
            .collect();
        by_form.sort();
        prop_assert!(seen.insert(by_form), "a solution listed twice");
    }
    // Labelled covers: the count times the factorials of the classes
    // (when there are few enough to enumerate quickly).
    let factor: u128 = multiplicities(level).into_iter().map(factorial).product();
    if expected as u128 * factor <= 20_000 {
        prop_assert_eq!(
            count_labelled(level, &job, u64::MAX).unwrap(),
            CoverCount::Exact(expected as u128 * factor)
        );
    }
    // The other solution of the verdict differs from the level's own.
    if expected >= 2 {
        prop_assert!(!report.other.as_ref().unwrap().is_home());
    } else {
        prop_assert!(report.other.is_none());
    }
    Ok(())
}

fn puzzle_shape(shape: &Shape) -> Vec<Tri> {
    shape
        .triangles
        .iter()
        .map(|t| (t.x as i32, t.y as i32, t.z as i32))
        .collect()
}

/// The hint for `placed` tells the truth, as the reference sees it.
fn check_hint(level: &Level, placed: &[(usize, (i32, i32))]) -> Result<(), TestCaseError> {
    let p = tangram_puzzle(level);
    let exists = |fixed: &[(usize, (i32, i32))]| reference::count(&p, fixed) > 0;
    let without = |i: usize| {
        let mut v = placed.to_vec();
        v.remove(i);
        v
    };
    match hint(level, placed) {
        Hint::Place { shape, offset } => {
            prop_assert!(placed.iter().all(|&(s, _)| s != shape));
            let mut with = placed.to_vec();
            with.push((shape, offset));
            prop_assert!(exists(&with), "the hint leads nowhere");
        }
        Hint::Solved => {
            prop_assert_eq!(placed.len(), level.shapes.len());
            prop_assert!(exists(placed));
        }
        Hint::Blocked { shapes } => {
            prop_assert!(!exists(placed));
            for (i, &(s, _)) in placed.iter().enumerate() {
                prop_assert_eq!(shapes.contains(&s), exists(&without(i)));
            }
        }
        Hint::Tangled => {
            prop_assert!(!exists(placed));
            for i in 0..placed.len() {
                prop_assert!(!exists(&without(i)));
            }
        }
        other => prop_assert!(false, "unexpected hint {:?}", other),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn grown_levels_agree_with_the_reference(level in grown()) {
        check(&level.0)?;
    }

    #[test]
    fn bar_levels_agree_with_the_reference(level in bars()) {
        check(&level.0)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn hints_tell_the_truth(
        level in grown(),
        pick in any::<usize>(),
        mask in any::<u16>(),
        nudge in (0usize..16, -2i32..=2, -2i32..=2),
    ) {
        let level = level.0;
        let report = solve(&level, 16, &Job::default(), u64::MAX).unwrap();
        let solution = &report.listed[pick % report.listed.len()];
        // Some shapes placed as in one solution: the hint must continue it.
        let mut placed: Vec<(usize, (i32, i32))> = solution
            .offsets
            .iter()
            .copied()
            .enumerate()
            .filter(|&(s, _)| mask >> (s % 16) & 1 == 1)
            .collect();
        check_hint(&level, &placed)?;
        // One of them nudged: the hint may now have to blame someone.
        if !placed.is_empty() {
            let (i, dx, dy) = nudge;
            let i = i % placed.len();
            placed[i].1 .0 += dx;
            placed[i].1 .1 += dy;
            check_hint(&level, &placed)?;
        }
    }
}

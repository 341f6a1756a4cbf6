//! The guess-and-test stack on Rooms, against brute force.

use std::collections::HashSet;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use levelscope::engine::stack::{GuessStack, Status};
use levelscope::kinds::rooms::{lay_out, RoomLayout, RoomTree};
use proptest::prelude::*;

/// Whether a layout exists, by trying every cell for every room in turn
/// (no pruning at all).
fn brute_force_exists(tree: &RoomTree, w: usize, h: usize) -> bool {
    fn place(tree: &RoomTree, w: usize, h: usize, cells: &mut Vec<(usize, usize)>) -> bool {
        let room = cells.len();
        if room == tree.len() {
            return true;
        }
        for y in 0..h {
            for x in 0..w {
                let adjacent = match tree.parent(room) {
                    None => true,
                    Some(p) => {
                        let (px, py) = cells[p];
                        px.abs_diff(x) + py.abs_diff(y) == 1
                    }
                };
                if adjacent && !cells.contains(&(x, y)) {
                    cells.push((x, y));
                    if place(tree, w, h, cells) {
                        return true;
                    }
                    cells.pop();
                }
            }
        }
        false
    }
    place(tree, w, h, &mut Vec::new())
}

fn valid_layout(tree: &RoomTree, w: usize, h: usize, cells: &[(usize, usize)]) -> bool {
    let distinct: HashSet<_> = cells.iter().collect();
    cells.len() == tree.len()
        && distinct.len() == cells.len()
        && cells.iter().all(|&(x, y)| x < w && y < h)
        && (1..tree.len()).all(|r| {
            let (x, y) = cells[r];
            let (px, py) = cells[tree.parent(r).unwrap()];
            px.abs_diff(x) + py.abs_diff(y) == 1
        })
}

fn trees() -> impl Strategy<Value = RoomTree> {
    (1usize..=7).prop_flat_map(|n| {
        proptest::collection::vec(any::<prop::sample::Index>(), n - 1).prop_map(move |picks| {
            let mut parent = vec![None];
            for (i, pick) in picks.iter().enumerate() {
                parent.push(Some(pick.index(i + 1)));
            }
            RoomTree::new(parent).unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_stack_finds_a_layout_exactly_when_one_exists(tree in trees(), w in 1usize..=3, h in 1usize..=3, seed in any::<u64>()) {
        let exists = brute_force_exists(&tree, w, h);
        let result = lay_out(tree.clone(), w, h, seed, u64::MAX);
        prop_assert!(result.finished);
        match &result.cells {
            Some(cells) => {
                prop_assert!(exists);
                prop_assert!(valid_layout(&tree, w, h, cells), "{:?}", cells);
            }
            None => prop_assert!(!exists, "a layout exists but the stack says none does"),
        }
    }

    #[test]
    fn pausing_and_resuming_gives_the_same_result(tree in trees(), w in 1usize..=4, h in 1usize..=3, seed in any::<u64>(), chunk in 1u64..20) {
        let mut whole = GuessStack::new(RoomLayout::new(tree.clone(), w, h), seed);
        whole.run(u64::MAX);
        let mut paused = GuessStack::new(RoomLayout::new(tree, w, h), seed);
        while paused.run(chunk) == Status::Searching {}
        prop_assert_eq!(paused.status(), whole.status());
        prop_assert_eq!(paused.problem().cells(), whole.problem().cells());
        prop_assert_eq!(paused.steps(), whole.steps());
        prop_assert_eq!(paused.backtracks(), whole.backtracks());
    }
}

#[test]
fn every_step_keeps_rooms_in_distinct_cells() {
    let tree = RoomTree::new(vec![
        None,
        Some(0),
        Some(0),
        Some(0),
        Some(1),
        Some(1),
        Some(2),
        Some(4),
    ])
    .unwrap();
    let mut stack = GuessStack::new(RoomLayout::new(tree, 3, 3), 5);
    while stack.status() == Status::Searching {
        stack.step();
        let cells = stack.problem().cells();
        let distinct: HashSet<_> = cells.iter().collect();
        assert_eq!(distinct.len(), cells.len());
        let current: Vec<_> = stack.entries().iter().filter_map(|e| e.current).collect();
        assert!(current.len() <= cells.len());
    }
}

#[test]
fn cli_json_has_the_layout_or_null() {
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_levelscope"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let v = run(&[
        "rooms", "--rooms", "10", "--map", "5x4", "--seed", "7", "--json",
    ]);
    let parent: Vec<Option<usize>> = serde_json::from_value(v["parent"].clone()).unwrap();
    let cells: Vec<(usize, usize)> = serde_json::from_value(v["cells"].clone()).unwrap();
    let tree = RoomTree::new(parent).unwrap();
    assert!(valid_layout(&tree, 5, 4, &cells));
    assert!(v["steps"].as_u64().unwrap() >= 10);
    assert_eq!(
        run(&["rooms", "--rooms", "10", "--map", "5x4", "--seed", "7", "--json"]),
        v,
        "same seed, same answer"
    );

    // Nine rooms fit nine cells by count, but not this tree's shape.
    let v = run(&[
        "rooms", "--rooms", "9", "--map", "3x3", "--seed", "2", "--json",
    ]);
    assert!(v["cells"].is_null());
    assert!(v["backtracks"].as_u64().unwrap() > 0);
}

/// More rooms than the map has cells is refused at once (exit 2, in words),
/// never a tree of four billion rooms that aborts on its allocation.
#[test]
fn more_rooms_than_cells_is_refused_before_anything_is_built() {
    let out = Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(["rooms", "--rooms", "4000000000", "--map", "10x10"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--rooms 4000000000 can never fit a 10x10 map") && err.contains("100 cells"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let out = Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(["rooms", "--rooms", "5", "--map", "2x2", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Runs `levelscope ARGS`, reading its output as it comes; gives up (and
/// ends it) after `limit`. Returns the exit code and the output.
fn run_within(args: &[&str], limit: Duration) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).unwrap();
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("`levelscope {}` took more than {limit:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (status.code(), reader.join().unwrap())
}

#[test]
fn the_step_budget_bounds_a_run_with_a_huge_tree() {
    // 300,000 rooms: the tree and each step take time linear in the rooms
    // at most, so a small step budget ends the run in moments (it took
    // many minutes when making the tree was quadratic).
    let (code, out) = run_within(
        &[
            "rooms",
            "--rooms",
            "300000",
            "--map",
            "1000x1000",
            "--seed",
            "1",
            "--max-steps",
            "1000",
            "--json",
        ],
        Duration::from_secs(60),
    );
    assert_eq!(code, Some(1), "{}", &out[out.len().saturating_sub(500)..]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let parent: Vec<Option<usize>> = serde_json::from_value(v["parent"].clone()).unwrap();
    let tree = RoomTree::new(parent).unwrap();
    assert_eq!(tree.len(), 300_000);
    assert!(tree.child_counts().iter().all(|&c| c <= 3));
    assert!(v["cells"].is_null());
    assert_eq!(v["steps"], 1000);
    let error = v["error"].as_str().unwrap();
    assert!(error.contains("step budget ran out"), "{error}");
    assert!(error.contains("raise --max-steps"), "{error}");

    let (code, out) = run_within(
        &[
            "rooms",
            "--rooms",
            "300000",
            "--map",
            "1000x1000",
            "--max-steps",
            "50",
        ],
        Duration::from_secs(60),
    );
    assert_eq!(code, Some(1));
    let last = out.lines().rev().take(2).collect::<Vec<_>>();
    assert!(last[0].starts_with("50 steps, "), "{}", last[0]);
    assert!(
        last[1].starts_with("the step budget ran out: the search took the 50 steps"),
        "{}",
        last[1]
    );
}

//! Rush Hour's engine analysis against the plain reference in
//! `tests/rushhour_reference.rs`, on 500 random small boards (4 to 6 a
//! side, a few walls, a horizontal primary and up to 7 more vehicles, the
//! primary anywhere in the vehicle list, at most 2,500 states, half of
//! them started from their cluster's hardest state) and on archive
//! puzzles: both agree on the states, the
//! won states, the fewest moves, the fewest steps, the farthest state from
//! a win and the number of shortest move sequences, and on how the states
//! spread by depth. The engine's solution plays to a win under the
//! reference's rules in the fewest moves, with the fewest steps among
//! those; its moves to a win from the start are the fewest moves; its
//! hardest start is a state the reference puts `farthest` from a win.

use crate::common::real_levels::{files_under, real_levels};
use crate::rushhour_reference::{self as reference, Board, Car, Figures, Slide, State};

use levelscope::engine::Job;
use levelscope::kinds::rushhour::{analyze, read_archive_json, Level, Orientation, Vehicle};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::Value;

/// A random board: the level the engine gets and the reference's board
/// and start (primary first), with where each reference vehicle is in the
/// level's list.
#[derive(Clone)]
struct Case {
    level: Level,
    board: Board,
    start: State,
    /// `order[k]`: the level's index of the reference's vehicle `k`.
    order: Vec<usize>,
}

/// A failing case prints as its board, one row a line.
impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let level = &self.level;
        writeln!(f, "{}x{}", level.width(), level.height())?;
        for y in 0..level.height() {
            let row: String = (0..level.width())
                .map(|x| match level.vehicle_at(x, y) {
                    Some(i) => level.letter(i),
                    None if level.is_wall(x, y) => 'x',
                    None => '.',
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        write!(f, "{:?}", level.vehicles)
    }
}

/// The most states a random board may have.
const MOST_STATES: usize = 2500;

/// A vehicle drawn at random: `(x, y, length, horizontal)`, on the board.
fn vehicle(w: usize, h: usize) -> impl Strategy<Value = (usize, usize, usize, bool)> {
    (
        any::<bool>(),
        prop_oneof![3 => Just(2usize), 1 => Just(3usize)],
    )
        .prop_flat_map(move |(horizontal, length)| {
            let (span_x, span_y) = if horizontal {
                (w - length + 1, h)
            } else {
                (w, h - length + 1)
            };
            (0..span_x, 0..span_y).prop_map(move |(x, y)| (x, y, length, horizontal))
        })
}

/// Random valid boards of 4 to 6 a side: up to 3 walls (one on the
/// primary is left out), a horizontal primary, up to 7 more vehicles (one
/// that overlaps a wall or an earlier vehicle is left out), the primary
/// moved to a random place in the level's list.
fn cases() -> impl Strategy<Value = Case> {
    (4usize..=6, 4usize..=6)
        .prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                prop::collection::vec(0..w * h, 0..=3),
                (0..h, prop_oneof![3 => Just(2usize), 1 => Just(3usize)]).prop_flat_map(
                    move |(y, len)| {
                        prop_oneof![Just(0), 0..=w - len].prop_map(move |x| (x, y, len))
                    },
                ),
                prop::collection::vec(vehicle(w, h), 0..=24),
                0usize..8,
                any::<bool>(),
            )
        })
        .prop_filter_map(
            "too many states",
            |((w, h), walls, (px, py, plen), others, at, harden)| {
                let mut board = reference::open_board(w, h);
                let primary = (px, py, plen, true);
                for cell in walls {
                    if !(cell / w == py && (px..px + plen).contains(&(cell % w))) {
                        board.wall[cell] = true;
                    }
                }
                let mut start = vec![primary];
                let mut taken = board.wall.clone();
                let mut cells_free = |(x, y, len, horizontal): (usize, usize, usize, bool)| {
                    let cells: Vec<usize> = (0..len)
                        .map(|k| {
                            if horizontal {
                                y * w + x + k
                            } else {
                                (y + k) * w + x
                            }
                        })
                        .collect();
                    if cells.iter().any(|&c| taken[c]) {
                        return false;
                    }
                    cells.iter().for_each(|&c| taken[c] = true);
                    true
                };
                assert!(cells_free(primary));
                for car in others {
                    if start.len() < 8 && cells_free(car) {
                        start.push(car);
                    }
                }
                // Boards of many states are left out: the default run stays
                // short (see the test on the random boards below).
                let graph = reference::explore_at_most(&board, &start, MOST_STATES)?;
                // Half the boards start from the state of their cluster farthest
                // from a win (the first the reference finds): random boards are
                // mostly won in a move or two.
                if harden {
                    let distances = graph.moves_to_win();
                    if let Some(farthest) = distances.iter().flatten().max() {
                        let n = distances.iter().position(|d| d == &Some(*farthest));
                        start = graph.states[n.expect("the farthest is some state's")].clone();
                    }
                }
                // The level lists the others in the reference's order with the
                // primary inserted at `at`.
                let at = at % start.len();
                let mut order: Vec<usize> = (1..start.len())
                    .map(|k| if k <= at { k - 1 } else { k })
                    .collect();
                order.insert(0, at);
                let mut vehicles = vec![None; start.len()];
                for (k, &(x, y, length, horizontal)) in start.iter().enumerate() {
                    vehicles[order[k]] = Some(Vehicle {
                        x,
                        y,
                        length,
                        orientation: if horizontal {
                            Orientation::Horizontal
                        } else {
                            Orientation::Vertical
                        },
                        primary: k == 0,
                    });
                }
                let mut level = Level::new(w, h);
                for (i, &wall) in board.wall.iter().enumerate() {
                    level.set_wall(i % w, i / w, wall);
                }
                level.vehicles = vehicles
                    .into_iter()
                    .map(|v| v.expect("every place filled"))
                    .collect();
                assert!(level.problems().is_empty(), "{:?}", level.problems());
                Some(Case {
                    level,
                    board,
                    start,
                    order,
                })
            },
        )
}

/// The reference's state of a level whose vehicles were moved by play.
fn state_of(case: &Case, level: &Level) -> State {
    case.order
        .iter()
        .map(|&i| {
            let v = level.vehicles[i];
            (v.x, v.y, v.length, v.orientation == Orientation::Horizontal)
        })
        .collect()
}

/// The reference's slides of a solution in Fogleman's notation
/// (`"A+1 C-2"`), `None` when a word names no vehicle of the level.
fn slides_of(case: &Case, solution: &str) -> Option<Vec<Slide>> {
    solution
        .split_whitespace()
        .map(|word| {
            let letter = word.chars().next()?;
            let distance: i32 = word[letter.len_utf8()..].parse().ok()?;
            let index = (0..case.level.vehicles.len()).find(|&i| case.level.letter(i) == letter)?;
            let k = case.order.iter().position(|&i| i == index)?;
            Some((k, distance))
        })
        .collect()
}

/// The engine and the reference on one board.
fn check(case: &Case) -> Result<(), TestCaseError> {
    let analysis = analyze(&case.level, &Job::default())
        .map_err(|e| TestCaseError::fail(format!("analyze failed: {e}")))?;
    let r = &analysis.report;
    let graph = reference::explore(&case.board, &case.start);
    let want = graph.figures();
    let got = Figures {
        states: r.states,
        won_states: r.won_states,
        shortest_moves: r.shortest_moves,
        shortest_steps: r.shortest_steps,
        farthest: r.farthest,
        shortest_solutions: r.shortest_solutions,
    };
    prop_assert_eq!(&got, &want);
    prop_assert_eq!(r.solvable, want.shortest_moves.is_some(), "solvable");
    prop_assert_eq!(r.dead_ends, 0, "dead ends");

    let mut histogram = vec![0usize; graph.depth.iter().max().map_or(0, |d| d + 1)];
    graph.depth.iter().for_each(|&d| histogram[d] += 1);
    prop_assert_eq!(&r.depth_histogram, &histogram, "depth histogram");

    match &r.solution {
        Some(solution) => {
            let slides = slides_of(case, solution);
            prop_assert!(slides.is_some(), "solution {solution:?} names no vehicle");
            let slides = slides.unwrap_or_default();
            let mut state = case.start.clone();
            for &slide in &slides {
                let next = reference::play(&case.board, &state, slide);
                prop_assert!(next.is_some(), "{solution:?}: {slide:?} is no move");
                state = next.unwrap_or_default();
            }
            prop_assert!(
                reference::is_won(&case.board, &state),
                "{solution:?} does not win"
            );
            prop_assert_eq!(Some(slides.len()), want.shortest_moves, "solution's moves");
            let steps: usize = slides.iter().map(|s| s.1.unsigned_abs() as usize).sum();
            prop_assert_eq!(
                Some(steps),
                graph.steps_of_shortest_solutions(),
                "solution's steps"
            );
            prop_assert_eq!(r.solution_steps, Some(steps), "the report's solution steps");
        }
        None => {
            prop_assert_eq!(want.shortest_moves, None, "no solution");
            prop_assert_eq!(r.solution_steps, None, "no solution's steps");
        }
    }

    prop_assert_eq!(
        analysis.moves_to_win(&case.level),
        want.shortest_moves,
        "moves to win from the start"
    );
    if want.farthest.is_some() {
        let hardest = state_of(case, &analysis.hardest_start());
        let index = graph.index.get(&hardest).copied();
        prop_assert!(
            index.is_some(),
            "the hardest start {hardest:?} is not reachable"
        );
        let distances = graph.moves_to_win();
        prop_assert_eq!(
            index.and_then(|n| distances[n]),
            want.farthest,
            "the hardest start's moves to a win"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The engine agrees with the reference on every figure.
    #[test]
    fn the_engine_agrees_with_the_reference(case in cases()) {
        check(&case)?;
    }
}

/// The random boards make what the property needs: many solvable, many
/// not, many with more than one shortest sequence or needing several
/// moves, walls, trucks, the primary not first; and they stay small enough
/// for the default run. (Boards where the fewest steps take more moves
/// than the fewest moves are rare among them: the tests below hold one.)
#[test]
fn the_random_boards_cover_what_the_property_needs() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut solvable, mut unsolvable, mut several, mut deep) = (0, 0, 0, 0);
    let (mut walls, mut trucks, mut primary_not_first, mut most_states) = (0, 0, 0, 0);
    for _ in 0..200 {
        let case = cases().new_tree(&mut runner).unwrap().current();
        let graph = reference::explore(&case.board, &case.start);
        let figures = graph.figures();
        solvable += figures.shortest_moves.is_some() as u32;
        unsolvable += figures.shortest_moves.is_none() as u32;
        several += (figures.shortest_solutions > 1) as u32;
        deep += figures.shortest_moves.is_some_and(|m| m >= 3) as u32;
        walls += case.board.wall.contains(&true) as u32;
        trucks += case.start.iter().any(|v| v.2 == 3) as u32;
        primary_not_first += (case.order[0] != 0) as u32;
        most_states = most_states.max(figures.states);
    }
    assert!(solvable > 60, "{solvable} of 200 solvable");
    assert!(unsolvable > 20, "{unsolvable} of 200 unsolvable");
    assert!(
        several > 20,
        "{several} of 200 with several shortest sequences"
    );
    assert!(deep > 20, "{deep} of 200 needing 3 moves or more");
    assert!(walls > 60, "{walls} of 200 with walls");
    assert!(trucks > 60, "{trucks} of 200 with trucks");
    assert!(
        primary_not_first > 60,
        "{primary_not_first} of 200 with the primary not first"
    );
    assert!(
        most_states > MOST_STATES / 2,
        "the largest board has {most_states} states"
    );
}

/// A case of the reference's hand-worked boards (primary first, no walls).
fn hand_case(w: usize, h: usize, start: State) -> Case {
    let board = reference::open_board(w, h);
    let mut level = Level::new(w, h);
    level.vehicles = start
        .iter()
        .enumerate()
        .map(|(k, &(x, y, length, horizontal))| Vehicle {
            x,
            y,
            length,
            orientation: if horizontal {
                Orientation::Horizontal
            } else {
                Orientation::Vertical
            },
            primary: k == 0,
        })
        .collect();
    let order = (0..start.len()).collect();
    Case {
        level,
        board,
        start,
        order,
    }
}

/// The reference's board where the fewest steps (5: C+1 B+1 A+3) take
/// three moves and the only two-move solution (B-3 A+3) six steps: the
/// engine reports 5 and solves in two moves.
#[test]
fn the_engine_counts_the_fewest_steps_over_all_solutions() {
    let case = hand_case(
        5,
        7,
        vec![(0, 3, 2, true), (2, 3, 3, false), (2, 6, 2, true)],
    );
    check(&case).unwrap();
    let report = analyze(&case.level, &Job::default()).unwrap().report;
    assert_eq!(
        (report.shortest_moves, report.shortest_steps),
        (Some(2), Some(5))
    );
    assert_eq!(report.solution.as_deref(), Some("B-3 A+3"));
}

/// The reference's board with two blockers, each with two ways out of the
/// row: 8 shortest sequences.
#[test]
fn the_engine_counts_every_shortest_sequence() {
    let case = hand_case(
        4,
        5,
        vec![(0, 2, 2, true), (2, 1, 2, false), (3, 2, 2, false)],
    );
    check(&case).unwrap();
    let report = analyze(&case.level, &Job::default()).unwrap().report;
    assert_eq!(
        (report.shortest_moves, report.shortest_solutions),
        (Some(3), 8)
    );
}

/// On archive puzzles the engine agrees with the reference, whose fewest
/// moves are the name's number less one (the name counts the drive out).
/// Every seventh puzzle in name order, ten in all: the 70 take the
/// unoptimised reference about 10 s (430,449 states);
/// `scripts/rushhour_reference.py` checks all of them. levelscope's reader
/// of the archive's JSON reads every puzzle to the vehicles the
/// reference's own reader finds.
#[test]
fn the_engine_agrees_with_the_reference_on_archive_puzzles() {
    let test = "the_engine_agrees_with_the_reference_on_archive_puzzles";
    let Some(dir) = real_levels(test, "rushhour") else {
        return;
    };
    let files: Vec<_> = files_under(&dir.join("olieslagers_2024"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(files.len(), 70);
    for (k, path) in files.iter().enumerate() {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let named: usize = stem.rsplit('_').next().unwrap().parse().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        let (board, start) = reference::from_archive_json(&value).unwrap();
        assert_eq!(board, reference::open_board(6, 6));
        // levelscope's reader finds the same vehicles, the same primary.
        let level = read_archive_json(&value).unwrap_or_else(|e| panic!("{stem}: {e}"));
        let mut read: Vec<(Car, bool)> = level
            .vehicles
            .iter()
            .map(|v| {
                let horizontal = v.orientation == Orientation::Horizontal;
                ((v.x, v.y, v.length, horizontal), v.primary)
            })
            .collect();
        let mut want: Vec<(Car, bool)> = start
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i == 0))
            .collect();
        read.sort_unstable();
        want.sort_unstable();
        assert_eq!(read, want, "{stem}");
        if k % 7 != 0 {
            continue;
        }
        let case = hand_case(6, 6, start);
        let figures = reference::reference(&case.board, &case.start);
        assert_eq!(figures.shortest_moves, Some(named - 1), "{stem}");
        if let Err(e) = check(&case) {
            panic!("{stem}: {e}");
        }
    }
}

//! The two forms of Prism's rules agree: on every reachable position of
//! many random levels with enemies, every move played by the trace
//! ([`Rules::turn`]) and by the solver's packed step ([`PrismPuzzle`]) ends
//! the same way and in the same position. And the engine's graph has
//! exactly the positions the trace reaches.

use std::collections::{HashMap, VecDeque};

use levelscope::engine::{Job, Outcome, PackedState, Puzzle};
use levelscope::kinds::prism::rules::Mover;
use levelscope::kinds::prism::{
    analyze, Axis, Cell, Colour, Dir, Enemy, Level, PlayState, PrismPuzzle, Rules, StateLayout,
    TurnEnd,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random valid level of up to 7x7 with up to 4 enemies.
fn random_level(rng: &mut StdRng) -> Level {
    loop {
        let (w, h) = (rng.random_range(2..=7), rng.random_range(2..=7));
        let mut level = Level::new(w, h);
        level.background = Colour(rng.random_range(0..8));
        for y in 0..h {
            for x in 0..w {
                let cell = match rng.random_range(0..10) {
                    0..=4 => Cell::Empty,
                    5..=7 => Cell::Block(Colour(rng.random_range(1..8))),
                    _ => Cell::Switch(Colour::PRIMARIES[rng.random_range(0..3)]),
                };
                level.set_cell(x, y, cell);
            }
        }
        let random_cell = |rng: &mut StdRng| (rng.random_range(0..w), rng.random_range(0..h));
        level.start = random_cell(rng);
        level.exit = random_cell(rng);
        level.set_cell(level.start.0, level.start.1, Cell::Empty);
        level.set_cell(level.exit.0, level.exit.1, Cell::Empty);
        for _ in 0..rng.random_range(0..=4) {
            let (x, y) = random_cell(rng);
            let axis = if rng.random_bool(0.5) {
                Axis::Horizontal
            } else {
                Axis::Vertical
            };
            level.set_cell(x, y, Cell::Empty);
            level.enemies.push(Enemy { x, y, axis });
        }
        if level.is_valid() {
            return level;
        }
    }
}

/// Checks both forms on every move of every position the trace reaches
/// (up to `limit` positions); returns the positions reached and whether
/// that was all of them.
fn check_agreement<S: PackedState>(level: &Level, limit: usize) -> (usize, bool) {
    let rules = Rules::compile(level).expect("a valid level");
    let layout = StateLayout::of(&rules).expect("a small level fits");
    let puzzle = PrismPuzzle::<S>::new(&rules, &layout);
    let pack = |state: &PlayState| -> S {
        let (player, background, movers) = rules.compact(state).expect("a position of the level");
        layout.pack(player, background, &movers)
    };
    let unpack = |s: &S| -> PlayState {
        let mut movers = vec![Mover::default(); level.enemies.len()];
        let (player, background) = layout.unpack(&rules, s, &mut movers);
        rules.play_state(player, background, &movers)
    };
    let start = rules.start_state();
    assert_eq!(puzzle.start(), pack(&start));
    assert_eq!(unpack(&puzzle.start()), start);
    let mut seen: HashMap<PlayState, ()> = HashMap::new();
    let mut queue = VecDeque::from([start.clone()]);
    seen.insert(start, ());
    let mut complete = true;
    while let Some(state) = queue.pop_front() {
        let packed = pack(&state);
        assert_eq!(unpack(&packed), state, "{level:?}");
        if puzzle.is_won(&packed) {
            continue;
        }
        let mut all = vec![Outcome::NoMove; 4];
        puzzle.step_all(&packed, &mut all);
        for dir in Dir::ALL {
            let trace = rules.turn(&state, dir);
            let fast = puzzle.step(&packed, dir.index());
            assert_eq!(fast, all[dir.index()], "step and step_all differ");
            match (trace.end, fast) {
                (TurnEnd::NoMove, Outcome::NoMove) => {}
                (TurnEnd::Caught { .. }, Outcome::Loss) => {}
                (TurnEnd::Moved | TurnEnd::Won, Outcome::Next(next)) => {
                    assert_eq!(unpack(&next), trace.after, "{level:?} {state:?} {dir:?}");
                    assert_eq!(
                        puzzle.is_won(&next),
                        trace.end == TurnEnd::Won,
                        "{level:?} {state:?} {dir:?}"
                    );
                    if !seen.contains_key(&trace.after) {
                        if seen.len() >= limit {
                            complete = false;
                            continue;
                        }
                        seen.insert(trace.after.clone(), ());
                        queue.push_back(trace.after);
                    }
                }
                (end, fast) => panic!(
                    "the trace ends {end:?} but the solver says {fast:?}: {level:?} {state:?} {dir:?}"
                ),
            }
        }
    }
    (seen.len(), complete)
}

#[test]
fn the_trace_and_the_solver_agree_on_random_levels() {
    let mut rng = StdRng::seed_from_u64(2016);
    let mut moves_checked = 0usize;
    let mut with_enemies = 0;
    for _ in 0..400 {
        let level = random_level(&mut rng);
        with_enemies += !level.enemies.is_empty() as usize;
        let (reached, complete) = check_agreement::<u64>(&level, 4000);
        moves_checked += reached * 4;
        if complete {
            // The engine reaches exactly the positions the trace reaches.
            let analysis = analyze(&level, &Job::default()).expect("analyses");
            assert_eq!(analysis.summary.states as usize, reached, "{level:?}");
            for id in 0..analysis.graph.len() as u32 {
                let state = analysis.state(id);
                assert_eq!(analysis.find(&state), Some(id));
            }
        }
    }
    assert!(with_enemies > 250, "most random levels have enemies");
    assert!(moves_checked > 100_000, "{moves_checked} moves checked");
}

#[test]
fn the_agreement_holds_in_every_word() {
    let mut rng = StdRng::seed_from_u64(2017);
    for _ in 0..40 {
        let level = random_level(&mut rng);
        check_agreement::<u128>(&level, 1000);
        check_agreement::<[u64; 4]>(&level, 1000);
    }
}

#[test]
fn a_level_too_big_for_256_bits_is_refused_by_analyze() {
    let mut level = Level::new(1000, 40);
    level.exit = (999, 0);
    level.enemies = (1..30)
        .map(|y| Enemy {
            x: 5,
            y,
            axis: Axis::Horizontal,
        })
        .collect();
    let err = analyze(&level, &Job::default()).unwrap_err().to_string();
    assert!(
        err.starts_with("the level is too big for the solver: a state needs"),
        "{err}"
    );
}

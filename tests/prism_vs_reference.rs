//! Prism's engine analysis against the plain reference in
//! `tests/prism_reference`, on random small levels with enemies: both reach
//! the same states, and on every state they agree on the label, the
//! distance to a win and where each move leads (a state, no move, or a
//! death); and they agree on the counts.
//!
//! How the two count: a state is a position of the game, won states
//! included (they are terminal), with the living enemies as a set (two
//! enemies that patrol one line and swap places make no new position; the
//! generator often puts two enemies on one line); a move that gets the player caught leads
//! to no state: the engine records it as a loss edge, the reference as
//! [`Edge::Caught`], and both count it once per state and move.

use crate::prism_reference as reference;

use std::collections::HashMap;

use levelscope::engine::{Job, Label, Route, LOSS_EDGE, NO_EDGE};
use levelscope::kinds::prism::{
    analyze, write_2016, Analysis, Axis, Cell, Colour, Enemy, EnemyState, Level, PlayState,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use reference::{Edge, Reference, State, Verdict};

/// A level whose `Debug` is its 2016 file, so a failing case prints as one.
#[derive(Clone)]
struct TestLevel(Level);

impl std::fmt::Debug for TestLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match write_2016(&self.0) {
            Ok(text) => write!(f, "\n{text}"),
            Err(_) => write!(f, "{:?}", self.0),
        }
    }
}

/// A random cell: mostly floor, many blocks of any colour, some switches.
fn cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        4 => Just(Cell::Empty),
        3 => (1u8..8).prop_map(|c| Cell::Block(Colour(c))),
        2 => prop::sample::select(Colour::PRIMARIES.to_vec()).prop_map(Cell::Switch),
    ]
}

/// Random valid levels of 2x2 to 6x6 with 0 to 3 enemies and a random
/// starting background. The start, the exit and the enemies' cells are
/// made floor; an enemy drawn on the start, the exit or another enemy is
/// left out.
fn levels() -> impl Strategy<Value = TestLevel> {
    (2usize..=6, 2usize..=6)
        .prop_flat_map(|(w, h)| {
            let n = w * h;
            (
                Just((w, h)),
                prop::collection::vec(cell(), n),
                0..n,
                0..n - 1,
                prop::collection::vec((0..n, any::<bool>()), 0..=3),
                0u8..8,
                prop::option::weighted(0.6, 0usize..6),
            )
        })
        .prop_map(
            |((w, h), cells, start, exit, mut enemies, background, twin)| {
                let mut level = Level::new(w, h);
                for (i, c) in cells.into_iter().enumerate() {
                    level.set_cell(i % w, i / w, c);
                }
                // The exit is any cell but the start.
                let exit = if exit >= start { exit + 1 } else { exit };
                level.start = (start % w, start / w);
                level.exit = (exit % w, exit / w);
                level.background = Colour(background);
                for (x, y) in [level.start, level.exit] {
                    level.set_cell(x, y, Cell::Empty);
                }
                // Often a second enemy on the first one's line: the same row
                // for an `h` enemy, the same column for a `v` one.
                if let (Some(along), Some(&(at, horizontal))) = (twin, enemies.first()) {
                    let (x, y) = (at % w, at / w);
                    let other = if horizontal {
                        y * w + along % w
                    } else {
                        (along % h) * w + x
                    };
                    enemies.push((other, horizontal));
                }
                for (at, horizontal) in enemies {
                    let (x, y) = (at % w, at / w);
                    if (x, y) == level.start
                        || (x, y) == level.exit
                        || level.enemy_at(x, y).is_some()
                    {
                        continue;
                    }
                    level.set_cell(x, y, Cell::Empty);
                    let axis = if horizontal {
                        Axis::Horizontal
                    } else {
                        Axis::Vertical
                    };
                    level.enemies.push(Enemy { x, y, axis });
                }
                assert!(level.is_valid(), "{:?}", level.problems());
                TestLevel(level)
            },
        )
}

/// A position as a set: the player, the background and the living enemies
/// (cell, axis, going forward), sorted; where and in which order the
/// enemies stood in the level no longer matters.
type Position = ((usize, usize), u8, Vec<(usize, usize, bool, bool)>);

/// The set form of an engine position.
fn engine_position(state: &PlayState) -> Position {
    let mut enemies: Vec<(usize, usize, bool, bool)> = state
        .enemies
        .iter()
        .filter(|e| e.alive)
        .map(|e| (e.x, e.y, e.axis == Axis::Horizontal, e.forward))
        .collect();
    enemies.sort();
    (state.player, state.background.0, enemies)
}

/// The set form of a reference state.
fn reference_position(state: &State) -> Position {
    let mut enemies: Vec<(usize, usize, bool, bool)> = state
        .enemies
        .iter()
        .filter(|e| e.alive)
        .map(|e| {
            (
                e.x as usize,
                e.y as usize,
                e.dir.0 != 0,
                e.dir.0 + e.dir.1 > 0,
            )
        })
        .collect();
    enemies.sort();
    (
        (state.player.0 as usize, state.player.1 as usize),
        state.background,
        enemies,
    )
}

/// The crate's position for a reference state: each living reference
/// enemy is given to a level enemy that patrols its line (any one of
/// them: they are interchangeable), the level enemies left over are
/// destroyed.
fn play_state(level: &Level, state: &State) -> PlayState {
    let mut enemies: Vec<Option<EnemyState>> = vec![None; level.enemies.len()];
    for e in state.enemies.iter().filter(|e| e.alive) {
        let horizontal = e.dir.0 != 0;
        let slot = (0..level.enemies.len())
            .find(|&i| {
                let start = &level.enemies[i];
                enemies[i].is_none()
                    && (start.axis == Axis::Horizontal) == horizontal
                    && if horizontal {
                        start.y as i64 == e.y
                    } else {
                        start.x as i64 == e.x
                    }
            })
            .expect("every reference enemy stays on a level enemy's line");
        enemies[slot] = Some(EnemyState {
            x: e.x as usize,
            y: e.y as usize,
            axis: level.enemies[slot].axis,
            forward: e.dir.0 + e.dir.1 > 0,
            alive: true,
        });
    }
    PlayState {
        player: (state.player.0 as usize, state.player.1 as usize),
        background: Colour(state.background),
        enemies: enemies
            .into_iter()
            .zip(&level.enemies)
            .map(|(e, start)| {
                e.unwrap_or(EnemyState {
                    x: start.x,
                    y: start.y,
                    axis: start.axis,
                    forward: true,
                    alive: false,
                })
            })
            .collect(),
    }
}

/// The reference's verdict for an engine label.
fn verdict(label: Label) -> Verdict {
    match label {
        Label::Won => Verdict::Won,
        Label::Preferred | Label::Ok => Verdict::Winnable,
        Label::DeadEnd => Verdict::DeadEnd,
    }
}

/// [`Analysis::find`] scans the graph's states one by one, so it is asked
/// about at most this many states of a level (all of them on most levels);
/// every state is also matched through [`Analysis::state`].
const FIND_AT_MOST: usize = 2000;

/// The engine's id of every reference state, in reference order: every
/// engine state's position is read back with [`Analysis::state`], and
/// [`Analysis::find`] must find the first [`FIND_AT_MOST`] reference
/// states at the same ids.
fn engine_ids(
    analysis: &Analysis,
    level: &Level,
    reference: &Reference,
) -> Result<Vec<u32>, TestCaseError> {
    let by_position: HashMap<Position, u32> = (0..analysis.graph.len() as u32)
        .map(|id| (engine_position(&analysis.state(id)), id))
        .collect();
    prop_assert_eq!(
        by_position.len(),
        analysis.graph.len(),
        "two engine states have one position"
    );
    let mut ids = Vec::with_capacity(reference.states.len());
    for (n, state) in reference.states.iter().enumerate() {
        let Some(&id) = by_position.get(&reference_position(state)) else {
            return Err(TestCaseError::fail(format!(
                "the engine does not reach {state:?}"
            )));
        };
        if n < FIND_AT_MOST {
            let position = play_state(level, state);
            prop_assert_eq!(analysis.find(&position), Some(id), "find {:?}", position);
        }
        ids.push(id);
    }
    Ok(ids)
}

fn check_against_reference(level: &Level) -> Result<(), TestCaseError> {
    let analysis = analyze(level, &Job::default())
        .map_err(|e| TestCaseError::fail(format!("analyze failed: {e}")))?;
    let reference = Reference::new(level);
    let graph = &analysis.graph;

    prop_assert_eq!(graph.len(), reference.states.len(), "state count");
    let ids = engine_ids(&analysis, level, &reference)?;
    prop_assert_eq!(ids[0], 0, "the start is not id 0");

    for (n, state) in reference.states.iter().enumerate() {
        let id = ids[n];
        let at = || format!("{state:?} (engine id {id})");
        prop_assert_eq!(
            verdict(graph.label(id)),
            reference.verdict(n),
            "label of {}",
            at()
        );
        prop_assert_eq!(graph.is_won(id), reference.won[n], "won {}", at());
        prop_assert_eq!(
            graph.distance(Route::Any, id),
            reference.distance[n],
            "distance of {}",
            at()
        );
        if reference.won[n] {
            continue;
        }
        for (mv, edge) in reference.edges[n].iter().enumerate() {
            let expected = match *edge {
                Edge::NoMove => NO_EDGE,
                Edge::Caught => LOSS_EDGE,
                Edge::To(next) => ids[next],
            };
            prop_assert_eq!(
                graph.successor(id, mv),
                expected,
                "move {} from {}",
                mv,
                at()
            );
        }
    }

    let summary = &analysis.summary;
    let won = reference.won.iter().filter(|&&w| w).count() as u64;
    let dead = (0..reference.states.len())
        .filter(|&n| reference.verdict(n) == Verdict::DeadEnd)
        .count() as u64;
    prop_assert_eq!(
        summary.states,
        reference.states.len() as u64,
        "summary.states"
    );
    prop_assert_eq!(summary.won_states, won, "won states");
    prop_assert_eq!(summary.dead_ends, dead, "dead ends");
    prop_assert_eq!(summary.any.shortest, reference.distance[0], "shortest");
    prop_assert_eq!(analysis.deaths, reference.deaths(), "deaths");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every state the reference reaches, the engine reaches and judges the
    /// same way.
    #[test]
    fn engine_agrees_with_the_reference(level in levels()) {
        check_against_reference(&level.0)?;
    }
}

/// The generator makes what the property needs: most levels have enemies,
/// many have two on one line, and enough of them have deaths, dead ends
/// and wins to test something.
#[test]
fn the_random_levels_have_enemies_deaths_dead_ends_and_wins() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut with_enemies, mut with_deaths, mut with_dead_ends, mut winnable) = (0, 0, 0, 0);
    let mut with_twins = 0;
    for _ in 0..200 {
        let level = levels().new_tree(&mut runner).unwrap().current().0;
        let reference = Reference::new(&level);
        with_enemies += !level.enemies.is_empty() as u32;
        with_twins += level.enemies.iter().enumerate().any(|(i, a)| {
            level.enemies[..i].iter().any(|b| {
                a.axis == b.axis
                    && match a.axis {
                        Axis::Horizontal => a.y == b.y,
                        Axis::Vertical => a.x == b.x,
                    }
            })
        }) as u32;
        with_deaths += (reference.deaths() > 0) as u32;
        with_dead_ends +=
            (0..reference.states.len()).any(|n| reference.verdict(n) == Verdict::DeadEnd) as u32;
        winnable += reference.distance[0].is_some() as u32;
    }
    assert!(with_enemies > 120, "{with_enemies} of 200 with enemies");
    assert!(
        with_twins > 40,
        "{with_twins} of 200 with two enemies on one line"
    );
    assert!(with_deaths > 50, "{with_deaths} of 200 with deaths");
    assert!(
        with_dead_ends > 50,
        "{with_dead_ends} of 200 with dead ends"
    );
    assert!(winnable > 50, "{winnable} of 200 winnable");
}

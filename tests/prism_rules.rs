//! The two forms of Prism's rules agree: on every reachable position of
//! many random levels with enemies, every move played by the trace
//! ([`Rules::turn`]) and by the solver's packed step ([`PrismPuzzle`]) ends
//! the same way and in the same position. And the engine's graph has
//! exactly the positions the trace reaches.
//!
//! The hand-worked cases of docs/rules.md, Prism, "A turn, step by step"
//! are unit tests in `src/kinds/prism/rules.rs`; the ones here cover the
//! rest of the enemies' step: they reverse at a closed block as at the
//! board's edge, act on the background the player's step left, never toggle
//! a switch and ignore each other.

use std::collections::{HashMap, VecDeque};

use levelscope::engine::{Job, Outcome, PackedState, Puzzle};
use levelscope::kinds::prism::rules::Mover;
use levelscope::kinds::prism::{
    analyze, read_2016, Axis, Cell, Colour, Dir, Enemy, EnemyStep, Level, PlayState, PrismPuzzle,
    Rules, StateLayout, TurnEnd,
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
fn check_agreement<S: PackedState + std::hash::Hash>(level: &Level, limit: usize) -> (usize, bool) {
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
    // Unpacking gives the position back; enemies that share a line may
    // come back in another order (they are one position), so positions
    // are compared in their packed form.
    assert_eq!(pack(&unpack(&puzzle.start())), puzzle.start());
    // Positions are told apart by their packed form: enemies that share a
    // line and swap places make no new position.
    let mut seen: HashMap<S, ()> = HashMap::new();
    seen.insert(pack(&start), ());
    let mut queue = VecDeque::from([start]);
    let mut complete = true;
    while let Some(state) = queue.pop_front() {
        let packed = pack(&state);
        assert_eq!(pack(&unpack(&packed)), packed, "{level:?}");
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
                    assert_eq!(next, pack(&trace.after), "{level:?} {state:?} {dir:?}");
                    assert_eq!(
                        puzzle.is_won(&next),
                        trace.end == TurnEnd::Won,
                        "{level:?} {state:?} {dir:?}"
                    );
                    if !seen.contains_key(&next) {
                        if seen.len() >= limit {
                            complete = false;
                            continue;
                        }
                        seen.insert(next, ());
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

/// The rules of a level written as rows of 2016 tokens (`s` start, `f`
/// exit, `h` and `v` enemies) on starting background `background`.
fn rules_of(rows: &[&str], background: u8) -> Rules {
    let text = format!(
        "{} {}\n{background}\n{}\n",
        rows[0].split_whitespace().count(),
        rows.len(),
        rows.join("\n")
    );
    Rules::compile(&read_2016(&text).expect("a 2016 level")).expect("a valid level")
}

#[test]
fn an_enemy_reverses_at_a_closed_block_as_at_the_edge() {
    // The h enemy at (1,1) faces the red block at (2,1), closed on black:
    // it turns round and steps left.
    let r = rules_of(&["s e e e", "e h r f"], 0);
    let t = r.turn(&r.start_state(), Dir::Right);
    assert_eq!(t.end, TurnEnd::Moved);
    assert_eq!(
        t.enemy_steps,
        vec![EnemyStep {
            index: 0,
            from: (1, 1),
            to: (0, 1),
            reversed: true,
            destroyed: false
        }]
    );
    assert!(!t.after.enemies[0].forward);
}

#[test]
fn enemies_act_on_the_background_the_players_step_left() {
    // The player enters the red switch: the background turns red, and in
    // the same turn the h enemy walks on into the red block at (2,1).
    let r = rules_of(&["s R e", "e h r", "e e f"], 0);
    let t = r.turn(&r.start_state(), Dir::Right);
    assert_eq!(t.after.background, Colour::RED);
    assert_eq!(
        t.enemy_steps,
        vec![EnemyStep {
            index: 0,
            from: (1, 1),
            to: (2, 1),
            reversed: false,
            destroyed: false
        }]
    );
}

#[test]
fn an_enemy_never_toggles_a_switch() {
    // The h enemy steps onto the red switch at (2,1); the background stays
    // black.
    let r = rules_of(&["s e e e", "e h R f"], 0);
    let t = r.turn(&r.start_state(), Dir::Right);
    assert_eq!(t.enemy_steps[0].to, (2, 1));
    assert_eq!(t.toggled, None);
    assert_eq!(t.after.background, Colour::BLACK);
}

#[test]
fn enemies_ignore_each_other() {
    // Both h enemies step onto (1,1): the left one going right, the right
    // one turning round at the edge. Neither stops the other.
    let r = rules_of(&["s e e", "h e h", "e e f"], 0);
    let t = r.turn(&r.start_state(), Dir::Right);
    assert_eq!(t.end, TurnEnd::Moved);
    let cells: Vec<_> = t
        .after
        .enemies
        .iter()
        .map(|e| (e.x, e.y, e.alive))
        .collect();
    assert_eq!(cells, vec![(1, 1, true), (1, 1, true)]);
    // Next turn they pass through each other.
    let t = r.turn(&t.after, Dir::Right);
    let cells: Vec<_> = t.after.enemies.iter().map(|e| (e.x, e.y)).collect();
    assert_eq!(cells, vec![(2, 1), (0, 1)]);
}

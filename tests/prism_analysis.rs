//! Prism's analysis, rating and canonical form: hand-worked verdicts and
//! difficulties, states found again by their position, and symmetric,
//! recoloured fixtures that analyse alike and share their key.

use std::fs;
use std::path::Path;

use crate::common::real_levels::real_levels;
use levelscope::engine::{Job, Label};
use levelscope::kinds::prism::canonical::transformed;
use levelscope::kinds::prism::{
    analyze, canonical_key, read_2016, symmetries, ChannelMap, DifficultyParts, Level,
};

fn level(text: &str) -> Level {
    read_2016(text).expect("a valid 2016 text")
}

/// One of the project's own Prism levels in `tests/fixtures/prism/`.
fn own(name: &str) -> Level {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/prism")
        .join(name);
    level(&fs::read_to_string(path).expect("the project's own fixture"))
}

/// A real level of the original game, `NAME` in the folder of real Prism
/// levels that `real_levels` found.
fn real(dir: &Path, name: &str) -> Level {
    let path = dir.join(name);
    level(&fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
fn a_switch_that_shuts_the_way_back_is_the_shallowest_dead_end() {
    // On red, the red block at (1,0) is open; the green switch at (2,0)
    // turns the background yellow, closing that block and the blue one
    // below: stuck. The exit is reached the other way round in 4 moves.
    let a = analyze(&level("3 3\n1\ns r G\ne e b\ne e f\n"), &Job::default()).unwrap();
    assert_eq!(a.summary.any.shortest, Some(4));
    assert_eq!(
        a.rating.verdict,
        "dead end reachable in 2 moves: R R — the green switch at (2, 0) turns the background \
         from red to yellow and closes the red block at (1, 0) behind the player; the exit can \
         no longer be reached; solvable in 4 moves"
    );
    assert_eq!(
        a.rating.parts,
        DifficultyParts {
            length: 4,
            switches_pressed: 0,
            background_changes: 0,
            enemies_dodged: 0
        }
    );
    assert_eq!(a.rating.difficulty, Some(4));
    assert_eq!(a.deaths, 0);
}

#[test]
fn the_difficulty_counts_switches_backgrounds_and_dodges() {
    // R onto the green switch (green), R onto the green block, R to the
    // exit. The v enemy bounces in column 3: it ends next to the player.
    let a = analyze(&level("4 2\n0\ns G g f\nb b b v\n"), &Job::default()).unwrap();
    assert_eq!(a.summary.any.solution.as_deref(), Some("R R R"));
    assert_eq!(
        a.rating.parts,
        DifficultyParts {
            length: 3,
            switches_pressed: 1,
            background_changes: 1,
            enemies_dodged: 1
        }
    );
    assert_eq!(a.rating.difficulty, Some(3 + 3 + 2 + 4));
    assert!(
        a.rating
            .verdict
            .starts_with("solvable in 3 moves, no dead end"),
        "{}",
        a.rating.verdict
    );
}

#[test]
fn unsolvable_levels_say_why() {
    let walled = analyze(&level("2 2\n0\ns b\nb f\n"), &Job::default()).unwrap();
    assert_eq!(
        walled.rating.verdict,
        "no solution: the exit cannot be reached from the start"
    );
    assert_eq!(walled.rating.difficulty, None);
    assert_eq!(walled.summary.states, 1);
    // The only way runs under a v enemy that bounces up onto the player.
    let guarded = analyze(&level("3 2\n0\ns e f\nb v b\n"), &Job::default()).unwrap();
    assert_eq!(guarded.deaths, 1);
    assert_eq!(
        guarded.rating.verdict,
        "no solution: every way to the exit meets an enemy — on the shortest, after 1 move, \
         the v enemy that starts at (1, 1) steps onto the player at (1, 0)"
    );
}

#[test]
fn two_enemies_that_swap_places_are_one_position() {
    // Two v enemies in column 0, both going down; the red blocks of column
    // 1 keep them from the player, who walks down column 2 to the exit.
    // The pair's phases: the start {(0,0)v, (0,2)v}; {(0,1)v, (0,1)^};
    // {(0,2)v, (0,0)^}; then {(0,1)^, (0,1)v} and {(0,0)^, (0,2)v}, the same
    // two sets again, so the enemies cycle between 2 positions after the
    // first (enemy by enemy, with each enemy told apart, they would cycle
    // through 4). The player's row has the parity of the moves made, so
    // the states are: row 0 at the start and after 2, 4, ... moves (2
    // phases: the start's and the third), row 1 after 1, 3, ... moves (1
    // phase), and the exit reached from row 1 (1): 4 states, not 7.
    let a = analyze(&level("3 3\n0\nv r s\ne r e\nv r f\n"), &Job::default()).unwrap();
    assert_eq!(a.summary.states, 4);
    assert_eq!(a.summary.won_states, 1);
    assert_eq!(a.summary.dead_ends, 0);
    assert_eq!(a.deaths, 0);
    assert_eq!(a.summary.any.shortest, Some(2));
    // Every state is found again from its position, whichever enemy is
    // where.
    for id in 0..a.graph.len() as u32 {
        let mut state = a.state(id);
        assert_eq!(a.find(&state), Some(id));
        state.enemies.reverse();
        assert_eq!(a.find(&state), Some(id), "the enemies swapped");
    }
}

#[test]
fn deaths_and_enemy_dead_ends_name_the_enemy() {
    // Our own 8x8 level: a v enemy in column 0 makes the only dead end.
    let ours = analyze(&own("enemy-8x8.txt"), &Job::default()).unwrap();
    assert!(ours.deaths > 0);
    assert!(
        ours.rating.verdict.starts_with(
            "dead end reachable in 11 moves: D D D R R L L D D R L — from there every way to the \
             exit meets an enemy; on the shortest, 1 move on, the player walks into the v enemy \
             that starts at (0, 3)"
        ),
        "{}",
        ours.rating.verdict
    );
    // And on levels of the original game, when they are there.
    let Some(dir) = real_levels(
        "prism_analysis::deaths_and_enemy_dead_ends_name_the_enemy",
        "prism",
    ) else {
        return;
    };
    let tutorial = analyze(&real(&dir, "Tutorial/level5.txt"), &Job::default()).unwrap();
    assert!(tutorial.deaths > 0);
    assert!(
        tutorial
            .rating
            .verdict
            .starts_with("solvable in 6 moves, no dead end; the player can be caught in 3 moves: R D D — the player walks into the h enemy"),
        "{}",
        tutorial.rating.verdict
    );
    let hard = analyze(&real(&dir, "6x6_hard/level10.txt"), &Job::default()).unwrap();
    // Two v enemies in column 0 of 6x6_hard/level20: 470 live states when
    // the enemies are a set (668 when they were told apart), no dead end,
    // 18 deadly moves.
    let twins = analyze(&real(&dir, "6x6_hard/level20.txt"), &Job::default()).unwrap();
    assert_eq!(twins.summary.states - twins.summary.won_states, 470);
    assert_eq!(twins.summary.dead_ends, 0);
    assert_eq!(twins.deaths, 18);
    assert!(
        hard.rating.verdict.starts_with(
            "dead end reachable in 1 move: R — from there every way to the exit meets an enemy; on the shortest"
        ),
        "{}",
        hard.rating.verdict
    );
}

/// Every seventh state of `level`'s graph decodes, is found again by its
/// position, and is where the path to it leads; so is a dead end.
fn assert_states_decode_and_are_found_again(name: &str, level: &Level) {
    let a = analyze(level, &Job::default()).unwrap();
    assert_eq!(a.state(0), a.rules.start_state());
    for id in (0..a.graph.len() as u32).step_by(7) {
        let state = a.state(id);
        assert_eq!(a.find(&state), Some(id), "{name}");
        // The path to a state, replayed by the trace, ends on it.
        let path = a.graph.path_to(id);
        let mut at = a.rules.start_state();
        for &mv in &path {
            let dir = levelscope::kinds::prism::Dir::from_index(mv as usize).unwrap();
            at = a.rules.turn(&at, dir).after;
        }
        assert_eq!(at, state, "{name}: {}", a.move_string(&path));
    }
    let dead = (0..a.graph.len() as u32)
        .find(|&id| a.graph.label(id) == Label::DeadEnd)
        .unwrap_or_else(|| panic!("{name} has a dead end"));
    assert!(a.find(&a.state(dead)).is_some());
    assert_eq!(a.move_string(&[0, 1, 2, 3]), "U R D L");
}

#[test]
fn states_decode_and_are_found_again() {
    assert_states_decode_and_are_found_again("enemy-8x8", &own("enemy-8x8.txt"));
    if let Some(dir) = real_levels("prism_analysis::states_decode_and_are_found_again", "prism") {
        assert_states_decode_and_are_found_again(
            "6x6_hard/level1",
            &real(&dir, "6x6_hard/level1.txt"),
        );
    }
}

#[test]
fn symmetric_recoloured_fixtures_share_their_key_and_their_analysis() {
    let names = [
        "Tutorial/level3.txt",
        "Tutorial/level6.txt",
        "5x5_medium/level117.txt",
        "6x6_hard/level1.txt",
        "6x6_hard/level102.txt",
        "7x7_medium/level10.txt",
        "8x8_hard/level5.txt",
    ];
    let mut levels: Vec<(String, Level)> =
        ["enemy-8x8.txt", "switch-trap-5x5.txt", "patrol-5x5.txt"]
            .iter()
            .map(|name| (name.to_string(), own(name)))
            .collect();
    if let Some(dir) = real_levels(
        "prism_analysis::symmetric_recoloured_fixtures_share_their_key_and_their_analysis",
        "prism",
    ) {
        levels.extend(
            names
                .iter()
                .map(|name| (name.to_string(), real(&dir, name))),
        );
    }
    for (name, original) in levels {
        let key = canonical_key(&original);
        let base = analyze(&original, &Job::default()).unwrap().summary;
        let mut variants = 0;
        for sym in symmetries(original.width(), original.height()) {
            for channels in ChannelMap::all() {
                let Some(variant) = transformed(&original, sym, channels) else {
                    continue;
                };
                variants += 1;
                assert_eq!(canonical_key(&variant), key, "{name} {}", sym.name());
                let summary = analyze(&variant, &Job::default()).unwrap().summary;
                assert_eq!(
                    summary.any.shortest,
                    base.any.shortest,
                    "{name} {}",
                    sym.name()
                );
                assert_eq!(summary.dead_ends > 0, base.dead_ends > 0, "{name}");
                assert_eq!(summary.first_trap_depth, base.first_trap_depth, "{name}");
            }
        }
        assert!(variants >= 6, "{name}: {variants} variants");
    }
}

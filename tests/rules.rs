//! Hand-worked cases of the Skiddy rules (docs/rules.md, Skiddy), each checked
//! move by move on the board.

use levelscope::engine::{Job, Route, NO_EDGE};
use levelscope::kinds::skiddy::format::parse_ascii;
use levelscope::kinds::skiddy::rules::NoTrace;
use levelscope::kinds::skiddy::{analyze, Dir, Rules};

fn rules(text: &str) -> Rules {
    Rules::compile(&parse_ascii(text).expect("test level parses")).expect("test level compiles")
}

/// Plays `moves` from the start; returns the board after them and whether
/// each move changed anything.
fn play(rules: &Rules, moves: &str) -> (String, Vec<bool>) {
    let mut positions = rules.start_positions().to_vec();
    let mut changed = Vec::new();
    for ch in moves.chars() {
        let dir = Dir::from_letter(ch).expect("move letter");
        changed.push(rules.apply(&mut positions, dir));
    }
    (rules.render(&positions), changed)
}

fn board(rows: &[&str]) -> String {
    rows.iter().map(|r| format!("{r}\n")).collect()
}

#[test]
fn a_skiddy_pushes_a_crate_one_cell_and_stops() {
    let r = rules("#######\n#R.c..#\n###r###\n");
    let (after, changed) = play(&r, "R");
    assert_eq!(changed, [true]);
    assert_eq!(after, board(&["#######", "#..Rc.#", "###r###"]));
}

#[test]
fn a_crate_against_a_wall_does_not_move_and_stops_the_skiddy() {
    let r = rules("######\n#R.c.#\n###r##\n");
    let (after, _) = play(&r, "RR");
    // First push: the crate moves to the last cell; second: it cannot move.
    assert_eq!(after, board(&["######", "#..Rc#", "###r##"]));
    let (_, changed) = play(&r, "RR");
    assert_eq!(changed, [true, false], "the second R changes nothing");
}

#[test]
fn ice_never_pushes_a_crate() {
    let r = rules("#######\n#i.c..#\n#R....#\n###r###\n");
    let (after, _) = play(&r, "R");
    assert_eq!(after, board(&["#######", "#.ic..#", "#....R#", "###r###"]));
}

#[test]
fn a_pit_stops_a_slider_until_the_next_move() {
    let r = rules("#######\n#R.o..#\n###r###\n");
    let (after, _) = play(&r, "R");
    assert_eq!(after, board(&["#######", "#..R..#", "###r###"]));
    // On the next move it leaves the pit and slides on.
    let (after, _) = play(&r, "RR");
    assert_eq!(after, board(&["#######", "#..o.R#", "###r###"]));
}

#[test]
fn a_crate_pushed_into_a_pit_sits_there_and_can_be_pushed_out() {
    let r = rules("########\n#R.co..#\n####r###\n");
    let (after, _) = play(&r, "R");
    assert_eq!(after, board(&["########", "#..Rc..#", "####r###"]));
    let (after, _) = play(&r, "RR");
    // The Skiddy pushes the crate out of the pit and stops on the pit.
    assert_eq!(after, board(&["########", "#...Rc.#", "####r###"]));
}

#[test]
fn group_exit_takes_a_follower_that_slid_into_the_vacated_cell() {
    let r = rules("#####\nrRR.#\n#####\n");
    let trace = r.trace(r.start_positions(), Dir::Left);
    let ticks: Vec<u32> = trace.exits.iter().map(|e| e.tick).collect();
    assert_eq!(ticks, [1, 1], "both leave in tick 1");
    let (after, _) = play(&r, "L");
    assert_eq!(after, board(&["#####", "r...#", "#####"]));
}

#[test]
fn group_exit_takes_a_skiddy_that_slid_next_to_the_vacated_cell() {
    // Down: the left Skiddy exits in tick 1 from (1,2); in the same tick the
    // right one slides from (2,1) to (2,2), next to it, and leaves too.
    let r = rules("#####\n#.R.#\n#R..#\n#r###\n");
    let trace = r.trace(r.start_positions(), Dir::Down);
    assert_eq!(trace.exits.len(), 2);
    assert!(trace.exits.iter().all(|e| e.tick == 1));
    let (after, _) = play(&r, "D");
    assert_eq!(after, board(&["#####", "#...#", "#...#", "#r###"]));
}

#[test]
fn group_exit_ignores_other_colours() {
    let r = rules("######\nrRB..#\n####b#\n");
    let (after, _) = play(&r, "L");
    // The red one leaves; the blue follower stops at the red goal.
    assert_eq!(after, board(&["######", "rB...#", "####b#"]));
}

#[test]
fn a_stopped_slider_stays_stopped_when_its_way_clears() {
    // Up: the ice stops at once under the red Skiddy at (2,1); in tick 3 the
    // other red Skiddy exits from (1,1) and takes (2,1) with it; the ice
    // stays where it stopped.
    let r = rules("#r###\n#.R.#\n#.i.#\n#R..#\n#####\n");
    let trace = r.trace(r.start_positions(), Dir::Up);
    let ticks: Vec<u32> = trace.exits.iter().map(|e| e.tick).collect();
    assert_eq!(ticks, [3, 3]);
    let (after, _) = play(&r, "U");
    assert_eq!(after, board(&["#r###", "#...#", "#.i.#", "#...#", "#####"]));
}

#[test]
fn sliders_move_as_a_train() {
    let r = rules("########\n#BBi...#\n######b#\n");
    let trace = r.trace(r.start_positions(), Dir::Right);
    assert_eq!(trace.frames.len(), 4, "start frame and three ticks");
    let (after, _) = play(&r, "R");
    assert_eq!(after, board(&["########", "#...BBi#", "######b#"]));
}

#[test]
fn a_move_that_changes_nothing_is_not_a_move() {
    let r = rules("#####\n#R.R#\n#...#\n#r###\n");
    let (after, changed) = play(&r, "U");
    assert_eq!(changed, [false]);
    assert_eq!(after, board(&["#####", "#R.R#", "#...#", "#r###"]));
    let analysis = analyze(
        &parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap(),
        &Job::default(),
    )
    .unwrap();
    let up = analysis.with_explored(|v| v.successor(0, Dir::Up.index()));
    assert_eq!(up, NO_EDGE, "Up is not an edge of the state graph");
}

#[test]
fn level_1_1() {
    let text = "#####\n#R.R#\n#...#\n#r###\n";
    let r = rules(text);
    // Down clears one Skiddy at once.
    let (after, _) = play(&r, "D");
    assert_eq!(after, board(&["#####", "#...#", "#..R#", "#r###"]));
    // Left glues them together; Down then clears both.
    let (after, _) = play(&r, "L");
    assert_eq!(after, board(&["#####", "#RR.#", "#...#", "#r###"]));
    let (after, _) = play(&r, "LD");
    assert_eq!(after, board(&["#####", "#...#", "#...#", "#r###"]));

    let a = analyze(&parse_ascii(text).unwrap(), &Job::default()).unwrap();
    let s = &a.summary;
    assert_eq!(a.rating.stars, 3, "{}", a.rating.reason);
    assert_eq!(s.any.shortest, Some(2));
    assert_eq!(s.preferred.shortest, Some(2), "the Perfect: Left then Down");
    assert_eq!(s.preferred.solution.as_deref(), Some("L D"));
    assert_eq!(s.mixed.shortest, Some(3), "no medal: 3 moves in all");
    assert_eq!(s.mixed.solution.as_deref(), Some("D L D"));
    assert_eq!(s.dead_ends, 0);
    assert_eq!(s.traps, 0);
    assert_eq!(a.with_explored(|v| v.distance(Route::Mixed, 0)), Some(3));
}

/// One prepared position serves all four moves: each move puts the prepared
/// grid back, so every move, in any order and repeated, gives what the tick
/// model gives from scratch. Checked along a walk through a level with every
/// tile, crates and exits included.
#[test]
fn a_prepared_position_serves_every_move_in_any_order() {
    let rules = rules(&std::fs::read_to_string("assets/four-colours.txt").unwrap());
    let mut positions = rules.start_positions().to_vec();
    let walk = "URDLLDRUULDRRDLU";
    for step in walk.chars() {
        let mut prepared = rules.prepare(&positions);
        for dirs in [Dir::ALL, [Dir::Left, Dir::Down, Dir::Right, Dir::Up]] {
            for _ in 0..2 {
                for dir in dirs {
                    let mut by_ticks = positions.clone();
                    let moved = rules.simulate(&mut by_ticks, dir, &mut NoTrace);
                    let mut prepared_out = vec![0; positions.len()];
                    assert_eq!(
                        rules.apply_prepared(&mut prepared, dir, &mut prepared_out),
                        moved,
                        "{dir:?} after {step}"
                    );
                    assert_eq!(prepared_out, by_ticks, "{dir:?} after {step}");
                }
            }
        }
        let dir = Dir::from_letter(step).expect("move letter");
        rules.apply(&mut positions, dir);
    }
}

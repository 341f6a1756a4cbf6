//! A Skiddy that has left the largest board (16x16, whose last cell index,
//! 255, is the "gone" marker's value) is gone everywhere: in the rules, in
//! the solver's positions and on `play`'s printed board.

use std::process::Command;

use levelscope::engine::Job;
use levelscope::kinds::skiddy::rules::GONE;
use levelscope::kinds::skiddy::{self, parse_level, Dir, Rules};

/// 16x16: a red Skiddy next to a red goal at the bottom right, a blue one
/// (which stays) at the top left.
fn level_text() -> String {
    let mut rows: Vec<String> = Vec::new();
    for y in 0..16 {
        let row: String = (0..16)
            .map(|x| match (x, y) {
                (15, 14) => 'r',
                (0, 1) => 'b',
                (1, 1) => 'B',
                (14, 14) => 'R',
                _ if x == 0 || y == 0 || x == 15 || y == 15 => '#',
                _ => '.',
            })
            .collect();
        rows.push(row);
    }
    rows.join("\n") + "\n"
}

#[test]
fn the_rules_send_it_out_and_do_not_draw_it() {
    let rules = Rules::compile(&parse_level(&level_text()).unwrap()).unwrap();
    assert_eq!((rules.width(), rules.height()), (16, 16));
    let mut positions = rules.start_positions().to_vec();
    let trace = rules.trace(&positions, Dir::Right);
    assert!(trace.changed);
    assert_eq!(trace.exits.len(), 1);
    assert_eq!(trace.exits[0].from, (14, 14));
    assert!(rules.apply(&mut positions, Dir::Right));
    // Pieces in canonical order: red (piece 0), then blue.
    assert_eq!(positions[0], GONE);
    assert_eq!(trace.last()[0], None);
    let board = rules.render(&positions);
    let rows: Vec<&str> = board.lines().collect();
    assert_eq!(rows.len(), 16);
    assert_eq!(rows[15], "################", "the corner shows no Skiddy");
    assert_eq!(rows[14], "#..............r");
    assert!(!board.contains('R'), "{board}");
    assert!(board.contains('B'), "{board}");
}

#[test]
fn the_solver_has_it_gone() {
    let level = parse_level(&level_text()).unwrap();
    let analysis = skiddy::analyze(&level, &Job::default()).unwrap();
    let rules = &analysis.rules;
    let mut after = rules.start_positions().to_vec();
    rules.apply(&mut after, Dir::Right);
    let id = analysis
        .find(&after)
        .expect("the state after R is reachable");
    let positions = analysis.positions(id);
    assert_eq!(positions, after);
    assert_eq!(positions[0], GONE);
    assert!(!rules.render(&positions).contains('R'));
    assert!(!rules.is_won(&positions), "the blue Skiddy is still there");
    // Every state with the red Skiddy gone draws without it.
    for id in 0..analysis.state_count() as u32 {
        let positions = analysis.positions(id);
        if positions[0] == GONE {
            assert!(!rules.render(&positions).contains('R'), "state {id}");
        }
    }
    assert!(analysis.summary.any.shortest.is_some(), "the level is won");
}

#[test]
fn play_prints_the_board_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("corner.txt");
    std::fs::write(&path, level_text()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(["play", path.to_str().unwrap(), "R"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let after = text.split_once("move 1: R").expect("the move is played").1;
    assert!(after.contains("left: red Skiddy from (14, 14)"), "{text}");
    let board: Vec<&str> = after.lines().skip(1).take(16).collect();
    assert_eq!(board[15], "################", "{text}");
    assert!(board.iter().all(|row| !row.contains('R')), "{text}");
    assert!(text.contains("not won: 1 Skiddy left"), "{text}");
}

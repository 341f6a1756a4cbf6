//! Big levels whose states need 128 or 256 bits analyse exactly like the
//! small level inside them.

use levelscope::engine::Job;
use levelscope::kinds::skiddy::format::parse_ascii;
use levelscope::kinds::skiddy::{analyze, state_bits, Cell, Floor, Level, Piece, Rules};

/// Level 1-1 upside down (its goal on the top border) in the top-left
/// corner of a 16x16 board of blocks, plus
/// `crates` crates, each walled into a pocket of its own so that it can
/// never move.
fn one_one_with_pocketed_crates(crates: usize) -> Level {
    let small = parse_ascii("#r###\n#...#\n#R.R#\n#####\n").unwrap();
    let mut level = Level::new(16, 16);
    for y in 0..16 {
        for x in 0..16 {
            level.set_cell(x, y, Cell::floor(Floor::Block));
        }
    }
    for y in 0..4 {
        for x in 0..5 {
            level.set_cell(x, y, small.cell(x, y));
        }
    }
    let mut placed = 0;
    'rows: for y in (6..15).step_by(2) {
        for x in (1..15).step_by(2) {
            if placed == crates {
                break 'rows;
            }
            level.set_cell(x, y, Cell::piece(Piece::Crate));
            placed += 1;
        }
    }
    assert_eq!(placed, crates, "room for the crates");
    level
}

fn check(crates: usize, min_bits: u32, max_bits: u32) {
    let level = one_one_with_pocketed_crates(crates);
    let bits = state_bits(&Rules::compile(&level).unwrap());
    assert!((min_bits..=max_bits).contains(&bits), "{bits} bits");
    let a = analyze(&level, &Job::default()).unwrap();
    let s = &a.summary;
    assert_eq!(s.states, 10);
    assert_eq!(a.rating.stars, 3);
    assert_eq!(s.preferred.solution.as_deref(), Some("L U"));
    assert_eq!(s.mixed.solution.as_deref(), Some("U L U"));
    assert_eq!(s.depth_histogram, vec![[1, 0], [3, 0], [4, 0], [2, 0]]);
}

#[test]
fn states_in_128_bits() {
    // 2 Skiddies and 10 crates, 8 bits each.
    check(10, 65, 128);
}

#[test]
fn states_in_256_bits() {
    // 2 Skiddies and 20 crates, 8 bits each.
    check(20, 129, 256);
}

#[test]
fn too_many_pieces_is_a_clear_error() {
    let level = one_one_with_pocketed_crates(31);
    let e = analyze(&level, &Job::default()).unwrap_err().to_string();
    assert!(e.contains("33 movable pieces; at most 32"), "{e}");
}

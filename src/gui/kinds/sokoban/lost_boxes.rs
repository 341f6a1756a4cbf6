//! The boxes a deadlock has lost, as the traps view and Play ring them.

use crate::kinds::sokoban::{Position, Rules};

/// The boxes of a dead end to ring, and the note that says what they
/// are: the boxes standing on dead cells (a box there can never reach a
/// goal, even alone on the board: exact, from the dead cells); when no
/// box stands on one, the boxes are locked against each other, and the
/// box just pushed (`pushed`) is ringed instead.
pub fn ringed_boxes(
    rules: &Rules,
    dead_end: &Position,
    pushed: Option<u32>,
) -> (Vec<(usize, usize)>, String) {
    let lost: Vec<(usize, usize)> = dead_end
        .boxes
        .iter()
        .filter(|&&b| rules.is_dead(b))
        .map(|&b| rules.xy(b))
        .collect();
    if !lost.is_empty() {
        let note = format!(
            "Ringed: {} on a dead cell, where no push can ever bring {} to a goal.",
            crate::words::counted(lost.len() as u64, "box", "boxes"),
            if lost.len() == 1 { "it" } else { "them" }
        );
        return (lost, note);
    }
    let ringed: Vec<(usize, usize)> = pushed.map(|b| rules.xy(b)).into_iter().collect();
    (
        ringed,
        "Ringed: the box just pushed. No box stands on a dead cell: the boxes block each other, so that no order of pushes brings every one to a goal.".to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::read_xsb_one;

    #[test]
    fn a_box_on_a_dead_cell_is_ringed_else_the_box_pushed() {
        let rules =
            Rules::compile(&read_xsb_one("######\n#    #\n#@$ .#\n######\n").unwrap()).unwrap();
        // The box pushed up into the corner-free top row: (2, 1) is dead
        // (the top wall has no goal along it).
        let cell = |x, y| rules.cell_at(x, y).unwrap();
        let dead_end = Position {
            player: cell(2, 2),
            boxes: vec![cell(2, 1)],
        };
        let (ringed, note) = ringed_boxes(&rules, &dead_end, Some(cell(2, 1)));
        assert_eq!(ringed, [(2, 1)]);
        assert!(note.contains("dead cell"), "{note}");
        let alive = Position {
            player: cell(1, 2),
            boxes: vec![cell(3, 2)],
        };
        let (ringed, note) = ringed_boxes(&rules, &alive, Some(cell(3, 2)));
        assert_eq!(ringed, [(3, 2)]);
        assert!(note.contains("block each other"), "{note}");
    }
}

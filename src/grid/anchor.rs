//! Where the old board sits on the new one when a board is resized, as
//! Tiled and LDtk do it: the nine anchors and the shift they give every
//! old cell.

/// Where the old board sits on the new one: which edge or corner keeps its
/// place while cells are added or taken away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Anchor {
    /// 0 left, 1 centre, 2 right.
    pub column: u8,
    /// 0 top, 1 middle, 2 bottom.
    pub row: u8,
}

impl Anchor {
    /// The top-left corner: cells are added or cut at the right and bottom.
    pub const TOP_LEFT: Anchor = Anchor { column: 0, row: 0 };

    /// The nine anchors in reading order.
    pub const ALL: [Anchor; 9] = [
        Anchor { column: 0, row: 0 },
        Anchor { column: 1, row: 0 },
        Anchor { column: 2, row: 0 },
        Anchor { column: 0, row: 1 },
        Anchor { column: 1, row: 1 },
        Anchor { column: 2, row: 1 },
        Anchor { column: 0, row: 2 },
        Anchor { column: 1, row: 2 },
        Anchor { column: 2, row: 2 },
    ];

    /// Its name: "top left", "centre", "bottom".
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 9] = [
            "top left",
            "top",
            "top right",
            "left",
            "centre",
            "right",
            "bottom left",
            "bottom",
            "bottom right",
        ];
        NAMES[usize::from(self.row.min(2)) * 3 + usize::from(self.column.min(2))]
    }

    /// Where old cell `(0, 0)` lands on the new board (y down): the shift
    /// of every old cell.
    pub fn offset(self, old: (usize, usize), new: (usize, usize)) -> (isize, isize) {
        (
            shift(self.column, old.0, new.0),
            shift(self.row, old.1, new.1),
        )
    }
}

/// The shift along one axis for anchor place `place` (0 start, 1 centre,
/// 2 end) when a side of `old` cells becomes `new`.
fn shift(place: u8, old: usize, new: usize) -> isize {
    let grow = new as isize - old as isize;
    match place {
        0 => 0,
        1 => grow.div_euclid(2),
        _ => grow,
    }
}

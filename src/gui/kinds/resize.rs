//! The resize preview: the plan of resizing a level with an anchor (the
//! rules are the kinds', reached through [`Level::resized`]) and the
//! picture of its result, kept while nothing changes.

pub use crate::kinds::resize::{Anchor, ResizeError, ResizePlan};
use crate::kinds::Level;

/// The plan to resize `level` to `width x height` with the old board at
/// `anchor`, or why the kind refuses that size, in words.
pub fn plan(
    level: &Level,
    width: usize,
    height: usize,
    anchor: Anchor,
) -> Result<ResizePlan, ResizeError> {
    level.resized(width, height, anchor)
}

/// A resize plan and the picture of its result, kept while the level, the
/// size and the anchor stay the same: the panel shows it every frame, and
/// working it out copies the whole board.
#[derive(Clone, Debug)]
pub struct Preview {
    level: Level,
    size: (usize, usize),
    anchor: Anchor,
    /// The plan, or why the kind refuses the size.
    pub plan: Result<ResizePlan, ResizeError>,
    /// The resized board as shapes, when there is a plan.
    pub picture: Option<crate::picture::Picture>,
}

impl Preview {
    /// The preview of resizing `level` to `width x height` at `anchor`:
    /// `kept` when it is of the same, else worked out anew (and kept).
    pub fn of<'a>(
        kept: &'a mut Option<Preview>,
        level: &Level,
        width: usize,
        height: usize,
        anchor: Anchor,
    ) -> &'a Preview {
        let fresh = kept
            .as_ref()
            .is_some_and(|p| p.size == (width, height) && p.anchor == anchor && p.level == *level);
        if !fresh {
            let plan = plan(level, width, height, anchor);
            let picture = plan.as_ref().ok().map(|p| p.level.picture());
            *kept = Some(Preview {
                level: level.clone(),
                size: (width, height),
                anchor,
                plan,
                picture,
            });
        }
        kept.as_ref().expect("just made")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::parse_level;

    /// 8x7: a red Skiddy at (6, 2), a blue goal on the right border at
    /// (7, 3), a red goal on the top border at (5, 0).
    fn eight_by_seven() -> Level {
        Level::Skiddy(
            parse_level("#####r##\n#......#\n#..B..R#\n#......b\n#......#\n#......#\n########\n")
                .unwrap(),
        )
    }

    #[test]
    fn a_preview_is_kept_until_the_level_size_or_anchor_changes() {
        let mut kept = None;
        let level = eight_by_seven();
        let first = Preview::of(&mut kept, &level, 6, 7, Anchor::TOP_LEFT)
            .plan
            .clone();
        assert_eq!(first, plan(&level, 6, 7, Anchor::TOP_LEFT));
        let right = Anchor { column: 2, row: 0 };
        let moved = Preview::of(&mut kept, &level, 6, 7, right).plan.clone();
        assert_eq!(moved, plan(&level, 6, 7, right));
        assert_ne!(moved, first);
        assert!(Preview::of(&mut kept, &level, 6, 7, right)
            .picture
            .is_some());
    }

    #[test]
    fn a_refused_size_reads_in_words() {
        let level = Level::Prism(
            crate::kinds::prism::read_2016("4 3\n0\ns r e f\ne G h e\ne e e e\n").unwrap(),
        );
        let why = plan(&level, 3, 3, Anchor { column: 2, row: 0 }).unwrap_err();
        assert!(
            matches!(why, ResizeError::CutOff { what: "start", .. }),
            "{why:?}"
        );
        assert_eq!(
            why.to_string(),
            "a 3x3 board would cut off the start at (0, 0): move it first"
        );
    }
}

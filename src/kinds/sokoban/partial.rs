//! The partial figures of a Sokoban level whose exploration of positions
//! a budget stopped: the engine's exact labels of the explored positions
//! ([`crate::engine::partial`]) turned into step-level counts the way the
//! whole analysis derives them ([`super::steps`]):
//!
//! - `states`: the step states of the explored positions: the player's
//!   area of every position that is not won, and of a won position the
//!   cells that the explored pushes into it leave the player on (and the
//!   start's cell when the start is won);
//! - `dead_ends`: the sum of the areas of the known dead positions (every
//!   step state of a dead position is dead, and no dead position is won);
//! - `traps`: the pushes from a known winnable position that is not won
//!   into a known dead one (a push is one move from one step state, and
//!   every step state of a winnable position is winnable).
//!
//! Each is exact within the explored part and a lower bound of the
//! level's own figure. The derivation holds one scratch for flooding areas
//! and the list of arrivals in won positions, within the job's memory
//! budget.

use crate::engine::{Job, PackedState, Partial, PartialAnalysis, Stopped, LOSS_EDGE, NO_EDGE};
use crate::kinds::{KnownFigures, PartialFigures, PartialKnowledge, PartialStop};

use super::positions::{PositionLayout, Scratch};
use super::rules::Rules;

/// What the explored positions are called in the partial figures.
pub const EXPLORED_UNIT: &str = "positions";

/// The partial figures of a stopped exploration: `explored` positions
/// numbered, stopped by `stopped`, with the engine's labelling of them
/// (or why there is none).
pub fn partial_figures<S: PackedState>(
    rules: &Rules,
    layout: &PositionLayout,
    stopped: PartialStop,
    explored: u64,
    partial: &Partial<S>,
    job: &Job,
) -> PartialFigures {
    let knowledge = match partial {
        Partial::Known(part) => match step_counts(rules, layout, part, job) {
            Ok(known) => PartialKnowledge::Known(known),
            Err(stop) => PartialKnowledge::Unavailable(format!(
                "partial figures are unavailable: counting their step states would need more \
                 memory than the budget leaves ({stop})"
            )),
        },
        Partial::Unavailable(why) => PartialKnowledge::Unavailable(why.to_string()),
    };
    PartialFigures {
        stopped,
        explored: match partial {
            Partial::Known(part) => part.cut().len() as u64,
            Partial::Unavailable(_) => explored,
        },
        explored_unit: EXPLORED_UNIT,
        knowledge,
    }
}

/// The step-level counts of the labelled positions (see the module).
pub fn step_counts<S: PackedState>(
    rules: &Rules,
    layout: &PositionLayout,
    part: &PartialAnalysis<S>,
    job: &Job,
) -> Result<KnownFigures, Stopped> {
    let cut = part.cut();
    let n = cut.len() as u32;
    let held = cut.heap_bytes() + part.labelling_bytes();
    let mut scratch = Scratch::new(rules.cell_count());
    let mut boxes = Vec::new();
    // (won position, the cell a push into it leaves the player on)
    let mut arrivals: Vec<(u32, u32)> = Vec::new();
    if n > 0 && cut.is_won(0) {
        arrivals.push((0, rules.start().player));
    }
    let mut figures = KnownFigures {
        traps: part.counts().traps,
        ..KnownFigures::default()
    };
    for p in 0..n {
        let player = layout.unpack(&cut.state(p).to_words(), &mut boxes);
        if !cut.is_won(p) {
            let mut area = 0u64;
            scratch.flood(rules, &boxes, player, |_| area += 1);
            figures.states += area;
            if part.is_known_dead(p) {
                figures.dead_ends += area;
            }
        }
        for (mv, t) in cut
            .successors(p)
            .unwrap_or(crate::engine::Row::empty())
            .iter()
            .enumerate()
        {
            if t != NO_EDGE && t != LOSS_EDGE && cut.is_won(t) {
                if arrivals.len() == arrivals.capacity() {
                    let now = held + (arrivals.capacity() * 8) as u64;
                    let more = arrivals.len().max(64);
                    job.reserve(&mut arrivals, more, now, u64::from(n))?;
                }
                arrivals.push((t, boxes[mv / 4]));
            }
        }
    }
    arrivals.sort_unstable();
    arrivals.dedup();
    figures.states += arrivals.len() as u64;
    Ok(figures)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analyze_or_partial;
    use crate::kinds::sokoban::{analyze, read_xsb_one, PositionPuzzle};

    /// Three boxes in a room: hundreds of positions, many of them dead.
    const ROOM: &str = "#######\n#@    #\n# $$$ #\n# ... #\n#     #\n#######\n";

    /// Three boxes, 1,115 positions: from about a third of them on, a
    /// win is explored and pushes from it into known deadlocks are known.
    const THREE_BOXES: &str = "########\n#  .   #\n# $$ @ #\n#.  #  #\n#   $. #\n########\n";

    fn labelled(text: &str, job: &Job) -> (Rules, PositionLayout, Partial<u64>) {
        let rules = Rules::compile(&read_xsb_one(text).unwrap()).unwrap();
        let layout = PositionLayout::of(&rules).unwrap();
        let puzzle = PositionPuzzle::<u64>::new(&rules, layout);
        let partial = analyze_or_partial(&puzzle, job).unwrap_err().partial;
        (rules, layout, partial)
    }

    #[test]
    fn every_figure_grows_with_the_budget_and_stays_within_the_whole_levels() {
        for text in [ROOM, THREE_BOXES] {
            let analysis = analyze(&read_xsb_one(text).unwrap(), &Job::default()).unwrap();
            let (whole, positions) = (analysis.report, analysis.positions.len() as u64);
            let mut last = KnownFigures::default();
            for budget in (1..positions).step_by((positions / 12).max(1) as usize) {
                let job = Job::new(budget);
                let (rules, layout, partial) = labelled(text, &job);
                let Partial::Known(part) = &partial else {
                    panic!("the state budget labels the explored part");
                };
                let known = step_counts(&rules, &layout, part, &job).unwrap();
                assert!(known.states <= whole.states, "{budget}: {known:?}");
                assert!(known.dead_ends <= whole.dead_ends, "{budget}: {known:?}");
                assert!(known.traps <= whole.traps, "{budget}: {known:?}");
                assert!(known.dead_ends <= known.states);
                // A bigger budget explores a superset: nothing known is
                // lost.
                assert!(known.states >= last.states, "{budget}: {known:?}");
                assert!(known.dead_ends >= last.dead_ends, "{budget}: {known:?}");
                assert!(known.traps >= last.traps, "{budget}: {known:?}");
                last = known;
            }
            assert!(last.dead_ends > 0, "{text}: {last:?}");
            if text == THREE_BOXES {
                assert!(last.traps > 0, "{text}: {last:?}");
            }
        }
    }

    #[test]
    fn a_budget_that_fits_every_position_gives_the_whole_levels_figures() {
        let levels = [
            ROOM,
            "#####\n#@  #\n# $.#\n#  ##\n####\n",
            "#####\n#@* #\n#####\n",
            "#####\n#.@$#\n#####\n",
            "########\n#  .   #\n# $$ @ #\n#.  #  #\n#   $. #\n########\n",
        ];
        for text in levels {
            let level = read_xsb_one(text).unwrap();
            let whole = analyze(&level, &Job::default()).unwrap().report;
            let rules = Rules::compile(&level).unwrap();
            let layout = PositionLayout::of(&rules).unwrap();
            let puzzle = PositionPuzzle::<u64>::new(&rules, layout);
            let graph = crate::engine::explore(&puzzle, &Job::default()).unwrap();
            let part = crate::engine::label_cut(graph.into_cut(), &Job::default()).unwrap();
            let known = step_counts(&rules, &layout, &part, &Job::default()).unwrap();
            assert_eq!(
                (known.states, known.dead_ends, known.traps),
                (whole.states, whole.dead_ends, whole.traps),
                "{text}"
            );
        }
    }

    #[test]
    fn a_memory_stop_says_the_figures_are_unavailable() {
        let job = Job::default().with_max_memory(20_000);
        let (rules, layout, partial) = labelled(ROOM, &job);
        let figures = partial_figures(
            &rules,
            &layout,
            PartialStop::MemoryBudget,
            77,
            &partial,
            &job,
        );
        assert_eq!(figures.explored, 77);
        let PartialKnowledge::Unavailable(why) = figures.knowledge else {
            panic!("a memory stop has no figures: {figures:?}");
        };
        assert!(why.starts_with("partial figures are unavailable"), "{why}");
    }
}

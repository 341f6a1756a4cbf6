//! Sokoban, the warehouse puzzle (docs/rules.md, Sokoban): the player
//! pushes every box onto a goal, one cell at a time, never pulling.
//!
//! [`analyze`] compiles a level, explores its whole state graph with the
//! engine (one player step a move) and reports every deadlock, every push
//! into one, the fewest moves, the fewest pushes and a solution in LURD.

pub mod canonical;
pub mod dead;
pub mod effort;
pub mod figures;
pub mod format;
pub mod level;
pub mod model;
pub mod picture;
pub mod pushes;
pub mod puzzle;
pub mod report;
pub mod resize;
pub mod rules;
pub mod solver;
pub mod text_formats;
pub mod transcript;

use std::fmt;
use std::time::Instant;

use crate::engine::{
    analyze as analyze_puzzle, GraphView, Job, LabelError, PackedState, Route, Stopped,
};

pub use canonical::canonical_key;
pub use dead::{dead_cells, why_dead, DeadReason};
pub use format::{
    from_json_value, looks_like_xsb, read_json, read_xsb, read_xsb_collection, read_xsb_one,
    to_json_value, unsayable_name, write_json, write_xsb, write_xsb_collection, FormatError,
    UnreadBoard, XsbCollection,
};
pub use level::{Cell, Level, MAX_SIDE, MIN_SIDE};
pub use model::Model;
pub use puzzle::{SokobanPuzzle, StateLayout};
pub use report::{Report, TrapStory};
pub use rules::{CompileError, Dir, MoveKind, PlayState, Position, Rules};

/// Why a Sokoban level could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalyzeError {
    /// The level is invalid, or its states do not fit 256 bits.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// The search stopped at a budget; what was known by then follows the
    /// reason ("too big: stopped after N states …; no solution within
    /// them").
    #[error("{stop}; {}", if *.won_seen { "a solution lies within them, but the fewest moves and pushes are not known" } else { "no solution within them" })]
    TooBig {
        /// The budget that stopped it.
        stop: Stopped,
        /// Whether a won state was met before it stopped.
        won_seen: bool,
    },
    /// The search stopped otherwise (cancelled, too deep).
    #[error(transparent)]
    Search(#[from] LabelError),
}

/// A Sokoban level's complete analysis: the compiled rules, the explored
/// and labelled state graph, the engine's summary and the report.
pub struct Analysis {
    /// The compiled level.
    pub rules: Rules,
    /// The state graph with distances and traps, whatever its word.
    pub graph: Box<dyn GraphView>,
    /// The engine's numbers.
    pub summary: crate::engine::Summary,
    /// The Sokoban report: moves, pushes, deadlocks, traps, the verdict.
    pub report: Report,
    layout: StateLayout,
}

impl fmt::Debug for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Analysis")
            .field("level", &self.rules.level().name)
            .field("states", &self.graph.len())
            .field("report", &self.report)
            .finish_non_exhaustive()
    }
}

/// Analyses a level: compile, explore, label, count pushes and sum up. A
/// level whose state needs more than 256 bits is refused with
/// [`CompileError::StateTooBig`]; one that exceeds the job's budget stops
/// with [`AnalyzeError::TooBig`].
pub fn analyze(level: &Level, job: &Job) -> Result<Analysis, AnalyzeError> {
    let started = Instant::now();
    let rules = Rules::compile(level)?;
    let layout = StateLayout::of(&rules)?;
    let (graph, summary) = match layout.bits() {
        0..=64 => explore::<u64>(&rules, layout, job)?,
        65..=128 => explore::<u128>(&rules, layout, job)?,
        _ => explore::<[u64; 4]>(&rules, layout, job)?,
    };
    let min_pushes = pushes::min_pushes(graph.as_ref(), &layout, job).map_err(LabelError::from)?;
    let mut analysis = Analysis {
        rules,
        graph,
        summary,
        report: Report::default(),
        layout,
    };
    analysis.report = report::report(&analysis, min_pushes, started);
    Ok(analysis)
}

/// Explores the level in word `S`.
fn explore<S: PackedState>(
    rules: &Rules,
    layout: StateLayout,
    job: &Job,
) -> Result<(Box<dyn GraphView>, crate::engine::Summary), AnalyzeError> {
    let puzzle = SokobanPuzzle::<S>::new(rules, layout);
    match analyze_puzzle(&puzzle, job) {
        Ok(explored) => {
            let summary = explored.summary(&puzzle);
            Ok((Box::new(explored), summary))
        }
        Err(LabelError::Stopped(
            stop @ (Stopped::TooBig { .. } | Stopped::TooMuchMemory { .. }),
        )) => Err(AnalyzeError::TooBig {
            stop,
            won_seen: puzzle.won_seen(),
        }),
        Err(e) => Err(AnalyzeError::Search(e)),
    }
}

impl Analysis {
    /// The position of state `id`.
    pub fn state(&self, id: u32) -> Position {
        self.layout.unpack(&self.graph.word(id))
    }

    /// The id of a position, if it is reachable.
    pub fn find(&self, pos: &Position) -> Option<u32> {
        self.graph.find_word(self.layout.pack(pos))
    }

    /// Whether the move from state `from` to state `to` is a push.
    pub fn is_push(&self, from: u32, to: u32) -> bool {
        !self
            .layout
            .same_boxes(&self.graph.word(from), &self.graph.word(to))
    }

    /// Moves from the start in LURD: lower case for a step, upper case
    /// for a push. A move that leads nowhere ends the string.
    pub fn lurd(&self, moves: &[u8]) -> String {
        let states = self.graph.states_along(moves);
        states
            .windows(2)
            .zip(moves)
            .map(|(pair, &mv)| {
                let dir = Dir::from_index(mv as usize).unwrap_or(Dir::Up);
                dir.lurd(self.is_push(pair[0], pair[1]))
            })
            .collect()
    }

    /// Up to `limit` shortest-first solutions, in LURD.
    pub fn solutions(&self, limit: usize) -> (Vec<String>, bool) {
        let list = self.graph.solutions(Route::Any, limit);
        let strings = list.solutions.iter().map(|m| self.lurd(m)).collect();
        (strings, list.truncated)
    }

    /// The number of bits one state takes.
    pub fn state_bits(&self) -> u32 {
        self.layout.bits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysed(text: &str) -> Analysis {
        analyze(&read_xsb_one(text).unwrap(), &Job::default()).unwrap()
    }

    #[test]
    fn a_push_into_a_corner_is_a_trap() {
        // #####
        // #@  #
        // # $.#
        // #  ##
        // ####
        // Pushing the box down (from above) or left puts it where no goal
        // can be reached.
        let a = analysed("#####\n#@  #\n# $.#\n#  ##\n####\n");
        let r = &a.report;
        assert!(r.solvable);
        assert!(r.traps > 0);
        assert!(r.dead_ends > 0);
        // Every trap is a push.
        for t in a.graph.traps() {
            assert!(a.is_push(t.from, t.to));
        }
        let story = r.first_trap.as_ref().unwrap();
        assert!(r.verdict.contains("lead into a deadlock"), "{}", r.verdict);
        assert!(r.verdict.contains(&format!("after {} moves", story.depth)));
    }

    #[test]
    fn lurd_marks_pushes_upper_case() {
        // The player walks round the box and pushes it up onto the goal.
        let a = analysed("#####\n# . #\n# $ #\n#@  #\n#####\n");
        let r = &a.report;
        assert_eq!(r.solution.as_deref(), Some("rU"));
        assert_eq!(r.shortest_moves, Some(2));
        assert_eq!(r.min_pushes, Some(1));
        assert!(
            r.verdict
                .starts_with("solvable in 2 moves and 1 push; 3 pushes lead into a deadlock"),
            "{}",
            r.verdict
        );
        let b = analysed("#####\n#@$.#\n#####\n");
        assert_eq!(
            b.report.verdict,
            "solvable in 1 move and 1 push; no push leads into a deadlock"
        );
    }

    #[test]
    fn fewest_pushes_can_take_more_moves_than_fewest_moves() {
        // Level by hand: the shortest solution pushes the box down three
        // times round the corner path; the fewest pushes walk round.
        //   ########
        //   #.   @#
        //   # ## $#
        //   #     #
        //   ########
        let a = analysed("########\n#.   @ #\n# ## $ #\n#      #\n########\n");
        let r = &a.report;
        let (moves, pushes) = (r.shortest_moves.unwrap(), r.min_pushes.unwrap());
        let shortest = r.solution.as_deref().unwrap();
        let pushes_of_shortest = shortest.chars().filter(char::is_ascii_uppercase).count();
        assert_eq!(shortest.len() as u32, moves);
        assert!(pushes <= pushes_of_shortest as u32);
    }

    #[test]
    fn a_start_with_every_box_placed_is_won_at_once() {
        let a = analysed("#####\n#@* #\n#####\n");
        assert_eq!(a.report.states, 1);
        assert_eq!(a.report.shortest_moves, Some(0));
        assert_eq!(a.report.min_pushes, Some(0));
        assert!(a.report.verdict.starts_with("solved at the start"));
    }

    #[test]
    fn an_unsolvable_level_says_so() {
        let b = analysed("#####\n#.@$#\n#####\n");
        assert!(!b.report.solvable);
        assert_eq!(b.report.dead_ends, b.report.states);
        assert!(
            b.report.verdict.starts_with("unsolvable"),
            "{}",
            b.report.verdict
        );
    }

    #[test]
    fn a_budget_stops_with_what_is_known() {
        let level = read_xsb_one("#######\n#@    #\n# $$$ #\n# ... #\n#     #\n#######\n").unwrap();
        let e = analyze(&level, &Job::new(50)).unwrap_err();
        let text = e.to_string();
        assert!(
            text.starts_with("too big: stopped after 50 states"),
            "{text}"
        );
        assert!(text.ends_with("no solution within them"), "{text}");
    }
}

//! Sokoban, the warehouse puzzle (docs/rules.md, Sokoban): the player
//! pushes every box onto a goal, one cell at a time, never pulling.
//!
//! [`analyze`] compiles a level, explores the graph of its positions (the
//! box set plus the area the player reaches without pushing; one push a
//! move) with the engine, derives every step-level figure from it exactly
//! ([`steps`]) and reports every deadlock, every push into one, the fewest
//! moves, the fewest pushes and a solution in LURD. [`analyze_by_steps`]
//! is the step-level analysis (one player step a move) it must agree with.

pub mod canonical;
pub mod dead;
pub mod effort;
pub mod figures;
pub mod format;
pub mod level;
pub mod model;
pub mod partial;
pub mod picture;
pub mod positions;
pub mod pushes;
pub mod puzzle;
pub mod report;
pub mod resize;
pub mod rules;
pub mod solver;
pub mod steps;
pub mod text_formats;
pub mod transcript;

use std::fmt;
use std::time::Instant;

use crate::engine::{
    analyze as analyze_puzzle, analyze_or_partial, GraphView, Job, Label, LabelError, PackedState,
    Route, Stopped, Unfinished,
};
use crate::kinds::{PartialFigures, PartialKnowledge, PartialStop};

pub use canonical::canonical_key;
pub use dead::{dead_cells, why_dead, DeadReason};
pub use format::{
    from_json_value, looks_like_xsb, read_json, read_xsb, read_xsb_collection, read_xsb_one,
    to_json_value, unsayable_name, write_json, write_xsb, write_xsb_collection, FormatError,
    UnreadBoard, XsbCollection,
};
pub use level::{Cell, Level, MAX_SIDE, MIN_SIDE};
pub use model::Model;
pub use positions::{BoxEncoding, PositionLayout, PositionPuzzle};
pub use puzzle::{SokobanPuzzle, StateLayout};
pub use report::{Report, TrapStory};
pub use rules::{CompileError, Dir, MoveKind, PlayState, Position, Rules};
pub use steps::{FirstTrap, StepFigures};

/// Why a Sokoban level could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalyzeError {
    /// The level is invalid, or its positions do not fit 256 bits.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// The search stopped at a budget; what was known by then follows the
    /// reason ("too big: stopped after N positions …; no solution within
    /// them").
    #[error("{}; {}", positions_words(&stop.to_string()), if *.won_seen { "a solution lies within them, but the fewest moves and pushes are not known" } else { "no solution within them" })]
    TooBig {
        /// The budget that stopped it.
        stop: Stopped,
        /// Whether a won state was met before it stopped.
        won_seen: bool,
        /// What is known of the explored positions, labelled partial
        /// ([`partial`]); `None` where nothing was explored to label.
        partial: Option<Box<PartialFigures>>,
    },
    /// A time limit ([`Job::time_out`]) stopped the exploration; the words
    /// are the cancel's.
    #[error("{stop}")]
    TimedOut {
        /// The cancel it stopped with.
        stop: Stopped,
        /// What is known of the explored positions, labelled partial.
        partial: Option<Box<PartialFigures>>,
    },
    /// The search stopped otherwise (cancelled, too deep).
    #[error(transparent)]
    Search(#[from] LabelError),
}

impl From<AnalyzeError> for crate::kinds::AnalysisError {
    fn from(error: AnalyzeError) -> crate::kinds::AnalysisError {
        let words = error.to_string();
        match error {
            AnalyzeError::Compile(_) => crate::kinds::AnalysisError::Invalid(words),
            AnalyzeError::TooBig { stop, partial, .. } => crate::kinds::AnalysisError::TooBig {
                stop,
                words,
                partial,
            },
            AnalyzeError::TimedOut { partial, .. } => {
                crate::kinds::AnalysisError::TimedOut { words, partial }
            }
            AnalyzeError::Search(e) => e.into(),
        }
    }
}

/// A stop's words with its count named for what the search numbers: the
/// positions (box set and player area), not the step states.
fn positions_words(stop: &str) -> String {
    stop.replacen(" states", " positions (box set + player area)", 1)
}

/// The most step states for which [`analyze`] also keeps the step-level
/// graph (one move a step), for the views that show one state a step:
/// the state graph, the traps' way in, the solutions replayed move by
/// move. The figures never need it.
pub const STEP_GRAPH_LIMIT: u64 = 250_000;

/// A Sokoban level's complete analysis: the compiled rules, the explored
/// and labelled graph of positions, the step-level figures derived from
/// it, and (for small levels) the step-level graph.
pub struct Analysis {
    /// The compiled level.
    pub rules: Rules,
    /// The graph of positions (box set + player area): one push a move
    /// (move `4k + d` pushes the `k`-th box, in cell order, way `d`),
    /// labelled with the fewest pushes to a win.
    pub positions: Box<dyn GraphView>,
    /// The step-level graph (one player step a move), kept when the level
    /// has at most [`STEP_GRAPH_LIMIT`] step states and they fit the
    /// engine's word.
    pub graph: Option<Box<dyn GraphView>>,
    /// The engine's numbers, step level.
    pub summary: crate::engine::Summary,
    /// The Sokoban report: moves, pushes, deadlocks, traps, the verdict.
    pub report: Report,
    position_layout: PositionLayout,
    step_layout: Option<StateLayout>,
    /// The bytes the explored positions hold (states, pushes both ways,
    /// distances, traps).
    pub position_bytes: u64,
    /// The most bytes the derivation of the step-level figures held on
    /// top of them (a cell and two distances a step state, the pushes).
    pub step_layer_bytes: u64,
}

impl fmt::Debug for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Analysis")
            .field("level", &self.rules.level().name)
            .field("positions", &self.positions.len())
            .field("report", &self.report)
            .finish_non_exhaustive()
    }
}

/// Analyses a level: compile, explore its positions, derive the step-level
/// figures, and sum up. The job's class budget ([`Job::max_classes`])
/// counts positions. A level
/// that exceeds a budget stops with [`AnalyzeError::TooBig`].
pub fn analyze(level: &Level, job: &Job) -> Result<Analysis, AnalyzeError> {
    let started = Instant::now();
    let job = &job.counting_classes();
    let rules = Rules::compile(level)?;
    let position_layout = PositionLayout::of(&rules)?;
    let positions = match position_layout.bits() {
        0..=64 => explore_positions::<u64>(&rules, position_layout, job)?,
        65..=128 => explore_positions::<u128>(&rules, position_layout, job)?,
        _ => explore_positions::<[u64; 4]>(&rules, position_layout, job)?,
    };
    let (positions, held) = positions;
    let figures = steps::step_figures(&rules, &position_layout, positions.as_ref(), held, job)
        .map_err(|stop| match stop {
            Stopped::TooBig { .. } | Stopped::TooMuchMemory { .. } => {
                // Every position was explored and labelled; the step
                // states did not fit.
                let partial = matches!(stop, Stopped::TooMuchMemory { .. }).then(|| {
                    Box::new(PartialFigures {
                        stopped: PartialStop::MemoryBudget,
                        explored: positions.len() as u64,
                        explored_unit: partial::EXPLORED_UNIT,
                        knowledge: PartialKnowledge::Unavailable(
                            "partial figures are unavailable: the memory budget stopped the \
                             derivation of the step-level figures"
                                .into(),
                        ),
                    })
                });
                AnalyzeError::TooBig {
                    stop,
                    won_seen: (0..positions.len() as u32).any(|p| positions.is_won(p)),
                    partial,
                }
            }
            Stopped::Cancelled { .. } if job.is_timed_out() => AnalyzeError::TimedOut {
                stop,
                partial: None,
            },
            Stopped::Cancelled { .. } => AnalyzeError::Search(LabelError::Stopped(stop)),
        })?;
    let min_pushes = positions.distance(Route::Any, 0);
    let step_layout = StateLayout::of(&rules).ok();
    let graph = match step_layout {
        Some(layout) if figures.states <= STEP_GRAPH_LIMIT.min(job.max_states()) => {
            explore_steps(&rules, layout, job)
                .ok()
                .map(|(graph, _)| graph)
        }
        _ => None,
    };
    let summary = summary_of(&figures);
    let report = report::report(&rules, &figures, min_pushes, started);
    Ok(Analysis {
        rules,
        positions,
        graph,
        summary,
        report,
        position_layout,
        step_layout,
        position_bytes: held,
        step_layer_bytes: figures.layer_bytes,
    })
}

/// The engine's summary of the step-level figures.
fn summary_of(f: &StepFigures) -> crate::engine::Summary {
    let any = crate::engine::analysis::RouteSummary {
        shortest: f.shortest_moves,
        solution: f.solution_moves.clone(),
        count: f.shortest_count,
    };
    crate::engine::Summary {
        states: f.states,
        won_states: f.won_states,
        dead_ends: f.dead_ends,
        traps: f.traps,
        first_trap_depth: f.first_trap.map(|t| t.depth),
        depth_histogram: f.depth_histogram.clone(),
        preferred: any.clone(),
        any,
        mixed: Default::default(),
    }
}

/// Explores the level's positions in word `S`. A stop by a budget or a
/// time limit says what is known of the positions explored
/// ([`partial::partial_figures`]).
fn explore_positions<S: PackedState>(
    rules: &Rules,
    layout: PositionLayout,
    job: &Job,
) -> Result<(Box<dyn GraphView>, u64), AnalyzeError> {
    let puzzle = PositionPuzzle::<S>::new(rules, layout);
    match analyze_or_partial(&puzzle, job) {
        Ok(explored) => {
            let bytes = explored.graph.heap_bytes()
                + explored.preds.heap_bytes()
                + explored.dist.heap_bytes()
                + (explored.traps.capacity() * std::mem::size_of::<crate::engine::Trap>()) as u64;
            Ok((Box::new(explored), bytes))
        }
        Err(Unfinished { error, partial }) => {
            let LabelError::Stopped(stop) = error else {
                return Err(AnalyzeError::Search(error));
            };
            let (stopped, explored) = match stop {
                Stopped::TooBig { states, .. } => (PartialStop::StateBudget, states),
                Stopped::TooMuchMemory { states, .. } => (PartialStop::MemoryBudget, states),
                Stopped::Cancelled { states } if job.is_timed_out() => {
                    (PartialStop::TimeLimit, states)
                }
                Stopped::Cancelled { .. } => {
                    return Err(AnalyzeError::Search(LabelError::Stopped(stop)))
                }
            };
            let figures =
                partial::partial_figures(rules, &layout, stopped, explored, &partial, job);
            drop(partial);
            let partial = Some(Box::new(figures));
            Err(match stopped {
                PartialStop::TimeLimit => AnalyzeError::TimedOut { stop, partial },
                PartialStop::StateBudget | PartialStop::MemoryBudget => AnalyzeError::TooBig {
                    stop,
                    won_seen: puzzle.won_seen(),
                    partial,
                },
            })
        }
    }
}

/// Analyses a level the step-level way: the engine explores every step
/// state (one player step a move) and the figures are read off that graph.
/// The reference the position-level [`analyze`] must agree with; refused
/// with [`CompileError::StateTooBig`] when a step state needs more than
/// 256 bits. The job's state budget counts step states.
pub fn analyze_by_steps(level: &Level, job: &Job) -> Result<Report, AnalyzeError> {
    let started = Instant::now();
    let rules = Rules::compile(level)?;
    let layout = StateLayout::of(&rules)?;
    let (graph, summary) = explore_steps(&rules, layout, job)?;
    let min_pushes = pushes::min_pushes(graph.as_ref(), &layout, job).map_err(LabelError::from)?;
    let solution = graph
        .solutions(Route::Any, 1)
        .solutions
        .first()
        .map(|moves| lurd_of(graph.as_ref(), &layout, moves));
    let first_trap = graph.traps().first().map(|t| steps::FirstTrap {
        depth: graph.trap_depth(t) as u32,
        player: layout.player(&graph.word(t.from)),
        dir: Dir::from_index(t.mv as usize).unwrap_or(Dir::Up),
    });
    let figures = StepFigures {
        states: summary.states,
        won_states: summary.won_states,
        dead_ends: summary.dead_ends,
        traps: summary.traps,
        first_trap,
        depth_histogram: summary.depth_histogram.clone(),
        shortest_moves: summary.any.shortest,
        solution,
        solution_moves: summary.any.solution.clone(),
        shortest_count: summary.any.count,
        layer_bytes: 0,
    };
    Ok(report::report(&rules, &figures, min_pushes, started))
}

/// Explores the level's step states in the narrowest word they fit.
fn explore_steps(
    rules: &Rules,
    layout: StateLayout,
    job: &Job,
) -> Result<(Box<dyn GraphView>, crate::engine::Summary), AnalyzeError> {
    match layout.bits() {
        0..=64 => explore_steps_in::<u64>(rules, layout, job),
        65..=128 => explore_steps_in::<u128>(rules, layout, job),
        _ => explore_steps_in::<[u64; 4]>(rules, layout, job),
    }
}

/// Explores the level's step states in word `S`.
fn explore_steps_in<S: PackedState>(
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
            partial: None,
        }),
        Err(e) => Err(AnalyzeError::Search(e)),
    }
}

/// Step-level moves from the start in LURD, read off a step graph.
fn lurd_of(graph: &dyn GraphView, layout: &StateLayout, moves: &[u8]) -> String {
    let states = graph.states_along(moves);
    states
        .windows(2)
        .zip(moves)
        .map(|(pair, &mv)| {
            let dir = Dir::from_index(mv as usize).unwrap_or(Dir::Up);
            dir.lurd(!layout.same_boxes(&graph.word(pair[0]), &graph.word(pair[1])))
        })
        .collect()
}

impl Analysis {
    /// The step-level graph and its layout, when kept.
    fn steps(&self) -> Option<(&dyn GraphView, &StateLayout)> {
        Some((self.graph.as_deref()?, self.step_layout.as_ref()?))
    }

    /// The position of step state `id` of the step-level graph; `None`
    /// when no step graph is kept.
    pub fn state(&self, id: u32) -> Option<Position> {
        let (graph, layout) = self.steps()?;
        Some(layout.unpack(&graph.word(id)))
    }

    /// The id of a position in the step-level graph, if it is kept and
    /// the position reachable.
    pub fn find(&self, pos: &Position) -> Option<u32> {
        let (graph, layout) = self.steps()?;
        graph.find_word(layout.pack(pos))
    }

    /// Whether the step-level move from state `from` to state `to` is a
    /// push (false without a step graph).
    pub fn is_push(&self, from: u32, to: u32) -> bool {
        self.steps()
            .is_some_and(|(graph, layout)| !layout.same_boxes(&graph.word(from), &graph.word(to)))
    }

    /// Moves from the start in LURD: lower case for a step, upper case
    /// for a push. A move that leads nowhere ends the string. Played by
    /// the rules, so no step graph is needed.
    pub fn lurd(&self, moves: &[u8]) -> String {
        let mut game = PlayState::new(self.rules.clone());
        for &mv in moves {
            let Some(dir) = Dir::from_index(mv as usize) else {
                break;
            };
            if game.play(dir).is_none() {
                break;
            }
        }
        game.lurd()
    }

    /// Up to `limit` shortest-first solutions, in LURD, and whether the
    /// list is cut short. Without a step graph, only the solution of the
    /// report is known (and the list is cut short when more were asked).
    pub fn solutions(&self, limit: usize) -> (Vec<String>, bool) {
        match self.graph.as_deref() {
            Some(graph) => {
                let list = graph.solutions(Route::Any, limit);
                let strings = list.solutions.iter().map(|m| self.lurd(m)).collect();
                (strings, list.truncated)
            }
            None => {
                let one: Vec<String> = self.report.solution.iter().take(limit).cloned().collect();
                let cut = limit > one.len() && self.report.solution.is_some();
                (one, cut)
            }
        }
    }

    /// The position of node `id` of the positions graph, its player on
    /// its area's smallest cell.
    pub fn position(&self, id: u32) -> Position {
        let mut boxes = Vec::new();
        let player = self
            .position_layout
            .unpack(&self.positions.word(id), &mut boxes);
        Position { player, boxes }
    }

    /// The node of the positions graph that holds `pos` (any player cell
    /// of its area), if it is reachable.
    pub fn find_position(&self, pos: &Position) -> Option<u32> {
        if pos.player as usize >= self.rules.cell_count() {
            return None;
        }
        let mut scratch = positions::Scratch::new(self.rules.cell_count());
        let least = scratch.area_min(&self.rules, &pos.boxes, pos.player);
        self.positions
            .find_word(self.position_layout.pack(least, &pos.boxes))
    }

    /// The player's moves (step-level move numbers) from the start to
    /// node `id` of the positions graph: the fewest pushes, each after the
    /// shortest walk to it.
    pub fn position_path(&self, id: u32) -> Vec<u8> {
        let mut game = PlayState::new(self.rules.clone());
        let mut moves = Vec::new();
        for mv in self.positions.path_to(id) {
            let dir = Dir::from_index(mv as usize % 4).unwrap_or(Dir::Up);
            let k = mv as usize / 4;
            let here = game.position().clone();
            let Some(&cell) = here.boxes.get(k) else {
                break;
            };
            let behind = self.rules.next(cell, dir.opposite().index());
            let Some(way) = (behind != rules::NONE)
                .then(|| positions::walk(&self.rules, &here.boxes, here.player, behind))
                .flatten()
            else {
                break;
            };
            for step in way.into_iter().chain([dir]) {
                game.play(step);
                moves.push(step.index() as u8);
            }
        }
        moves
    }

    /// What the analysis says of a position in play: its label and its
    /// distance to the nearest win, in moves (`true`) from the step graph
    /// when it is kept, else in pushes (`false`) from the positions.
    pub fn standing(&self, pos: &Position) -> Option<(Label, Option<u32>, bool)> {
        if let Some(id) = self.find(pos) {
            let graph = self.graph.as_deref()?;
            return Some((graph.label(id), graph.distance(Route::Any, id), true));
        }
        if self.graph.is_some() {
            return None;
        }
        let id = self.find_position(pos)?;
        let label = match self.positions.label(id) {
            Label::Won if !self.rules.is_won(pos) => Label::Ok,
            label => label,
        };
        Some((label, self.positions.distance(Route::Any, id), false))
    }

    /// The number of bits one position takes.
    pub fn state_bits(&self) -> u32 {
        self.position_layout.bits()
    }

    /// The packing of the positions.
    pub fn position_layout(&self) -> &PositionLayout {
        &self.position_layout
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
        for t in a.graph.as_deref().unwrap().traps() {
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
            text.starts_with("too big: stopped after 50 positions (box set + player area)"),
            "{text}"
        );
        assert!(text.ends_with("no solution within them"), "{text}");
        let AnalyzeError::TooBig {
            partial: Some(partial),
            ..
        } = e
        else {
            panic!("the state budget keeps partial figures: {e:?}");
        };
        assert_eq!(partial.stopped, PartialStop::StateBudget);
        assert_eq!(partial.explored, 50);
        let known = partial.known().unwrap();
        assert!(known.states >= 50 && known.dead_ends <= known.states);
    }

    /// The levels of the hand-made tests above, and a few more.
    const SMALL_LEVELS: [&str; 8] = [
        "#####\n#@  #\n# $.#\n#  ##\n####\n",
        "#####\n# . #\n# $ #\n#@  #\n#####\n",
        "########\n#.   @ #\n# ## $ #\n#      #\n########\n",
        "#####\n#@* #\n#####\n",
        "#####\n#.@$#\n#####\n",
        "#######\n#@$ *.#\n#     #\n#######\n",
        "#######\n#@    #\n# $$$ #\n# ... #\n#     #\n#######\n",
        "########\n#  .   #\n# $$ @ #\n#.  #  #\n#   $. #\n########\n",
    ];

    #[test]
    fn positions_give_the_step_level_figures() {
        for text in SMALL_LEVELS {
            let level = read_xsb_one(text).unwrap();
            let by_positions = analyze(&level, &Job::default()).unwrap();
            let by_steps = analyze_by_steps(&level, &Job::default()).unwrap();
            let mut got = by_positions.report.clone();
            got.elapsed_ms = by_steps.elapsed_ms;
            assert_eq!(got, by_steps, "{text}");
            assert!(
                by_positions.positions.len() as u64 <= got.states,
                "{text}: fewer positions than step states"
            );
        }
    }

    #[test]
    fn positions_give_the_step_level_figures_on_many_threads() {
        // From the first position on, on three threads, with the ranges
        // and chunks of the derivation a few states long (in tests), so
        // that every joining of parts is crossed.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        for text in SMALL_LEVELS {
            let level = read_xsb_one(text).unwrap();
            let job = Job::default().with_parallel_from(0);
            let by_positions = pool.install(|| analyze(&level, &job)).unwrap();
            let by_steps = analyze_by_steps(&level, &Job::default()).unwrap();
            let mut got = by_positions.report.clone();
            got.elapsed_ms = by_steps.elapsed_ms;
            assert_eq!(got, by_steps, "{text}");
        }
        let level = read_xsb_one(SMALL_LEVELS[6]).unwrap();
        let whole = analyze(&level, &Job::default()).unwrap().report;
        for budget in (0..4_000_000).step_by(250_000) {
            let job = Job::default().with_max_memory(budget).with_parallel_from(0);
            match pool.install(|| analyze(&level, &job)) {
                Ok(a) => assert_eq!(a.report.solution, whole.solution),
                Err(AnalyzeError::TooBig {
                    stop: Stopped::TooMuchMemory { bytes, .. },
                    ..
                }) => assert!(bytes > budget, "{bytes} bytes within {budget}"),
                Err(e) => panic!("budget {budget}: {e}"),
            }
        }
    }

    #[test]
    fn any_memory_budget_ends_in_the_analysis_or_a_clean_stop() {
        let level = read_xsb_one(SMALL_LEVELS[6]).unwrap();
        let whole = analyze(&level, &Job::default()).unwrap().report;
        let mut smallest_fit = None;
        for budget in (0..4_000_000).step_by(250_000) {
            match analyze(&level, &Job::default().with_max_memory(budget)) {
                Ok(a) => {
                    smallest_fit.get_or_insert(budget);
                    assert_eq!(a.report.states, whole.states);
                    assert_eq!(a.report.solution, whole.solution);
                }
                Err(AnalyzeError::TooBig {
                    stop: Stopped::TooMuchMemory { bytes, .. },
                    ..
                }) => assert!(bytes > budget, "{bytes} bytes within {budget}"),
                Err(e) => panic!("budget {budget}: {e}"),
            }
        }
        assert!(smallest_fit.is_some(), "the analysis fits in 4 MB");
    }

    #[test]
    fn a_level_whose_only_box_is_sealed_off_is_won_at_the_start() {
        let level = read_xsb_one("#######\n#@ #*##\n#######\n").unwrap();
        assert_eq!(level.problems(), []);
        let a = analyze(&level, &Job::default()).unwrap();
        assert_eq!(a.report, {
            let mut r = analyze_by_steps(&level, &Job::default()).unwrap();
            r.elapsed_ms = a.report.elapsed_ms;
            r
        });
        assert_eq!((a.report.states, a.report.shortest_moves), (1, Some(0)));
    }

    #[test]
    fn a_level_past_the_step_graph_limit_keeps_only_the_positions() {
        // One box in a 40 x 30 room: 1,064 cells, more than 256 bits as a
        // box set. The box can reach every cell off the walls, about 950,
        // each with about 1,060 player cells: far past the step graph
        // limit. The player stands left of the box, the goal 20 cells
        // right of it.
        let mut text = "#".repeat(40) + "\n";
        for y in 1..29 {
            let row: String = (1..39)
                .map(|x| match (x, y) {
                    (9, 10) => '@',
                    (10, 10) => '$',
                    (30, 10) => '.',
                    _ => ' ',
                })
                .collect();
            text += &format!("#{row}#\n");
        }
        text += &"#".repeat(40);
        let a = analyze(&read_xsb_one(&text).unwrap(), &Job::default()).unwrap();
        assert!(a.graph.is_none());
        assert!(a.report.states > STEP_GRAPH_LIMIT, "{}", a.report.states);
        assert_eq!(a.report.min_pushes, Some(20));
        assert_eq!(a.report.shortest_moves, Some(20));
        assert_eq!(a.report.solution.as_deref(), Some("R".repeat(20).as_str()));
        // A box pushed against a wall without the goal is lost.
        assert!(a.report.dead_ends > 0 && a.report.traps > 0);
        assert_eq!(a.solutions(3), (vec!["R".repeat(20)], true));
        // Play still labels positions, in pushes.
        let start = a.rules.start().clone();
        let (label, distance, in_moves) = a.standing(&start).unwrap();
        assert_eq!(
            (label, distance, in_moves),
            (Label::Preferred, Some(20), false)
        );
    }
}

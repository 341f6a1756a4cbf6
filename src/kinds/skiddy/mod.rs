//! Skiddy, the slippery puzzle: every piece slides until it hits something
//! (docs/rules.md, Skiddy).

pub mod canonical;
pub mod effort;
pub mod figures;
pub mod format;
pub mod generate;
pub mod level;
pub mod lines;
pub mod model;
pub mod picture;
pub mod puzzle;
pub mod rating;
pub mod report;
pub mod resize;
pub mod rules;
pub mod text_formats;
pub mod transcript;

use crate::engine::{
    analyze as analyze_puzzle, move_string, Explored, Job, Label, LabelError, Puzzle, Summary,
};

pub use format::{parse_level, FormatError};
pub use level::{Cell, Colour, Floor, Level, Piece, Problem};
pub use model::Model;
pub use puzzle::{state_bits, SkiddyPuzzle};
pub use rating::{rate, DeadEndPath, Rating, RuleCheck, Verdict};
pub use rules::{CompileError, Dir, MoveTrace, Rules};

/// Why a Skiddy level could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalyzeError {
    /// The level is invalid or too large for the solver.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// The search stopped (too big, cancelled, too deep).
    #[error(transparent)]
    Search(#[from] LabelError),
}

impl From<AnalyzeError> for crate::kinds::AnalysisError {
    fn from(error: AnalyzeError) -> crate::kinds::AnalysisError {
        match error {
            AnalyzeError::Compile(e) => crate::kinds::AnalysisError::Invalid(e.to_string()),
            AnalyzeError::Search(e) => e.into(),
        }
    }
}

/// The explored state graph, in whichever word the level's states fit.
#[derive(Clone, Debug)]
pub enum ExploredGraph {
    /// States in 64 bits.
    W64(Explored<u64>),
    /// States in 128 bits.
    W128(Explored<u128>),
    /// States in 256 bits.
    W256(Explored<[u64; 4]>),
}

/// Runs `$body` with `$e` bound to the explored graph and `$p` to a puzzle
/// over the same word.
macro_rules! with_word {
    ($graph:expr, $rules:expr, |$e:ident, $p:ident| $body:expr) => {
        match $graph {
            ExploredGraph::W64($e) => {
                let $p = SkiddyPuzzle::<u64>::new($rules);
                $body
            }
            ExploredGraph::W128($e) => {
                let $p = SkiddyPuzzle::<u128>::new($rules);
                $body
            }
            ExploredGraph::W256($e) => {
                let $p = SkiddyPuzzle::<[u64; 4]>::new($rules);
                $body
            }
        }
    };
}

/// A Skiddy level's complete analysis: the compiled rules, the explored and
/// labelled state graph, the summary and the star rating.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The compiled level.
    pub rules: Rules,
    /// The state graph with distances and traps.
    pub graph: ExploredGraph,
    /// The numbers.
    pub summary: Summary,
    /// The stars and their reasons.
    pub rating: Rating,
}

/// Analyses a level: compile, explore, label, sum up and rate.
pub fn analyze(level: &Level, job: &Job) -> Result<Analysis, AnalyzeError> {
    let rules = Rules::compile(level)?;
    let bits = state_bits(&rules);
    let graph = if bits <= 64 {
        ExploredGraph::W64(analyze_puzzle(&SkiddyPuzzle::<u64>::new(&rules), job)?)
    } else if bits <= 128 {
        ExploredGraph::W128(analyze_puzzle(&SkiddyPuzzle::<u128>::new(&rules), job)?)
    } else {
        ExploredGraph::W256(analyze_puzzle(&SkiddyPuzzle::<[u64; 4]>::new(&rules), job)?)
    };
    let (summary, dead_end) = with_word!(&graph, &rules, |e, p| {
        let summary = e.summary(&p);
        let dead_end = e.shallowest_dead_end().map(|id| DeadEndPath {
            depth: e.graph.depth(id),
            moves: move_string(&p, &e.path_to(id)),
        });
        (summary, dead_end)
    });
    let rating = rate(&summary, dead_end.as_ref());
    Ok(Analysis {
        rules,
        graph,
        summary,
        rating,
    })
}

impl Analysis {
    /// The explored graph, seen without its word type.
    pub fn view(&self) -> &dyn crate::engine::GraphView {
        match &self.graph {
            ExploredGraph::W64(e) => e,
            ExploredGraph::W128(e) => e,
            ExploredGraph::W256(e) => e,
        }
    }

    /// Number of states.
    pub fn state_count(&self) -> usize {
        with_word!(&self.graph, &self.rules, |e, _p| e.graph.len())
    }

    /// The positions (one per piece of [`Rules::pieces`]) of state `id`.
    pub fn positions(&self, id: u32) -> Vec<u8> {
        with_word!(&self.graph, &self.rules, |e, p| p
            .positions(&e.graph.state(id)))
    }

    /// The label of state `id`.
    pub fn label(&self, id: u32) -> Label {
        with_word!(&self.graph, &self.rules, |e, _p| e.label(id))
    }

    /// The id of the state with these positions, if it is reachable.
    pub fn find(&self, positions: &[u8]) -> Option<u32> {
        let mut canonical = positions.to_vec();
        self.rules.canonicalise(&mut canonical);
        with_word!(&self.graph, &self.rules, |e, p| {
            e.graph.find(&p.pack(&canonical))
        })
    }

    /// Up to `limit` solutions by `route` in order of length, as move
    /// strings, and whether the search for them was cut short.
    pub fn solution_list(&self, route: crate::engine::Route, limit: usize) -> (Vec<String>, bool) {
        with_word!(&self.graph, &self.rules, |e, p| {
            let list = e.solutions(route, limit);
            let strings = list.solutions.iter().map(|m| move_string(&p, m)).collect();
            (strings, list.truncated)
        })
    }

    /// Every trap with the breadth-first depth of its winnable state,
    /// shallowest first.
    pub fn traps(&self) -> Vec<(crate::engine::Trap, usize)> {
        with_word!(&self.graph, &self.rules, |e, _p| e
            .traps
            .iter()
            .map(|t| (*t, e.trap_depth(t)))
            .collect())
    }

    /// The moves of the way from the start to state `id` (a shortest one).
    pub fn path_to(&self, id: u32) -> Vec<u8> {
        with_word!(&self.graph, &self.rules, |e, _p| e.path_to(id))
    }

    /// The states along `moves` from the start (the start included); stops
    /// early at a move that leads nowhere.
    pub fn states_along(&self, moves: &[u8]) -> Vec<u32> {
        self.view().states_along(moves)
    }

    /// The distance of state `id` to a win by `route`.
    pub fn distance(&self, route: crate::engine::Route, id: u32) -> Option<u32> {
        with_word!(&self.graph, &self.rules, |e, _p| e.dist.get(route, id))
    }

    /// The breadth-first depth of state `id`.
    pub fn depth(&self, id: u32) -> usize {
        with_word!(&self.graph, &self.rules, |e, _p| e.graph.depth(id))
    }

    /// Move names of a move sequence, e.g. `"L D"`.
    pub fn move_string(&self, moves: &[u8]) -> String {
        with_word!(&self.graph, &self.rules, |_e, p| move_string(&p, moves))
    }

    /// Runs `f` on the explored graph seen as `Explored<S>` for a puzzle over
    /// the same word; used by code that needs the generic engine API.
    pub fn with_explored<R>(&self, f: impl FnOnce(&dyn ExploredView) -> R) -> R {
        with_word!(&self.graph, &self.rules, |e, p| f(&View {
            explored: e,
            puzzle: p
        }))
    }
}

/// A word-independent view of an explored Skiddy graph.
pub trait ExploredView {
    /// Number of states.
    fn len(&self) -> usize;
    /// Whether the graph has no state.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The positions of state `id`.
    fn positions(&self, id: u32) -> Vec<u8>;
    /// The label of state `id`.
    fn label(&self, id: u32) -> Label;
    /// The distance of `id` to a win by `route`.
    fn distance(&self, route: crate::engine::Route, id: u32) -> Option<u32>;
    /// The breadth-first depth of `id`.
    fn depth(&self, id: u32) -> usize;
    /// The successor of `id` by move `mv` (a state id, or a sentinel).
    fn successor(&self, id: u32, mv: usize) -> u32;
    /// The puzzle's start state positions.
    fn start_positions(&self) -> Vec<u8>;
    /// Number of breadth-first depths (the largest depth plus one).
    fn depth_count(&self) -> usize;
    /// The ids at breadth-first depth `depth`: a contiguous range, because
    /// the engine numbers states in breadth-first order.
    fn layer(&self, depth: usize) -> std::ops::Range<u32>;
    /// The successors of `id`, one entry per move: state ids, or the
    /// sentinels [`crate::engine::NO_EDGE`] and [`crate::engine::LOSS_EDGE`].
    fn successors(&self, id: u32) -> crate::engine::Row<'_>;
    /// The states with a move into `id`, each once, in increasing id order.
    fn predecessors(&self, id: u32) -> &[u32];
    /// The state from which the search first discovered `id` (the parent
    /// [`Explored::path_to`] follows); `None` for the start.
    fn primary_parent(&self, id: u32) -> Option<u32>;
}

struct View<'a, S: crate::engine::PackedState> {
    explored: &'a Explored<S>,
    puzzle: SkiddyPuzzle<'a, S>,
}

impl<S: crate::engine::PackedState> ExploredView for View<'_, S> {
    fn len(&self) -> usize {
        self.explored.graph.len()
    }
    fn positions(&self, id: u32) -> Vec<u8> {
        self.puzzle.positions(&self.explored.graph.state(id))
    }
    fn label(&self, id: u32) -> Label {
        self.explored.label(id)
    }
    fn distance(&self, route: crate::engine::Route, id: u32) -> Option<u32> {
        self.explored.dist.get(route, id)
    }
    fn depth(&self, id: u32) -> usize {
        self.explored.graph.depth(id)
    }
    fn successor(&self, id: u32, mv: usize) -> u32 {
        self.explored.graph.successor(id, mv)
    }
    fn start_positions(&self) -> Vec<u8> {
        self.puzzle.positions(&self.puzzle.start())
    }
    fn depth_count(&self) -> usize {
        self.explored.graph.depth_count()
    }
    fn layer(&self, depth: usize) -> std::ops::Range<u32> {
        self.explored.graph.layer(depth)
    }
    fn successors(&self, id: u32) -> crate::engine::Row<'_> {
        self.explored.graph.successors(id)
    }
    fn predecessors(&self, id: u32) -> &[u32] {
        self.explored.preds.of_state(id)
    }
    fn primary_parent(&self, id: u32) -> Option<u32> {
        // Predecessor lists are sorted by id and the search expands states
        // in id order, so the smallest predecessor discovered `id`.
        (id != 0).then(|| self.explored.preds.of_state(id)[0])
    }
}

/// The name the rules give a label: `MaxCombo`, `Ok`, `DeadEnd` or `Won`.
pub fn label_name(label: Label) -> &'static str {
    match label {
        Label::Won => "Won",
        Label::Preferred => "MaxCombo",
        Label::Ok => "Ok",
        Label::DeadEnd => "DeadEnd",
    }
}

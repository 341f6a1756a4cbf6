//! The kind-agnostic engine: packed states, exploration into a compact state
//! graph, backward labelling, solutions, traps and job control. It knows no
//! puzzle kind and no screen.

pub mod analysis;
pub mod bit_cover;
pub mod dead_end;
pub mod effort;
pub mod exact_cover;
pub mod graph;
mod id_set;
pub mod job;
pub mod label;
mod label_threads;
mod layered;
pub mod packed;
pub mod partial;
mod prefetch;
pub mod puzzle;
pub mod rows;
pub mod solutions;
pub mod stack;
pub mod table;
pub mod view;

pub use analysis::{
    analyze, analyze_or_partial, move_string, Explored, Partial, PartialUnavailable, Summary, Trap,
    Unfinished,
};
pub use bit_cover::BitCover;
pub use dead_end::{find_dead_end, DeadEndSearch, DeadEnds};
pub use effort::{graph_metrics, GraphMetrics};
pub use exact_cover::{CoverCount, CoverSearch, CoverStop, ExactCover};
pub use graph::{explore, explore_keeping_cut, Interrupted, StateGraph, LOSS_EDGE, NO_EDGE};
pub use job::{
    default_max_memory, format_bytes, parse_memory_size, with_commas, Job, MemorySizeError, Phase,
    StateBudgets, Stopped, DEFAULT_MAX_CLASSES, DEFAULT_MAX_STATES, DEFAULT_PARALLEL_FROM,
    LAYERED_FROM,
};
pub use label::{Distances, Label, LabelError, Predecessors, Route};
pub use packed::PackedState;
pub use partial::{label_cut, CutGraph, KnownLabel, PartialAnalysis, PartialCounts};
pub use puzzle::{Outcome, Puzzle};
pub use rows::{Row, Rows};
pub use solutions::{SolutionList, SolutionReader};
pub use view::GraphView;

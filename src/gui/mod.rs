//! What the editor builds on. The analysis worker runs searches off the
//! thread that draws; the editor itself (issue "The editor") comes next.

pub mod board;
pub mod graph_layout;
pub mod state_graph;
pub mod worker;

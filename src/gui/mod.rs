//! What the editor builds on. The analysis worker runs searches off the
//! thread that draws; the editor itself (issue "The editor") comes next.

pub mod board;
pub mod difficulty_curve;
pub mod pack_check;
pub mod pack_panel;
pub mod worker;

//! What the editor builds on. The analysis worker runs searches off the
//! thread that draws; the editor itself (issue "The editor") comes next.

pub mod board;
pub mod generate_dialog;
pub mod rooms_view;
pub mod worker;

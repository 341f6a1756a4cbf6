//! The editor's views that work for every kind: the board canvas a kind's
//! picture is painted on, the histogram, the state graph, the pack panel
//! with its check and difficulty curve. A view that needs a kind's own
//! drawing gets it through [`crate::gui::kinds`].

pub mod board;
pub mod camera;
pub mod canvas;
pub mod compare_section;
pub mod count_axis;
pub mod dead_end_graph;
pub mod difficulty_curve;
pub mod effort_card;
pub mod graph_layout;
pub mod graph_minimap;
pub mod graph_paint;
pub mod histogram;
pub mod legend;
pub mod message_line;
pub mod move_lines;
pub mod pack_check;
pub mod pack_panel;
pub mod partial_card;
pub mod picture_painter;
pub mod solve_card;
pub mod state_graph;

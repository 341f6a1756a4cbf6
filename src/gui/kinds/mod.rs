//! The GUI's twin of [`crate::kinds`]: the match over the kinds for the
//! editor.

pub mod skiddy;

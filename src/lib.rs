//! levelscope: a level editor and analyzer for grid puzzles.
//!
//! The [`engine`] explores a level's whole state graph and labels every
//! state; the [`kinds`] define the puzzle kinds (their levels, formats, rules
//! and ratings) on the [`grid`] they share; [`pack`] gathers levels into
//! curated packs; the [`cli`] runs the same engine headless.

#![warn(missing_docs)]

pub mod atomic;
pub mod cli;
pub mod effort;
pub mod engine;
pub mod file_names;
pub mod grid;
pub mod gui;
pub mod json_scan;
pub mod kinds;
pub mod lock;
pub mod pack;
pub mod picture;
pub mod words;

//! Duplicate levels: two levels are the same puzzle when their kind's
//! canonical forms agree (each kind knows its own symmetries: of the board,
//! and renamings of colours).

use std::collections::HashMap;

use crate::kinds::Level;

/// The groups of duplicate levels (each with at least two members, as
/// indices into `levels` in increasing order), ordered by their first
/// member. Levels of different kinds are never duplicates.
pub fn duplicate_groups(levels: &[Level]) -> Vec<Vec<usize>> {
    let mut by_key: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, level) in levels.iter().enumerate() {
        by_key.entry(level.canonical_key()).or_default().push(i);
    }
    let mut groups: Vec<Vec<usize>> = by_key.into_values().filter(|g| g.len() > 1).collect();
    groups.sort();
    groups
}

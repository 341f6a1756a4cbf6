//! Which Skiddies a dead end has trapped for good: the pieces the designer
//! should look at. Interchangeable pieces are merged in the state graph, so
//! this follows each piece by itself in a small search of its own from the
//! dead end (every state reachable from a dead end is a dead end too).

use std::collections::{HashSet, VecDeque};

use crate::kinds::skiddy::rules::GONE;
use crate::kinds::skiddy::{Dir, Piece, Rules};

/// For each piece at `positions`: `true` if it is a Skiddy still on the board
/// that can never leave, whatever is played from here. `None` if the search
/// needed more than `budget` positions.
pub fn trapped_skiddies(rules: &Rules, positions: &[u8], budget: usize) -> Option<Vec<bool>> {
    let pieces = rules.pieces();
    let mut can_leave: Vec<bool> = positions.iter().map(|&p| p == GONE).collect();
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(positions.to_vec());
    queue.push_back(positions.to_vec());
    while let Some(current) = queue.pop_front() {
        for (i, &p) in current.iter().enumerate() {
            can_leave[i] |= p == GONE;
        }
        for dir in Dir::ALL {
            let mut next = current.clone();
            if rules.apply(&mut next, dir) && seen.insert(next.clone()) {
                if seen.len() > budget {
                    return None;
                }
                queue.push_back(next);
            }
        }
    }
    Some(
        pieces
            .iter()
            .zip(positions)
            .zip(can_leave)
            .map(|((piece, &p), leaves)| matches!(piece, Piece::Skiddy(_)) && p != GONE && !leaves)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::parse_level;

    #[test]
    fn a_skiddy_walled_in_is_trapped_and_a_free_one_is_not() {
        // The red Skiddy at the left sits in a closed pocket; the one on the
        // right can slide up through its goal.
        let level = parse_level("####r#\n#R##.#\n####R#\n######\n").unwrap();
        let rules = Rules::compile(&level).unwrap();
        let start = rules.start_positions().to_vec();
        let trapped = trapped_skiddies(&rules, &start, 1000).unwrap();
        let trapped_cells: Vec<u8> = start
            .iter()
            .zip(&trapped)
            .filter(|(_, t)| **t)
            .map(|(p, _)| *p)
            .collect();
        assert_eq!(trapped_cells, vec![rules.cell_index(1, 1)]);
    }

    #[test]
    fn the_budget_is_respected() {
        let level = parse_level("#r####\n#R...#\n#....#\n#...c#\n######\n").unwrap();
        let rules = Rules::compile(&level).unwrap();
        assert_eq!(trapped_skiddies(&rules, rules.start_positions(), 1), None);
        assert!(trapped_skiddies(&rules, rules.start_positions(), 10_000).is_some());
    }
}

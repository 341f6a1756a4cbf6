//! A word-independent view of an explored and labelled state graph.
//!
//! A kind explores its puzzle in whichever packed word its states fit
//! (`u64`, `u128`, `[u64; 4]`); the views that show the graph, the traps
//! and the solutions should not care which. [`GraphView`] is the object-safe
//! face of an [`Explored`] graph: everything about it but the packed states,
//! which it hands out widened to four words for the kind to decode.

use std::ops::Range;

use super::analysis::{Explored, Trap};
use super::label::{Label, Route};
use super::packed::PackedState;
use super::rows::Row;
use super::solutions::SolutionList;

/// An explored, labelled state graph seen without its word type.
pub trait GraphView: Send + Sync {
    /// Number of states.
    fn len(&self) -> usize;
    /// Whether the graph has no state (never true of an explored level).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Number of moves of the puzzle.
    fn move_count(&self) -> usize;
    /// The label of state `id`.
    fn label(&self, id: u32) -> Label;
    /// The distance of `id` to a win by `route`.
    fn distance(&self, route: Route, id: u32) -> Option<u32>;
    /// Whether `id` is won.
    fn is_won(&self, id: u32) -> bool;
    /// The breadth-first depth of `id`.
    fn depth(&self, id: u32) -> usize;
    /// Number of breadth-first depths (the largest depth plus one).
    fn depth_count(&self) -> usize;
    /// The ids at breadth-first depth `depth`: a contiguous range, because
    /// the engine numbers states in breadth-first order.
    fn layer(&self, depth: usize) -> Range<u32>;
    /// The successor of `id` by move `mv`: a state id, or one of the
    /// sentinels [`super::NO_EDGE`] and [`super::LOSS_EDGE`].
    fn successor(&self, id: u32, mv: usize) -> u32;
    /// The successors of `id`, one entry per move.
    fn successors(&self, id: u32) -> Row<'_>;
    /// The states with a move into `id`, each once, in increasing id order.
    fn predecessors(&self, id: u32) -> &[u32];
    /// The state from which the search first discovered `id`; `None` for
    /// the start.
    fn primary_parent(&self, id: u32) -> Option<u32>;
    /// Every trap, shallowest first.
    fn traps(&self) -> &[Trap];
    /// The number of moves from the start to the dead end of `trap`.
    fn trap_depth(&self, trap: &Trap) -> usize;
    /// The moves of a shortest way from the start to `id`.
    fn path_to(&self, id: u32) -> Vec<u8>;
    /// Up to `limit` solutions by `route`, shortest first.
    fn solutions(&self, route: Route, limit: usize) -> SolutionList;
    /// The states along `moves` from the start (the start included); stops
    /// early at a move that leads to no state.
    fn states_along(&self, moves: &[u8]) -> Vec<u32>;
    /// The packed state of `id`, widened to four words (low bits first).
    fn word(&self, id: u32) -> [u64; 4];
    /// The id of the state whose widened word is `word`, if reachable.
    fn find_word(&self, word: [u64; 4]) -> Option<u32>;
    /// The number of moves, over all live states, that end the game in a
    /// loss (each state and move counted once).
    fn loss_count(&self) -> u64;
}

impl<S: PackedState> GraphView for Explored<S> {
    fn len(&self) -> usize {
        self.graph.len()
    }
    fn move_count(&self) -> usize {
        self.graph.move_count()
    }
    fn label(&self, id: u32) -> Label {
        Explored::label(self, id)
    }
    fn distance(&self, route: Route, id: u32) -> Option<u32> {
        self.dist.get(route, id)
    }
    fn is_won(&self, id: u32) -> bool {
        self.graph.is_won(id)
    }
    fn depth(&self, id: u32) -> usize {
        self.graph.depth(id)
    }
    fn depth_count(&self) -> usize {
        self.graph.depth_count()
    }
    fn layer(&self, depth: usize) -> Range<u32> {
        self.graph.layer(depth)
    }
    fn successor(&self, id: u32, mv: usize) -> u32 {
        self.graph.successor(id, mv)
    }
    fn successors(&self, id: u32) -> Row<'_> {
        self.graph.successors(id)
    }
    fn predecessors(&self, id: u32) -> &[u32] {
        self.preds.of_state(id)
    }
    fn primary_parent(&self, id: u32) -> Option<u32> {
        // Predecessor lists are sorted by id and the search expands states
        // in id order, so the smallest predecessor discovered `id`.
        (id != 0).then(|| self.preds.of_state(id)[0])
    }
    fn traps(&self) -> &[Trap] {
        &self.traps
    }
    fn trap_depth(&self, trap: &Trap) -> usize {
        Explored::trap_depth(self, trap)
    }
    fn path_to(&self, id: u32) -> Vec<u8> {
        Explored::path_to(self, id)
    }
    fn solutions(&self, route: Route, limit: usize) -> SolutionList {
        Explored::solutions(self, route, limit)
    }
    fn states_along(&self, moves: &[u8]) -> Vec<u32> {
        let mut id = 0u32;
        let mut states = vec![id];
        for &mv in moves {
            let next = self.graph.successor(id, mv as usize);
            if next as usize >= self.graph.len() {
                break;
            }
            id = next;
            states.push(id);
        }
        states
    }
    fn word(&self, id: u32) -> [u64; 4] {
        self.graph.state(id).to_words()
    }
    fn find_word(&self, word: [u64; 4]) -> Option<u32> {
        self.graph.find(&S::from_words(word))
    }
    fn loss_count(&self) -> u64 {
        self.graph.loss_edge_count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{analyze, Job, Outcome, Puzzle};

    /// 0 → 1 → 2 (won); from 1, the second move loses.
    struct Line;

    impl Puzzle for Line {
        type State = u128;
        fn move_count(&self) -> usize {
            2
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["A", "B"][mv]
        }
        fn start(&self) -> u128 {
            0
        }
        fn step(&self, s: &u128, mv: usize) -> Outcome<u128> {
            match (*s, mv) {
                (0, 0) => Outcome::Next(1 << 70),
                (x, 0) if x == 1 << 70 => Outcome::Next(2),
                (x, 1) if x == 1 << 70 => Outcome::Loss,
                _ => Outcome::NoMove,
            }
        }
        fn is_won(&self, s: &u128) -> bool {
            *s == 2
        }
        fn is_preferred(&self, _: &u128) -> bool {
            true
        }
    }

    #[test]
    fn a_view_answers_like_the_explored_graph_it_wraps() {
        let explored = analyze(&Line, &Job::default()).unwrap();
        let view: &dyn GraphView = &explored;
        assert_eq!(view.len(), 3);
        assert_eq!(view.loss_count(), 1);
        assert_eq!(view.states_along(&[0, 0]), vec![0, 1, 2]);
        assert_eq!(view.states_along(&[0, 1, 0]), vec![0, 1], "a loss ends it");
        assert_eq!(view.word(1), [0, 1 << 6, 0, 0]);
        assert_eq!(view.find_word([0, 1 << 6, 0, 0]), Some(1));
        assert_eq!(view.find_word([5, 0, 0, 0]), None);
        assert_eq!(view.primary_parent(2), Some(1));
        assert_eq!(view.primary_parent(0), None);
        assert_eq!(view.distance(Route::Any, 0), Some(2));
        assert_eq!(view.solutions(Route::Any, 5).solutions, vec![vec![0, 0]]);
        assert!(view.is_won(2) && !view.is_won(1));
    }
}

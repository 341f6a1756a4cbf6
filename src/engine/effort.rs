//! Kind-neutral metrics of a level's state graph that may bear on how hard
//! the level is for a player (issue 41): how long and how many the shortest
//! solutions are, how often the right move must be picked out among others,
//! how soon and how often the player can fall into a trap, and how far a
//! wandering player can get from a win. Every figure is read off the
//! explored, labelled graph through [`GraphView`], whatever the kind.
//!
//! `docs/effort.md` says what each metric measures, why it should matter to
//! a player, and what evidence there is. No score is built here.

use serde::Serialize;

use super::analysis::Summary;
use super::label::Route;
use super::view::GraphView;
use super::{LOSS_EDGE, NO_EDGE};

/// How many first moves [`GraphMetrics::traps_within_first_k`] looks at.
pub const TRAP_HORIZON: u32 = 3;

/// The state-graph metrics of one level. Distances are counted by any
/// route ([`Route::Any`]), so "shortest" is the plain shortest solution.
/// A *move* of a state is a move that can be played there (one that leads
/// to a state or loses the game); a move is *optimal* when it leads to a
/// state one move closer to a win.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GraphMetrics {
    /// The fewest moves from the start to a win; `None` when no win is
    /// reachable. The length of the work a player cannot avoid, and in the
    /// Rush Hour study (`docs/effort-research.md`) by far the best single
    /// predictor of how many moves people need.
    pub shortest: Option<u32>,
    /// The number of distinct shortest solutions as move sequences,
    /// saturating at `u64::MAX`; 0 when the level is unsolvable. Many ways
    /// to the goal should make it easier to find one.
    pub shortest_solutions: u64,
    /// The states along the first shortest solution (the first optimal
    /// move in move order wherever there is a choice; the won state not
    /// counted) where at least one move keeps the level winnable and at
    /// least one other move does not (it loses, or leads into a dead end):
    /// the places where a player can spoil the level. 0 when the level is
    /// unsolvable, and on a level without dead ends or losses (every Rush
    /// Hour level). A forced line (every state has one move) has none.
    pub decision_points: u32,
    /// The states along the same solution with exactly one optimal move
    /// and at least one other move that keeps the distance to a win (a
    /// move that does not look like losing ground): the one right move
    /// hidden among neutral ones. This is the Rush Hour study's
    /// `decision_points`, counted on one solution instead of as an
    /// expectation over all of them. 0 when the level is unsolvable.
    pub hidden_decision_points: u32,
    /// The states no deeper than the shortest solution (breadth-first
    /// depth at most `shortest`), the start and won states included: how
    /// much a player searching blindly up to the solution's length would
    /// have to look at. `None` when the level is unsolvable.
    pub states_within_solution_depth: Option<u64>,
    /// The number of moves from the start to the nearest dead end through
    /// a trap (a move from a winnable state into a state from which no win
    /// is reachable; a move that loses at once is not a trap but counts in
    /// [`GraphMetrics::fatal_first_moves_share`]). `None` when there is no
    /// trap, and so for an unsolvable level. The sooner a trap, the sooner
    /// a player can spoil the level without noticing.
    pub first_trap_depth: Option<u32>,
    /// The number of traps (each state and move counted once) whose dead
    /// end is at most [`TRAP_HORIZON`] (3) moves from the start: how
    /// exposed a player is while still getting to know the level. 0 when
    /// the level is unsolvable.
    pub traps_within_first_k: u32,
    /// The share of the start's moves that lead into a dead end or lose
    /// the game: the risk of the very first move. `None` when the start is
    /// won, is itself a dead end (the level is unsolvable) or has no move.
    pub fatal_first_moves_share: Option<f64>,
    /// The greatest distance to a win over the reachable states from which
    /// a win is still reachable: how far a wandering player can get from
    /// the goal without losing it. `None` when the level is unsolvable. In
    /// the Rush Hour study the one metric that ranked puzzles of equal
    /// length (a post-hoc finding, not yet confirmed).
    pub farthest: Option<u32>,
}

/// The metrics of an explored, labelled state graph and its summary, in
/// time linear in its states and edges.
pub fn graph_metrics(graph: &dyn GraphView, summary: &Summary) -> GraphMetrics {
    // The summary already holds the shortest length, the count of shortest
    // solutions and the first trap's depth.
    let shortest = summary.any.shortest;
    let (decision_points, hidden_decision_points) = decisions_along_first_solution(graph);
    let first_trap_depth = summary.first_trap_depth;
    let traps_within_first_k = graph
        .traps()
        .iter()
        .filter(|trap| graph.trap_depth(trap) as u32 <= TRAP_HORIZON)
        .count() as u32;
    let farthest = (0..graph.len() as u32)
        .filter_map(|id| graph.distance(Route::Any, id))
        .max();
    GraphMetrics {
        shortest,
        shortest_solutions: u64::try_from(summary.any.count).unwrap_or(u64::MAX),
        decision_points,
        hidden_decision_points,
        states_within_solution_depth: shortest.map(|depth| states_within_depth(graph, depth)),
        first_trap_depth,
        traps_within_first_k,
        fatal_first_moves_share: fatal_first_moves_share(graph),
        farthest,
    }
}

/// The states at breadth-first depth at most `depth`.
fn states_within_depth(graph: &dyn GraphView, depth: u32) -> u64 {
    let deepest = graph.depth_count().saturating_sub(1);
    graph.layer((depth as usize).min(deepest)).end as u64
}

/// The decision points and hidden decision points along the first shortest
/// solution (see [`GraphMetrics`]); `(0, 0)` when there is none.
fn decisions_along_first_solution(graph: &dyn GraphView) -> (u32, u32) {
    let list = graph.solutions(Route::Any, 1);
    let Some(moves) = list.solutions.first() else {
        return (0, 0);
    };
    let mut decisions = 0;
    let mut hidden = 0;
    for id in graph.states_along(moves) {
        let Some(distance) = graph.distance(Route::Any, id).filter(|&d| d > 0) else {
            continue;
        };
        let (mut winnable, mut fatal, mut optimal, mut neutral) = (0u32, 0u32, 0u32, 0u32);
        for to in graph.successors(id) {
            if to == NO_EDGE {
                continue;
            }
            let to_distance = ((to as usize) < graph.len())
                .then(|| graph.distance(Route::Any, to))
                .flatten();
            match to_distance {
                Some(d) => {
                    winnable += 1;
                    optimal += u32::from(d + 1 == distance);
                    neutral += u32::from(d == distance);
                }
                None => fatal += 1,
            }
        }
        decisions += u32::from(winnable >= 1 && fatal >= 1);
        hidden += u32::from(optimal == 1 && neutral >= 1);
    }
    (decisions, hidden)
}

/// The share of the start's moves that lose or lead into a dead end; `None`
/// when the start is won, is a dead end, or has no move.
fn fatal_first_moves_share(graph: &dyn GraphView) -> Option<f64> {
    graph.distance(Route::Any, 0).filter(|&d| d > 0)?;
    let (mut playable, mut fatal) = (0u32, 0u32);
    for to in graph.successors(0) {
        if to == NO_EDGE {
            continue;
        }
        playable += 1;
        let dead = to == LOSS_EDGE || graph.distance(Route::Any, to).is_none();
        fatal += u32::from(dead);
    }
    (playable > 0).then(|| f64::from(fatal) / f64::from(playable))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{analyze, Job, Outcome, Puzzle};

    /// What one move of a [`Table`] node does.
    #[derive(Clone, Copy)]
    enum Step {
        /// Not a move here.
        No,
        /// Loses the game.
        Lose,
        /// Leads to this node.
        To(u64),
    }
    use Step::{Lose, No, To};

    /// A puzzle given as a table: node `n`'s moves are `moves[n]` (three
    /// moves a, b, c), the won nodes are `won`; the start is node 0.
    struct Table {
        moves: Vec<[Step; 3]>,
        won: Vec<u64>,
    }

    impl Puzzle for Table {
        type State = u64;
        fn move_count(&self) -> usize {
            3
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["a", "b", "c"][mv]
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, mv: usize) -> Outcome<u64> {
            match self.moves[*s as usize][mv] {
                No => Outcome::NoMove,
                Lose => Outcome::Loss,
                To(next) => Outcome::Next(next),
            }
        }
        fn is_won(&self, s: &u64) -> bool {
            self.won.contains(s)
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    fn metrics_of(puzzle: &impl Puzzle) -> GraphMetrics {
        let explored = analyze(puzzle, &Job::default()).unwrap();
        graph_metrics(&explored, &explored.summary(puzzle))
    }

    /// A level with traps, a loss, two shortest solutions and a detour:
    ///
    /// ```text
    /// N0: a→N1  b→N2  c→loss        N5: won
    /// N1: a→N3  b→N4  c→N2          N6, N8: no moves (dead ends)
    /// N2: a→N3  b→N1  c→N9          N4: a→N6 (dead end)
    /// N3: a→N5  b→N6  c→N7          N9: a→N10
    /// N7: a→N5  b→N8                N10: a→N2
    /// ```
    fn maze() -> Table {
        Table {
            moves: vec![
                [To(1), To(2), Lose], // N0
                [To(3), To(4), To(2)],
                [To(3), To(1), To(9)],
                [To(5), To(6), To(7)],
                [To(6), No, No], // N4
                [No, No, No],    // N5 (won)
                [No, No, No],    // N6
                [To(5), To(8), No],
                [No, No, No], // N8
                [To(10), No, No],
                [To(2), No, No], // N10
            ],
            won: vec![5],
        }
    }

    #[test]
    fn a_level_with_traps_has_every_metric_worked_out_by_hand() {
        // Distances to the win N5: N3 = N7 = 1, N1 = N2 = 2, N0 = N10 = 3,
        // N9 = 4; N4, N6, N8 are dead ends. Depths: N1, N2 = 1; N3, N4,
        // N9 = 2; N5, N6, N7, N10 = 3; N8 = 4.
        let m = metrics_of(&maze());
        assert_eq!(m.shortest, Some(3), "N0 a N1 a N3 a N5");
        // a a a and b a a (N0 c loses, N1 c and N2 b keep distance 2).
        assert_eq!(m.shortest_solutions, 2);
        // Along a a a: N0 has optimal a, b and the losing c; N1 has
        // optimal a, b into a dead end, c to N2 (distance 2, kept); N3 has
        // optimal a, b into a dead end, c to N7 (distance 1, kept): each
        // has a move that keeps the level winnable and one that does not,
        // three decision points, of which N1 and N3 hide their one optimal
        // move beside a neutral one (N0 has two optimal moves).
        assert_eq!(m.decision_points, 3);
        assert_eq!(m.hidden_decision_points, 2);
        // Depth ≤ 3: N0, N1, N2, N3, N4, N9, N5, N6, N7, N10 (not N8).
        assert_eq!(m.states_within_solution_depth, Some(10));
        // Traps: N1 b → N4 (dead end at depth 2), N3 b → N6 (3), N7 b → N8
        // (4); N4 a → N6 starts in a dead end and is no trap.
        assert_eq!(m.first_trap_depth, Some(2));
        assert_eq!(m.traps_within_first_k, 2);
        // N0's moves a, b, c: c loses.
        assert_eq!(m.fatal_first_moves_share, Some(1.0 / 3.0));
        // N9 is 4 moves from the win (N9 N10 N2 N3 N5).
        assert_eq!(m.farthest, Some(4));
    }

    #[test]
    fn choices_without_dead_ends_are_no_decision_points_but_can_hide_the_right_move() {
        // N0 a→N1 b→N2; N1 a→N3 (won) b→N0; N2 a→N0 b→N1: every move keeps
        // the level winnable (as in Rush Hour), so no decision point. N0
        // (distance 2) has the optimal a and b to N2 (distance 2, neutral):
        // its one right move is hidden.
        let loop_level = Table {
            moves: vec![
                [To(1), To(2), No],
                [To(3), To(0), No],
                [To(0), To(1), No],
                [No, No, No],
            ],
            won: vec![3],
        };
        let m = metrics_of(&loop_level);
        assert_eq!(m.shortest, Some(2));
        assert_eq!(m.decision_points, 0);
        assert_eq!(m.hidden_decision_points, 1);
    }

    #[test]
    fn a_forced_line_has_no_decision_points() {
        // N0 a→N1 a→N2 (won): one move a state.
        let line = Table {
            moves: vec![[To(1), No, No], [To(2), No, No], [No, No, No]],
            won: vec![2],
        };
        let m = metrics_of(&line);
        assert_eq!(
            m,
            GraphMetrics {
                shortest: Some(2),
                shortest_solutions: 1,
                decision_points: 0,
                hidden_decision_points: 0,
                states_within_solution_depth: Some(3),
                first_trap_depth: None,
                traps_within_first_k: 0,
                fatal_first_moves_share: Some(0.0),
                farthest: Some(2),
            }
        );
    }

    #[test]
    fn an_unsolvable_level_has_no_solution_figures() {
        // N0 a→N1 (no moves), b loses, c→N2 a→N0: nothing is won.
        let stuck = Table {
            moves: vec![[To(1), Lose, To(2)], [No, No, No], [To(0), No, No]],
            won: vec![],
        };
        assert_eq!(metrics_of(&stuck), GraphMetrics::default());
    }

    #[test]
    fn a_level_won_at_the_start_has_one_empty_solution() {
        let won = Table {
            moves: vec![[To(1), No, No], [No, No, No]],
            won: vec![0],
        };
        let m = metrics_of(&won);
        assert_eq!(m.shortest, Some(0));
        assert_eq!(m.shortest_solutions, 1);
        assert_eq!(m.decision_points, 0);
        assert_eq!(m.states_within_solution_depth, Some(1));
        assert_eq!(m.fatal_first_moves_share, None);
        assert_eq!(m.farthest, Some(0));
    }

    /// Walks a 5 × 5 grid from (0, 0) to (4, 4); moves R, U, L, D (no move
    /// off the board). State `x + 5 y`.
    struct Grid;

    impl Puzzle for Grid {
        type State = u64;
        fn move_count(&self) -> usize {
            4
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["R", "U", "L", "D"][mv]
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, mv: usize) -> Outcome<u64> {
            let (x, y) = (s % 5, s / 5);
            match mv {
                0 if x < 4 => Outcome::Next(s + 1),
                1 if y < 4 => Outcome::Next(s + 5),
                2 if x > 0 => Outcome::Next(s - 1),
                3 if y > 0 => Outcome::Next(s - 5),
                _ => Outcome::NoMove,
            }
        }
        fn is_won(&self, s: &u64) -> bool {
            *s == 24
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    #[test]
    fn a_grid_walk_counts_its_lattice_paths() {
        let explored = analyze(&Grid, &Job::default()).unwrap();
        let m = graph_metrics(&explored, &explored.summary(&Grid));
        // The summary's count (by another method) agrees.
        assert_eq!(explored.reader().count_shortest(Route::Any), 70);
        assert_eq!(m.shortest, Some(8));
        // Shortest walks are the orderings of 4 R and 4 U: 8! / (4! 4!).
        assert_eq!(m.shortest_solutions, 70);
        // Along R R R R U U U U every move (L and D too) keeps the level
        // winnable: no dead end, so no decision point. Every move changes
        // the distance, so none is neutral either.
        assert_eq!(m.decision_points, 0);
        assert_eq!(m.hidden_decision_points, 0);
        assert_eq!(m.states_within_solution_depth, Some(25));
        assert_eq!(m.first_trap_depth, None);
        assert_eq!(m.fatal_first_moves_share, Some(0.0));
        assert_eq!(m.farthest, Some(8));
    }

    /// A line of 70 steps, each of two moves into the same next state:
    /// 2^70 move sequences, more than a `u64` holds.
    struct Doubled;

    impl Puzzle for Doubled {
        type State = u64;
        fn move_count(&self) -> usize {
            2
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["x", "y"][mv]
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, _: usize) -> Outcome<u64> {
            if *s < 70 {
                Outcome::Next(s + 1)
            } else {
                Outcome::NoMove
            }
        }
        fn is_won(&self, s: &u64) -> bool {
            *s == 70
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    #[test]
    fn the_count_of_shortest_solutions_saturates() {
        let m = metrics_of(&Doubled);
        assert_eq!(m.shortest, Some(70));
        assert_eq!(m.shortest_solutions, u64::MAX);
        // Both moves of every state are optimal: nothing to decide.
        assert_eq!(m.decision_points, 0);
    }
}

//! A Rush Hour level's whole analysis: explore every position reachable
//! from the start with the engine (a win ends play), then read off the
//! fewest moves, the fewest steps (cells slid), a solution, how many
//! shortest solutions there are, and how far from a win a position of the
//! cluster can be (Fogleman's "unsolve").

use std::fmt;

use crate::engine::{
    analyze as analyze_puzzle, GraphView, Job, LabelError, PackedState, Route, Stopped, Summary,
};

use super::level::Level;
use super::puzzle::{CompileError, Rules, RushHourPuzzle};
use crate::words::counted;

/// Why a Rush Hour level could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalyzeError {
    /// The level is invalid, or has more moves than the solver numbers.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// The search reached the job's state or memory budget.
    #[error("{0}; the level was not analysed whole")]
    TooBig(Stopped),
    /// The job was cancelled.
    #[error(transparent)]
    Cancelled(Stopped),
    /// A shortest route is longer than the labeller can store.
    #[error(transparent)]
    TooDeep(LabelError),
}

impl From<LabelError> for AnalyzeError {
    fn from(e: LabelError) -> AnalyzeError {
        match e {
            LabelError::Stopped(stop @ Stopped::Cancelled { .. }) => AnalyzeError::Cancelled(stop),
            LabelError::Stopped(stop) => AnalyzeError::TooBig(stop),
            e @ LabelError::TooDeep => AnalyzeError::TooDeep(e),
        }
    }
}

impl From<AnalyzeError> for crate::kinds::AnalysisError {
    fn from(error: AnalyzeError) -> crate::kinds::AnalysisError {
        let words = error.to_string();
        match error {
            AnalyzeError::Compile(_) => crate::kinds::AnalysisError::Invalid(words),
            AnalyzeError::TooBig(stop) | AnalyzeError::Cancelled(stop) => {
                crate::kinds::AnalysisError::stopped(stop, words)
            }
            AnalyzeError::TooDeep(_) => crate::kinds::AnalysisError::TooDeep(words),
        }
    }
}

/// The Rush Hour report of one analysis.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The positions reachable from the start (a win ends play), start and
    /// won ones included.
    pub states: usize,
    /// The won positions among them.
    pub won_states: usize,
    /// Always 0: every move can be undone, so no position is a dead end.
    pub dead_ends: usize,
    /// Whether some win is reachable.
    pub solvable: bool,
    /// The fewest moves to a win.
    pub shortest_moves: Option<usize>,
    /// The fewest steps (cells slid) to a win over all solutions, not only
    /// the shortest-move ones.
    pub shortest_steps: Option<usize>,
    /// A shortest-moves solution in Fogleman's notation (`A+1 C-2`), the
    /// fewest steps among those.
    pub solution: Option<String>,
    /// The steps of [`Report::solution`].
    pub solution_steps: Option<usize>,
    /// How many distinct shortest move sequences win (saturating).
    pub shortest_solutions: u64,
    /// The positions by moves from the start.
    pub depth_histogram: Vec<usize>,
    /// The greatest moves-to-win over the positions reachable from the
    /// start; `None` when unsolvable.
    pub farthest: Option<usize>,
    /// The verdict in words.
    pub verdict: String,
}

/// A Rush Hour level's complete analysis: the compiled rules, the explored
/// state graph, the engine's summary and the report.
pub struct Analysis {
    /// The level analysed.
    pub level: Level,
    /// The state graph with every position's distance to a win.
    pub graph: Box<dyn GraphView>,
    /// The engine's numbers.
    pub summary: Summary,
    /// The Rush Hour report.
    pub report: Report,
    rules: Rules,
    /// The state farthest from a win (see [`Analysis::hardest_state`]),
    /// found once when the graph is explored.
    hardest: u32,
    /// The report's solution as move indices, found once with it.
    solution: Option<Vec<u8>>,
}

impl fmt::Debug for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Analysis")
            .field("level", &self.level.name)
            .field("states", &self.graph.len())
            .field("report", &self.report)
            .finish_non_exhaustive()
    }
}

/// Analyses a level: compile, explore, label and sum up. An invalid level,
/// or one with more than 256 moves, is refused with
/// [`AnalyzeError::Compile`]; one beyond the job's budget stops with
/// [`AnalyzeError::TooBig`].
pub fn analyze(level: &Level, job: &Job) -> Result<Analysis, AnalyzeError> {
    let rules = Rules::compile(level)?;
    let (graph, summary) = if rules.bits() <= 64 {
        explore::<u64>(&rules, job)?
    } else {
        explore::<u128>(&rules, job)?
    };
    let mut analysis = Analysis {
        level: level.clone(),
        graph,
        summary,
        report: Report::default(),
        rules,
        hardest: 0,
        solution: None,
    };
    analysis.hardest = analysis.find_hardest_state();
    let shortest = fewest_steps_shortest(&analysis);
    analysis.report = analysis.compute_report(shortest.as_ref());
    analysis.solution = shortest.map(|(moves, _)| moves);
    Ok(analysis)
}

/// Explores the level in word `S` (at most 128 bits: 26 vehicles of at
/// most 4 bits each).
fn explore<S: PackedState>(
    rules: &Rules,
    job: &Job,
) -> Result<(Box<dyn GraphView>, Summary), AnalyzeError> {
    let puzzle = RushHourPuzzle::<S>::new(rules);
    let explored = analyze_puzzle(&puzzle, job)?;
    let summary = explored.summary(&puzzle);
    Ok((Box::new(explored), summary))
}

impl Analysis {
    /// The compiled rules (the moves by number, the packing).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Moves by number as Fogleman writes them: `"A+1 C-2"`.
    pub fn move_string(&self, moves: &[u8]) -> String {
        moves
            .iter()
            .map(|&mv| self.rules.move_name(mv as usize))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The cells slid by moves given by number.
    pub fn steps_of(&self, moves: &[u8]) -> usize {
        moves
            .iter()
            .filter_map(|&mv| self.rules.moves().get(mv as usize))
            .map(|m| m.steps() as usize)
            .sum()
    }

    /// The id of `position` (this level with its vehicles moved by play),
    /// if it is in the explored cluster.
    pub fn find(&self, position: &Level) -> Option<u32> {
        self.graph.find_word(self.rules.pack(position)?)
    }

    /// How many moves `position` (this level with its vehicles moved by
    /// play) is from the nearest win; `None` when the position is not in
    /// the explored cluster or no win is reachable from it.
    pub fn moves_to_win(&self, position: &Level) -> Option<usize> {
        let id = self.find(position)?;
        self.graph.distance(Route::Any, id).map(|d| d as usize)
    }

    /// The level with the vehicles where state `state` has them.
    pub fn state_level(&self, state: u32) -> Level {
        self.rules.unpack(&self.graph.word(state))
    }

    /// The state of the cluster farthest from a win (the first found
    /// breadth first from the start, so ties are broken the same way every
    /// time); the start when no win is reachable.
    pub fn hardest_state(&self) -> u32 {
        self.hardest
    }

    /// Finds [`Analysis::hardest_state`]: one pass over the graph.
    fn find_hardest_state(&self) -> u32 {
        let mut best = (0u32, 0u32);
        for id in 0..self.graph.len() as u32 {
            if let Some(d) = self.graph.distance(Route::Any, id) {
                if d > best.1 {
                    best = (id, d);
                }
            }
        }
        best.0
    }

    /// The position of the cluster farthest from a win, as a new level
    /// (Fogleman's "unsolve"; the level's name is kept); the start when no
    /// win is reachable.
    pub fn hardest_start(&self) -> Level {
        self.state_level(self.hardest_state())
    }

    /// Up to `limit` solutions, shortest first, in Fogleman's notation,
    /// and whether the list was cut short.
    pub fn solutions(&self, limit: usize) -> (Vec<String>, bool) {
        let list = self.graph.solutions(Route::Any, limit);
        let strings = list.solutions.iter().map(|m| self.move_string(m)).collect();
        (strings, list.truncated)
    }

    /// The report's solution (the fewest steps among the fewest moves) as
    /// move indices; `None` when the level is unsolvable.
    pub fn solution_moves(&self) -> Option<&[u8]> {
        self.solution.as_deref()
    }

    /// The report of the explored graph, whose fewest-steps shortest
    /// solution and its steps are `shortest`.
    fn compute_report(&self, shortest: Option<&(Vec<u8>, usize)>) -> Report {
        let s = &self.summary;
        let shortest_moves = s.any.shortest.map(|d| d as usize);
        // The hardest state's distance is the greatest of the graph's.
        let farthest = shortest_moves
            .map(|_| self.graph.distance(Route::Any, self.hardest).unwrap_or(0) as usize);
        let mut report = Report {
            states: s.states as usize,
            won_states: s.won_states as usize,
            dead_ends: 0,
            solvable: shortest_moves.is_some(),
            shortest_moves,
            shortest_steps: self.fewest_steps(),
            solution: shortest.map(|(moves, _)| self.move_string(moves)),
            solution_steps: shortest.map(|&(_, steps)| steps),
            // The engine counted them while labelling (saturating).
            shortest_solutions: u64::try_from(s.any.count).unwrap_or(u64::MAX),
            depth_histogram: s.depth_histogram.iter().map(|&[n, _]| n as usize).collect(),
            farthest,
            verdict: String::new(),
        };
        report.verdict = verdict(&report);
        report
    }

    /// The fewest steps from the start to a win over every solution: a
    /// shortest-path search with each move weighing the cells it slides
    /// (Dial's buckets: a move slides at most 9 cells).
    fn fewest_steps(&self) -> Option<usize> {
        let n = self.graph.len();
        let weights: Vec<usize> = self
            .rules
            .moves()
            .iter()
            .map(|m| m.steps() as usize)
            .collect();
        let buckets_len = weights.iter().max().map_or(1, |w| w + 1);
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); buckets_len];
        let mut best = vec![usize::MAX; n];
        best[0] = 0;
        buckets[0].push(0);
        let mut pending = 1;
        let mut cost = 0;
        while pending > 0 {
            let bucket = std::mem::take(&mut buckets[cost % buckets_len]);
            for id in bucket {
                pending -= 1;
                if best[id as usize] != cost {
                    continue;
                }
                if self.graph.is_won(id) {
                    return Some(cost);
                }
                for (mv, to) in self.graph.successors(id).iter().enumerate() {
                    if to as usize >= n {
                        continue;
                    }
                    let through = cost + weights[mv];
                    if through < best[to as usize] {
                        best[to as usize] = through;
                        buckets[through % buckets_len].push(to);
                        pending += 1;
                    }
                }
            }
            cost += 1;
        }
        None
    }
}

/// A shortest-moves solution with the fewest steps among them, and its
/// steps; `None` when unsolvable.
///
/// Walks the shortest-moves routes layer by layer from the start (each
/// move one closer to a win), then back from the wins, keeping the fewest
/// steps.
fn fewest_steps_shortest(a: &Analysis) -> Option<(Vec<u8>, usize)> {
    let graph = a.graph.as_ref();
    let n = graph.len();
    let length = graph.distance(Route::Any, 0)? as usize;
    let closer = |id: u32| {
        let here = graph.distance(Route::Any, id).unwrap_or(0);
        graph
            .successors(id)
            .iter()
            .enumerate()
            .filter(move |&(_, to)| {
                here > 0 && (to as usize) < n && graph.distance(Route::Any, to) == Some(here - 1)
            })
    };
    let mut on_route = vec![false; n];
    on_route[0] = true;
    let mut layers: Vec<Vec<u32>> = vec![vec![0]];
    for _ in 0..length {
        let mut next = Vec::new();
        for &id in layers.last().expect("the start's layer") {
            for (_, to) in closer(id) {
                if !on_route[to as usize] {
                    on_route[to as usize] = true;
                    next.push(to);
                }
            }
        }
        layers.push(next);
    }
    // The fewest steps from each position of the layers to a win.
    let weight = |mv: usize| a.rules.moves()[mv].steps() as usize;
    let mut steps = vec![usize::MAX; n];
    for &id in &layers[length] {
        steps[id as usize] = 0;
    }
    for layer in layers[..length].iter().rev() {
        for &id in layer {
            steps[id as usize] = closer(id)
                .map(|(mv, to)| weight(mv).saturating_add(steps[to as usize]))
                .min()
                .unwrap_or(usize::MAX);
        }
    }
    let mut moves = Vec::with_capacity(length);
    let mut id = 0u32;
    for _ in 0..length {
        let (mv, to) = closer(id)
            .find(|&(mv, to)| weight(mv).saturating_add(steps[to as usize]) == steps[id as usize])
            .expect("a position on a shortest route has a move that keeps its fewest steps");
        moves.push(mv as u8);
        id = to;
    }
    Some((moves, steps[0]))
}

/// The verdict in words, e.g. "solvable in 49 moves (93 steps at the
/// fewest); 3 shortest solutions; the farthest position of this cluster is
/// 51 moves from a win; no dead ends: every move can be undone".
pub fn verdict(r: &Report) -> String {
    let no_dead_ends = "no dead ends: every move can be undone";
    match (r.shortest_moves, r.shortest_steps, r.farthest) {
        (Some(0), _, farthest) => format!(
            "solved at the start: car A is at the exit; the farthest position of this cluster is {} from a win; {no_dead_ends}",
            counted(farthest.unwrap_or(0) as u64, "move", "moves")
        ),
        (Some(moves), Some(steps), Some(farthest)) => format!(
            "solvable in {} ({} at the fewest); {}; the farthest position of this cluster is {} from a win; {no_dead_ends}",
            counted(moves as u64, "move", "moves"),
            counted(steps as u64, "step", "steps"),
            counted(r.shortest_solutions, "shortest solution", "shortest solutions"),
            counted(farthest as u64, "move", "moves"),
        ),
        _ => format!(
            "unsolvable: none of the {} reachable from the start brings car A to the exit; \
             {no_dead_ends}, but every position of this cluster is cut off from a win",
            counted(r.states as u64, "position", "positions")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::level::{Orientation, Vehicle};
    use crate::kinds::rushhour::rules::{apply, legal_moves, Move};

    fn vehicle(x: usize, y: usize, length: usize, orientation: Orientation) -> Vehicle {
        Vehicle {
            x,
            y,
            length,
            orientation,
            primary: false,
        }
    }

    /// A 6x6 board with the primary car A at `(x, 2)` and the vehicles given.
    fn board(x: usize, others: &[Vehicle]) -> Level {
        let mut level = Level::new(6, 6);
        level.vehicles.push(Vehicle {
            primary: true,
            ..vehicle(x, 2, 2, Orientation::Horizontal)
        });
        level.vehicles.extend_from_slice(others);
        assert!(level.problems().is_empty(), "{:?}", level.problems());
        level
    }

    /// A Fogleman line, read by hand: `o`/`.` empty, `x` wall, letters
    /// vehicles (`A` the primary), row by row on a square board.
    pub(crate) fn fogleman(line: &str) -> Level {
        let side = (line.len() as f64).sqrt() as usize;
        assert_eq!(side * side, line.len());
        let mut level = Level::new(side, side);
        let cells: Vec<char> = line.chars().collect();
        let mut letters: Vec<char> = cells
            .iter()
            .copied()
            .filter(char::is_ascii_uppercase)
            .collect();
        letters.sort();
        letters.dedup();
        for letter in letters {
            let at: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == letter).collect();
            let (x, y) = (at[0] % side, at[0] / side);
            let horizontal = at.len() > 1 && at[1] == at[0] + 1;
            level.vehicles.push(Vehicle {
                x,
                y,
                length: at.len(),
                orientation: if horizontal {
                    Orientation::Horizontal
                } else {
                    Orientation::Vertical
                },
                primary: letter == 'A',
            });
        }
        for (i, &c) in cells.iter().enumerate() {
            if c == 'x' {
                level.set_wall(i % side, i / side, true);
            }
        }
        assert!(level.problems().is_empty(), "{:?}", level.problems());
        level
    }

    fn analysed(level: &Level) -> Analysis {
        analyze(level, &Job::default()).unwrap()
    }

    #[test]
    fn a_horizontal_blocker_right_of_the_primary_makes_it_unsolvable() {
        let level = board(0, &[vehicle(3, 2, 2, Orientation::Horizontal)]);
        let a = analysed(&level);
        let r = &a.report;
        assert!(!r.solvable);
        assert_eq!(
            (r.shortest_moves, r.shortest_steps, r.farthest),
            (None, None, None)
        );
        assert_eq!(r.solution, None);
        assert_eq!(r.shortest_solutions, 0);
        assert_eq!(r.dead_ends, 0);
        // A at x, B at y on row 2 with x + 2 <= y <= 4: x = 0 (y = 2, 3,
        // 4), x = 1 (y = 3, 4), x = 2 (y = 4): 6 positions.
        assert_eq!(r.states, 6);
        assert_eq!(r.won_states, 0);
        assert!(r.verdict.starts_with("unsolvable"), "{}", r.verdict);
        assert!(
            r.verdict.contains("every move can be undone"),
            "{}",
            r.verdict
        );
        assert_eq!(a.hardest_start(), level);
        assert_eq!(a.moves_to_win(&level), None);
    }

    #[test]
    fn a_win_ends_play() {
        // A at (2, 2) drives out in one move; the car B below can slide
        // anywhere on row 4, before or after the win.
        let level = board(2, &[vehicle(0, 4, 2, Orientation::Horizontal)]);
        let a = analysed(&level);
        let r = &a.report;
        // A at 0..=3 not won (4 places) times B's 5 places, plus the won
        // positions reached: A at 4 with B anywhere (5).
        assert_eq!(r.states, 4 * 5 + 5);
        assert_eq!(r.won_states, 5);
        for id in 0..a.graph.len() as u32 {
            if a.graph.is_won(id) {
                let leaves = a
                    .graph
                    .successors(id)
                    .iter()
                    .filter(|&to| (to as usize) < a.graph.len());
                assert_eq!(leaves.count(), 0, "no move is explored from a win");
                assert!(crate::kinds::rushhour::is_won(&a.state_level(id)));
            }
        }
        assert_eq!(r.shortest_moves, Some(1));
        assert_eq!(r.shortest_steps, Some(2));
        assert_eq!(r.solution.as_deref(), Some("A+2"));
        assert_eq!(r.shortest_solutions, 1);
        assert_eq!(r.farthest, Some(1));
        assert_eq!(r.depth_histogram.iter().sum::<usize>(), r.states);
    }

    #[test]
    fn the_fewest_steps_may_take_more_moves_than_the_fewest_moves() {
        // A 7x7 board, A at (0, 3). The truck B stands in column 2 on rows
        // 1..=3: it clears row 3 by B+3 (3 steps), or by B-1 (1 step) once
        // the car C at (2, 0)..(3, 0) has made room (C+1, 1 step).
        let mut level = Level::new(7, 7);
        level.vehicles = vec![
            Vehicle {
                primary: true,
                ..vehicle(0, 3, 2, Orientation::Horizontal)
            },
            vehicle(2, 1, 3, Orientation::Vertical),
            vehicle(2, 0, 2, Orientation::Horizontal),
        ];
        let a = analysed(&level);
        let r = &a.report;
        assert_eq!(r.shortest_moves, Some(2));
        assert_eq!(r.solution.as_deref(), Some("B+3 A+5"));
        assert_eq!(r.solution_steps, Some(3 + 5));
        // C+1 B-1 A+5: three moves but 1 + 1 + 5 steps.
        assert_eq!(r.shortest_steps, Some(7));
        assert_eq!(r.shortest_solutions, 1);
        assert!(
            r.verdict
                .starts_with("solvable in 2 moves (7 steps at the fewest); 1 shortest solution;"),
            "{}",
            r.verdict
        );
        check_solution(&a, &level);
    }

    #[test]
    fn the_solution_has_the_fewest_steps_among_the_shortest() {
        // A at (0, 2); car B in column 2 on rows 1..=2 can only rise (car C
        // below it on rows 3..=4 cannot sink far enough), once the car D
        // at (2, 0)..(3, 0) leaves (2, 0): D-2, D+1 or D+2, then B-1, A+4.
        let level = board(
            0,
            &[
                vehicle(2, 1, 2, Orientation::Vertical),
                vehicle(2, 3, 2, Orientation::Vertical),
                vehicle(2, 0, 2, Orientation::Horizontal),
            ],
        );
        let a = analysed(&level);
        let r = &a.report;
        assert_eq!(r.shortest_moves, Some(3));
        assert_eq!(r.shortest_solutions, 3);
        assert_eq!(
            r.shortest_solutions as u128, a.summary.any.count,
            "the engine counts the same"
        );
        // D-2 comes first in move order, but D+1 slides less.
        assert_eq!(a.summary.any.solution.as_deref(), Some("D-2 B-1 A+4"));
        assert_eq!(r.solution.as_deref(), Some("D+1 B-1 A+4"));
        assert_eq!(r.solution_steps, Some(6));
        assert_eq!(r.shortest_steps, Some(6));
        check_solution(&a, &level);
    }

    /// Plays the report's solution with the rules: it wins in the report's
    /// moves and steps.
    fn check_solution(a: &Analysis, level: &Level) {
        let r = &a.report;
        let mut position = level.clone();
        let mut steps = 0;
        let words: Vec<&str> = r.solution.as_deref().unwrap().split(' ').collect();
        for word in &words {
            let m = legal_moves(&position)
                .into_iter()
                .find(|m: &Move| m.on(&position).to_string() == *word)
                .unwrap_or_else(|| panic!("{word} is a legal move"));
            steps += m.steps() as usize;
            position = apply(&position, m).unwrap();
        }
        assert!(crate::kinds::rushhour::is_won(&position));
        assert_eq!(Some(words.len()), r.shortest_moves);
        assert_eq!(Some(steps), r.solution_steps);
        assert!(r.shortest_steps.unwrap() <= steps);
    }

    #[test]
    fn foglemans_example_needs_49_moves() {
        let level = fogleman("BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM");
        let a = analysed(&level);
        let r = &a.report;
        assert_eq!(r.shortest_moves, Some(49));
        assert!(r.solvable);
        check_solution(&a, &level);
        // His solver's 49-move solution slides 93 cells: ours, the fewest
        // steps among the 49-move ones, slides no more.
        assert!(r.solution_steps.unwrap() <= 93, "{r:?}");
        // The hardest start of its cluster is as far as any position.
        let hardest = a.hardest_start();
        assert_eq!(a.moves_to_win(&hardest), r.farthest);
        let again = analysed(&hardest);
        assert_eq!(again.report.shortest_moves, r.farthest);
        assert_eq!(again.report.farthest, r.farthest);
        assert_eq!(again.report.states, r.states, "the same cluster");
    }

    #[test]
    fn positions_are_found_by_their_vehicles() {
        let level = board(0, &[vehicle(3, 0, 3, Orientation::Vertical)]);
        let a = analysed(&level);
        assert_eq!(a.moves_to_win(&level), Some(2));
        let after = apply(
            &level,
            Move {
                vehicle: 1,
                distance: 3,
            },
        )
        .unwrap();
        assert_eq!(a.moves_to_win(&after), Some(1));
        let id = a.find(&after).unwrap();
        assert_eq!(a.state_level(id), after);
        let mut elsewhere = level.clone();
        elsewhere.vehicles[1].x = 4;
        assert_eq!(a.moves_to_win(&elsewhere), None, "B left its line");
        let mut shorter = level.clone();
        shorter.vehicles.pop();
        assert_eq!(a.moves_to_win(&shorter), None);
        // The start is id 0; the farthest position is 2 moves away.
        assert_eq!(a.report.farthest, Some(2));
        assert_eq!(a.moves_to_win(&a.hardest_start()), Some(2));
    }

    #[test]
    fn bad_levels_and_budgets_give_clear_errors() {
        let e = analyze(&Level::new(6, 6), &Job::default()).unwrap_err();
        assert!(matches!(e, AnalyzeError::Compile(CompileError::Invalid(_))));
        assert!(e.to_string().contains("no primary vehicle"), "{e}");
        let level = fogleman("BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM");
        let e = analyze(&level, &Job::new(100)).unwrap_err();
        assert!(matches!(e, AnalyzeError::TooBig(_)), "{e:?}");
        assert!(e.to_string().starts_with("too big"), "{e}");
        let job = Job::default();
        job.cancel();
        let e = analyze(&level, &job).unwrap_err();
        assert!(matches!(e, AnalyzeError::Cancelled(_)), "{e:?}");
    }
}

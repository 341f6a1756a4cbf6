//! A plain Rush Hour reference written here, apart from the engine, from
//! the rules alone (docs/rules.md, Rush Hour): a state is the list of the
//! vehicles `(x, y, length, horizontal)`, the primary first; one move
//! slides one vehicle any number of free cells along its line; the level
//! is won when the primary's right end is on the last column, and a won
//! state is not played on. A breadth-first search from the start (states
//! in a `HashMap`) gives the states, the won ones, the fewest moves and
//! the number of distinct shortest move sequences; Dijkstra (a move costs
//! the cells it slides over) gives the fewest steps over all solutions; a
//! breadth-first search backward from every won state over the reversed
//! moves gives every state's moves to a win, and `farthest`, the greatest
//! of them.
//!
//! Its own tests below are boards worked out on paper and Fogleman's
//! published example (49 moves). `tests/rushhour_vs_reference.rs` holds
//! the engine against it, on random boards and on archive puzzles.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

use serde_json::Value;

/// One vehicle: `(x, y, length, horizontal)`, `(x, y)` its left or top
/// cell.
pub type Car = (usize, usize, usize, bool);

/// A position: every vehicle's place, the primary first.
pub type State = Vec<Car>;

/// The board: its size and walls (row by row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// Whether each cell is a wall, row by row.
    pub wall: Vec<bool>,
}

/// One move: which vehicle (its index in the state) and how far it slides
/// (+ right or down).
pub type Slide = (usize, i32);

/// What the reference finds about a start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    /// States reachable from the start, won ones included.
    pub states: usize,
    /// Won states among them.
    pub won_states: usize,
    /// The fewest moves to a win.
    pub shortest_moves: Option<usize>,
    /// The fewest steps (cells slid over) to a win, over all solutions.
    pub shortest_steps: Option<usize>,
    /// The greatest moves-to-a-win over the reachable states.
    pub farthest: Option<usize>,
    /// Distinct move sequences of the fewest moves (saturating).
    pub shortest_solutions: u64,
}

/// The explored states and moves.
pub struct Graph {
    /// Every reachable state; the start is state 0.
    pub states: Vec<State>,
    /// Each state's number.
    pub index: HashMap<State, usize>,
    /// Each state's moves: the state it leads to, its cells, the slide.
    pub edges: Vec<Vec<(usize, usize, Slide)>>,
    /// Whether each state is won.
    pub won: Vec<bool>,
    /// Each state's moves from the start.
    pub depth: Vec<usize>,
}

/// Whether the primary's right end stands on the last column.
pub fn is_won(board: &Board, state: &State) -> bool {
    let (x, _, len, horizontal) = state[0];
    horizontal && x + len == board.w
}

/// Which cells are taken: walls and every vehicle's cells.
fn taken(board: &Board, state: &State) -> Vec<bool> {
    let mut taken = board.wall.clone();
    for &(x, y, len, horizontal) in state {
        for i in 0..len {
            let (cx, cy) = if horizontal { (x + i, y) } else { (x, y + i) };
            taken[cy * board.w + cx] = true;
        }
    }
    taken
}

/// Whether `(x, y)` (maybe off the board) is on the board and free.
fn free(board: &Board, taken: &[bool], x: i64, y: i64) -> bool {
    x >= 0
        && y >= 0
        && (x as usize) < board.w
        && (y as usize) < board.h
        && !taken[y as usize * board.w + x as usize]
}

/// Every move from `state`: the slide, the state it leads to.
pub fn moves(board: &Board, state: &State) -> Vec<(Slide, State)> {
    let taken = taken(board, state);
    let mut out = Vec::new();
    for (i, &(x, y, len, horizontal)) in state.iter().enumerate() {
        for sign in [-1i64, 1] {
            let mut d = 1i64;
            loop {
                // The cell the vehicle's leading end enters at this distance.
                let lead = if sign < 0 { -d } else { len as i64 - 1 + d };
                let (cx, cy) = if horizontal {
                    (x as i64 + lead, y as i64)
                } else {
                    (x as i64, y as i64 + lead)
                };
                if !free(board, &taken, cx, cy) {
                    break;
                }
                let shift = sign * d;
                let mut next = state.clone();
                next[i] = if horizontal {
                    ((x as i64 + shift) as usize, y, len, horizontal)
                } else {
                    (x, (y as i64 + shift) as usize, len, horizontal)
                };
                out.push(((i, shift as i32), next));
                d += 1;
            }
        }
    }
    out
}

/// Plays one slide: the state it leads to, `None` when it is no move.
pub fn play(board: &Board, state: &State, slide: Slide) -> Option<State> {
    moves(board, state)
        .into_iter()
        .find(|(s, _)| *s == slide)
        .map(|(_, next)| next)
}

/// Breadth-first search from `start`; won states are not played on.
pub fn explore(board: &Board, start: &State) -> Graph {
    explore_at_most(board, start, usize::MAX).expect("no limit")
}

/// [`explore`], or `None` as soon as it finds more than `most` states.
pub fn explore_at_most(board: &Board, start: &State, most: usize) -> Option<Graph> {
    let mut graph = Graph {
        states: vec![start.clone()],
        index: HashMap::from([(start.clone(), 0)]),
        edges: vec![Vec::new()],
        won: vec![is_won(board, start)],
        depth: vec![0],
    };
    let mut queue = VecDeque::from([0usize]);
    while let Some(n) = queue.pop_front() {
        if graph.won[n] {
            continue;
        }
        let state = graph.states[n].clone();
        for (slide, next) in moves(board, &state) {
            let m = match graph.index.get(&next) {
                Some(&m) => m,
                None => {
                    let m = graph.states.len();
                    graph.index.insert(next.clone(), m);
                    graph.won.push(is_won(board, &next));
                    graph.depth.push(graph.depth[n] + 1);
                    graph.states.push(next);
                    graph.edges.push(Vec::new());
                    queue.push_back(m);
                    m
                }
            };
            graph.edges[n].push((m, slide.1.unsigned_abs() as usize, slide));
        }
        if graph.states.len() > most {
            return None;
        }
    }
    Some(graph)
}

impl Graph {
    /// The fewest moves to a win from the start.
    pub fn shortest_moves(&self) -> Option<usize> {
        (0..self.states.len())
            .filter(|&n| self.won[n])
            .map(|n| self.depth[n])
            .min()
    }

    /// Each state's fewest moves to a win (`None`: no win reachable), by a
    /// breadth-first search backward from every won state.
    pub fn moves_to_win(&self) -> Vec<Option<usize>> {
        let mut back: Vec<Vec<usize>> = vec![Vec::new(); self.states.len()];
        for (n, edges) in self.edges.iter().enumerate() {
            for &(m, _, _) in edges {
                back[m].push(n);
            }
        }
        let mut dist: Vec<Option<usize>> = self.won.iter().map(|&w| w.then_some(0)).collect();
        let mut queue: VecDeque<usize> = (0..self.states.len()).filter(|&n| self.won[n]).collect();
        while let Some(m) = queue.pop_front() {
            let d = dist[m].expect("queued states have a distance");
            for &n in &back[m] {
                if dist[n].is_none() {
                    dist[n] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// The fewest steps (cells) to a win over all solutions: Dijkstra.
    pub fn shortest_steps(&self) -> Option<usize> {
        let mut best = vec![usize::MAX; self.states.len()];
        let mut heap = BinaryHeap::from([Reverse((0usize, 0usize))]);
        best[0] = 0;
        while let Some(Reverse((cost, n))) = heap.pop() {
            if cost > best[n] {
                continue;
            }
            if self.won[n] {
                return Some(cost);
            }
            for &(m, cells, _) in &self.edges[n] {
                if cost + cells < best[m] {
                    best[m] = cost + cells;
                    heap.push(Reverse((cost + cells, m)));
                }
            }
        }
        None
    }

    /// Each state's number of distinct shortest move sequences from the
    /// start (saturating) and, among them, the fewest steps.
    fn shortest_paths(&self) -> (Vec<u64>, Vec<usize>) {
        let mut order: Vec<usize> = (0..self.states.len()).collect();
        order.sort_by_key(|&n| self.depth[n]);
        let mut count = vec![0u64; self.states.len()];
        let mut steps = vec![usize::MAX; self.states.len()];
        count[0] = 1;
        steps[0] = 0;
        for n in order {
            for &(m, cells, _) in &self.edges[n] {
                if self.depth[m] == self.depth[n] + 1 {
                    count[m] = count[m].saturating_add(count[n]);
                    steps[m] = steps[m].min(steps[n] + cells);
                }
            }
        }
        (count, steps)
    }

    /// Distinct move sequences of the fewest moves to a win (saturating).
    pub fn shortest_solutions(&self) -> u64 {
        let Some(shortest) = self.shortest_moves() else {
            return 0;
        };
        let (count, _) = self.shortest_paths();
        (0..self.states.len())
            .filter(|&n| self.won[n] && self.depth[n] == shortest)
            .fold(0u64, |sum, n| sum.saturating_add(count[n]))
    }

    /// The fewest steps among the solutions of the fewest moves.
    pub fn steps_of_shortest_solutions(&self) -> Option<usize> {
        let shortest = self.shortest_moves()?;
        let (_, steps) = self.shortest_paths();
        (0..self.states.len())
            .filter(|&n| self.won[n] && self.depth[n] == shortest)
            .map(|n| steps[n])
            .min()
    }

    /// The figures the engine's report is compared on.
    pub fn figures(&self) -> Figures {
        let solvable = self.won.iter().any(|&w| w);
        Figures {
            states: self.states.len(),
            won_states: self.won.iter().filter(|&&w| w).count(),
            shortest_moves: self.shortest_moves(),
            shortest_steps: self.shortest_steps(),
            farthest: if solvable {
                self.moves_to_win().into_iter().flatten().max()
            } else {
                None
            },
            shortest_solutions: self.shortest_solutions(),
        }
    }
}

/// Everything about a start, in one call.
pub fn reference(board: &Board, start: &State) -> Figures {
    explore(board, start).figures()
}

/// A Fogleman line of `n * n` board characters (numbers before or after
/// ignored): `o`/`.` empty, `x` a wall, `A` the primary, other capitals
/// vehicles. `None` when it is not such a board.
pub fn from_fogleman(line: &str) -> Option<(Board, State)> {
    let board_text = line
        .split_whitespace()
        .find(|word| !word.chars().all(|c| c.is_ascii_digit()))?;
    let cells: Vec<char> = board_text.chars().collect();
    let n = (4..=10).find(|n| n * n == cells.len())?;
    let mut board = Board {
        w: n,
        h: n,
        wall: vec![false; n * n],
    };
    let mut letters: Vec<char> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        match c {
            'x' => board.wall[i] = true,
            'o' | '.' => {}
            'A'..='Z' if !letters.contains(&c) => letters.push(c),
            'A'..='Z' => {}
            _ => return None,
        }
    }
    letters.sort_by_key(|&c| (c != 'A', c));
    if letters.first() != Some(&'A') {
        return None;
    }
    let mut state = Vec::new();
    for letter in letters {
        let at: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == letter).collect();
        let (x, y) = (at[0] % n, at[0] / n);
        let horizontal = at.len() > 1 && at[1] == at[0] + 1;
        let step = if horizontal { 1 } else { n };
        let straight = at.iter().enumerate().all(|(k, &i)| i == at[0] + k * step)
            && (!horizontal || at[at.len() - 1] / n == y);
        if at.len() < 2 || !straight || (letter == 'A' && !horizontal) {
            return None;
        }
        state.push((x, y, at.len(), horizontal));
    }
    Some((board, state))
}

/// A puzzle of the archive's JSON (6 x 6, `cars` with `length`,
/// `orientation`, `position` = row * 6 + column, `player`).
pub fn from_archive_json(value: &Value) -> Option<(Board, State)> {
    let board = Board {
        w: 6,
        h: 6,
        wall: vec![false; 36],
    };
    let mut primary = None;
    let mut others = Vec::new();
    for car in value.get("cars")?.as_array()? {
        let position = car.get("position")?.as_u64()? as usize;
        let length = car.get("length")?.as_u64()? as usize;
        let horizontal = car.get("orientation")?.as_str()? == "horizontal";
        let vehicle = (position % 6, position / 6, length, horizontal);
        if car.get("player")?.as_bool()? {
            primary = Some(vehicle);
        } else {
            others.push(vehicle);
        }
    }
    let mut state = vec![primary?];
    state.extend(others);
    Some((board, state))
}

/// A board with no walls.
pub fn open_board(w: usize, h: usize) -> Board {
    Board {
        w,
        h,
        wall: vec![false; w * h],
    }
}

/// The primary alone on a 4 x 4 board, two cells from the exit: three
/// places, one won; every unwon place is one move from the exit.
#[test]
fn the_primary_alone_drives_out_in_one_slide_of_two_steps() {
    let board = open_board(4, 4);
    let figures = reference(&board, &vec![(0, 1, 2, true)]);
    assert_eq!(
        figures,
        Figures {
            states: 3,
            won_states: 1,
            shortest_moves: Some(1),
            shortest_steps: Some(2),
            farthest: Some(1),
            shortest_solutions: 1,
        }
    );
    // A start that is already won is not played on.
    let figures = reference(&board, &vec![(2, 1, 2, true)]);
    assert_eq!(
        figures,
        Figures {
            states: 1,
            won_states: 1,
            shortest_moves: Some(0),
            shortest_steps: Some(0),
            farthest: Some(0),
            shortest_solutions: 1,
        }
    );
}

/// The primary on row 1 of a 4 x 4 board, a vertical car B over it in
/// column 2 (rows 0-1). Places (A's x, B's y): (0,0) start, (0,1), (0,2)
/// (B out of the row), (1,2), (2,2) won; B cannot come back up past A at
/// x 1. B down two then A two: 2 moves, 4 steps; the way through (0,1)
/// also takes 4 steps. Moves to a win: (0,2), (1,2) one, (0,0), (0,1) two.
#[test]
fn a_car_across_the_primary_row_moves_out_of_the_way() {
    let board = open_board(4, 4);
    let start = vec![(0, 1, 2, true), (2, 0, 2, false)];
    let graph = explore(&board, &start);
    assert_eq!(
        graph.figures(),
        Figures {
            states: 5,
            won_states: 1,
            shortest_moves: Some(2),
            shortest_steps: Some(4),
            farthest: Some(2),
            shortest_solutions: 1,
        }
    );
    // From the start: B+1, B+2; A cannot move.
    let slides: Vec<Slide> = moves(&board, &start).into_iter().map(|m| m.0).collect();
    assert_eq!(slides, vec![(1, 1), (1, 2)]);
    let freed = play(&board, &start, (1, 2)).unwrap();
    assert_eq!(
        play(&board, &freed, (0, 2)),
        Some(vec![(2, 1, 2, true), (2, 2, 2, false)])
    );
    assert_eq!(play(&board, &start, (0, 1)), None, "A cannot pass B");
}

/// The fewest moves are not the fewest steps. A 5 x 7 board: A on row 3
/// (x 0), truck B vertical in column 2 over rows 3-5, car C horizontal on
/// the last row over columns 2-3 (under B). B up three (1 move, 3 steps),
/// A out (3 steps): 2 moves, 6 steps, the only 2-move solution. C right,
/// B down, A out: 3 moves, 1 + 1 + 3 = 5 steps, the fewest.
///
/// States (A's x, B's y, C's x), A 0-3, B 0-4, C 0-3: A at 0 with any B
/// and C but B at 4 over C at 1 or 2: 18; A at 1 or 2 needs B at 0 (any C,
/// 4) or at 4 (C at 0 or 3, 2): 12; A at 3 (won) reached from those: 6;
/// 36 in all. Every state with A at 0 and B in the row slides B up, then
/// A out: two moves, the farthest.
#[test]
fn the_fewest_steps_can_take_more_moves() {
    let board = open_board(5, 7);
    let start = vec![(0, 3, 2, true), (2, 3, 3, false), (2, 6, 2, true)];
    let graph = explore(&board, &start);
    assert_eq!(
        graph.figures(),
        Figures {
            states: 36,
            won_states: 6,
            shortest_moves: Some(2),
            shortest_steps: Some(5),
            farthest: Some(2),
            shortest_solutions: 1,
        }
    );
    assert_eq!(graph.steps_of_shortest_solutions(), Some(6));
}

/// A horizontal car right of the primary on its row: no win, whatever
/// the rest does. A 4 x 4 board, A and B on row 0, a vertical car C in
/// the last column below B (rows 2-3) that can move up one: 2 states.
#[test]
fn a_horizontal_blocker_on_the_primary_row_makes_it_unsolvable() {
    let mut board = open_board(4, 4);
    let start = vec![(0, 0, 2, true), (2, 0, 2, true), (3, 2, 2, false)];
    assert_eq!(
        reference(&board, &start),
        Figures {
            states: 2,
            won_states: 0,
            shortest_moves: None,
            shortest_steps: None,
            farthest: None,
            shortest_solutions: 0,
        }
    );
    // A wall in the way instead of B blocks it just the same.
    board.wall[3] = true;
    let start = vec![(0, 0, 2, true)];
    assert_eq!(reference(&board, &start).states, 2);
    assert_eq!(reference(&board, &start).shortest_moves, None);
}

/// Two blockers, each with two ways out of the primary's row: every
/// choice and every order counts. A 4 x 5 board, A on row 2 (x 0), car B
/// over column 2 (rows 1-2: B-1 or B+2 clears the row), car C over column
/// 3 (rows 2-3: C-2 or C+1 clears it), then A+2: 2 * 2 ways * 2 orders =
/// 8 sequences of 3 moves, the fewest steps 1 + 1 + 2 = 4.
///
/// States (A's x, B's y, C's y), B and C 0-3 each: A at 0, any: 16; A at
/// 1 needs B out of row 2 (y 0 or 3), C any: 8; A at 2 (won) needs both
/// out: 4; 28 in all. The farthest: both in the row, A at 0: 3 moves.
#[test]
fn shortest_sequences_count_every_choice_and_order() {
    let board = open_board(4, 5);
    let start = vec![(0, 2, 2, true), (2, 1, 2, false), (3, 2, 2, false)];
    assert_eq!(
        reference(&board, &start),
        Figures {
            states: 28,
            won_states: 4,
            shortest_moves: Some(3),
            shortest_steps: Some(4),
            farthest: Some(3),
            shortest_solutions: 8,
        }
    );
}

/// Fogleman's published example needs 49 moves.
#[test]
fn foglemans_example_needs_49_moves() {
    let (board, start) = from_fogleman("BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM").unwrap();
    assert_eq!(start.len(), 13);
    let figures = reference(&board, &start);
    assert_eq!(figures.shortest_moves, Some(49));
    assert!(figures.farthest.unwrap() >= 49);
}

//! Sokoban's engine analysis against a plain reference written here, apart
//! from the engine: a breadth-first search over (player, sorted boxes)
//! with a `HashMap`, the reverse search from the won states for the
//! deadlocks, the traps counted edge by edge, the fewest moves by the
//! forward search and the fewest pushes by Dijkstra (a push costs 1, a
//! step 0). On at least 500 random small levels both agree on states, won
//! states, deadlocks, traps, the first trap's depth, the fewest moves and
//! the fewest pushes, and the engine's LURD solution plays to a win under
//! the reference's rules with its pushes in upper case.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

use levelscope::engine::Job;
use levelscope::kinds::sokoban::{analyze, analyze_by_steps, read_xsb_one};
use proptest::prelude::*;

/// A board: walls and goals one a cell, row by row.
#[derive(Clone, Debug)]
pub struct Board {
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
    /// Walls.
    pub wall: Vec<bool>,
    /// Goals.
    pub goal: Vec<bool>,
}

/// A position: the player's cell and the boxes' cells, sorted.
pub type State = (usize, Vec<usize>);

/// What the reference finds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    /// Reachable states, won ones included.
    pub states: u64,
    /// Won states.
    pub won: u64,
    /// States from which no win is reachable.
    pub dead_ends: u64,
    /// Moves from a winnable, unwon state into a dead end.
    pub traps: u64,
    /// The fewest moves to the deadlock of a trap.
    pub first_trap_depth: Option<u32>,
    /// The fewest moves to a win.
    pub shortest_moves: Option<u32>,
    /// The fewest pushes to a win.
    pub min_pushes: Option<u32>,
}

/// The cell one step from `i` the way `d` goes (0 up, 1 right, 2 down,
/// 3 left), if it is on the board.
fn step(b: &Board, i: usize, d: usize) -> Option<usize> {
    let (x, y) = (i % b.w, i / b.w);
    match d {
        0 if y > 0 => Some(i - b.w),
        1 if x + 1 < b.w => Some(i + 1),
        2 if y + 1 < b.h => Some(i + b.w),
        3 if x > 0 => Some(i - 1),
        _ => None,
    }
}

/// The state after moving `d`, and whether it pushed; `None` for no move.
pub fn play(b: &Board, s: &State, d: usize) -> Option<(State, bool)> {
    let (p, boxes) = s;
    let q = step(b, *p, d).filter(|&q| !b.wall[q])?;
    if !boxes.contains(&q) {
        return Some(((q, boxes.clone()), false));
    }
    let r = step(b, q, d).filter(|&r| !b.wall[r] && !boxes.contains(&r))?;
    let mut moved: Vec<usize> = boxes.iter().map(|&x| if x == q { r } else { x }).collect();
    moved.sort_unstable();
    Some(((q, moved), true))
}

/// Whether every box is on a goal.
pub fn won(b: &Board, s: &State) -> bool {
    s.1.iter().all(|&x| b.goal[x])
}

/// Explores everything from `start` and counts.
pub fn reference(b: &Board, start: &State) -> Figures {
    let mut id: HashMap<State, usize> = HashMap::new();
    let mut states: Vec<State> = Vec::new();
    let mut depth: Vec<u32> = Vec::new();
    let mut edges: Vec<Vec<(usize, bool)>> = Vec::new();
    id.insert(start.clone(), 0);
    states.push(start.clone());
    depth.push(0);
    let mut queue = VecDeque::from([0usize]);
    while let Some(i) = queue.pop_front() {
        let s = states[i].clone();
        let mut out = Vec::new();
        if !won(b, &s) {
            for d in 0..4 {
                if let Some((t, push)) = play(b, &s, d) {
                    let j = *id.entry(t.clone()).or_insert_with(|| {
                        states.push(t.clone());
                        depth.push(depth[i] + 1);
                        queue.push_back(states.len() - 1);
                        states.len() - 1
                    });
                    out.push((j, push));
                }
            }
        }
        edges.push(out);
    }
    let n = states.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, out) in edges.iter().enumerate() {
        for &(j, _) in out {
            preds[j].push(i);
        }
    }
    let mut winnable = vec![false; n];
    let mut stack: Vec<usize> = (0..n).filter(|&i| won(b, &states[i])).collect();
    for &i in &stack {
        winnable[i] = true;
    }
    while let Some(j) = stack.pop() {
        for &i in &preds[j] {
            if !winnable[i] {
                winnable[i] = true;
                stack.push(i);
            }
        }
    }
    let mut traps = 0;
    let mut first_trap_depth: Option<u32> = None;
    for i in 0..n {
        if !winnable[i] || won(b, &states[i]) {
            continue;
        }
        for &(j, _) in &edges[i] {
            if !winnable[j] {
                traps += 1;
                let d = depth[i] + 1;
                first_trap_depth = Some(first_trap_depth.map_or(d, |f| f.min(d)));
            }
        }
    }
    let shortest_moves = (0..n)
        .filter(|&i| won(b, &states[i]))
        .map(|i| depth[i])
        .min();
    // Dijkstra over pushes.
    let mut best = vec![u32::MAX; n];
    best[0] = 0;
    let mut heap = BinaryHeap::from([Reverse((0u32, 0usize))]);
    let mut min_pushes = None;
    while let Some(Reverse((cost, i))) = heap.pop() {
        if cost > best[i] {
            continue;
        }
        if won(b, &states[i]) {
            min_pushes = Some(cost);
            break;
        }
        for &(j, push) in &edges[i] {
            let c = cost + u32::from(push);
            if c < best[j] {
                best[j] = c;
                heap.push(Reverse((c, j)));
            }
        }
    }
    Figures {
        states: n as u64,
        won: (0..n).filter(|&i| won(b, &states[i])).count() as u64,
        dead_ends: winnable.iter().filter(|&&w| !w).count() as u64,
        traps,
        first_trap_depth,
        shortest_moves,
        min_pushes,
    }
}

/// The fewest moves among the solutions with the fewest pushes (Dijkstra
/// on pushes, then moves), or `None` when no win is reachable.
pub fn moves_at_fewest_pushes(b: &Board, start: &State) -> Option<(u32, u32)> {
    let mut best: HashMap<State, (u32, u32)> = HashMap::from([(start.clone(), (0, 0))]);
    let mut heap = BinaryHeap::from([Reverse(((0u32, 0u32), start.clone()))]);
    while let Some(Reverse((cost, s))) = heap.pop() {
        if best.get(&s).is_some_and(|&c| c < cost) {
            continue;
        }
        if won(b, &s) {
            return Some(cost);
        }
        for d in 0..4 {
            if let Some((t, push)) = play(b, &s, d) {
                let c = (cost.0 + u32::from(push), cost.1 + 1);
                if best.get(&t).is_none_or(|&old| c < old) {
                    best.insert(t.clone(), c);
                    heap.push(Reverse((c, t)));
                }
            }
        }
    }
    None
}

/// A random valid level: a walled `w x h` interior with random inner
/// walls, the player, and `k` boxes and `k` goals on cells of the
/// player's region; its XSB text, its board and its start.
#[derive(Clone)]
struct Case {
    text: String,
    board: Board,
    start: State,
}

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}", self.text)
    }
}

fn make_case(
    iw: usize,
    ih: usize,
    walls: &[bool],
    player: usize,
    boxes: &[usize],
    goals: &[usize],
) -> Option<Case> {
    let (w, h) = (iw + 2, ih + 2);
    let mut wall = vec![true; w * h];
    for y in 0..ih {
        for x in 0..iw {
            wall[(y + 1) * w + x + 1] = walls[y * iw + x];
        }
    }
    let inner: Vec<usize> = (0..w * h).filter(|&i| !wall[i]).collect();
    if inner.is_empty() {
        return None;
    }
    let p = inner[player % inner.len()];
    // The player's region.
    let b0 = Board {
        w,
        h,
        wall: wall.clone(),
        goal: vec![false; w * h],
    };
    let mut region = vec![p];
    let mut seen = vec![false; w * h];
    seen[p] = true;
    let mut k = 0;
    while k < region.len() {
        for d in 0..4 {
            if let Some(q) = step(&b0, region[k], d).filter(|&q| !wall[q] && !seen[q]) {
                seen[q] = true;
                region.push(q);
            }
        }
        k += 1;
    }
    region.sort_unstable();
    let free: Vec<usize> = region.iter().copied().filter(|&c| c != p).collect();
    let pick = |picks: &[usize], pool: &[usize]| -> Option<Vec<usize>> {
        let mut pool = pool.to_vec();
        let mut out = Vec::new();
        for &r in picks {
            if pool.is_empty() {
                return None;
            }
            out.push(pool.remove(r % pool.len()));
        }
        out.sort_unstable();
        Some(out)
    };
    let box_cells = pick(boxes, &free)?;
    let goal_cells = pick(goals, &region)?;
    let mut goal = vec![false; w * h];
    for &g in &goal_cells {
        goal[g] = true;
    }
    let mut text = String::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let ch = match (wall[i], goal[i], box_cells.contains(&i), i == p) {
                (true, ..) => '#',
                (false, false, false, false) => ' ',
                (false, true, false, false) => '.',
                (false, false, true, _) => '$',
                (false, true, true, _) => '*',
                (false, false, false, true) => '@',
                (false, true, false, true) => '+',
            };
            text.push(ch);
        }
        text.push('\n');
    }
    Some(Case {
        text,
        board: Board { w, h, wall, goal },
        start: (p, box_cells),
    })
}

fn cases() -> impl Strategy<Value = Case> {
    (4usize..=6, 4usize..=6, 1usize..=3)
        .prop_flat_map(|(iw, ih, k)| {
            (
                Just((iw, ih)),
                prop::collection::vec(prop::bool::weighted(0.3), iw * ih),
                any::<usize>(),
                prop::collection::vec(any::<usize>(), k),
                prop::collection::vec(any::<usize>(), k),
            )
        })
        .prop_filter_map("too few cells", |((iw, ih), walls, p, boxes, goals)| {
            make_case(iw, ih, &walls, p, &boxes, &goals)
        })
}

/// Replays a LURD string under the reference's rules: the state it ends
/// in, or `None` when a letter is no move or has the wrong case.
fn replay(b: &Board, start: &State, lurd: &str) -> Option<State> {
    let mut s = start.clone();
    for ch in lurd.chars() {
        let d = "urdl".find(ch.to_ascii_lowercase())?;
        let (t, push) = play(b, &s, d)?;
        if push != ch.is_ascii_uppercase() {
            return None;
        }
        s = t;
    }
    Some(s)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 520, ..ProptestConfig::default() })]

    #[test]
    fn the_engine_agrees_with_the_reference(case in cases()) {
        let level = read_xsb_one(&case.text).unwrap();
        prop_assert!(level.problems().is_empty(), "{:?}", level.problems());
        let a = analyze(&level, &Job::default()).unwrap();
        let r = &a.report;
        let want = reference(&case.board, &case.start);
        let got = Figures {
            states: r.states,
            won: r.won_states,
            dead_ends: r.dead_ends,
            traps: r.traps,
            first_trap_depth: r.first_trap_depth,
            shortest_moves: r.shortest_moves,
            min_pushes: r.min_pushes,
        };
        prop_assert_eq!(got, want);
        if let Some(lurd) = &r.solution {
            prop_assert_eq!(Some(lurd.len() as u32), r.shortest_moves);
            let end = replay(&case.board, &case.start, lurd);
            prop_assert!(end.is_some_and(|s| won(&case.board, &s)), "{lurd} does not win");
        }
        prop_assert_eq!(r.solvable, r.shortest_moves.is_some());
    }
}

/// Random levels a little bigger than [`cases`]: up to 7 x 7 inside and
/// up to four boxes.
fn bigger_cases() -> impl Strategy<Value = Case> {
    (4usize..=7, 4usize..=7, 1usize..=4)
        .prop_flat_map(|(iw, ih, k)| {
            (
                Just((iw, ih)),
                prop::collection::vec(prop::bool::weighted(0.25), iw * ih),
                any::<usize>(),
                prop::collection::vec(any::<usize>(), k),
                prop::collection::vec(any::<usize>(), k),
            )
        })
        .prop_filter_map("too few cells", |((iw, ih), walls, p, boxes, goals)| {
            make_case(iw, ih, &walls, p, &boxes, &goals)
        })
}

/// How many random levels [`positions_agree_with_the_step_level_analysis`]
/// tries: `PROPTEST_CASES` when set, else 500.
fn position_cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(500)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: position_cases(), ..ProptestConfig::default() })]

    /// The analysis over positions (what `analyze` does) gives the whole
    /// report of the step-level analysis: every count, the depth
    /// histogram, the first trap's story, the fewest moves and pushes and
    /// the very same LURD solution.
    #[test]
    fn positions_agree_with_the_step_level_analysis(case in bigger_cases()) {
        let level = read_xsb_one(&case.text).unwrap();
        let by_positions = analyze(&level, &Job::default()).unwrap();
        let by_steps = analyze_by_steps(&level, &Job::default()).unwrap();
        let mut got = by_positions.report.clone();
        got.elapsed_ms = by_steps.elapsed_ms;
        prop_assert_eq!(got, by_steps);
        prop_assert!(by_positions.positions.len() as u64 <= by_positions.report.states);
    }
}

/// A level whose fewest pushes need more moves than its fewest moves
/// (found by the reference on random levels): the fewest moves push the
/// box more often than the fewest pushes, which walk round it.
#[test]
fn fewest_pushes_can_need_more_than_the_fewest_moves() {
    let text = "\
#######
##.   #
#@$   #
###   #
#    ##
#######
";
    let level = read_xsb_one(text).unwrap();
    let r = analyze(&level, &Job::default()).unwrap().report;
    let case = make_case_from_text(text);
    let (pushes, moves) = moves_at_fewest_pushes(&case.0, &case.1).unwrap();
    assert_eq!((r.shortest_moves, r.min_pushes), (Some(9), Some(pushes)));
    assert_eq!((pushes, moves), (3, 11));
    let lurd = r.solution.clone().unwrap();
    assert!(
        lurd.chars().filter(char::is_ascii_uppercase).count() > 3,
        "{lurd}"
    );
    assert_eq!(
        r.verdict.split(';').next(),
        Some("solvable in 9 moves (with 5 pushes), or in as few as 3 pushes")
    );
}

/// The reference's board and start of an XSB text (one player, no
/// sealed boxes).
fn make_case_from_text(text: &str) -> (Board, State) {
    let rows: Vec<&str> = text.lines().collect();
    let w = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let h = rows.len();
    let mut board = Board {
        w,
        h,
        wall: vec![false; w * h],
        goal: vec![false; w * h],
    };
    let (mut player, mut boxes) = (0, Vec::new());
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let i = y * w + x;
            board.wall[i] = ch == '#';
            board.goal[i] = matches!(ch, '.' | '*' | '+');
            if matches!(ch, '$' | '*') {
                boxes.push(i);
            }
            if matches!(ch, '@' | '+') {
                player = i;
            }
        }
    }
    (board, (player, boxes))
}

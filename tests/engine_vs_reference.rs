//! The engine's Skiddy analysis against the simple reference analyzer in
//! `tests/reference`, on random small valid levels; and the per-tick trace
//! against the fast step.

use crate::skiddy_reference as reference;

use std::collections::{HashMap, HashSet};
use std::fmt;

use levelscope::engine::{Job, Route};
use levelscope::kinds::skiddy::{
    analyze, label_name, Cell, Colour, Dir, Floor, Level, Piece, Rules,
};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;

use reference::{parse_moves, replay, Reference, GONE};

/// The most movable pieces a generated level has (so state graphs stay
/// small).
const MAX_PIECES: usize = 6;

/// A generated level; its `Debug` form is the ASCII board (plus the cells
/// whose piece starts inside a pit, which ASCII cannot say), so a failing
/// case prints as a level one can paste.
#[derive(Clone)]
struct TestLevel(Level);

fn cell_char(cell: Cell) -> char {
    let colour = |c: Colour| match c {
        Colour::Red => 'r',
        Colour::Blue => 'b',
        Colour::Green => 'g',
        Colour::Yellow => 'y',
    };
    match (cell.floor, cell.piece) {
        (_, Some(Piece::Skiddy(c))) => colour(c).to_ascii_uppercase(),
        (_, Some(Piece::Crate)) => 'c',
        (_, Some(Piece::Ice)) => 'i',
        (Floor::Empty, None) => '.',
        (Floor::Block, None) => '#',
        (Floor::Pit, None) => 'o',
        (Floor::Goal(c), None) => colour(c),
    }
}

impl fmt::Debug for TestLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = &self.0;
        writeln!(f)?;
        let mut in_pit = Vec::new();
        for y in 0..level.height() {
            for x in 0..level.width() {
                let cell = level.cell(x, y);
                if cell.floor == Floor::Pit && cell.piece.is_some() {
                    in_pit.push((x, y));
                }
                write!(f, "{}", cell_char(cell))?;
            }
            writeln!(f)?;
        }
        if !in_pit.is_empty() {
            writeln!(f, "pieces starting inside a pit at (x, y): {in_pit:?}")?;
        }
        Ok(())
    }
}

/// What the generator puts in an inner cell. Colours are slots (0 or 1) of
/// the level's palette.
#[derive(Clone, Copy, Debug)]
enum Inner {
    Empty,
    Block,
    Pit,
    Skiddy(u8),
    Crate,
    Ice,
    /// A piece starting inside a pit: 0 and 1 are Skiddies of those colour
    /// slots, 2 a crate, 3 an ice cube.
    InPit(u8),
}

fn inner_cell() -> impl Strategy<Value = Inner> {
    prop_oneof![
        7 => Just(Inner::Empty),
        3 => Just(Inner::Block),
        2 => Just(Inner::Pit),
        6 => (0u8..2).prop_map(Inner::Skiddy),
        2 => Just(Inner::Crate),
        2 => Just(Inner::Ice),
        1 => (0u8..4).prop_map(Inner::InPit),
    ]
}

/// A border cell: a block, or a goal of a colour slot.
fn border_cell() -> impl Strategy<Value = Option<u8>> {
    prop_oneof![
        3 => Just(None),
        1 => (0u8..2).prop_map(Some),
    ]
}

/// The border cells in a fixed order, and whether each is a corner.
fn border_cells(w: usize, h: usize) -> Vec<((usize, usize), bool)> {
    let mut cells = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if x == 0 || y == 0 || x + 1 == w || y + 1 == h {
                let corner = (x == 0 || x + 1 == w) && (y == 0 || y + 1 == h);
                cells.push(((x, y), corner));
            }
        }
    }
    cells
}

#[allow(clippy::too_many_arguments)]
fn build_level(
    w: usize,
    h: usize,
    inner: &[Inner],
    border: &[Option<u8>],
    colours: usize,
    first_colour: usize,
    colour_step: usize,
    skiddy_spot: Index,
    goal_spots: [Index; 2],
) -> Level {
    let palette = [
        Colour::ALL[first_colour % 4],
        Colour::ALL[(first_colour + colour_step) % 4],
    ];
    let colour = |slot: u8| palette[slot as usize % colours];
    let mut level = Level::new(w, h);

    // Inner cells, at most MAX_PIECES pieces (later ones become bare floor).
    let mut pieces = 0;
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let spec = inner[(y - 1) * (w - 2) + (x - 1)];
            let cell = match spec {
                Inner::Empty => Cell::floor(Floor::Empty),
                Inner::Block => Cell::floor(Floor::Block),
                Inner::Pit => Cell::floor(Floor::Pit),
                Inner::Skiddy(c) => Cell::piece(Piece::Skiddy(colour(c))),
                Inner::Crate => Cell::piece(Piece::Crate),
                Inner::Ice => Cell::piece(Piece::Ice),
                Inner::InPit(k) => Cell {
                    floor: Floor::Pit,
                    piece: Some(match k {
                        0 | 1 => Piece::Skiddy(colour(k)),
                        2 => Piece::Crate,
                        _ => Piece::Ice,
                    }),
                },
            };
            let cell = if cell.piece.is_some() && pieces >= MAX_PIECES {
                Cell::floor(cell.floor)
            } else {
                cell
            };
            pieces += cell.piece.is_some() as usize;
            level.set_cell(x, y, cell);
        }
    }

    // Border cells.
    let ring = border_cells(w, h);
    for (&((x, y), _), &goal) in ring.iter().zip(border) {
        if let Some(slot) = goal {
            level.set_cell(x, y, Cell::floor(Floor::Goal(colour(slot))));
        }
    }

    // At least one Skiddy.
    let has_skiddy = |level: &Level| level.pieces().any(|(_, p)| matches!(p, Piece::Skiddy(_)));
    if !has_skiddy(&level) {
        let spot = skiddy_spot.index((w - 2) * (h - 2));
        let (x, y) = (1 + spot % (w - 2), 1 + spot / (w - 2));
        let floor = match level.cell(x, y).floor {
            Floor::Pit => Floor::Pit,
            _ => Floor::Empty,
        };
        level.set_cell(
            x,
            y,
            Cell {
                floor,
                piece: Some(Piece::Skiddy(palette[0])),
            },
        );
    }

    // A goal for every Skiddy colour, on a side (not a corner) cell, never
    // taking the last goal of another colour.
    for (i, &c) in palette[..colours].iter().enumerate() {
        let count = |level: &Level, c: Colour| {
            ring.iter()
                .filter(|((x, y), _)| level.cell(*x, *y).floor == Floor::Goal(c))
                .count()
        };
        let used = level.pieces().any(|(_, p)| p == Piece::Skiddy(c));
        if !used || count(&level, c) > 0 {
            continue;
        }
        let candidates: Vec<(usize, usize)> = ring
            .iter()
            .filter(|(_, corner)| !corner)
            .map(|&(xy, _)| xy)
            .filter(|&(x, y)| match level.cell(x, y).floor {
                Floor::Goal(other) => count(&level, other) > 1,
                _ => true,
            })
            .collect();
        let (x, y) = candidates[goal_spots[i].index(candidates.len())];
        level.set_cell(x, y, Cell::floor(Floor::Goal(c)));
    }
    level
}

/// Random valid small Skiddy levels: 3..=7 wide, 3..=6 high, 1 or 2
/// colours, at most MAX_PIECES pieces.
fn levels() -> impl Strategy<Value = TestLevel> {
    (3usize..=7, 3usize..=6)
        .prop_flat_map(|(w, h)| {
            (
                Just(w),
                Just(h),
                prop::collection::vec(inner_cell(), (w - 2) * (h - 2)),
                prop::collection::vec(border_cell(), 2 * (w + h) - 4),
                prop_oneof![1 => Just(1usize), 2 => Just(2usize)],
                0usize..4,
                1usize..4,
                any::<Index>(),
                any::<[Index; 2]>(),
            )
        })
        .prop_map(
            |(w, h, inner, border, colours, first, step, skiddy_spot, goal_spots)| {
                let level = build_level(
                    w,
                    h,
                    &inner,
                    &border,
                    colours,
                    first,
                    step,
                    skiddy_spot,
                    goal_spots,
                );
                assert!(
                    level.is_valid(),
                    "the generator made an invalid level: {:?}\n{:?}",
                    level.problems(),
                    TestLevel(level.clone())
                );
                TestLevel(level)
            },
        )
}

/// Checks one reported shortest solution: it replays from the start, every
/// move changes something, it wins after exactly `length` moves and not
/// before; returns the states on the way.
fn check_solution(
    rules: &Rules,
    what: &str,
    length: Option<u32>,
    solution: &Option<String>,
) -> Result<Option<Vec<Vec<u8>>>, TestCaseError> {
    let (length, solution) = match (length, solution) {
        (None, None) => return Ok(None),
        (Some(l), Some(s)) => (l, s),
        _ => {
            return Err(TestCaseError::fail(format!(
                "{what}: shortest {length:?} but solution {solution:?}"
            )))
        }
    };
    let moves = parse_moves(solution);
    prop_assert_eq!(
        moves.len() as u32,
        length,
        "{}: solution {:?} has the wrong length",
        what,
        solution
    );
    let path = replay(rules, &moves);
    for (i, state) in path.iter().enumerate() {
        let won = rules.is_won(state);
        let last = i + 1 == path.len();
        prop_assert_eq!(
            won,
            last,
            "{}: solution {:?}: after {} moves won = {}",
            what,
            solution,
            i,
            won
        );
    }
    Ok(Some(path))
}

fn check_against_reference(level: &Level) -> Result<(), TestCaseError> {
    let analysis = analyze(level, &Job::default())
        .map_err(|e| TestCaseError::fail(format!("analyze failed: {e}")))?;
    let reference = Reference::new(level);
    let rules = &analysis.rules;
    let summary = &analysis.summary;
    let n = analysis.state_count();

    // Counts.
    prop_assert_eq!(n, reference.state_count(), "state count");
    prop_assert_eq!(
        summary.states,
        reference.state_count() as u64,
        "summary.states"
    );
    prop_assert_eq!(summary.won_states, reference.won_count(), "won states");
    prop_assert_eq!(summary.dead_ends, reference.dead_end_count(), "dead ends");
    prop_assert_eq!(summary.traps, reference.trap_count(), "traps");

    // Every state: the same set of states, and per state the label, the
    // three distances, the depth and the successors.
    let ids: HashMap<Vec<u8>, u32> = (0..n as u32)
        .map(|id| (analysis.positions(id), id))
        .collect();
    prop_assert_eq!(ids.len(), n, "the engine has two ids for one state");
    prop_assert_eq!(
        ids.get(&reference.start).copied(),
        Some(0),
        "the start is not id 0"
    );
    prop_assert_eq!(
        analysis.find(rules.start_positions()),
        Some(0),
        "find(start)"
    );
    analysis.with_explored(|v| -> Result<(), TestCaseError> {
        prop_assert_eq!(v.len(), n);
        prop_assert_eq!(&v.start_positions(), &reference.start, "start positions");
        for id in 0..n as u32 {
            let positions = analysis.positions(id);
            let Some(&depth) = reference.depth.get(&positions) else {
                return Err(TestCaseError::fail(format!(
                    "engine state {id} {positions:?} is not reachable in the reference:\n{}",
                    rules.render(&positions)
                )));
            };
            let at = || {
                format!(
                    "state {id} {positions:?} at depth {depth}:\n{}",
                    rules.render(&positions)
                )
            };
            prop_assert_eq!(&v.positions(id), &positions, "view positions of {}", at());
            prop_assert_eq!(
                label_name(analysis.label(id)),
                reference.label(&positions),
                "label of {}",
                at()
            );
            prop_assert_eq!(
                label_name(v.label(id)),
                reference.label(&positions),
                "view label of {}",
                at()
            );
            prop_assert_eq!(
                v.distance(Route::Any, id),
                reference.dist_any(&positions),
                "any distance of {}",
                at()
            );
            prop_assert_eq!(
                v.distance(Route::Preferred, id),
                reference.dist_max(&positions),
                "max-combo distance of {}",
                at()
            );
            prop_assert_eq!(
                v.distance(Route::Mixed, id),
                reference.dist_no(&positions),
                "no-combo distance of {}",
                at()
            );
            prop_assert_eq!(v.depth(id), depth, "depth of {}", at());
            let expected = reference.moves.get(&positions);
            for (mv, dir) in Dir::ALL.into_iter().enumerate() {
                let to = v.successor(id, mv);
                let engine_next = ((to as usize) < n).then(|| analysis.positions(to));
                let reference_next = expected.and_then(|m| m[mv].clone());
                prop_assert_eq!(
                    engine_next,
                    reference_next,
                    "move {} from {}",
                    dir.letter(),
                    at()
                );
            }
        }
        Ok(())
    })?;
    if n <= 200 {
        for s in reference.states() {
            prop_assert_eq!(analysis.find(s), ids.get(s).copied(), "find({:?})", s);
        }
    }

    // Stars, shortest lengths, histogram.
    let (any, max, no) = reference.shortest();
    prop_assert_eq!(summary.any.shortest, any, "shortest solution");
    prop_assert_eq!(
        summary.preferred.shortest,
        max,
        "shortest max-combo solution"
    );
    prop_assert_eq!(summary.mixed.shortest, no, "shortest no-combo solution");
    prop_assert_eq!(
        analysis.rating.stars,
        reference.stars(),
        "stars ({})",
        analysis.rating.reason
    );
    prop_assert_eq!(
        &summary.depth_histogram,
        &reference.depth_histogram(),
        "depth histogram"
    );
    for (what, route) in [
        ("any", &summary.any),
        ("max-combo", &summary.preferred),
        ("no-combo", &summary.mixed),
    ] {
        prop_assert_eq!(
            route.count > 0,
            route.shortest.is_some(),
            "{} solution count {}",
            what,
            route.count
        );
    }

    // The reported solutions really win, in the stated number of moves.
    check_solution(rules, "any", summary.any.shortest, &summary.any.solution)?;
    if let Some(path) = check_solution(
        rules,
        "max-combo",
        summary.preferred.shortest,
        &summary.preferred.solution,
    )? {
        prop_assert!(
            path.iter().all(|s| rules.is_combo_intact(s)),
            "the max-combo solution {:?} breaks a combo",
            summary.preferred.solution
        );
    }
    if let Some(path) = check_solution(
        rules,
        "no-combo",
        summary.mixed.shortest,
        &summary.mixed.solution,
    )? {
        prop_assert!(
            path.iter().any(|s| !rules.is_combo_intact(s)),
            "the no-combo solution {:?} keeps every combo",
            summary.mixed.solution
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn engine_agrees_with_the_reference(level in levels()) {
        check_against_reference(&level.0)?;
    }
}

/// Levels found by the property test, kept as plain tests.
fn check_ascii(text: &str) {
    let level = levelscope::kinds::skiddy::format::parse_ascii(text).expect("the level parses");
    if let Err(e) = check_against_reference(&level) {
        panic!("{e}\nlevel:\n{text}");
    }
}

/// State `[10, 255]` (one red Skiddy left, at (1,3)) breaks the combo, so
/// its no-combo distance is its distance to any win: 1 (Left). The engine's
/// labeller gave 2, because the state's successor `[7, 255]` (Up; smaller
/// id, same distance 1) raised its no-combo distance to 2 before the state
/// itself was seeded with its own distance.
#[test]
fn no_combo_distance_of_a_broken_state_is_its_distance() {
    check_ascii("###\n#R#\nro#\nrR#\n###\n");
}

/// Positions (cell indices, GONE once left) as the trace shows them.
fn as_xy(rules: &Rules, positions: &[u8]) -> Vec<Option<(usize, usize)>> {
    let w = rules.width();
    positions
        .iter()
        .map(|&p| (p != GONE).then(|| (p as usize % w, p as usize / w)))
        .collect()
}

/// Compares `Rules::trace` with `Rules::apply` for one move from
/// `positions`; returns the positions after the move.
fn check_trace(rules: &Rules, positions: &[u8], dir: Dir) -> Result<Vec<u8>, TestCaseError> {
    let at = || {
        format!(
            "move {} from {:?}:\n{}",
            dir.letter(),
            positions,
            rules.render(positions)
        )
    };
    let trace = rules.trace(positions, dir);
    let mut after = positions.to_vec();
    let changed = rules.apply(&mut after, dir);
    prop_assert_eq!(trace.changed, changed, "changed, {}", at());
    prop_assert_eq!(
        changed,
        after != positions,
        "apply's changed flag, {}",
        at()
    );
    prop_assert_eq!(trace.dir, dir);
    prop_assert!(!trace.frames.is_empty(), "no start frame, {}", at());
    prop_assert_eq!(
        &trace.frames[0],
        &as_xy(rules, positions),
        "first frame, {}",
        at()
    );
    prop_assert_eq!(
        trace.last(),
        &as_xy(rules, &after)[..],
        "final positions, {}",
        at()
    );
    // No two pieces on one cell in any frame.
    for (t, frame) in trace.frames.iter().enumerate() {
        let mut cells = HashSet::new();
        for p in frame.iter().flatten() {
            prop_assert!(
                cells.insert(*p),
                "two pieces on {:?} in frame {}, {}",
                p,
                t,
                at()
            );
        }
    }
    // Exits: each piece at most once, each gone at the end, and every piece
    // that left the board is listed.
    let mut exited = HashSet::new();
    for exit in &trace.exits {
        prop_assert!(
            exited.insert(exit.piece),
            "piece {} exits twice, {}",
            exit.piece,
            at()
        );
        prop_assert!(
            matches!(rules.pieces()[exit.piece], Piece::Skiddy(_)),
            "a non-Skiddy exits, {}",
            at()
        );
        prop_assert_eq!(
            after[exit.piece],
            GONE,
            "piece {} exits but stays, {}",
            exit.piece,
            at()
        );
        // It leaves from where it was before the tick, or from the cell it
        // slid into during that tick (a group exit).
        let before = trace.frames[exit.tick as usize - 1][exit.piece];
        let (dx, dy): (isize, isize) = match dir {
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
        };
        let stepped = before.map(|(x, y)| ((x as isize + dx) as usize, (y as isize + dy) as usize));
        prop_assert!(
            before == Some(exit.from) || stepped == Some(exit.from),
            "piece {} exits from {:?} at tick {} but was at {:?} before it, {}",
            exit.piece,
            exit.from,
            exit.tick,
            before,
            at()
        );
    }
    for (i, (&before, &now)) in positions.iter().zip(&after).enumerate() {
        if before != GONE && now == GONE {
            prop_assert!(
                exited.contains(&i),
                "piece {} left without an exit, {}",
                i,
                at()
            );
        }
        prop_assert!(
            before != GONE || now == GONE,
            "piece {} came back, {}",
            i,
            at()
        );
    }
    Ok(after)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn trace_agrees_with_the_fast_step(
        level in levels(),
        moves in prop::collection::vec(0usize..4, 0..=12),
    ) {
        let rules = Rules::compile(&level.0).expect("valid");
        let mut positions = rules.start_positions().to_vec();
        for &mv in &moves {
            positions = check_trace(&rules, &positions, Dir::ALL[mv])?;
        }
        // Also every move of every reachable state, when there are few.
        let reference = Reference::new(&level.0);
        if reference.state_count() <= 500 {
            for s in reference.states() {
                for dir in Dir::ALL {
                    check_trace(&rules, s, dir)?;
                }
            }
        }
    }
}

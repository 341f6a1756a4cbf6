//! How many solutions a Tangram level has, in words a designer reads, and
//! the honest hint.
//!
//! A *solution* places every shape by a translation of whole squares (no
//! rotation, no mirror) so that every triangle of the board is covered
//! exactly once. Two solutions are the same when they cover the board with
//! the same forms at the same places: shapes identical up to translation are
//! interchangeable, and swapping them is not a new solution.
//!
//! # The exact-cover instance
//!
//! Columns: the `4·N²` triangles and one column per shape, all primary (each
//! triangle covered once, each shape placed once). Rows: every shape at
//! every translation that keeps it on the board. A cover of this instance is
//! a *labelled* solution: it says which shape (by its number) sits where.
//!
//! # Identical shapes: symmetry breaking, and why the count is right
//!
//! Let the shapes fall into classes of identical forms, of sizes
//! `k_1, …, k_r`. In a labelled solution the `k` shapes of one class sit at
//! `k` *different* places (two shapes of one form at the same place would
//! cover the same triangles twice). So:
//!
//! 1. Every solution (by form) comes from exactly `k_1!·…·k_r!` labelled
//!    solutions: the shapes of a class can be given its `k` places in any of
//!    `k!` orders, all of them covers, all different as labelled covers.
//!    (This is the division test: `count_labelled = count · Π k_i!`.)
//! 2. The columns of a class's shapes are declared interchangeable to the
//!    engine ([`BitCover::interchangeable`]): swapping two shapes of one
//!    form maps rows to rows, every row also meets triangles, the search
//!    never branches on such a shape's column, and it only tries a row of
//!    the class's `j`-th shape once the `(j-1)`-th is placed. Follow the
//!    search along one solution `S` by form: wherever it branches, on a
//!    triangle or on the column of a shape without twins, `S` covers that
//!    column with one form at one place, and of the rows that put that form
//!    there only one may be tried, the one of the class's first shape not
//!    placed yet. So exactly one path of the search ends in `S`, and
//!    different paths end in different solutions by form (where they part,
//!    they put different forms or places on the same column). The search
//!    counts the solutions by form, each once. (Were it to branch on the
//!    column of a shape with twins, two places of that form in `S` would
//!    both be tried: that is why it does not.)
//!
//! # The search
//!
//! The instance is searched by [`BitCover`]: Algorithm X on bit sets (a
//! 6 x 6 board has a few hundred rows; bigger instances fall back to
//! dancing links). It branches on the column with the fewest candidate rows
//! and finds, counts and lists the solutions in the same order, with the
//! same number of search nodes, as the dancing links this module used
//! before; a search *node* is one placement tried, and the node budget
//! (`--max-states`, the editor's budget) counts those. Listed solutions come
//! in the order the search finds them.
//!
//! The shapes of a class are ordered by their own place in the level, and a
//! listed solution gives the class's shapes back their own places where the
//! solution has a shape of that form there, so the level's own arrangement
//! lists as all zeros.
//!
//! # Offsets
//!
//! A [`Placement`] gives every shape's offset `(dx, dy)` in whole squares
//! relative to where the level has it, in the level's coordinates: `dx`
//! positive to the right, `dy` positive **upward**. The level's own
//! arrangement is all zeros. Shapes are numbered from 0 in the API and from
//! 1 in words.

use std::collections::HashMap;

use super::level::{join_and, Level, Shape, Triangle};
use crate::engine::bit_cover::BitCover;
use crate::engine::exact_cover::{CoverCount, CoverQuery, CoverSearch, CoverStop};
use crate::engine::{Job, DEFAULT_MAX_STATES};
use crate::kinds::Problem;
use crate::words::counted;

/// Why a level cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The level has problems (see [`Level::problems`]); the first is named.
    #[error("the level is invalid: {} ({} in all)", .0[0], crate::words::counted(.0.len() as u64, "problem", "problems"))]
    Invalid(Vec<Problem>),
}

/// Every shape's offset in whole squares from where the level has it:
/// `(dx, dy)`, `dx` to the right, `dy` upward.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Placement {
    /// One offset per shape, in shape order.
    pub offsets: Vec<(i32, i32)>,
}

impl Placement {
    /// The level's own arrangement: every offset zero.
    pub fn home(shapes: usize) -> Placement {
        Placement {
            offsets: vec![(0, 0); shapes],
        }
    }

    /// Whether this is the level's own arrangement.
    pub fn is_home(&self) -> bool {
        self.offsets.iter().all(|&o| o == (0, 0))
    }
}

/// What the solution count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// The exact number of solutions, or `None` when the search stopped.
    pub solutions: Option<u128>,
    /// Solutions found (equal to `solutions` when the search finished; a
    /// lower bound otherwise).
    pub at_least: u128,
    /// Whether the level has exactly one solution.
    pub unique: bool,
    /// The first solutions found, as many as asked for.
    pub listed: Vec<Placement>,
    /// The first solution found that differs from the level's own
    /// arrangement, if any: what [`verdict`] describes.
    pub other: Option<Placement>,
    /// Why the search stopped early, if it did.
    pub stopped: Option<CoverStop>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// How many places each shape (in level order) has on the empty board:
/// the rows of the exact-cover instance that are its, each a position of
/// its form that stays on the board. A shape with one place is forced
/// before any choice is made.
pub fn root_places(level: &Level) -> Vec<usize> {
    level
        .shapes
        .iter()
        .map(|shape| form_placements(&shape.form(), level.size).len())
        .collect()
}

/// The exact-cover instance of a level.
struct Instance {
    cover: BitCover,
    /// The shape and offset of every row.
    rows: Vec<(usize, (i32, i32))>,
    /// The row of every (shape, offset).
    row_of: HashMap<(usize, (i32, i32)), usize>,
    /// The shapes of each class of identical forms (classes of one too).
    classes: Vec<Vec<usize>>,
    /// Every shape's lowest square corner in the level.
    corners: Vec<(i32, i32)>,
}

/// The placements of a form on an `n x n` board: its lowest corner's
/// positions, numbered row by row from the bottom-left.
fn form_placements(form: &[Triangle], n: usize) -> Vec<(i32, i32)> {
    let w = form.iter().map(|t| t.x as usize).max().unwrap_or(0);
    let h = form.iter().map(|t| t.y as usize).max().unwrap_or(0);
    if w >= n || h >= n {
        return Vec::new();
    }
    let mut out = Vec::with_capacity((n - w) * (n - h));
    for py in 0..n - h {
        for px in 0..n - w {
            out.push((px as i32, py as i32));
        }
    }
    out
}

impl Instance {
    /// Builds the instance of a valid level; with `break_symmetry`, the
    /// shapes of each class of identical forms are interchangeable (see the
    /// module docs), so covers are solutions by form; without, covers are
    /// labelled.
    fn build(level: &Level, break_symmetry: bool) -> Result<Instance, SolveError> {
        let problems = level.problems();
        if !problems.is_empty() {
            return Err(SolveError::Invalid(problems));
        }
        let n = level.size;
        let shapes = level.shapes.len();
        let triangles = level.triangle_count();
        let forms: Vec<Vec<Triangle>> = level.shapes.iter().map(Shape::form).collect();
        let corners: Vec<(i32, i32)> = level
            .shapes
            .iter()
            .map(|s| {
                let (x, y) = s.corner().unwrap_or((0, 0));
                (x as i32, y as i32)
            })
            .collect();
        // Classes of identical forms, in order of their first shape.
        let mut class_of_form: HashMap<&[Triangle], usize> = HashMap::new();
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for (s, form) in forms.iter().enumerate() {
            let next = classes.len();
            let c = *class_of_form.entry(form.as_slice()).or_insert(next);
            if c == next {
                classes.push(Vec::new());
            }
            classes[c].push(s);
        }
        let placements: Vec<Vec<(i32, i32)>> =
            forms.iter().map(|f| form_placements(f, n)).collect();
        // Each class in the order of its shapes' own places.
        for class in &mut classes {
            let places = &placements[class[0]];
            class.sort_by_key(|&s| places.iter().position(|&p| p == corners[s]));
        }
        let mut cover = BitCover::new(triangles + shapes, 0);
        let mut rows = Vec::new();
        let mut row_of = HashMap::new();
        let mut columns = Vec::new();
        for s in 0..shapes {
            for &(px, py) in &placements[s] {
                columns.clear();
                columns.extend(
                    forms[s]
                        .iter()
                        .map(|t| Triangle::new(t.x + px as u8, t.y + py as u8, t.z).index(n)),
                );
                columns.push(triangles + s);
                let offset = (px - corners[s].0, py - corners[s].1);
                let row = cover.add_row(&columns);
                rows.push((s, offset));
                row_of.insert((s, offset), row);
            }
        }
        if break_symmetry {
            for class in classes.iter().filter(|c| c.len() > 1) {
                let columns: Vec<usize> = class.iter().map(|&s| triangles + s).collect();
                cover.interchangeable(&columns);
            }
        }
        Ok(Instance {
            cover,
            rows,
            row_of,
            classes,
            corners,
        })
    }

    /// A cover (row indices) as every shape's offset, with the shapes of a
    /// class of identical forms given their places so that as many as
    /// possible stay home (then in class order).
    fn placement(&self, cover_rows: &[usize]) -> Placement {
        let mut offsets = vec![(0, 0); self.corners.len()];
        for &r in cover_rows {
            let (s, o) = self.rows[r];
            offsets[s] = o;
        }
        for class in self.classes.iter().filter(|c| c.len() > 1) {
            let absolute =
                |s: usize, o: (i32, i32)| (self.corners[s].0 + o.0, self.corners[s].1 + o.1);
            let mut places: Vec<(i32, i32)> =
                class.iter().map(|&s| absolute(s, offsets[s])).collect();
            places.sort_unstable();
            let mut homeless = Vec::new();
            for &s in class {
                match places.iter().position(|&p| p == self.corners[s]) {
                    Some(i) => {
                        places.remove(i);
                        offsets[s] = (0, 0);
                    }
                    None => homeless.push(s),
                }
            }
            for (s, p) in homeless.into_iter().zip(places) {
                offsets[s] = (p.0 - self.corners[s].0, p.1 - self.corners[s].1);
            }
        }
        Placement { offsets }
    }
}

/// Counts the solutions of `level` (see the module docs) and lists the
/// first `list` of them, visiting at most `budget` search nodes.
pub fn solve(
    level: &Level,
    list: usize,
    job: &Job,
    budget: u64,
) -> Result<SolveReport, SolveError> {
    let instance = Instance::build(level, true)?;
    // At least two listed, so that one differing from the level's own
    // arrangement is among them whenever there are two solutions.
    let result = instance.cover.run(
        &CoverQuery {
            fixed_rows: &[],
            list: list.max(2),
            stop_after: None,
            budget,
        },
        job,
    );
    let placements: Vec<Placement> = result
        .solutions
        .iter()
        .map(|rows| instance.placement(rows))
        .collect();
    let other = placements.iter().find(|p| !p.is_home()).cloned();
    let solutions = result.count.exact();
    Ok(SolveReport {
        solutions,
        at_least: result.count.found(),
        unique: solutions == Some(1),
        listed: placements.into_iter().take(list).collect(),
        other,
        stopped: result.count.stopped().cloned(),
        nodes: result.nodes,
    })
}

/// The exact-cover instance of `level` whose covers are its solutions by
/// form (see the module docs): what [`solve`] searches, for benchmarks and
/// tests that search it another way (e.g. [`BitCover::to_links`]).
pub fn cover_instance(level: &Level) -> Result<BitCover, SolveError> {
    Ok(Instance::build(level, true)?.cover)
}

/// Whether `level` has exactly one solution: `Some(true)` or `Some(false)`,
/// or `None` when the search stopped before it could tell. Stops as soon as
/// a second solution turns up.
pub fn is_unique(level: &Level, job: &Job, budget: u64) -> Result<Option<bool>, SolveError> {
    let instance = Instance::build(level, true)?;
    let result = instance.cover.run(
        &CoverQuery {
            fixed_rows: &[],
            list: 0,
            stop_after: Some(2),
            budget,
        },
        job,
    );
    Ok(match result.count {
        CoverCount::Exact(n) => Some(n == 1),
        CoverCount::AtLeast {
            why: CoverStop::Enough { .. },
            ..
        } => Some(false),
        CoverCount::AtLeast { found, .. } => (found >= 2).then_some(false),
    })
}

/// Counts *labelled* covers, where swapping two identical shapes counts as
/// a new cover. It equals the solution count times `k_1!·…·k_r!` for the
/// classes of identical shapes (the module docs prove it); the tests use it
/// to check the symmetry breaking.
pub fn count_labelled(level: &Level, job: &Job, budget: u64) -> Result<CoverCount, SolveError> {
    let instance = Instance::build(level, false)?;
    Ok(instance.cover.count(job, budget))
}

/// The sizes of the classes of identical shapes (shapes equal up to
/// translation), in order of each class's first shape.
pub fn multiplicities(level: &Level) -> Vec<usize> {
    let mut classes: Vec<(Vec<Triangle>, usize)> = Vec::new();
    for shape in &level.shapes {
        let form = shape.form();
        match classes.iter_mut().find(|(f, _)| *f == form) {
            Some((_, k)) => *k += 1,
            None => classes.push((form, 1)),
        }
    }
    classes.into_iter().map(|(_, k)| k).collect()
}

/// "one", "two", … for small numbers, digits beyond.
fn number_word(n: u32) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// An offset in words: "one square left", "two squares right and one
/// square up", "nowhere".
pub fn offset_words((dx, dy): (i32, i32)) -> String {
    let part = |d: i32, neg: &str, pos: &str| {
        let n = d.unsigned_abs();
        let squares = if n == 1 { "square" } else { "squares" };
        format!(
            "{} {squares} {}",
            number_word(n),
            if d < 0 { neg } else { pos }
        )
    };
    match (dx, dy) {
        (0, 0) => "nowhere".to_string(),
        (dx, 0) => part(dx, "left", "right"),
        (0, dy) => part(dy, "down", "up"),
        (dx, dy) => format!(
            "{} and {}",
            part(dx, "left", "right"),
            part(dy, "down", "up")
        ),
    }
}

/// How `other` differs from the level's own arrangement, in words: which
/// shapes move and by how much. When exactly two shapes move they trade
/// places (the others stay, so the two cover together what they covered
/// before).
pub fn difference(other: &Placement) -> String {
    let moved: Vec<(usize, (i32, i32))> = other
        .offsets
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, o)| o != (0, 0))
        .collect();
    const SHOWN: usize = 6;
    let mut moves: Vec<String> = moved
        .iter()
        .take(SHOWN)
        .enumerate()
        .map(|(i, &(s, o))| {
            let verb = if i == 0 { "moves " } else { "" };
            format!("shape {} {verb}{}", s + 1, offset_words(o))
        })
        .collect();
    if moved.len() > SHOWN {
        let more = moved.len() - SHOWN;
        moves.push(crate::words::counted(
            more as u64,
            "more shape",
            "more shapes",
        ));
    }
    let names: Vec<String> = moved.iter().map(|(s, _)| (s + 1).to_string()).collect();
    // An Oxford comma when a move itself says "and".
    let moves = match moves.split_last() {
        Some((last, init)) if !init.is_empty() && moves.iter().any(|m| m.contains(" and ")) => {
            vec![format!("{},", init.join(", ")), last.clone()]
        }
        _ => moves,
    };
    let stay = other.offsets.len() - moved.len();
    match moved.len() {
        0 => "it is the level's own arrangement".to_string(),
        1 => format!("{} (the others stay in place)", moves[0]),
        2 => format!(
            "shapes {} can trade places: {}",
            join_and(&names),
            join_and(&moves)
        ),
        _ => {
            let shown_names = if moved.len() == other.offsets.len() {
                "all the shapes".to_string()
            } else {
                format!("shapes {}", join_and(&names))
            };
            let rest = match stay {
                0 => String::new(),
                1 => " (the other shape stays in place)".to_string(),
                _ => format!(" (the other {stay} shapes stay in place)"),
            };
            format!(
                "{shown_names} can be rearranged: {}{rest}",
                join_and(&moves)
            )
        }
    }
}

/// The verdict in words: how many solutions, and how another solution
/// differs from the level's own arrangement, e.g. "unique: one way to place
/// the shapes" or "2 solutions: shapes 4 and 9 can trade places: shape 4
/// moves one square left and shape 9 one square right".
pub fn verdict(level: &Level, report: &SolveReport) -> String {
    debug_assert!(report
        .other
        .as_ref()
        .is_none_or(|o| o.offsets.len() == level.shapes.len()));
    let how = report.other.as_ref().map(difference);
    match (report.solutions, how) {
        (Some(0), _) => "no solution: the shapes cannot cover the board".to_string(),
        (Some(1), _) => "unique: one way to place the shapes".to_string(),
        (Some(n), Some(how)) => format!("{n} solutions: {how}"),
        (Some(n), None) => format!("{n} solutions"),
        (None, how) => {
            let after = match &report.stopped {
                Some(CoverStop::Cancelled { nodes }) => {
                    format!("cancelled after {}", counted(*nodes, "node", "nodes"))
                }
                Some(CoverStop::Budget { nodes, .. }) => format!(
                    "stopped after {}, the budget; raise --max-states",
                    counted(*nodes, "node", "nodes")
                ),
                Some(enough @ CoverStop::Enough { .. }) => enough.to_string(),
                None => format!("stopped after {}", counted(report.nodes, "node", "nodes")),
            };
            let n = report.at_least;
            let found = match n {
                0 => "not known: no solution found yet".to_string(),
                1 => "at least 1 solution".to_string(),
                n => format!("at least {n} solutions"),
            };
            match how {
                Some(how) if n >= 2 => format!("{found} ({after}): {how}"),
                _ => format!("{found} ({after})"),
            }
        }
    }
}

/// The honest hint: what to do next, given the shapes the player has
/// placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Place this shape (not placed yet) at this offset (from where the level
    /// has it, `dy` upward): it is consistent with the placed shapes, as a
    /// completion exists with it there.
    Place {
        /// The shape (from 0).
        shape: usize,
        /// Its offset `(dx, dy)` in squares.
        offset: (i32, i32),
    },
    /// Every shape is placed and the board is covered: solved.
    Solved,
    /// No completion exists; taking back any one of these placed shapes
    /// (alone) makes one possible.
    Blocked {
        /// The shapes to blame (from 0), in increasing order.
        shapes: Vec<usize>,
    },
    /// No completion exists, and taking back any one placed shape alone
    /// does not help: several are wrong.
    Tangled,
    /// The search stopped before it could tell.
    Unknown(CoverStop),
    /// The level or the placed shapes make no sense (an invalid level, a
    /// shape out of range or placed twice).
    Invalid(String),
}

impl std::fmt::Display for Hint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Hint::Place {
                shape,
                offset: (0, 0),
            } => write!(f, "place shape {} where the level has it", shape + 1),
            Hint::Place { shape, offset } => write!(
                f,
                "place shape {} {} from where the level has it",
                shape + 1,
                offset_words(*offset)
            ),
            Hint::Solved => f.write_str("solved: every shape is placed and the board is covered"),
            Hint::Blocked { shapes } => match &shapes[..] {
                [one] => write!(f, "shape {} blocks every solution: take it back", one + 1),
                many => {
                    let names: Vec<String> = many.iter().map(|s| (s + 1).to_string()).collect();
                    write!(
                        f,
                        "shapes {} each block every solution: take back one of them",
                        join_and(&names)
                    )
                }
            },
            Hint::Tangled => f.write_str(
                "no solution from here, and taking back any one placed shape does not help: take back several",
            ),
            Hint::Unknown(why) => write!(f, "no hint: the search stopped ({why})"),
            Hint::Invalid(why) => write!(f, "no hint: {why}"),
        }
    }
}

/// The honest hint for the shapes `placed` (each a shape and its offset
/// from where the level has it, `dy` upward), with the default budget of
/// every kind's search ([`DEFAULT_MAX_STATES`] search nodes).
pub fn hint(level: &Level, placed: &[(usize, (i32, i32))]) -> Hint {
    hint_with(level, placed, &Job::default(), DEFAULT_MAX_STATES)
}

/// The honest hint with a job and a node budget per search.
///
/// When a completion of the placed shapes exists, the hint is the largest
/// unplaced shape (the first on a tie): at its place in the level when a
/// completion keeps it there, else at its place in the first completion
/// found. When none exists, it names the placed shapes whose removal alone
/// makes a completion possible. A shape placed partly off the board counts
/// as a placed shape that no completion can keep.
pub fn hint_with(level: &Level, placed: &[(usize, (i32, i32))], job: &Job, budget: u64) -> Hint {
    // Labelled covers: the player's shapes are individual shapes.
    let instance = match Instance::build(level, false) {
        Ok(i) => i,
        Err(e) => return Hint::Invalid(e.to_string()),
    };
    let shapes = level.shapes.len();
    let mut seen = vec![false; shapes];
    for &(s, _) in placed {
        if s >= shapes {
            return Hint::Invalid(format!(
                "shape {} does not exist (the level has {shapes})",
                s + 1
            ));
        }
        if std::mem::replace(&mut seen[s], true) {
            return Hint::Invalid(format!("shape {} is placed twice", s + 1));
        }
    }
    // The first completion with these shapes fixed; Ok(None) when there is
    // none (a shape off the board has no row: no completion).
    let completion = |fixed: &[(usize, (i32, i32))]| -> Result<Option<Vec<usize>>, CoverStop> {
        let rows: Option<Vec<usize>> = fixed
            .iter()
            .map(|p| instance.row_of.get(p).copied())
            .collect();
        match rows {
            None => Ok(None),
            Some(rows) => instance.cover.first_with(&rows, job, budget),
        }
    };
    let first = match completion(placed) {
        Ok(c) => c,
        Err(why) => return Hint::Unknown(why),
    };
    if let Some(rows) = first {
        let Some(shape) = (0..shapes)
            .filter(|&s| !seen[s])
            .max_by_key(|&s| (level.shapes[s].form().len(), std::cmp::Reverse(s)))
        else {
            return Hint::Solved;
        };
        // Prefer the shape's own place, as the original game does, when
        // that is still consistent.
        let mut home = placed.to_vec();
        home.push((shape, (0, 0)));
        match completion(&home) {
            Ok(Some(_)) => {
                return Hint::Place {
                    shape,
                    offset: (0, 0),
                }
            }
            Ok(None) => {}
            Err(why) => return Hint::Unknown(why),
        }
        let offset = rows
            .iter()
            .map(|&r| instance.rows[r])
            .find(|&(s, _)| s == shape)
            .map_or((0, 0), |(_, o)| o);
        return Hint::Place { shape, offset };
    }
    let mut blockers = Vec::new();
    for (i, &(s, _)) in placed.iter().enumerate() {
        let mut others = placed.to_vec();
        others.remove(i);
        match completion(&others) {
            Ok(Some(_)) => blockers.push(s),
            Ok(None) => {}
            Err(why) => return Hint::Unknown(why),
        }
    }
    blockers.sort_unstable();
    if blockers.is_empty() {
        Hint::Tangled
    } else {
        Hint::Blocked { shapes: blockers }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::tangram::format::parse_text;

    const BIG: u64 = u64::MAX;

    fn t(x: u8, y: u8, z: u8) -> Triangle {
        Triangle::new(x, y, z)
    }

    fn level(size: usize, shapes: Vec<Vec<Triangle>>) -> Level {
        Level {
            name: String::new(),
            size,
            shapes: shapes.into_iter().map(Shape::new).collect(),
        }
    }

    /// A square (x, y) whole.
    fn square(x: u8, y: u8) -> Vec<Triangle> {
        (0..4).map(|z| t(x, y, z)).collect()
    }

    fn report(level: &Level) -> SolveReport {
        solve(level, 10, &Job::default(), BIG).unwrap()
    }

    #[test]
    fn one_square_cut_into_four_triangles() {
        // A 1x1 board cut into its 4 triangles: 1 solution. Each shape is a
        // single triangle of a different side (left, bottom, right, top), so
        // no two are identical; a translation by whole squares keeps its
        // side, and on a 1x1 board the only translation that stays on the
        // board is (0, 0). So every shape can only go home: one way.
        let level = level(1, (0..4).map(|z| vec![t(0, 0, z)]).collect());
        let r = report(&level);
        assert_eq!(r.solutions, Some(1));
        assert!(r.unique);
        assert_eq!(r.listed, vec![Placement::home(4)]);
        assert_eq!(verdict(&level, &r), "unique: one way to place the shapes");
    }

    #[test]
    fn identical_shapes_that_swap_are_one_solution() {
        // A 2x1 board of two whole squares: both shapes are "a square", so
        // putting either in either place is the same solution.
        let level = level(
            2,
            vec![square(0, 0), square(1, 0), square(0, 1), square(1, 1)],
        );
        // Four identical squares on a 2x2 board: one solution by form, 4! = 24
        // labelled covers.
        let r = report(&level);
        assert_eq!(r.solutions, Some(1));
        assert_eq!(multiplicities(&level), vec![4]);
        assert_eq!(
            count_labelled(&level, &Job::default(), BIG).unwrap(),
            CoverCount::Exact(24)
        );
        let pair = Level {
            name: String::new(),
            size: 2,
            shapes: vec![
                Shape::new([square(0, 0), square(1, 0)].concat()),
                Shape::new([square(0, 1), square(1, 1)].concat()),
            ],
        };
        let r = report(&pair);
        assert_eq!(r.solutions, Some(1), "two identical bars swap: still one");
        assert!(r.unique);
        assert_eq!(
            count_labelled(&pair, &Job::default(), BIG).unwrap(),
            CoverCount::Exact(2)
        );
    }

    #[test]
    fn a_real_second_solution() {
        // A 2x2 board: shape 1 the left column (a vertical bar of two
        // squares), shapes 2 and 3 the two squares of the right column.
        // The bar can stand in either column, and the two squares (identical:
        // one form) fill the other: 2 solutions by form, 2 · 2! = 4 labelled.
        let level = level(
            2,
            vec![
                [square(0, 0), square(0, 1)].concat(),
                square(1, 0),
                square(1, 1),
            ],
        );
        let r = report(&level);
        assert_eq!(r.solutions, Some(2));
        assert!(!r.unique);
        assert_eq!(r.listed.len(), 2);
        assert!(r.listed.contains(&Placement::home(3)));
        // The bar moves one right; the two squares fill the left column.
        let other = r.other.clone().unwrap();
        assert_eq!(other.offsets, vec![(1, 0), (-1, 0), (-1, 0)]);
        assert_eq!(
            verdict(&level, &r),
            "2 solutions: all the shapes can be rearranged: shape 1 moves one square right, \
             shape 2 one square left and shape 3 one square left"
        );
        assert_eq!(
            count_labelled(&level, &Job::default(), BIG).unwrap(),
            CoverCount::Exact(4)
        );
    }

    #[test]
    fn two_shapes_trade_places() {
        // A 3x3 level (found by the generator, seed 2331 of 3x3 with 5
        // shapes). The left column's left, bottom and top triangles form a
        // strip of three "C"s (the right triangles belong to shapes 1 and
        // 2): shape 3 holds the bottom C, shape 4 the two above it. They
        // stack either way: shape 4 one square down and shape 3 two squares
        // up. Nothing else can move, so there are exactly 2 solutions.
        let text = "3\n5\nshape\n0,0,2\nshape\n1,1,1\n1,0,3\n1,1,0\n1,0,0\n0,1,2\n1,1,2\n\
                    1,0,1\n1,1,3\n1,2,1\n1,2,0\n0,2,2\n1,2,3\n1,2,2\nshape\n0,0,1\n0,0,0\n\
                    0,0,3\nshape\n0,1,1\n0,1,0\n0,1,3\n0,2,1\n0,2,0\n0,2,3\nshape\n2,1,3\n\
                    2,1,0\n2,1,1\n2,0,3\n2,1,2\n2,0,0\n1,0,2\n2,2,1\n2,0,2\n2,2,2\n2,2,3\n\
                    2,2,0\n2,0,1\n";
        let level = parse_text(text).unwrap();
        assert!(level.is_valid());
        let r = report(&level);
        assert_eq!(r.solutions, Some(2));
        assert_eq!(
            r.other.as_ref().unwrap().offsets,
            vec![(0, 0), (0, 0), (0, 2), (0, -1), (0, 0)]
        );
        assert_eq!(
            verdict(&level, &r),
            "2 solutions: shapes 3 and 4 can trade places: shape 3 moves two squares up \
             and shape 4 one square down"
        );
    }

    #[test]
    fn rows_of_bars() {
        // A 3x3 board: two identical full-row bars (shapes 1 and 2) and a
        // top row cut into a square (shape 3) and a two-square bar (shape
        // 4). The row holding shapes 3 and 4 can be any of the three, in
        // either order: 3 · 2 = 6 solutions by form; the two identical bars
        // double that as labelled covers.
        let bar = |y: u8, from: u8, to: u8| -> Vec<Triangle> {
            (from..=to).flat_map(|x| square(x, y)).collect()
        };
        let level = level(
            3,
            vec![bar(0, 0, 2), bar(1, 0, 2), bar(2, 0, 0), bar(2, 1, 2)],
        );
        let r = report(&level);
        assert_eq!(r.solutions, Some(6));
        let mut listed = r.listed.clone();
        listed.sort_by_key(|p| p.offsets.clone());
        listed.dedup();
        assert_eq!(listed.len(), 6, "the listed solutions are all different");
        assert_eq!(
            count_labelled(&level, &Job::default(), BIG).unwrap(),
            CoverCount::Exact(12)
        );
        assert!(verdict(&level, &r).starts_with("6 solutions: "));
    }

    #[test]
    fn differences_in_words() {
        let p = Placement {
            offsets: vec![
                (0, 0),
                (0, 0),
                (0, 0),
                (-1, 0),
                (0, 0),
                (0, 0),
                (0, 0),
                (0, 0),
                (1, 0),
            ],
        };
        assert_eq!(
            difference(&p),
            "shapes 4 and 9 can trade places: shape 4 moves one square left and shape 9 one square right"
        );
        let p = Placement {
            offsets: vec![(0, 1), (0, 0), (2, -1), (-1, 0), (0, 0)],
        };
        assert_eq!(
            difference(&p),
            "shapes 1, 3 and 4 can be rearranged: shape 1 moves one square up, shape 3 two \
             squares right and one square down, and shape 4 one square left (the other 2 shapes \
             stay in place)"
        );
        assert_eq!(
            offset_words((2, -3)),
            "two squares right and three squares down"
        );
        assert_eq!(offset_words((0, 12)), "12 squares up");
        assert_eq!(offset_words((0, 0)), "nowhere");
    }

    #[test]
    fn budget_gives_a_lower_bound_and_says_so() {
        // A 4x4 board, every square cut into two halves (left+bottom and
        // right+top): 16 identical shapes of each kind, 1 solution by form,
        // but more than 3 nodes to find it.
        let mut shapes = Vec::new();
        for y in 0..4 {
            for x in 0..4 {
                shapes.push(vec![t(x, y, 0), t(x, y, 1)]);
                shapes.push(vec![t(x, y, 2), t(x, y, 3)]);
            }
        }
        let level = level(4, shapes);
        let r = report(&level);
        assert_eq!(r.solutions, Some(1));
        let r = solve(&level, 1, &Job::default(), 3).unwrap();
        assert_eq!(r.solutions, None);
        assert!(r.stopped.is_some());
        assert_eq!(
            verdict(&level, &r),
            "not known: no solution found yet (stopped after 3 nodes, the budget; raise --max-states)"
        );
    }

    /// The bit-set search gives exactly what the dancing links gave before
    /// it (the count, the listed solutions in their order, the nodes, where
    /// a budget stops), by form and labelled, on the generator's levels:
    /// 1x1 to 4x4 boards, 1 to 14 shapes.
    #[test]
    fn bit_sets_answer_as_the_dancing_links_did() {
        let job = Job::default();
        for seed in 0..90u64 {
            let n = 1 + (seed % 4) as usize;
            let k = (1 + (seed * 7 % 14) as usize).min(4 * n * n);
            let level = crate::kinds::tangram::generate(
                crate::kinds::tangram::GenerateOptions::new(n, k, seed),
            )
            .unwrap()
            .level;
            for break_symmetry in [true, false] {
                let instance = Instance::build(&level, break_symmetry).unwrap();
                let links = instance.cover.to_links();
                for (budget, stop_after) in [(BIG, None), (200, None), (BIG, Some(2))] {
                    let query = CoverQuery {
                        fixed_rows: &[],
                        list: 20,
                        stop_after,
                        budget,
                    };
                    assert_eq!(
                        instance.cover.run(&query, &job),
                        links.run(&query, &job),
                        "seed {seed}, {n} x {n}, {k} shapes"
                    );
                }
            }
        }
    }

    #[test]
    fn invalid_levels_are_refused() {
        let level = level(1, vec![vec![t(0, 0, 0)]]);
        let err = solve(&level, 0, &Job::default(), BIG).unwrap_err();
        assert!(
            err.to_string().starts_with("the level is invalid: "),
            "{err}"
        );
        assert!(matches!(hint(&level, &[]), Hint::Invalid(_)));
    }

    /// A 4x4 level of our own with 6 shapes and one solution.
    fn easy_level() -> Level {
        parse_text(include_str!("../../../tests/fixtures/tangram/easy-1.txt")).unwrap()
    }

    #[test]
    fn hint_places_home_when_it_can() {
        let level = easy_level();
        let h = hint(&level, &[]);
        // The largest shape is shape 5 (21 triangles).
        assert_eq!(
            h,
            Hint::Place {
                shape: 4,
                offset: (0, 0)
            }
        );
        assert_eq!(h.to_string(), "place shape 5 where the level has it");
        let all: Vec<(usize, (i32, i32))> = (0..level.shapes.len()).map(|s| (s, (0, 0))).collect();
        assert_eq!(hint(&level, &all), Hint::Solved);
    }

    #[test]
    fn hint_names_the_blocking_shape() {
        // The 2x2 level with a bar and two squares: with the bar placed one
        // square right, the squares must go left.
        let level = level(
            2,
            vec![
                [square(0, 0), square(0, 1)].concat(),
                square(1, 0),
                square(1, 1),
            ],
        );
        assert_eq!(
            hint(&level, &[(0, (1, 0))]),
            Hint::Place {
                shape: 1,
                offset: (-1, 0)
            }
        );
        // Square 2 at home and the bar moved right overlap: each alone blocks.
        assert_eq!(
            hint(&level, &[(0, (1, 0)), (1, (0, 0))]),
            Hint::Blocked { shapes: vec![0, 1] }
        );
        // A shape off the board blocks.
        assert_eq!(
            hint(&level, &[(1, (5, 0)), (0, (0, 0))]),
            Hint::Blocked { shapes: vec![1] }
        );
        assert_eq!(hint(&level, &[(1, (5, 0)), (2, (5, 0))]), Hint::Tangled);
        assert!(matches!(hint(&level, &[(7, (0, 0))]), Hint::Invalid(_)));
        assert!(matches!(
            hint(&level, &[(1, (0, 0)), (1, (0, 0))]),
            Hint::Invalid(_)
        ));
    }
}

//! Laying a tree of rooms out on a map with the guess-and-test stack
//! (docs/rules.md, Rooms): the root anywhere, each child in a free cell next
//! to its parent, no two rooms in one cell.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::tree::RoomTree;
use crate::engine::stack::{GuessProblem, GuessStack, Status};
use crate::grid::Dir;

/// A cell `(x, y)` of the map.
pub type MapCell = (usize, usize);

/// A partial layout: the rooms placed so far, in room order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomLayout {
    tree: RoomTree,
    width: usize,
    height: usize,
    cells: Vec<MapCell>,
    occupant: Vec<Option<usize>>,
    children: Vec<usize>,
    /// How many of each room's children are placed.
    placed_children: Vec<usize>,
}

impl RoomLayout {
    /// An empty layout of `tree` on a `width x height` map.
    pub fn new(tree: RoomTree, width: usize, height: usize) -> RoomLayout {
        let children = tree.child_counts();
        let placed_children = vec![0; children.len()];
        RoomLayout {
            tree,
            width,
            height,
            cells: Vec::new(),
            occupant: vec![None; width * height],
            children,
            placed_children,
        }
    }

    /// The tree.
    pub fn tree(&self) -> &RoomTree {
        &self.tree
    }

    /// The map's width and height.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The cells of the rooms placed so far (room `i` at `cells()[i]`).
    pub fn cells(&self) -> &[MapCell] {
        &self.cells
    }

    /// The room in a cell, if any.
    pub fn occupant(&self, (x, y): MapCell) -> Option<usize> {
        self.occupant[y * self.width + x]
    }

    fn neighbours(&self, (x, y): MapCell) -> impl Iterator<Item = MapCell> + '_ {
        let (w, h) = (self.width, self.height);
        Dir::ALL.into_iter().filter_map(move |dir| {
            let (dx, dy) = dir.delta();
            let (nx, ny) = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
            (nx < w && ny < h).then_some((nx, ny))
        })
    }

    fn free_neighbours(&self, cell: MapCell) -> usize {
        self.neighbours(cell)
            .filter(|&c| self.occupant(c).is_none())
            .count()
    }

    /// Rooms among `room`'s children that are not placed yet.
    fn unplaced_children(&self, room: usize) -> usize {
        self.children[room] - self.placed_children[room]
    }

    /// The map as text: each room's number in base 36 (`*` past 35), `.` for
    /// a free cell.
    pub fn render(&self) -> String {
        let mut text = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                text.push(match self.occupant((x, y)) {
                    Some(r) => std::char::from_digit(r as u32, 36).unwrap_or('*'),
                    None => '.',
                });
            }
            text.push('\n');
        }
        text
    }
}

impl GuessProblem for RoomLayout {
    type Guess = MapCell;

    fn is_complete(&self) -> bool {
        self.cells.len() == self.tree.len()
    }

    /// The root may go in any free cell; a child in any free cell next to its
    /// parent. Shuffled.
    fn guesses(&mut self, rng: &mut StdRng) -> Vec<MapCell> {
        let room = self.cells.len();
        let mut guesses: Vec<MapCell> = match self.tree.parent(room) {
            None => (0..self.height)
                .flat_map(|y| (0..self.width).map(move |x| (x, y)))
                .filter(|&c| self.occupant(c).is_none())
                .collect(),
            Some(p) => self
                .neighbours(self.cells[p])
                .filter(|&c| self.occupant(c).is_none())
                .collect(),
        };
        guesses.shuffle(rng);
        guesses
    }

    /// Places the next room. The test: the cell is free, the room keeps a
    /// free neighbour for each of its children, and its parent keeps one for
    /// each of its children still to come.
    fn apply(&mut self, &cell: &MapCell) -> bool {
        let room = self.cells.len();
        let free = self.occupant(cell).is_none();
        self.cells.push(cell);
        if let Some(p) = self.tree.parent(room) {
            self.placed_children[p] += 1;
        }
        if !free {
            return false;
        }
        self.occupant[cell.1 * self.width + cell.0] = Some(room);
        let room_ok = self.free_neighbours(cell) >= self.children[room];
        let parent_ok = match self.tree.parent(room) {
            None => true,
            Some(p) => self.free_neighbours(self.cells[p]) >= self.unplaced_children(p),
        };
        room_ok && parent_ok
    }

    fn undo(&mut self, &cell: &MapCell) {
        let room = self.cells.len() - 1;
        self.cells.pop();
        if let Some(p) = self.tree.parent(room) {
            self.placed_children[p] -= 1;
        }
        let slot = &mut self.occupant[cell.1 * self.width + cell.0];
        if *slot == Some(room) {
            *slot = None;
        }
    }
}

/// The outcome of laying a tree out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutResult {
    /// Each room's cell, or `None` when no layout exists (or the step budget
    /// ran out first; see `finished`).
    pub cells: Option<Vec<MapCell>>,
    /// Steps the stack took.
    pub steps: u64,
    /// Entries it popped.
    pub backtracks: u64,
    /// False when the step budget ran out before the search ended.
    pub finished: bool,
    /// The map as text, when a layout was found.
    pub map: Option<String>,
}

/// Lays `tree` out on a `width x height` map, shuffling guesses from `seed`,
/// taking at most `max_steps` steps.
pub fn lay_out(
    tree: RoomTree,
    width: usize,
    height: usize,
    seed: u64,
    max_steps: u64,
) -> LayoutResult {
    let mut stack = GuessStack::new(RoomLayout::new(tree, width, height), seed);
    let status = stack.run(max_steps);
    let solved = status == Status::Solved;
    LayoutResult {
        cells: solved.then(|| stack.problem().cells().to_vec()),
        steps: stack.steps(),
        backtracks: stack.backtracks(),
        finished: status != Status::Searching,
        map: solved.then(|| stack.problem().render()),
    }
}

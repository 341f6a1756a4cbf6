//! The 3D model of a Prism level (docs/rules.md, Prism, "The 3D model"):
//! the level as a `W x H x 8` grid whose third axis is the background
//! colour. A *place* is a cell on a floor where the player could stand
//! with that background: every floor of an empty or switch cell, and the
//! one floor of a block's colour. Two places are joined by an *edge* when
//! they are side by side on one floor, or when they are floors `f` and
//! `f XOR s` of one switch of colour `s`.
//!
//! [`StartComponent`] is the part of the model joined to the start place
//! (the start cell on the starting background), with each place's
//! distance from it; the tree generator is built to make it a tree.

use crate::kinds::prism::level::{Cell, Level};

/// Marks a place that the start component does not hold.
const UNREACHED: u32 = u32::MAX;

/// The floors of a cell where the model has a place, as a bit mask (bit
/// `f` for floor `f`).
pub fn open_floors(cell: Cell) -> u8 {
    match cell {
        Cell::Empty | Cell::Switch(_) => 0xFF,
        Cell::Block(c) if (1..=7).contains(&c.0) => 1 << c.0,
        Cell::Block(_) => 0,
    }
}

/// The floor linked to floor `floor` inside a cell: `floor XOR s` for a
/// switch of colour `s`, `None` for other cells.
fn linked_floor(cell: Cell, floor: u8) -> Option<u8> {
    match cell {
        Cell::Switch(c) => Some(floor ^ c.0),
        _ => None,
    }
}

/// The places joined to the start place, with their distances in edges.
#[derive(Clone, Debug)]
pub struct StartComponent {
    width: usize,
    /// `distance[cell * 8 + floor]`, [`UNREACHED`] outside the component.
    distance: Vec<u32>,
    places: u64,
    edges: u64,
}

impl StartComponent {
    /// Walks the model of `level` from its start place. The level's cells
    /// must fill its grid (any [`Level`] does).
    pub fn of(level: &Level) -> StartComponent {
        let (w, h) = (level.width(), level.height());
        let cells = level.cells();
        let mut distance = vec![UNREACHED; cells.len() * 8];
        let (sx, sy) = level.start;
        let start_floor = level.background.0 & 7;
        let mut component = StartComponent {
            width: w,
            distance: Vec::new(),
            places: 0,
            edges: 0,
        };
        let start = sy * w + sx;
        if start >= cells.len() || open_floors(cells[start]) & (1 << start_floor) == 0 {
            component.distance = distance;
            return component;
        }
        // Breadth first: the places in the order reached, `next` the first
        // not explored yet.
        let mut queue: Vec<u32> = vec![(start * 8) as u32 + start_floor as u32];
        distance[start * 8 + start_floor as usize] = 0;
        let mut next = 0;
        // Each edge is seen from both ends: count the ends, halve at the end.
        let mut edge_ends = 0u64;
        while let Some(&place) = queue.get(next) {
            next += 1;
            let (index, floor) = (place as usize / 8, (place % 8) as u8);
            component.places += 1;
            let here = distance[place as usize];
            let (x, y) = (index % w, index / w);
            let mut visit = |to: usize, to_floor: u8, edge_ends: &mut u64| {
                *edge_ends += 1;
                let slot = &mut distance[to * 8 + to_floor as usize];
                if *slot == UNREACHED {
                    *slot = here + 1;
                    queue.push((to * 8) as u32 + to_floor as u32);
                }
            };
            if let Some(other) = linked_floor(cells[index], floor) {
                if other != floor {
                    visit(index, other, &mut edge_ends);
                }
            }
            let neighbours = [
                (x > 0).then(|| index - 1),
                (x + 1 < w).then(|| index + 1),
                (y > 0).then(|| index - w),
                (y + 1 < h).then(|| index + w),
            ];
            for to in neighbours.into_iter().flatten() {
                if open_floors(cells[to]) & (1 << floor) != 0 {
                    visit(to, floor, &mut edge_ends);
                }
            }
        }
        component.edges = edge_ends / 2;
        component.distance = distance;
        component
    }

    /// The number of places in the component.
    pub fn places(&self) -> u64 {
        self.places
    }

    /// The number of edges between places of the component.
    pub fn edges(&self) -> u64 {
        self.edges
    }

    /// Whether the component is a tree: joined, so it is one when it has
    /// one edge fewer than places.
    pub fn is_tree(&self) -> bool {
        self.places > 0 && self.edges + 1 == self.places
    }

    /// The distance of place `(x, y)` on `floor` from the start place, if
    /// the component holds it.
    pub fn place_distance(&self, (x, y): (usize, usize), floor: u8) -> Option<u32> {
        let d = *self
            .distance
            .get((y * self.width + x) * 8 + floor as usize)?;
        (d != UNREACHED).then_some(d)
    }

    /// The distance of a cell: that of its nearest floor in the component,
    /// if any.
    pub fn cell_distance(&self, (x, y): (usize, usize)) -> Option<u32> {
        let base = (y * self.width + x) * 8;
        let d = self.distance.get(base..base + 8)?.iter().min().copied()?;
        (d != UNREACHED).then_some(d)
    }

    /// The floors of cell `(x, y)` the component holds, as a bit mask.
    pub fn floors_at(&self, (x, y): (usize, usize)) -> u8 {
        (0..8u8)
            .filter(|&f| self.place_distance((x, y), f).is_some())
            .fold(0, |mask, f| mask | 1 << f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::prism::level::Colour;

    #[test]
    fn an_empty_corridor_is_a_path_on_the_start_floor() {
        let mut level = Level::new(4, 2);
        for x in 0..4 {
            level.set_cell(x, 1, Cell::Block(Colour::WHITE));
        }
        let model = StartComponent::of(&level);
        assert_eq!(model.places(), 4);
        assert_eq!(model.edges(), 3);
        assert!(model.is_tree());
        assert_eq!(model.cell_distance((3, 0)), Some(3));
        assert_eq!(model.cell_distance((3, 1)), None);
    }

    #[test]
    fn a_switch_joins_two_floors_and_an_open_square_is_a_cycle() {
        let mut level = Level::new(3, 2);
        level.start = (0, 0);
        for x in 0..3 {
            level.set_cell(x, 1, Cell::Block(Colour::WHITE));
        }
        level.set_cell(1, 0, Cell::Switch(Colour::RED));
        let model = StartComponent::of(&level);
        // (0,0,0) (1,0,0) (1,0,1) (2,0,0) (2,0,1) (0,0,1): a path of six
        // places around through the switch's two floors.
        assert_eq!(model.floors_at((1, 0)), 0b11);
        assert_eq!(model.place_distance((1, 0), 1), Some(2));
        assert_eq!(model.place_distance((0, 0), 1), Some(3));
        assert!(model.is_tree());
        let square = Level::new(2, 2);
        let model = StartComponent::of(&square);
        assert_eq!((model.places(), model.edges()), (4, 4));
        assert!(!model.is_tree());
    }
}

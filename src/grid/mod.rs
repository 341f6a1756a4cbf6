//! What the square-cell kinds share and no kind owns: the four move
//! directions ([`Dir`]), a board of cells ([`Grid`]) and where the old
//! board sits when it is resized ([`Anchor`]). Kinds use these; this
//! module names no kind.

mod anchor;
mod cells;
mod dir;

pub use anchor::Anchor;
pub use cells::{moved, neighbour_indices, Grid, Placed};
pub use dir::Dir;

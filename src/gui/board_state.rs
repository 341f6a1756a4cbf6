//! What the editing board keeps between frames besides the level: its
//! camera (zoom and pan), the selected rectangle, a drag of the Select or
//! Line tool under way and the copied region (the bar above the board that
//! shows them is `layout/zoom_and_selection_bar.rs`). The camera
//! and the selection belong to one document (another starts fitted, with
//! nothing selected); the copied region can be pasted into any level of
//! its kind.

use egui::Rect;

use super::kinds::region::CellRect;
use super::kinds::Copied;
use super::views::camera::Camera;

/// A drag of the Select or Line tool: the cell pressed and the cell the
/// pointer is over now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drag {
    /// Where the drag started.
    pub from: (usize, usize),
    /// Where the pointer is.
    pub to: (usize, usize),
    /// Made with the right button (the Line tool erases).
    pub erase: bool,
}

/// A region on the clipboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Clipboard {
    /// The cells.
    pub copied: Copied,
    /// The text put on the system clipboard with it: a paste of this text
    /// is a paste of the region.
    pub text: String,
    /// Where it was copied from.
    pub from: CellRect,
}

/// The editing board's state between frames.
#[derive(Clone, Debug, Default)]
pub struct BoardTools {
    /// Zoom and pan.
    pub camera: Camera,
    /// The document the camera and the selection belong to.
    pub doc: u64,
    /// Where the board was drawn in the last frame (without the rulers).
    pub viewport: Option<Rect>,
    /// The selected rectangle of cells.
    pub selection: Option<CellRect>,
    /// A drag of the Select or Line tool under way.
    pub drag: Option<Drag>,
    /// The last region copied or cut.
    pub clipboard: Option<Clipboard>,
}

impl BoardTools {
    /// Forgets the camera, the selection and any drag when the active
    /// document is not the one they were for, and a selection that no
    /// longer fits the board (after an undone resize).
    pub fn follow(&mut self, doc: u64, (width, height): (usize, usize)) {
        if self.doc != doc {
            self.doc = doc;
            self.camera = Camera::FIT;
            self.selection = None;
            self.drag = None;
        }
        if self.selection.is_some_and(|s| !s.fits(width, height)) {
            self.selection = None;
        }
    }
}

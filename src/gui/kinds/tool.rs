//! What every kind's palette shares: the drawing tools and the refusal of a
//! paint the kind's rules do not allow.

/// The drawing tool in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tool {
    /// Paint the selected tile under the pointer (click or drag).
    Paint,
    /// Fill the region of identical cells under the pointer.
    Fill,
    /// Read the tile under the pointer into the palette.
    Pick,
    /// Drag a rectangle of cells to copy, cut, clear, flip or rotate.
    Select,
    /// Drag from one cell to another to paint the straight line between.
    Line,
}

impl Tool {
    /// Every tool.
    pub const ALL: [Tool; 5] = [
        Tool::Paint,
        Tool::Fill,
        Tool::Pick,
        Tool::Line,
        Tool::Select,
    ];

    /// The tool's name.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Paint => "Paint",
            Tool::Fill => "Fill",
            Tool::Pick => "Pick",
            Tool::Select => "Select",
            Tool::Line => "Line",
        }
    }

    /// The tool's keyboard shortcut.
    pub fn shortcut(self) -> char {
        match self {
            Tool::Paint => 'p',
            Tool::Fill => 'f',
            Tool::Pick => 'k',
            Tool::Select => 'q',
            Tool::Line => 'l',
        }
    }

    /// Whether the tool works on whole cells only: a board of triangles
    /// (Tangram) has no use for it.
    pub fn needs_cells(self) -> bool {
        matches!(self, Tool::Select | Tool::Line)
    }
}

/// What the tool does, with its shortcut, for its tooltip; `cells` false:
/// on a board of triangles that belong to shapes (Tangram).
fn tool_hint(tool: Tool, cells: bool) -> String {
    let what = match tool {
        Tool::Paint if !cells => {
            "Give the triangles under the pointer to the selected shape (click or drag)"
        }
        Tool::Fill if !cells => {
            "Give a region of free triangles, or a whole other shape, to the selected shape"
        }
        Tool::Pick if !cells => "Select the shape under the pointer",
        Tool::Paint => "Paint the selected tile (click or drag)",
        Tool::Fill => "Fill the region of identical cells",
        Tool::Pick => "Pick the tile under the pointer",
        Tool::Select => {
            "Drag a rectangle; then Ctrl+C, Ctrl+X, Ctrl+V, Delete, H and V flip, R rotates"
        }
        Tool::Line => "Drag from cell to cell: a straight line of the selected tile",
    };
    format!("{what} (shortcut {})", tool.shortcut())
}

#[cfg(test)]
mod hint_tests {
    use super::*;

    #[test]
    fn on_triangles_the_hints_speak_of_shapes_not_tiles() {
        for tool in Tool::ALL.into_iter().filter(|t| !t.needs_cells()) {
            let hint = tool_hint(tool, false);
            assert!(!hint.contains("tile"), "{hint}");
            assert!(hint.contains("shape"), "{hint}");
            assert!(tool_hint(tool, true).contains("tile") || tool == Tool::Fill);
        }
    }
}

/// Why a paint was refused, in a short sentence for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

/// The tool row at the top of every palette, each tool with its shortcut,
/// and the hint that the right button erases. On a board that is not
/// whole cells (`cells` false) the Select and Line tools are greyed out
/// and say why.
pub fn tool_row(ui: &mut egui::Ui, selected: &mut Tool, cells: bool) {
    ui.strong("Tool");
    // Two rows, the painting tools and the cell tools, so the row fits
    // the narrowest tool panel.
    for row in [&Tool::ALL[..3], &Tool::ALL[3..]] {
        ui.horizontal(|ui| {
            for &tool in row {
                let enabled = cells || !tool.needs_cells();
                ui.add_enabled_ui(enabled, |ui| {
                    ui.selectable_value(selected, tool, tool.name())
                        .on_hover_text(tool_hint(tool, cells))
                        .on_disabled_hover_text(
                            "A Tangram board is triangles that belong to shapes: select, copy and draw lines on a board of cells (Skiddy, Prism)",
                        );
                });
            }
        });
    }
    ui.label(
        egui::RichText::new("Left button: tool · right button: erase")
            .weak()
            .small(),
    );
    ui.separator();
}

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
}

impl Tool {
    /// Every tool.
    pub const ALL: [Tool; 3] = [Tool::Paint, Tool::Fill, Tool::Pick];

    /// The tool's name.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Paint => "Paint",
            Tool::Fill => "Fill",
            Tool::Pick => "Pick",
        }
    }

    /// The tool's keyboard shortcut.
    pub fn shortcut(self) -> char {
        match self {
            Tool::Paint => 'p',
            Tool::Fill => 'f',
            Tool::Pick => 'k',
        }
    }
}

/// Why a paint was refused, in a short sentence for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

/// The tool row at the top of every palette, each tool with its shortcut,
/// and the hint that the right button erases.
pub fn tool_row(ui: &mut egui::Ui, selected: &mut Tool) {
    ui.strong("Tool");
    ui.horizontal(|ui| {
        for tool in Tool::ALL {
            ui.selectable_value(selected, tool, tool.name())
                .on_hover_text(format!("shortcut {}", tool.shortcut()));
        }
    });
    ui.label(
        egui::RichText::new("Left button: tool · right button: erase")
            .weak()
            .small(),
    );
    ui.separator();
}

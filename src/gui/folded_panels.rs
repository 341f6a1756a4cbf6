//! The side panels that can be folded (pack, tools, analysis) and which of
//! them are folded, as the preferences keep it.

/// A side panel that can be folded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SidePanel {
    /// The pack panel, left.
    Pack,
    /// The tool panel, left of the board.
    Tools,
    /// The analysis panel, right.
    Analysis,
}

impl SidePanel {
    /// Every side panel, left to right.
    pub const ALL: [SidePanel; 3] = [SidePanel::Pack, SidePanel::Tools, SidePanel::Analysis];

    /// The panel's id, its strip's id, whether it is on the left, and its
    /// default width and range of widths.
    pub fn geometry(
        self,
    ) -> (
        &'static str,
        &'static str,
        bool,
        f32,
        std::ops::RangeInclusive<f32>,
    ) {
        match self {
            SidePanel::Pack => (
                "pack",
                "pack strip",
                true,
                crate::gui::views::pack_panel::PREFERRED_WIDTH,
                240.0..=900.0,
            ),
            SidePanel::Tools => ("tools", "tools strip", true, 200.0, 150.0..=420.0),
            SidePanel::Analysis => ("analysis", "analysis strip", false, 340.0, 240.0..=900.0),
        }
    }

    /// The panel's name on its strip.
    pub fn title(self) -> &'static str {
        match self {
            SidePanel::Pack => "Pack",
            SidePanel::Tools => "Tools",
            SidePanel::Analysis => "Analysis",
        }
    }
}

/// Which side panels are folded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Folded {
    /// The pack panel.
    pub pack: bool,
    /// The tool panel.
    pub tools: bool,
    /// The analysis panel.
    pub analysis: bool,
}

impl Folded {
    /// Whether `panel` is folded.
    pub fn get(self, panel: SidePanel) -> bool {
        match panel {
            SidePanel::Pack => self.pack,
            SidePanel::Tools => self.tools,
            SidePanel::Analysis => self.analysis,
        }
    }

    /// Folds or unfolds `panel`.
    pub fn set(&mut self, panel: SidePanel, folded: bool) {
        match panel {
            SidePanel::Pack => self.pack = folded,
            SidePanel::Tools => self.tools = folded,
            SidePanel::Analysis => self.analysis = folded,
        }
    }
}

//! What each tab keeps of the editor's settings: its drawing tool and how
//! its state graph is shown. The editor holds the settings of the tab on
//! screen; when another tab comes on screen, the one that leaves keeps
//! its settings and the one that arrives gets its own back, so that a
//! setting chosen on one tab (Select, "Only the dead ends") never acts
//! on another, and a tool one kind lacks (Select on Tangram's triangles)
//! is replaced on that tab only.

use crate::gui::app::EditorApp;
use crate::gui::kinds::tool::Tool;
use crate::gui::views::state_graph::GraphSettings;

/// One tab's own settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TabSettings {
    /// The drawing tool.
    pub tool: Tool,
    /// How the state graph is shown.
    pub graph: GraphSettings,
}

impl EditorApp {
    /// Gives the tab on screen its own settings when it has just come on
    /// screen, keeping those of the tab that left. A tab never shown before
    /// keeps the tool in hand and starts with the whole graph shown.
    pub fn follow_tab_settings(&mut self) {
        let active = self.doc().id;
        if self.settings_tab == Some(active) {
            return;
        }
        let current = TabSettings {
            tool: self.prefs.tool,
            graph: self.graph_view.settings(),
        };
        let left = self.settings_tab;
        if let Some(doc) = self.docs.iter_mut().find(|d| Some(d.id) == left) {
            doc.settings = Some(current);
        }
        let arriving = self.doc().settings.unwrap_or(TabSettings {
            tool: current.tool,
            graph: GraphSettings::default(),
        });
        self.prefs.tool = arriving.tool;
        self.graph_view.set_settings(arriving.graph);
        self.settings_tab = Some(active);
    }
}

//! What each tab keeps of the editor's settings: its drawing tool and how
//! its state graph is shown. The editor holds the settings of the tab on
//! screen; when another tab comes on screen, the one that leaves keeps
//! its settings and the one that arrives gets its own back
//! (`EditorApp::follow_tab_settings`), so that a setting chosen on one
//! tab (Select, "Only the dead ends") never acts on another, and a tool
//! one kind lacks (Select on Tangram's triangles) is replaced on that tab
//! only.

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

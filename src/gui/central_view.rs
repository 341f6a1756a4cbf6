//! Which view fills the main area: the board being edited, Play, the
//! state graph, Rooms or Prism's floors.

/// The main area's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CentralView {
    /// Paint the level (and watch replays).
    Edit,
    /// Play the level with the keyboard.
    Play,
    /// The state graph.
    Graph,
    /// Prism's floors: the level as its 3D model.
    Floors,
    /// The Rooms kind: a tree laid out by the guess-and-test stack.
    Rooms,
}

impl CentralView {
    /// Every view, in the order of their keys (F1 to F5).
    pub const ALL: [CentralView; 5] = [
        CentralView::Edit,
        CentralView::Play,
        CentralView::Graph,
        CentralView::Rooms,
        CentralView::Floors,
    ];

    /// The view's name on its button and in the View menu.
    pub fn title(self) -> &'static str {
        match self {
            CentralView::Edit => "Edit",
            CentralView::Play => "Play",
            CentralView::Graph => "State graph",
            CentralView::Floors => "Floors",
            CentralView::Rooms => "Rooms",
        }
    }
}

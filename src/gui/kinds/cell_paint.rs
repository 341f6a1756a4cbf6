//! Painting on a board of whole cells, the same for every such kind: the
//! kind says what its tiles do to a cell ([`CellTiles`]); [`paint`] turns
//! a press of a tool into the commands for the editor.

use crate::gui::commands::Command;
use crate::gui::kinds::tool::{Refused, Tool};

/// What a kind's palette entries do to the cells of its level.
pub trait CellTiles {
    /// The level painted.
    type Level: Clone + Into<crate::kinds::Level>;
    /// A palette entry.
    type Tile: Copy;
    /// The entry that best describes cell `(x, y)`.
    fn pick(level: &Self::Level, x: usize, y: usize) -> Self::Tile;
    /// Clears cell `(x, y)`; whether it changed.
    fn erase(level: &mut Self::Level, x: usize, y: usize) -> bool;
    /// Puts `tile` on cell `(x, y)`; whether it changed, or why not.
    fn paint(
        level: &mut Self::Level,
        x: usize,
        y: usize,
        tile: Self::Tile,
    ) -> Result<bool, Refused>;
    /// Floods the region of cells like `(x, y)` with `tile`; how many
    /// changed, or why none could.
    fn fill(
        level: &mut Self::Level,
        x: usize,
        y: usize,
        tile: Self::Tile,
    ) -> Result<usize, Refused>;
    /// The entry's name, as the palette shows it.
    fn name(tile: Self::Tile) -> String;
    /// The entry's letter on the keyboard.
    fn shortcut(tile: Self::Tile) -> char;
    /// The entry whose letter is `ch`.
    fn from_shortcut(ch: char) -> Option<Self::Tile>;
    /// The entry in the plural, for a line's undo step ("blocks").
    fn plural(tile: Self::Tile) -> String;
    /// Puts `tile` (or the eraser's floor) on the cells of the straight
    /// line from `from` to `to`; how many changed, or why none could.
    fn line(
        level: &mut Self::Level,
        from: (usize, usize),
        to: (usize, usize),
        tile: Option<Self::Tile>,
    ) -> Result<usize, Refused>;
    /// Paints the entry's small picture into `rect`.
    fn icon(painter: &egui::Painter, rect: egui::Rect, tile: Self::Tile);
}

/// The palette: a row a tile with its picture, name and letter; a click
/// selects it (in `selected`), and a Pick tool gives way to Paint.
pub fn palette_list<T: CellTiles>(
    ui: &mut egui::Ui,
    tiles: &[T::Tile],
    selected: &mut T::Tile,
    tool: Tool,
) -> Vec<Command>
where
    T::Tile: PartialEq,
{
    let mut commands = Vec::new();
    ui.strong("Palette");
    for &tile in tiles {
        let response = ui
            .horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
                T::icon(ui.painter(), rect, tile);
                let response = ui
                    .selectable_label(*selected == tile, T::name(tile))
                    .on_hover_text(format!("shortcut {}", T::shortcut(tile)));
                ui.label(
                    egui::RichText::new(T::shortcut(tile).to_string())
                        .monospace()
                        .weak(),
                );
                response
            })
            .inner;
        if response.clicked() {
            *selected = tile;
            if tool == Tool::Pick {
                commands.push(Command::SetTool(Tool::Paint));
            }
        }
    }
    commands
}

/// `tool` with `tile` (or the eraser) at `(x, y)` of `level`, as part of
/// the open stroke; the Pick tool selects the entry under the pointer
/// instead (in `tile`).
pub fn paint<T: CellTiles>(
    level: &T::Level,
    (x, y): (usize, usize),
    tool: Tool,
    tile: &mut T::Tile,
    erase: bool,
) -> Vec<Command> {
    if tool == Tool::Pick && !erase {
        let picked = T::pick(level, x, y);
        *tile = picked;
        return vec![
            Command::SetTool(Tool::Paint),
            Command::Say(format!("Picked {} from ({x}, {y})", T::name(picked))),
        ];
    }
    let name = if erase {
        format!("Erase at ({x}, {y})")
    } else {
        format!(
            "{} {} at ({x}, {y})",
            tool.name(),
            crate::words::lowercase_first(&T::name(*tile))
        )
    };
    let mut after = level.clone();
    let result = if erase {
        Ok(usize::from(T::erase(&mut after, x, y)))
    } else if tool == Tool::Fill {
        T::fill(&mut after, x, y, *tile)
    } else {
        T::paint(&mut after, x, y, *tile).map(usize::from)
    };
    match result {
        Ok(_) => vec![Command::stroke(name, after)],
        Err(refused) => vec![Command::Warn(refused.0)],
    }
}

/// Selects the entry whose letter is `ch` (in `tile`); a Pick tool gives
/// way to Paint. `None` when `ch` is not one of the kind's letters.
pub fn shortcut<T: CellTiles>(tile: &mut T::Tile, ch: char, tool: Tool) -> Option<Vec<Command>> {
    *tile = T::from_shortcut(ch)?;
    Some(if tool == Tool::Pick {
        vec![Command::SetTool(Tool::Paint)]
    } else {
        Vec::new()
    })
}

/// `tile` (or the eraser) along the straight line from `from` to `to` of
/// `level`, as one undo step named after the line.
pub fn line<T: CellTiles>(
    level: &T::Level,
    (from, to): ((usize, usize), (usize, usize)),
    tile: T::Tile,
    erase: bool,
) -> Vec<Command> {
    let what = if erase {
        "Erase line".to_string()
    } else {
        format!("Line of {}", T::plural(tile))
    };
    let mut after = level.clone();
    let result = T::line(&mut after, from, to, (!erase).then_some(tile));
    crate::gui::kinds::kind_gui::line_commands(&what, (from, to), after, result.err().map(|r| r.0))
}

/// The [`crate::gui::kinds::kind_gui::KindGui`] methods of a kind whose board
/// is cells painted with the entries of `$tiles` (a [`CellTiles`]) and
/// whose GUI keeps the selected entry in a field `tile`: its shortcuts,
/// paint and line, written once.
macro_rules! tools_of_a_board_of_cells {
    ($tiles:ty) => {
        fn shortcut(
            &mut self,
            ch: char,
            tool: $crate::gui::kinds::tool::Tool,
        ) -> Option<Vec<$crate::gui::commands::Command>> {
            $crate::gui::kinds::cell_paint::shortcut::<$tiles>(&mut self.tile, ch, tool)
        }

        fn paint(
            &mut self,
            level: &Self::Level,
            at: (usize, usize),
            _within: [f32; 2],
            tool: $crate::gui::kinds::tool::Tool,
            erase: bool,
        ) -> Vec<$crate::gui::commands::Command> {
            $crate::gui::kinds::cell_paint::paint::<$tiles>(level, at, tool, &mut self.tile, erase)
        }

        fn line(
            &self,
            level: &Self::Level,
            from: (usize, usize),
            to: (usize, usize),
            erase: bool,
        ) -> Vec<$crate::gui::commands::Command> {
            $crate::gui::kinds::cell_paint::line::<$tiles>(level, (from, to), self.tile, erase)
        }
    };
}
pub(crate) use tools_of_a_board_of_cells;

/// The [`CellTiles`] methods that forward to a kind's own tile tools:
/// `$tools::{pick, erase, paint, fill}`, `$region::line`, and the tile's
/// `name`, `shortcut` and `from_shortcut`, written once; what each kind
/// says its own way (`plural`, `icon`) is written beside it.
macro_rules! cell_tiles_forwarded_to {
    ($tools:ident, $region:ident) => {
        fn pick(level: &Self::Level, x: usize, y: usize) -> Self::Tile {
            $tools::pick(level, x, y)
        }

        fn erase(level: &mut Self::Level, x: usize, y: usize) -> bool {
            $tools::erase(level, x, y)
        }

        fn paint(
            level: &mut Self::Level,
            x: usize,
            y: usize,
            tile: Self::Tile,
        ) -> Result<bool, $crate::gui::kinds::tool::Refused> {
            $tools::paint(level, x, y, tile)
        }

        fn fill(
            level: &mut Self::Level,
            x: usize,
            y: usize,
            tile: Self::Tile,
        ) -> Result<usize, $crate::gui::kinds::tool::Refused> {
            $tools::fill(level, x, y, tile)
        }

        fn line(
            level: &mut Self::Level,
            from: (usize, usize),
            to: (usize, usize),
            tile: Option<Self::Tile>,
        ) -> Result<usize, $crate::gui::kinds::tool::Refused> {
            $region::line(level, from, to, tile)
        }

        fn name(tile: Self::Tile) -> String {
            tile.name()
        }

        fn shortcut(tile: Self::Tile) -> char {
            tile.shortcut()
        }

        fn from_shortcut(ch: char) -> Option<Self::Tile> {
            <Self::Tile>::from_shortcut(ch)
        }
    };
}
pub(crate) use cell_tiles_forwarded_to;

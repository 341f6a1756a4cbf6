//! The puzzle kinds, and the seam through which everything else sees them.
//!
//! Each kind has its level model, formats, rules and rating in its own
//! folder; it depends on the engine, never on the GUI or the CLI. Everything
//! outside `kinds/` sees a level through [`Level`], an enum with one variant
//! per kind, and an analysis through [`Analysis`]. The match over the kinds
//! lives here (and in [`text`] for the formats), not in the views.

pub mod collection;
pub mod compare;
pub mod prism;
pub mod problem;
pub mod resize;
pub mod rooms;
pub mod rushhour;
pub mod skiddy;
pub mod sokoban;
pub mod summary;
pub mod tangram;
pub mod text;
pub mod transcript;

use std::sync::Arc;

use serde_json::Value;

use crate::engine::{GraphView, Job, Summary};

pub use problem::Problem;
pub use resize::{Anchor, ResizeError, ResizePlan};
pub use summary::{
    FigureColumn, Figures, GraphFigures, GraphWords, KindStats, LevelSummary, SummaryError,
    VerdictMark,
};
pub use text::{detect, read_levels, ReadError, TextFormat};

/// The puzzle kinds levelscope edits and analyses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Every piece slides until it hits something (the kind of a blank
    /// level when nothing says otherwise).
    #[default]
    Skiddy,
    /// A colour-switch maze, some with enemies.
    Prism,
    /// Triangle tiling: put the shapes back; how many ways are there?
    Tangram,
    /// The warehouse puzzle: push every box onto a goal.
    Sokoban,
}

impl Kind {
    /// Every kind, in menu order.
    pub const ALL: [Kind; 4] = [Kind::Skiddy, Kind::Prism, Kind::Tangram, Kind::Sokoban];

    /// The name used in files and on the command line: `"skiddy"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Skiddy => "skiddy",
            Kind::Prism => "prism",
            Kind::Tangram => "tangram",
            Kind::Sokoban => "sokoban",
        }
    }

    /// The name shown to designers: `"Skiddy"`.
    pub fn title(self) -> &'static str {
        match self {
            Kind::Skiddy => "Skiddy",
            Kind::Prism => "Prism",
            Kind::Tangram => "Tangram",
            Kind::Sokoban => "Sokoban",
        }
    }

    /// The kind named `name` (as in [`Kind::name`], any case).
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }

    /// The text formats that can hold a level of this kind, the complete
    /// one (JSON) first.
    pub fn formats(self) -> &'static [TextFormat] {
        match self {
            Kind::Skiddy => skiddy::text_formats::TEXT_FORMATS,
            Kind::Prism => prism::text_formats::TEXT_FORMATS,
            Kind::Tangram => tangram::text_formats::TEXT_FORMATS,
            Kind::Sokoban => sokoban::text_formats::TEXT_FORMATS,
        }
    }

    /// Reads a level of this kind from its JSON form (its `kind` field,
    /// when there is one, already names this kind). A Skiddy level may
    /// lack the field: files written before there were other kinds.
    pub fn level_from_json_value(self, value: &Value) -> Result<Level, String> {
        match self {
            Kind::Skiddy => {
                let mut value = value.clone();
                if value.get("kind").is_none() {
                    if let Some(object) = value.as_object_mut() {
                        object.insert("kind".into(), Value::String(self.name().into()));
                    }
                }
                skiddy::format::from_json_value(&value)
                    .map(Level::Skiddy)
                    .map_err(|e| e.to_string())
            }
            Kind::Prism => prism::from_json_value(value)
                .map(Level::Prism)
                .map_err(|e| e.to_string()),
            Kind::Tangram => tangram::from_json_value(value)
                .map(Level::Tangram)
                .map_err(|e| e.to_string()),
            Kind::Sokoban => sokoban::from_json_value(value)
                .map(Level::Sokoban)
                .map_err(|e| e.to_string()),
        }
    }

    /// Reads the figures of a stored summary of a level of this kind.
    pub fn figures_from_json(self, value: &Value) -> Result<KindFigures, SummaryError> {
        Ok(match self {
            Kind::Skiddy => {
                KindFigures::Skiddy(skiddy::figures::SkiddyFigures::from_stored(value)?)
            }
            Kind::Prism => KindFigures::Prism(prism::figures::PrismFigures::from_stored(value)?),
            Kind::Tangram => {
                KindFigures::Tangram(tangram::figures::TangramFigures::from_stored(value)?)
            }
            Kind::Sokoban => {
                KindFigures::Sokoban(sokoban::figures::SokobanFigures::from_stored(value)?)
            }
        })
    }

    /// What `pack stats` says of a pack's levels of this kind, given their
    /// summaries (`None` for a level that could not be analysed; a summary
    /// of another kind counts as none).
    pub fn pack_stats(self, levels: &[Option<&LevelSummary>]) -> KindStats {
        fn figures_of<'a, F>(
            levels: &[Option<&'a LevelSummary>],
            pick: fn(&'a KindFigures) -> Option<&'a F>,
        ) -> Vec<Option<&'a F>> {
            levels
                .iter()
                .map(|s| s.and_then(|s| pick(&s.figures)))
                .collect()
        }
        match self {
            Kind::Skiddy => skiddy::figures::SkiddyFigures::pack_stats(&figures_of(
                levels,
                KindFigures::as_skiddy,
            )),
            Kind::Prism => {
                prism::figures::PrismFigures::pack_stats(&figures_of(levels, KindFigures::as_prism))
            }
            Kind::Tangram => tangram::figures::TangramFigures::pack_stats(&figures_of(
                levels,
                KindFigures::as_tangram,
            )),
            Kind::Sokoban => sokoban::figures::SokobanFigures::pack_stats(&figures_of(
                levels,
                KindFigures::as_sokoban,
            )),
        }
    }

    /// A new, blank level of this kind, `width` x `height` (Tangram's
    /// board is square: `width` x `width`).
    pub fn blank(self, width: usize, height: usize) -> Level {
        match self {
            Kind::Skiddy => Level::Skiddy(skiddy::Level::new(width, height)),
            Kind::Prism => Level::Prism(prism::Level::new(width, height)),
            Kind::Tangram => Level::Tangram(tangram::Level::new(width)),
            Kind::Sokoban => Level::Sokoban(sokoban::Level::new(width, height)),
        }
    }

    /// Whether levels of this kind are explored as a state graph (Tangram's
    /// question is a solution count instead).
    pub fn has_state_graph(self) -> bool {
        match self {
            Kind::Skiddy | Kind::Prism | Kind::Sokoban => true,
            Kind::Tangram => false,
        }
    }

    /// Whether `levelscope play` plays levels of this kind from a move
    /// string (the kinds whose moves are letters).
    pub fn plays_text(self) -> bool {
        match self {
            Kind::Skiddy | Kind::Sokoban => true,
            Kind::Prism | Kind::Tangram => false,
        }
    }

    /// What the kind calls the pack panel's figure column, where its
    /// levels have a figure there (Tangram's verdict says it all).
    pub fn figure_column(self) -> Option<summary::FigureColumn> {
        match self {
            Kind::Skiddy => Some(skiddy::figures::COLUMN),
            Kind::Prism => Some(prism::figures::COLUMN),
            Kind::Sokoban => Some(sokoban::figures::COLUMN),
            Kind::Tangram => None,
        }
    }

    /// What the kind calls the state graph's dead ends and traps, wherever
    /// its levels are shown (Sokoban's deadlocks and fatal pushes).
    pub fn graph_words(self) -> summary::GraphWords {
        match self {
            Kind::Sokoban => sokoban::figures::GRAPH_WORDS,
            Kind::Skiddy | Kind::Prism | Kind::Tangram => summary::GraphWords::GENERIC,
        }
    }

    /// Whether the kind's verdict is a number of stars (which the pack
    /// panel's "Under N stars" filters read).
    pub fn gives_stars(self) -> bool {
        match self {
            Kind::Skiddy => true,
            Kind::Prism | Kind::Tangram | Kind::Sokoban => false,
        }
    }

    /// Whether levels of this kind have floors: one board per background
    /// colour, joined by switches (Prism's 3D model).
    pub fn has_floors(self) -> bool {
        match self {
            Kind::Prism => true,
            Kind::Skiddy | Kind::Tangram | Kind::Sokoban => false,
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why `levelscope play` cannot play a move string on a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayTextError {
    /// The move string holds something that is not a move of the kind.
    #[error("{0}")]
    Moves(String),
    /// The level cannot be played (it is not valid).
    #[error("{0}")]
    Level(String),
    /// `play` does not play levels of this kind.
    #[error("play shows {playable} levels; this is a {kind} level")]
    NotPlayable {
        /// The level's kind.
        kind: &'static str,
        /// The kinds it plays, in words.
        playable: String,
    },
}

impl<C: std::error::Error> From<transcript::PlayError<C>> for PlayTextError {
    fn from(error: transcript::PlayError<C>) -> PlayTextError {
        match error {
            transcript::PlayError::UnknownMove { .. } => PlayTextError::Moves(error.to_string()),
            transcript::PlayError::Compile(_) => PlayTextError::Level(error.to_string()),
        }
    }
}

/// The figures of one kind's verdict, each kind's own type (see
/// [`Figures`], implemented in each kind's folder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KindFigures {
    /// Skiddy: the state graph, stars and the combo lengths.
    Skiddy(skiddy::figures::SkiddyFigures),
    /// Prism: the state graph and the difficulty.
    Prism(prism::figures::PrismFigures),
    /// Tangram: the solution count (no state graph).
    Tangram(tangram::figures::TangramFigures),
    /// Sokoban: the state graph and the fewest pushes.
    Sokoban(sokoban::figures::SokobanFigures),
}

impl KindFigures {
    /// The kind whose figures they are.
    pub fn kind(&self) -> Kind {
        match self {
            KindFigures::Skiddy(_) => Kind::Skiddy,
            KindFigures::Prism(_) => Kind::Prism,
            KindFigures::Tangram(_) => Kind::Tangram,
            KindFigures::Sokoban(_) => Kind::Sokoban,
        }
    }

    /// The figures, as what every kind's figures say.
    pub fn of_kind(&self) -> &dyn Figures {
        match self {
            KindFigures::Skiddy(f) => f,
            KindFigures::Prism(f) => f,
            KindFigures::Tangram(f) => f,
            KindFigures::Sokoban(f) => f,
        }
    }

    /// The figures, mutable, as what every kind's figures say.
    pub fn of_kind_mut(&mut self) -> &mut dyn Figures {
        match self {
            KindFigures::Skiddy(f) => f,
            KindFigures::Prism(f) => f,
            KindFigures::Tangram(f) => f,
            KindFigures::Sokoban(f) => f,
        }
    }

    /// The Skiddy figures, when they are.
    pub fn as_skiddy(&self) -> Option<&skiddy::figures::SkiddyFigures> {
        match self {
            KindFigures::Skiddy(f) => Some(f),
            KindFigures::Prism(_) | KindFigures::Tangram(_) | KindFigures::Sokoban(_) => None,
        }
    }

    /// The Prism figures, when they are.
    pub fn as_prism(&self) -> Option<&prism::figures::PrismFigures> {
        match self {
            KindFigures::Prism(f) => Some(f),
            KindFigures::Skiddy(_) | KindFigures::Tangram(_) | KindFigures::Sokoban(_) => None,
        }
    }

    /// The Tangram figures, when they are.
    pub fn as_tangram(&self) -> Option<&tangram::figures::TangramFigures> {
        match self {
            KindFigures::Tangram(f) => Some(f),
            KindFigures::Skiddy(_) | KindFigures::Prism(_) | KindFigures::Sokoban(_) => None,
        }
    }

    /// The Sokoban figures, when they are.
    pub fn as_sokoban(&self) -> Option<&sokoban::figures::SokobanFigures> {
        match self {
            KindFigures::Sokoban(f) => Some(f),
            KindFigures::Skiddy(_) | KindFigures::Prism(_) | KindFigures::Tangram(_) => None,
        }
    }
}

/// A level of any kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A Skiddy level.
    Skiddy(skiddy::Level),
    /// A Prism level.
    Prism(prism::Level),
    /// A Tangram level.
    Tangram(tangram::Level),
    /// A Sokoban level.
    Sokoban(sokoban::Level),
}

impl From<skiddy::Level> for Level {
    fn from(level: skiddy::Level) -> Level {
        Level::Skiddy(level)
    }
}

impl From<prism::Level> for Level {
    fn from(level: prism::Level) -> Level {
        Level::Prism(level)
    }
}

impl From<tangram::Level> for Level {
    fn from(level: tangram::Level) -> Level {
        Level::Tangram(level)
    }
}

impl From<sokoban::Level> for Level {
    fn from(level: sokoban::Level) -> Level {
        Level::Sokoban(level)
    }
}

impl Level {
    /// Its kind.
    pub fn kind(&self) -> Kind {
        match self {
            Level::Skiddy(_) => Kind::Skiddy,
            Level::Prism(_) => Kind::Prism,
            Level::Tangram(_) => Kind::Tangram,
            Level::Sokoban(_) => Kind::Sokoban,
        }
    }

    /// Its name (may be empty).
    pub fn name(&self) -> &str {
        match self {
            Level::Skiddy(l) => &l.name,
            Level::Prism(l) => &l.name,
            Level::Tangram(l) => &l.name,
            Level::Sokoban(l) => &l.name,
        }
    }

    /// Renames it.
    pub fn set_name(&mut self, name: impl Into<String>) {
        match self {
            Level::Skiddy(l) => l.name = name.into(),
            Level::Prism(l) => l.name = name.into(),
            Level::Tangram(l) => l.name = name.into(),
            Level::Sokoban(l) => l.name = name.into(),
        }
    }

    /// The board's size in cells, `(width, height)`.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Level::Skiddy(l) => (l.width(), l.height()),
            Level::Prism(l) => (l.width(), l.height()),
            Level::Tangram(l) => (l.size, l.size),
            Level::Sokoban(l) => (l.width(), l.height()),
        }
    }

    /// The Skiddy level, if it is one.
    pub fn as_skiddy(&self) -> Option<&skiddy::Level> {
        match self {
            Level::Skiddy(l) => Some(l),
            Level::Prism(_) | Level::Tangram(_) | Level::Sokoban(_) => None,
        }
    }

    /// The Skiddy level to edit, if it is one.
    pub fn as_skiddy_mut(&mut self) -> Option<&mut skiddy::Level> {
        match self {
            Level::Skiddy(l) => Some(l),
            Level::Prism(_) | Level::Tangram(_) | Level::Sokoban(_) => None,
        }
    }

    /// The Prism level, if it is one.
    pub fn as_prism(&self) -> Option<&prism::Level> {
        match self {
            Level::Prism(l) => Some(l),
            Level::Skiddy(_) | Level::Tangram(_) | Level::Sokoban(_) => None,
        }
    }

    /// The Prism level to edit, if it is one.
    pub fn as_prism_mut(&mut self) -> Option<&mut prism::Level> {
        match self {
            Level::Prism(l) => Some(l),
            Level::Skiddy(_) | Level::Tangram(_) | Level::Sokoban(_) => None,
        }
    }

    /// The Tangram level, if it is one.
    pub fn as_tangram(&self) -> Option<&tangram::Level> {
        match self {
            Level::Tangram(l) => Some(l),
            Level::Skiddy(_) | Level::Prism(_) | Level::Sokoban(_) => None,
        }
    }

    /// The Tangram level to edit, if it is one.
    pub fn as_tangram_mut(&mut self) -> Option<&mut tangram::Level> {
        match self {
            Level::Tangram(l) => Some(l),
            Level::Skiddy(_) | Level::Prism(_) | Level::Sokoban(_) => None,
        }
    }

    /// The Sokoban level, if it is one.
    pub fn as_sokoban(&self) -> Option<&sokoban::Level> {
        match self {
            Level::Sokoban(l) => Some(l),
            Level::Skiddy(_) | Level::Prism(_) | Level::Tangram(_) => None,
        }
    }

    /// The Sokoban level to edit, if it is one.
    pub fn as_sokoban_mut(&mut self) -> Option<&mut sokoban::Level> {
        match self {
            Level::Sokoban(l) => Some(l),
            Level::Skiddy(_) | Level::Prism(_) | Level::Tangram(_) => None,
        }
    }

    /// What makes it invalid, each problem naming its cell; empty when it
    /// is valid.
    pub fn problems(&self) -> Vec<Problem> {
        match self {
            Level::Skiddy(l) => l.problems(),
            Level::Prism(l) => l.problems(),
            Level::Tangram(l) => l.problems(),
            Level::Sokoban(l) => l.problems(),
        }
    }

    /// What is at cell `(x, y)`, in a few words ("red Skiddy in a pit",
    /// "blue block (B), start", "left shape 2, bottom no shape, …"); empty
    /// outside the board.
    pub fn describe_cell(&self, x: usize, y: usize) -> String {
        let (width, height) = self.size();
        if x >= width || y >= height {
            return String::new();
        }
        match self {
            Level::Skiddy(l) => skiddy::level::describe_cell(l, x, y),
            Level::Prism(l) => prism::level::describe_cell(l, x, y),
            Level::Tangram(l) => tangram::level::describe_cell(l, x, y),
            Level::Sokoban(l) => sokoban::level::describe_cell(l, x, y),
        }
    }

    /// Whether it has no problem.
    pub fn is_valid(&self) -> bool {
        self.problems().is_empty()
    }

    /// Whether it holds nothing a designer placed (a blank new board).
    pub fn is_blank(&self) -> bool {
        match self {
            Level::Skiddy(l) => l.pieces().next().is_none(),
            Level::Prism(l) => {
                l.enemies.is_empty() && l.cells().iter().all(|&c| c == prism::Cell::Empty)
            }
            Level::Tangram(l) => l.shapes.is_empty(),
            Level::Sokoban(l) => {
                l.boxes.is_empty()
                    && l.player.is_none()
                    && l.cells() == sokoban::Level::new(l.width(), l.height()).cells()
            }
        }
    }

    /// Its JSON form (`{"format": "levelscope-level", "kind": ...}`).
    pub fn to_json_value(&self) -> Value {
        match self {
            Level::Skiddy(l) => skiddy::format::to_json_value(l),
            Level::Prism(l) => prism::to_json_value(l),
            Level::Tangram(l) => tangram::to_json_value(l),
            Level::Sokoban(l) => sokoban::to_json_value(l),
        }
    }

    /// Reads a level from its JSON form; a level without a `kind` is a
    /// Skiddy level (files written before there were other kinds).
    pub fn from_json_value(value: &Value) -> Result<Level, String> {
        text::level_from_json_value(value)
    }

    /// Its text in `format`, or why that format cannot say it.
    pub fn write(&self, format: TextFormat) -> Result<String, String> {
        text::write_levels(std::slice::from_ref(self), format)
    }

    /// A key equal for exactly the levels that are the same puzzle up to
    /// the kind's symmetries (of the board, and renamings of colours); the
    /// name is not part of it. Levels of different kinds never share a key.
    pub fn canonical_key(&self) -> String {
        let key = match self {
            Level::Skiddy(l) => skiddy::canonical::canonical_key(l),
            Level::Prism(l) => prism::canonical_key(l),
            Level::Tangram(l) => tangram::canonical_key(l),
            Level::Sokoban(l) => sokoban::canonical_key(l),
        };
        format!("{}:{key}", self.kind().name())
    }

    /// The level's board as simple shapes, in board units (one unit a
    /// cell): what the editor paints and the contact sheet renders. A
    /// Sokoban board hatches its dead cells (a box there can never reach
    /// a goal): the designer's first deadlock map, while painting and on
    /// the sheet alike.
    pub fn picture(&self) -> crate::picture::Picture {
        match self {
            Level::Skiddy(l) => skiddy::picture::level_picture(l),
            Level::Prism(l) => prism::picture::level_picture(l),
            Level::Tangram(l) => tangram::picture::level_picture(l),
            Level::Sokoban(l) => sokoban::picture::level_picture_with_dead_cells(l),
        }
    }

    /// The plan to resize the level to `width x height` with the old board
    /// at `anchor`: the level at its new size and what the resize loses, in
    /// words; or why the kind refuses that size (a Prism start or exit
    /// would be cut off). A Tangram board is square: its side is whichever
    /// of the two changed.
    pub fn resized(
        &self,
        width: usize,
        height: usize,
        anchor: Anchor,
    ) -> Result<ResizePlan, ResizeError> {
        let (level, losses) = match self {
            Level::Skiddy(l) => {
                let (level, losses) = skiddy::resize::resized_at(l, width, height, anchor);
                (Level::Skiddy(level), losses)
            }
            Level::Prism(l) => {
                let (level, losses) = prism::resize::resized_at(l, width, height, anchor)?;
                (Level::Prism(level), losses)
            }
            Level::Tangram(l) => {
                let (level, losses) = tangram::resize::resized_at(l, width, height, anchor);
                (Level::Tangram(level), losses)
            }
            Level::Sokoban(l) => {
                let (level, losses) = sokoban::resize::resized_at(l, width, height, anchor)?;
                (Level::Sokoban(level), losses)
            }
        };
        Ok(ResizePlan { level, losses })
    }

    /// What `levelscope play` prints for `moves` played from the start: the
    /// board after each move and how the game ends, in the kind's own move
    /// letters (Skiddy's U R D L, Sokoban's LURD).
    pub fn play_text(&self, moves: &str) -> Result<String, PlayTextError> {
        let not_playable = || PlayTextError::NotPlayable {
            kind: self.kind().title(),
            playable: Kind::ALL
                .into_iter()
                .filter(|k| k.plays_text())
                .map(Kind::title)
                .collect::<Vec<_>>()
                .join(" and "),
        };
        match self {
            Level::Skiddy(l) => skiddy::transcript::parse_moves(moves)
                .and_then(|moves| skiddy::transcript::play_text(l, &moves))
                .map(|(text, _)| text)
                .map_err(PlayTextError::from),
            Level::Sokoban(l) => sokoban::transcript::parse_moves(moves)
                .and_then(|moves| sokoban::transcript::play_text(l, &moves))
                .map(|(text, _)| text)
                .map_err(PlayTextError::from),
            Level::Prism(_) | Level::Tangram(_) => Err(not_playable()),
        }
    }

    /// Analyses the level: its state graph, labels, solutions and the
    /// kind's verdict (Tangram: its solution count). Cancellable through
    /// `job`.
    pub fn analyze(&self, job: &Job) -> Result<Analysis, String> {
        self.analyze_listing(job, 0)
    }

    /// [`Level::analyze`], keeping at least `solutions` listed solutions
    /// where the kind lists them during the search (Tangram; the kinds with
    /// a state graph list theirs from the graph on demand).
    pub fn analyze_listing(&self, job: &Job, solutions: usize) -> Result<Analysis, String> {
        match self {
            Level::Tangram(l) => {
                let analysis = tangram::analyze(l, solutions, job).map_err(|e| e.to_string())?;
                if let Some(why @ crate::engine::exact_cover::CoverStop::Cancelled { .. }) =
                    &analysis.report.stopped
                {
                    return Err(why.to_string());
                }
                Ok(Analysis::Tangram(Arc::new(analysis)))
            }
            Level::Skiddy(l) => skiddy::analyze(l, job)
                .map(|a| Analysis::Skiddy(Arc::new(a)))
                .map_err(|e| e.to_string()),
            Level::Prism(l) => prism::analyze(l, job)
                .map(|a| Analysis::Prism(Arc::new(a)))
                .map_err(|e| e.to_string()),
            Level::Sokoban(l) => sokoban::analyze(l, job)
                .map(|a| Analysis::Sokoban(Arc::new(a)))
                .map_err(|e| e.to_string()),
        }
    }
}

/// The complete analysis of a level of any kind.
#[derive(Clone, Debug)]
pub enum Analysis {
    /// A Skiddy level's analysis (shared: the views hold on to it).
    Skiddy(Arc<skiddy::Analysis>),
    /// A Prism level's analysis.
    Prism(Arc<prism::Analysis>),
    /// A Tangram level's solution count.
    Tangram(Arc<tangram::Analysis>),
    /// A Sokoban level's analysis.
    Sokoban(Arc<sokoban::Analysis>),
}

impl Analysis {
    /// The kind of the level analysed.
    pub fn kind(&self) -> Kind {
        match self {
            Analysis::Skiddy(_) => Kind::Skiddy,
            Analysis::Prism(_) => Kind::Prism,
            Analysis::Tangram(_) => Kind::Tangram,
            Analysis::Sokoban(_) => Kind::Sokoban,
        }
    }

    /// The engine's numbers: states, dead ends, traps, solutions, depths;
    /// `None` for a kind without a state graph (Tangram).
    pub fn summary(&self) -> Option<&Summary> {
        match self {
            Analysis::Skiddy(a) => Some(&a.summary),
            Analysis::Prism(a) => Some(&a.summary),
            Analysis::Sokoban(a) => Some(&a.summary),
            Analysis::Tangram(_) => None,
        }
    }

    /// The explored state graph, seen without its word type; `None` for a
    /// kind without one (Tangram).
    pub fn graph(&self) -> Option<&dyn GraphView> {
        match self {
            Analysis::Skiddy(a) => Some(a.view()),
            Analysis::Prism(a) => Some(a.graph.as_ref()),
            Analysis::Sokoban(a) => Some(a.graph.as_ref()),
            Analysis::Tangram(_) => None,
        }
    }

    /// The kind's verdict in a designer's words.
    pub fn verdict(&self) -> &str {
        match self {
            Analysis::Skiddy(a) => &a.rating.reason,
            Analysis::Prism(a) => &a.rating.verdict,
            Analysis::Tangram(a) => &a.verdict,
            Analysis::Sokoban(a) => &a.report.verdict,
        }
    }

    /// The numbers a pack keeps of this analysis.
    pub fn level_summary(&self) -> LevelSummary {
        match self {
            Analysis::Skiddy(a) => skiddy::figures::SkiddyFigures::summary(a),
            Analysis::Prism(a) => prism::figures::PrismFigures::summary(a),
            Analysis::Tangram(a) => tangram::figures::TangramFigures::summary(a),
            Analysis::Sokoban(a) => sokoban::figures::SokobanFigures::summary(a),
        }
    }

    /// Move names of a move sequence, e.g. `"L D"` (empty for a kind
    /// without moves).
    pub fn move_string(&self, moves: &[u8]) -> String {
        match self {
            Analysis::Skiddy(a) => a.move_string(moves),
            Analysis::Prism(a) => a.move_string(moves),
            Analysis::Sokoban(a) => a.lurd(moves),
            Analysis::Tangram(_) => String::new(),
        }
    }

    /// The moves of a move string as [`Analysis::move_string`] writes
    /// them (Sokoban's LURD letters in either case; the other kinds' names
    /// between spaces); `None` when a letter or word is not a move.
    pub fn move_indices(&self, text: &str) -> Option<Vec<u8>> {
        let graph = self.graph()?;
        let names: Vec<String> = (0..graph.move_count())
            .map(|m| self.move_string(&[m as u8]).to_uppercase())
            .collect();
        let index = |word: &str| {
            let upper = word.to_uppercase();
            names.iter().position(|n| *n == upper).map(|i| i as u8)
        };
        match self {
            // One letter a move, its case saying step or push.
            Analysis::Sokoban(_) => text
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| {
                    (0..4u8).find(|&i| {
                        sokoban::Dir::from_index(usize::from(i))
                            .is_some_and(|d| d.name().eq_ignore_ascii_case(&c.to_string()))
                    })
                })
                .collect(),
            Analysis::Skiddy(_) | Analysis::Prism(_) | Analysis::Tangram(_) => {
                text.split_whitespace().map(index).collect()
            }
        }
    }

    /// Up to `limit` solutions by `route` in order of length, as move
    /// strings, and whether the search for them was cut short (none for a
    /// kind without a state graph).
    pub fn solution_list(&self, route: crate::engine::Route, limit: usize) -> (Vec<String>, bool) {
        let Some(graph) = self.graph() else {
            return (Vec::new(), false);
        };
        let list = graph.solutions(route, limit);
        let strings = list.solutions.iter().map(|m| self.move_string(m)).collect();
        (strings, list.truncated)
    }

    /// Every trap with the number of moves from the start to its dead end,
    /// shallowest first.
    pub fn traps(&self) -> Vec<(crate::engine::Trap, usize)> {
        let Some(graph) = self.graph() else {
            return Vec::new();
        };
        graph
            .traps()
            .iter()
            .map(|t| (*t, graph.trap_depth(t)))
            .collect()
    }

    /// The Skiddy analysis, if it is one.
    pub fn as_skiddy(&self) -> Option<&Arc<skiddy::Analysis>> {
        match self {
            Analysis::Skiddy(a) => Some(a),
            Analysis::Prism(_) | Analysis::Tangram(_) | Analysis::Sokoban(_) => None,
        }
    }

    /// The Prism analysis, if it is one.
    pub fn as_prism(&self) -> Option<&Arc<prism::Analysis>> {
        match self {
            Analysis::Prism(a) => Some(a),
            Analysis::Skiddy(_) | Analysis::Tangram(_) | Analysis::Sokoban(_) => None,
        }
    }

    /// The Tangram analysis, if it is one.
    pub fn as_tangram(&self) -> Option<&Arc<tangram::Analysis>> {
        match self {
            Analysis::Tangram(a) => Some(a),
            Analysis::Skiddy(_) | Analysis::Prism(_) | Analysis::Sokoban(_) => None,
        }
    }

    /// The Sokoban analysis, if it is one.
    pub fn as_sokoban(&self) -> Option<&Arc<sokoban::Analysis>> {
        match self {
            Analysis::Sokoban(a) => Some(a),
            Analysis::Skiddy(_) | Analysis::Prism(_) | Analysis::Tangram(_) => None,
        }
    }

    /// The kind's fields of the `analyze --json` row (everything but
    /// `file`, `kind` and `elapsed_ms`), with up to `solutions` listed
    /// solutions of each route.
    pub fn report_fields(&self, solutions: usize) -> serde_json::Map<String, Value> {
        match self {
            Analysis::Skiddy(a) => skiddy::report::json_fields(a, solutions),
            Analysis::Prism(a) => prism::report::json_fields(a, solutions),
            Analysis::Tangram(a) => tangram::report::json_fields(a, solutions),
            Analysis::Sokoban(a) => sokoban::report::report_fields(a, solutions),
        }
    }

    /// The lines of the human report after its first line (which the caller
    /// writes: the file and the verdict), each ending in a newline.
    pub fn report_lines(&self, solutions: usize) -> String {
        match self {
            Analysis::Skiddy(a) => skiddy::report::text_lines(a, solutions),
            Analysis::Prism(a) => prism::report::text_lines(a, solutions),
            Analysis::Tangram(a) => tangram::report::text_lines(a, solutions),
            Analysis::Sokoban(a) => sokoban::report::report_lines(a, solutions),
        }
    }

    /// The verdict's headline for the human report, e.g. `"★★☆ 2 stars —
    /// …"`.
    pub fn headline(&self) -> String {
        match self {
            Analysis::Skiddy(a) => skiddy::report::headline(a),
            Analysis::Prism(a) => prism::report::headline(a),
            Analysis::Tangram(a) => tangram::report::headline(a),
            Analysis::Sokoban(a) => a.report.verdict.clone(),
        }
    }
}

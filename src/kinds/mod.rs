//! The puzzle kinds, and the seam through which everything else sees them.
//!
//! Each kind has its level model, formats, rules and rating in its own
//! folder; it depends on the engine, never on the GUI or the CLI, and
//! implements [`KindModel`] in its `model.rs`. The kinds are **one list**,
//! [`kind_list`]: the enums [`Kind`], [`Level`], [`Analysis`] and
//! [`KindFigures`], their accessors and every match over the kinds are
//! generated from it here, and the GUI's registry (`gui/kinds`) is fed by
//! the same list. A new kind is its folder, its `mod` line and one line of
//! the list.

pub mod analysis_error;
pub mod batch_seed;
pub mod collection;
pub mod envelope;
pub mod level_error;
pub mod model;
pub mod partial_figures;
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
pub mod version_change;

use std::sync::Arc;

use serde_json::Value;

use crate::effort::{Effort, EffortModel, StoredEffort};
use crate::engine::{GraphView, Job, Summary};

pub use analysis_error::AnalysisError;
pub use level_error::LevelError;
pub use model::{KindModel, KindWords, SearchUnit};
pub use partial_figures::{KnownFigures, PartialFigures, PartialKnowledge, PartialStop};
pub use problem::Problem;
pub use resize::{Anchor, ResizeError, ResizePlan};
pub use summary::{
    FigureColumn, Figures, GraphFigures, GraphWords, KindStats, LevelSummary, SummaryError,
    VerdictMark,
};
pub use text::{detect, read_levels, ReadError, TextFormat};

/// The one list of kinds, in menu order: for each, its variant, its folder
/// (whose `Model` implements [`KindModel`]) and the names of its
/// accessors. Calls `$callback!` with the list, after `[$extra]`: the
/// enums here and the GUI's registry are generated from it.
macro_rules! kind_list {
    ($callback:ident $(, $($extra:tt)*)?) => {
        $callback! {
            [$($($extra)*)?]
            Skiddy skiddy as_skiddy as_skiddy_mut;
            Prism prism as_prism as_prism_mut;
            Tangram tangram as_tangram as_tangram_mut;
            Sokoban sokoban as_sokoban as_sokoban_mut;
            RushHour rushhour as_rushhour as_rushhour_mut;
        }
    };
}
pub(crate) use kind_list;

/// The kinds' enums and their dispatch, from [`kind_list`].
macro_rules! define_kinds {
    ([] $($Variant:ident $module:ident $as_ref:ident $as_mut:ident;)*) => {
        /// The puzzle kinds levelscope edits and analyses.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $(
                #[doc = concat!("The kind of [`", stringify!($module), "`].")]
                $Variant,
            )*
        }

        /// How many kinds there are.
        const KIND_COUNT: usize = [$(stringify!($Variant)),*].len();

        impl Kind {
            /// Every kind, in menu order.
            pub const ALL: [Kind; KIND_COUNT] = [$(Kind::$Variant),*];

            /// The name used in files and on the command line: `"skiddy"`.
            pub fn name(self) -> &'static str {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::NAME,)* }
            }

            /// The name shown to designers: `"Skiddy"`.
            pub fn title(self) -> &'static str {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::TITLE,)* }
            }

            /// The text formats that can hold a level of this kind, the
            /// complete one (JSON) first.
            pub fn formats(self) -> &'static [TextFormat] {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::FORMATS,)* }
            }

            /// Reads a level of this kind from its JSON form (its `kind`
            /// field, when there is one, already names this kind).
            pub fn level_from_json_value(self, value: &Value) -> Result<Level, LevelError> {
                match self {
                    $(Kind::$Variant => {
                        <$module::Model as KindModel>::level_from_json(value).map(Level::$Variant)
                    })*
                }
            }

            /// Reads the figures of a stored summary of a level of this kind.
            pub fn figures_from_json(self, value: &Value) -> Result<KindFigures, SummaryError> {
                match self {
                    $(Kind::$Variant => <$module::Model as KindModel>::figures_from_stored(value)
                        .map(KindFigures::$Variant),)*
                }
            }

            /// What `pack stats` says of a pack's levels of this kind, given
            /// their summaries (`None` for a level that could not be
            /// analysed; a summary of another kind counts as none).
            pub fn pack_stats(self, levels: &[Option<&LevelSummary>]) -> KindStats {
                match self {
                    $(Kind::$Variant => {
                        let figures: Vec<_> = levels
                            .iter()
                            .map(|s| s.and_then(|s| s.figures.$as_ref()))
                            .collect();
                        <$module::Model as KindModel>::pack_stats(&figures)
                    })*
                }
            }

            /// A new, blank level of this kind, `width` x `height`
            /// (Tangram's board is square: `width` x `width`).
            pub fn blank(self, width: usize, height: usize) -> Level {
                match self {
                    $(Kind::$Variant => {
                        Level::$Variant(<$module::Model as KindModel>::blank(width, height))
                    })*
                }
            }

            /// Whether levels of this kind are explored as a state graph
            /// (Tangram's question is a solution count instead).
            pub fn has_state_graph(self) -> bool {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::HAS_STATE_GRAPH,)* }
            }

            /// What the kind's search counts against its budget.
            pub fn search_unit(self) -> model::SearchUnit {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::SEARCH_UNIT,)* }
            }

            /// What the kind calls the pack panel's figure column, where its
            /// levels have a figure there.
            pub fn figure_column(self) -> Option<FigureColumn> {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::FIGURE_COLUMN,)* }
            }

            /// What the kind calls the state graph's dead ends and traps.
            pub fn graph_words(self) -> GraphWords {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::GRAPH_WORDS,)* }
            }

            /// The kind's effort model (`docs/effort.md`).
            pub fn effort_model(self) -> EffortModel {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::EFFORT_MODEL,)* }
            }

            /// Whether the kind's verdict is a number of stars (which the
            /// pack panel's "Under N stars" filters read).
            pub fn gives_stars(self) -> bool {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::GIVES_STARS,)* }
            }

            /// Whether levels of this kind have floors: one board per
            /// background colour, joined by switches (Prism's 3D model).
            pub fn has_floors(self) -> bool {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::HAS_FLOORS,)* }
            }

            /// Whether `levelscope play` plays levels of this kind from a
            /// move string (the kinds with a [`KindModel::PLAY_TEXT`]).
            pub fn plays_text(self) -> bool {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::PLAY_TEXT.is_some(),)* }
            }

            /// What the command line's help says of the kind.
            pub fn words(self) -> KindWords {
                match self { $(Kind::$Variant => <$module::Model as KindModel>::WORDS,)* }
            }

        }

        /// The figures of one kind's verdict, each kind's own type (see
        /// [`Figures`], implemented in each kind's folder).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum KindFigures {
            $(
                #[doc = concat!("The figures of a [`", stringify!($module), "`] level.")]
                $Variant(<$module::Model as KindModel>::Figures),
            )*
        }

        impl KindFigures {
            /// The kind whose figures they are.
            pub fn kind(&self) -> Kind {
                match self { $(KindFigures::$Variant(_) => Kind::$Variant,)* }
            }

            /// The figures, as what every kind's figures say.
            pub fn of_kind(&self) -> &dyn Figures {
                match self { $(KindFigures::$Variant(f) => f,)* }
            }

            /// The figures, mutable, as what every kind's figures say.
            pub fn of_kind_mut(&mut self) -> &mut dyn Figures {
                match self { $(KindFigures::$Variant(f) => f,)* }
            }

            $(
                #[doc = concat!("The figures of a [`", stringify!($module), "`] level, when they are.")]
                #[allow(unreachable_patterns)]
                pub fn $as_ref(&self) -> Option<&<$module::Model as KindModel>::Figures> {
                    match self {
                        KindFigures::$Variant(f) => Some(f),
                        _ => None,
                    }
                }
            )*
        }

        /// A level of any kind.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Level {
            $(
                #[doc = concat!("A [`", stringify!($module), "`] level.")]
                $Variant(<$module::Model as KindModel>::Level),
            )*
        }

        $(
            impl From<<$module::Model as KindModel>::Level> for Level {
                fn from(level: <$module::Model as KindModel>::Level) -> Level {
                    Level::$Variant(level)
                }
            }
        )*

        impl Level {
            /// Its kind.
            pub fn kind(&self) -> Kind {
                match self { $(Level::$Variant(_) => Kind::$Variant,)* }
            }

            /// Its name (may be empty).
            pub fn name(&self) -> &str {
                match self { $(Level::$Variant(l) => <$module::Model as KindModel>::name(l),)* }
            }

            /// Renames it.
            pub fn set_name(&mut self, name: impl Into<String>) {
                let name = name.into();
                match self {
                    $(Level::$Variant(l) => <$module::Model as KindModel>::set_name(l, name),)*
                }
            }

            /// The board's size in cells, `(width, height)`.
            pub fn size(&self) -> (usize, usize) {
                match self { $(Level::$Variant(l) => <$module::Model as KindModel>::size(l),)* }
            }

            $(
                #[doc = concat!("The [`", stringify!($module), "`] level, if it is one.")]
                #[allow(unreachable_patterns)]
                pub fn $as_ref(&self) -> Option<&<$module::Model as KindModel>::Level> {
                    match self {
                        Level::$Variant(l) => Some(l),
                        _ => None,
                    }
                }

                #[doc = concat!("The [`", stringify!($module), "`] level to edit, if it is one.")]
                #[allow(unreachable_patterns)]
                pub fn $as_mut(&mut self) -> Option<&mut <$module::Model as KindModel>::Level> {
                    match self {
                        Level::$Variant(l) => Some(l),
                        _ => None,
                    }
                }
            )*

            /// What makes it invalid, each problem naming its cell; empty
            /// when it is valid.
            pub fn problems(&self) -> Vec<Problem> {
                match self { $(Level::$Variant(l) => <$module::Model as KindModel>::problems(l),)* }
            }

            /// What is at cell `(x, y)`, in a few words ("red Skiddy in a
            /// pit", "blue block (B), start"); empty outside the board.
            pub fn describe_cell(&self, x: usize, y: usize) -> String {
                let (width, height) = self.size();
                if x >= width || y >= height {
                    return String::new();
                }
                match self {
                    $(Level::$Variant(l) => <$module::Model as KindModel>::describe_cell(l, x, y),)*
                }
            }

            /// Whether it holds nothing a designer placed (a blank new
            /// board).
            pub fn is_blank(&self) -> bool {
                match self { $(Level::$Variant(l) => <$module::Model as KindModel>::is_blank(l),)* }
            }

            /// Its JSON form (`{"format": "levelscope-level", "kind": ...}`).
            pub fn to_json_value(&self) -> Value {
                match self { $(Level::$Variant(l) => <$module::Model as KindModel>::level_to_json(l),)* }
            }

            /// A key equal for exactly the levels that are the same puzzle
            /// up to the kind's symmetries (of the board, and renamings of
            /// colours); the name is not part of it. Levels of different
            /// kinds never share a key.
            pub fn canonical_key(&self) -> String {
                let key = match self {
                    $(Level::$Variant(l) => <$module::Model as KindModel>::canonical_key(l),)*
                };
                format!("{}:{key}", self.kind().name())
            }

            /// The level's board as simple shapes, in board units (one unit
            /// a cell): what the editor paints and the contact sheet
            /// renders (a Sokoban board hatches its dead cells).
            pub fn picture(&self) -> crate::picture::Picture {
                match self { $(Level::$Variant(l) => <$module::Model as KindModel>::picture(l),)* }
            }

            /// The plan to resize the level to `width x height` with the old
            /// board at `anchor`: the level at its new size and what the
            /// resize loses, in words; or why the kind refuses that size. A
            /// Tangram board is square: its side is whichever of the two
            /// changed.
            pub fn resized(
                &self,
                width: usize,
                height: usize,
                anchor: Anchor,
            ) -> Result<ResizePlan, ResizeError> {
                match self {
                    $(Level::$Variant(l) => {
                        let (level, losses) =
                            <$module::Model as KindModel>::resized(l, width, height, anchor)?;
                        Ok(ResizePlan { level: Level::$Variant(level), losses })
                    })*
                }
            }

            /// What `levelscope play` prints for `moves` played from the
            /// start: the board after each move and how the game ends, in
            /// the kind's own move letters.
            pub fn play_text(&self, moves: &str) -> Result<String, PlayTextError> {
                let played = match self {
                    $(Level::$Variant(l) => <$module::Model as KindModel>::PLAY_TEXT.map(|play| play(l, moves)),)*
                };
                played.unwrap_or_else(|| {
                    Err(PlayTextError::NotPlayable {
                        kind: self.kind().title(),
                        playable: Kind::playable_words(),
                    })
                })
            }

            /// [`Level::analyze`], keeping at least `solutions` listed
            /// solutions where the kind lists them during the search
            /// (Tangram; the kinds with a state graph list theirs from the
            /// graph on demand).
            pub fn analyze_listing(&self, job: &Job, solutions: usize) -> Result<Analysis, AnalysisError> {
                match self {
                    $(Level::$Variant(l) => <$module::Model as KindModel>::analyze(l, job, solutions)
                        .map(|a| Analysis::$Variant(Arc::new(a))),)*
                }
            }
        }

        /// The complete analysis of a level of any kind.
        #[derive(Clone, Debug)]
        pub enum Analysis {
            $(
                #[doc = concat!("The analysis of a [`", stringify!($module), "`] level (shared: the views hold on to it).")]
                $Variant(Arc<<$module::Model as KindModel>::Analysis>),
            )*
        }

        impl Analysis {
            /// The kind of the level analysed.
            pub fn kind(&self) -> Kind {
                match self { $(Analysis::$Variant(_) => Kind::$Variant,)* }
            }

            /// The engine's numbers: states, dead ends, traps, solutions,
            /// depths; `None` for a kind without a state graph (Tangram).
            pub fn summary(&self) -> Option<&Summary> {
                match self { $(Analysis::$Variant(a) => <$module::Model as KindModel>::summary(a),)* }
            }

            /// The explored state graph, seen without its word type; `None`
            /// for a kind without one (Tangram).
            pub fn graph(&self) -> Option<&dyn GraphView> {
                match self { $(Analysis::$Variant(a) => <$module::Model as KindModel>::graph(a),)* }
            }

            /// The kind's verdict in a designer's words.
            pub fn verdict(&self) -> &str {
                match self { $(Analysis::$Variant(a) => <$module::Model as KindModel>::verdict(a),)* }
            }

            /// The numbers a pack keeps of this analysis, its effort
            /// included (which reads the whole state graph: a view drawn
            /// every frame wants [`Analysis::verdict_summary`]).
            pub fn level_summary(&self) -> LevelSummary {
                let mut summary = self.verdict_summary();
                summary.effort = self.effort().as_ref().map(StoredEffort::from);
                summary
            }

            /// The verdict and figures of this analysis without its effort:
            /// cheap enough for every frame.
            pub fn verdict_summary(&self) -> LevelSummary {
                match self {
                    $(Analysis::$Variant(a) => <$module::Model as KindModel>::level_summary(a),)*
                }
            }

            /// Move names of a move sequence, e.g. `"L D"` (empty for a kind
            /// without moves).
            pub fn move_string(&self, moves: &[u8]) -> String {
                match self {
                    $(Analysis::$Variant(a) => <$module::Model as KindModel>::move_string(a, moves),)*
                }
            }

            /// The moves of a move string as [`Analysis::move_string`]
            /// writes them (Sokoban's LURD letters in either case; the other
            /// kinds' names between spaces); `None` when a letter or word is
            /// not a move.
            pub fn move_indices(&self, text: &str) -> Option<Vec<u8>> {
                match self {
                    $(Analysis::$Variant(a) => <$module::Model as KindModel>::move_indices(a, text),)*
                }
            }

            $(
                #[doc = concat!("The [`", stringify!($module), "`] analysis, if it is one.")]
                #[allow(unreachable_patterns)]
                pub fn $as_ref(&self) -> Option<&Arc<<$module::Model as KindModel>::Analysis>> {
                    match self {
                        Analysis::$Variant(a) => Some(a),
                        _ => None,
                    }
                }
            )*

            /// The kind's fields of the `analyze --json` row (everything but
            /// `file`, `kind` and `elapsed_ms`), with up to `solutions`
            /// listed solutions of each route.
            pub fn report_fields(&self, solutions: usize) -> serde_json::Map<String, Value> {
                match self {
                    $(Analysis::$Variant(a) => {
                        <$module::Model as KindModel>::report_fields(a, solutions)
                    })*
                }
            }

            /// The lines of the human report after its first line (which the
            /// caller writes: the file and the verdict), each ending in a
            /// newline.
            pub fn report_lines(&self, solutions: usize) -> String {
                match self {
                    $(Analysis::$Variant(a) => {
                        <$module::Model as KindModel>::report_lines(a, solutions)
                    })*
                }
            }

            /// The verdict's headline for the human report, e.g. `"★★☆ 2
            /// stars — …"`.
            pub fn headline(&self) -> String {
                match self { $(Analysis::$Variant(a) => <$module::Model as KindModel>::headline(a),)* }
            }

            /// The kind's own effort metrics, each a name and its JSON
            /// value (none for a kind that has none; see
            /// [`KindModel::effort_metrics`] and `docs/effort.md`).
            pub fn effort_metrics(&self) -> Vec<(&'static str, Value)> {
                match self {
                    $(Analysis::$Variant(a) => <$module::Model as KindModel>::effort_metrics(a),)*
                }
            }
        }
    };
}

kind_list!(define_kinds);

/// Each kind's own format error, from [`kind_list`]: a kind's folder has
/// its `format::FormatError`, and a [`LevelError`] carries it whole.
macro_rules! define_format_errors {
    ([] $($Variant:ident $module:ident $as_ref:ident $as_mut:ident;)*) => {
        /// A kind's text or JSON level is broken, as the kind says it.
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        pub enum KindFormatError {
            $(
                #[doc = concat!("The format error of [`", stringify!($module), "`].")]
                #[error(transparent)]
                $Variant($module::format::FormatError),
            )*
        }

        $(
            impl From<$module::format::FormatError> for LevelError {
                fn from(error: $module::format::FormatError) -> LevelError {
                    LevelError::Format(KindFormatError::$Variant(error))
                }
            }
        )*
    };
}

kind_list!(define_format_errors);

impl Default for Kind {
    /// Skiddy, the first kind: a blank level's kind when nothing says
    /// otherwise.
    fn default() -> Kind {
        Kind::ALL[0]
    }
}

impl Kind {
    /// The titles of the kinds whose search counts `unit`, joined with
    /// commas ("Sokoban" for positions).
    pub fn titles_counting(unit: SearchUnit) -> String {
        Kind::ALL
            .iter()
            .filter(|kind| kind.search_unit() == unit)
            .map(|kind| kind.title())
            .collect::<Vec<_>>()
            .join(", ")
    }
    /// The kind named `name` (as in [`Kind::name`], any case).
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }

    /// The titles of the kinds `levelscope play` plays, in words: "Skiddy
    /// and Sokoban".
    pub fn playable_words() -> String {
        let titles: Vec<&str> = Kind::ALL
            .into_iter()
            .filter(|k| k.plays_text())
            .map(Kind::title)
            .collect();
        titles.join(" and ")
    }

    /// `"Skiddy: X; Prism: Y; …"`: `pick` of every kind that has one,
    /// after its title, for the command line's help.
    pub fn each_says(pick: impl Fn(KindWords) -> Option<&'static str>) -> String {
        Kind::ALL
            .into_iter()
            .filter_map(|k| pick(k.words()).map(|w| format!("{}: {w}", k.title())))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// Every kind's name, for a list in help or an error: "skiddy, prism,
    /// tangram, sokoban".
    pub fn names() -> String {
        Kind::ALL.map(Kind::name).join(", ")
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

impl Level {
    /// Whether it has no problem.
    pub fn is_valid(&self) -> bool {
        self.problems().is_empty()
    }

    /// Reads a level from its JSON form; a level without a `kind` is a
    /// Skiddy level (files written before there were other kinds).
    pub fn from_json_value(value: &Value) -> Result<Level, LevelError> {
        text::level_from_json_value(value)
    }

    /// Its text in `format`, or why that format cannot say it.
    pub fn write(&self, format: TextFormat) -> Result<String, LevelError> {
        text::write_levels(std::slice::from_ref(self), format)
    }

    /// Analyses the level: its state graph, labels, solutions and the
    /// kind's verdict (Tangram: its solution count). Cancellable through
    /// `job`.
    pub fn analyze(&self, job: &Job) -> Result<Analysis, AnalysisError> {
        self.analyze_listing(job, 0)
    }
}

/// The summary a pack keeps of a kind's own analysis (its effort
/// included), wrapped by `wrap` (`Analysis::Prism`, …): for the
/// generators, which hold the kind's analysis.
pub fn pack_summary_of<A>(analysis: A, wrap: fn(Arc<A>) -> Analysis) -> LevelSummary {
    wrap(Arc::new(analysis)).level_summary()
}

/// The effort score of a kind's own `analysis` (`None`: the kind's model
/// cannot score it), with the analysis given back; `wrap` is the kind's
/// [`Analysis`] variant (`Analysis::Skiddy`). For generators that judge
/// a candidate by its effort and keep its analysis.
pub fn effort_score_of<A>(analysis: A, wrap: fn(Arc<A>) -> Analysis) -> (A, Option<f64>) {
    let shared = Arc::new(analysis);
    let score = wrap(Arc::clone(&shared)).effort().map(|e| e.score);
    match Arc::try_unwrap(shared) {
        Ok(analysis) => (analysis, score),
        Err(_) => unreachable!("the wrapped analysis was dropped with its score"),
    }
}

impl Analysis {
    /// Every effort metric of the level by name: the engine's kind-neutral
    /// [`crate::engine::GraphMetrics`] for a kind with a state graph, then
    /// the kind's own ([`Analysis::effort_metrics`]); `None` when there
    /// are neither (see `docs/effort.md`).
    pub fn effort_metric_map(&self) -> Option<serde_json::Map<String, Value>> {
        let graph = self.graph().zip(self.summary());
        let mut metrics = match graph {
            // A struct of named fields: always an object.
            Some((graph, summary)) => {
                serde_json::json!(crate::engine::graph_metrics(graph, summary))
                    .as_object()
                    .cloned()
                    .unwrap_or_default()
            }
            None => serde_json::Map::new(),
        };
        let kind_metrics = self.effort_metrics();
        if graph.is_none() && kind_metrics.is_empty() {
            return None;
        }
        metrics.extend(kind_metrics.into_iter().map(|(k, v)| (k.to_string(), v)));
        Some(metrics)
    }

    /// The level's effort by its kind's model; `None` when the model
    /// cannot score it (no win is reachable, or the search stopped).
    pub fn effort(&self) -> Option<Effort> {
        self.kind().effort_model().effort(self.effort_metric_map()?)
    }

    /// The `effort` object of `analyze --json`: [`Effort::to_json`], or
    /// only the metrics and a `null` score when the level cannot be scored;
    /// `None` when the kind has no metrics.
    pub fn effort_json(&self) -> Option<Value> {
        let metrics = self.effort_metric_map()?;
        Some(match self.kind().effort_model().effort(metrics.clone()) {
            Some(effort) => effort.to_json(),
            None => serde_json::json!({ "score": null, "metrics": metrics }),
        })
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
}

//! The difficulty curve of a pack: the stored effort score
//! (`docs/effort.md`; for a pack whose scores are all calibrated on
//! players, optionally the predicted player moves instead), the kind's
//! figure (the pack panel's figure column: Skiddy's Perfect length,
//! Prism's fewest moves, Sokoban's fewest pushes), trap count and
//! reachable states over the pack's order, drawn with egui_plot.
//!
//! Four plots, one above the other, effort first, share the x axis (the level's number in
//! the pack) and the cursor, each series with its own y axis so that none
//! flattens another (a pack with 200 traps in one level and Perfects of 10
//! to 30 moves): the figure, traps, and states on a logarithmic axis
//! (the plot holds log10 of the count, the axis is labelled in counts),
//! because states range from tens to millions. Levels without a summary,
//! and levels without the figure on that line, are gaps. Hovering shows the
//! level's number, name and value. The x axis is labelled once, under the
//! lowest plot, and every y axis is equally wide, so a level is at the same
//! x in all four.

use egui::{Color32, Ui};
use egui_plot::{GridInput, GridMark, HoverPosition, Line, Plot, PlotPoints, Points};

use crate::gui::views::count_axis::{count_axis, count_grid};
use crate::gui::views::pack_panel::view::{compact_count, figure_column};
use crate::kinds::Kind;
use crate::pack::{LevelSummary, Pack};
use crate::words::{agreeing, counted};

/// Colour of the effort (Okabe–Ito reddish purple).
const EFFORT: Color32 = Color32::from_rgb(204, 121, 167);
/// Colour of the kind's figure (Okabe–Ito blue).
const FIGURE: Color32 = Color32::from_rgb(0, 114, 178);
/// Colour of the trap count (Okabe–Ito vermilion).
const TRAPS: Color32 = Color32::from_rgb(213, 94, 0);
/// Colour of the state count (Okabe–Ito bluish green).
const STATES: Color32 = Color32::from_rgb(0, 158, 115);

/// Name of the effort series.
const EFFORT_NAME: &str = "Effort";
/// Name of the predicted player moves series.
const PREDICTED_NAME: &str = "Predicted player moves";
/// Name of the trap series.
const TRAPS_NAME: &str = "Traps";
/// Name of the state series.
const STATES_NAME: &str = "States";

/// The values of the curve, one per level in the pack's order (`None`: a
/// gap).
#[derive(Clone, Debug, PartialEq)]
pub struct CurveSeries {
    /// The stored effort score.
    pub effort: Vec<Option<f64>>,
    /// The predicted player moves, where the stored effort is calibrated.
    pub predicted_moves: Vec<Option<f64>>,
    /// The kind's figure (see [`LevelSummary::column_figure`]).
    pub figure: Vec<Option<f64>>,
    /// Traps.
    pub traps: Vec<Option<f64>>,
    /// log10 of the reachable states.
    pub log_states: Vec<Option<f64>>,
}

impl CurveSeries {
    /// The series of a pack.
    pub fn of(pack: &Pack) -> CurveSeries {
        let summaries = || pack.levels.iter().map(|e| e.summary.as_ref());
        let efforts = || summaries().map(|s| s.and_then(|s| s.effort.as_ref()));
        CurveSeries {
            effort: efforts().map(|e| e.map(|e| e.score)).collect(),
            predicted_moves: efforts()
                .map(|e| e.and_then(|e| e.predicted_player_moves).map(|p| p.moves))
                .collect(),
            figure: summaries()
                .map(|s| s.and_then(LevelSummary::column_figure).map(f64::from))
                .collect(),
            traps: summaries()
                .map(|s| s.and_then(|s| s.graph()).map(|g| g.traps as f64))
                .collect(),
            log_states: summaries()
                .map(|s| {
                    s.and_then(|s| s.graph())
                        .map(|g| (g.states.max(1) as f64).log10())
                })
                .collect(),
        }
    }
}

impl CurveSeries {
    /// Whether the effort plot may show predicted player moves instead:
    /// some level has an effort, and every level with one is calibrated
    /// on players (an all-Rush-Hour pack).
    pub fn all_calibrated(&self) -> bool {
        let scored = self.effort.iter().filter(|e| e.is_some()).count();
        let predicted = self.predicted_moves.iter().filter(|p| p.is_some()).count();
        scored > 0 && scored == predicted
    }
}

/// The unbroken runs of a series as plot points, x being the level's number
/// (1-based); a `None` ends a run.
pub fn runs(values: &[Option<f64>]) -> Vec<Vec<[f64; 2]>> {
    let mut runs = Vec::new();
    let mut run = Vec::new();
    for (i, value) in values.iter().enumerate() {
        match value {
            Some(y) => run.push([(i + 1) as f64, *y]),
            None if !run.is_empty() => runs.push(std::mem::take(&mut run)),
            None => {}
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// Grid marks at whole numbers (every decade of the state axis), thinned
/// out when zoomed far out.
fn whole_marks(input: GridInput) -> Vec<GridMark> {
    // Only marks inside the bounds: a label past the top would be drawn
    // outside the plot's frame.
    let (lo, hi) = (input.bounds.0.ceil(), input.bounds.1.floor());
    if !(lo.is_finite() && hi.is_finite()) {
        return Vec::new();
    }
    // At most four marks: closer ones are too close to be labelled on a
    // plot this low, and none would be.
    let step = ((hi - lo) / 3.0).ceil().max(1.0);
    every_step(lo, hi, step)
}

/// Grid marks at every multiple of `step` from `lo` to `hi`.
fn every_step(lo: f64, hi: f64, step: f64) -> Vec<GridMark> {
    let mut marks = Vec::new();
    let mut value = (lo / step).ceil() * step;
    while value <= hi {
        marks.push(GridMark {
            value,
            step_size: step,
        });
        value += step;
    }
    marks
}

/// Grid marks of a linear count axis (moves, pushes, traps): at most four,
/// whole, a step of 1, 2 or 5 times a power of ten, so that each has room
/// for its label however large the counts (0 and 2000 for 3,628 traps).
fn count_marks(input: GridInput) -> Vec<GridMark> {
    let (lo, hi) = (input.bounds.0.max(0.0).ceil(), input.bounds.1.floor());
    if !(lo.is_finite() && hi.is_finite()) || hi < lo {
        return Vec::new();
    }
    let mut step = 1.0;
    for factor in [2.0, 2.5, 2.0].into_iter().cycle() {
        if (hi - lo) / step <= 3.0 {
            break;
        }
        step *= factor;
    }
    every_step(lo, hi, step)
}

/// Adds a series to a plot: its runs as lines and every value as a dot (so
/// that a level between two gaps still shows).
fn add_series(
    plot_ui: &mut egui_plot::PlotUi<'_>,
    name: &str,
    values: &[Option<f64>],
    colour: Color32,
) {
    let runs = runs(values);
    let dots: Vec<[f64; 2]> = runs.iter().flatten().copied().collect();
    for run in runs {
        plot_ui.line(
            Line::new(name, PlotPoints::from(run))
                .color(colour)
                .width(1.5),
        );
    }
    if !dots.is_empty() {
        plot_ui.points(
            Points::new(name, PlotPoints::from(dots))
                .color(colour)
                .radius(2.5),
        );
    }
}

/// The top of a linear plot of `values`: a tenth above the highest value
/// (and at least 1), so that the highest dot is not on the frame.
pub fn plot_top(values: &[Option<f64>]) -> f64 {
    let highest = values.iter().flatten().fold(0.0f64, |a, &b| a.max(b));
    highest * 1.1 + 1.0
}

/// Height of the effort plot, in points.
const EFFORT_HEIGHT: f32 = 95.0;
/// Height of the figure plot, in points.
const FIGURE_HEIGHT: f32 = 95.0;
/// Height of the traps plot, in points.
const TRAPS_HEIGHT: f32 = 85.0;
/// Height of the states plot (it also holds the x axis), in points.
const STATES_HEIGHT: f32 = 125.0;
/// Width of every plot's y axis, in points, so that a level sits at the
/// same x in all four.
const Y_AXIS_WIDTH: f32 = 46.0;

/// What the curve says of levels analysed without a state graph (Tangram's
/// solution count): their kinds have no figure, traps or states, so they
/// are gaps in those three plots (not in the effort's: Tangram has an
/// effort). `None` when every analysed level has a graph.
pub fn no_graph_note(pack: &Pack) -> Option<String> {
    let mut kinds: Vec<Kind> = pack
        .levels
        .iter()
        .filter(|e| e.summary.as_ref().is_some_and(|s| s.graph().is_none()))
        .map(|e| e.level.kind())
        .collect();
    let n = kinds.len() as u64;
    kinds.sort();
    kinds.dedup();
    let titles: Vec<&str> = kinds.iter().map(|k| k.title()).collect();
    (n > 0).then(|| {
        format!(
            "{} of {} {} no moves, states or traps: gaps in every plot but the effort's.",
            counted(n, "level", "levels"),
            titles.join(" and "),
            agreeing(n, "has", "have")
        )
    })
}

/// Draws the difficulty curve of `pack` (about 320 points high).
pub fn show_difficulty_curve(ui: &mut Ui, pack: &Pack) {
    if pack.levels.is_empty() {
        ui.label("The pack is empty.");
        return;
    }
    let series = CurveSeries::of(pack);
    let missing = pack.levels.iter().filter(|e| e.summary.is_none()).count();
    if missing == pack.levels.len() {
        ui.label("No level has an analysis yet: check the pack to draw its curve.");
        return;
    }
    if missing > 0 {
        let missing = missing as u64;
        ui.weak(format!(
            "{} without an analysis {}.",
            counted(missing, "level", "levels"),
            agreeing(missing, "is a gap", "are gaps")
        ));
    }
    if let Some(note) = no_graph_note(pack) {
        ui.weak(note);
    }
    let names: Vec<&str> = pack.levels.iter().map(|e| e.level.name()).collect();
    let level_of = |x: f64| -> Option<(usize, &str)> {
        let number = x.round();
        (number >= 1.0)
            .then_some(number as usize)
            .and_then(|n| names.get(n - 1).map(|name| (n, *name)))
    };
    let hover = |pos: &HoverPosition<'_>| match pos {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => {
            let (n, name) = level_of(position.x)?;
            Some(format!("#{n} {name}\n{plot_name}: {}", position.y))
        }
        HoverPosition::Elsewhere { .. } => None,
    };
    let count = pack.levels.len() as f64;
    let group = ui.scope_id().with("difficulty curve");
    let unscored = series
        .effort
        .iter()
        .zip(&pack.levels)
        .filter(|(e, l)| e.is_none() && l.summary.is_some())
        .count() as u64;
    if unscored > 0 {
        ui.weak(format!(
            "{} without an effort (unsolved, or analysed before there was one) {}.",
            counted(unscored, "analysed level", "analysed levels"),
            agreeing(unscored, "is a gap", "are gaps")
        ));
    }
    // An all-Rush-Hour pack may plot what players are predicted to spend.
    let predicted_id = group.with("predicted player moves");
    let mut predicted = ui.data_mut(|d| *d.get_temp_mut_or(predicted_id, false));
    if series.all_calibrated() {
        ui.checkbox(&mut predicted, "Predicted player moves")
            .on_hover_text("Plot the moves a typical player is predicted to need instead of the effort score (every score here comes from a model fitted on players)");
        ui.data_mut(|d| d.insert_temp(predicted_id, predicted));
    } else {
        predicted = false;
    }
    let (effort_values, effort_name, effort_axis) = if predicted {
        (
            &series.predicted_moves,
            PREDICTED_NAME,
            "predicted player moves",
        )
    } else {
        (&series.effort, EFFORT_NAME, "effort")
    };
    linked_plot(effort_name, EFFORT_HEIGHT, group, count)
        .y_axis_label(effort_axis)
        .y_grid_spacer(count_marks)
        .y_axis_formatter(|mark, _| {
            if mark.value.fract() == 0.0 && mark.value >= 0.0 {
                compact_count(mark.value as u64)
            } else {
                String::new()
            }
        })
        .show_axes([false, true])
        .label_formatter(|pos| match pos {
            HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => {
                let (n, name) = level_of(position.x)?;
                Some(format!("#{n} {name}\n{plot_name}: {:.1}", position.y))
            }
            HoverPosition::Elsewhere { .. } => None,
        })
        .include_y(plot_top(effort_values))
        .show(ui, |plot_ui| {
            add_series(plot_ui, effort_name, effort_values, EFFORT)
        });
    // The figure is named as the pack panel's column names it.
    let figure = figure_column(pack.levels.iter().map(|e| e.level.kind()));
    let figure_axis = figure.title.to_lowercase();
    for (title, values, colour, height, axis) in [
        (
            figure.title,
            &series.figure,
            FIGURE,
            FIGURE_HEIGHT,
            figure_axis.as_str(),
        ),
        (TRAPS_NAME, &series.traps, TRAPS, TRAPS_HEIGHT, "traps"),
    ] {
        // The x axis is drawn once, under the lowest plot; counts on the y
        // axis are compact (`3.6k`) so that they fit its width.
        linked_plot(title, height, group, count)
            .y_axis_label(axis)
            .y_grid_spacer(count_marks)
            .y_axis_formatter(|mark, _| {
                if mark.value.fract() == 0.0 && mark.value >= 0.0 {
                    compact_count(mark.value as u64)
                } else {
                    String::new()
                }
            })
            .show_axes([false, true])
            .label_formatter(hover)
            .include_y(plot_top(values))
            .show(ui, |plot_ui| add_series(plot_ui, title, values, colour));
    }
    let lower = linked_plot(STATES_NAME, STATES_HEIGHT, group, count)
        .y_axis_label("states (log)")
        .custom_x_axes(vec![count_axis("level", 1.0, count)])
        .y_grid_spacer(whole_marks)
        .y_axis_formatter(|mark, _| {
            if mark.value.fract() == 0.0 && mark.value >= 0.0 {
                compact_count(10f64.powf(mark.value).round() as u64)
            } else {
                String::new()
            }
        })
        .label_formatter(|pos| match pos {
            HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => {
                let (n, name) = level_of(position.x)?;
                let states = 10f64.powf(position.y).round() as u64;
                Some(format!("#{n} {name}\n{plot_name}: {states}"))
            }
            HoverPosition::Elsewhere { .. } => None,
        });
    let top = series
        .log_states
        .iter()
        .flatten()
        .fold(0.0f64, |a, &b| a.max(b));
    lower.include_y(top + 0.3).show(ui, |plot_ui| {
        add_series(plot_ui, STATES_NAME, &series.log_states, STATES);
    });
}

/// A plot of the pack's order (x from 1 to `count`) whose x axis and cursor
/// follow the other plots of `group`; its one series is named by its y
/// axis, so it has no legend.
fn linked_plot<'a>(name: &str, height: f32, group: egui::Id, count: f64) -> Plot<'a> {
    Plot::new(format!("pack curve: {name}"))
        .height(height)
        .link_axis(group, [true, false])
        .link_cursor(group, [true, false])
        .allow_scroll(false)
        .include_x(0.5)
        .include_x(count + 0.5)
        .include_y(0.0)
        .x_grid_spacer(count_grid())
        .y_axis_min_width(Y_AXIS_WIDTH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::format::parse_ascii;
    use crate::kinds::{GraphFigures, KindFigures};
    use crate::pack::{refresh_summary, PackEntry};

    #[test]
    fn runs_break_at_gaps() {
        assert_eq!(runs(&[]), Vec::<Vec<[f64; 2]>>::new());
        assert_eq!(runs(&[None, None]), Vec::<Vec<[f64; 2]>>::new());
        assert_eq!(
            runs(&[
                Some(1.0),
                Some(2.0),
                None,
                Some(4.0),
                None,
                None,
                Some(5.0),
                Some(6.0)
            ]),
            vec![
                vec![[1.0, 1.0], [2.0, 2.0]],
                vec![[4.0, 4.0]],
                vec![[7.0, 5.0], [8.0, 6.0]],
            ]
        );
    }

    #[test]
    fn series_take_perfect_traps_and_log_states() {
        let level = parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap();
        let summary = |shortest, combo, states, traps| LevelSummary {
            verdict: String::new(),
            figures: KindFigures::Skiddy(crate::kinds::skiddy::figures::SkiddyFigures {
                graph: GraphFigures {
                    shortest: Some(shortest),
                    states,
                    dead_ends: 0,
                    traps,
                },
                stars: 3,
                shortest_max_combo: Some(combo),
                shortest_no_combo: None,
            }),
            effort: None,
        };
        let mut entries = vec![PackEntry::new(level.into()); 3];
        entries[0].summary = Some(summary(4, 4, 1000, 2));
        entries[2].summary = Some(summary(4, 6, 10, 0));
        let pack = Pack {
            name: "p".into(),
            levels: entries,
        };
        let s = CurveSeries::of(&pack);
        assert_eq!(s.figure, vec![Some(4.0), None, None]);
        assert_eq!(s.traps, vec![Some(2.0), None, Some(0.0)]);
        assert_eq!(s.log_states, vec![Some(3.0), None, Some(1.0)]);
    }

    #[test]
    fn a_tangram_level_is_a_gap_in_the_state_and_trap_plots_and_says_why() {
        let skiddy = parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap();
        let tangram =
            crate::kinds::tangram::parse_text("1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n")
                .unwrap();
        let mut pack = Pack {
            name: "p".into(),
            levels: vec![
                PackEntry::new(skiddy.into()),
                PackEntry::new(tangram.into()),
            ],
        };
        assert_eq!(no_graph_note(&pack), None, "nothing analysed yet");
        for entry in &mut pack.levels {
            refresh_summary(entry, 10_000).unwrap();
        }
        let s = CurveSeries::of(&pack);
        assert_eq!(s.figure, vec![Some(2.0), None]);
        assert!(s.traps[0].is_some() && s.log_states[0].is_some());
        assert_eq!(
            (s.traps[1], s.log_states[1]),
            (None, None),
            "not 0 traps, 1 state"
        );
        assert_eq!(
            no_graph_note(&pack).unwrap(),
            "1 level of Tangram has no moves, states or traps: gaps in every plot but the effort's."
        );
    }

    #[test]
    fn the_effort_series_is_the_stored_score_and_prediction_by_pack_position() {
        let skiddy = parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap();
        let mut pack = Pack {
            name: "p".into(),
            levels: vec![PackEntry::new(skiddy.into()); 3],
        };
        refresh_summary(&mut pack.levels[0], 10_000).unwrap();
        refresh_summary(&mut pack.levels[2], 10_000).unwrap();
        pack.levels[2]
            .summary
            .as_mut()
            .unwrap()
            .effort
            .as_mut()
            .unwrap()
            .score = 7.5;
        let s = CurveSeries::of(&pack);
        let stored = pack.levels[0]
            .summary
            .as_ref()
            .unwrap()
            .effort
            .as_ref()
            .unwrap();
        assert_eq!(s.effort, vec![Some(stored.score), None, Some(7.5)]);
        assert_eq!(s.predicted_moves, vec![None, None, None]);
        assert!(!s.all_calibrated(), "Skiddy's effort is relative");
        // Calibrated scores, every one: the curve may plot the prediction.
        for i in [0, 2] {
            let effort = pack.levels[i]
                .summary
                .as_mut()
                .unwrap()
                .effort
                .as_mut()
                .unwrap();
            effort.calibrated = true;
            effort.predicted_player_moves = Some(crate::effort::Prediction {
                moves: 36.0,
                low: 24.0,
                high: 52.0,
                coverage: 0.8,
            });
        }
        let s = CurveSeries::of(&pack);
        assert_eq!(s.predicted_moves, vec![Some(36.0), None, Some(36.0)]);
        assert!(s.all_calibrated());
        let none = Pack {
            name: "p".into(),
            levels: vec![PackEntry::new(
                parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap().into(),
            )],
        };
        assert!(!CurveSeries::of(&none).all_calibrated(), "nothing scored");
    }

    #[test]
    fn perfect_and_traps_each_get_their_own_axis() {
        // 206 traps in one level do not flatten Perfects of 9 to 30 moves.
        let perfect = [Some(9.0), Some(30.0), None, Some(12.0)];
        let traps = [Some(0.0), Some(206.0), None, Some(3.0)];
        let (p, t) = (plot_top(&perfect), plot_top(&traps));
        assert!((p - 34.0).abs() < 1e-9, "{p}");
        assert!(t > 206.0 && t < 230.0, "{t}");
        // The smallest Perfect change (9 to 12) is a tenth of its plot.
        assert!((12.0 - 9.0) / p > 0.08);
        assert_eq!(plot_top(&[None, None]), 1.0);
        assert_eq!(plot_top(&[Some(0.0)]), 1.0);
    }

    #[test]
    fn count_marks_are_few_whole_and_one_two_five() {
        let values = |lo: f64, hi: f64| -> Vec<f64> {
            count_marks(GridInput {
                bounds: (lo, hi),
                base_step_size: 1.0,
            })
            .iter()
            .map(|m| m.value)
            .collect()
        };
        assert_eq!(values(-0.5, 3990.8), [0.0, 2000.0]);
        assert_eq!(values(0.0, 35.2), [0.0, 20.0]);
        assert_eq!(values(0.0, 3.3), [0.0, 1.0, 2.0, 3.0]);
        assert_eq!(values(0.0, 14.0), [0.0, 5.0, 10.0]);
        assert_eq!(values(0.0, 0.5), [0.0]);
    }

    #[test]
    fn marks_are_whole_and_thin_out() {
        let marks = |lo, hi| {
            whole_marks(GridInput {
                bounds: (lo, hi),
                base_step_size: 0.01,
            })
            .iter()
            .map(|m| m.value)
            .collect::<Vec<_>>()
        };
        assert_eq!(marks(0.3, 3.2), vec![1.0, 2.0, 3.0]);
        assert_eq!(marks(-0.1, 2.0), vec![0.0, 1.0, 2.0]);
        assert!(marks(0.0, 1000.0).len() <= 10);
        assert!(marks(f64::NEG_INFINITY, 1.0).is_empty());
    }
}

//! The depth histogram: states at each breadth-first depth from the start,
//! live and dead-end stacked, with the shortest solution's depth marked. Its
//! legend sits above the plot, so it covers no bar, and a bar's numbers
//! show in a tooltip, which no edge of the plot cuts off.

use egui::{vec2, Color32, Rect, Stroke, Ui};
use egui_plot::{Bar, BarChart, Plot, VLine};

use crate::engine::Summary;
use crate::gui::views::count_axis::{count_axis, count_grid};
use crate::gui::views::legend::legend_entry;
use crate::kinds::GraphWords;
use crate::words::counted;

/// The bars of a histogram: `(live, dead ends)` per depth.
pub fn bars(histogram: &[[u64; 2]]) -> (Vec<Bar>, Vec<Bar>) {
    let live = histogram
        .iter()
        .enumerate()
        .map(|(depth, [states, dead])| {
            Bar::new(depth as f64, states.saturating_sub(*dead) as f64).width(0.8)
        })
        .collect();
    let dead = histogram
        .iter()
        .enumerate()
        .map(|(depth, [_, dead])| Bar::new(depth as f64, *dead as f64).width(0.8))
        .collect();
    (live, dead)
}

/// Colour of the winnable states' bars.
const WINNABLE: Color32 = Color32::from_rgb(60, 130, 220);
/// Colour of the dead ends' bars.
const DEAD_ENDS: Color32 = Color32::from_rgb(220, 60, 50);
/// Colour of the shortest solution's line.
const SHORTEST: Color32 = Color32::from_rgb(0, 160, 90);

/// The depth whose bar is under plot point `x`, if there is one (a bar is
/// 0.8 wide around its depth).
pub fn depth_at(x: f64, depth_count: usize) -> Option<usize> {
    let depth = x.round();
    ((x - depth).abs() <= 0.4 && depth >= 0.0 && (depth as usize) < depth_count)
        .then_some(depth as usize)
}

/// The lines of the tooltip of the bar of `depth`, `[states, dead ends]`
/// there: short lines, so that they fit next to the pointer; `words` name
/// the dead ends as the level's kind does.
pub fn bar_lines(depth: usize, [states, dead]: [u64; 2], words: GraphWords) -> Vec<String> {
    let mut lines = vec![format!(
        "Depth {depth}: {}",
        counted(states, "state", "states")
    )];
    lines.push(counted(states.saturating_sub(dead), "winnable", "winnable"));
    if dead > 0 {
        lines.push(counted(dead, words.dead_end, words.dead_ends));
    }
    lines
}

/// One entry of the legend: a swatch (a bar, or a line for the shortest
/// solution) and its words, as one piece.
fn legend_item(ui: &mut Ui, colour: Color32, bar: bool, text: &str) {
    let swatch = legend_entry(ui, text);
    if bar {
        let bar = Rect::from_center_size(swatch.center(), vec2(10.0, 10.0));
        ui.painter().rect_filled(bar, 1.0, colour);
    } else {
        ui.painter().line_segment(
            [swatch.center_top(), swatch.center_bottom()],
            Stroke::new(2.0, colour),
        );
    }
}

/// Shows the depth histogram of an analysis's `summary`: a line that sums
/// it up, the legend above the plot (never over its bars), and the bars,
/// whose numbers show in a tooltip. `words` name the dead ends as the
/// level's kind does.
pub fn show(ui: &mut Ui, summary: &Summary, words: GraphWords) {
    let histogram = &summary.depth_histogram;
    let (live, dead) = bars(histogram);
    let live_chart = BarChart::new("Winnable", live)
        .color(WINNABLE)
        .allow_hover(false);
    let dead_chart = BarChart::new(words.dead_ends_title, dead)
        .color(DEAD_ENDS)
        .allow_hover(false)
        .stack_on(&[&live_chart]);
    let total: u64 = histogram.iter().map(|[s, _]| s).sum();
    ui.label(format!(
        "{} over {}",
        counted(total, "state", "states"),
        counted(histogram.len() as u64, "depth", "depths")
    ));
    let shortest = summary.any.shortest;
    ui.horizontal_wrapped(|ui| {
        legend_item(ui, WINNABLE, true, "winnable states");
        legend_item(ui, DEAD_ENDS, true, words.dead_ends);
        if let Some(depth) = shortest {
            legend_item(ui, SHORTEST, false, &format!("shortest solution ({depth})"));
        }
    });
    let plot = Plot::new("depth histogram")
        .custom_x_axes(vec![count_axis(
            "depth (moves from the start)",
            0.0,
            histogram.len().saturating_sub(1) as f64,
        )])
        .x_grid_spacer(count_grid())
        .y_axis_label("states")
        .show_x(false)
        .show_y(false)
        .allow_scroll(false)
        .height(ui.available_height().max(160.0))
        .show(ui, |plot| {
            plot.bar_chart(live_chart);
            plot.bar_chart(dead_chart);
            if let Some(depth) = shortest {
                plot.vline(
                    VLine::new(format!("Shortest solution ({depth})"), depth as f64)
                        .color(SHORTEST)
                        .width(2.0),
                );
            }
            plot.pointer_coordinate()
                .and_then(|p| depth_at(p.x, histogram.len()))
        });
    if let Some(depth) = plot.inner {
        plot.response.on_hover_ui_at_pointer(|ui| {
            for line in bar_lines(depth, histogram[depth], words) {
                ui.label(line);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::Kind;

    #[test]
    fn live_and_dead_stack_to_the_state_count() {
        let (live, dead) = bars(&[[1, 0], [3, 1], [2, 2]]);
        let sums: Vec<f64> = live
            .iter()
            .zip(&dead)
            .map(|(l, d)| l.value + d.value)
            .collect();
        assert_eq!(sums, vec![1.0, 3.0, 2.0]);
        assert_eq!(dead[1].value, 1.0);
        assert_eq!(live[2].value, 0.0);
        assert_eq!(live[1].argument, 1.0);
    }

    #[test]
    fn the_bar_under_the_pointer_is_found_and_between_bars_none_is() {
        assert_eq!(depth_at(3.0, 10), Some(3));
        assert_eq!(depth_at(3.35, 10), Some(3));
        assert_eq!(depth_at(2.62, 10), Some(3));
        assert_eq!(depth_at(3.5, 10), None);
        assert_eq!(depth_at(-0.3, 10), Some(0));
        assert_eq!(depth_at(-0.6, 10), None);
        assert_eq!(depth_at(9.9, 10), None);
    }

    #[test]
    fn the_tooltip_says_each_count_on_a_short_line() {
        assert_eq!(
            bar_lines(18, [21, 3], GraphWords::GENERIC),
            vec!["Depth 18: 21 states", "18 winnable", "3 dead ends"]
        );
        assert_eq!(
            bar_lines(0, [1, 0], GraphWords::GENERIC),
            vec!["Depth 0: 1 state", "1 winnable"]
        );
        for line in bar_lines(123, [1_234_567, 1_234], GraphWords::GENERIC) {
            assert!(line.len() <= 26, "{line}");
        }
    }

    #[test]
    fn the_tooltip_says_the_dead_ends_in_the_kinds_words() {
        let lines = bar_lines(4, [10, 2], Kind::Sokoban.graph_words());
        assert_eq!(lines[2], "2 deadlocks");
    }
}

//! The depth histogram: states at each breadth-first depth from the start,
//! live and dead-end stacked, with the shortest solution's depth marked.

use egui::{Color32, Ui};
use egui_plot::{Bar, BarChart, Legend, Plot, VLine};

use crate::engine::Summary;
use crate::gui::views::count_axis::{count_axis, count_grid};
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

/// Shows the depth histogram of an analysis's `summary`.
pub fn show(ui: &mut Ui, summary: &Summary) {
    let histogram = &summary.depth_histogram;
    let (live, dead) = bars(histogram);
    let live_chart = BarChart::new("Winnable", live)
        .color(Color32::from_rgb(60, 130, 220))
        .element_formatter(Box::new(|bar, _| {
            format!(
                "depth {}: {}",
                bar.argument,
                counted(bar.value as u64, "winnable state", "winnable states")
            )
        }));
    let dead_chart = BarChart::new("Dead ends", dead)
        .color(Color32::from_rgb(220, 60, 50))
        .element_formatter(Box::new(|bar, _| {
            format!(
                "depth {}: {}",
                bar.argument,
                counted(bar.value as u64, "dead end", "dead ends")
            )
        }))
        .stack_on(&[&live_chart]);
    let total: u64 = histogram.iter().map(|[s, _]| s).sum();
    ui.label(format!(
        "{} over {}",
        counted(total, "state", "states"),
        counted(histogram.len() as u64, "depth", "depths")
    ));
    let shortest = summary.any.shortest;
    Plot::new("depth histogram")
        .legend(Legend::default())
        .custom_x_axes(vec![count_axis("depth (moves from the start)", 0.0)])
        .x_grid_spacer(count_grid())
        .y_axis_label("states")
        .allow_scroll(false)
        .height(ui.available_height().max(160.0))
        .show(ui, |plot| {
            plot.bar_chart(live_chart);
            plot.bar_chart(dead_chart);
            if let Some(depth) = shortest {
                plot.vline(
                    VLine::new(format!("Shortest solution ({depth})"), depth as f64)
                        .color(Color32::from_rgb(0, 160, 90))
                        .width(2.0),
                );
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

//! An x axis for counts (depths, level numbers): a tick on whole numbers
//! only, every 1, 5, 10, 50, ... as the zoom allows, and labels packed as
//! closely as short numbers allow.

use std::ops::RangeInclusive;

use egui_plot::{uniform_grid_spacer, AxisHints, GridInput, GridMark};

/// The closest two labels of a count axis may come, in points: a number of
/// one to three digits needs far less room than egui_plot's default (60).
const LABEL_SPACING: RangeInclusive<f32> = 24.0..=36.0;

/// The grid steps of a count axis: the smallest of 1, 5, 10, 50, 100, ...
/// that is at least `base_step`, and the next two.
pub fn count_steps(base_step: f64) -> [f64; 3] {
    let mut step = 1.0;
    let mut factor = 5.0;
    while step < base_step {
        step *= factor;
        factor = if factor == 5.0 { 2.0 } else { 5.0 };
    }
    let next = step * factor;
    let after = next * if factor == 5.0 { 2.0 } else { 5.0 };
    [step, next, after]
}

/// The grid spacer of a count axis.
pub fn count_grid() -> Box<dyn Fn(GridInput) -> Vec<GridMark>> {
    uniform_grid_spacer(|input: GridInput| count_steps(input.base_step_size))
}

/// The label of a count tick: the whole number from `first` to `last`,
/// nothing elsewhere (the plot's margin beyond the last value gets no
/// label, which would be cut at the plot's edge).
pub fn count_label(mark: GridMark, first: f64, last: f64) -> String {
    if mark.value.fract() == 0.0 && mark.value >= first && mark.value <= last {
        format!("{}", mark.value as i64)
    } else {
        String::new()
    }
}

/// A count x axis named `name` whose labels run from `first` to `last`.
pub fn count_axis<'a>(name: &str, first: f64, last: f64) -> AxisHints<'a> {
    AxisHints::new_x()
        .label(name)
        .label_spacing(LABEL_SPACING)
        .formatter(move |mark, _| count_label(mark, first, last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_go_one_five_ten() {
        assert_eq!(count_steps(0.1), [1.0, 5.0, 10.0]);
        assert_eq!(count_steps(1.0), [1.0, 5.0, 10.0]);
        assert_eq!(count_steps(3.0), [5.0, 10.0, 50.0]);
        assert_eq!(count_steps(7.0), [10.0, 50.0, 100.0]);
        assert_eq!(count_steps(60.0), [100.0, 500.0, 1000.0]);
    }

    #[test]
    fn labels_are_whole_numbers_from_the_first() {
        let mark = |value| GridMark {
            value,
            step_size: 1.0,
        };
        assert_eq!(count_label(mark(0.0), 0.0, 9.0), "0");
        assert_eq!(count_label(mark(0.0), 1.0, 9.0), "");
        assert_eq!(count_label(mark(12.0), 1.0, 12.0), "12");
        assert_eq!(count_label(mark(12.0), 1.0, 11.0), "", "beyond the last");
        assert_eq!(count_label(mark(2.5), 0.0, 9.0), "");
    }
}

//! The rows of the pack table: where the columns are, and how a row is
//! painted, described to screen readers and explained in its tooltip.

use egui::{vec2, Align2, Color32, FontId, Painter, Pos2, Rect, Response, TextStyle, Ui};

use super::view::{compact_count, SortColumn};
use crate::gui::editor_words::in_editor_words;
use crate::gui::views::board::BoardGeometry;
use crate::gui::views::picture_painter;
use crate::kinds::{Kind, Level, VerdictMark};
use crate::pack::{LevelSummary, Pack, PackEntry};
use crate::words::elide;

/// Height of a table row, and side of its thumbnail.
pub const ROW_HEIGHT: f32 = 40.0;

/// Space between two columns.
const GAP: f32 = 6.0;
/// The narrowest the name column gets.
const MIN_NAME_WIDTH: f32 = 60.0;
/// Red of a failing level's mark.
const FAIL: Color32 = Color32::from_rgb(213, 60, 40);
/// Green of a passing level's mark.
const PASS: Color32 = Color32::from_rgb(0, 158, 115);
/// Where the columns of a row are: number, thumbnail, name, verdict (stars
/// or a word), effort, the kind's figure, states, dead ends, traps, check
/// mark.
#[derive(Clone, Copy, Debug)]
pub(super) struct Columns {
    widths: [f32; 10],
}

/// The cell of each sortable column.
pub(super) fn cell_of(column: SortColumn) -> usize {
    match column {
        SortColumn::Order => 0,
        SortColumn::Name => 2,
        SortColumn::Verdict => 3,
        SortColumn::Effort => 4,
        SortColumn::Figure => 5,
        SortColumn::States => 6,
        SortColumn::DeadEnds => 7,
        SortColumn::Traps => 8,
    }
}

impl Columns {
    /// Columns for a row `width` wide: fixed columns, the name takes the
    /// rest.
    pub(super) fn new(width: f32) -> Columns {
        // The traps column is wide enough for Sokoban's "Fatal pushes".
        let mut widths = [
            28.0, ROW_HEIGHT, 0.0, 44.0, 40.0, 46.0, 50.0, 56.0, 64.0, 16.0,
        ];
        let fixed: f32 = widths.iter().sum::<f32>() + GAP * (widths.len() - 1) as f32;
        widths[2] = (width - fixed).max(MIN_NAME_WIDTH);
        Columns { widths }
    }

    /// The whole width.
    pub(super) fn width(&self) -> f32 {
        self.widths.iter().sum::<f32>() + GAP * (self.widths.len() - 1) as f32
    }

    /// The cells of a row.
    pub(super) fn cells(&self, row: Rect) -> [Rect; 10] {
        let mut x = row.left();
        self.widths.map(|w| {
            let cell = Rect::from_x_y_ranges(x..=x + w, row.y_range());
            x += w + GAP;
            cell
        })
    }
}

/// Paints a level as a thumbnail filling as much of `rect` as its shape
/// allows (the level's picture, with the editor's board painter).
pub fn paint_thumbnail(painter: &Painter, rect: Rect, level: &Level) {
    let painter = painter.with_clip_rect(rect.intersect(painter.clip_rect()));
    let (width, height) = level.size();
    let geo = BoardGeometry::fit(rect, width, height);
    picture_painter::paint(&painter, geo.rect(), &level.picture());
}

pub(super) use crate::gui::views::board::paint_star;

/// A level's name as the panel shows it.
pub(super) fn display_name(entry: &PackEntry, index: usize) -> String {
    if entry.level.name().trim().is_empty() {
        format!("Level {}", index + 1)
    } else {
        entry.level.name().to_string()
    }
}

/// What every row of one frame shares.
pub(super) struct RowContext<'a> {
    pub(super) pack: &'a Pack,
    pub(super) fails: &'a [Option<bool>],
    pub(super) current: Option<usize>,
    pub(super) columns: Columns,
    pub(super) movable: bool,
    /// Whether the figure column shows figures of several kinds, so that
    /// each row says under its number what the number counts.
    pub(super) figure_units: bool,
}

/// What a row's figure counts, said under it where the column shows the
/// figures of several kinds (`mixed`): `"pushes"`, `"moves"`.
fn figure_unit(kind: Kind, mixed: bool) -> Option<&'static str> {
    if !mixed {
        return None;
    }
    kind.figure_column().map(|c| c.unit)
}

/// The row's numbers in words, for screen readers.
pub(super) fn describe_row(entry: &PackEntry, failures: Option<&[String]>) -> String {
    let mut text = format!("{} level, ", entry.level.kind().title());
    text += &match &entry.summary {
        None => "not analysed".to_string(),
        Some(s) => s.description(),
    };
    // The Effort column, said.
    if let Some(effort) = entry.summary.as_ref().and_then(|s| s.effort.as_ref()) {
        text += &format!(", effort {}", effort.score_words());
    }
    match failures {
        Some([]) => text += "; passes the check",
        Some(f) => text += &format!("; fails: {}", f.join("; ")),
        None => {}
    }
    text
}

/// Paints one row of the table: level `i` as `entry` shows it (`place` is
/// its place in the view).
pub(super) fn paint_row(
    ui: &Ui,
    response: &Response,
    row: &RowContext<'_>,
    entry: &PackEntry,
    i: usize,
    place: usize,
    selected: bool,
) {
    let name = &display_name(entry, i);
    let rect = response.rect;
    let visuals = ui.visuals();
    let painter = ui.painter().with_clip_rect(rect.intersect(ui.clip_rect()));
    let background = if selected {
        visuals.selection.bg_fill
    } else if response.hovered() {
        visuals.widgets.hovered.weak_bg_fill
    } else if place % 2 == 1 {
        visuals.faint_bg_color
    } else {
        Color32::TRANSPARENT
    };
    painter.rect_filled(rect, 2.0, background);
    if row.current == Some(i) {
        let bar = Rect::from_min_size(rect.min, vec2(3.0, rect.height()));
        painter.rect_filled(bar, 0.0, visuals.selection.stroke.color);
    }
    let cells = row.columns.cells(rect);
    let body = TextStyle::Body.resolve(ui.style());
    let small = TextStyle::Small.resolve(ui.style());
    let text = visuals.text_color();
    let weak = visuals.weak_text_color();
    let right = |painter: &Painter, cell: Rect, value: String, font: &FontId, colour: Color32| {
        painter.text(
            cell.right_center(),
            Align2::RIGHT_CENTER,
            value,
            font.clone(),
            colour,
        );
    };
    right(&painter, cells[0], format!("{}", i + 1), &body, weak);
    paint_thumbnail(&painter, cells[1].shrink(2.0), &entry.level);

    let name_cell = cells[2];
    let name_painter = painter.with_clip_rect(name_cell.intersect(painter.clip_rect()));
    // The second line: the level's kind, then its tags.
    let kind_and_tags = std::iter::once(entry.level.kind().title().to_string())
        .chain(entry.tags.iter().cloned())
        .collect::<Vec<_>>()
        .join(" · ");
    let name_y = name_cell.center().y - 7.0;
    // Long names end in "…" after a whole word instead of being cut
    // mid-letter by the column's edge.
    let fits = |font: &FontId| {
        let painter = &name_painter;
        let font = font.clone();
        move |s: &str| {
            painter
                .layout_no_wrap(s.to_owned(), font.clone(), text)
                .size()
                .x
                <= name_cell.width()
        }
    };
    name_painter.text(
        Pos2::new(name_cell.left(), name_y),
        Align2::LEFT_CENTER,
        elide(name, fits(&body)),
        body.clone(),
        if selected {
            visuals.strong_text_color()
        } else {
            text
        },
    );
    name_painter.text(
        Pos2::new(name_cell.left(), name_cell.center().y + 9.0),
        Align2::LEFT_CENTER,
        elide(&kind_and_tags, fits(&small)),
        small.clone(),
        weak,
    );

    match &entry.summary {
        None => right(&painter, cells[5], "not analysed".into(), &small, weak),
        Some(s) => {
            let stars = cells[3];
            match s.mark() {
                VerdictMark::Stars(earned) => {
                    for k in 0..3 {
                        let center = stars.left_center() + vec2(8.0 + 14.0 * k as f32, 0.0);
                        paint_star(&painter, center, 6.0, k < earned, weak);
                    }
                }
                // A kind without stars: its difficulty or solution count
                // (or that there is no solution), where the stars would be.
                VerdictMark::Word {
                    text: verdict,
                    good,
                } => {
                    let colour = if good { text } else { FAIL };
                    painter.text(
                        stars.left_center(),
                        Align2::LEFT_CENTER,
                        verdict,
                        small.clone(),
                        colour,
                    );
                }
            }
            match &s.effort {
                Some(effort) => right(&painter, cells[4], effort.score_words(), &body, text),
                None => right(&painter, cells[4], "—".into(), &body, weak),
            }
            let figure = s.column_figure().map_or("–".to_string(), |n| n.to_string());
            match figure_unit(entry.level.kind(), row.figure_units) {
                Some(unit) if s.column_figure().is_some() => {
                    let cell = cells[5];
                    let number = cell.translate(vec2(0.0, -6.0));
                    right(&painter, number, figure, &body, text);
                    let under = cell.translate(vec2(0.0, 9.0));
                    right(&painter, under, unit.into(), &small, weak);
                }
                _ => right(&painter, cells[5], figure, &body, text),
            }
            if let Some(g) = s.graph() {
                right(&painter, cells[6], compact_count(g.states), &body, text);
                // Red where the kind counts a dead end as a fault.
                let dead = if g.dead_ends > 0 && s.dead_ends_are_faults() {
                    FAIL
                } else {
                    text
                };
                right(&painter, cells[7], compact_count(g.dead_ends), &body, dead);
                right(&painter, cells[8], compact_count(g.traps), &body, text);
            } else {
                // No moves: no states, dead ends or traps to count.
                for cell in &cells[6..9] {
                    right(&painter, *cell, "–".into(), &body, weak);
                }
            }
        }
    }

    let mark = cells[9].center();
    match row.fails.get(i).copied().flatten() {
        Some(true) => {
            painter.circle_filled(mark, 7.0, FAIL);
            painter.text(mark, Align2::CENTER_CENTER, "!", body, Color32::WHITE);
        }
        Some(false) => {
            painter.circle_filled(mark, 4.0, PASS);
        }
        None => {}
    }
}

/// The lines of a row's tooltip that give its analysis: the kind and the
/// verdict in a sentence, then (for a kind with moves) the solution
/// lengths and the state graph's counts. A kind without moves (Tangram)
/// has no lengths or states: its verdict says it all.
fn tooltip_lines(kind: Kind, s: &LevelSummary) -> Vec<String> {
    let mut lines = vec![format!("{} — {}", kind.title(), s.verdict_sentence())];
    lines.extend(s.lengths_words());
    lines.extend(s.graph().map(|g| kind.graph_words().counts(g)));
    lines
}

/// What the tooltip says of a level without a summary: that the pack check
/// will analyse it, unless the latest check failed it, whose reasons then
/// say why there is no summary.
fn unanalysed_note(failures: Option<&[String]>) -> Option<&'static str> {
    match failures {
        Some(reasons) if !reasons.is_empty() => None,
        _ => Some("Not analysed: check the pack to analyse it."),
    }
}

/// The tooltip of a row: the numbers in full and the check's verdict.
pub(super) fn row_tooltip(ui: &mut Ui, entry: &PackEntry, i: usize, failures: Option<&[String]>) {
    ui.strong(format!("#{} {}", i + 1, entry.level.name()));
    if !entry.tags.is_empty() {
        ui.label(format!("Tags: {}", entry.tags.join(", ")));
    }
    match &entry.summary {
        None => {
            if let Some(note) = unanalysed_note(failures) {
                ui.label(note);
            }
        }
        Some(s) => {
            for line in tooltip_lines(entry.level.kind(), s) {
                ui.label(line);
            }
        }
    }
    match failures {
        None => {}
        Some([]) => {
            ui.colored_label(PASS, "Passes the latest check");
        }
        Some(reasons) => {
            ui.colored_label(FAIL, "Fails the latest check:");
            for reason in reasons {
                ui.label(format!("• {}", in_editor_words(reason)));
            }
        }
    }
    if !entry.notes.is_empty() {
        ui.weak(&entry.notes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::refresh_summary;

    #[test]
    fn a_row_says_its_kind_and_the_verdict_of_that_kind() {
        let prism = crate::kinds::prism::read_2016("3 2\n0\ns R f\ne e e\n").unwrap();
        let mut entry = PackEntry::new(prism.into());
        assert_eq!(describe_row(&entry, None), "Prism level, not analysed");
        refresh_summary(&mut entry, 10_000).unwrap();
        let said = describe_row(&entry, None);
        assert!(said.starts_with("Prism level, difficulty "), "{said}");
        assert!(!said.contains("star"), "{said}");
        let skiddy = crate::kinds::skiddy::format::parse_ascii("#####\n#R.R#\n#...#\n#r###\n");
        let mut entry = PackEntry::new(skiddy.unwrap().into());
        refresh_summary(&mut entry, 10_000).unwrap();
        let said = describe_row(&entry, None);
        assert!(
            said.starts_with("Skiddy level, 3 stars, Perfect 2"),
            "{said}"
        );
        // A 1x1 board cut into two halves of different forms: one
        // solution, and no states to count.
        let tangram =
            crate::kinds::tangram::parse_text("1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n");
        let mut entry = PackEntry::new(tangram.unwrap().into());
        refresh_summary(&mut entry, 10_000).unwrap();
        // The Effort column is said after the verdict.
        let effort = entry.summary.as_ref().unwrap().effort.as_ref().unwrap();
        assert_eq!(
            describe_row(&entry, None),
            format!("Tangram level, unique, effort {}", effort.score_words())
        );
        entry.summary.as_mut().unwrap().effort = None;
        assert_eq!(describe_row(&entry, None), "Tangram level, unique");
    }

    #[test]
    fn in_a_mixed_column_each_row_says_what_its_figure_counts() {
        assert_eq!(figure_unit(Kind::Sokoban, true), Some("pushes"));
        assert_eq!(figure_unit(Kind::Prism, true), Some("moves"));
        assert_eq!(figure_unit(Kind::Skiddy, true), Some("moves"));
        assert_eq!(figure_unit(Kind::Tangram, true), None);
        assert_eq!(figure_unit(Kind::Sokoban, false), None, "one kind's column");
    }

    #[test]
    fn a_sokoban_tooltip_counts_deadlocks_and_fatal_pushes() {
        let level = crate::kinds::sokoban::read_xsb_one("#####\n#  .#\n# $@#\n#   #\n#####\n");
        let mut entry = PackEntry::new(level.unwrap().into());
        refresh_summary(&mut entry, 10_000).unwrap();
        let lines = tooltip_lines(entry.level.kind(), entry.summary.as_ref().unwrap());
        let counts = lines.last().unwrap();
        assert!(counts.contains(" deadlock"), "{lines:?}");
        assert!(counts.contains(" fatal push"), "{lines:?}");
        assert!(!counts.contains("dead end"), "{lines:?}");
    }

    #[test]
    fn a_failed_level_is_not_called_not_analysed_before_its_reasons() {
        let reasons = ["too big: stopped after 5 states".to_string()];
        assert_eq!(unanalysed_note(Some(&reasons)), None);
        assert!(unanalysed_note(None).is_some());
        assert!(unanalysed_note(Some(&[])).is_some());
    }

    #[test]
    fn a_tooltip_says_the_verdict_word_once() {
        let tangram =
            crate::kinds::tangram::parse_text("1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n");
        let mut entry = PackEntry::new(tangram.unwrap().into());
        refresh_summary(&mut entry, 10_000).unwrap();
        let s = entry.summary.as_ref().unwrap();
        assert_eq!(
            tooltip_lines(entry.level.kind(), s),
            ["Tangram — unique: one way to place the shapes"]
        );
        let skiddy = crate::kinds::skiddy::format::parse_ascii("#####\n#R.R#\n#...#\n#r###\n");
        let mut entry = PackEntry::new(skiddy.unwrap().into());
        refresh_summary(&mut entry, 10_000).unwrap();
        let lines = tooltip_lines(entry.level.kind(), entry.summary.as_ref().unwrap());
        assert_eq!(
            lines[0],
            "Skiddy — 3 stars: every rule holds: Perfect in 2 moves (L D)"
        );
        assert!(
            lines[1].starts_with("Shortest 2, max-combo 2, no-combo "),
            "{lines:?}"
        );
        assert!(lines[2].ends_with(" traps"), "{lines:?}");
    }
}

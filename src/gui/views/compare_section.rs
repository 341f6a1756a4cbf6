//! The compare section at the top of the analysis panel: what the level on
//! screen is compared with, the verdict's change in the kind's terms,
//! every figure before -> after (good news green, bad news red), the cells
//! that differ, and the reference's shortest solutions on the level, each
//! still a solution or broken at a move (a click shows the board there).

use egui::{Color32, RichText, Ui};

use crate::effort::StoredEffort;
use crate::gui::commands::Command;
use crate::gui::views::move_lines::{move_line_button, move_line_text};
use crate::kinds::version_change::{figure_better, Change, MoveChanges, Replayed};

/// Good news.
const BETTER: Color32 = Color32::from_rgb(30, 150, 70);
/// Bad news.
const WORSE: Color32 = Color32::from_rgb(215, 50, 40);
/// A change that is neither.
const CHANGED: Color32 = Color32::from_rgb(215, 130, 0);

/// What the compare section shows.
pub struct CompareShown<'a> {
    /// Where the reference comes from, in words.
    pub source: String,
    /// How the verdict changed (`None` while either side is analysed).
    pub change: Option<Change>,
    /// The reference's verdict in a word or two (or where its analysis
    /// is).
    pub before: String,
    /// The level's verdict in a word or two (or where its analysis is).
    pub after: String,
    /// The level's verdict in the designer's words ("dead end reachable
    /// in 4 moves: D L U D").
    pub after_words: String,
    /// The reference's figures by name, in words.
    pub before_figures: &'a [(&'static str, String)],
    /// The level's figures by name, in words.
    pub after_figures: &'a [(&'static str, String)],
    /// How many cells differ.
    pub cells: usize,
    /// The reference's shortest solutions on the level.
    pub replayed: &'a [Replayed],
    /// Tangram's listed solutions gained and lost.
    pub placements: Option<(usize, usize)>,
    /// The solutions and traps the edit added or removed.
    pub moves: &'a MoveChanges,
    /// The effort before and after (`None` while either side is
    /// analysed; an inner `None`: that level cannot be scored).
    pub effort: Option<&'a (Option<StoredEffort>, Option<StoredEffort>)>,
    /// Whether the board shows the reference.
    pub showing_reference: bool,
}

/// The colour of a change.
fn colour_of(change: Change) -> Color32 {
    match change {
        Change::Better => BETTER,
        Change::Worse => WORSE,
        Change::Same => Color32::GRAY,
        Change::Different => CHANGED,
    }
}

/// The effort before -> after in words (`"Effort 4.1 -> 5.3 (+1.2)"`, or
/// `"none"` for a side that cannot be scored), and the metrics that moved,
/// largest change first (`"shortest 8 -> 16 (+1.0)"`). The arrow is the
/// section's own `->`: the editor's font has no `→`.
pub fn effort_change_words(
    before: Option<&StoredEffort>,
    after: Option<&StoredEffort>,
) -> (String, Vec<String>) {
    let score = |e: Option<&StoredEffort>| e.map_or("none".to_string(), StoredEffort::score_words);
    match (before, after) {
        (Some(b), Some(a)) => (
            format!(
                "Effort {} -> {} ({:+.1})",
                b.score_words(),
                a.score_words(),
                a.score - b.score
            ),
            a.moved_metrics(b)
                .into_iter()
                .map(|m| m.replace('→', "->"))
                .collect(),
        ),
        _ => (
            format!("Effort {} -> {}", score(before), score(after)),
            Vec::new(),
        ),
    }
}

/// The compare section; returns what the designer asked for.
pub fn show(ui: &mut Ui, shown: &CompareShown<'_>) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Compared with {}", shown.source));
    });
    ui.horizontal_wrapped(|ui| {
        let show_text = if shown.showing_reference {
            "Show the level"
        } else {
            "Show the reference"
        };
        if ui.button(show_text).on_hover_text("F8").clicked() {
            commands.push(Command::ToggleReference);
        }
        if ui.button("Stop comparing").clicked() {
            commands.push(Command::StopComparing);
        }
    });
    let verdict = match shown.change {
        Some(change) => RichText::new(format!(
            "{}: {} -> {}",
            change.name(),
            shown.before,
            shown.after
        ))
        .color(colour_of(change)),
        None => RichText::new(format!("{} -> {}", shown.before, shown.after)).weak(),
    };
    ui.label(verdict);
    if !shown.after_words.is_empty() {
        ui.label(RichText::new(&shown.after_words).weak());
    }
    let (before, after) = (shown.before_figures, shown.after_figures);
    if !before.is_empty() || !after.is_empty() {
        egui::Grid::new("compare figures")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                let mut names: Vec<&str> = before.iter().map(|(n, _)| *n).collect();
                for (n, _) in after {
                    if !names.contains(n) {
                        names.push(n);
                    }
                }
                let value = |list: &[(&'static str, String)], name: &str| {
                    list.iter()
                        .find(|(n, _)| *n == name)
                        .map_or("…".to_string(), |(_, v)| v.clone())
                };
                for name in names {
                    let (b, a) = (value(before, name), value(after, name));
                    ui.label(name);
                    ui.label(&b);
                    let text = RichText::new(format!("-> {a}"));
                    // A figure's colour never contradicts the verdict: on a
                    // level that got worse, fewer deadlocks of an unsolvable
                    // level is no good news.
                    let text = match (figure_better(name, &b, &a), shown.change) {
                        (Some(true), Some(Change::Worse)) | (Some(false), Some(Change::Better)) => {
                            text.color(CHANGED)
                        }
                        (Some(true), _) => text.color(BETTER).strong(),
                        (Some(false), _) => text.color(WORSE).strong(),
                        (None, _) if a != b && a != "…" && b != "…" => text.color(CHANGED),
                        (None, _) => text,
                    };
                    ui.label(text);
                    ui.end_row();
                }
            });
    }
    if let Some((before, after)) = shown.effort {
        let (headline, moved) = effort_change_words(before.as_ref(), after.as_ref());
        // Harder or easier is neither good nor bad news: it depends on
        // what the designer wants of the level.
        let text = RichText::new(headline);
        ui.label(if before == after {
            text
        } else {
            text.color(CHANGED)
        });
        for metric in moved {
            ui.label(RichText::new(format!("  moved: {metric}")).weak());
        }
    }
    ui.label(match shown.cells {
        0 => "No cell differs.".to_string(),
        1 => "1 cell differs (outlined on the board).".to_string(),
        n => format!("{n} cells differ (outlined on the board)."),
    });
    if let Some((gained, lost)) = shown.placements {
        ui.label(format!("Solutions listed: {gained} gained, {lost} lost."));
    }
    if !shown.replayed.is_empty() {
        let broken = shown.replayed.iter().filter(|r| !r.solves).count();
        let heading = match broken {
            0 => format!("Old solutions: all {} still solve it", shown.replayed.len()),
            n => format!("Old solutions: {n} of {} broke", shown.replayed.len()),
        };
        // Open when a solution broke: that is the news.
        egui::CollapsingHeader::new(heading)
            .id_salt(("compare solutions", broken > 0))
            .default_open(broken > 0)
            .show(ui, |ui| {
                let mut previous = None;
                for r in shown.replayed {
                    let words = match r.broken_at {
                        None => "still a solution".to_string(),
                        Some(n) if n == r.moves.split_whitespace().count() => {
                            "every move plays, but the level is not won".to_string()
                        }
                        Some(n) => format!("broken at move {n}"),
                    };
                    let colour = if r.solves { BETTER } else { WORSE };
                    // Whole and wrapped: the verdict at the end is never cut.
                    let line = move_line_text(
                        ui,
                        "",
                        &r.moves,
                        previous,
                        &format!(" — {words}"),
                        Some(colour),
                    );
                    previous = Some(&r.moves);
                    let response = ui.add(move_line_button(line)).on_hover_text(format!(
                        "{} — {words}\n\nClick to replay it on the level, up to where it breaks",
                        r.moves
                    ));
                    if response.clicked() {
                        let played: Vec<&str> = match r.broken_at {
                            Some(n) if !r.solves => {
                                r.moves.split_whitespace().take(n - 1).collect()
                            }
                            _ => r.moves.split_whitespace().collect(),
                        };
                        let title = match r.broken_at {
                            Some(n) if !r.solves => {
                                format!("{} broken at move {n}: the board before it", r.moves)
                            }
                            _ => format!("The reference's solution {}", r.moves),
                        };
                        commands.push(Command::Replay {
                            moves: played.join(" "),
                            title,
                        });
                    }
                }
            });
    }
    let lists = [
        (
            "New solutions",
            "A solution of the level that did not solve the reference",
            &shown.moves.solutions_added,
            BETTER,
        ),
        (
            "Traps added",
            "A move into a dead end that the reference did not have",
            &shown.moves.traps_added,
            WORSE,
        ),
        (
            "Traps removed",
            "A move into a dead end on the reference that no longer is one",
            &shown.moves.traps_removed,
            BETTER,
        ),
    ];
    for (title, hover, list, colour) in lists {
        if list.is_empty() {
            continue;
        }
        egui::CollapsingHeader::new(format!("{title}: {}", list.len()))
            .id_salt(("compare moves", title))
            .show(ui, |ui| {
                let mut previous = None;
                for moves in list.iter() {
                    let line = move_line_text(ui, "", moves, previous, "", Some(colour));
                    previous = Some(moves);
                    if ui
                        .add(move_line_button(line))
                        .on_hover_text(format!(
                            "{moves}\n\n{hover}. Click to replay it on the level"
                        ))
                        .clicked()
                    {
                        commands.push(Command::Replay {
                            moves: moves.clone(),
                            title: format!("{title}: {moves}"),
                        });
                    }
                }
            });
    }
    ui.separator();
    commands
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::effort::StoredContribution;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    fn effort(score: f64, shortest: f64, added: f64) -> StoredEffort {
        StoredEffort {
            score,
            calibrated: false,
            predicted_player_moves: None,
            contributions: vec![StoredContribution {
                metric: "shortest".into(),
                value: shortest,
                added,
                words: format!("{shortest} moves at the fewest"),
            }],
        }
    }

    #[test]
    fn the_effort_change_says_before_after_and_which_metric_moved() {
        let (before, after) = (effort(3.0, 8.0, 3.0), effort(4.0, 16.0, 4.0));
        assert_eq!(
            effort_change_words(Some(&before), Some(&after)),
            (
                "Effort 3.0 -> 4.0 (+1.0)".to_string(),
                vec!["shortest 8 -> 16 (+1.0)".to_string()]
            )
        );
        assert_eq!(
            effort_change_words(Some(&before), None),
            ("Effort 3.0 -> none".to_string(), Vec::new())
        );
        assert_eq!(effort_change_words(None, None).0, "Effort none -> none");
    }

    #[test]
    fn the_compare_section_shows_the_effort_change() {
        let pair = (Some(effort(3.0, 8.0, 3.0)), Some(effort(4.0, 16.0, 4.0)));
        let moves = MoveChanges::default();
        let harness = Harness::builder()
            .with_size([320.0, 600.0])
            .build_ui(move |ui| {
                let shown = CompareShown {
                    source: "the pinned version".into(),
                    change: None,
                    before: "…".into(),
                    after: "…".into(),
                    after_words: String::new(),
                    before_figures: &[],
                    after_figures: &[],
                    cells: 1,
                    replayed: &[],
                    placements: None,
                    moves: &moves,
                    effort: Some(&pair),
                    showing_reference: false,
                };
                show(ui, &shown);
            });
        harness.get_by_label("Effort 3.0 -> 4.0 (+1.0)");
        harness.get_by_label("  moved: shortest 8 -> 16 (+1.0)");
    }

    /// A Sokoban-like solution of `n` moves, LURD, no spaces.
    fn long_moves(n: usize, last: char) -> String {
        let mut moves: String = "rrddlluu".chars().cycle().take(n - 1).collect();
        moves.push(last);
        moves
    }

    #[test]
    fn long_old_solutions_show_whole_with_where_they_broke() {
        let replayed: Vec<Replayed> = ['R', 'D']
            .into_iter()
            .map(|last| Replayed {
                moves: long_moves(150, last),
                length: 150,
                before_break: String::new(),
                solves: false,
                broken_at: Some(120),
                won_at: None,
            })
            .collect();
        let moves = MoveChanges::default();
        let harness = Harness::builder()
            .with_size([320.0, 900.0])
            .build_ui(move |ui| {
                let shown = CompareShown {
                    source: "the pinned version".into(),
                    change: None,
                    before: "…".into(),
                    after: "…".into(),
                    after_words: String::new(),
                    before_figures: &[],
                    after_figures: &[],
                    cells: 1,
                    replayed: &replayed,
                    placements: None,
                    moves: &moves,
                    effort: None,
                    showing_reference: false,
                };
                show(ui, &shown);
            });
        // The two lines share all but their last move; each is shown whole
        // (wrapped inside the panel), the break at its end included.
        let lines: Vec<_> = harness
            .get_all_by_label_contains("— broken at move 120")
            .collect();
        assert_eq!(lines.len(), 2);
        // A line of monospace text is under 16 points high.
        let row = 16.0;
        for line in lines {
            let rect = line.rect();
            assert!(rect.right() <= 320.0, "{rect:?}");
            assert!(rect.height() > 3.0 * row, "wrapped, not cut: {rect:?}");
        }
    }
}

//! The duplicates section of the pack panel: finds the groups of levels that
//! are the same up to a symmetry of the board and a renaming of colours
//! ([`duplicate_groups`]), shows them as thumbnails and lets the designer
//! keep one level of each group. Keeping the first of every group removes
//! many levels at once, so it asks first and says how many go.

use egui::{vec2, Sense, Ui};

use super::row::paint_thumbnail;
use super::view::keep_one_of_each;
use crate::gui::open_pack::level_words;
use crate::gui::pack_edit::Rearrangement;
use crate::kinds::Level;
use crate::pack::dedupe::duplicate_groups;
use crate::pack::Pack;
use crate::words::counted;

/// Side of a duplicate's thumbnail, in points.
const THUMBNAIL: f32 = 56.0;

/// The groups found, and the levels they were found among.
struct Found {
    levels: Vec<Level>,
    groups: Vec<Vec<usize>>,
}

/// A removal of many levels waiting for the designer's yes.
struct PendingRemoval {
    change: Rearrangement,
    /// How many levels would go.
    removed: usize,
    /// Of how many groups.
    groups: usize,
}

/// The state of the duplicates section: nothing until the designer asks,
/// then the groups, found again whenever the pack's levels change.
#[derive(Default)]
pub struct DuplicateFinder {
    found: Option<Found>,
    pending: Option<PendingRemoval>,
}

impl DuplicateFinder {
    /// Looks for duplicates among the levels of `pack` (a few hundred levels
    /// take milliseconds, so this runs on the thread that draws).
    pub fn find(&mut self, pack: &Pack) {
        let levels: Vec<Level> = pack.levels.iter().map(|e| e.level.clone()).collect();
        let groups = duplicate_groups(&levels);
        self.found = Some(Found { levels, groups });
    }

    /// The groups found (pack indices, each group in increasing order), if
    /// the designer asked.
    pub fn groups(&self) -> Option<&[Vec<usize>]> {
        self.found.as_ref().map(|f| f.groups.as_slice())
    }

    /// Forgets the groups (and a removal waiting for a yes).
    pub fn clear(&mut self) {
        self.found = None;
        self.pending = None;
    }

    /// Asks before a bulk removal: returns the removal once the designer
    /// says yes. Call every frame, outside the section (the question stays
    /// up when the section is folded).
    pub fn show_confirmation(&mut self, ctx: &egui::Context) -> Option<Rearrangement> {
        let pending = self.pending.as_ref()?;
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("levelscope bulk removal")).show(ctx, |ui| {
            ui.set_width(380.0);
            ui.heading("Remove duplicates");
            ui.label(format!(
                "Keeping the first level of each of the {} removes {} from the pack. \
                 Edit > Undo in the pack (Ctrl+Alt+Z) brings them back.",
                counted(pending.groups as u64, "group", "groups"),
                counted(pending.removed as u64, "level", "levels")
            ));
            ui.horizontal(|ui| {
                let remove = format!(
                    "Remove {}",
                    counted(pending.removed as u64, "level", "levels")
                );
                if ui.button(remove).clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => self.pending.take().map(|p| p.change),
            Some(false) => {
                self.pending = None;
                None
            }
            None => None,
        }
    }

    /// Finds the groups again when the pack's levels are no longer those
    /// they were found among.
    pub fn refresh(&mut self, pack: &Pack) {
        let stale = self.found.as_ref().is_some_and(|f| {
            f.levels.len() != pack.levels.len()
                || f.levels
                    .iter()
                    .zip(&pack.levels)
                    .any(|(l, e)| *l != e.level)
        });
        if stale {
            // A question about levels that changed since is not answered.
            self.pending = None;
            self.find(pack);
        }
    }

    /// Draws the section; returns the pack's new order (see
    /// [`super::view::rearranged`]) when the designer chose which levels to
    /// keep.
    pub fn show(&mut self, ui: &mut Ui, pack: &Pack) -> Option<Rearrangement> {
        self.refresh(pack);
        let mut new_order = None;
        let mut pending = None;
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Find duplicates")
                .on_hover_text(
                    "Levels are the same when a rotation or a mirror of the board, \
                     or a renaming of colours, maps one onto the other",
                )
                .clicked()
            {
                self.find(pack);
            }
            let Some(found) = &self.found else { return };
            if found.groups.is_empty() {
                ui.label(format!("No duplicates among {} levels", pack.levels.len()));
                return;
            }
            let extra: usize = found.groups.iter().map(|g| g.len() - 1).sum();
            ui.label(format!(
                "{}; {} could go",
                counted(found.groups.len() as u64, "group", "groups"),
                counted(extra as u64, "level", "levels")
            ));
            if ui
                .button("Keep first of each group")
                .on_hover_text("Removes every level of a group but its first (asks first)")
                .clicked()
            {
                let firsts: Vec<usize> = found.groups.iter().map(|g| g[0]).collect();
                pending = Some(PendingRemoval {
                    change: Rearrangement {
                        order: keep_one_of_each(pack.levels.len(), &found.groups, &firsts),
                        name: format!(
                            "Keep the first of each duplicate group ({} removed)",
                            counted(extra as u64, "level", "levels")
                        ),
                    },
                    removed: extra,
                    groups: found.groups.len(),
                });
            }
        });
        if pending.is_some() {
            self.pending = pending;
        }
        let Some(found) = &self.found else {
            return new_order;
        };
        for (g, group) in found.groups.iter().enumerate() {
            ui.push_id(("duplicate group", g), |ui| {
                ui.label(format!("Group {}: {} levels", g + 1, group.len()));
                ui.horizontal_wrapped(|ui| {
                    for &i in group {
                        let level = &pack.levels[i].level;
                        ui.vertical(|ui| {
                            ui.set_width(THUMBNAIL + 24.0);
                            let (rect, _) =
                                ui.allocate_exact_size(vec2(THUMBNAIL, THUMBNAIL), Sense::hover());
                            paint_thumbnail(ui.painter(), rect, level);
                            ui.add(
                                egui::Label::new(format!("#{} {}", i + 1, level.name())).truncate(),
                            );
                            if ui
                                .button("Keep this one")
                                .on_hover_text("Removes the other levels of this group")
                                .clicked()
                            {
                                new_order = Some(Rearrangement {
                                    order: keep_one_of_each(
                                        pack.levels.len(),
                                        std::slice::from_ref(group),
                                        &[i],
                                    ),
                                    name: format!(
                                        "Keep level {} of its duplicates ({} removed)",
                                        level_words(level, i),
                                        counted(group.len() as u64 - 1, "level", "levels")
                                    ),
                                });
                            }
                        });
                    }
                });
            });
        }
        new_order
    }
}

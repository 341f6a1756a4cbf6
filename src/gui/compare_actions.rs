//! What the editor does to compare the level on screen with a reference
//! version: pin a version, choose a reference, keep the reference's
//! analysis going, and draw the compare section and the reference.

use super::app::EditorApp;
use super::compare_reference::{Comparison, ReferenceSource};
use super::document::Origin;
use super::views::compare_section::{self, CompareShown};
use crate::kinds::version_change::{change, Version};
use crate::kinds::Level;

impl EditorApp {
    /// The comparison of the level on screen, if there is one.
    pub fn comparison(&self) -> Option<&Comparison> {
        let id = self.doc().id;
        self.compare
            .as_ref()
            .filter(|(d, _)| *d == id)
            .map(|(_, c)| c)
    }

    /// The comparison of the level on screen, to change.
    pub fn comparison_mut(&mut self) -> Option<&mut Comparison> {
        let id = self.doc().id;
        self.compare
            .as_mut()
            .filter(|(d, _)| *d == id)
            .map(|(_, c)| c)
    }

    /// The references the level on screen can be compared with, in words:
    /// the version as saved, its pack entry, the version before the last
    /// edit, and the other open tabs (of the same kind).
    pub fn reference_choices(&self) -> Vec<(ReferenceSource, Level)> {
        let doc = self.doc();
        let mut out = Vec::new();
        if let Some(saved) = &doc.saved {
            out.push((ReferenceSource::Saved, saved.clone()));
        }
        if let (Origin::PackEntry(i), Some(pack)) = (&doc.origin, &self.pack) {
            if let Some(entry) = pack.pack.levels.get(*i) {
                out.push((ReferenceSource::PackEntry, entry.level.clone()));
            }
        }
        if let Some(before) = doc.history.last_before() {
            out.push((ReferenceSource::BeforeLastEdit, before.clone()));
        }
        for (i, other) in self.docs.iter().enumerate() {
            if i != self.active && other.level.kind() == doc.level.kind() {
                out.push((ReferenceSource::Tab(other.title()), other.level.clone()));
            }
        }
        out
    }

    /// Compares the level on screen with `reference`, analysing it.
    pub fn compare_with(&mut self, source: ReferenceSource, reference: Level) {
        let ctx = self.ctx.clone();
        let words = source.words();
        let comparison = Comparison::start(source, reference, self.prefs.budgets(), move || {
            ctx.request_repaint()
        });
        self.compare = Some((self.doc().id, comparison));
        self.say(format!("Comparing the level with {words}"));
    }

    /// Pins this version of the level: edits are compared with it.
    pub fn pin(&mut self) {
        let level = self.doc().level.clone();
        self.compare_with(ReferenceSource::Pinned, level);
    }

    /// Collects the reference's analysis when it is done.
    pub(super) fn drive_comparison(&mut self) {
        if let Some((_, c)) = &mut self.compare {
            c.poll();
        }
    }

    /// The cells that differ from the reference, to outline on the board.
    pub fn compared_cells(&mut self) -> Vec<(usize, usize)> {
        let level = self.doc().level.clone();
        let current = self.analysis.ready().cloned();
        let effort = self.effort();
        let Some(c) = self.comparison_mut() else {
            return Vec::new();
        };
        c.differences(&level, current.as_ref(), effort.as_deref())
            .cells
            .iter()
            .map(|c| (c.x, c.y))
            .collect()
    }

    /// The compare section of the analysis panel.
    pub(super) fn compare_section(&mut self, ui: &mut egui::Ui) {
        let level = self.doc().level.clone();
        let current = self.analysis.ready().cloned();
        let effort = self.effort();
        let running = self.worker.is_running();
        let current_error = match &self.analysis.result {
            Some(Err(e)) => Some(e.to_string()),
            _ => None,
        };
        let Some(c) = self.comparison_mut() else {
            return;
        };
        let differences = c.differences(&level, current.as_ref(), effort.as_deref());
        let reference_words = match (&c.result, c.progress_states()) {
            (Some(Ok(a)), _) => a.verdict_summary().verdict_word(),
            (Some(Err(e)), _) => e.to_string(),
            (None, Some(states)) => format!("analysing ({states} states so far)…"),
            (None, None) => "analysing…".to_string(),
        };
        let current_words = match (&current, &current_error, running) {
            (Some(a), _, _) => a.verdict_summary().verdict_word(),
            (None, Some(e), _) => e.clone(),
            (None, None, _) => "analysing…".to_string(),
        };
        let reference_why = match &c.result {
            Some(Err(e)) => e.to_string(),
            _ => String::new(),
        };
        let before = c.result.as_ref().map(|r| Version {
            level: &c.reference,
            analysis: r.as_ref().map_err(|_| reference_why.as_str()),
        });
        let after = match (&current, &current_error) {
            (Some(a), _) => Some(Version {
                level: &level,
                analysis: Ok(a),
            }),
            (None, Some(e)) => Some(Version {
                level: &level,
                analysis: Err(e.as_str()),
            }),
            (None, None) => None,
        };
        let verdict_change = match (&before, &after) {
            (Some(b), Some(a)) => Some(change(b, a)),
            _ => None,
        };
        let before_figures = c.analysis().map(super::kinds::figures).unwrap_or_default();
        let after_figures = current
            .as_ref()
            .map(super::kinds::figures)
            .unwrap_or_default();
        let after_words = current
            .as_ref()
            .map(|a| a.verdict_summary().verdict)
            .unwrap_or_default();
        let shown = CompareShown {
            source: c.source.words(),
            change: verdict_change,
            before: reference_words,
            after: current_words,
            after_words,
            before_figures: &before_figures,
            after_figures: &after_figures,
            cells: differences.cells.len(),
            replayed: &differences.replayed,
            placements: differences.placements,
            moves: &differences.moves,
            effort: differences.effort.as_ref(),
            showing_reference: c.showing_reference,
        };
        let commands = compare_section::show(ui, &shown);
        self.queue_all(commands);
    }
}

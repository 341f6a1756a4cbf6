//! Room for the board: each side panel (pack, tools, analysis) can be
//! folded to a slim strip that opens it again on a click, and the focus
//! layout (View ▸ Focus on the board, F11) folds them all at once. What is
//! folded persists; a window narrower than [`NARROW`] starts with the pack
//! panel folded.

use egui::{Align2, Rect, Sense, Ui};

use crate::gui::app::EditorApp;
pub use crate::gui::side_panel::{Folded, SidePanel};

/// Width of a folded panel's strip, in points.
pub const STRIP_WIDTH: f32 = 22.0;

/// Below this window width the first start folds the pack panel.
pub const NARROW: f32 = 1400.0;

impl EditorApp {
    /// The focus layout: folds every side panel, or unfolds them all when
    /// they are all folded already.
    pub fn toggle_focus_layout(&mut self) {
        let all = SidePanel::ALL.iter().all(|&p| self.prefs.folded.get(p));
        for panel in SidePanel::ALL {
            self.prefs.folded.set(panel, !all);
        }
        self.prefs.layout_chosen = true;
        self.say(if all {
            "Side panels unfolded"
        } else {
            "Focus on the board: the side panels are folded; click a strip to open one, F11 to unfold all"
        });
    }

    /// Folds or unfolds one panel (its strip or its fold button).
    pub fn fold_panel(&mut self, panel: SidePanel, folded: bool) {
        self.prefs.folded.set(panel, folded);
        self.prefs.layout_chosen = true;
    }

    /// At the first start, a narrow window folds the pack panel, which
    /// would take the board's room.
    pub(super) fn choose_first_layout(&mut self, ctx: &egui::Context) {
        if self.prefs.layout_chosen {
            return;
        }
        let width = ctx.content_rect().width();
        if width > 0.0 {
            self.prefs.folded.pack = width < NARROW;
            self.prefs.layout_chosen = true;
        }
    }

    /// Shows `panel` at its side with `content` in it, or its strip when
    /// it is folded.
    pub(super) fn side_panel(
        &mut self,
        ui: &mut Ui,
        panel: SidePanel,
        content: fn(&mut EditorApp, &mut Ui),
    ) {
        let (id, strip, left, default, range) = panel.geometry();
        let at_side = |id: &'static str| {
            if left {
                egui::Panel::left(id)
            } else {
                egui::Panel::right(id)
            }
        };
        if self.prefs.folded.get(panel) {
            at_side(strip)
                .exact_size(STRIP_WIDTH)
                .resizable(false)
                .show(ui, |ui| self.fold_strip(ui, panel));
        } else {
            at_side(id)
                .default_size(default)
                .size_range(range)
                .show(ui, |ui| {
                    super::keep_width(ui, |ui| {
                        self.fold_button(ui, panel);
                        content(self, ui);
                    })
                });
        }
    }

    /// The slim strip of a folded panel: its name on its side, a click
    /// opens it.
    pub(super) fn fold_strip(&mut self, ui: &mut Ui, panel: SidePanel) {
        let rect = ui.available_rect_before_wrap();
        let response = ui
            .allocate_rect(rect, Sense::click())
            .on_hover_text(format!(
                "Open the {} panel (F11 unfolds every panel)",
                panel.title().to_lowercase()
            ));
        response.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::Button,
                true,
                format!("Open the {} panel", panel.title().to_lowercase()),
            )
        });
        let visuals = ui.visuals();
        if response.hovered() {
            ui.painter()
                .rect_filled(rect, 0.0, visuals.widgets.hovered.weak_bg_fill);
        }
        let font = egui::TextStyle::Button.resolve(ui.style());
        let galley =
            ui.painter()
                .layout_no_wrap(format!("» {}", panel.title()), font, visuals.text_color());
        let at = Rect::from_center_size(rect.center_top(), egui::Vec2::ZERO).center()
            + egui::vec2(galley.size().y / 2.0, 8.0);
        ui.painter().add(
            egui::epaint::TextShape::new(at, galley, visuals.text_color())
                .with_angle_and_anchor(std::f32::consts::FRAC_PI_2, Align2::LEFT_TOP),
        );
        if response.clicked() {
            self.fold_panel(panel, false);
        }
    }

    /// The button at the top of an open panel that folds it.
    pub(super) fn fold_button(&mut self, ui: &mut Ui, panel: SidePanel) {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
            let arrow = match panel {
                SidePanel::Pack | SidePanel::Tools => "«",
                SidePanel::Analysis => "»",
            };
            if ui
                .small_button(arrow)
                .on_hover_text(format!(
                    "Fold the {} panel to a strip (F11 folds every panel)",
                    panel.title().to_lowercase()
                ))
                .clicked()
            {
                self.fold_panel(panel, true);
            }
        });
    }
}

//! Room for the board: each side panel (pack, tools, analysis) can be
//! folded to a slim strip that opens it again on a click, and the focus
//! layout (View ▸ Focus on the board, F11) folds them all at once. What is
//! folded persists; a window narrower than [`NARROW`] starts with the pack
//! panel folded.

use egui::{Align2, Rect, Sense, Ui};

use crate::gui::app::EditorApp;
pub use crate::gui::folded_panels::{Folded, SidePanel};

/// Width of a folded panel's strip, in points.
pub const STRIP_WIDTH: f32 = 22.0;

/// Below this window width the first start folds the pack panel.
pub const NARROW: f32 = 1400.0;

/// The most of the window's width the side panels take together, open or
/// as strips: the board keeps at least the rest.
pub const PANELS_SHARE: f32 = 0.5;

/// How a side panel is shown this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelShown {
    /// Not at all (the pack panel without a pack, the tools in the graph
    /// view).
    Hidden,
    /// Folded to its strip.
    Strip,
    /// Open.
    Open,
}

/// The widest each side panel may be in a window `window_width` wide when
/// they are shown as `shown` says (in [`SidePanel::ALL`] order): the open
/// panels share [`PANELS_SHARE`] of the window, less the strips. Each
/// gets its narrowest width, and what is left is shared in proportion to
/// what each lacks of its usual width (so the pack table, which needs the
/// most, gets the most); where the room is less than the narrowest
/// widths, those shrink alike. So the board never gets less than half the
/// window.
pub fn widest_panels(shown: [PanelShown; 3], window_width: f32) -> [f32; 3] {
    let strips = shown.iter().filter(|&&s| s == PanelShown::Strip).count() as f32;
    let room = (window_width * PANELS_SHARE - strips * STRIP_WIDTH).max(0.0);
    let open = |i: usize| shown[i] == PanelShown::Open;
    let geometry = SidePanel::ALL.map(|p| {
        let (_, _, _, default, range) = p.geometry();
        (default, *range.start())
    });
    let narrowest: f32 = (0..3).filter(|&i| open(i)).map(|i| geometry[i].1).sum();
    let lacking: f32 = (0..3)
        .filter(|&i| open(i))
        .map(|i| geometry[i].0 - geometry[i].1)
        .sum();
    std::array::from_fn(|i| {
        let (default, min) = geometry[i];
        if !open(i) {
            0.0
        } else if narrowest >= room {
            min * room / narrowest
        } else {
            min + (room - narrowest) * (default - min) / lacking.max(1.0)
        }
    })
}

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
        widest: f32,
        content: fn(&mut EditorApp, &mut Ui),
    ) {
        let (id, strip, left, default, range) = panel.geometry();
        // Never wider than its share of the window (see `widest_panels`).
        let most = range.end().min(widest);
        let range = range.start().min(most)..=most;
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
                .default_size(default.min(most))
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

#[cfg(test)]
mod tests {
    use super::*;
    use PanelShown::{Hidden, Open, Strip};

    #[test]
    fn the_open_panels_take_at_most_half_the_window() {
        for width in [900.0, 1280.0, 1600.0, 1920.0, 2560.0] {
            for shown in [
                [Open, Open, Open],
                [Strip, Open, Open],
                [Hidden, Open, Open],
                [Open, Hidden, Strip],
            ] {
                let widest = widest_panels(shown, width);
                let strips = shown.iter().filter(|&&s| s == Strip).count() as f32;
                let taken = widest.iter().sum::<f32>() + strips * STRIP_WIDTH;
                assert!(taken <= width / 2.0 + 0.01, "{shown:?} at {width}: {taken}");
                for (i, s) in shown.iter().enumerate() {
                    assert_eq!(widest[i] > 0.0, *s == Open, "{shown:?}");
                }
            }
        }
    }

    #[test]
    fn at_1280_every_open_panel_keeps_its_narrowest_width() {
        let widest = widest_panels([Open, Open, Open], 1280.0);
        for (panel, most) in SidePanel::ALL.iter().zip(widest) {
            let (_, _, _, _, range) = panel.geometry();
            assert!(most >= *range.start(), "{panel:?}: {most}");
        }
        // A wide window gives each its usual width.
        let wide = widest_panels([Open, Open, Open], 2000.0);
        for (panel, most) in SidePanel::ALL.iter().zip(wide) {
            let (_, _, _, default, _) = panel.geometry();
            assert!(most >= default, "{panel:?}: {most}");
        }
    }
}

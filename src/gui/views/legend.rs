//! A legend entry for the views' legends: a swatch the caller paints and
//! its words, laid out as one piece, so that a wrapping row of entries
//! breaks between entries and never inside one.

use egui::{vec2, Rect, Sense, Ui};

/// Width of a legend entry's swatch, in points.
const SWATCH_WIDTH: f32 = 16.0;

/// Places one legend entry, a swatch and its words, as one piece (the bar
/// wraps between entries, never inside one); returns the swatch's box,
/// to be painted by the caller.
pub fn legend_entry(ui: &mut Ui, text: &str) -> Rect {
    let colour = ui.visuals().text_color();
    let galley = ui.painter().layout_no_wrap(
        text.to_owned(),
        egui::TextStyle::Body.resolve(ui.style()),
        colour,
    );
    let gap = ui.spacing().item_spacing.x / 2.0;
    let size = vec2(
        SWATCH_WIDTH + gap + galley.size().x,
        galley.size().y.max(14.0),
    );
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    let swatch = Rect::from_center_size(
        egui::pos2(rect.left() + SWATCH_WIDTH / 2.0, rect.center().y),
        vec2(SWATCH_WIDTH, 14.0),
    );
    let at = egui::pos2(
        swatch.right() + gap,
        rect.center().y - galley.size().y / 2.0,
    );
    ui.painter().galley(at, galley, colour);
    swatch
}

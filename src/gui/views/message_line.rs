//! A message with a fixed place above a board: one line, always there
//! (blank when there is nothing to say), cut with "…" when it is longer
//! than the room (the whole text on hover). A message that comes, goes or
//! grows never moves or shrinks the board below it.

use egui::{Layout, RichText, Ui, WidgetText};

/// The height of a message line for text of `size` points.
fn line_height(ui: &Ui, size: Option<f32>) -> f32 {
    let body = ui.text_style_height(&egui::TextStyle::Body);
    size.map_or(body, |s| s * 1.3)
        .max(ui.spacing().interact_size.y)
}

/// Shows `text` (or nothing) on a line of its own of fixed height; `size`
/// is the text's size when it is larger than the body text.
pub fn message_line(ui: &mut Ui, text: Option<RichText>, size: Option<f32>) {
    let height = line_height(ui, size);
    let width = ui.available_width();
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            if let Some(text) = text {
                ui.add(egui::Label::new(WidgetText::from(text)).truncate());
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::Harness;

    /// The line takes the same height with and without a message, short or
    /// too long for the room.
    #[test]
    fn the_line_keeps_its_height_whatever_it_says() {
        let heights: Vec<f32> = [None, Some("won"), Some(&*"a long message ".repeat(40))]
            .into_iter()
            .map(|text| {
                let mut harness =
                    Harness::builder()
                        .with_size([300.0, 200.0])
                        .build_ui(move |ui| {
                            let top = ui.cursor().top();
                            message_line(ui, text.map(|t| RichText::new(t).size(18.0)), Some(18.0));
                            let below = ui.cursor().top();
                            ui.data_mut(|d| d.insert_temp(egui::Id::unique("h"), below - top));
                        });
                harness.run();
                harness
                    .ctx
                    .data(|d| d.get_temp::<f32>(egui::Id::unique("h")).unwrap())
            })
            .collect();
        assert!(heights[0] > 0.0);
        assert!(heights.iter().all(|h| *h == heights[0]), "{heights:?}");
    }
}

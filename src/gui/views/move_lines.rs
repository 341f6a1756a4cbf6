//! Lines of moves in a list (the solutions tab, the old solutions and new
//! solutions of compare): each line whole, wrapped at the list's width
//! rather than cut to the beginning the lines share, with the moves a line
//! shares with the line above it greyed so that where it differs stands
//! out.

use egui::text::{LayoutJob, TextFormat};
use egui::{Button, Color32, TextStyle, TextWrapMode, Ui};

/// How many bytes at the start of `moves` are whole moves it shares with
/// `previous`. Moves are separated by spaces ("L D R") or, in a string
/// without spaces (Sokoban's LURD), one character each.
pub fn shared_moves(moves: &str, previous: &str) -> usize {
    let common: usize = moves
        .chars()
        .zip(previous.chars())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    if !moves.contains(char::is_whitespace) && !previous.contains(char::is_whitespace) {
        return common;
    }
    let ends_a_move = |s: &str| s[common..].chars().next().is_none_or(char::is_whitespace);
    if ends_a_move(moves) && ends_a_move(previous) {
        return common;
    }
    moves[..common]
        .rfind(char::is_whitespace)
        .map_or(0, |space| space + 1)
}

/// The text of a line of moves: `lead` (a count, or nothing), the moves
/// (those shared with `previous` weak, the rest in `colour` or the text
/// colour) and `tail` (what became of them, in `colour`), monospace.
pub fn move_line_text(
    ui: &Ui,
    lead: &str,
    moves: &str,
    previous: Option<&str>,
    tail: &str,
    colour: Option<Color32>,
) -> LayoutJob {
    let font = TextStyle::Monospace.resolve(ui.style());
    let visuals = ui.visuals();
    let strong = colour.unwrap_or_else(|| visuals.text_color());
    let format = |colour: Color32| TextFormat::simple(font.clone(), colour);
    let shared = previous.map_or(0, |p| shared_moves(moves, p));
    let mut job = LayoutJob::default();
    for (text, colour) in [
        (lead, visuals.weak_text_color()),
        (&moves[..shared], visuals.weak_text_color()),
        (&moves[shared..], strong),
        (tail, strong),
    ] {
        if !text.is_empty() {
            job.append(text, 0.0, format(colour));
        }
    }
    job
}

/// A clickable line of moves in a list, wrapped at the list's width (see
/// [`move_line_text`]).
pub fn move_line_button(text: LayoutJob) -> Button<'static> {
    Button::selectable(false, text).wrap_mode(TextWrapMode::Wrap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    #[test]
    fn the_shared_part_ends_at_a_whole_move() {
        assert_eq!(shared_moves("L D R", "L D U"), 4);
        assert_eq!(shared_moves("L D R", "L U R"), 2);
        assert_eq!(shared_moves("L D R", "R D R"), 0);
        // "D" and "DL" are different moves: only "L " is shared.
        assert_eq!(shared_moves("L D R", "L DL R"), 2);
        assert_eq!(shared_moves("L D", "L D R"), 3);
        assert_eq!(shared_moves("L D R", "L D R"), 5);
        // LURD: a character a move.
        assert_eq!(shared_moves("lUrrD", "lUrd"), 3);
        assert_eq!(shared_moves("lUrrD", "lUrrU"), 4);
        assert_eq!(shared_moves("", "L"), 0);
        assert_eq!(shared_moves("é L", "é R"), 3);
    }

    #[test]
    fn a_long_line_wraps_whole_inside_its_list() {
        let moves = "L D ".repeat(60);
        let line = moves.trim_end().to_string();
        let harness = Harness::builder()
            .with_size([240.0, 600.0])
            .build_ui(move |ui| {
                let text = move_line_text(ui, " 120  ", &line, Some("L D L U"), "", None);
                ui.add(move_line_button(text));
            });
        let node = harness.get_by_label_contains("L D L D");
        let rect = node.rect();
        // A line of monospace text is under 16 points high.
        let row = 16.0;
        assert!(rect.right() <= 240.0, "{rect:?}");
        assert!(rect.height() > 4.0 * row, "every move is shown: {rect:?}");
    }
}

//! A Rush Hour cell in a few words, for the editor's status line.

use super::level::Level;

/// What is at cell `(x, y)` of `level`, in a few words: `"empty"`,
/// `"wall"`, or the vehicles there (`"truck C, vertical"`, `"car A,
/// horizontal, the primary"`, several joined by `"; "` when they
/// overlap), and, on the primary's row, `"exit row"` (`"at the exit"` in
/// the last column) unless the primary itself is there. Empty off the
/// board.
pub fn describe_cell(level: &Level, x: usize, y: usize) -> String {
    if x >= level.width() || y >= level.height() {
        return String::new();
    }
    let primary = level.primary();
    let here: Vec<usize> = (0..level.vehicles.len())
        .filter(|&i| level.vehicles[i].covers(x, y))
        .collect();
    let mut words = if here.is_empty() {
        if level.is_wall(x, y) { "wall" } else { "empty" }.to_string()
    } else {
        let vehicles: Vec<String> = here
            .iter()
            .map(|&i| {
                let v = &level.vehicles[i];
                let mut words = format!("{} {}, {}", v.noun(), level.letter(i), v.orientation);
                if primary == Some(i) {
                    words += ", the primary";
                }
                words
            })
            .collect();
        let mut words = vehicles.join("; ");
        if level.is_wall(x, y) {
            words += ", on a wall";
        }
        words
    };
    if let Some(p) = primary {
        if level.vehicles[p].y == y && !here.contains(&p) {
            words += if x + 1 == level.width() {
                ", at the exit"
            } else {
                ", exit row"
            };
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::format::read_line;

    #[test]
    fn cells_say_their_vehicle_wall_and_the_exit_row() {
        let level = read_line("xooooBooooCBoAAoCBooooooooDDDooooooo").unwrap();
        assert_eq!(describe_cell(&level, 0, 0), "wall");
        assert_eq!(describe_cell(&level, 1, 0), "empty");
        assert_eq!(describe_cell(&level, 5, 1), "truck B, vertical");
        assert_eq!(describe_cell(&level, 4, 1), "car C, vertical");
        assert_eq!(describe_cell(&level, 3, 4), "truck D, horizontal");
        assert_eq!(
            describe_cell(&level, 2, 2),
            "car A, horizontal, the primary"
        );
        assert_eq!(describe_cell(&level, 0, 2), "empty, exit row");
        assert_eq!(describe_cell(&level, 3, 2), "empty, exit row");
        assert_eq!(describe_cell(&level, 4, 2), "car C, vertical, exit row");
        assert_eq!(
            describe_cell(&level, 5, 2),
            "truck B, vertical, at the exit"
        );
        assert_eq!(describe_cell(&level, 6, 2), "");
        assert_eq!(describe_cell(&level, 0, 6), "");
    }

    #[test]
    fn overlapping_vehicles_and_a_vehicle_on_a_wall_are_all_said() {
        let mut level = read_line("xooooBooooCBoAAoCBooooooooDDDooooooo").unwrap();
        level.vehicles[2].x = 5;
        level.set_wall(5, 1, true);
        assert_eq!(
            describe_cell(&level, 5, 1),
            "truck B, vertical; car C, vertical, on a wall"
        );
        level.vehicles[0].primary = false;
        assert_eq!(describe_cell(&level, 0, 2), "empty");
    }
}

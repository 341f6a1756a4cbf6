//! The format module's unit tests: lines, files of lines, sniffing, the
//! archive's JSON, our JSON, and bad input of each.

use super::*;
use crate::kinds::rushhour::level::{Level, Orientation, Vehicle};
use serde_json::json;

/// Fogleman's published example (49 moves), written with `.`.
const EXAMPLE: &str = "BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM";

/// A line of his database: moves, board, cluster size.
const DATABASE_LINE: &str = "51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780";

fn car(x: usize, y: usize, length: usize, orientation: Orientation, primary: bool) -> Vehicle {
    Vehicle {
        x,
        y,
        length,
        orientation,
        primary,
    }
}

#[test]
fn a_line_reads_as_its_board_and_writes_back() {
    let level = read_line(EXAMPLE).unwrap();
    assert_eq!((level.width(), level.height()), (6, 6));
    assert_eq!(level.vehicles.len(), 13);
    // The primary first, then B, C, … in letter order.
    assert_eq!(
        level.vehicles[0],
        car(2, 2, 2, Orientation::Horizontal, true)
    );
    assert_eq!(
        level.vehicles[1],
        car(0, 0, 3, Orientation::Horizontal, false)
    );
    assert_eq!(
        level.vehicles[2],
        car(3, 0, 2, Orientation::Vertical, false)
    );
    assert!(level.problems().is_empty(), "{:?}", level.problems());
    // `.` is written `o`: the same board.
    assert_eq!(write_line(&level).unwrap(), EXAMPLE.replace('.', "o"));
    assert_eq!(read_line(&write_line(&level).unwrap()).unwrap(), level);
}

#[test]
fn numbers_before_and_after_the_board_are_ignored() {
    let level = read_line(DATABASE_LINE).unwrap();
    assert_eq!(
        write_line(&level).unwrap(),
        "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"
    );
    assert_eq!(
        read_line("  7 -2 0.5 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo\r\n").unwrap(),
        level
    );
    assert_eq!(
        read_line("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780").unwrap(),
        level
    );
}

#[test]
fn walls_and_larger_boards_read_and_write() {
    // 7x7 with a wall, a truck and the primary.
    let line = "xooooooAAoBooooooBooooooBoooooooooooooooooooooooo";
    let level = read_line(line).unwrap();
    assert_eq!(level.width(), 7);
    assert!(level.is_wall(0, 0));
    assert_eq!(
        level.vehicles[1],
        car(3, 1, 3, Orientation::Vertical, false)
    );
    assert_eq!(write_line(&level).unwrap(), line);
}

#[test]
fn letters_with_gaps_are_read_in_order_and_written_without_them() {
    let level = read_line("ooooooooooooAAoooDooooDooooooooooooQQ").unwrap_err();
    // 37 characters: not a board.
    assert!(matches!(level, FormatError::BoardLength { len: 37, .. }));
    let level = read_line("ooooooooooooAAoooDoooooDooooooooooQQ").unwrap();
    assert_eq!(
        write_line(&level).unwrap(),
        "ooooooooooooAAoooBoooooBooooooooooCC"
    );
}

#[test]
fn bad_lines_are_clear_errors_naming_the_vehicle_or_cell() {
    let error = |line: &str| read_line(line).unwrap_err().to_string();
    let one = error("AAoooooooooCoooooooooooooooooooooooo");
    assert!(
        one.contains("vehicle C covers only the cell (5, 1)"),
        "{one}"
    );
    let bent = error("AAoooooooooCoooooCoooooooooooooooooooC");
    assert!(bent.contains("38 characters"), "{bent}");
    let bent = error("AAoooooooooCoooooCCooooooooooooooooo");
    assert!(
        bent.contains("vehicle C is not one straight line: its cells are (5, 1), (5, 2), (0, 3)"),
        "{bent}"
    );
    let gap = error("AAoBoBoooooooooooooooooooooooooooooo");
    assert!(gap.contains("vehicle B is not one straight line"), "{gap}");
    let none = error("BBoooooooooooooooooooooooooooooooooo");
    assert!(none.contains("no primary vehicle"), "{none}");
    let vertical = error("oooooooooAoooooAoooooooooooooooooooo");
    assert!(
        vertical.contains("cell (3, 1): the primary vehicle A is vertical"),
        "{vertical}"
    );
    let short = error("AAoooooooooooooooooooooooooooooooo");
    assert!(
        short.contains("has 34 characters") && short.contains("16, 25, 36"),
        "{short}"
    );
    let big = error(&"o".repeat(121));
    assert!(big.contains("121 characters"), "{big}");
    let bad = error("AAoooooooooooooooooooooo#ooooooooooo");
    assert!(bad.contains("cell (0, 4): unknown character '#'"), "{bad}");
    let lower = error("AAoooooooooooooooooooooooooooooooboo");
    assert!(
        lower.contains("cell (3, 5): unknown character 'b'"),
        "{lower}"
    );
    let unicode = error("AAoooooooooooooooooooooooooooooooooé");
    assert!(
        unicode.contains("cell (5, 5): unknown character 'é'"),
        "{unicode}"
    );
    assert_eq!(read_line("12 34\n").unwrap_err(), FormatError::NoBoard);
    assert_eq!(read_line("").unwrap_err(), FormatError::NoBoard);
    let two = error("AAoooooooooooooooooooooooooooooooooo hello");
    assert!(two.contains("\"hello\""), "{two}");
    let lines = error(&format!("{EXAMPLE}\n{EXAMPLE}\n"));
    assert!(lines.contains("2 lines"), "{lines}");
}

#[test]
fn a_file_of_lines_reads_every_good_line_and_names_the_others() {
    let text = format!(
        "{DATABASE_LINE}\n\n49 {EXAMPLE}\r\nAAooCooooooooooooooooooooooooooooooo\n{EXAMPLE}"
    );
    let read = read_lines(&text);
    assert_eq!(read.levels.len(), 3);
    assert_eq!(read.levels[1], read_line(EXAMPLE).unwrap());
    assert_eq!(read.unread.len(), 1);
    let unread = &read.unread[0];
    assert_eq!((unread.index, unread.line), (2, 4));
    assert!(
        unread
            .error
            .to_string()
            .contains("vehicle C covers only the cell (4, 0)"),
        "{}",
        unread.error
    );
    let written = write_lines(&read.levels).unwrap();
    assert_eq!(written.lines().count(), 3);
    let again = read_lines(&written);
    assert!(again.unread.is_empty());
    assert_eq!(again.levels, read.levels);
    assert_eq!(read_lines(""), LinesCollection::default());
}

#[test]
fn writing_refuses_what_a_line_cannot_say() {
    let mut level = Level::new(6, 5);
    level
        .vehicles
        .push(car(0, 2, 2, Orientation::Horizontal, true));
    let e = write_line(&level).unwrap_err().to_string();
    assert!(e.contains("the board is 6x5"), "{e}");
    let mut level = Level::new(6, 6);
    level
        .vehicles
        .push(car(0, 2, 2, Orientation::Horizontal, true));
    level
        .vehicles
        .push(car(1, 1, 3, Orientation::Vertical, false));
    let e = write_line(&level).unwrap_err().to_string();
    assert!(
        e.contains("cell (1, 2)") && e.contains("overlaps vehicle A"),
        "{e}"
    );
    level.vehicles[1].x = 3;
    level.name = "named".into();
    assert!(write_line(&level).is_ok());
    let mut bad = level.clone();
    bad.vehicles[0].primary = false;
    let e = write_lines(&[level, bad]).unwrap_err().to_string();
    assert!(
        e.contains("level #1 \"named\"") && e.contains("no primary"),
        "{e}"
    );
}

/// Skiddy's first level (as Skiddy's and Sokoban's tests write it).
const SKIDDY_ONE_ONE: &str = "#####\n#R.R#\n#...#\n#r###\n";
/// Sokoban's sample collection (as `sokoban/text_formats.rs` tests it).
const XSB_MICRO: &str =
    "; 1\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\n; 2\n\n  #####\n###@$.#\n  #####\n";
/// Prism's own 5x5 (as `prism/format/tests.rs` tests it).
const PRISM_OWN_5X5: &str = "5 5\n0\ne f b R g \nG m e y e \ne c e B r \nw e g e e \ne b e G s \n";
/// Tangram's small level (as `tangram/format.rs` tests it).
const TANGRAM_SMALL: &str = "1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n";

#[test]
fn sniffing_tells_lines_from_the_other_kinds_texts() {
    assert!(looks_like_line(EXAMPLE));
    assert!(looks_like_line(DATABASE_LINE));
    assert!(looks_like_line(&format!(
        "\u{feff}\n\n{DATABASE_LINE}\r\n{EXAMPLE} 3\n"
    )));
    assert!(looks_like_line("49 BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM"));
    assert!(looks_like_line(
        "xooooooAAoBooooooBooooooBoooooooooooooooooooooooo"
    ));
    // A line read with an error still looks like one, for the reader to
    // name the fault (here a vehicle of one cell).
    assert!(looks_like_line("AAooCooooooooooooooooooooooooooooooo"));
    for other in [
        SKIDDY_ONE_ONE,
        "#####\n#R..#\n#.c.#\n#r###\n",
        XSB_MICRO,
        "  #####\n###@$.#\n  #####\n",
        PRISM_OWN_5X5,
        "3 2\r\n4 \r\ne h e  \r\nv e e\r\n",
        "0 0 2 2 3 3 e e e e r e e e e",
        "0 0\n2 2\n3 3\ne e e\ne r e\ne e e\n",
        TANGRAM_SMALL,
        "",
        "12 13\n",
        "{\"format\": \"levelscope-level\"}",
        // No primary, or a length that is no square board.
        "BBoooooooooooooooooooooooooooooooooo",
        "AAooooooooooooooooooooooooooooooooo",
        // Skiddy letters and dots only, of a square length: no `A`.
        "R..r............",
    ] {
        assert!(!looks_like_line(other), "{other:?}");
    }
}

/// A small puzzle in the archive's shape, written for this test.
fn archive_puzzle() -> serde_json::Value {
    json!({"id": "mine", "cars": [
        {"id": "t", "length": 3, "orientation": "vertical", "position": 5, "player": false},
        {"id": "r", "length": 2, "orientation": "horizontal", "position": 13, "player": true},
        {"id": "c", "length": 2, "orientation": "horizontal", "position": 30, "player": false},
    ]})
}

#[test]
fn an_archive_puzzle_reads_with_the_primary_first() {
    let level = read_archive_json(&archive_puzzle()).unwrap();
    assert_eq!(level.name, "mine");
    // Worked out by hand: r at row 2 column 1, t at column 5 rows 0-2,
    // c at row 5 columns 0-1.
    assert_eq!(
        write_line(&level).unwrap(),
        "oooooBoooooBoAAooBooooooooooooCCoooo"
    );
}

#[test]
fn bad_archive_puzzles_are_clear_errors_naming_the_car() {
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut value = archive_puzzle();
        edit(&mut value);
        read_archive_json(&value).unwrap_err().to_string()
    };
    let two = with(&|v| v["cars"][2]["player"] = json!(true));
    assert!(
        two.contains("two primary vehicles: cars[1] (id \"r\") and cars[2] (id \"c\")"),
        "{two}"
    );
    let overlap = with(&|v| v["cars"][2]["position"] = json!(11));
    assert!(
        overlap.contains("cell (5, 1): cars[2] (id \"c\") overlaps cars[0] (id \"t\")"),
        "{overlap}"
    );
    let none = with(&|v| v["cars"][1]["player"] = json!(false));
    assert!(none.contains("no primary vehicle"), "{none}");
    let vertical = with(&|v| v["cars"][1]["orientation"] = json!("vertical"));
    assert!(
        vertical.contains("cell (1, 2): the primary vehicle cars[1] (id \"r\") is vertical"),
        "{vertical}"
    );
    let one = with(&|v| v["cars"][2]["length"] = json!(1));
    assert!(
        one.contains("cars[2] (id \"c\") covers only the cell (0, 5)"),
        "{one}"
    );
    let long = with(&|v| v["cars"][2]["length"] = json!(7));
    assert!(
        long.contains("has length 7; a vehicle covers 2 to 6"),
        "{long}"
    );
    let off = with(&|v| v["cars"][2]["position"] = json!(35));
    assert!(
        off.contains("cars[2] (id \"c\") runs off the 6x6 board at (6, 5)"),
        "{off}"
    );
    let far = with(&|v| v["cars"][2]["position"] = json!(36));
    assert!(far.contains("cars[2]") && far.contains("0 to 35"), "{far}");
    let sideways = with(&|v| v["cars"][0]["orientation"] = json!("diagonal"));
    assert!(
        sideways.contains("cars[0] (id \"t\")") && sideways.contains("\"diagonal\""),
        "{sideways}"
    );
    let shape = with(&|v| v["cars"][0]["length"] = json!("3"));
    assert!(shape.contains("cars[0].length"), "{shape}");
    let e = read_archive_json(&json!([1, 2])).unwrap_err().to_string();
    assert!(e.contains("not a valid Rush Hour JSON level"), "{e}");
}

#[test]
fn our_json_keeps_every_level_whole_valid_or_not() {
    let mut level = read_line(EXAMPLE).unwrap();
    level.name = "Fogleman's example".into();
    level.set_wall(5, 5, false);
    let value = to_json_value(&level);
    assert_eq!(value["kind"], "rushhour");
    assert_eq!(value["rows"][0], "oooooo");
    assert_eq!(from_json_value(&value).unwrap(), level);
    assert_eq!(to_json_value(&from_json_value(&value).unwrap()), value);
    // Invalid: a wall, the primary second and vertical, two vehicles on
    // one cell, one running off the board, one of one cell.
    let mut odd = Level::new(4, 5);
    odd.set_wall(3, 4, true);
    odd.vehicles = vec![
        car(0, 0, 3, Orientation::Horizontal, false),
        car(1, 0, 2, Orientation::Vertical, true),
        car(3, 3, 4, Orientation::Vertical, false),
        car(2, 2, 1, Orientation::Horizontal, false),
    ];
    assert!(!odd.problems().is_empty());
    let text = write_json(&odd);
    assert_eq!(read_json(&text).unwrap(), odd);
}

#[test]
fn bad_json_levels_are_clear_errors() {
    let good = to_json_value(&read_line(EXAMPLE).unwrap());
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut value = good.clone();
        edit(&mut value);
        from_json_value(&value).unwrap_err().to_string()
    };
    assert!(with(&|v| v["kind"] = json!("sokoban")).contains("kind \"sokoban\""));
    assert!(with(&|v| v["version"] = json!(9)).contains("version 9"));
    assert!(with(&|v| v["format"] = json!("x")).contains("not a levelscope level"));
    let e = with(&|v| v["vehicles"][3]["x"] = json!(6));
    assert!(
        e.contains("vehicles[3]: its first cell (6, 0) is off the 6x6 board"),
        "{e}"
    );
    let e = with(&|v| v["vehicles"][3]["length"] = json!(0));
    assert!(e.contains("vehicles[3]: the length is 0"), "{e}");
    let e = with(&|v| v["vehicles"][2]["orientation"] = json!("up"));
    assert!(e.contains("vehicles[2]: the orientation is \"up\""), "{e}");
    let e = with(&|v| v["rows"][1] = json!("ooAooo"));
    assert!(
        e.contains("rows[1], cell (2, 1): unknown character 'A'"),
        "{e}"
    );
    let e = with(&|v| v["rows"][1] = json!("ooo"));
    assert!(e.contains("rows[1] has 3 cells"), "{e}");
    let e = with(&|v| v["width"] = json!(11));
    assert!(e.contains("\"width\" is 11"), "{e}");
    let e = with(&|v| v["vehicles"][0]["y"] = json!(-1));
    assert!(e.contains("vehicles[0].y"), "{e}");
    let e = read_json("{\"format\": ").unwrap_err().to_string();
    assert!(e.contains("not a valid Rush Hour JSON level"), "{e}");
}

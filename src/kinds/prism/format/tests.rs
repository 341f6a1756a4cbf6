//! The Prism formats' unit tests: readers, writers and sniffing on
//! hand-made levels.

use super::*;

/// A 5x5 level of our own: the exit at (1, 0), a red switch at (3, 0),
/// a magenta block at (1, 1), the start at (4, 4); rows end in a space.
const OWN_5X5: &str = "5 5\n0\ne f b R g \nG m e y e \ne c e B r \nw e g e e \ne b e G s \n";

#[test]
fn a_2016_level_reads_and_writes_back() {
    let level = read_2016(OWN_5X5).unwrap();
    assert_eq!((level.width(), level.height()), (5, 5));
    assert_eq!(level.start, (4, 4));
    assert_eq!(level.exit, (1, 0));
    assert_eq!(level.cell(3, 0), Cell::Switch(Colour::RED));
    assert_eq!(level.cell(1, 1), Cell::Block(Colour::MAGENTA));
    assert_eq!(level.cell(1, 0), Cell::Empty);
    let text = write_2016(&level).unwrap();
    assert_eq!(text, OWN_5X5.replace(" \n", "\n"));
    assert_eq!(read_2016(&text).unwrap(), level);
}

#[test]
fn crlf_trailing_spaces_and_defaults() {
    let level = read_2016("3 2\r\n4 \r\ne h e  \r\nv e e\r\n").unwrap();
    assert_eq!(level.background, Colour::BLUE);
    assert_eq!(level.start, (0, 0));
    assert_eq!(level.exit, (2, 1));
    assert_eq!(
        level.enemies,
        vec![
            Enemy {
                x: 1,
                y: 0,
                axis: Axis::Horizontal
            },
            Enemy {
                x: 0,
                y: 1,
                axis: Axis::Vertical
            }
        ]
    );
}

#[test]
fn bad_2016_input_says_where_and_what() {
    let err = |text: &str| read_2016(text).unwrap_err().to_string();
    assert_eq!(err(""), "the file is empty");
    assert_eq!(err(" \n\r\n"), "the file is empty");
    assert_eq!(
        err("3 x\n0\n"),
        "line 1: expected the board size `W H`, found \"3 x\""
    );
    assert_eq!(
        err("1 3\n0\n"),
        "line 1: the board is 1x3; each side must be 2 to 1000 cells"
    );
    assert_eq!(
        err("99999999999999999999 3\n"),
        "line 1: expected the board size `W H`, found \"99999999999999999999 3\""
    );
    assert_eq!(
        err("2 2\n8\ne e\ne e\n"),
        "line 2: the background 8 is out of range; it must be 0 to 7"
    );
    assert_eq!(
        err("2 2\n"),
        "line 1: the file ends before the starting background"
    );
    assert_eq!(
        err("2 2\n0\ne e\n"),
        "line 3: the file ends before row 2 of 2"
    );
    assert_eq!(
        err("2 2\n0\ne e\ne e e\n"),
        "line 4: row 1 has 3 tokens, but the board is 2 wide"
    );
    assert_eq!(
        err("2 2\n0\ne x\ne e\n"),
        "line 3, token 2, cell (1, 0): unknown token \"x\" (known: e r g y b m c w R G B s f h v)"
    );
    assert_eq!(
        err("2 2\n0\ns e\ne s\n"),
        "line 4, token 2: a second start (the first is at (0, 0))"
    );
    assert_eq!(
        err("2 2\n0\ne e\ne e\ne\n"),
        "line 5: unexpected text \"e\" after the last row"
    );
}

#[test]
fn the_2016_writer_refuses_what_it_cannot_say() {
    let mut level = Level::new(3, 3);
    level.set_cell(0, 0, Cell::Block(Colour::RED));
    let err = write_2016(&level).unwrap_err().to_string();
    assert!(err.contains("cannot say a start at (0, 0)"), "{err}");
    let mut level = Level::new(3, 3);
    level.set_cell(1, 1, Cell::Switch(Colour::CYAN));
    let err = write_2016(&level).unwrap_err().to_string();
    assert!(err.contains("the cyan switch at (1, 1)"), "{err}");
}

#[test]
fn sniffing() {
    assert!(looks_like_2016(OWN_5X5));
    assert!(!looks_like_2017(OWN_5X5));
    assert!(looks_like_2017("\n0 0 1 1 2 2\ne e e e\n"));
    // The 2017 format is a stream of tokens: one line, or the header
    // itself broken over lines.
    assert!(looks_like_2017("0 0 2 2 3 3 e e e e r e e e e"));
    assert!(looks_like_2017("0 0\n2 2\n3 3\ne e e\ne r e\ne e e\n"));
    assert!(!looks_like_2017("0 0 2 2 3 3 4 e e"));
    assert!(!looks_like_2016(""));
    assert!(!looks_like_2016("#####\n#R.R#\n"));
}

#[test]
fn several_2017_levels_round_trip() {
    let text = "0 0 2 1 3 2\ne r R\ne e e\n1 1 0 0 2 2 e g B e\n";
    let levels = read_2017(text).unwrap();
    assert_eq!(levels.len(), 2);
    assert_eq!(levels[0].exit, (2, 1));
    assert_eq!(levels[0].cell(2, 0), Cell::Switch(Colour::RED));
    assert_eq!(levels[1].start, (1, 1));
    assert_eq!(levels[1].cell(0, 1), Cell::Switch(Colour::BLUE));
    let written = write_2017(&levels).unwrap();
    assert_eq!(
        written,
        "0 0 2 1 3 2\ne r R\ne e e\n1 1 0 0 2 2\ne g\nB e\n"
    );
    assert_eq!(read_2017(&written).unwrap(), levels);
}

#[test]
fn bad_2017_input_names_the_level() {
    let err = |text: &str| read_2017(text).unwrap_err().to_string();
    assert_eq!(err("\n \n"), "the file is empty");
    assert_eq!(
        err("0 0 1 1 2 2 e e e e\n0 0 5 1 2 2\ne e e e\n"),
        "level 2 (from line 2): line 2: the exit (5, 1) is off the 2x2 board"
    );
    assert_eq!(
        err("0 0 1 1 2 2\ne e\ne\n"),
        "level 1 (from line 1): line 3: the file ends before the level's 4 cells are complete (it has 3)"
    );
    assert_eq!(
        err("0 0 1 1 2 2\ne e\ne h\n"),
        "level 1 (from line 1): line 3, token 2, cell (1, 1): unknown token \"h\" (known: e r g y b m c w R G B)"
    );
    assert_eq!(
        err("0 0 1 1 2 2 e e e e 0 0"),
        "level 2 (from line 1): line 1: the file ends before the header `sx sy ex ey W H` is complete (no ex)"
    );
    assert_eq!(
        err("0 0 1 1 2000 2\n"),
        "level 1 (from line 1): line 1: the board is 2000x2; each side must be 2 to 1000 cells"
    );
    assert_eq!(
        err("0 0 1 one 2 2\n"),
        "level 1 (from line 1): line 1: expected the header `sx sy ex ey W H`, six whole numbers, found \"one\""
    );
}

#[test]
fn the_2017_writer_refuses_enemies_and_colour() {
    let mut a = Level::new(3, 3);
    let mut b = Level::new(3, 3);
    b.enemies.push(Enemy {
        x: 1,
        y: 1,
        axis: Axis::Vertical,
    });
    assert_eq!(
        write_2017(&[a.clone(), b]).unwrap_err(),
        FormatError::CannotSay(
            "level 2: the 2017 format cannot say enemies (the level has 1, the first at (1, 1))"
                .into()
        )
    );
    a.background = Colour::CYAN;
    let err = write_2017(&[a]).unwrap_err().to_string();
    assert_eq!(err, "level 1: the 2017 format cannot say a starting background other than black (this one starts cyan)");
}

#[test]
fn json_round_trips_valid_and_odd_levels() {
    let mut level = read_2016(OWN_5X5).unwrap();
    level.name = "own 5x5".into();
    level.background = Colour::YELLOW;
    level.enemies.push(Enemy {
        x: 0,
        y: 0,
        axis: Axis::Vertical,
    });
    let value = to_json_value(&level);
    assert_eq!(value["rows"][0], "v f b R g");
    assert_eq!(value["background"], "yellow");
    assert!(value.get("enemies").is_none() && value.get("start").is_none());
    assert_eq!(from_json_value(&value).unwrap(), level);
    // What the marks cannot say goes in the optional fields.
    let mut odd = Level::new(3, 2);
    odd.start = (1, 1);
    odd.exit = (1, 1);
    odd.set_cell(0, 0, Cell::Block(Colour(0)));
    odd.enemies = vec![
        Enemy {
            x: 2,
            y: 1,
            axis: Axis::Vertical,
        },
        Enemy {
            x: 2,
            y: 0,
            axis: Axis::Horizontal,
        },
    ];
    odd.background = Colour(11);
    let value = to_json_value(&odd);
    assert_eq!(value["rows"][0], "block:0 e e");
    assert_eq!(value["exit"], json!([1, 1]));
    assert_eq!(value["enemies"][0]["axis"], "v");
    assert_eq!(read_json(&write_json(&odd)).unwrap(), odd);
}

#[test]
fn bad_json_says_what() {
    let err = |v: Value| from_json_value(&v).unwrap_err().to_string();
    let good = to_json_value(&Level::new(2, 2));
    let mut v = good.clone();
    v["kind"] = json!("skiddy");
    assert_eq!(err(v), "the level is of kind \"skiddy\", not \"prism\"");
    let mut v = good.clone();
    v["rows"][1] = json!("e x");
    assert!(err(v).contains("rows[1], token 2, cell (1, 1): unknown token \"x\""));
    let mut v = good.clone();
    v["rows"][1] = json!("e");
    assert!(err(v).contains("rows[1] has 1 tokens, but the width is 2"));
    let mut v = good.clone();
    v["background"] = json!("pink");
    assert!(err(v).contains("unknown colour \"pink\""));
    let mut v = good.clone();
    v["start"] = json!([1, 0]);
    assert!(err(v).contains("the start is given twice"));
    let mut v = good.clone();
    v["colour"] = json!(1);
    let said = err(v);
    assert!(said.contains("unknown field \"colour\""), "{said}");
    // In a designer's words, never Rust's.
    let mut v = good.clone();
    v["background"] = json!(true);
    assert_eq!(
        err(v),
        "not a valid Prism JSON level: \"background\" is true; it must be a colour's name (black, red, green, yellow, blue, magenta, cyan, white) or its number from 0 to 7"
    );
    let mut v = good.clone();
    v["width"] = json!(-1);
    assert_eq!(
        err(v),
        "not a valid Prism JSON level: \"width\" is -1; it must be a whole number from 2 to 1000"
    );
    let mut v = good;
    v["start"] = json!([-1, 0]);
    assert_eq!(
        err(v),
        "not a valid Prism JSON level: start[0] is -1, not a whole number of 0 or more"
    );
}

//! Level text of every kind, told apart by detection: any level read
//! writes as JSON and reads back equal; `Level::from_json_value` on any
//! JSON value gives a level that round-trips the same way.
#![no_main]

use levelscope::kinds::{read_levels, Level, TextFormat};
use libfuzzer_sys::fuzz_target;

/// A level written as JSON reads back as the same level, through both the
/// text reader and the value reader.
fn assert_json_round_trip(level: &Level) {
    let json = level
        .write(TextFormat::JSON)
        .expect("every level can be written as JSON");
    let read = read_levels(&json, Some(TextFormat::JSON), None).expect("a level's JSON reads back");
    assert_eq!(read.len(), 1, "a JSON level holds one level");
    assert_eq!(&read[0], level, "JSON round trip changed the level");
    let value = level.to_json_value();
    let from_value = Level::from_json_value(&value).expect("a level's JSON value reads back");
    assert_eq!(
        &from_value, level,
        "JSON value round trip changed the level"
    );
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(levels) = read_levels(text, None, None) {
        assert!(
            !levels.is_empty(),
            "a read succeeds with at least one level"
        );
        for level in &levels {
            assert_json_round_trip(level);
        }
    }
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        if let Ok(level) = Level::from_json_value(&value) {
            assert_json_round_trip(&level);
        }
    }
});

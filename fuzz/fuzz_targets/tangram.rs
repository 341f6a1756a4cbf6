//! Tangram's original text and its JSON form: a level read in either
//! writes back and reads back as the same level.
#![no_main]

use levelscope::kinds::tangram::format::{parse_level, parse_text, to_json, to_text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(level) = parse_text(text) {
        let written = to_text(&level);
        let again = parse_text(&written).expect("written Tangram text reads back");
        assert_eq!(again, level, "Tangram text round trip changed the level");
        assert_eq!(to_text(&again), written);
    }
    if let Ok(level) = parse_level(text) {
        let json = to_json(&level);
        let again = parse_level(&json).expect("a Tangram level's JSON reads back");
        assert_eq!(again, level, "Tangram JSON round trip changed the level");
    }
});

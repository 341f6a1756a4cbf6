//! Skiddy's ASCII board: any text either fails to parse or parses to a
//! level whose ASCII form reads back as the same level and is written the
//! same way again.
#![no_main]

use levelscope::kinds::skiddy::format::{parse_ascii, to_ascii};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(level) = parse_ascii(text) else {
        return;
    };
    let written = to_ascii(&level).expect("a level read from ASCII can be written as ASCII");
    let again = parse_ascii(&written).expect("written ASCII reads back");
    assert_eq!(again, level, "ASCII round trip changed the level");
    assert_eq!(to_ascii(&again).expect("writes again"), written);
});

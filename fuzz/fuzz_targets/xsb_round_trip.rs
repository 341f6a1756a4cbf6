//! XSB: any text that reads as XSB (in part: the levels that can be read)
//! writes back, and the text written reads back as the same levels, written
//! the same way; each level goes through JSON and back unchanged, so XSB ->
//! JSON -> XSB gives the same text.
#![no_main]

use levelscope::kinds::sokoban::{read_json, read_xsb_collection, write_json, write_xsb_collection};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(read) = read_xsb_collection(text) else {
        return;
    };
    assert!(!read.levels.is_empty(), "a collection read has a level");
    let written = write_xsb_collection(&read.levels).expect("what is read as XSB writes back");
    let again = read_xsb_collection(&written).expect("written XSB reads back");
    assert!(again.unread.is_empty(), "written XSB reads whole");
    assert_eq!(again.levels, read.levels, "XSB round trip changed the levels");
    assert_eq!(
        write_xsb_collection(&again.levels).expect("writes again"),
        written
    );
    let through_json: Vec<_> = read
        .levels
        .iter()
        .map(|level| read_json(&write_json(level)).expect("JSON reads back"))
        .collect();
    assert_eq!(through_json, read.levels, "JSON round trip changed a level");
    assert_eq!(
        write_xsb_collection(&through_json).expect("writes from JSON"),
        written,
        "XSB -> JSON -> XSB changed the text"
    );
});

//! Rush Hour's lines: any text read as a file of Fogleman lines (the lines
//! that can be read) writes back, and the text written reads back as the
//! same levels, whole, and writes the same text again; each level goes
//! through our JSON and back unchanged. The sniffer never panics, and says
//! yes to every text written.
#![no_main]

use levelscope::kinds::rushhour::{
    looks_like_line, read_json, read_line, read_lines, write_json, write_line, write_lines,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = looks_like_line(text);
    let _ = read_line(text);
    let read = read_lines(text);
    if read.levels.is_empty() {
        return;
    }
    let written = write_lines(&read.levels).expect("what is read as lines writes back");
    assert!(looks_like_line(&written), "written lines look like lines");
    let again = read_lines(&written);
    assert!(again.unread.is_empty(), "written lines read whole");
    assert_eq!(again.levels, read.levels, "line round trip changed the levels");
    assert_eq!(write_lines(&again.levels).expect("writes again"), written);
    for level in &read.levels {
        let line = write_line(level).expect("a level read writes as a line");
        assert_eq!(&read_line(&line).expect("its line reads back"), level);
        assert_eq!(&read_json(&write_json(level)).expect("JSON reads back"), level);
    }
});

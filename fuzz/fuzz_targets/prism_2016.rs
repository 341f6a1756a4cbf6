//! Prism's 2016 text: a level read is written back (when the format can
//! say it) and reads back as the same level, written the same way again.
#![no_main]

use levelscope::kinds::prism::{read_2016, write_2016};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(level) = read_2016(text) else {
        return;
    };
    let Ok(written) = write_2016(&level) else {
        return;
    };
    let again = read_2016(&written).expect("written 2016 text reads back");
    assert_eq!(again, level, "2016 round trip changed the level");
    assert_eq!(write_2016(&again).expect("writes again"), written);
});

//! Prism's 2017 text: the levels read are written back (when the format
//! can say them) and read back as the same levels, written the same way.
#![no_main]

use levelscope::kinds::prism::{read_2017, write_2017};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(levels) = read_2017(text) else {
        return;
    };
    assert!(!levels.is_empty(), "a 2017 read succeeds with a level");
    let Ok(written) = write_2017(&levels) else {
        return;
    };
    let again = read_2017(&written).expect("written 2017 text reads back");
    assert_eq!(again, levels, "2017 round trip changed the levels");
    assert_eq!(write_2017(&again).expect("writes again"), written);
});

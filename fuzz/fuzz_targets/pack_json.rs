//! Pack JSON: any text either is refused or reads as a pack; a pack read
//! without damage is writable and round-trips through `pack_to_json_with`,
//! the fields levelscope does not know included; `check_writable` answers
//! for every pack read.
#![no_main]

use levelscope::pack::{pack_to_json_with, parse_pack};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(read) = parse_pack(text) else {
        return;
    };
    let writable = read.check_writable(std::path::Path::new("p.json"));
    // Whole: no damaged entry, not cut short, no break read past.
    let whole = read.damaged.is_empty() && !read.truncated && read.breaks.is_empty();
    assert_eq!(whole, read.is_whole());
    assert_eq!(
        writable.is_ok(),
        whole,
        "check_writable must refuse exactly the damaged packs"
    );
    if !whole {
        return;
    }
    let json = pack_to_json_with(&read.pack, &read.unknown);
    let again = parse_pack(&json).expect("a written pack reads back");
    assert!(again.damaged.is_empty(), "a written pack has no damage");
    assert!(!again.truncated, "a written pack is whole");
    assert!(again.breaks.is_empty(), "a written pack has no break");
    assert_eq!(again.pack, read.pack, "pack round trip changed the pack");
    assert_eq!(again.unknown, read.unknown, "unknown fields are kept");
    assert_eq!(
        pack_to_json_with(&again.pack, &again.unknown),
        json,
        "pack writes the same twice"
    );
});

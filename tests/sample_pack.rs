//! The bundled sample pack reads cleanly and its stored analyses are the
//! levels' real ones (so they stay current when the rules change).

use levelscope::pack::{parse_pack, refresh_summary};

#[test]
fn the_sample_pack_is_whole_and_current() {
    let read = parse_pack(include_str!("../assets/sample-pack.json")).unwrap();
    assert!(read.damaged.is_empty() && !read.truncated);
    assert_eq!(read.pack.levels.len(), 6);
    for entry in &read.pack.levels {
        let mut fresh = entry.clone();
        refresh_summary(&mut fresh, 1_000_000).unwrap();
        assert_eq!(fresh.summary, entry.summary, "{}", entry.level.name());
    }
}

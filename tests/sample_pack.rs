//! The bundled sample pack reads cleanly and its stored analyses are the
//! levels' real ones (so they stay current when the rules change); the
//! sample pack as it was before there were several kinds still loads.

use levelscope::kinds::Kind;
use levelscope::pack::{pack_to_json, parse_pack, refresh_summary};

#[test]
fn the_sample_pack_is_whole_and_current() {
    let read = parse_pack(include_str!("../assets/sample-pack.json")).unwrap();
    assert!(read.damaged.is_empty() && !read.truncated);
    assert_eq!(read.pack.levels.len(), 11);
    let kinds: Vec<Kind> = read.pack.levels.iter().map(|e| e.level.kind()).collect();
    assert_eq!(kinds.iter().filter(|&&k| k == Kind::Skiddy).count(), 6);
    assert_eq!(kinds.iter().filter(|&&k| k == Kind::Prism).count(), 3);
    assert_eq!(kinds.iter().filter(|&&k| k == Kind::Tangram).count(), 2);
    for entry in &read.pack.levels {
        let mut fresh = entry.clone();
        refresh_summary(&mut fresh, 1_000_000).unwrap();
        assert_eq!(fresh.summary, entry.summary, "{}", entry.level.name());
    }
}

/// The sample pack file as levelscope wrote it before the kind seam (its
/// summaries say `star_reason`), kept byte for byte.
const BEFORE_KINDS: &str = include_str!("fixtures/sample-pack-before-kinds.json");

#[test]
fn the_sample_pack_from_before_the_kinds_loads_unchanged() {
    let read = parse_pack(BEFORE_KINDS).unwrap();
    assert!(read.damaged.is_empty() && !read.truncated);
    assert_eq!(read.pack.name, "levelscope samples");
    assert_eq!(read.pack.levels.len(), 6);
    for entry in &read.pack.levels {
        assert_eq!(entry.level.kind(), Kind::Skiddy);
        let summary = entry.summary.as_ref().expect("every entry was analysed");
        assert!(summary.stars.is_some());
        assert!(
            !summary.verdict.is_empty(),
            "star_reason reads as the verdict"
        );
        // What it stored is what the analysis says today.
        let mut fresh = entry.clone();
        refresh_summary(&mut fresh, 1_000_000).unwrap();
        assert_eq!(fresh.summary, entry.summary, "{}", entry.level.name());
    }
    // Written again and read back, nothing changes.
    let again = parse_pack(&pack_to_json(&read.pack)).unwrap();
    assert_eq!(again.pack, read.pack);
}

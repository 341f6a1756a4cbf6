//! The bundled sample pack reads cleanly and its stored analyses are the
//! levels' real ones (so they stay current when the rules change); the
//! sample pack as it was before there were several kinds still loads.

use levelscope::kinds::Kind;
use levelscope::pack::{pack_to_json, parse_pack, refresh_summary};

#[test]
fn the_sample_pack_is_whole_and_current() {
    let read = parse_pack(include_str!("../assets/sample-pack.json")).unwrap();
    assert!(read.damaged.is_empty() && !read.truncated);
    assert_eq!(read.pack.levels.len(), 12);
    let kinds: Vec<Kind> = read.pack.levels.iter().map(|e| e.level.kind()).collect();
    assert_eq!(kinds.iter().filter(|&&k| k == Kind::Skiddy).count(), 6);
    assert_eq!(kinds.iter().filter(|&&k| k == Kind::Prism).count(), 3);
    assert_eq!(kinds.iter().filter(|&&k| k == Kind::Tangram).count(), 2);
    assert_eq!(kinds.iter().filter(|&&k| k == Kind::RushHour).count(), 1);
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
        assert!(summary.stars().is_some());
        assert!(
            !summary.verdict.is_empty(),
            "star_reason reads as the verdict"
        );
        // What it stored is what the analysis says today, but for the
        // effort, which it predates.
        assert!(summary.effort.is_none());
        let mut fresh = entry.clone();
        refresh_summary(&mut fresh, 1_000_000).unwrap();
        let fresh = fresh.summary.unwrap();
        assert!(
            fresh.same_verdict_and_figures(summary),
            "{}",
            entry.level.name()
        );
        assert!(fresh.effort.is_some(), "{}", entry.level.name());
    }
    // Written again and read back, nothing changes.
    let again = parse_pack(&pack_to_json(&read.pack)).unwrap();
    assert_eq!(again.pack, read.pack);
}

/// A pack as levelscope wrote it before a summary carried its kind's
/// verdict: every kind's fields side by side in one flat object (Skiddy's
/// verdict still called `star_reason`, Tangram's state numbers written as
/// zeros).
fn pack_of_the_previous_format() -> String {
    use levelscope::kinds::{prism, tangram, Level};
    let skiddy = Level::from_json_value(&serde_json::json!({"format": "levelscope-level",
        "version": 1, "rows": ["#####", "#R.R#", "#...#", "#r###"]}))
    .unwrap();
    let prism = Level::from(prism::read_2016("3 2\n0\ns R f\ne e e\n").unwrap());
    let tangram = Level::from(
        tangram::parse_text("1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n").unwrap(),
    );
    serde_json::json!({
        "format": "levelscope-pack", "version": 1, "name": "before",
        "levels": [
            {"name": "s", "level": skiddy.to_json_value(),
             "summary": {"stars": 2, "star_reason": "no Perfect", "shortest": 4,
                         "shortest_max_combo": 6, "shortest_no_combo": 4, "states": 90,
                         "dead_ends": 1, "traps": 2}},
            {"name": "p", "level": prism.to_json_value(),
             "summary": {"verdict": "an easy walk", "shortest": 3, "states": 17,
                         "dead_ends": 0, "traps": 0, "difficulty": 41}},
            {"name": "t", "level": tangram.to_json_value(),
             "summary": {"verdict": "12 solutions: they trade places", "shortest": null,
                         "states": 0, "dead_ends": 0, "traps": 0, "solutions": 12}},
        ]
    })
    .to_string()
}

#[test]
fn a_pack_of_the_previous_summary_format_loads_with_the_same_figures() {
    let read = parse_pack(&pack_of_the_previous_format()).unwrap();
    assert!(read.damaged.is_empty());
    let summaries: Vec<_> = read
        .pack
        .levels
        .iter()
        .map(|e| e.summary.clone().expect("the summary reads"))
        .collect();
    let [s, p, t] = &summaries[..] else {
        panic!("three summaries")
    };
    assert_eq!(s.stars(), Some(2));
    assert_eq!(s.verdict, "no Perfect");
    let g = s.graph().unwrap();
    assert_eq!(
        (g.shortest, g.states, g.dead_ends, g.traps),
        (Some(4), 90, 1, 2)
    );
    assert_eq!(s.perfect_length(), None, "max-combo 6 is longer than 4");
    assert_eq!(
        s.lengths_words().unwrap(),
        "Shortest 4, max-combo 6, no-combo 4"
    );
    assert_eq!(p.difficulty(), Some(41));
    assert_eq!(p.verdict_word(), "difficulty 41");
    let g = p.graph().unwrap();
    assert_eq!(
        (g.shortest, g.states, g.dead_ends, g.traps),
        (Some(3), 17, 0, 0)
    );
    assert_eq!(p.stars(), None);
    assert_eq!(t.solution_count(), Some(Some(12)));
    assert_eq!(t.verdict_word(), "12 solutions");
    assert_eq!(t.graph(), None, "a Tangram level has no state graph");
    // Written again, the fields keep their names, and read back nothing
    // changes.
    let text = pack_to_json(&read.pack);
    let again = parse_pack(&text).unwrap();
    assert_eq!(again.pack, read.pack);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["levels"][0]["summary"]["stars"], 2);
    assert_eq!(json["levels"][0]["summary"]["shortest_max_combo"], 6);
    assert_eq!(json["levels"][1]["summary"]["difficulty"], 41);
    assert_eq!(json["levels"][2]["summary"]["solutions"], 12);
}

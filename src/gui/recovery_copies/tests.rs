//! Recovery's unit tests: copies written, restored, kept aside and told
//! apart.

use super::*;
use crate::kinds::Kind;

fn files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| d.count())
}

#[test]
fn a_change_is_copied_after_the_delay_and_the_copy_goes_when_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
    let start = Instant::now();
    let mut doc = Document::new(Kind::Skiddy.blank(5, 4));
    doc.level.set_name("edited");
    let docs = vec![doc];
    let due = recovery.update(&docs, start);
    assert_eq!(files(dir.path()), 0, "not before the delay");
    assert_eq!(due, Some(DEFAULT_DELAY));
    recovery.update(&docs, start + DEFAULT_DELAY);
    assert_eq!(files(dir.path()), 1);
    // Another editor finds it, and restores the same level.
    let other = Recovery::in_dir(Some(dir.path().to_path_buf()));
    let found = other.found().readable;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].level, docs[0].level);
    assert!(
        recovery.found().readable.is_empty(),
        "an editor does not offer its own"
    );
    // Saved: the copy goes.
    let mut docs = docs;
    docs[0].mark_saved(Origin::File(dir.path().join("x.json")));
    recovery.update(&docs, start + 2 * DEFAULT_DELAY);
    assert_eq!(files(dir.path()), 0);
}

#[test]
fn a_collection_packs_copy_keeps_its_format_and_its_text() {
    let dir = tempfile::tempdir().unwrap();
    let mut recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
    let start = Instant::now();
    let text =
        "; Kept header\n\n; One\n#####\n#@$.#\n#####\nAuthor: me\n\n; Two\n#####\n#.$@#\n#####\n";
    let xsb = crate::kinds::sokoban::text_formats::XSB;
    let levels = crate::kinds::read_levels(text, Some(xsb), None).unwrap();
    let read = crate::pack::collection::pack_of_collection(text, levels, xsb, false);
    let file = dir.path().join("two.xsb");
    let no_checks = CheckResults::default();
    let state = PackState {
        pack: &read.pack,
        unknown: &read.unknown,
        path: Some(&file),
        collection: Some(xsb),
        dirty: true,
        tabs_unsaved: false,
        checks: &no_checks,
    };
    recovery.update_pack(Some(state), start);
    recovery.update_pack(Some(state), start + DEFAULT_DELAY);
    let found = Recovery::in_dir(Some(dir.path().to_path_buf())).found();
    let copy = &found.packs[0];
    assert_eq!(copy.collection, Some(xsb));
    assert_eq!(copy.pack, read.pack);
    let back = crate::pack::collection::collection_bytes(&copy.pack, &copy.unknown, xsb).unwrap();
    assert_eq!(String::from_utf8(back.bytes).unwrap(), text);
}

#[test]
fn an_unsaved_pack_is_copied_after_the_delay_and_the_copy_goes_when_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
    let start = Instant::now();
    let mut pack = Pack {
        name: "curated".into(),
        levels: vec![crate::pack::PackEntry::new(Kind::Skiddy.blank(5, 4))],
    };
    pack.levels[0].tags = vec!["easy".into()];
    let mut unknown = Unknown::new();
    unknown.insert("author".into(), json!("someone"));
    let file = dir.path().join("curated.json");
    let no_checks = CheckResults::default();
    let state = |pack, dirty| PackState {
        pack,
        unknown: &unknown,
        path: Some(&file),
        collection: None,
        dirty,
        tabs_unsaved: false,
        checks: &no_checks,
    };
    let due = recovery.update_pack(Some(state(&pack, true)), start);
    assert_eq!(files(dir.path()), 0, "not before the delay");
    assert_eq!(due, Some(DEFAULT_DELAY));
    recovery.update_pack(Some(state(&pack, true)), start + DEFAULT_DELAY);
    assert_eq!(files(dir.path()), 1);
    // Another editor finds it whole: levels, tags, unknown fields, file.
    let found = Recovery::in_dir(Some(dir.path().to_path_buf())).found();
    assert_eq!(found.packs.len(), 1);
    assert!(found.readable.is_empty() && found.unreadable.is_empty());
    assert_eq!(found.packs[0].pack, pack);
    assert_eq!(found.packs[0].unknown, unknown);
    assert_eq!(found.packs[0].file.as_deref(), Some(file.as_path()));
    // Saved: the copy goes; closed likewise.
    recovery.update_pack(Some(state(&pack, false)), start + 2 * DEFAULT_DELAY);
    assert_eq!(files(dir.path()), 0);
    recovery.update_pack(Some(state(&pack, true)), start + 3 * DEFAULT_DELAY);
    recovery.update_pack(Some(state(&pack, true)), start + 4 * DEFAULT_DELAY);
    assert_eq!(files(dir.path()), 1);
    recovery.update_pack(None, start + 5 * DEFAULT_DELAY);
    assert_eq!(files(dir.path()), 0);
}

#[test]
fn an_unsaved_pack_level_names_its_entry_and_keeps_its_pack_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    let mut recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
    recovery.delay = Duration::ZERO;
    let pack = Pack {
        name: "mine".into(),
        levels: vec![
            crate::pack::PackEntry::new(Kind::Skiddy.blank(5, 4)),
            crate::pack::PackEntry::new(Kind::Skiddy.blank(6, 4)),
        ],
    };
    let mut doc = Document::loaded(pack.levels[1].level.clone(), Origin::PackEntry(1));
    doc.level.set_name("edited");
    let checks = CheckResults {
        failures: vec![None, Some(vec!["no solution".into()])],
        report: None,
    };
    let unknown = Unknown::new();
    let file = dir.path().join("mine.json");
    let state = |tabs_unsaved| PackState {
        pack: &pack,
        unknown: &unknown,
        path: Some(&file),
        collection: None,
        dirty: false,
        tabs_unsaved,
        checks: &checks,
    };
    let now = Instant::now();
    recovery.update(std::slice::from_ref(&doc), now);
    recovery.update_pack(Some(state(true)), now);
    assert_eq!(files(dir.path()), 2, "the level's copy and its pack's");
    let found = Recovery::in_dir(Some(dir.path().to_path_buf())).found();
    let ([level], [copy]) = (found.readable.as_slice(), found.packs.as_slice()) else {
        panic!("{found:?}")
    };
    assert_eq!(level.entry, Some(1));
    assert_eq!(level.level, doc.level);
    assert!(same_editor(&level.path, &copy.path));
    assert_eq!(copy.pack, pack);
    assert!(!copy.dirty, "the pack itself had no changes");
    assert_eq!(copy.checks, Ok(checks.clone()));
    // Check results that cannot be read cost them, not the pack.
    let text = std::fs::read_to_string(&copy.path).unwrap();
    let mut value: Value = serde_json::from_str(&text).unwrap();
    value["checks"] = json!(7);
    std::fs::write(&copy.path, value.to_string()).unwrap();
    let found = Recovery::in_dir(Some(dir.path().to_path_buf())).found();
    assert_eq!(found.packs[0].pack, pack);
    let why = found.packs[0].checks.clone().unwrap_err().to_string();
    assert!(
        why.contains("check's results in the copy cannot be read"),
        "{why}"
    );
    std::fs::write(&copy.path, text).unwrap();
    // Moved to another place in the pack: the copy follows.
    doc.origin = Origin::PackEntry(0);
    recovery.update(std::slice::from_ref(&doc), now);
    let found = Recovery::in_dir(Some(dir.path().to_path_buf())).found();
    assert_eq!(found.readable[0].entry, Some(0));
    // The level saved, the pack has no reason for a copy.
    recovery.update_pack(Some(state(false)), now);
    assert_eq!(files(dir.path()), 1);
}

#[test]
fn copies_of_two_editors_are_told_apart() {
    let a = Path::new("/r/12-0000abcd-00000000000000ff.json");
    assert!(same_editor(a, Path::new("/r/12-0000abcd-pack.json")));
    assert!(!same_editor(a, Path::new("/r/12-0000abce-pack.json")));
    assert!(!same_editor(a, Path::new("/r/13-0000abcd-pack.json")));
    assert!(!same_editor(a, Path::new("/r/")));
}

#[test]
fn a_copy_whose_entry_is_not_a_number_is_named_unreadable() {
    let dir = tempfile::tempdir().unwrap();
    let (path, text) = left_copy(dir.path());
    let broken = text.replacen("\"file\"", "\"entry\": \"five\",\n  \"file\"", 1);
    std::fs::write(&path, broken).unwrap();
    let found = Recovery::in_dir(Some(dir.path().to_path_buf())).found();
    let [copy] = found.unreadable.as_slice() else {
        panic!("{found:?}")
    };
    assert!(
        copy.reason.contains("pack entry is not a level's number"),
        "{}",
        copy.reason
    );
    assert_eq!(copy.name.as_deref(), Some("1-1"));
}

#[test]
fn closing_a_document_or_quitting_removes_its_copy() {
    let dir = tempfile::tempdir().unwrap();
    let mut recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
    recovery.delay = Duration::ZERO;
    let docs = vec![
        Document::new(Kind::Skiddy.blank(5, 4)),
        Document::new(Kind::Prism.blank(4, 3)),
    ];
    recovery.update(&docs, Instant::now());
    assert_eq!(files(dir.path()), 2);
    recovery.update(&docs[..1], Instant::now());
    assert_eq!(files(dir.path()), 1, "the closed one's copy went");
    recovery.remove_all();
    assert_eq!(files(dir.path()), 0);
}

#[test]
fn a_killed_editor_not_yet_waited_for_owns_no_copies() {
    assert_eq!(process_state("12 (levelscope) Z 1 12 12 0"), Some('Z'));
    assert_eq!(process_state("12 (a (b) c) S 1"), Some('S'));
    assert_eq!(process_state("garbage"), None);
    // A real zombie: a child that ended and is not waited for yet.
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let pid = child.id();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !is_dead(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(is_dead(pid), "an ended child is a zombie until waited for");
    child.wait().unwrap();
    assert!(!is_dead(std::process::id()), "this process runs");
}

#[test]
fn files_that_are_not_copies_are_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("1-x-y.json"), "{\"format\": \"other\"}").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "hello").unwrap();
    let recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
    let found = recovery.found();
    assert!(found.readable.is_empty() && found.unreadable.is_empty());
    assert_eq!(files(dir.path()), 2);
}

/// The copy a first editor leaves of an edited level named "1-1" from
/// `from.txt`, and its text.
fn left_copy(dir: &Path) -> (PathBuf, String) {
    let mut recovery = Recovery::in_dir(Some(dir.to_path_buf()));
    recovery.delay = Duration::ZERO;
    let mut level = Kind::Skiddy.blank(6, 4);
    level.set_name("1-1");
    let mut doc = Document::new(level);
    doc.origin = Origin::File(PathBuf::from("/levels/from.txt"));
    let docs = vec![doc];
    recovery.update(&docs, Instant::now());
    let path = std::fs::read_dir(dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

#[test]
fn a_copy_cut_short_is_named_with_what_could_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let (path, text) = left_copy(dir.path());
    // Cut in the middle of the board's last row but one.
    let cut = text.rfind("#....#").unwrap() + 3;
    std::fs::write(&path, &text[..cut]).unwrap();
    let found = Recovery::in_dir(Some(dir.path().to_path_buf())).found();
    assert!(found.readable.is_empty());
    let [copy] = found.unreadable.as_slice() else {
        panic!("{found:?}")
    };
    assert_eq!(copy.name.as_deref(), Some("1-1"));
    assert_eq!(copy.file.as_deref(), Some(Path::new("/levels/from.txt")));
    let words = copy.words(copy.written.unwrap() + Duration::from_secs(180));
    assert!(
        words.starts_with(
            "A recovery copy of 1-1 written 3 min ago could not be read: it is cut short"
        ),
        "{words}"
    );
}

#[test]
fn a_copy_of_another_version_says_so_and_can_be_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let (path, text) = left_copy(dir.path());
    std::fs::write(
        &path,
        text.replace("\"version\": 1,\n  \"file\"", "\"version\": 7,\n  \"file\""),
    )
    .unwrap();
    let recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
    let found = recovery.found();
    let [copy] = found.unreadable.as_slice() else {
        panic!("{found:?}")
    };
    assert!(
        copy.reason
            .contains("written by a newer levelscope (version 7"),
        "{}",
        copy.reason
    );
    let kept = recovery.keep_unreadable(copy).unwrap();
    assert_eq!(kept.parent().unwrap(), dir.path().join(UNREADABLE));
    assert!(kept.exists() && !path.exists());
    let found = recovery.found();
    assert!(found.unreadable.is_empty() && found.readable.is_empty());
}

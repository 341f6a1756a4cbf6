//! `write_atomic`, the one way the program writes a file, in a hostile or
//! unlucky folder: planted links, private files, linked targets, failures
//! and the leftovers of killed writes.

use std::path::Path;
use std::time::{Duration, SystemTime};

use levelscope::atomic::write_atomic;

/// How old the leftovers of a killed write must be to be removed
/// (`levelscope::atomic::STALE_AFTER`).
const STALE_AFTER: Duration = Duration::from_secs(60);

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Makes a file look as if it was last written `age` ago.
fn age_file(path: &Path, age: Duration) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - age).unwrap();
}

#[cfg(unix)]
#[test]
fn a_link_planted_at_the_old_temporary_name_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "not yours").unwrap();
    let pack = dir.path().join("pack.json");
    std::fs::write(&pack, "old").unwrap();
    // Earlier versions wrote `.NAME.PID.tmp`: guessable, and followed.
    let planted = dir
        .path()
        .join(format!(".pack.json.{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();

    write_atomic(&pack, b"new").unwrap();

    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "not yours");
    let meta = std::fs::symlink_metadata(&pack).unwrap();
    assert!(meta.file_type().is_file(), "the pack is a regular file");
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), "new");
}

#[cfg(unix)]
#[test]
fn a_private_file_stays_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.json");
    std::fs::write(&pack, "old").unwrap();
    for mode in [0o600, 0o640, 0o604] {
        std::fs::set_permissions(&pack, std::fs::Permissions::from_mode(mode)).unwrap();
        write_atomic(&pack, b"new").unwrap();
        let now = std::fs::metadata(&pack).unwrap().permissions().mode() & 0o7777;
        assert_eq!(now, mode, "{now:o} should be {mode:o}");
    }
}

#[cfg(unix)]
#[test]
fn a_linked_target_is_written_through_and_the_link_kept() {
    let dir = tempfile::tempdir().unwrap();
    let real_dir = dir.path().join("real");
    std::fs::create_dir(&real_dir).unwrap();
    let real = real_dir.join("pack.json");
    std::fs::write(&real, "old").unwrap();
    // A relative link to a relative link, in another folder.
    let middle = dir.path().join("middle.json");
    std::os::unix::fs::symlink("real/pack.json", &middle).unwrap();
    let link = dir.path().join("pack.json");
    std::os::unix::fs::symlink("middle.json", &link).unwrap();

    write_atomic(&link, b"new").unwrap();

    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::symlink_metadata(&middle)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    assert_eq!(names(dir.path()), ["middle.json", "pack.json", "real"]);
    assert_eq!(names(&real_dir), ["pack.json"], "no temporary file is left");

    // A link to a file that does not exist yet creates it.
    let dangling = dir.path().join("new.json");
    std::os::unix::fs::symlink("real/created.json", &dangling).unwrap();
    write_atomic(&dangling, b"made").unwrap();
    assert_eq!(
        std::fs::read_to_string(real_dir.join("created.json")).unwrap(),
        "made"
    );
    assert!(std::fs::symlink_metadata(&dangling)
        .unwrap()
        .file_type()
        .is_symlink());
}

#[cfg(unix)]
#[test]
fn a_loop_of_links_is_an_error_that_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.json");
    let b = dir.path().join("b.json");
    std::os::unix::fs::symlink("b.json", &a).unwrap();
    std::os::unix::fs::symlink("a.json", &b).unwrap();
    assert!(write_atomic(&a, b"x").is_err());
    assert_eq!(names(dir.path()), ["a.json", "b.json"]);
}

#[test]
fn a_failed_write_leaves_the_old_content_and_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    // The rename fails: the target is a folder that is not empty.
    let target = dir.path().join("pack.json");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("inside"), "old").unwrap();
    assert!(write_atomic(&target, b"new").is_err());
    assert_eq!(
        std::fs::read_to_string(target.join("inside")).unwrap(),
        "old"
    );
    assert_eq!(names(dir.path()), ["pack.json"]);

    // The folder does not exist: nothing is created anywhere.
    let nowhere = dir.path().join("missing").join("pack.json");
    assert!(write_atomic(&nowhere, b"new").is_err());
    assert_eq!(names(dir.path()), ["pack.json"]);
}

#[test]
fn temporary_files_of_killed_writes_are_cleaned_up() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.json");
    std::fs::write(&pack, "old").unwrap();
    let old = STALE_AFTER + Duration::from_secs(60);
    let make = |name: &str, age: Duration| {
        let path = dir.path().join(name);
        std::fs::write(&path, "leftover").unwrap();
        age_file(&path, age);
    };
    // Left by killed writes of this pack, long ago: removed.
    make(".pack.json.4242.tmp", old);
    make(".pack.json.aB3dE6gH9k.tmp", old);
    // Perhaps a write in progress right now: kept.
    make(".pack.json.4343.tmp", Duration::ZERO);
    make(".pack.json.Zz9Yy8Xx7W.tmp", Duration::ZERO);
    // Not ours, or another file's: kept, however old.
    make(".other.json.4242.tmp", old);
    make(".pack.json.4242.tmp.bak", old);
    make(".pack.json.tmp", old);
    make("pack.json.4242.tmp", old);
    make(".pack.json.not-ours.tmp", old);

    write_atomic(&pack, b"new").unwrap();

    assert_eq!(std::fs::read_to_string(&pack).unwrap(), "new");
    assert_eq!(
        names(dir.path()),
        [
            ".other.json.4242.tmp",
            ".pack.json.4242.tmp.bak",
            ".pack.json.4343.tmp",
            ".pack.json.Zz9Yy8Xx7W.tmp",
            ".pack.json.not-ours.tmp",
            ".pack.json.tmp",
            "pack.json",
            "pack.json.4242.tmp",
        ]
    );
}

#[cfg(unix)]
#[test]
fn an_old_folder_left_at_a_temporary_name_is_not_removed() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.json");
    let folder = dir.path().join(".pack.json.4242.tmp");
    std::fs::create_dir(&folder).unwrap();
    std::fs::File::open(&folder)
        .unwrap()
        .set_modified(SystemTime::now() - STALE_AFTER * 2)
        .unwrap();
    write_atomic(&pack, b"new").unwrap();
    assert!(folder.is_dir());
}

//! Recovery copies: a killed or crashed editor loses at most the last few
//! seconds of work.
//!
//! A few seconds after a document changes (and stays unsaved), its level is
//! written atomically to `recovery/PID-SESSION-DOC.json` in the platform's
//! data folder. Saving or closing the document removes its copy, and so
//! does quitting normally. At the next start, copies left by an editor that
//! is no longer running are offered for restoring (or discarding). A copy
//! that cannot be read (cut short by a full disk, written by another
//! version) is never passed over in silence: it is named with what could
//! be read of it (its level's name, where the level came from, when it was
//! written) and why the rest could not, and the designer keeps it (moved
//! aside to `recovery/unreadable/`, where nothing offers it again) or
//! discards it.
//!
//! A level of the open pack keeps its link: its copy names the pack entry
//! it belongs to, and while such a level is unsaved the pack has a copy too
//! (saying whether the pack itself had unsaved changes), with the latest
//! pack check's results, so that a restore links the level to its entry
//! again and shows every level's check result as it was.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use serde_json::{json, Value};

use super::document::{Document, Origin};
use super::views::pack_panel::CheckResults;
use crate::kinds::Level;
use crate::pack::{Pack, Unknown};

/// How long a change rests before its recovery copy is written.
pub const DEFAULT_DELAY: Duration = Duration::from_secs(3);

/// The `format` field of a recovery copy.
const FORMAT: &str = "levelscope-recovery";
/// The `version` field of the copies this editor writes and reads.
const VERSION: u64 = 1;

/// A recovery copy found at start, from an editor that did not close.
#[derive(Clone, Debug)]
pub struct Recovered {
    /// The copy's file.
    pub path: PathBuf,
    /// The level as it was last written.
    pub level: Level,
    /// The file the level was being edited from, if any.
    pub file: Option<PathBuf>,
    /// The entry of the open pack the level was being edited from (its
    /// index), if any: the pack is the one in the copy the same editor
    /// left (see [`same_editor`]).
    pub entry: Option<usize>,
    /// When the copy was written.
    pub written: Option<SystemTime>,
}

impl Recovered {
    /// The document to restore: the level, unsaved, saving to its file
    /// when it had one.
    pub fn document(&self) -> Document {
        let mut doc = Document::new(self.level.clone());
        if let Some(file) = &self.file {
            doc.origin = Origin::File(file.clone());
        }
        doc
    }
}

/// The recovery copy of a pack found at start, from an editor that did not
/// close: the pack with its order, names, tags, notes and summaries.
#[derive(Clone, Debug)]
pub struct RecoveredPack {
    /// The copy's file.
    pub path: PathBuf,
    /// The pack as it was last written.
    pub pack: Pack,
    /// The pack's own fields levelscope does not know.
    pub unknown: Unknown,
    /// The file the pack was being edited from, if any.
    pub file: Option<PathBuf>,
    /// The collection format that file is in (an XSB file opened as a
    /// pack), `None` for a levelscope pack.
    pub collection: Option<crate::kinds::TextFormat>,
    /// Whether the pack itself had unsaved changes (else it was kept for
    /// the unsaved levels of it, and holds what its file held).
    pub dirty: bool,
    /// The latest pack check's results, as the pack panel showed them, or
    /// why they cannot be read (the pack is restored without them).
    pub checks: Result<CheckResults, String>,
    /// When the copy was written.
    pub written: Option<SystemTime>,
}

/// What the editor shows of its open pack, for its recovery copy.
#[derive(Clone, Copy, Debug)]
pub struct PackState<'a> {
    /// The pack.
    pub pack: &'a Pack,
    /// Its own fields levelscope does not know.
    pub unknown: &'a Unknown,
    /// Its file, if it has one.
    pub path: Option<&'a Path>,
    /// The collection format its file is in, `None` for a levelscope pack.
    pub collection: Option<crate::kinds::TextFormat>,
    /// Whether it has unsaved changes.
    pub dirty: bool,
    /// Whether a tab of one of its levels has unsaved changes (a copy is
    /// kept when this or `dirty` holds, so that the level's copy can be
    /// linked to its entry again).
    pub tabs_unsaved: bool,
    /// The latest pack check's results, as the pack panel shows them.
    pub checks: &'a CheckResults,
}

impl PackState<'_> {
    /// Whether the pack needs a copy.
    fn needs_copy(&self) -> bool {
        self.dirty || self.tabs_unsaved
    }

    /// Whether `snapshot` is this state.
    fn is(&self, snapshot: &PackSnapshot) -> bool {
        snapshot.dirty == self.dirty
            && snapshot.checks == *self.checks
            && snapshot.pack == *self.pack
    }

    fn snapshot(&self) -> PackSnapshot {
        PackSnapshot {
            pack: self.pack.clone(),
            checks: self.checks.clone(),
            dirty: self.dirty,
        }
    }
}

/// What a pack's copy holds that may change: the pack, the check results
/// and whether the pack is unsaved.
#[derive(Clone, Debug)]
struct PackSnapshot {
    pack: Pack,
    checks: CheckResults,
    dirty: bool,
}

/// What a level's copy holds that may change: the level and the pack entry
/// it belongs to.
type LevelSnapshot = (Level, Option<usize>);

/// The pack entry a document belongs to, if any.
fn entry_of(doc: &Document) -> Option<usize> {
    match doc.origin {
        Origin::PackEntry(i) => Some(i),
        Origin::File(_) | Origin::New => None,
    }
}

/// A recovery copy found at start that could not be read as a level.
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    /// The copy's file.
    pub path: PathBuf,
    /// The level's name, when that much of the copy could be read.
    pub name: Option<String>,
    /// The file the level was being edited from, when that much of the
    /// copy could be read.
    pub file: Option<PathBuf>,
    /// When the copy was written.
    pub written: Option<SystemTime>,
    /// Why it could not be read, in a designer's words.
    pub reason: String,
}

impl Unreadable {
    /// The whole story at `now`: "a recovery copy of 1-1 written 3 min ago
    /// could not be read: it is cut short …".
    pub fn words(&self, now: SystemTime) -> String {
        let what = match (&self.name, &self.file) {
            (Some(name), _) if !name.is_empty() => name.clone(),
            (_, Some(file)) => file.display().to_string(),
            _ => "an unnamed level".to_string(),
        };
        let when = self.written.map_or(String::new(), |written| {
            let age = now.duration_since(written).unwrap_or_default();
            format!(" written {} ago", age_words(age))
        });
        format!(
            "A recovery copy of {what}{when} could not be read: {}",
            self.reason
        )
    }
}

/// An age as "12 s", "3 min", "2 h 05 min" or "4 days".
fn age_words(age: Duration) -> String {
    let seconds = age.as_secs();
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min", seconds / 60),
        3600..86_400 => format!("{} h {:02} min", seconds / 3600, seconds % 3600 / 60),
        _ => crate::words::counted(seconds / 86_400, "day", "days"),
    }
}

/// What an editor found at start: the copies it can restore and those it
/// cannot read.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// The copies read back, oldest first.
    pub readable: Vec<Recovered>,
    /// The copies that could not be read, oldest first.
    pub unreadable: Vec<Unreadable>,
    /// The copies of packs read back, oldest first.
    pub packs: Vec<RecoveredPack>,
}

/// The recovery copies of this editor's documents.
pub struct Recovery {
    /// Where copies go; `None` when the platform has no data folder (then
    /// nothing is kept).
    dir: Option<PathBuf>,
    /// This editor's prefix of its copies' names: `PID-SESSION-`.
    prefix: String,
    /// How long a change rests before it is written.
    pub delay: Duration,
    /// Per document id: the level as last seen, and since when.
    seen: HashMap<u64, (Level, Instant)>,
    /// Per document id: the level (and its pack entry) written to its copy.
    written: HashMap<u64, LevelSnapshot>,
    /// The open pack as last seen, and since when.
    pack_seen: Option<(PackSnapshot, Instant)>,
    /// The pack written to its copy.
    pack_written: Option<PackSnapshot>,
    /// The last write's error, once, for the status line.
    error: Option<String>,
}

impl Recovery {
    /// The platform's folder for recovery copies.
    pub fn default_dir() -> Option<PathBuf> {
        eframe::storage_dir("levelscope").map(|d| d.join("recovery"))
    }

    /// Recovery copies kept in `dir` (none when `None`).
    pub fn in_dir(dir: Option<PathBuf>) -> Recovery {
        let session: u32 = rand::random();
        Recovery {
            dir,
            prefix: format!("{}-{session:08x}-", std::process::id()),
            delay: DEFAULT_DELAY,
            seen: HashMap::new(),
            written: HashMap::new(),
            pack_seen: None,
            pack_written: None,
            error: None,
        }
    }

    /// The folder copies go to.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    fn copy_path(&self, id: u64) -> Option<PathBuf> {
        Some(
            self.dir
                .as_ref()?
                .join(format!("{}{id:016x}.json", self.prefix)),
        )
    }

    fn pack_copy_path(&self) -> Option<PathBuf> {
        Some(
            self.dir
                .as_ref()?
                .join(format!("{}{PACK_COPY}.json", self.prefix)),
        )
    }

    /// Brings the pack's copy up to date with `pack` at `now`, as
    /// [`Recovery::update`] does for levels: written once a change of an
    /// unsaved pack (or of a pack with an unsaved level) has rested for the
    /// delay, removed once it is saved or closed. Returns how long until
    /// the copy is due.
    pub fn update_pack(&mut self, pack: Option<PackState>, now: Instant) -> Option<Duration> {
        self.dir.as_ref()?;
        let Some(state) = pack.filter(PackState::needs_copy) else {
            self.pack_seen = None;
            self.remove_pack();
            return None;
        };
        if self.pack_seen.as_ref().is_none_or(|(p, _)| !state.is(p)) {
            self.pack_seen = Some((state.snapshot(), now));
        }
        if self.pack_written.as_ref().is_some_and(|p| state.is(p)) {
            return None;
        }
        let since = self
            .pack_seen
            .as_ref()
            .map_or(Duration::ZERO, |(_, at)| now.saturating_duration_since(*at));
        if since < self.delay {
            return Some(self.delay - since);
        }
        self.write_pack(state);
        None
    }

    fn write_pack(&mut self, state: PackState) {
        let Some(path) = self.pack_copy_path() else {
            return;
        };
        let pack: Value =
            serde_json::from_str(&crate::pack::pack_to_json_with(state.pack, state.unknown))
                .expect("a pack always serialises");
        let file = state.path.map(|p| Value::String(p.display().to_string()));
        let checks = serde_json::to_value(state.checks).expect("check results always serialise");
        let collection = state
            .collection
            .map_or(Value::Null, |f| Value::String(f.name().to_string()));
        let work = [
            ("pack", pack),
            ("collection_format", collection),
            ("dirty", Value::Bool(state.dirty)),
            ("checks", checks),
        ];
        let result = write_copy(&path, file.unwrap_or(Value::Null), &work);
        // Written or not, not tried again until the pack changes.
        self.pack_written = Some(state.snapshot());
        if let Err(e) = result {
            self.error = Some(format!(
                "cannot keep a recovery copy of the pack in {}: {e}",
                path.display()
            ));
        }
    }

    fn remove_pack(&mut self) {
        if self.pack_written.take().is_some() {
            if let Some(path) = self.pack_copy_path() {
                let _ = std::fs::remove_file(path);
            }
        }
    }

    /// Brings the copies up to date with `docs` at `now`: writes the copy
    /// of every unsaved document whose change has rested for the delay,
    /// removes the copies of documents saved or closed. Returns how long
    /// until a copy is due, so that the caller can wake up then.
    pub fn update(&mut self, docs: &[Document], now: Instant) -> Option<Duration> {
        self.dir.as_ref()?;
        let mut due: Option<Duration> = None;
        for doc in docs {
            let changed = self.seen.get(&doc.id).is_none_or(|(l, _)| *l != doc.level);
            if changed {
                self.seen.insert(doc.id, (doc.level.clone(), now));
            }
            if !doc.is_dirty() {
                self.remove(doc.id);
                continue;
            }
            if self
                .written
                .get(&doc.id)
                .is_some_and(|(level, entry)| *level == doc.level && *entry == entry_of(doc))
            {
                continue;
            }
            let since = now.saturating_duration_since(self.seen[&doc.id].1);
            if since >= self.delay {
                self.write(doc);
            } else {
                let wait = self.delay - since;
                due = Some(due.map_or(wait, |d| d.min(wait)));
            }
        }
        let open: Vec<u64> = docs.iter().map(|d| d.id).collect();
        let gone: Vec<u64> = self
            .seen
            .keys()
            .copied()
            .filter(|id| !open.contains(id))
            .collect();
        for id in gone {
            self.seen.remove(&id);
            self.remove(id);
        }
        due
    }

    /// The last error writing a copy, once.
    pub fn take_error(&mut self) -> Option<String> {
        self.error.take()
    }

    fn write(&mut self, doc: &Document) {
        let Some(path) = self.copy_path(doc.id) else {
            return;
        };
        let file = match &doc.origin {
            Origin::File(p) => Value::String(p.display().to_string()),
            _ => Value::Null,
        };
        let entry = entry_of(doc);
        let mut work = vec![("level", doc.level.to_json_value())];
        if let Some(i) = entry {
            work.push(("entry", Value::from(i)));
        }
        let result = write_copy(&path, file, &work);
        // Written or not (said once), not tried again until the level or
        // its entry changes.
        self.written.insert(doc.id, (doc.level.clone(), entry));
        if let Err(e) = result {
            self.error = Some(format!(
                "cannot keep a recovery copy in {}: {e}",
                path.display()
            ));
        }
    }

    fn remove(&mut self, id: u64) {
        if self.written.remove(&id).is_some() {
            if let Some(path) = self.copy_path(id) {
                let _ = std::fs::remove_file(path);
            }
        }
    }

    /// Removes every copy of this editor (a normal quit: whatever was not
    /// saved, the designer chose to discard).
    pub fn remove_all(&mut self) {
        let ids: Vec<u64> = self.written.keys().copied().collect();
        for id in ids {
            self.remove(id);
        }
        self.remove_pack();
    }

    /// The copies left by editors that are no longer running (or by an
    /// earlier editor in this process), oldest first: those read back, and
    /// those that could not be (a file named as a copy is, or one that says
    /// it is one). Other files are left alone.
    pub fn found(&self) -> Found {
        let Some(dir) = &self.dir else {
            return Found::default();
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Found::default();
        };
        let mut found = Found::default();
        let paths = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
            .filter(|p| {
                let name = p.file_name().map(|n| n.to_string_lossy().to_string());
                name.is_some_and(|n| !n.starts_with(&self.prefix) && !owner_is_running(&n))
            });
        for path in paths {
            match read_copy(&path) {
                Read::Copy(copy) => found.readable.push(copy),
                Read::Pack(copy) => found.packs.push(copy),
                Read::Unreadable(copy) => found.unreadable.push(copy),
                Read::NotACopy => {}
            }
        }
        found.readable.sort_by_key(|r| r.written);
        found.unreadable.sort_by_key(|r| r.written);
        found.packs.sort_by_key(|r| r.written);
        found
    }

    /// Deletes the copy of a recovered pack (restored or discarded).
    pub fn forget_pack(&self, recovered: &RecoveredPack) {
        let _ = std::fs::remove_file(&recovered.path);
    }

    /// Deletes the copy of `recovered` (restored or discarded).
    pub fn forget(&self, recovered: &Recovered) {
        let _ = std::fs::remove_file(&recovered.path);
    }

    /// Deletes an unreadable copy, as the designer asked.
    pub fn discard_unreadable(&self, copy: &Unreadable) -> std::io::Result<()> {
        std::fs::remove_file(&copy.path)
    }

    /// Keeps an unreadable copy where nothing offers it again: moved to
    /// `unreadable/` beside the copies, under its own name. Returns where
    /// it now is.
    pub fn keep_unreadable(&self, copy: &Unreadable) -> std::io::Result<PathBuf> {
        let folder = copy
            .path
            .parent()
            .unwrap_or(Path::new("."))
            .join(UNREADABLE);
        std::fs::create_dir_all(&folder)?;
        let to = folder.join(copy.path.file_name().unwrap_or_default());
        std::fs::rename(&copy.path, &to)?;
        Ok(to)
    }
}

/// The folder, inside the recovery folder, of the unreadable copies the
/// designer chose to keep.
pub const UNREADABLE: &str = "unreadable";

/// Whether the editor that wrote the copy named `name` (`PID-…`) is still
/// running: another process of that number whose name is levelscope. This
/// process's own earlier editors (in tests) count as gone.
fn owner_is_running(name: &str) -> bool {
    let Some(pid) = name.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    if pid == std::process::id() {
        return false;
    }
    std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .is_ok_and(|comm| comm.trim().starts_with("levelscope"))
        && !is_dead(pid)
}

/// Whether process `pid` has ended but is still listed: a zombie (`Z`)
/// that its parent has not waited for yet, as an editor killed a moment
/// ago is until then, or one being torn down (`X`). Its copies are
/// orphans already.
fn is_dead(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .as_deref()
        .and_then(process_state)
        .is_some_and(|state| state == 'Z' || state == 'X')
}

/// The state letter of a `/proc/PID/stat` line: the first field after the
/// command's name in parentheses (which may itself hold parentheses).
fn process_state(stat: &str) -> Option<char> {
    stat[stat.rfind(')')? + 1..].trim_start().chars().next()
}

/// Whether the recovery copies at `a` and `b` were written by the same
/// editor (their names start with the same `PID-SESSION-`): a level's copy
/// that names a pack entry belongs to the pack copy of its own editor.
pub fn same_editor(a: &Path, b: &Path) -> bool {
    let writer = |p: &Path| {
        let name = p.file_name()?.to_string_lossy().into_owned();
        let mut parts = name.splitn(3, '-');
        Some((parts.next()?.to_string(), parts.next()?.to_string()))
    };
    writer(a).is_some_and(|w| writer(b) == Some(w))
}

/// Writes a recovery copy to `path` (atomically, making its folder): the
/// copy's header, the file the work was edited from (`file`, or null) and
/// the work itself as fields (`"level"` and its `"entry"`, or `"pack"`,
/// `"dirty"` and `"checks"`).
fn write_copy(path: &Path, file: Value, work: &[(&str, Value)]) -> std::io::Result<()> {
    let mut copy = json!({
        "format": FORMAT,
        "version": VERSION,
        "file": file,
    });
    for (key, value) in work {
        copy[*key] = value.clone();
    }
    let text = serde_json::to_string_pretty(&copy).expect("a copy always serialises");
    path.parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| crate::atomic::write_atomic(path, text.as_bytes()))
}

/// What a file in the recovery folder turned out to be.
enum Read {
    /// A copy, read back.
    Copy(Recovered),
    /// A copy that could not be read.
    Unreadable(Unreadable),
    /// A pack's copy, read back.
    Pack(RecoveredPack),
    /// Not a recovery copy: left alone.
    NotACopy,
}

/// The last part of the name of a pack's copy: `PID-SESSION-pack.json`.
const PACK_COPY: &str = "pack";

/// Whether `name` is the name this editor gives its copies:
/// `PID-SESSION-DOC.json`, a number, 8 and 16 hexadecimal digits (or
/// `pack` for the pack's copy).
fn named_as_a_copy(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".json") else {
        return false;
    };
    let parts: Vec<&str> = stem.split('-').collect();
    let hex = |p: &str, n: usize| p.len() == n && p.chars().all(|c| c.is_ascii_hexdigit());
    matches!(parts.as_slice(), [pid, session, doc]
        if !pid.is_empty() && pid.chars().all(|c| c.is_ascii_digit())
            && hex(session, 8) && (hex(doc, 16) || *doc == PACK_COPY))
}

/// The first string value of `"key":` in `text`, however broken the rest.
fn string_field(text: &str, key: &str) -> Option<String> {
    let needle = format!("\"{key}\"");
    let mut from = 0;
    while let Some(at) = text[from..].find(&needle) {
        let rest = text[from + at + needle.len()..].trim_start();
        if let Some(value) = rest.strip_prefix(':') {
            let value = value.trim_start();
            if let Some(body) = value.strip_prefix('"') {
                // The string ends at the first quote not escaped.
                let mut escaped = false;
                let end = body.char_indices().find_map(|(i, c)| {
                    let ends = c == '"' && !escaped;
                    escaped = c == '\\' && !escaped;
                    ends.then_some(i)
                })?;
                return serde_json::from_str(&value[..end + 2]).ok();
            }
        }
        from += at + needle.len();
    }
    None
}

/// Reads the file at `path` in the recovery folder.
fn read_copy(path: &Path) -> Read {
    let written = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    let named = path
        .file_name()
        .is_some_and(|n| named_as_a_copy(&n.to_string_lossy()));
    let unreadable = |text: &str, reason: String| {
        Read::Unreadable(Unreadable {
            path: path.to_path_buf(),
            name: string_field(text, "name"),
            file: string_field(text, "file").map(PathBuf::from),
            written,
            reason,
        })
    };
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if named => return unreadable("", format!("the file cannot be opened ({e})")),
        Err(_) => return Read::NotACopy,
    };
    let says_copy = text.contains(FORMAT);
    if !named && !says_copy {
        return Read::NotACopy;
    }
    let value: Value = match serde_json::from_str(&text) {
        Ok(value) => value,
        Err(e) if e.is_eof() => {
            return unreadable(
                &text,
                format!(
                    "it is cut short: it ends at line {}, column {}, in the middle of the level \
                     (the disk may have filled while it was written)",
                    e.line(),
                    e.column()
                ),
            )
        }
        Err(e) => {
            return unreadable(
                &text,
                format!(
                    "it is not valid JSON at line {}, column {}",
                    e.line(),
                    e.column()
                ),
            )
        }
    };
    match value.get("format").and_then(Value::as_str) {
        Some(FORMAT) => {}
        // A file named as a copy but of another format is not ours.
        _ if !says_copy => return Read::NotACopy,
        _ => {}
    }
    let version = value.get("version").and_then(Value::as_u64);
    if version != Some(VERSION) {
        let said = version.map_or("no version".to_string(), |v| format!("version {v}"));
        let by = if version.is_some_and(|v| v > VERSION) {
            "a newer levelscope"
        } else {
            "another levelscope"
        };
        return unreadable(
            &text,
            format!("it was written by {by} ({said}; this one reads version {VERSION})"),
        );
    }
    let file = value.get("file").and_then(Value::as_str).map(PathBuf::from);
    if let Some(pack) = value.get("pack") {
        return match crate::pack::parse_pack(&pack.to_string()) {
            Ok(read) if read.is_whole() => Read::Pack(RecoveredPack {
                path: path.to_path_buf(),
                pack: read.pack,
                unknown: read.unknown,
                file,
                collection: value
                    .get("collection_format")
                    .and_then(Value::as_str)
                    .and_then(crate::kinds::TextFormat::from_name),
                // A copy that does not say was kept for the pack's changes.
                dirty: value.get("dirty").and_then(Value::as_bool).unwrap_or(true),
                checks: value
                    .get("checks")
                    .map_or(Ok(CheckResults::default()), |checks| {
                        serde_json::from_value(checks.clone()).map_err(|e| {
                            format!("the pack check's results in the copy cannot be read ({e})")
                        })
                    }),
                written,
            }),
            Ok(_) => unreadable(
                &text,
                "some of its pack's levels cannot be read".to_string(),
            ),
            Err(e) => unreadable(&text, format!("its pack cannot be read: {e}")),
        };
    }
    let Some(level) = value.get("level") else {
        return unreadable(&text, "it holds no level".to_string());
    };
    let level = match Level::from_json_value(level) {
        Ok(level) => level,
        Err(e) => return unreadable(&text, format!("its level cannot be read: {e}")),
    };
    let entry = match value.get("entry") {
        None | Some(Value::Null) => None,
        Some(entry) => match entry.as_u64().and_then(|i| usize::try_from(i).ok()) {
            Some(i) => Some(i),
            None => {
                return unreadable(
                    &text,
                    format!("its pack entry is not a level's number: {entry}"),
                )
            }
        },
    };
    Read::Copy(Recovered {
        path: path.to_path_buf(),
        level,
        file,
        entry,
        written,
    })
}

#[cfg(test)]
mod tests {
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
        let text = "; Kept header\n\n; One\n#####\n#@$.#\n#####\nAuthor: me\n\n; Two\n#####\n#.$@#\n#####\n";
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
        let back =
            crate::pack::collection::collection_bytes(&copy.pack, &copy.unknown, xsb).unwrap();
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
        let why = found.packs[0].checks.clone().unwrap_err();
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
}

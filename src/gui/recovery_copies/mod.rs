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
    pub checks: Result<CheckResults, UnreadableChecks>,
    /// When the copy was written.
    pub written: Option<SystemTime>,
}

/// A recovery copy's pack check results that cannot be read (serde's
/// words for why).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the pack check's results in the copy cannot be read ({0})")]
pub struct UnreadableChecks(pub String);

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

mod copy_file;

pub use copy_file::same_editor;
use copy_file::*;

#[cfg(test)]
mod tests;

//! Files for the editor: reading a level or a pack (told apart by content),
//! writing a level in the format its file name asks for, the list of recent
//! files, and the file dialog: the system's, run off the thread that draws
//! so the window never freezes while it is open, or levelscope's own when
//! the system's cannot open.

use super::worker::{spawn_job, BackgroundJob};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use super::dialog_request::{DialogAnswer, DialogPurpose, DialogRequest};
use super::file_dialog::{BuiltInDialog, Outcome};
use crate::kinds::{Level, TextFormat};
use crate::pack::{self, Pack, PackEntry, ReadPack};

/// What a file held.
#[derive(Clone, Debug)]
pub enum Opened {
    /// One level.
    Level(Level),
    /// A pack (with any entries that could not be read), or a level file
    /// that holds several levels, opened as a pack.
    Pack(ReadPack),
}

/// Why a file could not be opened or saved, or a dialog shown.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file is not a level or pack levelscope can read.
    #[error(transparent)]
    Pack(#[from] pack::PackError),
    /// The level cannot be written.
    #[error(transparent)]
    Level(#[from] crate::kinds::LevelError),
    /// The kind has no text format for a `.txt` file.
    #[error("{} levels have no text format; save it as .json", .0.title())]
    NoTextFormat(crate::kinds::Kind),
    /// The file's extension cannot hold a level of this kind.
    #[error("{what}, and this is a {} level: save it as {}", .kind.title(), .choices.join(" or "))]
    Extension {
        /// What the extension holds, in words.
        what: String,
        /// The level's kind.
        kind: crate::kinds::Kind,
        /// The extensions that would do.
        choices: Vec<String>,
    },
    /// The format the extension asks for cannot say the level.
    #[error("{0}; save it as .json instead")]
    Unsayable(crate::kinds::LevelError),
    /// The file could not be written.
    #[error("cannot write {}: {error}", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A file could not be opened: the file named, then why.
    #[error("{}: {error}", .path.display())]
    InFile {
        /// The file.
        path: PathBuf,
        /// Why.
        error: Box<FileError>,
    },
    /// The desktop has no file dialog.
    #[error(
        "this desktop has no file dialog service (no session bus for a desktop portal, no zenity)"
    )]
    NoDialog,
}

/// Reads level or pack text, told apart by content: a JSON object whose
/// `format` is the pack format is a pack; anything else must be levels of
/// some kind, and a file of several levels opens as a pack.
pub fn open_text(text: &str) -> Result<Opened, FileError> {
    Ok(match pack::open_text(text, None)? {
        pack::Opened::Pack(read) => Opened::Pack(read),
        pack::Opened::Levels(mut levels, _) if levels.len() == 1 => Opened::Level(levels.remove(0)),
        pack::Opened::Levels(levels, format) if format.collection().is_some() => Opened::Pack(
            pack::collection::pack_of_collection(text, levels, format, false),
        ),
        pack::Opened::Levels(levels, _) => Opened::Pack(ReadPack {
            pack: Pack {
                name: String::new(),
                levels: levels.into_iter().map(PackEntry::new).collect(),
            },
            ..ReadPack::default()
        }),
    })
}

/// Reads a level or pack file; with a note for the designer when the file
/// was not UTF-8 and was read as Latin-1 (see
/// [`crate::pack::read_level_text_file`]).
pub fn open_file(path: &Path) -> Result<(Opened, Option<String>), FileError> {
    let in_file = |error: FileError| FileError::InFile {
        path: path.to_path_buf(),
        error: Box::new(error),
    };
    let crate::pack::LevelText { text, note } =
        crate::pack::read_level_text_file(path).map_err(|e| in_file(e.into()))?;
    let mut opened = open_text(&text).map_err(in_file)?;
    if let Opened::Pack(read) = &mut opened {
        // A collection read as Latin-1 is written back so.
        if let Some(mut kept) = crate::kinds::collection::KeptCollection::of(&read.unknown) {
            if note.is_some() && read.collection.is_some() {
                kept.latin1 = true;
                kept.store(&mut read.unknown);
            }
        }
        if read.pack.name.is_empty() {
            read.pack.name = path
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
        }
    }
    let note = note.map(|n| format!("{}: {n}", path.display()));
    Ok((opened, note))
}

/// The format a level file at `path` is written in, chosen by its
/// extension as in every editor: `.json` (or no extension) is levelscope's
/// JSON; `.txt` is the level's kind's own text format (Skiddy's ASCII,
/// Prism's 2016 text, Tangram's text, Sokoban's XSB); any other extension
/// must be that of one of the kind's formats (`.xsb` for Sokoban). A name
/// whose extension cannot hold the level is refused with the reason.
pub fn format_for_path(level: &Level, path: &Path) -> Result<TextFormat, FileError> {
    let Some(extension) = path.extension() else {
        return Ok(TextFormat::JSON);
    };
    let extension = extension.to_string_lossy().to_ascii_lowercase();
    let kind = level.kind();
    let own = || {
        kind.formats()
            .iter()
            .copied()
            .filter(|&f| f != TextFormat::JSON)
    };
    if extension == TextFormat::JSON.extension() {
        return Ok(TextFormat::JSON);
    }
    if extension == "txt" {
        return own().next().ok_or(FileError::NoTextFormat(kind));
    }
    if let Some(format) = own().find(|f| f.extension() == extension) {
        return Ok(format);
    }
    let holder = TextFormat::all()
        .into_iter()
        .find(|f| f.extension() == extension)
        .and_then(TextFormat::kind);
    let what = match holder {
        Some(other) => format!("a .{extension} file holds {} levels", other.title()),
        None => format!("levelscope does not write .{extension} files"),
    };
    let mut choices = vec![".json".to_string()];
    choices.extend(own().next().map(|_| ".txt".to_string()));
    choices.extend(
        own()
            .map(|f| format!(".{}", f.extension()))
            .filter(|e| e != ".txt"),
    );
    choices.dedup();
    Err(FileError::Extension {
        what,
        kind,
        choices,
    })
}

/// The text of `level` for a file at `path`, in the format its extension
/// asks for (see [`format_for_path`]). A level that format cannot say is
/// refused with the reason.
pub fn level_text(level: &Level, path: &Path) -> Result<String, FileError> {
    let format = format_for_path(level, path)?;
    if format == TextFormat::JSON {
        return Ok(level.write(TextFormat::JSON)?);
    }
    level.write(format).map_err(FileError::Unsayable)
}

/// What a file at `path` would not keep of `level`, in words: the name,
/// when the file's text format has no place for it or would read it back
/// changed; nothing for JSON, which keeps everything. The editor asks
/// before saving such a file; [`save_level`] then leaves these out.
pub fn text_drops(level: &Level, path: &Path) -> Vec<String> {
    let Ok(format) = format_for_path(level, path) else {
        return Vec::new();
    };
    if format == TextFormat::JSON || level.name().is_empty() {
        return Vec::new();
    }
    let keeps_name = level
        .write(format)
        .ok()
        .and_then(|text| crate::kinds::read_levels(&text, Some(format), Some(level.kind())).ok())
        .is_some_and(|back| back.first().map(Level::name) == Some(level.name()));
    if keeps_name {
        Vec::new()
    } else {
        vec![format!(
            "the name {}",
            crate::kinds::text::quoted(level.name())
        )]
    }
}

/// Writes a level file atomically, in the format its extension asks for;
/// a text file leaves out what [`text_drops`] names.
pub fn save_level(level: &Level, path: &Path) -> Result<(), FileError> {
    let text = if text_drops(level, path).is_empty() {
        level_text(level, path)?
    } else {
        let mut bare = level.clone();
        bare.set_name(String::new());
        level_text(&bare, path)?
    };
    crate::atomic::write_atomic(path, text.as_bytes()).map_err(|error| FileError::Write {
        path: path.to_path_buf(),
        error,
    })
}

/// How many recent files are remembered.
pub const RECENT_LIMIT: usize = 10;

/// Puts `path` first in `recent`, without duplicates, keeping at most
/// [`RECENT_LIMIT`].
pub fn push_recent(recent: &mut Vec<PathBuf>, path: &Path) {
    recent.retain(|p| p != path);
    recent.insert(0, path.to_path_buf());
    recent.truncate(RECENT_LIMIT);
}

/// What happened to the file dialog since the last frame.
#[derive(Clone, Debug)]
pub enum DialogEvent {
    /// It closed with this answer.
    Answered(DialogAnswer),
    /// The system's dialog could not open (why, in words), so levelscope's
    /// own dialog is open in its place.
    FellBack(String),
}

/// A system dialog that answers "nothing chosen" sooner than this did not
/// open at all (no desktop portal, no helper program): nobody cancels a
/// dialog that fast.
pub const NATIVE_FAILS_WITHIN: Duration = Duration::from_millis(400);

/// The file dialog: the system's own on a thread of its own (so the window
/// never freezes while it is open), or levelscope's own, drawn in the
/// window, when the designer prefers it or the system's cannot open.
#[derive(Default)]
pub struct FileDialogs {
    /// The system's dialog open now: what it was asked, and the thread
    /// that waits on it, which sends its answer and how long it was open.
    native: Option<(DialogRequest, BackgroundJob<(DialogAnswer, Duration)>)>,
    built_in: Option<BuiltInDialog>,
    native_failed: bool,
    missing: Option<String>,
}

impl FileDialogs {
    /// Whether a dialog is open now (only one at a time).
    pub fn is_open(&self) -> bool {
        self.native.is_some() || self.built_in.is_some()
    }

    /// Whether levelscope's own dialog is the one open.
    pub fn built_in_open(&self) -> bool {
        self.built_in.is_some()
    }

    /// Whether the system's dialog failed to open in this session (from
    /// then on levelscope's own opens straight away).
    pub fn native_failed(&self) -> bool {
        self.native_failed
    }

    /// Opens a dialog for `request`: the system's when `system` is set and
    /// it has not failed before, else levelscope's own. `repaint` is
    /// called when the system's dialog closes.
    pub fn show(
        &mut self,
        request: DialogRequest,
        system: bool,
        repaint: impl Fn() + Send + Sync + 'static,
    ) {
        if self.is_open() {
            return;
        }
        if !system || self.native_failed {
            self.open_built_in(&request);
            return;
        }
        if let Err(why) = system_dialog_available() {
            self.native_failed = true;
            self.open_built_in(&request);
            self.missing = Some(why.to_string());
            return;
        }
        let asked = request.clone();
        let spawned = spawn_job("file dialog", repaint, move |reporter| {
            let opened = Instant::now();
            let path = native_dialog(&asked);
            let answer = DialogAnswer {
                purpose: asked.purpose,
                path,
            };
            let _ = reporter.send((answer, opened.elapsed()));
            reporter.notify();
        });
        match spawned {
            Ok(job) => self.native = Some((request, job)),
            Err(_) => {
                self.native_failed = true;
                self.open_built_in(&request);
            }
        }
    }

    /// Opens levelscope's own dialog for `request`.
    pub fn open_built_in(&mut self, request: &DialogRequest) {
        self.built_in = Some(BuiltInDialog::new(request));
    }

    /// What happened to the system's dialog, if it closed: its answer, or
    /// [`DialogEvent::FellBack`] when it could not open and levelscope's
    /// own dialog took its place.
    pub fn poll(&mut self) -> Option<DialogEvent> {
        if let Some(why) = self.missing.take() {
            return Some(DialogEvent::FellBack(why));
        }
        let (answer, open_for) = self.native.as_ref()?.1.try_recv()?;
        let (request, _) = self.native.take()?;
        if answer.path.is_none() && open_for < NATIVE_FAILS_WITHIN {
            self.native_failed = true;
            self.open_built_in(&request);
            return Some(DialogEvent::FellBack(
                "the system's file dialog did not open".into(),
            ));
        }
        Some(DialogEvent::Answered(answer))
    }

    /// Draws levelscope's own dialog when it is open; returns its answer
    /// once it closes.
    pub fn show_built_in(&mut self, ctx: &egui::Context) -> Option<DialogAnswer> {
        let dialog = self.built_in.as_mut()?;
        let purpose = dialog.purpose();
        let path = match dialog.show(ctx) {
            Outcome::Open => return None,
            Outcome::Chosen(path) => Some(path),
            Outcome::Cancelled => None,
        };
        self.built_in = None;
        Some(DialogAnswer { purpose, path })
    }
}

/// Whether the system can show a file dialog at all, or why not. On Linux
/// and the BSDs the dialog comes from a desktop portal on the session bus,
/// or from the `zenity` program; with neither, asking for one does nothing
/// at all, so the editor does not ask.
pub fn system_dialog_available() -> Result<(), FileError> {
    if !cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "dragonfly",
        target_os = "netbsd",
        target_os = "openbsd"
    )) {
        return Ok(());
    }
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|a| !a.is_empty())
        || session_bus_socket().is_some_and(|p| p.exists());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("zenity").is_file()));
    if bus || zenity {
        Ok(())
    } else {
        Err(FileError::NoDialog)
    }
}

/// The session bus's usual socket, `/run/user/<uid>/bus`.
fn session_bus_socket() -> Option<PathBuf> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let uid = std::fs::metadata("/proc/self").ok()?.uid();
        Some(PathBuf::from(format!("/run/user/{uid}/bus")))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Runs the system's dialog for `request` and waits for it.
fn native_dialog(request: &DialogRequest) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new().set_title(request.purpose.title());
    if let Some(folder) = &request.folder {
        dialog = dialog.set_directory(folder);
    }
    let name = &request.file_name;
    match request.purpose {
        DialogPurpose::Open => dialog
            .add_filter(
                "Levels and packs",
                &super::dialog_request::level_extensions(),
            )
            .add_filter("All files", &["*"])
            .pick_file(),
        DialogPurpose::SaveLevelAs => dialog
            .add_filter("JSON level", &["json"])
            .add_filter(
                "Text level",
                &super::dialog_request::level_extensions()
                    .into_iter()
                    .filter(|&e| e != TextFormat::JSON.extension())
                    .collect::<Vec<_>>(),
            )
            .set_file_name(name)
            .save_file(),
        DialogPurpose::SavePackAs => dialog
            .add_filter("Pack", &["json"])
            .set_file_name(name)
            .save_file(),
        DialogPurpose::ExportAscii => dialog.pick_folder(),
        DialogPurpose::ExportSheet => dialog
            .add_filter("PNG image", &["png"])
            .set_file_name(name)
            .save_file(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_told_apart_by_content() {
        assert!(matches!(open_text("#r#\n#R#\n###\n"), Ok(Opened::Level(_))));
        let pack = include_str!("../../assets/sample-pack.json");
        assert!(matches!(open_text(pack), Ok(Opened::Pack(_))));
        let json = crate::kinds::skiddy::format::to_json(
            &crate::kinds::skiddy::parse_level("#r#\n#R#\n###\n").unwrap(),
        );
        assert!(matches!(open_text(&json), Ok(Opened::Level(_))));
        let err = open_text("#r#\n#X#\n###\n").unwrap_err();
        assert!(err.to_string().contains('X'), "{err}");
    }

    #[test]
    fn a_collection_with_a_bad_level_opens_as_a_damaged_pack_and_latin1_is_noted() {
        let dir = std::env::temp_dir().join(format!("levelscope-gui-xsb-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("wild.xsb");
        let mut bytes = b"; Caf".to_vec();
        bytes.push(0xe9);
        bytes.extend_from_slice(b"\n\n#####\n#@$.#\n#####\n\n; Two\n\n#####\n#@x.#\n#####\n");
        bytes.extend_from_slice(b"\n; Three\n\n#####\n#.$@#\n#####\n");
        std::fs::write(&path, bytes).unwrap();
        let (opened, note) = open_file(&path).unwrap();
        assert!(note.unwrap().contains("Latin-1"));
        let Opened::Pack(read) = opened else {
            panic!("a collection opens as a pack");
        };
        assert_eq!(read.pack.name, "wild");
        assert_eq!(read.pack.levels[0].level.name(), "Caf\u{e9}");
        assert_eq!(read.damaged.len(), 1);
        assert_eq!(read.damaged[0].index, 1);
        assert!(read.damaged[0].error.contains("\"Two\""));
        // Saving it over the file would lose "Two": refused.
        assert!(read.check_writable(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_extension_chosen_decides_the_format_or_refuses_with_the_reason() {
        let dir = std::env::temp_dir().join(format!("levelscope-gui-ext-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let sokoban: Level = crate::kinds::sokoban::read_xsb_one("; Corner\n#####\n#@$.#\n#####\n")
            .unwrap()
            .into();
        let xsb = dir.join("out63.xsb");
        assert!(text_drops(&sokoban, &xsb).is_empty(), "XSB keeps the title");
        save_level(&sokoban, &xsb).unwrap();
        assert_eq!(
            std::fs::read_to_string(&xsb).unwrap(),
            "; Corner\n\n#####\n#@$.#\n#####\n"
        );
        assert!(matches!(open_file(&xsb).unwrap(), (Opened::Level(back), None) if back == sokoban));
        assert_eq!(
            format_for_path(&sokoban, &dir.join("a.TXT"))
                .unwrap()
                .name(),
            "xsb"
        );
        assert_eq!(
            format_for_path(&sokoban, &dir.join("a.json")).unwrap(),
            TextFormat::JSON
        );
        assert_eq!(
            format_for_path(&sokoban, &dir.join("a")).unwrap(),
            TextFormat::JSON
        );
        // A Skiddy level in a .xsb file, a level in a .png: refused, with
        // the reason and the names that would do; nothing written.
        let skiddy: Level = crate::kinds::skiddy::parse_level("#r##\n#R.#\n####\n")
            .unwrap()
            .into();
        let e = save_level(&skiddy, &dir.join("skiddy.xsb")).unwrap_err();
        assert!(matches!(e, FileError::Extension { .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            "a .xsb file holds Sokoban levels, and this is a Skiddy level: save it as .json or .txt"
        );
        assert!(!dir.join("skiddy.xsb").exists());
        let e = save_level(&sokoban, &dir.join("board.png")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "levelscope does not write .png files, and this is a Sokoban level: save it as .json or .txt or .xsb"
        );
        // A name XSB would change is left out only after asking.
        let mut spaced = sokoban.clone();
        spaced.set_name("  Level 1");
        assert_eq!(text_drops(&spaced, &xsb), ["the name \"  Level 1\""]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_cut_pack_still_opens_with_what_it_has() {
        let pack = include_str!("../../assets/sample-pack.json");
        let cut = &pack[..pack.len() * 2 / 3];
        match open_text(cut) {
            Ok(Opened::Pack(read)) => {
                assert!(read.truncated);
                assert!(!read.pack.levels.is_empty());
            }
            other => panic!("expected a pack, got {other:?}"),
        }
    }

    #[test]
    fn levels_save_as_ascii_or_json_by_name() {
        let dir = std::env::temp_dir().join(format!("levelscope-gui-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut skiddy = crate::kinds::skiddy::parse_level("#r##\n#R.#\n####\n").unwrap();
        skiddy.name = "tiny".into();
        let level = Level::from(skiddy.clone());
        for name in ["a.txt", "a.json"] {
            let path = dir.join(name);
            save_level(&level, &path).unwrap();
            match open_file(&path).unwrap() {
                (Opened::Level(back), None) => {
                    assert_eq!(back.as_skiddy().unwrap().cells(), skiddy.cells())
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(std::fs::read_to_string(dir.join("a.txt"))
            .unwrap()
            .starts_with("#r##"));
        // A piece in a pit cannot be written as ASCII: refused, nothing lost.
        let mut in_pit = skiddy.clone();
        in_pit.set_cell(
            1,
            1,
            crate::kinds::skiddy::Cell {
                floor: crate::kinds::skiddy::Floor::Pit,
                piece: skiddy.cell(1, 1).piece,
            },
        );
        let err = save_level(&in_pit.into(), &dir.join("a.txt")).unwrap_err();
        assert!(matches!(err, FileError::Unsayable(_)), "{err:?}");
        assert!(err.to_string().contains("json"), "{err}");
        assert!(std::fs::read_to_string(dir.join("a.txt"))
            .unwrap()
            .starts_with("#r##"));
        let missing = open_file(&dir.join("missing.txt")).unwrap_err();
        assert!(
            matches!(&missing, FileError::InFile { error, .. }
                if matches!(**error, FileError::Pack(crate::pack::PackError::ReadFile { .. }))),
            "{missing:?}"
        );
        let missing = missing.to_string();
        assert!(missing.contains("cannot read"), "{missing}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn recent_files_are_unique_newest_first_and_bounded() {
        let mut recent = Vec::new();
        for i in 0..15 {
            push_recent(&mut recent, Path::new(&format!("/l{i}.txt")));
        }
        push_recent(&mut recent, Path::new("/l10.txt"));
        assert_eq!(recent.len(), RECENT_LIMIT);
        assert_eq!(recent[0], PathBuf::from("/l10.txt"));
        assert_eq!(recent[1], PathBuf::from("/l14.txt"));
        assert_eq!(recent.iter().filter(|p| p.ends_with("l10.txt")).count(), 1);
    }
}

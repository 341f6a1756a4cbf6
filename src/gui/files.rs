//! Files for the editor: reading a level or a pack (told apart by content),
//! writing a level in the format its file name asks for, the list of recent
//! files, and native file dialogs run off the thread that draws so the
//! window never freezes while one is open.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, Sender};

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

/// Reads level or pack text, told apart by content: a JSON object whose
/// `format` is the pack format is a pack; anything else must be levels of
/// some kind, and a file of several levels opens as a pack.
pub fn open_text(text: &str) -> Result<Opened, String> {
    Ok(match pack::open_text(text, None)? {
        pack::Opened::Pack(read) => Opened::Pack(read),
        pack::Opened::Levels(mut levels, _) if levels.len() == 1 => Opened::Level(levels.remove(0)),
        pack::Opened::Levels(levels, _) => Opened::Pack(ReadPack {
            pack: Pack {
                name: String::new(),
                levels: levels.into_iter().map(PackEntry::new).collect(),
            },
            ..ReadPack::default()
        }),
    })
}

/// Reads a level or pack file.
pub fn open_file(path: &Path) -> Result<Opened, String> {
    let text = crate::pack::read_text_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut opened = open_text(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if let Opened::Pack(read) = &mut opened {
        if read.pack.name.is_empty() {
            read.pack.name = path
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
        }
    }
    Ok(opened)
}

/// Whether `path` names a text level file (`.txt`, in the kind's own text
/// format); other names get JSON.
pub fn is_ascii_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("txt"))
}

/// The text of `level` for a file at `path`: the kind's own text format
/// for `.txt` (Skiddy's ASCII board), JSON otherwise. A level the text
/// format cannot say is refused with the reason.
pub fn level_text(level: &Level, path: &Path) -> Result<String, String> {
    if is_ascii_path(path) {
        let format = level
            .kind()
            .formats()
            .iter()
            .copied()
            .find(|&f| f != TextFormat::Json)
            .ok_or_else(|| format!("{} levels have no text format", level.kind().title()))?;
        level
            .write(format)
            .map_err(|e| format!("{e}; save it as .json instead"))
    } else {
        level.write(TextFormat::Json)
    }
}

/// Writes a level file atomically.
pub fn save_level(level: &Level, path: &Path) -> Result<(), String> {
    let text = level_text(level, path)?;
    crate::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
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

/// What a file dialog was opened for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogPurpose {
    /// Open a level or pack.
    Open,
    /// Save the current level under a new name.
    SaveLevelAs,
    /// Save the pack under a new name.
    SavePackAs,
    /// Export the pack as a folder of ASCII files.
    ExportAscii,
    /// Export the pack's contact sheet.
    ExportSheet,
}

/// A closed dialog: its purpose and the chosen path (`None`: cancelled).
#[derive(Clone, Debug)]
pub struct DialogAnswer {
    /// Why it was opened.
    pub purpose: DialogPurpose,
    /// The path chosen.
    pub path: Option<PathBuf>,
}

/// Native file dialogs on a thread of their own.
pub struct FileDialogs {
    sender: Sender<DialogAnswer>,
    answers: Receiver<DialogAnswer>,
    open: bool,
}

impl Default for FileDialogs {
    fn default() -> Self {
        let (sender, answers) = channel();
        FileDialogs {
            sender,
            answers,
            open: false,
        }
    }
}

impl FileDialogs {
    /// Whether a dialog is open now (only one at a time).
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Opens a dialog for `purpose`, starting in `folder` with `file_name`
    /// suggested; `repaint` is called when it closes.
    pub fn show(
        &mut self,
        purpose: DialogPurpose,
        folder: Option<PathBuf>,
        file_name: &str,
        repaint: impl Fn() + Send + 'static,
    ) {
        if self.open {
            return;
        }
        self.open = true;
        let sender = self.sender.clone();
        let file_name = file_name.to_string();
        let spawned = std::thread::Builder::new()
            .name("file dialog".into())
            .spawn(move || {
                let mut dialog = rfd::FileDialog::new();
                if let Some(folder) = folder {
                    dialog = dialog.set_directory(folder);
                }
                let path = match purpose {
                    DialogPurpose::Open => dialog
                        .add_filter("Levels and packs", &["txt", "json"])
                        .add_filter("All files", &["*"])
                        .pick_file(),
                    DialogPurpose::SaveLevelAs => dialog
                        .add_filter("JSON level", &["json"])
                        .add_filter("ASCII level", &["txt"])
                        .set_file_name(&file_name)
                        .save_file(),
                    DialogPurpose::SavePackAs => dialog
                        .add_filter("Pack", &["json"])
                        .set_file_name(&file_name)
                        .save_file(),
                    DialogPurpose::ExportAscii => dialog.pick_folder(),
                    DialogPurpose::ExportSheet => dialog
                        .add_filter("PNG image", &["png"])
                        .set_file_name(&file_name)
                        .save_file(),
                };
                let _ = sender.send(DialogAnswer { purpose, path });
                repaint();
            });
        if spawned.is_err() {
            self.open = false;
        }
    }

    /// The answer of the dialog that closed, if one did.
    pub fn poll(&mut self) -> Option<DialogAnswer> {
        let answer = self.answers.try_recv().ok()?;
        self.open = false;
        Some(answer)
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
        assert!(err.contains('X'), "{err}");
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
                Opened::Level(back) => {
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
        assert!(err.contains("json"), "{err}");
        assert!(std::fs::read_to_string(dir.join("a.txt"))
            .unwrap()
            .starts_with("#r##"));
        let missing = open_file(&dir.join("missing.txt")).unwrap_err();
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

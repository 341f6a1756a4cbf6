//! levelscope's own file dialog, drawn in the window: used when the
//! designer prefers it or when the system's dialog cannot open (no desktop
//! portal). A folder field that completes what is typed, the folder's
//! sub-folders and the files the purpose can use, a file name field, and
//! a warning before a save replaces a file.

use std::path::{Path, PathBuf};

use egui::{Key, RichText};

use super::dialog_request::{DialogPurpose, DialogRequest};

/// One entry of the folder shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its file name.
    pub name: String,
    /// Whether it is a folder.
    pub is_folder: bool,
}

/// A folder the dialog cannot list.
#[derive(Clone, Debug, thiserror::Error)]
#[error("cannot read {}: {error}", .folder.display())]
pub struct FolderError {
    /// The folder.
    pub folder: PathBuf,
    /// Why (shared: the dialog is cloned with what it lists).
    pub error: std::sync::Arc<std::io::Error>,
}

/// The folders and usable files in `folder`, folders first, each group in
/// name order (case-insensitive); hidden entries (a leading dot) left out.
/// To open, a file is usable by its extension, or, when its extension is
/// not a level file's (`screen.1`, no extension at all), by its content:
/// its beginning reads as a level or a pack (see [`reads_as_level`]).
pub fn list_folder(folder: &Path, purpose: DialogPurpose) -> Result<Vec<Entry>, FolderError> {
    let read = std::fs::read_dir(folder).map_err(|e| FolderError {
        folder: folder.to_path_buf(),
        error: std::sync::Arc::new(e),
    })?;
    let mut entries: Vec<Entry> = read
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let is_folder = e.path().is_dir();
            let usable = is_folder
                || purpose.accepts(Path::new(&name))
                || (purpose == DialogPurpose::Open && reads_as_level(&e.path()));
            (usable && !name.starts_with('.')).then_some(Entry { name, is_folder })
        })
        .collect();
    entries.sort_by_key(|e| (!e.is_folder, e.name.to_lowercase()));
    Ok(entries)
}

/// How much of a file's beginning tells whether it is a level or a pack.
const SNIFFED_BYTES: usize = 8 * 1024;

/// Whether the file at `path` looks like something the editor opens, told
/// by its first [`SNIFFED_BYTES`] (cut at their last line end, so that a
/// row is never read half): a pack, or a level text of a kind levelscope
/// knows (an XSokoban `screen.1` is XSB).
pub fn reads_as_level(path: &Path) -> bool {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut head = Vec::with_capacity(SNIFFED_BYTES);
    if file
        .take(SNIFFED_BYTES as u64)
        .read_to_end(&mut head)
        .is_err()
    {
        return false;
    }
    if head.len() == SNIFFED_BYTES {
        let end = head
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(0, |i| i + 1);
        head.truncate(end);
    }
    let text = String::from_utf8_lossy(&head);
    crate::kinds::text::is_pack_text(&text) || crate::kinds::detect(&text).is_some()
}

/// The folders that complete `typed`: its parent's sub-folders whose names
/// start with its last part (case-sensitive, as paths are), in name order.
pub fn folder_completions(typed: &str) -> Vec<PathBuf> {
    let path = Path::new(typed);
    if typed.is_empty() || (path.is_dir() && typed.ends_with(std::path::MAIN_SEPARATOR)) {
        return Vec::new();
    }
    let (parent, start) = match (path.parent(), path.file_name()) {
        (Some(parent), Some(start)) => (parent, start.to_string_lossy().into_owned()),
        _ => return Vec::new(),
    };
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    let Ok(read) = std::fs::read_dir(parent) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = read
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            // Hidden folders only when a dot was typed.
            let shown = !name.starts_with('.') || start.starts_with('.');
            shown && name.starts_with(&start)
        })
        .map(|e| parent.join(e.file_name()))
        .collect();
    found.sort();
    found
}

/// What the dialog came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still open.
    Open,
    /// A path was chosen.
    Chosen(PathBuf),
    /// Cancelled.
    Cancelled,
}

/// The dialog.
#[derive(Clone, Debug)]
pub struct BuiltInDialog {
    purpose: DialogPurpose,
    folder: PathBuf,
    folder_text: String,
    name: String,
    entries: Result<Vec<Entry>, FolderError>,
    problem: Option<String>,
    /// The folder text the completions were read for, and the completions.
    completions: (String, Vec<PathBuf>),
}

/// Why the built-in dialog cannot answer yet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoChoice {
    /// No file name typed.
    #[error("Type a file name")]
    NoName,
    /// A file to open that the folder does not hold.
    #[error("There is no file {0} in this folder")]
    NoSuchFile(String),
    /// The name is a folder's.
    #[error("{0} is a folder")]
    Folder(String),
}

impl BuiltInDialog {
    /// The dialog for `request`, in its folder (else the working folder).
    pub fn new(request: &DialogRequest) -> BuiltInDialog {
        let folder = request
            .folder
            .clone()
            .filter(|f| f.is_dir())
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."));
        let mut dialog = BuiltInDialog {
            purpose: request.purpose,
            folder: PathBuf::new(),
            folder_text: String::new(),
            name: request.file_name.clone(),
            entries: Ok(Vec::new()),
            problem: None,
            completions: (String::new(), Vec::new()),
        };
        dialog.enter(folder);
        dialog
    }

    /// What it is for.
    pub fn purpose(&self) -> DialogPurpose {
        self.purpose
    }

    /// The folder shown.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    fn enter(&mut self, folder: PathBuf) {
        self.entries = list_folder(&folder, self.purpose);
        self.folder_text = folder.display().to_string();
        self.folder = folder;
        self.problem = None;
    }

    /// The path the dialog would answer now, or why it cannot answer.
    pub fn chosen(&self) -> Result<PathBuf, NoChoice> {
        if self.purpose == DialogPurpose::ExportAscii {
            return Ok(self.folder.clone());
        }
        let name = self.name.trim();
        if name.is_empty() {
            return Err(NoChoice::NoName);
        }
        let path = self.purpose.complete(self.folder.join(name));
        if self.purpose == DialogPurpose::Open && !path.is_file() {
            return Err(NoChoice::NoSuchFile(name.to_string()));
        }
        if path.is_dir() {
            return Err(NoChoice::Folder(name.to_string()));
        }
        Ok(path)
    }

    /// Draws the dialog; says what it came to.
    pub fn show(&mut self, ctx: &egui::Context) -> Outcome {
        let mut outcome = Outcome::Open;
        let mut enter = None;
        egui::Modal::new(egui::Id::unique("levelscope file dialog")).show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading(self.purpose.title());
            ui.horizontal(|ui| {
                let label = ui.label("Folder");
                if ui
                    .add_enabled(self.folder.parent().is_some(), egui::Button::new("Up"))
                    .on_hover_text("The folder that holds this one")
                    .clicked()
                {
                    enter = self.folder.parent().map(Path::to_path_buf);
                }
                let field = ui.add(
                    egui::TextEdit::singleline(&mut self.folder_text).desired_width(f32::INFINITY),
                );
                let field = field.labelled_by(label.id);
                if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                    let typed = PathBuf::from(self.folder_text.trim());
                    if typed.is_dir() {
                        enter = Some(typed);
                    } else {
                        self.problem = Some(format!("There is no folder {}", typed.display()));
                    }
                }
            });
            if Path::new(self.folder_text.trim()) != self.folder {
                // Read the parent folder once per text typed, not per frame.
                let typed = self.folder_text.trim().to_string();
                if self.completions.0 != typed {
                    self.completions = (typed.clone(), folder_completions(&typed));
                }
                let completions = self.completions.1.clone();
                if !completions.is_empty() {
                    ui.horizontal_wrapped(|ui| {
                        ui.weak("Folders that fit:");
                        for path in completions.into_iter().take(8) {
                            let name = path
                                .file_name()
                                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                            if ui.link(name).clicked() {
                                enter = Some(path);
                            }
                        }
                    });
                }
            }
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .auto_shrink([false, false])
                .show(ui, |ui| match &self.entries {
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e.to_string());
                    }
                    Ok(entries) if entries.is_empty() => {
                        ui.weak("Nothing here the editor can use");
                    }
                    Ok(entries) => {
                        for entry in entries {
                            if entry.is_folder {
                                let text = format!("{}/", entry.name);
                                if ui.selectable_label(false, text).clicked() {
                                    enter = Some(self.folder.join(&entry.name));
                                }
                            } else {
                                let selected = self.name == entry.name;
                                let response = ui.selectable_label(selected, &entry.name);
                                if response.clicked() {
                                    self.name = entry.name.clone();
                                }
                                if response.double_clicked() {
                                    self.name = entry.name.clone();
                                    if let Ok(path) = self.chosen() {
                                        outcome = Outcome::Chosen(path);
                                    }
                                }
                            }
                        }
                    }
                });
            ui.separator();
            let mut confirmed = false;
            if self.purpose != DialogPurpose::ExportAscii {
                ui.horizontal(|ui| {
                    let label = ui.label("File name");
                    let field = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.name).desired_width(f32::INFINITY),
                        )
                        .labelled_by(label.id);
                    confirmed = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                });
            }
            let chosen = self.chosen();
            let saving = !matches!(
                self.purpose,
                DialogPurpose::Open | DialogPurpose::ExportAscii
            );
            let replaces = saving && chosen.as_ref().is_ok_and(|p| p.exists());
            if let Ok(path) = &chosen {
                if replaces {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("{} exists; saving replaces it", file_name(path)),
                    );
                } else if saving {
                    ui.weak(format!("Saves {}", file_name(path)));
                }
            }
            if let Some(problem) = &self.problem {
                ui.colored_label(ui.visuals().error_fg_color, problem);
            }
            ui.horizontal(|ui| {
                let action = match self.purpose {
                    DialogPurpose::Open => "Open",
                    DialogPurpose::ExportAscii => "Choose this folder",
                    _ if replaces => "Replace",
                    _ => "Save",
                };
                let button = ui.add_enabled(
                    chosen.is_ok(),
                    egui::Button::new(RichText::new(action).strong()),
                );
                if let Err(why) = &chosen {
                    button.clone().on_disabled_hover_text(why.to_string());
                }
                if button.clicked() || (confirmed && chosen.is_ok()) {
                    if let Ok(path) = &chosen {
                        outcome = Outcome::Chosen(path.clone());
                    }
                }
                if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                    outcome = Outcome::Cancelled;
                }
            });
        });
        if let Some(folder) = enter {
            self.enter(folder);
        }
        outcome
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(purpose: DialogPurpose, folder: &Path, name: &str) -> DialogRequest {
        DialogRequest {
            purpose,
            folder: Some(folder.to_path_buf()),
            file_name: name.into(),
        }
    }

    #[test]
    fn lists_folders_first_then_the_files_the_purpose_uses() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.json", "A.txt", "notes.md", ".hidden.json", "pic.png"] {
            std::fs::write(dir.path().join(name), "x").unwrap();
        }
        std::fs::create_dir(dir.path().join("zoo")).unwrap();
        let names = |purpose| -> Vec<String> {
            list_folder(dir.path(), purpose)
                .unwrap()
                .into_iter()
                .map(|e| e.name)
                .collect()
        };
        assert_eq!(names(DialogPurpose::Open), ["zoo", "A.txt", "b.json"]);
        // A level file whose extension says nothing is listed by its
        // content (an XSokoban screen), other files are not.
        std::fs::write(dir.path().join("screen.1"), "#####\n#@$.#\n#####\n").unwrap();
        std::fs::write(dir.path().join("LICENSE"), "Permission is hereby granted\n").unwrap();
        assert_eq!(
            names(DialogPurpose::Open),
            ["zoo", "A.txt", "b.json", "screen.1"]
        );
        assert_eq!(names(DialogPurpose::ExportSheet), ["zoo", "pic.png"]);
        assert_eq!(names(DialogPurpose::ExportSheet), ["zoo", "pic.png"]);
        assert_eq!(names(DialogPurpose::ExportAscii), ["zoo"]);
        let err = list_folder(&dir.path().join("missing"), DialogPurpose::Open).unwrap_err();
        assert_eq!(err.folder, dir.path().join("missing"));
        let err = err.to_string();
        assert!(err.contains("cannot read"), "{err}");
    }

    #[test]
    fn completes_folders_from_what_is_typed() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["levels", "levels-old", "lost", "other"] {
            std::fs::create_dir(dir.path().join(name)).unwrap();
        }
        std::fs::write(dir.path().join("level.json"), "x").unwrap();
        let typed = format!("{}", dir.path().join("lev").display());
        let found = folder_completions(&typed);
        assert_eq!(
            found,
            [dir.path().join("levels"), dir.path().join("levels-old")]
        );
        assert!(folder_completions(&format!("{}", dir.path().join("q").display())).is_empty());
    }

    #[test]
    fn the_answer_is_checked_before_it_is_given() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.json"), "x").unwrap();
        let mut save =
            BuiltInDialog::new(&request(DialogPurpose::SaveLevelAs, dir.path(), "castle"));
        assert_eq!(save.chosen(), Ok(dir.path().join("castle.json")));
        save.name = "  ".into();
        assert!(save.chosen().is_err());
        let mut open = BuiltInDialog::new(&request(DialogPurpose::Open, dir.path(), ""));
        assert_eq!(open.chosen(), Err(NoChoice::NoName));
        assert_eq!(NoChoice::NoName.to_string(), "Type a file name");
        open.name = "b.json".into();
        assert!(open
            .chosen()
            .unwrap_err()
            .to_string()
            .contains("no file b.json"));
        open.name = "a.json".into();
        assert_eq!(open.chosen(), Ok(dir.path().join("a.json")));
        let folder = BuiltInDialog::new(&request(DialogPurpose::ExportAscii, dir.path(), ""));
        assert_eq!(folder.chosen(), Ok(dir.path().to_path_buf()));
    }
}

//! What a file dialog is opened for and asked: the purpose (its title,
//! the files it lists, the extension a bare name gets), the folder and the
//! suggested name.

use std::path::{Path, PathBuf};

/// What a file dialog was opened for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

impl DialogPurpose {
    /// The dialog's title.
    pub fn title(self) -> &'static str {
        match self {
            DialogPurpose::Open => "Open a level or pack",
            DialogPurpose::SaveLevelAs => "Save the level as",
            DialogPurpose::SavePackAs => "Save the pack as",
            DialogPurpose::ExportAscii => "Export the pack as text files into a folder",
            DialogPurpose::ExportSheet => "Export the contact sheet",
        }
    }

    /// The extension a chosen name without one gets: a designer who types
    /// "castle" means "castle.json".
    pub fn default_extension(self) -> Option<&'static str> {
        match self {
            DialogPurpose::SaveLevelAs | DialogPurpose::SavePackAs => Some("json"),
            DialogPurpose::ExportSheet => Some("png"),
            DialogPurpose::Open | DialogPurpose::ExportAscii => None,
        }
    }

    /// `path` with the default extension added when it has none.
    pub fn complete(self, path: PathBuf) -> PathBuf {
        match self.default_extension() {
            Some(ext) if path.extension().is_none() => path.with_extension(ext),
            _ => path,
        }
    }

    /// Whether a file named `path` is one the dialog lists for this
    /// purpose (by its extension; a folder export lists no files).
    pub fn accepts(self, path: &Path) -> bool {
        let extensions: Vec<&str> = match self {
            DialogPurpose::Open | DialogPurpose::SaveLevelAs => level_extensions(),
            DialogPurpose::SavePackAs => vec!["json"],
            DialogPurpose::ExportSheet => vec!["png"],
            DialogPurpose::ExportAscii => Vec::new(),
        };
        path.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
    }
}

/// The extensions of level files: JSON's, then those of every kind's text
/// formats (`txt`, `xsb`), each once.
pub fn level_extensions() -> Vec<&'static str> {
    let mut extensions: Vec<&'static str> = Vec::new();
    for format in crate::kinds::TextFormat::all() {
        if !extensions.contains(&format.extension()) {
            extensions.push(format.extension());
        }
    }
    extensions
}

/// What a file dialog is asked for: its purpose, the folder it starts in
/// and the file name it suggests.
#[derive(Clone, Debug)]
pub struct DialogRequest {
    /// Why it is opened.
    pub purpose: DialogPurpose,
    /// The folder it starts in.
    pub folder: Option<PathBuf>,
    /// The suggested file name (for saving).
    pub file_name: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_dialogs_list_every_level_format_and_packs_json_only() {
        assert_eq!(level_extensions(), ["json", "txt", "xsb"]);
        for purpose in [DialogPurpose::Open, DialogPurpose::SaveLevelAs] {
            assert!(purpose.accepts(Path::new("out63.XSB")));
            assert!(purpose.accepts(Path::new("a.txt")));
            assert!(!purpose.accepts(Path::new("a.png")));
        }
        assert!(!DialogPurpose::SavePackAs.accepts(Path::new("a.xsb")));
    }
}

/// A closed dialog: its purpose and the chosen path (`None`: cancelled).
#[derive(Clone, Debug, PartialEq)]
pub struct DialogAnswer {
    /// Why it was opened.
    pub purpose: DialogPurpose,
    /// The path chosen.
    pub path: Option<PathBuf>,
}

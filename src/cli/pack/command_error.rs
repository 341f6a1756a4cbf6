//! Why a `pack` subcommand stopped: one error type for every subcommand,
//! composed from the pack's typed errors, each naming the file it is
//! about. `pack`'s dispatch turns it into the line it prints.

use std::path::PathBuf;

use super::merge::MergeError;
use crate::file_names::shown;
use crate::pack::sheet::SheetError;
use crate::pack::PackError;

/// Why a `pack` subcommand stopped.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// A pack file could not be read, or may not be written, or could not
    /// be written.
    #[error("{}: {error}", shown(.path))]
    Pack {
        /// The file.
        path: PathBuf,
        /// Why.
        error: PackError,
    },
    /// A file or folder could not be locked, made or written.
    #[error("{}: {error}", shown(.path))]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The sheet could not be drawn or written.
    #[error(transparent)]
    Sheet(#[from] SheetError),
    /// `export` was given nothing to export.
    #[error("say what to export: --ascii DIR, --sheet FILE.png and/or --json FILE")]
    NothingToExport,
    /// `export --ascii` was given a file, not a folder.
    #[error("{}: --ascii needs a folder, and this is a file", shown(.0))]
    AsciiNotAFolder(PathBuf),
    /// `export --skip-damaged` was asked to write over the pack it reads.
    #[error("{}: --skip-damaged writes the readable levels to another file, and this is the pack itself, whose damaged entries would be lost; give another name", shown(.0))]
    SkipDamagedOverPack(PathBuf),
    /// A part given to `merge` could not be read.
    #[error("{file}: {error}; nothing was written")]
    PartUnreadable {
        /// The part's file, as shown.
        file: String,
        /// Why.
        error: PackError,
    },
    /// A part given to `merge` has entries that cannot be read.
    #[error("{file}: the part has entries that cannot be read: {}; nothing was written", .lost.join("; "))]
    PartDamaged {
        /// The part's file, as shown.
        file: String,
        /// What cannot be read, one item each.
        lost: Vec<String>,
    },
    /// A pack given to `diff` has entries that cannot be read (a diff
    /// that skipped them would show them as removed).
    #[error(
        "{}: the pack has entries that cannot be read, which the comparison would show as removed: {}; repair the file, or {}",
        shown(.path),
        .lost.join("; "),
        crate::pack::skip_damaged_advice(.path)
    )]
    DiffDamaged {
        /// The pack's file.
        path: PathBuf,
        /// What cannot be read, one item each.
        lost: Vec<String>,
    },
    /// The parts given to `merge` do not make one whole.
    #[error("{0}; nothing was written")]
    Merge(#[from] MergeError),
}

impl CommandError {
    /// The error of `error` about the pack file at `path`.
    pub fn pack(path: &std::path::Path, error: impl Into<PackError>) -> CommandError {
        CommandError::Pack {
            path: path.to_path_buf(),
            error: error.into(),
        }
    }

    /// The error of `error` about the file or folder at `path`.
    pub fn io(path: &std::path::Path, error: std::io::Error) -> CommandError {
        CommandError::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_truncated_pack_is_the_json_variant_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cut.json");
        std::fs::write(&path, "{\"format\": \"levelscope-pack\", \"vers").unwrap();
        let error = crate::pack::read_pack(&path).unwrap_err();
        assert!(matches!(&error, PackError::Json { .. }), "{error:?}");
        let error = CommandError::pack(&path, error);
        let words = error.to_string();
        assert!(
            words.starts_with(&format!("{}: not a levelscope pack: ", shown(&path))),
            "{words}"
        );
        assert!(!words.contains("Json"), "{words}");
    }

    #[test]
    fn a_damaged_part_names_its_file_and_what_is_lost() {
        let error = CommandError::PartDamaged {
            file: "a.json".into(),
            lost: vec!["entry 1 (bad)".into(), "entry 2 (worse)".into()],
        };
        assert_eq!(
            error.to_string(),
            "a.json: the part has entries that cannot be read: entry 1 (bad); entry 2 (worse); nothing was written"
        );
    }
}

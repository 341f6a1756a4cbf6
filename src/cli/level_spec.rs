//! `FILE#index`: how every command that reads one level names it (`diff`,
//! `play`, `convert`, `textconv`, `analyze`), parsed in one place. The
//! index is the entry's number in the file, from 0, as every command
//! numbers entries (see [`crate::pack::entries`]): a damaged entry keeps
//! its number and is named when asked for.

use std::path::{Path, PathBuf};

use super::analyze::Source;
use crate::kinds::{Kind, Level};
use crate::pack::entries::{damaged_words, number_range, read_entries, FileEntries};

/// A file named on the command line, and the index of one of its entries
/// when it was named `FILE#index`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// The file.
    pub path: PathBuf,
    /// What follows the last `#`, when the name was `FILE#index` and FILE
    /// exists; checked against the file's entries once it is read.
    pub index: Option<String>,
}

/// Why the level a [`LevelSpec`] names cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum LevelSpecError {
    /// The file cannot be read.
    #[error(transparent)]
    Unreadable(crate::pack::PackError),
    /// Reading the file would not fit the memory budget.
    #[error(transparent)]
    OverBudget(crate::pack::read_budget::OverBudget),
    /// The index is not a number of an entry of the file.
    #[error("the index {} is not a level number ({})", crate::kinds::text::quoted(word), number_range(*count))]
    NotANumber {
        /// What followed the `#`.
        word: String,
        /// How many entries the file holds.
        count: usize,
    },
    /// The index is a number, past the file's last entry.
    #[error("there is no level #{index}: the file holds {} ({})", crate::words::counted(*count as u64, "level", "levels"), number_range(*count))]
    NoSuchLevel {
        /// The index asked for.
        index: usize,
        /// How many entries the file holds.
        count: usize,
    },
    /// The entry asked for cannot be read.
    #[error("{}", damaged_words(*index, why))]
    Damaged {
        /// Its number in the file.
        index: usize,
        /// Why it cannot be read.
        why: String,
    },
    /// The file holds several levels and none was named.
    #[error("the file holds {count} levels: name one as FILE#index ({}), e.g. {example}", number_range(*count))]
    Several {
        /// How many entries the file holds.
        count: usize,
        /// The first level's name, `FILE#0`.
        example: String,
    },
    /// The file holds no level at all.
    #[error("the file holds no level")]
    Empty,
}

impl LevelSpecError {
    /// Whether the error is in how the command was asked (an index that
    /// is no level's, a file of several named without one, a memory budget
    /// too small for the file) rather than in the file itself.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            LevelSpecError::NotANumber { .. }
                | LevelSpecError::NoSuchLevel { .. }
                | LevelSpecError::Several { .. }
                | LevelSpecError::OverBudget(_)
        )
    }
}

impl LevelSpec {
    /// Reads a command-line name: a file that exists is that file, even
    /// when its name holds a `#`; otherwise `FILE#index` when FILE exists;
    /// otherwise the name as a file (whose reading then says it is
    /// missing). A name that is not UTF-8 is always a whole file name.
    pub fn parse(arg: &Path) -> LevelSpec {
        let whole = || LevelSpec {
            path: arg.to_path_buf(),
            index: None,
        };
        if arg.exists() {
            return whole();
        }
        match arg.to_str().and_then(|name| name.rsplit_once('#')) {
            Some((file, word)) if !file.is_empty() && Path::new(file).exists() => LevelSpec {
                path: PathBuf::from(file),
                index: Some(word.to_string()),
            },
            _ => whole(),
        }
    }

    /// Where the level comes from, for reports: the file, and the index
    /// once it is known to be a number.
    pub fn source(&self, index: Option<usize>) -> Source {
        Source {
            path: self.path.clone(),
            index,
        }
    }

    /// The entry number the index names among `count` entries.
    pub fn number(&self, count: usize) -> Result<Option<usize>, LevelSpecError> {
        let Some(word) = &self.index else {
            return Ok(None);
        };
        let is_number = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
        match word.parse::<usize>() {
            Ok(index) if is_number && index < count => Ok(Some(index)),
            Ok(index) if is_number => Err(LevelSpecError::NoSuchLevel { index, count }),
            _ => Err(LevelSpecError::NotANumber {
                word: word.clone(),
                count,
            }),
        }
    }

    /// The one level the name means among the file's `entries`: the entry
    /// of the index, or the file's only level.
    pub fn select(&self, entries: FileEntries) -> Result<(Source, Level), LevelSpecError> {
        let count = entries.len();
        let index = self.number(count)?;
        let at = match index {
            Some(i) => i,
            None if count == 1 => 0,
            None if count == 0 => return Err(LevelSpecError::Empty),
            None => {
                return Err(LevelSpecError::Several {
                    count,
                    example: format!("{}#0", crate::file_names::shell_word(&self.path)),
                })
            }
        };
        match entries.entries.into_iter().nth(at) {
            Some(Ok(level)) => Ok((self.source(index), level)),
            Some(Err(why)) => Err(LevelSpecError::Damaged { index: at, why }),
            None => Err(LevelSpecError::Empty),
        }
    }

    /// Reads the file, refused first when reading it would not fit
    /// `max_memory` (see [`crate::pack::read_budget`]), and picks the one
    /// level the name means. `kind` forces the kind of a level file.
    pub fn open_level(
        &self,
        kind: Option<Kind>,
        max_memory: u64,
    ) -> Result<(Source, Level), LevelSpecError> {
        self.select(self.read(kind, max_memory)?)
    }

    /// Reads every entry of the file, refused first when reading it would
    /// not fit `max_memory`.
    pub fn read(&self, kind: Option<Kind>, max_memory: u64) -> Result<FileEntries, LevelSpecError> {
        crate::pack::read_budget::refuse_if_over(&self.path, max_memory)
            .map_err(LevelSpecError::OverBudget)?;
        read_entries(&self.path, kind).map_err(LevelSpecError::Unreadable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(index: &str) -> LevelSpec {
        LevelSpec {
            path: PathBuf::from("p.json"),
            index: Some(index.into()),
        }
    }

    #[test]
    fn an_index_is_a_plain_number_below_the_count() {
        assert!(matches!(spec("2").number(3), Ok(Some(2))));
        assert!(matches!(
            spec("3").number(3),
            Err(LevelSpecError::NoSuchLevel { index: 3, count: 3 })
        ));
        for word in ["-1", "x", "+1", "", "99999999999999999999999", " 1"] {
            let e = spec(word).number(3).unwrap_err();
            assert!(matches!(e, LevelSpecError::NotANumber { .. }), "{word}");
            assert!(
                e.to_string().ends_with("is not a level number (0 to 2)"),
                "{e}"
            );
        }
    }

    #[test]
    fn a_file_named_with_a_hash_is_opened_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let hashed = dir.path().join("level#1.txt");
        std::fs::write(&hashed, "#####\n#R.r#\n#####\n").unwrap();
        assert_eq!(LevelSpec::parse(&hashed).index, None);
        let plain = dir.path().join("level.txt");
        std::fs::write(&plain, "#####\n#R.r#\n#####\n").unwrap();
        let named = LevelSpec::parse(&dir.path().join("level.txt#x"));
        assert_eq!(named.path, plain);
        assert_eq!(named.index.as_deref(), Some("x"));
        let missing = dir.path().join("none.txt#0");
        assert_eq!(LevelSpec::parse(&missing).path, missing);
    }
}

//! Whether reading a file fits a memory budget, decided before it is read:
//! every command that reads level or pack files asks [`refuse_if_over`]
//! first, so that a file too large for `--max-memory` is refused with a
//! clear message instead of aborting the program part way.

use std::path::Path;

use crate::engine::format_bytes;

/// How many times its size reading a file takes at most: the text itself
/// and the levels read from it, held compactly (a Prism cell in two bytes
/// for the two bytes of its token; measured: a 20 MB Prism 2017 file of
/// ten 1000x1000 levels reads in 56 MB in all).
pub const READ_FACTOR: u64 = 3;

/// What reading `size` bytes of file takes at most, by [`READ_FACTOR`].
pub fn cost_to_read(size: u64) -> u64 {
    size.saturating_mul(READ_FACTOR)
}

/// Refuses the file at `path` when reading it would not fit `max_memory`
/// bytes, counted from its size before it is read. A file whose size
/// cannot be known (it does not exist) passes: reading it then says why it
/// cannot be read.
pub fn refuse_if_over(path: &Path, max_memory: u64) -> Result<(), String> {
    let Ok(metadata) = std::fs::metadata(path) else {
        return Ok(());
    };
    let size = metadata.len();
    let needs = cost_to_read(size);
    if needs <= max_memory {
        return Ok(());
    }
    Err(format!(
        "the file is {}: reading it takes up to {}, more than the memory budget of {}; \
         raise --max-memory or split the file",
        format_bytes(size),
        format_bytes(needs),
        format_bytes(max_memory)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_inside_the_budget_passes_and_one_over_it_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("level.txt");
        std::fs::write(&file, vec![b'#'; 1000]).unwrap();
        assert_eq!(refuse_if_over(&file, 3000), Ok(()));
        let message = refuse_if_over(&file, 2999).unwrap_err();
        assert!(message.starts_with("the file is 1000 bytes"), "{message}");
        assert!(message.contains("raise --max-memory"), "{message}");
    }

    #[test]
    fn a_missing_file_is_left_to_the_reader() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(refuse_if_over(&dir.path().join("none.txt"), 1), Ok(()));
    }
}

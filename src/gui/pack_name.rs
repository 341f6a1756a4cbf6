//! How the editor names a pack beside a level of it.

use crate::gui::open_pack::OpenPack;

/// A pack's name as the editor shows it beside a level's: its file's name,
/// else the name inside it, else "the unsaved pack".
pub fn pack_display_name(open: &OpenPack) -> String {
    if let Some(file) = open.path.as_deref().and_then(std::path::Path::file_name) {
        return file.to_string_lossy().into_owned();
    }
    if open.pack.name.trim().is_empty() {
        "the unsaved pack".to_string()
    } else {
        open.pack.name.clone()
    }
}

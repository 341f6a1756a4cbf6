//! A recovery copy as a file: whether the editor that wrote it still runs,
//! writing it, and reading it back (or what could be read of it, and why
//! the rest could not).

use super::*;

/// Whether the editor that wrote the copy named `name` (`PID-…`) is still
/// running: another process of that number whose name is levelscope. This
/// process's own earlier editors (in tests) count as gone.
pub(super) fn owner_is_running(name: &str) -> bool {
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
pub(super) fn is_dead(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .as_deref()
        .and_then(process_state)
        .is_some_and(|state| state == 'Z' || state == 'X')
}

/// The state letter of a `/proc/PID/stat` line: the first field after the
/// command's name in parentheses (which may itself hold parentheses).
pub(super) fn process_state(stat: &str) -> Option<char> {
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
pub(super) fn write_copy(path: &Path, file: Value, work: &[(&str, Value)]) -> std::io::Result<()> {
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
pub(super) enum Read {
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
pub(super) const PACK_COPY: &str = "pack";

/// Whether `name` is the name this editor gives its copies:
/// `PID-SESSION-DOC.json`, a number, 8 and 16 hexadecimal digits (or
/// `pack` for the pack's copy).
pub(super) fn named_as_a_copy(name: &str) -> bool {
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
pub(super) fn string_field(text: &str, key: &str) -> Option<String> {
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
pub(super) fn read_copy(path: &Path) -> Read {
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
                        serde_json::from_value(checks.clone())
                            .map_err(|e| super::UnreadableChecks(e.to_string()))
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

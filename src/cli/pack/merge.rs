//! `pack merge OUT PART...`: the parts written by `--partition` runs put
//! back together in the whole's order. Every part must carry its
//! `"partition"` field ([`PartInfo`]); the parts must agree on what they
//! are parts of (the same N, count, source, name and pack fields), claim
//! no index twice and leave no partition out. Anything else is refused
//! before a byte is written.

use super::*;
use crate::cli::partition::{PartInfo, PART_FIELD};
use crate::pack::Unknown;

/// Why parts cannot be merged.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// A file is not a part.
    #[error("{file}: not a part of a partitioned run (it has no \"{PART_FIELD}\" field); give the files written by --partition runs")]
    NotAPart {
        /// The file, as shown.
        file: String,
    },
    /// A part's `"partition"` field cannot be read.
    #[error("{file}: its \"{PART_FIELD}\" field cannot be read: {why}")]
    BadField {
        /// The file, as shown.
        file: String,
        /// Why.
        why: String,
    },
    /// A part's field says something that cannot be true of it.
    #[error("{file}: a damaged part: {why}")]
    Inconsistent {
        /// The file, as shown.
        file: String,
        /// What is wrong.
        why: String,
    },
    /// Two parts are parts of different things.
    #[error(
        "{first} and {other} are not parts of the same run: their {what} differ ({a} and {b})"
    )]
    Disagree {
        /// The first part, as shown.
        first: String,
        /// The part that disagrees with it, as shown.
        other: String,
        /// What differs.
        what: &'static str,
        /// The first part's value.
        a: String,
        /// The other part's value.
        b: String,
    },
    /// Two parts claim the same indices.
    #[error("{first} and {other} overlap: both are partition {k} of {n}")]
    Overlap {
        /// One part, as shown.
        first: String,
        /// The other, as shown.
        other: String,
        /// The partition both claim.
        k: usize,
        /// How many partitions in all.
        n: usize,
    },
    /// A partition is missing.
    #[error("a gap: no part given for partition {} of {n} (partitions are numbered from 0)", missing.iter().map(usize::to_string).collect::<Vec<_>>().join(", "))]
    Gap {
        /// The partitions missing.
        missing: Vec<usize>,
        /// How many partitions in all.
        n: usize,
    },
}

/// A part as read: its file (as shown), its field, its pack fields other
/// than the part's own, and its entries.
pub(super) struct Part {
    /// The file, as shown.
    pub file: String,
    /// Its `"partition"` field.
    pub info: PartInfo,
    /// The pack's other fields levelscope does not know.
    pub unknown: Unknown,
    /// Its entries, in order.
    pub entries: Vec<PackEntry>,
}

/// Takes a part's field out of `read`'s pack fields.
fn part_of(file: String, mut read: ReadPack) -> Result<Part, MergeError> {
    let field = read
        .unknown
        .shift_remove(PART_FIELD)
        .ok_or_else(|| MergeError::NotAPart { file: file.clone() })?;
    let info: PartInfo = serde_json::from_value(field).map_err(|e| MergeError::BadField {
        file: file.clone(),
        why: e.to_string(),
    })?;
    Ok(Part {
        file,
        info,
        unknown: read.unknown,
        entries: read.pack.levels,
    })
}

/// Checks one part against itself: its K below N, one index an entry, each
/// index its partition's, below the count, in increasing order.
fn check_part(part: &Part) -> Result<(), MergeError> {
    let PartInfo {
        k,
        n,
        count,
        indices,
        ..
    } = &part.info;
    let bad = |why: String| MergeError::Inconsistent {
        file: part.file.clone(),
        why,
    };
    if *n == 0 || k >= n {
        return Err(bad(format!("partition {k} of {n} does not exist")));
    }
    if indices.len() != part.entries.len() {
        return Err(bad(format!(
            "it names {} but holds {}",
            counted(indices.len() as u64, "index", "indices"),
            levels_word(part.entries.len())
        )));
    }
    if let Some(&i) = indices.iter().find(|&&i| i >= *count || i % n != *k) {
        return Err(bad(format!(
            "index {i} is not one of partition {k} of {n} of {count} items"
        )));
    }
    if indices.windows(2).any(|w| w[0] >= w[1]) {
        return Err(bad("its indices are not in increasing order".into()));
    }
    Ok(())
}

/// Checks that `parts` are every part of one whole, once each: on error,
/// which rule they break.
pub(super) fn check_parts(parts: &[Part]) -> Result<(), MergeError> {
    for part in parts {
        check_part(part)?;
    }
    let first = &parts[0];
    for other in &parts[1..] {
        let disagree = |what, a: String, b: String| MergeError::Disagree {
            first: first.file.clone(),
            other: other.file.clone(),
            what,
            a,
            b,
        };
        let (a, b) = (&first.info, &other.info);
        if a.n != b.n {
            return Err(disagree(
                "numbers of partitions",
                a.n.to_string(),
                b.n.to_string(),
            ));
        }
        if a.source != b.source {
            return Err(disagree("sources", a.source.clone(), b.source.clone()));
        }
        if a.count != b.count {
            return Err(disagree("counts", a.count.to_string(), b.count.to_string()));
        }
        if a.name != b.name {
            return Err(disagree(
                "whole names",
                format!("{:?}", a.name),
                format!("{:?}", b.name),
            ));
        }
        if first.unknown != other.unknown {
            return Err(disagree(
                "pack fields",
                serde_json::Value::Object(first.unknown.clone()).to_string(),
                serde_json::Value::Object(other.unknown.clone()).to_string(),
            ));
        }
    }
    let n = first.info.n;
    let mut claimed: Vec<Option<&str>> = vec![None; n];
    for part in parts {
        let k = part.info.k;
        if let Some(earlier) = claimed[k] {
            return Err(MergeError::Overlap {
                first: earlier.to_string(),
                other: part.file.clone(),
                k,
                n,
            });
        }
        claimed[k] = Some(&part.file);
    }
    let missing: Vec<usize> = (0..n).filter(|&k| claimed[k].is_none()).collect();
    if !missing.is_empty() {
        return Err(MergeError::Gap { missing, n });
    }
    Ok(())
}

/// The whole pack of checked `parts`, its entries in the whole's order,
/// named `fallback_name` when the parts leave the name to the file; with
/// the pack's fields.
pub(super) fn whole_of(parts: Vec<Part>, fallback_name: String) -> (Pack, Unknown) {
    let name = parts[0].info.name.clone().unwrap_or(fallback_name);
    let unknown = parts[0].unknown.clone();
    let mut entries: Vec<(usize, PackEntry)> = parts
        .into_iter()
        .flat_map(|p| p.info.indices.into_iter().zip(p.entries))
        .collect();
    entries.sort_by_key(|(i, _)| *i);
    let pack = Pack {
        name,
        levels: entries.into_iter().map(|(_, e)| e).collect(),
    };
    (pack, unknown)
}

/// Runs `pack merge`; the exit code, or the error in words.
pub(super) fn merge(
    out_path: &Path,
    part_paths: &[PathBuf],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CommandError> {
    let mut parts = Vec::with_capacity(part_paths.len());
    for path in part_paths {
        let file = shown(path).to_string();
        let read = read_pack(path).map_err(|error| CommandError::PartUnreadable {
            file: file.clone(),
            error,
        })?;
        if !read.is_whole() {
            return Err(CommandError::PartDamaged {
                file,
                lost: read.lost(),
            });
        }
        for b in &read.breaks {
            let _ = writeln!(err, "{file}: {b}");
        }
        parts.push(part_of(file, read)?);
    }
    check_parts(&parts)?;
    let n = parts.len();
    let (pack, unknown) = whole_of(parts, file_stem(out_path));
    let _lock = lock(out_path)?;
    write_pack_with(out_path, &pack, &unknown).map_err(|e| CommandError::pack(out_path, e))?;
    let _ = writeln!(
        out,
        "merged {} of {} into {}",
        counted(n as u64, "part", "parts"),
        levels_word(pack.levels.len()),
        shown(out_path)
    );
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(name: &str) -> PackEntry {
        let mut level = crate::kinds::skiddy::Level::new(4, 4);
        level.name = name.into();
        PackEntry::new(level.into())
    }

    fn part(file: &str, k: usize, n: usize, count: usize) -> Part {
        let indices: Vec<usize> = (k..count).step_by(n).collect();
        Part {
            file: file.into(),
            info: PartInfo {
                k,
                n,
                count,
                source: "generate".into(),
                name: None,
                indices: indices.clone(),
            },
            unknown: Unknown::new(),
            entries: indices.iter().map(|i| level(&format!("l{i}"))).collect(),
        }
    }

    #[test]
    fn parts_go_back_in_the_wholes_order() {
        let parts = vec![part("b", 1, 3, 7), part("c", 2, 3, 7), part("a", 0, 3, 7)];
        assert_eq!(check_parts(&parts), Ok(()));
        let (pack, _) = whole_of(parts, "all".into());
        assert_eq!(pack.name, "all");
        let names: Vec<&str> = pack.levels.iter().map(|e| e.level.name()).collect();
        assert_eq!(names, ["l0", "l1", "l2", "l3", "l4", "l5", "l6"]);
    }

    #[test]
    fn a_missing_level_of_a_part_is_not_a_gap() {
        let mut b = part("b", 1, 2, 5);
        b.info.indices.remove(0);
        b.entries.remove(0);
        let parts = vec![part("a", 0, 2, 5), b];
        assert_eq!(check_parts(&parts), Ok(()));
        assert_eq!(whole_of(parts, String::new()).0.levels.len(), 4);
    }

    #[test]
    fn overlaps_gaps_and_disagreements_are_refused() {
        let e = check_parts(&[part("a", 0, 2, 4), part("a2", 0, 2, 4), part("b", 1, 2, 4)]);
        assert!(matches!(e, Err(MergeError::Overlap { k: 0, .. })), "{e:?}");
        let e = check_parts(&[part("a", 0, 3, 4), part("c", 2, 3, 4)]).unwrap_err();
        assert_eq!(
            e,
            MergeError::Gap {
                missing: vec![1],
                n: 3
            }
        );
        assert!(
            e.to_string().contains("no part given for partition 1 of 3"),
            "{e}"
        );
        let e = check_parts(&[part("a", 0, 2, 4), part("b", 1, 3, 4)]).unwrap_err();
        assert!(
            e.to_string().contains("numbers of partitions differ"),
            "{e}"
        );
        let mut b = part("b", 1, 2, 4);
        b.info.source = "other".into();
        let e = check_parts(&[part("a", 0, 2, 4), b]).unwrap_err();
        assert!(e.to_string().contains("sources differ"), "{e}");
        let mut b = part("b", 1, 2, 4);
        b.unknown.insert("author".into(), "x".into());
        let e = check_parts(&[part("a", 0, 2, 4), b]).unwrap_err();
        assert!(e.to_string().contains("pack fields differ"), "{e}");
        let e = check_parts(&[part("a", 0, 2, 4), part("b", 1, 2, 5)]).unwrap_err();
        assert!(e.to_string().contains("counts differ"), "{e}");
    }

    #[test]
    fn a_part_that_contradicts_itself_is_refused() {
        let mut a = part("a", 0, 2, 4);
        a.info.indices = vec![0, 1];
        let e = check_parts(&[a, part("b", 1, 2, 4)]).unwrap_err();
        assert!(
            e.to_string().contains("index 1 is not one of partition 0"),
            "{e}"
        );
        let mut a = part("a", 0, 2, 4);
        a.entries.pop();
        let e = check_parts(&[a, part("b", 1, 2, 4)]).unwrap_err();
        assert!(
            e.to_string().contains("names 2 indices but holds 1 level"),
            "{e}"
        );
        let mut a = part("a", 0, 2, 4);
        a.info.indices.reverse();
        let e = check_parts(&[a, part("b", 1, 2, 4)]).unwrap_err();
        assert!(e.to_string().contains("not in increasing order"), "{e}");
        let mut a = part("a", 0, 2, 4);
        a.info.k = 2;
        let e = check_parts(&[a]).unwrap_err();
        assert!(
            e.to_string().contains("partition 2 of 2 does not exist"),
            "{e}"
        );
    }
}

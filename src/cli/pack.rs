//! `levelscope pack add|check|dedupe|stats|export PACK ...`: curate packs
//! from the command line.

use super::kind_help::{ascii_help, check_about, dedupe_about, sheet_help, stats_about};
use std::io::Write;
use std::path::{Path, PathBuf};

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use crate::engine::{default_max_memory, parse_memory_size, Job, DEFAULT_MAX_STATES};
use crate::file_names::shown;
use crate::kinds::text::{quoted, shortened};
use crate::kinds::{GraphFigures, KindStats};
use crate::kinds::{Kind, Level, TextFormat};
use crate::pack::check::{check_pack, CheckOptions};
use crate::pack::dedupe::duplicate_groups;
use crate::pack::refresh_summary_with;
use crate::pack::{read_pack, write_pack_with, LevelSummary, Pack, PackEntry, ReadPack};
use crate::words::counted;

/// Arguments of `pack`.
#[derive(Debug, clap::Args)]
pub struct PackArgs {
    /// What to do with the pack.
    #[command(subcommand)]
    pub command: PackCommand,
}

/// The `pack` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum PackCommand {
    /// Append levels to a pack (the pack is created if needed); each level
    /// is analysed and its summary stored. When no level can be added,
    /// nothing is written.
    Add {
        /// The pack file (JSON).
        pack: PathBuf,
        /// Level files of any kind and format (a file that holds several
        /// levels adds them all).
        #[arg(required = true)]
        levels: Vec<PathBuf>,
        /// Read the level files as this kind instead of telling it from
        /// their content.
        #[arg(long, value_parser = super::parse_kind)]
        kind: Option<Kind>,
        /// Stop analysing a level after this many states.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
        max_states: u64,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
    /// Re-analyse every level on all cores; exit 1 when any level fails
    /// (cannot be analysed, breaks its kind's rule of a fair level, or its
    /// stored analysis is out of date).
    #[command(about = check_about())]
    Check {
        /// The pack file.
        pack: PathBuf,
        /// The fewest stars a level may have.
        #[arg(long, default_value_t = 1)]
        min_stars: u8,
        /// Stop analysing a level after this many states.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
        max_states: u64,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
        /// Store the fresh analyses in the pack.
        #[arg(long)]
        update: bool,
        /// Print one JSON object per level (JSON Lines).
        #[arg(long)]
        json: bool,
    },
    /// Find levels that are the same up to their kind's symmetries.
    #[command(about = dedupe_about())]
    Dedupe {
        /// The pack file.
        pack: PathBuf,
        /// Print `{"groups": [[i, j, ...], ...]}` (0-based level indices).
        #[arg(long)]
        json: bool,
        /// Save the pack, keeping the first level of each group, to this file.
        #[arg(long)]
        write: Option<PathBuf>,
        /// Refuse a file whose reading would need more memory than this
        /// (`512M`, `2G`; default: half the memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
    /// Sum the pack up: states, dead ends, traps and each kind's figures.
    #[command(about = stats_about())]
    Stats {
        /// The pack file.
        pack: PathBuf,
        /// Print the numbers as one JSON object.
        #[arg(long)]
        json: bool,
        /// Stop analysing a level without a stored analysis after this many
        /// states.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
        max_states: u64,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
    /// Compare two versions of a pack: levels added, removed, moved and
    /// changed (matched by name), each changed one with its verdict's
    /// change; exit 1 when any level got worse, became another kind or
    /// could not be compared.
    Diff {
        /// The version before.
        old: PathBuf,
        /// The version after.
        new: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Stop analysing a changed level after this many states.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
        max_states: u64,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
    /// Export the pack as a folder of ASCII levels, a PNG contact sheet
    /// and/or pack JSON.
    Export {
        /// The pack file.
        pack: PathBuf,
        /// Write one text file per level into this folder, in its kind's
        /// own text format; a level that format cannot say is written as
        /// JSON.
        #[arg(long, help = ascii_help())]
        ascii: Option<PathBuf>,
        /// Write a PNG contact sheet of thumbnails with names and verdicts
        /// to this file.
        #[arg(long, help = sheet_help())]
        sheet: Option<PathBuf>,
        /// Write the pack as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Export the levels that can be read and list the entries left
        /// out (their index and why), instead of refusing a damaged pack;
        /// with --json, to a file other than the pack itself.
        #[arg(long)]
        skip_damaged: bool,
        /// Stop analysing a level without a stored analysis after this many
        /// states.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
        max_states: u64,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
}

/// Refreshes `entry`'s summary under `job`, showing the search's states
/// (Tangram: search nodes) among `bars` once it runs long.
fn refresh_watched(bars: &MultiProgress, entry: &mut PackEntry, job: &Job) -> Result<(), String> {
    let name = shortened(entry.level.name());
    let unit = search_unit(&entry.level);
    super::progress::watched(bars, job, &name, unit, || refresh_summary_with(entry, job))
}

/// What a level's search counts: states, or (Tangram) search nodes.
fn search_unit(level: &Level) -> &'static str {
    if level.kind().has_state_graph() {
        "states"
    } else {
        "nodes"
    }
}

fn progress_bar(len: usize, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} [{elapsed_precise}]")
            .expect("the template is valid"),
    );
    bar.set_message(what.to_string());
    bar
}

/// Reads a pack and reports its damaged entries on `err`: each is skipped,
/// and the command ends with [`damage_code`].
fn load(path: &Path, err: &mut dyn Write) -> Result<ReadPack, String> {
    let read = read_pack(path).map_err(|e| format!("{}: {e}", shown(path)))?;
    if read.truncated {
        let _ = writeln!(
            err,
            "{}: error: the file is cut short or broken; every complete level in it was read",
            shown(path)
        );
    }
    for b in &read.breaks {
        let _ = writeln!(err, "{}: error: {b}", shown(path));
    }
    for d in &read.damaged {
        let _ = writeln!(
            err,
            "{}: error: levels[{}] cannot be read, skipped: {}",
            shown(path),
            d.index,
            d.error
        );
    }
    Ok(read)
}

/// The exit code of a command that did what it could with a pack: 1 when
/// an entry could not be read (it was skipped), else 0.
fn damage_code(read: &ReadPack) -> u8 {
    if read.is_whole() {
        0
    } else {
        super::EXIT_FAILED
    }
}

/// Takes the lock of the pack file `path` for a read-modify-write: another
/// levelscope writing it waits until this one has written.
fn lock(path: &Path) -> Result<crate::lock::FileLock, String> {
    crate::lock::FileLock::exclusive(path).map_err(|e| format!("{}: {e}", shown(path)))
}

/// Refuses to write a pack read from `source` that has entries this
/// program cannot read, which writing would lose.
fn writable(read: &ReadPack, source: &Path) -> Result<(), String> {
    read.check_writable(source)
        .map_err(|e| format!("{}: {e}", shown(source)))
}

fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn add(
    pack_path: &Path,
    levels: &[PathBuf],
    kind: Option<Kind>,
    (max_states, max_memory): (u64, u64),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, String> {
    let _lock = lock(pack_path)?;
    let mut read = if pack_path.exists() {
        load(pack_path, err)?
    } else {
        ReadPack {
            pack: Pack {
                name: file_stem(pack_path),
                levels: Vec::new(),
            },
            ..ReadPack::default()
        }
    };
    writable(&read, pack_path)?;
    let mut failed = false;
    // What each new entry needs to be said once the pack is written: the
    // file it came from and, when it could not be analysed, why (its
    // name and its summary are in the entry). Held for every level added,
    // so kept small: a collection of a million tiny levels adds a million.
    let mut added: Vec<(&Path, Option<String>)> = Vec::new();
    let first_added = read.pack.levels.len();
    let bars = MultiProgress::new();
    for path in levels {
        let text = match crate::pack::read_level_text_file(path) {
            Ok(read) => {
                if let Some(note) = read.note {
                    let _ = writeln!(err, "{}: note: {note}", shown(path));
                }
                read.text
            }
            Err(e) => {
                let _ = writeln!(err, "{}: error: {e}", shown(path));
                failed = true;
                continue;
            }
        };
        let found = match crate::pack::open_text(&text, kind) {
            Ok(crate::pack::Opened::Levels(levels, _)) => levels,
            // A collection some of whose levels cannot be read: add the
            // others, and name each that is left out.
            Ok(crate::pack::Opened::Pack(collection))
                if !crate::kinds::text::is_pack_text(&text) =>
            {
                for d in &collection.damaged {
                    let _ = writeln!(
                        err,
                        "{}: error: level #{} not added: {}",
                        shown(path),
                        d.index,
                        d.error
                    );
                }
                failed = true;
                collection
                    .pack
                    .levels
                    .into_iter()
                    .map(|e| e.level)
                    .collect()
            }
            Ok(crate::pack::Opened::Pack(_)) => {
                let _ = writeln!(
                    err,
                    "{}: error: the file is a pack; add levels one file at a time",
                    shown(path)
                );
                failed = true;
                continue;
            }
            Err(e) => {
                let _ = writeln!(err, "{}: error: {e}", shown(path));
                failed = true;
                continue;
            }
        };
        // The text is not needed once its levels are read.
        drop(text);
        read.pack.levels.reserve_exact(found.len());
        let several = found.len() > 1;
        for (i, mut level) in found.into_iter().enumerate() {
            if level.name().is_empty() {
                level.set_name(if several {
                    format!("{} {}", file_stem(path), i + 1)
                } else {
                    file_stem(path)
                });
            }
            let mut entry = PackEntry::new(level);
            let job = Job::with_budgets(max_states, max_memory);
            let error = refresh_watched(&bars, &mut entry, &job).err();
            added.push((path.as_path(), error));
            read.pack.levels.push(entry);
        }
    }
    if added.is_empty() {
        // Nothing to add: the pack is neither made nor rewritten.
        let _ = writeln!(
            err,
            "{}: no level was added; nothing was written",
            shown(pack_path)
        );
        return Ok(super::EXIT_FAILED);
    }
    write_pack_with(pack_path, &read.pack, &read.unknown)
        .map_err(|e| format!("{}: {e}", shown(pack_path)))?;
    // Said only once it is true: the pack with the new levels is written.
    // Each level by its name (a collection's title), then its file.
    for (number, (entry, (path, error))) in read.pack.levels[first_added..]
        .iter()
        .zip(added)
        .enumerate()
    {
        let note = match (&entry.summary, error) {
            (_, Some(e)) => format!("not analysed: {e}"),
            (Some(s), None) => summary_words(s, false),
            (None, None) => "not analysed".to_string(),
        };
        let _ = writeln!(
            out,
            "added {} from {} as level {} ({note})",
            quoted(entry.level.name()),
            shown(path),
            first_added + number
        );
    }
    Ok(if failed { super::EXIT_FAILED } else { 0 })
}

#[allow(clippy::too_many_arguments)]
fn check(
    pack_path: &Path,
    min_stars: u8,
    (max_states, max_memory): (u64, u64),
    update: bool,
    json_out: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, String> {
    let _lock = if update { Some(lock(pack_path)?) } else { None };
    let mut read = load(pack_path, err)?;
    if update {
        writable(&read, pack_path)?;
    }
    let bars = MultiProgress::new();
    let bar = bars.add(progress_bar(read.pack.levels.len(), "checking"));
    let checks = check_pack(
        &read.pack,
        CheckOptions {
            min_stars,
            max_states,
        },
        max_memory,
        &|level, job, search| {
            super::progress::watched(
                &bars,
                job,
                &shortened(level.name()),
                search_unit(level),
                search,
            )
        },
        &|| bar.inc(1),
    );
    bar.finish_and_clear();
    let mut failing = 0;
    let numbers = read.file_indices();
    for c in &checks {
        let name = read.pack.levels[c.index].level.name();
        let number = numbers[c.index];
        if !c.passes() {
            failing += 1;
        }
        if json_out {
            let summary = c.summary.as_ref().ok();
            let _ = writeln!(
                out,
                "{}",
                json!({
                    "index": number,
                    "name": name,
                    "passes": c.passes(),
                    "failures": c.failures,
                    "summary": summary,
                })
            );
        } else if c.passes() {
            let _ = writeln!(out, "ok    {number:>3} {}", shortened(name));
        } else {
            let _ = writeln!(
                out,
                "FAIL  {number:>3} {}: {}",
                shortened(name),
                c.failures.join("; ")
            );
        }
    }
    if !read.is_whole() {
        failing += read.damaged.len().max(1);
    }
    if !json_out {
        let _ = writeln!(
            out,
            "{}, {failing} failing",
            levels_word(read.pack.levels.len())
        );
    }
    if update {
        for c in checks {
            read.pack.levels[c.index].set_summary(c.summary.ok());
        }
        write_pack_with(pack_path, &read.pack, &read.unknown)
            .map_err(|e| format!("{}: {e}", shown(pack_path)))?;
    }
    Ok(if failing > 0 { super::EXIT_FAILED } else { 0 })
}

fn dedupe(
    pack_path: &Path,
    json_out: bool,
    write: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, String> {
    let _lock = match write {
        Some(path) => Some(lock(path)?),
        None => None,
    };
    let read = load(pack_path, err)?;
    if write.is_some() {
        writable(&read, pack_path)?;
    }
    let levels: Vec<_> = read.pack.levels.iter().map(|e| e.level.clone()).collect();
    let groups = duplicate_groups(&levels);
    // The entries' own numbers in the file, whatever was skipped.
    let numbers = read.file_indices();
    if json_out {
        let own: Vec<Vec<usize>> = groups
            .iter()
            .map(|g| g.iter().map(|&i| numbers[i]).collect())
            .collect();
        let _ = writeln!(out, "{}", json!({ "groups": own }));
    } else if groups.is_empty() {
        let _ = writeln!(out, "no duplicates among {}", levels_word(levels.len()));
    } else {
        for g in &groups {
            let names: Vec<String> = g
                .iter()
                .map(|&i| format!("{} {}", numbers[i], shortened(levels[i].name())))
                .collect();
            let _ = writeln!(out, "same level: {}", names.join(", "));
        }
    }
    if let Some(path) = write {
        let drop: std::collections::HashSet<usize> =
            groups.iter().flat_map(|g| g[1..].iter().copied()).collect();
        let kept = Pack {
            name: read.pack.name.clone(),
            levels: read
                .pack
                .levels
                .iter()
                .enumerate()
                .filter(|(i, _)| !drop.contains(i))
                .map(|(_, e)| e.clone())
                .collect(),
        };
        write_pack_with(path, &kept, &read.unknown).map_err(|e| format!("{}: {e}", shown(path)))?;
        if !json_out {
            let _ = writeln!(
                out,
                "wrote {} to {}",
                levels_word(kept.levels.len()),
                shown(path)
            );
        }
    }
    Ok(damage_code(&read))
}

/// Every level's stored summary, or a fresh one (on all cores) for levels
/// without; `None` where the level cannot be analysed.
fn summaries(pack: &Pack, max_states: u64, max_memory: u64) -> Vec<Option<LevelSummary>> {
    let bars = MultiProgress::new();
    let bar = bars.add(progress_bar(pack.levels.len(), "analysing"));
    let summaries = pack
        .levels
        .par_iter()
        .map(|e| {
            let s = e.summary.clone().or_else(|| {
                let mut e = e.clone();
                let job = Job::with_budgets(max_states, max_memory);
                refresh_watched(&bars, &mut e, &job).ok().and(e.summary)
            });
            bar.inc(1);
            s
        })
        .collect();
    bar.finish_and_clear();
    summaries
}

fn stats(
    pack_path: &Path,
    json_out: bool,
    (max_states, max_memory): (u64, u64),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, String> {
    let read = load(pack_path, err)?;
    let levels = &read.pack.levels;
    let summaries = summaries(&read.pack, max_states, max_memory);
    let known: Vec<&LevelSummary> = summaries.iter().flatten().collect();
    // The numbers of a state graph, from the levels whose kind has one.
    let graphs: Vec<&GraphFigures> = known.iter().filter_map(|s| s.graph()).collect();
    let mut kinds = serde_json::Map::new();
    for kind in Kind::ALL {
        let n = levels.iter().filter(|e| e.level.kind() == kind).count();
        if n > 0 {
            kinds.insert(kind.name().into(), json!(n));
        }
    }
    // Each kind's own figures: Skiddy's stars, Prism's difficulties, ….
    let kind_stats: Vec<KindStats> = Kind::ALL
        .into_iter()
        .map(|kind| {
            let of_kind: Vec<Option<&LevelSummary>> = levels
                .iter()
                .zip(&summaries)
                .filter(|(e, _)| e.level.kind() == kind)
                .map(|(_, s)| s.as_ref())
                .collect();
            kind.pack_stats(&of_kind)
        })
        .collect();
    let has_graphs = levels.iter().any(|e| e.level.kind().has_state_graph());
    let with_dead_ends = graphs.iter().filter(|s| s.dead_ends > 0).count();
    let total_traps: u64 = graphs.iter().map(|s| s.traps).sum();
    let max_states_seen = graphs.iter().map(|s| s.states).max();
    let unanalysable = summaries.len() - known.len();
    if json_out {
        let mut row = json!({
            "name": read.pack.name,
            "levels": levels.len(),
            "kinds": kinds,
            "damaged": read.damaged.len(),
            "unanalysable": unanalysable,
            "levels_with_dead_ends": with_dead_ends,
            "traps": total_traps,
            "max_states": max_states_seen,
        });
        for (name, value) in kind_stats.into_iter().flat_map(|k| k.json) {
            row[name] = value;
        }
        let _ = writeln!(out, "{row}");
    } else {
        let _ = writeln!(out, "{}: {}", read.pack.name, levels_word(levels.len()));
        if kinds.len() > 1 {
            let counts: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(out, "  kinds: {}", counts.join(", "));
        }
        for line in kind_stats.iter().flat_map(|k| &k.lines) {
            let _ = writeln!(out, "  {line}");
        }
        if has_graphs {
            let _ = writeln!(
                out,
                "  levels with dead ends: {with_dead_ends}, traps in all: {total_traps}"
            );
        }
        if let Some(m) = max_states_seen {
            let _ = writeln!(out, "  largest state graph: {m} states");
        }
        if unanalysable > 0 {
            let _ = writeln!(
                out,
                "  {} could not be analysed (see pack check)",
                levels_word(unanalysable)
            );
        }
        for (i, (e, s)) in read
            .file_indices()
            .into_iter()
            .zip(levels.iter().zip(&summaries))
        {
            let line = match s {
                Some(s) => summary_words(s, true),
                None => "not analysed".into(),
            };
            let _ = writeln!(
                out,
                "  {i:>3} {:<24} {:<7} {line}",
                shortened(e.level.name()),
                e.level.kind().name()
            );
        }
    }
    Ok(damage_code(&read))
}

/// A level's summary on one line: its verdict in a word or two, and for a
/// kind with a state graph its shortest solution (with `graph_numbers`,
/// its states and traps too); a Tangram level's solution count alone.
fn summary_words(s: &LevelSummary, graph_numbers: bool) -> String {
    let word = s.verdict_word();
    let Some(g) = s.graph() else {
        return word;
    };
    let shortest = g.shortest.map_or("none".into(), |n| n.to_string());
    if graph_numbers {
        format!(
            "{word}, shortest {shortest}, states {}, traps {}",
            g.states, g.traps
        )
    } else {
        format!("{word}, shortest {shortest}")
    }
}

/// "1 level", "3 levels".
fn levels_word(n: usize) -> String {
    counted(n as u64, "level", "levels")
}

/// A file name made of a level's index and name.
fn export_name(index: usize, name: &str, ext: &str) -> String {
    let slug: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if slug.is_empty() {
        format!("{index:03}.{ext}")
    } else {
        format!("{index:03}-{slug}.{ext}")
    }
}

/// A level exported as a text file.
struct TextExport {
    /// The file extension to use.
    extension: &'static str,
    /// The file's text.
    text: String,
    /// Why the level's name is not in the text, when it is not.
    name_left_out: Option<String>,
}

/// A level in the first of its kind's own text formats that can say it
/// (Skiddy ASCII, Prism 2016, tangram-text, XSB), else in JSON. A format
/// that cannot say the name (tangram-text has no place for one, an XSB
/// title cannot begin with a space) gets the level without it, and the
/// export says so: the file's name keeps what it can of it.
///
/// An entry that keeps the text around its level in the collection it
/// came from (`kept`, in that collection's format) is written in that
/// format with it: its title, comments and metadata lines come back.
fn text_export_kept(
    level: &Level,
    kept: Option<(&crate::kinds::collection::KeptLevel, TextFormat)>,
) -> TextExport {
    if let Some((kept, format)) = kept {
        let first = level
            .kind()
            .formats()
            .iter()
            .find(|f| **f != TextFormat::JSON);
        if first == Some(&format) {
            if let Some(text) = crate::kinds::collection::level_piece(level, kept, format) {
                return TextExport {
                    extension: format.extension(),
                    text,
                    name_left_out: None,
                };
            }
        }
    }
    let mut unnamed = level.clone();
    unnamed.set_name("");
    for &format in level.kind().formats() {
        if format == TextFormat::JSON {
            continue;
        }
        let (text, name_left_out) = match level.write(format) {
            Ok(text) => (text, None),
            Err(reason) => match unnamed.write(format) {
                Ok(text) if !level.name().is_empty() => (text, Some(reason)),
                _ => continue,
            },
        };
        return TextExport {
            extension: format.extension(),
            text,
            name_left_out,
        };
    }
    let text = level
        .write(TextFormat::JSON)
        .expect("JSON says every level");
    TextExport {
        extension: "json",
        text,
        name_left_out: None,
    }
}

/// What `export` writes.
struct ExportTargets<'a> {
    ascii: Option<&'a Path>,
    sheet: Option<&'a Path>,
    json: Option<&'a Path>,
    /// Export what can be read of a damaged pack (and say what was not).
    skip_damaged: bool,
}

/// Whether `a` and `b` name the same file (either may not exist yet).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

fn export(
    pack_path: &Path,
    targets: ExportTargets<'_>,
    (max_states, max_memory): (u64, u64),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, String> {
    let ExportTargets {
        ascii,
        sheet,
        json: json_path,
        skip_damaged,
    } = targets;
    if ascii.is_none() && json_path.is_none() && sheet.is_none() {
        return Err("say what to export: --ascii DIR, --sheet FILE.png and/or --json FILE".into());
    }
    if let Some(dir) = ascii.filter(|d| d.exists() && !d.is_dir()) {
        return Err(format!(
            "{}: --ascii needs a folder, and this is a file",
            shown(dir)
        ));
    }
    let _lock = match json_path {
        Some(path) => Some(lock(path)?),
        None => None,
    };
    if let Some(path) = json_path.filter(|p| skip_damaged && same_file(p, pack_path)) {
        return Err(format!(
            "{}: --skip-damaged writes the readable levels to another file, and this is the pack itself, whose damaged entries would be lost; give another name",
            shown(path)
        ));
    }
    let read = load(pack_path, err)?;
    if json_path.is_some() && !skip_damaged {
        writable(&read, pack_path)?;
    }
    if let Some(path) = sheet {
        let summaries = summaries(&read.pack, max_states, max_memory);
        let mut cards = crate::pack::sheet::pack_cards(&read.pack, &summaries);
        // Each card keeps its entry's own number in the pack file.
        for (card, number) in cards.iter_mut().zip(read.file_indices()) {
            card.number = number;
        }
        let written = crate::pack::sheet::write_sheet(path, &cards).map_err(|e| e.to_string())?;
        let _ = writeln!(out, "wrote {}", written.words(read.pack.levels.len()));
    }
    if let Some(dir) = ascii {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", shown(dir)))?;
        let bar = progress_bar(read.pack.levels.len(), "exporting");
        let mut names_left_out = Vec::new();
        let kept_format = crate::kinds::collection::KeptCollection::of(&read.unknown)
            .and_then(|k| k.text_format());
        for (i, e) in read.file_indices().into_iter().zip(&read.pack.levels) {
            let kept = crate::kinds::collection::KeptLevel::of(&e.unknown);
            let export = text_export_kept(&e.level, kept.as_ref().zip(kept_format));
            let name = export_name(i, e.level.name(), export.extension);
            let path = dir.join(name);
            crate::atomic::write_atomic(&path, export.text.as_bytes())
                .map_err(|e| format!("{}: {e}", shown(&path)))?;
            if let Some(reason) = export.name_left_out {
                names_left_out.push(format!(
                    "{}: note: written without the level's name: {reason}",
                    shown(&path)
                ));
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
        for note in names_left_out {
            let _ = writeln!(err, "{note}");
        }
        let _ = writeln!(
            out,
            "wrote {} to {}",
            counted(read.pack.levels.len() as u64, "level file", "level files"),
            shown(dir)
        );
    }
    if let Some(path) = json_path {
        write_pack_with(path, &read.pack, &read.unknown)
            .map_err(|e| format!("{}: {e}", shown(path)))?;
        let _ = writeln!(out, "wrote the pack to {}", shown(path));
    }
    if skip_damaged {
        for lost in read.lost() {
            let _ = writeln!(out, "left out {lost}");
        }
        return Ok(0);
    }
    Ok(damage_code(&read))
}

/// The files a pack subcommand reads, and its memory budget.
fn files_read(command: &PackCommand) -> (Vec<&Path>, u64) {
    let (files, max_memory): (Vec<&Path>, _) = match command {
        PackCommand::Add {
            pack,
            levels,
            max_memory,
            ..
        } => (
            std::iter::once(pack.as_path())
                .chain(levels.iter().map(PathBuf::as_path))
                .collect(),
            max_memory,
        ),
        PackCommand::Check {
            pack, max_memory, ..
        }
        | PackCommand::Dedupe {
            pack, max_memory, ..
        }
        | PackCommand::Stats {
            pack, max_memory, ..
        }
        | PackCommand::Export {
            pack, max_memory, ..
        } => (vec![pack.as_path()], max_memory),
        PackCommand::Diff {
            old,
            new,
            max_memory,
            ..
        } => (vec![old.as_path(), new.as_path()], max_memory),
    };
    (files, max_memory.unwrap_or_else(default_max_memory))
}

/// Runs `pack`; returns the exit code: 2 for bad usage, which includes a
/// file too large to read inside `--max-memory` (refused before anything is
/// read or written).
pub fn run(args: &PackArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let (files, max_memory) = files_read(&args.command);
    // The files one command reads are held together (a pack and the
    // level files added to it): their costs add up; the levels added are
    // held with their analyses until the pack is written.
    let refused = match &args.command {
        PackCommand::Add { pack, levels, .. } => {
            let levels: Vec<&Path> = levels.iter().map(PathBuf::as_path).collect();
            crate::pack::read_budget::refuse_to_add_if_over(pack, &levels, max_memory)
        }
        _ => crate::pack::read_budget::refuse_all_if_over(&files, max_memory),
    };
    if let Err(e) = refused {
        let names: Vec<String> = files.iter().map(|f| shown(f).to_string()).collect();
        let _ = writeln!(
            err,
            "error: {}: {e}; nothing was read or written",
            names.join(", ")
        );
        return super::EXIT_USAGE;
    }
    let budgets = |max_states: &u64| (*max_states, max_memory);
    if let PackCommand::Diff {
        old,
        new,
        json,
        max_states,
        ..
    } = &args.command
    {
        let budgets = budgets(max_states);
        return super::pack_diff::run(old, new, *json, budgets, out, err);
    }
    let result = match &args.command {
        PackCommand::Diff { .. } => Ok(0),
        PackCommand::Add {
            pack,
            levels,
            kind,
            max_states,
            ..
        } => add(pack, levels, *kind, budgets(max_states), out, err),
        PackCommand::Check {
            pack,
            min_stars,
            max_states,
            update,
            json,
            ..
        } => check(
            pack,
            *min_stars,
            budgets(max_states),
            *update,
            *json,
            out,
            err,
        ),
        PackCommand::Dedupe {
            pack, json, write, ..
        } => dedupe(pack, *json, write.as_deref(), out, err),
        PackCommand::Stats {
            pack,
            json,
            max_states,
            ..
        } => stats(pack, *json, budgets(max_states), out, err),
        PackCommand::Export {
            pack,
            ascii,
            sheet,
            json,
            skip_damaged,
            max_states,
            ..
        } => export(
            pack,
            ExportTargets {
                ascii: ascii.as_deref(),
                sheet: sheet.as_deref(),
                json: json.as_deref(),
                skip_damaged: *skip_damaged,
            },
            budgets(max_states),
            out,
            err,
        ),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            let _ = writeln!(err, "error: {message}");
            super::EXIT_FAILED
        }
    }
}

//! What a Sokoban level's exploration knew when a budget stopped it,
//! labelled partial: `analyze --json` and the text report of a small own
//! level cut by `--max-states` (and by `--max-memory`, which labels
//! nothing and says so), and the editor's analysis panel showing the same
//! figures on the card of the stop (a kittest flow through the whole
//! editor).

use std::path::PathBuf;

use egui_kittest::kittest::Queryable;

use crate::common::editor::{editor, open_file};
use crate::common::{json_lines, levelscope, path, stderr};
use levelscope::engine::{with_commas, Job};
use levelscope::gui::views::partial_card::HEADING;
use levelscope::kinds::partial_figures::Phrases;
use levelscope::kinds::sokoban::{analyze, read_xsb_one, AnalyzeError};
use levelscope::kinds::{KnownFigures, PartialFigures, PartialStop};

/// Three boxes, 1,115 positions; a win is explored within the first
/// [`CUT`], and pushes from winnable positions into known deadlocks with
/// it.
const THREE: &str = "; Three\n\n########\n#  .   #\n# $$ @ #\n#.  #  #\n#   $. #\n########\n";

/// The budget the level is cut at, in positions: the editor's lowest
/// position budget.
const CUT: u64 = 1_000;

/// A fresh folder for one test.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "levelscope-sokoban-partial-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The partial figures the library gives for [`THREE`] cut at `budget`.
fn partial_at(budget: u64) -> PartialFigures {
    let level = read_xsb_one(THREE).unwrap();
    match analyze(&level, &Job::new(budget)) {
        Err(AnalyzeError::TooBig {
            partial: Some(partial),
            ..
        }) => *partial,
        other => panic!("not stopped with partial figures: {other:?}"),
    }
}

#[test]
fn analyze_json_adds_the_partial_figures_of_a_level_cut_by_the_state_budget() {
    let dir = workdir("json");
    let file = dir.join("three.xsb");
    std::fs::write(&file, THREE).unwrap();
    let budget = CUT.to_string();
    let out = levelscope(&["analyze", "--json", "--max-states", &budget, path(&file)]);
    // As before: a level stopped by the budget is a failure, its row has
    // the error.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    let error = row["error"].as_str().unwrap();
    assert!(
        error.starts_with("too big: stopped after 1000 positions"),
        "{error}"
    );
    assert_eq!(row["file"], path(&file));
    let partial = &row["partial"];
    assert_eq!(partial["positions"], CUT);
    assert_eq!(partial["stopped"], "state budget");
    assert!(partial.get("unavailable").is_none(), "{partial}");

    // The library's figures, each within the whole level's.
    let known: KnownFigures = *partial_at(CUT).known().unwrap();
    assert_eq!(partial["states"], known.states);
    assert_eq!(partial["dead_ends"], known.dead_ends);
    assert_eq!(partial["traps"], known.traps);
    let whole = analyze(&read_xsb_one(THREE).unwrap(), &Job::default())
        .unwrap()
        .report;
    assert!(known.dead_ends > 0 && known.dead_ends <= whole.dead_ends);
    assert!(known.traps > 0 && known.traps <= whole.traps);
    assert!(known.states < whole.states);

    // In text, a line under the error says the same, partial and at least.
    let out = levelscope(&["analyze", "--max-states", &budget, path(&file)]);
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    let line = format!(
        "  explored 1,000 positions before the state budget; partial: at least {} states, at \
         least {} dead-end states, at least {} traps among them",
        with_commas(known.states),
        with_commas(known.dead_ends),
        with_commas(known.traps)
    );
    assert!(text.contains(&line), "{text}");
}

#[test]
fn a_memory_stop_says_the_partial_figures_are_unavailable() {
    let dir = workdir("memory");
    let file = dir.join("three.xsb");
    std::fs::write(&file, THREE).unwrap();
    let out = levelscope(&["analyze", "--json", "--max-memory", "30K", path(&file)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let row = &json_lines(&out)[0];
    assert!(row["error"].as_str().unwrap().contains("memory"), "{row}");
    let partial = &row["partial"];
    assert_eq!(partial["stopped"], "memory budget");
    for field in ["states", "dead_ends", "traps"] {
        assert!(partial[field].is_null(), "{field}: {partial}");
    }
    let why = partial["unavailable"].as_str().unwrap();
    assert!(
        why.starts_with("partial figures are unavailable: the memory budget"),
        "{why}"
    );
}

/// Twelve boxes in an open room: hundreds of thousands of positions, far
/// more than a time limit of 0 s lets the exploration number.
const BIG_ROOM: &str = "; Big room\n\n##########\n#@       #\n# $ $ $  #\n#  $ $ $ #\n# $ $ $  #\n#  $ $ $ #\n#        #\n#........#\n#....    #\n#        #\n##########\n";

#[test]
fn a_time_limit_keeps_the_partial_figures_beside_the_solvers_answer() {
    let dir = workdir("time");
    let file = dir.join("big.xsb");
    std::fs::write(&file, BIG_ROOM).unwrap();
    let out = levelscope(&["analyze", "--json", "--time-limit", "0", path(&file)]);
    // No solution found: a failure, as before.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let row = &json_lines(&out)[0];
    let error = row["error"].as_str().unwrap();
    assert!(
        error.starts_with("stopped exploring at half the time limit"),
        "{error}"
    );
    assert_eq!(row["solver"]["solved"], false, "{row}");
    let partial = &row["partial"];
    assert_eq!(partial["stopped"], "time limit", "{partial}");
    // Where the clock stopped it depends on the machine's load: at the
    // start, or after some multiple of 16,384 positions expanded.
    let positions = partial["positions"].as_u64().unwrap();
    assert!(positions >= 1, "{partial}");
    assert!(
        partial["states"].as_u64().unwrap() >= positions,
        "{partial}"
    );
    assert!(partial["dead_ends"].is_u64() && partial["traps"].is_u64());
}

#[test]
fn the_editor_shows_the_partial_figures_on_the_card_of_the_stop() {
    let mut harness = editor();
    harness.state_mut().prefs_mut().max_positions = CUT;
    open_file(&mut harness, "three.xsb", THREE);
    harness.get_by_label_contains("too big: stopped after 1000 positions");
    let partial = partial_at(CUT);
    assert_eq!(partial.stopped, PartialStop::StateBudget);
    harness.get_by_label(HEADING);
    harness.get_by_label("Explored 1,000 positions before the state budget");
    let Phrases::Figures(phrases) = partial.figure_phrases() else {
        panic!("the state budget keeps figures: {partial:?}");
    };
    for phrase in phrases {
        assert!(phrase.starts_with("at least "), "{phrase}");
        harness.get_by_label(&phrase);
    }
    // The level's own figures are not claimed.
    assert!(harness.query_by_label_contains("dead ends:").is_none());
    // The advice names the budget that stopped it, the position budget,
    // and raising that one in the pack panel explores the level whole.
    harness.get_by_label_contains("raise it in Analysis > Position budget");
    assert!(harness
        .query_by_label_contains("Analysis > State budget")
        .is_none());
    harness
        .get_by_label("Position budget")
        .set_value_accesskit(100_000.0);
    harness.step();
    assert_eq!(harness.state().prefs().max_positions, 100_000);
    crate::common::editor::wait_for_analysis(&mut harness);
    assert!(
        matches!(harness.state().analysis().result, Some(Ok(_))),
        "explored whole within the raised position budget"
    );
    assert!(harness.query_by_label(HEADING).is_none());
}

//! The pack panel driven through egui_kittest, by label.

use std::time::{Duration, Instant};

use egui::vec2;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;

use super::*;
use crate::kinds::skiddy;
use crate::kinds::skiddy::canonical::Symmetry;
use crate::pack::{refresh_summary, PackEntry};

struct State {
    pack: Pack,
    panel: PackPanel,
    actions: Vec<Command>,
    /// The pack edits carried out, as the app carries them out.
    edits: Vec<AppliedEdit>,
    current: Option<usize>,
}

/// A pack edit the panel asked for, once carried out on the harness's pack.
struct AppliedEdit {
    name: String,
    before: Pack,
    map: Option<Vec<Option<usize>>>,
}

fn harness(pack: Pack) -> Harness<'static, State> {
    let state = State {
        pack,
        panel: PackPanel::new(),
        actions: Vec::new(),
        edits: Vec::new(),
        current: None,
    };
    // The check's thread asks for repaints while it runs: room to settle.
    let mut harness = Harness::builder()
        .with_size(vec2(PREFERRED_WIDTH, 1000.0))
        .with_max_steps(64)
        .build_ui_state(
            |ui, state: &mut State| {
                // As the app does: the panel reads the pack, and the pack
                // edits it asks for are carried out once it is drawn.
                let actions = state.panel.show(ui, &state.pack, state.current);
                for action in &actions {
                    if let Command::EditPack(edit) = action {
                        let before = state.pack.clone();
                        let map = edit.apply_to(&mut state.pack);
                        state.edits.push(AppliedEdit {
                            name: edit.name().to_string(),
                            before,
                            map,
                        });
                    }
                }
                state.actions.extend(actions);
            },
            state,
        );
    harness.run();
    harness
}

fn level(text: &str, name: &str) -> Level {
    let mut level = skiddy::parse_level(text).unwrap();
    if level.name.is_empty() {
        level.name = name.into();
    }
    level.into()
}

/// The Skiddy levels of `assets/*.txt`, in file-name order, unanalysed.
fn assets_pack() -> Pack {
    let files = [
        (include_str!("../../../../assets/1-1.txt"), "1-1"),
        (
            include_str!("../../../../assets/crate-push.txt"),
            "crate-push",
        ),
        (include_str!("../../../../assets/dead-end.txt"), "dead-end"),
        (
            include_str!("../../../../assets/four-colours.txt"),
            "four-colours",
        ),
        (
            include_str!("../../../../assets/ice-and-pits.txt"),
            "ice-and-pits",
        ),
    ];
    Pack {
        name: "assets".into(),
        levels: files
            .iter()
            .map(|(text, name)| PackEntry::new(level(text, name)))
            .collect(),
    }
}

fn analysed(mut pack: Pack) -> Pack {
    for entry in &mut pack.levels {
        refresh_summary(entry, 100_000).unwrap();
    }
    pack
}

fn names(pack: &Pack) -> Vec<&str> {
    pack.levels.iter().map(|e| e.level.name()).collect()
}

/// How long a test waits for the check before calling it a hang; the
/// tests wait for its verdicts, this only bounds a hang.
const HANG: Duration = Duration::from_secs(120);

/// Blocks on the panel's running check until it has a verdict not shown
/// yet (or will send no more), failing with a clear message after
/// `deadline`.
fn wait_for_verdict(harness: &mut Harness<'_, State>, deadline: Instant) {
    let left = deadline.saturating_duration_since(Instant::now());
    assert!(
        harness.state_mut().panel.wait_for_check_verdict(left) && !left.is_zero(),
        "the check sent no verdict within {HANG:?}"
    );
}

/// Steps the harness until the check ends, each round waiting for the
/// check's next verdict.
fn wait_for_check(harness: &mut Harness<'_, State>) {
    let deadline = Instant::now() + HANG;
    loop {
        harness.step();
        if !harness.state().panel.is_checking() {
            harness.run();
            return;
        }
        wait_for_verdict(harness, deadline);
    }
}

#[test]
fn clicking_a_level_opens_it() {
    let mut harness = harness(assets_pack());
    harness.get_by_label("dead-end").click();
    harness.run();
    assert_eq!(harness.state().actions, vec![Command::OpenPackEntry(2)]);
    assert_eq!(harness.state().panel.selected(), Some(2));
    harness.get_by_label("1-1").click();
    harness.run();
    assert_eq!(
        harness.state().actions.last(),
        Some(&Command::OpenPackEntry(0))
    );
}

#[test]
fn add_current_level_asks_the_app() {
    let mut harness = harness(assets_pack());
    harness.get_by_label("Add current level").click();
    harness.run();
    assert_eq!(harness.state().actions, vec![Command::AddToPack]);
    assert_eq!(
        harness.state().pack.levels.len(),
        5,
        "the app adds the level"
    );
}

#[test]
fn remove_removes_the_selected_level() {
    let mut harness = harness(assets_pack());
    harness.get_by_label("dead-end").click();
    harness.run();
    harness.get_by_label("Remove").click();
    harness.run();
    let state = harness.state();
    assert_eq!(
        names(&state.pack),
        vec!["1-1", "crate-push", "four-colours", "ice-and-pits"]
    );
    let [Command::EditPack(_)] = &state.actions[1..] else {
        panic!("an edit: {:?}", state.actions);
    };
    let [edit] = &state.edits[..] else {
        panic!("one edit carried out");
    };
    assert_eq!(edit.name, "Remove level 3 \"dead-end\" from the pack");
    assert_eq!(names(&edit.before).len(), 5, "the pack before the removal");
    assert_eq!(
        edit.map,
        Some(vec![Some(0), Some(1), None, Some(2), Some(3)])
    );
    assert_eq!(state.panel.selected(), None);
    assert!(harness.query_by_label("dead-end").is_none());
}

#[test]
fn move_down_moves_the_selected_level() {
    let mut harness = harness(assets_pack());
    harness.get_by_label("1-1").click();
    harness.run();
    harness.get_by_label("Move down").click();
    harness.run();
    assert_eq!(names(&harness.state().pack)[..2], ["crate-push", "1-1"]);
    assert_eq!(
        harness.state().panel.selected(),
        Some(1),
        "the selection follows"
    );
}

#[test]
fn sorting_changes_the_view_until_the_order_is_applied() {
    let pack = analysed(assets_pack());
    let before = pack.clone();
    let mut harness = harness(pack);
    harness.get_by_label("States").click();
    harness.run();
    let view = harness.state().panel.view_order(&harness.state().pack);
    // States: 1-1 10, crate-push 65, dead-end 25, four-colours 2222,
    // ice-and-pits 123.
    assert_eq!(view, vec![0, 2, 1, 4, 3]);
    assert_eq!(
        harness.state().pack,
        before,
        "sorting the view leaves the pack"
    );
    assert!(harness.state().actions.is_empty());

    harness.get_by_label("States").click();
    harness.run();
    let view = harness.state().panel.view_order(&harness.state().pack);
    assert_eq!(view, vec![3, 4, 1, 2, 0], "a second click sorts descending");

    harness.get_by_label("Apply this order to the pack").click();
    harness.run();
    let state = harness.state();
    assert_eq!(
        names(&state.pack),
        vec![
            "four-colours",
            "ice-and-pits",
            "crate-push",
            "dead-end",
            "1-1"
        ]
    );
    assert!(state.panel.sort().is_pack_order());
    assert_eq!(state.panel.view_order(&state.pack), vec![0, 1, 2, 3, 4]);
    assert!(state
        .actions
        .iter()
        .any(|a| matches!(a, Command::EditPack(_))));
    assert!(harness
        .query_by_label("Apply this order to the pack")
        .is_none());
}

#[test]
fn the_filter_hides_levels_from_the_view_only() {
    let mut pack = analysed(assets_pack());
    pack.levels[4].summary = None;
    // A level without a Perfect shows a dash.
    if let Some(crate::kinds::KindFigures::Skiddy(crate::kinds::skiddy::figures::SkiddyFigures {
        shortest_max_combo,
        ..
    })) = pack.levels[0].summary.as_mut().map(|s| &mut s.figures)
    {
        *shortest_max_combo = None;
    }
    let mut harness = harness(pack);
    harness.get_by_label("Show").click();
    harness.run();
    harness.get_by_label("Not analysed").click();
    harness.run();
    assert_eq!(
        harness.state().panel.view_order(&harness.state().pack),
        vec![4]
    );
    assert!(harness.query_by_label("1-1").is_none());
    assert!(harness.query_by_label("ice-and-pits").is_some());
    assert_eq!(harness.state().pack.levels.len(), 5);
}

#[test]
fn drag_and_drop_moves_a_level() {
    let mut harness = harness(assets_pack());
    let from = harness.get_by_label("1-1").rect();
    let onto = harness.get_by_label("dead-end").rect();
    let start = from.center();
    let end = onto.center() + vec2(0.0, onto.height() / 4.0);
    harness.hover_at(start);
    harness.drag_at(start);
    for k in 1..=5 {
        harness.hover_at(start + (end - start) * (k as f32 / 5.0));
    }
    harness.drop_at(end);
    harness.run();
    // Dropped on the lower half of dead-end: after it.
    assert_eq!(
        names(&harness.state().pack),
        vec![
            "crate-push",
            "dead-end",
            "1-1",
            "four-colours",
            "ice-and-pits"
        ]
    );
    assert!(harness
        .state()
        .actions
        .iter()
        .any(|a| matches!(a, Command::EditPack(_))));
    assert!(harness
        .state()
        .actions
        .iter()
        .all(|a| !matches!(a, Command::OpenPackEntry(_))));
}

#[test]
fn check_pack_flags_the_level_with_a_dead_end() {
    let mut harness = harness(assets_pack());
    harness.get_by_label("Check pack").click();
    wait_for_check(&mut harness);
    let state = harness.state();
    let pack = &state.pack;
    assert!(
        pack.levels.iter().all(|e| e.summary.is_some()),
        "summaries are stored"
    );
    let dead_end = state.panel.failures(pack, 2).expect("checked");
    assert!(
        dead_end.iter().any(|f| f.contains("dead end")),
        "{dead_end:?}"
    );
    assert_eq!(state.panel.failures(pack, 0), Some(&[][..]), "1-1 passes");
    assert_eq!(
        state.panel.failures(pack, 4),
        Some(&[][..]),
        "ice-and-pits passes"
    );
    assert!(state
        .actions
        .iter()
        .any(|a| matches!(a, Command::EditPack(_))));
    harness.get_by_label_contains("2 pass, 3 failing, 0 not checked");
    harness.get_by_label_contains("Checked 5 levels");
    // Screen readers read the verdict with the row.
    let row = harness.get_by_label("dead-end");
    let description = row.accesskit_node().description().unwrap_or_default();
    assert!(description.contains("fails: 4 dead ends"), "{description}");
    // Hovering a failing level tells why it fails.
    harness.get_by_label("dead-end").hover();
    harness.run_steps(8);
    harness.get_by_label("Fails the latest check:");
    harness.get_by_label_contains("• 4 dead ends");
    // The failing levels can be picked out.
    harness.get_by_label("Show").click();
    harness.run();
    harness.get_by_label("Failing only").click();
    harness.run();
    assert_eq!(
        harness.state().panel.view_order(&harness.state().pack),
        vec![1, 2, 3]
    );
}

/// The assets and, last, a level whose analysis takes long (a million
/// states).
fn pack_with_a_big_level() -> Pack {
    let mut pack = assets_pack();
    pack.levels.push(PackEntry::new(level(
        include_str!("../../../../assets/bench/skiddy_1m.txt"),
        "big",
    )));
    pack
}

/// Steps the harness until the running check has judged `done` levels,
/// each round waiting for the check's next verdict.
fn wait_for_judged(harness: &mut Harness<'_, State>, done: usize) {
    let deadline = Instant::now() + HANG;
    loop {
        // Step, not run: the check's thread keeps asking for repaints.
        harness.step();
        let judged = harness.state().panel.check_progress().map(|p| p.done);
        if judged.is_some_and(|d| d >= done) {
            harness.step();
            return;
        }
        assert!(judged.is_some(), "the check ended before {done} levels");
        wait_for_verdict(harness, deadline);
    }
}

#[test]
fn rows_fill_in_while_the_check_runs() {
    let mut harness = harness(pack_with_a_big_level());
    harness.get_by_label("Check pack").click();
    harness.step();
    assert!(harness.state().panel.is_checking());
    assert_eq!(harness.state().panel.check_progress().unwrap().total, 6);
    harness.get_by_label_contains("/ 6 levels");
    wait_for_judged(&mut harness, 5);
    let state = harness.state();
    assert!(state.panel.is_checking(), "the big level is still running");
    // The five small levels show their verdicts and fresh numbers now.
    let dead_end = state.panel.failures(&state.pack, 2).expect("judged");
    assert!(dead_end.iter().any(|f| f.contains("dead end")));
    harness.get_by_label_contains("2 pass, 3 failing, 1 not checked");
    let row = harness.get_by_label("1-1");
    let description = row.accesskit_node().description().unwrap_or_default();
    assert!(!description.contains("not analysed"), "{description}");
    assert!(description.contains("passes the check"), "{description}");
    let bar = harness.get_by_label_contains("5 / 6 levels, ");
    let text = bar.accesskit_node().label().unwrap_or_default();
    assert!(text.ends_with(" left"), "the time left: {text}");
    // Nothing is stored in the pack until the check ends.
    assert!(state.pack.levels.iter().all(|e| e.summary.is_none()));
    assert!(state.actions.is_empty());
    harness.get_by_label("Cancel check").click();
    harness.step();
}

#[test]
fn a_cancelled_check_keeps_what_it_judged() {
    let mut harness = harness(pack_with_a_big_level());
    harness.get_by_label("Check pack").click();
    wait_for_judged(&mut harness, 5);
    harness.get_by_label("Cancel check").click();
    harness.step();
    assert!(!harness.state().panel.is_checking());
    std::thread::sleep(Duration::from_millis(50));
    harness.run();
    let state = harness.state();
    // The five judged levels keep their verdicts and fresh analyses, in
    // one undoable edit; the big one stays "not checked".
    assert!(state.pack.levels[..5].iter().all(|e| e.summary.is_some()));
    assert!(state.pack.levels[5].summary.is_none());
    assert!(state.panel.failures(&state.pack, 2).is_some());
    assert!(state.panel.failures(&state.pack, 5).is_none());
    let [Command::EditPack(_)] = &state.actions[..] else {
        panic!("one edit: {:?}", state.actions);
    };
    let edit = &state.edits[0];
    assert_eq!(edit.name, "Store the pack check's fresh analyses");
    assert!(edit.before.levels.iter().all(|e| e.summary.is_none()));
    harness.get_by_label_contains("Cancelled after checking 5 levels");
    harness.get_by_label_contains("1 level is not checked");
    harness.get_by_label_contains("2 pass, 3 failing, 1 not checked");
}

#[test]
fn a_check_started_again_forgets_the_verdicts_of_the_last() {
    let mut harness = harness(assets_pack());
    harness.get_by_label("Check pack").click();
    wait_for_check(&mut harness);
    harness
        .state_mut()
        .panel
        .start_check(&egui::Context::default(), &assets_pack());
    let state = harness.state();
    assert!(state.panel.failures(&state.pack, 2).is_none());
    harness.state_mut().panel.cancel_check(&assets_pack());
}

#[test]
fn a_new_pack_starts_unfiltered() {
    let mut harness = harness(assets_pack());
    harness.state_mut().panel.filter_mut().text = "no such level".into();
    harness.run();
    harness.get_by_label("No level matches the filter.");
    harness.state_mut().panel.reset();
    harness.run();
    assert!(harness.state_mut().panel.filter_mut().is_empty());
    assert!(harness
        .query_by_label("No level matches the filter.")
        .is_none());
    harness.get_by_label("dead-end");
}

#[test]
fn remove_never_acts_on_a_level_the_filter_hides() {
    let mut harness = harness(assets_pack());
    // The level on screen is dead-end; the filter shows only 1-1.
    harness.state_mut().current = Some(2);
    harness.state_mut().panel.filter_mut().text = "1-1".into();
    harness.run();
    assert_eq!(harness.state().panel.selected(), Some(2));
    assert!(harness.query_by_label("dead-end").is_none());
    harness.get_by_label("Remove").click();
    harness.get_by_label("Move up").click();
    harness.run();
    assert_eq!(names(&harness.state().pack).len(), 5);
    assert!(
        harness.state().actions.is_empty(),
        "{:?}",
        harness.state().actions
    );
    // Hovering says why.
    harness.get_by_label("Remove").hover();
    harness.run_steps(8);
    harness.get_by_label_contains("hidden by the filter");
    // Once the level is shown again, Remove removes it.
    harness.state_mut().panel.filter_mut().text.clear();
    harness.run();
    harness.get_by_label("Remove").click();
    harness.run();
    assert_eq!(
        names(&harness.state().pack),
        vec!["1-1", "crate-push", "four-colours", "ice-and-pits"]
    );
}

fn pack_with_a_mirrored_copy() -> Pack {
    let mut pack = assets_pack();
    pack.levels.truncate(2);
    let mut mirrored = Symmetry::MirrorX.apply(pack.levels[1].level.as_skiddy().unwrap());
    mirrored.name = "crate-push mirrored".into();
    pack.levels.push(PackEntry::new(mirrored.into()));
    pack
}

#[test]
fn keep_first_of_each_group_removes_the_mirrored_copy() {
    let mut harness = harness(pack_with_a_mirrored_copy());
    harness.get_by_label("Duplicates").click();
    harness.run();
    harness.get_by_label("Find duplicates").click();
    harness.run();
    assert_eq!(
        harness.state().panel.duplicate_groups(),
        Some(&[vec![1, 2]][..])
    );
    assert_eq!(harness.get_all_by_label("Keep this one").count(), 2);
    // A bulk removal asks first and says how many levels go; Cancel keeps
    // them all.
    harness.get_by_label("Keep first of each group").click();
    harness.run();
    harness.get_by_label_contains("removes 1 level from the pack");
    harness.get_by_label("Cancel").click();
    harness.run();
    assert_eq!(names(&harness.state().pack).len(), 3);
    assert!(harness.query_by_label("Remove 1 level").is_none());
    harness.get_by_label("Keep first of each group").click();
    harness.run();
    harness.get_by_label("Remove 1 level").click();
    harness.run();
    assert_eq!(names(&harness.state().pack), vec!["1-1", "crate-push"]);
    let edit = harness.state().edits.first().map(|e| e.name.clone());
    assert_eq!(
        edit,
        Some("Keep the first of each duplicate group (1 level removed)".to_string())
    );
    assert_eq!(harness.state().panel.duplicate_groups(), Some(&[][..]));
    harness.get_by_label("No duplicates among 2 levels");
}

#[test]
fn keep_this_one_keeps_the_chosen_level() {
    let mut harness = harness(pack_with_a_mirrored_copy());
    harness.get_by_label("Duplicates").click();
    harness.run();
    harness.get_by_label("Find duplicates").click();
    harness.run();
    harness.get_by_label("#3 crate-push mirrored");
    harness
        .get_all_by_label("Keep this one")
        .nth(1)
        .unwrap()
        .click();
    harness.run();
    assert_eq!(
        names(&harness.state().pack),
        vec!["1-1", "crate-push mirrored"]
    );
}

#[test]
fn the_difficulty_curve_shows_with_missing_summaries() {
    let mut pack = analysed(assets_pack());
    pack.levels[1].summary = None;
    pack.levels[3].summary = None;
    let mut harness = harness(pack);
    harness.get_by_label("Difficulty curve").click();
    harness.run();
    harness.get_by_label_contains("2 levels without an analysis are gaps");
    // Hover over the plots: the hover labels look levels up by number.
    let size = harness.ctx.content_rect().size();
    for y in [0.3, 0.45, 0.6] {
        harness.hover_at(egui::pos2(size.x * 0.5, size.y * y));
        harness.run();
    }

    let bare = harness_with_curve(assets_pack());
    bare.get_by_label_contains("No level has an analysis yet");
}

fn harness_with_curve(pack: Pack) -> Harness<'static, State> {
    let mut harness = harness(pack);
    harness.get_by_label("Difficulty curve").click();
    harness.run();
    harness
}

#[test]
fn a_skiddy_pack_has_stars_and_the_perfect_column() {
    let mut skiddy = harness(analysed(assets_pack()));
    skiddy.get_by_label("Verdict");
    skiddy.get_by_label("Perfect");
    skiddy.get_by_label("Min. stars");
    skiddy.get_by_label("Show").click();
    skiddy.run();
    skiddy.get_by_label("Under 3 stars");
    // A Tangram level has no figure: the column keeps Skiddy's name.
    let mut pack = analysed(assets_pack());
    let tangram =
        crate::kinds::tangram::parse_text("1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n");
    pack.levels.push(PackEntry::new(tangram.unwrap().into()));
    let mixed = harness(pack);
    mixed.get_by_label("Perfect");
}

#[test]
fn check_results_given_to_another_panel_show_as_they_were() {
    let mut checked = harness(assets_pack());
    checked.get_by_label("Check pack").click();
    wait_for_check(&mut checked);
    let (pack, results) = {
        let state = checked.state();
        (state.pack.clone(), state.panel.check_results(&state.pack))
    };
    assert!(results.report.is_some() && !results.is_empty());
    assert!(results.failures.iter().all(Option::is_some), "{results:?}");
    // A fresh panel (a restored pack) shows the very same results.
    let mut fresh = harness(pack.clone());
    fresh
        .state_mut()
        .panel
        .restore_check_results(&pack, results.clone());
    fresh.run();
    assert_eq!(fresh.state().panel.check_results(&pack), results);
    fresh.get_by_label_contains("2 pass, 3 failing, 0 not checked");
    fresh.get_by_label_contains("Checked 5 levels");
    // Results for more levels than the pack has are dropped, not shifted.
    let mut shorter = pack.clone();
    shorter.levels.pop();
    let mut panel = PackPanel::new();
    panel.restore_check_results(&shorter, results.clone());
    assert_eq!(
        panel.check_results(&shorter).failures,
        results.failures[..shorter.levels.len()]
    );
}

/// Each level's stored effort score.
fn scores(pack: &Pack) -> Vec<Option<f64>> {
    pack.levels
        .iter()
        .map(|e| {
            e.summary
                .as_ref()
                .and_then(|s| s.effort.as_ref())
                .map(|e| e.score)
        })
        .collect()
}

/// The indices of the scored levels by score (ties by index), then the
/// unscored ones in their order.
fn by_score(scores: &[Option<f64>], descending: bool) -> Vec<usize> {
    let mut scored: Vec<(f64, usize)> = scores
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (s, i)))
        .collect();
    scored.sort_by(|a, b| {
        let by_score = a.0.partial_cmp(&b.0).unwrap();
        let by_score = if descending {
            by_score.reverse()
        } else {
            by_score
        };
        by_score.then(a.1.cmp(&b.1))
    });
    let unscored = (0..scores.len()).filter(|&i| scores[i].is_none());
    scored.into_iter().map(|(_, i)| i).chain(unscored).collect()
}

#[test]
fn the_effort_header_sorts_the_view_by_stored_effort() {
    let mut pack = analysed(assets_pack());
    // A summary stored before there was an effort: it sorts last.
    pack.levels[0].summary.as_mut().unwrap().effort = None;
    let scores = scores(&pack);
    assert_eq!(
        scores.iter().filter(|s| s.is_some()).count(),
        4,
        "{scores:?}"
    );
    let mut harness = harness(pack);
    harness.get_by_label("Effort").click();
    harness.run();
    let view = harness.state().panel.view_order(&harness.state().pack);
    assert_eq!(view, by_score(&scores, false));
    assert_eq!(view.last(), Some(&0));
    assert_ne!(
        view,
        vec![0, 1, 2, 3, 4],
        "the scores are not in pack order"
    );
    harness.get_by_label_contains("Sorted by effort");
    harness.get_by_label("Effort").click();
    harness.run();
    let view = harness.state().panel.view_order(&harness.state().pack);
    assert_eq!(
        view,
        by_score(&scores, true),
        "a second click sorts descending"
    );
    assert_eq!(view.last(), Some(&0), "unscored last both ways");
}

#[test]
fn ordering_by_effort_reorders_the_pack_once_and_counts_the_unscored() {
    let mut pack = analysed(assets_pack());
    pack.levels[1].summary = None;
    pack.levels[3].summary.as_mut().unwrap().effort = None;
    let before = pack.clone();
    let expected = by_score(&scores(&pack), false);
    assert_eq!(&expected[3..], [1, 3], "unscored keep their order, last");
    let mut panel = PackPanel::new();
    let (actions, notice) = panel.order_by_effort(&pack);
    assert_eq!(pack, before, "the panel asks; it does not change the pack");
    match &actions[..] {
        [Command::EditPack(edit)] => {
            assert_eq!(edit.name(), "Order the pack by effort");
            let map = edit.apply_to(&mut pack).expect("a rearrangement");
            assert_eq!(map.len(), 5);
        }
        other => panic!("{other:?}"),
    }
    let names_before = names(&before);
    let wanted: Vec<&str> = expected.iter().map(|&i| names_before[i]).collect();
    assert_eq!(names(&pack), wanted);
    assert_eq!(
        notice,
        "Ordered the pack by effort, easiest first; 2 levels have no effort yet: analyse them (Check pack) to place them"
    );
    // Again: nothing to do, and no edit to undo.
    let (again, notice) = panel.order_by_effort(&pack);
    assert!(again.is_empty());
    assert!(
        notice.starts_with("The pack is in effort order already; 2 levels"),
        "{notice}"
    );
    let mut one = analysed(assets_pack());
    one.levels[4].summary = None;
    let (_, notice) = PackPanel::new().order_by_effort(&one);
    assert!(
        notice.ends_with("; 1 level has no effort yet: analyse it (Check pack) to place it"),
        "{notice}"
    );
}

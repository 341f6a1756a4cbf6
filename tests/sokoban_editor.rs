//! Sokoban in the editor: kittest flows through the whole editor (open a
//! small level, Play, push a box against a wall, see "dead end", take it
//! back; the same on Microban's first level, pushed into a corner), the
//! Generate tab that says there is no generator,
//! and `SokobanGui`'s panels on their own, as `kind_panels` tests the
//! other kinds.

use egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, open_file, wait_for_analysis};
use crate::common::real_levels::real_level;
use levelscope::engine::Job;
use levelscope::gui::app::CentralView;
use levelscope::gui::commands::Command;
use levelscope::gui::kinds::kind_gui::{KindGui, TrapList};
use levelscope::gui::kinds::sokoban::editor::SokobanGui;
use levelscope::gui::kinds::sokoban::tools::Tile;
use levelscope::gui::kinds::tool::Tool;
use levelscope::kinds::{read_levels, Analysis, Level};

/// A level by hand: pushing the box left from (2, 2) puts it against the
/// left wall, where no goal is (a deadlock); it is solved in 6 moves and
/// 2 pushes.
const CORNER: &str = "; Corner\n\n#####\n#  .#\n# $@#\n#   #\n#####\n";

#[test]
fn play_push_a_box_against_the_wall_see_the_dead_end_and_take_it_back() {
    let mut harness = editor();
    open_file(&mut harness, "corner.xsb", CORNER);
    assert!(harness.state().doc().level.as_sokoban().is_some());
    harness.get_by_label("6 moves, 2 pushes");
    harness.get_by_label("Play").click();
    harness.step();
    assert_eq!(harness.state().view(), CentralView::Play);
    harness.get_by_label_contains("6 moves to the nearest win");
    harness.key_press(Key::ArrowLeft);
    harness.step();
    harness.get_by_label("Moves: 1, pushes 1 (L)");
    harness.get_by_label_contains("deadlock: the boxes can no longer");
    // The box on its dead cell is ringed, and Play says why.
    harness
        .get_by_label("Ringed: 1 box on a dead cell, where no push can ever bring it to a goal.");
    harness.key_press(Key::Backspace);
    harness.step();
    assert_eq!(
        harness.query_all_by_label_contains("deadlock: ").count(),
        0,
        "the push is taken back"
    );
    assert!(harness.query_by_label_contains("Ringed:").is_none());
    harness.get_by_label("No moves yet");
    harness.get_by_label_contains("6 moves to the nearest win");
}

/// Microban's first level, opened from the real levels (the collection
/// opens as a pack on its first level): two steps, down then right, push
/// the box at (3, 4) into the corner at (4, 4), where no goal is.
#[test]
fn play_push_a_microban_box_into_a_corner_see_the_dead_end_and_take_it_back() {
    let test = "play_push_a_microban_box_into_a_corner_see_the_dead_end_and_take_it_back";
    let Some((path, _)) = real_level(test, "sokoban/microban_155.xsb") else {
        return;
    };
    let mut harness = editor();
    harness.state_mut().open_path(&path);
    harness.step();
    wait_for_analysis(&mut harness);
    let level = harness.state().doc().level.clone();
    assert_eq!(level.as_sokoban().map(|l| l.name.as_str()), Some("1"));
    harness.get_by_label("33 moves, 8 pushes");
    harness.get_by_label("Play").click();
    harness.step();
    harness.key_press(Key::ArrowDown);
    harness.step();
    assert_eq!(
        harness.query_all_by_label_contains("deadlock: ").count(),
        0,
        "a step dooms nothing"
    );
    // Play's own button, as a player without a keyboard pushes.
    harness.get_by_label("Right").click();
    harness.run();
    harness.get_by_label("Moves: 2, pushes 1 (dR)");
    harness.get_by_label_contains("deadlock: the boxes can no longer");
    harness.key_press(Key::Backspace);
    harness.step();
    assert_eq!(
        harness.query_all_by_label_contains("deadlock: ").count(),
        0,
        "the push is taken back"
    );
    harness.get_by_label("Moves: 1, pushes 0 (d)");
}

/// The analysis panel's tabs, the histogram's legend and the state graph's
/// switch and legend say deadlocks and fatal pushes, as the report card
/// does, never dead ends and traps.
#[test]
fn the_tabs_histogram_and_graph_say_deadlocks_and_fatal_pushes() {
    let mut harness = editor();
    open_file(&mut harness, "corner.xsb", CORNER);
    harness.get_by_label("Fatal pushes and deadlocks").click();
    harness.run();
    assert!(harness.query_by_label("Traps and dead ends").is_none());
    harness.get_by_label("Histogram").click();
    harness.run();
    harness.get_by_label("deadlocks");
    assert!(harness.query_by_label("dead ends").is_none());
    harness.key_press(Key::F3);
    harness.run();
    assert_eq!(harness.state().view(), CentralView::Graph);
    harness.get_by_label("Only the deadlocks and the fatal pushes into them");
    harness.get_by_label("fatal push (a move into a deadlock)");
    harness.get_by_label("deadlock");
    assert!(harness.query_by_label("dead end").is_none());
}

/// The level and its analysis.
fn corner() -> (Level, Analysis) {
    let level = read_levels(CORNER, None, None).unwrap().remove(0);
    let analysis = level.analyze(&Job::default()).unwrap();
    (level, analysis)
}

/// A kind's GUI with the commands its panel returned, all frames together.
struct Panel {
    gui: SokobanGui,
    commands: Vec<Command>,
}

fn panel(
    draw: impl Fn(&mut SokobanGui, &mut egui::Ui) -> Vec<Command> + 'static,
) -> Harness<'static, Panel> {
    Harness::builder()
        .with_size(egui::vec2(700.0, 700.0))
        .build_ui_state(
            move |ui, state: &mut Panel| {
                let mut returned = draw(&mut state.gui, ui);
                state.commands.append(&mut returned);
            },
            Panel {
                gui: SokobanGui::default(),
                commands: Vec::new(),
            },
        )
}

#[test]
fn the_palette_has_the_xsb_tiles_and_paints_through_the_seam() {
    let (level, _) = corner();
    let sokoban = SokobanGui::level(&level).unwrap().clone();
    let mut harness = panel(move |gui, ui| gui.palette(ui, &sokoban, Tool::Pick));
    assert_eq!(harness.state().gui.tile, Tile::Wall);
    harness.get_by_label("Box on goal").click();
    harness.step();
    assert_eq!(harness.state().gui.tile, Tile::BoxOnGoal);
    assert_eq!(
        harness.state().commands,
        vec![Command::SetTool(Tool::Paint)]
    );
    // The XSB characters are the shortcuts.
    let mut gui = SokobanGui::default();
    assert!(gui.shortcut('$', Tool::Paint).is_some());
    assert_eq!(gui.tile, Tile::Box);
    assert!(gui.shortcut('x', Tool::Paint).is_none());
    let keys: Vec<char> = SokobanGui::palette_shortcuts()
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    assert_eq!(keys, ['#', '_', '.', '$', '*', '@']);
    // A goal painted at (1, 3) comes back as one stroke edit.
    gui.tile = Tile::Goal;
    let sokoban = SokobanGui::level(&level).unwrap();
    match gui
        .paint(sokoban, (1, 3), [0.5, 0.5], Tool::Paint, false)
        .as_slice()
    {
        [Command::Edit { name, after, .. }] => {
            assert_eq!(name, "Paint goal at (1, 3)");
            let after = SokobanGui::level(after).unwrap();
            assert!(SokobanGui::describe_cell(after, 1, 3).starts_with("goal"));
        }
        other => panic!("not one edit: {other:?}"),
    }
    // The player cannot be walled in: a warning, no edit.
    gui.tile = Tile::Wall;
    match gui
        .paint(sokoban, (3, 2), [0.5, 0.5], Tool::Paint, false)
        .as_slice()
    {
        [Command::Warn(words)] => assert!(words.contains("player"), "{words}"),
        other => panic!("not a warning: {other:?}"),
    }
}

#[test]
fn the_report_card_says_moves_pushes_deadlocks_and_replays_the_solution() {
    let (_, analysis) = corner();
    let a = SokobanGui::analysis(&analysis).unwrap().clone();
    let mut harness = panel(move |gui, ui| gui.report_card(ui, &a, None));
    harness.get_by_label("6 moves, 2 pushes");
    harness.get_by_label_contains("4 pushes lead into a deadlock");
    harness.get_by_label("Deadlocks");
    harness.get_by_label("40");
    harness.get_by_label("Fatal pushes");
    harness.get_by_label("4 (first at move 1)");
    harness.get_by_label("Dead cells");
    harness.get_by_label("Replay").click();
    harness.step();
    assert_eq!(
        harness.state().commands,
        vec![Command::Replay {
            moves: "dlUluR".into(),
            title: "Shortest: dlUluR".into()
        }]
    );
}

#[test]
fn a_trap_shows_the_push_and_the_deadlock_with_the_lost_box_ringed() {
    let (_, analysis) = corner();
    let traps: std::sync::Arc<Vec<_>> = std::sync::Arc::new(analysis.traps());
    let a = SokobanGui::analysis(&analysis).unwrap().clone();
    let listed = traps.clone();
    let mut harness = panel(move |gui, ui| gui.traps_tab(ui, &a, &listed, None));
    harness.get_by_label("4 fatal pushes, 40 deadlocks. Shallowest first:");
    harness
        .get_all_by_label_contains("-> deadlock")
        .next()
        .unwrap()
        .click();
    harness.step();
    assert_eq!(
        harness.state().commands[0],
        Command::ShowTrap {
            index: 0,
            dead_end_shown: true
        }
    );
    let a = SokobanGui::analysis(&analysis).unwrap().clone();
    let shown: &'static TrapList = Box::leak(traps.to_vec().into_boxed_slice());
    let mut harness = panel(move |gui, ui| gui.trap_view(ui, &a, shown, 0, true, true));
    assert_eq!(harness.get_all_by_label("Last winnable state").count(), 2);
    harness.get_by_label_contains("on a dead cell");
    harness.get_by_label("Replay the way in").click();
    harness.step();
    assert!(matches!(
        &harness.state().commands[0],
        Command::Replay { moves, .. } if moves == "L"
    ));
}

#[test]
fn a_lurd_replay_is_driven_by_its_controls() {
    let (level, analysis) = corner();
    let a = SokobanGui::analysis(&analysis).unwrap().clone();
    let mut gui = SokobanGui::default();
    assert_eq!(
        gui.start_replay(&a, "dlUluR", "Shortest".into()),
        vec![Command::ShowReplay]
    );
    assert_eq!(gui.replay().unwrap().len(), 6);
    assert!(
        matches!(
            gui.start_replay(&a, "dlQ", "x".into()).as_slice(),
            [Command::Warn(_)]
        ),
        "not LURD"
    );
    let sokoban = SokobanGui::level(&level).unwrap().clone();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(700.0, 700.0))
        .build_ui_state(
            move |ui, state: &mut Panel| {
                let mut returned = state.gui.replay_view(ui, &sokoban, &a, 12.0);
                state.commands.append(&mut returned);
            },
            Panel {
                gui,
                commands: Vec::new(),
            },
        );
    harness.get_by_label("Pause replay").click();
    harness.step();
    harness.get_by_label("Start").click();
    harness.step();
    harness.get_by_label("Step forward").click();
    harness.step();
    assert_eq!(harness.state().gui.replay().unwrap().clock.at, 1);
    harness.get_by_label("Move 1 of 6:");
}

#[test]
fn the_generate_tab_of_sokoban_says_there_is_no_generator() {
    use levelscope::gui::kinds::no_generator::NO_GENERATOR;
    use levelscope::gui::kinds::KindGenerators;
    use levelscope::kinds::Kind;
    let mut generators = KindGenerators::default();
    assert_eq!(
        generators.check(Kind::Sokoban).map_err(|e| e.to_string()),
        Err(NO_GENERATOR.to_string())
    );
    assert!(generators.check(Kind::Skiddy).is_ok());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(500.0, 300.0))
        .build_ui_state(
            |ui, g: &mut KindGenerators| {
                let (mut count, mut seed) = (10, 0);
                g.parameters(Kind::Sokoban, ui, &mut count, &mut seed);
            },
            generators,
        );
    harness.step();
    // The tab has nothing to set; the dialog's line says why, once.
    harness.get_by_label("Nothing to set.");
    assert!(harness.query_by_label(NO_GENERATOR).is_none());
}

#[test]
fn the_solution_lists_count_lurd_moves_one_a_letter() {
    let mut harness = editor();
    open_file(
        &mut harness,
        "open.xsb",
        "#######\n#@    #\n# $ . #\n#     #\n#######\n",
    );
    crate::common::editor::wait_for_analysis(&mut harness);
    harness.run_steps(2);
    harness.get_by_label_contains("Solutions: 12, 1 shortest (3 moves)");
    harness.get_by_label("  3  dRR");
}

/// Our own collection opened as a pack: the pack panel's columns speak
/// Sokoban (the verdict column gives the fewest moves, the figure column
/// the fewest pushes), offers no star filter, and sorts by pushes.
#[test]
fn a_sokoban_pack_s_columns_are_moves_and_pushes_and_sort_by_pushes() {
    let mut harness = editor();
    let own =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sokoban/own.xsb");
    harness.state_mut().open_path(&own);
    harness.step();
    wait_for_analysis(&mut harness);
    harness.get_by_label("Verdict");
    harness.get_by_label("Pushes");
    // Sokoban's words for the graph's columns, as its report card says
    // (the card and the header both say them).
    assert_eq!(harness.query_all_by_label("Deadlocks").count(), 2);
    assert_eq!(harness.query_all_by_label("Fatal pushes").count(), 2);
    assert!(harness.query_by_label("Dead ends").is_none());
    assert!(harness.query_by_label("Traps").is_none());
    assert!(harness.query_by_label("Perfect").is_none());
    assert!(harness.query_by_label("Stars").is_none());
    assert!(
        harness.query_by_label("Min. stars").is_none(),
        "no level of the pack gives stars"
    );
    harness.get_by_label("Check pack").click();
    crate::common::editor::wait_for_pack_check(&mut harness);
    harness.run_steps(2);
    let pack = harness.state().pack().as_ref().unwrap().pack.clone();
    let pushes: Vec<Option<u32>> = pack
        .levels
        .iter()
        .map(|e| e.summary.as_ref().and_then(|s| s.column_figure()))
        .collect();
    let names: Vec<&str> = pack.levels.iter().map(|e| e.level.name()).collect();
    assert_eq!(names, ["Corner", "Detour", "Sealed"]);
    assert!(pushes.iter().all(Option::is_some), "{pushes:?}");
    harness.get_by_label("Pushes").click();
    harness.run_steps(2);
    harness.get_by_label("Sorted by fewest pushes");
    let view = harness.state().pack_panel().view_order(&pack);
    let sorted: Vec<Option<u32>> = view.iter().map(|&i| pushes[i]).collect();
    assert!(sorted.windows(2).all(|w| w[0] <= w[1]), "{sorted:?}");
    harness.get_by_label("Show").click();
    harness.run();
    assert!(harness.query_by_label("Under 1 star").is_none());
    harness.get_by_label("Failing only");
}

#[test]
fn a_collection_with_a_bad_level_opens_as_a_pack_that_names_it_and_is_not_saved_over() {
    use levelscope::gui::notices::Severity;
    let mut harness = editor();
    let collection = "; One\n\n#####\n#@$.#\n#####\n\n; Two\n\n#####\n#@x.#\n#####\n\n; Three\n\n#####\n#.$@#\n#####\n";
    open_file(&mut harness, "wild.xsb", collection);
    let app = harness.state();
    let pack = app.pack().as_ref().expect("the collection is the pack");
    let names: Vec<&str> = pack.pack.levels.iter().map(|e| e.level.name()).collect();
    assert_eq!(names, ["One", "Three"]);
    assert_eq!(
        pack.path, None,
        "never saved over the file, which holds Two"
    );
    let error = app
        .notices()
        .latest_of(Severity::Error)
        .expect("the damage is said");
    assert!(
        error
            .text
            .contains("entry 1: the level \"Two\" starting at line 9"),
        "{}",
        error.text
    );
}

#[test]
fn a_latin1_level_file_opens_with_a_warning_that_names_the_encoding() {
    use levelscope::gui::notices::Severity;
    let mut harness = editor();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cafe.xsb");
    let mut bytes = b"; Caf".to_vec();
    bytes.push(0xe9);
    bytes.extend_from_slice(CORNER.trim_start_matches("; Corner").as_bytes());
    std::fs::write(&path, bytes).unwrap();
    harness.state_mut().open_path(&path);
    harness.step();
    wait_for_analysis(&mut harness);
    let app = harness.state();
    assert_eq!(app.doc().level.name(), "Caf\u{e9}");
    let warning = app
        .notices()
        .latest_of(Severity::Warning)
        .expect("a warning");
    assert!(warning.text.contains("read as Latin-1"), "{}", warning.text);
}

/// Issue 45 item 2: Save as `out63.xsb` writes XSB, not JSON (the
/// extension chosen decides the format), and a name whose extension
/// cannot hold the level is refused with the reason, nothing written.
#[test]
fn save_as_a_name_ending_in_xsb_writes_xsb_and_a_png_name_is_refused() {
    use egui::Modifiers;
    let mut harness = editor();
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("corner.json");
    let level = read_levels(CORNER, None, None).unwrap().remove(0);
    std::fs::write(
        &json,
        level.write(levelscope::kinds::TextFormat::JSON).unwrap(),
    )
    .unwrap();
    harness.state_mut().open_path(&json);
    harness.step();
    wait_for_analysis(&mut harness);
    harness.state_mut().prefs_mut().system_file_dialog = false;
    let save_as = |harness: &mut Harness<'static, levelscope::gui::app::EditorApp>, name: &str| {
        harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        harness.run_steps(3);
        assert!(harness.state().dialogs().built_in_open(), "Save as asks");
        harness.get_by_label("File name").focus();
        harness.step();
        harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
        harness.step();
        harness.get_by_label("File name").type_text(name);
        harness.step();
        harness.get_by_label("Save").click();
        harness.run_steps(3);
    };
    save_as(&mut harness, "out63.xsb");
    let out = dir.path().join("out63.xsb");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(!text.trim_start().starts_with('{'), "not JSON: {text}");
    assert_eq!(text, CORNER, "the XSB text of the level, its title kept");
    save_as(&mut harness, "board.png");
    assert!(!dir.path().join("board.png").exists(), "nothing written");
    let said = &harness
        .state()
        .notices()
        .latest_of(levelscope::gui::notices::Severity::Error)
        .expect("the refusal is said")
        .text;
    assert!(
        said.contains("does not write .png files") && said.contains(".xsb"),
        "{said}"
    );
}

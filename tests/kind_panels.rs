//! Each kind's panels on their own: a harness on the kind's GUI type and
//! the level and analysis it shows, no `EditorApp`. A click must come back
//! as the command the editor would carry out, and only the kind's own
//! state may change.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use levelscope::engine::Job;
use levelscope::gui::commands::Command;
use levelscope::gui::kinds::kind_gui::{KindGui, TrapList};
use levelscope::gui::kinds::prism::editor::PrismGui;
use levelscope::gui::kinds::skiddy::editor::SkiddyGui;
use levelscope::gui::kinds::skiddy::tools::Tile;
use levelscope::gui::kinds::tangram::editor::TangramGui;
use levelscope::gui::kinds::tool::Tool;
use levelscope::kinds::{read_levels, Analysis, Kind, Level};

/// A kind's GUI with the commands its panel returned, all frames together.
struct Panel<K> {
    gui: K,
    commands: Vec<Command>,
}

/// A harness that draws one panel of `gui` with `draw` each frame.
fn panel<K: KindGui + 'static>(
    gui: K,
    draw: impl Fn(&mut K, &mut egui::Ui) -> Vec<Command> + 'static,
) -> Harness<'static, Panel<K>> {
    Harness::builder()
        .with_size(egui::vec2(700.0, 700.0))
        .build_ui_state(
            move |ui, state: &mut Panel<K>| {
                let mut returned = draw(&mut state.gui, ui);
                state.commands.append(&mut returned);
            },
            Panel {
                gui,
                commands: Vec::new(),
            },
        )
}

fn level(text: &str, kind: Kind) -> Level {
    read_levels(text, None, Some(kind)).unwrap().remove(0)
}

fn analysed(level: &Level) -> Analysis {
    level.analyze(&Job::default()).unwrap()
}

/// The first level of the sample pack whose analysis has traps.
fn skiddy_with_traps() -> (Level, Analysis) {
    let pack = levelscope::pack::parse_pack(include_str!("../assets/sample-pack.json"))
        .unwrap()
        .pack;
    pack.levels
        .into_iter()
        .map(|e| e.level)
        .filter(|l| l.kind() == Kind::Skiddy)
        .map(|l| {
            let a = analysed(&l);
            (l, a)
        })
        .find(|(_, a)| !a.traps().is_empty())
        .expect("the sample pack has a Skiddy level with traps")
}

#[test]
fn skiddy_palette_selects_a_tile_and_a_pick_tool_gives_way_to_paint() {
    let (level, _) = skiddy_with_traps();
    let skiddy = SkiddyGui::level(&level).unwrap().clone();
    let mut harness = panel(SkiddyGui::default(), move |gui, ui| {
        gui.palette(ui, &skiddy, Tool::Pick)
    });
    assert_eq!(harness.state().gui.tile, Tile::Block);
    harness.get_by_label("Pit").click();
    harness.step();
    assert_eq!(harness.state().gui.tile, Tile::Pit);
    assert_eq!(
        harness.state().commands,
        vec![Command::SetTool(Tool::Paint)]
    );
}

#[test]
fn skiddy_paint_returns_the_level_after_the_stroke_and_a_border_refusal_warns() {
    let (level, _) = skiddy_with_traps();
    let skiddy = SkiddyGui::level(&level).unwrap();
    let mut gui = SkiddyGui::default();
    gui.tile = Tile::Pit;
    let (w, h) = level.size();
    let inside = (1..w - 1)
        .flat_map(|x| (1..h - 1).map(move |y| (x, y)))
        .find(|&(x, y)| SkiddyGui::describe_cell(skiddy, x, y) == "empty")
        .expect("an empty cell inside");
    match gui
        .paint(skiddy, inside, [0.5, 0.5], Tool::Paint, false)
        .as_slice()
    {
        [Command::Edit {
            name,
            stroke: true,
            after,
        }] => {
            assert_eq!(name, &format!("Paint pit at ({}, {})", inside.0, inside.1));
            let after = SkiddyGui::level(after).unwrap();
            assert_eq!(SkiddyGui::describe_cell(after, inside.0, inside.1), "pit");
        }
        other => panic!("not one stroke edit: {other:?}"),
    }
    // A pit on the border is refused, in words, and nothing is edited.
    match gui
        .paint(skiddy, (0, 0), [0.5, 0.5], Tool::Paint, false)
        .as_slice()
    {
        [Command::Warn(_)] => {}
        other => panic!("not a warning: {other:?}"),
    }
}

#[test]
fn skiddy_traps_tab_shows_a_clicked_trap_and_its_view_goes_back() {
    let (_, analysis) = skiddy_with_traps();
    let traps: std::sync::Arc<Vec<_>> = std::sync::Arc::new(analysis.traps());
    let a = SkiddyGui::analysis(&analysis).unwrap().clone();
    let listed = traps.clone();
    let mut harness = panel(SkiddyGui::default(), move |gui, ui| {
        gui.traps_tab(ui, &a, &listed, None)
    });
    harness
        .get_all_by_label_contains("-> dead end")
        .next()
        .unwrap()
        .click();
    harness.step();
    assert_eq!(
        harness.state().commands,
        vec![
            Command::ShowTrap {
                index: 0,
                dead_end_shown: true
            },
            Command::View(levelscope::gui::central_view::CentralView::Edit)
        ]
    );
    let a = SkiddyGui::analysis(&analysis).unwrap().clone();
    let shown: &'static TrapList = Box::leak(traps.to_vec().into_boxed_slice());
    let mut harness = panel(SkiddyGui::default(), move |gui, ui| {
        gui.trap_view(ui, &a, shown, 0, true, true)
    });
    // Side by side: each position under its title.
    assert_eq!(harness.get_all_by_label("Last winnable state").count(), 2);
    assert_eq!(harness.get_all_by_label("Dead end").count(), 1);
    harness.get_by_label("Replay the way in").click();
    harness.step();
    harness.get_by_label("Back to editing").click();
    harness.step();
    let commands = &harness.state().commands;
    assert!(
        matches!(&commands[0], Command::Replay { title, .. } if title.starts_with("Into dead end: "))
    );
    assert_eq!(commands[1], Command::BackToEditing);
}

#[test]
fn skiddy_replay_is_the_kinds_own_and_its_controls_drive_it() {
    let (level, analysis) = skiddy_with_traps();
    let a = SkiddyGui::analysis(&analysis).unwrap().clone();
    let (list, _) = analysis.solution_list(levelscope::engine::Route::Any, 1);
    let mut gui = SkiddyGui::default();
    assert_eq!(
        gui.start_replay(&a, &list[0], "Shortest".into()),
        vec![Command::ShowReplay]
    );
    assert!(gui.replay().unwrap().clock.playing);
    let skiddy = SkiddyGui::level(&level).unwrap().clone();
    let mut harness = panel(gui, move |gui, ui| gui.replay_view(ui, &skiddy, &a, 12.0));
    harness.get_by_label("Pause replay").click();
    harness.step();
    assert!(!harness.state().gui.replay().unwrap().clock.playing);
    harness.get_by_label("Start").click();
    harness.step();
    harness.get_by_label("Step forward").click();
    harness.step();
    assert_eq!(harness.state().gui.replay().unwrap().clock.at, 1);
    assert!(harness.state().commands.is_empty());
}

const PRISM_TRAP: &str = include_str!("fixtures/prism/switch-trap-5x5.txt");

#[test]
fn prism_report_card_replays_the_shortest_solution() {
    let level = level(PRISM_TRAP, Kind::Prism);
    let analysis = analysed(&level);
    let a = PrismGui::analysis(&analysis).unwrap().clone();
    let solution = a.summary.any.solution.clone().expect("solvable");
    let mut harness = panel(PrismGui::default(), move |gui, ui| {
        gui.report_card(ui, &a, None)
    });
    harness.get_by_label_contains("Difficulty");
    harness.get_by_label("Replay").click();
    harness.step();
    assert_eq!(
        harness.state().commands,
        vec![Command::Replay {
            title: format!("Shortest: {solution}"),
            moves: solution,
        }]
    );
}

#[test]
fn prism_background_chooser_is_one_named_edit() {
    let level = level(PRISM_TRAP, Kind::Prism);
    let prism = PrismGui::level(&level).unwrap().clone();
    let start = prism.background;
    let mut harness = panel(PrismGui::default(), move |gui, ui| {
        gui.palette(ui, &prism, Tool::Paint)
    });
    harness.get_by_label("Start background").click();
    harness.run_steps(3);
    let other = levelscope::kinds::prism::Colour::all()
        .into_iter()
        .find(|&c| c != start)
        .unwrap();
    harness.get_by_label(other.name()).click();
    harness.step();
    match harness.state().commands.as_slice() {
        [Command::Edit {
            name,
            stroke: false,
            after,
        }, Command::Say(said)] => {
            assert_eq!(name, "Start background");
            assert_eq!(PrismGui::level(after).unwrap().background, other);
            assert_eq!(said, &format!("The level starts on {other}"));
        }
        other => panic!("not one edit: {other:?}"),
    }
}

#[test]
fn prism_play_buttons_move_the_kinds_own_game() {
    let level = level(PRISM_TRAP, Kind::Prism);
    let analysis = analysed(&level);
    let a = PrismGui::analysis(&analysis).unwrap().clone();
    let prism = PrismGui::level(&level).unwrap().clone();
    let mut harness = panel(PrismGui::default(), move |gui, ui| {
        gui.play_view(ui, &prism, Some(&a), 12.0)
    });
    harness.get_by_label("No moves yet");
    for dir in ["Right", "Down", "Left", "Up"] {
        harness.get_by_label(dir).click();
        harness.run_steps(3);
        if harness
            .state()
            .gui
            .game()
            .is_some_and(|g| !g.moves().is_empty())
        {
            break;
        }
    }
    let game = harness.state().gui.game().expect("Play made a game");
    assert_eq!(game.moves().len(), 1, "one button, one move");
    harness.get_by_label_contains("Moves: 1 (");
    harness.get_by_label("Take back").click();
    harness.run_steps(2);
    assert!(harness.state().gui.game().unwrap().moves().is_empty());
    assert!(harness.state().commands.is_empty());
}

const TWO_WAYS: &str = "2\n3\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n\
shape\n0,1,0\n0,1,1\n0,1,2\n0,1,3\nshape\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n";

#[test]
fn tangram_report_card_steps_through_the_solutions_on_its_own_stepper() {
    let level = level(TWO_WAYS, Kind::Tangram);
    let analysis = analysed(&level);
    let a = TangramGui::analysis(&analysis).unwrap().clone();
    let mut harness = panel(TangramGui::default(), move |gui, ui| {
        gui.report_card(ui, &a, None)
    });
    harness.get_by_label("2 solutions");
    harness.get_by_label("Step through the solutions").click();
    harness.step();
    assert_eq!(
        harness.state().commands,
        vec![
            Command::ShowReplay,
            Command::View(levelscope::gui::central_view::CentralView::Edit)
        ]
    );
    assert_eq!(harness.state().gui.replay().unwrap().at, 0);
}

#[test]
fn tangram_delete_shape_is_an_edit_and_the_selection_follows() {
    let level = level(TWO_WAYS, Kind::Tangram);
    let tangram = TangramGui::level(&level).unwrap().clone();
    let mut gui = TangramGui::default();
    gui.shape = 2;
    let mut harness = panel(gui, move |gui, ui| gui.palette(ui, &tangram, Tool::Paint));
    harness.get_by_label("Delete shape").click();
    harness.step();
    match harness.state().commands.as_slice() {
        [Command::Edit {
            name,
            stroke: false,
            after,
        }, Command::Say(said)] => {
            assert_eq!(name, "Delete shape");
            assert_eq!(TangramGui::level(after).unwrap().shapes.len(), 2);
            assert_eq!(said, "Deleted shape 3");
        }
        other => panic!("not one edit: {other:?}"),
    }
    harness.get_by_label("New shape").click();
    harness.step();
    assert_eq!(harness.state().gui.shape, 3, "the new-shape entry");
}

#[test]
fn tangram_has_no_traps_and_no_graph_and_says_so() {
    let level = level(TWO_WAYS, Kind::Tangram);
    let analysis = analysed(&level);
    let a = TangramGui::analysis(&analysis).unwrap().clone();
    let harness = panel(TangramGui::default(), move |gui, ui| {
        gui.traps_tab(ui, &a, &[], None)
    });
    harness.get_by_label("A Tangram level has no moves, so no traps or dead ends.");
    assert!(!TangramGui::has_cells());
    assert!(TangramGui::solution_routes().is_empty());
}

#[test]
fn prism_palette_letters_clash_with_no_skiddy_palette_letter() {
    // A designer moving between the two kinds' boards keeps their keys
    // apart (this was Prism's own test, which named Skiddy's tiles).
    let skiddy: Vec<char> = levelscope::gui::kinds::palette_shortcuts(Kind::Skiddy)
        .into_iter()
        .map(|(ch, _)| ch)
        .collect();
    let prism = levelscope::gui::kinds::palette_shortcuts(Kind::Prism);
    assert!(!skiddy.is_empty() && !prism.is_empty());
    for (ch, name) in prism {
        assert!(
            !skiddy.contains(&ch),
            "Prism's {name} takes {ch:?}, a Skiddy palette letter"
        );
    }
}

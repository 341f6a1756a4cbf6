//! Prism's board in the main area in each mode but plain editing:
//! replaying moves, showing a trap, Play, and the state graph with a state
//! shown on the board.

use std::sync::Arc;

use egui::{Color32, RichText, Ui};

use super::play::{caught_sentence, dir_word, Game, Over};
use super::replay::Replay;
use crate::engine::Label;
use crate::gui::app::{CentralView, EditorApp, Showing};
use crate::gui::kinds::Replay as KindReplay;
use crate::gui::views::canvas::{self, BoardMarks};
use crate::gui::views::graph_paint::label_words_without_preference;
use crate::gui::views::message_line::message_line;
use crate::gui::views::state_graph::GraphSource;
use crate::kinds::prism::picture::position_picture;
use crate::kinds::prism::{Analysis, Dir, TurnEnd};

/// The colour of a lost game's words.
const CAUGHT_RED: Color32 = Color32::from_rgb(220, 40, 40);

/// The finished analysis of the active Prism level, if there is one.
fn prism_analysis(app: &EditorApp) -> Option<Arc<Analysis>> {
    app.analysis.ready()?.as_prism().cloned()
}

/// The directions of a move string such as `"R R D"`; `None` if a word is
/// not a move.
pub fn parse_moves(text: &str) -> Option<Vec<Dir>> {
    text.split_whitespace()
        .flat_map(|w| w.chars())
        .map(|c| Dir::from_name(&c.to_string()))
        .collect()
}

/// The board replaying a move sequence, with its controls and the move
/// list.
pub fn replay_view(app: &mut EditorApp, ui: &mut Ui) {
    let Some(analysis) = prism_analysis(app) else {
        app.showing = None;
        return;
    };
    let dt = ui.input(|i| i.stable_dt).min(0.1);
    let speed = app.prefs.ticks_per_second / 4.0;
    let Some(Showing::Replay(KindReplay::Prism(replay))) = &mut app.showing else {
        return;
    };
    if replay.advance(dt * speed) {
        ui.ctx().request_repaint();
    }
    let mut back = false;
    ui.horizontal_wrapped(|ui| {
        ui.strong(&replay.title);
        back = ui.button("Back to editing").on_hover_text("Esc").clicked();
    });
    if back {
        app.showing = None;
        return;
    }
    let Some(Showing::Replay(KindReplay::Prism(replay))) = &mut app.showing else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        if ui.button("Start").on_hover_text("Home").clicked() {
            replay.restart();
        }
        if ui.button("Step back").on_hover_text("Left arrow").clicked() {
            replay.step_back();
        }
        let play_text = if replay.playing {
            "Pause replay"
        } else {
            "Play replay"
        };
        if ui.button(play_text).on_hover_text("Space").clicked() {
            replay.toggle_play();
            ui.ctx().request_repaint();
        }
        if ui
            .button("Step forward")
            .on_hover_text("Right arrow")
            .clicked()
        {
            replay.step_forward();
        }
        ui.add(egui::Slider::new(&mut app.prefs.ticks_per_second, 1.0..=60.0).text("speed"));
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Move {} of {}:", replay.at, replay.len()));
        for (i, d) in replay.moves.iter().enumerate() {
            let text = RichText::new(d.name()).monospace();
            let text = if i < replay.at {
                text.strong()
            } else if i == replay.at && replay.tick.is_some() {
                text.color(Color32::from_rgb(230, 140, 0)).strong()
            } else {
                text.weak()
            };
            ui.label(text);
        }
    });
    let (state, end) = replay.resting();
    let note = match end {
        Some(TurnEnd::Caught { x, y }) => format!("caught at ({x}, {y})"),
        Some(TurnEnd::Won) => "won: the player is on the exit".to_string(),
        _ => format!("background {}", state.background),
    };
    ui.label(RichText::new(note).weak());
    let picture = replay.picture(analysis.rules.level());
    let size = ui.available_size();
    canvas::show_board(ui, &picture, &BoardMarks::default(), size, "Replay board");
}

/// Replays a move string from the start on the board.
pub fn replay(app: &mut EditorApp, moves: &str, title: String) {
    let Some(analysis) = prism_analysis(app) else {
        return;
    };
    let Some(dirs) = parse_moves(moves) else {
        app.warn(format!("not a move string: {moves}"));
        return;
    };
    let rules = &analysis.rules;
    let mut replay = Replay::new(rules, &rules.start_state(), &dirs, title);
    // It plays at once; Space pauses it.
    replay.toggle_play();
    app.showing = Some(Showing::Replay(KindReplay::Prism(replay)));
    // The floors view threads the picked moves through the floors where it
    // is; every other view gives way to the board replaying them.
    if app.view != CentralView::Floors {
        app.view = CentralView::Edit;
    }
}

/// The board showing trap `index`: the last winnable position and the dead
/// end, side by side or one at a time, the player ringed in the dead end.
pub fn trap_view(app: &mut EditorApp, ui: &mut Ui, index: usize, dead_end_shown: bool) {
    let Some(analysis) = prism_analysis(app) else {
        app.showing = None;
        return;
    };
    let Some(traps) = app.trap_list() else {
        return;
    };
    let Some(&(trap, depth)) = traps.get(index) else {
        app.showing = None;
        return;
    };
    let way = analysis.graph.path_to(trap.from);
    let mut full = way.clone();
    full.push(trap.mv);
    let way_text = analysis.move_string(&way);
    let mv = Dir::from_index(trap.mv as usize).map_or("?", dir_word);
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Trap {} of {}", index + 1, traps.len()));
        if ui.button("Back to editing").on_hover_text("Esc").clicked() {
            app.showing = None;
        }
        if ui.button("Replay the way in").clicked() {
            let moves = analysis.move_string(&full);
            replay(app, &moves, format!("Into dead end: {moves}"));
        }
    });
    ui.label(format!(
        "After {} ({}) the level can still be won; {mv} leads into a dead end at depth {depth}.",
        if way_text.is_empty() {
            "the start".to_string()
        } else {
            way_text
        },
        crate::words::counted(way.len() as u64, "move", "moves"),
    ));
    let from = analysis.state(trap.from);
    let to = analysis.state(trap.to);
    ui.label(
        RichText::new(format!(
            "Ringed: the player, who can no longer reach the exit from here (background {}).",
            to.background
        ))
        .color(Color32::from_rgb(230, 120, 0)),
    );
    let level = analysis.rules.level();
    let from_picture = position_picture(level, &from, false);
    let to_picture = position_picture(level, &to, false);
    let ringed = [to.player];
    let dead_marks = BoardMarks {
        problems: &[],
        attention: &ringed,
    };
    ui.checkbox(&mut app.prefs.side_by_side, "Side by side");
    let avail = ui.available_size();
    if app.prefs.side_by_side {
        let half = egui::vec2((avail.x - 16.0) / 2.0, avail.y - 24.0);
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label("Last winnable state");
                canvas::show_board(
                    ui,
                    &from_picture,
                    &BoardMarks::default(),
                    half,
                    "Last winnable state",
                );
            });
            ui.vertical(|ui| {
                ui.label(format!("Dead end after {mv}"));
                canvas::show_board(ui, &to_picture, &dead_marks, half, "Dead end");
            });
        });
    } else {
        let mut shown = dead_end_shown;
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut shown, false, "Last winnable state");
            ui.selectable_value(&mut shown, true, "Dead end");
        });
        app.showing = Some(Showing::Trap {
            index,
            dead_end_shown: shown,
        });
        let size = ui.available_size();
        if shown {
            canvas::show_board(ui, &to_picture, &dead_marks, size, "Dead end");
        } else {
            canvas::show_board(
                ui,
                &from_picture,
                &BoardMarks::default(),
                size,
                "Last winnable state",
            );
        }
    }
}

/// The board in Play mode, with the verdict of the position (or the catch)
/// and the moves played.
pub fn play_view(app: &mut EditorApp, ui: &mut Ui) {
    let Some(analysis) = prism_analysis(app) else {
        ui.label("Play needs a valid level with a finished analysis.");
        return;
    };
    let dt = ui.input(|i| i.stable_dt).min(0.1);
    let speed = app.prefs.ticks_per_second / 2.0;
    let rules = &analysis.rules;
    let game = app.prism_play.get_or_insert_with(|| Game::new(rules));
    if let Some(anim) = &mut game.animation {
        if anim.advance(dt * speed) {
            ui.ctx().request_repaint();
        } else {
            game.animation = None;
        }
    }
    let verdict = game.verdict(&analysis);
    let line = if game.caught_at().is_none() {
        format!(
            "Play · {} · background {}",
            game.message, game.state.background
        )
    } else {
        format!("Play · background {}", game.state.background)
    };
    message_line(ui, Some(RichText::new(line).weak()), None);
    let sentence = match (game.over, &verdict) {
        (Some(Over::Caught { x, y, axis }), _) => Some(
            RichText::new(caught_sentence(x, y, axis))
                .color(CAUGHT_RED)
                .size(18.0),
        ),
        (_, Some(v)) => {
            let colour = match v.label {
                Label::Won => Color32::from_rgb(0, 150, 90),
                Label::DeadEnd => CAUGHT_RED,
                Label::Preferred => Color32::from_rgb(40, 110, 220),
                Label::Ok => Color32::from_rgb(120, 120, 120),
            };
            Some(RichText::new(&v.sentence).color(colour).size(18.0))
        }
        (_, None) => None,
    };
    message_line(ui, sentence, Some(18.0));
    ui.horizontal_wrapped(|ui| {
        ui.label(if game.moves.is_empty() {
            "No moves yet".to_string()
        } else {
            format!("Moves: {} ({})", game.moves.len(), game.move_letters())
        });
        if ui.button("Take back").on_hover_text("Backspace").clicked() {
            game.undo();
        }
        if ui.button("Restart").on_hover_text("R").clicked() {
            game.restart(rules);
        }
    });
    ui.horizontal_wrapped(|ui| {
        for dir in [Dir::Left, Dir::Up, Dir::Down, Dir::Right] {
            if ui.button(dir_word(dir)).clicked() {
                game.play(rules, dir);
            }
        }
    });
    let level = rules.level();
    let cells = (level.width(), level.height());
    let size = ui.available_size();
    let caught = game.caught_at().is_some();
    match &game.animation {
        // A big board is drawn from a raster: each move is shown at once.
        Some(anim) if anim.playing && cells.0 * cells.1 <= canvas::RASTER_CELLS => {
            canvas::show_board(
                ui,
                &anim.picture(level),
                &BoardMarks::default(),
                size,
                "Play board",
            );
        }
        _ => {
            let key = canvas::hash_of(&(Arc::as_ptr(&analysis) as usize, &game.state, caught));
            canvas::show_board_cached(
                ui,
                &mut app.board_raster,
                key,
                || position_picture(level, &game.state, caught),
                cells,
                &BoardMarks::default(),
                size,
                "Play board",
                &crate::gui::views::camera::Camera::FIT,
            );
        }
    }
}

/// Plays a move in play mode.
pub fn play_move(app: &mut EditorApp, dir: Dir) {
    let Some(analysis) = prism_analysis(app) else {
        app.warn("play needs a finished analysis of a valid level");
        return;
    };
    let game = app
        .prism_play
        .get_or_insert_with(|| Game::new(&analysis.rules));
    game.play(&analysis.rules, dir);
}

/// The keys of Play (the same for every kind: see
/// [`crate::gui::kinds::play_keys`]).
pub fn play_keys(app: &mut EditorApp, ctx: &egui::Context) {
    let keys = crate::gui::kinds::play_keys::read(ctx);
    for dir in keys.moves.into_iter().filter_map(Dir::from_index) {
        play_move(app, dir);
    }
    if keys.take_back {
        if let Some(game) = &mut app.prism_play {
            game.undo();
        }
    }
    if keys.restart {
        let analysis = prism_analysis(app);
        if let (Some(game), Some(a)) = (&mut app.prism_play, analysis) {
            game.restart(&a.rules);
        }
    }
}

/// Shows state `id` of the analysis: its way from the start as a replay
/// stopped at the end.
pub fn show_state(app: &mut EditorApp, id: u32) {
    let Some(analysis) = prism_analysis(app) else {
        return;
    };
    let path = analysis.graph.path_to(id);
    let moves = analysis.move_string(&path);
    let dirs: Vec<Dir> = path
        .iter()
        .filter_map(|&m| Dir::from_index(m as usize))
        .collect();
    let rules = &analysis.rules;
    let mut replay = Replay::new(
        rules,
        &rules.start_state(),
        &dirs,
        format!(
            "State {id} (depth {}): {}",
            path.len(),
            if moves.is_empty() {
                "the start"
            } else {
                &moves
            }
        ),
    );
    replay.at = replay.len();
    app.graph_selection = Some((id, analysis.graph.states_along(&path)));
    app.showing = Some(Showing::Replay(KindReplay::Prism(replay)));
}

/// The state graph in the main area, its tooltip showing a state's
/// position, with the selected state and a button that shows it on the
/// board.
pub fn state_graph_view(app: &mut EditorApp, ui: &mut Ui) {
    let Some(analysis) = prism_analysis(app) else {
        ui.label("The state graph appears when the analysis is done.");
        return;
    };
    let highlight = app
        .graph_selection
        .as_ref()
        .map(|(_, p)| p.clone())
        .unwrap_or_default();
    if let Some((id, _)) = &app.graph_selection {
        let id = *id;
        ui.horizontal(|ui| {
            let show = ui.button("Show on the board").clicked();
            ui.add(
                egui::Label::new(format!(
                    "Selected state {id}: {} at depth {}",
                    crate::gui::views::graph_paint::label_words_without_preference(
                        analysis.graph.label(id)
                    ),
                    analysis.graph.depth(id)
                ))
                .truncate(),
            );
            if show {
                show_state(app, id);
                app.view = CentralView::Edit;
            }
        });
    } else {
        // The same row without a selection, so the graph never moves.
        ui.horizontal(|ui| {
            ui.add_enabled(false, egui::Button::new("Show on the board"));
            ui.weak("Click a state to select it");
        });
    }
    let shown = analysis.clone();
    let board = move |id| position_picture(shown.rules.level(), &shown.state(id), false);
    let source = GraphSource::new(&analysis, analysis.graph.as_ref(), &board)
        .with_label_words(label_words_without_preference);
    let response = app.graph_view.show(ui, &source, &highlight);
    if let Some(id) = response.clicked {
        show_state(app, id);
    }
}

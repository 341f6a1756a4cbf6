//! Skiddy's board in the main area in each mode but plain editing:
//! replaying a solution, showing a trap with its trapped pieces, Play, and
//! the state graph with a state shown on the board.

use egui::{Color32, RichText, Ui};

use super::board;
use super::dead_end::trapped_skiddies;
use super::play::PlayState;
use super::replay::{parse_moves, Replay};
use crate::engine::Label;
use crate::gui::app::{CentralView, EditorApp, Showing};
use crate::gui::kinds::Replay as KindReplay;
use crate::gui::views::message_line::message_line;
use crate::gui::views::state_graph::GraphSource;
use crate::kinds::skiddy::Dir;

/// The board replaying a move sequence (the [`Showing::Replay`] on show),
/// with its controls and the move list.
pub fn replay_view(app: &mut EditorApp, ui: &mut Ui) {
    let Some(analysis) = app.analysis.skiddy() else {
        app.showing = None;
        return;
    };
    let dt = ui.input(|i| i.stable_dt).min(0.1);
    let speed = app.prefs.ticks_per_second;
    let Some(Showing::Replay(KindReplay::Skiddy(replay))) = &mut app.showing else {
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
    let Some(Showing::Replay(KindReplay::Skiddy(replay))) = &mut app.showing else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        if ui.button("Start").clicked() {
            replay.restart();
        }
        if ui.button("Step back").clicked() {
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
        if ui.button("Step forward").clicked() {
            replay.step_forward();
        }
        ui.add(egui::Slider::new(&mut app.prefs.ticks_per_second, 1.0..=60.0).text("ticks/s"));
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Move {} of {}:", replay.at, replay.len()));
        for (i, d) in replay.moves.iter().enumerate() {
            let text = RichText::new(d.letter().to_string()).monospace();
            let text = if i < replay.at {
                text.strong()
            } else if i == replay.at && replay.tick.is_some() {
                text.color(Color32::from_rgb(230, 140, 0)).strong()
            } else {
                text.weak()
            };
            ui.label(text);
        }
        if let Some((tick, total)) = replay.tick_of() {
            ui.label(format!("· tick {tick} of {total}"));
        }
    });
    // Pieces that look alike and leave together are said once, counted.
    let mut exits: Vec<(String, usize)> = Vec::new();
    if replay.at > 0 {
        for e in &replay.traces[replay.at - 1].exits {
            let line = format!(
                "{} left at tick {}",
                analysis.rules.pieces()[e.piece].describe(),
                e.tick
            );
            match exits.iter_mut().find(|(l, _)| *l == line) {
                Some((_, n)) => *n += 1,
                None => exits.push((line, 1)),
            }
        }
    }
    let exits: Vec<String> = exits
        .into_iter()
        .map(|(line, n)| {
            if n > 1 {
                format!("{line} (×{n})")
            } else {
                line
            }
        })
        .collect();
    message_line(
        ui,
        (!exits.is_empty()).then(|| RichText::new(exits.join(", ")).weak()),
        None,
    );
    board::show_places(ui, &analysis.rules, &replay.places(), "Replay board");
}

/// The board showing trap `index`: the last winnable state and the dead
/// end, side by side or one at a time, the trapped Skiddies ringed.
pub fn trap_view(app: &mut EditorApp, ui: &mut Ui, index: usize, dead_end_shown: bool) {
    let Some(analysis) = app.analysis.skiddy() else {
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
    let way = analysis.path_to(trap.from);
    let mut full = way.clone();
    full.push(trap.mv);
    let way_text = analysis.move_string(&way);
    let mv = Dir::ALL[trap.mv as usize];
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
        "After {} ({} moves) the level can still be won; {:?} falls into a dead end at depth {}.",
        if way_text.is_empty() {
            "the start".to_string()
        } else {
            way_text.clone()
        },
        way.len(),
        mv,
        depth
    ));
    let from_pos = analysis.positions(trap.from);
    let to_pos = analysis.positions(trap.to);
    let trapped = trapped_in(app, index, &to_pos);
    let width = analysis.rules.width();
    let marked: Vec<(usize, usize)> = match &trapped {
        Some(flags) => to_pos
            .iter()
            .zip(flags)
            .filter(|(_, t)| **t)
            .map(|(&p, _)| board::cell_xy(p, width))
            .collect(),
        None => Vec::new(),
    };
    let note = match &trapped {
        Some(_) if marked.is_empty() => "Each Skiddy could still leave on its own, but never all of them: the ringed pieces block each other.".to_string(),
        Some(_) if marked.len() == 1 => "Ringed: the Skiddy that can never leave from here, whatever is played.".to_string(),
        Some(_) => format!("Ringed: the {} Skiddies that can never leave from here, whatever is played.", marked.len()),
        None => "Too many positions follow this dead end to tell which Skiddies are stuck.".to_string(),
    };
    ui.label(RichText::new(note).color(Color32::from_rgb(230, 120, 0)));
    ui.checkbox(&mut app.prefs.side_by_side, "Side by side");
    let avail = ui.available_size();
    if app.prefs.side_by_side {
        let half = egui::vec2((avail.x - 16.0) / 2.0, avail.y - 24.0);
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label("Last winnable state");
                board::show_position(
                    ui,
                    &analysis.rules,
                    &from_pos,
                    &[],
                    half,
                    "Last winnable state",
                );
            });
            ui.vertical(|ui| {
                ui.label(format!("Dead end after {mv:?}"));
                board::show_position(ui, &analysis.rules, &to_pos, &marked, half, "Dead end");
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
            board::show_position(ui, &analysis.rules, &to_pos, &marked, size, "Dead end");
        } else {
            board::show_position(
                ui,
                &analysis.rules,
                &from_pos,
                &[],
                size,
                "Last winnable state",
            );
        }
    }
}

/// The board in Play mode, with the verdict of the position and the moves
/// played.
pub fn play_view(app: &mut EditorApp, ui: &mut Ui) {
    let Some(analysis) = app.analysis.skiddy() else {
        ui.label("Play needs a valid level with a finished analysis.");
        return;
    };
    let dt = ui.input(|i| i.stable_dt).min(0.1);
    let speed = app.prefs.ticks_per_second * 2.0;
    let game = app
        .play
        .get_or_insert_with(|| PlayState::new(&analysis.rules));
    if let Some(anim) = &mut game.animation {
        if anim.advance(dt * speed) {
            ui.ctx().request_repaint();
        } else {
            game.animation = None;
        }
    }
    let verdict = game.verdict(&analysis);
    message_line(
        ui,
        Some(RichText::new(format!("Play · {}", game.message)).weak()),
        None,
    );
    let sentence = verdict.as_ref().map(|v| {
        let colour = match v.label {
            Label::Won => Color32::from_rgb(0, 150, 90),
            Label::DeadEnd => Color32::from_rgb(220, 40, 40),
            Label::Preferred => Color32::from_rgb(40, 110, 220),
            Label::Ok => Color32::from_rgb(120, 120, 120),
        };
        RichText::new(&v.sentence).color(colour).size(18.0)
    });
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
            game.restart(&analysis.rules);
        }
    });
    ui.horizontal_wrapped(|ui| {
        for (dir, text) in [
            (Dir::Left, "Left"),
            (Dir::Up, "Up"),
            (Dir::Down, "Down"),
            (Dir::Right, "Right"),
        ] {
            if ui.button(text).clicked() {
                game.play(&analysis.rules, dir);
            }
        }
    });
    let places: Vec<Option<(f32, f32)>> = match &game.animation {
        Some(anim) if anim.playing => anim.places(),
        _ => board::places_of(&analysis.rules, &game.positions),
    };
    board::show_places(ui, &analysis.rules, &places, "Play board");
}

/// Which Skiddies the dead end of trap `index` traps for good, computed
/// once per trap.
fn trapped_in(app: &mut EditorApp, index: usize, dead_end: &[u8]) -> Option<Vec<bool>> {
    if let Some((i, flags)) = &app.analysis.trapped {
        if *i == index {
            return flags.clone();
        }
    }
    let analysis = app.analysis.skiddy()?;
    let flags = trapped_skiddies(&analysis.rules, dead_end, 200_000);
    app.analysis.trapped = Some((index, flags.clone()));
    flags
}

/// Replays a move string from the start on the board.
pub fn replay(app: &mut EditorApp, moves: &str, title: String) {
    let Some(analysis) = app.analysis.ready().cloned() else {
        return;
    };
    let Some(dirs) = parse_moves(moves) else {
        return;
    };
    let Some(skiddy) = analysis.as_skiddy() else {
        return;
    };
    let rules = &skiddy.rules;
    let mut replay = Replay::new(rules, rules.start_positions(), &dirs, title);
    // It plays at once; Space pauses it.
    replay.toggle_play();
    app.showing = Some(Showing::Replay(KindReplay::Skiddy(replay)));
    app.view = CentralView::Edit;
}

/// Shows state `id` of the analysis: its way from the start as a replay
/// stopped at the end.
pub fn show_state(app: &mut EditorApp, id: u32) {
    let Some(analysis) = app.analysis.ready().cloned() else {
        return;
    };
    let Some(skiddy) = analysis.as_skiddy() else {
        return;
    };
    let Some(graph) = analysis.graph() else {
        return;
    };
    let path = graph.path_to(id);
    let moves = analysis.move_string(&path);
    let dirs: Vec<Dir> = path.iter().map(|&m| Dir::ALL[m as usize]).collect();
    let rules = &skiddy.rules;
    let mut replay = Replay::new(
        rules,
        rules.start_positions(),
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
    app.graph_selection = Some((id, graph.states_along(&path)));
    app.showing = Some(Showing::Replay(KindReplay::Skiddy(replay)));
}

/// Plays a move in play mode.
pub fn play_move(app: &mut EditorApp, dir: Dir) {
    let Some(analysis) = app.analysis.ready().cloned() else {
        app.warn("play needs a finished analysis of a valid level");
        return;
    };
    let Some(skiddy) = analysis.as_skiddy() else {
        return;
    };
    let game = app
        .play
        .get_or_insert_with(|| PlayState::new(&skiddy.rules));
    game.play(&skiddy.rules, dir);
}

/// The keys of Play: arrows or WASD move, Backspace takes back, R
/// restarts.
pub fn play_keys(app: &mut EditorApp, ctx: &egui::Context) {
    let keys = crate::gui::kinds::play_keys::read(ctx);
    for dir in keys
        .moves
        .into_iter()
        .filter_map(|d| Dir::ALL.get(d).copied())
    {
        play_move(app, dir);
    }
    if keys.take_back {
        if let Some(game) = &mut app.play {
            game.undo();
        }
    }
    if keys.restart {
        if let (Some(game), Some(a)) = (&mut app.play, app.analysis.skiddy()) {
            game.restart(&a.rules);
        }
    }
}

/// The state graph in the main area, with the selected state and a button
/// that shows it on the board.
pub fn state_graph_view(app: &mut EditorApp, ui: &mut Ui) {
    let Some(analysis) = app.analysis.skiddy() else {
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
                    crate::gui::views::graph_paint::label_words(analysis.label(id)),
                    analysis.depth(id)
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
    let board = move |id| board::state_picture(&shown, id);
    let source = GraphSource::new(&analysis, analysis.view(), &board);
    let response = app.graph_view.show(ui, &source, &highlight);
    if let Some(id) = response.clicked {
        show_state(app, id);
    }
}

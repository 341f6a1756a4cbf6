//! Prism's board in the main area in each mode but plain editing:
//! replaying moves, showing a trap, Play, and the state graph with a state
//! shown on the board.

use std::sync::Arc;

use egui::{RichText, Ui};

use super::editor::PrismGui;
use super::play::{caught_sentence, dir_word, Game, Over};
use super::replay::Replay;
use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::ReplayCursor;
use crate::gui::kinds::kind_gui::{GraphPanel, TrapList};
use crate::gui::kinds::move_views::{self, label_colour, TrapShown, LOST_RED};
use crate::gui::kinds::play_keys::PlayKeys;
use crate::gui::views::canvas::{self, BoardMarks};
use crate::gui::views::graph_paint::label_words_without_preference;
use crate::gui::views::state_graph::GraphSource;
use crate::kinds::prism::picture::position_picture;
use crate::kinds::prism::{Analysis, Dir, TurnEnd};

/// The directions of a move string such as `"R R D"`; `None` if a word is
/// not a move.
pub fn parse_moves(text: &str) -> Option<Vec<Dir>> {
    text.split_whitespace()
        .flat_map(|w| w.chars())
        .map(|c| Dir::from_name(&c.to_string()))
        .collect()
}

impl PrismGui {
    /// The board replaying a move sequence, with its controls and the move
    /// list.
    pub(super) fn show_replay(
        &mut self,
        ui: &mut Ui,
        analysis: &Analysis,
        speed: f32,
    ) -> Vec<Command> {
        let Some(replay) = self.replay.as_mut() else {
            return vec![Command::BackToEditing];
        };
        let commands = move_views::replay_controls(ui, replay, speed, 0.25, "speed");
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
        commands
    }

    /// Replays a move string from the start on the board.
    pub(super) fn replay_moves(
        &mut self,
        analysis: &Analysis,
        moves: &str,
        title: String,
    ) -> Vec<Command> {
        let Some(dirs) = parse_moves(moves) else {
            return vec![Command::Warn(format!("not a move string: {moves}"))];
        };
        let rules = &analysis.rules;
        let mut replay = Replay::new(rules, &rules.start_state(), &dirs, title);
        // It plays at once; Space pauses it.
        replay.toggle_play();
        self.replay = Some(replay);
        vec![Command::ShowReplay]
    }

    /// The board showing trap `index`: the last winnable position and the
    /// dead end, the player ringed in the dead end.
    pub(super) fn show_trap(
        &mut self,
        ui: &mut Ui,
        analysis: &Analysis,
        traps: &TrapList,
        index: usize,
        (dead_end_shown, side_by_side): (bool, bool),
    ) -> Vec<Command> {
        let Some(&(trap, depth)) = traps.get(index) else {
            return vec![Command::BackToEditing];
        };
        let way = analysis.graph.path_to(trap.from);
        let mut full = way.clone();
        full.push(trap.mv);
        let way_text = analysis.move_string(&way);
        let mv = Dir::from_index(trap.mv as usize).map_or("?", dir_word);
        let from = analysis.state(trap.from);
        let to = analysis.state(trap.to);
        let level = analysis.rules.level();
        let shown = TrapShown {
            sentence: format!(
                "After {} ({}) the level can still be won; {mv} leads into a dead end at depth {depth}.",
                if way_text.is_empty() {
                    "the start".to_string()
                } else {
                    way_text
                },
                crate::words::counted(way.len() as u64, "move", "moves"),
            ),
            note: format!(
                "Ringed: the player, who can no longer reach the exit from here (background {}).",
                to.background
            ),
            way_in: analysis.move_string(&full),
            move_words: mv.to_string(),
            from: position_picture(level, &from, false),
            to: position_picture(level, &to, false),
            ringed: vec![to.player],
        };
        move_views::trap_view(
            ui,
            &shown,
            (index, traps.len()),
            dead_end_shown,
            side_by_side,
        )
    }

    /// The board in Play mode, with the verdict of the position (or the
    /// catch) and the moves played.
    pub(super) fn show_play(&mut self, ui: &mut Ui, analysis: &Arc<Analysis>, speed: f32) {
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        let rules = &analysis.rules;
        let game = self.game.get_or_insert_with(|| Game::new(rules));
        if let Some(anim) = &mut game.animation {
            if anim.advance(dt * speed / 2.0) {
                ui.ctx().request_repaint();
            } else {
                game.animation = None;
            }
        }
        let verdict = game.verdict(analysis);
        let message = if game.caught_at().is_none() {
            format!(
                "Play · {} · background {}",
                game.message, game.state.background
            )
        } else {
            format!("Play · background {}", game.state.background)
        };
        let sentence = match (game.over, &verdict) {
            (Some(Over::Caught { x, y, axis }), _) => Some(
                RichText::new(caught_sentence(x, y, axis))
                    .color(LOST_RED)
                    .size(18.0),
            ),
            (_, Some(v)) => Some(
                RichText::new(&v.sentence)
                    .color(label_colour(v.label))
                    .size(18.0),
            ),
            (_, None) => None,
        };
        let played = (!game.moves().is_empty())
            .then(|| format!("Moves: {} ({})", game.moves().len(), game.move_letters()));
        let buttons =
            [Dir::Left, Dir::Up, Dir::Down, Dir::Right].map(|d| (d as usize, dir_word(d)));
        let pressed = move_views::play_controls(ui, message, sentence, played, &buttons);
        if pressed.take_back {
            game.undo();
        }
        if pressed.restart {
            game.restart(rules);
        }
        if let Some(dir) = pressed.mv.and_then(Dir::from_index) {
            game.play(rules, dir);
        }
        let level = rules.level();
        let cells = (level.width(), level.height());
        let size = ui.available_size();
        let caught = game.caught_at().is_some();
        match &game.animation {
            // A big board is drawn from a raster: each move is shown at once.
            Some(anim) if anim.clock.playing && cells.0 * cells.1 <= canvas::RASTER_CELLS => {
                canvas::show_board(
                    ui,
                    &anim.picture(level),
                    &BoardMarks::default(),
                    size,
                    "Play board",
                );
            }
            _ => {
                let key = canvas::hash_of(&(Arc::as_ptr(analysis) as usize, &game.state, caught));
                canvas::show_board_cached(
                    ui,
                    &mut self.play_raster,
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

    /// The keys of Play (the same for every kind: see
    /// [`crate::gui::kinds::play_keys`]).
    pub(super) fn read_play_keys(&mut self, keys: &PlayKeys, analysis: Option<&Arc<Analysis>>) {
        let Some(analysis) = analysis else {
            return;
        };
        let game = self.game.get_or_insert_with(|| Game::new(&analysis.rules));
        for dir in keys.moves.iter().filter_map(|&d| Dir::from_index(d)) {
            game.play(&analysis.rules, dir);
        }
        if keys.take_back {
            game.undo();
        }
        if keys.restart {
            game.restart(&analysis.rules);
        }
    }

    /// State `id` of the analysis on the board: its way from the start as a
    /// replay stopped at the end, selected in the graph.
    fn show_state(&mut self, analysis: &Analysis, id: u32) -> Vec<Command> {
        let (path, title, commands) =
            move_views::state_shown(analysis.graph.as_ref(), id, |p| analysis.move_string(p));
        let dirs: Vec<Dir> = path
            .iter()
            .filter_map(|&m| Dir::from_index(m as usize))
            .collect();
        let rules = &analysis.rules;
        let mut replay = Replay::new(rules, &rules.start_state(), &dirs, title);
        replay.clock.at = replay.len();
        self.replay = Some(replay);
        commands
    }

    /// The state graph in the main area, its tooltip showing a state's
    /// position, with the selected state and a button that shows it on the
    /// board.
    pub(super) fn show_graph(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        graph: GraphPanel<'_>,
    ) -> Vec<Command> {
        let shown = analysis.clone();
        let board = move |id| position_picture(shown.rules.level(), &shown.state(id), false);
        let source = GraphSource::new(analysis, analysis.graph.as_ref(), &board)
            .with_label_words(label_words_without_preference);
        move_views::state_graph_panel(
            ui,
            graph,
            &source,
            |id| {
                format!(
                    "{} at depth {}",
                    label_words_without_preference(analysis.graph.label(id)),
                    analysis.graph.depth(id)
                )
            },
            |id| self.show_state(analysis, id),
        )
    }
}

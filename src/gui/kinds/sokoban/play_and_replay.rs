//! Sokoban's board in the main area in each mode but plain editing:
//! replaying LURD moves, showing a trap (the push and the deadlock side by
//! side), Play, and the state graph with a state shown on the board.

use std::sync::Arc;

use egui::{RichText, Ui};

use super::editor::SokobanGui;
use super::lost_boxes::ringed_boxes;
use super::play::Game;
use super::replay::{parse_lurd, Replay};
use crate::engine::GraphView;
use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::{GraphPanel, ReplayCursor, TrapList};
use crate::gui::kinds::move_views::{self, label_colour, TrapShown};
use crate::gui::kinds::play_keys::PlayKeys;
use crate::gui::views::canvas::{self, BoardMarks};
use crate::gui::views::graph_paint::label_words_without_preference;
use crate::gui::views::state_graph::GraphSource;
use crate::kinds::sokoban::picture::{position_picture, position_picture_with_dead_cells};
use crate::kinds::sokoban::{Analysis, Dir, Rules};

impl SokobanGui {
    /// The board replaying a LURD string, with its controls and the move
    /// list.
    pub(super) fn show_replay(
        &mut self,
        ui: &mut Ui,
        analysis: &Analysis,
        speed: f32,
    ) -> Vec<Command> {
        self.show_replay_on(ui, &analysis.rules, speed)
    }

    /// The board replaying a LURD string on the level `rules` compiled,
    /// with its controls and the move list.
    pub(super) fn show_replay_on(
        &mut self,
        ui: &mut Ui,
        rules: &Rules,
        speed: f32,
    ) -> Vec<Command> {
        let Some(replay) = self.replay.as_mut() else {
            return vec![Command::BackToEditing];
        };
        let commands = move_views::replay_controls(ui, replay, speed, 0.25, "speed");
        let note = if rules.is_won(replay.resting()) {
            "won: every box is on a goal".to_string()
        } else {
            format!(
                "{} so far",
                crate::words::counted(replay.pushes_done() as u64, "push", "pushes")
            )
        };
        ui.label(RichText::new(note).weak());
        let picture = replay.picture(rules);
        let size = ui.available_size();
        canvas::show_board(ui, &picture, &BoardMarks::default(), size, "Replay board");
        commands
    }

    /// Replays a LURD string from the start on the board.
    pub(super) fn replay_moves(
        &mut self,
        analysis: &Analysis,
        moves: &str,
        title: String,
    ) -> Vec<Command> {
        self.replay_moves_on(&analysis.rules, moves, title)
    }

    /// Replays a LURD string from the start of the level `rules`
    /// compiled, on the board.
    pub(super) fn replay_moves_on(
        &mut self,
        rules: &Rules,
        moves: &str,
        title: String,
    ) -> Vec<Command> {
        let Some(dirs) = parse_lurd(moves) else {
            return vec![Command::Warn(format!("not a LURD move string: {moves}"))];
        };
        let mut replay = Replay::new(rules, &dirs, title);
        // It plays at once; Space pauses it.
        replay.toggle_play();
        self.replay = Some(replay);
        vec![Command::ShowReplay]
    }

    /// The board showing trap `index`: the last winnable position and the
    /// deadlock after the push, the boxes that can never reach a goal
    /// ringed (see [`ringed_boxes`]).
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
        let (Some(graph), Some(from), Some(to)) = (
            analysis.graph.as_deref(),
            analysis.state(trap.from),
            analysis.state(trap.to),
        ) else {
            return vec![Command::BackToEditing];
        };
        let way = graph.path_to(trap.from);
        let mut full = way.clone();
        full.push(trap.mv);
        let way_text = analysis.lurd(&way);
        let dir = Dir::from_index(trap.mv as usize).unwrap_or(Dir::Up);
        let rules = &analysis.rules;
        let pushed = Some(to.player)
            .map(|p| rules.next(p, dir.index()))
            .filter(|b| to.boxes.binary_search(b).is_ok());
        let (ringed, note) = ringed_boxes(rules, &to, pushed);
        let shown = TrapShown {
            sentence: format!(
                "After {} ({}) the level can still be won; pushing {} leads into a deadlock at depth {depth}.",
                if way_text.is_empty() {
                    "the start".to_string()
                } else {
                    way_text
                },
                crate::words::counted(way.len() as u64, "move", "moves"),
                dir.word(),
            ),
            note,
            way_in: analysis.lurd(&full),
            move_words: format!("the push {}", dir.word()),
            from: position_picture(rules, &from),
            to: position_picture(rules, &to),
            ringed,
        };
        move_views::trap_view(
            ui,
            &shown,
            (index, traps.len()),
            dead_end_shown,
            side_by_side,
        )
    }

    /// The board in Play mode, with the verdict of the position and the
    /// moves played.
    pub(super) fn show_play(&mut self, ui: &mut Ui, analysis: &Arc<Analysis>, _speed: f32) {
        let game = self.game.get_or_insert_with(|| Game::new(analysis));
        let verdict = game.verdict(analysis);
        let message = format!("Play · {}", game.message);
        let sentence = verdict.map(|v| {
            RichText::new(v.sentence)
                .color(label_colour(v.label))
                .size(18.0)
        });
        let buttons = [
            (Dir::Left, "Left"),
            (Dir::Up, "Up"),
            (Dir::Down, "Down"),
            (Dir::Right, "Right"),
        ]
        .map(|(d, text)| (d.index(), text));
        let pressed = move_views::play_controls(ui, message, sentence, game.played(), &buttons);
        if pressed.take_back {
            game.undo();
        }
        if pressed.restart {
            game.restart();
        }
        if let Some(dir) = pressed.mv.and_then(Dir::from_index) {
            game.play(dir);
        }
        // Dead cells hatched as in Edit; in a deadlock, the lost boxes
        // ringed as in the traps view, with the note that says why.
        let ringed = game.deadlocked_boxes(analysis);
        if let Some((_, note)) = &ringed {
            ui.label(RichText::new(note).color(move_views::RINGED_NOTE));
        }
        let marks = BoardMarks {
            attention: ringed.as_ref().map_or(&[], |(cells, _)| cells.as_slice()),
            ..BoardMarks::default()
        };
        let picture = position_picture_with_dead_cells(&analysis.rules, game.state.position());
        let size = ui.available_size();
        canvas::show_board(ui, &picture, &marks, size, "Play board");
    }

    /// The keys of Play (the same for every kind: see
    /// [`crate::gui::kinds::play_keys`]).
    pub(super) fn read_play_keys(&mut self, keys: &PlayKeys, analysis: Option<&Arc<Analysis>>) {
        let Some(analysis) = analysis else {
            return;
        };
        let game = self.game.get_or_insert_with(|| Game::new(analysis));
        for dir in keys.moves.iter().filter_map(|&d| Dir::from_index(d)) {
            game.play(dir);
        }
        if keys.take_back {
            game.undo();
        }
        if keys.restart {
            game.restart();
        }
    }

    /// State `id` of the analysis on the board: its way from the start as a
    /// replay stopped at the end, selected in the graph.
    fn show_state(&mut self, analysis: &Analysis, id: u32) -> Vec<Command> {
        let (path, title, commands) = match analysis.graph.as_deref() {
            Some(graph) => move_views::state_shown(graph, id, |p| analysis.lurd(p)),
            None => {
                let (_, title, commands) =
                    move_views::state_shown(analysis.positions.as_ref(), id, |p| {
                        format!("{} pushes", p.len())
                    });
                let path = analysis.position_path(id);
                let title = format!(
                    "{title} (position: box set + player area): {}",
                    analysis.lurd(&path)
                );
                (path, title, commands)
            }
        };
        let dirs: Vec<Dir> = path
            .iter()
            .filter_map(|&m| Dir::from_index(m as usize))
            .collect();
        let mut replay = Replay::new(&analysis.rules, &dirs, title);
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
        let (graph_shown, steps): (&dyn GraphView, bool) = match analysis.graph.as_deref() {
            Some(graph) => (graph, true),
            None => (analysis.positions.as_ref(), false),
        };
        let board = move |id| {
            let position = if steps {
                shown.state(id)
            } else {
                Some(shown.position(id))
            };
            position_picture(&shown.rules, &position.unwrap_or_else(|| shown.position(0)))
        };
        if !steps {
            ui.label(positions_note(analysis));
        }
        let source = GraphSource::new(analysis, graph_shown, &board)
            .with_label_words(label_words_without_preference)
            .with_graph_words(crate::kinds::sokoban::figures::GRAPH_WORDS);
        move_views::state_graph_panel(
            ui,
            graph,
            &source,
            |id| {
                if steps {
                    format!(
                        "{} at depth {}",
                        label_words_without_preference(graph_shown.label(id)),
                        graph_shown.depth(id)
                    )
                } else {
                    format!(
                        "{} after {} (positions: box set + player area)",
                        label_words_without_preference(graph_shown.label(id)),
                        crate::words::counted(graph_shown.depth(id) as u64, "push", "pushes")
                    )
                }
            },
            |id| self.show_state(analysis, id),
        )
    }
}

/// What the state graph shows when the level is too big to show one step
/// a move: its positions, and how many states they stand for.
pub fn positions_note(analysis: &Analysis) -> String {
    format!(
        "positions: box set + player area — {} (one push a move), standing for {} (more than {} are not drawn one a step)",
        crate::words::counted(analysis.positions.len() as u64, "position", "positions"),
        crate::words::counted(analysis.report.states, "state", "states"),
        crate::kinds::sokoban::STEP_GRAPH_LIMIT
    )
}

#[cfg(test)]
mod positions_note_tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::sokoban::{analyze, read_xsb_one};

    #[test]
    fn the_note_says_the_graph_shows_positions() {
        let a = analyze(
            &read_xsb_one("#####\n#@$.#\n#####\n").unwrap(),
            &Job::default(),
        )
        .unwrap();
        let note = positions_note(&a);
        assert!(
            note.starts_with("positions: box set + player area — 2 positions"),
            "{note}"
        );
        assert!(note.contains("standing for 2 states"), "{note}");
    }
}

//! Skiddy's board in the main area in each mode but plain editing:
//! replaying a solution, showing a trap with its trapped pieces, Play, and
//! the state graph with a state shown on the board.

use std::sync::Arc;

use egui::{RichText, Ui};

use super::board;
use super::dead_end::trapped_skiddies;
use super::editor::SkiddyGui;
use super::play::PlayState;
use super::replay::{parse_moves, Replay};
use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::ReplayCursor;
use crate::gui::kinds::kind_gui::{GraphPanel, TrapList};
use crate::gui::kinds::move_views::{self, label_colour, TrapShown};
use crate::gui::kinds::play_keys::PlayKeys;
use crate::gui::views::message_line::message_line;
use crate::gui::views::state_graph::GraphSource;
use crate::kinds::skiddy::picture as skiddy_picture;
use crate::kinds::skiddy::{Analysis, Dir};

/// How many states the search for trapped Skiddies may visit.
const TRAPPED_BUDGET: usize = 200_000;

impl SkiddyGui {
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
        let commands = move_views::replay_controls(ui, replay, speed, 1.0, "ticks/s");
        // Pieces that look alike and leave together are said once, counted.
        let mut exits: Vec<(String, usize)> = Vec::new();
        if replay.clock.at > 0 {
            for e in &replay.traces[replay.clock.at - 1].exits {
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
        commands
    }

    /// The board showing trap `index`: the last winnable state and the dead
    /// end, the trapped Skiddies ringed.
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
        let way = analysis.path_to(trap.from);
        let mut full = way.clone();
        full.push(trap.mv);
        let way_text = analysis.move_string(&way);
        let mv = Dir::ALL[trap.mv as usize];
        let from_pos = analysis.positions(trap.from);
        let to_pos = analysis.positions(trap.to);
        let trapped = self.trapped_in(analysis, index, &to_pos);
        let width = analysis.rules.width();
        let ringed: Vec<(usize, usize)> = match &trapped {
            Some(flags) => to_pos
                .iter()
                .zip(flags)
                .filter(|(_, t)| **t)
                .map(|(&p, _)| board::cell_xy(p, width))
                .collect(),
            None => Vec::new(),
        };
        let note = match &trapped {
            Some(_) if ringed.is_empty() => "Each Skiddy could still leave on its own, but never all of them: the ringed pieces block each other.".to_string(),
            Some(_) if ringed.len() == 1 => "Ringed: the Skiddy that can never leave from here, whatever is played.".to_string(),
            Some(_) => format!("Ringed: the {} Skiddies that can never leave from here, whatever is played.", ringed.len()),
            None => "Too many positions follow this dead end to tell which Skiddies are stuck.".to_string(),
        };
        let shown = TrapShown {
            sentence: format!(
                "After {} ({} moves) the level can still be won; {mv:?} falls into a dead end at depth {depth}.",
                if way_text.is_empty() {
                    "the start".to_string()
                } else {
                    way_text
                },
                way.len(),
            ),
            note,
            way_in: analysis.move_string(&full),
            move_words: format!("{mv:?}"),
            from: board_picture(analysis, &from_pos),
            to: board_picture(analysis, &to_pos),
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

    /// Which Skiddies the dead end of trap `index` traps for good, computed
    /// once per trap.
    fn trapped_in(
        &mut self,
        analysis: &Analysis,
        index: usize,
        dead_end: &[u8],
    ) -> Option<Vec<bool>> {
        if let Some((i, flags)) = &self.trapped {
            if *i == index {
                return flags.clone();
            }
        }
        let flags = trapped_skiddies(&analysis.rules, dead_end, TRAPPED_BUDGET);
        self.trapped = Some((index, flags.clone()));
        flags
    }

    /// The board in Play mode, with the verdict of the position and the
    /// moves played.
    pub(super) fn show_play(&mut self, ui: &mut Ui, analysis: &Analysis, speed: f32) {
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        let game = self
            .game
            .get_or_insert_with(|| PlayState::new(&analysis.rules));
        if let Some(anim) = &mut game.animation {
            if anim.advance(dt * speed * 2.0) {
                ui.ctx().request_repaint();
            } else {
                game.animation = None;
            }
        }
        let verdict = game.verdict(analysis).map(|v| {
            RichText::new(&v.sentence)
                .color(label_colour(v.label))
                .size(18.0)
        });
        let played = (!game.moves().is_empty())
            .then(|| format!("Moves: {} ({})", game.moves().len(), game.move_letters()));
        let buttons = [
            (Dir::Left, "Left"),
            (Dir::Up, "Up"),
            (Dir::Down, "Down"),
            (Dir::Right, "Right"),
        ]
        .map(|(d, text)| (d as usize, text));
        let pressed = move_views::play_controls(
            ui,
            format!("Play · {}", game.message),
            verdict,
            played,
            &buttons,
        );
        if pressed.take_back {
            game.undo();
        }
        if pressed.restart {
            game.restart(&analysis.rules);
        }
        if let Some(dir) = pressed.mv.and_then(dir_of) {
            game.play(&analysis.rules, dir);
        }
        let places: Vec<Option<(f32, f32)>> = match &game.animation {
            Some(anim) if anim.clock.playing => anim.places(),
            _ => board::places_of(&analysis.rules, &game.positions),
        };
        board::show_places(ui, &analysis.rules, &places, "Play board");
    }

    /// The keys of Play: arrows or WASD move, Backspace takes back, R
    /// restarts.
    pub(super) fn read_play_keys(&mut self, keys: &PlayKeys, analysis: Option<&Arc<Analysis>>) {
        let Some(analysis) = analysis else {
            return;
        };
        let game = self
            .game
            .get_or_insert_with(|| PlayState::new(&analysis.rules));
        for dir in keys.moves.iter().filter_map(|&d| Dir::ALL.get(d).copied()) {
            game.play(&analysis.rules, dir);
        }
        if keys.take_back {
            game.undo();
        }
        if keys.restart {
            game.restart(&analysis.rules);
        }
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
        let mut replay = Replay::new(rules, rules.start_positions(), &dirs, title);
        // It plays at once; Space pauses it.
        replay.toggle_play();
        self.replay = Some(replay);
        vec![Command::ShowReplay]
    }

    /// State `id` of the analysis on the board: its way from the start as a
    /// replay stopped at the end, selected in the graph.
    fn show_state(&mut self, analysis: &Analysis, id: u32) -> Vec<Command> {
        let (path, title, commands) =
            move_views::state_shown(analysis.view(), id, |p| analysis.move_string(p));
        let dirs: Vec<Dir> = path.iter().map(|&m| Dir::ALL[m as usize]).collect();
        let rules = &analysis.rules;
        let mut replay = Replay::new(rules, rules.start_positions(), &dirs, title);
        replay.clock.at = replay.len();
        self.replay = Some(replay);
        commands
    }

    /// The state graph in the main area, with the selected state and a
    /// button that shows it on the board.
    pub(super) fn show_graph(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        graph: GraphPanel<'_>,
    ) -> Vec<Command> {
        let shown = analysis.clone();
        let picture = move |id| board::state_picture(&shown, id);
        let source = GraphSource::new(analysis, analysis.view(), &picture);
        move_views::state_graph_panel(
            ui,
            graph,
            &source,
            |id| {
                format!(
                    "{} at depth {}",
                    crate::gui::views::graph_paint::label_words(analysis.label(id)),
                    analysis.depth(id)
                )
            },
            |id| self.show_state(analysis, id),
        )
    }
}

/// The direction of move `index`.
fn dir_of(index: usize) -> Option<Dir> {
    Dir::ALL.get(index).copied()
}

/// A position of the analysis as a picture of whole cells.
fn board_picture(analysis: &Analysis, positions: &[u8]) -> crate::picture::Picture {
    skiddy_picture::places_picture(
        &analysis.rules,
        &board::places_of(&analysis.rules, positions),
    )
}

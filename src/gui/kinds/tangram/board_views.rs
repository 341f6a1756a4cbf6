//! Tangram's board in the main area in each mode but plain editing: Play
//! (the tray, drag and snap, score and hint) and the solution stepper.

use std::sync::Arc;

use egui::{Color32, RichText, Sense, Ui};

use super::coords::placement_words;
use super::play::{Drag, Game, MARGIN};
use crate::engine::Job;
use crate::gui::app::{CentralView, EditorApp, Showing};
use crate::gui::kinds::Replay as KindReplay;
use crate::gui::views::canvas::{self, BoardMarks};
use crate::gui::views::message_line::message_line;
use crate::gui::views::picture_painter::{self, Placement as ScreenPlacement};
use crate::kinds::tangram::picture::{board_picture, push_cross, push_shape, shape_colour};
use crate::kinds::tangram::{Analysis, Level, Placement, Triangle};
use crate::picture::{Picture, Rgba, Stroke};

/// The colour of a win's words.
const WON_GREEN: Color32 = Color32::from_rgb(40, 150, 60);
/// The tray's ground.
const TRAY: Rgba = Rgba::rgb(244, 242, 236);
/// The mark on a triangle covered twice, and on a hinted shape's pin.
const OVERLAP: Rgba = Rgba([200, 30, 30, 220]);
/// How much the shapes that keep their place fade in a solution shown.
const UNMOVED_ALPHA: f32 = 0.35;

/// The finished analysis of the active Tangram level, if there is one.
fn tangram_analysis(app: &EditorApp) -> Option<Arc<Analysis>> {
    app.analysis.ready()?.as_tangram().cloned()
}

/// The solutions of an analysis, stepped through one at a time on the
/// board.
#[derive(Clone, Debug, PartialEq)]
pub struct Stepper {
    /// The listed solutions.
    pub solutions: Vec<Placement>,
    /// The one shown.
    pub at: usize,
    /// The exact count, when known (more than the listed ones, maybe).
    pub total: Option<u128>,
}

impl Stepper {
    /// The next solution (round to the first after the last).
    pub fn step_forward(&mut self) {
        self.at = (self.at + 1) % self.solutions.len().max(1);
    }

    /// The previous solution (round to the last before the first).
    pub fn step_back(&mut self) {
        let n = self.solutions.len().max(1);
        self.at = (self.at + n - 1) % n;
    }

    /// The first solution.
    pub fn restart(&mut self) {
        self.at = 0;
    }
}

/// Shows listed solution `index` of the analysis on the board.
pub fn show_solution(app: &mut EditorApp, index: usize) {
    let Some(analysis) = tangram_analysis(app) else {
        return;
    };
    if analysis.listed().is_empty() {
        app.say("The level has no solution to show");
        return;
    }
    let stepper = Stepper {
        solutions: analysis.listed().to_vec(),
        at: index.min(analysis.listed().len() - 1),
        total: analysis.solutions(),
    };
    app.showing = Some(Showing::Replay(KindReplay::Tangram(stepper)));
    app.view = CentralView::Edit;
}

/// The picture of `level` with every shape moved by `placement` (offsets
/// `dy` upward); shapes that keep their place fade when `fade_unmoved`.
pub fn solution_picture(level: &Level, placement: &Placement, fade_unmoved: bool) -> Picture {
    let n = level.size;
    let mut picture = board_picture(n);
    for (i, shape) in level.shapes.iter().enumerate() {
        let (dx, dy) = placement.offsets.get(i).copied().unwrap_or((0, 0));
        let alpha = if fade_unmoved && (dx, dy) == (0, 0) {
            UNMOVED_ALPHA
        } else {
            1.0
        };
        push_shape(
            &mut picture,
            &shape.triangles,
            n,
            [dx as f32, -dy as f32],
            shape_colour(i),
            Some(&(i + 1).to_string()),
            alpha,
        );
    }
    picture
}

/// The board showing one solution, with buttons to step through them.
pub fn replay_view(app: &mut EditorApp, ui: &mut Ui) {
    let Some(level) = app.doc().level.as_tangram().cloned() else {
        app.showing = None;
        return;
    };
    let Some(Showing::Replay(KindReplay::Tangram(stepper))) = &mut app.showing else {
        return;
    };
    let mut back = false;
    let count = stepper.solutions.len();
    ui.horizontal(|ui| {
        let of = match stepper.total {
            Some(total) => total.to_string(),
            None => format!("at least {count}"),
        };
        ui.strong(format!("Solution {} of {of}", stepper.at + 1));
        back = ui.button("Back to editing").on_hover_text("Esc").clicked();
    });
    if back {
        app.showing = None;
        return;
    }
    let Some(Showing::Replay(KindReplay::Tangram(stepper))) = &mut app.showing else {
        return;
    };
    ui.horizontal(|ui| {
        if ui
            .button("Previous solution")
            .on_hover_text("Left arrow")
            .clicked()
        {
            stepper.step_back();
        }
        if ui
            .button("Next solution")
            .on_hover_text("Right arrow")
            .clicked()
        {
            stepper.step_forward();
        }
    });
    // Each message keeps a line of its own, there or not, cut with … when
    // long (the whole text on hover): stepping never moves the board.
    let listed = stepper
        .total
        .filter(|&total| total > count as u128)
        .map(|total| {
            RichText::new(format!(
                "The first {count} of {total} solutions are listed."
            ))
            .weak()
        });
    message_line(ui, listed, None);
    let placement = stepper.solutions[stepper.at].clone();
    message_line(
        ui,
        Some(RichText::new(format!(
            "{}.",
            capitalised(&placement_words(&placement))
        ))),
        None,
    );
    message_line(
        ui,
        (!placement.is_home()).then(|| {
            RichText::new("Shapes that move are bright; the ones that keep their place are faded.")
                .weak()
        }),
        None,
    );
    let picture = solution_picture(&level, &placement, !placement.is_home());
    let size = ui.available_size();
    canvas::show_board(ui, &picture, &BoardMarks::default(), size, "Solution board");
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// Tangram has no moves to replay: its solutions are shown with
/// [`show_solution`].
pub fn replay(app: &mut EditorApp, _moves: &str, _title: String) {
    show_solution(app, 0);
}

/// The main area in Play mode: the score, the hint and restart, and the
/// board with the tray beside it, where shapes are dragged.
pub fn play_view(app: &mut EditorApp, ui: &mut Ui) {
    let Some(level) = app.doc().level.as_tangram().cloned() else {
        return;
    };
    if !level.is_valid() || level.shapes.is_empty() {
        ui.label(
            "This level cannot be played until it has shapes and no problems: \
             fix it in Edit mode (the problems are listed on the left).",
        );
        return;
    }
    let view = ui.available_size();
    let aspect = (view.x / (view.y - 60.0).max(1.0)).clamp(0.3, 4.0);
    let game = app
        .tangram_play
        .get_or_insert_with(|| Game::new(&level, aspect));
    let mut hint = false;
    let mut restart = false;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Score {}", game.score));
        ui.label(format!("· drops {}", game.drops));
        ui.label(format!(
            "· {} of {} shapes on the board",
            game.shapes_on_board(),
            game.offsets.len()
        ));
        let hint_text = if game.hint_used {
            "Hint used".to_string()
        } else {
            format!("Hint (costs {})", level.size)
        };
        hint = ui
            .add_enabled(!game.hint_used, egui::Button::new(hint_text))
            .on_hover_text("H: place one shape where a solution can still have it, or say which placed shape blocks every solution")
            .on_disabled_hover_text("One hint a puzzle")
            .clicked();
        restart = ui.button("Restart").on_hover_text("R").clicked();
    });
    if hint {
        take_hint(app, &level);
    }
    if restart {
        app.tangram_play = Some(game_restarted(app, &level));
    }
    let Some(game) = app.tangram_play.as_mut() else {
        return;
    };
    let solved = game.solved(&level);
    let message = match &game.message {
        Some(m) if solved => RichText::new(m).color(WON_GREEN).strong(),
        Some(m) => RichText::new(m),
        None => RichText::new(
            "Drag the shapes from the tray onto the board; they snap to whole squares and never turn.",
        )
        .weak(),
    };
    message_line(ui, Some(message), None);
    play_area(ui, game, &level);
}

/// The board and the tray, with dragging.
fn play_area(ui: &mut Ui, game: &mut Game, level: &Level) {
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Play area"));
    let (w, h) = game.area;
    let size = Picture::new(w as f32 + 2.0 * MARGIN, h as f32 + 2.0 * MARGIN);
    let at = ScreenPlacement::fit(rect, &size);
    if at.scale <= 0.0 {
        return;
    }
    game.view = Some((at.origin, at.scale));
    let to_squares = |p: egui::Pos2| {
        [
            (p.x - at.origin.x) / at.scale - MARGIN,
            (p.y - at.origin.y) / at.scale - MARGIN,
        ]
    };
    if response.drag_started() {
        let origin = ui
            .input(|i| i.pointer.press_origin())
            .or(response.interact_pointer_pos());
        if let Some(p) = origin {
            match game.shape_at(level, to_squares(p)) {
                Some(s) if game.locked[s] => {
                    game.message = Some(format!(
                        "Shape {} was placed by the hint and stays there.",
                        s + 1
                    ));
                }
                Some(s) => {
                    game.drag = Some(Drag {
                        shape: s,
                        from: game.offsets[s],
                        moved: [0.0, 0.0],
                    });
                }
                None => {}
            }
        }
    }
    if let Some(drag) = &mut game.drag {
        let delta = response.drag_delta() / at.scale;
        drag.moved[0] += delta.x;
        drag.moved[1] += delta.y;
    }
    if response.drag_stopped() {
        if let Some(drag) = game.drag.take() {
            let to = (
                drag.from.0 + drag.moved[0].round() as i32,
                drag.from.1 + drag.moved[1].round() as i32,
            );
            game.drop_shape(level, drag.shape, to);
        }
    }
    let picture = play_picture(game, level);
    let painter = ui.painter_at(rect);
    for shape in &picture.shapes {
        picture_painter::paint_shape(&painter, at, shape);
    }
    if let Some(p) = response.hover_pos() {
        if game.drag.is_none() && game.shape_at(level, to_squares(p)).is_some() {
            ui.ctx().set_cursor_icon(egui::CursorIcon::Grab);
        }
    }
    if game.drag.is_some() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
    }
}

/// The play area as a picture: the board, the tray, the shapes in drawing
/// order (the dragged one where the pointer has it), and a red cross on
/// every triangle covered twice. The play area's squares start
/// [`MARGIN`] right of and below the picture's corner, so that the tray
/// has a margin all round.
pub fn play_picture(game: &Game, level: &Level) -> Picture {
    let n = level.size;
    let (w, h) = game.area;
    let mut picture = Picture::new(w as f32 + 2.0 * MARGIN, h as f32 + 2.0 * MARGIN);
    let (tray_x, tray_y) = game.tray;
    picture.rounded_rect(
        [tray_x as f32 - MARGIN, tray_y as f32 - MARGIN],
        [w as f32 + MARGIN, h as f32 + MARGIN],
        0.3,
        Some(TRAY),
        Some(Stroke::new(0.03, Rgba([0, 0, 0, 40]))),
    );
    for shape in board_picture(n).shapes {
        picture.push(shape);
    }
    for &s in &game.order {
        let (dx, dy) = game.offsets[s];
        let (offset, alpha) = match game.drag {
            Some(d) if d.shape == s => (
                [d.from.0 as f32 + d.moved[0], d.from.1 as f32 + d.moved[1]],
                0.85,
            ),
            _ => ([dx as f32, dy as f32], 1.0),
        };
        push_shape(
            &mut picture,
            &level.shapes[s].triangles,
            n,
            offset,
            shape_colour(s),
            Some(&(s + 1).to_string()),
            alpha,
        );
        if game.locked[s] {
            if let Some(at) =
                crate::kinds::tangram::picture::label_point(&level.shapes[s].triangles, n)
            {
                picture.circle(
                    [at[0] + offset[0] + 0.22, at[1] + offset[1] - 0.18],
                    0.07,
                    Some(OVERLAP),
                    None,
                );
            }
        }
    }
    let cover = game.coverage(level);
    let mark = Stroke::new(0.05, OVERLAP);
    for (i, &c) in cover.iter().enumerate() {
        if c > 1 {
            push_cross(&mut picture, Triangle::from_index(i, n), n, 0.1, mark);
        }
    }
    let mut moved = picture.translated(MARGIN, MARGIN);
    moved.width = picture.width;
    moved.height = picture.height;
    moved
}

/// The game of Play mode from its start.
fn game_restarted(app: &EditorApp, level: &Level) -> Game {
    match &app.tangram_play {
        Some(game) => game.restarted(level),
        None => Game::new(level, 1.6),
    }
}

/// Asks the game for the honest hint.
fn take_hint(app: &mut EditorApp, level: &Level) {
    if let Some(game) = app.tangram_play.as_mut() {
        game.hint(level, &Job::default());
    }
}

/// The keys of Play mode: H asks for the hint, R restarts.
pub fn play_keys(app: &mut EditorApp, ctx: &egui::Context) {
    let Some(level) = app.doc().level.as_tangram().cloned() else {
        return;
    };
    let keys = crate::gui::kinds::play_keys::read(ctx);
    if keys.restart && app.tangram_play.is_some() {
        app.tangram_play = Some(game_restarted(app, &level));
    }
    let hint_key = ctx.input(|i| i.key_pressed(crate::gui::keys::HINT_KEY));
    if hint_key && level.is_valid() && app.tangram_play.as_ref().is_some_and(|g| !g.hint_used) {
        take_hint(app, &level);
    }
}

//! Tangram's board in the main area in each mode but plain editing: Play
//! (the tray, drag and snap, score and hint) and the solution stepper.

use egui::{Color32, RichText, Sense, Ui};

use super::coords::placement_words;
use super::play::{Game, MARGIN};
use crate::engine::Job;
use crate::gui::commands::Command;
use crate::gui::kinds::play_keys::PlayKeys;
use crate::gui::views::canvas::{self, BoardMarks};
use crate::gui::views::message_line::message_line;
use crate::gui::views::picture_painter::{self, Placement as ScreenPlacement};
use crate::kinds::tangram::picture::{board_picture, push_cross, push_shape, shape_colour};
use crate::kinds::tangram::{Analysis, Level, Placement, Triangle};
use crate::picture::{Picture, Rgba, Stroke};
use crate::words::capitalised;

/// The colour of a win's words.
const WON_GREEN: Color32 = Color32::from_rgb(40, 150, 60);
/// The tray's ground.
const TRAY: Rgba = Rgba::rgb(244, 242, 236);
/// The mark on a triangle covered twice, and on a hinted shape's pin.
const OVERLAP: Rgba = Rgba([200, 30, 30, 220]);
/// How much the shapes that keep their place fade in a solution shown.
const UNMOVED_ALPHA: f32 = 0.35;

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

impl crate::gui::kinds::kind_gui::ReplayCursor for Stepper {
    fn toggle_play(&mut self) {
        Stepper::step_forward(self);
    }

    fn step_forward(&mut self) {
        Stepper::step_forward(self);
    }

    fn step_back(&mut self) {
        Stepper::step_back(self);
    }

    fn restart(&mut self) {
        Stepper::restart(self);
    }
}

/// The stepper at listed solution `index` of the analysis; `None` when
/// the level has no solution to show.
pub fn stepper_at(analysis: &Analysis, index: usize) -> Option<Stepper> {
    let listed = analysis.listed();
    (!listed.is_empty()).then(|| Stepper {
        solutions: listed.to_vec(),
        at: index.min(listed.len() - 1),
        total: analysis.solutions(),
    })
}

/// Shows listed solution `index` of the analysis on the board (in
/// `stepper`).
pub fn show_solution(
    stepper: &mut Option<Stepper>,
    analysis: &Analysis,
    index: usize,
) -> Vec<Command> {
    match stepper_at(analysis, index) {
        Some(shown) => {
            *stepper = Some(shown);
            vec![
                Command::ShowReplay,
                Command::View(crate::gui::central_view::CentralView::Edit),
            ]
        }
        None => vec![Command::Say(
            "The level has no solution to show".to_string(),
        )],
    }
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
pub fn replay_view(ui: &mut Ui, level: &Level, stepper: &mut Stepper) -> Vec<Command> {
    let mut commands = Vec::new();
    let count = stepper.solutions.len();
    if count == 0 {
        return vec![Command::BackToEditing];
    }
    ui.horizontal(|ui| {
        let of = match stepper.total {
            Some(total) => total.to_string(),
            None => format!("at least {count}"),
        };
        ui.strong(format!("Solution {} of {of}", stepper.at + 1));
        if ui.button("Back to editing").on_hover_text("Esc").clicked() {
            commands.push(Command::BackToEditing);
        }
    });
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
    let picture = solution_picture(level, &placement, !placement.is_home());
    let size = ui.available_size();
    canvas::show_board(ui, &picture, &BoardMarks::default(), size, "Solution board");
    commands
}

/// The main area in Play mode: the score, the hint and restart, and the
/// board with the tray beside it, where shapes are dragged.
pub fn play_view(ui: &mut Ui, level: &Level, game: &mut Option<Game>) {
    if !level.is_valid() || level.shapes.is_empty() {
        ui.label(
            "This level cannot be played until it has shapes and no problems: \
             fix it in Edit mode (the problems are listed on the left).",
        );
        return;
    }
    let view = ui.available_size();
    let aspect = (view.x / (view.y - 60.0).max(1.0)).clamp(0.3, 4.0);
    let playing = game.get_or_insert_with(|| Game::new(level, aspect));
    let mut hint = false;
    let mut restart = false;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Score {}", playing.score));
        ui.label(format!("· drops {}", playing.drops));
        ui.label(format!(
            "· {} of {} shapes on the board",
            playing.shapes_on_board(),
            playing.offsets.len()
        ));
        let hint_text = if playing.hint_used {
            "Hint used".to_string()
        } else {
            format!("Hint (costs {})", level.size)
        };
        hint = ui
            .add_enabled(!playing.hint_used, egui::Button::new(hint_text))
            .on_hover_text("H: place one shape where a solution can still have it, or say which placed shape blocks every solution")
            .on_disabled_hover_text("One hint a puzzle")
            .clicked();
        restart = ui.button("Restart").on_hover_text("R").clicked();
    });
    if hint {
        playing.hint(level, &Job::default());
    }
    if restart {
        *playing = playing.restarted(level);
    }
    let solved = playing.solved(level);
    let message = match &playing.message {
        Some(m) if solved => RichText::new(m).color(WON_GREEN).strong(),
        Some(m) => RichText::new(m),
        None => RichText::new(
            "Drag the shapes from the tray onto the board; they snap to whole squares and never turn.",
        )
        .weak(),
    };
    message_line(ui, Some(message), None);
    play_area(ui, playing, level);
}

/// The board and the tray, with dragging.
fn play_area(ui: &mut Ui, game: &mut Game, level: &Level) {
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Play area"));
    let [w, h] = game.drawing.size;
    let size = Picture::new(w + 2.0 * MARGIN, h + 2.0 * MARGIN);
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
                Some(_) => game.drag = game.pick_up(level, to_squares(p)),
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
            game.let_go(level, drag);
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
/// order (the ones at home in the tray small in their slots, the dragged
/// one at the board's scale where the pointer has it), and a red cross on
/// every triangle covered twice. The drawing's squares start [`MARGIN`]
/// right of and below the picture's corner, so that the tray has a margin
/// all round.
pub fn play_picture(game: &Game, level: &Level) -> Picture {
    let n = level.size;
    let [w, h] = game.drawing.size;
    let mut picture = Picture::new(w + 2.0 * MARGIN, h + 2.0 * MARGIN);
    picture.rounded_rect(
        [-MARGIN, -MARGIN],
        [w + MARGIN, h + MARGIN],
        0.3,
        Some(TRAY),
        Some(Stroke::new(0.03, Rgba([0, 0, 0, 40]))),
    );
    for shape in board_picture(n).shapes {
        picture.push(shape);
    }
    for &s in &game.order {
        let (dx, dy) = game.offsets[s];
        let dragged = game.drag.filter(|d| d.shape == s);
        if dragged.is_none() && game.in_tray(s) {
            push_tray_shape(&mut picture, game, level, s);
            continue;
        }
        let (offset, alpha) = match dragged {
            Some(d) => ([d.start[0] + d.moved[0], d.start[1] + d.moved[1]], 0.85),
            None => ([dx as f32, dy as f32], 1.0),
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

/// Shape `s` small in its slot in the tray: drawn at the board's scale
/// with its box's corner at the origin, then scaled to the tray's and
/// moved to the slot.
fn push_tray_shape(picture: &mut Picture, game: &Game, level: &Level, s: usize) {
    let n = level.size;
    // The box's top-left corner in squares of the play area.
    let origin = game.point_under(s, game.drawing.slots[s]);
    let (dx, dy) = game.offsets[s];
    let mut own = Picture::new(1.0, 1.0);
    push_shape(
        &mut own,
        &level.shapes[s].triangles,
        n,
        [dx as f32 - origin[0], dy as f32 - origin[1]],
        shape_colour(s),
        Some(&(s + 1).to_string()),
        1.0,
    );
    let slot = game.drawing.slots[s];
    for shape in own
        .scaled(game.drawing.ratio)
        .translated(slot[0], slot[1])
        .shapes
    {
        picture.push(shape);
    }
}

/// The keys of Play mode: H asks for the hint, R restarts.
pub fn play_keys(keys: &PlayKeys, level: &Level, game: &mut Option<Game>) {
    let Some(game) = game.as_mut() else {
        return;
    };
    if keys.restart {
        *game = game.restarted(level);
    }
    if keys.hint && level.is_valid() && !game.hint_used {
        game.hint(level, &Job::default());
    }
}

//! The parts of the move-by-move views that every kind with a state graph
//! shares: the replay's controls and move list, the list of traps, a trap
//! on the board (the last winnable position and the dead end), Play's
//! verdict line and buttons, and the state graph with its selection bar.
//! A kind supplies its pictures and words; these return what the designer
//! asked for.

use egui::{Color32, RichText, Ui};

use crate::engine::{Label, Trap};
use crate::gui::central_view::CentralView;
use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::{GraphPanel, ReplayCursor, TrapList};
use crate::gui::kinds::replay_clock::Clocked;
use crate::gui::views::canvas::{self, BoardMarks};
use crate::gui::views::message_line::message_line;
use crate::gui::views::state_graph::GraphSource;
use crate::picture::Picture;

/// The colour of a move on the replay's list that is being played.
const PLAYING: Color32 = Color32::from_rgb(230, 140, 0);
/// The colour of the note under a trap (what is ringed).
pub const RINGED_NOTE: Color32 = Color32::from_rgb(230, 120, 0);
/// The colour of a lost position's words.
pub const LOST_RED: Color32 = Color32::from_rgb(220, 40, 40);

/// What the replay's controls show of a move-by-move replay (where it is
/// comes from its [`Clocked`] clock).
pub trait MoveReplay: Clocked + ReplayCursor {
    /// The replay's title.
    fn title(&self) -> &str;
    /// Each move's name, in order.
    fn move_names(&self) -> Vec<String>;
    /// Where the move under way is, in words ("tick 3 of 7"), if the kind
    /// counts it.
    fn within_move(&self) -> Option<String> {
        None
    }
    /// Advances the animation by `dt` ticks; whether it is still playing.
    fn advance(&mut self, dt: f32) -> bool;
}

/// The replay's title with Back to editing, its buttons, the speed slider
/// (`speed` ticks a second, named `speed_name`), the slider that scrubs
/// through the moves and the move list, the moves done strong and the one
/// under way coloured; a click on a move jumps to the board after it.
/// Advances the animation by the frame's time first.
pub fn replay_controls<R: MoveReplay>(
    ui: &mut Ui,
    replay: &mut R,
    speed: f32,
    speed_scale: f32,
    speed_name: &str,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let dt = ui.input(|i| i.stable_dt).min(0.1);
    if replay.advance(dt * speed * speed_scale) {
        ui.ctx().request_repaint();
    }
    ui.horizontal_wrapped(|ui| {
        ui.strong(replay.title());
        if ui.button("Back to editing").on_hover_text("Esc").clicked() {
            commands.push(Command::BackToEditing);
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button("Start").on_hover_text("Home").clicked() {
            replay.restart();
        }
        if ui.button("Step back").on_hover_text("Left arrow").clicked() {
            replay.step_back();
        }
        let play_text = if replay.clock().playing {
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
        let mut chosen = speed;
        ui.add(egui::Slider::new(&mut chosen, 1.0..=60.0).text(speed_name));
        if chosen != speed {
            commands.push(Command::SetSpeed(chosen));
        }
    });
    let names = replay.move_names();
    let len = names.len();
    let at = replay.clock().at;
    let mut jump = None;
    if len > 0 {
        ui.horizontal(|ui| {
            let mut scrubbed = at;
            ui.spacing_mut().slider_width = (ui.available_width() - 150.0).max(60.0);
            let slider = ui
                .add(egui::Slider::new(&mut scrubbed, 0..=len).text("Moves done"))
                .on_hover_text("Drag to scrub through the replay");
            if slider.changed() && scrubbed != at {
                jump = Some(scrubbed);
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Move {at} of {len}:"));
        for (i, name) in names.iter().enumerate() {
            let text = RichText::new(name).monospace();
            let text = if i < at {
                text.strong()
            } else if i == at && replay.clock().tick.is_some() {
                text.color(PLAYING).strong()
            } else {
                text.weak()
            };
            let button = ui.add(egui::Button::new(text).frame(false).small());
            // Named with its number: a screen reader (and a test) tells the
            // moves apart.
            button.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::Button,
                    true,
                    format!("Move {}: {name}", i + 1),
                )
            });
            let clicked = button
                .on_hover_text(format!("Show the board after move {}", i + 1))
                .clicked();
            if clicked {
                jump = Some(i + 1);
            }
        }
        if let Some(within) = replay.within_move() {
            ui.label(format!("· {within}"));
        }
    });
    if let Some(at) = jump {
        replay.clock_mut().jump_to(at, len);
    }
    commands
}

/// The Traps tab's list: `heading`, then one line a trap (`line` says it),
/// shallowest first; a click shows the trap on the board.
pub fn traps_list(
    ui: &mut Ui,
    heading: String,
    traps: &TrapList,
    selected: Option<usize>,
    line: impl Fn(&Trap, usize) -> String,
) -> Vec<Command> {
    if traps.is_empty() {
        ui.label("No traps: every move keeps the level winnable.");
        return Vec::new();
    }
    ui.label(heading);
    let mut chosen = None;
    egui::ScrollArea::vertical().show_rows(ui, 18.0, traps.len(), |ui, rows| {
        // One line a trap (long ways are cut, whole on hover): the rows
        // must keep the height the scroll area counts on.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
        for i in rows {
            let (trap, depth) = &traps[i];
            let text = line(trap, *depth);
            if ui
                .selectable_label(selected == Some(i), RichText::new(&text).monospace())
                .on_hover_text(text)
                .clicked()
            {
                chosen = Some(i);
            }
        }
    });
    match chosen {
        Some(index) => vec![
            Command::ShowTrap {
                index,
                dead_end_shown: true,
            },
            Command::View(CentralView::Edit),
        ],
        None => Vec::new(),
    }
}

/// One line of the traps list: the depth, the way in and the move into the
/// dead end, which the kind names (`"dead end"`, Sokoban's `"deadlock"`).
pub fn trap_line(depth: usize, way: &str, mv: &str, dead_end: &str) -> String {
    format!(
        "depth {depth:>2}: {}{mv} -> {dead_end}",
        if way.is_empty() {
            String::new()
        } else {
            format!("{way} ")
        }
    )
}

/// A trap as a kind shows it on the board.
pub struct TrapShown {
    /// "Trap 2 of 5" and the sentence under it.
    pub sentence: String,
    /// What is ringed in the dead end, and why.
    pub note: String,
    /// The moves from the start into the dead end, for Replay the way in.
    pub way_in: String,
    /// The move into the dead end, in words.
    pub move_words: String,
    /// The last winnable position.
    pub from: Picture,
    /// The dead end.
    pub to: Picture,
    /// The cells ringed in the dead end.
    pub ringed: Vec<(usize, usize)>,
}

/// Trap `index` of `count` on the board: its sentence, Back to editing and
/// Replay the way in, the note, and the two positions side by side or one
/// at a time.
pub fn trap_view(
    ui: &mut Ui,
    trap: &TrapShown,
    (index, count): (usize, usize),
    dead_end_shown: bool,
    side_by_side: bool,
) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Trap {} of {count}", index + 1));
        if ui.button("Back to editing").on_hover_text("Esc").clicked() {
            commands.push(Command::BackToEditing);
        }
        if ui.button("Replay the way in").clicked() {
            commands.push(Command::Replay {
                moves: trap.way_in.clone(),
                title: format!("Into dead end: {}", trap.way_in),
            });
        }
    });
    ui.label(&trap.sentence);
    ui.label(RichText::new(&trap.note).color(RINGED_NOTE));
    let mut side = side_by_side;
    ui.checkbox(&mut side, "Side by side");
    if side != side_by_side {
        commands.push(Command::SetSideBySide(side));
    }
    let marks = BoardMarks {
        problems: &[],
        attention: &trap.ringed,
        changed: &[],
    };
    let avail = ui.available_size();
    if side_by_side {
        let half = egui::vec2((avail.x - 16.0) / 2.0, avail.y - 24.0);
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label("Last winnable state");
                canvas::show_board(
                    ui,
                    &trap.from,
                    &BoardMarks::default(),
                    half,
                    "Last winnable state",
                );
            });
            ui.vertical(|ui| {
                ui.label(format!("Dead end after {}", trap.move_words));
                canvas::show_board(ui, &trap.to, &marks, half, "Dead end");
            });
        });
    } else {
        let mut shown = dead_end_shown;
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut shown, false, "Last winnable state");
            ui.selectable_value(&mut shown, true, "Dead end");
        });
        if shown != dead_end_shown {
            commands.push(Command::ShowTrap {
                index,
                dead_end_shown: shown,
            });
        }
        let size = ui.available_size();
        if shown {
            canvas::show_board(ui, &trap.to, &marks, size, "Dead end");
        } else {
            canvas::show_board(
                ui,
                &trap.from,
                &BoardMarks::default(),
                size,
                "Last winnable state",
            );
        }
    }
    commands
}

/// The colour of Play's verdict sentence for a position's label.
pub fn label_colour(label: Label) -> Color32 {
    match label {
        Label::Won => Color32::from_rgb(0, 150, 90),
        Label::DeadEnd => LOST_RED,
        Label::Preferred => Color32::from_rgb(40, 110, 220),
        Label::Ok => Color32::from_rgb(120, 120, 120),
    }
}

/// What the designer pressed among Play's buttons this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayPressed {
    /// Take back the last move.
    pub take_back: bool,
    /// Back to the start.
    pub restart: bool,
    /// A move, by its index in the kind's moves.
    pub mv: Option<usize>,
}

/// Play's two message lines (the game's message, and the verdict sentence
/// in its colour), the moves played with Take back and Restart, and one
/// button a move (`moves`: the move's index and its button's text).
pub fn play_controls(
    ui: &mut Ui,
    message: String,
    verdict: Option<RichText>,
    played: Option<String>,
    moves: &[(usize, &str)],
) -> PlayPressed {
    let mut pressed = PlayPressed::default();
    message_line(ui, Some(RichText::new(message).weak()), None);
    message_line(ui, verdict, Some(18.0));
    ui.horizontal_wrapped(|ui| {
        ui.label(played.unwrap_or_else(|| "No moves yet".to_string()));
        pressed.take_back = ui.button("Take back").on_hover_text("Backspace").clicked();
        pressed.restart = ui.button("Restart").on_hover_text("R").clicked();
    });
    ui.horizontal_wrapped(|ui| {
        for &(mv, text) in moves {
            if ui.button(text).clicked() {
                pressed.mv = Some(mv);
            }
        }
    });
    pressed
}

/// The state graph with the selection bar above it ("Show on the board"
/// and the selected state in words, or a greyed bar when none is
/// selected, so that the graph never moves). The state clicked, or the
/// selected one when the button is pressed (with a switch to the Edit
/// view), is shown on the board by `show_state`.
pub fn state_graph_panel(
    ui: &mut Ui,
    graph: GraphPanel<'_>,
    source: &GraphSource<'_>,
    selected_words: impl Fn(u32) -> String,
    show_state: impl FnOnce(u32) -> Vec<Command>,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let mut show = None;
    let highlight = graph
        .selection
        .map(|(_, along)| along.clone())
        .unwrap_or_default();
    ui.horizontal(|ui| match graph.selection {
        Some(&(id, _)) => {
            if ui.button("Show on the board").clicked() {
                show = Some(id);
                commands.push(Command::View(CentralView::Edit));
            }
            ui.add(
                egui::Label::new(format!("Selected state {id}: {}", selected_words(id))).truncate(),
            );
        }
        None => {
            ui.add_enabled(false, egui::Button::new("Show on the board"));
            ui.weak("Click a state to select it");
        }
    });
    let response = graph.view.show(ui, source, &highlight);
    if let Some(id) = response.clicked {
        show = Some(id);
    }
    match show {
        Some(id) => show_state(id).into_iter().chain(commands).collect(),
        None => commands,
    }
}

/// State `id` of `graph` as a replay shows it: its way from the start (the
/// moves), the replay's title in words (`words` spells the moves), and the
/// commands that select it in the graph and show the replay.
pub fn state_shown(
    graph: &dyn crate::engine::GraphView,
    id: u32,
    words: impl Fn(&[u8]) -> String,
) -> (Vec<u8>, String, Vec<Command>) {
    let path = graph.path_to(id);
    let moves = words(&path);
    let title = format!(
        "State {id} (depth {}): {}",
        path.len(),
        if moves.is_empty() {
            "the start"
        } else {
            &moves
        }
    );
    let commands = vec![
        Command::SelectState {
            id,
            along: graph.states_along(&path),
        },
        Command::ShowReplay,
    ];
    (path, title, commands)
}

/// A report card's figures: a name and its value a row, in two columns.
pub fn figures_grid(ui: &mut Ui, id: &str, rows: &[(&str, String)]) {
    egui::Grid::new(id).num_columns(2).show(ui, |ui| {
        for (name, value) in rows {
            ui.label(*name);
            ui.label(value);
            ui.end_row();
        }
    });
}

/// A length in a report card: the number, or `"none"`.
pub fn length_or_none(n: Option<u32>) -> String {
    n.map_or("none".to_string(), |n| n.to_string())
}

/// A trap count in a report card, with the depth of the first:
/// `"25 (first at move 2)"`.
pub fn traps_and_first(traps: u64, first: Option<u32>) -> String {
    match first {
        Some(d) => format!("{traps} (first at move {d})"),
        None => traps.to_string(),
    }
}

/// The end of a report card: the shortest solution with a button that
/// replays it, and how long the analysis took with the bits a state
/// needed.
pub fn solution_and_timing(
    ui: &mut Ui,
    solution: Option<String>,
    elapsed: Option<std::time::Duration>,
    state_bits: u32,
) -> Vec<Command> {
    let mut commands = Vec::new();
    if let Some(moves) = solution {
        ui.horizontal_wrapped(|ui| {
            ui.label("Solution");
            ui.label(RichText::new(&moves).monospace());
        });
        if ui
            .button("Replay")
            .on_hover_text("Replay the shortest solution on the board")
            .clicked()
        {
            commands.push(Command::Replay {
                title: format!("Shortest: {moves}"),
                moves,
            });
        }
    }
    if let Some(t) = elapsed {
        ui.label(
            RichText::new(format!(
                "analysed in {:.0} ms · {state_bits} bits a state",
                t.as_secs_f64() * 1000.0,
            ))
            .weak()
            .small(),
        );
    }
    commands
}

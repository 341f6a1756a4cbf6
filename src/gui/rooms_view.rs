//! The Rooms view: a tree of rooms laid out on a map by the guess-and-test
//! stack, one step at a time or running, with the stack itself on show.
//!
//! Left, the controls: a random tree (rooms, most children), the map size
//! and the seed; Step, Run, Pause, Reset; the counters and where the search
//! stands; editing the tree (select a room, add a child, remove a room with
//! everything below it); and the tree as JSON in a text box, to copy out or
//! paste in (`{"parent": [null, 0, 0, 1]}`, the field `levelscope rooms
//! --json` prints). Centre, the map with the rooms placed so far and the
//! tree as a diagram. Right, the stack as a column of entries, the first
//! room at the bottom.
//!
//! The search runs on the thread that draws, in slices of a few
//! milliseconds a frame: a step is a few microseconds, and a paused search
//! is just the stack, kept here.

mod picture;

use std::time::{Duration, Instant};

use egui::{Color32, DragValue, RichText, ScrollArea, TextEdit, Ui};
use rand::SeedableRng;

use crate::engine::stack::{Entry, GuessStack, Status};
use crate::kinds::rooms::{MapCell, RoomLayout, RoomTree};

/// The longest slice of a frame Run spends searching.
pub const RUN_SLICE: Duration = Duration::from_millis(8);

/// The largest map side the view offers.
pub const MAX_MAP_SIDE: usize = 40;

/// The most rooms a tree may have in the view (the command line takes more).
pub const MAX_ROOMS: usize = 300;

/// Guesses listed by name in a stack entry before "… and N more".
const GUESSES_LISTED: usize = 8;

/// The Rooms view's state: the tree, the map, the seed and the search.
pub struct RoomsView {
    rooms: usize,
    max_children: usize,
    width: usize,
    height: usize,
    seed: u64,
    tree: RoomTree,
    selected: usize,
    stack: GuessStack<RoomLayout>,
    running: bool,
    tree_text: String,
    tree_error: Option<String>,
}

impl Default for RoomsView {
    /// A random tree of 8 rooms (at most 3 children each) on a 6x5 map,
    /// from seed 0.
    fn default() -> Self {
        let mut view = RoomsView::with_tree(
            RoomTree::new(vec![None]).expect("one room is a tree"),
            6,
            5,
            0,
        );
        view.rooms = 8;
        view.max_children = 3;
        view.new_random_tree();
        view
    }
}

impl RoomsView {
    /// A view of `tree` on a `width x height` map, the search seeded with
    /// `seed`. Sides are clamped to 1..=[`MAX_MAP_SIDE`].
    pub fn with_tree(tree: RoomTree, width: usize, height: usize, seed: u64) -> RoomsView {
        let width = width.clamp(1, MAX_MAP_SIDE);
        let height = height.clamp(1, MAX_MAP_SIDE);
        let stack = GuessStack::new(RoomLayout::new(tree.clone(), width, height), seed);
        RoomsView {
            rooms: tree.len(),
            max_children: 3,
            width,
            height,
            seed,
            tree_text: tree.to_json(),
            tree,
            selected: 0,
            stack,
            running: false,
            tree_error: None,
        }
    }

    /// The tree of rooms.
    pub fn tree(&self) -> &RoomTree {
        &self.tree
    }

    /// The map's width and height.
    pub fn map_size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The seed of random trees and of the search.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The search, as far as it has got.
    pub fn stack(&self) -> &GuessStack<RoomLayout> {
        &self.stack
    }

    /// Whether Run is on.
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// The selected room.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Takes one step of the search and pauses Run (what the Step button
    /// does).
    pub fn step(&mut self) {
        self.running = false;
        self.stack.step();
    }

    /// Throws the search away and starts it again (paused) on the current
    /// tree, map and seed.
    pub fn reset(&mut self) {
        self.stack = GuessStack::new(
            RoomLayout::new(self.tree.clone(), self.width, self.height),
            self.seed,
        );
        self.running = false;
    }

    /// Replaces the tree (keeping the map and the seed) and resets the
    /// search.
    pub fn set_tree(&mut self, tree: RoomTree) {
        self.selected = self.selected.min(tree.len() - 1);
        self.tree_text = tree.to_json();
        self.tree = tree;
        self.tree_error = None;
        self.reset();
    }

    /// A random tree from the rooms, most children and seed settings, as
    /// `levelscope rooms --rooms N --max-children K --seed S` builds it.
    fn new_random_tree(&mut self) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(self.seed);
        match RoomTree::random(self.rooms, self.max_children, &mut rng) {
            Ok(tree) => {
                self.selected = 0;
                self.set_tree(tree);
            }
            Err(e) => self.tree_error = Some(e.to_string()),
        }
    }

    /// What the search has come to, in one sentence.
    pub fn status_line(&self) -> String {
        match self.stack.status() {
            Status::Solved => format!(
                "Laid out in {} steps, {} backtracks",
                self.stack.steps(),
                self.stack.backtracks()
            ),
            Status::Impossible => format!(
                "No layout exists for this tree on a {}x{} map",
                self.width, self.height
            ),
            Status::Searching if self.running => "Running…".to_owned(),
            Status::Searching if self.stack.steps() == 0 => {
                "Ready: press Step or Run to lay the tree out".to_owned()
            }
            Status::Searching => "Paused".to_owned(),
        }
    }

    /// Why no layout can exist, when the tree's shape alone shows it: more
    /// rooms than cells, or a room with more children than free neighbours.
    fn impossibility_hint(&self) -> Option<String> {
        let cells = self.width * self.height;
        if self.tree.len() > cells {
            return Some(format!(
                "The tree has {} rooms and the map only {cells} cells.",
                self.tree.len()
            ));
        }
        let counts = self.tree.child_counts();
        let crowded = counts
            .iter()
            .enumerate()
            .find(|&(room, &c)| c > if room == 0 { 4 } else { 3 })?;
        Some(format!(
            "Room {} has {} children, but {} free neighbours at most.",
            crowded.0,
            crowded.1,
            if crowded.0 == 0 { 4 } else { 3 }
        ))
    }

    /// Runs the search for at most [`RUN_SLICE`]; stops Run once it ends.
    fn advance_run(&mut self, ctx: &egui::Context) {
        if !self.running {
            return;
        }
        let deadline = Instant::now() + RUN_SLICE;
        while self.stack.status() == Status::Searching && Instant::now() < deadline {
            self.stack.run(64);
        }
        if self.stack.status() == Status::Searching {
            ctx.request_repaint();
        } else {
            self.running = false;
        }
    }

    /// Draws the view in `ui` and handles its input.
    pub fn show(&mut self, ui: &mut Ui) {
        self.advance_run(ui.ctx());
        egui::Panel::left("rooms_view_controls")
            .resizable(true)
            .default_size(250.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .id_salt("rooms_view_controls_scroll")
                    .show(ui, |ui| self.controls(ui));
            });
        egui::Panel::right("rooms_view_stack")
            .resizable(true)
            .default_size(230.0)
            .show(ui, |ui| self.stack_column(ui));
        egui::CentralPanel::default().show(ui, |ui| self.pictures(ui));
    }

    fn controls(&mut self, ui: &mut Ui) {
        ui.heading("Lay out");
        let searching = self.stack.status() == Status::Searching;
        ui.horizontal(|ui| {
            if ui
                .add_enabled(searching, egui::Button::new("Step"))
                .clicked()
            {
                self.running = false;
                self.stack.step();
            }
            if ui
                .add_enabled(searching && !self.running, egui::Button::new("Run"))
                .clicked()
            {
                self.running = true;
                ui.ctx().request_repaint();
            }
            if ui
                .add_enabled(self.running, egui::Button::new("Pause"))
                .clicked()
            {
                self.running = false;
            }
            if ui.button("Reset").clicked() {
                self.reset();
            }
        });
        ui.label(format!("Steps: {}", self.stack.steps()));
        ui.label(format!("Backtracks: {}", self.stack.backtracks()));
        ui.label(format!(
            "Rooms placed: {} of {}",
            self.stack.problem().cells().len(),
            self.tree.len()
        ));
        let line = RichText::new(self.status_line()).strong();
        match self.stack.status() {
            Status::Solved => ui.colored_label(Color32::from_rgb(40, 150, 60), line),
            Status::Impossible => ui.colored_label(picture::FAILED, line),
            Status::Searching => ui.label(line),
        };
        if self.stack.status() == Status::Impossible {
            if let Some(hint) = self.impossibility_hint() {
                ui.label(hint);
            }
        }

        ui.separator();
        ui.heading("Map and seed");
        let mut changed = false;
        egui::Grid::new("rooms_view_map").show(ui, |ui| {
            changed |= number_row(ui, "Map width", &mut self.width, 1..=MAX_MAP_SIDE);
            changed |= number_row(ui, "Map height", &mut self.height, 1..=MAX_MAP_SIDE);
            changed |= number_row(ui, "Seed", &mut self.seed, 0..=u64::MAX);
        });
        if changed {
            self.reset();
        }

        ui.separator();
        ui.heading("Random tree");
        egui::Grid::new("rooms_view_random").show(ui, |ui| {
            number_row(ui, "Rooms", &mut self.rooms, 1..=MAX_ROOMS);
            number_row(ui, "Most children", &mut self.max_children, 1..=6);
        });
        if ui.button("New random tree").clicked() {
            self.new_random_tree();
        }

        ui.separator();
        ui.heading("Edit the tree");
        ui.label("Click a room on the map or in the tree to select it.");
        egui::Grid::new("rooms_view_select").show(ui, |ui| {
            let last = self.tree.len() - 1;
            number_row(ui, "Selected room", &mut self.selected, 0..=last);
        });
        ui.horizontal(|ui| {
            let room_for_more = self.tree.len() < MAX_ROOMS;
            if ui
                .add_enabled(room_for_more, egui::Button::new("Add child"))
                .on_disabled_hover_text(format!("At most {MAX_ROOMS} rooms"))
                .clicked()
            {
                let mut tree = self.tree.clone();
                let child = tree.add_child(self.selected);
                self.set_tree(tree);
                self.selected = child;
            }
            if ui
                .add_enabled(self.selected != 0, egui::Button::new("Remove room"))
                .on_hover_text("Removes the selected room and every room below it")
                .on_disabled_hover_text("The root cannot be removed")
                .clicked()
            {
                let mut tree = self.tree.clone();
                let parent = tree.parent(self.selected).unwrap_or(0);
                if tree.remove_subtree(self.selected).is_ok() {
                    self.selected = parent;
                    self.set_tree(tree);
                }
            }
        });

        ui.separator();
        ui.heading("Tree as JSON");
        ui.label("The parent of each room; copy it out, or paste one in and load it.");
        let label = ui.label("Tree JSON");
        ui.add(
            TextEdit::multiline(&mut self.tree_text)
                .code_editor()
                .desired_rows(3)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
        ui.horizontal(|ui| {
            if ui.button("Load tree from text").clicked() {
                self.load_tree_text();
            }
            if ui.button("Show current tree").clicked() {
                self.tree_text = self.tree.to_json();
                self.tree_error = None;
            }
        });
        if let Some(error) = &self.tree_error {
            ui.colored_label(picture::FAILED, error);
        }
    }

    fn load_tree_text(&mut self) {
        match RoomTree::from_json(&self.tree_text) {
            Ok(tree) if tree.len() > MAX_ROOMS => {
                self.tree_error = Some(format!(
                    "{} rooms: the view takes at most {MAX_ROOMS} (the command line takes more)",
                    tree.len()
                ));
            }
            Ok(tree) => {
                self.selected = 0;
                self.set_tree(tree);
            }
            Err(e) => self.tree_error = Some(e.to_string()),
        }
    }

    fn pictures(&mut self, ui: &mut Ui) {
        let depths = self.tree.depths();
        ui.horizontal(|ui| {
            ui.strong(format!("Map {}x{}", self.width, self.height));
            if let Some(room) = self.stack.entries().len().checked_sub(1) {
                ui.label(format!("guesses for room {room}:"));
                ui.colored_label(picture::REMAINING, "outlined: still to try");
                ui.colored_label(picture::FAILED, "crossed: failed");
            }
        });
        let full = ui.available_size();
        let map_size = egui::vec2(full.x, (full.y * 0.55 - 20.0).max(60.0));
        let clicked = picture::paint_map(
            ui,
            map_size,
            self.stack.problem(),
            self.stack.entries().last(),
            &depths,
            self.selected,
        );
        if let Some(room) = clicked {
            self.selected = room;
        }
        ui.separator();
        let placed = self.stack.problem().cells().len();
        ui.strong(if placed >= self.tree.len() {
            format!("Tree of {} rooms, every room placed", self.tree.len())
        } else {
            format!(
                "Tree of {} rooms, {placed} placed (faded: not placed yet)",
                self.tree.len()
            )
        });
        let tree_size = ui.available_size().max(egui::vec2(60.0, 60.0));
        let clicked = picture::paint_tree(
            ui,
            tree_size,
            &self.tree,
            self.stack.problem().cells().len(),
            self.selected,
        );
        if let Some(room) = clicked {
            self.selected = room;
        }
    }

    fn stack_column(&self, ui: &mut Ui) {
        ui.heading("Stack");
        ui.label("One entry a room; the first room at the bottom.");
        ui.separator();
        let depths = self.tree.depths();
        ScrollArea::vertical()
            .id_salt("rooms_view_stack_scroll")
            .auto_shrink(false)
            .show(ui, |ui| {
                if self.stack.entries().is_empty() {
                    ui.weak("Empty: no room is being placed.");
                }
                for (room, entry) in self.stack.entries().iter().enumerate().rev() {
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        stack_entry(ui, room, entry, picture::depth_colour(depths[room]));
                    });
                }
            });
    }
}

/// One stack entry: the room, its current guess, its failed guesses (struck
/// through, red) and its remaining ones (the next first).
fn stack_entry(ui: &mut Ui, room: usize, entry: &Entry<MapCell>, colour: Color32) {
    ui.colored_label(colour, RichText::new(format!("Room {room}")).strong());
    let current = entry.current.map_or_else(|| "none".to_owned(), cell_name);
    ui.label(format!("current: {current}"));
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("failed {}:", entry.failed.len()));
        for &cell in entry.failed.iter().take(GUESSES_LISTED) {
            ui.label(
                RichText::new(cell_name(cell))
                    .strikethrough()
                    .color(picture::FAILED),
            );
        }
        if entry.failed.len() > GUESSES_LISTED {
            ui.label(format!(
                "… and {} more",
                entry.failed.len() - GUESSES_LISTED
            ));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("remaining {}:", entry.remaining.len()));
        // The stack pops the next guess from the end of the list.
        for &cell in entry.remaining.iter().rev().take(GUESSES_LISTED) {
            ui.label(RichText::new(cell_name(cell)).color(picture::REMAINING));
        }
        if entry.remaining.len() > GUESSES_LISTED {
            ui.label(format!(
                "… and {} more",
                entry.remaining.len() - GUESSES_LISTED
            ));
        }
    });
}

/// A cell as `(x, y)`.
fn cell_name((x, y): MapCell) -> String {
    format!("({x}, {y})")
}

/// A labelled number in a two-column grid; returns whether it changed.
fn number_row<T: egui::emath::Numeric>(
    ui: &mut Ui,
    name: &str,
    value: &mut T,
    range: std::ops::RangeInclusive<T>,
) -> bool {
    let label = ui.label(name);
    let changed = ui
        .add(DragValue::new(value).range(range))
        .labelled_by(label.id)
        .changed();
    ui.end_row();
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rooms::lay_out;
    use egui_kittest::{kittest::Queryable, Harness};

    fn harness(view: RoomsView) -> Harness<'static, RoomsView> {
        Harness::builder()
            .with_size(egui::vec2(1200.0, 900.0))
            .build_ui_state(|ui, view: &mut RoomsView| view.show(ui), view)
    }

    /// Steps frames until `label` shows, at most `frames` of them.
    fn step_until(harness: &mut Harness<'_, RoomsView>, label: &str, frames: usize) {
        for _ in 0..frames {
            if harness.query_by_label(label).is_some() {
                return;
            }
            harness.step();
        }
        panic!(
            "{label:?} did not show in {frames} frames; the view says {:?}",
            harness.state().status_line()
        );
    }

    fn chain(rooms: usize) -> RoomTree {
        RoomTree::new((0..rooms).map(|r| r.checked_sub(1)).collect()).unwrap()
    }

    #[test]
    fn step_advances_the_step_counter() {
        let mut harness = harness(RoomsView::default());
        harness.get_by_label("Steps: 0");
        harness.get_by_label("Step").click();
        harness.run();
        harness.get_by_label("Steps: 1");
        assert_eq!(harness.state().stack().entries().len(), 1);
        harness.get_by_label("Step").click();
        harness.run();
        harness.get_by_label("Steps: 2");
        assert!(harness.state().stack().entries()[0].current.is_some());
    }

    #[test]
    fn run_lays_a_small_tree_out_like_the_command_line() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(4);
        let tree = RoomTree::random(7, 3, &mut rng).unwrap();
        let expected = lay_out(tree.clone(), 4, 4, 4, 1_000_000);
        assert!(expected.cells.is_some());
        let mut harness = harness(RoomsView::with_tree(tree, 4, 4, 4));
        harness.get_by_label("Run").click();
        let message = format!(
            "Laid out in {} steps, {} backtracks",
            expected.steps, expected.backtracks
        );
        step_until(&mut harness, &message, 200);
        let view = harness.state();
        assert!(!view.is_running());
        assert_eq!(
            Some(view.stack().problem().cells().to_vec()),
            expected.cells
        );
    }

    #[test]
    fn an_impossible_tree_says_no_layout_exists() {
        let mut harness = harness(RoomsView::with_tree(chain(5), 2, 2, 0));
        harness.get_by_label("Run").click();
        step_until(
            &mut harness,
            "No layout exists for this tree on a 2x2 map",
            200,
        );
        harness.get_by_label("The tree has 5 rooms and the map only 4 cells.");
        assert_eq!(harness.state().stack().status(), Status::Impossible);
        assert!(harness.state().stack().entries().is_empty());
    }

    #[test]
    fn a_star_with_five_children_cannot_be_laid_out_anywhere() {
        let star = RoomTree::new(vec![None, Some(0), Some(0), Some(0), Some(0), Some(0)]).unwrap();
        let mut harness = harness(RoomsView::with_tree(star, 5, 5, 0));
        harness.get_by_label("Run").click();
        step_until(
            &mut harness,
            "No layout exists for this tree on a 5x5 map",
            200,
        );
        harness.get_by_label("Room 0 has 5 children, but 4 free neighbours at most.");
    }

    #[test]
    fn reset_sets_the_counters_to_zero() {
        // Refuting a layout pops every entry: the counters are not zero.
        let mut harness = harness(RoomsView::with_tree(chain(5), 2, 2, 0));
        harness.get_by_label("Run").click();
        step_until(
            &mut harness,
            "No layout exists for this tree on a 2x2 map",
            200,
        );
        assert!(harness.state().stack().backtracks() > 0);
        harness.get_by_label("Reset").click();
        harness.run();
        harness.get_by_label("Steps: 0");
        harness.get_by_label("Backtracks: 0");
        harness.get_by_label("Ready: press Step or Run to lay the tree out");
        assert!(harness.state().stack().entries().is_empty());
    }

    #[test]
    fn pause_stops_a_run_and_step_goes_on_from_there() {
        // 37 rooms in a chain on a 6x6 map: no layout, but refuting it means
        // trying a great many walks, far more than two frames' slices.
        let mut harness = harness(RoomsView::with_tree(chain(37), 6, 6, 0));
        harness.get_by_label("Run").click();
        harness.step();
        harness.step();
        assert!(harness.state().is_running());
        let after_two_frames = harness.state().stack().steps();
        assert!(after_two_frames > 0);
        harness.get_by_label("Running…");
        harness.get_by_label("Pause").click();
        harness.run();
        let paused_at = harness.state().stack().steps();
        assert!(!harness.state().is_running());
        assert_eq!(harness.state().stack().status(), Status::Searching);
        harness.run_steps(3);
        assert_eq!(harness.state().stack().steps(), paused_at);
        harness.get_by_label("Paused");
        harness.get_by_label("Step").click();
        harness.run();
        assert_eq!(harness.state().stack().steps(), paused_at + 1);
    }

    #[test]
    fn tree_edits_add_and_remove_rooms_and_reset_the_search() {
        let mut harness = harness(RoomsView::with_tree(chain(3), 4, 4, 0));
        harness.get_by_label("Step").click();
        harness.run();
        harness.get_by_label("Add child").click();
        harness.run();
        let view = harness.state();
        assert_eq!(view.tree().parents(), &[None, Some(0), Some(1), Some(0)]);
        assert_eq!(view.selected(), 3);
        assert_eq!(view.stack().steps(), 0, "an edit resets the search");
        harness.get_by_label("Rooms placed: 0 of 4");
        // Remove room 3 (selected): back to the chain, room 0 selected.
        harness.get_by_label("Remove room").click();
        harness.run();
        assert_eq!(harness.state().tree(), &chain(3));
        assert_eq!(harness.state().selected(), 0);
    }

    #[test]
    fn a_tree_loads_from_json_and_bad_json_says_why() {
        let mut harness = harness(RoomsView::default());
        harness.state_mut().tree_text = r#"{"parent": [null, 0, 0, 1]}"#.to_owned();
        harness.get_by_label("Load tree from text").click();
        harness.run();
        assert_eq!(
            harness.state().tree().parents(),
            &[None, Some(0), Some(0), Some(1)]
        );
        harness.state_mut().tree_text = r#"{"parent": [null, 2, 0]}"#.to_owned();
        harness.get_by_label("Load tree from text").click();
        harness.run();
        harness.get_by_label("room 1: its parent 2 must be a room with a smaller number");
        assert_eq!(harness.state().tree().len(), 4, "the tree is kept");
    }

    #[test]
    fn new_random_tree_matches_the_command_line_tree() {
        let mut harness = harness(RoomsView::default());
        harness.get_by_label("New random tree").click();
        harness.run();
        let mut rng = rand::rngs::StdRng::seed_from_u64(0);
        assert_eq!(
            harness.state().tree(),
            &RoomTree::random(8, 3, &mut rng).unwrap()
        );
    }
}

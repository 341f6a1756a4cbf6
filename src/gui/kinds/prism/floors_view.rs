//! Prism's floors view: the level as its 3D model
//! ([`crate::kinds::prism::floors`]), eight floors side by side with a
//! route threaded through them. The route is the shortest solution, the
//! moves played so far in Play, or the replay picked in the Solutions
//! list or the state graph; the designer can switch between those that
//! exist. The drawing itself is in [`super::floors_paint`].

use std::sync::{Arc, Weak};

use egui::{Align, Color32, Id, Layout, RichText, Sense, Ui, UiBuilder};

use super::floors_paint::{
    paint_arc, paint_floor, paint_route, paint_swatch, reached_colour, Emphasis, FloorsLayout,
    LABEL_HEIGHT,
};
use super::play::Game;
use super::replay::Replay;
use crate::kinds::prism::floors::{reach_summary, route_summary, FloorRoute, Floors};
use crate::kinds::prism::{Analysis, Cell, Colour, Dir, Level};

/// Where the route drawn through the floors comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RouteSource {
    /// The analysis's shortest solution.
    Shortest,
    /// The moves replayed on the board (a solution picked in the list, or
    /// a state of the graph shown on the board).
    Selected,
    /// The moves played so far in Play.
    Play,
}

impl RouteSource {
    /// Every source, in the order the buttons show them.
    pub const ALL: [RouteSource; 3] = [
        RouteSource::Shortest,
        RouteSource::Selected,
        RouteSource::Play,
    ];

    /// The button's text.
    pub fn name(self) -> &'static str {
        match self {
            RouteSource::Shortest => "Shortest solution",
            RouteSource::Selected => "Selected replay",
            RouteSource::Play => "Play so far",
        }
    }

    /// Why the button is greyed out when the source has no moves.
    fn missing(self) -> &'static str {
        match self {
            RouteSource::Shortest => "The level has no solution",
            RouteSource::Selected => {
                "Pick a solution in the Solutions list (or a state in the state graph) to see it here"
            }
            RouteSource::Play => "Play some moves (F2) to see them here",
        }
    }

    /// The route's name at the head of the summary.
    fn what(self) -> &'static str {
        match self {
            RouteSource::Shortest => "The shortest solution",
            RouteSource::Selected => "The selected replay",
            RouteSource::Play => "The moves played so far",
        }
    }
}

/// The model of an analysis and its floors' rasters, kept between frames.
#[derive(Clone)]
struct ModelCache {
    analysis: Weak<Analysis>,
    floors: Arc<Floors>,
    textures: Arc<Vec<egui::TextureHandle>>,
}

/// A route of an analysis, kept while its moves do not change.
#[derive(Clone)]
struct RouteCache {
    analysis: Weak<Analysis>,
    moves: Vec<Dir>,
    route: Arc<FloorRoute>,
}

/// The moves of each source that has some.
fn sources(
    analysis: &Analysis,
    replay: Option<&Replay>,
    game: Option<&Game>,
) -> Vec<(RouteSource, Vec<Dir>)> {
    let mut out = Vec::new();
    if let Some(solution) = &analysis.summary.any.solution {
        let moves = solution.split_whitespace().filter_map(Dir::from_name);
        out.push((RouteSource::Shortest, moves.collect()));
    }
    if let Some(replay) = replay {
        out.push((RouteSource::Selected, replay.moves.clone()));
    }
    if let Some(game) = game.filter(|g| !g.moves().is_empty()) {
        out.push((RouteSource::Play, game.moves().to_vec()));
    }
    out
}

/// The model of `analysis`, made once and kept in egui's memory.
fn model_of(ui: &Ui, analysis: &Arc<Analysis>) -> ModelCache {
    let id = Id::unique("prism floors model");
    let kept: Option<ModelCache> = ui.data(|d| d.get_temp(id));
    if let Some(kept) = kept.filter(|k| Weak::ptr_eq(&k.analysis, &Arc::downgrade(analysis))) {
        return kept;
    }
    let floors = Floors::of(&analysis.rules);
    let textures = Colour::all()
        .iter()
        .map(|&floor| {
            ui.ctx().load_texture(
                format!("{floor} floor"),
                super::floors_paint::floor_image(&floors, floor),
                egui::TextureOptions::NEAREST,
            )
        })
        .collect();
    let model = ModelCache {
        analysis: Arc::downgrade(analysis),
        floors: Arc::new(floors),
        textures: Arc::new(textures),
    };
    ui.data_mut(|d| d.insert_temp(id, model.clone()));
    model
}

/// The route of `moves` on `analysis`, kept in egui's memory while they
/// do not change.
fn route_of(ui: &Ui, analysis: &Arc<Analysis>, moves: &[Dir]) -> Arc<FloorRoute> {
    let id = Id::unique("prism floors route");
    let kept: Option<RouteCache> = ui.data(|d| d.get_temp(id));
    if let Some(kept) = kept.filter(|k| {
        Weak::ptr_eq(&k.analysis, &Arc::downgrade(analysis)) && k.moves.as_slice() == moves
    }) {
        return kept.route;
    }
    let route = Arc::new(FloorRoute::of_moves(&analysis.rules, moves));
    let kept = RouteCache {
        analysis: Arc::downgrade(analysis),
        moves: moves.to_vec(),
        route: route.clone(),
    };
    ui.data_mut(|d| d.insert_temp(id, kept));
    route
}

/// The floors view in the main area: the route of the replay on the board
/// (`replay`) or of the game of Play (`game`), or the shortest solution.
pub fn floors_view(
    ui: &mut Ui,
    analysis: &Arc<Analysis>,
    replay: Option<&Replay>,
    game: Option<&Game>,
) {
    let model = model_of(ui, analysis);
    let floors = &model.floors;
    let available = sources(analysis, replay, game);
    let source = chosen_source(ui, &available);
    source_buttons(ui, &available, source);
    let route = source.and_then(|s| {
        let (_, moves) = available.iter().find(|(a, _)| *a == s)?;
        Some((s, route_of(ui, analysis, moves)))
    });
    let summary = match &route {
        Some((s, route)) => route_summary(floors, route, s.what()),
        None => reach_summary(floors),
    };
    ui.label(summary);
    if let (Some(replay), Some((RouteSource::Selected, _))) = (replay, &route) {
        ui.label(RichText::new(&replay.title).weak());
    }
    legend(ui);
    ui.separator();
    let route = route.map(|(_, r)| r);
    show_floors(ui, analysis.rules.level(), &model, route.as_deref());
}

/// The order in which sources that changed at once take the view.
const PRIORITY: [RouteSource; 3] = [
    RouteSource::Selected,
    RouteSource::Play,
    RouteSource::Shortest,
];

/// Which route the view shows: the one the designer picked last, unless
/// the moves of another have changed since (a new replay picked, a move
/// played), which then takes the view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceChoice {
    current: Option<RouteSource>,
    seen: Vec<(RouteSource, Vec<Dir>)>,
}

impl SourceChoice {
    /// The source to show given those that have moves now.
    pub fn update(&mut self, available: &[(RouteSource, Vec<Dir>)]) -> Option<RouteSource> {
        let changed = |s: RouteSource| {
            available
                .iter()
                .any(|(a, moves)| *a == s && !self.seen.iter().any(|(b, m)| b == a && m == moves))
        };
        if let Some(fresh) = PRIORITY.into_iter().find(|&s| changed(s)) {
            self.current = Some(fresh);
        }
        self.seen = available.to_vec();
        let has = |s: RouteSource| available.iter().any(|(a, _)| *a == s);
        if !self.current.is_some_and(has) {
            self.current = PRIORITY.into_iter().find(|&s| has(s));
        }
        self.current
    }

    /// The designer picked `source`.
    pub fn pick(&mut self, source: RouteSource) {
        self.current = Some(source);
    }
}

/// The source to show, remembered in egui's memory between frames.
fn chosen_source(ui: &Ui, available: &[(RouteSource, Vec<Dir>)]) -> Option<RouteSource> {
    ui.data_mut(|d| {
        d.get_temp_mut_or_default::<SourceChoice>(source_id())
            .update(available)
    })
}

fn source_id() -> Id {
    Id::unique("prism floors route source")
}

/// The buttons that pick the route, those without moves greyed out with
/// the reason.
fn source_buttons(ui: &mut Ui, available: &[(RouteSource, Vec<Dir>)], source: Option<RouteSource>) {
    ui.horizontal_wrapped(|ui| {
        ui.strong("Route:");
        for s in RouteSource::ALL {
            let button = egui::Button::selectable(source == Some(s), s.name());
            if available.iter().any(|(a, _)| *a == s) {
                if ui.add(button).clicked() {
                    ui.data_mut(|d| {
                        d.get_temp_mut_or_default::<SourceChoice>(source_id())
                            .pick(s)
                    });
                }
            } else {
                ui.add_enabled(false, button)
                    .on_disabled_hover_text(s.missing());
            }
        }
    });
}

/// How to read the boards, folded away under its title.
fn legend(ui: &mut Ui) {
    egui::CollapsingHeader::new("How to read the floors")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(
                RichText::new(
                    "Each board is the level on one background. Coloured: open and reachable; \
                     checkered: open but never reachable; dark: closed. Diamond: a switch, \
                     linking its cell to the floor XOR its colour (hover one to see its links). \
                     White line: the route; numbered discs and arcs: its jumps, in order. \
                     Ring: start; green square: exit; purple: an enemy's run on that floor.",
                )
                .small(),
            );
        });
}

/// The eight boards in the rest of the space, with their labels, the
/// route and the tooltip of the place under the pointer.
fn show_floors(ui: &mut Ui, level: &Level, model: &ModelCache, route: Option<&FloorRoute>) {
    let floors = &model.floors;
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, Sense::hover());
    let layout = FloorsLayout::new(rect.shrink(4.0), floors.width(), floors.height());
    let painter = ui.painter_at(rect);
    let visited = route.map(FloorRoute::floors_visited).unwrap_or_default();
    for floor in Colour::all() {
        let i = floor.0 as usize;
        let emphasis = if floors.reached_count(floor) == 0 {
            Emphasis::Unreachable
        } else if route.is_none() || visited.contains(&floor) {
            Emphasis::Visited
        } else {
            Emphasis::Reachable
        };
        let board = &layout.boards[i];
        paint_floor(&painter, board, &model.textures[i], floors, floor, emphasis);
        painter.rect_stroke(
            board.rect().expand(1.5),
            0.0,
            egui::Stroke::new(2.0, reached_colour(floor)),
            egui::StrokeKind::Outside,
        );
    }
    links_of_few_switches(&painter, &layout, floors);
    let hovered = response.hover_pos().and_then(|pos| layout.place_at(pos));
    if let Some(route) = route {
        paint_route(&painter, &layout, route, hovered);
    }
    // The labels last, over any arc that crosses them.
    for floor in Colour::all() {
        let label = layout.labels[floor.0 as usize];
        painter.rect_filled(label, 2.0, ui.visuals().panel_fill.gamma_multiply(0.85));
        floor_label(ui, &painter, label, floors, route, floor);
    }
    if let Some((floor, (x, y))) = hovered {
        let cell = layout.boards[floor.0 as usize].cell_rect(x, y);
        painter.rect_stroke(
            cell,
            1.0,
            egui::Stroke::new(2.0, ui.visuals().selection.stroke.color),
            egui::StrokeKind::Outside,
        );
        if let Some(link) = floors.link_at(x, y) {
            let other = floor.toggled(link.switch);
            paint_arc(
                &painter,
                layout.centre(floor, (x, y)),
                layout.centre(other, (x, y)),
                link.switch,
                3.0,
            );
        }
        response.on_hover_text_at_pointer(place_words(level, floors, route, x, y, floor));
    }
}

/// A level with at most this many switches shows all their links between
/// reached places; with more, a switch's links show on hover.
const FEW_SWITCHES: usize = 3;

fn links_of_few_switches(painter: &egui::Painter, layout: &FloorsLayout, floors: &Floors) {
    if floors.links().len() > FEW_SWITCHES {
        return;
    }
    for link in floors.links() {
        for (a, b) in link.pairs() {
            if floors.is_reached(link.x, link.y, a) && floors.is_reached(link.x, link.y, b) {
                let cell = (link.x, link.y);
                paint_arc(
                    painter,
                    layout.centre(a, cell),
                    layout.centre(b, cell),
                    link.switch,
                    1.2,
                );
            }
        }
    }
}

/// A floor's label: a swatch and its name, and a line on what the route
/// does there (or why it is faded).
fn floor_label(
    ui: &mut Ui,
    painter: &egui::Painter,
    rect: egui::Rect,
    floors: &Floors,
    route: Option<&FloorRoute>,
    floor: Colour,
) {
    let (name_rect, note_rect) = rect.split_top_bottom_at_y(rect.top() + LABEL_HEIGHT * 0.5);
    paint_swatch(
        painter,
        name_rect.left_center() + egui::vec2(7.0, 0.0),
        floor,
    );
    let name_rect = name_rect.with_min_x(name_rect.left() + 18.0);
    ui.scope_builder(
        UiBuilder::new()
            .max_rect(name_rect)
            .layout(Layout::left_to_right(Align::Center)),
        |ui| ui.add(egui::Label::new(RichText::new(format!("{floor} floor")).strong()).truncate()),
    );
    let note = floor_note(floors, route, floor);
    let colour = if floors.reached_count(floor) == 0 {
        Color32::from_rgb(200, 90, 40)
    } else {
        ui.visuals().weak_text_color()
    };
    ui.scope_builder(
        UiBuilder::new()
            .max_rect(note_rect)
            .layout(Layout::left_to_right(Align::Min)),
        |ui| {
            ui.add(egui::Label::new(RichText::new(&note).size(12.5).color(colour)).truncate())
                .on_hover_text(note);
        },
    );
}

/// What a floor's second line says: unreachable, not on the route, or the
/// moves the route spends there; and how many of its open cells are
/// reached.
pub fn floor_note(floors: &Floors, route: Option<&FloorRoute>, floor: Colour) -> String {
    let (open, reached) = (floors.open_count(floor), floors.reached_count(floor));
    if reached == 0 {
        return "not reachable from the start".to_string();
    }
    let cells = format!("{reached} of {open} open cells reachable");
    let Some(route) = route else {
        return cells;
    };
    let runs: Vec<String> = route
        .segments()
        .iter()
        .filter(|s| s.floor == floor)
        .map(|s| {
            let last = s.from_move + s.cells.len() - 1;
            if last == s.from_move {
                format!("{last}")
            } else {
                format!("{}–{last}", s.from_move)
            }
        })
        .collect();
    if runs.is_empty() {
        format!("the route never comes here · {cells}")
    } else {
        let moves = if runs.len() == 1 && !runs[0].contains('–') {
            "move"
        } else {
            "moves"
        };
        format!("route: {moves} {} · {cells}", runs.join(", "))
    }
}

/// The tooltip of the place `(x, y)` on `floor`: open or closed, and when
/// the route gets there or whether the player can at all.
pub fn place_words(
    level: &Level,
    floors: &Floors,
    route: Option<&FloorRoute>,
    x: usize,
    y: usize,
    floor: Colour,
) -> String {
    let cell = level.cell(x, y);
    let mut text = format!("({x}, {y}) on the {floor} floor: ");
    if !floors.is_open(x, y, floor) {
        text += &format!("closed ({})", cell.describe());
        return text;
    }
    text += &format!("open ({})", cell.describe());
    let step = route.and_then(|r| r.first_step_at(x, y, floor));
    text += &match (step, floors.is_reached(x, y, floor)) {
        (Some(0), _) => ", the route starts here".to_string(),
        (Some(n), _) => format!(", reached at step {n}"),
        (None, true) if route.is_some() => ", reachable, not on the route".to_string(),
        (None, true) => ", reachable".to_string(),
        (None, false) => ", not reachable from the start".to_string(),
    };
    if let Cell::Switch(s) = cell {
        text += &format!("; stepping on it jumps to the {} floor", floor.toggled(s));
    }
    if (x, y) == level.start && floor == level.background {
        text += "; the start";
    }
    if (x, y) == level.exit {
        text += "; the exit";
    }
    if let Some(e) = level.enemies.iter().find(|e| (e.x, e.y) == (x, y)) {
        text += &format!("; an {} enemy starts here", e.axis.letter());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::prism::{read_2016, Rules};

    fn setup(text: &str, moves: &str) -> (Level, Floors, FloorRoute) {
        let level = read_2016(text).unwrap();
        let rules = Rules::compile(&level).unwrap();
        let dirs: Vec<Dir> = moves
            .split_whitespace()
            .filter_map(Dir::from_name)
            .collect();
        (
            level,
            Floors::of(&rules),
            FloorRoute::of_moves(&rules, &dirs),
        )
    }

    #[test]
    fn a_place_says_whether_it_is_open_and_when_the_route_gets_there() {
        let (level, floors, route) = setup("3 2\n0\ns R f\nb h b\n", "R R");
        let words = |x, y, f| place_words(&level, &floors, Some(&route), x, y, f);
        assert_eq!(
            words(1, 0, Colour::RED),
            "(1, 0) on the red floor: open (red switch), reached at step 1; \
             stepping on it jumps to the black floor"
        );
        assert_eq!(
            words(2, 0, Colour::RED),
            "(2, 0) on the red floor: open (empty floor), reached at step 2; the exit"
        );
        assert_eq!(
            words(0, 1, Colour::RED),
            "(0, 1) on the red floor: closed (blue block)"
        );
        assert_eq!(
            words(0, 1, Colour::BLUE),
            "(0, 1) on the blue floor: open (blue block), not reachable from the start"
        );
        assert_eq!(
            words(0, 0, Colour::RED),
            "(0, 0) on the red floor: open (empty floor), reachable, not on the route"
        );
        assert!(words(0, 0, Colour::BLACK).ends_with("the route starts here; the start"));
        assert!(words(1, 1, Colour::BLACK).ends_with("; an h enemy starts here"));
    }

    #[test]
    fn the_route_whose_moves_changed_last_takes_the_view() {
        use RouteSource::{Play, Selected, Shortest};
        let moves = |text: &str| -> Vec<Dir> {
            text.split_whitespace().filter_map(Dir::from_name).collect()
        };
        let mut choice = SourceChoice::default();
        assert_eq!(choice.update(&[]), None);
        let shortest = (Shortest, moves("R R"));
        assert_eq!(
            choice.update(std::slice::from_ref(&shortest)),
            Some(Shortest)
        );
        let played = (Play, moves("R"));
        assert_eq!(
            choice.update(&[shortest.clone(), played.clone()]),
            Some(Play)
        );
        choice.pick(Shortest);
        assert_eq!(
            choice.update(&[shortest.clone(), played.clone()]),
            Some(Shortest)
        );
        let replay = (Selected, moves("R L R R"));
        let all = [shortest.clone(), replay.clone(), played.clone()];
        assert_eq!(choice.update(&all), Some(Selected));
        let more = (Play, moves("R L"));
        assert_eq!(choice.update(&[shortest.clone(), replay, more]), Some(Play));
        // The source shown has no moves any more: the next in order.
        assert_eq!(choice.update(&[shortest]), Some(Shortest));
    }

    #[test]
    fn a_floor_note_gives_the_moves_spent_there() {
        let (_, floors, route) = setup("3 2\n0\ns R f\nb b b\n", "R R");
        assert_eq!(
            floor_note(&floors, Some(&route), Colour::BLACK),
            "route: moves 0–1 · 3 of 3 open cells reachable"
        );
        assert_eq!(
            floor_note(&floors, Some(&route), Colour::RED),
            "route: moves 1–2 · 3 of 3 open cells reachable"
        );
        assert_eq!(
            floor_note(&floors, Some(&route), Colour::BLUE),
            "not reachable from the start"
        );
        assert_eq!(
            floor_note(&floors, None, Colour::RED),
            "3 of 3 open cells reachable"
        );
        let (_, floors, route) = setup("3 2\n0\ns R f\nb b b\n", "R L");
        assert_eq!(
            floor_note(&floors, Some(&route), Colour::RED),
            "route: moves 1–2 · 3 of 3 open cells reachable"
        );
        let (_, floors, route) = setup("3 2\n0\ns R f\nb b b\n", "");
        assert_eq!(
            floor_note(&floors, Some(&route), Colour::RED),
            "the route never comes here · 3 of 3 open cells reachable"
        );
    }
}

//! A Prism level as its 3D model (docs/rules.md, Prism, "The 3D model"):
//! eight floors, one per background colour, each with the cells open on
//! it; the switches as links between the floors they join; and a route of
//! moves threaded through the floors.
//!
//! A *place* is a cell on a floor where it is open: floor on every floor,
//! a block of colour `c` on floor `c` only, a switch on every floor. Places
//! side by side on one floor are joined; a switch of colour `s` joins each
//! floor `f` to floor `f XOR s` at its cell. The player on background `b`
//! stands on floor `b`: stepping onto a switch enters it on the floor the
//! player walks on and jumps to the other floor of its link.
//!
//! *Reached* places are those the player can get to from the start walking
//! as the rules allow but without enemies (enemies only ever take places
//! away). A switch entered from floor `f` counts as reached on `f` as well
//! as on the floor it jumps to: the route passes through both.
//!
//! Enemies are not places of the model: an enemy walks on whatever floor
//! the player is on, since the background is the same for both. What the
//! model keeps of an enemy is its [`Patrol`]: on each floor, the run of its
//! row or column it can walk there from its start.

use super::level::{Axis, Cell, Colour, Level};
use super::rules::{Dir, Rules, TurnEnd};
use crate::words::counted;

/// A cell on a floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The floor: the background the player has there.
    pub floor: Colour,
}

/// A switch seen as a link: at its cell, every floor `f` is joined to
/// floor `f XOR switch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The switch's colour: red, green or blue.
    pub switch: Colour,
}

impl Link {
    /// The four pairs of floors the link joins, the lower floor first, in
    /// order of the lower floor.
    pub fn pairs(&self) -> Vec<(Colour, Colour)> {
        Colour::all()
            .into_iter()
            .filter(|f| f.0 < f.toggled(self.switch).0)
            .map(|f| (f, f.toggled(self.switch)))
            .collect()
    }

    /// Whether the link joins floors `a` and `b` (in either order).
    pub fn joins(&self, a: Colour, b: Colour) -> bool {
        a.toggled(self.switch) == b && a != b
    }
}

/// What an enemy is in the model: on each floor, the cells of its line it
/// can walk there from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patrol {
    /// The enemy's index in the level.
    pub enemy: usize,
    /// Its starting cell.
    pub start: (usize, usize),
    /// The line it walks: its row (`h`) or its column (`v`).
    pub axis: Axis,
    /// Per floor (index = colour), the first and last offset along its
    /// line (`x` for `h`, `y` for `v`) of the open run around its start.
    pub runs: [(usize, usize); 8],
}

impl Patrol {
    /// The cells of its run on `floor`, in order along its line.
    pub fn cells(&self, floor: Colour) -> Vec<(usize, usize)> {
        let (from, to) = self.runs[floor.0 as usize & 7];
        (from..=to)
            .map(|i| match self.axis {
                Axis::Horizontal => (i, self.start.1),
                Axis::Vertical => (self.start.0, i),
            })
            .collect()
    }
}

/// The level's 3D model: which cells are open on each floor, which places
/// the player can reach from the start, the links and the enemies' runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Floors {
    width: usize,
    height: usize,
    /// Per cell, bit `f` set when the cell is open on floor `f`.
    open: Vec<u8>,
    /// Per cell, bit `f` set when the place on floor `f` is reached.
    reached: Vec<u8>,
    links: Vec<Link>,
    start: Place,
    exit: (usize, usize),
    patrols: Vec<Patrol>,
}

impl Floors {
    /// The model of the level `rules` was compiled from.
    pub fn of(rules: &Rules) -> Floors {
        let level = rules.level();
        let (width, height) = (level.width(), level.height());
        let open = level
            .cells()
            .iter()
            .map(|&cell| match cell {
                Cell::Empty | Cell::Switch(_) => 0xff,
                Cell::Block(c) => 1u8.checked_shl(u32::from(c.0)).unwrap_or(0),
            })
            .collect();
        let links = level
            .cells()
            .iter()
            .enumerate()
            .filter_map(|(i, &cell)| match cell {
                Cell::Switch(s) => Some(Link {
                    x: i % width,
                    y: i / width,
                    switch: s,
                }),
                _ => None,
            })
            .collect();
        let patrols = level
            .enemies
            .iter()
            .enumerate()
            .map(|(i, e)| patrol_of(level, i, (e.x, e.y), e.axis))
            .collect();
        Floors {
            width,
            height,
            open,
            reached: reach(rules),
            links,
            start: Place {
                x: level.start.0,
                y: level.start.1,
                floor: level.background,
            },
            exit: level.exit,
            patrols,
        }
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether cell `(x, y)` is open on `floor` (false off the board).
    pub fn is_open(&self, x: usize, y: usize, floor: Colour) -> bool {
        self.bit(&self.open, x, y, floor)
    }

    /// Whether the place `(x, y)` on `floor` can be reached from the start
    /// without enemies.
    pub fn is_reached(&self, x: usize, y: usize, floor: Colour) -> bool {
        self.bit(&self.reached, x, y, floor)
    }

    fn bit(&self, bits: &[u8], x: usize, y: usize, floor: Colour) -> bool {
        x < self.width
            && y < self.height
            && floor.is_valid()
            && bits[y * self.width + x] >> floor.0 & 1 != 0
    }

    /// The number of cells open on `floor`.
    pub fn open_count(&self, floor: Colour) -> usize {
        count_floor(&self.open, floor)
    }

    /// The number of places reached on `floor`.
    pub fn reached_count(&self, floor: Colour) -> usize {
        count_floor(&self.reached, floor)
    }

    /// The floors with at least one reached place, black first.
    pub fn reachable_floors(&self) -> Vec<Colour> {
        let any = self.reached.iter().fold(0u8, |acc, &b| acc | b);
        Colour::all()
            .into_iter()
            .filter(|f| any >> f.0 & 1 != 0)
            .collect()
    }

    /// The floors on which the exit cell is reached: the floors the level
    /// can be won on.
    pub fn exit_floors(&self) -> Vec<Colour> {
        let (x, y) = self.exit;
        Colour::all()
            .into_iter()
            .filter(|&f| self.is_reached(x, y, f))
            .collect()
    }

    /// The switches as links, in reading order.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The link at cell `(x, y)`, if it holds a switch.
    pub fn link_at(&self, x: usize, y: usize) -> Option<Link> {
        self.links.iter().copied().find(|l| (l.x, l.y) == (x, y))
    }

    /// The start place: the start cell on the starting background's floor.
    pub fn start(&self) -> Place {
        self.start
    }

    /// The exit cell.
    pub fn exit(&self) -> (usize, usize) {
        self.exit
    }

    /// The enemies' runs, in level order.
    pub fn patrols(&self) -> &[Patrol] {
        &self.patrols
    }
}

fn count_floor(bits: &[u8], floor: Colour) -> usize {
    if !floor.is_valid() {
        return 0;
    }
    bits.iter().filter(|&&b| b >> floor.0 & 1 != 0).count()
}

/// The run of the enemy's line open on each floor around its start.
fn patrol_of(level: &Level, enemy: usize, start: (usize, usize), axis: Axis) -> Patrol {
    let (length, at) = match axis {
        Axis::Horizontal => (level.width(), start.0),
        Axis::Vertical => (level.height(), start.1),
    };
    let cell = |i: usize| match axis {
        Axis::Horizontal => level.cell(i, start.1),
        Axis::Vertical => level.cell(start.0, i),
    };
    let runs = Colour::all().map(|floor| {
        let open = |i: usize| match cell(i) {
            Cell::Empty | Cell::Switch(_) => true,
            Cell::Block(c) => c == floor,
        };
        let mut from = at;
        while from > 0 && open(from - 1) {
            from -= 1;
        }
        let mut to = at;
        while to + 1 < length && open(to + 1) {
            to += 1;
        }
        (from, to)
    });
    Patrol {
        enemy,
        start,
        axis,
        runs,
    }
}

/// Per cell, the floors on which it is reached from the start, walking by
/// the rules without enemies; a switch is reached on the floor it is
/// entered from and on the floor it jumps to.
fn reach(rules: &Rules) -> Vec<u8> {
    let cells = rules.cell_count();
    let mut reached = vec![0u8; cells];
    // Where the player can stand: cell and background.
    let mut stood = vec![0u8; cells];
    let start = (rules.start_cell(), rules.start_background() & 7);
    stood[start.0 as usize] |= 1 << start.1;
    reached[start.0 as usize] |= 1 << start.1;
    let mut stack = vec![start];
    while let Some((cell, bg)) = stack.pop() {
        for dir in Dir::ALL {
            let Some(to) = rules.target(cell, dir, bg) else {
                continue;
            };
            let after = bg ^ rules.toggle(to);
            reached[to as usize] |= 1 << bg | 1 << after;
            if stood[to as usize] >> after & 1 == 0 {
                stood[to as usize] |= 1 << after;
                stack.push((to, after));
            }
        }
    }
    reached
}

/// One step of a [`FloorRoute`]: where the player stands after a move, and
/// on which floor it entered that cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RouteStep {
    /// The move's number, from 1; 0 is the start.
    pub number: usize,
    /// The move (`None` for the start).
    pub dir: Option<Dir>,
    /// The cell the player stands on.
    pub cell: (usize, usize),
    /// The floor the player walked on into the cell.
    pub entered_on: Colour,
    /// The floor the player is on after the move (another one when the
    /// cell is a switch).
    pub floor: Colour,
}

impl RouteStep {
    /// Whether the move jumped floor: it stepped onto a switch.
    pub fn jumped(&self) -> bool {
        self.entered_on != self.floor
    }
}

/// How a route ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RouteEnd {
    /// The moves ran out with the game still on.
    InPlay,
    /// The last move reached the exit.
    Won,
    /// The last move got the player caught on cell `(x, y)`.
    Caught {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
    },
}

/// A run of a route on one floor: the cells in the order walked, between
/// two jumps (or the start or the end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteSegment {
    /// The floor.
    pub floor: Colour,
    /// The cells walked on it, in order.
    pub cells: Vec<(usize, usize)>,
    /// The number of the move that brought the player onto this floor (0
    /// for the start).
    pub from_move: usize,
}

/// A move sequence played from the start and threaded through the floors:
/// every place the player stands on, with the jumps at switches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloorRoute {
    /// The start, then one step a move that moved the player (moves that
    /// are no move are left out, as the rules count them).
    pub steps: Vec<RouteStep>,
    /// How it ends.
    pub end: RouteEnd,
}

impl FloorRoute {
    /// Plays `moves` from the start with the rules, enemies and all, and
    /// stops at a win or a catch.
    pub fn of_moves(rules: &Rules, moves: &[Dir]) -> FloorRoute {
        let mut state = rules.start_state();
        let mut steps = vec![RouteStep {
            number: 0,
            dir: None,
            cell: state.player,
            entered_on: state.background,
            floor: state.background,
        }];
        let mut end = RouteEnd::InPlay;
        for &dir in moves {
            let trace = rules.turn(&state, dir);
            if trace.end == TurnEnd::NoMove {
                continue;
            }
            steps.push(RouteStep {
                number: steps.len(),
                dir: Some(dir),
                cell: trace.after.player,
                entered_on: trace.before.background,
                floor: trace.after.background,
            });
            state = trace.after;
            match trace.end {
                TurnEnd::Won => {
                    end = RouteEnd::Won;
                    break;
                }
                TurnEnd::Caught { x, y } => {
                    end = RouteEnd::Caught { x, y };
                    break;
                }
                _ => {}
            }
        }
        FloorRoute { steps, end }
    }

    /// The number of moves.
    pub fn moves(&self) -> usize {
        self.steps.len() - 1
    }

    /// The steps that jumped floor, in order.
    pub fn jumps(&self) -> impl Iterator<Item = &RouteStep> {
        self.steps.iter().filter(|s| s.jumped())
    }

    /// How many times the route changes floor.
    pub fn floor_changes(&self) -> usize {
        self.jumps().count()
    }

    /// The floors the route stands or walks on, black first.
    pub fn floors_visited(&self) -> Vec<Colour> {
        let mask = self.steps.iter().fold(0u8, |acc, s| {
            acc | 1 << (s.entered_on.0 & 7) | 1 << (s.floor.0 & 7)
        });
        Colour::all()
            .into_iter()
            .filter(|f| mask >> f.0 & 1 != 0)
            .collect()
    }

    /// Whether the route passes the place `(x, y)` on `floor`.
    pub fn visits(&self, x: usize, y: usize, floor: Colour) -> bool {
        self.first_step_at(x, y, floor).is_some()
    }

    /// The number of the first move that brings the route to `(x, y)` on
    /// `floor` (0: the start), if it gets there.
    pub fn first_step_at(&self, x: usize, y: usize, floor: Colour) -> Option<usize> {
        self.steps
            .iter()
            .find(|s| s.cell == (x, y) && (s.entered_on == floor || s.floor == floor))
            .map(|s| s.number)
    }

    /// The route cut into runs on one floor, in the order walked. A jump
    /// ends the run on the floor it leaves at the switch's cell, and the
    /// next run starts there on the floor it lands on.
    pub fn segments(&self) -> Vec<RouteSegment> {
        let first = &self.steps[0];
        let mut segments = vec![RouteSegment {
            floor: first.floor,
            cells: vec![first.cell],
            from_move: 0,
        }];
        for step in &self.steps[1..] {
            let last = segments.last_mut().expect("there is a first segment");
            last.cells.push(step.cell);
            if step.jumped() {
                segments.push(RouteSegment {
                    floor: step.floor,
                    cells: vec![step.cell],
                    from_move: step.number,
                });
            }
        }
        segments
    }
}

/// What a designer reads off the model and a route, in a few sentences:
/// how many floors the route visits and how often it changes floor, and
/// which floors can be reached at all. `what` names the route, e.g.
/// "The shortest solution".
pub fn route_summary(floors: &Floors, route: &FloorRoute, what: &str) -> String {
    let names = |floors: &[Colour]| {
        floors
            .iter()
            .map(|f| f.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let visited = route.floors_visited();
    let ending = match route.end {
        RouteEnd::Won => " and reaches the exit".to_string(),
        RouteEnd::Caught { x, y } => format!(" and is caught at ({x}, {y})"),
        RouteEnd::InPlay => String::new(),
    };
    let mut text = format!(
        "{what}: {}, {}, on {} of 8 floors ({}){ending}.",
        counted(route.moves() as u64, "move", "moves"),
        counted(
            route.floor_changes() as u64,
            "floor change",
            "floor changes"
        ),
        visited.len(),
        names(&visited),
    );
    text.push(' ');
    text.push_str(&reach_summary(floors));
    text
}

/// Which floors can be reached from the start and which cannot, and on
/// which the exit is reached, in a sentence or two.
pub fn reach_summary(floors: &Floors) -> String {
    let reachable = floors.reachable_floors();
    let never: Vec<&str> = Colour::all()
        .into_iter()
        .filter(|f| !reachable.contains(f))
        .map(|f| f.name())
        .collect();
    let mut text = format!(
        "Without enemies the player can reach {} of 8 floors",
        reachable.len()
    );
    if never.is_empty() {
        text.push('.');
    } else {
        text.push_str(&format!("; never {}.", never.join(", ")));
    }
    let exit = floors.exit_floors();
    if exit.is_empty() {
        text.push_str(" The exit is reached on no floor.");
    } else {
        let names: Vec<&str> = exit.iter().map(|f| f.name()).collect();
        text.push_str(&format!(" The exit is reached on {}.", names.join(", ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::prism::read_2016;

    fn model(text: &str) -> (Rules, Floors) {
        let rules = Rules::compile(&read_2016(text).unwrap()).unwrap();
        let floors = Floors::of(&rules);
        (rules, floors)
    }

    fn moves(text: &str) -> Vec<Dir> {
        text.split_whitespace()
            .map(|m| Dir::from_name(m).unwrap())
            .collect()
    }

    /// The cells of `floor` as rows of `#` (open, reached), `o` (open, not
    /// reached) and `.` (closed).
    fn rows(floors: &Floors, floor: Colour) -> Vec<String> {
        (0..floors.height())
            .map(|y| {
                (0..floors.width())
                    .map(
                        |x| match (floors.is_open(x, y, floor), floors.is_reached(x, y, floor)) {
                            (true, true) => '#',
                            (true, false) => 'o',
                            (false, false) => '.',
                            (false, true) => panic!("({x}, {y}) reached on {floor} but closed"),
                        },
                    )
                    .collect()
            })
            .collect()
    }

    /// A corridor: the start, a red switch, the exit; below, blue blocks
    /// that no reachable floor opens.
    const CORRIDOR: &str = "3 2\n0\ns R f\nb b b\n";

    #[test]
    fn open_and_reached_cells_per_floor() {
        let (_, floors) = model(CORRIDOR);
        assert_eq!(rows(&floors, Colour::BLACK), ["###", "..."]);
        assert_eq!(rows(&floors, Colour::RED), ["###", "..."]);
        // The blue floor opens the bottom row, but no switch leads there.
        assert_eq!(rows(&floors, Colour::BLUE), ["ooo", "ooo"]);
        assert_eq!(rows(&floors, Colour::GREEN), ["ooo", "..."]);
        assert_eq!(floors.open_count(Colour::BLUE), 6);
        assert_eq!(floors.open_count(Colour::RED), 3);
        assert_eq!(floors.reached_count(Colour::RED), 3);
        assert_eq!(floors.reachable_floors(), [Colour::BLACK, Colour::RED]);
        assert_eq!(floors.exit_floors(), [Colour::BLACK, Colour::RED]);
        assert_eq!(
            floors.start(),
            Place {
                x: 0,
                y: 0,
                floor: Colour::BLACK
            }
        );
    }

    #[test]
    fn a_switch_links_each_floor_to_its_xor() {
        let (_, floors) = model(CORRIDOR);
        let link = floors.link_at(1, 0).unwrap();
        assert_eq!(link.switch, Colour::RED);
        assert_eq!(
            link.pairs(),
            [
                (Colour::BLACK, Colour::RED),
                (Colour::GREEN, Colour::YELLOW),
                (Colour::BLUE, Colour::MAGENTA),
                (Colour::CYAN, Colour::WHITE),
            ]
        );
        assert!(link.joins(Colour::YELLOW, Colour::GREEN));
        assert!(!link.joins(Colour::RED, Colour::RED));
        assert!(!link.joins(Colour::RED, Colour::GREEN));
        assert_eq!(floors.links().len(), 1);
        assert_eq!(floors.link_at(0, 0), None);
    }

    #[test]
    fn the_route_jumps_floor_on_the_switch() {
        let (rules, floors) = model(CORRIDOR);
        let route = FloorRoute::of_moves(&rules, &moves("R R"));
        assert_eq!(route.end, RouteEnd::Won);
        assert_eq!(route.moves(), 2);
        let jump = route.steps[1];
        assert_eq!(jump.cell, (1, 0));
        assert_eq!((jump.entered_on, jump.floor), (Colour::BLACK, Colour::RED));
        assert!(jump.jumped() && !route.steps[2].jumped());
        assert_eq!(route.floor_changes(), 1);
        assert_eq!(route.floors_visited(), [Colour::BLACK, Colour::RED]);
        assert_eq!(route.first_step_at(1, 0, Colour::BLACK), Some(1));
        assert_eq!(route.first_step_at(1, 0, Colour::RED), Some(1));
        assert_eq!(route.first_step_at(2, 0, Colour::RED), Some(2));
        assert_eq!(route.first_step_at(2, 0, Colour::BLACK), None);
        assert_eq!(
            route.segments(),
            [
                RouteSegment {
                    floor: Colour::BLACK,
                    cells: vec![(0, 0), (1, 0)],
                    from_move: 0
                },
                RouteSegment {
                    floor: Colour::RED,
                    cells: vec![(1, 0), (2, 0)],
                    from_move: 1
                },
            ]
        );
        let text = route_summary(&floors, &route, "The shortest solution");
        assert_eq!(
            text,
            "The shortest solution: 2 moves, 1 floor change, on 2 of 8 floors (black, red) \
             and reaches the exit. Without enemies the player can reach 2 of 8 floors; \
             never green, yellow, blue, magenta, cyan, white. The exit is reached on black, red."
        );
    }

    /// Red then green: black, red, yellow; the yellow block opens on
    /// yellow only and leads down to the exit.
    const TWO_SWITCHES: &str = "4 2\n0\ns R G y\nb b b f\n";

    #[test]
    fn two_switches_climb_two_floors() {
        let (rules, floors) = model(TWO_SWITCHES);
        let route = FloorRoute::of_moves(&rules, &moves("R R R D"));
        assert_eq!(route.end, RouteEnd::Won);
        let floors_walked: Vec<_> = route.steps.iter().map(|s| s.floor).collect();
        assert_eq!(
            floors_walked,
            [
                Colour::BLACK,
                Colour::RED,
                Colour::YELLOW,
                Colour::YELLOW,
                Colour::YELLOW
            ]
        );
        assert_eq!(route.floor_changes(), 2);
        let segments = route.segments();
        assert_eq!(segments.len(), 3);
        assert_eq!(segments[1].cells, [(1, 0), (2, 0)]);
        assert_eq!(segments[2].cells, [(2, 0), (3, 0), (3, 1)]);
        assert_eq!(segments[2].from_move, 2);
        // Back over the switches in other orders the player reaches green
        // too, never a floor with blue in it.
        assert_eq!(
            floors.reachable_floors(),
            [Colour::BLACK, Colour::RED, Colour::GREEN, Colour::YELLOW]
        );
        assert_eq!(rows(&floors, Colour::YELLOW), ["####", "...#"]);
        assert_eq!(rows(&floors, Colour::GREEN), ["###.", "...o"]);
        assert_eq!(rows(&floors, Colour::BLUE), ["ooo.", "oooo"]);
        assert_eq!(floors.exit_floors(), [Colour::YELLOW]);
    }

    #[test]
    fn no_moves_are_left_out_and_a_catch_ends_the_route() {
        // The h enemy at (2, 0) comes back along the top row.
        let (rules, floors) = model("4 2\n0\ns e h e\ne e e f\n");
        let route = FloorRoute::of_moves(&rules, &moves("U R L R R D"));
        // Up is no move; after R the enemy is at (3, 0), after L it turns
        // at the wall to (2, 0), and after R it steps onto the player at
        // (1, 0). The moves after the catch are not played.
        assert_eq!(route.end, RouteEnd::Caught { x: 1, y: 0 });
        let numbers: Vec<_> = route.steps.iter().map(|s| (s.number, s.cell)).collect();
        assert_eq!(
            numbers,
            [(0, (0, 0)), (1, (1, 0)), (2, (0, 0)), (3, (1, 0))]
        );
        assert_eq!(route.floor_changes(), 0);
        let text = route_summary(&floors, &route, "The moves so far");
        assert!(text.starts_with("The moves so far: 3 moves, 0 floor changes, on 1 of 8 floors (black) and is caught at (1, 0)."), "{text}");
    }

    #[test]
    fn an_enemy_patrols_the_run_its_floor_opens() {
        // The h enemy at (2, 0); a red block at (1, 0) opens only on red.
        let (_, floors) = model("4 2\n0\ns r h e\ne e e f\n");
        let patrol = floors.patrols()[0];
        assert_eq!(patrol.start, (2, 0));
        assert_eq!(patrol.runs[Colour::RED.0 as usize], (0, 3));
        assert_eq!(patrol.runs[Colour::BLACK.0 as usize], (2, 3));
        assert_eq!(patrol.cells(Colour::GREEN), [(2, 0), (3, 0)]);
        let (_, floors) = model("2 4\n0\ns v\ne e\ne g\ne f\n");
        let patrol = floors.patrols()[0];
        assert_eq!(patrol.axis, Axis::Vertical);
        assert_eq!(patrol.cells(Colour::BLACK), [(1, 0), (1, 1)]);
        assert_eq!(patrol.cells(Colour::GREEN).len(), 4);
    }
}

//! Prism's rules, defined once (docs/rules.md, Prism, "One turn").
//!
//! [`Rules`] is a level compiled into per-cell tables: in which backgrounds
//! a cell can be entered, which channel entering it toggles, and which of
//! its sides lead to another cell. A turn is made of a few pieces played on
//! a compact position (the player's cell, the background and one [`Mover`]
//! per enemy): [`Rules::player_step`] (steps 1 and 2), [`Rules::enemy_on`]
//! (steps 3 and 6) and `enemy_act` (step 5, one enemy). Two forms share
//! them:
//!
//! - [`Rules::turn`] plays a turn on a [`PlayState`] through `resolve`,
//!   which strings the pieces together in the order of docs/rules.md, and
//!   records every step in a [`TurnTrace`], for animation and explanations;
//! - the solver's [`super::puzzle::PrismPuzzle`] plays the same pieces on
//!   packed states, recording nothing: the player's step as it is, and each
//!   enemy's act through a table that `enemy_act` fills once per level.
//!
//! A test plays both forms on every move of every reachable position of
//! many random levels and checks that they agree.
//!
//! Collisions are by position only (docs/rules.md, **ours**). Since the player
//! moves first and dies on entering an enemy's cell, the two can never
//! swap cells. Our choice where docs/rules.md is silent: a destroyed enemy
//! carries no position, so in a [`PlayState`] it is shown at its starting
//! cell, facing forward, with `alive` false (its [`EnemyStep`] says where
//! it was destroyed); equal positions are then equal values.

use serde::{Deserialize, Serialize};

use crate::kinds::Problem;

use super::level::{Axis, Cell, Colour, Level};

pub use crate::grid::Dir;

/// One enemy in a position of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnemyState {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The line it patrols.
    pub axis: Axis,
    /// Whether it is moving forward (right for `h`, down for `v`).
    pub forward: bool,
    /// False once it has been destroyed (then `x`, `y` are its starting
    /// cell and `forward` is true).
    pub alive: bool,
}

/// A position of the game: the player, the background and every enemy of
/// the level, in level order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayState {
    /// The player's cell `(x, y)`.
    pub player: (usize, usize),
    /// The current background.
    pub background: Colour,
    /// One entry per enemy of the level, in level order.
    pub enemies: Vec<EnemyState>,
}

/// How a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TurnEnd {
    /// The player could not move: nothing happened.
    NoMove,
    /// The player moved and the game goes on.
    Moved,
    /// The player reached the exit.
    Won,
    /// An enemy and the player met on cell `(x, y)`: the player died.
    Caught {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
    },
}

/// What one enemy did in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnemyStep {
    /// The enemy's index in the level.
    pub index: usize,
    /// Where it stood.
    pub from: (usize, usize),
    /// Where it stands now (`from` when it stayed or was destroyed).
    pub to: (usize, usize),
    /// Whether it turned round (and stepped back).
    pub reversed: bool,
    /// Whether it was destroyed: it stood on a block the new background
    /// closes.
    pub destroyed: bool,
}

/// Everything that happened in one turn, for animation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnTrace {
    /// The position before the turn.
    pub before: PlayState,
    /// The position after it (equal to `before` for [`TurnEnd::NoMove`];
    /// enemies have not moved when the player won or walked into one).
    pub after: PlayState,
    /// The switch colour toggled by the player's step, if any.
    pub toggled: Option<Colour>,
    /// Each living enemy's action, in level order; empty when the enemies
    /// did not act.
    pub enemy_steps: Vec<EnemyStep>,
    /// How the turn ended.
    pub end: TurnEnd,
}

/// Why a level could not be compiled for play or for the solver.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// The level has problems (see [`Level::problems`]).
    #[error("the level is invalid: {}", list_problems(.0))]
    Invalid(Vec<Problem>),
    /// The level's states do not fit the solver's widest word.
    #[error(
        "the level is too big for the solver: a state needs {bits} bits (player, background and {enemies} enemies), at most 256 fit"
    )]
    StateTooBig {
        /// The bits one state needs.
        bits: u32,
        /// The number of enemies.
        enemies: usize,
    },
}

fn list_problems(problems: &[Problem]) -> String {
    match problems {
        [] => "no problem given".to_string(),
        [one] => one.to_string(),
        [first, rest @ ..] => format!("{first} (and {} more)", rest.len()),
    }
}

/// One cell's rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct CellRule {
    /// Bit `b` is set when the cell can be entered on background `b`.
    open: u8,
    /// The channels entering the cell toggles (0 but for switches).
    toggle: u8,
    /// Bit `d` is set when direction `d` leads to another cell.
    sides: u8,
}

/// An enemy's line, fixed by the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnemyLine {
    /// The line it patrols.
    pub axis: Axis,
    /// The cell it starts on (index `y * width + x`).
    pub start_cell: u32,
    /// Its starting offset along its line (`x` for `h`, `y` for `v`).
    pub start_offset: u32,
    /// The first cell of its line.
    pub line_start: u32,
    /// The cells between two neighbours of its line: 1 or the width.
    pub stride: u32,
    /// The number of cells of its line.
    pub length: u32,
}

/// One enemy in the compact position the rules play on: its cell, its
/// offset along its line, its direction and whether it lives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mover {
    /// Its cell index.
    pub cell: u32,
    /// Its offset along its line.
    pub offset: u32,
    /// Moving forward (right or down).
    pub forward: bool,
    /// Not destroyed.
    pub alive: bool,
}

/// Receives the steps of a turn as `resolve` plays it.
pub(crate) trait TurnObserver {
    /// The player's step toggled these channels.
    fn toggled(&mut self, channels: u8);
    /// Enemy `index` went from cell `from` to cell `to`.
    fn enemy(&mut self, index: usize, from: u32, to: u32, reversed: bool, destroyed: bool);
}

/// An observer that records nothing: the solver's.
pub(crate) struct NoTrace;

impl TurnObserver for NoTrace {
    #[inline(always)]
    fn toggled(&mut self, _: u8) {}
    #[inline(always)]
    fn enemy(&mut self, _: usize, _: u32, _: u32, _: bool, _: bool) {}
}

/// A compiled Prism level: per-cell tables and the enemies' lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    level: Level,
    width: usize,
    cells: Vec<CellRule>,
    /// The cell index offset of one step in each direction.
    delta: [isize; 4],
    start: u32,
    exit: u32,
    background: u8,
    enemies: Vec<EnemyLine>,
}

impl Rules {
    /// Compiles a valid level; an invalid one is refused with its problems.
    pub fn compile(level: &Level) -> Result<Rules, CompileError> {
        let problems = level.problems();
        if !problems.is_empty() {
            return Err(CompileError::Invalid(problems));
        }
        let (width, height) = (level.width(), level.height());
        let cells = level
            .cells()
            .iter()
            .enumerate()
            .map(|(i, &cell)| {
                let (x, y) = (i % width, i / width);
                let (open, toggle) = match cell {
                    Cell::Empty => (0xff, 0),
                    Cell::Switch(c) => (0xff, c.0),
                    Cell::Block(c) => (1u8 << c.0, 0),
                };
                let sides = (y > 0) as u8
                    | ((x + 1 < width) as u8) << 1
                    | ((y + 1 < height) as u8) << 2
                    | ((x > 0) as u8) << 3;
                CellRule {
                    open,
                    toggle,
                    sides,
                }
            })
            .collect();
        let w = width as isize;
        let index = |(x, y): (usize, usize)| (y * width + x) as u32;
        let enemies = level
            .enemies
            .iter()
            .map(|e| match e.axis {
                Axis::Horizontal => EnemyLine {
                    axis: e.axis,
                    start_cell: index((e.x, e.y)),
                    start_offset: e.x as u32,
                    line_start: index((0, e.y)),
                    stride: 1,
                    length: width as u32,
                },
                Axis::Vertical => EnemyLine {
                    axis: e.axis,
                    start_cell: index((e.x, e.y)),
                    start_offset: e.y as u32,
                    line_start: index((e.x, 0)),
                    stride: width as u32,
                    length: height as u32,
                },
            })
            .collect();
        Ok(Rules {
            level: level.clone(),
            width,
            cells,
            delta: [-w, 1, w, -1],
            start: index(level.start),
            exit: index(level.exit),
            background: level.background.0,
            enemies,
        })
    }

    /// The level these rules were compiled from.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The enemies' lines, in level order.
    pub fn enemy_lines(&self) -> &[EnemyLine] {
        &self.enemies
    }

    /// The start cell's index.
    pub fn start_cell(&self) -> u32 {
        self.start
    }

    /// The exit cell's index.
    pub fn exit_cell(&self) -> u32 {
        self.exit
    }

    /// The starting background.
    pub fn start_background(&self) -> u8 {
        self.background
    }

    /// The `(x, y)` of cell index `cell`.
    pub fn xy(&self, cell: u32) -> (usize, usize) {
        (cell as usize % self.width, cell as usize / self.width)
    }

    /// The index of cell `(x, y)`, if it is on the board.
    pub fn index(&self, (x, y): (usize, usize)) -> Option<u32> {
        self.level
            .contains(x, y)
            .then(|| (y * self.width + x) as u32)
    }

    /// Whether cell `cell` can be entered on background `background`.
    #[inline(always)]
    pub fn enterable(&self, cell: u32, background: u8) -> bool {
        self.cells[cell as usize].open >> (background & 7) & 1 != 0
    }

    /// The cell one step from `cell` in direction `dir`, if it is on the
    /// board and enterable on `background`.
    #[inline(always)]
    pub fn target(&self, cell: u32, dir: Dir, background: u8) -> Option<u32> {
        let d = dir.index();
        if self.cells[cell as usize].sides >> d & 1 == 0 {
            return None;
        }
        let to = (cell as isize + self.delta[d]) as u32;
        self.enterable(to, background).then_some(to)
    }

    /// The channels entering `cell` toggles (0 unless it is a switch).
    #[inline(always)]
    pub fn toggle(&self, cell: u32) -> u8 {
        self.cells[cell as usize].toggle
    }

    /// Enemy `index` as a destroyed mover: at its starting cell, facing
    /// forward, not alive.
    #[inline(always)]
    pub fn dead_mover(&self, index: usize) -> Mover {
        let line = &self.enemies[index];
        Mover {
            cell: line.start_cell,
            offset: line.start_offset,
            forward: true,
            alive: false,
        }
    }

    /// The movers of the start.
    pub fn start_movers(&self) -> Vec<Mover> {
        self.enemies
            .iter()
            .map(|line| Mover {
                cell: line.start_cell,
                offset: line.start_offset,
                forward: true,
                alive: true,
            })
            .collect()
    }

    /// Steps 1 and 2 of a turn, the player's step: the cell entered and the
    /// background after it, or `None` when the move is off the board or
    /// into a closed block (no move).
    #[inline(always)]
    pub fn player_step(&self, player: u32, background: u8, dir: Dir) -> Option<(u32, u8)> {
        let to = self.target(player, dir, background)?;
        Some((to, background ^ self.toggle(to)))
    }

    /// Whether a living enemy stands on `cell` (steps 3 and 6 of a turn).
    #[inline(always)]
    pub fn enemy_on(movers: &[Mover], cell: u32) -> bool {
        movers.iter().any(|m| m.alive && m.cell == cell)
    }

    /// Step 5 of a turn for enemy `index`: it acts on `background`, the
    /// background after the player's step. On a block that background
    /// closes it is destroyed; else it steps on in its direction if it can,
    /// else turns round and steps back if it can, else stays facing the
    /// same way. A destroyed enemy does nothing.
    #[inline(always)]
    pub(crate) fn enemy_act<O: TurnObserver>(
        &self,
        index: usize,
        m: &mut Mover,
        background: u8,
        observer: &mut O,
    ) {
        if !m.alive {
            return;
        }
        let from = m.cell;
        if !self.enterable(from, background) {
            *m = self.dead_mover(index);
            observer.enemy(index, from, from, false, true);
            return;
        }
        let axis = self.enemies[index].axis;
        let ahead = self.target(from, axis.heading(m.forward), background);
        let (next, reversed) = match ahead {
            Some(next) => (next, false),
            None => match self.target(from, axis.heading(!m.forward), background) {
                Some(next) => (next, true),
                None => {
                    observer.enemy(index, from, from, false, false);
                    return;
                }
            },
        };
        m.forward ^= reversed;
        m.cell = next;
        m.offset = if m.forward {
            m.offset + 1
        } else {
            m.offset - 1
        };
        observer.enemy(index, from, next, reversed, false);
    }

    /// Step 5 of a turn for every enemy, in level order.
    pub(crate) fn enemies_act<O: TurnObserver>(
        &self,
        movers: &mut [Mover],
        background: u8,
        observer: &mut O,
    ) {
        for (i, m) in movers.iter_mut().enumerate() {
            self.enemy_act(i, m, background, observer);
        }
    }

    /// Plays one whole turn on a compact position, from the pieces above.
    /// The solver's step uses the same pieces: the player's step as it is,
    /// and each enemy's act through tables made by [`Rules::enemy_act`].
    pub(crate) fn resolve<O: TurnObserver>(
        &self,
        player: &mut u32,
        background: &mut u8,
        movers: &mut [Mover],
        dir: Dir,
        observer: &mut O,
    ) -> TurnEnd {
        // 1-2. The player's step; entering a switch toggles its channel.
        let Some((to, after)) = self.player_step(*player, *background, dir) else {
            return TurnEnd::NoMove;
        };
        if after != *background {
            observer.toggled(after ^ *background);
        }
        *player = to;
        *background = after;
        // 3. Walking into an enemy kills.
        if Rules::enemy_on(movers, to) {
            return self.caught(to);
        }
        // 4. The exit wins before the enemies move.
        if to == self.exit {
            return TurnEnd::Won;
        }
        // 5. Every enemy acts on the new background.
        self.enemies_act(movers, after, observer);
        // 6. An enemy stepping onto the player kills.
        if Rules::enemy_on(movers, to) {
            return self.caught(to);
        }
        TurnEnd::Moved
    }

    fn caught(&self, cell: u32) -> TurnEnd {
        let (x, y) = self.xy(cell);
        TurnEnd::Caught { x, y }
    }

    /// The position the level starts in.
    pub fn start_state(&self) -> PlayState {
        self.play_state(self.start, self.background, &self.start_movers())
    }

    /// A compact position as a [`PlayState`].
    pub fn play_state(&self, player: u32, background: u8, movers: &[Mover]) -> PlayState {
        PlayState {
            player: self.xy(player),
            background: Colour(background),
            enemies: movers
                .iter()
                .zip(&self.enemies)
                .map(|(m, line)| {
                    let (x, y) = self.xy(m.cell);
                    EnemyState {
                        x,
                        y,
                        axis: line.axis,
                        forward: m.forward,
                        alive: m.alive,
                    }
                })
                .collect(),
        }
    }

    /// A [`PlayState`] as a compact position `(player, background,
    /// movers)`, or `None` when it cannot be a position of this level: the
    /// player off the board, a background above 7, another number of
    /// enemies, an enemy on another axis or off its line. Destroyed enemies
    /// are normalised to their starting cell.
    pub fn compact(&self, state: &PlayState) -> Option<(u32, u8, Vec<Mover>)> {
        let player = self.index(state.player)?;
        if !state.background.is_valid() || state.enemies.len() != self.enemies.len() {
            return None;
        }
        let movers = state
            .enemies
            .iter()
            .zip(&self.enemies)
            .enumerate()
            .map(|(i, (e, line))| {
                if e.axis != line.axis {
                    return None;
                }
                if !e.alive {
                    return Some(self.dead_mover(i));
                }
                let cell = self.index((e.x, e.y))?;
                let (offset, on_line) = match line.axis {
                    Axis::Horizontal => (e.x, cell - e.x as u32 == line.line_start),
                    Axis::Vertical => (e.y, cell - (e.y * self.width) as u32 == line.line_start),
                };
                on_line.then_some(Mover {
                    cell,
                    offset: offset as u32,
                    forward: e.forward,
                    alive: true,
                })
            })
            .collect::<Option<Vec<Mover>>>()?;
        Some((player, state.background.0, movers))
    }

    /// Plays one turn from `state` and records what happened. A state that
    /// cannot be a position of this level (see [`Rules::compact`]) is
    /// answered as [`TurnEnd::NoMove`].
    pub fn turn(&self, state: &PlayState, dir: Dir) -> TurnTrace {
        let Some((mut player, mut background, mut movers)) = self.compact(state) else {
            return TurnTrace {
                before: state.clone(),
                after: state.clone(),
                toggled: None,
                enemy_steps: Vec::new(),
                end: TurnEnd::NoMove,
            };
        };
        let before = self.play_state(player, background, &movers);
        let mut recorder = Recorder {
            rules: self,
            toggled: None,
            steps: Vec::new(),
        };
        let end = self.resolve(
            &mut player,
            &mut background,
            &mut movers,
            dir,
            &mut recorder,
        );
        let after = if end == TurnEnd::NoMove {
            before.clone()
        } else {
            self.play_state(player, background, &movers)
        };
        TurnTrace {
            before,
            after,
            toggled: recorder.toggled.map(Colour),
            enemy_steps: recorder.steps,
            end,
        }
    }

    /// The moves of a shortest way from `(player, background)` to the exit
    /// if there were no enemies, or `None` if even then the exit cannot be
    /// reached. Enemies never block the player, so a position from which
    /// this finds no way cannot be won at all.
    pub fn way_without_enemies(&self, player: u32, background: u8) -> Option<Vec<Dir>> {
        let node = |cell: u32, bg: u8| cell as usize * 8 + (bg & 7) as usize;
        let mut parent: Vec<Option<(u32, u8, Dir)>> = vec![None; self.cells.len() * 8];
        let mut seen = vec![false; self.cells.len() * 8];
        let mut queue = std::collections::VecDeque::new();
        seen[node(player, background)] = true;
        queue.push_back((player, background));
        while let Some((cell, bg)) = queue.pop_front() {
            if cell == self.exit {
                let mut moves = Vec::new();
                let mut at = (cell, bg);
                while let Some((from, from_bg, dir)) = parent[node(at.0, at.1)] {
                    moves.push(dir);
                    at = (from, from_bg);
                }
                moves.reverse();
                return Some(moves);
            }
            for dir in Dir::ALL {
                if let Some(to) = self.target(cell, dir, bg) {
                    let to_bg = bg ^ self.toggle(to);
                    if !seen[node(to, to_bg)] {
                        seen[node(to, to_bg)] = true;
                        parent[node(to, to_bg)] = Some((cell, bg, dir));
                        queue.push_back((to, to_bg));
                    }
                }
            }
        }
        None
    }
}

/// Records a turn's steps for [`Rules::turn`].
struct Recorder<'a> {
    rules: &'a Rules,
    toggled: Option<u8>,
    steps: Vec<EnemyStep>,
}

impl TurnObserver for Recorder<'_> {
    fn toggled(&mut self, channels: u8) {
        self.toggled = Some(channels);
    }

    fn enemy(&mut self, index: usize, from: u32, to: u32, reversed: bool, destroyed: bool) {
        self.steps.push(EnemyStep {
            index,
            from: self.rules.xy(from),
            to: self.rules.xy(to),
            reversed,
            destroyed,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::prism::level::Enemy;

    /// A level from rows of 2016 tokens (with `s`, `f`, `h`, `v`).
    fn level(rows: &[&str], background: u8) -> Level {
        let text = format!(
            "{} {}\n{background}\n{}\n",
            rows[0].split_whitespace().count(),
            rows.len(),
            rows.join("\n")
        );
        crate::kinds::prism::format::read_2016(&text).unwrap()
    }

    fn rules(rows: &[&str], background: u8) -> Rules {
        Rules::compile(&level(rows, background)).unwrap()
    }

    fn play(rules: &Rules, moves: &[Dir]) -> TurnTrace {
        let mut state = rules.start_state();
        let mut last = None;
        for &dir in moves {
            let trace = rules.turn(&state, dir);
            state = trace.after.clone();
            last = Some(trace);
        }
        last.expect("at least one move")
    }

    #[test]
    fn a_switch_toggles_by_xor_red_on_yellow_gives_green() {
        let r = rules(&["s R e f", "e e e e"], 3);
        let t = play(&r, &[Dir::Right]);
        assert_eq!(t.toggled, Some(Colour::RED));
        assert_eq!(t.after.background, Colour::GREEN);
        assert_eq!(t.end, TurnEnd::Moved);
    }

    #[test]
    fn a_block_opens_only_on_exactly_its_colour() {
        // A yellow block: closed on red (a channel of yellow), open on yellow.
        let on_red = rules(&["s y f", "e e e"], 1);
        assert_eq!(play(&on_red, &[Dir::Right]).end, TurnEnd::NoMove);
        let on_white = rules(&["s y f", "e e e"], 7);
        assert_eq!(play(&on_white, &[Dir::Right]).end, TurnEnd::NoMove);
        let on_yellow = rules(&["s y f", "e e e"], 3);
        let t = play(&on_yellow, &[Dir::Right]);
        assert_eq!((t.end, t.after.player), (TurnEnd::Moved, (1, 0)));
    }

    #[test]
    fn leaving_a_switch_never_toggles() {
        let r = rules(&["s G e f", "e e e e"], 0);
        let t = play(&r, &[Dir::Right, Dir::Right]);
        assert_eq!(t.toggled, None);
        assert_eq!(t.after.background, Colour::GREEN);
        assert_eq!(t.after.player, (2, 0));
        // Back onto the switch: it toggles again.
        let back = r.turn(&t.after, Dir::Left);
        assert_eq!(back.after.background, Colour::BLACK);
    }

    #[test]
    fn no_move_off_the_board_or_into_a_closed_block_and_enemies_wait() {
        let r = rules(&["s r e e", "e e h f"], 0);
        for dir in [Dir::Up, Dir::Left, Dir::Right] {
            let t = r.turn(&r.start_state(), dir);
            assert_eq!(t.end, TurnEnd::NoMove, "{dir:?}");
            assert_eq!(t.after, t.before);
            assert!(t.enemy_steps.is_empty());
        }
        let t = r.turn(&r.start_state(), Dir::Down);
        assert_eq!(t.end, TurnEnd::Moved);
        assert_eq!(t.enemy_steps.len(), 1, "the enemy acts after a real move");
    }

    #[test]
    fn an_enemy_reverses_at_a_wall_and_stays_when_both_ways_are_closed() {
        // The h enemy at (3,0) meets the board's edge: it turns and steps left.
        let r = rules(&["s e e h", "e e e f"], 0);
        let t = r.turn(&r.start_state(), Dir::Down);
        let step = t.enemy_steps[0];
        assert_eq!((step.from, step.to, step.reversed), ((3, 0), (2, 0), true));
        assert!(!t.after.enemies[0].forward);
        // Next turn it keeps going left without reversing.
        let t2 = r.turn(&t.after, Dir::Right);
        assert_eq!(t2.enemy_steps[0].to, (1, 0));
        assert!(!t2.enemy_steps[0].reversed);
        // Boxed in by closed blocks on both sides: it stays, still forward.
        let boxed = rules(&["s r h b", "e e e f"], 0);
        let t = boxed.turn(&boxed.start_state(), Dir::Down);
        let step = t.enemy_steps[0];
        assert_eq!((step.from, step.to, step.reversed), ((2, 0), (2, 0), false));
        assert!(t.after.enemies[0].forward && t.after.enemies[0].alive);
    }

    #[test]
    fn an_enemy_on_a_block_that_closes_is_destroyed() {
        // On red, the enemy steps onto the red block at (3,1); then the
        // player enters the red switch, the background turns black and the
        // enemy standing on the now closed block is destroyed.
        let r = rules(&["s e e f", "e R h r"], 1);
        let t = r.turn(&r.start_state(), Dir::Right);
        assert_eq!(t.enemy_steps[0].to, (3, 1));
        let t = r.turn(&t.after, Dir::Down);
        assert_eq!(t.toggled, Some(Colour::RED));
        assert_eq!(t.after.background, Colour::BLACK);
        assert_eq!(
            t.enemy_steps,
            vec![EnemyStep {
                index: 0,
                from: (3, 1),
                to: (3, 1),
                reversed: false,
                destroyed: true
            }]
        );
        assert_eq!(
            t.after.enemies[0],
            EnemyState {
                x: 2,
                y: 1,
                axis: Axis::Horizontal,
                forward: true,
                alive: false
            },
            "a destroyed enemy is shown at its start"
        );
        assert_eq!(t.end, TurnEnd::Moved);
        // It never acts again.
        let t = r.turn(&t.after, Dir::Right);
        assert!(t.enemy_steps.is_empty());
    }

    #[test]
    fn walking_into_an_enemy_kills_before_it_moves() {
        let r = rules(&["s v e", "e e e", "e e f"], 0);
        let t = r.turn(&r.start_state(), Dir::Right);
        assert_eq!(t.end, TurnEnd::Caught { x: 1, y: 0 });
        assert!(t.enemy_steps.is_empty());
    }

    #[test]
    fn an_enemy_stepping_onto_the_player_kills() {
        // The h enemy at (2,0) faces the edge: it turns and steps onto (1,0),
        // where the player has just arrived.
        let r = rules(&["s e h", "e e e", "e e f"], 0);
        let t = r.turn(&r.start_state(), Dir::Right);
        assert_eq!(t.end, TurnEnd::Caught { x: 1, y: 0 });
        assert_eq!(
            t.enemy_steps,
            vec![EnemyStep {
                index: 0,
                from: (2, 0),
                to: (1, 0),
                reversed: true,
                destroyed: false
            }]
        );
    }

    #[test]
    fn reaching_the_exit_wins_before_enemies_move() {
        let r = rules(&["s f", "e v"], 0);
        let mut start = r.start_state();
        start.enemies[0].forward = false; // it would step up onto the exit
        let t = r.turn(&start, Dir::Right);
        assert_eq!(t.end, TurnEnd::Won);
        assert!(t.enemy_steps.is_empty());
        assert_eq!(t.after.enemies, start.enemies);
    }

    #[test]
    fn a_state_of_another_level_is_no_move() {
        let r = rules(&["s h e", "e e f"], 0);
        let mut state = r.start_state();
        state.player = (9, 9);
        assert_eq!(r.turn(&state, Dir::Down).end, TurnEnd::NoMove);
        let mut state = r.start_state();
        state.enemies.push(EnemyState {
            x: 0,
            y: 1,
            axis: Axis::Vertical,
            forward: true,
            alive: true,
        });
        assert_eq!(r.turn(&state, Dir::Down).end, TurnEnd::NoMove);
        let mut state = r.start_state();
        state.enemies[0].y = 1;
        assert_eq!(
            r.turn(&state, Dir::Down).end,
            TurnEnd::NoMove,
            "off its row"
        );
    }

    #[test]
    fn the_way_without_enemies_uses_switches() {
        // The exit is behind a green block: press G first.
        let r = rules(&["s G g f", "b b b b"], 0);
        let way = r.way_without_enemies(r.start_cell(), 0).unwrap();
        assert_eq!(way, vec![Dir::Right, Dir::Right, Dir::Right]);
        let shut = rules(&["s b f", "b b b"], 0);
        assert_eq!(shut.way_without_enemies(shut.start_cell(), 0), None);
    }

    #[test]
    fn invalid_levels_do_not_compile() {
        let mut l = Level::new(3, 3);
        l.enemies.push(Enemy {
            x: 0,
            y: 0,
            axis: Axis::Vertical,
        });
        let err = Rules::compile(&l).unwrap_err().to_string();
        assert!(
            err.starts_with("the level is invalid: cell (0, 0): an enemy"),
            "{err}"
        );
    }
}

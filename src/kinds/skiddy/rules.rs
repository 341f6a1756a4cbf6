//! The compiled Skiddy level and its move simulation (docs/rules.md, Skiddy).
//!
//! One definition of the rules, [`Rules::simulate`], is generic over a
//! [`TickObserver`]: the solver's fast step passes an observer that does
//! nothing (and compiles away), the animation passes one that records every
//! tick ([`Rules::trace`]).

use super::level::{Colour, Floor, Level, Piece, MAX_SIDE};

/// The most movable pieces a level may have to be analysed.
pub const MAX_PIECES: usize = 32;
/// The position of a piece that has left the board.
///
/// A position is the cell index (`y * width + x`) of an inner cell, the
/// only cells a piece can stand on (the border holds only blocks and
/// goals), or `GONE`. `GONE` is above the largest inner cell index of the
/// largest board (238 on 16x16), so it is never a position a piece can
/// have. It *is* a cell index (the bottom-right corner of a 16x16 board):
/// code that goes over cells, border included, must never compare a cell
/// with a position without setting `GONE` apart first.
pub const GONE: u8 = u8::MAX;
/// The largest cell index a piece can stand on: the last inner cell of the
/// largest board.
pub const MAX_POSITION: usize = (MAX_SIDE - 2) * MAX_SIDE + MAX_SIDE - 2;
const _: () = assert!(
    MAX_POSITION < GONE as usize,
    "GONE must lie outside every position"
);
/// No piece in a cell of the occupancy grid: above every piece index.
const EMPTY: u8 = u8::MAX;
const _: () = assert!(
    MAX_PIECES < EMPTY as usize,
    "EMPTY must lie outside every piece index"
);
const KIND_FLOOR: u8 = 0;
const KIND_PIT: u8 = 1;
const KIND_BLOCK: u8 = 2;
/// Goals are `KIND_GOAL + colour index`.
const KIND_GOAL: u8 = 3;
/// Skiddies' piece kinds are their colour indices (0 to 3).
const PIECE_ICE: u8 = 4;
const PIECE_CRATE: u8 = 5;
/// Room for every push of a group-exit flood fill.
const STACK: usize = 4 * MAX_PIECES + 8;

pub use crate::grid::Dir;

/// Why a level cannot be compiled for the solver.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// The level has validation problems.
    #[error("the level is invalid: {}", .0.join("; "))]
    Invalid(Vec<String>),
    /// More pieces than the solver handles.
    #[error("the level has {0} movable pieces; at most {MAX_PIECES} can be analysed")]
    TooManyPieces(usize),
}

/// Watches a move being simulated, tick by tick.
pub trait TickObserver {
    /// Called after tick `tick` (1-based) with every piece's position
    /// ([`GONE`] once it has left).
    fn tick(&mut self, tick: u32, positions: &[u8]);
    /// Called when `piece` leaves the board from `cell` during `tick`.
    fn exit(&mut self, piece: usize, tick: u32, cell: u8);
}

/// An observer that records nothing.
pub struct NoTrace;

impl TickObserver for NoTrace {
    #[inline(always)]
    fn tick(&mut self, _: u32, _: &[u8]) {}
    #[inline(always)]
    fn exit(&mut self, _: usize, _: u32, _: u8) {}
}

/// A piece leaving the board during a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exit {
    /// The piece (index in [`Rules::pieces`]).
    pub piece: usize,
    /// The tick (1-based) in which it left.
    pub tick: u32,
    /// The cell `(x, y)` it left from.
    pub from: (usize, usize),
}

/// Every piece's position at every tick of one move, for animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTrace {
    /// The direction.
    pub dir: Dir,
    /// Positions before the move (`None`: the piece had already left), then
    /// after each tick.
    pub frames: Vec<Vec<Option<(usize, usize)>>>,
    /// The pieces that left, with their tick.
    pub exits: Vec<Exit>,
    /// Whether the move changed anything (a move that does not is no move).
    pub changed: bool,
}

impl MoveTrace {
    /// The positions after the move.
    pub fn last(&self) -> &[Option<(usize, usize)>] {
        self.frames
            .last()
            .expect("a trace has at least its start frame")
    }
}

struct Recorder<'a> {
    width: usize,
    frames: &'a mut Vec<Vec<Option<(usize, usize)>>>,
    exits: &'a mut Vec<Exit>,
}

impl TickObserver for Recorder<'_> {
    fn tick(&mut self, _: u32, positions: &[u8]) {
        let w = self.width;
        self.frames.push(
            positions
                .iter()
                .map(|&p| (p != GONE).then(|| (p as usize % w, p as usize / w)))
                .collect(),
        );
    }

    fn exit(&mut self, piece: usize, tick: u32, cell: u8) {
        let w = self.width;
        self.exits.push(Exit {
            piece,
            tick,
            from: (cell as usize % w, cell as usize / w),
        });
    }
}

/// What a slider does when it tries to enter the next cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// It stops where it is.
    Stop,
    /// It leaves the board through a goal of this colour.
    Exit(Colour),
    /// It moves into the cell and keeps moving.
    Move,
    /// It moves into an empty pit and stops there.
    Trapped,
    /// It pushes this crate one cell, to `beyond`, moves into the crate's
    /// cell and stops.
    Push {
        /// The crate.
        piece: u8,
        /// Where the crate goes.
        beyond: u8,
    },
}

/// A position made ready for applying several moves to it: the occupancy
/// grid and the sliders in row and column order are computed once.
#[derive(Clone, Debug)]
pub struct Prepared {
    positions: [u8; MAX_PIECES],
    count: usize,
    occ: [u8; 256],
    /// The sliders by row, then by column within a row.
    by_row: [u8; MAX_PIECES],
    /// The sliders by column, then by row within a column.
    by_column: [u8; MAX_PIECES],
    sliders: usize,
}

/// Lists the pieces marked in `masks` (one mask per line, bit `i` for the
/// `i`-th cell along it) line by line into `out`, using `cell(line, along)`
/// to find their cells in `occ`; returns how many.
fn list_by_lines(
    masks: &[u16],
    occ: &[u8; 256],
    out: &mut [u8; MAX_PIECES],
    cell: impl Fn(usize, usize) -> usize,
) -> usize {
    let mut count = 0;
    for (line, &mask) in masks.iter().enumerate() {
        let mut mask = mask;
        while mask != 0 {
            let along = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            out[count] = occ[cell(line, along)];
            count += 1;
        }
    }
    count
}

/// A level compiled for simulation: the fixed floor and the pieces in
/// canonical order (Skiddies by colour, then ice, then crates), so that
/// interchangeable pieces form contiguous groups.
#[derive(Clone, Debug)]
pub struct Rules {
    width: usize,
    height: usize,
    floor: Vec<Floor>,
    /// The floor of each cell as a byte (`KIND_*`), for the hot loop.
    cell_kind: Box<[u8; 256]>,
    /// Each piece as a byte (`PIECE_*` or its colour index), for the hot
    /// loop.
    piece_kind: [u8; MAX_PIECES],
    pieces: Vec<Piece>,
    /// Contiguous ranges of interchangeable pieces.
    groups: Vec<std::ops::Range<usize>>,
    /// Pieces `0..sliders` slide by themselves.
    sliders: usize,
    /// Pieces `0..skiddies` are Skiddies.
    skiddies: usize,
    start: Vec<u8>,
    /// The column of each cell.
    cell_x: Box<[u8; 256]>,
    /// The row of each cell.
    cell_y: Box<[u8; 256]>,
}

impl Rules {
    /// Compiles a valid level.
    pub fn compile(level: &Level) -> Result<Rules, CompileError> {
        let problems = level.problems();
        if !problems.is_empty() {
            return Err(CompileError::Invalid(
                problems.iter().map(|p| p.to_string()).collect(),
            ));
        }
        let width = level.width();
        let mut placed: Vec<(Piece, u8)> = level
            .pieces()
            .map(|((x, y), p)| (p, (y * width + x) as u8))
            .collect();
        if placed.len() > MAX_PIECES {
            return Err(CompileError::TooManyPieces(placed.len()));
        }
        let order = |p: &Piece| match p {
            Piece::Skiddy(c) => c.index(),
            Piece::Ice => 4,
            Piece::Crate => 5,
        };
        placed.sort_by_key(|(p, cell)| (order(p), *cell));
        let pieces: Vec<Piece> = placed.iter().map(|(p, _)| *p).collect();
        let start = placed.iter().map(|(_, c)| *c).collect();
        let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
        for (i, p) in pieces.iter().enumerate() {
            match groups.last_mut() {
                Some(g) if pieces[g.start] == *p => g.end = i + 1,
                _ => groups.push(i..i + 1),
            }
        }
        let skiddies = pieces
            .iter()
            .filter(|p| matches!(p, Piece::Skiddy(_)))
            .count();
        let sliders = pieces.iter().filter(|p| p.slides()).count();
        let height = level.height();
        let mut cell_x = Box::new([0u8; 256]);
        let mut cell_y = Box::new([0u8; 256]);
        for y in 0..height {
            for x in 0..width {
                let cell = y * width + x;
                cell_x[cell] = x as u8;
                cell_y[cell] = y as u8;
            }
        }
        let floor: Vec<Floor> = level.cells().iter().map(|c| c.floor).collect();
        // Cells beyond the grid never get visited; they read as blocks.
        let mut cell_kind = Box::new([KIND_BLOCK; 256]);
        for (i, f) in floor.iter().enumerate() {
            cell_kind[i] = match f {
                Floor::Empty => KIND_FLOOR,
                Floor::Pit => KIND_PIT,
                Floor::Block => KIND_BLOCK,
                Floor::Goal(c) => KIND_GOAL + c.index() as u8,
            };
        }
        let mut piece_kind = [PIECE_CRATE; MAX_PIECES];
        for (i, p) in pieces.iter().enumerate() {
            piece_kind[i] = match p {
                Piece::Skiddy(c) => c.index() as u8,
                Piece::Ice => PIECE_ICE,
                Piece::Crate => PIECE_CRATE,
            };
        }
        Ok(Rules {
            cell_x,
            cell_y,
            cell_kind,
            piece_kind,
            width,
            height: level.height(),
            floor,
            pieces,
            groups,
            sliders,
            skiddies,
            start,
        })
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The floor at `(x, y)`.
    pub fn floor(&self, x: usize, y: usize) -> Floor {
        self.floor[y * self.width + x]
    }

    /// The pieces in canonical order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The groups of interchangeable pieces (index ranges into
    /// [`Rules::pieces`]).
    pub fn groups(&self) -> &[std::ops::Range<usize>] {
        &self.groups
    }

    /// The number of Skiddies; they are pieces `0..skiddy_count()`.
    pub fn skiddy_count(&self) -> usize {
        self.skiddies
    }

    /// The start positions (cell indices `y * width + x`), one per piece.
    pub fn start_positions(&self) -> &[u8] {
        &self.start
    }

    /// The cells of the board that pieces can ever stand on (not the
    /// border), as cell indices.
    pub fn inner_cells(&self) -> Vec<u8> {
        let mut cells = Vec::new();
        for y in 1..self.height - 1 {
            for x in 1..self.width - 1 {
                cells.push((y * self.width + x) as u8);
            }
        }
        cells
    }

    /// The index of inner cell `cell` among [`Rules::inner_cells`].
    pub fn inner_code(&self, cell: u8) -> u8 {
        let (x, y) = (cell as usize % self.width, cell as usize / self.width);
        ((y - 1) * (self.width - 2) + x - 1) as u8
    }

    /// Puts the pieces of each group in increasing cell order ([`GONE`]
    /// last), so that equal positions have equal arrays.
    pub fn canonicalise(&self, positions: &mut [u8]) {
        for g in &self.groups {
            sort_few(&mut positions[g.clone()]);
        }
    }

    /// Whether every Skiddy has left.
    pub fn is_won(&self, positions: &[u8]) -> bool {
        positions[..self.skiddies].iter().all(|&p| p == GONE)
    }

    /// Whether, for each colour, either all its Skiddies remain or none does.
    pub fn is_combo_intact(&self, positions: &[u8]) -> bool {
        self.groups
            .iter()
            .filter(|g| g.start < self.skiddies)
            .all(|g| {
                let gone = positions[g.clone()].iter().filter(|&&p| p == GONE).count();
                gone == 0 || gone == g.len()
            })
    }

    /// What slider `s` does when it tries to enter cell `next`, moving by
    /// `delta` (a cell offset, wrapping in `u8`). This is the one definition
    /// of a slider's rule; both schedulers below apply it.
    #[inline(always)]
    fn entry(&self, s: u8, next: u8, delta: u8, occ: &[u8; 256], pushed: u32) -> Entry {
        let other = occ[next as usize];
        let kind = self.cell_kind[next as usize];
        if other == EMPTY {
            match kind {
                KIND_FLOOR => Entry::Move,
                KIND_PIT => Entry::Trapped,
                KIND_BLOCK => Entry::Stop,
                goal => {
                    if self.piece_kind[s as usize & (MAX_PIECES - 1)] == goal - KIND_GOAL {
                        Entry::Exit(Colour::ALL[(goal - KIND_GOAL) as usize & 3])
                    } else {
                        Entry::Stop
                    }
                }
            }
        } else if self.piece_kind[s as usize & (MAX_PIECES - 1)] < PIECE_ICE
            && self.piece_kind[other as usize & (MAX_PIECES - 1)] == PIECE_CRATE
            && pushed & (1 << (other as u32 & 31)) == 0
        {
            let beyond = next.wrapping_add(delta);
            if self.cell_kind[beyond as usize] <= KIND_PIT && occ[beyond as usize] == EMPTY {
                Entry::Push {
                    piece: other,
                    beyond,
                }
            } else {
                Entry::Stop
            }
        } else {
            Entry::Stop
        }
    }

    /// The cell offset of a move, as a wrapping `u8`.
    fn step_offset(&self, dir: Dir) -> u8 {
        (self.delta(dir) as i8) as u8
    }

    fn delta(&self, dir: Dir) -> isize {
        let w = self.width as isize;
        match dir {
            Dir::Up => -w,
            Dir::Right => 1,
            Dir::Down => w,
            Dir::Left => -1,
        }
    }

    /// Applies one move to `positions` (one cell index or [`GONE`] per
    /// piece) tick by tick, exactly as docs/rules.md describes it; returns whether
    /// anything changed. `observer` sees every tick and every exit.
    pub fn simulate<O: TickObserver>(
        &self,
        positions: &mut [u8],
        dir: Dir,
        observer: &mut O,
    ) -> bool {
        let mut occ = [EMPTY; 256];
        let mut moving = [0u8; MAX_PIECES];
        let mut count = 0;
        for (i, &p) in positions.iter().enumerate() {
            if p != GONE {
                occ[p as usize] = i as u8;
                if i < self.sliders {
                    moving[count] = i as u8;
                    count += 1;
                }
            }
        }
        // Front to back: cell indices run along the rows, so for Up and
        // Down they order the sliders by row; Left and Right order them by
        // column. Sliders level with each other cannot interact.
        let front_first = |s: u8| {
            let p = positions[s as usize];
            match dir {
                Dir::Up => p,
                Dir::Down => u8::MAX - p,
                Dir::Left => self.cell_x[p as usize],
                Dir::Right => u8::MAX - self.cell_x[p as usize],
            }
        };
        sort_few_by_key(&mut moving[..count], front_first);
        self.run_ticks(occ, moving, count, positions, dir, observer)
    }

    /// The tick model itself: runs move `dir` on `positions`, whose pieces
    /// are marked in `occ` and whose `count` moving sliders are listed
    /// front to back in `moving`; returns whether anything changed.
    fn run_ticks<O: TickObserver>(
        &self,
        mut occ: [u8; 256],
        mut moving: [u8; MAX_PIECES],
        mut count: usize,
        positions: &mut [u8],
        dir: Dir,
        observer: &mut O,
    ) -> bool {
        let delta = self.delta(dir);
        let step = self.step_offset(dir);
        let mut pushed: u32 = 0;
        let mut changed = false;
        let mut tick = 0u32;
        let mut exits = [(0u8, Colour::Red); MAX_PIECES];
        let mut stack = [0u8; STACK];
        while count > 0 {
            tick += 1;
            let mut tick_moved = false;
            let mut exit_count = 0;
            let mut still = 0;
            for j in 0..count {
                let s = moving[j] as usize;
                let here = positions[s] as usize;
                let next = (here as isize + delta) as usize;
                match self.entry(s as u8, next as u8, step, &occ, pushed) {
                    Entry::Stop => {}
                    Entry::Exit(colour) => {
                        occ[here] = EMPTY;
                        positions[s] = GONE;
                        exits[exit_count] = (here as u8, colour);
                        exit_count += 1;
                        observer.exit(s, tick, here as u8);
                        tick_moved = true;
                    }
                    Entry::Move | Entry::Trapped => {
                        occ[here] = EMPTY;
                        occ[next] = s as u8;
                        positions[s] = next as u8;
                        tick_moved = true;
                        if self.floor[next] != Floor::Pit {
                            moving[still] = s as u8;
                            still += 1;
                        }
                    }
                    Entry::Push { piece, beyond } => {
                        occ[beyond as usize] = piece;
                        positions[piece as usize] = beyond;
                        pushed |= 1 << piece;
                        occ[here] = EMPTY;
                        occ[next] = s as u8;
                        positions[s] = next as u8;
                        tick_moved = true;
                    }
                }
            }
            count = still;
            if exit_count > 0 {
                for &(vacated, colour) in &exits[..exit_count] {
                    self.group_exit(
                        positions, &mut occ, &mut stack, vacated, colour, tick, observer,
                    );
                }
                let mut kept = 0;
                for j in 0..count {
                    if positions[moving[j] as usize] != GONE {
                        moving[kept] = moving[j];
                        kept += 1;
                    }
                }
                count = kept;
            }
            // The last tick, in which every slider finds itself blocked, moves
            // nothing and is not a tick of the animation.
            changed |= tick_moved;
            if tick_moved {
                observer.tick(tick, positions);
            }
        }
        changed
    }

    /// Slides one slider all the way, applying the same [`Rules::entry`]
    /// rule cell by cell. Returns `false` if the slider would leave the board.
    #[inline(always)]
    fn slide_one(
        &self,
        s: u8,
        delta: u8,
        positions: &mut [u8; MAX_PIECES],
        occ: &mut [u8; 256],
        pushed: &mut u32,
        changed: &mut bool,
    ) -> bool {
        let slot = s as usize & (MAX_PIECES - 1);
        let start = positions[slot];
        let mut here = start;
        let end = loop {
            let next = here.wrapping_add(delta);
            match self.entry(s, next, delta, occ, *pushed) {
                Entry::Move => here = next,
                Entry::Stop => break here,
                Entry::Exit(_) => return false,
                Entry::Trapped => break next,
                Entry::Push { piece, beyond } => {
                    occ[next as usize] = EMPTY;
                    occ[beyond as usize] = piece;
                    positions[piece as usize & (MAX_PIECES - 1)] = beyond;
                    *pushed |= 1 << (piece as u32 & 31);
                    break next;
                }
            }
        };
        if end != start {
            occ[start as usize] = EMPTY;
            occ[end as usize] = s;
            positions[slot] = end;
            *changed = true;
        }
        true
    }

    /// Slides each slider all the way, front to back, applying the same
    /// [`Rules::entry`] rule. When no piece leaves the board this gives
    /// exactly the tick model's result: a slider only ever meets cells of
    /// its own row or column, and within a line a slider behind can only
    /// reach the one ahead after it has stopped, so without exits (the only
    /// thing that couples lines) the order of ticks does not matter. Returns
    /// `None` as soon as a Skiddy would leave; the caller then runs the tick
    /// model.
    fn slide_without_exits(
        &self,
        order: &[u8],
        backward: bool,
        delta: u8,
        positions: &mut [u8; MAX_PIECES],
        occ: &mut [u8; 256],
    ) -> Option<bool> {
        let mut pushed = 0u32;
        let mut changed = false;
        if backward {
            for &s in order.iter().rev() {
                if !self.slide_one(s, delta, positions, occ, &mut pushed, &mut changed) {
                    return None;
                }
            }
        } else {
            for &s in order {
                if !self.slide_one(s, delta, positions, occ, &mut pushed, &mut changed) {
                    return None;
                }
            }
        }
        Some(changed)
    }

    /// Prepares a position for applying all four moves to it.
    pub fn prepare(&self, positions: &[u8]) -> Prepared {
        let mut prepared = Prepared {
            positions: [GONE; MAX_PIECES],
            count: positions.len(),
            occ: [EMPTY; 256],
            by_row: [0; MAX_PIECES],
            by_column: [0; MAX_PIECES],
            sliders: 0,
        };
        prepared.positions[..positions.len()].copy_from_slice(positions);
        let mut rows = [0u16; 16];
        let mut columns = [0u16; 16];
        for (i, &p) in positions.iter().enumerate() {
            if p != GONE {
                prepared.occ[p as usize] = i as u8;
                if i < self.sliders {
                    let (x, y) = (self.cell_x[p as usize], self.cell_y[p as usize]);
                    rows[y as usize] |= 1 << x;
                    columns[x as usize] |= 1 << y;
                }
            }
        }
        // Scanning the masks line by line lists the sliders front to back
        // for Up (rows) and Left (columns); Down and Right use the lists
        // backwards.
        let width = self.width;
        prepared.sliders = list_by_lines(
            &rows[..self.height],
            &prepared.occ,
            &mut prepared.by_row,
            |y, x| y * width + x,
        );
        list_by_lines(
            &columns[..self.width],
            &prepared.occ,
            &mut prepared.by_column,
            |x, y| y * width + x,
        );
        prepared
    }

    /// Applies move `dir` to a prepared position, writing the new positions
    /// to `out` (which must hold one entry per piece); returns whether
    /// anything changed. Gives the same result as [`Rules::simulate`], and
    /// leaves `prepared` as it found it.
    #[inline]
    pub fn apply_prepared(&self, prepared: &mut Prepared, dir: Dir, out: &mut [u8]) -> bool {
        let n = prepared.count;
        let mut positions = prepared.positions;
        let sliders = prepared.sliders;
        let (order, backward) = match dir {
            Dir::Up => (&prepared.by_row[..sliders], false),
            Dir::Down => (&prepared.by_row[..sliders], true),
            Dir::Left => (&prepared.by_column[..sliders], false),
            Dir::Right => (&prepared.by_column[..sliders], true),
        };
        // The move writes into the prepared grid, which is cheaper than
        // copying it, and puts it back after: clear the cells the pieces
        // hold now, then mark those they held before.
        let fast = self.slide_without_exits(
            order,
            backward,
            self.step_offset(dir),
            &mut positions,
            &mut prepared.occ,
        );
        // A piece that has left is at `GONE` (255), which is never a cell a
        // piece can reach (above `MAX_POSITION`: at most the corner of a
        // 16x16 board, which is border and so always `EMPTY`), so writing
        // `EMPTY` there keeps it as it always is and saves a branch a piece.
        for &p in &positions[..n] {
            prepared.occ[p as usize] = EMPTY;
        }
        for (piece, &p) in prepared.positions[..n].iter().enumerate() {
            prepared.occ[p as usize] = if p == GONE { EMPTY } else { piece as u8 };
        }
        match fast {
            Some(changed) => {
                out[..n].copy_from_slice(&positions[..n]);
                changed
            }
            None => {
                out[..n].copy_from_slice(&prepared.positions[..n]);
                self.simulate(&mut out[..n], dir, &mut NoTrace)
            }
        }
    }

    /// Sends out every Skiddy of `colour` connected, through Skiddies of that
    /// colour, to the cell an exiting Skiddy just left.
    #[allow(clippy::too_many_arguments)]
    fn group_exit<O: TickObserver>(
        &self,
        positions: &mut [u8],
        occ: &mut [u8; 256],
        stack: &mut [u8; STACK],
        vacated: u8,
        colour: Colour,
        tick: u32,
        observer: &mut O,
    ) {
        let w = self.width as isize;
        let wanted = Piece::Skiddy(colour);
        // Every Skiddy is popped at most once and pushes at most its four
        // neighbours, so the stack never overflows.
        let mut top = 0;
        let push_neighbours =
            |cell: u8, stack: &mut [u8; STACK], top: &mut usize, occ: &[u8; 256]| {
                for d in [-w, 1, w, -1] {
                    let n = (cell as isize + d) as usize;
                    let o = occ[n];
                    if o != EMPTY && self.pieces[o as usize] == wanted {
                        stack[*top] = n as u8;
                        *top += 1;
                    }
                }
            };
        let o = occ[vacated as usize];
        if o != EMPTY && self.pieces[o as usize] == wanted {
            stack[top] = vacated;
            top += 1;
        }
        push_neighbours(vacated, stack, &mut top, occ);
        while top > 0 {
            top -= 1;
            let cell = stack[top];
            let o = occ[cell as usize];
            if o == EMPTY || self.pieces[o as usize] != wanted {
                continue;
            }
            occ[cell as usize] = EMPTY;
            positions[o as usize] = GONE;
            observer.exit(o as usize, tick, cell);
            push_neighbours(cell, stack, &mut top, occ);
        }
    }

    /// Applies one move and records every tick, for animation.
    pub fn trace(&self, positions: &[u8], dir: Dir) -> MoveTrace {
        let mut frames = Vec::new();
        let mut exits = Vec::new();
        let mut pos = positions.to_vec();
        let mut recorder = Recorder {
            width: self.width,
            frames: &mut frames,
            exits: &mut exits,
        };
        recorder.tick(0, &pos);
        let changed = self.simulate(&mut pos, dir, &mut recorder);
        MoveTrace {
            dir,
            frames,
            exits,
            changed,
        }
    }

    /// Applies one move without recording it; returns whether anything
    /// changed. The same result as [`Rules::simulate`], faster.
    pub fn apply(&self, positions: &mut [u8], dir: Dir) -> bool {
        let mut prepared = self.prepare(positions);
        self.apply_prepared(&mut prepared, dir, positions)
    }

    /// The cell index of `(x, y)`.
    pub fn cell_index(&self, x: usize, y: usize) -> u8 {
        (y * self.width + x) as u8
    }

    /// Draws positions as ASCII (pieces in pits show as the piece; pieces
    /// that left are not drawn).
    pub fn render(&self, positions: &[u8]) -> String {
        // Cells are matched with the pieces on the board only: `GONE` is the
        // index of the bottom-right corner of a 16x16 board.
        let mut on_cell: Vec<Option<Piece>> = vec![None; self.width * self.height];
        for (&p, &piece) in positions.iter().zip(&self.pieces).rev() {
            if p != GONE {
                if let Some(cell) = on_cell.get_mut(p as usize) {
                    *cell = Some(piece);
                }
            }
        }
        let mut text = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                let piece = on_cell[y * self.width + x];
                let shown = super::level::Cell {
                    floor: if piece.is_some() {
                        Floor::Empty
                    } else {
                        self.floor(x, y)
                    },
                    piece,
                };
                text.push(super::format::cell_char(shown).unwrap_or('?'));
            }
            text.push('\n');
        }
        text
    }
}

/// Sorts a few values in place by insertion: groups of pieces are small and
/// most often in order already.
#[inline(always)]
pub(crate) fn sort_few(values: &mut [u8]) {
    sort_few_by_key(values, |value| value);
}

/// Sorts a few values in place by insertion, by `key`.
#[inline(always)]
fn sort_few_by_key(values: &mut [u8], key: impl Fn(u8) -> u8) {
    for i in 1..values.len() {
        let value = values[i];
        let value_key = key(value);
        let mut j = i;
        while j > 0 && key(values[j - 1]) > value_key {
            values[j] = values[j - 1];
            j -= 1;
        }
        values[j] = value;
    }
}

#[cfg(test)]
mod tests {
    use super::super::level::Cell;
    use super::*;

    #[test]
    fn no_cell_a_piece_can_stand_on_is_gone() {
        // The largest board, with a Skiddy and its goal.
        let mut level = Level::new(MAX_SIDE, MAX_SIDE);
        level.set_cell(0, 1, Cell::floor(Floor::Goal(Colour::Red)));
        level.set_cell(
            1,
            1,
            Cell {
                floor: Floor::Empty,
                piece: Some(Piece::Skiddy(Colour::Red)),
            },
        );
        let rules = Rules::compile(&level).expect("a valid level");
        let inner = rules.inner_cells();
        assert_eq!(inner.len(), (MAX_SIDE - 2) * (MAX_SIDE - 2));
        assert_eq!(inner.iter().max().map(|&c| c as usize), Some(MAX_POSITION));
        assert!(inner.iter().all(|&c| c != GONE));
        // The bottom-right corner is the one cell whose index is `GONE`:
        // it is border, so no piece ever stands there.
        assert_eq!(rules.cell_index(MAX_SIDE - 1, MAX_SIDE - 1), GONE);
        assert_eq!(rules.floor(MAX_SIDE - 1, MAX_SIDE - 1), Floor::Block);
    }
}

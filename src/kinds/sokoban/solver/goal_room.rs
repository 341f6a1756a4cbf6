//! Goal-room packing, after the goal macros of Rolling Stone (Junghanns and
//! Schaeffer): a group of touching goals is filled in an order worked out
//! backwards from the full room, and a box that reaches the room's
//! entrance is pushed straight to the next goal of that order in one move
//! of the search (a macro).
//!
//! The order: with every goal of the room holding a box, take out, one at
//! a time, the box that can be pulled off the goals in the fewest pulls
//! with the others in place; the goals in the reverse order of taking out
//! are the order to fill them in. A room whose boxes cannot all be taken
//! out that way gets no order and no macros.
//!
//! The search that uses the macros (the greedy phase) never pushes a box
//! onto a room's goal except by a macro, and never moves a box off one.
//! That loses solutions, so such a search finding nothing proves nothing.

use std::collections::{HashSet, VecDeque};

use super::board::{opposite, Board, Reach, NO_CELL};
use super::search::Push;

/// Rooms of fewer goals are left to the plain search.
const MIN_ROOM_GOALS: usize = 3;

/// No room.
const NO_ROOM: u16 = u16::MAX;

/// The most (box cell, player area) nodes one pull-out or macro search
/// looks at; past it the search gives up, which only loses a macro.
const MAX_NODES: usize = 20_000;

/// The goal rooms of a board that have a fill order.
#[derive(Clone, Debug)]
pub(super) struct GoalRooms {
    /// For each cell, the room whose goal it is, or [`NO_ROOM`].
    room_of_goal: Vec<u16>,
    /// For each cell that is not a goal, the room it is an entrance of
    /// (next to one of the room's goals), or [`NO_ROOM`].
    entrance_of: Vec<u16>,
    /// Each room's goals in the order to fill them.
    orders: Vec<Vec<u16>>,
}

/// A macro: a box taken from its cell to a room's next goal by these
/// pushes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct GoalMacro {
    /// The box's index among the position's boxes.
    pub(super) index: usize,
    /// The goal it ends on.
    pub(super) goal: u16,
    /// The pushes, in order.
    pub(super) pushes: Vec<Push>,
    /// The player's cell after the last push (the box's cell before it).
    pub(super) player: u16,
}

impl GoalRooms {
    /// The rooms of `board` that have a fill order, with the player
    /// starting on `player`; `None` when no room has one.
    pub(super) fn of(board: &Board, player: u16) -> Option<GoalRooms> {
        let n = board.len();
        let mut room_of_goal = vec![NO_ROOM; n];
        let mut entrance_of = vec![NO_ROOM; n];
        let mut orders = Vec::new();
        for room in touching_goals(board) {
            if room.len() < MIN_ROOM_GOALS || orders.len() >= usize::from(NO_ROOM) {
                continue;
            }
            let Some(order) = fill_order(board, &room, player) else {
                continue;
            };
            let id = orders.len() as u16;
            for &g in &order {
                room_of_goal[usize::from(g)] = id;
                for d in 0..4 {
                    let m = board.next(g, d);
                    if m != NO_CELL && !board.is_goal(m) && entrance_of[usize::from(m)] == NO_ROOM {
                        entrance_of[usize::from(m)] = id;
                    }
                }
            }
            orders.push(order);
        }
        (!orders.is_empty()).then_some(GoalRooms {
            room_of_goal,
            entrance_of,
            orders,
        })
    }

    /// Whether `c` is a goal of a room with an order (boxes reach it only
    /// by a macro and never leave it).
    #[inline]
    pub(super) fn is_room_goal(&self, c: u16) -> bool {
        self.room_of_goal[usize::from(c)] != NO_ROOM
    }

    /// Whether `c` is an entrance of a room with an order (a cell next to
    /// one of its goals that is no goal).
    #[inline]
    pub(super) fn is_entrance(&self, c: u16) -> bool {
        self.entrance_of[usize::from(c)] != NO_ROOM
    }

    /// For box number `index` on the entrance `at` (just pushed there, or
    /// standing there): the fewest further pushes that take it to its
    /// room's next empty goal with the other boxes where they are
    /// (`occupied` flags the box cells, `reach` is the player's area), as
    /// a macro; `None` when there are none.
    pub(super) fn onward(
        &self,
        board: &Board,
        index: usize,
        at: u16,
        occupied: &mut [bool],
        reach: &Reach,
        work: &mut Reach,
    ) -> Option<GoalMacro> {
        let room = self.entrance_of[usize::from(at)];
        let order = self.orders.get(usize::from(room))?;
        let &goal = order.iter().find(|&&g| !occupied[usize::from(g)])?;
        let (pushes, player) = push_to(board, occupied, reach, work, at, goal)?;
        Some(GoalMacro {
            index,
            goal,
            pushes,
            player,
        })
    }

    /// The macros of a position: for each box on a room's entrance, the
    /// fewest pushes that take it to the room's next empty goal with the
    /// other boxes where they are, when there are such pushes. `occupied`
    /// flags the box cells and `reach` is the player's area.
    pub(super) fn macros(
        &self,
        board: &Board,
        boxes: &[u16],
        occupied: &mut [bool],
        reach: &Reach,
        work: &mut Reach,
    ) -> Vec<GoalMacro> {
        boxes
            .iter()
            .enumerate()
            .filter(|&(_, &b)| self.is_entrance(b))
            .filter_map(|(index, &b)| self.onward(board, index, b, occupied, reach, work))
            .collect()
    }
}

/// The groups of goals that touch side by side.
fn touching_goals(board: &Board) -> Vec<Vec<u16>> {
    let mut seen = vec![false; board.len()];
    let mut rooms = Vec::new();
    for &g in board.goals() {
        if seen[usize::from(g)] {
            continue;
        }
        seen[usize::from(g)] = true;
        let mut room = vec![g];
        let mut i = 0;
        while i < room.len() {
            let c = room[i];
            i += 1;
            for d in 0..4 {
                let m = board.next(c, d);
                if m != NO_CELL && board.is_goal(m) && !seen[usize::from(m)] {
                    seen[usize::from(m)] = true;
                    room.push(m);
                }
            }
        }
        room.sort_unstable();
        rooms.push(room);
    }
    rooms
}

/// The order to fill `room`'s goals in, worked out by taking boxes out of
/// the full room; `None` when at some point no box can be taken out.
fn fill_order(board: &Board, room: &[u16], player: u16) -> Option<Vec<u16>> {
    let mut occupied = vec![false; board.len()];
    for &g in room {
        occupied[usize::from(g)] = true;
    }
    let mut reach = Reach::new(board.len());
    let mut work = Reach::new(board.len());
    let mut left: Vec<u16> = room.to_vec();
    let mut taken_out = Vec::with_capacity(room.len());
    while !left.is_empty() {
        let start = player_start(board, &occupied, room, player)?;
        reach.flood(board, &occupied, start);
        let best = left
            .iter()
            .enumerate()
            .filter_map(|(i, &g)| pulls_out(board, &occupied, &reach, &mut work, g).map(|n| (n, i)))
            .min()?;
        let g = left.remove(best.1);
        occupied[usize::from(g)] = false;
        taken_out.push(g);
    }
    taken_out.reverse();
    Some(taken_out)
}

/// Where the player stands while the room is emptied: its own start, or
/// when a box covers that, a free cell next to the room.
fn player_start(board: &Board, occupied: &[bool], room: &[u16], player: u16) -> Option<u16> {
    if !occupied[usize::from(player)] {
        return Some(player);
    }
    room.iter()
        .flat_map(|&g| (0..4).map(move |d| board.next(g, d)))
        .find(|&m| m != NO_CELL && !occupied[usize::from(m)])
}

/// The fewest pulls that take the box on goal `g` to a cell that is no
/// goal, the other boxes (`occupied`) staying put and the player starting
/// in `reach`; `None` when it cannot be done.
fn pulls_out(
    board: &Board,
    occupied: &[bool],
    reach: &Reach,
    work: &mut Reach,
    g: u16,
) -> Option<u32> {
    let mut occupied = occupied.to_vec();
    let mut seen: HashSet<(u16, u16)> = HashSet::new();
    let mut queue = VecDeque::new();
    // First pulls: the player stands next to the box, in its area.
    for d in 0..4 {
        let p = board.next(g, d);
        if p != NO_CELL && reach.reached(p) {
            queue.push_back((g, p, 0u32));
        }
    }
    while let Some((b, p, pulls)) = queue.pop_front() {
        if seen.len() >= MAX_NODES {
            return None;
        }
        // The player stands on `p` next to the box; it may walk its area.
        occupied[usize::from(b)] = true;
        let least = work.flood(board, &occupied, p);
        if !seen.insert((b, least)) {
            occupied[usize::from(b)] = false;
            continue;
        }
        let mut next = Vec::new();
        for d in 0..4 {
            // Pull the way `d`: the player on `b + d` steps to `b + 2d`.
            let stand = board.next(b, d);
            if stand == NO_CELL || !work.reached(stand) {
                continue;
            }
            let back = board.next(stand, d);
            if back == NO_CELL || occupied[usize::from(back)] {
                continue;
            }
            next.push((stand, back));
        }
        occupied[usize::from(b)] = false;
        for (to, player) in next {
            if !board.is_goal(to) {
                return Some(pulls + 1);
            }
            queue.push_back((to, player, pulls + 1));
        }
    }
    None
}

/// The fewest pushes that take the box on `from` to `goal`, the other
/// boxes staying put, with the player in `reach`: the pushes and the
/// player's cell after them. `occupied` is restored before returning.
fn push_to(
    board: &Board,
    occupied: &mut [bool],
    reach: &Reach,
    work: &mut Reach,
    from: u16,
    goal: u16,
) -> Option<(Vec<Push>, u16)> {
    // Nodes: (box cell, the player's cell behind it after the push).
    let mut nodes: Vec<(u16, u16, u32, u8)> = Vec::new();
    let mut seen: HashSet<(u16, u16)> = HashSet::new();
    let mut queue = VecDeque::new();
    occupied[usize::from(from)] = false;
    for (_, b, to, d) in board.live_pushes(&[from], occupied, reach, |_, _| true) {
        nodes.push((to, b, u32::MAX, d as u8));
        queue.push_back(nodes.len() - 1);
    }
    let mut answer = None;
    while let Some(i) = queue.pop_front() {
        let (b, player, _, _) = nodes[i];
        if b == goal {
            answer = Some(i);
            break;
        }
        if nodes.len() >= MAX_NODES {
            continue;
        }
        occupied[usize::from(b)] = true;
        let least = work.flood(board, occupied, player);
        let next = match seen.insert((b, least)) {
            true => board.live_pushes(&[b], occupied, work, |_, _| true),
            false => Vec::new(),
        };
        occupied[usize::from(b)] = false;
        for (_, b, to, d) in next {
            nodes.push((to, b, i as u32, d as u8));
            queue.push_back(nodes.len() - 1);
        }
    }
    occupied[usize::from(from)] = true;
    let mut i = answer?;
    let player = nodes[i].1;
    let mut pushes = Vec::new();
    loop {
        let (b, _, parent, d) = nodes[i];
        pushes.push(Push {
            from: board.next(b, opposite(usize::from(d))),
            dir: d,
        });
        if parent == u32::MAX {
            break;
        }
        i = parent as usize;
    }
    pushes.reverse();
    Some((pushes, player))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;
    use crate::kinds::sokoban::rules::Rules;

    fn board_of(text: &str) -> (Rules, Board) {
        let rules = Rules::compile(&read_xsb_one(text).unwrap()).unwrap();
        let board = Board::of(&rules).unwrap();
        (rules, board)
    }

    #[test]
    fn a_dead_end_room_is_filled_from_its_far_end() {
        // Three goals at the end of a corridor: the far one first.
        let text = "##########\n#... $$$@#\n##########\n";
        let (rules, board) = board_of(text);
        let rooms = GoalRooms::of(&board, rules.start().player as u16).unwrap();
        let order: Vec<(usize, usize)> = rooms.orders[0]
            .iter()
            .map(|&g| rules.xy(u32::from(g)))
            .collect();
        assert_eq!(order, [(1, 1), (2, 1), (3, 1)]);
    }

    #[test]
    fn a_room_no_box_can_leave_gets_no_order() {
        // Walls above and below the row of goals, and only one cell
        // beyond its end: no box can be pulled off them.
        let text = "######\n#...@#\n#$$$ #\n######\n";
        let (rules, board) = board_of(text);
        let rooms = GoalRooms::of(&board, rules.start().player as u16);
        assert!(rooms.is_none(), "{rooms:?}");
    }

    #[test]
    fn two_goals_are_left_to_the_plain_search() {
        let text = "#######\n#..$$@#\n#     #\n#######\n";
        let (rules, board) = board_of(text);
        assert!(GoalRooms::of(&board, rules.start().player as u16).is_none());
    }

    #[test]
    fn a_box_at_the_entrance_is_pushed_to_the_next_goal() {
        let text = "########\n#...$ @#\n#  $$  #\n########\n";
        let (rules, board) = board_of(text);
        let player = rules.start().player as u16;
        let rooms = GoalRooms::of(&board, player).unwrap();
        let boxes: Vec<u16> = rules.start().boxes.iter().map(|&b| b as u16).collect();
        let mut occupied = vec![false; board.len()];
        for &b in &boxes {
            occupied[usize::from(b)] = true;
        }
        let mut reach = Reach::new(board.len());
        reach.flood(&board, &occupied, player);
        let mut work = Reach::new(board.len());
        let macros = rooms.macros(&board, &boxes, &mut occupied, &reach, &mut work);
        let before = occupied.clone();
        assert_eq!(macros.len(), 1, "{macros:?}");
        let m = &macros[0];
        assert_eq!(rules.xy(u32::from(m.goal)), (1, 1));
        assert_eq!(m.pushes.len(), 3);
        assert!(m.pushes.iter().all(|p| p.dir == 3));
        assert_eq!(rules.xy(u32::from(m.player)), (2, 1));
        assert_eq!(occupied, before);
    }
}

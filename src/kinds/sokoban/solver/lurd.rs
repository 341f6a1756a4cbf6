//! A solution's pushes written out as moves in LURD: before each push the
//! player walks the shortest way (boxes in the way) to the cell behind
//! the box, in lower case, then pushes, in upper case.

use std::collections::VecDeque;

use super::board::{opposite, Board, NO_CELL};
use super::search::Push;

/// The letters of the four directions, lower case, in the board's order.
const LETTERS: [char; 4] = ['u', 'r', 'd', 'l'];

/// The moves of `pushes` from `boxes` and the player's cell, in LURD; or
/// `None` when a push cannot be made (the pushes do not belong to that
/// start).
pub(super) fn write_lurd(
    board: &Board,
    boxes: &[u16],
    player: u16,
    pushes: &[Push],
) -> Option<String> {
    let mut occupied = vec![false; board.len()];
    for &b in boxes {
        occupied[usize::from(b)] = true;
    }
    let mut player = player;
    let mut moves = String::new();
    for push in pushes {
        let d = usize::from(push.dir);
        let behind = board.next(push.from, opposite(d));
        let to = board.next(push.from, d);
        if behind == NO_CELL
            || to == NO_CELL
            || !occupied[usize::from(push.from)]
            || occupied[usize::from(to)]
        {
            return None;
        }
        walk(board, &occupied, player, behind, &mut moves)?;
        moves.push(LETTERS[d].to_ascii_uppercase());
        occupied[usize::from(push.from)] = false;
        occupied[usize::from(to)] = true;
        player = push.from;
    }
    Some(moves)
}

/// Appends the shortest walk from `from` to `to` through free cells;
/// `None` when there is none.
fn walk(board: &Board, occupied: &[bool], from: u16, to: u16, moves: &mut String) -> Option<()> {
    let mut came = vec![u8::MAX; board.len()];
    came[usize::from(from)] = 4;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        if c == to {
            break;
        }
        for d in 0..4 {
            let m = board.next(c, d);
            if m != NO_CELL && !occupied[usize::from(m)] && came[usize::from(m)] == u8::MAX {
                came[usize::from(m)] = d as u8;
                queue.push_back(m);
            }
        }
    }
    if came[usize::from(to)] == u8::MAX {
        return None;
    }
    let mut steps = Vec::new();
    let mut c = to;
    while c != from {
        let d = usize::from(came[usize::from(c)]);
        steps.push(LETTERS[d]);
        c = board.next(c, opposite(d));
    }
    moves.extend(steps.into_iter().rev());
    Some(())
}

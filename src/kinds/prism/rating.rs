//! Prism's verdict and difficulty, read off the analysis.
//!
//! The difficulty of a solvable level is scored on its shortest solution
//! (the engine's first one when several tie):
//!
//! `length + 3·switches_pressed + 2·background_changes + 4·enemies_dodged`
//!
//! where `switches_pressed` counts the moves onto a switch,
//! `background_changes` the different backgrounds the solution passes
//! through besides the starting one, and `enemies_dodged` the moves after
//! which a living enemy stands orthogonally next to the player.
//!
//! The verdict says, in a designer's words, whether the level can be
//! solved, how deep its shallowest dead end is and what made it one: the
//! switch the last move pressed (or stepped off) when the exit cannot be
//! reached from there even without enemies, or else the enemy that catches
//! the player on the shortest way on.

use serde::{Deserialize, Serialize};

use crate::engine::{Trap, LOSS_EDGE};
use crate::words::counted;

use super::level::Cell;
use super::rules::{Dir, PlayState, Rules, TurnEnd, TurnTrace};
use super::Analysis;

/// The numbers the difficulty is scored from, read off the shortest
/// solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DifficultyParts {
    /// The solution's length in moves.
    pub length: u32,
    /// Moves onto a switch.
    pub switches_pressed: u32,
    /// The different backgrounds the solution passes through besides the
    /// starting one.
    pub background_changes: u32,
    /// Moves after which a living enemy stands orthogonally next to the
    /// player.
    pub enemies_dodged: u32,
}

impl DifficultyParts {
    /// The difficulty score:
    /// `length + 3·switches_pressed + 2·background_changes + 4·enemies_dodged`.
    pub fn score(&self) -> u32 {
        self.length
            + 3 * self.switches_pressed
            + 2 * self.background_changes
            + 4 * self.enemies_dodged
    }
}

/// The verdict and difficulty of a level.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating {
    /// The difficulty score, `None` when the level cannot be solved.
    pub difficulty: Option<u32>,
    /// What the score is made of (all zero when unsolvable).
    pub parts: DifficultyParts,
    /// The verdict in a designer's words.
    pub verdict: String,
}

/// The difficulty parts of a solution played from the start.
pub fn parts_of(rules: &Rules, moves: &[Dir]) -> DifficultyParts {
    let mut state = rules.start_state();
    let mut backgrounds = vec![state.background];
    let mut parts = DifficultyParts::default();
    for &dir in moves {
        let trace = rules.turn(&state, dir);
        if trace.end == TurnEnd::NoMove {
            continue;
        }
        parts.length += 1;
        if trace.toggled.is_some() {
            parts.switches_pressed += 1;
        }
        if !backgrounds.contains(&trace.after.background) {
            backgrounds.push(trace.after.background);
        }
        if enemy_next_to_player(&trace.after) {
            parts.enemies_dodged += 1;
        }
        state = trace.after;
    }
    parts.background_changes = backgrounds.len() as u32 - 1;
    parts
}

fn enemy_next_to_player(state: &PlayState) -> bool {
    let (px, py) = state.player;
    state
        .enemies
        .iter()
        .any(|e| e.alive && e.x.abs_diff(px) + e.y.abs_diff(py) == 1)
}

/// Rates an analysed level: its difficulty and its verdict.
pub fn rate(analysis: &Analysis) -> Rating {
    let rules = &analysis.rules;
    let solution: Option<Vec<Dir>> = analysis
        .summary
        .any
        .solution
        .as_deref()
        .map(|s| s.split_whitespace().filter_map(Dir::from_name).collect());
    let Some(moves) = solution else {
        return Rating {
            difficulty: None,
            parts: DifficultyParts::default(),
            verdict: unsolvable_verdict(rules),
        };
    };
    let parts = parts_of(rules, &moves);
    let solved = format!("solvable in {}", counted(parts.length, "move", "moves"));
    let verdict = if let Some(trap) = analysis.graph.traps().first() {
        let mut path = analysis.graph.path_to(trap.from);
        path.push(trap.mv);
        format!(
            "dead end reachable in {}: {} — {}; {solved}",
            counted(path.len() as u64, "move", "moves"),
            analysis.move_string(&path),
            explain_trap(analysis, trap)
        )
    } else if let Some(death) = shallowest_death(analysis) {
        format!("{solved}, no dead end; {death}")
    } else {
        format!("{solved}, no dead end")
    };
    Rating {
        difficulty: Some(parts.score()),
        parts,
        verdict,
    }
}

/// The verdict of a level without solution.
fn unsolvable_verdict(rules: &Rules) -> String {
    let start = rules.start_state();
    match rules.way_without_enemies(rules.start_cell(), rules.start_background()) {
        None => "no solution: the exit cannot be reached from the start".to_string(),
        Some(way) => match first_catch(rules, start, &way) {
            Some((moves, trace)) => format!(
                "no solution: every way to the exit meets an enemy — on the shortest, after {}, {}",
                counted(moves as u64, "move", "moves"),
                describe_catch(rules, &trace)
            ),
            None => "no solution: every way to the exit meets an enemy".to_string(),
        },
    }
}

/// Plays `way` from `state` until the player is caught; the number of
/// moves played and the catching turn.
fn first_catch(rules: &Rules, mut state: PlayState, way: &[Dir]) -> Option<(usize, TurnTrace)> {
    for (i, &dir) in way.iter().enumerate() {
        let trace = rules.turn(&state, dir);
        match trace.end {
            TurnEnd::Caught { .. } => return Some((i + 1, trace)),
            TurnEnd::Won | TurnEnd::NoMove => return None,
            TurnEnd::Moved => state = trace.after,
        }
    }
    None
}

/// Who caught the player how, in a turn that ended in a catch: "the player
/// walks into the h enemy that starts at (4, 1), now at (5, 1)" or "the v
/// enemy that starts at (2, 0) steps onto the player at (2, 3)".
fn describe_catch(rules: &Rules, trace: &TurnTrace) -> String {
    let TurnEnd::Caught { x, y } = trace.end else {
        return "the player is caught".to_string();
    };
    let walked_in = trace.enemy_steps.is_empty();
    let where_then = if walked_in {
        &trace.before
    } else {
        &trace.after
    };
    let catcher = where_then
        .enemies
        .iter()
        .position(|e| e.alive && (e.x, e.y) == (x, y))
        .and_then(|i| rules.level().enemies.get(i));
    let Some(enemy) = catcher else {
        return format!("an enemy catches the player at ({x}, {y})");
    };
    let (axis, start) = (enemy.axis.letter(), (enemy.x, enemy.y));
    match (walked_in, start == (x, y)) {
        (true, true) => {
            format!("the player walks into the {axis} enemy at ({x}, {y}), where it starts")
        }
        (true, false) => format!(
            "the player walks into the {axis} enemy that starts at ({}, {}), now at ({x}, {y})",
            start.0, start.1
        ),
        (false, _) => format!(
            "the {axis} enemy that starts at ({}, {}) steps onto the player at ({x}, {y})",
            start.0, start.1
        ),
    }
}

/// Why the move of `trap` falls into a dead end.
fn explain_trap(analysis: &Analysis, trap: &Trap) -> String {
    let rules = &analysis.rules;
    let before = analysis.state(trap.from);
    let Some(dir) = Dir::from_index(trap.mv as usize) else {
        return "the exit can no longer be reached".to_string();
    };
    let trace = rules.turn(&before, dir);
    let after = &trace.after;
    let Some((player, background, _)) = rules.compact(after) else {
        return "the exit can no longer be reached".to_string();
    };
    match rules.way_without_enemies(player, background) {
        None => explain_closed_way(rules, &trace),
        Some(way) => match first_catch(rules, after.clone(), &way) {
            Some((moves, catch)) => format!(
                "from there every way to the exit meets an enemy; on the shortest, {} on, {}",
                counted(moves as u64, "move", "moves"),
                describe_catch(rules, &catch)
            ),
            None => "from there every way to the exit meets an enemy".to_string(),
        },
    }
}

/// A dead end that no enemy makes. Without enemies a move that neither
/// enters nor leaves a switch can always be walked back (the cell left is
/// open on the unchanged background), so the last move entered a switch,
/// whose toggle shut the way, or left one, which cannot be crossed back
/// without toggling again.
fn explain_closed_way(rules: &Rules, trace: &TurnTrace) -> String {
    let (sx, sy) = trace.after.player;
    let (fx, fy) = trace.before.player;
    let (old, new) = (trace.before.background, trace.after.background);
    let left = rules.level().get(fx, fy);
    match (trace.toggled, left) {
        (Some(colour), Some(Cell::Block(block))) if block != new => format!(
            "the {colour} switch at ({sx}, {sy}) turns the background from {old} to {new} and closes the {block} block at ({fx}, {fy}) behind the player; the exit can no longer be reached"
        ),
        (Some(colour), _) => format!(
            "the {colour} switch at ({sx}, {sy}) turns the background from {old} to {new}, and from there the exit can no longer be reached"
        ),
        (None, Some(Cell::Switch(colour))) => format!(
            "stepping off the {colour} switch at ({fx}, {fy}) to ({sx}, {sy}) leaves no way to the exit: crossing the switch again turns the background to {}",
            new.toggled(colour)
        ),
        (None, _) => format!("after the step to ({sx}, {sy}) the exit can no longer be reached"),
    }
}

/// The shallowest move that gets the player caught, described; `None` when
/// no move can.
fn shallowest_death(analysis: &Analysis) -> Option<String> {
    if analysis.deaths == 0 {
        return None;
    }
    let graph = &analysis.graph;
    // Ids are numbered breadth first: the first loss found is a shallowest.
    let (id, mv) = (0..graph.len() as u32).find_map(|id| {
        graph
            .successors(id)
            .iter()
            .position(|to| to == LOSS_EDGE)
            .map(|mv| (id, mv))
    })?;
    let mut path = graph.path_to(id);
    path.push(mv as u8);
    let trace = analysis
        .rules
        .turn(&analysis.state(id), Dir::from_index(mv)?);
    Some(format!(
        "the player can be caught in {}: {} — {}",
        counted(path.len() as u64, "move", "moves"),
        analysis.move_string(&path),
        describe_catch(&analysis.rules, &trace)
    ))
}

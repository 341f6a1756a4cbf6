//! `levelscope rooms --rooms N --map WxH --seed S [--max-children K]
//! [--json]`: generate a random tree of rooms and lay it out on a map.

use std::io::Write;

use rand::SeedableRng;
use serde_json::json;

use crate::kinds::rooms::{lay_out, RoomTree};

/// Arguments of `rooms`.
#[derive(Debug, clap::Args)]
pub struct RoomsArgs {
    /// Number of rooms.
    #[arg(long)]
    pub rooms: usize,
    /// The map's size, e.g. `8x6`.
    #[arg(long, value_parser = parse_size)]
    pub map: (usize, usize),
    /// The seed of the tree and of the search.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The most children a room may have.
    #[arg(long, default_value_t = 3)]
    pub max_children: usize,
    /// Print one JSON object: `{"parent": [...], "cells": [[x, y], ...] or
    /// null, "steps": n, "backtracks": n}`.
    #[arg(long)]
    pub json: bool,
    /// Give up after this many steps of the search. Every step takes a
    /// bounded time, so this bounds the whole run (with the tree and the
    /// map, which take time linear in their size).
    #[arg(long, default_value_t = 10_000_000)]
    pub max_steps: u64,
}

/// Reads a map size such as `8x6`.
pub fn parse_size(text: &str) -> Result<(usize, usize), super::arg_error::ArgError> {
    use super::arg_error::ArgError;
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| ArgError::NotASize(text.to_string()))?;
    let w: usize = w
        .trim()
        .parse()
        .map_err(|_| ArgError::Width(text.to_string()))?;
    let h: usize = h
        .trim()
        .parse()
        .map_err(|_| ArgError::Height(text.to_string()))?;
    if w == 0 || h == 0 || w > 1000 || h > 1000 {
        return Err(ArgError::Side(text.to_string()));
    }
    Ok((w, h))
}

/// What the search says when it used up `--max-steps`.
fn out_of_steps(steps: u64) -> String {
    format!(
        "the step budget ran out: the search took the {steps} steps --max-steps allows \
         without finding a layout or proving that none exists; raise --max-steps"
    )
}

/// Why `rooms` rooms can never be laid out on a `w`x`h` map (one room a
/// cell), checked before the tree is built so that a huge count is a usage
/// error, never an allocation that aborts.
fn too_many_rooms(rooms: usize, w: usize, h: usize) -> Option<String> {
    let cells = w * h;
    (rooms > cells).then(|| {
        format!(
            "--rooms {rooms} can never fit a {w}x{h} map: each room takes a cell of its own \
             and the map has {cells} cells; give at most {cells} rooms or a larger --map"
        )
    })
}

/// Runs `rooms`; returns the exit code.
pub fn run(args: &RoomsArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let (w, h) = args.map;
    if let Some(message) = too_many_rooms(args.rooms, w, h) {
        let _ = writeln!(err, "error: {message}");
        return super::EXIT_USAGE;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed);
    let tree = match RoomTree::random(args.rooms, args.max_children, &mut rng) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return super::EXIT_USAGE;
        }
    };
    let parent = tree.parents().to_vec();
    let result = lay_out(tree, w, h, args.seed, args.max_steps);
    if args.json {
        let mut value = json!({
            "parent": parent,
            "cells": result.cells.as_ref().map(|c| c.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>()),
            "steps": result.steps,
            "backtracks": result.backtracks,
        });
        if !result.finished {
            value["error"] = json!(out_of_steps(result.steps));
        }
        let _ = writeln!(out, "{value}");
    } else {
        let parents: Vec<String> = parent
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, p)| format!("{}→{i}", p.unwrap_or(0)))
            .collect();
        let _ = writeln!(
            out,
            "tree of {} rooms (parent→child): {}",
            parent.len(),
            parents.join(" ")
        );
        match (&result.map, result.finished) {
            (Some(map), _) => {
                let _ = write!(out, "{map}");
            }
            (None, true) => {
                let _ = writeln!(out, "no layout exists on a {w}x{h} map");
            }
            (None, false) => {
                let _ = writeln!(out, "{}", out_of_steps(result.steps));
            }
        }
        let _ = writeln!(
            out,
            "{} steps, {} backtracks",
            result.steps, result.backtracks
        );
    }
    if result.finished {
        0
    } else {
        super::EXIT_FAILED
    }
}

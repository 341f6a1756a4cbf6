//! The fewest pushes over all solutions: a 0-1 breadth-first search over
//! the explored graph's reversed edges, from every won state, where a step
//! costs nothing and a push costs one. The fewest pushes can need more
//! moves than the fewest moves do.

use std::collections::VecDeque;

use crate::engine::{GraphView, Job, Phase, Stopped};

use super::puzzle::StateLayout;

/// No won state is reachable.
const UNREACHED: u32 = u32::MAX;

/// The fewest pushes from the start (state 0) to a won state, or `None`
/// when no win is reachable. The arrays it needs (4 bytes a state, and the
/// queue) are taken within the job's memory budget.
pub fn min_pushes(
    graph: &dyn GraphView,
    layout: &StateLayout,
    job: &Job,
) -> Result<Option<u32>, Stopped> {
    job.enter(Phase::Summarising);
    let n = graph.len();
    let states = n as u64;
    let mut pushes = job.filled_vec(n, UNREACHED, 0, states)?;
    let mut queue = VecDeque::new();
    queue
        .try_reserve(n.min(1 << 16))
        .map_err(|_| Stopped::TooMuchMemory {
            bytes: n as u64 * 4,
            budget: job.max_memory(),
            states,
            refused: true,
        })?;
    for id in 0..n as u32 {
        if graph.is_won(id) {
            pushes[id as usize] = 0;
            queue.push_back(id);
        }
    }
    while let Some(to) = queue.pop_front() {
        let here = pushes[to as usize];
        let to_word = graph.word(to);
        for &from in graph.predecessors(to) {
            let cost = u32::from(!layout.same_boxes(&graph.word(from), &to_word));
            let through = here + cost;
            if through < pushes[from as usize] {
                pushes[from as usize] = through;
                if cost == 0 {
                    queue.push_front(from);
                } else {
                    queue.push_back(from);
                }
            }
        }
        if job.is_cancelled() {
            return Err(Stopped::Cancelled { states });
        }
    }
    Ok(pushes.first().copied().filter(|&p| p != UNREACHED))
}

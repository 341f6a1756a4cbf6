//! Background batches (pack checks, generation) run on a rayon pool of
//! their own, so that one batch never waits behind another's queued work
//! and a cancelled batch ends as soon as its running items do.
//!
//! The one exception to the rule that every thread of the editor is
//! started by [`super::worker::spawn_named`]: the rayon pools are built
//! here, by the jobs that run on them (a pack check and a Generate batch,
//! on their worker threads; the analysis worker's pool).

/// Runs `work` on a fresh rayon pool with one thread per core (on the
/// global pool if a pool cannot be built).
pub fn on_own_pool<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("levelscope batch {i}"))
        .build()
    {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// The threads for one level's analysis in the editor: every core but
/// one (at least one), so that the thread that draws is never starved.
pub fn analysis_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_sub(1).max(1)
}

/// A pool of [`analysis_threads`] threads for the analysis worker (none
/// if the system will not start them: the analysis then runs on its own
/// thread alone).
pub fn analysis_pool() -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(analysis_threads())
        .thread_name(|i| format!("levelscope analysis {i}"))
        .build()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    #[test]
    fn the_analysis_pool_leaves_a_core_to_the_editor() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let pool = analysis_pool().expect("the pool starts");
        assert_eq!(pool.current_num_threads(), cores.saturating_sub(1).max(1));
        let name = pool.install(|| std::thread::current().name().unwrap_or("").to_string());
        assert!(name.starts_with("levelscope analysis"), "{name}");
    }

    #[test]
    fn work_runs_on_a_pool_of_its_own() {
        let names: Vec<String> = on_own_pool(|| {
            (0..4)
                .into_par_iter()
                .map(|_| std::thread::current().name().unwrap_or("").to_string())
                .collect()
        });
        assert!(
            names.iter().all(|n| n.starts_with("levelscope batch")),
            "{names:?}"
        );
    }
}

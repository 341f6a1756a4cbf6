//! Background batches (pack checks, generation) run on a rayon pool of
//! their own, so that one batch never waits behind another's queued work
//! and a cancelled batch ends as soon as its running items do.

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

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

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

//! Analysis on a worker thread: start a job for a level (cancelling the one
//! running), watch its progress, collect its result; the same for a solve
//! past the budget ([`SolveWorker`]). The thread that draws
//! never runs a search; the worker tells it when a result is ready through a
//! callback (the editor passes `ctx.request_repaint`).

use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::effort::Effort;
use crate::engine::{Job, Phase, StateBudgets, LAYERED_FROM};
use crate::gui::past_budget::{PastBudgetSolver, SolveAnswer};
use crate::kinds::{Analysis, AnalysisError, Level};

/// The state budgets the editor accepts, wherever the budget is set.
pub const STATE_BUDGET_RANGE: std::ops::RangeInclusive<u64> = 1_000..=200_000_000;

/// The position budgets (Sokoban) a designer may set.
pub const POSITION_BUDGET_RANGE: std::ops::RangeInclusive<u64> = 1_000..=2_000_000_000;

/// A finished job.
#[derive(Debug)]
pub struct Finished {
    /// The job's id, as [`AnalysisWorker::start`] returned it.
    pub id: u64,
    /// The analysis, or why there is none ("too big: …", an invalid level).
    pub result: Result<Analysis, AnalysisError>,
    /// The analysis's effort, worked out here, off the thread that draws
    /// (it reads the whole graph); `None` when unscored or not analysed.
    pub effort: Option<Arc<Effort>>,
    /// How long it ran.
    pub elapsed: Duration,
}

/// How far the running job has got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// The job's id.
    pub id: u64,
    /// States explored so far.
    pub states: u64,
    /// States explored per second so far.
    pub states_per_second: f64,
    /// The phase it is in.
    pub phase: Phase,
    /// Time since it started.
    pub elapsed: Duration,
}

/// A job on its thread: its id, its [`Job`] (progress and cancel), when
/// it started.
struct Running {
    id: u64,
    job: Job,
    started: Instant,
    thread: JoinHandle<()>,
}

/// One job at a time on a background thread, delivering a `T` tagged with
/// the job's id: what [`AnalysisWorker`] and [`SolveWorker`] share.
struct JobThread<T> {
    running: Option<Running>,
    sender: Sender<(u64, T)>,
    results: Receiver<(u64, T)>,
    /// The current job's result, received by [`JobThread::wait_for_result`]
    /// and not yet collected by [`JobThread::poll`].
    received: Option<T>,
    notify: Arc<dyn Fn() + Send + Sync>,
    next_id: u64,
}

impl<T: Send + 'static> JobThread<T> {
    fn new(notify: Arc<dyn Fn() + Send + Sync>) -> JobThread<T> {
        let (sender, results) = channel();
        JobThread {
            running: None,
            sender,
            results,
            received: None,
            notify,
            next_id: 1,
        }
    }

    /// Starts `work` with `job` on a thread named `name` and the job's id,
    /// forgetting (and cancelling) the job that was running; returns the
    /// new job's id.
    fn start(
        &mut self,
        name: &str,
        job: Job,
        work: impl FnOnce(u64, Job, Instant) -> T + Send + 'static,
    ) -> u64 {
        self.abandon();
        let id = self.next_id;
        self.next_id += 1;
        let thread_job = job.clone();
        let sender = self.sender.clone();
        let notify = Arc::clone(&self.notify);
        let started = Instant::now();
        let thread = spawn_named(format!("{name} {id}"), move || {
            let result = work(id, thread_job, started);
            // The receiver may be gone (the editor closed): nothing to do.
            let _ = sender.send((id, result));
            notify();
        })
        .expect("the system can start a thread");
        self.running = Some(Running {
            id,
            job,
            started,
            thread,
        });
        id
    }

    /// Cancels the running job, if any, and forgets it: its result will
    /// never be returned.
    fn abandon(&mut self) {
        self.received = None;
        if let Some(running) = self.running.take() {
            running.job.cancel();
        }
    }

    /// The result of the current job, once it has finished; results of
    /// forgotten jobs are dropped.
    fn poll(&mut self) -> Option<T> {
        if let Some(finished) = self.received.take() {
            return Some(self.collect(finished));
        }
        while let Ok((id, finished)) = self.results.try_recv() {
            if self.is_current(id) {
                return Some(self.collect(finished));
            }
        }
        None
    }

    /// Blocks until the running job has delivered its result, for at most
    /// `bound` (see [`AnalysisWorker::wait_for_result`]).
    fn wait_for_result(&mut self, bound: Duration) -> bool {
        let deadline = Instant::now() + bound;
        while self.received.is_none() && self.running.is_some() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.results.recv_timeout(left) {
                Ok((id, finished)) if self.is_current(id) => self.received = Some(finished),
                // A forgotten job's result: dropped, as `poll` drops it.
                Ok(_) => {}
                Err(_) => return false,
            }
        }
        true
    }

    fn is_current(&self, id: u64) -> bool {
        self.running.as_ref().is_some_and(|r| r.id == id)
    }

    /// Hands out the current job's result and forgets the job.
    fn collect(&mut self, finished: T) -> T {
        let running = self
            .running
            .take()
            .expect("the result is the running job's");
        let _ = running.thread.join();
        finished
    }
}

impl<T> Drop for JobThread<T> {
    fn drop(&mut self) {
        if let Some(running) = self.running.take() {
            running.job.cancel();
        }
    }
}

/// Runs one analysis at a time on a background thread.
pub struct AnalysisWorker {
    jobs: JobThread<Finished>,
    /// The threads one level's exploration runs on: every core but one,
    /// so that the thread that draws always has a core (none: the
    /// analysis thread alone).
    pool: Option<Arc<rayon::ThreadPool>>,
}

impl AnalysisWorker {
    /// A worker that calls `notify` (from its thread) whenever a job ends.
    pub fn new(notify: impl Fn() + Send + Sync + 'static) -> AnalysisWorker {
        AnalysisWorker {
            jobs: JobThread::new(Arc::new(notify)),
            pool: super::pool::analysis_pool().map(Arc::new),
        }
    }

    /// Starts analysing `level` within `budgets` (states, and Sokoban's
    /// positions), cancelling
    /// the job that was running; returns the new job's id. The level is
    /// explored on every thread of the analysis pool (every core but one).
    pub fn start(&mut self, level: Level, budgets: StateBudgets) -> u64 {
        let pool = self.pool.clone();
        let job = Job::new(budgets.states)
            .with_max_classes(budgets.classes)
            .with_parallel_from(LAYERED_FROM);
        self.jobs.start("analysis", job, move |id, job, started| {
            let result = match pool {
                Some(pool) => pool.install(|| level.analyze(&job)),
                None => level.analyze(&job),
            };
            let effort = result
                .as_ref()
                .ok()
                .and_then(Analysis::effort)
                .map(Arc::new);
            Finished {
                id,
                result,
                effort,
                elapsed: started.elapsed(),
            }
        })
    }

    /// Cancels the running job, if any; its result will never be returned.
    pub fn cancel(&mut self) {
        self.jobs.abandon();
    }

    /// Whether a job is running (started and not yet collected by
    /// [`AnalysisWorker::poll`]).
    pub fn is_running(&self) -> bool {
        self.jobs.running.is_some()
    }

    /// The running job's progress.
    pub fn progress(&self) -> Option<Progress> {
        let running = self.jobs.running.as_ref()?;
        let elapsed = running.started.elapsed();
        let states = running.job.states();
        Some(Progress {
            id: running.id,
            states,
            states_per_second: states as f64 / elapsed.as_secs_f64().max(1e-6),
            phase: running.job.phase(),
            elapsed,
        })
    }

    /// The result of the current job, once it has finished; results of
    /// cancelled jobs are dropped.
    pub fn poll(&mut self) -> Option<Finished> {
        self.jobs.poll()
    }

    /// Blocks until the running job has delivered its result, for at most
    /// `bound`; the result stays for [`AnalysisWorker::poll`] to collect.
    /// Returns `true` when the result is there (or no job is running) and
    /// `false` when `bound` passed first. For tests and scripted runs that
    /// must wait for the worker's event rather than for a clock: the bound
    /// only turns a hang into a clear failure.
    pub fn wait_for_result(&mut self, bound: Duration) -> bool {
        self.jobs.wait_for_result(bound)
    }
}

/// How far the running solve has got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveProgress {
    /// What the solver searched so far (its progress counter: Sokoban's
    /// positions held).
    pub searched: u64,
    /// Time since it started.
    pub elapsed: Duration,
    /// Whether it was asked to stop and is ending.
    pub cancelling: bool,
}

/// Runs one solve past the budget at a time on a background thread. Unlike
/// an analysis, a cancelled solve still delivers its answer (what it found
/// until the cancel, said as cancelled); a solve forgotten by
/// [`SolveWorker::abandon`] does not.
pub struct SolveWorker {
    jobs: JobThread<Result<SolveAnswer, crate::gui::past_budget::SolverRefused>>,
}

impl SolveWorker {
    /// A worker that calls `notify` (from its thread) whenever a solve ends.
    pub fn new(notify: impl Fn() + Send + Sync + 'static) -> SolveWorker {
        SolveWorker {
            jobs: JobThread::new(Arc::new(notify)),
        }
    }

    /// Starts `solver` for at most `limit` (within the default memory
    /// budget), forgetting the solve that was running; returns its id.
    pub fn start(&mut self, solver: PastBudgetSolver, limit: Duration) -> u64 {
        self.jobs.start("solve", Job::default(), move |_, job, _| {
            solver.run(limit, &job)
        })
    }

    /// Asks the running solve to stop; its answer still comes.
    pub fn cancel(&mut self) {
        if let Some(running) = &self.jobs.running {
            running.job.cancel();
        }
    }

    /// Stops the running solve and forgets it: its answer never comes.
    pub fn abandon(&mut self) {
        self.jobs.abandon();
    }

    /// Whether a solve is running (started and not yet collected by
    /// [`SolveWorker::poll`]).
    pub fn is_running(&self) -> bool {
        self.jobs.running.is_some()
    }

    /// The running solve's progress.
    pub fn progress(&self) -> Option<SolveProgress> {
        let running = self.jobs.running.as_ref()?;
        Some(SolveProgress {
            searched: running.job.states(),
            elapsed: running.started.elapsed(),
            cancelling: running.job.is_cancelled(),
        })
    }

    /// The answer of the current solve, once it has ended.
    pub fn poll(&mut self) -> Option<Result<SolveAnswer, crate::gui::past_budget::SolverRefused>> {
        self.jobs.poll()
    }

    /// Blocks until the running solve has delivered its answer, for at
    /// most `bound`, as [`AnalysisWorker::wait_for_result`] does.
    pub fn wait_for_result(&mut self, bound: Duration) -> bool {
        self.jobs.wait_for_result(bound)
    }
}

/// Starts `work` on a new thread called `name`: every thread the editor
/// starts is started here (the analysis worker's, a pack check's, a
/// Generate batch's, a system file dialog's); the rayon pools of
/// [`super::pool`] are built by the jobs that run on them.
pub fn spawn_named(
    name: impl Into<String>,
    work: impl FnOnce() + Send + 'static,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new().name(name.into()).spawn(work)
}

/// The line from a background job back to the editor, in the analysis
/// worker's style: the job sends what it has (a verdict, an outcome, an
/// answer) through a channel and wakes the editor with a callback (the
/// editor passes `ctx.request_repaint`); the job watches its own cancel
/// flag (an engine [`Job`], a batch's watch).
pub struct Reporter<T> {
    sender: Sender<T>,
    notify: Arc<dyn Fn() + Send + Sync>,
}

impl<T> Clone for Reporter<T> {
    fn clone(&self) -> Self {
        Reporter {
            sender: self.sender.clone(),
            notify: Arc::clone(&self.notify),
        }
    }
}

impl<T> Reporter<T> {
    /// Sends `message` (the job then wakes the editor with
    /// [`Reporter::notify`], once it has said what it has to say); `false`
    /// when the editor has dropped the job (nobody to tell: the job may
    /// stop).
    pub fn send(&self, message: T) -> bool {
        self.sender.send(message).is_ok()
    }

    /// Wakes the editor: a message was sent, or a counter moved.
    pub fn notify(&self) {
        (self.notify)();
    }
}

/// A job on a background thread of its own, started by [`spawn_job`]:
/// what it sends arrives here.
pub struct BackgroundJob<T> {
    messages: Receiver<T>,
    thread: JoinHandle<()>,
}

impl<T> BackgroundJob<T> {
    /// The next message, if one has come.
    pub fn try_recv(&self) -> Option<T> {
        self.messages.try_recv().ok()
    }

    /// Every message that has come, without waiting.
    pub fn try_iter(&self) -> impl Iterator<Item = T> + '_ {
        self.messages.try_iter()
    }

    /// The next message, waiting for it at most `bound`; an error when
    /// `bound` passed first (`Timeout`) or the job has ended without
    /// sending more (`Disconnected`).
    pub fn recv_timeout(&self, bound: Duration) -> Result<T, RecvTimeoutError> {
        self.messages.recv_timeout(bound)
    }

    /// Waits for the job's thread to end.
    pub fn join(self) {
        let _ = self.thread.join();
    }
}

/// Starts `work` on a thread called `name` (see [`spawn_named`]), handing
/// it the [`Reporter`] whose messages the returned job receives and whose
/// callback is `notify`. The system may refuse a thread: the caller says
/// what then.
pub fn spawn_job<T: Send + 'static>(
    name: impl Into<String>,
    notify: impl Fn() + Send + Sync + 'static,
    work: impl FnOnce(Reporter<T>) + Send + 'static,
) -> std::io::Result<BackgroundJob<T>> {
    let (sender, messages) = channel();
    let reporter = Reporter {
        sender,
        notify: Arc::new(notify),
    };
    let thread = spawn_named(name, move || work(reporter))?;
    Ok(BackgroundJob { messages, thread })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::format::parse_ascii;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// How long a test waits for the worker before calling it a hang.
    const HANG: Duration = Duration::from_secs(120);

    /// Blocks on the worker's delivery; the bound only reports a hang.
    fn wait(worker: &mut AnalysisWorker) -> Finished {
        assert!(
            worker.wait_for_result(HANG),
            "the job did not deliver a result within {HANG:?}"
        );
        worker.poll().expect("the delivered result")
    }

    fn one_one() -> Level {
        parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap().into()
    }

    fn big() -> Level {
        parse_ascii(include_str!("../../assets/bench/skiddy_1m.txt"))
            .unwrap()
            .into()
    }

    #[test]
    fn a_background_job_runs_on_its_named_thread_and_reports_back() {
        let woken = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&woken);
        let job = spawn_job(
            "levelscope test job",
            move || {
                counter.fetch_add(1, Ordering::SeqCst);
            },
            |reporter: Reporter<String>| {
                let name = std::thread::current().name().unwrap_or("").to_string();
                reporter.send(name);
                reporter.notify();
            },
        )
        .expect("the system starts a thread");
        assert_eq!(job.recv_timeout(HANG).as_deref(), Ok("levelscope test job"));
        job.join();
        assert_eq!(woken.load(Ordering::SeqCst), 1, "woken once, by notify");
    }

    #[test]
    fn a_dropped_job_tells_its_thread_nobody_listens() {
        let (go, wait) = channel::<()>();
        let (told, answer) = channel::<bool>();
        let job = spawn_job(
            "levelscope test job",
            || {},
            move |reporter: Reporter<u8>| {
                let _ = wait.recv();
                let _ = told.send(reporter.send(1));
            },
        )
        .expect("the system starts a thread");
        drop(job);
        go.send(()).unwrap();
        assert_eq!(answer.recv_timeout(HANG), Ok(false));
    }

    #[test]
    fn delivers_the_result_and_notifies() {
        let notified = Arc::new(AtomicUsize::new(0));
        let count = Arc::clone(&notified);
        let mut worker = AnalysisWorker::new(move || {
            count.fetch_add(1, Ordering::SeqCst);
        });
        let id = worker.start(one_one(), StateBudgets::given(Some(1000)));
        let f = wait(&mut worker);
        assert_eq!(f.id, id);
        assert_eq!(f.result.unwrap().as_skiddy().unwrap().rating.stars, 3);
        assert_eq!(notified.load(Ordering::SeqCst), 1);
        assert!(!worker.is_running());
        assert!(worker.poll().is_none());
    }

    #[test]
    fn a_new_job_cancels_the_old_one_whose_result_is_dropped() {
        let mut worker = AnalysisWorker::new(|| {});
        let first = worker.start(big(), StateBudgets::given(Some(10_000_000)));
        let second = worker.start(one_one(), StateBudgets::given(Some(1000)));
        assert_ne!(first, second);
        let f = wait(&mut worker);
        assert_eq!(f.id, second);
        assert_eq!(f.result.unwrap().summary().unwrap().states, 10);
    }

    #[test]
    fn progress_is_reported_and_cancel_stops_the_job() {
        let mut worker = AnalysisWorker::new(|| {});
        worker.start(big(), StateBudgets::given(Some(10_000_000)));
        // Progress has no event of its own: polled, the bound only reports
        // a hang.
        let deadline = Instant::now() + HANG;
        let progress = loop {
            let p = worker.progress().expect("running");
            if p.states > 0 {
                break p;
            }
            assert!(Instant::now() < deadline, "no progress within {HANG:?}");
            std::thread::sleep(Duration::from_millis(1));
        };
        assert!(progress.states_per_second > 0.0);
        worker.cancel();
        assert!(!worker.is_running());
        assert!(worker.progress().is_none());
        std::thread::sleep(Duration::from_millis(50));
        assert!(
            worker.poll().is_none(),
            "a cancelled job's result is dropped"
        );
    }

    #[test]
    fn waiting_keeps_the_result_for_poll_and_reports_a_passed_bound() {
        let mut worker = AnalysisWorker::new(|| {});
        assert!(
            worker.wait_for_result(Duration::ZERO),
            "no job: nothing to wait for"
        );
        worker.start(big(), StateBudgets::given(Some(10_000_000)));
        assert!(
            !worker.wait_for_result(Duration::ZERO),
            "a long job has not delivered at once"
        );
        assert!(worker.is_running());
        let id = worker.start(one_one(), StateBudgets::given(Some(1000)));
        assert!(worker.wait_for_result(HANG));
        assert!(worker.is_running(), "the result waits for poll");
        let f = worker.poll().expect("kept for poll");
        assert_eq!(f.id, id);
        assert!(!worker.is_running());
        assert!(worker.poll().is_none());
    }

    #[test]
    fn a_level_over_budget_says_too_big() {
        let mut worker = AnalysisWorker::new(|| {});
        worker.start(big(), StateBudgets::given(Some(5_000)));
        let f = wait(&mut worker);
        let error = f.result.unwrap_err();
        assert!(error.is_too_big(), "{error:?}");
        assert!(error
            .to_string()
            .starts_with("too big: stopped after 5000 states"));
    }

    /// A solver that counts until it is cancelled, then says so.
    fn until_cancelled() -> PastBudgetSolver {
        use crate::gui::past_budget::{SolveEnd, SolveStop};
        PastBudgetSolver::new(
            "steps",
            Box::new(|_, job: &Job| {
                while !job.is_cancelled() {
                    job.report_states(job.states() + 1);
                    std::thread::sleep(Duration::from_millis(1));
                }
                Ok(SolveAnswer {
                    end: SolveEnd::NotFound(SolveStop::Cancelled),
                    seconds: 0.0,
                    findings: vec!["counted".into()],
                })
            }),
        )
    }

    #[test]
    fn a_cancelled_solve_still_delivers_its_answer() {
        let mut worker = SolveWorker::new(|| {});
        worker.start(until_cancelled(), Duration::from_secs(3600));
        let progress = worker.progress().expect("running");
        assert!(!progress.cancelling);
        worker.cancel();
        assert!(worker.progress().expect("still running").cancelling);
        assert!(worker.wait_for_result(HANG), "no answer within {HANG:?}");
        let answer = worker.poll().expect("the answer").unwrap();
        assert_eq!(answer.findings, vec!["counted".to_string()]);
        assert!(!worker.is_running());
    }

    #[test]
    fn an_abandoned_solve_is_forgotten_and_its_answer_dropped() {
        let mut worker = SolveWorker::new(|| {});
        worker.start(until_cancelled(), Duration::from_secs(3600));
        worker.abandon();
        assert!(!worker.is_running());
        assert!(worker.progress().is_none());
        assert!(
            worker.wait_for_result(Duration::ZERO),
            "nothing to wait for"
        );
        assert!(worker.poll().is_none());
    }
}

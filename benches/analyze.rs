//! Full analysis (explore, label, distances, traps, rating) of the fixed
//! benchmark levels in `assets/bench/`, with throughput in states per second
//! and the peak heap per reachable state.
//!
//! Run with `cargo bench --bench analyze`. The peak heap is measured by a
//! counting allocator that lives in this benchmark binary only.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::Job;
use levelscope::kinds::skiddy;

mod common;
use common::LEVELS;

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size > layout.size() {
                let grow = new_size - layout.size();
                let now = IN_USE.fetch_add(grow, Ordering::Relaxed) + grow;
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                IN_USE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn full_analysis(c: &mut Criterion) {
    let mut group = c.benchmark_group("analyze");
    group.sample_size(10);
    for (name, text) in LEVELS {
        let level = skiddy::parse_level(text).expect("benchmark levels parse");
        // One run outside the timer: the state count for the throughput and
        // the peak heap per state.
        let before = IN_USE.load(Ordering::Relaxed);
        PEAK.store(before, Ordering::Relaxed);
        let analysis = skiddy::analyze(&level, &Job::default()).expect("benchmark levels analyse");
        let states = analysis.summary.states;
        drop(analysis);
        let peak = PEAK.load(Ordering::Relaxed) - before;
        println!(
            "{name}: {states} states, peak heap {} bytes = {:.1} bytes per state",
            peak,
            peak as f64 / states as f64
        );
        group.throughput(Throughput::Elements(states));
        group.bench_function(name, |b| {
            b.iter(|| skiddy::analyze(&level, &Job::default()).expect("analyses"))
        });
    }
    group.finish();
}

criterion_group!(benches, full_analysis);
criterion_main!(benches);

//! A cache prefetch hint, for the loops whose time goes on cache misses.

/// Hints the CPU to bring the cache line holding `ptr` into the cache. Only
/// a hint: it never faults, even on an address outside any allocation, and
/// does nothing on targets without such an instruction.
#[inline(always)]
pub(crate) fn prefetch_address<T>(ptr: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: a prefetch never faults and has no effect on memory.
        #[allow(unused_unsafe)]
        unsafe {
            core::arch::x86_64::_mm_prefetch(ptr as *const i8, core::arch::x86_64::_MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = ptr;
}

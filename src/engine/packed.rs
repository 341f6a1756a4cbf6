//! Fixed-width bit words that hold one packed state.
//!
//! A kind packs each state into one of these words (`u64`, `u128` or
//! `[u64; 4]`), whichever is the smallest that fits its fields. The engine
//! only needs to compare, copy and hash them; the kind reads and writes its
//! fields with [`PackedState::get`] and [`PackedState::set`].

use std::fmt::Debug;

/// A state packed into a fixed number of bits: copyable, comparable and
/// hashable without touching the heap.
pub trait PackedState: Copy + Eq + Ord + Default + Debug + Send + Sync + 'static {
    /// Number of bits the word holds.
    const BITS: u32;

    /// A well-mixed 64-bit hash of the word.
    fn hash64(&self) -> u64;

    /// Reads `width` bits (at most 32) starting at bit `offset`.
    fn get(&self, offset: u32, width: u32) -> u32;

    /// Writes the low `width` bits (at most 32) of `value` at bit `offset`.
    fn set(&mut self, offset: u32, width: u32, value: u32);

    /// A word holding `fields`, each `width` bits wide (at most 8), from
    /// bit 0 up.
    fn from_fields(fields: &[u8], width: u32) -> Self {
        let mut s = Self::default();
        for (i, &f) in fields.iter().enumerate() {
            s.set(i as u32 * width, width, f as u32);
        }
        s
    }

    /// The word widened to four 64-bit words, low bits first: one form for
    /// every width, for code that must not depend on the word's type.
    fn to_words(&self) -> [u64; 4];

    /// The word from its widened form; bits beyond [`PackedState::BITS`]
    /// are ignored.
    fn from_words(words: [u64; 4]) -> Self;

    /// Reads `out.len()` fields of `width` bits (at most 8) from bit 0 up.
    fn to_fields(&self, width: u32, out: &mut [u8]) {
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.get(i as u32 * width, width) as u8;
        }
    }
}

/// Final mixer of a 64-bit hash (from SplitMix64/Murmur3): every input bit
/// affects every output bit.
#[inline(always)]
pub fn mix64(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[inline(always)]
fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

impl PackedState for u64 {
    const BITS: u32 = 64;

    fn to_words(&self) -> [u64; 4] {
        [*self, 0, 0, 0]
    }

    fn from_words(words: [u64; 4]) -> Self {
        words[0]
    }

    #[inline(always)]
    fn from_fields(fields: &[u8], width: u32) -> Self {
        let mut acc = 0u64;
        for (i, &f) in fields.iter().enumerate() {
            acc |= (f as u64) << (i as u32 * width);
        }
        acc
    }

    #[inline(always)]
    fn to_fields(&self, width: u32, out: &mut [u8]) {
        let m = mask(width);
        let mut v = *self;
        for o in out {
            *o = (v & m) as u8;
            v >>= width;
        }
    }

    #[inline(always)]
    fn hash64(&self) -> u64 {
        mix64(*self)
    }

    #[inline(always)]
    fn get(&self, offset: u32, width: u32) -> u32 {
        ((*self >> offset) & mask(width)) as u32
    }

    #[inline(always)]
    fn set(&mut self, offset: u32, width: u32, value: u32) {
        let m = mask(width) << offset;
        *self = (*self & !m) | (((value as u64) << offset) & m);
    }
}

impl PackedState for u128 {
    const BITS: u32 = 128;

    fn to_words(&self) -> [u64; 4] {
        [*self as u64, (*self >> 64) as u64, 0, 0]
    }

    fn from_words(words: [u64; 4]) -> Self {
        words[0] as u128 | (words[1] as u128) << 64
    }

    #[inline(always)]
    fn from_fields(fields: &[u8], width: u32) -> Self {
        let mut acc = 0u128;
        for (i, &f) in fields.iter().enumerate() {
            acc |= (f as u128) << (i as u32 * width);
        }
        acc
    }

    #[inline(always)]
    fn to_fields(&self, width: u32, out: &mut [u8]) {
        let m = mask(width) as u128;
        let mut v = *self;
        for o in out {
            *o = (v & m) as u8;
            v >>= width;
        }
    }

    #[inline(always)]
    fn hash64(&self) -> u64 {
        mix64((*self as u64) ^ mix64((*self >> 64) as u64 ^ 0x9e37_79b9_7f4a_7c15))
    }

    #[inline(always)]
    fn get(&self, offset: u32, width: u32) -> u32 {
        ((*self >> offset) & (mask(width) as u128)) as u32
    }

    #[inline(always)]
    fn set(&mut self, offset: u32, width: u32, value: u32) {
        let m = (mask(width) as u128) << offset;
        *self = (*self & !m) | (((value as u128) << offset) & m);
    }
}

impl PackedState for [u64; 4] {
    const BITS: u32 = 256;

    fn to_words(&self) -> [u64; 4] {
        *self
    }

    fn from_words(words: [u64; 4]) -> Self {
        words
    }

    #[inline(always)]
    fn hash64(&self) -> u64 {
        let mut h = 0x243f_6a88_85a3_08d3u64;
        for w in self {
            h = mix64(h ^ *w);
        }
        h
    }

    fn get(&self, offset: u32, width: u32) -> u32 {
        let word = (offset / 64) as usize;
        let shift = offset % 64;
        let low = self[word] >> shift;
        let value = if shift + width > 64 {
            low | (self[word + 1] << (64 - shift))
        } else {
            low
        };
        (value & mask(width)) as u32
    }

    fn set(&mut self, offset: u32, width: u32, value: u32) {
        let word = (offset / 64) as usize;
        let shift = offset % 64;
        let v = value as u64 & mask(width);
        self[word] = (self[word] & !(mask(width) << shift)) | (v << shift);
        if shift + width > 64 {
            let spill = shift + width - 64;
            let high_shift = 64 - shift;
            self[word + 1] = (self[word + 1] & !mask(spill)) | (v >> high_shift);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<S: PackedState>(width: u32) {
        let mut s = S::default();
        let fields = S::BITS / width;
        for i in 0..fields {
            s.set(i * width, width, (i * 7 + 3) & ((1 << width) - 1));
        }
        for i in 0..fields {
            assert_eq!(s.get(i * width, width), (i * 7 + 3) & ((1 << width) - 1));
        }
        // Overwrite one field; neighbours stay.
        s.set(width, width, 0);
        assert_eq!(s.get(width, width), 0);
        assert_eq!(s.get(0, width), 3 & ((1 << width) - 1));
        assert_eq!(s.get(2 * width, width), 17 & ((1 << width) - 1));
    }

    #[test]
    fn fields_round_trip_in_every_word() {
        for width in [1, 3, 5, 7, 8, 13] {
            round_trip::<u64>(width);
            round_trip::<u128>(width);
            round_trip::<[u64; 4]>(width);
        }
    }

    fn fields_round_trip_in_bulk<S: PackedState>() {
        for width in [3u32, 5, 8] {
            let n = (S::BITS / width).min(32) as usize;
            let fields: Vec<u8> = (0..n).map(|i| ((i * 5 + 1) % (1 << width)) as u8).collect();
            let s = S::from_fields(&fields, width);
            let mut out = vec![0u8; n];
            s.to_fields(width, &mut out);
            assert_eq!(out, fields);
            for (i, &f) in fields.iter().enumerate() {
                assert_eq!(s.get(i as u32 * width, width), f as u32);
            }
        }
    }

    #[test]
    fn bulk_fields_agree_with_get_and_set() {
        fields_round_trip_in_bulk::<u64>();
        fields_round_trip_in_bulk::<u128>();
        fields_round_trip_in_bulk::<[u64; 4]>();
    }

    #[test]
    fn fields_straddling_words_round_trip() {
        let mut s = [0u64; 4];
        s.set(60, 8, 0xAB);
        assert_eq!(s.get(60, 8), 0xAB);
        assert_eq!(s[0] >> 60, 0xB);
        assert_eq!(s[1] & 0xF, 0xA);
        s.set(60, 8, 0x11);
        assert_eq!(s.get(60, 8), 0x11);
    }

    #[test]
    fn widened_words_round_trip() {
        let wide = [0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210, 7, 9];
        assert_eq!(u64::from_words(wide).to_words(), [wide[0], 0, 0, 0]);
        assert_eq!(u128::from_words(wide).to_words(), [wide[0], wide[1], 0, 0]);
        assert_eq!(<[u64; 4]>::from_words(wide).to_words(), wide);
    }

    #[test]
    fn hashes_differ_for_nearby_words() {
        assert_ne!(1u64.hash64(), 2u64.hash64());
        assert_ne!(1u128.hash64(), (1u128 << 64).hash64());
        assert_ne!([1u64, 0, 0, 0].hash64(), [0u64, 1, 0, 0].hash64());
    }
}

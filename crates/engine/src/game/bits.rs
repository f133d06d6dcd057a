//! Bitboards of any width: the few operations the boards and the CPU
//! players need, for `u64` (7 × 6, 4 × 4 × 4) and `u128` (9 × 9).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr, Sub};

/// An unsigned integer used as a set of cells, one bit a cell.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
{
    const ZERO: Self;
    /// Bits in the type.
    const SIZE: u32;

    /// The set holding `index` alone.
    fn bit(index: usize) -> Self;

    /// The low bits of a `u128` mask (the masks are computed once, as
    /// `u128`, for every board size).
    fn from_u128(mask: u128) -> Self;

    fn count(self) -> u32;

    fn lowest(self) -> u32;

    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    #[inline]
    fn has(self, index: usize) -> bool {
        !(self & Self::bit(index)).is_empty()
    }

    /// True when more than one bit is set.
    #[inline]
    fn several(self) -> bool {
        !self.is_empty() && !(self & (self - Self::bit(0))).is_empty()
    }

    /// The set bits, lowest first.
    #[inline]
    fn ones(self) -> Ones<Self> {
        Ones(self)
    }
}

/// The indices of the set bits of a [`Bits`], lowest first.
pub struct Ones<B>(B);

impl<B: Bits> Iterator for Ones<B> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            return None;
        }
        let i = self.0.lowest();
        self.0 = self.0 & (self.0 - B::bit(0));
        Some(i)
    }
}

macro_rules! bits_for {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: $t = 0;
            const SIZE: u32 = <$t>::BITS;

            #[inline]
            fn bit(index: usize) -> $t {
                1 << index
            }

            #[inline]
            fn from_u128(mask: u128) -> $t {
                mask as $t
            }

            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
        }
    };
}

bits_for!(u64);
bits_for!(u128);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ones_and_several() {
        let b: u128 = 1 | 1 << 70 | 1 << 127;
        assert_eq!(b.ones().collect::<Vec<_>>(), vec![0, 70, 127]);
        assert!(b.several());
        assert!(!(1u64 << 63).several());
        assert!(!0u64.several());
        assert!(0u64.ones().next().is_none());
    }
}

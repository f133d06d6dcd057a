//! Indexed PNG encoding of a composed board.

use super::deflate::{self, Effort};

/// The size a board's PNG should stay within.
pub const PNG_BUDGET: usize = 30_000;
use super::draw::Rgb;
use super::indexed::Indexed;

/// Writes an 8-bit indexed PNG of the board with its palette. Rows are not
/// filtered: on palette indices that is both smaller and faster. Deflate
/// tries the row above, the board's pitches (`board.pitches`: the distance
/// from one cell to the next) and every multiple of them inside the row
/// first; a board over [`PNG_BUDGET`] is deflated again, harder (no sample
/// board needs that since every cell of the row is tried).
pub fn png(board: &Indexed, palette: &[Rgb]) -> Vec<u8> {
    let width = board.width as usize;
    let stride = width + 1;
    let mut raw = Vec::with_capacity(stride * board.height as usize);
    for row in board.pixels.chunks_exact(width.max(1)) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    let mut distances = vec![stride, 1];
    for &pitch in &board.pitches {
        // Every cell of the row back: on a well filled board the same disc
        // is often several cells away, past what the short hash chains see.
        distances.extend((1..).map(|k| k * pitch).take_while(|&d| d < stride));
    }
    distances.push(2 * stride);
    let hints = deflate::Hints {
        distances,
        stride,
        rows_back: &board.mirrors,
    };
    let mut idat = deflate::zlib(&raw, &hints, Effort::FAST);
    if idat.len() + palette.len() * 3 + 100 > PNG_BUDGET {
        idat = deflate::zlib(&raw, &hints, Effort::HARD);
    }

    let mut png = Vec::with_capacity(idat.len() + palette.len() * 3 + 64);
    png.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&board.width.to_be_bytes());
    header.extend_from_slice(&board.height.to_be_bytes());
    // 8 bits per pixel, indexed colour, deflate, adaptive filters, no interlace.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"PLTE", &palette.concat());
    chunk(&mut png, b"IDAT", &idat);
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    png.extend_from_slice(&crc.finalize().to_be_bytes());
}

//! Indexed PNG encoding of a composed board.

use super::draw::Rgb;
use super::indexed::Indexed;

/// The size a board's PNG should stay within.
pub const PNG_BUDGET: usize = 30_000;

/// Writes an 8-bit indexed PNG of the board with its palette.
pub fn png(board: &Indexed, palette: &[Rgb]) -> Vec<u8> {
    let png = encode_with(board, palette, 3);
    if png.len() <= PNG_BUDGET {
        return png;
    }
    encode_with(board, palette, 9)
}

/// Writes an 8-bit indexed PNG, deflated at `level` (1..=9). Rows are not
/// filtered: on palette indices that is both smaller and faster.
fn encode_with(board: &Indexed, palette: &[Rgb], level: u8) -> Vec<u8> {
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, board.width, board.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    encoder.set_deflate_compression(png::DeflateCompression::Level(level));
    encoder.set_filter(png::Filter::NoFilter);
    // Writing to a Vec only fails on a size mismatch, which callers rule out.
    let written = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&board.pixels));
    if let Err(error) = written {
        tracing::error!(%error, "PNG encoding failed");
    }
    png
}

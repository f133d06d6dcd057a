//! `boardbot replay` and `boardbot render`: a game's animated replay (and its
//! frames), and a position's board picture, written to files.

use super::*;

/// `boardbot replay <game> <moves> [-o FILE] [--review] [--frames DIR]`:
/// the animated GIF `/replay` posts of a game with these moves (the seats
/// named by their colours), and its alt text.
pub(super) fn replay_tool(args: &ReplayArgs) -> ToolResult {
    let (kind, _, moves) = position_of(&args.position)?;
    let lang = args.position.lang;
    let review = if args.review {
        Some(reviewed(kind, &moves)?)
    } else {
        None
    };
    let record = offline_record(kind, lang, &moves);
    let animation = crate::replay::animation(lang, 1, &record, review.as_ref())
        .ok_or_else(|| usage("the moves do not replay"))?;
    let out = args.out.display();
    std::fs::write(&args.out, &animation.gif)
        .map_err(|e| failed(format!("cannot write {out}: {e}")))?;
    println!(
        "wrote {out} ({}×{} pixels, {} frames, {} bytes)\nalt text: {}",
        animation.width,
        animation.height,
        animation.frames,
        animation.gif.len(),
        animation.alt
    );
    if let Some(dir) = &args.frames {
        let written = write_frames(&animation.gif, dir)?;
        println!("wrote {written} frames into {}", dir.display());
    }
    Ok(())
}

/// Writes each frame of a GIF as it shows (every frame before it drawn
/// under it) into `dir` as `000.png`, `001.png`, …; returns how many.
pub(super) fn write_frames(gif: &[u8], dir: &std::path::Path) -> Result<usize, ToolError> {
    let unreadable = |e: gif::DecodingError| failed(format!("the GIF does not decode: {e}"));
    std::fs::create_dir_all(dir)
        .map_err(|e| failed(format!("cannot make {}: {e}", dir.display())))?;
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).map_err(unreadable)?;
    let (width, height) = (decoder.width() as usize, decoder.height() as usize);
    let palette = decoder.global_palette().unwrap_or_default().to_vec();
    let mut picture = vec![0u8; width * height];
    let mut count = 0;
    while let Some(frame) = decoder.read_next_frame().map_err(unreadable)? {
        let (left, top, w) = (
            frame.left as usize,
            frame.top as usize,
            frame.width as usize,
        );
        for (i, &index) in frame.buffer.iter().enumerate() {
            let (x, y) = (left + i % w.max(1), top + i / w.max(1));
            if Some(index) != frame.transparent && x < width && y < height {
                picture[y * width + x] = index;
            }
        }
        let image = image::RgbImage::from_fn(width as u32, height as u32, |x, y| {
            let at = picture[y as usize * width + x as usize] as usize * 3;
            let colour = palette.get(at..at + 3).unwrap_or(&[0, 0, 0]);
            image::Rgb([colour[0], colour[1], colour[2]])
        });
        let path = dir.join(format!("{count:03}.png"));
        image
            .save(&path)
            .map_err(|e| failed(format!("cannot write {}: {e}", path.display())))?;
        count += 1;
    }
    Ok(count)
}

/// `render <game> [--size WxH] [--lang L] <moves> [-o FILE]`: the board
/// image the bot would post, written to a file.
pub(super) fn render_tool(args: &RenderArgs) -> ToolResult {
    let (kind, game, _) = position_of(&args.position)?;
    let lang = args.position.lang;
    let names = seat_names(kind, lang);
    let image = crate::render::position(&game, &names, lang);
    let out = args.out.display();
    std::fs::write(&args.out, &image.png)
        .map_err(|e| failed(format!("cannot write {out}: {e}")))?;
    println!(
        "wrote {out} ({}×{} pixels, {} moves)\nalt text: {}",
        image.width,
        image.height,
        game.plies(),
        image.alt
    );
    Ok(())
}

/// The seats named by their colours ("Red", "Yellow", "Blue").
pub(super) fn seat_names(kind: GameKind, lang: Lang) -> Vec<String> {
    ["colour-red", "colour-yellow", "colour-blue"]
        .iter()
        .take(kind.seat_count())
        .map(|key| {
            let name = tr(lang, key, &[]);
            let mut chars = name.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        })
        .collect()
}

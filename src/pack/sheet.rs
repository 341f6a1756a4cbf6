//! The contact sheet: a PNG of every level of a pack as a thumbnail with its
//! index, name, stars and Perfect length. Drawn in memory, without a window,
//! so the command line can make it too.
//!
//! Every tile has its own shape as well as its own colour, so that the sheet
//! reads in black and white and for colour-blind designers: blocks are solid
//! squares, pits are rings, goals are open frames in their colour with the
//! colour's letter, Skiddies are discs with their letter, crates are crossed
//! boxes and ice is a diamond.

use std::io::Cursor;

use font8x8::UnicodeFonts;

use super::{LevelSummary, Pack};
use crate::kinds::skiddy::{Cell, Colour, Floor, Level, Piece};
use crate::words::elide;

/// The glyph of "…", which the 8x8 font lacks: three dots on the baseline.
const ELLIPSIS: [u8; 8] = [0, 0, 0, 0, 0, 0, 0b0100_1001, 0];

/// Pixels a cell of a thumbnail takes.
pub const CELL: usize = 16;
/// Space around and between cards.
pub const GAP: usize = 12;
/// The height of one line of text.
const LINE: usize = 12;
/// Lines of text under each thumbnail.
const TEXT_LINES: usize = 2;
/// The most cards in a row.
const MAX_COLUMNS: usize = 6;

type Rgb = [u8; 3];

const BACKGROUND: Rgb = [250, 250, 247];
const CARD: Rgb = [255, 255, 255];
const FLOOR: Rgb = [232, 228, 218];
const BLOCK: Rgb = [70, 70, 78];
const PIT: Rgb = [30, 30, 30];
const CRATE: Rgb = [150, 100, 50];
const ICE: Rgb = [120, 200, 235];
const TEXT: Rgb = [20, 20, 20];
const STAR: Rgb = [230, 170, 0];
const STAR_EMPTY: Rgb = [200, 200, 200];

fn colour_rgb(c: Colour) -> Rgb {
    match c {
        Colour::Red => [215, 48, 39],
        Colour::Blue => [49, 104, 212],
        Colour::Green => [40, 160, 70],
        Colour::Yellow => [240, 200, 30],
    }
}

fn colour_letter(c: Colour) -> char {
    match c {
        Colour::Red => 'R',
        Colour::Blue => 'B',
        Colour::Green => 'G',
        Colour::Yellow => 'Y',
    }
}

/// An RGB image in memory.
#[derive(Clone, Debug)]
pub struct Canvas {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Canvas {
    /// A canvas filled with one colour.
    fn new(width: usize, height: usize, fill: Rgb) -> Canvas {
        Canvas {
            width,
            height,
            pixels: fill
                .iter()
                .copied()
                .cycle()
                .take(width * height * 3)
                .collect(),
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The colour at `(x, y)`.
    pub fn pixel(&self, x: usize, y: usize) -> Rgb {
        let i = (y * self.width + x) * 3;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }

    fn set(&mut self, x: usize, y: usize, c: Rgb) {
        if x < self.width && y < self.height {
            let i = (y * self.width + x) * 3;
            self.pixels[i..i + 3].copy_from_slice(&c);
        }
    }

    fn rect(&mut self, x: usize, y: usize, w: usize, h: usize, c: Rgb) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.set(xx, yy, c);
            }
        }
    }

    /// Fills the pixels of the `size`-square at `(x, y)` for which `inside`
    /// holds, given coordinates from -1 to 1 across the square.
    fn shape(
        &mut self,
        x: usize,
        y: usize,
        size: usize,
        c: Rgb,
        inside: impl Fn(f32, f32) -> bool,
    ) {
        for yy in 0..size {
            for xx in 0..size {
                let u = (xx as f32 + 0.5) / size as f32 * 2.0 - 1.0;
                let v = (yy as f32 + 0.5) / size as f32 * 2.0 - 1.0;
                if inside(u, v) {
                    self.set(x + xx, y + yy, c);
                }
            }
        }
    }

    fn text(&mut self, x: usize, y: usize, text: &str, c: Rgb, max_width: usize) {
        for (i, ch) in text.chars().enumerate() {
            if (i + 1) * 8 > max_width {
                break;
            }
            let glyph = if ch == '…' {
                Some(ELLIPSIS)
            } else {
                font8x8::BASIC_FONTS
                    .get(ch)
                    .or_else(|| font8x8::BASIC_FONTS.get('?'))
            };
            if let Some(rows) = glyph {
                for (gy, row) in rows.iter().enumerate() {
                    for gx in 0..8 {
                        if row & (1 << gx) != 0 {
                            self.set(x + i * 8 + gx, y + gy, c);
                        }
                    }
                }
            }
        }
    }

    /// The canvas as PNG bytes.
    pub fn to_png(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(
                Cursor::new(&mut bytes),
                self.width as u32,
                self.height as u32,
            );
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder
                .write_header()
                .expect("writing to memory cannot fail");
            writer
                .write_image_data(&self.pixels)
                .expect("the image data has the declared size");
        }
        bytes
    }
}

fn star(u: f32, v: f32) -> bool {
    // A five-pointed star: inside when the radius is below the star's
    // outline at this angle.
    let r = (u * u + v * v).sqrt();
    let a = v.atan2(u) + std::f32::consts::FRAC_PI_2;
    let sector = std::f32::consts::TAU / 5.0;
    let t = ((a.rem_euclid(sector)) / sector - 0.5).abs() * 2.0;
    r <= 0.42 + 0.55 * t
}

/// Draws one cell of a level at `(x, y)`, `CELL` pixels square.
fn draw_cell(canvas: &mut Canvas, x: usize, y: usize, cell: Cell) {
    let s = CELL;
    match cell.floor {
        Floor::Block => canvas.rect(x, y, s, s, BLOCK),
        Floor::Empty => canvas.rect(x, y, s, s, FLOOR),
        Floor::Pit => {
            canvas.rect(x, y, s, s, FLOOR);
            canvas.shape(x, y, s, PIT, |u, v| {
                let r = u * u + v * v;
                (0.45..=0.85).contains(&r)
            });
        }
        Floor::Goal(c) => {
            canvas.rect(x, y, s, s, FLOOR);
            canvas.shape(x, y, s, colour_rgb(c), |u, v| u.abs().max(v.abs()) > 0.7);
            canvas.text(
                x + 4,
                y + 4,
                &colour_letter(c).to_ascii_lowercase().to_string(),
                colour_rgb(c),
                8,
            );
        }
    }
    // A piece inside a pit is drawn smaller, so that the pit's ring shows.
    let k = if cell.floor == Floor::Pit { 1.5 } else { 1.0 };
    match cell.piece {
        None => {}
        Some(Piece::Skiddy(c)) => {
            canvas.shape(x, y, s, colour_rgb(c), |u, v| {
                (u * u + v * v) * k * k <= 0.8
            });
            canvas.text(
                x + 4,
                y + 4,
                &colour_letter(c).to_string(),
                [255, 255, 255],
                8,
            );
        }
        Some(Piece::Crate) => {
            canvas.shape(x, y, s, CRATE, |u, v| {
                let (u, v) = (u * k, v * k);
                let edge = u.abs().max(v.abs());
                edge <= 0.8 && (edge > 0.6 || (u - v).abs() < 0.2 || (u + v).abs() < 0.2)
            });
        }
        Some(Piece::Ice) => canvas.shape(x, y, s, ICE, |u, v| (u.abs() + v.abs()) * k <= 0.85),
    }
}

/// The pixel size of the sheet of `pack`.
pub fn sheet_size(pack: &Pack) -> (usize, usize) {
    let (cw, ch, columns, rows) = layout(pack);
    (GAP + columns * (cw + GAP), GAP + rows * (ch + GAP))
}

/// Card width and height, columns and rows.
fn layout(pack: &Pack) -> (usize, usize, usize, usize) {
    let n = pack.levels.len().max(1);
    let max_w = pack
        .levels
        .iter()
        .map(|e| e.level.size().0)
        .max()
        .unwrap_or(3);
    let max_h = pack
        .levels
        .iter()
        .map(|e| e.level.size().1)
        .max()
        .unwrap_or(3);
    let card_w = (max_w * CELL).max(18 * 8) + 8;
    let card_h = max_h * CELL + 8 + TEXT_LINES * LINE + 4;
    let columns = ((n as f64).sqrt().ceil() as usize).clamp(1, MAX_COLUMNS);
    let rows = n.div_ceil(columns);
    (card_w, card_h, columns, rows)
}

fn draw_level(canvas: &mut Canvas, x: usize, y: usize, level: &Level) {
    for cy in 0..level.height() {
        for cx in 0..level.width() {
            draw_cell(canvas, x + cx * CELL, y + cy * CELL, level.cell(cx, cy));
        }
    }
}

/// The first text line of the card of level `i` (from 0), `card_w` pixels
/// wide: the level's number, counted from 1 as in the pack panel, and its
/// name. The font is 8 pixels a character; a long name ends in "…" after a
/// whole word.
fn card_title(i: usize, level: &Level, card_w: usize) -> String {
    let characters = (card_w - 8) / 8;
    elide(&format!("{} {}", i + 1, level.name), |s| {
        s.chars().count() <= characters
    })
}

/// Draws the contact sheet of `pack`. `summaries[i]` is level `i`'s
/// analysis, when it has one.
pub fn draw_sheet(pack: &Pack, summaries: &[Option<LevelSummary>]) -> Canvas {
    let (w, h) = sheet_size(pack);
    let (card_w, card_h, columns, _) = layout(pack);
    let mut canvas = Canvas::new(w, h, BACKGROUND);
    for (i, entry) in pack.levels.iter().enumerate() {
        let x = GAP + (i % columns) * (card_w + GAP);
        let y = GAP + (i / columns) * (card_h + GAP);
        canvas.rect(x, y, card_w, card_h, CARD);
        let Some(level) = entry.level.as_skiddy() else {
            continue;
        };
        let thumb_x = x + (card_w - level.width() * CELL) / 2;
        draw_level(&mut canvas, thumb_x, y + 4, level);
        let text_y = y + 4 + (card_h - 8 - TEXT_LINES * LINE - 4) + 6;
        canvas.text(
            x + 4,
            text_y,
            &card_title(i, level, card_w),
            TEXT,
            card_w - 8,
        );
        let line2 = text_y + LINE;
        match summaries.get(i).and_then(|s| s.as_ref()) {
            Some(s) => {
                for k in 0..3 {
                    let c = if (k as u8) < s.star_count() {
                        STAR
                    } else {
                        STAR_EMPTY
                    };
                    canvas.shape(x + 4 + k * 11, line2 - 1, 10, c, star);
                }
                let perfect = match (s.star_count(), s.shortest_max_combo) {
                    (3, Some(n)) => format!("Perfect {n}"),
                    _ => match s.shortest {
                        Some(n) => format!("best {n}"),
                        None => "no solution".to_string(),
                    },
                };
                canvas.text(x + 40, line2, &perfect, TEXT, card_w - 44);
            }
            None => canvas.text(x + 4, line2, "not analysed", TEXT, card_w - 8),
        }
    }
    canvas
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::format::parse_ascii;
    use crate::pack::{refresh_summary, PackEntry};

    fn pack() -> (Pack, Vec<Option<LevelSummary>>) {
        let mut levels = Vec::new();
        for text in [
            "#####\n#R.R#\n#...#\n#r###\n",
            "######\n#B.io#\n#..#.#\n#o..B#\n##b###\n",
            "#######\n#R..c.#\n#.....#\n###r###\n",
        ] {
            let mut e = PackEntry::new(parse_ascii(text).unwrap().into());
            e.level.set_name(format!("level {}", levels.len()));
            refresh_summary(&mut e, 10_000).unwrap();
            levels.push(e);
        }
        let summaries = levels.iter().map(|e| e.summary.clone()).collect();
        (
            Pack {
                name: "t".into(),
                levels,
            },
            summaries,
        )
    }

    #[test]
    fn the_sheet_is_a_png_of_the_expected_size() {
        let (pack, summaries) = pack();
        let canvas = draw_sheet(&pack, &summaries);
        let (w, h) = sheet_size(&pack);
        assert_eq!((canvas.width(), canvas.height()), (w, h));
        // Three cards in two columns and two rows of 7x4-cell boards.
        let card_w = (7 * CELL).max(18 * 8) + 8;
        let card_h = 5 * CELL + 8 + 2 * LINE + 4;
        assert_eq!(w, GAP + 2 * (card_w + GAP));
        assert_eq!(h, GAP + 2 * (card_h + GAP));
        let bytes = canvas.to_png();
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        assert_eq!((info.width as usize, info.height as usize), (w, h));
    }

    #[test]
    fn a_long_name_ends_in_dots_after_a_whole_word() {
        let (mut pack, summaries) = pack();
        pack.levels[0]
            .level
            .set_name("The corridor of melting ice and crates");
        let (card_w, card_h, _, _) = layout(&pack);
        let title = card_title(0, pack.levels[0].level.as_skiddy().unwrap(), card_w);
        assert_eq!(title, "1 The corridor of…");
        assert!(title.chars().count() * 8 <= card_w - 8);
        // The dots are drawn, on the baseline of the last character.
        let canvas = draw_sheet(&pack, &summaries);
        let last = GAP + 4 + (title.chars().count() - 1) * 8;
        let text_y = GAP + 4 + (card_h - 8 - TEXT_LINES * LINE - 4) + 6;
        assert_eq!(canvas.pixel(last, text_y + 6), TEXT);
        assert_eq!(canvas.pixel(last + 3, text_y + 6), TEXT);
        assert_ne!(canvas.pixel(last + 1, text_y + 6), TEXT);
    }

    #[test]
    fn tiles_are_drawn_where_they_are() {
        let (pack, summaries) = pack();
        let canvas = draw_sheet(&pack, &summaries);
        let (card_w, _, _, _) = layout(&pack);
        let level = pack.levels[0].level.as_skiddy().unwrap();
        let x0 = GAP + (card_w - level.width() * CELL) / 2;
        let y0 = GAP + 4;
        // The corner cell is a block, filled to its edge.
        assert_eq!(canvas.pixel(x0 + 1, y0 + 1), BLOCK);
        // The cell (1, 1) holds a red Skiddy: red near its centre's left.
        assert_eq!(
            canvas.pixel(x0 + CELL + 3, y0 + CELL + CELL / 2),
            colour_rgb(Colour::Red)
        );
        // An empty cell shows floor at its centre.
        assert_eq!(
            canvas.pixel(x0 + 2 * CELL + CELL / 2, y0 + CELL + CELL / 2),
            FLOOR
        );
    }
}

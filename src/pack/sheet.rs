//! The contact sheet: a PNG of every level of a pack as a card with its
//! board's picture, its index, its name and its verdict. Composed as one
//! big [`Picture`] and rendered by [`crate::picture::png`], without a
//! window, so that the command line can make it too.
//!
//! The sheet knows no kind: each card is a [`SheetCard`] (a picture, a
//! title, lines of text and optional stars); [`pack_cards`] makes the
//! cards of a pack from each level's own picture, the one the editor
//! paints.

use std::path::{Path, PathBuf};

use super::{LevelSummary, Pack};
use crate::picture::png::{render_png, text_width};
use crate::picture::{rect_points, star_points, Align, Picture, Rgba, Stroke};
use crate::words::elide;

/// What one card of the sheet shows, for a level of any kind.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetCard {
    /// The level's board, in its own units; the sheet scales it into the
    /// card's thumbnail.
    pub picture: Picture,
    /// The level's name (the sheet writes the card's 1-based index before
    /// it, and elides it after a whole word when it is too long).
    pub title: String,
    /// The verdict, one line each; the first follows the stars, if any.
    pub lines: Vec<String>,
    /// Stars earned out of stars possible, drawn before the first line.
    pub stars: Option<(u8, u8)>,
    /// The level's place in its pack, from 0 (the sheet shows it from 1, as
    /// the pack panel does): an entry keeps its number when an earlier one
    /// could not be read and is left off the sheet.
    pub number: usize,
}

/// Pixels a board unit (a grid cell) of a thumbnail takes, at most.
pub const CELL: f32 = 24.0;
/// The widest and tallest a thumbnail gets, in pixels: larger boards are
/// all drawn smaller, at one scale.
pub const MAX_THUMBNAIL: f32 = 288.0;
/// Space around and between cards, in pixels.
pub const GAP: f32 = 12.0;
/// Space inside a card around its content, in pixels.
pub const PAD: f32 = 6.0;
/// The em size of the cards' text, in pixels.
pub const TEXT_SIZE: f32 = 14.0;
/// The height of one line of text, in pixels.
pub const LINE: f32 = 18.0;
/// The narrowest a card's content gets, so that a name has room.
pub const MIN_TEXT_WIDTH: f32 = 160.0;
/// The most cards in a row.
pub const MAX_COLUMNS: usize = 6;
/// The radius of a star, in pixels.
const STAR_RADIUS: f32 = 6.5;
/// From one star's centre to the next.
const STAR_STEP: f32 = 15.0;

/// The sheet's background.
pub const BACKGROUND: Rgba = Rgba::rgb(250, 250, 247);
/// A card.
pub const CARD: Rgba = Rgba::WHITE;
/// A card's edge.
pub const CARD_EDGE: Rgba = Rgba::rgb(222, 220, 212);
/// Text.
pub const TEXT: Rgba = Rgba::rgb(20, 20, 20);
/// An earned star.
pub const STAR: Rgba = Rgba::rgb(240, 180, 0);
/// The edge of an earned star.
pub const STAR_EDGE: Rgba = Rgba::rgb(190, 130, 0);
/// A star not earned.
pub const STAR_EMPTY: Rgba = Rgba::rgb(205, 205, 205);

/// Where things go on a sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Layout {
    /// Pixels per board unit of every thumbnail.
    scale: f32,
    /// The thumbnail's box.
    thumb_w: f32,
    thumb_h: f32,
    /// A card.
    card_w: f32,
    card_h: f32,
    columns: usize,
    rows: usize,
}

impl Layout {
    fn of(cards: &[SheetCard]) -> Layout {
        let max =
            |f: fn(&Picture) -> f32| cards.iter().map(|c| f(&c.picture)).fold(1.0f32, f32::max);
        let (max_w, max_h) = (max(|p| p.width), max(|p| p.height));
        let scale = CELL.min(MAX_THUMBNAIL / max_w).min(MAX_THUMBNAIL / max_h);
        let (thumb_w, thumb_h) = (max_w * scale, max_h * scale);
        let lines = cards
            .iter()
            .map(|c| c.lines.len().max(1))
            .max()
            .unwrap_or(1);
        let card_w = thumb_w.max(MIN_TEXT_WIDTH) + 2.0 * PAD;
        let card_h = PAD + thumb_h + PAD + (1 + lines) as f32 * LINE + PAD;
        let n = cards.len().max(1);
        let columns = ((n as f64).sqrt().ceil() as usize).clamp(1, MAX_COLUMNS);
        Layout {
            scale,
            thumb_w,
            thumb_h,
            card_w,
            card_h,
            columns,
            rows: n.div_ceil(columns),
        }
    }

    fn size(&self) -> (f32, f32) {
        (
            GAP + self.columns as f32 * (self.card_w + GAP),
            GAP + self.rows as f32 * (self.card_h + GAP),
        )
    }

    /// The top-left corner of card `i`.
    fn card(&self, i: usize) -> [f32; 2] {
        [
            GAP + (i % self.columns) as f32 * (self.card_w + GAP),
            GAP + (i / self.columns) as f32 * (self.card_h + GAP),
        ]
    }

    /// The vertical middle of text line `k` (0 the title) of a card whose
    /// top is `y`.
    fn line(&self, y: f32, k: usize) -> f32 {
        y + PAD + self.thumb_h + PAD + (k as f32 + 0.5) * LINE
    }
}

/// The first text line of card `i` (from 0), fitting `width` pixels: the
/// card's number, counted from 1 as in the pack panel, and its title, which
/// ends in "…" after a whole word when it is too long.
pub fn card_title(i: usize, title: &str, width: f32) -> String {
    let text = format!("{} {title}", i + 1);
    elide(text.trim_end(), |s| text_width(s, TEXT_SIZE) <= width)
}

/// The contact sheet of `cards` as one picture, in pixels: the cards in a
/// grid (as square as it gets, at most [`MAX_COLUMNS`] wide), each with its
/// board scaled into a thumbnail, its title and its verdict.
pub fn sheet_picture(cards: &[SheetCard]) -> Picture {
    page_picture(cards, Layout::of(cards))
}

/// One page of a sheet: `cards` (each titled with its own number, so
/// numbers go on across pages), in the whole sheet's `layout`
/// (every page has the same scale and card size), as many rows as they
/// need.
fn page_picture(cards: &[SheetCard], layout: Layout) -> Picture {
    let layout = Layout {
        rows: cards.len().max(1).div_ceil(layout.columns),
        ..layout
    };
    let (w, h) = layout.size();
    let mut sheet = Picture::new(w, h);
    let text_w = layout.card_w - 2.0 * PAD;
    for (i, card) in cards.iter().enumerate() {
        let [x, y] = layout.card(i);
        sheet.polygon(
            rect_points([x, y], [x + layout.card_w, y + layout.card_h]),
            Some(CARD),
            Some(Stroke::new(1.0, CARD_EDGE)),
        );
        // The board, centred in the thumbnail's box.
        let (pw, ph) = (
            card.picture.width * layout.scale,
            card.picture.height * layout.scale,
        );
        let at = [
            x + (layout.card_w - pw) / 2.0,
            y + PAD + (layout.thumb_h - ph) / 2.0,
        ];
        sheet.append_scaled(&card.picture, at, layout.scale);
        sheet.text(
            [x + PAD, layout.line(y, 0)],
            TEXT_SIZE,
            TEXT,
            card_title(card.number, &card.title, text_w),
            Align::Left,
        );
        let mut left = x + PAD;
        if let Some((earned, out_of)) = card.stars {
            let middle = layout.line(y, 1);
            for k in 0..out_of {
                let centre = [left + STAR_RADIUS + k as f32 * STAR_STEP, middle];
                let (fill, edge) = if k < earned {
                    (STAR, STAR_EDGE)
                } else {
                    (STAR_EMPTY, STAR_EMPTY)
                };
                sheet.polygon(
                    star_points(centre, STAR_RADIUS, 0.45),
                    Some(fill),
                    Some(Stroke::new(1.0, edge)),
                );
            }
            left += out_of as f32 * STAR_STEP + 4.0;
        }
        for (k, line) in card.lines.iter().enumerate() {
            let start = if k == 0 { left } else { x + PAD };
            let room = x + layout.card_w - PAD - start;
            let line = elide(line, |s| text_width(s, TEXT_SIZE) <= room);
            sheet.text(
                [start, layout.line(y, k + 1)],
                TEXT_SIZE,
                TEXT,
                line,
                Align::Left,
            );
        }
    }
    sheet
}

/// The sheet's size in pixels.
pub fn sheet_size(cards: &[SheetCard]) -> (u32, u32) {
    crate::picture::png::pixel_size(&sheet_picture(cards), 1.0)
}

/// The contact sheet of `cards` as PNG bytes.
pub fn sheet_png(cards: &[SheetCard]) -> Vec<u8> {
    render_png(&sheet_picture(cards), 1.0, BACKGROUND)
}

/// The most cards a page of a contact sheet holds. One page of 200 cards
/// is at most 6 columns by 34 rows of the largest thumbnails (about
/// 1,900 x 13,000 pixels, 100 MB while drawn); a 10,000-level pack as one
/// image was 1,308 x 380,088 pixels and 2 GB at once.
pub const PAGE_CARDS: usize = 200;

/// The pages of the contact sheet of `cards`: one page when they fit
/// [`PAGE_CARDS`], else pages of [`PAGE_CARDS`] cards (the last one
/// shorter), all in the layout of the whole sheet. Each page is drawn only
/// when asked for, so that a large pack never holds more than one page.
pub struct SheetPages<'a> {
    cards: &'a [SheetCard],
    layout: Layout,
}

impl<'a> SheetPages<'a> {
    /// The pages of `cards`.
    pub fn new(cards: &'a [SheetCard]) -> SheetPages<'a> {
        SheetPages {
            cards,
            layout: Layout::of(cards),
        }
    }

    /// How many pages (at least one, an empty pack's empty sheet).
    pub fn count(&self) -> usize {
        self.cards.len().div_ceil(PAGE_CARDS).max(1)
    }

    /// The cards of page `page` (from 0).
    fn cards(&self, page: usize) -> &'a [SheetCard] {
        let first = (page * PAGE_CARDS).min(self.cards.len());
        &self.cards[first..(first + PAGE_CARDS).min(self.cards.len())]
    }

    /// Page `page` (from 0) as a picture, its cards numbered as in the pack.
    pub fn picture(&self, page: usize) -> Picture {
        page_picture(self.cards(page), self.layout)
    }

    /// Page `page`'s size in pixels.
    pub fn size(&self, page: usize) -> (u32, u32) {
        crate::picture::png::pixel_size(&self.picture(page), 1.0)
    }

    /// Page `page` as PNG bytes.
    pub fn png(&self, page: usize) -> Vec<u8> {
        render_png(&self.picture(page), 1.0, BACKGROUND)
    }

    /// Where page `page` of the sheet asked for at `path` goes: `path`
    /// itself when there is one page; else the name with the page number
    /// before the extension, `sheet.png` giving `sheet-001.png`,
    /// `sheet-002.png`, … (three digits, more when there are more than 999
    /// pages), so that the pages sort in order.
    pub fn path(&self, path: &Path, page: usize) -> PathBuf {
        page_path(path, page, self.count())
    }
}

/// Where page `page` (from 0) of `count` pages of the sheet asked for at
/// `path` goes; see [`SheetPages::path`].
pub fn page_path(path: &Path, page: usize, count: usize) -> PathBuf {
    if count <= 1 {
        return path.to_path_buf();
    }
    let digits = count.to_string().len().max(3);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let extension = path
        .extension()
        .map_or("png".into(), |e| e.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{:0digits$}.{extension}", page + 1))
}

/// A contact sheet that could not be written: the page's file and why.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct SheetError {
    /// The page's file.
    pub path: PathBuf,
    /// Why it could not be written.
    #[source]
    pub source: std::io::Error,
}

/// The pages a contact sheet was written on: each page's file and its size
/// in pixels, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenSheet {
    /// Each page's file and size.
    pub pages: Vec<(PathBuf, (u32, u32))>,
}

impl WrittenSheet {
    /// What was written, in a designer's words: "a 1308x5060 contact sheet
    /// of 12 levels to sheet.png", or "a contact sheet of 10000 levels on
    /// 50 pages of 200 levels (1308x7628 each) to sheet-001.png …
    /// sheet-050.png".
    pub fn words(&self, levels: usize) -> String {
        let levels = crate::words::counted(levels as u64, "level", "levels");
        match self.pages.as_slice() {
            [] => format!("no contact sheet of {levels}"),
            [(path, (w, h))] => {
                format!("a {w}x{h} contact sheet of {levels} to {}", path.display())
            }
            [(first, (w, h)), .., (last, _)] => format!(
                "a contact sheet of {levels} on {} pages of {PAGE_CARDS} levels ({w}x{h} each, \
                 the last one shorter) to {} … {}",
                self.pages.len(),
                first.display(),
                last.display()
            ),
        }
    }
}

/// Writes the contact sheet of `cards` asked for at `path`: one PNG when
/// they fit a page, else a PNG a page (see [`SheetPages::path`]), each
/// drawn, written atomically and let go before the next, so that the
/// memory a sheet takes is a page's, whatever the pack's size.
pub fn write_sheet(path: &Path, cards: &[SheetCard]) -> Result<WrittenSheet, SheetError> {
    let pages = SheetPages::new(cards);
    let mut written = Vec::with_capacity(pages.count());
    for page in 0..pages.count() {
        let picture = pages.picture(page);
        let size = crate::picture::png::pixel_size(&picture, 1.0);
        let png = render_png(&picture, 1.0, BACKGROUND);
        drop(picture);
        let page_path = pages.path(path, page);
        crate::atomic::write_atomic(&page_path, &png).map_err(|source| SheetError {
            path: page_path.clone(),
            source,
        })?;
        written.push((page_path, size));
    }
    Ok(WrittenSheet { pages: written })
}

/// The cards of a pack of levels of any kind: each level's picture, its
/// name, and (from `summaries[i]`, level `i`'s analysis when it has one)
/// its verdict, with stars out of three for a kind that gives stars; "not
/// analysed" without one.
pub fn pack_cards(pack: &Pack, summaries: &[Option<LevelSummary>]) -> Vec<SheetCard> {
    pack.levels
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let summary = summaries.get(i).and_then(|s| s.as_ref());
            SheetCard {
                picture: entry.level.picture(),
                title: entry.level.name().to_string(),
                lines: summary.map_or_else(
                    || vec!["not analysed".to_string()],
                    LevelSummary::card_lines,
                ),
                stars: summary.and_then(LevelSummary::stars).map(|n| (n.min(3), 3)),
                number: i,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::format::parse_ascii;
    use crate::kinds::skiddy::picture::{colour_fill, BLOCK, FLOOR};
    use crate::kinds::skiddy::Colour;
    use crate::pack::{refresh_summary, PackEntry};
    use crate::picture::png::render_pixmap;
    use tiny_skia::Pixmap;

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

    fn sheet(pack: &Pack, summaries: &[Option<LevelSummary>]) -> Pixmap {
        render_pixmap(
            &sheet_picture(&pack_cards(pack, summaries)),
            1.0,
            BACKGROUND,
        )
    }

    fn rgb(pixmap: &Pixmap, x: f32, y: f32) -> Rgba {
        let c = pixmap.pixel(x as u32, y as u32).unwrap().demultiply();
        Rgba([c.red(), c.green(), c.blue(), c.alpha()])
    }

    /// Pixels darker than mid-grey in the rectangle.
    fn dark_pixels(pixmap: &Pixmap, min: [f32; 2], max: [f32; 2]) -> usize {
        let mut n = 0;
        for y in min[1] as u32..max[1] as u32 {
            for x in min[0] as u32..max[0] as u32 {
                if pixmap.pixel(x, y).unwrap().red() < 100 {
                    n += 1;
                }
            }
        }
        n
    }

    /// `n` cards of one small board, named by their number.
    fn many_cards(n: usize) -> Vec<SheetCard> {
        let (pack, summaries) = pack();
        let card = pack_cards(&pack, &summaries).remove(0);
        (0..n)
            .map(|i| SheetCard {
                title: format!("card {i}"),
                number: i,
                ..card.clone()
            })
            .collect()
    }

    #[test]
    fn a_card_shows_its_entrys_own_number() {
        // Entry 1 of the pack could not be read: the cards of entries 0
        // and 2 say 1 and 3, as the pack panel would.
        let mut cards = many_cards(2);
        cards[1].number = 2;
        let titles: Vec<String> = sheet_picture(&cards)
            .shapes
            .iter()
            .filter_map(|shape| match shape {
                crate::picture::Shape::Text { text, .. } if text.contains("card") => {
                    Some(text.clone())
                }
                _ => None,
            })
            .collect();
        assert_eq!(titles, ["1 card 0", "3 card 1"]);
    }

    #[test]
    fn a_large_sheet_is_split_into_pages_numbered_after_the_file() {
        let cards = many_cards(PAGE_CARDS * 2 + 1);
        let pages = SheetPages::new(&cards);
        assert_eq!(pages.count(), 3);
        let at = Path::new("out/sheet.png");
        assert_eq!(pages.path(at, 0), Path::new("out/sheet-001.png"));
        assert_eq!(pages.path(at, 2), Path::new("out/sheet-003.png"));
        // Full pages share one size (6 columns); the last holds one card.
        assert_eq!(pages.size(0), pages.size(1));
        let (w, h) = pages.size(0);
        let (last_w, last_h) = pages.size(2);
        assert_eq!(last_w, w);
        assert!(last_h * 20 < h, "{last_h} against {h}");
        // Numbers go on across pages.
        let texts = |page: usize| -> Vec<String> {
            pages
                .picture(page)
                .shapes
                .iter()
                .filter_map(|s| match s {
                    crate::picture::Shape::Text { text, .. } => Some(text.clone()),
                    _ => None,
                })
                .collect()
        };
        assert!(
            texts(2).iter().any(|t| t == "401 card 400"),
            "{:?}",
            texts(2)
        );
        assert!(texts(1).iter().any(|t| t == "201 card 200"));
        // One page keeps the name given.
        let few = many_cards(PAGE_CARDS);
        let one = SheetPages::new(&few);
        assert_eq!(one.count(), 1);
        assert_eq!(one.path(at, 0), Path::new("out/sheet.png"));
        assert_eq!(one.size(0), sheet_size(&few));
    }

    #[test]
    fn more_than_999_pages_get_more_digits() {
        assert_eq!(
            page_path(Path::new("s.png"), 6, 1001),
            Path::new("s-0007.png")
        );
        assert_eq!(page_path(Path::new("a/b"), 0, 2), Path::new("a/b-001.png"));
    }

    #[test]
    fn the_sheet_is_a_png_of_the_expected_size() {
        let (pack, summaries) = pack();
        let cards = pack_cards(&pack, &summaries);
        let (w, h) = sheet_size(&cards);
        // Three cards in two columns and two rows; the widest board is 7
        // cells, the tallest 5, at 24 pixels a cell; a card is at least the
        // text's width.
        let card_w = (7.0 * CELL).max(MIN_TEXT_WIDTH) + 2.0 * PAD;
        let card_h = PAD + 5.0 * CELL + PAD + 2.0 * LINE + PAD;
        assert_eq!(w, (GAP + 2.0 * (card_w + GAP)).ceil() as u32);
        assert_eq!(h, (GAP + 2.0 * (card_h + GAP)).ceil() as u32);
        let bytes = sheet_png(&cards);
        let decoded = Pixmap::decode_png(&bytes).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (w, h));
    }

    #[test]
    fn large_boards_share_one_smaller_scale() {
        let mut big = Picture::new(16.0, 16.0);
        big.rect([0.0, 0.0], [16.0, 16.0], Some(Rgba::BLACK), None);
        let card = |picture: Picture| SheetCard {
            picture,
            title: "x".into(),
            lines: vec![],
            stars: None,
            number: 0,
        };
        let layout = Layout::of(&[card(big), card(Picture::new(4.0, 4.0))]);
        assert_eq!(layout.scale, MAX_THUMBNAIL / 16.0);
        assert_eq!((layout.thumb_w, layout.thumb_h), (288.0, 288.0));
        assert_eq!((layout.columns, layout.rows), (2, 1));
    }

    #[test]
    fn a_long_name_ends_in_dots_after_a_whole_word() {
        let width = MIN_TEXT_WIDTH;
        let title = card_title(0, "The corridor of melting ice and crates", width);
        assert!(title.starts_with("1 The "), "{title}");
        assert!(title.ends_with('…'), "{title}");
        assert!(!title.ends_with(" …"), "{title}");
        assert!(text_width(&title, TEXT_SIZE) <= width);
        // Whole words only: what stands before the dots is a beginning of
        // the name that ends where a word ends.
        let kept = title.trim_end_matches('…');
        let full = "1 The corridor of melting ice and crates";
        assert!(full.starts_with(kept));
        assert_eq!(full[kept.len()..].chars().next(), Some(' '), "{title}");
        // A short name is left whole.
        assert_eq!(card_title(11, "Ice", width), "12 Ice");
    }

    #[test]
    fn tiles_are_drawn_where_they_are() {
        let (pack, summaries) = pack();
        let pixmap = sheet(&pack, &summaries);
        let layout = Layout::of(&pack_cards(&pack, &summaries));
        // The first level (5x4) is centred in its card's 7x5 thumbnail box.
        let level = pack.levels[0].level.as_skiddy().unwrap();
        let [x, y] = layout.card(0);
        let x0 = x + (layout.card_w - level.width() as f32 * CELL) / 2.0;
        let y0 = y + PAD + (layout.thumb_h - level.height() as f32 * CELL) / 2.0;
        // The corner cell is a block, dark inside its seam.
        assert_eq!(rgb(&pixmap, x0 + CELL / 2.0, y0 + CELL / 4.0), BLOCK);
        // The cell (1, 1) holds a red Skiddy: red left of its eyes.
        assert_eq!(
            rgb(&pixmap, x0 + CELL * 1.25, y0 + CELL * 1.65),
            colour_fill(Colour::Red)
        );
        // An empty cell shows floor at its centre.
        assert_eq!(rgb(&pixmap, x0 + CELL * 2.5, y0 + CELL * 1.5), FLOOR);
    }

    #[test]
    fn titles_stars_and_verdicts_are_written() {
        let (pack, summaries) = pack();
        let pixmap = sheet(&pack, &summaries);
        let layout = Layout::of(&pack_cards(&pack, &summaries));
        let [x, y] = layout.card(0);
        let row = |k: usize| {
            let m = layout.line(y, k);
            (
                [x + PAD, m - LINE / 2.0],
                [x + layout.card_w - PAD, m + LINE / 2.0],
            )
        };
        // The title line holds text: dark strokes, more than a few.
        let (a, b) = row(0);
        assert!(dark_pixels(&pixmap, a, b) > 30);
        // The verdict line starts with three stars: the first is earned
        // (level 0 has a Perfect) and gold at its centre.
        let middle = layout.line(y, 1);
        let star = rgb(&pixmap, x + PAD + STAR_RADIUS, middle);
        assert_eq!(star, STAR);
        // Then its Perfect length in words.
        let (a, b) = row(1);
        assert!(dark_pixels(&pixmap, [a[0] + 3.0 * STAR_STEP, a[1]], b) > 30);
        // Nothing is written below the last line.
        let bottom = y + layout.card_h;
        assert_eq!(
            dark_pixels(&pixmap, [x + 2.0, bottom - 4.0], [x + 40.0, bottom - 2.0]),
            0
        );
    }

    #[test]
    fn a_level_without_analysis_says_so() {
        let (pack, summaries) = pack();
        let cards = pack_cards(&pack, &[]);
        assert!(cards
            .iter()
            .all(|c| c.lines == ["not analysed"] && c.stars.is_none()));
        let cards = pack_cards(&pack, &summaries);
        assert_eq!(cards[0].stars, Some((3, 3)));
        assert!(
            cards[0].lines[0].starts_with("Perfect "),
            "{:?}",
            cards[0].lines
        );
        assert_eq!(cards[0].title, "level 0");
    }

    #[test]
    fn a_tangram_card_shows_its_picture_and_its_solution_count() {
        let unique = crate::kinds::tangram::parse_text(include_str!(
            "../../tests/fixtures/tangram/easy-1.txt"
        ))
        .unwrap();
        // A bar in the left column and two squares on the right: the bar
        // may stand in either column, 2 solutions.
        let two = crate::kinds::tangram::parse_text(
            "2\n3\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\n0,1,0\n0,1,1\n0,1,2\n0,1,3\n\
             shape\n1,0,0\n1,0,1\n1,0,2\n1,0,3\nshape\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n",
        )
        .unwrap();
        let mut levels = Vec::new();
        for level in [unique, two] {
            let mut e = PackEntry::new(level.into());
            refresh_summary(&mut e, 1000).unwrap();
            levels.push(e);
        }
        let summaries: Vec<_> = levels.iter().map(|e| e.summary.clone()).collect();
        let pack = Pack {
            name: "t".into(),
            levels,
        };
        let cards = pack_cards(&pack, &summaries);
        assert_eq!(cards[0].lines, ["unique"]);
        assert_eq!(cards[1].lines, ["2 solutions"]);
        assert!(cards.iter().all(|c| c.stars.is_none()));
        assert_eq!(cards[0].picture, pack.levels[0].level.picture());
        // The board is drawn: the thumbnail holds the shapes' colours, not
        // only the card's white.
        let pixmap = sheet(&pack, &summaries);
        let layout = Layout::of(&cards);
        let [x, y] = layout.card(0);
        let mut coloured = 0;
        for py in (y + PAD) as u32..(y + PAD + layout.thumb_h) as u32 {
            for px in x as u32..(x + layout.card_w) as u32 {
                let c = pixmap.pixel(px, py).unwrap();
                if c.red().abs_diff(c.green()) > 40 || c.green().abs_diff(c.blue()) > 40 {
                    coloured += 1;
                }
            }
        }
        assert!(coloured > 1000, "{coloured} coloured pixels");
    }
}

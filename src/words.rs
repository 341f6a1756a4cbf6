//! Words for counts and names in a limited space: "1 trap", "3 traps", a
//! long name shortened at a word boundary with "…", and a depth histogram
//! as the summaries of every kind print it.

/// `n` followed by `one` when `n` is 1 and by `many` otherwise.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", agreeing(n, one, many))
}

/// `one` when `n` is 1 and `many` otherwise: the words that agree with a
/// count ("is a gap" / "are gaps", "was" / "were").
pub fn agreeing<'a>(n: impl Into<u64>, one: &'a str, many: &'a str) -> &'a str {
    if n.into() == 1 {
        one
    } else {
        many
    }
}

/// `text` whole when `fits` accepts it; otherwise its longest beginning that
/// `fits` accepts with "…" after it, cut after a whole word when that keeps
/// at least half of what fits. Only "…" (or nothing) when no beginning fits.
/// `fits` must accept every beginning of a string it accepts.
pub fn elide(text: &str, fits: impl Fn(&str) -> bool) -> String {
    if fits(text) {
        return text.to_string();
    }
    // Where a beginning may end (0 too, even for an empty text), and the
    // longest beginning that fits with "…".
    let ends: Vec<usize> = std::iter::once(0)
        .chain(text.char_indices().map(|(i, _)| i).skip(1))
        .collect();
    let fits_with_dots = |end: usize| fits(&format!("{}…", text[..end].trim_end()));
    let (mut low, mut high) = (0, ends.len() - 1);
    while low < high {
        let mid = (low + high).div_ceil(2);
        if fits_with_dots(ends[mid]) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    let longest = ends[low];
    if longest == 0 {
        return if fits("…") {
            "…".into()
        } else {
            String::new()
        };
    }
    let kept = &text[..longest];
    // A word boundary: the cut falls on a space, or the kept part has one
    // far enough in.
    let at_word = if text[longest..].starts_with(' ') {
        longest
    } else {
        match kept.rfind(' ') {
            Some(space) if space * 2 >= longest => space,
            _ => longest,
        }
    };
    format!("{}…", text[..at_word].trim_end())
}

/// `text` with its first letter in lower case, the rest as it is: a
/// name in the middle of a sentence ("Red Skiddy" becomes "red Skiddy",
/// not "red skiddy").
pub fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `text` with its first letter in capitals, the rest as it is.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A depth histogram (states and dead ends at each depth) as
/// `depth:states/dead ends` words: `0:1 1:2 2:4/2`; the dead ends are left
/// out at a depth with none.
pub fn depth_words(histogram: &[[u64; 2]]) -> String {
    let depths: Vec<String> = histogram
        .iter()
        .enumerate()
        .map(|(d, [n, dead])| {
            if *dead > 0 {
                format!("{d}:{n}/{dead}")
            } else {
                format!("{d}:{n}")
            }
        })
        .collect();
    depths.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_most(chars: usize) -> impl Fn(&str) -> bool {
        move |s: &str| s.chars().count() <= chars
    }

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        assert_eq!(counted(1u64, "trap", "traps"), "1 trap");
        assert_eq!(counted(0u64, "trap", "traps"), "0 traps");
        assert_eq!(counted(2u32, "dead end", "dead ends"), "2 dead ends");
        assert_eq!(counted(1u8, "star", "stars"), "1 star");
    }

    #[test]
    fn the_words_after_a_count_agree_with_it() {
        assert_eq!(agreeing(1u64, "was", "were"), "was");
        assert_eq!(agreeing(0u64, "was", "were"), "were");
        assert_eq!(agreeing(3u32, "is a gap", "are gaps"), "are gaps");
    }

    #[test]
    fn a_name_that_fits_stays_whole() {
        assert_eq!(elide("Ice and pits", at_most(12)), "Ice and pits");
        assert_eq!(elide("", at_most(0)), "");
    }

    #[test]
    fn a_long_name_is_cut_after_a_whole_word() {
        assert_eq!(elide("The long corridor of ice", at_most(16)), "The long…");
        assert_eq!(elide("Crates everywhere", at_most(10)), "Crates…");
    }

    #[test]
    fn a_long_word_is_cut_inside_when_no_space_is_near() {
        assert_eq!(elide("Supercalifragilistic", at_most(8)), "Superca…");
        assert_eq!(elide("A supercalifragilistic", at_most(10)), "A superca…");
    }

    #[test]
    fn no_room_gives_dots_or_nothing() {
        assert_eq!(elide("Level", at_most(1)), "…");
        assert_eq!(elide("Level", at_most(0)), "");
    }

    #[test]
    fn an_empty_text_with_no_room_gives_nothing() {
        assert_eq!(elide("", |_: &str| false), "");
    }

    #[test]
    fn dots_narrower_than_the_last_letter_keep_all_but_it() {
        // Widths where "…" is narrower than "W": everything but the last
        // letter fits with the dots.
        let width = |s: &str| {
            s.chars()
                .map(|c| if c == '…' { 1 } else { 3 })
                .sum::<usize>()
        };
        assert_eq!(elide("WWWW", |s: &str| width(s) <= 10), "WWW…");
    }

    #[test]
    fn names_outside_ascii_are_cut_on_char_boundaries() {
        let cut = elide("Écluse à glace", at_most(9));
        assert_eq!(cut, "Écluse à…");
        assert!(at_most(9)(&cut));
    }

    #[test]
    fn only_the_first_letter_is_lowered() {
        assert_eq!(super::lowercase_first("Red Skiddy"), "red Skiddy");
        assert_eq!(super::lowercase_first(""), "");
    }

    #[test]
    fn a_depth_histogram_names_dead_ends_only_where_there_are_some() {
        assert_eq!(depth_words(&[[1, 0], [2, 0], [4, 2]]), "0:1 1:2 2:4/2");
        assert_eq!(depth_words(&[]), "");
    }
}

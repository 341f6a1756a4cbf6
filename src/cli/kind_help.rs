//! The command line's help texts that name the kinds, built from the one
//! list of kinds ([`Kind::ALL`] and each kind's [`crate::kinds::KindWords`]),
//! so that a new kind appears in them without a change here.

use crate::kinds::Kind;

/// `pack check`'s help: what fails a level, kind by kind.
pub fn check_about() -> String {
    format!(
        "Re-analyse every level on all cores; exit 1 when any level fails (cannot be analysed, \
         breaks its kind's rule of a fair level — {} — or its stored analysis is out of date)",
        Kind::each_says(|w| Some(w.unfair))
    )
}

/// `pack dedupe`'s help: what each kind's levels may differ by and still
/// be one puzzle.
pub fn dedupe_about() -> String {
    format!(
        "Find levels that are the same puzzle up to their kind's symmetries ({})",
        Kind::each_says(|w| Some(w.same_puzzle))
    )
}

/// `pack stats`'s help: the figures it sums, kind by kind.
pub fn stats_about() -> String {
    format!(
        "Sum the pack up: states, dead ends and traps, and each kind's own figures ({})",
        Kind::each_says(|w| Some(w.figures))
    )
}

/// `pack export --ascii`'s help: each kind's own text format.
pub fn ascii_help() -> String {
    let formats: Vec<String> = Kind::ALL
        .into_iter()
        .filter_map(|k| {
            let own = k.formats().iter().find(|f| f.kind().is_some())?;
            Some(format!(
                "{}: {}, as .{}",
                k.title(),
                own.name(),
                own.extension()
            ))
        })
        .collect();
    format!(
        "Write one text file per level into this folder, in its kind's own text format ({}); \
         a level that format cannot say is written as JSON",
        formats.join("; ")
    )
}

/// `pack export --sheet`'s help: the verdicts on the cards.
pub fn sheet_help() -> String {
    format!(
        "Write a PNG contact sheet of thumbnails with names and verdicts ({}) to this file",
        Kind::each_says(|w| Some(w.figures))
    )
}

/// `play`'s help for its moves: each playable kind's move letters.
pub fn moves_help() -> String {
    format!(
        "The moves, in the kind's own notation ({}), in any case; spaces and commas are ignored \
         where moves are letters",
        Kind::each_says(|w| w.moves)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_appears_in_the_help_that_lists_kinds() {
        for kind in Kind::ALL {
            let title = kind.title();
            for help in [check_about(), dedupe_about(), stats_about(), ascii_help()] {
                assert!(help.contains(title), "{title} missing from {help}");
            }
            if kind.plays_text() {
                assert!(moves_help().contains(title), "{title} plays text");
            }
        }
    }
}

//! What the pack panel shows and in which order, without drawing: the sort,
//! the filter, and the index arithmetic of removing and moving levels.

use std::cmp::Ordering;

use crate::kinds::{FigureColumn, GraphWords, Kind};
use crate::pack::{LevelSummary, Pack, PackEntry};

/// A column of the pack table; clicking its header sorts the view by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SortColumn {
    /// The level's place in the pack.
    Order,
    /// The level's name (numbers inside names compare as numbers).
    Name,
    /// The verdict in the level's kind's terms (see
    /// [`LevelSummary::verdict_order`]).
    Verdict,
    /// The stored effort score (`docs/effort.md`).
    Effort,
    /// The kind's figure (see [`LevelSummary::column_figure`]).
    Figure,
    /// Reachable states.
    States,
    /// Dead ends.
    DeadEnds,
    /// Traps.
    Traps,
}

/// What the figure column is called when the levels it shows are of kinds
/// that name it differently, or of none that has one.
pub const MIXED_FIGURES: FigureColumn = FigureColumn {
    title: "Length",
    words: "length (each kind's own figure)",
    unit: "",
};

/// What the figure column is called over levels of `kinds`: the kinds'
/// own name when they agree on one, else [`MIXED_FIGURES`].
pub fn figure_column(kinds: impl IntoIterator<Item = Kind>) -> FigureColumn {
    let mut named = kinds.into_iter().filter_map(Kind::figure_column);
    match named.next() {
        Some(first) if named.all(|c| c == first) => first,
        _ => MIXED_FIGURES,
    }
}

/// What the dead ends and traps are called over levels of `kinds`: the
/// kinds' own words when they agree, else the engine's.
pub fn graph_words(kinds: impl IntoIterator<Item = Kind>) -> GraphWords {
    let mut words = kinds
        .into_iter()
        .filter(|k| k.has_state_graph())
        .map(Kind::graph_words);
    match words.next() {
        Some(first) if words.all(|w| w == first) => first,
        _ => GraphWords::GENERIC,
    }
}

impl SortColumn {
    /// Every column, left to right.
    pub const ALL: [SortColumn; 8] = [
        SortColumn::Order,
        SortColumn::Name,
        SortColumn::Verdict,
        SortColumn::Effort,
        SortColumn::Figure,
        SortColumn::States,
        SortColumn::DeadEnds,
        SortColumn::Traps,
    ];

    /// The column's header; `figure` names the figure column, `graph` the
    /// dead ends and traps.
    pub fn title(self, figure: FigureColumn, graph: GraphWords) -> &'static str {
        match self {
            SortColumn::Order => "#",
            SortColumn::Name => "Name",
            SortColumn::Verdict => "Verdict",
            SortColumn::Effort => "Effort",
            SortColumn::Figure => figure.title,
            SortColumn::States => "States",
            SortColumn::DeadEnds => graph.dead_ends_title,
            SortColumn::Traps => graph.traps_title,
        }
    }

    /// The words for "sorted by" messages; `figure` names the figure
    /// column, `graph` the dead ends and traps.
    pub fn describe(self, figure: FigureColumn, graph: GraphWords) -> &'static str {
        match self {
            SortColumn::Order => "pack order",
            SortColumn::Name => "name",
            SortColumn::Verdict => "verdict",
            SortColumn::Effort => "effort",
            SortColumn::Figure => figure.words,
            SortColumn::States => "states",
            SortColumn::DeadEnds => graph.dead_ends,
            SortColumn::Traps => graph.traps,
        }
    }

    /// The key a summary has in this column (`None` for the columns that
    /// are not numbers of the analysis, and for a number the level's kind
    /// or the level does not have: a missing Perfect, states of a Tangram
    /// level). Verdicts compare within a kind, kinds in menu order: stars
    /// and difficulty do not compare with each other.
    fn key(self, summary: &LevelSummary) -> Option<(usize, u64)> {
        let kind_place = || {
            Kind::ALL
                .iter()
                .position(|&k| k == summary.kind())
                .unwrap_or(Kind::ALL.len())
        };
        let number = match self {
            SortColumn::Order | SortColumn::Name => None,
            SortColumn::Verdict => return summary.verdict_order().map(|n| (kind_place(), n)),
            SortColumn::Effort => summary.effort.as_ref().map(|e| ordered_bits(e.score)),
            SortColumn::Figure => summary.column_figure().map(u64::from),
            SortColumn::States => summary.graph().map(|g| g.states),
            SortColumn::DeadEnds => summary.graph().map(|g| g.dead_ends),
            SortColumn::Traps => summary.graph().map(|g| g.traps),
        };
        number.map(|n| (0, n))
    }
}

/// A number's bits in an order that agrees with the number's (negative
/// numbers below positive ones), so that a score sorts as a `u64`.
fn ordered_bits(x: f64) -> u64 {
    let bits = x.to_bits();
    if x.is_sign_negative() {
        !bits
    } else {
        bits | 1 << 63
    }
}

/// The pack's levels easiest first by their stored effort (see
/// [`crate::effort::order_by_effort`]), and how many have no effort (they
/// keep their order, at the end).
pub fn effort_order(pack: &Pack) -> (Vec<usize>, usize) {
    let scores: Vec<Option<f64>> = pack
        .levels
        .iter()
        .map(|e| {
            e.summary
                .as_ref()
                .and_then(|s| s.effort.as_ref())
                .map(|e| e.score)
        })
        .collect();
    let unscored = scores.iter().filter(|s| s.is_none()).count();
    (crate::effort::order_by_effort(&scores), unscored)
}

/// How the view is sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort {
    /// The column.
    pub column: SortColumn,
    /// Largest first (levels without the number stay last either way).
    pub descending: bool,
}

impl Sort {
    /// The pack's own order.
    pub const PACK_ORDER: Sort = Sort {
        column: SortColumn::Order,
        descending: false,
    };

    /// Whether the view shows the pack's own order.
    pub fn is_pack_order(self) -> bool {
        self == Sort::PACK_ORDER
    }

    /// The sort after a click on `column`'s header: the same column flips
    /// its direction, another column sorts ascending.
    pub fn clicked(self, column: SortColumn) -> Sort {
        if self.column == column {
            Sort {
                column,
                descending: !self.descending,
            }
        } else {
            Sort {
                column,
                descending: false,
            }
        }
    }
}

impl Default for Sort {
    fn default() -> Sort {
        Sort::PACK_ORDER
    }
}

/// Which levels the view shows, besides the text filter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Show {
    /// Every level.
    #[default]
    All,
    /// Analysed levels with fewer stars than this.
    UnderStars(u8),
    /// Levels the latest check failed.
    Failing,
    /// Levels without an analysis.
    NotAnalysed,
}

impl Show {
    /// Every choice, in the order the menu offers them.
    pub const ALL: [Show; 6] = [
        Show::All,
        Show::UnderStars(1),
        Show::UnderStars(2),
        Show::UnderStars(3),
        Show::Failing,
        Show::NotAnalysed,
    ];

    /// Whether the choice reads stars, which only some kinds give (the
    /// panel offers it when the pack holds a level of such a kind).
    pub fn reads_stars(self) -> bool {
        match self {
            Show::UnderStars(_) => true,
            Show::All | Show::Failing | Show::NotAnalysed => false,
        }
    }

    /// The choice's words.
    pub fn describe(self) -> String {
        match self {
            Show::All => "All levels".into(),
            Show::UnderStars(1) => "Under 1 star".into(),
            Show::UnderStars(n) => format!("Under {n} stars"),
            Show::Failing => "Failing only".into(),
            Show::NotAnalysed => "Not analysed".into(),
        }
    }
}

/// The filter of the view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Text that the name or a tag must contain (case does not matter;
    /// blank matches every level).
    pub text: String,
    /// Which levels to show.
    pub show: Show,
    /// The one kind to show (`None`: every kind).
    pub kind: Option<Kind>,
}

impl Filter {
    /// Whether the filter hides nothing.
    pub fn is_empty(&self) -> bool {
        self.text.trim().is_empty() && self.show == Show::All && self.kind.is_none()
    }

    /// Whether `entry` passes; `fails` is the latest check's verdict on it
    /// (`None` when it was not checked).
    pub fn matches(&self, entry: &PackEntry, fails: Option<bool>) -> bool {
        let text = self.text.trim().to_lowercase();
        let text_ok = text.is_empty()
            || entry.level.name().to_lowercase().contains(&text)
            || entry.tags.iter().any(|t| t.to_lowercase().contains(&text));
        let show_ok = match self.show {
            Show::All => true,
            Show::UnderStars(n) => entry
                .summary
                .as_ref()
                .is_some_and(|s| s.stars().is_some_and(|k| k < n)),
            Show::Failing => fails == Some(true),
            Show::NotAnalysed => entry.summary.is_none(),
        };
        let kind_ok = self.kind.is_none_or(|k| entry.level.kind() == k);
        text_ok && show_ok && kind_ok
    }
}

/// A count in at most six characters: `950`, `12.3k`, `4.5M`.
pub fn compact_count(n: u64) -> String {
    if n < 10_000 {
        return n.to_string();
    }
    let mut value = n as f64 / 1e3;
    for unit in ["k", "M"] {
        if value < 999.95 {
            return format!("{value:.1}{unit}");
        }
        value /= 1e3;
    }
    format!("{value:.1}G")
}

/// Compares names so that the numbers inside them compare as numbers
/// ("1-2" before "1-10"), letters without regard to case.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a.chars().peekable(), b.chars().peekable());
    loop {
        match (a.peek().copied(), b.peek().copied()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let number = |it: &mut std::iter::Peekable<std::str::Chars>| {
                    let mut digits = String::new();
                    while let Some(c) = it.next_if(|c| c.is_ascii_digit()) {
                        digits.push(c);
                    }
                    digits
                };
                let (x, y) = (number(&mut a), number(&mut b));
                let (xt, yt) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                let order = xt.len().cmp(&yt.len()).then_with(|| xt.cmp(yt));
                if order != Ordering::Equal {
                    return order;
                }
            }
            (Some(x), Some(y)) => {
                let order = x.to_lowercase().cmp(y.to_lowercase());
                if order != Ordering::Equal {
                    return order;
                }
                a.next();
                b.next();
            }
        }
    }
}

/// Every level's index, sorted by `sort`; levels without the column's
/// number go last in either direction, ties keep the pack's order.
pub fn sorted_order(pack: &Pack, sort: Sort) -> Vec<usize> {
    let mut order: Vec<usize> = (0..pack.levels.len()).collect();
    let levels = &pack.levels;
    let directed = |o: Ordering| if sort.descending { o.reverse() } else { o };
    order.sort_by(|&i, &j| {
        let primary = match sort.column {
            SortColumn::Order => directed(i.cmp(&j)),
            SortColumn::Name => {
                directed(natural_cmp(levels[i].level.name(), levels[j].level.name()))
            }
            column => {
                let key = |k: usize| levels[k].summary.as_ref().and_then(|s| column.key(s));
                match (key(i), key(j)) {
                    (Some(x), Some(y)) => directed(x.cmp(&y)),
                    (Some(_), None) => Ordering::Less,
                    (None, Some(_)) => Ordering::Greater,
                    (None, None) => Ordering::Equal,
                }
            }
        };
        primary.then(i.cmp(&j))
    });
    order
}

/// The indices the view shows, in the order it shows them: the levels that
/// pass `filter`, sorted by `sort`. `fails[i]` is the latest check's verdict
/// on level `i` (`None`: not checked; missing entries count as `None`).
pub fn view_order(pack: &Pack, fails: &[Option<bool>], filter: &Filter, sort: Sort) -> Vec<usize> {
    sorted_order(pack, sort)
        .into_iter()
        .filter(|&i| filter.matches(&pack.levels[i], fails.get(i).copied().flatten()))
        .collect()
}

/// The new order (old indices, in their new places) after moving level
/// `from` to the gap before level `slot` (`slot == len` is the end).
pub fn move_order(len: usize, from: usize, slot: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).filter(|&i| i != from).collect();
    if from < len {
        // The slot counted `from` itself when it lay before it.
        let at = if slot > from { slot - 1 } else { slot };
        order.insert(at.min(order.len()), from);
    }
    order
}

/// The new order after removing the levels in `removed`.
pub fn without(len: usize, removed: &[usize]) -> Vec<usize> {
    (0..len).filter(|i| !removed.contains(i)).collect()
}

/// The new order that keeps `keep` of each group (the groups' other members
/// go); `keep` has one member per group.
pub fn keep_one_of_each(len: usize, groups: &[Vec<usize>], keep: &[usize]) -> Vec<usize> {
    let removed: Vec<usize> = groups
        .iter()
        .zip(keep)
        .flat_map(|(group, &kept)| group.iter().copied().filter(move |&i| i != kept))
        .collect();
    without(len, &removed)
}

/// Where each old index went after `order` was applied (`None`: removed).
pub fn renumbering(len: usize, order: &[usize]) -> Vec<Option<usize>> {
    let mut map = vec![None; len];
    for (new, &old) in order.iter().enumerate() {
        map[old] = Some(new);
    }
    map
}

/// `items` rearranged by `order` (old indices in their new places; indices
/// not in `order` are dropped).
pub fn rearranged<T>(items: Vec<T>, order: &[usize]) -> Vec<T> {
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order
        .iter()
        .map(|&i| slots[i].take().expect("an order names each index once"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::format::parse_ascii;
    use crate::kinds::{GraphFigures, KindFigures};

    fn summary(stars: u8, shortest: u32, combo: u32, states: u64) -> LevelSummary {
        LevelSummary {
            verdict: String::new(),
            figures: KindFigures::Skiddy(crate::kinds::skiddy::figures::SkiddyFigures {
                graph: GraphFigures {
                    shortest: Some(shortest),
                    states,
                    dead_ends: 0,
                    traps: 3 - stars as u64,
                },
                stars,
                shortest_max_combo: Some(combo),
                shortest_no_combo: None,
            }),
            effort: None,
        }
    }

    fn entry(name: &str, tags: &[&str], summary: Option<LevelSummary>) -> PackEntry {
        let mut e = PackEntry::new(parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap().into());
        e.level.set_name(name);
        e.tags = tags.iter().map(|t| t.to_string()).collect();
        e.summary = summary;
        e
    }

    fn pack() -> Pack {
        Pack {
            name: "p".into(),
            levels: vec![
                entry("1-10", &["late"], Some(summary(3, 9, 9, 500))),
                entry("1-2", &["tutorial"], Some(summary(2, 4, 6, 40))),
                entry("intro", &[], None),
                entry("1-1", &["Tutorial"], Some(summary(1, 7, 7, 40))),
            ],
        }
    }

    #[test]
    fn sorting_by_a_number_puts_missing_numbers_last_both_ways() {
        let p = pack();
        let stars = Sort {
            column: SortColumn::Verdict,
            descending: false,
        };
        assert_eq!(sorted_order(&p, stars), vec![3, 1, 0, 2]);
        let down = Sort {
            descending: true,
            ..stars
        };
        assert_eq!(sorted_order(&p, down), vec![0, 1, 3, 2]);
        // Level 1 has no Perfect (its max-combo solution is longer).
        let perfect = Sort {
            column: SortColumn::Figure,
            descending: false,
        };
        assert_eq!(sorted_order(&p, perfect), vec![3, 0, 1, 2]);
        // Ties keep the pack's order, whichever the direction.
        let states = Sort {
            column: SortColumn::States,
            descending: true,
        };
        assert_eq!(sorted_order(&p, states), vec![0, 1, 3, 2]);
    }

    #[test]
    fn sorting_by_name_reads_numbers_as_numbers() {
        let name = Sort {
            column: SortColumn::Name,
            descending: false,
        };
        assert_eq!(sorted_order(&pack(), name), vec![3, 1, 0, 2]);
        assert_eq!(natural_cmp("a01", "a1"), Ordering::Equal);
        assert_eq!(natural_cmp("Level 9", "level 10"), Ordering::Less);
        assert_eq!(natural_cmp("b", "A"), Ordering::Greater);
        assert_eq!(natural_cmp("1-1", "1-1b"), Ordering::Less);
    }

    #[test]
    fn a_header_click_sorts_then_flips() {
        let s = Sort::PACK_ORDER.clicked(SortColumn::Traps);
        assert_eq!(
            s,
            Sort {
                column: SortColumn::Traps,
                descending: false
            }
        );
        assert!(s.clicked(SortColumn::Traps).descending);
        assert!(
            !s.clicked(SortColumn::Traps)
                .clicked(SortColumn::Traps)
                .descending
        );
        assert!(!s.clicked(SortColumn::Name).descending);
        assert!(!Sort::PACK_ORDER.clicked(SortColumn::Order).is_pack_order());
    }

    #[test]
    fn filters_by_text_on_name_and_tags_and_by_stars_or_verdict() {
        let p = pack();
        let none = [None; 4];
        let text = |t: &str| Filter {
            text: t.into(),
            show: Show::All,
            kind: None,
        };
        assert_eq!(
            view_order(&p, &none, &text(""), Sort::PACK_ORDER),
            vec![0, 1, 2, 3]
        );
        assert_eq!(
            view_order(&p, &none, &text(" TUTO "), Sort::PACK_ORDER),
            vec![1, 3]
        );
        assert_eq!(
            view_order(&p, &none, &text("1-1"), Sort::PACK_ORDER),
            vec![0, 3]
        );
        let show = |show: Show| Filter {
            text: String::new(),
            show,
            kind: None,
        };
        assert_eq!(
            view_order(&p, &none, &show(Show::UnderStars(3)), Sort::PACK_ORDER),
            vec![1, 3]
        );
        assert_eq!(
            view_order(&p, &none, &show(Show::UnderStars(2)), Sort::PACK_ORDER),
            vec![3]
        );
        assert_eq!(
            view_order(&p, &none, &show(Show::NotAnalysed), Sort::PACK_ORDER),
            vec![2]
        );
        let fails = [Some(false), Some(true), None];
        assert_eq!(
            view_order(&p, &fails, &show(Show::Failing), Sort::PACK_ORDER),
            vec![1]
        );
        let both = Filter {
            text: "tutorial".into(),
            show: Show::UnderStars(2),
            kind: None,
        };
        assert_eq!(view_order(&p, &none, &both, Sort::PACK_ORDER), vec![3]);
        assert!(text("  ").is_empty() && !text("a").is_empty() && !show(Show::Failing).is_empty());
    }

    #[test]
    fn moving_a_level_to_a_gap() {
        assert_eq!(move_order(4, 0, 2), vec![1, 0, 2, 3]);
        assert_eq!(move_order(4, 0, 4), vec![1, 2, 3, 0]);
        assert_eq!(move_order(4, 3, 0), vec![3, 0, 1, 2]);
        assert_eq!(move_order(4, 2, 1), vec![0, 2, 1, 3]);
        // The gaps on either side of the level itself leave the order be.
        assert_eq!(move_order(4, 2, 2), vec![0, 1, 2, 3]);
        assert_eq!(move_order(4, 2, 3), vec![0, 1, 2, 3]);
        assert_eq!(move_order(1, 0, 1), vec![0]);
    }

    #[test]
    fn removing_and_keeping_one_of_each_group() {
        assert_eq!(without(5, &[1, 3]), vec![0, 2, 4]);
        let groups = vec![vec![0, 2, 4], vec![1, 5]];
        assert_eq!(keep_one_of_each(6, &groups, &[2, 1]), vec![1, 2, 3]);
        assert_eq!(keep_one_of_each(6, &groups[..1], &[4]), vec![1, 3, 4, 5]);
    }

    #[test]
    fn renumbering_and_rearranging_follow_the_order() {
        let order = move_order(4, 0, 3);
        assert_eq!(order, vec![1, 2, 0, 3]);
        assert_eq!(
            renumbering(4, &order),
            vec![Some(2), Some(0), Some(1), Some(3)]
        );
        assert_eq!(
            rearranged(vec!['a', 'b', 'c', 'd'], &order),
            vec!['b', 'c', 'a', 'd']
        );
        let order = without(4, &[2]);
        assert_eq!(
            renumbering(4, &order),
            vec![Some(0), Some(1), None, Some(2)]
        );
        assert_eq!(
            rearranged(vec!['a', 'b', 'c', 'd'], &order),
            vec!['a', 'b', 'd']
        );
    }

    #[test]
    fn the_figure_column_takes_the_name_its_kinds_agree_on() {
        let title = |kinds: &[Kind]| figure_column(kinds.iter().copied()).title;
        assert_eq!(title(&[Kind::Skiddy, Kind::Skiddy]), "Perfect");
        assert_eq!(title(&[Kind::Prism]), "Moves");
        assert_eq!(title(&[Kind::Sokoban]), "Pushes");
        // Tangram has no figure: it does not change the name.
        assert_eq!(title(&[Kind::Tangram, Kind::Skiddy]), "Perfect");
        assert_eq!(title(&[Kind::Skiddy, Kind::Sokoban]), "Length");
        assert_eq!(title(&[Kind::Tangram]), "Length");
        assert_eq!(title(&[]), "Length");
        let words = figure_column([Kind::Sokoban]);
        let graph = GraphWords::GENERIC;
        assert_eq!(SortColumn::Figure.describe(words, graph), "fewest pushes");
        assert_eq!(SortColumn::Verdict.title(words, graph), "Verdict");
    }

    #[test]
    fn the_graph_columns_take_the_words_their_kinds_agree_on() {
        let titles = |kinds: &[Kind]| {
            let figure = figure_column(kinds.iter().copied());
            let graph = graph_words(kinds.iter().copied());
            (
                SortColumn::DeadEnds.title(figure, graph),
                SortColumn::Traps.title(figure, graph),
                SortColumn::Traps.describe(figure, graph),
            )
        };
        assert_eq!(
            titles(&[Kind::Sokoban, Kind::Sokoban]),
            ("Deadlocks", "Fatal pushes", "fatal pushes")
        );
        // Tangram has no graph: it does not change the words.
        assert_eq!(
            titles(&[Kind::Sokoban, Kind::Tangram]),
            ("Deadlocks", "Fatal pushes", "fatal pushes")
        );
        assert_eq!(titles(&[Kind::Skiddy]), ("Dead ends", "Traps", "traps"));
        assert_eq!(
            titles(&[Kind::Prism, Kind::Sokoban]),
            ("Dead ends", "Traps", "traps")
        );
    }

    #[test]
    fn verdicts_sort_within_their_kind_and_kinds_in_menu_order() {
        let prism = |difficulty: Option<u32>| {
            let mut e = entry("p", &[], None);
            e.summary = Some(LevelSummary {
                verdict: String::new(),
                figures: KindFigures::Prism(crate::kinds::prism::figures::PrismFigures {
                    graph: GraphFigures {
                        shortest: difficulty.map(|_| 5),
                        states: 10,
                        dead_ends: 0,
                        traps: 0,
                    },
                    difficulty,
                }),
                effort: None,
            });
            e
        };
        let p = Pack {
            name: "mixed".into(),
            levels: vec![
                prism(Some(40)),
                entry("a", &[], Some(summary(3, 9, 9, 5))),
                prism(None),
                prism(Some(12)),
                entry("b", &[], Some(summary(1, 9, 9, 5))),
            ],
        };
        let verdict = Sort {
            column: SortColumn::Verdict,
            descending: false,
        };
        // Skiddy (1 star, 3 stars), then Prism (difficulty 12, 40), then
        // the unsolvable Prism level, which has no difficulty.
        assert_eq!(sorted_order(&p, verdict), vec![4, 1, 3, 0, 2]);
        // The figure column: Skiddy's Perfect 9, Prism's fewest moves 5.
        let figure = Sort {
            column: SortColumn::Figure,
            descending: false,
        };
        assert_eq!(sorted_order(&p, figure), vec![0, 3, 1, 4, 2]);
    }

    #[test]
    fn perfect_and_compact_numbers() {
        assert_eq!(summary(3, 9, 9, 1).perfect_length(), Some(9));
        assert_eq!(summary(2, 4, 6, 1).perfect_length(), None);
        let mut none = summary(0, 1, 1, 1);
        if let KindFigures::Skiddy(crate::kinds::skiddy::figures::SkiddyFigures {
            graph,
            shortest_max_combo,
            ..
        }) = &mut none.figures
        {
            graph.shortest = None;
            *shortest_max_combo = None;
        }
        assert_eq!(none.perfect_length(), None);
        assert_eq!(compact_count(950), "950");
        assert_eq!(compact_count(9_999), "9999");
        assert_eq!(compact_count(12_345), "12.3k");
        assert_eq!(compact_count(4_500_000), "4.5M");
        assert_eq!(compact_count(999_999), "1.0M");
        assert_eq!(compact_count(2_000_000_000), "2.0G");
    }
}

//! The fixed benchmark levels of `assets/bench/`, shared by the benchmarks.

/// Each benchmark level's name and text, smallest first.
pub const LEVELS: [(&str, &str); 3] = [
    (
        "skiddy_100k",
        include_str!("../../assets/bench/skiddy_100k.txt"),
    ),
    (
        "skiddy_1m",
        include_str!("../../assets/bench/skiddy_1m.txt"),
    ),
    (
        "skiddy_4m",
        include_str!("../../assets/bench/skiddy_4m.txt"),
    ),
];

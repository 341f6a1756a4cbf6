//! The memory budget: a level whose states explode stops with a clear
//! "too big" error within the budget, whatever the state budget says,
//! instead of the process aborting when an allocation fails.

use levelscope::engine::{parse_memory_size, Job, LabelError, Stopped};
use levelscope::kinds::skiddy::{self, parse_level, AnalyzeError};

/// A 16x16 board with sixteen pieces of every kind: far more states than
/// any budget of this test allows.
fn exploding_level() -> String {
    let mut rows: Vec<Vec<char>> = (0..16)
        .map(|y| {
            (0..16)
                .map(|x| {
                    if x == 0 || y == 0 || x == 15 || y == 15 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let cells = [
        (0, 5, 'r'),
        (15, 9, 'b'),
        (7, 0, 'g'),
        (9, 15, 'y'),
        (3, 3, 'R'),
        (12, 4, 'R'),
        (5, 10, 'B'),
        (10, 12, 'B'),
        (7, 7, 'G'),
        (2, 13, 'Y'),
        (13, 2, 'Y'),
        (8, 2, 'i'),
        (4, 8, 'i'),
        (13, 13, 'i'),
        (6, 5, 'c'),
        (11, 9, 'c'),
        (9, 6, 'o'),
        (3, 11, 'o'),
    ];
    for (x, y, ch) in cells {
        rows[y][x] = ch;
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

#[test]
fn an_exploding_level_stops_within_the_memory_budget() {
    let level = parse_level(&exploding_level()).unwrap();
    let budget = parse_memory_size("8M").unwrap();
    let job = Job::new(u64::MAX).with_max_memory(budget);
    let error = skiddy::analyze(&level, &job).unwrap_err();
    let AnalyzeError::Search(LabelError::Stopped(Stopped::TooMuchMemory {
        bytes,
        budget: reported,
        states,
        refused: false,
    })) = error.clone()
    else {
        panic!("stopped for another reason: {error}");
    };
    assert_eq!(reported, budget);
    assert!(bytes > budget);
    assert!(states > 10_000, "{states}");
    let message = error.to_string();
    assert!(
        message.starts_with("too big: the search needs more than"),
        "{message}"
    );
    assert!(message.contains("(budget 8.0 MiB, at "), "{message}");
    assert!(message.ends_with("raise it with --max-memory"), "{message}");
}

#[test]
fn the_state_budget_still_stops_first_when_it_is_smaller() {
    let level = parse_level(&exploding_level()).unwrap();
    let job = Job::new(1_000).with_max_memory(parse_memory_size("1G").unwrap());
    assert!(matches!(
        skiddy::analyze(&level, &job),
        Err(AnalyzeError::Search(LabelError::Stopped(Stopped::TooBig {
            states: 1_000,
            budget: 1_000
        })))
    ));
}

//! A problem that makes a level invalid, for every kind.

use std::fmt;

/// A problem that makes a level invalid, with the cell it concerns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    /// The cell `(x, y)` at fault, when there is one.
    pub cell: Option<(usize, usize)>,
    /// What is wrong, in words.
    pub message: String,
}

impl Problem {
    /// A problem of the cell `(x, y)`.
    pub fn at(x: usize, y: usize, message: impl Into<String>) -> Problem {
        Problem {
            cell: Some((x, y)),
            message: message.into(),
        }
    }

    /// A problem of the whole level.
    pub fn of_level(message: impl Into<String>) -> Problem {
        Problem {
            cell: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cell {
            Some((x, y)) => write!(f, "cell ({x}, {y}): {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

//! What a level's exploration knew when a budget stopped it, as every
//! kind says it: the nodes explored, and within them the dead ends and
//! traps that are exact for the whole level ([`crate::engine::partial`]),
//! labelled *partial* so that nobody reads them as the level's totals.
//! The command line prints them beside "too big" ([`PartialFigures::line`],
//! [`PartialFigures::to_json`]) and the editor shows them on the card of
//! the stop.

use serde_json::{json, Value};

use crate::engine::with_commas;

/// What stopped the exploration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartialStop {
    /// The state budget (`--max-states`; the editor's State budget).
    StateBudget,
    /// The time limit (`analyze --time-limit`'s share of it).
    TimeLimit,
    /// The memory budget: nothing more was allocated to label.
    MemoryBudget,
}

impl PartialStop {
    /// The words for it: "state budget", "time limit", "memory budget"
    /// (also its JSON value).
    pub fn name(self) -> &'static str {
        match self {
            PartialStop::StateBudget => "state budget",
            PartialStop::TimeLimit => "time limit",
            PartialStop::MemoryBudget => "memory budget",
        }
    }
}

/// The exact figures of the explored part, each a lower bound of the
/// level's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KnownFigures {
    /// States within the explored part (for Sokoban, step states: the
    /// player's cells of the explored positions).
    pub states: u64,
    /// Known dead ends among them: no win can be reached from them.
    pub dead_ends: u64,
    /// Known traps: moves from a known winnable state into a known dead
    /// end.
    pub traps: u64,
}

/// The figures of the explored part, or why there are none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartialKnowledge {
    /// The exact figures.
    Known(KnownFigures),
    /// None: the words say why ("partial figures are unavailable: …").
    Unavailable(String),
}

/// What is known of a level whose exploration a budget stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialFigures {
    /// What stopped it.
    pub stopped: PartialStop,
    /// The nodes explored (numbered) before it stopped.
    pub explored: u64,
    /// What the nodes are, plural: "positions" for Sokoban, "states"
    /// elsewhere (also the JSON field that holds [`PartialFigures::explored`]).
    pub explored_unit: &'static str,
    /// The exact figures, or in words why there are none.
    pub knowledge: PartialKnowledge,
}

impl PartialFigures {
    /// The exact figures, when there are.
    pub fn known(&self) -> Option<&KnownFigures> {
        match &self.knowledge {
            PartialKnowledge::Known(known) => Some(known),
            PartialKnowledge::Unavailable(_) => None,
        }
    }

    /// One line for a terminal: "explored 1,686,999 positions before the
    /// state budget; partial: at least 2,400,000 states, at least 912
    /// dead-end states, at least 37 traps among them"; or, without
    /// figures, "explored 41,200 positions before the memory budget;
    /// partial figures are unavailable: …".
    pub fn line(&self) -> String {
        match self.figure_phrases() {
            Phrases::Figures(phrases) => format!(
                "{}; partial: {}",
                self.explored_phrase(),
                phrases.join(", ")
            ),
            Phrases::Unavailable(why) => format!("{}; {why}", self.explored_phrase()),
        }
    }

    /// "explored 1,686,999 positions before the state budget".
    pub fn explored_phrase(&self) -> String {
        format!(
            "explored {} {} before the {}",
            with_commas(self.explored),
            self.explored_unit,
            self.stopped.name()
        )
    }

    /// The figures, each a phrase that says it is a lower bound: "at least
    /// 2,400,000 states", "at least 912 dead-end states", "at least 37
    /// traps among them"; or the words for why there are none.
    pub fn figure_phrases(&self) -> Phrases<'_> {
        match &self.knowledge {
            PartialKnowledge::Known(known) => Phrases::Figures([
                format!("at least {} states", with_commas(known.states)),
                format!("at least {} dead-end states", with_commas(known.dead_ends)),
                format!("at least {} traps among them", with_commas(known.traps)),
            ]),
            PartialKnowledge::Unavailable(why) => Phrases::Unavailable(why),
        }
    }

    /// The JSON object: `{"<unit>": explored, "states", "dead_ends",
    /// "traps", "stopped"}`, the three figures `null` and an
    /// `"unavailable"` field with the words when there are none.
    pub fn to_json(&self) -> Value {
        let (states, dead_ends, traps, unavailable) = match &self.knowledge {
            PartialKnowledge::Known(k) => {
                (json!(k.states), json!(k.dead_ends), json!(k.traps), None)
            }
            PartialKnowledge::Unavailable(why) => {
                (Value::Null, Value::Null, Value::Null, Some(why))
            }
        };
        let mut object = serde_json::Map::new();
        object.insert(self.explored_unit.into(), json!(self.explored));
        object.insert("states".into(), states);
        object.insert("dead_ends".into(), dead_ends);
        object.insert("traps".into(), traps);
        object.insert("stopped".into(), json!(self.stopped.name()));
        if let Some(why) = unavailable {
            object.insert("unavailable".into(), json!(why));
        }
        Value::Object(object)
    }
}

/// The partial figures in words: the three figures' phrases, or why there
/// are none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phrases<'a> {
    /// "at least N states", "at least N dead-end states", "at least N
    /// traps among them".
    Figures([String; 3]),
    /// Why there are none.
    Unavailable(&'a str),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(knowledge: PartialKnowledge, stopped: PartialStop) -> PartialFigures {
        PartialFigures {
            stopped,
            explored: 1_686_999,
            explored_unit: "positions",
            knowledge,
        }
    }

    #[test]
    fn the_line_says_partial_and_at_least() {
        let known = KnownFigures {
            states: 24_000_000,
            dead_ends: 912,
            traps: 37,
        };
        assert_eq!(
            cut(PartialKnowledge::Known(known), PartialStop::StateBudget).line(),
            "explored 1,686,999 positions before the state budget; partial: at least 24,000,000 \
             states, at least 912 dead-end states, at least 37 traps among them"
        );
        let none = cut(
            PartialKnowledge::Unavailable("partial figures are unavailable: no room".into()),
            PartialStop::MemoryBudget,
        );
        assert_eq!(
            none.line(),
            "explored 1,686,999 positions before the memory budget; partial figures are \
             unavailable: no room"
        );
    }

    #[test]
    fn the_json_names_the_unit_and_nulls_what_is_unknown() {
        let known = KnownFigures {
            states: 10,
            dead_ends: 3,
            traps: 2,
        };
        assert_eq!(
            cut(PartialKnowledge::Known(known), PartialStop::TimeLimit).to_json(),
            json!({"positions": 1_686_999, "states": 10, "dead_ends": 3, "traps": 2,
                   "stopped": "time limit"})
        );
        let none = cut(
            PartialKnowledge::Unavailable("no room".into()),
            PartialStop::MemoryBudget,
        )
        .to_json();
        assert_eq!(
            none,
            json!({"positions": 1_686_999, "states": null, "dead_ends": null, "traps": null,
                   "stopped": "memory budget", "unavailable": "no room"})
        );
    }
}

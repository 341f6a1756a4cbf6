//! The editor's own words for the messages it shares with the command line.
//!
//! The engine and the kinds write their messages once, for both faces of
//! levelscope, and the command line's advice names its flags
//! (`--max-states`, `--max-memory`). The editor has no flags: at the edge,
//! before a message is shown, [`in_editor_words`] puts the editor's own
//! setting or action in place of the flag, and drops advice that no
//! setting of the editor can follow.

/// Where the editor's state budget is set, as its menus name it.
pub const STATE_BUDGET_SETTING: &str = "Analysis > State budget";

/// Where the editor's position budget is set (the budget of a search that
/// counts positions), as its menus name it.
pub const POSITION_BUDGET_SETTING: &str = "Analysis > Position budget";

/// The advice of a search stopped at its budget of positions, and the
/// editor's words for it: the menu entry of that budget, not the state
/// budget's.
const POSITION_ADVICE: (&str, &str) = (
    "raise it with --max-states",
    "raise it in Analysis > Position budget, or make the level smaller",
);

/// The command line's advice about its flags, each with the editor's words
/// for the same advice. Longer phrases come first, so that a phrase is
/// replaced whole before a shorter one inside it could match.
const ADVICE: [(&str, &str); 5] = [
    (
        "raise it with --max-states",
        "raise it in Analysis > State budget, or make the level smaller",
    ),
    (
        "raise --max-states",
        "raise Analysis > State budget, or make the level smaller",
    ),
    (
        "raise it with --max-memory",
        "the editor uses what this computer allows, so make the level smaller",
    ),
    (
        "raise --max-memory or split the file",
        "the editor uses what this computer allows, so split the file",
    ),
    (
        "raise --max-memory",
        "the editor uses what this computer allows, so make the level smaller",
    ),
];

/// `message` as the editor says it: every piece of the command line's
/// advice about `--max-states` or `--max-memory` replaced by the editor's
/// own setting or action. A message without such advice is unchanged.
pub fn in_editor_words(message: &str) -> String {
    let mut text = message.to_string();
    let positions = format!("{} (", crate::kinds::SearchUnit::Positions.words());
    if text.starts_with("too big: stopped after") && text.contains(&positions) {
        text = text.replace(POSITION_ADVICE.0, POSITION_ADVICE.1);
    }
    for (flag_advice, editor_advice) in ADVICE {
        text = text.replace(flag_advice, editor_advice);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Stopped;
    use crate::kinds::prism::generate::GenerateError;

    /// The messages the engine and the kinds write about their budgets.
    fn budget_messages() -> Vec<String> {
        vec![
            Stopped::TooBig {
                states: 5000,
                budget: 5000,
            }
            .to_string(),
            Stopped::TooMuchMemory {
                bytes: 1 << 31,
                budget: 1 << 30,
                states: 41_200_000,
                refused: false,
            }
            .to_string(),
            GenerateError::TooBig {
                width: 40,
                height: 40,
                bytes: 1 << 31,
                budget: 1 << 30,
            }
            .to_string(),
        ]
    }

    #[test]
    fn no_budget_message_names_a_command_line_flag() {
        for message in budget_messages() {
            assert!(message.contains("--max-"), "the source changed: {message}");
            let said = in_editor_words(&message);
            assert!(!said.contains("--max"), "{said}");
        }
    }

    #[test]
    fn the_state_budget_advice_names_the_editor_setting() {
        let message = Stopped::TooBig {
            states: 5000,
            budget: 5000,
        }
        .to_string();
        let said = in_editor_words(&message);
        assert!(said.contains(STATE_BUDGET_SETTING), "{said}");
        assert!(
            said.starts_with("too big: stopped after 5000 states"),
            "{said}"
        );
    }

    #[test]
    fn a_search_stopped_at_its_positions_names_the_position_budget() {
        let message = "too big: stopped after 1000 positions (box set + player area) (the budget is 1000; raise it with --max-states); a solution lies within them";
        let said = in_editor_words(message);
        assert!(said.contains(POSITION_BUDGET_SETTING), "{said}");
        assert!(!said.contains(STATE_BUDGET_SETTING), "{said}");
        assert!(!said.contains("--max"), "{said}");
    }

    #[test]
    fn the_memory_advice_does_not_send_the_designer_to_the_state_budget() {
        for message in &budget_messages()[1..] {
            let said = in_editor_words(message);
            assert!(!said.contains("State budget"), "{said}");
            assert!(said.contains("make the level smaller"), "{said}");
        }
    }

    #[test]
    fn a_message_without_flag_advice_is_unchanged() {
        let message = "no solution: the shapes cannot cover the board";
        assert_eq!(in_editor_words(message), message);
    }
}

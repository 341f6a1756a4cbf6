//! Help ▸ Keyboard shortcuts: every binding of the command table and of
//! the key tables in [`super::keys`], in sections, with the palette's
//! letters of the kind on screen.

use egui::{RichText, Ui};

use super::commands::{Command, KeyScope};
use super::keys::{BOARD_VIEW_KEYS, HINT_KEY, MOVE_KEYS, RESTART_KEY, TAKE_BACK_KEY};
use super::kinds::tool::Tool;
use crate::kinds::Kind;

/// One section of the shortcuts window: a title and its rows of keys and
/// what they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyGroup {
    /// Where the keys work.
    pub title: String,
    /// `(keys, what they do)`.
    pub rows: Vec<(String, String)>,
}

/// The key of a character, as the window shows it.
fn char_key(ch: char) -> String {
    match ch {
        ' ' => "Space".into(),
        c => c.to_string(),
    }
}

/// Every binding, in sections, for the level kind on screen (the palette's
/// letters are the kind's); `ctx` names the modifiers as this system does
/// (Ctrl, or ⌘ on a Mac).
pub fn groups(ctx: &egui::Context, kind: Kind) -> Vec<KeyGroup> {
    // The table's rows of one scope: `(keys, what they do)`; the commands
    // read everywhere by their menu names, the others by what they do.
    let rows_of = |scope: KeyScope| -> Vec<(String, String)> {
        Command::ALL
            .iter()
            .filter(|c| c.scope() == scope && !c.keys().is_empty())
            .map(|c| {
                let what = match scope {
                    KeyScope::Everywhere => c.label(),
                    _ => c.description(),
                };
                (c.keys_text(ctx), what.to_string())
            })
            .collect()
    };
    let mut everywhere = rows_of(KeyScope::Everywhere);
    everywhere.extend(rows_of(KeyScope::Clipboard));

    let mut edit: Vec<(String, String)> = Tool::ALL
        .into_iter()
        .filter(|t| super::kinds::has_cells(kind) || !t.needs_cells())
        .map(|t| (char_key(t.shortcut()), format!("{} tool", t.name())))
        .collect();
    edit.extend(
        super::kinds::palette_shortcuts(kind)
            .into_iter()
            .map(|(ch, name)| (char_key(ch), name)),
    );
    for (ch, _, what) in BOARD_VIEW_KEYS {
        edit.push((char_key(ch), what.to_string()));
    }
    if super::kinds::has_cells(kind) {
        edit.extend(rows_of(KeyScope::Selection));
    }

    let replay = rows_of(KeyScope::Replay);

    // Only the keys the kind's Play takes: Tangram's shapes are dragged;
    // a kind with keys of its own (Rush Hour's letters) says them.
    let play = super::kinds::play_key_rows(kind).unwrap_or_else(|| shared_play_rows(kind));

    vec![
        KeyGroup {
            title: "Everywhere".into(),
            rows: everywhere,
        },
        KeyGroup {
            title: format!("Editing a {} level (the Edit view)", kind.title()),
            rows: edit,
        },
        KeyGroup {
            title: "A replay on the board".into(),
            rows: replay,
        },
        KeyGroup {
            title: format!("Playing a {} level", kind.title()),
            rows: play,
        },
    ]
}

/// The Play keys the kinds share, those `kind` takes: the arrows or WASD
/// and Backspace where the player moves by keys, R, and H where there is
/// a hint.
fn shared_play_rows(kind: Kind) -> Vec<(String, String)> {
    let mut play: Vec<(String, String)> = Vec::new();
    if super::kinds::moves_by_keys(kind) {
        let directions = ["up", "right", "down", "left"];
        play.extend(MOVE_KEYS.iter().zip(directions).map(|(keys, dir)| {
            (
                format!("{} or {}", keys[0].name(), keys[1].name()),
                format!("Move {dir}"),
            )
        }));
        play.push((
            TAKE_BACK_KEY.name().to_string(),
            "Take the last move back".into(),
        ));
    }
    play.push((RESTART_KEY.name().to_string(), "Back to the start".into()));
    if super::kinds::has_hint(kind) {
        play.push((HINT_KEY.name().to_string(), "The honest hint".into()));
    }
    play
}

/// The contents of Help ▸ Keyboard shortcuts.
pub fn show_shortcuts(ui: &mut Ui, kind: Kind) {
    ui.weak("Letters and keys without Ctrl act only while no text field has the keyboard.");
    for (g, group) in groups(ui.ctx(), kind).into_iter().enumerate() {
        ui.add_space(6.0);
        ui.label(RichText::new(&group.title).strong());
        egui::Grid::new(("levelscope shortcuts", g))
            .num_columns(2)
            .spacing([18.0, 3.0])
            .show(ui, |ui| {
                for (keys, what) in group.rows {
                    ui.label(RichText::new(keys).monospace());
                    ui.label(what);
                    ui.end_row();
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    #[test]
    fn the_window_lists_every_binding_of_the_tables() {
        for kind in Kind::ALL {
            let harness = Harness::builder()
                .with_size([640.0, 1400.0])
                .build_ui(move |ui| show_shortcuts(ui, kind));
            let ctx = harness.ctx.clone();
            for group in groups(&ctx, kind) {
                assert!(
                    harness.query_all_by_label(&group.title).next().is_some(),
                    "{}",
                    group.title
                );
                for (keys, what) in group.rows {
                    assert!(
                        harness.query_all_by_label(&keys).next().is_some(),
                        "{kind:?}: {keys}"
                    );
                    assert!(
                        harness.query_all_by_label(&what).next().is_some(),
                        "{kind:?}: {what}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_tables_cover_every_command_key_and_tool() {
        let ctx = egui::Context::default();
        let rows: Vec<(String, String)> = groups(&ctx, Kind::Skiddy)
            .into_iter()
            .flat_map(|g| g.rows)
            .collect();
        for command in Command::ALL {
            if !command.keys().is_empty() {
                let shown = command.keys_text(&ctx);
                assert!(
                    rows.iter().any(|(k, w)| k.contains(&shown)
                        && (w == command.label() || w == command.description())),
                    "{command:?}"
                );
            }
        }
        for tool in Tool::ALL {
            assert!(rows.iter().any(|(k, _)| *k == tool.shortcut().to_string()));
        }
        assert!(
            !groups(&ctx, Kind::Tangram)
                .iter()
                .flat_map(|g| &g.rows)
                .any(|(_, w)| Command::ALL
                    .iter()
                    .any(|c| c.scope() == KeyScope::Selection && w == c.description())),
            "Tangram has no Select tool, so no selection keys"
        );
    }

    /// The rows of the Play section for `kind`.
    fn play_rows(kind: Kind) -> Vec<(String, String)> {
        let ctx = egui::Context::default();
        groups(&ctx, kind)
            .into_iter()
            .find(|g| g.title.starts_with("Playing"))
            .expect("a Play section")
            .rows
    }

    #[test]
    fn play_lists_only_the_keys_the_kind_takes() {
        // Tangram is drag and drop: no move keys, no take back.
        let tangram = play_rows(Kind::Tangram);
        let keys: Vec<&str> = tangram.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            vec![RESTART_KEY.name(), HINT_KEY.name()],
            "{tangram:?}"
        );
        // The kinds that move by keys list the arrows, WASD and Backspace,
        // and no hint they do not have.
        for kind in [Kind::Skiddy, Kind::Prism, Kind::Sokoban] {
            let rows = play_rows(kind);
            for keys in MOVE_KEYS {
                let both = format!("{} or {}", keys[0].name(), keys[1].name());
                assert!(rows.iter().any(|(k, _)| *k == both), "{kind:?}: {both}");
            }
            assert!(rows.iter().any(|(k, _)| k == TAKE_BACK_KEY.name()));
            assert!(rows.iter().any(|(k, _)| k == RESTART_KEY.name()));
            assert_eq!(
                rows.iter().any(|(k, _)| k == HINT_KEY.name()),
                crate::gui::kinds::has_hint(kind),
                "{kind:?}"
            );
        }
        // Rush Hour's letters select vehicles: its rows say so, and WASD
        // do not move there.
        let rush_hour = play_rows(Kind::RushHour);
        assert!(rush_hour.iter().any(|(k, _)| k == "Tab or Shift+Tab"));
        assert!(rush_hour
            .iter()
            .any(|(_, what)| what.contains("its letter")));
        assert!(rush_hour.iter().all(|(k, _)| !k.contains(" or W")));
        assert!(rush_hour.iter().any(|(k, _)| k == TAKE_BACK_KEY.name()));
        let ctx = egui::Context::default();
        assert!(groups(&ctx, Kind::Tangram)
            .iter()
            .any(|g| g.title == "Playing a Tangram level"));
    }
}

//! Undo and redo, per document: Ctrl+Z takes back the last edit of the
//! level on screen and never a step of another document; the pack's edits
//! have their own Undo and Redo (Edit ▸ Undo in the pack, Ctrl+Alt+Z).
//! Edit ▸ History lists both histories, each step by name.

use super::app::EditorApp;
use super::document::Origin;

/// Which way through a history a step goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// Undo: take back the step done last.
    Back,
    /// Redo: do again the step undone last.
    Forward,
}

impl Way {
    /// The name of the step this way would take, in `history`.
    fn name<T: super::undo_stack::Undoable>(
        self,
        history: &super::undo_stack::History<T>,
    ) -> Option<&str> {
        match self {
            Way::Back => history.next_undo_name(),
            Way::Forward => history.next_redo_name(),
        }
    }

    /// What was said once a step named `name` was taken this way.
    fn done_words(self, name: &str) -> String {
        match self {
            Way::Back => format!("Undone: {name}"),
            Way::Forward => format!("Redone: {name}"),
        }
    }
}

impl EditorApp {
    /// The name of the step Ctrl+Z would take back in the level on screen.
    pub fn next_undo_name(&self) -> Option<String> {
        Way::Back.name(&self.doc().history).map(str::to_string)
    }

    /// The name of the step Ctrl+Shift+Z would do again in the level on
    /// screen.
    pub fn next_redo_name(&self) -> Option<String> {
        Way::Forward.name(&self.doc().history).map(str::to_string)
    }

    /// The name of the pack's step that Undo in the pack would take back.
    pub fn next_pack_undo_name(&self) -> Option<String> {
        Way::Back
            .name(&self.pack.as_ref()?.history)
            .map(str::to_string)
    }

    /// The name of the pack's step that Redo in the pack would do again.
    pub fn next_pack_redo_name(&self) -> Option<String> {
        Way::Forward
            .name(&self.pack.as_ref()?.history)
            .map(str::to_string)
    }

    /// Takes back the last edit of the level on screen, and says which.
    pub fn undo(&mut self) {
        self.step_level_said(Way::Back);
    }

    /// Does again the edit of the level on screen undone last.
    pub fn redo(&mut self) {
        self.step_level_said(Way::Forward);
    }

    /// Takes back the pack's last edit, and says which.
    pub fn undo_pack(&mut self) {
        self.step_pack_said(Way::Back);
    }

    /// Does again the pack's edit undone last.
    pub fn redo_pack(&mut self) {
        self.step_pack_said(Way::Forward);
    }

    /// One step `way` in the level on screen's history, said.
    fn step_level_said(&mut self, way: Way) {
        let name = way.name(&self.doc().history).map(str::to_string);
        match name {
            Some(name) if self.step_level(way) => self.say(way.done_words(&name)),
            _ => self.say(match way {
                Way::Back => "Nothing to undo in this level",
                Way::Forward => "Nothing to redo in this level",
            }),
        }
    }

    /// One step `way` in the pack's history, said (a pack step says so).
    fn step_pack_said(&mut self, way: Way) {
        let name = match way {
            Way::Back => self.next_pack_undo_name(),
            Way::Forward => self.next_pack_redo_name(),
        };
        match name {
            Some(name) if self.step_pack(way) => {
                self.say(way.done_words(&format!("{name} (pack)")))
            }
            _ => self.say(match way {
                Way::Back => "Nothing to undo in the pack",
                Way::Forward => "Nothing to redo in the pack",
            }),
        }
    }

    /// One step `way` in the level on screen's history.
    fn step_level(&mut self, way: Way) -> bool {
        let done = match way {
            Way::Back => self.doc_mut().undo(),
            Way::Forward => self.doc_mut().redo(),
        };
        if done {
            self.level_changed();
        }
        done
    }

    /// One step `way` in the pack's history; the tabs and the panel follow.
    fn step_pack(&mut self, way: Way) -> bool {
        let map = self.pack.as_mut().and_then(|p| match way {
            Way::Back => p.undo(),
            Way::Forward => p.redo(),
        });
        let Some(map) = map else {
            return false;
        };
        self.pack_moved(&map);
        true
    }

    /// After an undo or a redo of the pack: the tabs and the panel follow
    /// their levels; a tab whose entry a pack edit removed is linked again
    /// to the entry the undo brought back; a tab of a pack level counts as
    /// saved when it holds what the pack now holds.
    fn pack_moved(&mut self, map: &[Option<usize>]) {
        self.pack_renumbered(map);
        let Some(open) = self.pack.as_ref() else {
            return;
        };
        let len = open.pack.levels.len();
        self.pack_panel.follow(map, &open.pack);
        let mut linked = vec![false; len];
        for doc in &self.docs {
            if let Origin::PackEntry(i) = doc.origin {
                linked[i] = true;
            }
        }
        let came_back: Vec<bool> = {
            let mut kept = vec![false; len];
            for j in map.iter().flatten() {
                kept[*j] = true;
            }
            kept.into_iter().map(|k| !k).collect()
        };
        for doc in &mut self.docs {
            if matches!(doc.origin, Origin::PackEntry(_)) {
                continue;
            }
            let Some(level) = &doc.detached else {
                continue;
            };
            let entry = (0..len)
                .find(|&j| came_back[j] && !linked[j] && open.pack.levels[j].level == *level);
            if let Some(j) = entry {
                linked[j] = true;
                // The link it has now comes back if the entry goes again.
                doc.prior = Some(super::document::PriorLink {
                    origin: std::mem::replace(&mut doc.origin, Origin::PackEntry(j)),
                    saved: doc.saved.take(),
                });
                doc.detached = None;
            }
        }
        for doc in &mut self.docs {
            if let Origin::PackEntry(i) = doc.origin {
                doc.saved = open.pack.levels.get(i).map(|e| e.level.clone());
            }
        }
    }

    /// Undoes or redoes the level on screen until `done` of its steps are
    /// applied (the length of its undo list): a click on a named step in
    /// Edit ▸ History.
    pub fn go_to_history(&mut self, done: usize) {
        let mut moved = false;
        while self.doc().history.undo_names().len() > done && self.doc_mut().undo() {
            moved = true;
        }
        while self.doc().history.undo_names().len() < done && self.doc_mut().redo() {
            moved = true;
        }
        if moved {
            self.level_changed();
        }
    }

    /// Undoes or redoes the pack until `done` of its steps are applied.
    pub fn go_to_pack_history(&mut self, done: usize) {
        let applied = |app: &EditorApp| {
            app.pack
                .as_ref()
                .map_or(0, |p| p.history.undo_names().len())
        };
        while applied(self) > done && self.step_pack(Way::Back) {}
        while applied(self) < done && self.step_pack(Way::Forward) {}
    }
}

//! Undo and redo across the level on screen and the open pack, as one
//! timeline: Ctrl+Z takes back whichever of the two was edited last, and
//! Ctrl+Shift+Z does again whichever was undone last. Edit ▸ History lists
//! both, each step by name.

use super::app::EditorApp;
use super::document::Origin;

/// Which history a step belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timeline {
    /// The level on screen.
    Level,
    /// The open pack.
    Pack,
}

/// Which of the two histories has the later step (the level's on a tie).
fn latest(level: Option<std::time::Instant>, pack: Option<std::time::Instant>) -> Option<Timeline> {
    match (level, pack) {
        (None, None) => None,
        (Some(l), Some(p)) if l >= p => Some(Timeline::Level),
        (Some(_), None) => Some(Timeline::Level),
        _ => Some(Timeline::Pack),
    }
}

impl EditorApp {
    /// The history whose step Ctrl+Z would take back, if any.
    pub fn next_undo(&self) -> Option<Timeline> {
        latest(
            self.doc().history.undo_at(),
            self.pack.as_ref().and_then(|p| p.history.undo_at()),
        )
    }

    /// The history whose step Ctrl+Shift+Z would do again, if any.
    pub fn next_redo(&self) -> Option<Timeline> {
        latest(
            self.doc().history.redo_at(),
            self.pack.as_ref().and_then(|p| p.history.redo_at()),
        )
    }

    /// The name of the step Ctrl+Z would take back.
    pub fn next_undo_name(&self) -> Option<String> {
        match self.next_undo()? {
            Timeline::Level => self.doc().history.next_undo_name().map(str::to_string),
            Timeline::Pack => self
                .pack
                .as_ref()?
                .history
                .next_undo_name()
                .map(|n| format!("{n} (pack)")),
        }
    }

    /// The name of the step Ctrl+Shift+Z would do again.
    pub fn next_redo_name(&self) -> Option<String> {
        match self.next_redo()? {
            Timeline::Level => self.doc().history.next_redo_name().map(str::to_string),
            Timeline::Pack => self
                .pack
                .as_ref()?
                .history
                .next_redo_name()
                .map(|n| format!("{n} (pack)")),
        }
    }

    /// Takes back the last edit of the level on screen or of the pack,
    /// whichever came last, and says which.
    pub fn undo(&mut self) {
        let name = self.next_undo_name();
        let done = match self.next_undo() {
            Some(Timeline::Level) => self.undo_level(),
            Some(Timeline::Pack) => self.undo_pack(),
            None => false,
        };
        match (done, name) {
            (true, Some(name)) => self.say(format!("Undone: {name}")),
            _ => self.say("Nothing to undo"),
        }
    }

    /// Does again the edit undone last, of the level or of the pack.
    pub fn redo(&mut self) {
        let name = self.next_redo_name();
        let done = match self.next_redo() {
            Some(Timeline::Level) => self.redo_level(),
            Some(Timeline::Pack) => self.redo_pack(),
            None => false,
        };
        match (done, name) {
            (true, Some(name)) => self.say(format!("Redone: {name}")),
            _ => self.say("Nothing to redo"),
        }
    }

    fn undo_level(&mut self) -> bool {
        let done = self.doc_mut().undo();
        if done {
            self.level_changed();
        }
        done
    }

    fn redo_level(&mut self) -> bool {
        let done = self.doc_mut().redo();
        if done {
            self.level_changed();
        }
        done
    }

    fn undo_pack(&mut self) -> bool {
        let Some(map) = self.pack.as_mut().and_then(|p| p.undo()) else {
            return false;
        };
        self.pack_moved(&map);
        true
    }

    fn redo_pack(&mut self) -> bool {
        let Some(map) = self.pack.as_mut().and_then(|p| p.redo()) else {
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
        self.pack_panel.follow(map, len);
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
            if doc.origin != Origin::New {
                continue;
            }
            let Some(level) = &doc.detached else {
                continue;
            };
            let entry = (0..len)
                .find(|&j| came_back[j] && !linked[j] && open.pack.levels[j].level == *level);
            if let Some(j) = entry {
                linked[j] = true;
                doc.origin = Origin::PackEntry(j);
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
        while applied(self) > done && self.undo_pack() {}
        while applied(self) < done && self.redo_pack() {}
    }
}

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

/// Which way through the histories a step goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// Undo: take back the step done last.
    Back,
    /// Redo: do again the step undone last.
    Forward,
}

impl Way {
    /// When the step this way would take was done (back) or undone
    /// (forward), in `history`.
    fn at<T: Clone + PartialEq>(
        self,
        history: &super::history::History<T>,
    ) -> Option<std::time::Instant> {
        match self {
            Way::Back => history.undo_at(),
            Way::Forward => history.redo_at(),
        }
    }

    /// The name of the step this way would take, in `history`.
    fn name<T: Clone + PartialEq>(self, history: &super::history::History<T>) -> Option<&str> {
        match self {
            Way::Back => history.next_undo_name(),
            Way::Forward => history.next_redo_name(),
        }
    }
}

impl EditorApp {
    /// The history whose step Ctrl+Z would take back, if any.
    pub fn next_undo(&self) -> Option<Timeline> {
        self.next_step(Way::Back)
    }

    /// The history whose step Ctrl+Shift+Z would do again, if any.
    pub fn next_redo(&self) -> Option<Timeline> {
        self.next_step(Way::Forward)
    }

    /// The name of the step Ctrl+Z would take back.
    pub fn next_undo_name(&self) -> Option<String> {
        self.next_step_name(Way::Back)
    }

    /// The name of the step Ctrl+Shift+Z would do again.
    pub fn next_redo_name(&self) -> Option<String> {
        self.next_step_name(Way::Forward)
    }

    /// Takes back the last edit of the level on screen or of the pack,
    /// whichever came last, and says which.
    pub fn undo(&mut self) {
        self.step(Way::Back);
    }

    /// Does again the edit undone last, of the level or of the pack.
    pub fn redo(&mut self) {
        self.step(Way::Forward);
    }

    /// The history with the later step `way` (the level's on a tie).
    fn next_step(&self, way: Way) -> Option<Timeline> {
        let level = way.at(&self.doc().history);
        let pack = self.pack.as_ref().and_then(|p| way.at(&p.history));
        match (level, pack) {
            (None, None) => None,
            (Some(l), Some(p)) if l >= p => Some(Timeline::Level),
            (Some(_), None) => Some(Timeline::Level),
            _ => Some(Timeline::Pack),
        }
    }

    /// The name of the step `way` would take (a pack step says so).
    fn next_step_name(&self, way: Way) -> Option<String> {
        match self.next_step(way)? {
            Timeline::Level => way.name(&self.doc().history).map(str::to_string),
            Timeline::Pack => way
                .name(&self.pack.as_ref()?.history)
                .map(|n| format!("{n} (pack)")),
        }
    }

    /// Takes one step `way` in whichever history has the later one, and
    /// says what it did.
    fn step(&mut self, way: Way) {
        let name = self.next_step_name(way);
        let done = match self.next_step(way) {
            Some(Timeline::Level) => self.step_level(way),
            Some(Timeline::Pack) => self.step_pack(way),
            None => false,
        };
        let said = match (done, name, way) {
            (true, Some(name), Way::Back) => format!("Undone: {name}"),
            (true, Some(name), Way::Forward) => format!("Redone: {name}"),
            (_, _, Way::Back) => "Nothing to undo".to_string(),
            (_, _, Way::Forward) => "Nothing to redo".to_string(),
        };
        self.say(said);
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
        while applied(self) > done && self.step_pack(Way::Back) {}
        while applied(self) < done && self.step_pack(Way::Forward) {}
    }
}

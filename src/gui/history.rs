//! Undo and redo by snapshots. Levels are small (at most 16x16 cells), so a
//! snapshot per step is cheap and can never drift from the document. A drag
//! stroke is one step: it is opened with [`History::begin`] and the snapshot
//! taken then is the one undo returns to.
//!
//! Every document has its own history (each level, and the pack): an undo
//! never reaches into another document's.

/// One undoable step: what the document was before it, and its name.
#[derive(Clone, Debug)]
struct Step<T> {
    before: T,
    name: String,
}

/// The undo and redo stacks of one document.
#[derive(Clone, Debug)]
pub struct History<T> {
    undo: Vec<Step<T>>,
    redo: Vec<Step<T>>,
    open: Option<Step<T>>,
    limit: usize,
}

impl<T: Clone + PartialEq> History<T> {
    /// An empty history that keeps at most `limit` steps.
    pub fn new(limit: usize) -> History<T> {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            open: None,
            limit: limit.max(1),
        }
    }

    /// The document before the last step done, if there is one.
    pub fn last_before(&self) -> Option<&T> {
        self.undo.last().map(|step| &step.before)
    }

    /// Opens a step named `name` with the document as it is now. Until
    /// [`History::end`], further edits belong to the same step.
    pub fn begin(&mut self, current: &T, name: &str) {
        if self.open.is_none() {
            self.open = Some(Step {
                before: current.clone(),
                name: name.to_string(),
            });
        }
    }

    /// Closes the open step; it is recorded only if the document changed.
    pub fn end(&mut self, current: &T) {
        if let Some(step) = self.open.take() {
            if step.before != *current {
                self.undo.push(step);
                if self.undo.len() > self.limit {
                    self.undo.remove(0);
                }
                self.redo.clear();
            }
        }
    }

    /// Records a finished one-shot edit: `before` is the document before it.
    pub fn record(&mut self, before: T, current: &T, name: &str) {
        self.end(current);
        self.open = Some(Step {
            before,
            name: name.to_string(),
        });
        self.end(current);
    }

    /// Whether a stroke is open.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Steps back: returns the document before the last step.
    pub fn undo(&mut self, current: &T) -> Option<T> {
        self.end(current);
        let step = self.undo.pop()?;
        self.redo.push(Step {
            before: current.clone(),
            name: step.name.clone(),
        });
        Some(step.before)
    }

    /// Steps forward again after an undo.
    pub fn redo(&mut self, current: &T) -> Option<T> {
        self.end(current);
        let step = self.redo.pop()?;
        self.undo.push(Step {
            before: current.clone(),
            name: step.name.clone(),
        });
        Some(step.before)
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty() || self.open.is_some()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The name of the step undo would take back.
    pub fn next_undo_name(&self) -> Option<&str> {
        self.open
            .as_ref()
            .or(self.undo.last())
            .map(|s| s.name.as_str())
    }

    /// The name of the step redo would do again.
    pub fn next_redo_name(&self) -> Option<&str> {
        self.redo.last().map(|s| s.name.as_str())
    }

    /// The names of the undoable steps, oldest first.
    pub fn undo_names(&self) -> Vec<&str> {
        self.undo.iter().map(|s| s.name.as_str()).collect()
    }

    /// The names of the redoable steps, next first.
    pub fn redo_names(&self) -> Vec<&str> {
        self.redo.iter().rev().map(|s| s.name.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stroke_is_one_step() {
        let mut h = History::new(10);
        let mut doc = vec![0];
        h.begin(&doc, "Paint");
        doc.push(1);
        h.begin(&doc, "Paint"); // a second begin inside the stroke is ignored
        doc.push(2);
        h.end(&doc);
        assert_eq!(h.undo_names(), vec!["Paint"]);
        doc = h.undo(&doc).unwrap();
        assert_eq!(doc, vec![0]);
        doc = h.redo(&doc).unwrap();
        assert_eq!(doc, vec![0, 1, 2]);
        assert!(!h.can_redo());
    }

    #[test]
    fn a_stroke_that_changes_nothing_is_not_recorded() {
        let mut h = History::new(10);
        let doc = vec![0];
        h.begin(&doc, "Paint");
        h.end(&doc);
        assert!(!h.can_undo());
        assert_eq!(h.undo(&doc), None);
    }

    #[test]
    fn a_new_edit_clears_redo_and_the_limit_drops_the_oldest() {
        let mut h = History::new(2);
        let mut doc = 0;
        for n in 1..=3 {
            h.record(doc, &n, &format!("set {n}"));
            doc = n;
        }
        assert_eq!(h.undo_names(), vec!["set 2", "set 3"]);
        doc = h.undo(&doc).unwrap();
        assert_eq!(doc, 2);
        assert_eq!(h.redo_names(), vec!["set 3"]);
        h.record(doc, &7, "set 7");
        doc = 7;
        assert!(!h.can_redo());
        assert_eq!(h.undo(&doc), Some(2));
    }

    #[test]
    fn undo_closes_an_open_stroke_first() {
        let mut h = History::new(10);
        let mut doc = 1;
        h.begin(&doc, "Paint");
        doc = 5;
        assert!(h.can_undo());
        assert_eq!(h.undo(&doc), Some(1));
        assert_eq!(h.redo(&1), Some(5));
    }
}

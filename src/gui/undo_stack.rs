//! Undo and redo. Each step keeps what it changed, as the document says
//! through [`Undoable`]: a level (at most 16x16 cells) keeps the whole
//! level as it was, a pack keeps only the entries a step changed (see
//! [`super::pack_undo_steps`]). A drag stroke is one step: it is opened with
//! [`History::begin`], and the document as it was then is what undo
//! returns to.
//!
//! Every document has its own history (each level, and the pack): an undo
//! never reaches into another document's.

/// A document whose history keeps what each step changed.
pub trait Undoable: Clone + PartialEq {
    /// What one step changed: applied to the document after the step, it
    /// gives the document before it, and becomes what goes forward again
    /// (see [`Undoable::swap_change`]).
    type Change: Clone + std::fmt::Debug;

    /// What takes `after` back to `before`; `None` when they are the same.
    fn change_back(before: Self, after: &Self) -> Option<Self::Change>;

    /// Applies `change` to `document`, and turns `change` into the change
    /// that takes the document back to what it was before this call.
    fn swap_change(document: &mut Self, change: &mut Self::Change);
}

/// One undoable step: what it changed, and its name.
#[derive(Clone, Debug)]
struct Step<C> {
    change: C,
    name: String,
}

/// A step opened by [`History::begin`]: the document as it was then.
#[derive(Clone, Debug)]
struct OpenStep<T> {
    before: T,
    name: String,
}

/// The undo and redo stacks of one document.
#[derive(Clone, Debug)]
pub struct History<T: Undoable> {
    undo: Vec<Step<T::Change>>,
    redo: Vec<Step<T::Change>>,
    open: Option<OpenStep<T>>,
    limit: usize,
}

impl<T: Undoable<Change = T>> History<T> {
    /// The document before the last step done, if there is one (for a
    /// document whose steps keep it whole).
    pub fn last_before(&self) -> Option<&T> {
        self.undo.last().map(|step| &step.change)
    }
}

impl<T: Undoable> History<T> {
    /// An empty history that keeps at most `limit` steps.
    pub fn new(limit: usize) -> History<T> {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            open: None,
            limit: limit.max(1),
        }
    }

    /// Opens a step named `name` with the document as it is now. Until
    /// [`History::end`], further edits belong to the same step.
    pub fn begin(&mut self, current: &T, name: &str) {
        if self.open.is_none() {
            self.open = Some(OpenStep {
                before: current.clone(),
                name: name.to_string(),
            });
        }
    }

    /// Closes the open step; it is recorded only if the document changed.
    pub fn end(&mut self, current: &T) {
        if let Some(step) = self.open.take() {
            if let Some(change) = T::change_back(step.before, current) {
                self.undo.push(Step {
                    change,
                    name: step.name,
                });
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
        self.open = Some(OpenStep {
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
        Some(Self::take_step(step, current, &mut self.redo))
    }

    /// Steps forward again after an undo.
    pub fn redo(&mut self, current: &T) -> Option<T> {
        self.end(current);
        let step = self.redo.pop()?;
        Some(Self::take_step(step, current, &mut self.undo))
    }

    /// Applies `step` to a copy of `current`, and keeps on `other` the
    /// step that goes back.
    fn take_step(mut step: Step<T::Change>, current: &T, other: &mut Vec<Step<T::Change>>) -> T {
        let mut document = current.clone();
        T::swap_change(&mut document, &mut step.change);
        other.push(step);
        document
    }

    /// What the recorded steps hold, undoable then redoable: for measuring
    /// what the history costs.
    pub fn changes(&self) -> impl Iterator<Item = &T::Change> {
        self.undo.iter().chain(&self.redo).map(|step| &step.change)
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
        match &self.open {
            Some(open) => Some(open.name.as_str()),
            None => self.undo.last().map(|s| s.name.as_str()),
        }
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

/// A document kept whole by each step: the step holds the document as it
/// was, and undo swaps it with the document as it is.
macro_rules! undoable_by_copies {
    ($($t:ty),*) => {$(
        impl Undoable for $t {
            type Change = $t;

            fn change_back(before: $t, after: &$t) -> Option<$t> {
                (before != *after).then_some(before)
            }

            fn swap_change(document: &mut $t, change: &mut $t) {
                std::mem::swap(document, change);
            }
        }
    )*};
}

undoable_by_copies!(crate::kinds::Level);
#[cfg(test)]
undoable_by_copies!(i32, Vec<i32>);

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

//! The tree of rooms: room 0 is the root, every other room has a parent
//! with a smaller index.

use rand::Rng;

/// A tree of rooms, by parent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomTree {
    parent: Vec<Option<usize>>,
}

/// Why a tree is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// No room at all.
    #[error("the tree has no room")]
    Empty,
    /// Room 0 has a parent, or another room has none.
    #[error("room {0}: only room 0 is the root; every other room needs a parent")]
    Root(usize),
    /// A parent that does not come before its child.
    #[error("room {room}: its parent {parent} must be a room with a smaller number")]
    Order {
        /// The room.
        room: usize,
        /// Its parent.
        parent: usize,
    },
    /// The root cannot be removed: a tree keeps at least one room.
    #[error("the root cannot be removed")]
    RemoveRoot,
    /// Text that is not a tree in JSON.
    #[error("not a tree of rooms: {0}")]
    Format(String),
    /// A generator asked for something impossible.
    #[error(
        "{rooms} rooms cannot form a tree in which a room has at most {max_children} children"
    )]
    Unbuildable {
        /// Rooms asked for.
        rooms: usize,
        /// The limit on children.
        max_children: usize,
    },
}

impl RoomTree {
    /// A tree from its parent list; `parent[0]` must be `None` and every
    /// other parent a smaller index.
    pub fn new(parent: Vec<Option<usize>>) -> Result<RoomTree, TreeError> {
        if parent.is_empty() {
            return Err(TreeError::Empty);
        }
        for (room, p) in parent.iter().enumerate() {
            match (room, p) {
                (0, None) => {}
                (0, Some(_)) | (_, None) => return Err(TreeError::Root(room)),
                (_, Some(p)) if *p >= room => return Err(TreeError::Order { room, parent: *p }),
                _ => {}
            }
        }
        Ok(RoomTree { parent })
    }

    /// A random tree of `rooms` rooms in which no room has more than
    /// `max_children` children: each room in turn picks its parent, with
    /// equal chances, among the earlier rooms that still have room for a
    /// child. Takes time linear in `rooms`.
    pub fn random(
        rooms: usize,
        max_children: usize,
        rng: &mut impl Rng,
    ) -> Result<RoomTree, TreeError> {
        if rooms == 0 {
            return Err(TreeError::Empty);
        }
        if rooms > 1 && max_children == 0 {
            return Err(TreeError::Unbuildable {
                rooms,
                max_children,
            });
        }
        let mut parent = Vec::with_capacity(rooms);
        parent.push(None);
        let mut children = vec![0usize; rooms];
        // The rooms that can still take a child, in no particular order: a
        // room that fills up is swapped out with the last one.
        let mut open = Vec::with_capacity(rooms);
        open.push(0);
        for room in 1..rooms {
            let pick = rng.random_range(0..open.len());
            let p = open[pick];
            children[p] += 1;
            if children[p] == max_children {
                open.swap_remove(pick);
            }
            parent.push(Some(p));
            open.push(room);
        }
        Ok(RoomTree { parent })
    }

    /// Number of rooms.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether the tree has no room (never true of a valid tree).
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The parent of `room` (`None` for the root).
    pub fn parent(&self, room: usize) -> Option<usize> {
        self.parent[room]
    }

    /// The parent list.
    pub fn parents(&self) -> &[Option<usize>] {
        &self.parent
    }

    /// Adds a room as the last child of `parent`; returns its number (the
    /// number of rooms before the call). Panics if `parent` is not a room.
    pub fn add_child(&mut self, parent: usize) -> usize {
        assert!(parent < self.parent.len(), "room {parent} does not exist");
        self.parent.push(Some(parent));
        self.parent.len() - 1
    }

    /// Removes `room` and every room below it; the rooms left keep their
    /// order and are renumbered from 0 (rooms before `room` keep their
    /// numbers). Returns how many rooms were removed.
    pub fn remove_subtree(&mut self, room: usize) -> Result<usize, TreeError> {
        if room == 0 {
            return Err(TreeError::RemoveRoot);
        }
        let mut removed = vec![false; self.parent.len()];
        removed[room] = true;
        for r in room + 1..self.parent.len() {
            removed[r] = self.parent[r].is_some_and(|p| removed[p]);
        }
        let mut new_number = vec![None; self.parent.len()];
        let mut parent = Vec::new();
        for (r, p) in self.parent.iter().enumerate() {
            if !removed[r] {
                new_number[r] = Some(parent.len());
                parent.push(p.map(|p| new_number[p].expect("a kept room's parent is kept")));
            }
        }
        let count = self.parent.len() - parent.len();
        self.parent = parent;
        Ok(count)
    }

    /// Each room's depth: 0 for the root, its parent's depth plus one for
    /// every other room.
    pub fn depths(&self) -> Vec<usize> {
        let mut depth = vec![0; self.parent.len()];
        for r in 1..self.parent.len() {
            depth[r] = self.parent[r].map_or(0, |p| depth[p] + 1);
        }
        depth
    }

    /// The tree as JSON: `{"parent": [null, 0, 0, 1]}` (the parent of each
    /// room; the same field as `levelscope rooms --json` prints).
    pub fn to_json(&self) -> String {
        serde_json::json!({ "parent": self.parent }).to_string()
    }

    /// A tree from JSON with a `"parent"` list as [`RoomTree::to_json`]
    /// writes it; other fields (such as the `cells` of `levelscope rooms
    /// --json`) are ignored.
    pub fn from_json(text: &str) -> Result<RoomTree, TreeError> {
        #[derive(serde::Deserialize)]
        struct Parents {
            parent: Vec<Option<usize>>,
        }
        let parents: Parents =
            serde_json::from_str(text).map_err(|e| TreeError::Format(e.to_string()))?;
        RoomTree::new(parents.parent)
    }

    /// How many children each room has.
    pub fn child_counts(&self) -> Vec<usize> {
        let mut counts = vec![0; self.parent.len()];
        for p in self.parent.iter().flatten() {
            counts[*p] += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_trees_respect_the_child_limit_and_the_seed() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let tree = RoomTree::random(30, 2, &mut rng).unwrap();
        assert_eq!(tree.len(), 30);
        assert!(tree.child_counts().iter().all(|&c| c <= 2));
        assert_eq!(RoomTree::new(tree.parents().to_vec()).unwrap(), tree);
        let again = RoomTree::random(30, 2, &mut rand::rngs::StdRng::seed_from_u64(3)).unwrap();
        assert_eq!(again, tree);
    }

    #[test]
    fn random_trees_are_chains_or_full_where_the_limit_says_so() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        // One child each: a chain.
        let chain = RoomTree::random(1_000, 1, &mut rng).unwrap();
        assert!((1..1_000).all(|r| chain.parent(r) == Some(r - 1)));
        // Every room is picked with equal chances among the open ones: with
        // a limit of 2, over many rooms, nearly every early room fills up.
        let tree = RoomTree::random(100_000, 2, &mut rng).unwrap();
        let counts = tree.child_counts();
        assert!(counts.iter().all(|&c| c <= 2));
        assert_eq!(counts.iter().sum::<usize>(), 99_999);
        assert!(counts[..100].iter().all(|&c| c == 2));
    }

    #[test]
    fn editing_adds_children_and_removes_whole_subtrees() {
        // 0 ─ 1 ─ 3 ─ 5
        //   └ 2 ─ 4
        let mut tree =
            RoomTree::new(vec![None, Some(0), Some(0), Some(1), Some(2), Some(3)]).unwrap();
        assert_eq!(tree.depths(), vec![0, 1, 1, 2, 2, 3]);
        assert_eq!(tree.remove_subtree(1), Ok(3));
        // Left: 0, 2, 4 renumbered 0, 1, 2.
        assert_eq!(tree.parents(), &[None, Some(0), Some(1)]);
        assert_eq!(tree.add_child(0), 3);
        assert_eq!(tree.parents(), &[None, Some(0), Some(1), Some(0)]);
        assert_eq!(tree.remove_subtree(0), Err(TreeError::RemoveRoot));
        assert_eq!(RoomTree::new(tree.parents().to_vec()).unwrap(), tree);
    }

    #[test]
    fn json_round_trips_and_reads_the_command_line_output() {
        let tree = RoomTree::new(vec![None, Some(0), Some(0), Some(1)]).unwrap();
        assert_eq!(tree.to_json(), r#"{"parent":[null,0,0,1]}"#);
        assert_eq!(RoomTree::from_json(&tree.to_json()).unwrap(), tree);
        let cli = r#"{"parent":[null,0],"cells":[[0,0],[1,0]],"steps":5,"backtracks":0}"#;
        assert_eq!(RoomTree::from_json(cli).unwrap().len(), 2);
        assert!(matches!(
            RoomTree::from_json("[1, 2]"),
            Err(TreeError::Format(_))
        ));
        assert_eq!(
            RoomTree::from_json(r#"{"parent":[null,1]}"#),
            Err(TreeError::Order { room: 1, parent: 1 })
        );
    }

    #[test]
    fn bad_trees_say_why() {
        assert_eq!(RoomTree::new(vec![]), Err(TreeError::Empty));
        assert_eq!(RoomTree::new(vec![Some(0)]), Err(TreeError::Root(0)));
        assert_eq!(RoomTree::new(vec![None, None]), Err(TreeError::Root(1)));
        assert_eq!(
            RoomTree::new(vec![None, Some(1)]),
            Err(TreeError::Order { room: 1, parent: 1 })
        );
        let mut rng = rand::rngs::StdRng::seed_from_u64(0);
        assert!(RoomTree::random(3, 0, &mut rng).is_err());
    }
}

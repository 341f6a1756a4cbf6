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
    /// `max_children` children: each room in turn picks its parent among the
    /// earlier rooms that still have room for a child.
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
        let mut parent = vec![None];
        let mut children = vec![0usize];
        for _ in 1..rooms {
            let open: Vec<usize> = (0..children.len())
                .filter(|&r| children[r] < max_children)
                .collect();
            let p = open[rng.random_range(0..open.len())];
            children[p] += 1;
            parent.push(Some(p));
            children.push(0);
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

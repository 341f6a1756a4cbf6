//! `--partition K/N`: one share of a batch, for running a batch on many
//! machines under an existing scheduler (see `docs/cluster.md`).
//!
//! Partitions are numbered from 0: `--partition K/N` takes `0 <= K < N`,
//! as Kubernetes numbers an Indexed Job's pods (`JOB_COMPLETION_INDEX`) and
//! as a Slurm array run with `--array=0-(N-1)` numbers its tasks
//! (`SLURM_ARRAY_TASK_ID`); `--partition auto/N` reads K from those.
//!
//! Item `i` of a batch (a level of `analyze` in the order the levels are
//! named, a pack's entry by its index, a generator's level index) goes to
//! partition `i mod N`: round robin, so that a pack whose levels grow
//! harder towards its end is shared evenly. Partition K always takes the
//! same items.
//!
//! A part that writes a pack (`pack check --update`, `pack stats --out`,
//! every generator) writes its entries in order with a `"partition"` field
//! ([`PartInfo`]) among the pack's fields; `pack merge` puts the parts back
//! together.

use serde::{Deserialize, Serialize};

/// The environment variable of a Kubernetes Indexed Job's pod index
/// (0-based).
pub const KUBERNETES_INDEX: &str = "JOB_COMPLETION_INDEX";
/// The environment variable of a Slurm array task's index (0-based when
/// the array is `--array=0-(N-1)`).
pub const SLURM_INDEX: &str = "SLURM_ARRAY_TASK_ID";

/// One partition: K of N, `0 <= k < n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    /// Which partition, from 0.
    pub k: usize,
    /// How many partitions in all, at least 1.
    pub n: usize,
}

/// A `--partition` value as given: a fixed K, or `auto` (from the
/// scheduler's environment variable).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartitionArg {
    /// `K/N`.
    Fixed(Partition),
    /// `auto/N`.
    Auto {
        /// How many partitions in all.
        n: usize,
    },
}

/// Why `--partition auto/N` found no partition.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartitionError {
    /// Neither scheduler variable is set.
    #[error("--partition auto/{n} needs the partition's index in {KUBERNETES_INDEX} (a Kubernetes Indexed Job) or {SLURM_INDEX} (a Slurm array, --array=0-{last}), and neither is set", last = n - 1)]
    NoIndex {
        /// How many partitions in all.
        n: usize,
    },
    /// The variable is set to something other than a number below N.
    #[error("--partition auto/{n}: {variable}={value:?} is not a partition index from 0 to {last}", last = n - 1)]
    BadIndex {
        /// The variable read.
        variable: &'static str,
        /// What it holds.
        value: String,
        /// How many partitions in all.
        n: usize,
    },
}

/// Parses a `--partition` value: `K/N` (`0 <= K < N`) or `auto/N`.
pub fn parse_partition(text: &str) -> Result<PartitionArg, super::arg_error::ArgError> {
    use super::arg_error::ArgError;
    let Some((k, n_text)) = text.trim().split_once('/') else {
        return Err(ArgError::NotAPartition(text.to_string()));
    };
    let n: usize = n_text
        .trim()
        .parse()
        .map_err(|_| ArgError::PartitionCount {
            text: text.to_string(),
            n: n_text.to_string(),
        })?;
    if n == 0 {
        return Err(ArgError::NoPartition(text.to_string()));
    }
    let k = k.trim();
    if k.eq_ignore_ascii_case("auto") {
        return Ok(PartitionArg::Auto { n });
    }
    let k: usize = k.parse().map_err(|_| ArgError::PartitionIndex {
        text: text.to_string(),
        k: k.to_string(),
        n,
    })?;
    if k >= n {
        return Err(ArgError::NoSuchPartition {
            text: text.to_string(),
            k,
            n,
        });
    }
    Ok(PartitionArg::Fixed(Partition { k, n }))
}

impl PartitionArg {
    /// The partition, K read for `auto` through `env` (the process's
    /// environment: `|name| std::env::var(name).ok()`): the Kubernetes
    /// variable first, then Slurm's.
    pub fn resolve(
        self,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Partition, PartitionError> {
        let n = match self {
            PartitionArg::Fixed(p) => return Ok(p),
            PartitionArg::Auto { n } => n,
        };
        let (variable, value) = [KUBERNETES_INDEX, SLURM_INDEX]
            .into_iter()
            .find_map(|v| env(v).map(|value| (v, value)))
            .ok_or(PartitionError::NoIndex { n })?;
        match value.trim().parse::<usize>() {
            Ok(k) if k < n => Ok(Partition { k, n }),
            _ => Err(PartitionError::BadIndex { variable, value, n }),
        }
    }
}

/// Resolves an optional `--partition` against the process's environment.
pub fn resolve_from_env(arg: Option<PartitionArg>) -> Result<Option<Partition>, PartitionError> {
    arg.map(|a| a.resolve(|name| std::env::var(name).ok()))
        .transpose()
}

impl Partition {
    /// Whether item `index` of the batch is this partition's.
    pub fn takes(self, index: usize) -> bool {
        index % self.n == self.k
    }

    /// This partition's items of a batch of `count`, in order.
    pub fn indices(self, count: usize) -> impl Iterator<Item = usize> {
        (self.k..count).step_by(self.n)
    }
}

/// Whether `index` is taken when there may be no partition (all are).
pub fn takes(partition: Option<Partition>, index: usize) -> bool {
    partition.is_none_or(|p| p.takes(index))
}

/// The name of a part's field among a pack's fields.
pub const PART_FIELD: &str = "partition";

/// What a part says of itself in its `"partition"` field: which part of
/// which whole, and the whole's index of each of its entries, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartInfo {
    /// Which partition, from 0.
    pub k: usize,
    /// How many partitions in all.
    pub n: usize,
    /// How many items the whole has (a pack's entries, a generator's
    /// `--count`).
    pub count: usize,
    /// What was partitioned: the pack (its name, size and a print of its
    /// levels) or the generator and its parameters. Parts of one batch
    /// say the same.
    pub source: String,
    /// The whole pack's name, or `None` when the whole is named after the
    /// file it is merged into (a generator names its pack after `--out`).
    pub name: Option<String>,
    /// The whole's index of each entry of the part, in order. A generator's
    /// level that could not be made is missing, as it is from the whole.
    pub indices: Vec<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(k: usize, n: usize) -> PartitionArg {
        PartitionArg::Fixed(Partition { k, n })
    }

    #[test]
    fn k_of_n_is_numbered_from_zero() {
        assert_eq!(parse_partition("0/1"), Ok(fixed(0, 1)));
        assert_eq!(parse_partition("3/4"), Ok(fixed(3, 4)));
        assert_eq!(parse_partition(" 2 / 5 "), Ok(fixed(2, 5)));
        assert_eq!(parse_partition("auto/8"), Ok(PartitionArg::Auto { n: 8 }));
    }

    #[test]
    fn bad_values_are_refused_with_a_reason() {
        let cases = [
            ("0/0", "at least 1 partition"),
            ("3/2", "partition 3 does not exist"),
            ("2/2", "numbered from 0 to 1"),
            ("x/4", "\"x\" is not a partition index"),
            ("1/x", "not a whole number of partitions"),
            ("-1/4", "not a partition index"),
            ("4", "is not K/N"),
            ("", "is not K/N"),
            ("auto/0", "at least 1 partition"),
        ];
        for (text, words) in cases {
            let e = parse_partition(text).unwrap_err();
            assert!(e.to_string().contains(words), "{text}: {e}");
        }
    }

    #[test]
    fn auto_reads_kubernetes_then_slurm() {
        let auto = PartitionArg::Auto { n: 4 };
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            auto.resolve(env(&[(KUBERNETES_INDEX, "2")])),
            Ok(Partition { k: 2, n: 4 })
        );
        assert_eq!(
            auto.resolve(env(&[(SLURM_INDEX, "3")])),
            Ok(Partition { k: 3, n: 4 })
        );
        assert_eq!(
            auto.resolve(env(&[(KUBERNETES_INDEX, "1"), (SLURM_INDEX, "3")])),
            Ok(Partition { k: 1, n: 4 })
        );
        let none = auto.resolve(env(&[])).unwrap_err();
        assert!(none.to_string().contains("neither is set"), "{none}");
        assert!(none.to_string().contains("--array=0-3"), "{none}");
        for value in ["4", "x", "-1", ""] {
            let pairs: &'static [(&str, &str)] = match value {
                "4" => &[(SLURM_INDEX, "4")],
                "x" => &[(SLURM_INDEX, "x")],
                "-1" => &[(KUBERNETES_INDEX, "-1")],
                _ => &[(KUBERNETES_INDEX, "")],
            };
            let e = auto.resolve(env(pairs)).unwrap_err().to_string();
            assert!(e.contains("is not a partition index from 0 to 3"), "{e}");
        }
        // A fixed partition ignores the environment.
        assert_eq!(
            fixed(1, 2).resolve(env(&[(KUBERNETES_INDEX, "0")])),
            Ok(Partition { k: 1, n: 2 })
        );
    }

    #[test]
    fn the_partitions_share_out_every_index_once() {
        for n in 1..6 {
            for count in 0..13 {
                let mut seen = vec![0; count];
                for k in 0..n {
                    let p = Partition { k, n };
                    for i in p.indices(count) {
                        assert!(p.takes(i));
                        seen[i] += 1;
                    }
                    assert_eq!(
                        p.indices(count).count(),
                        (0..count).filter(|&i| p.takes(i)).count()
                    );
                }
                assert!(seen.iter().all(|&s| s == 1), "n {n} count {count}");
            }
        }
        assert!(takes(None, 7));
        assert!(takes(Some(Partition { k: 1, n: 3 }), 7));
        assert!(!takes(Some(Partition { k: 1, n: 3 }), 8));
        assert_eq!(
            Partition { k: 2, n: 3 }.indices(9).collect::<Vec<_>>(),
            [2, 5, 8]
        );
    }
}

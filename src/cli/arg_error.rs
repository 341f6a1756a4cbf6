//! Why a command-line value could not be read: one error type for the
//! value parsers clap calls (`--threads`, `--kind`, `--partition`, …),
//! whose words clap prints after the argument's name.

/// Why a command-line value could not be read (each variant holds the
/// text given, as the message quotes it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    /// `--max-states 0`.
    #[error("0 is not allowed: a search needs at least the start state")]
    ZeroStates,
    /// `--max-states` that is not a whole number.
    #[error("{0:?} is not a whole number of states")]
    NotStates(String),
    /// `--threads 0`.
    #[error("0 is not allowed: use at least 1 thread")]
    ZeroThreads,
    /// More threads than levelscope allows.
    #[error("{0} threads is too many (at most {max})", max = super::MAX_THREADS)]
    TooManyThreads(usize),
    /// `--threads` that is not a whole number.
    #[error("{0:?} is not a whole number of threads")]
    NotThreads(String),
    /// A kind's name levelscope does not know.
    #[error("unknown kind {0:?} (known: {known})", known = crate::kinds::Kind::ALL.map(|k| k.name()).join(", "))]
    UnknownKind(String),
    /// `--time-limit` that is not a number.
    #[error("`{0}` is not a number of seconds")]
    NotSeconds(String),
    /// `--time-limit` below zero, or not finite.
    #[error("`{0}` is not a time limit: give zero or more seconds")]
    NotATimeLimit(String),
    /// `--time-limit` longer than a duration holds.
    #[error("`{0}` seconds is too long")]
    TooLong(String),
    /// A generator preset's name levelscope does not know.
    #[error("unknown preset {name:?} (known: {known})")]
    UnknownPreset {
        /// The name given.
        name: String,
        /// The presets' names, in words.
        known: String,
    },
    /// A Prism generator method levelscope does not know.
    #[error("unknown method {0:?}; use tree or early")]
    UnknownMethod(String),
    /// A colour that is not a primary colour.
    #[error("{0} cannot be a switch colour: switches are red, green or blue")]
    NotASwitchColour(String),
    /// A word that is no colour.
    #[error("{0:?} is not a colour; switch colours are red, green and blue")]
    NotAColour(String),
    /// A rooms map size that is not `WxH`.
    #[error("{0:?} is not a size like 8x6")]
    NotASize(String),
    /// A rooms map size whose width is not a number.
    #[error("{0:?}: the width is not a number")]
    Width(String),
    /// A rooms map size whose height is not a number.
    #[error("{0:?}: the height is not a number")]
    Height(String),
    /// A rooms map side outside 1 to 1000.
    #[error("{0:?}: each side must be between 1 and 1000")]
    Side(String),
    /// `--partition` that is not `K/N` or `auto/N`.
    #[error("{0:?} is not K/N (partition K of N, K from 0 to N-1) or auto/N")]
    NotAPartition(String),
    /// `--partition` whose N is not a number.
    #[error("in {text:?}, {n:?} is not a whole number of partitions")]
    PartitionCount {
        /// The value given.
        text: String,
        /// Its N.
        n: String,
    },
    /// `--partition K/0`.
    #[error("in {0:?}, there must be at least 1 partition")]
    NoPartition(String),
    /// `--partition` whose K is not a number or `auto`.
    #[error("in {text:?}, {k:?} is not a partition index (a number from 0 to {last}) or auto", last = .n - 1)]
    PartitionIndex {
        /// The value given.
        text: String,
        /// Its K.
        k: String,
        /// Its N.
        n: usize,
    },
    /// `--partition K/N` with K past N - 1.
    #[error("in {text:?}, partition {k} does not exist: partitions are numbered from 0 to {last}", last = .n - 1)]
    NoSuchPartition {
        /// The value given.
        text: String,
        /// Its K.
        k: usize,
        /// Its N.
        n: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bad_value_is_its_variant_in_plain_words() {
        assert_eq!(super::super::parse_threads("0"), Err(ArgError::ZeroThreads));
        assert_eq!(
            super::super::parse_threads("many"),
            Err(ArgError::NotThreads("many".into()))
        );
        assert_eq!(
            ArgError::NotThreads("many".into()).to_string(),
            "\"many\" is not a whole number of threads"
        );
        let kind = super::super::parse_kind("chess").unwrap_err();
        assert_eq!(kind, ArgError::UnknownKind("chess".into()));
        assert!(
            kind.to_string()
                .starts_with("unknown kind \"chess\" (known: skiddy"),
            "{kind}"
        );
        let partition = super::super::partition::parse_partition("3/2").unwrap_err();
        assert_eq!(
            partition.to_string(),
            "in \"3/2\", partition 3 does not exist: partitions are numbered from 0 to 1"
        );
        assert!(matches!(
            partition,
            ArgError::NoSuchPartition { k: 3, n: 2, .. }
        ));
    }
}

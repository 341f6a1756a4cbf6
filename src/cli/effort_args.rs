//! `--min-effort`/`--max-effort`, the target effort range every `generate`
//! subcommand takes (`docs/effort.md`).

use crate::effort::EffortRange;

/// The effort range a generator keeps levels in.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct EffortArgs {
    /// Keep only levels whose effort score (the report card's; see
    /// docs/effort.md) is at least this: a candidate below is rejected
    /// like one that fails another requirement, within the same caps.
    #[arg(long)]
    pub min_effort: Option<f64>,
    /// Keep only levels whose effort score is at most this.
    #[arg(long)]
    pub max_effort: Option<f64>,
}

impl EffortArgs {
    /// The range the arguments ask for (open when neither is given).
    pub fn range(&self) -> EffortRange {
        EffortRange::new(self.min_effort, self.max_effort)
    }
}

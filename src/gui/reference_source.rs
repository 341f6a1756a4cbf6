//! Where the version a level is compared with comes from.

/// Where the reference comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReferenceSource {
    /// A version the designer pinned.
    Pinned,
    /// The level as last saved.
    Saved,
    /// The level's entry in the pack.
    PackEntry,
    /// The level before its last edit.
    BeforeLastEdit,
    /// Another open tab, by its title.
    Tab(String),
}

impl ReferenceSource {
    /// The source in words, for the panel's title ("the pinned version").
    pub fn words(&self) -> String {
        match self {
            ReferenceSource::Pinned => "the pinned version".into(),
            ReferenceSource::Saved => "the version as saved".into(),
            ReferenceSource::PackEntry => "its entry in the pack".into(),
            ReferenceSource::BeforeLastEdit => "the version before the last edit".into(),
            ReferenceSource::Tab(title) => format!("the tab \"{title}\""),
        }
    }
}

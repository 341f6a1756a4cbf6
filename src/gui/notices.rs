//! Messages to the designer: news that fades after a few seconds ("Saved
//! 1-1.json"), warnings about a refused edit that fade a little later, and
//! errors (a file that would not open or save) that stay on screen until
//! the designer dismisses them.

use crate::gui::editor_words::in_editor_words;
use std::time::{Duration, Instant};

/// How long news stays on screen.
pub const NEWS_LASTS: Duration = Duration::from_secs(4);
/// How long a warning stays on screen.
pub const WARNING_LASTS: Duration = Duration::from_secs(8);
/// At most this many messages are kept; the oldest news goes first.
pub const MOST_KEPT: usize = 6;

/// How much a message matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Something done ("Saved …"): fades.
    News,
    /// An edit refused or a result worth a look: fades, later.
    Warning,
    /// Something failed: stays until dismissed.
    Error,
}

impl Severity {
    /// How long a message of this severity stays, or `None` for "until
    /// dismissed".
    pub fn lasts(self) -> Option<Duration> {
        match self {
            Severity::News => Some(NEWS_LASTS),
            Severity::Warning => Some(WARNING_LASTS),
            Severity::Error => None,
        }
    }
}

/// One message.
#[derive(Clone, Debug)]
pub struct Notice {
    /// Identifies the message for dismissing it.
    pub id: u64,
    /// What it says.
    pub text: String,
    /// How much it matters.
    pub severity: Severity,
    /// When it was posted.
    pub posted: Instant,
}

impl Notice {
    /// Whether the message has faded by `now`.
    pub fn expired(&self, now: Instant) -> bool {
        self.severity
            .lasts()
            .is_some_and(|lasts| now.duration_since(self.posted) >= lasts)
    }
}

/// The messages on screen, oldest first.
#[derive(Debug, Default)]
pub struct Notices {
    items: Vec<Notice>,
    next_id: u64,
}

impl Notices {
    /// Posts a message at `now`. The same text again replaces the older
    /// copy, so a repeated refusal does not stack up. Advice about a
    /// command-line flag is said in the editor's words
    /// ([`in_editor_words`]).
    pub fn post(&mut self, text: String, severity: Severity, now: Instant) {
        let text = in_editor_words(&text);
        self.items
            .retain(|n| !(n.text == text && n.severity == severity));
        self.items.push(Notice {
            id: self.next_id,
            text,
            severity,
            posted: now,
        });
        self.next_id += 1;
        while self.items.len() > MOST_KEPT {
            // Drop the oldest message that fades; errors wait for the
            // designer unless there is nothing else to drop.
            let at = self
                .items
                .iter()
                .position(|n| n.severity != Severity::Error)
                .unwrap_or(0);
            self.items.remove(at);
        }
    }

    /// Drops the messages that have faded by `now`; returns how long until
    /// the next one fades, if any will.
    pub fn expire(&mut self, now: Instant) -> Option<Duration> {
        self.items.retain(|n| !n.expired(now));
        self.items
            .iter()
            .filter_map(|n| Some(n.severity.lasts()? - now.duration_since(n.posted)))
            .min()
    }

    /// Removes the message `id`.
    pub fn dismiss(&mut self, id: u64) {
        self.items.retain(|n| n.id != id);
    }

    /// Removes every error.
    pub fn dismiss_errors(&mut self) {
        self.items.retain(|n| n.severity != Severity::Error);
    }

    /// The messages on screen, oldest first.
    pub fn all(&self) -> &[Notice] {
        &self.items
    }

    /// The newest message, if any.
    pub fn latest(&self) -> Option<&Notice> {
        self.items.last()
    }

    /// The newest message of `severity`, if any.
    pub fn latest_of(&self, severity: Severity) -> Option<&Notice> {
        self.items.iter().rev().find(|n| n.severity == severity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn news_and_warnings_fade_and_errors_stay() {
        let t0 = Instant::now();
        let mut notices = Notices::default();
        notices.post("Saved a.json".into(), Severity::News, t0);
        notices.post("refused".into(), Severity::Warning, t0);
        notices.post("cannot write".into(), Severity::Error, t0);
        assert_eq!(notices.expire(t0), Some(NEWS_LASTS));
        let later = t0 + NEWS_LASTS;
        assert_eq!(notices.expire(later), Some(WARNING_LASTS - NEWS_LASTS));
        assert_eq!(notices.all().len(), 2);
        assert_eq!(notices.expire(t0 + Duration::from_secs(3600)), None);
        assert_eq!(notices.all().len(), 1);
        let error = notices.latest().unwrap();
        assert_eq!(error.severity, Severity::Error);
        notices.dismiss(error.id);
        assert!(notices.all().is_empty());
    }

    #[test]
    fn a_notice_names_the_editor_setting_not_a_flag() {
        let mut notices = Notices::default();
        let stopped = crate::engine::Stopped::TooBig {
            states: 10,
            budget: 10,
        };
        notices.post(stopped.to_string(), Severity::Error, Instant::now());
        let said = &notices.latest().unwrap().text;
        assert!(!said.contains("--max-states"), "{said}");
        assert!(said.contains("Analysis > State budget"), "{said}");
    }

    #[test]
    fn a_repeated_message_replaces_the_older_copy() {
        let t0 = Instant::now();
        let mut notices = Notices::default();
        notices.post("goal not allowed inside".into(), Severity::Warning, t0);
        notices.post("goal not allowed inside".into(), Severity::Warning, t0);
        assert_eq!(notices.all().len(), 1);
    }

    #[test]
    fn errors_outlive_a_flood_of_news() {
        let t0 = Instant::now();
        let mut notices = Notices::default();
        notices.post("cannot open x".into(), Severity::Error, t0);
        for i in 0..20 {
            notices.post(format!("news {i}"), Severity::News, t0);
        }
        assert_eq!(notices.all().len(), MOST_KEPT);
        assert_eq!(notices.all()[0].text, "cannot open x");
        assert_eq!(notices.latest().unwrap().text, "news 19");
    }
}

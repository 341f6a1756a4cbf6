//! The state graph's camera: the layout point at the centre of the canvas
//! and the pixels per layout unit, fitted, zoomed and turned into screen
//! positions.

use super::*;

/// The view's camera: the layout point at the centre of the canvas and the
/// pixels per layout unit on each axis (within a layer, between layers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Camera {
    pub(super) centre: Vec2,
    pub(super) scale: Vec2,
}

impl Camera {
    /// The camera that shows the whole layout in `rect`.
    pub(super) fn fit(layout: &GraphLayout, rect: Rect) -> Camera {
        let (lo, hi) = layout.x_range();
        let last = layout.depth_count().saturating_sub(1) as f32;
        let room = (rect.size() - Vec2::splat(2.0 * MARGIN)).max(Vec2::splat(10.0));
        Camera {
            centre: vec2((lo + hi) / 2.0, last / 2.0),
            scale: vec2(
                (room.x / (hi - lo).max(1.0)).min(MAX_PX_PER_SLOT),
                (room.y / last.max(1.0)).min(FIT_MAX_LAYER_GAP),
            ),
        }
    }

    pub(super) fn to_screen(self, rect: Rect, x: f32, y: f32) -> Pos2 {
        rect.center() + (vec2(x, y) - self.centre) * self.scale
    }

    pub(super) fn to_layout(self, rect: Rect, p: Pos2) -> Vec2 {
        self.centre + (p - rect.center()) / self.scale
    }

    /// Zooms by `factor` keeping the layout point under `anchor` in place;
    /// `fit` bounds how far out it goes.
    pub(super) fn zoom(&mut self, rect: Rect, anchor: Pos2, factor: f32, fit: Camera) {
        let under = self.to_layout(rect, anchor);
        let (min, max) = fit.zoom_limits();
        self.scale = (self.scale * factor).clamp(min, max);
        self.centre = under - (anchor - rect.center()) / self.scale;
    }

    /// The least and the greatest scale, for this fitted camera: half the
    /// fitted scale, and single states a good size.
    pub(super) fn zoom_limits(self) -> (Vec2, Vec2) {
        let max = vec2(MAX_PX_PER_SLOT, MAX_LAYER_GAP).max(self.scale);
        (self.scale * 0.5, max)
    }

    /// Whether the whole layout is on `canvas`.
    pub(super) fn shows_all(self, layout: &GraphLayout, canvas: Rect) -> bool {
        let (lo, hi) = layout.x_range();
        let last = layout.depth_count().saturating_sub(1) as f32;
        let (a, b) = (
            self.to_layout(canvas, canvas.min),
            self.to_layout(canvas, canvas.max),
        );
        a.x <= lo + 1e-3 && hi <= b.x + 1e-3 && a.y <= 1e-3 && last <= b.y + 1e-3
    }

    /// The node radius at this zoom.
    pub(super) fn node_radius(self) -> f32 {
        (self.scale.x * 0.38)
            .min(self.scale.y * 0.3)
            .clamp(1.0, 8.0)
    }

    /// Half the height of a layer's band of bins.
    pub(super) fn band(self) -> f32 {
        (self.scale.y * 0.3).clamp(1.5, 10.0)
    }
}

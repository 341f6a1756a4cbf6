//! Zoom and pan of the editing board, as Tiled and LDtk have them: the
//! wheel zooms about the pointer (the cell under it stays under it), a
//! middle drag pans, and "Fit" goes back to the whole board fitted to the
//! window. The camera is kept relative to that fit, so a window that
//! changes size keeps the same view of the board.

use egui::{vec2, Pos2, Rect, Vec2};

use super::board::BoardGeometry;

/// The smallest zoom: a quarter of the fitted board.
pub const MIN_ZOOM: f32 = 0.25;
/// The largest cell, in points, the zoom goes up to (at least
/// [`MIN_MAX_ZOOM`] times the fitted cell).
pub const MAX_CELL: f32 = 512.0;
/// The zoom always allowed, however big the fitted cell is.
pub const MIN_MAX_ZOOM: f32 = 4.0;
/// How much one step of the mouse wheel (or of the + and − buttons)
/// zooms.
pub const ZOOM_STEP: f32 = 1.25;

/// How the board is shown: its zoom relative to fit-to-window and how far
/// its centre is moved from the centre of the space it has.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// 1 is the board fitted to the window; 2 cells twice as big.
    pub zoom: f32,
    /// The board's centre minus the centre of its space, in points.
    pub pan: Vec2,
}

impl Default for Camera {
    fn default() -> Self {
        Camera::FIT
    }
}

impl Camera {
    /// The whole board fitted to the window, centred.
    pub const FIT: Camera = Camera {
        zoom: 1.0,
        pan: Vec2::ZERO,
    };

    /// Whether this is the fitted view.
    pub fn is_fit(&self) -> bool {
        *self == Camera::FIT
    }

    /// Where a `width x height` board's cells are in `rect` with this
    /// camera.
    pub fn geometry(&self, rect: Rect, width: usize, height: usize) -> BoardGeometry {
        let fit = BoardGeometry::fit(rect, width, height);
        let cell = fit.cell * self.zoom;
        let size = vec2(cell * width.max(1) as f32, cell * height.max(1) as f32);
        BoardGeometry {
            origin: rect.center() + self.pan - size / 2.0,
            cell,
            width,
            height,
        }
    }

    /// The largest zoom for a `width x height` board in `rect`.
    pub fn max_zoom(rect: Rect, width: usize, height: usize) -> f32 {
        let fit = BoardGeometry::fit(rect, width, height).cell;
        (MAX_CELL / fit).max(MIN_MAX_ZOOM)
    }

    /// Zooms by `factor` (above 1 closer) about `pointer`: the point of the
    /// board under it stays there. The zoom stays between [`MIN_ZOOM`] and
    /// [`Camera::max_zoom`].
    pub fn zoom_about(
        &mut self,
        rect: Rect,
        (width, height): (usize, usize),
        pointer: Pos2,
        factor: f32,
    ) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let before = self.geometry(rect, width, height);
        let zoom = (self.zoom * factor).clamp(MIN_ZOOM, Camera::max_zoom(rect, width, height));
        let ratio = zoom / self.zoom;
        let origin = pointer - (pointer - before.origin) * ratio;
        let size = vec2(
            before.cell * ratio * width.max(1) as f32,
            before.cell * ratio * height.max(1) as f32,
        );
        self.zoom = zoom;
        self.pan = origin + size / 2.0 - rect.center();
    }

    /// Moves the board by `delta` points.
    pub fn pan_by(&mut self, delta: Vec2) {
        self.pan += delta;
    }

    /// The zoom in percent of the fitted board, for the zoom label.
    pub fn percent(&self) -> u32 {
        (self.zoom * 100.0).round() as u32
    }
}

/// How much the mouse wheel events of one frame zoom: [`ZOOM_STEP`] per
/// line scrolled up (a point-based wheel or touchpad counts 50 points a
/// line), times any pinch.
pub fn wheel_factor(events: &[egui::Event]) -> f32 {
    let mut lines = 0.0;
    let mut pinch = 1.0;
    for event in events {
        match event {
            egui::Event::MouseWheel { unit, delta, .. } => {
                let d = delta.y + delta.x;
                lines += match unit {
                    egui::MouseWheelUnit::Line => d,
                    egui::MouseWheelUnit::Point => d / 50.0,
                    egui::MouseWheelUnit::Page => d * 3.0,
                };
            }
            egui::Event::Zoom(factor) => pinch *= factor,
            _ => {}
        }
    }
    ZOOM_STEP.powf(lines) * pinch
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    fn rect() -> Rect {
        Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 200.0))
    }

    #[test]
    fn fit_is_the_fitted_geometry() {
        let geo = Camera::FIT.geometry(rect(), 4, 2);
        assert_eq!(geo, BoardGeometry::fit(rect(), 4, 2));
        assert_eq!(geo.cell, 100.0);
    }

    #[test]
    fn zoom_about_keeps_the_cell_under_the_pointer() {
        let mut camera = Camera::FIT;
        let pointer = pos2(130.0, 60.0);
        let before = camera.geometry(rect(), 4, 2);
        assert_eq!(before.cell_at(pointer), Some((1, 0)));
        let local_before = (pointer - before.origin) / before.cell;
        camera.zoom_about(rect(), (4, 2), pointer, 2.0);
        let after = camera.geometry(rect(), 4, 2);
        assert_eq!(after.cell, 200.0);
        assert_eq!(camera.percent(), 200);
        let local_after = (pointer - after.origin) / after.cell;
        assert!((local_after - local_before).length() < 1e-4);
        assert_eq!(after.cell_at(pointer), Some((1, 0)));
        // Zooming back out by the same factor about the same point returns
        // to the fitted view.
        camera.zoom_about(rect(), (4, 2), pointer, 0.5);
        assert!((camera.pan).length() < 1e-3);
        assert_eq!(camera.zoom, 1.0);
    }

    #[test]
    fn zoom_is_clamped_and_pan_moves_the_board() {
        let mut camera = Camera::FIT;
        camera.zoom_about(rect(), (4, 2), pos2(200.0, 100.0), 0.01);
        assert_eq!(camera.zoom, MIN_ZOOM);
        camera.zoom_about(rect(), (4, 2), pos2(200.0, 100.0), 1e6);
        assert_eq!(camera.zoom, MAX_CELL / 100.0);
        let mut camera = Camera::FIT;
        camera.pan_by(vec2(30.0, -10.0));
        let geo = camera.geometry(rect(), 4, 2);
        assert_eq!(geo.origin, pos2(30.0, -10.0));
        assert!(!camera.is_fit());
    }

    #[test]
    fn the_wheel_zooms_a_step_a_line() {
        let wheel = |unit, y| egui::Event::MouseWheel {
            unit,
            delta: vec2(0.0, y),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        };
        assert_eq!(wheel_factor(&[]), 1.0);
        assert_eq!(
            wheel_factor(&[wheel(egui::MouseWheelUnit::Line, 1.0)]),
            1.25
        );
        let two = wheel_factor(&[
            wheel(egui::MouseWheelUnit::Line, 1.0),
            wheel(egui::MouseWheelUnit::Point, 50.0),
        ]);
        assert!((two - 1.5625).abs() < 1e-5);
        assert!(wheel_factor(&[wheel(egui::MouseWheelUnit::Line, -1.0)]) < 1.0);
    }
}

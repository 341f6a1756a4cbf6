//! The editor: an egui window where the designer paints a level, plays it
//! and sees why it fails, with the analysis always running on a worker
//! thread.

pub mod app;
pub mod apply;
pub mod board_state;
pub mod central_view;
pub mod command_run;
pub mod commands;
pub mod compare_actions;
pub mod compare_reference;
pub mod dialog_request;
pub mod document;
pub mod editor_words;
pub mod file_dialog;
pub mod files;
pub mod folded_panels;
pub mod generate_dialog;
pub mod generated_levels;
pub mod keys;
pub mod kinds;
pub mod layout;
pub mod notices;
pub mod open_pack;
pub mod pack_edit;
pub mod pack_name;
pub mod pack_undo_steps;
pub mod past_budget;
pub mod pool;
pub mod recovery_copies;
pub mod recovery_restore;
pub mod reference_source;
pub mod rooms_view;
pub mod saving;
pub mod select_and_line_tools;
pub mod shortcuts_window;
pub mod solve_run;
pub mod solve_state;
pub mod state_access;
pub mod tab_settings;
pub mod undo_per_document;
pub mod undo_stack;
pub mod views;
pub mod worker;

pub use app::EditorApp;

/// Opens the editor window; `open` is a level or pack file to open at
/// start. Returns when the window closes.
pub fn run(open: Option<std::path::PathBuf>) -> Result<(), EditorError> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("levelscope")
            .with_inner_size([1500.0, 900.0])
            .with_min_inner_size([900.0, 560.0])
            .with_drag_and_drop(true),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        "levelscope",
        options,
        Box::new(move |cc| {
            let mut app = EditorApp::new(&cc.egui_ctx, cc.storage);
            app.keep_recovery_in(recovery_copies::Recovery::default_dir());
            if let Some(path) = open {
                app.open_path(&path);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(EditorError::Window)
}

/// Why the editor could not run.
#[derive(Debug, thiserror::Error)]
pub enum EditorError {
    /// The window could not be opened (no display, no OpenGL, …).
    #[error("cannot open the editor window: {0}")]
    Window(eframe::Error),
}

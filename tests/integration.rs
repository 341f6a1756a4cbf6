//! Every integration test in one binary: one link instead of one per file,
//! and the files' tests run side by side on every core (a file each used to
//! run alone, one after another). Each file of `tests/` is a module here;
//! run one with `cargo test --test integration NAME::`.

mod atomic_writes;
mod board_tools;
mod clear_errors;
mod cli;
mod collection_save;
mod commands_ui;
mod common;
mod compare_ui;
mod concurrent_writers;
mod damaged_packs;
mod diff_cli;
mod editor;
mod editor_files;
mod engine_vs_reference;
mod exact_cover;
mod floors_editor;
mod focus_layout;
mod formats;
mod generate_cli;
mod generator_rule;
mod graph_views;
mod gui_seam;
mod huge_inputs;
mod kind_panels;
mod kind_words;
mod largest_board;
mod level_numbers_cli;
mod memory_budget;
mod own_levels;
mod pack_cli;
mod pack_fields;
mod pack_panel_flow;
mod pack_trust;
mod pack_undo;
mod plain_messages;
mod prism_analysis;
mod prism_cli;
mod prism_fixtures;
mod prism_formats;
mod prism_generate;
#[path = "prism_reference/mod.rs"]
mod prism_reference;
mod prism_rules;
mod prism_vs_reference;
mod read_budget_cli;
mod replays;
mod rooms;
mod rules;
mod sample_pack;
#[path = "reference/mod.rs"]
mod skiddy_reference;
mod sokoban_cli;
mod sokoban_editor;
mod sokoban_fixtures;
mod sokoban_reference;
mod tangram_cli;
mod tangram_editor;
mod tangram_files;
mod tangram_reference;
mod tangram_vs_reference;
mod terminal_progress;
mod words;
mod xsb_wild;

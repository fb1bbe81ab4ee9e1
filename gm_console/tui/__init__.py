"""The Textual front end: screens, panes and modals that turn keys into command lines."""

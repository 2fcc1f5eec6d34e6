"""One module per screen: the title menu, the set-ups, the overlays, results, replay and the
reference screens. Each draws state and turns input into calls on the window."""

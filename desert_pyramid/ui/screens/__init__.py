"""One module per screen: the title menu, the set-ups, the overlays, results, replay and the
reference screens (How to play and its pages). Each draws state and turns input into calls on the
window. The top floor under the window: screens may build on the table (the demo, the replay's
board), the widgets, the art and the base."""

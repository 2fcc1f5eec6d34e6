"""Pictures: the assets loaded once per window, the card faces, the desert scenery, layout
miniatures and the layout picker's tiles."""

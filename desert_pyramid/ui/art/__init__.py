"""Pictures: the assets loaded once per window, the card faces, the slabs (skin), the desert
scenery, layout miniatures and the layout picker's tiles. Over the base only."""

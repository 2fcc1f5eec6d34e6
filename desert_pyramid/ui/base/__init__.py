"""The ui's base: what every part of the ui may use (geometry, the palette, the fonts, easing
curves, the card's visible parts), importing nothing of the ui above it."""

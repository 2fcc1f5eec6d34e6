"""Widgets the screens share: button columns, toasts and overlays, rich text, whole-pixel text,
scrolling pages."""

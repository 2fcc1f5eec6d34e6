"""Widgets the screens and the table share: button columns, toasts and overlays, rich text,
whole-pixel text, a scroll area. Over the art and the base; they name no screen and no table."""

"""Desert Pyramid: Pyramid solitaire in the desert."""

__version__ = "0.2.0"

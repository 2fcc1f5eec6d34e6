"""Desert Pyramid: Pyramid solitaire in the desert."""

__version__ = "0.1.0"

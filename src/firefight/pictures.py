"""Raster copies of the SVG pictures, drawn by resvg (a self-contained renderer: no system
library) with the DejaVu Sans font matplotlib ships, so the same SVG gives the same PNG on any
machine that has the ``odds`` extra."""

from __future__ import annotations

from pathlib import Path

__all__ = ["PNG_ZOOM", "svg_to_png"]

#: Pixels per SVG unit in a PNG: twice the screen size, sharp when printed at A5.
PNG_ZOOM = 2.0


def _font() -> str:
    import matplotlib

    return str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf")


def svg_to_png(svg: str, *, zoom: float = PNG_ZOOM) -> bytes:
    """The PNG image of an SVG document, on a white background."""
    import resvg_py

    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            background="#ffffff",
            zoom=zoom,
            skip_system_fonts=True,
            font_files=[_font()],
            font_family="DejaVu Sans",
            sans_serif_family="DejaVu Sans",
        )
    )

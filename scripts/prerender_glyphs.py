#!/usr/bin/python3
"""Draws the CJK text of the static tier map (the "中文" language button) as SVG outlines taken
from the canvas's own CJK font (ui_cjk.ttf, scripts/make_fonts.py), so that the page's first
paint needs no system CJK font: Chromium on Linux finds one through eight synchronous font
look-ups (every family of the font list, then a fallback search), which held the first paint
back by up to 150 ms on a busy machine (bench/RESULTS.md, 2026-12-05 00:20).

Only a button whose whole text is CJK is drawn this way (<span class="pr-button">TEXT</span>);
the outline keeps TEXT as its accessible name. Glyphs sit on the text's baseline at one Latin em;
the canvas draws CJK 1.02 em tall (CjkSizeScale, scripts/make_fonts.py: x-height matching), a
third of a pixel more at 17 px, below what a hand-over shows.

usage: prerender_glyphs.py PRERENDER.html UI_CJK.ttf   (rewrites PRERENDER.html in place)
Debian's python3 runs it (fontTools from python3-fonttools, as for make_fonts.py).
"""
import html
import re
import sys

from fontTools.pens.roundingPen import RoundingPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

UNITS_PER_EM = 64
BUTTON = re.compile(r'<span class="pr-button">([^<]+)</span>')


def is_cjk(ch):
    return 0x2E80 <= ord(ch) <= 0x9FFF or 0xF900 <= ord(ch) <= 0xFAFF or 0xFF00 <= ord(ch) <= 0xFFEF


def outline_svg(text, font):
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    # Outlines in 1/64 em (0.3 px at 17 px type): shorter numbers than the font's own units, for
    # the first frame's download budget.
    scale = UNITS_PER_EM / font["head"].unitsPerEm
    ascent = round(font["hhea"].ascent * scale)
    pen = SVGPathPen(glyphs, ntos=lambda v: str(round(v)))
    x = 0
    for ch in text:
        if ord(ch) not in cmap:
            sys.exit(f"prerender_glyphs: the CJK font has no glyph for {ch!r} (in {text!r})")
        glyph = glyphs[cmap[ord(ch)]]
        # font y points up, SVG y down
        glyph.draw(TransformPen(RoundingPen(pen), (scale, 0, 0, -scale, x, 0)))
        x += round(glyph.width * scale)
    units_per_em = UNITS_PER_EM
    # The box spans ascent..baseline, so the default vertical-align (baseline) puts the glyphs'
    # baseline on the text's; descenders draw below it (overflow visible).
    return (f'<svg class="pr-glyphs" viewBox="0 {-ascent} {x} {ascent}" width="{x / units_per_em:.3f}em" '
            f'height="{ascent / units_per_em:.3f}em" overflow="visible" role="img" aria-label="{html.escape(text)}">'
            f'<path d="{pen.getCommands()}"/></svg>')


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: prerender_glyphs.py PRERENDER.html UI_CJK.ttf")
    page_path, font_path = sys.argv[1], sys.argv[2]
    with open(page_path, encoding="utf-8") as f:
        page = f.read()
    font = TTFont(font_path)

    def replace(m):
        text = html.unescape(m.group(1))
        if not all(is_cjk(ch) for ch in text):
            return m.group(0)
        return f'<span class="pr-button" lang="zh-CN">{outline_svg(text, font)}</span>'

    page = BUTTON.sub(replace, page)
    with open(page_path, "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Builds the UI's font subsets from exactly the characters the UI and the data use.

Text is collected from every string literal in src/ (the UI's tables in src/ui/text/*/*.def,
the engine's and the views' own literals; src/cli and src/platform print nothing on the
canvas) and every string value in data/*.json. Then:

  ui.ttf      DejaVu Sans (Debian fonts-dejavu-core): ASCII plus every other character of the
              text that DejaVu has. Embedded in the app: the first frame needs it.
  ui_cjk.ttf  Droid Sans Fallback (Debian fonts-droid-fallback): the few CJK characters the
              English UI shows (the "中文" language button). Embedded too.
  zh.ttf      Droid Sans Fallback: every other character, i.e. the Chinese UI and data names.
              Fetched by the app only when Chinese is shown.

Fails (exit 1) naming the file and the text when a character is in neither font, so a string
can never draw a glyph the subsets lack. --check does only that (no output), for the native
tests; --extra-text adds a file of text to the scan (used by the test that proves the check
fails).

usage: make_fonts.py --root DIR (--out-dir DIR --embed-cpp FILE | --check) [--extra-text FILE]
"""
import argparse
import ast
import glob
import json
import os
import re
import sys

from fontTools import subset
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

LATIN_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
CJK_FONT = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
ASCII = set(range(0x20, 0x7F))
# The no-break space joins every number to its unit (src/engine/format_zh.hpp kNoBreakSpace):
# always in ui.ttf, and drawn as wide as a space (checked below).
NO_BREAK_SPACE = 0xA0
# How tall Chinese characters stand beside Latin lower case in a face drawn for mixed setting:
# Noto Sans CJK SC Regular (Adobe/Google, Debian fonts-noto-cjk 1:20220127), measured with
# fontTools ink bounds: the median of this file's COMMON_HAN is 0.911 em, 'x' 0.543 em. Our two
# faces come from different families (DejaVu Sans, Droid Sans Fallback), so the CJK face is
# scaled until its characters stand in this same ratio to DejaVu's x-height (issue 17 item 7).
REFERENCE_HAN_OVER_X_HEIGHT = 0.911 / 0.543
# 100 frequent characters (the head of the modern frequency lists); their median ink height is
# the face's "character height" (one glyph alone varies ±5 %).
COMMON_HAN = ("国的是在中人有我他这为之来以个们到说和地也子时道出而要于就下得可你年生自会那后能对着事其里"
              "所去行过家十用发天如然作方成者多日都三小军二无同么经法当起与好看学进种将还分此心前面又定见只主没公从")
STRING_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def literals(path):
    """String literals of a C++ source, outside // comments, decoded like the compiler."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            code = line
            # Drop a // comment unless the // sits inside a literal.
            pos = 0
            while True:
                i = code.find("//", pos)
                if i < 0:
                    break
                if code[:i].count('"') % 2 == 0:
                    code = code[:i]
                    break
                pos = i + 2
            for m in STRING_LITERAL.finditer(code):
                raw = m.group(1)
                try:
                    text = ast.literal_eval('"' + raw + '"') if "\\" in raw else raw
                except (ValueError, SyntaxError):
                    text = raw
                out.append(text)
    return out


def json_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from json_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from json_strings(v)


# Data files the app never loads (test tables; tests/engine/validation_test.cpp reads this one).
NEVER_DRAWN = {"validation_cases.json"}


def collect(root, extra):
    """Returns ({codepoint: first place seen}, codepoints of the English UI table).

    Only the English table's CJK characters go into the embedded first-frame font; CJK text
    anywhere else (Chinese table, data names, the guides' quotes) is drawn in Chinese mode."""
    seen = {}
    english = set()

    def add(text, where, is_english=False):
        for ch in text:
            cp = ord(ch)
            if cp < 0x20 or cp == 0x7F:
                continue
            seen.setdefault(cp, (where, text))
            if is_english:
                english.add(cp)

    sources = sorted(glob.glob(os.path.join(root, "src", "**", "*.*"), recursive=True))
    for path in sources:
        rel = os.path.relpath(path, root)
        if not rel.endswith((".cpp", ".hpp", ".def")):
            continue
        if rel.startswith(os.path.join("src", "cli")) or rel.startswith(os.path.join("src", "platform")):
            continue
        is_english = os.sep + os.path.join("text", "en") + os.sep in os.sep + rel
        for text in literals(path):
            add(text, rel, is_english)
    for path in sorted(glob.glob(os.path.join(root, "data", "*.json"))):
        if os.path.basename(path) in NEVER_DRAWN:
            continue
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        for text in json_strings(doc):
            add(text, os.path.relpath(path, root))
    for path in extra:
        with open(path, encoding="utf-8") as f:
            add(f.read(), path, True)
    return seen, english


def make_subset(font_path, codepoints, out_path):
    options = subset.Options()
    options.hinting = False
    options.desubroutinize = True
    options.layout_features = []
    options.name_IDs = [0, 1, 2]  # copyright, family, style: the licence notice stays
    options.notdef_outline = True
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "DSIG", "hdmx", "VDMX", "LTSH", "gasp"]
    font = subset.load_font(font_path, options)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(codepoints))
    sub.subset(font)
    subset.save_font(font, out_path, options)


def ink_height_em(font, text):
    """Median ink height, in em, of the characters of `text` the font has."""
    glyphs, cmap, heights = font.getGlyphSet(), font.getBestCmap(), []
    for ch in text:
        if ord(ch) not in cmap:
            continue
        pen = BoundsPen(glyphs)
        glyphs[cmap[ord(ch)]].draw(pen)
        if pen.bounds:
            heights.append((pen.bounds[3] - pen.bounds[1]) / font["head"].unitsPerEm)
    heights.sort()
    return heights[len(heights) // 2] if heights else None


def line_height_em(font):
    """ImGui sizes a font by hhea ascent - descent: the em fraction of one "pixel size"."""
    return (font["hhea"].ascent - font["hhea"].descent) / font["head"].unitsPerEm


def cjk_size_scale(latin, cjk):
    """The factor on the CJK font's ImGui pixel size that puts its characters in the reference
    ratio to the Latin font's x-height, both at one ImGui size:
    han_em * scale / line_cjk = REFERENCE * x_em / line_latin."""
    x_em, han_em = ink_height_em(latin, "x"), ink_height_em(cjk, COMMON_HAN)
    return REFERENCE_HAN_OVER_X_HEIGHT * x_em * line_height_em(cjk) / (line_height_em(latin) * han_em)


def write_embed_cpp(path, fonts, cjk_scale):
    lines = ["// Generated by scripts/make_fonts.py: the UI's first-frame fonts as byte arrays.",
             '#include "platform/web/embedded_fonts.hpp"', "", "namespace atlas::platform {", ""]
    for name, data_path in fonts:
        with open(data_path, "rb") as f:
            data = f.read()
        lines.append(f"static const unsigned char k{name}[{len(data)}] = {{")
        for i in range(0, len(data), 32):
            lines.append(",".join(str(b) for b in data[i:i + 32]) + ",")
        lines.append("};")
        lines.append(f"EmbeddedFont {name}() {{ return {{k{name}, sizeof k{name}}}; }}")
        lines.append("")
    lines.append("// scripts/make_fonts.py cjk_size_scale: CJK characters in Noto Sans CJK SC's ratio to the")
    lines.append("// Latin x-height, measured from the two faces at build time.")
    lines.append(f"float CjkSizeScale() {{ return {cjk_scale:.4f}f; }}")
    lines.append("")
    lines.append("}  // namespace atlas::platform")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--out-dir")
    ap.add_argument("--embed-cpp")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--extra-text", action="append", default=[])
    args = ap.parse_args()

    seen, english = collect(args.root, args.extra_text)
    latin_cmap = TTFont(LATIN_FONT).getBestCmap()
    cjk_cmap = TTFont(CJK_FONT).getBestCmap()

    missing = [cp for cp in sorted(seen) if cp not in latin_cmap and cp not in cjk_cmap]
    for cp in missing:
        where, text = seen[cp]
        print(f"make_fonts: {where}: U+{cp:04X} '{chr(cp)}' is in neither font "
              f"(DejaVu Sans, Droid Sans Fallback), in: {text[:80]!r}", file=sys.stderr)
    if missing:
        print("make_fonts: use another character or add a font; the subsets must hold every glyph drawn",
              file=sys.stderr)
        return 1

    latin = ASCII | {NO_BREAK_SPACE} | {cp for cp in seen if cp in latin_cmap}
    cjk_first = {cp for cp in english if cp not in latin}
    chinese = {cp for cp in seen if cp not in latin and cp not in cjk_first}
    print(f"make_fonts: {len(seen)} characters in use: {len(latin)} in ui.ttf, "
          f"{len(cjk_first)} in ui_cjk.ttf, {len(chinese)} in zh.ttf")
    # Measured on the full faces (the subsets may lack most of COMMON_HAN); a face swap that
    # moves the scale out of a sane band is a mistake, not a style.
    scale = cjk_size_scale(TTFont(LATIN_FONT), TTFont(CJK_FONT))
    if not 0.9 <= scale <= 1.4:
        print(f"make_fonts: CJK size scale {scale:.3f} is outside 0.9-1.4", file=sys.stderr)
        return 1
    print(f"make_fonts: CJK size scale {scale:.4f} (Chinese characters {REFERENCE_HAN_OVER_X_HEIGHT:.3f}x "
          "the Latin x-height, as in Noto Sans CJK SC)")
    if args.check:
        return 0
    if not args.out_dir or not args.embed_cpp:
        ap.error("--out-dir and --embed-cpp are required without --check")

    os.makedirs(args.out_dir, exist_ok=True)
    outputs = {"ui.ttf": (LATIN_FONT, latin), "ui_cjk.ttf": (CJK_FONT, cjk_first or {0x4E2D}),
               "zh.ttf": (CJK_FONT, chinese or {0x4E2D})}
    for name, (font, cps) in outputs.items():
        make_subset(font, cps, os.path.join(args.out_dir, name))
        # Verify the subset really holds every character it was built for.
        cmap = TTFont(os.path.join(args.out_dir, name)).getBestCmap()
        lacking = [cp for cp in cps if cp not in cmap]
        if lacking:
            print(f"make_fonts: {name} lacks " + ", ".join(f"U+{cp:04X}" for cp in lacking), file=sys.stderr)
            return 1
        if NO_BREAK_SPACE in cps:
            font_out = TTFont(os.path.join(args.out_dir, name))
            advance = lambda cp: font_out["hmtx"][font_out.getBestCmap()[cp]][0]
            if advance(NO_BREAK_SPACE) != advance(0x20):
                print(f"make_fonts: {name}: U+00A0 is not as wide as a space", file=sys.stderr)
                return 1
        print(f"make_fonts: {name}: {len(cps)} characters, "
              f"{os.path.getsize(os.path.join(args.out_dir, name))} bytes")
    write_embed_cpp(args.embed_cpp, [("UiLatinFont", os.path.join(args.out_dir, "ui.ttf")),
                                     ("UiCjkFont", os.path.join(args.out_dir, "ui_cjk.ttf"))], scale)
    return 0


if __name__ == "__main__":
    sys.exit(main())

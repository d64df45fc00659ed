#!/usr/bin/python3
"""Writes the copy of data/gpus.json that the web app compiles into its first frame.

usage: first_frame_gpus.py data/gpus.json OUT.json

The tier map's first frame draws every card from its figures alone; the per-card prose (notes,
sparsity_note) and the source addresses are what make gpus.json large, and the spec card shows
them only once the full data/gpus.json has arrived with the rest of the app (see
src/platform/web/main.cpp, Deferred). So this copy keeps every field the engine reads for a
card's figures, tier and "vendor's claim" marks, drops "notes", "sparsity_note" (and their
"_zh" twins), "sources" and the Chinese interconnect, form-factor, architecture, memory-type and
ecosystem texts (English shows until
the full file arrives; they were 1.1 KiB of the budget)
(and the file's own "notes"), and sets "first_frame_copy": true, which tells the loader that
those fields may be absent (src/engine/gpu_catalog.cpp). Numbers and strings are kept as they
are; only the dropped fields change.
"""
import json
import sys

DROPPED = ("notes", "notes_zh", "sparsity_note", "sparsity_note_zh", "sources", "interconnect_zh", "form_factor_zh",
           "architecture_zh", "memory_type_zh", "ecosystem_zh")


def main(src, out):
    with open(src, encoding="utf-8") as f:
        data = json.load(f)
    for card in data["gpus"]:
        for key in DROPPED:
            card.pop(key, None)
    data.pop("notes", None)
    data["first_frame_copy"] = True
    with open(out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])

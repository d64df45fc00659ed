#!/usr/bin/env python3
"""Takes the gamepad code out of Emscripten's GLFW glue (the linked gpu-atlas.js), in place.

usage: strip_gamepads.py GPU_ATLAS_JS

Emscripten's GLFW library (3.1.6, src/library_glfw.js) listens for "gamepadconnected" and
"gamepaddisconnected" from glfwInit, and its key handler calls navigator.getGamepads() on every
key press. In Chromium either one starts gamepad polling: a browser thread that samples the
gamepads about 60 times a second for as long as the page is open, an idle cost on every laptop
and phone. GPU Atlas reads no joystick (nothing calls glfwGetJoystick*), so the two listeners go
and the sample is an empty list. Fails, naming what it did not find, if the glue's shape changed
(a new Emscripten), so the gamepads never come back unnoticed. Works on Closure's output and on
the unminified glue alike.
"""
import re
import sys

path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    js = f.read()

LISTENER = re.compile(r'window\.addEventListener\(\s*"gamepad(?:dis)?connected"\s*,\s*[\w$.]+\s*,\s*(?:!0|true)\s*\)\s*;')
SAMPLE = re.compile(r'navigator\.getGamepads\s*\?\s*navigator\.getGamepads\(\)\s*:\s*\(?\s*navigator\.webkitGetGamepads\s*\?'
                    r'\s*navigator\.webkitGetGamepads\s*:\s*\[\]\s*\)?')

js, listeners = LISTENER.subn("", js)
js, samples = SAMPLE.subn("[]", js)
if listeners != 2 or samples != 1:
    sys.exit(f"strip_gamepads: {path}: found {listeners} of the 2 gamepad listeners and {samples} of the 1 "
             "navigator.getGamepads() sample in Emscripten's GLFW glue; its shape changed (see this script)")
if LISTENER.search(js) or "getGamepads" in js:
    sys.exit(f"strip_gamepads: {path}: gamepad code is left after stripping; its shape changed (see this script)")
with open(path, "w", encoding="utf-8") as f:
    f.write(js)

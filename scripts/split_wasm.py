#!/usr/bin/python3
"""Splits the linked web app into the code its first frame needs and the code that can wait.

usage: split_wasm.py LINKED.wasm ROOTS.txt PRIMARY.wasm DEFERRED.wasm

LINKED.wasm is the optimised app with a name section (linked with --profiling-funcs);
ROOTS.txt lists the deferred entry points, one demangled-name prefix per line (the functions
marked ATLAS_DEFERRED in the sources). A function goes into DEFERRED.wasm when nothing the
first frame can run reaches it except through a deferred entry point; everything else stays
in PRIMARY.wasm. The reachability is conservative: every function in the indirect-call table
counts as reachable, as do exports and the start function, so the only way into deferred code
is a direct call through an entry point, and the app calls those only after DEFERRED.wasm has
arrived. Binaryen's wasm-split does the splitting (functions only; data stays in the primary
module) and drops the name section from both outputs.

Fails (exit 1) when an entry point is missing (renamed, or inlined despite ATLAS_DEFERRED) or
is itself reachable indirectly, because then the split would no longer be safe.
"""
import os
import re
import subprocess
import sys
import tempfile

FUNC_RE = re.compile(r'^ \(func (\$\S+)')
CALL_RE = re.compile(r'\((?:call|return_call|ref\.func) (\$\S+?)\)?(?=[\s)]|$)')
EXPORT_RE = re.compile(r'^ \(export "[^"]*" \(func (\$\S+?)\)\)')
START_RE = re.compile(r'^ \(start (\$\S+?)\)')
ESCAPE_RE = re.compile(rb'\\([0-9a-fA-F]{2})')


def unescape(name):
    """Binaryen prints names with \\xx escapes; wasm-split wants the raw name."""
    raw = ESCAPE_RE.sub(lambda m: bytes([int(m.group(1), 16)]), name[1:].encode())
    return raw.decode('utf-8', 'replace')


def parse(wat_text):
    """Returns (defined functions in order, callees per function, root functions)."""
    callees = {}
    order = []
    roots = set()
    current = None
    for line in wat_text.splitlines():
        m = FUNC_RE.match(line)
        if m:
            current = m.group(1)
            order.append(current)
            callees[current] = set()
            continue
        if line.startswith(' (elem'):
            roots.update(tok.rstrip(')') for tok in line.split() if tok.startswith('$'))
            current = None
            continue
        m = EXPORT_RE.match(line) or START_RE.match(line)
        if m:
            roots.add(m.group(1))
            continue
        if current is not None:
            callees[current].update(CALL_RE.findall(line))
    return order, callees, roots


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    linked, roots_file, primary_out, deferred_out = argv[1:]
    prefixes = []
    with open(roots_file, encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                prefixes.append(line)
    wat = subprocess.run(['wasm-dis', linked], check=True, capture_output=True, text=True).stdout
    order, callees, roots = parse(wat)
    if not order:
        print(f'split_wasm: no functions found in {linked}', file=sys.stderr)
        return 1
    raw = {name: unescape(name) for name in order}

    entry = set()
    for prefix in prefixes:
        found = [n for n in order if raw[n].startswith(prefix)]
        if not found:
            print(f'split_wasm: deferred entry point "{prefix}" is not a function of {linked} '
                  '(renamed, or inlined: is it marked ATLAS_DEFERRED?)', file=sys.stderr)
            return 1
        entry.update(found)
    indirect = sorted(raw[n] for n in entry & roots)
    if indirect:
        print('split_wasm: deferred entry points reachable indirectly (table or export): '
              + '; '.join(indirect), file=sys.stderr)
        return 1

    reached = set()
    stack = [r for r in roots if r in callees]
    while stack:
        name = stack.pop()
        if name in reached or name in entry:
            continue
        reached.add(name)
        stack.extend(c for c in callees.get(name, ()) if c in callees and c not in reached)
    deferred = [n for n in order if n not in reached]

    with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False, encoding='utf-8') as f:
        f.write('\n'.join(n[1:] for n in deferred) + '\n')  # binaryen's own (escaped) names
        list_file = f.name
    try:
        subprocess.run(['wasm-split', linked, '--enable-mutable-globals', '--enable-sign-ext',
                        f'--split-funcs=@{list_file}',
                        '--export-prefix=%', '-o1', primary_out, '-o2', deferred_out], check=True)
    finally:
        os.unlink(list_file)
    print(f'split_wasm: {len(order) - len(deferred)} functions in {os.path.basename(primary_out)} '
          f'({os.path.getsize(primary_out)} B), {len(deferred)} in {os.path.basename(deferred_out)} '
          f'({os.path.getsize(deferred_out)} B)')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

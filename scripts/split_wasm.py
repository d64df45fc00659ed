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

A line "table-owner: NAME" in ROOTS.txt names a function (prefix) that builds std::function
objects only the deferred code uses (the link codec's field tables): their targets, in the table
for the std::function vtables, are then not counted as reachable; the split fails if anything
with that name is reached from the first frame.

Fails (exit 1) when an entry point is missing (renamed, or inlined despite ATLAS_DEFERRED) or
is itself reachable indirectly, because then the split would no longer be safe.
ATLAS_SPLIT_REPORT=FILE writes the first frame's functions to FILE, largest first (text lines
of each function in the disassembly, its demangled name, and the caller it was reached from).
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
    """Returns (defined functions in order, callees per function, root functions, text lines per
    function: a measure of its size)."""
    callees = {}
    order = []
    roots = set()
    lines = {}
    current = None
    for line in wat_text.splitlines():
        m = FUNC_RE.match(line)
        if m:
            current = m.group(1)
            order.append(current)
            callees[current] = set()
            lines[current] = 0
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
            lines[current] += 1
            callees[current].update(CALL_RE.findall(line))
    return order, callees, roots, lines


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    linked, roots_file, primary_out, deferred_out = argv[1:]
    prefixes = []
    owners = []  # "table-owner: NAME": std::function targets made only inside NAME
    with open(roots_file, encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if line.startswith('table-owner:'):
                owners.append(line[len('table-owner:'):].strip())
            elif line and not line.startswith('#'):
                prefixes.append(line)
    wat = subprocess.run(['wasm-dis', linked], check=True, capture_output=True, text=True).stdout
    order, callees, roots, lines = parse(wat)
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

    # A std::function's target sits in the table (its vtable holds the index), but it can only
    # be called once the std::function exists: one made only inside a deferred function cannot be
    # called before the deferred part has arrived, so it is no root. Checked below: no owner, and
    # nothing whose name starts with an owner's (its lambdas), may be reached from the first frame.
    owned = {n for n in roots for o in owners if raw[n].startswith('std::__2::__function::__func<' + o)}
    roots = roots - owned
    reached = set()
    parent = {}  # how each function was reached: its caller (None for a root)
    stack = [(r, None) for r in roots if r in callees]
    while stack:
        name, caller = stack.pop()
        if name in reached or name in entry:
            continue
        reached.add(name)
        parent[name] = caller
        stack.extend((c, name) for c in callees.get(name, ()) if c in callees and c not in reached)
    deferred = [n for n in order if n not in reached]
    for o in owners:
        if not any(raw[n].startswith(o) for n in order):
            print(f'split_wasm: table owner "{o}" is not a function of {linked} (renamed or inlined?)', file=sys.stderr)
            return 1
        bad = sorted(raw[n][:160] for n in reached if raw[n].startswith(o))
        if bad:
            print(f'split_wasm: table owner "{o}" is reached from the first frame, so the std::function targets it '
                  'makes may be called before the deferred part arrives: ' + '; '.join(bad), file=sys.stderr)
            return 1
    report = os.environ.get('ATLAS_SPLIT_REPORT')
    if report:  # the first frame's functions, largest first, to see what it pulls in
        with open(report, 'w', encoding='utf-8') as f:
            for n in sorted(reached, key=lambda n: -lines[n]):
                via = raw[parent[n]][:120] if parent[n] else '(table, export or start)'
                f.write(f'{lines[n]}\t{raw[n][:160]}\t<- {via}\n')

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

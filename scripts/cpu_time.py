#!/usr/bin/env python3
"""Runs a command and prints its wall time and CPU seconds (user + sys) to stderr, counting every
process it started, also those left behind by a parent that exited without waiting for them
(Chromium's renderer and GPU processes when a browser test ends with process.exit): this process
is their subreaper (prctl PR_SET_CHILD_SUBREAPER), so they are reaped here and their CPU time
is counted. Exits with the command's status.
usage: scripts/cpu_time.py [--label TEXT] [--report FILE] COMMAND [ARG...]
  --report FILE  append the line to FILE instead of printing it (scripts/test.sh's lanes)
"""
import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def reap_leftovers(deadline_s):
    """Waits for processes reparented to us until none is left or deadline_s has passed."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.05)


def main():
    args = sys.argv[1:]
    label = report = None
    while len(args) >= 2 and args[0] in ("--label", "--report"):
        if args[0] == "--label":
            label = args[1]
        else:
            report = args[1]
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    t0 = time.monotonic()
    status = subprocess.call(args)
    reap_leftovers(10)
    wall = time.monotonic() - t0
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    line = f"{wall:5.0f} s {ru.ru_utime + ru.ru_stime:8.1f} CPU s  {label or ' '.join(args)}"
    if report:
        with open(report, "a") as f:
            f.write(line + "\n")
    else:
        print(line, file=sys.stderr)
    sys.exit(status if status >= 0 else 128 - status)


if __name__ == "__main__":
    main()

"""The kit's command lines: a usage error exits with status 64, as wendc's do."""

import argparse
import os
import pathlib
import signal
import sys

USAGE = 64


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(USAGE)


def exit_cleanly_on_signals():
    """A `kill` (SIGTERM) or a closed terminal (SIGHUP) ends the script as
    Ctrl-C does, through its `finally` blocks and `with` statements, so that
    its temporary folders are removed and its children killed (Python's
    default is to die on the spot). The exit status is 128 + the signal's
    number, as a shell reports it."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda signum, _frame: sys.exit(128 + signum))


def require_writable(prog, path):
    """A usage error now if the file PATH could not be written, rather than
    a traceback once the work whose result it holds is done."""
    p = pathlib.Path(path)
    folder = p.parent
    if p.is_dir():
        problem = "is a folder"
    elif not folder.is_dir():
        problem = f"cannot be written: {folder} is not a folder"
    elif not os.access(folder, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        problem = "cannot be written: permission denied"
    else:
        return
    print(f"{prog}: {path} {problem}", file=sys.stderr)
    sys.exit(USAGE)



def seed_range(text):
    """wend-gen seeds written A:B (A included, B not) as a range."""
    a, colon, b = text.partition(":")
    if not (colon and a.isdigit() and b.isdigit() and int(a) < int(b)):
        raise argparse.ArgumentTypeError(f"takes A:B (from seed A up to B, not included), not {text!r}")
    return range(int(a), int(b))


def seeds_text(text):
    """An argparse type: the text of a seed range A:B, checked."""
    seed_range(text)
    return text

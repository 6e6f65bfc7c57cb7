"""The kit's command lines: a usage error exits with status 64, as wendc's do."""

import argparse
import os
import pathlib
import signal
import subprocess
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


def run_in_own_group(argv, timeout=None, **popen_args):
    """Runs `argv` in a process group (a session) of its own, so that
    everything it starts can be stopped with it; returns the
    CompletedProcess, or None if it ran past `timeout` seconds (the whole
    group is then killed). If this script is interrupted meanwhile (Ctrl-C,
    kill), the group is asked to stop with SIGTERM, so that a kit script in
    it cleans up after itself, and whatever is left of it is killed; then
    the interruption goes on. (`subprocess.run` kills only the child it
    started: the child's own children would go on writing into folders this
    script is about to remove.)"""
    proc = subprocess.Popen(argv, start_new_session=True, **popen_args)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _signal_group(proc, signal.SIGKILL)
        proc.communicate()
        return None
    except BaseException:
        _signal_group(proc, signal.SIGTERM)
        try:
            proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        _signal_group(proc, signal.SIGKILL)
        proc.wait()
        raise
    # The child has ended; anything it left running in its group goes too.
    _signal_group(proc, signal.SIGKILL)
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def _signal_group(proc, sig):
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass  # the group has ended already


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

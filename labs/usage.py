"""The kit's command lines: a usage error exits with status 64, as wendc's do."""

import argparse
import sys

USAGE = 64


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(USAGE)

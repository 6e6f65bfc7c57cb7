#!/usr/bin/env python3
"""Checks the VS Code extension package that `make vsix` builds: it holds
everything VS Code loads from it, so that the installed extension
activates. The manifest's entry point, grammar and language configuration
are in it, and every module extension.js requires (but VS Code's own
`vscode` and Node's built-ins) is bundled under node_modules/, with the
package's own dependencies in turn.

Usage: python3 editors/vscode/test/check-vsix.py target/wend.vsix
"""

import json
import posixpath
import re
import sys
import zipfile

NODE_BUILTINS = {"path", "fs", "os", "child_process", "net", "util", "events", "crypto",
                 "stream", "url", "assert", "buffer", "process"}


def main(vsix):
    problems = []
    with zipfile.ZipFile(vsix) as package:
        names = set(package.namelist())

        def read(name):
            return package.read(name).decode()

        manifest = json.loads(read("extension/package.json"))
        wanted = [manifest["main"]]
        contributes = manifest["contributes"]
        wanted += [g["path"] for g in contributes["grammars"]]
        wanted += [lang["configuration"] for lang in contributes["languages"]]
        for path in wanted:
            name = posixpath.normpath(posixpath.join("extension", path))
            if name not in names and name + ".js" not in names:
                problems.append(f"{path} (named by package.json) is not in the package")

        # The modules the entry point requires, and their dependencies,
        # each found as Node finds it: in the node_modules/ of the
        # requiring package's folder, else of a folder above it.
        def resolve(folder, module):
            while True:
                found = posixpath.join(folder, "node_modules", module)
                if found + "/package.json" in names:
                    return found
                if folder == "extension":
                    return None
                folder = posixpath.dirname(folder)

        def package_name(module):
            parts = module.split("/")
            return "/".join(parts[:2] if module.startswith("@") else parts[:1])

        main_js = posixpath.normpath(posixpath.join("extension", manifest["main"]))
        requires = re.findall(r"require\(\"([^\"./][^\"]*)\"\)", read(main_js))
        queue = [("extension", package_name(m)) for m in requires]
        seen = set()
        while queue:
            folder, module = queue.pop()
            if module == "vscode" or module in NODE_BUILTINS:
                continue
            found = resolve(folder, module)
            if found is None:
                problems.append(f"`{module}` (required from {folder}) is not bundled")
                continue
            if found in seen:
                continue
            seen.add(found)
            dependencies = json.loads(read(found + "/package.json")).get("dependencies", {})
            queue += [(found, d) for d in dependencies]
        if "extension/node_modules/vscode-languageclient" not in seen:
            problems.append("extension.js does not require vscode-languageclient")

    for problem in problems:
        print(f"check-vsix: {vsix}: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-vsix: {vsix}: entry point, grammar, language configuration and "
          f"{len(seen)} bundled modules present")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])

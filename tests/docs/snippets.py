#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Compiles (and where marked, runs) every C snippet of README.md and docs/*.md.

The guides are read on a Git host and in Doxygen, so they are plain Markdown: this
test also fails on Doxygen-only syntax in them (@ref, {#anchors}, @code blocks, ~~~
fences, #NAME autolinks).

A snippet is a fenced block whose info string is exactly "c" (```c). How it is
compiled is said by an HTML comment on the line just before the fence (invisible
on a Git host and in Doxygen):

  (no marker)                   a function body: compiled as
                                `int snippet(void) { <snippet> return 0; }`
                                after the file's prelude. Preprocessor lines at
                                its top (#include, #define) go before the function.
  <!-- snippet: void -->        the same in `void snippet(void)`.
  <!-- snippet: file -->        file-scope declarations, after the prelude.
  <!-- snippet: unit -->        a complete translation unit: compiled alone.
  <!-- snippet: fails [TEXT] --> file scope after the prelude, and it must NOT
                                compile (it shows what the library rejects), with
                                TEXT in the compiler's message when given.
  <!-- snippet: run CHECK -->   a function body as above, linked with the library
                                and run: the prelude's CHECK(int (*)(void)) calls
                                the snippet in the situations the prose names and
                                returns 0 when it behaved as the prose says.
  <!-- snippet: unit run [mock] -->
                                a complete program, linked with the library (and
                                hvtlfs::mock) and run: it must exit with 0.
  <!-- snippet: KIND ... x86 --> any kind but fails, compiled only when --arch is
                                x86_64 or i386 (what exists on x86 alone, such as the
                                hypercall page's VTL sequences).
  <!-- snippet: same-as PATH --> not compiled here: its lines (comments and
                                spacing aside) must appear in that order in PATH,
                                a file the build compiles (e.g. kernel-only code).

The prelude of docs/NAME.md is tests/docs/prelude/NAME.h (README.md: README.h): it
includes the headers the guide uses and declares what its snippets take from the
surrounding prose (the caller's own functions and variables). For run snippets it
is compiled with SNIPPET_RUN defined and then also defines them, and the checkers.
"""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

MARKER = re.compile(r"^<!--\s*snippet:\s*(.*?)\s*-->\s*$")
WARNINGS = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]
DOXYGEN_ONLY = [
    (re.compile(r"@ref\b|\\ref\b"), "@ref (use a Markdown link)"),
    (re.compile(r"\{#[A-Za-z_]+\}"), "a {#anchor} (Doxygen labels the page itself)"),
    (re.compile(r"^\s*[@\\](code|endcode)\b"), "@code (use a ```c fence)"),
    (re.compile(r"^~~~"), "a ~~~ fence (use ```)"),
    (re.compile(r"(^|[^`\\\w])#HVTLFS_"), "a #NAME autolink (use `NAME`)"),
]


def blocks(path):
    """Yields (line number of the first code line, marker, code, is_c) per fence."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        lang, start = m.group(1), i + 1
        marker = None
        j = i - 1
        while j >= 0 and lines[j].strip() == "":
            j -= 1
        if j >= 0 and MARKER.match(lines[j]):
            marker = MARKER.match(lines[j]).group(1)
        k = start
        while k < len(lines) and not lines[k].startswith("```"):
            k += 1
        yield start + 1, marker, "\n".join(lines[start:k]) + "\n", lang == "c"
        i = k + 1


def prose_errors(path):
    errors = []
    inside = False
    for n, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        if line.startswith("```"):
            inside = not inside
            continue
        if inside:
            continue
        for rx, what in DOXYGEN_ONLY:
            # Inline code spans are code, not prose.
            if rx.search(re.sub(r"`[^`]*`", "``", line)):
                errors.append("%s:%d: %s" % (path, n, what))
    return errors


def split_preprocessor(code):
    """Leading preprocessor lines (and blank lines among them) and the rest."""
    lines = code.split("\n")
    k = 0
    while k < len(lines) and (lines[k].startswith("#") or lines[k].strip() == ""):
        k += 1
    return "\n".join(lines[:k]), k, "\n".join(lines[k:])


def normalise(line):
    line = re.sub(r"/\*.*?\*/", "", line)
    line = re.sub(r"//.*", "", line)
    return " ".join(line.split())


class Harness:
    def __init__(self, args):
        self.a = args
        self.root = args.root
        self.work = args.work
        self.failures = []
        self.counts = {}
        self.n = 0

    def cc(self, extra, out, sources, libs=None):
        cmd = [self.a.cc] + shlex.split(self.a.cflags) + WARNINGS
        cmd += ["-I", os.path.join(self.root, "include"),
                "-I", os.path.join(self.root, "arch", self.a.arch, "include"),
                "-I", os.path.join(self.root, "tests", "docs", "prelude")]
        cmd += extra + sources
        if libs is not None:
            cmd += ["-o", out] + libs + shlex.split(self.a.ldflags)
        else:
            cmd += ["-c", "-o", out]
        return subprocess.run(cmd, capture_output=True, text=True)

    def source(self, md, line, kind, code):
        stem = os.path.splitext(os.path.basename(md))[0]
        prelude = os.path.join(self.root, "tests", "docs", "prelude", stem + ".h")
        rel = os.path.relpath(md, self.root)
        text = ""
        if kind != "unit" and os.path.exists(prelude):
            text += '#include "%s.h"\n' % stem
        if kind in ("body", "void", "run"):
            pre, skip, body = split_preprocessor(code)
            if pre.strip():
                text += '#line %d "%s"\n%s\n' % (line, rel, pre)
            text += "%s snippet(void);\n%s snippet(void)\n{\n" % (
                ("void", "void") if kind == "void" else ("int", "int"))
            text += '#line %d "%s"\n%s\n' % (line + skip, rel, body)
            if kind != "void":
                # At the snippet's own indentation: compilers check it.
                text += '#line 1 "(snippet wrapper)"\nreturn 0;\n'
            text += "}\n"
        else:
            text += '#line %d "%s"\n%s' % (line, rel, code)
        return text

    def check(self, md, line, marker, code):
        words = (marker or "body").split()
        kind = words[0]
        where = "%s:%d" % (os.path.relpath(md, self.root), line)
        self.n += 1
        if kind != "fails" and "x86" in words[1:]:
            words = [w for w in words if w != "x86"]
            if self.a.arch not in ("x86_64", "i386"):
                self.counts["skipped (x86 only)"] = self.counts.get("skipped (x86 only)", 0) + 1
                return
        if kind == "same-as":
            self.same_as(where, code, os.path.join(self.root, words[1]))
            return
        if kind not in ("body", "void", "file", "unit", "fails", "run"):
            self.failures.append("%s: unknown snippet kind '%s'" % (where, marker))
            return
        run = kind == "run" or (kind == "unit" and "run" in words[1:])
        src = os.path.join(self.work, "snippet%03d.c" % self.n)
        with open(src, "w", encoding="utf-8") as f:
            f.write(self.source(md, line, kind, code))
            if kind == "run":
                f.write("\nint main(void)\n{\n\treturn %s(snippet);\n}\n" % words[1])
        extra = ["-DSNIPPET_RUN"] if run else []
        if "mock" in words[1:]:
            extra += ["-DHVTLFS_HYPERCALL_SKIP_RED_ZONE=1"]
        out = src[:-2] + (".bin" if run else ".o")
        libs = None
        if run:
            if "mock" in words[1:] and not (self.a.mock_lib and self.a.cmocka_lib):
                self.counts["skipped (no mock)"] = self.counts.get("skipped (no mock)", 0) + 1
                return
            libs = ([self.a.mock_lib] if "mock" in words[1:] else []) + [self.a.lib]
            libs += [self.a.cmocka_lib] if "mock" in words[1:] else []
        r = self.cc(extra, out, [src], libs)
        key = kind + (" run" if kind == "unit" and run else "")
        self.counts[key] = self.counts.get(key, 0) + 1
        if kind == "fails":
            text = " ".join(words[1:])
            if r.returncode == 0:
                self.failures.append("%s: compiles, but the guide says it must not" % where)
            elif text and text not in r.stderr:
                self.failures.append("%s: fails, but not with '%s'\n%s" % (where, text, r.stderr))
            return
        if r.returncode != 0:
            self.failures.append("%s: does not compile (%s)\n%s" % (where, kind, r.stderr))
            return
        if run:
            p = subprocess.run(self.a.emulator + [out], capture_output=True, text=True)
            if p.returncode != 0:
                self.failures.append("%s: ran, exit %d\n%s%s" % (where, p.returncode,
                                                                   p.stdout, p.stderr))

    def same_as(self, where, code, path):
        self.counts["same-as"] = self.counts.get("same-as", 0) + 1
        try:
            have = [normalise(l) for l in open(path, encoding="utf-8")]
        except OSError as e:
            self.failures.append("%s: same-as %s: %s" % (where, path, e))
            return
        have = [l for l in have if l]
        k = 0
        for line in (normalise(l) for l in code.split("\n")):
            if not line:
                continue
            while k < len(have) and have[k] != line:
                k += 1
            if k == len(have):
                self.failures.append("%s: '%s' is not in %s (in this order)" %
                                     (where, line, os.path.relpath(path, self.root)))
                return
            k += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--arch", required=True)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--cflags", default="")
    ap.add_argument("--ldflags", default="")
    ap.add_argument("--lib", required=True, help="the hvtlfs library the run snippets link")
    ap.add_argument("--mock-lib", default="", help="hvtlfs::mock, for 'unit run mock'")
    ap.add_argument("--cmocka-lib", default="", help="cmocka, for 'unit run mock'")
    ap.add_argument("--emulator", default="", help="runs the programs (qemu-i386)")
    ap.add_argument("--work", default=None)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    a.emulator = shlex.split(a.emulator)
    files = a.files or [os.path.join(a.root, "README.md")] + sorted(
        glob.glob(os.path.join(a.root, "docs", "*.md")))
    if a.work is None:
        a.work = tempfile.mkdtemp(prefix="hvtlfs-snippets-")
    os.makedirs(a.work, exist_ok=True)
    h = Harness(a)
    for md in files:
        h.failures += prose_errors(md)
        for line, marker, code, is_c in blocks(md):
            if is_c:
                h.check(md, line, marker, code)
            elif marker:
                h.failures.append("%s:%d: a snippet marker on a block that is not ```c" %
                                  (os.path.relpath(md, a.root), line))
    for f in h.failures:
        print("FAIL " + f)
    kinds = ", ".join("%d %s" % (v, k) for k, v in sorted(h.counts.items()))
    print("docs snippets: %d snippets in %d files (%s), %d failed" %
          (h.n, len(files), kinds, len(h.failures)))
    return 1 if h.failures or h.n == 0 else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Per Java package of the project's main sources: files, lines, and the longest method.

Usage: ops/src/bench/python/house_numbers.py [ROOT] [--markdown]

A method is a block whose opening brace follows a parameter list at the level of a class body
(constructors, methods, and the compact constructors of records); lambdas and anonymous classes
count towards the method that holds them. Lines are physical lines, from the signature's first
line to the closing brace. Comments, strings and character literals are skipped when braces are
counted. Used for the numbers of issue 23 (docs/BENCHMARKS.md, "The house").
"""
import os
import re
import sys

CONTROL = {"if", "for", "while", "switch", "catch", "synchronized", "try", "else", "do", "finally",
           "return", "new", "throw", "case", "default", "static"}


def strip(text):
    """The text with comments, strings and char literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def methods(path):
    text = strip(open(path, encoding="utf-8").read())
    stack = []  # each: ("class"|"method"|"block", start line, name)
    found = []
    head_start = 0
    line = 1
    head = []
    for i, c in enumerate(text):
        if c == "\n":
            line += 1
        if c == "{":
            h = "".join(head).strip()
            kind = "block"
            name = None
            in_class = not stack or stack[-1][0] == "class"
            if re.search(r"\b(class|interface|enum|record)\s+\w+", h) and in_class or not stack:
                kind = "class"
            elif in_class and "(" in h:
                m = re.search(r"(\w+)\s*\(", h)
                if m and m.group(1) not in CONTROL:
                    kind, name = "method", m.group(1)
            elif in_class and re.match(r"^\w+$", h.split()[-1] if h.split() else "") and "=" not in h:
                # compact record constructor: "Name {"
                kind, name = "method", h.split()[-1]
            start = head_start_line if h else line
            stack.append((kind, start, name))
            head = []
            head_start_line = line
        elif c == "}":
            if stack:
                kind, start, name = stack.pop()
                if kind == "method":
                    found.append((line - start + 1, name, start))
            head = []
            head_start_line = line
        elif c == ";":
            head = []
            head_start_line = line
        else:
            if not "".join(head).strip() and not c.isspace():
                head_start_line = line
            head.append(c)
    return found


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    root = args[0] if args else "."
    packages = {}
    for dirpath, _, files in os.walk(root):
        if "/src/main/java/" not in dirpath + "/" or "/target/" in dirpath:
            continue
        for f in sorted(files):
            if not f.endswith(".java"):
                continue
            p = os.path.join(dirpath, f)
            pkg = dirpath.split("/src/main/java/")[1].replace("/", ".")
            entry = packages.setdefault(pkg, {"files": 0, "lines": 0, "longest": (0, "", "")})
            entry["files"] += 1
            entry["lines"] += sum(1 for _ in open(p, encoding="utf-8"))
            for length, name, start in methods(p):
                if length > entry["longest"][0]:
                    entry["longest"] = (length, f[:-5] + "." + name, start)
    print("| package | files | lines | longest method (lines) |")
    print("|---|---:|---:|---|")
    for pkg in sorted(packages):
        e = packages[pkg]
        length, name, _ = e["longest"]
        print(f"| {pkg.replace('org.digitalheaven.', '')} | {e['files']} | {e['lines']} | `{name}` {length} |")
    print(f"| total | {sum(e['files'] for e in packages.values())} | {sum(e['lines'] for e in packages.values())} | |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Which folders of Sources/XMLEvents use which others' top-level declarations (a lexical reading: comments
and string literals left out), and whether they form a cycle. Exits 1 on a cycle.

    Scripts/folder-graph.py [ROOT] [DEPTH]

DEPTH 1 reads Parser/Tape as Parser; 2 tells them apart."""
import os, re, sys, collections
root = sys.argv[1] if len(sys.argv) > 1 else 'Sources/XMLEvents'
depth = int(sys.argv[2]) if len(sys.argv) > 2 else 1
decl = re.compile(r'^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated|static)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_]\w*)', re.M)
def folder(path):
    rel = os.path.relpath(os.path.dirname(path), root)
    parts = [] if rel == '.' else rel.split(os.sep)
    return '/'.join(parts[:depth]) or '(top)'
files = {}
for d, _, fs in os.walk(root):
    for f in fs:
        if f.endswith('.swift'):
            p = os.path.join(d, f)
            src = open(p).read()
            src = re.sub(r'//.*', '', src)  # comments (doc links are not dependencies)
            src = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', src)
            files[p] = src
def top_level(src):
    """The names a file declares at its top level, inside #if blocks too (indented 4 per block)."""
    names, depth = [], 0
    for line in src.split('\n'):
        stripped = line.strip()
        if stripped.startswith('#if'):
            depth += 1
            continue
        if stripped.startswith('#endif'):
            depth -= 1
            continue
        indent = len(line) - len(line.lstrip(' '))
        if indent == 4 * depth:
            names += decl.findall(line.lstrip(' '))
    return names
owner = {}
for p, src in files.items():
    for name in top_level(src):
        owner.setdefault(name, set()).add(folder(p))
edges = collections.defaultdict(lambda: collections.defaultdict(set))
for p, src in files.items():
    f = folder(p)
    own = set(top_level(src))
    for tok in set(re.findall(r'\b[A-Z_a-z]\w*\b', src)):
        if tok in own: continue
        for g in owner.get(tok, ()):
            if g != f and len(owner[tok]) == 1:
                edges[f][g].add(tok)
for f in sorted(edges):
    for g in sorted(edges[f]):
        print(f'{f} -> {g}: {", ".join(sorted(edges[f][g])[:8])}{" …" if len(edges[f][g]) > 8 else ""}')
# cycles (pairs and longer, via SCCs)
index = {}; low = {}; stack = []; on = set(); sccs = []; counter = [0]
def strong(v):
    index[v] = low[v] = counter[0]; counter[0] += 1; stack.append(v); on.add(v)
    for w in edges.get(v, {}):
        if w not in index: strong(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: sccs.append(sorted(comp))
nodes = set(edges) | {g for f in edges for g in edges[f]}
for v in sorted(nodes):
    if v not in index: strong(v)
print('cycles:', sccs if sccs else 'none')
sys.exit(1 if sccs else 0)

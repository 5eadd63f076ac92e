#!/usr/bin/env python3
# tests/test-json-schema.py - acyclic-check --json against data/acyclic-check.schema.json
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-json-schema.py ACYCLIC-CHECK SOURCE-DIR
# Runs --json on test files of which the first fails to parse, one checks
# one names an unknown macro and one has a loop cut off (herd7's Loop):
# the output must be valid JSON, valid
# against the schema shipped in data/, with one entry per file in order.
# Skips (77) without Python's jsonschema module.
import json, os, subprocess, sys

try:
    import jsonschema
except ImportError:
    print('1..0 # SKIP no jsonschema module')
    sys.exit(77)

check, top = sys.argv[1], sys.argv[2]
cli = os.path.join(top, 'tests', 'cli')
with open(os.path.join(top, 'data', 'acyclic-check.schema.json')) as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
files = ['unterminated.litmus', 'C-CO+o-o.litmus', 'unknown-macro.litmus', 'no-such-file.litmus',
         '../herd7/loop-spin.litmus']
p = subprocess.run([check, '--json', '-cat', os.path.join(top, 'models', 'toy-rmo.cat')] + files,
                   cwd=cli, capture_output=True, text=True)
print('1..4')
doc = json.loads(p.stdout)
print('ok 1 - valid JSON')
jsonschema.validate(doc, schema)
print('ok 2 - valid against the schema')
got = [r['file'] for r in doc['results']]
assert got == files, got
print('ok 3 - one entry per file, in order')
assert 'error' in doc['results'][0] and doc['results'][0]['error']['line'] == 10
assert doc['results'][1]['observation'] == 'Sometimes'
assert 'error' in doc['results'][2] and 'error' in doc['results'][3]
assert 'loop_cut' not in doc['results'][1]
assert doc['results'][4]['loop_cut'] == {'line': 7, 'column': 2, 'unroll': 2}, doc['results'][4]
assert p.returncode == 1
print('ok 4 - errors with their position, results, a loop cut off, exit status 1')

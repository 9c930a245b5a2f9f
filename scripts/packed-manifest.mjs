#!/usr/bin/env node
// The package.json that `npm pack` (and `npm publish`) puts in the tarball, without the `prepare` script.
// `prepare` builds dist/ where the package is installed from its sources: `npm ci` in a clone (the GitHub
// Action's install) and a git-URL install, which npm prepares by running `prepare` alone. A tarball
// ships dist/ built, and npm 11 lists its `prepare` among the install scripts it warns about (and,
// once allowed, may run: tsc, a devDependency the install does not have). npm has no setting that
// leaves a script out of the packed manifest, so prepack writes the manifest without it, keeping the
// original's bytes beside it, and postpack puts them back:
//   node scripts/packed-manifest.mjs strip      (prepack, after the build)
//   node scripts/packed-manifest.mjs restore    (postpack)
// A pack that failed between the two leaves the original beside the manifest; the next strip (or a
// restore) puts it back first, so the checkout's package.json is never lost.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** npm runs lifecycle scripts in the package's folder; the package's own folder either way. */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
/** Not under `files`, so never packed itself. */
const original = join(root, 'package.json.unpacked');

/** The development-only scripts a tarball must not carry. */
const UNPACKED_SCRIPTS = ['prepare'];

function restore() {
  if (existsSync(original)) renameSync(original, manifest);
}

function strip() {
  restore();
  const text = readFileSync(manifest, 'utf8');
  const packed = JSON.parse(text);
  for (const script of UNPACKED_SCRIPTS) delete packed.scripts?.[script];
  writeFileSync(original, text);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
}

const actions = { strip, restore };
const action = actions[process.argv[2]];
if (!action) {
  console.error('usage: node scripts/packed-manifest.mjs strip|restore');
  process.exit(2);
}
action();

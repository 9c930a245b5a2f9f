import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The folder holding our package.json, whether running from src/ (tests) or dist/src/ (the CLI). */
export const PACKAGE_ROOT = (() => {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error('critic-audit: cannot find its own package.json');
  }
})();

export const HARNESS_VERSION: string = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')).version;

/**
 * Writes docs/config-reference.md from the zod schemas the config is checked
 * with (src/config/reference.ts). Run it after changing a schema:
 *
 *   npx tsc -p tsconfig.json && node dist/scripts/config-reference.js
 *
 * test/docs/config-reference.spec.ts fails while the committed page differs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_REFERENCE_FILE, renderConfigReference } from '../src/config/reference.js';
import { PACKAGE_ROOT } from '../src/util/packageRoot.js';

const file = join(PACKAGE_ROOT, CONFIG_REFERENCE_FILE);
writeFileSync(file, renderConfigReference());
console.log(`wrote ${file}`);

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_PROVIDERS } from '../../src/reviews/providers/index.js';
import { CONFIG_REFERENCE_FILE, renderConfigReference } from '../../src/config/reference.js';
import { configSchema } from '../../src/config/schema.js';
import { thresholdsSchema } from '../../src/measures/index.js';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

const committed = readFileSync(join(PACKAGE_ROOT, CONFIG_REFERENCE_FILE), 'utf8');
const rendered = renderConfigReference();

describe('docs/config-reference.md', () => {
  it('is what scripts/config-reference.ts generates from the schemas (regenerate: npx tsc -p tsconfig.json && node dist/scripts/config-reference.js)', () => {
    expect(committed).toBe(rendered);
  });

  it('has a row for every top-level key, every threshold and every provider', () => {
    for (const key of Object.keys(configSchema.shape)) expect(rendered).toContain(`| \`${key}\` |`);
    for (const key of Object.keys(thresholdsSchema.shape)) expect(rendered).toContain(`| \`${key}\` |`);
    for (const provider of ALL_PROVIDERS) expect(rendered).toContain(`### provider: ${provider.name}`);
  });

  it('prints the description a schema field carries, and its default', () => {
    expect(rendered).toMatch(/\| `errorBudget` \| number in \[0, 1\] \| {2}\| `0\.05` \| The largest share of reviews that may end in an error/);
    expect(rendered).toMatch(/\| `pricing\.inputPerMillion` \| number ≥ 0 \| yes \| {2}\| The price of a million input tokens\. \|/);
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';

/** The README is the guide and the map; the reference lives in docs/ (issue 28). */
const README = join(PACKAGE_ROOT, 'README.md');
const DOCS = join(PACKAGE_ROOT, 'docs');
const MAX_README_BYTES = 25_000;

/** The Markdown outside fenced code blocks: what a reader sees as links and headings. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The relative links of a Markdown page (web addresses aside), as written. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (hyphens and underscores kept), each space a hyphen. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = [...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => anchorOf(m[1]!));
  const anchors = new Set<string>();
  for (const anchor of headings) {
    let unique = anchor;
    for (let n = 1; anchors.has(unique); n++) unique = `${anchor}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

const pages = readdirSync(DOCS)
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(DOCS, name));

describe('the README', () => {
  const readme = readFileSync(README, 'utf8');

  it(`is at most ${MAX_README_BYTES} bytes: a guide, with the reference in docs/`, () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(MAX_README_BYTES);
  });

  it('links every page under docs/', () => {
    const linked = new Set(relativeLinks(readme).map((target) => resolve(PACKAGE_ROOT, target.split('#')[0]!)));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((page) => !linked.has(page)).map((page) => relative(PACKAGE_ROOT, page))).toEqual([]);
  });

  it('states the test command CI runs (.ci/run runs "the README\'s test command")', () => {
    expect(readme).toContain('npm test');
    expect(readFileSync(join(PACKAGE_ROOT, '.ci/run'), 'utf8')).toMatch(/^npm test$/m);
  });
});

describe.each([README, ...pages].map((file) => [relative(PACKAGE_ROOT, file), file] as const))('links in %s', (_name, file) => {
  it('point at files that exist, and at headings those files have', () => {
    const broken: string[] = [];
    for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const destination = path === '' ? file : resolve(dirname(file), path);
      if (!existsSync(destination)) broken.push(`${target}: no such file`);
      else if (anchor !== undefined && !(statSync(destination).isFile() && anchorsOf(destination).has(anchor))) broken.push(`${target}: no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });
});

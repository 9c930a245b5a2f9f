import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandFor, shellWord } from './invocation.js';

/** A copy of critic-audit at `root` (package.json and the bin), as npm lays one out. */
function installAt(root: string): string {
  mkdirSync(join(root, 'bin'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"name": "critic-audit", "version": "0.1.0"}\n');
  writeFileSync(join(root, 'bin', 'critic-audit.js'), '#!/usr/bin/env node\n', { mode: 0o755 });
  return root;
}

/** A folder on PATH whose `critic-audit` links to the copy at `root`, as `npm install -g` and npx write them. */
function binLinkTo(dir: string, root: string): string {
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(root, 'bin', 'critic-audit.js'), join(dir, 'critic-audit'));
  return dir;
}

const PATH = (...dirs: string[]) => ({ PATH: dirs.join(delimiter) });

describe('commandFor: the command that starts this copy of critic-audit from another folder', () => {
  const tmp = () => mkdtempSync(join(tmpdir(), 'critic-audit-invocation-'));

  it('a global install whose bin is on PATH: critic-audit', () => {
    const prefix = tmp();
    const root = installAt(join(prefix, 'lib', 'node_modules', 'critic-audit'));
    const bin = binLinkTo(join(prefix, 'bin'), root);
    expect(commandFor(join(prefix, 'audit'), { packageRoot: root, env: PATH('/usr/bin', bin), cwd: prefix })).toBe('critic-audit');
  });

  it('a global install whose bin is not on PATH, or whose name on PATH is another copy: node and the bin file', () => {
    const prefix = tmp();
    const root = installAt(join(prefix, 'lib', 'node_modules', 'critic-audit'));
    binLinkTo(join(prefix, 'bin'), root);
    const other = binLinkTo(join(prefix, 'other-bin'), installAt(join(prefix, 'other', 'critic-audit')));
    const node = `node ${join(root, 'bin', 'critic-audit.js')}`;
    expect(commandFor(join(prefix, 'audit'), { packageRoot: root, env: PATH('/usr/bin'), cwd: prefix })).toBe(node);
    expect(commandFor(join(prefix, 'audit'), { packageRoot: root, env: PATH(other, join(prefix, 'bin')), cwd: prefix })).toBe(node);
  });

  it('started by npm (npx, a script): the folders npm put before the user PATH do not count', () => {
    const prefix = tmp();
    const root = installAt(join(prefix, 'lib', 'node_modules', 'critic-audit'));
    const npms = binLinkTo(join(prefix, 'bin'), root);
    const env = { ...PATH(npms, join(prefix, 'node_modules', '.bin'), '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin', '/usr/bin'), npm_lifecycle_event: 'npx' };
    expect(commandFor(join(prefix, 'audit'), { packageRoot: root, env, cwd: prefix })).toBe(`node ${join(root, 'bin', 'critic-audit.js')}`);
    const onUserPath = { ...env, PATH: `${env.PATH}${delimiter}${npms}` };
    expect(commandFor(join(prefix, 'audit'), { packageRoot: root, env: onUserPath, cwd: prefix })).toBe('critic-audit');
  });

  it("installed by npx into its cache from a tarball: npx --yes --package with the tarball's absolute path", () => {
    const cache = join(tmp(), '_npx', '0123456789abcdef');
    const root = installAt(join(cache, 'node_modules', 'critic-audit'));
    writeFileSync(join(cache, 'package.json'), JSON.stringify({ dependencies: { 'critic-audit': 'file:../x.tgz' }, _npx: { packages: ['./critic-audit-0.1.0.tgz'] } }));
    const env = { ...PATH(binLinkTo(join(cache, 'node_modules', '.bin'), root), '/usr/bin'), npm_lifecycle_event: 'npx' };
    expect(commandFor('/work/audit', { packageRoot: root, env, cwd: '/work/my place' })).toBe("npx --yes --package='/work/my place/critic-audit-0.1.0.tgz' critic-audit");
  });

  it('installed by npx from a git URL: the same spec', () => {
    const cache = join(tmp(), '_npx', 'fedcba9876543210');
    const root = installAt(join(cache, 'node_modules', 'critic-audit'));
    writeFileSync(join(cache, 'package.json'), JSON.stringify({ _npx: { packages: ['github:acme/critic-audit#v0.1.0'] } }));
    expect(commandFor('/work/audit', { packageRoot: root, env: PATH('/usr/bin'), cwd: '/work' })).toBe("npx --yes --package='github:acme/critic-audit#v0.1.0' critic-audit");
  });

  it("a project's dependency: npx critic-audit in a folder of that project, node and the bin file outside it", () => {
    const project = tmp();
    writeFileSync(join(project, 'package.json'), '{"name": "mine", "devDependencies": {"critic-audit": "0.1.0"}}\n');
    const root = installAt(join(project, 'node_modules', 'critic-audit'));
    const origin = { packageRoot: root, env: PATH('/usr/bin'), cwd: project };
    expect(commandFor(join(project, 'audit'), origin)).toBe('npx critic-audit');
    expect(commandFor(project, origin)).toBe('npx critic-audit');
    expect(commandFor(`${project}-audit`, origin)).toBe(`node ${join(root, 'bin', 'critic-audit.js')}`);
  });

  it('a clone: node and the clone’s bin file, quoted for the shell where it needs to be', () => {
    const clone = installAt(join(tmp(), 'my clones', 'critic-audit'));
    expect(commandFor(join(clone, 'audit'), { packageRoot: clone, env: PATH('/usr/bin'), cwd: clone })).toBe(`node '${join(clone, 'bin', 'critic-audit.js')}'`);
  });
});

describe('shellWord', () => {
  it('leaves a plain word alone and single-quotes the rest, quotes included', () => {
    expect(shellWord('/usr/lib/node_modules/critic-audit/bin/critic-audit.js')).toBe('/usr/lib/node_modules/critic-audit/bin/critic-audit.js');
    expect(shellWord("it's here")).toBe(`'it'\\''s here'`);
  });
});

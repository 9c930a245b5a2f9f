import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/load.js';
import { EXIT, InputError } from '../errors.js';
import { buildCanarySet, writeCanarySet } from './export.js';
import { CanaryServer, USES_FILE } from './serve.js';

export const CANARY_USAGE = `critic-audit canary --config FILE --out DIR [--critic NAME] [--per-mutator N]
                                                   export verified mutants and controls as canaries for production
  critic-audit canary serve --key DIR/answer-key.json --port N [--rotate N] [--host H]
                                                   serve the canaries over HTTP (GET /next, GET /status)`;

export const CANARY_EXITS = 'Exit codes: 0 canaries written (serve: stopped by SIGINT or SIGTERM), 2 bad input (config, key, canaries file, port).';

/** `critic-audit canary` and `critic-audit canary serve`: returns the exit code. */
export async function canaryCommand(argv: string[]): Promise<number> {
  if (argv[0] === 'serve') return serveCommand(argv.slice(1));
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { config: { type: 'string', default: 'critic.config.yaml' }, out: { type: 'string' }, critic: { type: 'string' }, 'per-mutator': { type: 'string' } },
  });
  if (!values.out) throw new InputError('(command line)', undefined, '--out', 'canary needs --out DIR, the folder for canaries.jsonl and answer-key.json');
  const perMutator = values['per-mutator'] === undefined ? undefined : positiveInt(values['per-mutator'], '--per-mutator');
  const config = loadConfig(values.config!);
  const set = await buildCanarySet(config, { critic: values.critic, perMutator });
  writeCanarySet(values.out, set);
  const mutants = Object.values(set.key.key).filter((e) => e.role === 'mutant').length;
  console.log(`${set.lines.length} canaries (${mutants} mutants, ${set.lines.length - mutants} controls) for critic ${set.key.critic}:`);
  console.log(`  ${join(values.out, set.key.canaries)}   for the production system: log each canaryId beside the critic's verdict`);
  console.log(`  ${join(values.out, 'answer-key.json')}   for you only: critic-audit drift LOG... --canaries ${join(values.out, 'answer-key.json')}`);
  return EXIT.ok;
}

async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, strict: true, options: { key: { type: 'string' }, port: { type: 'string' }, rotate: { type: 'string' }, host: { type: 'string' } } });
  if (!values.key) throw new InputError('(command line)', undefined, '--key', 'canary serve needs --key DIR/answer-key.json');
  if (values.port === undefined) throw new InputError('(command line)', undefined, '--port', 'canary serve needs --port N');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InputError('(command line)', undefined, '--port', `must be a port number (0–65535), got "${values.port}"`);
  const rotate = values.rotate === undefined ? undefined : positiveInt(values.rotate, '--rotate');
  // Listening for the signals before the key is read and the port bound: a stop asked for during startup is a stop (exit 0), not a kill.
  let stopAsked = false;
  let stopServer = () => {
    stopAsked = true;
  };
  const onSignal = () => stopServer();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const canaries = new CanaryServer({ keyFile: values.key, port, host: values.host, rotate });
    const server = await canaries.listen();
    const { address, port: bound } = server.address() as AddressInfo;
    const { canaries: count, uses } = canaries.status();
    const carried = canaries.resumed ? `, carrying on from ${uses} uses counted in ${join(dirname(values.key), USES_FILE)}` : '';
    console.log(`serving ${count} canaries on http://${address}:${bound}/next${rotate ? `, each retired after ${rotate} uses` : ''} (GET /status counts uses)${carried}`);
    await new Promise<void>((resolve) => {
      stopServer = () => server.close(() => resolve());
      if (stopAsked) stopServer();
    });
    console.log(`stopped: ${JSON.stringify(canaries.status())}`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return EXIT.ok;
}

function positiveInt(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new InputError('(command line)', undefined, flag, `must be a whole number of at least 1, got "${text}"`);
  return n;
}

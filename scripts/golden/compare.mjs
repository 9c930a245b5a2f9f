// Compares two folders written by scripts/golden/outputs.sh, file by file, once timestamps and the
// folders' own paths are masked; report.html is compared by its decoded data (the drill-down JSON
// and the gzipped reviews), not its markup. Timings (durations, latencies) are masked too. Prints each difference's first lines; exit 1 if any.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node scripts/golden/compare.mjs BEFORE_DIR AFTER_DIR');
  process.exit(2);
}
const COMPARED = ['report.json', 'report.md', 'junit.xml', 'manifest.json', 'mutants.json', 'mutation.json', 'report.html'];

/** The checkout a folder was written from (outputs.sh records it): config paths in the outputs name it. */
const checkout = (root) => {
  try {
    return readFileSync(join(root, 'ROOT'), 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** The baseline a run was compared with records its own creation time, so its digest differs between two writes. */
const baselineDigest = (root) => {
  try {
    return createHash('sha256')
      .update(readFileSync(join(root, 'baseline.json')))
      .digest('hex');
  } catch {
    return undefined;
  }
};

function masked(text, root) {
  const source = checkout(root);
  const baseline = baselineDigest(root);
  return (
    (source ? text.split(source).join('<CHECKOUT>') : text)
      .split(baseline ?? '<no baseline>')
      .join('<BASELINE>')
      .split(root)
      .join('<OUT>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<TIME>')
      .replace(/"duration": \d+/g, '"duration": <MS>') // mutation.json's timings
      // report.html: a review's latency after its cache key, and a tool call's between its denied flag and its result's
      // digest (16 or 64 hex digits); the decoded reviews hold them in JSON text inside JSON, their quotes escaped.
      .replace(/(\\?"[0-9a-f]{64}\\?",\\?"(?:[^"\\]|\\\\.)*?\\?",\d+,)[\d.]+/g, '$1<MS>')
      .replace(/(,[01],)[\d.]+(,\\?"[0-9a-f]{16,64}\\?"\])/g, '$1<MS>$2')
  );
}

/** What a user's browser reads from report.html: the drill-down data and the decoded reviews. */
function htmlData(html) {
  const script = (id) => html.match(new RegExp(`<script[^>]*id="${id}"[^>]*>([\\s\\S]*?)</script>`))?.[1] ?? '';
  const reviews = script('drill-reviews').trim();
  return [script('drill-data'), reviews ? gunzipSync(Buffer.from(reviews, 'base64')).toString('utf8') : '', html.replace(/<script[\s\S]*?<\/script>/g, '')].join('\n<SECTION>\n');
}

let differences = 0;
const runs = readdirSync(before).filter((name) => statSync(join(before, name)).isDirectory());
for (const run of runs) {
  for (const file of COMPARED) {
    const read = (root) => {
      try {
        const text = readFileSync(join(root, run, file), 'utf8');
        return masked(file.endsWith('.html') ? htmlData(text) : text, root);
      } catch {
        return '<missing>';
      }
    };
    const [a, b] = [read(before), read(after)];
    if (a === b) continue;
    differences++;
    const linesA = a.split('\n');
    const linesB = b.split('\n');
    const first = linesA.findIndex((line, i) => line !== linesB[i]);
    console.log(`${run}/${file}: differs from line ${first + 1}`);
    console.log(`  before: ${(linesA[first] ?? '<end>').slice(0, 300)}`);
    console.log(`  after:  ${(linesB[first] ?? '<end>').slice(0, 300)}`);
  }
}
console.log(differences === 0 ? `identical: ${runs.length} runs × ${COMPARED.length} files` : `${differences} files differ`);
process.exit(differences === 0 ? 0 : 1);

// What every e2e script starts from: its arguments (`node <script> <origin> <output dir>`),
// the output directory made, and Chromium's path (HIJRI_CHROMIUM or `chromium`; puppeteer
// wants a path, so the name is looked up on the PATH as the shell would).

import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename } from 'node:path';

export const [origin, out] = process.argv.slice(2);
if (!origin || !out) {
  console.error(`usage: node ${basename(process.argv[1])} <origin> <output dir>`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });
export const chromium = execFileSync('sh', ['-c', 'command -v "$0"', process.env.HIJRI_CHROMIUM || 'chromium'])
  .toString()
  .trim();

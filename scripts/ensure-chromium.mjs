#!/usr/bin/env node
// Makes sure a system Chromium exists for the browser tests. Playwright's own
// browser download does not work on these machines, so we use Debian's package.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const found = candidates.find((path) => path && existsSync(path));
if (found) {
  console.log(`[ensure-chromium] using ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    '[ensure-chromium] Chromium was not found and cannot be installed automatically.\n' +
      'Install it (Debian: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to its binary.',
  );
  process.exit(1);
}

console.log('[ensure-chromium] Chromium missing: installing Debian package "chromium"…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
} catch (error) {
  console.error(`[ensure-chromium] apt-get failed: ${error.message}`);
  process.exit(1);
}
if (!existsSync('/usr/bin/chromium')) {
  console.error('[ensure-chromium] apt-get finished but /usr/bin/chromium is still missing.');
  process.exit(1);
}
console.log('[ensure-chromium] installed /usr/bin/chromium');

// Browser tests drive Debian's Chromium. Install it when missing and possible; otherwise stop
// with one line saying how.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      'ics: browser tests need Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium fonts-noto-cjk`',
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
    stdio: 'inherit',
    env,
  });
  if (install.status !== 0 || !fs.existsSync(CHROMIUM)) {
    console.error(
      'ics: installing chromium failed: run `apt-get install -y chromium fonts-noto-cjk` and retry',
    );
    process.exit(1);
  }
}

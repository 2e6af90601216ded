// The Debian packages `npm test` needs beyond Node and npm, each with the file that shows it is
// there. Plain JavaScript: .ci/run asks it what to install before anything is installed.
//   node scripts/system-packages.js            names what is missing and how to install it; exit 1 if any
//   node scripts/system-packages.js --missing  prints the missing packages' names only, for apt-get
import { existsSync } from 'node:fs';

const PACKAGES = [
  { name: 'chromium', file: '/usr/bin/chromium', why: 'the e2e journeys run in Debian’s Chromium' },
  { name: 'pocketsphinx', file: '/usr/bin/pocketsphinx_continuous', why: 'the voice socket recognises English with it' },
  {
    name: 'pocketsphinx-en-us',
    file: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
    why: 'its English model',
  },
  {
    name: 'fonts-lohit-deva',
    file: '/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf',
    why: 'the design page’s approved pictures show Hindi in this font (e2e/specs/design.spec.ts)',
  },
];

const missing = PACKAGES.filter((pkg) => !existsSync(pkg.file));
if (process.argv.includes('--missing')) {
  console.log(missing.map((pkg) => pkg.name).join(' '));
} else if (missing.length > 0) {
  console.error('npm test needs these Debian packages, which are not installed:');
  for (const pkg of missing) console.error(`  ${pkg.name}: ${pkg.why} (no ${pkg.file})`);
  console.error(`Install them: apt-get install ${missing.map((pkg) => pkg.name).join(' ')}`);
  process.exitCode = 1;
}

// Fails when package-lock.json names an optional dependency it does not record. `npm install` skips an optional
// package silently when the registry lacks it (this project's mirror lacks some platforms' binaries), but
// `npm ci` then rejects the whole lock: pin such packages to versions whose every binary exists (ADR 0004).
const { join } = require('node:path');

const { packages } = require(join(__dirname, '..', 'package-lock.json'));

function resolves(fromPath, name) {
  let base = fromPath;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const nested = base.lastIndexOf('/node_modules/');
    base = nested === -1 ? '' : base.slice(0, nested);
  }
}

const missing = [];
for (const [path, meta] of Object.entries(packages)) {
  for (const name of Object.keys(meta.optionalDependencies ?? {})) {
    if (!resolves(path, name))
      missing.push(`${path || '(root)'} -> ${name}@${meta.optionalDependencies[name]}`);
  }
}

if (missing.length > 0) {
  console.error(
    `package-lock.json lacks ${missing.length} optional dependencies, so npm ci would refuse it:`,
  );
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}

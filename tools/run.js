// Runs a TypeScript entry point in place: swc compiles each module on load (with decorator metadata, which
// Nest's dependency injection needs), so `npm start` needs no separate build step.
process.env.SWC_NODE_PROJECT ??= require('node:path').join(__dirname, '..', 'tsconfig.json');
require('@swc-node/register');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node tools/run.js <entry.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], entry, ...args];
require(require('node:path').resolve(entry));

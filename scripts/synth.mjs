#!/usr/bin/env node
// Synthetic labelled documents (src/synth): node scripts/synth.mjs --n N --seed S --out DIR [--images SHARE]
// Needs a build (npx tsc -p tsconfig.json); `npm run synth` builds first.
import { main } from '../dist/src/synth/cli.js';

process.exitCode = await main(process.argv.slice(2));

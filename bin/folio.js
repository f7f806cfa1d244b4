#!/usr/bin/env node
// The published entry point runs the compiled CLI (built by `npm run build`,
// which `npm ci` runs through the `prepare` script).
import '../dist/cli/main.js';

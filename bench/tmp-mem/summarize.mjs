// Self size by node type+name of a V8 heap snapshot (largest first).
import fs from 'node:fs';
const snap = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const f = snap.snapshot.meta.node_fields; const types = snap.snapshot.meta.node_types[0];
const N = f.length; const nodes = snap.nodes; const strings = snap.strings;
const ti = f.indexOf('type'), ni = f.indexOf('name'), si = f.indexOf('self_size');
const agg = new Map();
for (let i = 0; i < nodes.length; i += N) {
  const type = types[nodes[i + ti]];
  let name = strings[nodes[i + ni]];
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') name = (name ?? '').slice(0, 40).replace(/\n/g, ' ');
  const key = type + ' ' + name;
  const a = agg.get(key) ?? [0, 0]; a[0] += nodes[i + si]; a[1]++; agg.set(key, a);
}
const byType = new Map();
for (let i = 0; i < nodes.length; i += N) { const t = types[nodes[i + ti]]; byType.set(t, (byType.get(t) ?? 0) + nodes[i + si]); }
console.log([...byType].sort((a, b) => b[1] - a[1]).map(([t, s]) => `${t}: ${(s / 1048576).toFixed(1)} MB`).join('\n'));
console.log('---');
for (const [k, [s, c]] of [...agg].sort((a, b) => b[1][0] - a[1][0]).slice(0, 60)) console.log(`${(s / 1048576).toFixed(1)} MB  ${c}  ${k}`);

// Who holds nodes of a given type/name: parent (type name) . edge → count and self size of held nodes.
import fs from 'node:fs';
const [file, wantType, wantName] = process.argv.slice(2);
const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
const m = snap.snapshot.meta; const nf = m.node_fields; const ef = m.edge_fields;
const ntypes = m.node_types[0]; const etypes = m.edge_types[0];
const N = nf.length, E = ef.length; const nodes = snap.nodes, edges = snap.edges, S = snap.strings;
const ti = nf.indexOf('type'), ni = nf.indexOf('name'), si = nf.indexOf('self_size'), ci = nf.indexOf('edge_count');
const eti = ef.indexOf('type'), eni = ef.indexOf('name_or_index'), eto = ef.indexOf('to_node');
const agg = new Map();
let e = 0;
for (let i = 0; i < nodes.length; i += N) {
  const count = nodes[i + ci];
  const ptype = ntypes[nodes[i + ti]]; const pname = S[nodes[i + ni]];
  for (let k = 0; k < count; k++, e += E) {
    const to = edges[e + eto];
    const ctype = ntypes[nodes[to + ti]];
    if (ctype !== wantType) continue;
    if (wantName && !String(S[nodes[to + ni]]).startsWith(wantName)) continue;
    const et = etypes[edges[e + eti]];
    const en = et === 'element' || et === 'hidden' ? '[]' : S[edges[e + eni]];
    if (ptype === wantType) continue; // skip rope-internal edges
    const key = `${ptype} ${String(pname).slice(0, 50)} .${en}`;
    const a = agg.get(key) ?? [0, 0]; a[0]++; a[1] += nodes[to + si]; agg.set(key, a);
  }
}
for (const [k, [c, s]] of [...agg].sort((a, b) => b[1][1] - a[1][1]).slice(0, 30)) console.log(`${c}  ${(s / 1048576).toFixed(1)} MB  ${k}`);

// A flood of well-formed admin keys nobody issued (fresh per request, valid checksum), for
// `bench/api.ts`: `node --import tsx bench/unknown-key-flood.ts <url> <connections> <seconds>`.
// Runs in its own process so it does not share the server's event loop; prints requests sent.
import http from 'node:http';
import { generateAdminKey } from '../src/db/index.js';

const [url, connections = '100', seconds = '10'] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const until = Date.now() + Number(seconds) * 1000;
let sent = 0;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(url!, { agent, headers: { authorization: `Bearer ${generateAdminKey()}` } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', () => resolve());
  });
}

await Promise.all(
  Array.from({ length: Number(connections) }, async () => {
    while (Date.now() < until) {
      await once();
      sent++;
    }
  }),
);
agent.destroy();
console.log(JSON.stringify({ sent }));

// A flood of well-formed admin keys nobody issued (fresh per request, valid checksum), for
// `bench/api.ts`: `node --import tsx bench/unknown-key-flood.ts <url> <connections> <seconds> [addresses]`.
// With `addresses` > 1 each connection binds its own loopback address (127.0.1.1, 127.0.1.2, ...), so the
// server's per-address failure limit does not hold the flood back (issue 35).
// Runs in its own process so it does not share the server's event loop; writes `flooding` to stderr
// once started, and at the end the requests sent and the count of each answer's status to stdout.
import http from 'node:http';
// The key format alone, not the db layer's index (PGlite, Drizzle): a quick start, little CPU.
import { generateAdminKey } from '../src/db/key-format.js';

const [url, connections = '100', seconds = '10', addresses = '1'] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const until = Date.now() + Number(seconds) * 1000;
let sent = 0;
const statuses: Record<string, number> = {};

function once(connection: number): Promise<void> {
  const many = Number(addresses);
  const localAddress = many > 1 ? `127.0.1.${(connection % many) + 1}` : undefined;
  return new Promise((resolve) => {
    const req = http.get(url!, { agent, localAddress, headers: { authorization: `Bearer ${generateAdminKey()}` } }, (res) => {
      statuses[String(res.statusCode)] = (statuses[String(res.statusCode)] ?? 0) + 1;
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', () => resolve());
  });
}

// Started: bench/api.ts waits for this line before it measures.
process.stderr.write('flooding\n');
await Promise.all(
  Array.from({ length: Number(connections) }, async (_, connection) => {
    while (Date.now() < until) {
      await once(connection);
      sent++;
    }
  }),
);
agent.destroy();
console.log(JSON.stringify({ sent, statuses }));

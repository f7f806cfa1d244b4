// A reader's view of a page, for `bench/analytics.ts`: one keep-alive connection asking for `url`
// at `rate` requests a second for `seconds`, each request's latency timed with the monotonic clock
// in microseconds: `node --import tsx bench/page-probe.ts <url> <host> <rate> <seconds>`.
// Autocannon reports latency in whole milliseconds, which on a 6 ms p99 is a step of about 17 %;
// this probe tells 6.2 ms from 6.9. Requests are paced on a schedule (not after each answer).
// Prints one JSON line: { sent, errors, p50, p99, max } in milliseconds with three decimals.
import http from 'node:http';

const [url, host, rate = '100', seconds = '10'] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const interval = 1000 / Number(rate);
const count = Math.round(Number(seconds) * Number(rate));
const latencies: number[] = [];
let errors = 0;

function get(): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(url!, { agent, headers: { host: host!, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) folio-bench-probe' } }, (res) => {
      if (res.statusCode !== 200) errors++;
      res.resume();
      res.on('end', resolve);
      res.on('error', () => (errors++, resolve()));
    });
    req.on('error', () => (errors++, resolve()));
    req.setTimeout(Number(seconds) * 1000, () => req.destroy());
  });
}

const start = process.hrtime.bigint();
let previousEnd = start;
// A server that stops answering ends the probe at three times its length (its answers so far are printed).
const deadline = start + BigInt(Math.round(Number(seconds) * 3e9));
for (let i = 0; i < count && process.hrtime.bigint() < deadline; i++) {
  const due = start + BigInt(Math.round(i * interval * 1e6));
  const now = process.hrtime.bigint();
  if (due > now) await new Promise((resolve) => setTimeout(resolve, Number(due - now) / 1e6));
  const sent = process.hrtime.bigint();
  await get();
  const end = process.hrtime.bigint();
  // A request held back by the answer before it (a stall of the server) is timed from when it was
  // due, so the stall counts for every request it delayed; one sent late by this process's own
  // timer is timed from when it was sent.
  latencies.push(Number(end - (previousEnd > due ? due : sent)) / 1e6);
  previousEnd = end;
}
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN).toFixed(3));
console.log(JSON.stringify({ sent: latencies.length, errors, p50: at(0.5), p99: at(0.99), max: at(1) }));

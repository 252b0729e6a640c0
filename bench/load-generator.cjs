// The pick rush's load generator: autocannon in its own process (forked by pick-rush.ts), so that
// it takes neither the server's event loop nor its thread. Each request is one player's: a pick (PUT)
// changing team, or a GET of `path`. Answers with requests per second, failures and latencies.
const autocannon = require('autocannon');

process.once('message', (w) => {
  let n = 0;
  const request = {
    setupRequest: (req) => {
      const i = n++;
      const player = 1 + (i % w.users);
      const headers = w.headers[player - 1];
      if (w.path) return { ...req, method: 'GET', path: w.path, headers: { cookie: headers.cookie } };
      const teamId = w.teamIds[Math.floor(i / w.users) % w.teamIds.length];
      const body = JSON.stringify({ teamId });
      return {
        ...req,
        method: 'PUT',
        path: `/api/entries/${w.entryIds[player - 1]}/picks/1`,
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      };
    },
  };
  const seconds = w.durationMs / 1000;
  const cpuBefore = process.cpuUsage();
  autocannon(
    { url: w.address, connections: w.concurrency, duration: seconds, requests: [request] },
    (error, r) => {
      if (error) throw error;
      const cpu = process.cpuUsage(cpuBefore);
      process.send(
        {
          perSecond: r.requests.total / seconds,
          count: r.requests.total,
          failures: r.non2xx + r.errors + r.timeouts,
          p50: r.latency.p50,
          p99: r.latency.p99,
          cpuMs: (cpu.user + cpu.system) / 1000,
        },
        () => process.exit(0),
      );
    },
  );
});

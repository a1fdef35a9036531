// Stops the embedded PostgreSQL when the Mission Monarch server that started it is gone, however
// it went (kill -9, out-of-memory kill): a Node process cannot ask the kernel to signal its child
// on its death, so this small helper, spawned by db/embedded.ts with a pipe on its stdin, does it.
// Protocol: the server writes the postmaster's pid on stdin, one per line, each time it (re)starts
// it ("0" before a clean stop). When stdin closes, the server is gone: the last pid gets SIGINT
// (PostgreSQL's fast shutdown: WAL flushed, the next start needs no recovery).
let pid = 0;
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    const n = Number(line);
    if (Number.isInteger(n) && n >= 0) pid = n;
  }
});
process.stdin.on('close', () => {
  if (pid > 0) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // Already gone.
    }
  }
  process.exit(0);
});
// A terminal's Ctrl-C reaches the whole process group: the server stops PostgreSQL itself then.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});

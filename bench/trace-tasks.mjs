#!/usr/bin/env node
// `node bench/trace-tasks.mjs TRACE.json… [--min MS]`: the page's main-thread tasks in a trace that
// `npm run bench:web -- --reports DIR --traces` kept, each with its wall time, its thread (CPU) time and the
// events it spent most of its own time in. Lighthouse's simulation multiplies each task's wall time by the CPU
// slowdown and keeps only tasks of ≥ 10 ms wall (Lantern's SIGNIFICANT_DUR_THRESHOLD_MS, apart from the
// first parse, layout and paint); a task whose wall time far exceeds its thread time waited for a core
// (docs/adr/0050). --min: the shortest task listed, in ms of wall time (default 3).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { min: { type: 'string', default: '3' } },
  allowPositionals: true,
});
const minMs = Number(values.min);
const ms = (us) => (us / 1000).toFixed(1);

for (const file of positionals) {
  const trace = JSON.parse(readFileSync(file, 'utf8'));
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // The renderer main thread with the most complete events: the page's (Lighthouse's own blank page has few).
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const counts = new Map();
  for (const e of events)
    if (e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`))
      counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const complete = events
    .filter((e) => e.ph === 'X' && e.dur && `${e.pid}:${e.tid}` === main)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  if (complete.length === 0) {
    console.log(`${file}: no main-thread events`);
    continue;
  }
  // Nesting by time: each event's own time is its duration less its children's.
  const stack = [];
  const tasks = [];
  for (const e of complete) {
    while (stack.length && e.ts >= stack.at(-1).ts + stack.at(-1).dur) stack.pop();
    e.self = e.dur;
    if (stack.length) stack.at(-1).self -= e.dur;
    else tasks.push(e);
    stack.push(e);
  }
  const t0 = complete[0].ts;
  console.log(`== ${file}`);
  console.log('   start ms   wall ms  thread ms  where its own time went');
  for (const event of tasks) {
    if (event.dur < minMs * 1000) continue;
    const end = event.ts + event.dur;
    const own = new Map();
    for (const e of complete) if (e.ts >= event.ts && e.ts < end) own.set(e.name, (own.get(e.name) ?? 0) + e.self);
    const top = [...own]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, us]) => `${name === 'RunTask' ? 'not traced (waiting)' : name} ${ms(us)}`)
      .join(', ');
    const thread = event.tdur === undefined ? '-' : ms(event.tdur);
    console.log(`   ${ms(event.ts - t0).padStart(8)}  ${ms(event.dur).padStart(7)}  ${thread.padStart(9)}  ${top}`);
  }
}

#!/usr/bin/env node
// `npm test`: lint, format check, typecheck, the API contract (`npm run openapi`), dependency checks (licences,
// npm ls, knip), unit + API tests (Vitest, real PostgreSQL) on this machine's Node and again on Node 24 (ADR 0028),
// the build, fault tests, then e2e (Playwright, Chromium, built app on a fresh embedded database). Ends with one line
// totalling every suite.
// After the build, the JavaScript budgets (`npm run test:budget`: gzip bytes each page loads
// before its first render) are checked before e2e.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureNode24 } from './node24.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const run = (label, cmd, args, env = {}, stdout = 'inherit') => {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['inherit', stdout, 'inherit'], env: { ...process.env, ...env } });
  return r.status === 0;
};
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

let passed = 0;
let failed = 0;
/** What failed, by suite and test name: printed again at the very end so that a log's tail says it. */
const failures = [];
const check = (label, ok) => {
  if (ok) passed++;
  else {
    failed++;
    failures.push(label);
  }
};
/** Vitest's JSON report → the full names of its failed tests. */
const vitestFailures = (report) =>
  report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `${path.relative(root, file.name)} › ${t.fullName}`),
  );
/** Playwright's JSON report → the titles of its tests that ended unexpectedly. */
const playwrightFailures = (suites, titles = []) =>
  suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => `[${t.projectName}] ${[...titles, suite.title, spec.title].filter(Boolean).join(' › ')}`),
    ),
    ...playwrightFailures(suite.suites ?? [], [...titles, suite.title]),
  ]);

check('lint', run('lint', 'npx', ['eslint', '.', '--max-warnings=0']));
check('format (Prettier)', run('format (Prettier)', 'npx', ['prettier', '--check', '.']));
check('typecheck', run('typecheck (one project per runtime)', 'npx', ['tsc', '--build', '--pretty', 'false']));
// The OpenAPI document written offline, linted (redocly.yaml) and compared with the web app's committed types.
check('API contract (OpenAPI lint, generated types)', run('API contract (OpenAPI)', 'node', ['scripts/openapi.mjs']));
// Dependencies: every production package under an allowed licence (read from package-lock.json), the installed
// tree as package.json and the lockfile declare it (`npm ls` exits 1 on anything missing, invalid or extraneous),
// and no unused file, export or dependency, nor an import of an undeclared package (knip, knip.json).
check('licences', run('licences of the production dependencies', 'node', ['scripts/check-licenses.mjs']));
// The tree itself is thousands of lines: only npm's errors (stderr) are shown.
check('npm ls', run('installed dependency tree (npm ls --all)', 'npm', ['ls', '--all'], {}, 'ignore'));
check('knip', run('unused files, exports and dependencies (knip)', 'npx', ['knip']));

const vitestFile = path.join(results, 'vitest.json');
const vitestOk = run('unit and API tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
const vitest = readJson(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  failures.push(...vitestFailures(vitest).map((name) => `Vitest: ${name}`));
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0))
  check('Vitest (exited with an error outside any test)', false);

// The same Vitest projects on the newest LTS line: a Node 24 binary from the npm registry (scripts/node24.mjs).
let node24;
try {
  node24 = ensureNode24();
} catch (err) {
  console.error(err);
  check('Node 24 from the npm registry', false);
}
if (node24) {
  const node24File = path.join(results, 'vitest-node24.json');
  const node24Ok = run('unit and API tests on Node 24', node24, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${node24File}`,
  ]);
  const report = readJson(node24File);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    failures.push(...vitestFailures(report).map((name) => `Vitest on Node 24: ${name}`));
  }
  if (!node24Ok && (!report || report.numFailedTests === 0))
    check('Vitest on Node 24 (exited with an error outside any test)', false);
}

const buildOk = run('build the web app and the admin panel', 'npm', ['run', 'build']);
check('build', buildOk);
if (buildOk) {
  check('JavaScript budgets', run('JavaScript budgets', 'node', ['scripts/bundle-budget.mjs']));
  // Real processes killed and frozen: server kill -9 during photo submissions, PostgreSQL kill -9 and SIGSTOP
  // under load, backup → wipe → restore, kill -9 under `npm start` (after the build, which `npm start` serves),
  // a full and a read-only photo store.
  const chaosFile = path.join(results, 'chaos.json');
  const chaosOk = run(
    'fault tests (kill -9, SIGSTOP, backup and restore, npm start supervision, full photo store)',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'apps/server/chaos/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${chaosFile}`,
    ],
  );
  const chaos = readJson(chaosFile);
  if (chaos) {
    passed += chaos.numPassedTests;
    failed += chaos.numFailedTests;
    failures.push(...vitestFailures(chaos).map((name) => `fault tests: ${name}`));
  }
  if (!chaosOk && (!chaos || chaos.numFailedTests === 0))
    check('fault tests (exited with an error outside any test)', false);
  const pwFile = path.join(results, 'playwright.json');
  const pwOk = run(
    'end-to-end tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile,
    },
  );
  const pw = readJson(pwFile);
  if (pw) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected;
    failures.push(...playwrightFailures(pw.suites).map((name) => `e2e: ${name}`));
  }
  if (!pwOk && (!pw || pw.stats.unexpected === 0)) check('e2e (exited with an error outside any test)', false);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
// A fresh embedded database for every run; PostgreSQL runs as its own user when we are root.
// Workers load this file again: they reuse the runner's folder, which tests read as E2E_DATA_DIR
// (emails land in its outbox/).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'monarch-e2e-'));
chmodSync(dataDir, 0o755);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Tests tagged @phone also run on a phone; @small-screen ones only there.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@small-screen/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone|@small-screen/ },
  ],
  webServer: {
    command: 'node --import tsx ../apps/server/src/server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // WEB_DIST and ADMIN_DIST (optional) serve other builds of the web app and admin panel, e.g. to run two suites side by side.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      // The journeys sign up ≈ 40 volunteers from 127.0.0.1; on a quiet machine they do it in under the
      // 10-minute window of the class-sized sign-up limit (30 per IP), which its API test checks
      // (sign-in-limits.test.ts). As for the API tests (test/helpers.ts), the limit is lifted here.
      SIGNUP_RATE_LIMIT: '10000',
      // The admin journeys sign in to the panel a dozen times a minute from 127.0.0.1, beyond the sign-in limit
      // of 10 a minute per address, which accounts.test.ts checks. Lifted here as in test/helpers.ts.
      AUTH_RATE_LIMIT: '10000',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      ...(process.env.ADMIN_DIST ? { ADMIN_DIST: process.env.ADMIN_DIST } : {}),
    },
  },
});

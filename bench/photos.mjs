#!/usr/bin/env node
// `npm run bench:photos`: photos resized on the phone before they are kept or sent
// (docs/adr/0024-photos-resized-on-the-device.md). A benchmark, not a test: the e2e tests
// (e2e/tests/photos-travel-light.spec.ts) check the bytes and pixels, this measures the times.
//   1. Makes a 12 MP phone photo from a real one (fixtures/photos/squirrel_berkeley_canon600d_gps.jpg,
//      4032 × 3024, EXIF orientation 6, sensor-like noise, JPEG quality 92: ≈ 3.7 MB).
//   2. Starts the real server on a fresh temporary DATA_DIR and signs up one volunteer.
//   3. In headless Chromium (Debian's /usr/bin/chromium or CHROMIUM_PATH) at 375 × 812 px, on the
//      built Flash form (`npm run build` first):
//      - preview: `--runs` times (3), CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), the time
//        from choosing the photo (the input's change event) to its preview drawn, and the longest
//        main-thread task meanwhile (the page stays responsive: the copy is made in a worker);
//      - Slow 4G: once, network emulated at 400 kbit/s both ways and 400 ms round trip (CDP
//        Network.emulateNetworkConditions), the time from choosing the photo to the server's
//        answer to the submitted sighting, with the bytes of the upload.
//   4. Prints the figures with PASS/FAIL against the targets and appends them to BENCHMARKS.md
//      ("Photos resized on the device") with the date, the machine and its load average.
// Options: --runs N (3) --label TEXT --no-write --web-dist DIR (another build of the web app, e.g. one
//   from before the photos were resized, for the figures before)
// Exit status 0 when every target passes, 1 otherwise, 2 on an error.
// Functions passed to the page run in the browser.
/* global window, document, XMLHttpRequest, HTMLInputElement */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';
import { signUpUsers } from './lib/api.mjs';
import { ROOT, startServer } from './lib/server.mjs';
import { fmt, log, runBenchmark } from './lib/runner.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    label: { type: 'string', default: '' },
    'web-dist': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const runs = Number(opts.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`[bench] --runs must be a positive whole number, got ${opts.runs}`);
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { previewMs: 1500, ackMs: 20_000, maxPx: 2048, maxBytes: 900 * 1000 };
const SLOW_4G = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

const loadavg = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** The 12 MP photo of e2e/tests/photos-travel-light.spec.ts, made the same way. */
async function twelveMegapixelPhoto() {
  const [width, height] = [4032, 3024];
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } },
  })
    .png()
    .toBuffer();
  return sharp(path.join(ROOT, 'fixtures/photos/squirrel_berkeley_canon600d_gps.jpg'))
    .resize(width, height, { fit: 'fill' })
    .composite([{ input: noise, blend: 'soft-light' }])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** In the page before its scripts: when the photo input changes, each upload's file, the long tasks. */
function instrument() {
  const w = /** @type {any} */ (window);
  w.__bench = { chosenAt: 0, uploads: [], longTasks: [] };
  document.addEventListener(
    'change',
    (e) => {
      if (e.target instanceof HTMLInputElement && e.target.type === 'file') w.__bench.chosenAt = performance.now();
    },
    true,
  );
  const { send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.send = function (body) {
    const file = body instanceof FormData ? body.get('file') : null;
    if (file instanceof Blob) w.__bench.uploads.push({ bytes: file.size, type: file.type });
    return send.call(this, body);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** A new 375 px page of the Flash form, signed in as `token`, ready for a photo. */
async function openFlash(browser, baseUrl, token) {
  const page = await browser.newPage();
  await page.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
  await page.evaluateOnNewDocument(instrument);
  await page.goto(`${baseUrl}/mmapp/en/submit/flash`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('::-p-text(Add a picture of Adult)', { timeout: 60_000 }).catch(async (err) => {
    await page.screenshot({ path: path.join(os.tmpdir(), 'bench-photos-failed.png') });
    throw err;
  });
  return page;
}

/** The form field whose label starts with `text`. */
async function byLabel(page, text) {
  return page.evaluateHandle((t) => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(t));
    if (!label) throw new Error(`no field labelled ${t}`);
    return document.getElementById(label.htmlFor);
  }, text);
}

async function choosePhoto(page, file) {
  const [chooser] = await Promise.all([page.waitForFileChooser(), page.click('::-p-text(Add a picture of Adult)')]);
  await chooser.accept([file]);
}

/** Time (ms) from the choice to the preview of the copy drawn, its pixels, and the longest task meanwhile. */
async function measurePreview(browser, baseUrl, token, file) {
  const page = await openFlash(browser, baseUrl, token);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await choosePhoto(page, file);
  const handle = await page.waitForFunction(
    () => {
      const img = /** @type {HTMLImageElement | null} */ (document.querySelector('img[src^="blob:"]'));
      return img && img.complete && img.naturalWidth > 0
        ? { drawnAt: performance.now(), width: img.naturalWidth, height: img.naturalHeight }
        : false;
    },
    { polling: 'raf', timeout: 60_000 },
  );
  const drawn = await handle.jsonValue();
  const bench = await page.evaluate(() => /** @type {any} */ (window).__bench);
  const during = bench.longTasks.filter((t) => t.start >= bench.chosenAt && t.start <= drawn.drawnAt);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.close();
  return {
    ms: drawn.drawnAt - bench.chosenAt,
    width: drawn.width,
    height: drawn.height,
    longestTaskMs: Math.max(0, ...during.map((t) => t.ms)),
  };
}

/** Time (ms) from the choice to the server's answer to the submitted sighting, over Slow 4G, and the upload. */
async function measureSlow4g(browser, baseUrl, token, file) {
  const page = await openFlash(browser, baseUrl, token);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await choosePhoto(page, file);
  // The photo's GPS fills the point; the province is suggested from it.
  await page.waitForFunction(() => document.querySelector('[role="combobox"]')?.textContent?.includes('California'), {
    timeout: 60_000,
  });
  await (await byLabel(page, 'Number of adults')).type('1');
  await (await byLabel(page, 'Locality')).type('Strawberry Canyon');
  await (await byLabel(page, 'City')).type('Berkeley');
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), { timeout: 120_000 });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/observations/submit_flash'), {
    timeout: 120_000,
  });
  await page.click('::-p-text(Submit observation)');
  const res = await answered;
  const at = await page.evaluate(() => performance.now());
  const bench = await page.evaluate(() => /** @type {any} */ (window).__bench);
  await page.close();
  if (res.status() !== 201) throw new Error(`submit_flash answered ${res.status()}`);
  return { ms: at - bench.chosenAt, uploads: bench.uploads };
}

async function main() {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('no web build: run npm run build first');
  const loadBefore = loadavg();
  const started = new Date();
  const photo = await twelveMegapixelPhoto();
  const file = path.join(os.tmpdir(), `bench-12mp-${process.pid}.jpg`);
  writeFileSync(file, photo);
  log(`12 MP photo: 4032 × 3024, orientation 6, ${fmt(photo.length / 1e6, 2)} MB`);
  const server = await startServer({
    env: opts['web-dist'] ? { WEB_DIST: path.resolve(opts['web-dist']) } : {},
  });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const previews = [];
  let slow;
  try {
    const [user] = await signUpUsers(server.baseUrl, 1, server.dataDir);
    // A first page load warms the server and the browser's HTTP cache, as a returning volunteer has it.
    await (await openFlash(browser, server.baseUrl, user.token)).close();
    for (let i = 0; i < runs; i++) {
      const p = await measurePreview(browser, server.baseUrl, user.token, file);
      log(
        `preview run ${i + 1}: ${fmt(p.ms, 0)} ms, ${p.width} × ${p.height}, longest task ${fmt(p.longestTaskMs, 0)} ms`,
      );
      previews.push(p);
    }
    slow = await measureSlow4g(browser, server.baseUrl, user.token, file);
    log(`Slow 4G: acknowledged ${fmt(slow.ms / 1000)} s after the choice; uploads ${JSON.stringify(slow.uploads)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const preview = median(previews.map((p) => p.ms));
  const longest = Math.max(...previews.map((p) => p.longestTaskMs));
  const sent = slow.uploads[0] ?? { bytes: NaN, type: '' };
  const px = Math.max(previews[0].width, previews[0].height);
  const originalSeconds = (photo.length * 8) / 400_000;
  const lines = [
    [
      'Copy that leaves the device: long side',
      `${px} px (${previews[0].width} × ${previews[0].height})`,
      `≤ ${TARGETS.maxPx} px`,
      px <= TARGETS.maxPx,
    ],
    [
      'Copy that leaves the device: bytes',
      `${fmt(sent.bytes / 1000, 0)} KB ${sent.type} (original ${fmt(photo.length / 1000, 0)} KB)`,
      `≤ ${TARGETS.maxBytes / 1000} KB`,
      sent.bytes <= TARGETS.maxBytes,
    ],
    [
      'Choice → preview, CPU 4× slower (median)',
      `${fmt(preview, 0)} ms (runs: ${previews.map((p) => fmt(p.ms, 0)).join(', ')})`,
      `≤ ${TARGETS.previewMs} ms`,
      preview <= TARGETS.previewMs,
    ],
    ['Longest main-thread task meanwhile', `${fmt(longest, 0)} ms`, '(informative)', true],
    [
      'Choice → sighting acknowledged, Slow 4G',
      `${fmt(slow.ms / 1000)} s (the original alone: ${fmt(originalSeconds, 0)} s of transfer at 400 kbit/s)`,
      `≤ ${TARGETS.ackMs / 1000} s`,
      slow.ms <= TARGETS.ackMs,
    ],
  ];
  const allPass = lines.every((l) => l[3]);
  const loadAfter = loadavg();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const title = `### ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC${opts.label ? ` — ${opts.label}` : ''}`;
  const section = [
    title,
    '',
    `Machine: ${cpu}, ${os.cpus().length} cores, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB; load average ${loadBefore} before, ${loadAfter} after. Chromium ${CHROMIUM}, 375 × 812 px.`,
    '',
    '| figure | measured | target | |',
    '| --- | --- | --- | --- |',
    ...lines.map(([what, value, target, ok]) => `| ${what} | ${value} | ${target} | ${ok ? 'PASS' : 'FAIL'} |`),
    '',
  ].join('\n');
  console.log(`\n${section}`);
  if (!opts['no-write']) {
    const bench = path.join(ROOT, 'BENCHMARKS.md');
    let text = readFileSync(bench, 'utf8');
    const heading = '## Photos resized on the device (ADR 0024)';
    if (!text.includes(heading))
      text = `${text.trimEnd()}\n\n${heading}\n\n\`npm run bench:photos\` (bench/photos.mjs): a 12 MP JPEG chosen in the Flash form at 375 px. Newest first.\n`;
    const lead = text.indexOf('Newest first.\n', text.indexOf(heading)) + 'Newest first.\n'.length;
    text = `${text.slice(0, lead)}\n${section}${text.slice(lead)}`;
    writeFileSync(bench, text.endsWith('\n') ? text : `${text}\n`);
    log('results written to BENCHMARKS.md');
  }
  return allPass;
}

runBenchmark(main, 15 * 60_000);

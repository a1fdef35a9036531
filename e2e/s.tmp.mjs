import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 726, height: 900 } });
await p.goto(`http://127.0.0.1:3314/mmapp/${process.argv[2]}/print/flash-form`);
await p.getByRole('heading', { level: 1 }).waitFor();
await p.waitForTimeout(800);
await p.emulateMedia({ media: 'print' });
await p.screenshot({ path: '/tmp/flash-print.png', fullPage: true });
await b.close();

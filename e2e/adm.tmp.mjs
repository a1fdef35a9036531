import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const [, , ...routes] = process.argv;
for (const width of [375, 1280]) {
  const p = await b.newPage({ viewport: { width, height: 800 } });
  await p.goto('http://127.0.0.1:3314/mmadmin/');
  await p.getByLabel('Username').fill('demo-admin');
  await p.getByRole('textbox', { name: 'Password' }).fill('SkHG2WJ1OQg8H-3C');
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.getByRole('heading', { name: 'Pending queue' }).waitFor();
  for (const r of routes) {
    await p.goto('http://127.0.0.1:3314/mmadmin/#/' + r);
    await p.waitForTimeout(2500);
    const sw = await p.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    const name = `/tmp/adm-${r.replace(/\W+/g, '_') || 'dash'}-${width}.png`;
    await p.screenshot({ path: name, fullPage: false });
    console.log(name, sw);
  }
  await p.close();
}
await b.close();

import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
await p.goto('http://127.0.0.1:3314/mmadmin/');
await p.getByLabel('Username').fill('demo-admin');
await p.getByRole('textbox', { name: 'Password' }).fill('SkHG2WJ1OQg8H-3C');
await p.getByRole('button', { name: 'Sign in' }).click();
await p.getByRole('heading', { name: 'Pending queue' }).waitFor();
await p.goto('http://127.0.0.1:3314/mmadmin/#/observations');
await p.waitForTimeout(2500);
console.log(await p.evaluate(() => {
  const out = [];
  let el = document.querySelector('table');
  while (el) { const r = el.getBoundingClientRect(); out.push(`${el.tagName}.${String(el.className).slice(0,60)} w=${Math.round(r.width)} sw=${el.scrollWidth} ox=${getComputedStyle(el).overflowX} minw=${getComputedStyle(el).minWidth}`); el = el.parentElement; }
  return out.join('\n');
}));
await b.close();

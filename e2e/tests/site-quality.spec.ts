import { expect, test, type Page } from '@playwright/test';
import { openApp } from '../support/app';
import { signUpConfirmed } from '../support/accounts';

/**
 * "Whole-site quality": keyboard-only use (skip link, visible focus, header menus wide and
 * small), the layout from 320 to 1920 px, and page views reported once per navigation. Each page's
 * head (title, description, lang, hreflang) is checked with axe in a11y.spec.ts, on every route.
 */

const password = 'Monarque22';
let token = '';
let username = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  username = `sq${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  const res = await signUpConfirmed(request, {
    data: {
      username,
      first_name: 'Léa',
      last_name: 'Roy',
      email: `${username}@example.org`,
      password,
      confirm_password: password,
      language: 'fr',
      newsletter: false,
    },
  });
  expect(res.status()).toBe(201);
  token = ((await res.json()) as { oauth_token: string }).oauth_token;
  await request.dispose();
});

/** Stores the sign-in token from a page of the same origin that runs no app code. */
async function signIn(page: Page) {
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('oauth_token', value), token);
}

/**
 * How the focused element shows its focus: its outline or box shadow, or for a MUI text field or
 * select the field's focused border (2 px or more), or null when it shows none.
 */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: 'body', indicator: 'none: the focus left the page' };
    const style = getComputedStyle(el);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineWidth} ${style.outlineStyle}`
        : null;
    const shadow = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    const field = el.closest('.MuiInputBase-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
    const border =
      field && parseFloat(getComputedStyle(field).borderTopWidth) >= 2
        ? `field border ${getComputedStyle(field).borderTopWidth}`
        : null;
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    return { name, indicator: outline ?? shadow ?? border };
  });
}

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('keyboard only', () => {
  test('Tab from the top reaches a visible skip link that moves the focus to the main content', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mmapp/en/content/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    const box = (await skip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.width * box.height).toBeGreaterThan(100);
    expect((await focusIndicator(page)).indicator).not.toBeNull();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab lands inside the main content, past the header's links.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
  });

  for (const width of [1280, 375]) {
    test(`every control reached with Tab shows a visible focus indicator (${width} px)`, async ({ page }) => {
      await signIn(page);
      await page.setViewportSize({ width, height: 800 });
      const missing: string[] = [];
      for (const path of ['/mmapp/fr/', '/mmapp/fr/explore', '/mmapp/fr/submit/flash']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        for (let i = 0; i < 30; i++) {
          await page.keyboard.press('Tab');
          const { name, indicator } = await focusIndicator(page);
          if (!indicator) missing.push(`${path}: ${name}`);
        }
      }
      expect(missing, 'focused elements without outline or box shadow').toEqual([]);
    });
  }

  test('the wide header menus open, move and close with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, '/mmapp/en/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // includeHidden: an open menu hides the rest of the page from assistive technology.
    const mission = page.getByRole('button', { name: 'The Mission', includeHidden: true });
    await tabTo(page, mission);
    await expect(mission).toHaveAttribute('aria-expanded', 'false');

    // Enter opens it on its first item; the arrows move through the Steps submenu's items.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(mission).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('menuitem', { name: 'What is a mission?' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Steps: Find milkweed' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Steps: Look for monarchs' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Steps: Find milkweed' })).toBeFocused();
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(mission).toBeFocused();

    // Space opens it too; Up from the first item wraps to the last; Enter follows the link.
    await page.keyboard.press('Space');
    await expect(page.getByRole('menuitem', { name: 'What is a mission?' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Mission kit' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Ready to go' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/mmapp\/en\/content\/monarch-identification$/);
    await expect(page.getByRole('menu')).toBeHidden();

    // The other menus: open with Enter, move, close with Escape back on their button.
    for (const [menu, first, second] of [
      ['The Monarch', 'Biology', 'Life cycle'],
      ['About', 'What it is', 'The research project'],
      ['Data', 'Submit data', 'Explore data'],
      ['Teachers', 'Education kit', 'Education kit'],
    ] as const) {
      const button = page.getByRole('button', { name: menu, exact: true, includeHidden: true });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: first })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: second })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await expect(button).toBeFocused();
    }
  });

  test('the small-screen menu (≤ 767 px) opens, moves and closes with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 800 });
    await openApp(page, '/mmapp/fr/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'La mission' })).toHaveCount(0);
    const open = page.getByRole('button', { name: 'Ouvrir le menu', includeHidden: true });
    await tabTo(page, open, 10);
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('presentation').getByRole('navigation');
    await expect(drawer).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');

    // Tab moves through the drawer only (the focus stays inside it) up to a link; Enter follows it.
    const lifeCycle = drawer.getByRole('link', { name: 'Cycle de vie' });
    await tabTo(page, lifeCycle, 30);
    expect((await focusIndicator(page)).indicator).not.toBeNull();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/mmapp\/fr\/content\/life-cycle$/);
    await expect(drawer).toBeHidden();

    // Escape closes it and the focus goes back to the menu button.
    await open.focus();
    await page.keyboard.press('Space');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.MuiDrawer-paper'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test('the layout has no horizontal overflow from 320 to 1920 px', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const routes = [
    '',
    '/content/faq',
    '/content/life-cycle',
    '/content/milkweed-identification',
    '/content/monarch-identification',
    '/print/monarch-id',
    '/print/milkweed-id',
    '/content/contact-us',
    '/explore',
    '/explore?view=grid',
    '/explore?view=map',
    '/photos',
    '/users/signup',
    `/users/profile/${username}`,
    '/users/myprofile',
    '/submit/submit-data',
    '/submit/flash',
    '/submit/mission',
    '/submit/flash-submissions',
  ];
  const overflows: string[] = [];
  // One load per route, then the window is resized through the widths (the header switches at 767 px).
  for (const route of routes) {
    await page.setViewportSize({ width: 320, height: 900 });
    // French: its words are the longest of the three languages.
    await page.goto(`/mmapp/fr${route}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    for (const width of [320, 375, 767, 768, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const { scrollWidth, innerWidth, widest } = await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const vw = window.innerWidth;
        // The element sticking out furthest, to say what overflows.
        let widest = '';
        let right = vw;
        for (const el of document.querySelectorAll('body *')) {
          const r = el.getBoundingClientRect();
          if (r.right > right + 1 && r.width > 0) {
            right = r.right;
            widest = `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} (right edge ${Math.round(r.right)} px)`;
          }
        }
        return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: vw, widest };
      });
      if (scrollWidth > innerWidth + 1)
        overflows.push(`${width} px /mmapp/fr${route}: scrollWidth ${scrollWidth} > ${innerWidth}; ${widest}`);
    }
  }
  expect(overflows, 'pages wider than the window').toEqual([]);
});

test('each navigation reports one page view with its path and query', async ({ page }) => {
  // The beacon's body cannot be read from the network events: record what the app hands to it.
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { pageViews: string[] }).pageViews = sent;
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith('/api/utilities/pageview') && data instanceof Blob)
        void data.text().then((text) => sent.push((JSON.parse(text) as { path: string }).path));
      return original(url, data);
    };
  });
  const views = () => page.evaluate(() => (window as unknown as { pageViews: string[] }).pageViews);
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/utilities/pageview'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/mmapp/fr/explore?view=grid');
  await expect.poll(views).toEqual(['/mmapp/fr/explore?view=grid']);
  expect((await answered).status()).toBe(204);
  await page.getByRole('button', { name: 'Données' }).click();
  await page.getByRole('menuitem', { name: 'Galerie de photos' }).click();
  await expect(page).toHaveURL(/\/mmapp\/fr\/photos$/);
  await expect.poll(views).toEqual(['/mmapp/fr/explore?view=grid', '/mmapp/fr/photos']);
  // The skip link changes only the fragment: not a new page.
  await page.getByRole('link', { name: 'Passer au contenu' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mmapp\/fr\/photos#main$/);
  await page.waitForTimeout(700);
  expect(await views()).toHaveLength(2);
});

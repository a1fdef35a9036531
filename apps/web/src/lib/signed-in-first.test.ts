import { afterEach, describe, expect, it } from 'vitest';
import { monitoringStatus } from '@mm/shared';
import { dueCount, fillDeviceDay, fillDueNotice, readySignedInPage } from './signed-in-first';

/** The due notice as `DueSummary` draws it on the page the server renders for a session, with the locale's templates. */
function serverNotice(lng: string, templates: Record<string, string>): HTMLElement {
  document.documentElement.lang = lng;
  const data = Object.entries(templates)
    .map(([form, text]) => ` data-${form}="${text}"`)
    .join('');
  document.body.innerHTML = `<div id="root" data-ssr="" data-session=""><div role="alert" hidden data-due-notice=""${data}>
    <div><span data-due-text=""></span></div><a href="/mmapp/${lng}/submit/sites">My sites</a></div></div>`;
  return document.querySelector<HTMLElement>('[data-due-notice]')!;
}

const EN = {
  one: '{{count, number}} of your sites is due for a visit this week.',
  many: '{{count, number}} of your sites are due for a visit this week.',
  other: '{{count, number}} of your sites are due for a visit this week.',
};
const FR = {
  one: '{{count, number}} de vos sites attend une visite cette semaine.',
  many: '{{count, number}} de vos sites attendent une visite cette semaine.',
  other: '{{count, number}} de vos sites attendent une visite cette semaine.',
};

describe('fillDueNotice (the due notice before the app runs)', () => {
  afterEach(() => {
    delete document.documentElement.dataset.app;
    document.documentElement.lang = 'en';
  });

  it("writes the count in the page's language with its plural form, and shows the notice", () => {
    const en = serverNotice('en', EN);
    fillDueNotice(document, en, 1);
    expect(en.hidden).toBe(false);
    expect(en.textContent).toContain('1 of your sites is due for a visit this week.');
    const enMany = serverNotice('en', EN);
    fillDueNotice(document, enMany, 3);
    expect(enMany.textContent).toContain('3 of your sites are due for a visit this week.');
    const fr = serverNotice('fr', FR);
    fillDueNotice(document, fr, 1);
    expect(fr.textContent).toContain('1 de vos sites attend une visite cette semaine.');
    const frMany = serverNotice('fr', FR);
    fillDueNotice(document, frMany, 2);
    expect(frMany.textContent).toContain('2 de vos sites attendent une visite cette semaine.');
  });

  it('leaves the notice hidden when no site is due, and alone once the app runs', () => {
    const none = serverNotice('en', EN);
    fillDueNotice(document, none, 0);
    expect(none.hidden).toBe(true);
    const late = serverNotice('en', EN);
    document.documentElement.dataset.app = 'ready';
    fillDueNotice(document, late, 2);
    expect(late.hidden).toBe(true);
    expect(late.querySelector('[data-due-text]')?.textContent).toBe('');
  });
});

describe('dueCount (sites due, judged on the device day)', () => {
  /** A site at `latitude` as `GET /api/sites/monitored` answers it on `day` (the server's UTC day). */
  const answered = (latitude: number, visits: string[], day: string) =>
    monitoringStatus({ latitude, every_days: 7, visits }, day);

  it("counts as the app's monitoring rule does, on every day of a year", () => {
    const sites = [
      { latitude: 45.5, visits: [] },
      { latitude: 45.5, visits: ['2026-07-01', '2026-08-20'] },
      { latitude: 25.8, visits: ['2026-01-10', '2026-03-02'] },
      { latitude: 35, visits: ['2026-10-30'] },
    ];
    for (let n = 0; n < 365; n += 1) {
      const now = new Date(Date.UTC(2026, 0, 1, 12) + n * 86_400_000);
      const day = now.toISOString().slice(0, 10);
      const answer = sites.map((s) => answered(s.latitude, s.visits, day));
      const expected = sites.filter((s) => monitoringStatus({ ...s, every_days: 7 }, day).due).length;
      expect(dueCount(answer, now, 'UTC'), day).toBe(expected);
    }
  });

  it("judges on the device's local day, not the server's UTC one", () => {
    // 02:00 UTC on the 16th is still the 15th in Mexico City: a visit on the 9th makes the site due only on the 16th.
    const now = new Date('2026-07-16T02:00:00Z');
    const answer = [answered(45.5, ['2026-07-09'], '2026-07-16')];
    expect(answer[0]?.due).toBe(true);
    expect(dueCount(answer, now, 'UTC')).toBe(1);
    expect(dueCount(answer, now, 'America/Mexico_City')).toBe(0);
    expect(dueCount([], now)).toBe(0);
  });
});

describe("fillDeviceDay (the Flash form's date before the app runs, docs/adr/0049)", () => {
  it("writes the device's local day as the value and the limit, keeping a date already there", () => {
    document.body.innerHTML = `<form><input type="date" name="checklist_date" data-device-today="">
      <input type="date" name="other" data-device-today="" value="2026-03-01"><input type="date" name="plain"></form>`;
    // 02:30 UTC on 1 July is still 30 June in Montréal, the server's UTC day being the 1st.
    fillDeviceDay(document, new Date('2026-07-01T02:30:00Z'), 'America/Toronto');
    const [date, other, plain] = [...document.querySelectorAll('input')];
    expect([date?.value, date?.max]).toEqual(['2026-06-30', '2026-06-30']);
    expect([other?.value, other?.max]).toEqual(['2026-03-01', '2026-06-30']);
    expect([plain?.value, plain?.max]).toEqual(['', '']);
  });
});

describe('readySignedInPage (a page drawn for a session, before the app runs)', () => {
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('starts the app at once, not hydrating, when the session check does not know the token', async () => {
    for (const check of [() => answer(200, {}), () => answer(500, { error: 'x' })]) {
      document.body.innerHTML = '<div id="root" data-ssr="" data-session=""></div>';
      let started = 0;
      readySignedInPage(document, check(), () => (started += 1));
      await settled();
      expect(started).toBe(1);
      expect(document.getElementById('root')?.dataset.session).toBeUndefined();
    }
  });

  it('waits for the visitor when the session is known or the check unanswered, and leaves the response to the app', async () => {
    // Made one at a time: a rejection is handled as soon as it is made.
    for (const check of [
      () => answer(200, { user_id: 7, username: 'marie', role_id: 3 }),
      () => Promise.reject(new TypeError('offline')),
    ]) {
      document.body.innerHTML = '<div id="root" data-ssr="" data-session=""></div>';
      let started = 0;
      readySignedInPage(document, check(), () => (started += 1));
      await settled();
      expect(started).toBe(0);
      expect(document.getElementById('root')?.dataset.session).toBe('');
    }
    const known = answer(200, { user_id: 7, username: 'marie', role_id: 3 });
    readySignedInPage(document, known, () => undefined);
    await settled();
    expect(await (await known).json()).toMatchObject({ user_id: 7 });
  });
});

/**
 * A page the server drew for a visitor with a session (`data-session` on `#root`, docs/adr/0048), before its
 * app runs. Written without React, run by `lib/on-demand.ts` (the app starts on demand there as on a content
 * page): no app code, only the shared constants and `localDayOf` (the monitoring rules' season table needs the app's
 * chunk).
 */
import type { MonitoredSite } from '@mm/shared';
import { API_BASE, STORAGE_KEYS } from '@mm/shared/constants';
import { localDayOf } from '@mm/shared/local-day';

/** What the due count reads of `GET /api/sites/monitored`'s answer. */
type DueFacts = Pick<MonitoredSite, 'season' | 'next_due'>;

/**
 * Readies a page drawn for a session. The start-up session check (spec §4) is read (a copy: the app takes the
 * response itself): a token the server no longer knows (`{}`, revoked or expired) starts the app at once, as on a
 * page the browser draws (`data-session` removed: not hydrated, its loading screen, then the sign-in page, spec
 * §2); a known one shows the due notice (`showDueNotice`); no network leaves the page as it is (the app keeps the
 * restored session offline too).
 * @param doc the page
 * @param sessionCheck the start-up module's session check (`lib/early-session.ts`)
 * @param startNow starts the app
 */
export function readySignedInPage(doc: Document, sessionCheck: Promise<Response>, startNow: () => void): void {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  fillDeviceDay(doc, new Date());
  void sessionCheck
    .then(async (res) => (res.ok ? ((await res.clone().json()) as { user_id?: number }) : {}))
    .then(
      (answer) => {
        const notice = doc.querySelector<HTMLElement>('[data-due-notice]');
        if (answer.user_id !== undefined) {
          if (notice && token) void showDueNotice(doc, notice, token).catch(() => undefined);
          return;
        }
        if (doc.documentElement.dataset.app === 'ready') return;
        delete doc.getElementById('root')?.dataset.session;
        startNow();
      },
      () => undefined,
    );
}

/**
 * Writes the device's local day into the date fields the server left empty (`data-device-today`: the Flash form's
 * date, docs/adr/0049), as its value and its `max`: the server's day may be another in the volunteer's zone. The
 * app's form reads the value from the field when it starts.
 * @param doc the page
 * @param now the device's clock
 * @param timeZone IANA zone of the local day (the device's own when left out; tests pass one)
 */
export function fillDeviceDay(doc: Document, now: Date, timeZone?: string): void {
  const today = localDayOf(now, timeZone);
  for (const field of doc.querySelectorAll<HTMLInputElement>('input[data-device-today]')) {
    field.max = today;
    if (field.value === '') field.value = today;
  }
}

/**
 * Shows the server-drawn due notice ("N of your sites are due for a visit this week", docs/monitoring.md)
 * when the volunteer has sites due: `GET /api/sites/monitored` with the stored token (`dueCount`, `fillDueNotice`).
 * @param doc the page (`<html lang>` is its language)
 * @param notice the `[data-due-notice]` element, hidden
 * @param token the stored `oauth_token`
 * @returns the number of sites due, or undefined when the answer was not 200
 */
async function showDueNotice(doc: Document, notice: HTMLElement, token: string): Promise<number | undefined> {
  const lng = doc.documentElement.lang || 'en';
  const res = await fetch(`${API_BASE}/sites/monitored`, { headers: { Authorization: token, Language: lng } });
  if (!res.ok) return undefined;
  const due = dueCount((await res.json()) as DueFacts[], new Date());
  fillDueNotice(doc, notice, due);
  return due;
}

/**
 * How many of the volunteer's monitored sites are due on the device's local day, as the app judges them
 * (`restate-sites.ts`: the server's `due` is on the UTC day, which in the Americas turns over in the evening).
 * From the answer's own figures: due when the day is inside the site's season and on or after `next_due`, which
 * is `monitoringStatus`'s rule on any day of the answer's year. Only on the evening a season ends, or on New
 * Year's Eve, can it differ by that day from the app's, whose own notice then takes its place (docs/adr/0048).
 * @param sites the answer of `GET /api/sites/monitored`
 * @param now the device's clock
 * @param timeZone IANA zone of the local day (the device's own when left out; tests pass one)
 */
export function dueCount(sites: DueFacts[], now: Date, timeZone?: string): number {
  const today = localDayOf(now, timeZone);
  return sites.filter(
    ({ season, next_due }) => today >= season.start && today <= season.end && next_due !== null && next_due <= today,
  ).length;
}

/**
 * Writes the due notice's text for `due` sites and shows it: the notice's template for the count's plural
 * category in the page's language (`data-one`, `data-many`, `data-other`, written by `DueSummary`), its
 * `{{count, number}}` formatted as i18next would. Nothing when none is due, or once the app runs (its own
 * `DueSummary` then holds the notice).
 * @param doc the page (`<html lang>` is its language)
 * @param notice the `[data-due-notice]` element, hidden
 * @param due the number of sites due
 */
export function fillDueNotice(doc: Document, notice: HTMLElement, due: number): void {
  const text = notice.querySelector('[data-due-text]');
  if (due === 0 || !text || doc.documentElement.dataset.app === 'ready') return;
  const lng = doc.documentElement.lang || 'en';
  const template = notice.dataset[new Intl.PluralRules(lng).select(due)] ?? notice.dataset.other ?? '';
  text.textContent = template.replace(/\{\{\s*count[^}]*\}\}/g, new Intl.NumberFormat(lng).format(due));
  notice.hidden = false;
}

// The dashboard's first screen drawn with the DOM alone, before react-admin and MUI have loaded
// (docs/adr/0040, amendment "the dashboard before the panel"): its figures and lists from the entry's early
// answer, and the panel's menu as links. The panel replaces it once the staff member uses the page.
import { mm as enMm, resources as enResources } from '@mm/shared/locales/en/admin.json';
import { mm as esMm, resources as esResources } from '@mm/shared/locales/es/admin.json';
import { mm as frMm, resources as frResources } from '@mm/shared/locales/fr/admin.json';
import { ObservationStatus, Role, type AdminDashboard, type Locale, type SessionUser } from '@mm/shared';
import { el } from './dom';

const STRINGS = {
  en: { mm: enMm, resources: enResources },
  fr: { mm: frMm, resources: frResources },
  es: { mm: esMm, resources: esResources },
};
type ResourceName = keyof typeof enResources;

/**
 * The panel's menu as react-admin draws it (`app.tsx`: the resources with a list screen), in its order:
 * Region admins get observations, checklists and sites; Admins every screen.
 */
const REGION_ADMIN_MENU: ResourceName[] = ['observations', 'checklists', 'sites'];
const ADMIN_MENU: ResourceName[] = [
  ...REGION_ADMIN_MENU,
  'milkweeds',
  'auditlog',
  'users',
  'reasons',
  'abundances',
  'locationsizes',
  'blitz-events',
  'downloads',
  'messages',
  'failed-emails',
  'dataset',
];

/**
 * The menu's links for a staff member: the dashboard first, then each screen their role opens (README "Roles").
 * @returns `{ href, label }` per link, `href` a hash route of the panel (`#/observations`)
 */
export function menuLinks(user: SessionUser, locale: Locale): { href: string; label: string }[] {
  const { mm, resources } = STRINGS[locale];
  const names = user.role_id === Role.Admin ? ADMIN_MENU : REGION_ADMIN_MENU;
  return [
    { href: '#/', label: mm.dashboard.title },
    ...names.map((name) => ({ href: `#/${name}`, label: resources[name].name_other })),
  ];
}

/** Whether an answer has the dashboard's shape where this screen reads it (the panel checks it fully with zod). */
export function isDashboard(body: unknown): body is AdminDashboard {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return (
    typeof b.pending === 'number' &&
    ['week', 'month', 'per_week', 'newest_observations', 'newest_users', 'top_pages'].every((k) => Array.isArray(b[k]))
  );
}

/**
 * Draws the dashboard (`#/dashboard`) from its answer, as the panel's `dashboard.tsx` does without the charts:
 * the pending queue, this week's and this month's counts per status, the weekly submissions as a table, the
 * newest submissions, and for Admins the newest users and most visited pages; the panel's menu as links.
 * Styles: `.mm-first-screen` in index.html.
 * @param container emptied and given the screen
 * @param data the answer of `GET /api/admin/dashboard`
 * @param user the stored staff member (their role chooses the menu)
 * @param locale the panel's language
 */
export function showDashboardFirstScreen(
  container: HTMLElement,
  data: AdminDashboard,
  user: SessionUser,
  locale: Locale,
): void {
  const { mm } = STRINGS[locale];
  const t = mm.dashboard;
  const number = (n: number) => n.toLocaleString(locale);
  const status = (id: number) => mm.status[String(id) as keyof typeof mm.status] ?? String(id);
  const role = (id: number) => mm.role[String(id) as keyof typeof mm.role] ?? String(id);
  const card = (title: string, ...children: Node[]) =>
    el('section', { class: 'mm-card', 'aria-label': title }, el('h2', {}, title), ...children);
  const none = () => el('p', { class: 'mm-none' }, t.none);
  const counts = (rows: AdminDashboard['week']) =>
    rows.length === 0
      ? none()
      : el('dl', {}, ...rows.flatMap((r) => [el('dt', {}, status(r.status_id)), el('dd', {}, number(r.count))]));
  const list = (items: { href: string; primary: string; secondary: string }[]) =>
    el(
      'ul',
      {},
      ...items.map((i) =>
        el('li', {}, el('a', { href: i.href }, el('span', {}, i.primary), el('small', {}, i.secondary))),
      ),
    );
  const table = (caption: string, head: [string, string], rows: [string, string][]) =>
    el(
      'table',
      {},
      el('caption', { class: 'mm-visually-hidden' }, caption),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, head[0]), el('th', { scope: 'col' }, head[1]))),
      el('tbody', {}, ...rows.map(([a, b]) => el('tr', {}, el('td', {}, a), el('td', {}, b)))),
    );

  const pendingFilter = encodeURIComponent(JSON.stringify({ status: ObservationStatus.Pending }));
  const cards: Node[] = [
    card(
      t.pending,
      el('p', { class: 'mm-figure' }, number(data.pending)),
      el('a', { href: `#/observations?filter=${pendingFilter}` }, t.review_pending),
    ),
    card(t.this_week, counts(data.week)),
    card(t.this_month, counts(data.month)),
    card(
      t.per_week,
      data.per_week.length === 0
        ? none()
        : table(
            t.per_week,
            [t.week, t.submissions],
            data.per_week.map((w) => [w.week, number(w.count)]),
          ),
    ),
    card(
      t.newest_observations,
      list(
        data.newest_observations.map((o) => ({
          href: `#/observations/${o.id}/show`,
          primary: `${o.locality ?? '—'} · ${o.numbers}`,
          secondary: `${o.checklist_date} · ${o.username ?? '—'} · ${status(o.observationstatus_id)}`,
        })),
      ),
    ),
  ];
  if (data.newest_users.length > 0)
    cards.push(
      card(
        t.newest_users,
        list(
          data.newest_users.map((u) => ({
            href: `#/users/${u.id}/show`,
            primary: u.username,
            secondary: `${u.first_name ?? ''} ${u.last_name ?? ''} · ${role(u.role_id)}`,
          })),
        ),
      ),
    );
  if (data.top_pages.length > 0)
    cards.push(
      card(
        t.top_pages,
        table(
          t.top_pages,
          [t.page, t.views],
          data.top_pages.map((p) => [p.path, number(p.views)]),
        ),
      ),
    );

  document.documentElement.lang = locale;
  container.replaceChildren(
    el(
      'div',
      { class: 'mm-first-screen' },
      el('header', { class: 'mm-bar' }, el('h1', {}, t.title)),
      el(
        'nav',
        { 'aria-label': mm.title },
        el('ul', {}, ...menuLinks(user, locale).map((l) => el('li', {}, el('a', { href: l.href }, l.label)))),
      ),
      el('main', {}, ...cards),
    ),
  );
}

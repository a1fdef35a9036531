import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDashboard, SessionUser } from '@mm/shared';
import { isDashboard, menuLinks, showDashboardFirstScreen } from './dashboard-first-screen';

const admin: SessionUser = { user_id: 1, username: 'mlavoie', role_id: 1 };
const regionAdmin: SessionUser = { user_id: 7, username: 'lgarcia', role_id: 2 };

const observation = {
  id: 41,
  locality: 'Parc Maisonneuve',
  numbers: 3,
  checklist_date: '2026-08-09',
  username: 'elise',
  observationstatus_id: 1,
};
const dashboard = {
  week: [{ status_id: 1, count: 1234 }],
  month: [],
  pending: 1234,
  per_week: [{ week: '2026-08-03', count: 12 }],
  newest_observations: [observation],
  newest_users: [{ id: 9, username: 'elise', first_name: 'Élise', last_name: 'Bouchard', role_id: 3 }],
  top_pages: [{ path: '/mmapp/fr/', views: 5000 }],
} as unknown as AdminDashboard;

afterEach(() => document.body.replaceChildren());

describe('menuLinks', () => {
  it('gives a Region admin the dashboard, observations, checklists and sites, in French', () => {
    expect(menuLinks(regionAdmin, 'fr')).toEqual([
      { href: '#/', label: 'Tableau de bord' },
      { href: '#/observations', label: 'Observations' },
      { href: '#/checklists', label: 'Relevés' },
      { href: '#/sites', label: 'Sites' },
    ]);
  });

  it("gives an Admin every screen of the panel's menu", () => {
    const links = menuLinks(admin, 'en');
    expect(links.map((l) => l.href)).toEqual([
      '#/',
      '#/observations',
      '#/checklists',
      '#/sites',
      '#/milkweeds',
      '#/auditlog',
      '#/users',
      '#/reasons',
      '#/abundances',
      '#/locationsizes',
      '#/blitz-events',
      '#/downloads',
      '#/messages',
      '#/failed-emails',
      '#/dataset',
    ]);
    expect(links.find((l) => l.href === '#/users')?.label).toBe('Users');
  });
});

describe('isDashboard', () => {
  it("accepts the dashboard's answer and refuses an error body or nothing", () => {
    expect(isDashboard(dashboard)).toBe(true);
    expect(isDashboard({ message: 'Session expired' })).toBe(false);
    expect(isDashboard({ ...dashboard, top_pages: undefined })).toBe(false);
    expect(isDashboard(undefined)).toBe(false);
  });
});

describe('showDashboardFirstScreen', () => {
  it("draws the figures, lists and menu in the panel's language, with headings and links", () => {
    const root = document.createElement('div');
    document.body.append(root);
    showDashboardFirstScreen(root, dashboard, admin, 'fr');

    expect(document.documentElement.lang).toBe('fr');
    expect(root.querySelector('h1')?.textContent).toBe('Tableau de bord');
    const headings = [...root.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toEqual([
      'En attente de vérification',
      'Observations cette semaine',
      'Observations ce mois-ci',
      expect.stringMatching(/semaine/),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    // French number formatting (a narrow no-break space between thousands).
    expect(root.querySelector('.mm-figure')?.textContent).toBe((1234).toLocaleString('fr'));
    const pending = root.querySelector<HTMLAnchorElement>('main section a');
    expect(decodeURIComponent(pending?.getAttribute('href') ?? '')).toBe('#/observations?filter={"status":1}');
    expect(root.querySelector('a[href="#/observations/41/show"]')?.textContent).toContain('Parc Maisonneuve · 3');
    expect(root.querySelector('a[href="#/users/9/show"]')?.textContent).toContain('Élise Bouchard');
    expect(root.querySelector('main')?.textContent).toContain('/mmapp/fr/');
    expect(root.querySelectorAll('nav a')).toHaveLength(15);
    // Every card is a named region.
    for (const section of root.querySelectorAll('section'))
      expect(section.getAttribute('aria-label')).toBe(section.querySelector('h2')?.textContent);
  });

  it("leaves out a Region admin's empty lists (users, pages) and says when there is nothing yet", () => {
    const root = document.createElement('div');
    showDashboardFirstScreen(
      root,
      { ...dashboard, week: [], per_week: [], newest_users: [], top_pages: [] },
      regionAdmin,
      'es',
    );
    expect(root.querySelectorAll('section')).toHaveLength(5);
    expect(root.querySelectorAll('.mm-none')).toHaveLength(3);
    expect(root.querySelectorAll('nav a')).toHaveLength(4);
    expect(root.querySelector('h1')?.textContent).toBe('Panel de control');
  });
});

import type { Locale } from '@mm/shared';

/** A menu entry: an in-app route (built with the locale) or an external URL. */
export interface NavItem {
  labelKey: string;
  href?: string;
  external?: string;
  children?: NavItem[];
  /** Languages in which the entry is hidden (spec §2: mission kit in Spanish). */
  hiddenIn?: Locale[];
}

/** Blog: an external link that differs for French (spec §2). */
const blogUrl = (lng: Locale) =>
  lng === 'fr' ? 'https://espacepourlavie.ca/blogue' : 'https://espacepourlavie.ca/en/blog';
export const parentSiteUrl = (lng: Locale) =>
  lng === 'fr' ? 'https://espacepourlavie.ca/' : 'https://espacepourlavie.ca/en';
export const cityUrl = (lng: Locale) => (lng === 'fr' ? 'https://montreal.ca/' : 'https://montreal.ca/en');

/** The menus of spec §2 "Menus". */
export function menus(lng: Locale): NavItem[] {
  const all: NavItem[] = [
    {
      labelKey: 'nav.the_mission',
      children: [
        { labelKey: 'nav.what_is_a_mission', href: '/content/what-is-a-mission' },
        {
          labelKey: 'nav.steps',
          children: [
            { labelKey: 'nav.find_milkweed', href: '/content/milkweed-identification' },
            { labelKey: 'nav.look_for_monarchs', href: '/content/monarch-identification' },
          ],
        },
        { labelKey: 'nav.ready_to_go', href: '/content/ready-to-go' },
        { labelKey: 'nav.mission_kit', href: '/content/mission-kit', hiddenIn: ['es'] },
      ],
    },
    {
      labelKey: 'nav.the_monarch',
      children: [
        { labelKey: 'nav.biology', href: '/content/monarchs-biology' },
        { labelKey: 'nav.life_cycle', href: '/content/life-cycle' },
        { labelKey: 'nav.migration', href: '/content/monarch-identification-annual-cycle' },
      ],
    },
    {
      labelKey: 'nav.about',
      children: [
        { labelKey: 'nav.what_it_is', href: '/content/the-research-project' },
        { labelKey: 'nav.research_project', href: '/content/the-research-project-2' },
        { labelKey: 'nav.blitz', href: '/content/monarch-blitz' },
        { labelKey: 'nav.partners', href: '/content/partners' },
      ],
    },
    {
      labelKey: 'nav.data',
      children: [
        { labelKey: 'nav.submit_data', href: '/submit/submit-data' },
        { labelKey: 'nav.explore', href: '/explore' },
        { labelKey: 'nav.photos', href: '/photos' },
      ],
    },
    { labelKey: 'nav.teachers', children: [{ labelKey: 'nav.education_kit', href: '/content/trousse-pedagogique' }] },
    { labelKey: 'nav.blog', external: blogUrl(lng) },
    { labelKey: 'nav.faq', href: '/content/faq' },
  ];
  return all.map((m) => ({ ...m, children: m.children?.filter((c) => !c.hiddenIn?.includes(lng)) }));
}

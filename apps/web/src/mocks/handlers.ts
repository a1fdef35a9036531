import { http, HttpResponse } from 'msw';
import {
  API_BASE,
  DEFAULT_LOCALE,
  I18N_NAMESPACES,
  OBSERVATION_PAGE_SIZE,
  normalizeLocale,
  type I18nNamespace,
  type Locale,
} from '@mm/shared';
import enAccount from '@mm/shared/locales/en/account.json';
import enCommon from '@mm/shared/locales/en/common.json';
import enBlitz from '@mm/shared/locales/en/blitz.json';
import enContent from '@mm/shared/locales/en/content.json';
import enDownloads from '@mm/shared/locales/en/downloads.json';
import enExplore from '@mm/shared/locales/en/explore.json';
import enGallery from '@mm/shared/locales/en/gallery.json';
import enMission from '@mm/shared/locales/en/mission.json';
import enValidation from '@mm/shared/locales/en/validation.json';
import esAccount from '@mm/shared/locales/es/account.json';
import esCommon from '@mm/shared/locales/es/common.json';
import esBlitz from '@mm/shared/locales/es/blitz.json';
import esContent from '@mm/shared/locales/es/content.json';
import esDownloads from '@mm/shared/locales/es/downloads.json';
import esExplore from '@mm/shared/locales/es/explore.json';
import esGallery from '@mm/shared/locales/es/gallery.json';
import esMission from '@mm/shared/locales/es/mission.json';
import esValidation from '@mm/shared/locales/es/validation.json';
import frAccount from '@mm/shared/locales/fr/account.json';
import frCommon from '@mm/shared/locales/fr/common.json';
import frBlitz from '@mm/shared/locales/fr/blitz.json';
import frContent from '@mm/shared/locales/fr/content.json';
import frDownloads from '@mm/shared/locales/fr/downloads.json';
import frExplore from '@mm/shared/locales/fr/explore.json';
import frGallery from '@mm/shared/locales/fr/gallery.json';
import frMission from '@mm/shared/locales/fr/mission.json';
import frValidation from '@mm/shared/locales/fr/validation.json';
import { observationPage } from './fixtures/observations';
import { mockLoadParams } from './fixtures/reference';
import { MOCK_TOKEN, mockCheckSession, mockMyProfile } from './fixtures/users';

const translations: Record<Locale, Record<I18nNamespace, object>> = {
  en: {
    common: enCommon,
    explore: enExplore,
    validation: enValidation,
    mission: enMission,
    gallery: enGallery,
    account: enAccount,
    downloads: enDownloads,
    content: enContent,
    blitz: enBlitz,
  },
  fr: {
    common: frCommon,
    explore: frExplore,
    validation: frValidation,
    mission: frMission,
    gallery: frGallery,
    account: frAccount,
    downloads: frDownloads,
    content: frContent,
    blitz: frBlitz,
  },
  es: {
    common: esCommon,
    explore: esExplore,
    validation: esValidation,
    mission: esMission,
    gallery: esGallery,
    account: esAccount,
    downloads: esDownloads,
    content: esContent,
    blitz: esBlitz,
  },
};

/** A positive whole number from the query string, or the fallback. */
const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/**
 * Answers of front-end mock mode (spec §7): reference data, translations, the observation list and a
 * signed-in user from sample data; every other call under /api answers 200 with an empty body.
 * Shared by the browser worker and the unit tests, so both see the same API.
 */
export const handlers = [
  http.get(`${API_BASE}/utilities/loadparams`, ({ request }) =>
    HttpResponse.json(mockLoadParams(normalizeLocale(request.headers.get('Language')) ?? DEFAULT_LOCALE)),
  ),
  http.get(`${API_BASE}/utilities/clientconfig`, () =>
    HttpResponse.json({ map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', version: 'mock' }),
  ),
  http.get(`${API_BASE}/localetranslations/getjsonfile/web/:ns/:lng`, ({ params }) => {
    const lng = normalizeLocale(String(params.lng));
    const ns = I18N_NAMESPACES.find((n) => n === params.ns);
    if (!lng || !ns)
      return HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Resource not found' }, { status: 404 });
    return HttpResponse.json(translations[lng][ns]);
  }),
  http.get(`${API_BASE}/observations`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const limit = Math.min(positive(query.get('limit'), OBSERVATION_PAGE_SIZE), OBSERVATION_PAGE_SIZE);
    return HttpResponse.json(observationPage(positive(query.get('page'), 1), limit));
  }),
  http.post(`${API_BASE}/users/checksession`, () => HttpResponse.json(mockCheckSession)),
  http.post(`${API_BASE}/users/signin`, () => HttpResponse.json({ oauth_token: MOCK_TOKEN })),
  http.get(`${API_BASE}/users/myprofile`, () => HttpResponse.json(mockMyProfile)),
  // Sample photo files do not exist: a 404 lets the page show its fallback image instead of asking a dev proxy with no server behind it.
  http.get('/attachments/*', () => new HttpResponse(null, { status: 404 })),
  http.all(`${API_BASE}/*`, () => new HttpResponse(null, { status: 200 })),
];

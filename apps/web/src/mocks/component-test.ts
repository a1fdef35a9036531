/**
 * What the form component tests share (Testing Library + MSW): the real English and French
 * locale files in a fresh i18next instance, and an MSW server answering with the front-end mock mode's
 * handlers, reset after each test with the DOM and the browser storage.
 */
import { cleanup, configure } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { setupServer, type SetupServer } from 'msw/node';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import enCommon from '@mm/shared/locales/en/common.json';
import enMission from '@mm/shared/locales/en/mission.json';
import enValidation from '@mm/shared/locales/en/validation.json';
import frCommon from '@mm/shared/locales/fr/common.json';
import frMission from '@mm/shared/locales/fr/mission.json';
import frValidation from '@mm/shared/locales/fr/validation.json';
import { handlers } from './handlers';

/**
 * How long `findBy…` and `waitFor` wait in the tests that import this module, ms. What a form shows
 * late comes from a module it loads lazily (the photo picker, a form's schema and resolver, the
 * outbox) or from an answer behind a pause (the province lookup, the quality preview, 400 ms after the
 * last change): on a CI machine under load (load average 15-20 on 2 cores) that takes seconds, past
 * Testing Library's 1 s default, and a test failed on a part that was simply late.
 */
const ASYNC_WAIT_MS = 15_000;
configure({ asyncUtilTimeout: ASYNC_WAIT_MS });

/** A whole-form test under jsdom on a loaded CI machine (it took 9-21 s at load 16-23 on 2 cores), ms. */
export const FORM_TEST_TIMEOUT_MS = 60_000;

/** An i18next instance in `lng` with the `common`, `mission` and `validation` namespaces the forms use. */
export async function testTranslations(lng: 'en' | 'fr'): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    defaultNS: 'common',
    resources: {
      en: { common: enCommon, mission: enMission, validation: enValidation },
      fr: { common: frCommon, mission: frMission, validation: frValidation },
    },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/**
 * An MSW server for this test file: the mock mode's handlers, any unhandled request an error; after
 * each test the DOM is unmounted, per-test handlers dropped, storage cleared and `afterEach` run.
 */
export function mockApi(afterEachTest?: () => void): SetupServer {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    localStorage.clear();
    sessionStorage.clear();
    afterEachTest?.();
  });
  afterAll(() => server.close());
  return server;
}

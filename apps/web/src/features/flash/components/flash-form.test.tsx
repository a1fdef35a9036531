/**
 * Flash Data form (spec §1, §5 messages, §7 `POST /api/observations/submit_flash`; component
 * tests): the whole form with its sections When, Where (flash-where-section) and What
 * (flash-what-section), its real resolver (the shared submitFlashInputSchema, loaded lazily as in the
 * app) and the real English and French locale files, driven as a volunteer would.
 *
 * The API is answered by MSW: the front-end mock mode's handlers (reference data from
 * `/api/utilities/loadparams`, the session check), plus, per test, the province lookup, the quality
 * preview, the photo upload and the submission, whose requests are captured. A new submission goes
 * through the outbox as in the app, on fake-indexeddb. The Leaflet map renders as in the app (jsdom
 * draws no tiles): the point is typed or comes from "Use my location", not clicked.
 */
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { QualityPreviewInput, SubmitFlashInput } from '@mm/shared';
import { getParams } from '../../../entities/params/get-params';
import { SessionProvider } from '../../../entities/session/session-context';
import { storage } from '../../../lib/storage';
import { MOCK_TOKEN, MOCK_USER } from '../../../mocks/fixtures/users';
import { FORM_TEST_TIMEOUT_MS, mockApi, testTranslations } from '../../../mocks/component-test';
import { FlashForm } from './flash-form';

/** The name the upload answers for the stored photo (the shape the shared photo schema accepts). */
const PHOTO_NAME = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab.jpg';
const CHECKLIST_ID = 321;

const server = mockApi(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

/**
 * Answers of the calls the form makes while it is filled and sent, each request kept for the test:
 * the point lies in Québec (11), the preview answers `previewFlags`, the upload stores PHOTO_NAME.
 */
function answerApi(previewFlags: { code: string; params: Record<string, string | number> }[] = []) {
  const calls = {
    located: [] as URLSearchParams[],
    previews: [] as QualityPreviewInput[],
    uploads: 0,
    submitted: [] as SubmitFlashInput[],
  };
  server.use(
    http.get('/api/utilities/locate', ({ request }) => {
      calls.located.push(new URL(request.url).searchParams);
      return HttpResponse.json({ province_id: 11, country_id: 1 });
    }),
    http.post('/api/quality/preview', async ({ request }) => {
      calls.previews.push((await request.json()) as QualityPreviewInput);
      return HttpResponse.json({ flags: previewFlags });
    }),
    http.post('/api/photos/uploadphotos/observations', () => {
      calls.uploads += 1;
      return HttpResponse.json({
        photo_path: 'observations_temp',
        photo_name: PHOTO_NAME,
        width: 800,
        height: 600,
        bytes: 2048,
      });
    }),
    http.post('/api/observations/submit_flash', async ({ request }) => {
      calls.submitted.push((await request.json()) as SubmitFlashInput);
      return HttpResponse.json({ checklist_id: CHECKLIST_ID });
    }),
  );
  return calls;
}

/**
 * The form as the Flash page shows it to a signed-in volunteer: reference data fetched from the API
 * in the page's language, the session, react-query and the `/{locale}/…` route.
 */
async function renderForm(lng: 'en' | 'fr' = 'en') {
  storage.setLanguage(lng);
  storage.setToken(MOCK_TOKEN);
  storage.setCurrentUser(MOCK_USER);
  const params = await getParams();
  const i18n = await testTranslations(lng);
  // The parts the form loads lazily (its resolver and schema, the photo picker) are in before it
  // renders, so a slow shared machine does not race the volunteer's first validation or click.
  await Promise.all([
    import('../../../lib/form-resolver'),
    import('../../../lib/shared-schemas'),
    import('./photo-tiles'),
  ]);
  const onSaved = vi.fn();
  const onQueued = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          <MemoryRouter initialEntries={[`/${lng}/submit/flash`]}>
            <Routes>
              <Route
                path="/:locale/submit/flash"
                element={<FlashForm params={params} onSaved={onSaved} onQueued={onQueued} />}
              />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // The map (Leaflet, loaded lazily as in the app) is on screen before the volunteer starts.
  await screen.findByRole('application', { name: i18n.t('flash.map_label') }, { timeout: 15_000 });
  return { onSaved, onQueued };
}

const field = (name: RegExp) => screen.getByLabelText(name);
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
/** Opens a select (MUI's combobox) and clicks one of its options. */
function choose(name: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}
const submitButton = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

// A whole form under jsdom on a shared machine: more than the default 5 s for the longest fills.
describe('Flash Data form', { timeout: FORM_TEST_TIMEOUT_MS }, () => {
  it('refuses a submit without a location, a date or a life stage, saying what is missing', async () => {
    const calls = answerApi();
    const { onSaved } = await renderForm();
    expect(screen.getByRole('form', { name: 'Flash Data' })).toBeTruthy();
    type(/^Date/, '');
    fireEvent.click(submitButton('Submit observation'));

    expect(await screen.findByText('Please select a location on map.')).toBeTruthy();
    expect(screen.getByText('Date is required.')).toBeTruthy();
    expect(screen.getByText('Please enter at least one monarch observation.')).toBeTruthy();
    expect(screen.getByText('Locality is required.')).toBeTruthy();
    expect(screen.getByText('Province is required.')).toBeTruthy();
    expect(field(/^Date/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.submitted).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says the same in French, with the French field names', async () => {
    answerApi();
    await renderForm('fr');
    expect(field(/^Nombre d'adultes/)).toBeTruthy();
    type(/^Date/, '');
    fireEvent.click(submitButton("Soumettre l'observation"));

    expect(await screen.findByText('Veuillez sélectionner un emplacement sur la carte.')).toBeTruthy();
    expect(screen.getByText('La date est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Veuillez entrer au moins une observation de monarque.')).toBeTruthy();
    expect(screen.getByText('Le lieu est obligatoire.')).toBeTruthy();
  });

  it('sends a valid sighting, its photo uploaded first, as the JSON body of submit_flash', async () => {
    const calls = answerApi();
    const { onSaved, onQueued } = await renderForm();
    type(/^Date/, '2025-07-20');
    type(/^Latitude/, '45.5361');
    type(/^Longitude/, '-73.6142');
    // The province is suggested from the point (`/api/utilities/locate`).
    expect(await screen.findByText('Suggested from the point on the map. Change it if needed.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Province/ }).textContent).toBe('Québec');
    expect(calls.located.map((q) => [q.get('lat'), q.get('lng')])).toEqual([['45.5361', '-73.6142']]);
    expect(screen.getByText('Chosen point: 45.53610, -73.61420')).toBeTruthy();

    type(/^Locality/, 'Parc Jarry, north meadow');
    type(/^City/, 'Montréal');
    type(/^Number of adults/, '3');
    type(/^Number of eggs/, '5');
    choose(/^Milkweed/, 'Common milkweed (Asclepias syriaca)');
    type(/^Comment/, 'Two females laying eggs.');
    // The comment box is one plain <textarea> of three rows (stretchable), without MUI's hidden measuring
    // twin, which cost two layouts of the page per key on a phone (docs/adr/0045).
    const comment = field(/^Comment/);
    expect(comment.tagName).toBe('TEXTAREA');
    expect(comment.getAttribute('rows')).toBe('3');
    expect(comment.style.resize).toBe('vertical');
    expect(document.querySelectorAll('textarea')).toHaveLength(1);

    // A picture of the adults: the volunteer picks a file behind "Add a picture of Adult" (the
    // photo picker is loaded lazily beside the form, ADR 0024: wait for it as the volunteer would).
    const addPhoto = await screen.findByRole('button', { name: 'Add a picture of Adult' });
    const input = addPhoto.parentElement?.querySelector<HTMLInputElement>('input[type="file"]');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'monarch.jpg', { type: 'image/jpeg' });
    fireEvent.change(input!, { target: { files: [photo] } });
    expect(await screen.findByRole('img', { name: 'monarch.jpg' })).toBeTruthy();
    // The photo pipeline is loaded when the photo is chosen (ADR 0024), then the photo is uploaded.
    await waitFor(() => expect(submitButton('Submit observation').disabled).toBe(false), { timeout: 10_000 });
    expect(calls.uploads).toBe(1);

    fireEvent.click(submitButton('Submit observation'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(CHECKLIST_ID));
    expect(onQueued).not.toHaveBeenCalled();
    expect(calls.submitted).toHaveLength(1);
    const body = calls.submitted[0]!;
    expect(body.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.checklist_date).toBe('2025-07-20');
    expect(body.latitude).toBe(45.5361);
    expect(body.longitude).toBe(-73.6142);
    expect(body.coordinate_uncertainty_m).toBeNull();
    expect(body.province_id).toBe(11);
    expect(body.locality).toBe('Parc Jarry, north meadow');
    expect(body.city).toBe('Montréal');
    expect([body.adults, body.eggs, body.caterpillars, body.chrysalises]).toEqual([3, 5, 0, 0]);
    expect(body.milkweed_id).toBe(46);
    expect(body.comment).toBe('Two females laying eggs.');
    expect(body.photos).toEqual([{ photo_name: PHOTO_NAME, lifestage_id: 1 }]);
  });

  it('places the point from "Use my location" and warns, without blocking, of eggs in January in Québec', async () => {
    const calls = answerApi([{ code: 'near_duplicate', params: { metres: 40, checklist_id: 77 } }]);
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (found: PositionCallback) =>
          found({ coords: { latitude: 46.81231, longitude: -71.20874, accuracy: 12.4 } } as GeolocationPosition),
      },
    });
    const { onSaved } = await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Chosen point: 46.81231, -71.20874')).toBeTruthy();
    expect((field(/^Latitude/) as HTMLInputElement).value).toBe('46.81231');
    type(/^Date/, '2026-01-15');
    type(/^Locality/, 'Plaines d’Abraham');
    type(/^Number of eggs/, '4');

    // The browser's own rule (season by latitude) and the server's preview (near-duplicate).
    const warning = await screen.findByRole('status');
    expect(within(warning).getByText('Please check before sending')).toBeTruthy();
    expect(within(warning).getByText('Eggs in January in Québec are unusual: please check the date.')).toBeTruthy();
    expect(
      await within(warning).findByText(
        'You already recorded the same counts 40 m from here on this day (record #77): is this a duplicate?',
      ),
    ).toBeTruthy();
    expect(within(warning).getByText('These are only warnings: you can still submit.')).toBeTruthy();
    const preview = calls.previews.at(-1)!;
    expect(preview.checklist_date).toBe('2026-01-15');
    expect(preview.province_id).toBe(11);
    expect(preview.observations).toEqual([{ lifestage_id: 2, numbers: 4, photo_names: [] }]);

    fireEvent.click(submitButton('Submit observation'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(CHECKLIST_ID));
    const body = calls.submitted[0]!;
    expect([body.latitude, body.longitude]).toEqual([46.81231, -71.20874]);
    // The device's accuracy, in whole metres, is the point's uncertainty.
    expect(body.coordinate_uncertainty_m).toBe(13);
    expect(body.eggs).toBe(4);
    expect(body.photos).toEqual([]);
  });
});

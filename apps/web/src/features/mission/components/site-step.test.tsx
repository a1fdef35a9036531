/**
 * Mission step 1 "Where" (spec §1, §5 messages; component tests): the step's own fields
 * with the form's real resolver (the shared zod schema, loaded lazily as in the app) and the real
 * English and French locale files, driven as a volunteer would: clicking the map, typing, choosing
 * one of "my locations".
 *
 * The API is answered by MSW: the front-end mock mode's handlers (reference data from
 * `/api/utilities/loadparams`, client config), plus, per test, the province lookup
 * (`/api/utilities/locate`) and "my locations" (`/api/sites/mine`). The Leaflet map renders as in
 * the app (jsdom has no layout: a click at the map's top-left corner lands near the map's centre, northern Québec).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useForm, FormProvider } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, type LoadParams, type MySite } from '@mm/shared';
import { clickUncertainty } from '../../../components/map/coordinate-uncertainty';
import { getParams } from '../../../entities/params/get-params';
import { storage } from '../../../lib/storage';
import { FORM_TEST_TIMEOUT_MS, mockApi, testTranslations } from '../../../mocks/component-test';
import { emptyMission, missionStepResolver, type MissionFormValues } from '../mission-values';
import { SiteStep } from './site-step';

const MY_SITE: MySite = {
  site_id: 5,
  locality: 'Jardin des Floralies',
  city: 'Laval',
  province_id: 11,
  latitude: 45.6066,
  longitude: -73.7124,
  is_private: false,
  last_used: '2025-08-02T14:00:00.000Z',
  checklists: 3,
};

const server = mockApi();

/** The province lookup: Québec (11) north of 44° N in the east, else nothing; my one saved site. */
function answerApi() {
  const located: [string | null, string | null][] = [];
  server.use(
    http.get('/api/utilities/locate', ({ request }) => {
      const q = new URL(request.url).searchParams;
      located.push([q.get('lat'), q.get('lng')]);
      const inQuebec = Number(q.get('lat')) > 44 && Number(q.get('lng')) > -80;
      return HttpResponse.json(inQuebec ? { province_id: 11, country_id: 1 } : { province_id: null, country_id: null });
    }),
    http.get('/api/sites/mine', () => HttpResponse.json([MY_SITE])),
  );
  return { located };
}

/** The step inside its form, with a "Next" button that validates it as the Mission stepper does. */
function Step({ params, onValid }: { params: LoadParams; onValid: (values: MissionFormValues) => void }) {
  const form = useForm<MissionFormValues>({
    defaultValues: emptyMission(),
    resolver: missionStepResolver('site'),
  });
  return (
    <FormProvider {...form}>
      <SiteStep params={params} editing={false} />
      <button type="button" onClick={() => void form.handleSubmit(onValid)()}>
        Next
      </button>
    </FormProvider>
  );
}

/** The step as the Mission page shows it: reference data from the API in the page's language, react-query, the `/{locale}/…` route. */
async function renderStep(lng: 'en' | 'fr' = 'en') {
  storage.setLanguage(lng);
  const params = await getParams();
  const i18n = await testTranslations(lng);
  // The step's schemas and resolver, which the form loads lazily, are in before the volunteer presses
  // Next (a slow shared machine would otherwise race the first validation).
  await Promise.all([import('../mission-schemas'), import('../../../lib/form-resolver')]);
  const onValid = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/${lng}/submit/mission`]}>
          <Routes>
            <Route path="/:locale/submit/mission" element={<Step params={params} onValid={onValid} />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // The map (Leaflet, loaded lazily as in the app) is on screen before the volunteer starts.
  const map = await screen.findByRole('application', { name: i18n.t('mission:site.map_label') }, { timeout: 15_000 });
  // The map is made in the task after its box is drawn, its layers and handlers then (components/map/leaflet.tsx).
  await waitFor(() => expect(map.querySelector('.leaflet-container .leaflet-layer')).not.toBeNull());
  return { onValid, map };
}

const field = (name: RegExp) => screen.getByLabelText(name);
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const valuesOf = (onValid: ReturnType<typeof vi.fn>) => onValid.mock.calls[0]![0] as MissionFormValues;

// A step with a map under jsdom on a shared machine: more than the default 5 s for the longest.
describe('Mission step 1 (Where)', { timeout: FORM_TEST_TIMEOUT_MS }, () => {
  it('asks for a point on the map, the locality, the city and the province', async () => {
    answerApi();
    const { onValid } = await renderStep();
    expect(screen.getByText('Click the map or drag the marker to set the location.')).toBeTruthy();
    next();
    expect(await screen.findByText('Please select a location on map.')).toBeTruthy();
    expect(screen.getByText('Locality is required.')).toBeTruthy();
    expect(screen.getByText('City is required.')).toBeTruthy();
    expect(screen.getByText('Province is required.')).toBeTruthy();
    expect(field(/^Locality/).getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('speaks French, with the French field names', async () => {
    answerApi();
    await renderStep('fr');
    expect(field(/^Lieu/)).toBeTruthy();
    next();
    expect(await screen.findByText('Veuillez sélectionner un emplacement sur la carte.')).toBeTruthy();
    expect(screen.getByText('Le lieu est obligatoire.')).toBeTruthy();
    expect(screen.getByText('La ville est obligatoire.')).toBeTruthy();
    expect(screen.getByText('La province est obligatoire.')).toBeTruthy();
  });

  it('takes a click on the map, suggests its province, and goes on with the typed site', async () => {
    const { located } = answerApi();
    const { onValid, map } = await renderStep();
    const container = map.querySelector('.leaflet-container');
    fireEvent.click(container!, { clientX: 0, clientY: 0 });

    // The point placed (the map's own arithmetic) is shown, written into the coordinates and looked up.
    const chosen = await screen.findByText(/^Chosen point: /);
    const lat = Number((field(/^Latitude/) as HTMLInputElement).value);
    const lng = Number((field(/^Longitude/) as HTMLInputElement).value);
    expect(lat).toBeCloseTo(DEFAULT_MAP_CENTER.lat, 1);
    expect(lng).toBeCloseTo(DEFAULT_MAP_CENTER.lng, 1);
    expect(chosen.textContent).toBe(`Chosen point: ${lat.toFixed(5)}, ${lng.toFixed(5)}`);
    expect(await screen.findByText('Suggested from the point on the map. Please check it.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Province/ }).textContent).toBe('Québec');
    expect(located).toEqual([[String(lat), String(lng)]]);

    type(/^Locality/, 'Lac Mistassini, south shore');
    type(/^City/, 'Chibougamau');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Private site (a garden, private land)' }));
    next();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(valuesOf(onValid).site).toEqual({
      site_id: null,
      locality: 'Lac Mistassini, south shore',
      city: 'Chibougamau',
      province_id: 11,
      latitude: lat,
      longitude: lng,
      // A click's uncertainty: what a few pixels cover at the map's zoom.
      coordinate_uncertainty_m: clickUncertainty(lat, DEFAULT_MAP_ZOOM),
      is_private: true,
    });
  });

  it('refuses a latitude beyond 90°, then goes on with typed coordinates and a chosen province', async () => {
    answerApi();
    const { onValid } = await renderStep();
    type(/^Latitude/, '95');
    type(/^Longitude/, '-71.2');
    type(/^Locality/, 'Île d’Orléans');
    type(/^City/, 'Saint-Laurent');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Province/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Québec' }));
    next();
    expect(await screen.findByText('Latitude must be between -90 and 90.')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    type(/^Latitude/, '46.9');
    expect(screen.getByText('Chosen point: 46.90000, -71.20000')).toBeTruthy();
    next();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    const { site } = valuesOf(onValid);
    expect([site.latitude, site.longitude, site.province_id]).toEqual([46.9, -71.2, 11]);
    // Typed numbers come with no known uncertainty.
    expect(site.coordinate_uncertainty_m).toBeNull();
    expect(screen.queryByText('Latitude must be between -90 and 90.')).toBeNull();
  });

  it('fills the step from one of "my locations", and makes it a new site once a field changes', async () => {
    answerApi();
    const { onValid } = await renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Show my locations' }));
    // The list is loaded lazily when asked for (the Mission page's budget): found within ASYNC_WAIT_MS.
    const list = await screen.findByRole('list', { name: 'My locations' });
    fireEvent.click(within(list).getByText('Jardin des Floralies'));

    expect(
      screen.getByText('Using your location “Jardin des Floralies”. Changing a field below makes it a new site.'),
    ).toBeTruthy();
    expect((field(/^City/) as HTMLInputElement).value).toBe('Laval');
    next();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(valuesOf(onValid).site).toMatchObject({
      site_id: 5,
      locality: 'Jardin des Floralies',
      city: 'Laval',
      province_id: 11,
      latitude: 45.6066,
      longitude: -73.7124,
      is_private: false,
    });

    type(/^Locality/, 'Jardin des Floralies, east bed');
    expect(screen.queryByText(/^Using your location/)).toBeNull();
    next();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    const site = (onValid.mock.calls[1]![0] as MissionFormValues).site;
    expect(site.site_id).toBeNull();
    expect(site.locality).toBe('Jardin des Floralies, east bed');
  });
});

/**
 * Mission step 4 "Confirmation" (spec §1; component tests; quality warnings): the
 * summary of what steps 1 to 3 hold, with an Edit link back to each step, and below it the quality
 * warnings of the whole mission, composed as the Mission form composes them
 * (`MissionQualityWarnings` with step "confirmation"), in a form with the real resolver of the step
 * (the whole shared mission schema, loaded lazily as in the app) and the real English and French
 * locale files.
 *
 * The API is answered by MSW: the front-end mock mode's handlers (reference data from
 * `/api/utilities/loadparams`, client config) and, per test, the quality preview
 * (`POST /api/quality/preview`), whose requests are captured. The read-only Leaflet map of the site
 * renders as in the app.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useForm, FormProvider, type FieldErrors } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { LoadParams, QualityFlag, QualityPreviewInput } from '@mm/shared';
import { getParams } from '../../../entities/params/get-params';
import { storage } from '../../../lib/storage';
import { MOCK_TOKEN } from '../../../mocks/fixtures/users';
import { FORM_TEST_TIMEOUT_MS, mockApi, testTranslations } from '../../../mocks/component-test';
import { missionStepResolver, type MissionFormValues } from '../mission-values';
import { ConfirmationStep } from './confirmation-step';
import { MissionQualityWarnings } from './mission-quality-warnings';

const PHOTO_NAME = '0b6c3f2a-9d4e-4f1a-8c2b-5e7d9a1b3c4d.jpg';

/**
 * What steps 1 to 3 hold after a survey in Québec City on 15 January (46.8° N): eggs and a
 * caterpillar on Common milkweed, with a picture of the eggs.
 */
const januaryMission = (): MissionFormValues => ({
  idempotency_key: '5b0e4c1a-2f3d-4e5a-9b8c-7d6e5f4a3b2c',
  site: {
    site_id: null,
    locality: 'Parc de la Rivière-Saint-Charles',
    city: 'Québec',
    province_id: 11,
    latitude: 46.81231,
    longitude: -71.20874,
    coordinate_uncertainty_m: 13,
    is_private: false,
  },
  checklist: { checklist_date: '2026-01-15', start_time: '09:30', end_time: '10:45', participants: 2 },
  observation: {
    stems_inspected: 12,
    milkweeds: [
      { milkweed_id: 46, abundance_id: 2, locationsize_id: 5, adults: 0, eggs: 4, caterpillars: 1, chrysalises: 0 },
    ],
    monarchs_seen: true,
    photos: [
      {
        photo_name: PHOTO_NAME,
        photo_path: 'observations_temp',
        file_name: 'eggs.jpg',
        lifestage_id: 2,
        milkweed_index: 0,
        uploaded_at: Date.now(),
      },
    ],
    comment: 'Eggs under the top leaves.',
  },
});

const server = mockApi();

/** The quality preview: answers `flags` (the rules only the server runs), keeping each request. */
function answerPreview(flags: QualityFlag[]) {
  const previews: QualityPreviewInput[] = [];
  server.use(
    http.post('/api/quality/preview', async ({ request }) => {
      previews.push((await request.json()) as QualityPreviewInput);
      return HttpResponse.json({ flags });
    }),
  );
  return previews;
}

/** The step inside its form, its warnings below, and a "Submit" button that validates the whole mission. */
function Step({
  params,
  values,
  onValid,
  onInvalid,
}: {
  params: LoadParams;
  values: MissionFormValues;
  onValid: (values: MissionFormValues) => void;
  onInvalid: (errors: FieldErrors<MissionFormValues>) => void;
}) {
  const form = useForm<MissionFormValues>({ defaultValues: values, resolver: missionStepResolver('confirmation') });
  return (
    <FormProvider {...form}>
      <ConfirmationStep params={params} stepHref={(step) => `?step=${step}`} />
      <MissionQualityWarnings params={params} step="confirmation" checklistId={null} />
      <button type="button" onClick={() => void form.handleSubmit(onValid, onInvalid)()}>
        Submit
      </button>
    </FormProvider>
  );
}

/**
 * The step as the Mission page shows it to a signed-in volunteer: reference data from the API in
 * the page's language, react-query, the `/{locale}/…` route; waits for the site's map.
 */
async function renderStep(values: MissionFormValues, lng: 'en' | 'fr' = 'en') {
  storage.setLanguage(lng);
  storage.setToken(MOCK_TOKEN);
  const params = await getParams();
  const i18n = await testTranslations(lng);
  // The step's schemas and resolver, which the form loads lazily, are in before the volunteer presses
  // Submit (a slow shared machine would otherwise race the validation).
  await Promise.all([import('../mission-schemas'), import('../../../lib/form-resolver')]);
  const onValid = vi.fn();
  const onInvalid = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/${lng}/submit/mission?step=confirmation`]}>
          <Routes>
            <Route
              path="/:locale/submit/mission"
              element={<Step params={params} values={values} onValid={onValid} onInvalid={onInvalid} />}
            />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('region', { name: i18n.t('mission:details.map_label') }, { timeout: 15_000 });
  return { onValid, onInvalid };
}

/** The value shown for a label in a summary (a description list). */
function shown(scope: HTMLElement, label: string): string | null | undefined {
  const term = within(scope)
    .getAllByRole('term')
    .find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent;
}
const section = (name: string) => screen.getByRole('region', { name });

// A summary with its map under jsdom on a shared machine: more than the default 5 s for the longest.
describe('Mission step 4 (Confirmation)', { timeout: FORM_TEST_TIMEOUT_MS }, () => {
  it('shows what each step holds, with a link back to it', async () => {
    answerPreview([]);
    await renderStep(januaryMission());

    const where = section('Step 1 Where');
    expect(shown(where, 'Locality')).toBe('Parc de la Rivière-Saint-Charles');
    expect(shown(where, 'City')).toBe('Québec');
    expect(shown(where, 'Province')).toBe('Québec, Canada');
    expect(shown(where, 'Coordinates')).toBe('46.81231, -71.20874');
    expect(within(where).getByRole('link', { name: 'Edit Step 1 Where' }).getAttribute('href')).toBe(
      '/en/submit/mission?step=site',
    );

    const when = section('Step 2 When');
    expect(shown(when, 'Date')).toBe('Jan 15, 2026');
    expect(shown(when, 'Time')).toBe('09:30 to 10:45');
    expect(shown(when, 'Number of participants')).toBe('2');
    expect(within(when).getByRole('link', { name: 'Edit Step 2 When' }).getAttribute('href')).toBe(
      '/en/submit/mission?step=checklist',
    );

    const what = section('Step 3 What');
    expect(shown(what, 'Number of milkweed stems inspected')).toBe('12');
    expect(shown(what, 'I saw monarchs')).toBe('Yes');
    expect(shown(what, 'Comment')).toBe('Eggs under the top leaves.');
    const milkweed = within(what).getByRole('article', { name: 'Milkweed 1' });
    expect(within(milkweed).getByText('Common milkweed')).toBeTruthy();
    expect(within(milkweed).getByText('Asclepias syriaca')).toBeTruthy();
    expect(shown(milkweed, 'Abundance')).toBe('Dotted (1-10/m2)');
    expect(shown(milkweed, 'Location size')).toBe('Patch');
    expect(['Adult', 'Eggs', 'Caterpillar', 'Chrysalis'].map((stage) => shown(milkweed, stage))).toEqual([
      '0',
      '4',
      '1',
      '0',
    ]);
    const picture = within(milkweed).getByRole('img', { name: 'Eggs on Common milkweed' });
    expect(picture.getAttribute('src')).toBe(`/attachments/observations_temp/small/${PHOTO_NAME}`);
    expect(within(what).getByRole('link', { name: 'Edit Step 3 What' }).getAttribute('href')).toBe(
      '/en/submit/mission?step=observation',
    );
  });

  it("warns of eggs and caterpillars in January at 46° N, beside the server preview's flag, without blocking", async () => {
    const previews = answerPreview([{ code: 'near_duplicate', params: { metres: 40, checklist_id: 77 } }]);
    const { onValid } = await renderStep(januaryMission());

    const warning = await screen.findByRole('status');
    expect(within(warning).getByText('Please check before sending')).toBeTruthy();
    expect(within(warning).getByText('Eggs in January in Québec are unusual: please check the date.')).toBeTruthy();
    expect(
      within(warning).getByText('Caterpillars in January in Québec are unusual: please check the date.'),
    ).toBeTruthy();
    expect(
      await within(warning).findByText(
        'You already recorded the same counts 40 m from here on this day (record #77): is this a duplicate?',
      ),
    ).toBeTruthy();
    expect(within(warning).getByText('These are only warnings: you can still submit.')).toBeTruthy();
    // The preview is asked for the mission as the server would store it.
    const preview = previews.at(-1)!;
    expect(preview.checklist_date).toBe('2026-01-15');
    expect([preview.latitude, preview.longitude, preview.province_id, preview.stems_inspected]).toEqual([
      46.81231, -71.20874, 11, 12,
    ]);
    expect(preview.observations).toEqual([
      { lifestage_id: null, numbers: 0, photo_names: [] },
      { lifestage_id: 2, numbers: 4, photo_names: [PHOTO_NAME] },
      { lifestage_id: 3, numbers: 1, photo_names: [] },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect((onValid.mock.calls[0]![0] as MissionFormValues).checklist.checklist_date).toBe('2026-01-15');
  });

  it('speaks French: the summary and the season warning', async () => {
    answerPreview([]);
    await renderStep(januaryMission(), 'fr');

    expect(shown(section('Étape 1 Où'), 'Province')).toBe('Québec, Canada');
    const when = section('Étape 2 Quand');
    expect(shown(when, 'Date')).toBe('15 janv. 2026');
    expect(shown(when, 'Heure')).toBe('De 09:30 à 10:45');
    const what = section('Étape 3 Quoi');
    expect(shown(what, "J'ai vu des monarques")).toBe('Oui');
    expect(within(what).getByText('Asclépiade commune')).toBeTruthy();
    expect(within(what).getByRole('link', { name: 'Modifier Étape 3 Quoi' })).toBeTruthy();
    const warning = await screen.findByRole('status');
    expect(within(warning).getByText("À vérifier avant l'envoi")).toBeTruthy();
    expect(
      within(warning).getByText("Œufs en janvier (Québec), c'est inhabituel : veuillez vérifier la date."),
    ).toBeTruthy();
  });

  it('shows a survey without monarchs as such, with no season warning, and submits it', async () => {
    answerPreview([]);
    const values = januaryMission();
    values.observation.monarchs_seen = false;
    const { onValid } = await renderStep(values);

    const what = section('Step 3 What');
    expect(shown(what, 'I saw monarchs')).toBe('No');
    const milkweed = within(what).getByRole('article', { name: 'Milkweed 1' });
    expect(['Adult', 'Eggs', 'Caterpillar', 'Chrysalis'].map((stage) => shown(milkweed, stage))).toEqual([
      '—',
      '—',
      '—',
      '—',
    ]);
    expect(within(milkweed).queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses to submit a mission whose earlier step is no longer valid', async () => {
    answerPreview([]);
    const values = januaryMission();
    values.checklist.end_time = '';
    const { onValid, onInvalid } = await renderStep(values);
    expect(shown(section('Step 2 When'), 'Time')).toBe('09:30 to ');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The whole mission is validated: step 2 lacks its end time (the form then goes back to that step).
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    const errors = onInvalid.mock.calls[0]![0] as FieldErrors<MissionFormValues>;
    expect(Object.keys(errors)).toEqual(['checklist']);
    expect(errors.checklist?.end_time?.message).toBe('validation.required');
    expect(onValid).not.toHaveBeenCalled();
  });
});

/**
 * Mission step 3 "What" (spec §1, §5 messages and the milkweed delete confirmation; component
 * tests): stems inspected, the milkweed rows (milkweed-row-card: species, abundance,
 * location size, the four life-stage counts and their pictures), "I saw monarchs" and the comment,
 * with the form's real resolver (the shared zod schema, loaded lazily as in the app) and the real
 * English and French locale files, driven as a volunteer would.
 *
 * The API is answered by MSW: the front-end mock mode's handlers (reference data from
 * `/api/utilities/loadparams`) and, per test, the photo upload. The pictures' originals are kept
 * for the outbox as in the app, on fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useForm, FormProvider } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { LoadParams } from '@mm/shared';
import { getParams } from '../../../entities/params/get-params';
import { storage } from '../../../lib/storage';
import { FORM_TEST_TIMEOUT_MS, mockApi, testTranslations } from '../../../mocks/component-test';
import { emptyMission, missionStepResolver, type MissionFormValues } from '../mission-values';
import { ObservationStep } from './observation-step';

/** The name the upload answers for the n-th stored picture (the shape the shared photo schema accepts). */
const photoName = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}.jpg`;

const server = mockApi();

/** The step inside its form, with a "Next" button that validates it as the Mission stepper does. */
function Step({ params, onValid }: { params: LoadParams; onValid: (values: MissionFormValues) => void }) {
  const form = useForm<MissionFormValues>({
    defaultValues: emptyMission(),
    resolver: missionStepResolver('observation'),
  });
  return (
    <FormProvider {...form}>
      <ObservationStep params={params} onBusy={() => undefined} editing={false} />
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
  // The step's schemas and resolver, which the form loads lazily, are in before the volunteer presses
  // Next (a slow shared machine would otherwise race the first validation).
  await Promise.all([import('../mission-schemas'), import('../../../lib/form-resolver')]);
  const onValid = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={await testTranslations(lng)}>
        <MemoryRouter initialEntries={[`/${lng}/submit/mission`]}>
          <Routes>
            <Route path="/:locale/submit/mission" element={<Step params={params} onValid={onValid} />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onValid;
}

const field = (name: RegExp) => screen.getByLabelText(name);
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const row = (title: string) => screen.getByRole('group', { name: title });
const typeIn = (scope: HTMLElement, name: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(name), { target: { value } });

/** Finds a milkweed species by what the volunteer types (common or Latin name) and picks it. */
function pickSpecies(scope: HTMLElement, label: RegExp, typed: string, option: RegExp) {
  fireEvent.change(within(scope).getByRole('combobox', { name: label }), { target: { value: typed } });
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** Opens one of a row's selects (MUI's combobox) and clicks an option. */
function choose(scope: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** A row filled with Common milkweed, "Dotted" and "Patch". */
function fillRow(title: string) {
  const card = row(title);
  pickSpecies(card, /^Milkweed species/, 'syriaca', /^Common milkweed/);
  choose(card, /^Abundance/, 'Dotted (1-10/m2)');
  choose(card, /^Location size/, 'Patch');
  return card;
}

/** The photo upload (`POST /api/photos/uploadphotos/observations`), answering a new name each time. */
function answerUploads() {
  const uploads = { count: 0 };
  server.use(
    http.post('/api/photos/uploadphotos/observations', () => {
      uploads.count += 1;
      return HttpResponse.json({
        photo_path: 'observations_temp',
        photo_name: photoName(uploads.count),
        width: 800,
        height: 600,
        bytes: 2048,
      });
    }),
  );
  return uploads;
}

/** Picks a picture file behind a row's "Add a picture of {stage}" and waits for its thumbnail. */
async function addPicture(card: HTMLElement, stage: string, fileName: string) {
  const addPhoto = within(card).getByRole('button', { name: `Add a picture of ${stage}` });
  const input = addPhoto.parentElement?.querySelector<HTMLInputElement>('input[type="file"]');
  const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], fileName, { type: 'image/jpeg' });
  fireEvent.change(input!, { target: { files: [photo] } });
  // The photo pipeline is loaded when the picture is chosen (ADR 0024), then the picture is uploaded.
  expect(await within(card).findByRole('img', { name: `${stage}: ${fileName}` }, { timeout: 10_000 })).toBeTruthy();
}

// Several milkweed rows under jsdom on a shared machine: more than the default 5 s for the longest.
describe('Mission step 3 (What)', { timeout: FORM_TEST_TIMEOUT_MS }, () => {
  it('asks for the stems inspected and at least one milkweed and one monarch', async () => {
    const onValid = await renderStep();
    expect(screen.getByText('No milkweed yet. Add each milkweed species you inspected.')).toBeTruthy();
    next();
    expect(await screen.findByText('Must have at least one milkweed stem inspected.')).toBeTruthy();
    expect(screen.getByText('Please enter at least one milkweed observation.')).toBeTruthy();
    expect(screen.getByText('Please enter at least one monarch observation.')).toBeTruthy();
    expect(field(/^Number of milkweed stems inspected/).getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('adds milkweed rows that need their species, abundance and size, and deletes one after asking', async () => {
    const onValid = await renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Add a milkweed' }));
    expect(screen.queryByText('No milkweed yet. Add each milkweed species you inspected.')).toBeNull();
    next();
    const first = row('Milkweed 1');
    expect(await within(first).findByText('Milkweed is required.')).toBeTruthy();
    expect(within(first).getByText('Abundance is required.')).toBeTruthy();
    expect(within(first).getByText('Location size is required.')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Add a milkweed' }));
    pickSpecies(row('Milkweed 2'), /^Milkweed species/, 'swamp', /^Swamp milkweed/);
    fireEvent.click(within(first).getByRole('button', { name: 'Delete milkweed 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete milkweed 1?' });
    expect(
      within(dialog).getByText('This milkweed, its monarch counts and its pictures will be removed from the mission.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('group')).toHaveLength(2);

    fireEvent.click(within(row('Milkweed 1')).getByRole('button', { name: 'Delete milkweed 1' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Milkweed 2' })).toBeNull());
    // The row left is the one that was second, with its species.
    const left = within(row('Milkweed 1')).getByRole<HTMLInputElement>('combobox', { name: /^Milkweed species/ });
    expect(left.value).toBe('Swamp milkweed (Asclepias incarnata)');
  });

  it('holds each count to a whole number from 0 to 100000 and the comment to 2000 characters', async () => {
    const onValid = await renderStep();
    type(/^Number of milkweed stems inspected/, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Add a milkweed' }));
    const card = fillRow('Milkweed 1');
    typeIn(card, /^Number of adults/, '-1');
    typeIn(card, /^Number of eggs/, '100001');
    typeIn(card, /^Number of caterpillars/, '2.5');
    type(/^Comment/, 'x'.repeat(2001));
    next();

    expect(await screen.findByText('Must have at least one milkweed stem inspected.')).toBeTruthy();
    expect(within(card).getByText('Number of adults must be at least 0.')).toBeTruthy();
    expect(within(card).getByText('Number of eggs is not valid.')).toBeTruthy();
    expect(within(card).getByText('Number of caterpillars must be a whole number.')).toBeTruthy();
    expect(screen.getByText('Maximum allowed characters are 2000')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    type(/^Number of milkweed stems inspected/, '100001');
    next();
    expect(await screen.findByText('Number of stems inspected is not valid.')).toBeTruthy();
  });

  it("says the same in French: the row's required choices, the counts and the comment's limit", async () => {
    await renderStep('fr');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une asclépiade' }));
    const card = row('Asclépiade 1');
    typeIn(card, /^Nombre d'adultes/, '-1');
    typeIn(card, /^Nombre d'œufs/, '100001');
    type(/^Commentaire/, 'x'.repeat(2001));
    next();

    expect(await screen.findByText("Au moins une tige d'asclépiade doit avoir été inspectée.")).toBeTruthy();
    expect(within(card).getByText("L'asclépiade est obligatoire.")).toBeTruthy();
    expect(within(card).getByText("L'abondance est obligatoire.")).toBeTruthy();
    expect(within(card).getByText("Le nombre d'adultes doit valoir au moins 0.")).toBeTruthy();
    expect(within(card).getByText("Le nombre d'œufs n'est pas valide.")).toBeTruthy();
    expect(screen.getByText('Ce texte peut compter 2000 caractères au maximum.')).toBeTruthy();
  });

  it('finds a species by its French name without accents', async () => {
    await renderStep('fr');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une asclépiade' }));
    const card = row('Asclépiade 1');
    pickSpecies(card, /^Espèce d’asclépiade/, 'asclepiade commune', /^Asclépiade commune/);
    const species = within(card).getByRole<HTMLInputElement>('combobox', { name: /^Espèce d’asclépiade/ });
    expect(species.value).toBe('Asclépiade commune (Asclepias syriaca)');
  });

  it('goes on with the counts typed and a picture uploaded, which needs a count for its life stage', async () => {
    const uploads = answerUploads();
    const onValid = await renderStep();
    type(/^Number of milkweed stems inspected/, '12');
    fireEvent.click(screen.getByRole('button', { name: 'Add a milkweed' }));
    const card = fillRow('Milkweed 1');
    typeIn(card, /^Number of adults/, '2');
    typeIn(card, /^Number of eggs/, '5');
    type(/^Comment/, 'Eggs under the top leaves.');

    // A picture of a chrysalis, while no chrysalis is counted on this milkweed.
    await addPicture(card, 'Chrysalis', 'chrysalis.jpg');
    expect(uploads.count).toBe(1);
    next();
    expect(await within(card).findByText('Each picture needs a count greater than 0 for its life stage.')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    typeIn(card, /^Number of chrysalises/, '1');
    next();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    const { observation } = onValid.mock.calls[0]![0] as MissionFormValues;
    expect(observation.stems_inspected).toBe(12);
    expect(observation.monarchs_seen).toBe(true);
    expect(observation.comment).toBe('Eggs under the top leaves.');
    expect(observation.milkweeds).toEqual([
      {
        milkweed_id: 46,
        abundance_id: 2,
        locationsize_id: 5,
        adults: 2,
        eggs: 5,
        caterpillars: 0,
        chrysalises: 1,
      },
    ]);
    expect(observation.photos).toHaveLength(1);
    const [picture] = observation.photos;
    expect([picture?.photo_name, picture?.lifestage_id, picture?.milkweed_index]).toEqual([photoName(1), 4, 0]);
  });

  it("deletes a milkweed with its pictures, and the next row's pictures move up with their row", async () => {
    answerUploads();
    const onValid = await renderStep();
    type(/^Number of milkweed stems inspected/, '20');
    fireEvent.click(screen.getByRole('button', { name: 'Add a milkweed' }));
    typeIn(fillRow('Milkweed 1'), /^Number of eggs/, '3');
    await addPicture(row('Milkweed 1'), 'Eggs', 'eggs.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Add a milkweed' }));
    const second = row('Milkweed 2');
    pickSpecies(second, /^Milkweed species/, 'incarnata', /^Swamp milkweed/);
    choose(second, /^Abundance/, 'Rare (less than 1/m2)');
    choose(second, /^Location size/, 'Abundant (10-50/m2)');
    typeIn(second, /^Number of adults/, '1');
    await addPicture(second, 'Adult', 'adult.jpg');

    fireEvent.click(within(row('Milkweed 1')).getByRole('button', { name: 'Delete milkweed 1' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Milkweed 2' })).toBeNull());
    expect(screen.queryByRole('img', { name: 'Eggs: eggs.jpg' })).toBeNull();
    expect(within(row('Milkweed 1')).getByRole('img', { name: 'Adult: adult.jpg' })).toBeTruthy();
    next();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    const { observation } = onValid.mock.calls[0]![0] as MissionFormValues;
    expect(observation.milkweeds.map((m) => [m.milkweed_id, m.adults, m.eggs])).toEqual([[22, 1, 0]]);
    expect(observation.photos.map((p) => [p.photo_name, p.lifestage_id, p.milkweed_index])).toEqual([
      [photoName(2), 1, 0],
    ]);
  });

  it('hides the counts when no monarch was seen, and goes on with the milkweed alone', async () => {
    const onValid = await renderStep();
    type(/^Number of milkweed stems inspected/, '30');
    fireEvent.click(screen.getByRole('button', { name: 'Add a milkweed' }));
    const card = fillRow('Milkweed 1');
    expect(within(card).getByText('Monarchs on this milkweed')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'I saw monarchs' }));

    expect(screen.getByText('No monarchs this time: a survey that found none is useful data too.')).toBeTruthy();
    expect(within(card).queryByLabelText(/^Number of adults/)).toBeNull();
    next();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    const { observation } = onValid.mock.calls[0]![0] as MissionFormValues;
    expect(observation.monarchs_seen).toBe(false);
    expect(observation.stems_inspected).toBe(30);
    expect(observation.milkweeds.map((m) => [m.milkweed_id, m.abundance_id, m.locationsize_id])).toEqual([[46, 2, 5]]);
  });
});

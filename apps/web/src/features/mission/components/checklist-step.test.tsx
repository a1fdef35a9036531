/**
 * Mission step 2 "When" (spec §5 messages; component tests): the step's own fields with the
 * form's real resolver (the shared zod schema, loaded lazily as in the app) and the real English and
 * French locale files, driven as a volunteer would.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm, FormProvider } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testTranslations } from '../../../mocks/component-test';
import { emptyMission, missionStepResolver, type MissionFormValues } from '../mission-values';
import { ChecklistStep } from './checklist-step';

afterEach(cleanup);

/** The step inside its form, with a "Next" button that validates it as the Mission stepper does. */
function Step({ onValid }: { onValid: (values: MissionFormValues) => void }) {
  const form = useForm<MissionFormValues>({
    defaultValues: emptyMission(),
    resolver: missionStepResolver('checklist'),
  });
  return (
    <FormProvider {...form}>
      <ChecklistStep />
      <button type="button" onClick={() => void form.handleSubmit(onValid)()}>
        Next
      </button>
    </FormProvider>
  );
}

async function renderStep(lng: 'en' | 'fr' = 'en') {
  // The step's schemas and resolver, which the form loads lazily, are in before the volunteer presses
  // Next (a slow shared machine would otherwise race the first validation).
  await Promise.all([import('../mission-schemas'), import('../../../lib/form-resolver')]);
  const onValid = vi.fn();
  render(
    <I18nextProvider i18n={await testTranslations(lng)}>
      <Step onValid={onValid} />
    </I18nextProvider>,
  );
  return onValid;
}

const field = (name: RegExp) => screen.getByLabelText(name);
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('Mission step 2 (When)', () => {
  it('asks for the start and end times and at least one participant, naming each field', async () => {
    const onValid = await renderStep();
    type(/^Number of participants/, '0');
    next();
    expect(await screen.findByText('Start time is required.')).toBeTruthy();
    expect(screen.getByText('End time is required.')).toBeTruthy();
    expect(screen.getByText('Please enter a number greater than 0')).toBeTruthy();
    expect(field(/^Start time/).getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('refuses an end before the start and a date in the future, then goes on once they are fixed', async () => {
    const onValid = await renderStep();
    type(/^Date/, isoDay(2));
    type(/^Start time/, '10:30');
    type(/^End time/, '09:15');
    type(/^Number of participants/, '3');
    next();
    expect(await screen.findByText('End time cannot be earlier than start time.')).toBeTruthy();
    expect(screen.getByText('The date cannot be in the future.')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    type(/^Date/, '2026-07-20');
    type(/^End time/, '11:45');
    next();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    const values = onValid.mock.calls[0]![0] as MissionFormValues;
    expect(values.checklist).toEqual({
      checklist_date: '2026-07-20',
      start_time: '10:30',
      end_time: '11:45',
      participants: 3,
    });
    expect(screen.queryByText('End time cannot be earlier than start time.')).toBeNull();
  });

  it('speaks French, with the French field names', async () => {
    await renderStep('fr');
    expect(field(/^Heure de début/)).toBeTruthy();
    next();
    expect(await screen.findByText("L'heure de début est obligatoire.")).toBeTruthy();
    expect(screen.getByText("L'heure de fin est obligatoire.")).toBeTruthy();
  });
});

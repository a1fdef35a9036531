/**
 * How often a monitored site is visited (docs/monitoring.md, component test with the real English and
 * French locale files): weekly by default, every 2, 3 or 4 weeks on offer, and a frequency set through
 * the API (1–31 days) listed as it is.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testTranslations } from '../../../mocks/component-test';
import { FrequencySelect } from './frequency-select';

async function shown(lng: 'en' | 'fr', value: number, onChange = vi.fn()) {
  const i18n = await testTranslations(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <FrequencySelect value={value} onChange={onChange} />
    </I18nextProvider>,
  );
  return onChange;
}

describe('FrequencySelect', () => {
  it('offers every week to every 4 weeks and answers the days chosen', async () => {
    const onChange = await shown('en', 7);
    const box = screen.getByRole('combobox', { name: 'How often' });
    expect(box.textContent).toBe('A visit every week');
    fireEvent.mouseDown(box);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'A visit every week',
      'A visit every 2 weeks',
      'A visit every 3 weeks',
      'A visit every 4 weeks',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'A visit every 2 weeks' }));
    expect(onChange).toHaveBeenCalledWith(14);
  });

  it('lists a frequency set another way, in French', async () => {
    await shown('fr', 10);
    const box = screen.getByRole('combobox', { name: 'Fréquence' });
    expect(box.textContent).toBe('Une visite tous les 10 jours');
    fireEvent.mouseDown(box);
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(5);
    expect(screen.getByRole('option', { name: 'Une visite toutes les 3 semaines' })).toBeTruthy();
  });
});

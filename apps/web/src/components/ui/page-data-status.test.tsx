/**
 * What the one-record pages (a Mission, a site's history, a season report) show while their record is
 * not there (component tests, the real English and French locale files): the not-found warning, the
 * error, each linking to Explore in the page's language, and the spinner.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { testTranslations } from '../../mocks/component-test';
import { PageDataStatus } from './page-data-status';

afterEach(cleanup);

async function renderStatus(props: Parameters<typeof PageDataStatus>[0], lng: 'en' | 'fr' = 'en') {
  render(
    <I18nextProvider i18n={await testTranslations(lng)}>
      <MemoryRouter initialEntries={[`/${lng}/sites/7`]}>
        <Routes>
          <Route path="/:locale/sites/7" element={<PageDataStatus {...props} />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('PageDataStatus', () => {
  it('warns that the record is not found, with a link to Explore, even when the load also failed', async () => {
    await renderStatus({ notFound: true, failed: true });
    const alert = screen.getByRole('alert');
    expect(alert.className).toMatch(/Warning/);
    expect(alert.textContent).toContain('Resource not found');
    expect(screen.getByRole('link', { name: 'Explore data' }).getAttribute('href')).toBe('/en/explore');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("says the page's own not-found message when it has one, in French", async () => {
    await renderStatus({ notFound: true, failed: false, notFoundMessage: 'Ce bilan n’existe pas.' }, 'fr');
    expect(screen.getByRole('alert').textContent).toContain('Ce bilan n’existe pas.');
    expect(screen.getByRole('link', { name: 'Explorer les données' }).getAttribute('href')).toBe('/fr/explore');
  });

  it('asks to try again when the load failed', async () => {
    await renderStatus({ notFound: false, failed: true, notFoundMessage: 'unused' });
    const alert = screen.getByRole('alert');
    expect(alert.className).toMatch(/Error/);
    expect(alert.textContent).toContain('Please try again');
    expect(alert.textContent).not.toContain('unused');
    expect(screen.getByRole('link', { name: 'Explore data' })).toBeTruthy();
  });

  it('shows a spinner, named when the page names it, while the record loads', async () => {
    await renderStatus({ notFound: false, failed: false, loadingLabel: 'Season report' });
    expect(screen.getByRole('progressbar', { name: 'Season report' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    await renderStatus({ notFound: false, failed: false });
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBeNull();
  });
});

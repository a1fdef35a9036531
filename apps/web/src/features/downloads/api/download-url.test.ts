import { describe, expect, it } from 'vitest';
import { createDownloadInputSchema, downloadQuerySchema } from '@mm/shared';
import { attachmentName, downloadPath } from './download-url';

describe('downloadPath', () => {
  it('carries the format, the reason, the statuses and the Explore filters in Explore order, leaving out empty ones', () => {
    const url = downloadPath(
      { with_photos: true, date_from: '2026-06-01', username: 'léa', lifestage_id: 2, kind: undefined },
      { format: 'dwca', reason_id: 3, reason_text: 'Mémoire de maîtrise', statuses: [4, 1] },
    );
    expect(url).toBe(
      '/observations/download?format=dwca&reason_id=3&reason_text=M%C3%A9moire+de+ma%C3%AEtrise&statuses=1%2C4&date_from=2026-06-01&lifestage_id=2&username=l%C3%A9a&with_photos=1',
    );
  });

  it('builds a query the server schema accepts as the same filters', () => {
    const url = downloadPath(
      { country_id: 1, status: 4, with_photos: false },
      { format: 'csv', reason_id: 1, statuses: [2, 1, 4] },
    );
    const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    expect(downloadQuerySchema.parse(query)).toEqual({
      format: 'csv',
      reason_id: 1,
      statuses: [1, 2, 4],
      country_id: 1,
      status: 4,
      with_photos: false,
      sort: 'observed', // the server's default order
    });
  });
});

describe('downloadPath: flagged records and exact positions', () => {
  it("lets the dialog's box decide whether flagged records are left out, and asks exact positions when ticked", () => {
    const base = { format: 'csv' as const, reason_id: 1, statuses: [1] };
    expect(downloadPath({ exclude_flagged: true }, { ...base, exclude_flagged: true })).toBe(
      '/observations/download?format=csv&reason_id=1&statuses=1&exclude_flagged=1',
    );
    // Explore left them out; the box was then unticked in the dialog.
    expect(downloadPath({ exclude_flagged: true }, { ...base, exclude_flagged: false })).toBe(
      '/observations/download?format=csv&reason_id=1&statuses=1',
    );
    const url = downloadPath({}, { ...base, exclude_flagged: true, exact_positions: true });
    const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    expect(downloadQuerySchema.parse(query)).toMatchObject({ exclude_flagged: true, exact_positions: true });
  });
});

describe('attachmentName', () => {
  it('reads the file name of Content-Disposition, else the fallback', () => {
    expect(attachmentName('attachment; filename="mission-monarch-observations-2026-07-21.zip"', 'x')).toBe(
      'mission-monarch-observations-2026-07-21.zip',
    );
    expect(attachmentName(null, 'x')).toBe('x');
  });
});

describe('createDownloadInputSchema', () => {
  it('asks for a reason on the reason field when neither a listed nor a written one is given', () => {
    const result = createDownloadInputSchema.safeParse({ format: 'csv', reason_text: '   ', statuses: [1] });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([[['reason'], 'validation.required']]);
    expect(
      createDownloadInputSchema.safeParse({ format: 'geojson', reason_text: 'Teaching', statuses: [1] }).success,
    ).toBe(true);
  });

  it('asks for at least one status', () => {
    const result = createDownloadInputSchema.safeParse({ format: 'csv', reason_id: 1, statuses: [] });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([[['statuses'], 'validation.required']]);
  });
});

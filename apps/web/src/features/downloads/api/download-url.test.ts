import { describe, expect, it } from 'vitest';
import { createDownloadInputSchema, downloadQuerySchema } from '@mm/shared';
import { downloadUrl } from './download-url';

describe('downloadUrl', () => {
  it('carries the format, the reason and the Explore filters in Explore order, leaving out empty ones', () => {
    const url = downloadUrl(
      { with_photos: true, date_from: '2026-06-01', username: 'léa', lifestage_id: 2, kind: undefined },
      { format: 'dwca', reason_id: 3, reason_text: 'Mémoire de maîtrise' },
    );
    expect(url).toBe(
      '/api/observations/download?format=dwca&reason_id=3&reason_text=M%C3%A9moire+de+ma%C3%AEtrise&date_from=2026-06-01&lifestage_id=2&username=l%C3%A9a&with_photos=1',
    );
  });

  it('builds a query the server schema accepts as the same filters', () => {
    const url = downloadUrl({ country_id: 1, status: 4, with_photos: false }, { format: 'csv', reason_id: 1 });
    const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    expect(downloadQuerySchema.parse(query)).toEqual({
      format: 'csv',
      reason_id: 1,
      country_id: 1,
      status: 4,
      with_photos: false,
      sort: 'observed', // the server's default order (issue 19)
    });
  });
});

describe('createDownloadInputSchema', () => {
  it('asks for a reason on the reason field when neither a listed nor a written one is given', () => {
    const result = createDownloadInputSchema.safeParse({ format: 'csv', reason_text: '   ' });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([[['reason'], 'validation.required']]);
    expect(createDownloadInputSchema.safeParse({ format: 'geojson', reason_text: 'Teaching' }).success).toBe(true);
  });
});

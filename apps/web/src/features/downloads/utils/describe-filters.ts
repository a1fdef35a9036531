import type { TFunction } from 'i18next';
import type { LoadParams, Locale } from '@mm/shared';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';
import { formatDate } from '../../../lib/format-date';

/**
 * A logged download's filters (`GET /api/downloads/{id}` `filters`, as the Explore query string
 * parsed them, plus `statuses`) in words, one line each, in a fixed order; ids are named from the
 * reference data (unknown ids stay as numbers). An empty list means "every public observation".
 */
export function describeFilters(
  filters: Record<string, unknown>,
  params: LoadParams | undefined,
  t: TFunction,
  lng: Locale,
): string[] {
  const f = filters;
  const lines: string[] = [];
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const from = str(f.date_from);
  const to = str(f.date_to);
  if (from && to) lines.push(t('downloads:filters.dates', { from: formatDate(from, lng), to: formatDate(to, lng) }));
  else if (from) lines.push(t('downloads:filters.date_from', { date: formatDate(from, lng) }));
  else if (to) lines.push(t('downloads:filters.date_to', { date: formatDate(to, lng) }));
  const stage = num(f.lifestage_id);
  if (stage !== undefined) lines.push(t('downloads:filters.lifestage', { stage: t(`common:lifestage.${stage}`) }));
  const milkweedId = num(f.milkweed_id);
  if (milkweedId !== undefined) {
    const m = params?.milkweeds.find((x) => x.milkweed_id === milkweedId);
    const name = m ? `${milkweedName(m, lng) ?? m.latin_name} (${m.latin_name})` : String(milkweedId);
    lines.push(t('downloads:filters.milkweed', { name }));
  }
  const countryId = num(f.country_id);
  if (countryId !== undefined) {
    const name = params?.countries.find((c) => c.id === countryId)?.country ?? String(countryId);
    lines.push(t('downloads:filters.country', { name }));
  }
  const provinceId = num(f.province_id);
  if (provinceId !== undefined) {
    const name = params?.provinces.find((p) => p.province_id === provinceId)?.province ?? String(provinceId);
    lines.push(t('downloads:filters.province', { name }));
  }
  const username = str(f.username);
  if (username) lines.push(t('downloads:filters.username', { username }));
  const kind = str(f.kind);
  if (kind === 'flash' || kind === 'mission') lines.push(t(`downloads:filters.kind_${kind}`));
  if (f.with_photos === true) lines.push(t('downloads:filters.with_photos'));
  if (f.exclude_flagged === true) lines.push(t('downloads:filters.exclude_flagged'));
  const blitzId = num(f.blitz_id);
  if (blitzId !== undefined) lines.push(t('blitz:filter_line', { id: blitzId }));
  const status = num(f.status);
  const statuses = Array.isArray(f.statuses) ? f.statuses.filter((s): s is number => typeof s === 'number') : [];
  const chosen = status !== undefined ? [status] : statuses;
  if (chosen.length > 0)
    lines.push(t('downloads:filters.statuses', { statuses: chosen.map((s) => t(`common:status.${s}`)).join(', ') }));
  if (f.bbox && typeof f.bbox === 'object') {
    const b = f.bbox as Record<string, number>;
    const box = [b.west, b.south, b.east, b.north].map((x) => Number(x).toFixed(3)).join(', ');
    lines.push(t('downloads:filters.bbox', { box }));
  }
  return lines;
}

import type { QualityFlag } from './flags';

/** A translation function: i18next's `t` (web app) or react-admin's `translate` (admin panel). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * The translated reason of a flag (`quality.messages.<code>` of the common locale file), its month
 * and life stage spelled out in `locale`. `place` names the province for the season message
 * ("Eggs in January in Québec are unusual"); without it the latitude is given instead.
 */
export function qualityFlagMessage(flag: QualityFlag, t: Translate, locale: string, place?: string): string {
  const p = flag.params;
  const stage = p.lifestage_id !== undefined ? t(`quality.stages.${p.lifestage_id}`) : '';
  if (flag.code === 'out_of_season') {
    const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2001, Number(p.month) - 1, 15),
    );
    return place
      ? t('quality.messages.out_of_season', { stage, month, place })
      : t('quality.messages.out_of_season_lat', { stage, month, latitude: p.latitude });
  }
  return t(`quality.messages.${flag.code}`, { ...p, stage });
}

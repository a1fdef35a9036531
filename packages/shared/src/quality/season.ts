import { Lifestage, type LifestageId } from '../constants/enums';

/**
 * When each life stage of the monarch is expected, by latitude band (WGS84 degrees north) and month
 * (1 = January). Deliberately generous: a flag asks the volunteer to check, it refuses nothing.
 *
 * Sources: Monarch Joint Venture, "Monarch life cycle and migration" (breeding in the northern range
 * from late May to early September; the last generation leaves Canada in September–October) and
 * Journey North's first-sighting and egg maps (spring arrival north of 40° N from late April–May;
 * eggs and larvae there from May to September); the western population overwinters on the Californian
 * coast (≈ 33–38° N) and the eastern one in Mexico (≈ 19° N), and breeding goes on all year in
 * southern Florida, Texas' Gulf coast and Mexico, so no month is unusual south of 30° N.
 *
 * | band            | adults        | eggs          | caterpillars, chrysalises |
 * |-----------------|---------------|---------------|---------------------------|
 * | ≥ 40° N         | April–November| May–September | May–October               |
 * | 30° N – 40° N   | all year      | March–November| March–November            |
 * | < 30° N         | all year      | all year      | all year                  |
 */
export const SEASON_TABLE: readonly { minLatitude: number; months: Record<LifestageId, readonly [number, number]> }[] =
  [
    {
      minLatitude: 40,
      months: {
        [Lifestage.Adult]: [4, 11],
        [Lifestage.Eggs]: [5, 9],
        [Lifestage.Caterpillar]: [5, 10],
        [Lifestage.Chrysalis]: [5, 10],
      },
    },
    {
      minLatitude: 30,
      months: {
        [Lifestage.Adult]: [1, 12],
        [Lifestage.Eggs]: [3, 11],
        [Lifestage.Caterpillar]: [3, 11],
        [Lifestage.Chrysalis]: [3, 11],
      },
    },
  ];

/**
 * Whether a life stage is expected in a month (1–12) at a latitude (degrees north). Latitudes below
 * the table's last band (and unknown stages) are always in season.
 */
export function inSeason(lifestageId: number, month: number, latitude: number): boolean {
  const band = SEASON_TABLE.find((b) => latitude >= b.minLatitude);
  const range = band?.months[lifestageId as LifestageId];
  if (!range) return true;
  return month >= range[0] && month <= range[1];
}

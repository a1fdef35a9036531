/** The Blitz is shown as running from 15 July to 15 August inclusive (months 0-based, UTC). */
const START = 6 * 100 + 15;
const END = 7 * 100 + 15;

/**
 * Whether the International Monarch Monitoring Blitz is on at `now` (UTC), and its year: the
 * current one while it runs, else the next one (this year before 15 July, next year after 15 August).
 */
export function blitzStatus(now: Date): { running: boolean; year: number } {
  const year = now.getUTCFullYear();
  const day = now.getUTCMonth() * 100 + now.getUTCDate();
  if (day >= START && day <= END) return { running: true, year };
  return { running: false, year: day < START ? year : year + 1 };
}

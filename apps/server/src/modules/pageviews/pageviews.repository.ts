import { desc, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageViews } from '../../db/schema';

/** Queries of the page-view counters (`page_views`: one row per UTC day and path). */
export const pageViewsRepository = {
  /** Counts one view of `path` today (UTC), creating the day's row when missing. */
  async increment(db: DbOrTx, path: string): Promise<void> {
    await db
      .insert(pageViews)
      .values({ day: sql`(now() at time zone 'UTC')::date`, path, views: 1 })
      .onConflictDoUpdate({ target: [pageViews.day, pageViews.path], set: { views: sql`${pageViews.views} + 1` } });
  },

  /** Views summed per path over the last `days` UTC days (today included), most viewed first, then by path. */
  async top(db: DbOrTx, days: number, limit: number): Promise<{ path: string; views: number }[]> {
    const views = sql<number>`sum(${pageViews.views})::int`;
    return db
      .select({ path: pageViews.path, views })
      .from(pageViews)
      .where(gte(pageViews.day, sql`(now() at time zone 'UTC')::date - ${days - 1}::int`))
      .groupBy(pageViews.path)
      .orderBy(desc(views), pageViews.path)
      .limit(limit);
  },
};

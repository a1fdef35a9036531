import { eq, sql, type SQL } from 'drizzle-orm';
import type {
  AdminDashboard,
  AdminListQuery,
  adminAuditSchema,
  adminDownloadSchema,
  adminMessageSchema,
} from '@mm/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { ListPage } from './admin-list';
import { allOf, inIds, iso, listPage, regionWhere } from './admin-list.queries';

export type Download = z.infer<typeof adminDownloadSchema>;
export type Message = z.infer<typeof adminMessageSchema>;
export type Audit = z.infer<typeof adminAuditSchema>;

const MESSAGE_SELECT = sql`id, ${iso('created')}, user_id, name, email, subject, message, language, handled`;

/** Filters of the downloads log, already checked by the service. */
export interface DownloadFilter {
  ids?: number[];
  userId?: number;
  reasonId?: number;
  format?: string;
}

/** Filters of the contact messages, already checked by the service. */
export interface MessageFilter {
  ids?: number[];
  handled?: boolean;
  /** ILIKE pattern on name, email, subject and message. */
  q?: string;
}

/** Filters of the audit log, already checked by the service. */
export interface AuditFilter {
  ids?: number[];
  resource?: string;
  recordId?: number;
  userId?: number;
}

/** One cell of downloads per reason: a period's first day (yyyy-MM-dd, UTC) and a reason (null: own words only). */
export type DownloadsPerReasonCell = {
  period: string;
  reason_id: number | null;
  downloads: number;
  records: number;
};

/** Queries of the admin panel's logs, messages and dashboard (downloads per reason over time). */
export const adminLogsRepository = {
  /** A page of the downloads log. @throws 400 on `sort` when the field is not sortable */
  listDownloads(db: DbOrTx, f: DownloadFilter, query: AdminListQuery): Promise<ListPage<Download>> {
    const where: SQL[] = [];
    if (f.ids) where.push(inIds(sql`d.id`, f.ids));
    if (f.userId) where.push(sql`d.user_id = ${f.userId}`);
    if (f.reasonId) where.push(sql`d.reason_id = ${f.reasonId}`);
    if (f.format !== undefined) where.push(sql`d.format = ${f.format}`);
    return listPage<Download>(
      db,
      {
        select: sql`d.id, ${iso('d.created')}, d.user_id, u.username, d.reason_id, d.reason_text, d.filters, d.format, d.rows, ${iso('d.finished')}`,
        from: sql`FROM downloads d LEFT JOIN users u ON u.user_id = d.user_id`,
        where: allOf(where),
        sortable: { id: sql`d.id`, created: sql`d.created`, rows: sql`d.rows`, format: sql`d.format` },
        tieBreaker: sql`d.id`,
      },
      query,
    );
  },

  /** A page of contact messages. @throws 400 on `sort` when the field is not sortable */
  listMessages(db: DbOrTx, f: MessageFilter, query: AdminListQuery): Promise<ListPage<Message>> {
    const where: SQL[] = [];
    if (f.ids) where.push(inIds(sql`id`, f.ids));
    if (f.handled !== undefined) where.push(sql`handled = ${f.handled}`);
    const q = f.q;
    if (q) where.push(sql`(name ILIKE ${q} OR email ILIKE ${q} OR subject ILIKE ${q} OR message ILIKE ${q})`);
    return listPage<Message>(
      db,
      {
        select: MESSAGE_SELECT,
        from: sql`FROM contact_messages`,
        where: allOf(where),
        sortable: { id: sql`id`, created: sql`created`, handled: sql`handled` },
        tieBreaker: sql`id`,
      },
      query,
    );
  },

  /** One contact message. */
  async findMessage(db: DbOrTx, id: number): Promise<Message | undefined> {
    const res = await db.execute(sql`SELECT ${MESSAGE_SELECT} FROM contact_messages WHERE id = ${id}`);
    return res.rows[0] ? (res.rows[0] as unknown as Message) : undefined;
  },

  /** Locks a message row until the end of the transaction; its `handled`, or undefined when unknown. */
  async lockMessage(tx: DbOrTx, id: number): Promise<boolean | undefined> {
    const [row] = await tx
      .select({ handled: contactMessages.handled })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    return row?.handled;
  },

  /** Marks a message handled or not. */
  async setHandled(tx: DbOrTx, id: number, handled: boolean): Promise<void> {
    await tx.update(contactMessages).set({ handled }).where(eq(contactMessages.id, id));
  },

  /** A page of the audit log. @throws 400 on `sort` when the field is not sortable */
  listAudit(db: DbOrTx, f: AuditFilter, query: AdminListQuery): Promise<ListPage<Audit>> {
    const where: SQL[] = [];
    if (f.ids) where.push(inIds(sql`a.id`, f.ids));
    if (f.resource !== undefined) where.push(sql`a.resource = ${f.resource}`);
    if (f.recordId) where.push(sql`a.record_id = ${f.recordId}`);
    if (f.userId) where.push(sql`a.user_id = ${f.userId}`);
    return listPage<Audit>(
      db,
      {
        select: sql`a.id, ${iso('a.created')}, a.user_id, u.username, a.via, a.resource, a.record_id, a.action, a.before, a.after`,
        from: sql`FROM audit_log a LEFT JOIN users u ON u.user_id = a.user_id`,
        where: allOf(where),
        sortable: { id: sql`a.id`, created: sql`a.created` },
        tieBreaker: sql`a.id`,
      },
      query,
    );
  },

  /**
   * The dashboard's observation figures over live checklists of the sites in `provinces` (all when
   * null): counts by status over the last 7 and 30 days, the number with `pendingStatus`, and
   * submissions per week over the last 12 weeks.
   */
  async dashboardFigures(
    db: DbOrTx,
    provinces: readonly number[] | null,
    pendingStatus: number,
  ): Promise<Pick<AdminDashboard, 'week' | 'month' | 'pending' | 'per_week'>> {
    const from = sql`FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN sites s ON s.site_id = c.site_id WHERE NOT c.isdeleted AND ${regionWhere(provinces)}`;
    const byStatus = (days: number) =>
      db.execute<AdminDashboard['week'][number]>(
        sql`SELECT o.observationstatus_id AS status_id, count(*)::int AS count ${from} AND o.observation_created >= now() - make_interval(days => ${days}) GROUP BY 1 ORDER BY 1`,
      );
    const [week, month, pending, perWeek] = await Promise.all([
      byStatus(7),
      byStatus(30),
      db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${from} AND o.observationstatus_id = ${pendingStatus}`),
      db.execute<
        AdminDashboard['per_week'][number]
      >(sql`SELECT to_char(date_trunc('week', o.observation_created), 'YYYY-MM-DD') AS week, count(*)::int AS count ${from}
                     AND o.observation_created >= date_trunc('week', now()) - interval '11 weeks' GROUP BY 1 ORDER BY 1`),
    ]);
    return { week: week.rows, month: month.rows, pending: pending.rows[0]?.n ?? 0, per_week: perWeek.rows };
  },

  /**
   * Downloads and the records they wrote per `period` (UTC weeks from Monday, or months) and reason,
   * over the last `periods` periods up to the current one; non-empty cells only, oldest first.
   */
  async downloadsPerReason(db: DbOrTx, period: 'week' | 'month', periods: number): Promise<DownloadsPerReasonCell[]> {
    const r = await db.execute<DownloadsPerReasonCell>(sql`
      SELECT to_char(date_trunc(${period}, d.created AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period,
             d.reason_id, count(*)::int AS downloads, coalesce(sum(d.rows), 0)::int AS records
      FROM downloads d
      WHERE d.created AT TIME ZONE 'UTC' >= date_trunc(${period}, now() AT TIME ZONE 'UTC') - ${`${periods - 1} ${period}`}::interval
      GROUP BY 1, 2
      ORDER BY 1, 2 NULLS LAST`);
    return r.rows;
  },

  /**
   * The first day (yyyy-MM-dd, UTC) of each of the last `periods` periods up to the current one, oldest
   * first, so that empty weeks or months still show.
   */
  async periodStarts(db: DbOrTx, period: 'week' | 'month', periods: number): Promise<string[]> {
    const r = await db.execute<{ start: string }>(sql`
      SELECT to_char(g, 'YYYY-MM-DD') AS start
      FROM generate_series(
        date_trunc(${period}, now() AT TIME ZONE 'UTC') - ${`${periods - 1} ${period}`}::interval,
        date_trunc(${period}, now() AT TIME ZONE 'UTC'),
        ${`1 ${period}`}::interval) AS g
      ORDER BY g`);
    return r.rows.map((row) => row.start);
  },

  /** Names of the download reasons in en, fr and es, retired ones included. */
  async reasonNames(
    db: DbOrTx,
  ): Promise<{ id: number; name: string; name_fr: string | null; name_es: string | null; isdeleted: boolean }[]> {
    const r = await db.execute<{
      id: number;
      name: string;
      name_fr: string | null;
      name_es: string | null;
      isdeleted: boolean;
    }>(sql`SELECT id, name, name_fr, name_es, isdeleted FROM reasons ORDER BY id`);
    return r.rows;
  },
};

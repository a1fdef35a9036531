import { sql, type SQL } from 'drizzle-orm';
import type {
  AdminDashboard,
  AdminDownloadsPerReason,
  AdminDownloadsPerReasonQuery,
  Locale,
  AdminListQuery,
  AdminObservation,
  AdminUser,
  adminAuditSchema,
  adminDownloadSchema,
  adminMessageSchema,
} from '@mm/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { PanelAccess } from './admin-access';
import { adminLogsRepository } from './admin-logs.repository';
import { audit, iso, idFilter, intFilter, listPage, textFilter, type ListPage } from './admin-list';
import { regionWhere, type AdminObservationsService } from './admin-observations.service';
import type { AdminUsersService } from './admin-users.service';

type Download = z.infer<typeof adminDownloadSchema>;
type Message = z.infer<typeof adminMessageSchema>;
type Audit = z.infer<typeof adminAuditSchema>;

const MESSAGE_SELECT = sql`id, ${iso('created')}, user_id, name, email, subject, message, language, handled`;
const inIds = (column: SQL, ids: number[]) =>
  ids.length
    ? sql`${column} IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql`false`;

/** Downloads log, contact messages, audit log and the dashboard of the admin panel (issue 7). */
export function createAdminLogsService(
  db: Db,
  deps: {
    observations: AdminObservationsService;
    users: AdminUsersService;
    topPages: (options: { days: number; limit: number }) => Promise<{ path: string; views: number }[]>;
  },
) {
  return {
    /** Every download (who, reason, filters, format, rows, when), newest first; filter by `user_id`, `format`, `reason_id`. */
    async downloads(query: AdminListQuery): Promise<ListPage<Download>> {
      const f = query.filter;
      const where: SQL[] = [sql`true`];
      const ids = idFilter(f);
      if (ids) where.push(inIds(sql`d.id`, ids));
      const userId = intFilter(f, 'user_id');
      if (userId) where.push(sql`d.user_id = ${userId}`);
      const reasonId = intFilter(f, 'reason_id');
      if (reasonId) where.push(sql`d.reason_id = ${reasonId}`);
      if (typeof f.format === 'string') where.push(sql`d.format = ${f.format}`);
      return listPage<Download>(
        db,
        {
          select: sql`d.id, ${iso('d.created')}, d.user_id, u.username, d.reason_id, d.reason_text, d.filters, d.format, d.rows, ${iso('d.finished')}`,
          from: sql`FROM downloads d LEFT JOIN users u ON u.user_id = d.user_id`,
          where: sql.join(where, sql` AND `),
          sortable: { id: sql`d.id`, created: sql`d.created`, rows: sql`d.rows`, format: sql`d.format` },
          tieBreaker: sql`d.id`,
        },
        query,
      );
    },

    /**
     * Downloads per reason over time (issue 18), for the dashboard: every period of the range, the
     * reasons that occur with their totals (most downloaded first; own-words-only last) named in
     * `locale`, and the non-empty cells.
     */
    async downloadsPerReason(query: AdminDownloadsPerReasonQuery, locale: Locale): Promise<AdminDownloadsPerReason> {
      const [cells, periods, names] = await Promise.all([
        adminLogsRepository.downloadsPerReason(db, query.period, query.periods),
        adminLogsRepository.periodStarts(db, query.period, query.periods),
        adminLogsRepository.reasonNames(db),
      ]);
      const totals = new Map<number | null, { downloads: number; records: number }>();
      for (const c of cells) {
        const t = totals.get(c.reason_id) ?? { downloads: 0, records: 0 };
        totals.set(c.reason_id, { downloads: t.downloads + c.downloads, records: t.records + c.records });
      }
      const reasons = [...totals.entries()].map(([reason_id, t]) => {
        const row = names.find((n) => n.id === reason_id);
        const name = row
          ? ((locale === 'fr' ? row.name_fr : locale === 'es' ? row.name_es : row.name) ?? row.name)
          : '';
        return { reason_id, name, retired: row?.isdeleted ?? false, ...t };
      });
      reasons.sort((a, b) =>
        a.reason_id === null ? 1 : b.reason_id === null ? -1 : b.downloads - a.downloads || a.reason_id - b.reason_id,
      );
      return { period: query.period, periods, reasons, cells };
    },

    /** Contact messages, newest first; filter by `handled`, `q` (name, email, subject, message). */
    async messages(query: AdminListQuery): Promise<ListPage<Message>> {
      const f = query.filter;
      const where: SQL[] = [sql`true`];
      const ids = idFilter(f);
      if (ids) where.push(inIds(sql`id`, ids));
      if (typeof f.handled === 'boolean') where.push(sql`handled = ${f.handled}`);
      const q = textFilter(f);
      if (q) where.push(sql`(name ILIKE ${q} OR email ILIKE ${q} OR subject ILIKE ${q} OR message ILIKE ${q})`);
      return listPage<Message>(
        db,
        {
          select: MESSAGE_SELECT,
          from: sql`FROM contact_messages`,
          where: sql.join(where, sql` AND `),
          sortable: { id: sql`id`, created: sql`created`, handled: sql`handled` },
          tieBreaker: sql`id`,
        },
        query,
      );
    },

    /** @throws 404 */
    async message(id: number): Promise<Message> {
      const res = await db.execute(sql`SELECT ${MESSAGE_SELECT} FROM contact_messages WHERE id = ${id}`);
      if (!res.rows[0]) throw notFound();
      return res.rows[0] as Message;
    },

    /** Marks a message handled or not, with an audit row. @throws 404 */
    async setHandled(access: PanelAccess, id: number, handled: boolean): Promise<Message> {
      return db.transaction(async (tx) => {
        const current = await tx.execute(sql`SELECT handled FROM contact_messages WHERE id = ${id} FOR UPDATE`);
        if (!current.rows[0]) throw notFound();
        const before = (current.rows[0] as { handled: boolean }).handled;
        if (before !== handled) {
          await tx.execute(sql`UPDATE contact_messages SET handled = ${handled} WHERE id = ${id}`);
          await audit(tx, {
            userId: access.user.user_id,
            resource: 'messages',
            recordId: id,
            action: 'update',
            before: { handled: before },
            after: { handled },
          });
        }
        const row = await tx.execute(sql`SELECT ${MESSAGE_SELECT} FROM contact_messages WHERE id = ${id}`);
        return row.rows[0] as Message;
      });
    },

    /** The audit log, newest first; filter by `resource`, `record_id`, `user_id`. */
    async auditLog(query: AdminListQuery): Promise<ListPage<Audit>> {
      const f = query.filter;
      const where: SQL[] = [sql`true`];
      const ids = idFilter(f);
      if (ids) where.push(inIds(sql`a.id`, ids));
      if (typeof f.resource === 'string') where.push(sql`a.resource = ${f.resource}`);
      const recordId = intFilter(f, 'record_id');
      if (recordId) where.push(sql`a.record_id = ${recordId}`);
      const userId = intFilter(f, 'user_id');
      if (userId) where.push(sql`a.user_id = ${userId}`);
      return listPage<Audit>(
        db,
        {
          select: sql`a.id, ${iso('a.created')}, a.user_id, u.username, a.resource, a.record_id, a.action, a.before, a.after`,
          from: sql`FROM audit_log a LEFT JOIN users u ON u.user_id = a.user_id`,
          where: sql.join(where, sql` AND `),
          sortable: { id: sql`a.id`, created: sql`a.created` },
          tieBreaker: sql`a.id`,
        },
        query,
      );
    },

    /** Dashboard figures; a Region admin's are limited to their provinces and carry no users or page views. */
    async dashboard(access: PanelAccess): Promise<AdminDashboard> {
      const region = regionWhere(access);
      const from = sql`FROM observations o JOIN checklists c ON c.checklist_id = o.checklist_id JOIN sites s ON s.site_id = c.site_id WHERE NOT c.isdeleted AND ${region}`;
      const byStatus = (days: number) =>
        db.execute(
          sql`SELECT o.observationstatus_id AS status_id, count(*)::int AS count ${from} AND o.observation_created >= now() - make_interval(days => ${days}) GROUP BY 1 ORDER BY 1`,
        );
      const newestQuery = {
        sort: ['observation_created', 'DESC'] as [string, 'DESC'],
        range: [0, 9] as [number, number],
        filter: {},
      };
      const [week, month, pending, perWeek, newest, newestUsers, topPages] = await Promise.all([
        byStatus(7),
        byStatus(30),
        db.execute(sql`SELECT count(*)::int AS n ${from} AND o.observationstatus_id = 1`),
        db.execute(sql`SELECT to_char(date_trunc('week', o.observation_created), 'YYYY-MM-DD') AS week, count(*)::int AS count ${from}
                       AND o.observation_created >= date_trunc('week', now()) - interval '11 weeks' GROUP BY 1 ORDER BY 1`),
        deps.observations.list(access, newestQuery),
        access.isAdmin
          ? deps.users.list({ sort: ['created', 'DESC'], range: [0, 9], filter: {} })
          : Promise.resolve({ rows: [] as AdminUser[], total: 0 }),
        access.isAdmin ? deps.topPages({ days: 30, limit: 10 }) : Promise.resolve([]),
      ]);
      return {
        week: week.rows as AdminDashboard['week'],
        month: month.rows as AdminDashboard['month'],
        pending: (pending.rows[0] as { n: number }).n,
        per_week: perWeek.rows as AdminDashboard['per_week'],
        newest_observations: newest.rows as AdminObservation[],
        newest_users: newestUsers.rows,
        top_pages: topPages,
      };
    },
  };
}
export type AdminLogsService = ReturnType<typeof createAdminLogsService>;

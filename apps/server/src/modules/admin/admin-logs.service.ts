import {
  ObservationStatus,
  type AdminDashboard,
  type AdminDownloadsPerReason,
  type AdminDownloadsPerReasonQuery,
  type Locale,
  type AdminListQuery,
  type AdminUser,
} from '@mm/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { PanelAccess } from './admin-access.service';
import { adminLogsRepository as repo, type Audit, type Download, type Message } from './admin-logs.repository';
import { idFilter, intFilter, textFilter, type ListPage } from './admin-list';
import { audit } from './admin-list.queries';
import type { AdminObservationsService } from './admin-observations.service';
import type { AdminUsersService } from './admin-users.service';

/** Downloads log, contact messages, audit log and the dashboard of the admin panel. */
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
      return repo.listDownloads(
        db,
        {
          ids: idFilter(f),
          userId: intFilter(f, 'user_id'),
          reasonId: intFilter(f, 'reason_id'),
          format: typeof f.format === 'string' ? f.format : undefined,
        },
        query,
      );
    },

    /**
     * Downloads per reason over time, for the dashboard: every period of the range, the
     * reasons that occur with their totals (most downloaded first; own-words-only last) named in
     * `locale`, and the non-empty cells.
     */
    async downloadsPerReason(query: AdminDownloadsPerReasonQuery, locale: Locale): Promise<AdminDownloadsPerReason> {
      const [cells, periods, names] = await Promise.all([
        repo.downloadsPerReason(db, query.period, query.periods),
        repo.periodStarts(db, query.period, query.periods),
        repo.reasonNames(db),
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
      return repo.listMessages(
        db,
        { ids: idFilter(f), handled: typeof f.handled === 'boolean' ? f.handled : undefined, q: textFilter(f) },
        query,
      );
    },

    /** @throws 404 */
    async message(id: number): Promise<Message> {
      const row = await repo.findMessage(db, id);
      if (!row) throw notFound();
      return row;
    },

    /** Marks a message handled or not, with an audit row. @throws 404 */
    async setHandled(access: PanelAccess, id: number, handled: boolean): Promise<Message> {
      return db.transaction(async (tx) => {
        const before = await repo.lockMessage(tx, id);
        if (before === undefined) throw notFound();
        if (before !== handled) {
          await repo.setHandled(tx, id, handled);
          await audit(tx, {
            userId: access.user.user_id,
            resource: 'messages',
            recordId: id,
            action: 'update',
            before: { handled: before },
            after: { handled },
          });
        }
        return (await repo.findMessage(tx, id)) as Message;
      });
    },

    /** The audit log, newest first; filter by `resource`, `record_id`, `user_id`. */
    async auditLog(query: AdminListQuery): Promise<ListPage<Audit>> {
      const f = query.filter;
      return repo.listAudit(
        db,
        {
          ids: idFilter(f),
          resource: typeof f.resource === 'string' ? f.resource : undefined,
          recordId: intFilter(f, 'record_id'),
          userId: intFilter(f, 'user_id'),
        },
        query,
      );
    },

    /** Dashboard figures; a Region admin's are limited to their provinces and carry no users or page views. */
    async dashboard(access: PanelAccess): Promise<AdminDashboard> {
      const newestQuery = {
        sort: ['observation_created', 'DESC'] as [string, 'DESC'],
        range: [0, 9] as [number, number],
        filter: {},
      };
      const [figures, newest, newestUsers, topPages] = await Promise.all([
        repo.dashboardFigures(db, access.provinces, ObservationStatus.Pending),
        deps.observations.list(access, newestQuery),
        access.isAdmin
          ? deps.users.list({ sort: ['created', 'DESC'], range: [0, 9], filter: {} })
          : Promise.resolve({ rows: [] as AdminUser[], total: 0 }),
        access.isAdmin ? deps.topPages({ days: 30, limit: 10 }) : Promise.resolve([]),
      ]);
      return {
        ...figures,
        newest_observations: newest.rows,
        newest_users: newestUsers.rows,
        top_pages: topPages,
      };
    },
  };
}
export type AdminLogsService = ReturnType<typeof createAdminLogsService>;

import { V, type AdminListQuery, type BlitzEvent, type BlitzEventInput } from '@mm/shared';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import type { PanelAccess } from './admin-access.service';
import { adminBlitzRepository as repo } from './admin-blitz.repository';
import { changedFields, idFilter, textFilter, type ListPage } from './admin-list';
import { audit } from './admin-list.queries';

/** The audit log's name of the resource. */
const RESOURCE = 'blitz-events';

/** A unique-key violation, raised by pg or wrapped by Drizzle (`cause`). */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/** Without duplicates, in ascending order: the stored form of an area list. */
const tidy = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Blitz events in the admin panel (Admin only; docs/blitz.md): create, edit, delete, each in one
 * transaction with its audit row. An event stores no observation: which ones belong to it is a query
 * (docs/adr/0031), so an edit of its days or area changes its totals, map and downloads at once.
 */
export function createAdminBlitzService(db: Db) {
  /**
   * The input with its area tidied. @throws 400 on `country_ids` / `province_ids` naming an id that is
   * not a country or province of the reference data
   */
  const checked = async (input: BlitzEventInput): Promise<BlitzEventInput> => {
    const e = { ...input, country_ids: tidy(input.country_ids), province_ids: tidy(input.province_ids) };
    if ((await repo.unknownIds(db, 'countries', e.country_ids)).length > 0)
      throw fieldError('country_ids', V.unknownReference);
    if ((await repo.unknownIds(db, 'provinces', e.province_ids)).length > 0)
      throw fieldError('province_ids', V.unknownReference);
    return e;
  };
  /** Runs a write, reporting an event of the same name and first day on `name`. */
  const guarded = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('name', V.alreadyExists);
      throw err;
    }
  };

  return {
    /** Events ordered by `sort` (id, name, start_date, end_date); filter `id`, `q` (any name). */
    list(query: AdminListQuery): Promise<ListPage<BlitzEvent>> {
      return repo.list(db, { ids: idFilter(query.filter), q: textFilter(query.filter) }, query);
    },

    /** @throws 404 */
    async get(id: number): Promise<BlitzEvent> {
      const row = await repo.findOne(db, id);
      if (!row) throw notFound();
      return row;
    },

    /** Adds an event with its audit row. @throws 400 (unknown area id, same name and first day as another) */
    async create(access: PanelAccess, input: BlitzEventInput): Promise<BlitzEvent> {
      const e = await checked(input);
      return guarded(() =>
        db.transaction(async (tx) => {
          const id = await repo.insert(tx, e);
          const row = (await repo.findOne(tx, id)) as BlitzEvent;
          await audit(tx, {
            userId: access.user.user_id,
            resource: RESOURCE,
            recordId: id,
            action: 'create',
            before: null,
            after: row,
          });
          return row;
        }),
      );
    },

    /** Replaces an event's fields, with an audit row of what changed. @throws 404, 400 as `create` */
    async update(access: PanelAccess, id: number, input: BlitzEventInput): Promise<BlitzEvent> {
      const e = await checked(input);
      return guarded(() =>
        db.transaction(async (tx) => {
          const before = await repo.findOne(tx, id);
          if (!before) throw notFound();
          await repo.update(tx, id, e);
          const after = (await repo.findOne(tx, id)) as BlitzEvent;
          const keys = ['name', 'name_fr', 'name_es', 'start_date', 'end_date', 'country_ids', 'province_ids'] as const;
          const diff = changedFields(before, after, keys);
          if (diff)
            await audit(tx, {
              userId: access.user.user_id,
              resource: RESOURCE,
              recordId: id,
              action: 'update',
              ...diff,
            });
          return after;
        }),
      );
    },

    /** Deletes an event (observations are untouched: none is stored with it), with an audit row. @throws 404 */
    async remove(access: PanelAccess, id: number): Promise<BlitzEvent> {
      return db.transaction(async (tx) => {
        const before = await repo.findOne(tx, id);
        if (!before) throw notFound();
        await repo.remove(tx, id);
        await audit(tx, {
          userId: access.user.user_id,
          resource: RESOURCE,
          recordId: id,
          action: 'delete',
          before,
          after: null,
        });
        return before;
      });
    },
  };
}
export type AdminBlitzService = ReturnType<typeof createAdminBlitzService>;

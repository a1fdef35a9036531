import {
  V,
  type AdminListQuery,
  type adminMilkweedInputSchema,
  type adminMilkweedSchema,
  type adminNamedInputSchema,
  type adminNamedSchema,
} from '@mm/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import type { PanelAccess } from './admin-access.service';
import { changedFields, idFilter, textFilter, type ListPage } from './admin-list';
import { audit } from './admin-list.queries';
import {
  REFERENCE_TABLES,
  adminReferenceRepository as repo,
  type ReferenceResource,
  type ReferenceRow,
} from './admin-reference.repository';

export { REFERENCE_ID_COLUMNS, type ReferenceResource } from './admin-reference.repository';

type Milkweed = z.infer<typeof adminMilkweedSchema>;
type MilkweedInput = z.infer<typeof adminMilkweedInputSchema>;
type Named = z.infer<typeof adminNamedSchema>;
type NamedInput = z.infer<typeof adminNamedInputSchema>;

type Row<R extends ReferenceResource> = R extends 'milkweeds' ? Milkweed : Named;
type Input<R extends ReferenceResource> = R extends 'milkweeds' ? MilkweedInput : NamedInput;

/** A unique-key violation, raised by pg or wrapped by Drizzle (`cause`). */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/**
 * Reference data in the admin panel (Admin only): milkweed species, download reasons,
 * abundances, location sizes. Rows are never deleted: retiring (`isdeleted`) hides a row from the
 * forms and from `loadparams` while existing observations keep pointing at it.
 */
export function createAdminReferenceService(db: Db) {
  /** Runs a write, reporting a duplicate of the table's unique column on its field. */
  const guarded = async <T>(resource: ReferenceResource, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      const unique: string | undefined = (REFERENCE_TABLES[resource] as { unique?: string }).unique;
      if (unique && isUniqueViolation(err)) throw fieldError(unique, V.alreadyExists);
      throw err;
    }
  };

  return {
    /** Rows ordered by `sort` (id, any name column, isdeleted); filter by `id`, `q`, `isdeleted`. */
    async list<R extends ReferenceResource>(resource: R, query: AdminListQuery): Promise<ListPage<Row<R>>> {
      const f = query.filter;
      return repo.list<Row<R>>(
        db,
        resource,
        { ids: idFilter(f), q: textFilter(f), isdeleted: typeof f.isdeleted === 'boolean' ? f.isdeleted : undefined },
        query,
      );
    },

    /** @throws 404 */
    async get<R extends ReferenceResource>(resource: R, id: number): Promise<Row<R>> {
      const row = await repo.findOne(db, resource, id);
      if (!row) throw notFound();
      return row as Row<R>;
    },

    /** Adds a row (next free id) with an audit row. @throws 400 on a duplicate Latin name */
    async create<R extends ReferenceResource>(access: PanelAccess, resource: R, input: Input<R>): Promise<Row<R>> {
      return guarded(resource, () =>
        db.transaction(async (tx) => {
          const id = await repo.insert(tx, resource, input);
          const row = (await repo.findOne(tx, resource, id)) as Row<R>;
          await audit(tx, {
            userId: access.user.user_id,
            resource: REFERENCE_TABLES[resource].resource,
            recordId: id,
            action: 'create',
            before: null,
            after: row,
          });
          return row;
        }),
      );
    },

    /** Renames or retires/restores a row, with an audit row. @throws 404, 400 on a duplicate Latin name */
    async update<R extends ReferenceResource>(
      access: PanelAccess,
      resource: R,
      id: number,
      input: Partial<Input<R>>,
    ): Promise<Row<R>> {
      return guarded(resource, () =>
        db.transaction(async (tx) => {
          const before = await repo.findOne(tx, resource, id);
          if (!before) throw notFound();
          await repo.update(tx, resource, id, input);
          const after = (await repo.findOne(tx, resource, id)) as ReferenceRow;
          const diff = changedFields(before, after, Object.keys(after));
          if (diff) {
            const onlyRetired = Object.keys(diff.after).join() === 'isdeleted';
            await audit(tx, {
              userId: access.user.user_id,
              resource: REFERENCE_TABLES[resource].resource,
              recordId: id,
              action: onlyRetired ? (after.isdeleted ? 'retire' : 'restore') : 'update',
              ...diff,
            });
          }
          return after as Row<R>;
        }),
      );
    },
  };
}
export type AdminReferenceService = ReturnType<typeof createAdminReferenceService>;

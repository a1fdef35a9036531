/**
 * Who sees what (spec §1; decided in db/visibility.ts only): statuses and exact
 * private places for a visitor, a volunteer, the records' observer and an admin.
 */
import { describe, expect, it } from 'vitest';
import { ObservationStatus, Role, type SessionUser } from '@mm/shared';
import { isObserver, positionsFor, seesExactPlace, visibleStatuses } from '../src/db/visibility';

const volunteer = (user_id: number): SessionUser => ({ user_id, username: `v${user_id}`, role_id: Role.MmUser });
const admin: SessionUser = { user_id: 1, username: 'admin', role_id: Role.Admin };
const { Pending, Vetted, Deleted, Valid, Invalid, Test } = ObservationStatus;

describe('visibility', () => {
  it('shows the public Pending, Vetted and Valid records, whoever asks but an admin', () => {
    expect(visibleStatuses(null)).toEqual([Pending, Vetted, Valid]);
    expect(visibleStatuses(volunteer(7))).toEqual([Pending, Vetted, Valid]);
    expect(visibleStatuses(volunteer(7), 8)).toEqual([Pending, Vetted, Valid]);
    expect(visibleStatuses(null, 8)).toEqual([Pending, Vetted, Valid]);
  });

  it('shows an observer all of their records but the deleted ones, and an admin everything', () => {
    expect(visibleStatuses(volunteer(7), 7)).toEqual([Pending, Vetted, Valid, Invalid, Test]);
    expect(visibleStatuses(admin)).toEqual([Pending, Vetted, Deleted, Valid, Invalid, Test]);
    expect(visibleStatuses(admin, 7)).toEqual([Pending, Vetted, Deleted, Valid, Invalid, Test]);
  });

  it("gives a private site's exact place to its observer and admins only", () => {
    expect(seesExactPlace(volunteer(7), 7)).toBe(true);
    expect(seesExactPlace(admin, 7)).toBe(true);
    expect(seesExactPlace(volunteer(8), 7)).toBe(false);
    expect(seesExactPlace(null, 7)).toBe(false);
    // A deleted account's records belong to nobody.
    expect(seesExactPlace(volunteer(7), null)).toBe(false);
    expect(isObserver(null, null)).toBe(false);
  });

  it('keeps shared answers exact for admins only', () => {
    expect(positionsFor(admin)).toBe('exact');
    expect(positionsFor(volunteer(7))).toBe('generalised');
    expect(positionsFor(null)).toBe('generalised');
  });
});

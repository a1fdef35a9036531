/** Enumerations of spec §3 and §6. Numeric ids match the seeded reference tables. */

/** Life stages of a monarch (spec §3 `lifestages`); ids match the seeded table, in this order. */
export const Lifestage = { Adult: 1, Eggs: 2, Caterpillar: 3, Chrysalis: 4 } as const;
export type LifestageId = (typeof Lifestage)[keyof typeof Lifestage];
export const LIFESTAGE_IDS: readonly LifestageId[] = [
  Lifestage.Adult,
  Lifestage.Eggs,
  Lifestage.Caterpillar,
  Lifestage.Chrysalis,
];
/** Form and payload keys of the four life-stage counts, in life-stage id order. */
export const LIFESTAGE_KEYS = ['adults', 'eggs', 'caterpillars', 'chrysalises'] as const;
export type LifestageKey = (typeof LIFESTAGE_KEYS)[number];

/**
 * Vetting status of an observation (spec §3 `observationstatus`, table `observationstatus`). Every
 * new observation starts Pending; the admin panel moves it along STATUS_TRANSITIONS (admin schemas).
 * Use these names in code and SQL instead of the numbers.
 */
export const ObservationStatus = { Pending: 1, Vetted: 2, Deleted: 3, Valid: 4, Invalid: 5, Test: 6 } as const;
export type ObservationStatusId = (typeof ObservationStatus)[keyof typeof ObservationStatus];
/** Every observation status, in id order. */
export const ALL_STATUS_IDS: readonly ObservationStatusId[] = Object.values(ObservationStatus);
/** Statuses anyone may see in public views; Deleted, Invalid and Test never leave the admin panel. */
export const PUBLIC_STATUS_IDS: readonly ObservationStatusId[] = [
  ObservationStatus.Pending,
  ObservationStatus.Vetted,
  ObservationStatus.Valid,
];

/**
 * Account roles (spec §3 `roles`, README "Roles"): Admin reaches the whole admin panel; Region admin
 * vets and edits the records of their provinces; MM user is a volunteer; Observer an imported
 * observer's account that never signs in.
 */
export const Role = { Admin: 1, RegionAdmin: 2, MmUser: 3, Observer: 4 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];
/** The Admin role's id (= `Role.Admin`). */
export const ADMIN_ROLE_ID = Role.Admin;

export const SubmitType = { Web: 1, Mobile: 2, Api: 3, BatchUpload: 4 } as const;
export const ChecklistType = {
  TravelingSurvey: 1,
  AreaSurvey: 2,
  Incidental: 3,
  PollardTransect: 4,
  AtlasSquare: 5,
  TimedCount: 6,
  Historical: 7,
} as const;
export const BasisOfRecord = { Sight: 1, Collected: 2, Photograph: 3, CaughtReleased: 4, RoadKill: 5 } as const;

/** Mission form steps (spec §1, §3): identifiers are the strings '0'…'3'. */
export const MissionStep = { site: '0', checklist: '1', observation: '2', confirmation: '3' } as const;

export const Country = { Canada: 1, UnitedStates: 2, Mexico: 3 } as const;

/**
 * Who may open the panel: Admin (1) everything; Region admin (2) vetting, observations, checklists and sites of
 * their provinces. Here, beside `Role`, rather than with the admin schemas: the panel's entry reads it without zod.
 */
export const PANEL_ROLE_IDS: readonly RoleId[] = [Role.Admin, Role.RegionAdmin];

/**
 * The whole data model of DESIGN.md "Data model", field names as spec §3 names them.
 * Reference tables keep one name column per language (en is the spec's column, fr/es beside it).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created').notNull().defaultNow();
const updated = () => ts('updated').notNull().defaultNow();
const names = {
  name: text('name').notNull(),
  name_fr: text('name_fr').notNull(),
  name_es: text('name_es').notNull(),
};
const refTable = (tableName: string, idColumn: string) =>
  pgTable(tableName, {
    id: smallint(idColumn).primaryKey(),
    ...names,
    isdeleted: boolean('isdeleted').notNull().default(false),
  });

export const roles = pgTable('roles', {
  role_id: smallint('role_id').primaryKey(),
  ...names,
  isdeleted: boolean('isdeleted').notNull().default(false),
  created: created(),
  updated: updated(),
});
export const countries = pgTable('countries', {
  id: smallint('id').primaryKey(),
  ...names,
  administrative: varchar('administrative', { length: 3 }).notNull(),
});
export const provinces = pgTable('provinces', {
  province_id: smallint('province_id').primaryKey(),
  province: text('province').notNull(),
  country_id: smallint('country_id')
    .notNull()
    .references(() => countries.id),
  administrative: varchar('administrative', { length: 3 }).notNull(),
  min_lat: doublePrecision('min_lat').notNull(),
  min_lng: doublePrecision('min_lng').notNull(),
  max_lat: doublePrecision('max_lat').notNull(),
  max_lng: doublePrecision('max_lng').notNull(),
});
export const abundances = refTable('abundances', 'id');
export const locationsizes = refTable('locationsizes', 'id');
export const basisofrecords = refTable('basisofrecords', 'basisofrecord_id');
export const checklisttypes = refTable('checklisttypes', 'checklisttype_id');
export const observationstatus = refTable('observationstatus', 'status_id');
export const submittypes = refTable('submittypes', 'submittype_id');
export const lifestages = refTable('lifestages', 'lifestage_id');
export const languages = refTable('languages', 'id');
export const reasons = pgTable('reasons', {
  id: serial('id').primaryKey(),
  ...names,
  isdeleted: boolean('isdeleted').notNull().default(false),
});

export const milkweedSpecies = pgTable('milkweed_species', {
  milkweed_id: integer('milkweed_id').primaryKey(),
  latin_name: text('latin_name').notNull().unique(),
  english_name: text('english_name').notNull(),
  french_name: text('french_name').notNull(),
  spanish_name: text('spanish_name').notNull(),
  isdeleted: boolean('isdeleted').notNull().default(false),
});

export const users = pgTable(
  'users',
  {
    user_id: serial('user_id').primaryKey(),
    username: varchar('username', { length: 30 }).notNull(),
    password: text('password').notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    role_id: smallint('role_id')
      .notNull()
      .references(() => roles.role_id)
      .default(3),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    province_id: smallint('province_id').references(() => provinces.province_id),
    country_id: smallint('country_id').references(() => countries.id),
    photo_name: text('photo_name'),
    photo_path: text('photo_path'),
    lastlogin: ts('lastlogin'),
    remotetoken: text('remotetoken'),
    systoken: text('systoken'),
    passwordchanged: ts('passwordchanged'),
    location_count: integer('location_count').notNull().default(0),
    checklist_count: integer('checklist_count').notNull().default(0),
    observation_count: integer('observation_count').notNull().default(0),
    identification_sp_count: integer('identification_sp_count').notNull().default(0),
    species_count: integer('species_count').notNull().default(0),
    identification_ob_count: integer('identification_ob_count').notNull().default(0),
    following_count: integer('following_count').notNull().default(0),
    follower_count: integer('follower_count').notNull().default(0),
    identification_level: smallint('identification_level').notNull().default(0),
    isdeleted: boolean('isdeleted').notNull().default(false),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.user_id, { onDelete: 'cascade' }),
  species_name: text('species_name'),
  club: text('club'),
  newsletter: boolean('newsletter').notNull().default(false),
  obsend: boolean('obsend').notNull().default(false),
  obreceive: boolean('obreceive').notNull().default(false),
  bio: text('bio'),
  /** Licence the volunteer gives their observations and photos: a `LicenseCode`. */
  license: varchar('license', { length: 16 }).notNull().default('CC-BY-4.0'),
  /** Opt-out of the daily email that tells a volunteer their observations were vetted. */
  vetting_emails: boolean('vetting_emails').notNull().default(true),
  /** When the last vetting email went out (at most one a day), and the newest verdict it covered. */
  vetting_digest_at: timestamp('vetting_digest_at', { withTimezone: true }),
  vetting_digest_through: timestamp('vetting_digest_through', { withTimezone: true }),
  /** Opt-out of the weekly "a visit is due" email of monitored sites (docs/monitoring.md). */
  visit_reminders: boolean('visit_reminders').notNull().default(true),
  /** When the last visit reminder went out and its ISO week `YYYY-Www`: at most one a week (ADR 0030). */
  visit_reminder_at: timestamp('visit_reminder_at', { withTimezone: true }),
  visit_reminder_week: varchar('visit_reminder_week', { length: 8 }),
  /** Key of the HMAC that signs the reminder email's unsubscribe link (no sign-in needed to follow it). */
  visit_reminder_key: uuid('visit_reminder_key').notNull().defaultRandom(),
  isdeleted: boolean('isdeleted').notNull().default(false),
  created: created(),
  updated: updated(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    created: created(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Who follows whom (spec §3 following_count / follower_count are counted from here). */
export const follows = pgTable(
  'follows',
  {
    follower_id: integer('follower_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    followed_id: integer('followed_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.follower_id, t.followed_id] }), index('follows_followed_idx').on(t.followed_id)],
);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.user_id, { onDelete: 'cascade' }),
  token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
  created: created(),
  expires_at: ts('expires_at').notNull(),
  used_at: ts('used_at'),
});

/**
 * A sign-up waiting for its email to be confirmed (sign-up answers the same whether the email is
 * known). The account is created from this row when the link is followed; nothing is reserved before.
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: serial('id').primaryKey(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    username: varchar('username', { length: 30 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    /** argon2id hash of the chosen password. */
    password: text('password').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    created: created(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('signup_requests_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const sites = pgTable(
  'sites',
  {
    site_id: serial('site_id').primaryKey(),
    user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
    locality: text('locality').notNull(),
    city: text('city'),
    /**
     * `locality` and `city` as the public reads them: email addresses and phone numbers
     * removed (lib/personal-data.ts). Written with them; null until computed (db/public-text.ts), and
     * then nothing is shown. Admins and the site's owner read `locality` and `city`.
     */
    public_locality: text('public_locality'),
    public_city: text('public_city'),
    province_id: smallint('province_id').references(() => provinces.province_id),
    country_id: smallint('country_id').references(() => countries.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Radius (m) around the point within which the place lies, when known (GPS accuracy, source precision). */
    coordinate_uncertainty_m: integer('coordinate_uncertainty_m'),
    /**
     * Decimal places an imported point is known to: its file's coordinate columns' precision,
     * so "42" in a file of one-decimal values is 42.0 ± 0.05°; null for points placed here.
     */
    coordinate_decimals: smallint('coordinate_decimals'),
    /**
     * A private site (a garden, private land, a sensitive colony): every public answer shows
     * the centre of its 0.1° cell without locality or city; its owner and admins see the exact point.
     */
    is_private: boolean('is_private').notNull().default(false),
    isdeleted: boolean('isdeleted').notNull().default(false),
    created: created(),
    updated: updated(),
  },
  (t) => [
    index('sites_user_idx').on(t.user_id),
    index('sites_lat_lng_idx').on(t.latitude, t.longitude),
    // Places whose public text is still to be computed (db/public-text.ts): none once filled.
    index('sites_public_text_todo_idx')
      .on(t.site_id)
      .where(sql`${t.public_locality} IS NULL OR (${t.city} IS NOT NULL AND ${t.public_city} IS NULL)`),
  ],
);

/**
 * Sites their owner monitors (docs/monitoring.md): visited every `every_days` days in the season. One
 * row per site; a site has one owner (`sites.user_id`), copied here so a volunteer's list is one index read.
 */
export const monitoredSites = pgTable(
  'monitored_sites',
  {
    site_id: integer('site_id')
      .primaryKey()
      .references(() => sites.site_id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    every_days: smallint('every_days').notNull().default(7),
    created: created(),
  },
  (t) => [index('monitored_sites_user_idx').on(t.user_id)],
);

/**
 * Share links of season reports (docs/monitoring.md "Season report", ADR 0037): 256 random bits as
 * base64url; the link shows the report without sign-in until the owner revokes it (`revoked`). At most
 * one live link per owner, site (null: all their sites) and year, so a retried "Share" gives the same link.
 */
export const seasonReportShares = pgTable(
  'season_report_shares',
  {
    token: text('token').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    site_id: integer('site_id').references(() => sites.site_id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    created: created(),
    revoked: ts('revoked'),
  },
  (t) => [
    uniqueIndex('season_report_shares_live_idx')
      .on(t.user_id, sql`coalesce(${t.site_id}, 0)`, t.year)
      .where(sql`${t.revoked} IS NULL`),
  ],
);

export const checklists = pgTable(
  'checklists',
  {
    checklist_id: serial('checklist_id').primaryKey(),
    /** Globally unique, stable id of the visit: the Darwin Core eventID `urn:uuid:…` in every export. */
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
    site_id: integer('site_id')
      .notNull()
      .references(() => sites.site_id),
    checklist_date: date('checklist_date', { mode: 'string' }).notNull(),
    start_time: time('start_time'),
    end_time: time('end_time'),
    participants: smallint('participants'),
    checklisttype_id: smallint('checklisttype_id')
      .notNull()
      .references(() => checklisttypes.id),
    submittype_id: smallint('submittype_id')
      .notNull()
      .references(() => submittypes.id),
    is_flash: boolean('is_flash').notNull(),
    comment: text('comment'),
    /**
     * `comment` as the public reads it: email addresses and phone numbers removed
     * (lib/personal-data.ts). Written with it; null until computed (db/public-text.ts), and then
     * nothing is shown. Admins and the checklist's observer read `comment`.
     */
    public_comment: text('public_comment'),
    stems_inspected: integer('stems_inspected'),
    abundance_id: smallint('abundance_id').references(() => abundances.id),
    locationsize_id: smallint('locationsize_id').references(() => locationsizes.id),
    idempotency_key: uuid('idempotency_key'),
    /** Licence of the record, fixed at submission from the volunteer's profile: a `LicenseCode`. */
    license: varchar('license', { length: 16 }).notNull().default('CC-BY-4.0'),
    /**
     * How much of `checklist_date` is known: `day`, or `month` / `year` for imported records
     * dated only to the month or year, whose `checklist_date` is then the first day of that period.
     */
    date_precision: varchar('date_precision', { length: 5 }).notNull().default('day'),
    /** Imported records: the source dataset's name, e.g. "Journey North"; null for our own. */
    source_dataset: text('source_dataset'),
    /** The source's institution code (e.g. "iNaturalist"), when known. */
    source_institution: text('source_institution'),
    /** The record's id in its source (Journey North `id`, GBIF `gbifID`), when it has one. */
    source_record_id: text('source_record_id'),
    /** Link to the record in its source (iNaturalist or GBIF occurrence page), when known. */
    source_url: text('source_url'),
    /** True when the record came from GBIF or a GBIF publisher: left out of our DwC-A by default. */
    from_gbif: boolean('from_gbif').notNull().default(false),
    /** The original observer's name as the source gives it (never the importing account). */
    recorded_by: text('recorded_by'),
    /** Digest of an imported record's content (taxon, stage, date, count, observer): duplicate detection. */
    content_key: uuid('content_key'),
    isdeleted: boolean('isdeleted').notNull().default(false),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('checklists_idempotency_idx').on(t.user_id, t.idempotency_key),
    index('checklists_idempotency_key_idx').on(t.idempotency_key),
    index('checklists_content_key_idx')
      .on(t.content_key)
      .where(sql`${t.content_key} IS NOT NULL`),
    // A volunteer's records of a day in id order: the near-duplicate rule's search (quality.repository.ts).
    index('checklists_user_date_idx').on(t.user_id, t.checklist_date, t.checklist_id),
    index('checklists_date_idx').on(t.checklist_date),
    index('checklists_site_idx').on(t.site_id),
    // Comments whose public text is still to be computed (db/public-text.ts): none once filled.
    index('checklists_public_text_todo_idx')
      .on(t.checklist_id)
      .where(sql`${t.comment} IS NOT NULL AND ${t.public_comment} IS NULL`),
  ],
);

export const observations = pgTable(
  'observations',
  {
    observation_id: serial('observation_id').primaryKey(),
    /** Globally unique, stable id: the Darwin Core occurrenceID `urn:uuid:…` in every export. */
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    checklist_id: integer('checklist_id')
      .notNull()
      .references(() => checklists.checklist_id, { onDelete: 'cascade' }),
    milkweed_id: integer('milkweed_id').references(() => milkweedSpecies.milkweed_id),
    lifestage_id: smallint('lifestage_id').references(() => lifestages.id),
    /** Individuals counted; null when the source gave no count (never invented). */
    numbers: integer('numbers'),
    number_of_plants: text('number_of_plants'),
    /** Milkweed rows of a Mission carry the patch's abundance and location size. */
    abundance_id: smallint('abundance_id').references(() => abundances.id),
    locationsize_id: smallint('locationsize_id').references(() => locationsizes.id),
    observationstatus_id: smallint('observationstatus_id')
      .notNull()
      .references(() => observationstatus.id)
      .default(1),
    basisofrecord_id: smallint('basisofrecord_id').references(() => basisofrecords.id),
    /** Darwin Core basisOfRecord an imported record had in its source (e.g. `PreservedSpecimen`). */
    source_basis_of_record: varchar('source_basis_of_record', { length: 32 }),
    /** Licence of the record and its photos, fixed at submission: a `LicenseCode`. */
    license: varchar('license', { length: 16 }).notNull().default('CC-BY-4.0'),
    vetted_by: integer('vetted_by').references(() => users.user_id, { onDelete: 'set null' }),
    dateidentified: ts('dateidentified'),
    /** Quality flags: `QualityFlag[]` of `@mm/shared`, recomputed on every write of the record. */
    quality_flags: jsonb('quality_flags')
      .$type<{ code: string; params: Record<string, string | number> }[]>()
      .notNull()
      .default([]),
    /** Admin who vetted the record Valid while it carried flags (accepting them), and when. */
    flags_accepted_by: integer('flags_accepted_by').references(() => users.user_id, { onDelete: 'set null' }),
    flags_accepted_at: ts('flags_accepted_at'),
    observation_created: ts('observation_created').notNull().defaultNow(),
    /**
     * Its checklist's date, copied by the trigger `observations_observed_on` (on insert, and on every
     * change of `checklists.checklist_date`) so that Explore's default order, newest observed first,
     * reads from one index. Never written by the application.
     */
    observed_on: date('observed_on', { mode: 'string' }),
    updated: updated(),
  },
  (t) => [
    index('observations_checklist_idx').on(t.checklist_id),
    /** Explore list order by date observed (the default), one status at a time. */
    index('observations_public_observed_idx').on(t.observationstatus_id, t.observed_on.desc(), t.observation_id.desc()),
    /** Explore list order by date observed over any set of statuses. */
    index('observations_observed_idx').on(t.observed_on.desc(), t.observation_id.desc()),
    index('observations_public_created_idx').on(
      t.observationstatus_id,
      t.observation_created.desc(),
      t.observation_id.desc(),
    ),
    /** Explore list order (newest first) over any set of statuses: pages read in index order, from a key. */
    index('observations_created_idx').on(t.observation_created.desc(), t.observation_id.desc()),
    /** Recent verdicts, for the daily vetting emails. */
    index('observations_dateidentified_idx')
      .on(t.dateidentified)
      .where(sql`${t.dateidentified} IS NOT NULL`),
    /** The vetting queue's flag filter (`quality_flags @> '[{"code": …}]'`). */
    index('observations_quality_flags_idx').using('gin', t.quality_flags),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    /** Globally unique, stable id: the Simple Multimedia identifier of the photo. */
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    observation_id: integer('observation_id').references(() => observations.observation_id, { onDelete: 'set null' }),
    observation_lifestage_id: smallint('observation_lifestage_id').references(() => lifestages.id),
    photo_path: text('photo_path').notNull(),
    photo_name: text('photo_name').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    mime_type: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** What the original file's EXIF said before it was stripped (photo flags): day taken and GPS position. */
    exif_taken_on: date('exif_taken_on', { mode: 'string' }),
    exif_latitude: doublePrecision('exif_latitude'),
    exif_longitude: doublePrecision('exif_longitude'),
    isdeleted: boolean('isdeleted').notNull().default(false),
    created: created(),
    updated: updated(),
  },
  (t) => [
    index('photos_observation_idx').on(t.observation_id),
    index('photos_orphan_idx')
      .on(t.created)
      .where(sql`${t.observation_id} IS NULL`),
  ],
);

export const downloads = pgTable('downloads', {
  id: serial('id').primaryKey(),
  /** Public, stable id of the download: its landing page and citation. */
  uuid: uuid('uuid').notNull().defaultRandom().unique(),
  user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
  created: created(),
  reason_id: integer('reason_id').references(() => reasons.id),
  reason_text: text('reason_text'),
  filters: jsonb('filters').notNull(),
  format: varchar('format', { length: 16 }).notNull(),
  /** Rows written; final once `finished` is set (a download cut short keeps `finished` null). */
  rows: integer('rows').notNull(),
  /** Records per licence code in the finished file (its landing page's licence mix). */
  licenses: jsonb('licenses'),
  finished: ts('finished'),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  language: varchar('language', { length: 2 }).notNull(),
  handled: boolean('handled').notNull().default(false),
  created: created(),
});

/** Who changed what in the admin panel: one row per state change, written in the change's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
    /**
     * Where a change without an author came from: 'cli' for an operator's command (`npm run
     * users:role`); null for the panel (the author is `user_id`, null once their account is deleted).
     */
    via: varchar('via', { length: 16 }),
    /** Resource name as the admin API calls it: observations, checklists, sites, users, milkweeds, reasons, … */
    resource: varchar('resource', { length: 32 }).notNull(),
    record_id: integer('record_id').notNull(),
    /** status, update, role, deactivate, reactivate, create, retire, restore, provinces */
    action: varchar('action', { length: 32 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    created: created(),
  },
  (t) => [
    index('audit_log_record_idx').on(t.resource, t.record_id),
    index('audit_log_created_idx').on(t.created.desc()),
  ],
);

/** Provinces a Region admin (role 2) may vet; an Admin assigns them. */
export const regionAdminProvinces = pgTable(
  'region_admin_provinces',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    province_id: smallint('province_id')
      .notNull()
      .references(() => provinces.province_id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.province_id] })],
);

/** Page views per day and path with query (spec §7): counts only, no cookie, no visitor data. */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: varchar('path', { length: 512 }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/**
 * Rate-limit counters of every server process (rate-limiter-flexible's PostgreSQL store, its own
 * layout): `key` is the limiter's prefix and the counted key, `expire` the end of the window (ms since 1970).
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * Download tickets already redeemed: a ticket's nonce is inserted when it is spent, so a
 * ticket works once across every server process; rows are swept once their ticket has expired.
 */
export const downloadTicketsUsed = pgTable('download_tickets_used', {
  nonce: varchar('nonce', { length: 32 }).primaryKey(),
  expires_at: ts('expires_at').notNull(),
});

/**
 * The dataset's metadata edited in the admin panel and written into each archive's `eml.xml` (one row,
 * id 1; none until an admin saves it, the configuration's values standing in): `DatasetMetadata` of
 * `@mm/shared` without its id. Changes are audit-logged (resource `dataset`).
 */
export const datasetMetadata = pgTable('dataset_metadata', {
  id: smallint('id').primaryKey().default(1),
  /** `{en, fr, es}` */
  title: jsonb('title').$type<{ en: string; fr: string; es: string }>().notNull(),
  /** `{en, fr, es}`: the abstract's first paragraph; the computed counts follow it. */
  abstract_intro: jsonb('abstract_intro').$type<{ en: string; fr: string; es: string }>().notNull(),
  keywords: jsonb('keywords').$type<string[]>().notNull(),
  contacts: jsonb('contacts').$type<{ name: string; organization: string; email: string }[]>().notNull(),
  /** The least restrictive licence the EML may state (a `LicenseCode`). */
  license: varchar('license', { length: 16 }).notNull(),
  /** The dataset citation GBIF shows; '' cites each download. */
  citation: text('citation').notNull().default(''),
  updated: ts('updated').notNull().defaultNow(),
  updated_by: integer('updated_by').references(() => users.user_id, { onDelete: 'set null' }),
});

/**
 * Blitz events (the International Monarch Monitoring Blitz): an admin defines the days and the area
 * (whole countries and/or provinces/states). Observations are matched to an event by query, never
 * copied (`blitz_id` in db/observation-filters.ts; docs/adr/0031-blitz-events-matched-by-query.md).
 * Area ids are arrays: the service checks every id against `countries`/`provinces` (rows there are
 * never deleted), and the match reads them once per query as `= ANY(…)`.
 */
export const blitzEvents = pgTable(
  'blitz_events',
  {
    blitz_id: serial('blitz_id').primaryKey(),
    ...names,
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    country_ids: smallint('country_ids')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    province_ids: smallint('province_ids')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    created: created(),
    updated: updated(),
  },
  (t) => [
    check('blitz_events_dates_check', sql`${t.end_date} >= ${t.start_date}`),
    index('blitz_events_dates_idx').on(t.end_date.desc(), t.start_date),
    // One event of a name per first day: a create sent twice (a retry) is refused, not stored twice.
    uniqueIndex('blitz_events_name_start_idx').on(t.name, t.start_date),
  ],
);

/**
 * A number that moves on every committed or rolled-back write to the published data (observations,
 * checklists, sites, photos, users, milkweeds, Blitz events, dataset metadata): `mm_notify_data_changed()`
 * takes its next value besides announcing the change. A sequence rather than a counter row, so that
 * concurrent writers never wait on each other; the public archive job compares its `last_value` with
 * the one it built from (docs/adr/0038).
 */
export const publicDataChanges = pgSequence('public_data_changes');

/**
 * The stored public Darwin Core Archive GBIF crawls (`GET /api/downloads/dwca/latest.zip`,
 * docs/adr/0038): one row, id 1, written once the archive's file is whole in the photo store.
 */
export const publicArchive = pgTable('public_archive', {
  id: smallint('id').primaryKey().default(1),
  /** The archive's version: `1.{build}`, the build counting from 1 (EML `packageId` suffix `/v1.{build}`). */
  build: integer('build').notNull(),
  /** The photo-store key of the file (`archives/…`). */
  storage_key: text('storage_key').notNull(),
  /** The download it was logged as (its landing page and citation). */
  download_uuid: uuid('download_uuid').notNull(),
  /** `last_value` of `public_data_changes` read before the build started. */
  data_version: bigint('data_version', { mode: 'number' }).notNull(),
  /** The EML pubDate, yyyy-MM-dd (UTC). */
  pub_date: date('pub_date', { mode: 'string' }).notNull(),
  /** When the build finished (HTTP Last-Modified). */
  built_at: ts('built_at').notNull(),
  /** Bytes. */
  size: bigint('size', { mode: 'number' }).notNull(),
  /** Hex SHA-256 of the file (the strong ETag). */
  sha256: text('sha256').notNull(),
});

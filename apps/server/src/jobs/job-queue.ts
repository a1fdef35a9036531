import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import type { MailMessage, Mailer } from '../lib/mailer';
import { jobsRepository, type DeadLetterRow } from './jobs.repository';

/** PostgreSQL schema pg-boss keeps its tables in (it creates and migrates it itself at start). */
export const JOBS_SCHEMA = 'pgboss';

/** Queue names. Each job of a queue is fetched by exactly one worker of one server process. */
export const QUEUES = {
  /** Orphan photo clean-up, then photo reconciliation: hourly and once at start-up (one run for all servers). */
  photoUpkeep: 'photo-upkeep',
  /** Expired rate-limit counters, spent download tickets and stale sign-up requests: hourly. */
  sweep: 'sweep-expired',
  /** The vetting emails: hourly, each volunteer at most one a day. */
  vettingDigest: 'vetting-digest',
  /** The visit reminders of monitored sites (docs/monitoring.md, ADR 0030): daily, each volunteer at most one a week. */
  visitReminders: 'visit-reminders',
  /**
   * The public Darwin Core Archive GBIF crawls (docs/adr/0038): every 10 minutes and once at start-up,
   * rebuilt only when the data changed and the last build is an hour old (one run for all servers).
   */
  publicArchive: 'public-archive',
  /** One email each; retried with growing delays, then moved to `email-dead`. */
  email: 'email',
  /** Emails that failed every attempt: listed in the admin panel, sent again or dismissed from there. */
  emailDead: 'email-dead',
} as const;

/** Cron schedules (UTC): pg-boss creates one job per schedule and minute, whatever the number of servers. */
const SCHEDULES = {
  photoUpkeep: '0 * * * *',
  sweep: '17 * * * *',
  vettingDigest: '41 * * * *',
  /** Daily at 12:23 UTC: morning on the continent's east coast, early morning on the west coast. */
  visitReminders: '23 12 * * *',
  /** A run only compares two numbers unless a build is due. */
  publicArchive: '*/10 * * * *',
} as const;

/**
 * How long an email's `onceKey` holds (s): pg-boss throttles within a slot no longer than the live
 * table keeps a job (`archiveCompletedAfterSeconds`); the week is held by the database record (ADR 0030).
 */
const ONCE_KEY_SECONDS = 3600;

/**
 * Start-up runs of the photo upkeep share one slot of this length (s): servers started within the same
 * slot (a deploy restarting them all) enqueue one run between them.
 */
export const STARTUP_SLOT_SECONDS = 600;

export interface JobQueueOptions {
  /** Attempts of an email after the first (default 8). */
  emailRetryLimit: number;
  /** First wait before retrying an email (s); doubles with jitter at each attempt (default 30). */
  emailRetryDelaySeconds: number;
  /** How often an idle worker asks for a job (s, default 2). */
  pollingIntervalSeconds: number;
}

const DEFAULTS: JobQueueOptions = { emailRetryLimit: 8, emailRetryDelaySeconds: 30, pollingIntervalSeconds: 2 };

/** What the queue's workers do: the existing photo and sweep functions, and the real mailer. */
export interface JobHandlers {
  /** Orphan clean-up then reconciliation; its figures are stored as the job's output. */
  photoUpkeep: () => Promise<object>;
  /** Deletes expired rate-limit counters, spent tickets and stale sign-up requests. */
  sweep: () => Promise<void>;
  /** Sends the vetting emails that are due; its figures are stored as the job's output. */
  vettingDigest: () => Promise<object>;
  /** Sends the visit reminders that are due; its figures are stored as the job's output. */
  visitReminders: () => Promise<object>;
  /** Rebuilds the public archive when due; what it did is stored as the job's output. */
  publicArchive: () => Promise<object>;
  /** Sends one message now (SMTP or the outbox folder). @returns where it went */
  sendEmail: (message: MailMessage) => Promise<string>;
}

/** A failed email as the admin panel lists it (`GET /api/admin/failed-emails`). */
export interface FailedEmail {
  /** The dead-letter job's id (UUID). */
  id: string;
  to: string;
  subject: string;
  /** The last attempt's error message. */
  error: string;
  /** Attempts made (the first and every retry). */
  attempts: number;
  /** When it was given up, ISO 8601. */
  failed_at: string;
}

export interface JobQueue {
  /** A mailer that enqueues: the message is sent by a worker of any server process, with retries. */
  mailer: Mailer;
  /**
   * Enqueues the start-up photo upkeep, unless another server already did in this slot; after an
   * unclean stop (`afterCrash`) always, since that crash may have left half-written photos behind.
   * @returns the job id or null
   */
  enqueueStartupUpkeep(afterCrash?: boolean): Promise<string | null>;
  /**
   * Enqueues a run of the public archive job at start-up, unless another server already did in this
   * slot: the first start of an installation builds the archive without waiting for the schedule.
   * @returns the job id or null
   */
  enqueueStartupArchive(): Promise<string | null>;
  /** Failed emails, newest first, and their total. */
  failedEmails(range: [number, number]): Promise<{ rows: FailedEmail[]; total: number }>;
  /** Sends a failed email again (a new job with fresh retries) and removes it from the list. @returns false when unknown */
  retryFailedEmail(id: string): Promise<boolean>;
  /** Removes a failed email from the list without sending it. @returns false when unknown */
  dismissFailedEmail(id: string): Promise<boolean>;
  /**
   * `down` once stopped, or while pg-boss reported an error (a lost connection, a failed poll) in the
   * last `QUEUE_ERROR_WINDOW_MS`; `ok` otherwise (`/api/health`).
   */
  state(): 'ok' | 'down';
  /** Stops fetching jobs and waits (≤ 10 s) for the ones under way, then closes the pools. */
  stop(): Promise<void>;
}

/** How long after a pg-boss error the queue counts as down (ms): its polls run every 2 s at most. */
const QUEUE_ERROR_WINDOW_MS = 10_000;

function toFailedEmail(row: DeadLetterRow): FailedEmail {
  const data = (row.data ?? {}) as Partial<MailMessage>;
  const output = (row.output ?? {}) as { message?: string; value?: { message?: string } };
  return {
    id: row.id,
    to: String(data.to ?? ''),
    subject: String(data.subject ?? ''),
    error: String(output.message ?? output.value?.message ?? ''),
    attempts: row.retry_limit + 1,
    failed_at: row.created_on,
  };
}

/** PostgreSQL's `deadlock_detected`: the transaction was rolled back and may simply be run again. */
const DEADLOCK = '40P01';

/**
 * Creates queue `name` unless it exists. Servers that start at the same moment (several behind a load
 * balancer, or the test suite's apps) create the same queues at once, and pg-boss's `create_queue`
 * can then deadlock in PostgreSQL (seen with six test apps starting together): the queue is read
 * first, so a running installation writes nothing, and a deadlock is retried (≤ 5 tries, 50–250 ms apart).
 * @throws the last error when the queue still cannot be created
 */
async function ensureQueue(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(name)) return;
      await boss.createQueue(name, options);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * Opens pg-boss on the database of `db` (its own pool of 4 connections, schema `pgboss`, created or
 * migrated at once) and its queues. With `handlers` this process also works on every queue and runs
 * the hourly schedules and pg-boss's maintenance; without (an app built for a test) it only sends,
 * lists and retries. Several server processes each run workers: a job goes to one worker only, a cron
 * schedule makes one job per minute for all of them, and maintenance and cron each take an advisory
 * lock.
 * @param log told of queue errors (a lost connection while the database restarts) and finished jobs
 */
export async function openJobQueue(
  db: Db,
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
  options: Partial<JobQueueOptions> = {},
  handlers?: JobHandlers,
): Promise<JobQueue> {
  const opts = { ...DEFAULTS, ...options };
  const { connectionString } = db.$client.options;
  const boss = new PgBoss({
    connectionString,
    schema: JOBS_SCHEMA,
    max: 4,
    application_name: 'monarch-jobs',
    // Maintenance and cron run with the workers only.
    supervise: handlers !== undefined,
    schedule: handlers !== undefined,
    // Finished jobs leave the live table after an hour and the archive after a week; a failed email
    // waits in the dead-letter queue for the admin panel (its retention is set below).
    archiveCompletedAfterSeconds: 3600,
    archiveFailedAfterSeconds: 3600,
    deleteAfterDays: 7,
  });
  // The message and code only: pg-boss passes errors that carry their pg client (a whole socket in the log).
  let lastErrorAt = -Infinity;
  let stopped = false;
  boss.on('error', (err: Error & { code?: string }) => {
    lastErrorAt = Date.now();
    log.warn({ err: { message: err.message, code: err.code, stack: err.stack } }, 'job queue error');
  });
  await boss.start();

  await ensureQueue(boss, QUEUES.emailDead, { name: QUEUES.emailDead, retentionDays: 30 });
  await ensureQueue(boss, QUEUES.email, {
    name: QUEUES.email,
    retryLimit: opts.emailRetryLimit,
    retryDelay: opts.emailRetryDelaySeconds,
    retryBackoff: true,
    deadLetter: QUEUES.emailDead,
  });
  // One run at a time, so an hourly run never overlaps a start-up run.
  await ensureQueue(boss, QUEUES.photoUpkeep, { name: QUEUES.photoUpkeep, policy: 'singleton', expireInHours: 2 });
  await ensureQueue(boss, QUEUES.sweep, { name: QUEUES.sweep, policy: 'singleton' });
  await ensureQueue(boss, QUEUES.vettingDigest, { name: QUEUES.vettingDigest, policy: 'singleton' });
  await ensureQueue(boss, QUEUES.visitReminders, { name: QUEUES.visitReminders, policy: 'singleton' });
  // One build at a time across servers; a full export of a million records takes minutes.
  await ensureQueue(boss, QUEUES.publicArchive, { name: QUEUES.publicArchive, policy: 'singleton', expireInHours: 2 });

  if (handlers) {
    await boss.schedule(QUEUES.photoUpkeep, SCHEDULES.photoUpkeep);
    await boss.schedule(QUEUES.sweep, SCHEDULES.sweep);
    await boss.schedule(QUEUES.vettingDigest, SCHEDULES.vettingDigest);
    await boss.schedule(QUEUES.visitReminders, SCHEDULES.visitReminders);
    await boss.schedule(QUEUES.publicArchive, SCHEDULES.publicArchive);
    const polling = { pollingIntervalSeconds: opts.pollingIntervalSeconds };
    await boss.work(QUEUES.photoUpkeep, polling, async ([job]) => {
      const report = await handlers.photoUpkeep();
      log.info({ job: job?.id, photoUpkeep: report }, 'photo upkeep done');
      return report;
    });
    await boss.work(QUEUES.sweep, polling, async () => handlers.sweep());
    await boss.work(QUEUES.vettingDigest, polling, async ([job]) => {
      const report = await handlers.vettingDigest();
      log.info({ job: job?.id, vettingDigest: report }, 'vetting emails done');
      return report;
    });
    await boss.work(QUEUES.visitReminders, polling, async ([job]) => {
      const report = await handlers.visitReminders();
      log.info({ job: job?.id, visitReminders: report }, 'visit reminders done');
      return report;
    });
    await boss.work(QUEUES.publicArchive, polling, async ([job]) => {
      const report = await handlers.publicArchive();
      log.info({ job: job?.id, publicArchive: report }, 'public archive checked');
      return report;
    });
    await boss.work<MailMessage>(QUEUES.email, polling, async (jobs) => {
      for (const job of jobs) {
        const where = await handlers.sendEmail(job.data);
        log.info({ job: job.id, where }, 'email sent');
      }
    });
  }

  return {
    mailer: {
      async send(message, options) {
        const once = options?.onceKey;
        const id = await boss.send(
          QUEUES.email,
          message,
          once ? { singletonKey: once, singletonSeconds: ONCE_KEY_SECONDS } : {},
        );
        // A message with a key already queued in its slot: another server sent it (ADR 0030).
        if (!id && once) return `already queued (${once})`;
        if (!id) throw new Error('the email could not be queued');
        return `job ${id}`;
      },
    },
    enqueueStartupUpkeep: (afterCrash = false) =>
      afterCrash
        ? boss.send(QUEUES.photoUpkeep, { afterCrash: true })
        : boss.send(QUEUES.photoUpkeep, {}, { singletonKey: 'start-up', singletonSeconds: STARTUP_SLOT_SECONDS }),
    enqueueStartupArchive: () =>
      boss.send(QUEUES.publicArchive, {}, { singletonKey: 'start-up', singletonSeconds: STARTUP_SLOT_SECONDS }),
    async failedEmails(range) {
      const [from, to] = range;
      const page = await jobsRepository.deadLetters(db, QUEUES.emailDead, to - from + 1, from);
      return { rows: page.rows.map(toFailedEmail), total: page.total };
    },
    async retryFailedEmail(id) {
      const row = await jobsRepository.deadLetter(db, QUEUES.emailDead, id);
      if (!row) return false;
      // Sent again under a key derived from the dead letter: two clicks (or two admins) enqueue it once.
      await boss.send(QUEUES.email, row.data as object, { id });
      await boss.deleteJob(QUEUES.emailDead, id);
      return true;
    },
    async dismissFailedEmail(id) {
      const row = await jobsRepository.deadLetter(db, QUEUES.emailDead, id);
      if (!row) return false;
      await boss.deleteJob(QUEUES.emailDead, id);
      return true;
    },
    state: () => (stopped || Date.now() - lastErrorAt < QUEUE_ERROR_WINDOW_MS ? 'down' : 'ok'),
    stop: () => {
      stopped = true;
      return boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}

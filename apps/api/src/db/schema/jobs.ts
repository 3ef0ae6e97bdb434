import { bigint, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0040_background_job.sql and 0115_job_leases.sql; the SQL file is the source of truth for the database.
export type BackgroundJobStatus = 'queued' | 'running' | 'done' | 'failed';

export const backgroundJob = pgTable('background_job', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  kind: varchar('kind', { length: 100 }).notNull(),
  status: varchar('status', { length: 10 }).$type<BackgroundJobStatus>().notNull().default('queued'),
  progress_done: bigint('progress_done', { mode: 'number' }).notNull().default(0),
  progress_total: bigint('progress_total', { mode: 'number' }),
  progress_unit: varchar('progress_unit', { length: 30 }),
  result: jsonb('result'),
  error: text('error'),
  checkpoint: jsonb('checkpoint'),
  attempt: integer('attempt').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  created_by: integer('created_by'),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  started_at: timestamp('started_at', { withTimezone: true, mode: 'date' }),
  finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  boss_job_id: uuid('boss_job_id').notNull(),
  lease_owner: uuid('lease_owner'),
  leased_at: timestamp('leased_at', { withTimezone: true, mode: 'date' }),
  reclaims: integer('reclaims').notNull().default(0),
  exclusive_key: varchar('exclusive_key', { length: 100 }),
});

/** A process that runs jobs (JOBS=on) and its heartbeat: the lease of every job it holds (decision 108). */
export const jobWorker = pgTable('job_worker', {
  id: uuid('id').primaryKey(),
  host: varchar('host', { length: 255 }).notNull(),
  pid: integer('pid').notNull(),
  started_at: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  heartbeat_at: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lease_seconds: integer('lease_seconds').notNull(),
});

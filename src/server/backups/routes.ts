// /api/admin/backups: what the admin's Data page shows (R46): whether scheduled copies are on, and the last one written.
import { z } from '@hono/zod-openapi';
import { instant } from '../http/answer-fields';
import { createRouter, defineRoute, jsonResponse } from '../http/define-route';
import { backupStatus } from './scheduled-copies';

const backupStatusSchema = z
  .object({
    /** This process's schedule (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP); null when BACKUP_DIR is unset. */
    schedule: z.object({ dir: z.string(), everyHours: z.number(), keep: z.number() }).nullable(),
    lastCopy: z.object({ fileName: z.string(), bytes: z.number(), finishedAt: instant }).nullable(),
    lastFailure: z.object({ at: instant, error: z.string() }).nullable(),
    database: z.enum(['pglite', 'postgres']),
  })
  .openapi('BackupStatus');

export const backupRoutes = createRouter().openapi(
  defineRoute({
    method: 'get',
    path: '/',
    access: 'admin',
    summary: 'Scheduled backup copies: the schedule and the last copy written',
    responses: { 200: jsonResponse('OK', backupStatusSchema) },
  }),
  async (c) => {
    const { config, database } = c.var.deps;
    const status = await backupStatus(database.db);
    return c.json(
      {
        schedule: config.backups,
        lastCopy: status.lastCopy && { ...status.lastCopy, finishedAt: status.lastCopy.finishedAt.toISOString() },
        lastFailure: status.lastFailure && { ...status.lastFailure, at: status.lastFailure.at.toISOString() },
        database: database.kind,
      },
      200,
    );
  },
);

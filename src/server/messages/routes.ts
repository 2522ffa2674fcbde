// /api/admin/messages: admins write to a group of the field (R45): preview, queue, and follow what was sent.
import { z } from '@hono/zod-openapi';
import { getViewer } from '../http/context';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { unauthenticated } from '../http/errors';
import { MESSAGE_AUDIENCES, messageSchema, RECIPIENT_STATUSES } from '../../shared/message-schemas';
import { listMessages, messageDetail, previewMessage, queueMessage, type ParsedMessage } from './service';

const counts = { sent: z.number(), waiting: z.number(), failed: z.number() };
const summary = z
  .object({
    id: z.string(),
    audience: z.enum(MESSAGE_AUDIENCES),
    subject: z.string(),
    senderName: z.string(),
    createdAt: z.string(),
    ...counts,
  })
  .openapi('MessageSummary');
const detail = summary
  .extend({
    body: z.string(),
    recipients: z.array(
      z.object({
        email: z.string(),
        name: z.string(),
        reason: z.string(),
        status: z.enum(RECIPIENT_STATUSES),
        attempts: z.number(),
        lastError: z.string().nullable(),
        sentAt: z.string().nullable(),
        nextAttemptAt: z.string().nullable(),
      }),
    ),
  })
  .openapi('MessageDetail');
const preview = z
  .object({
    recipientCount: z.number(),
    sample: z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() }).nullable(),
  })
  .openapi('MessagePreview');

async function sender(c: Parameters<typeof getViewer>[0]) {
  const viewer = await getViewer(c);
  if (!viewer) throw unauthenticated();
  return { userId: viewer.userId, name: viewer.name || viewer.email };
}

export const messageRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: "A tournament's messages, newest first, with sent / waiting / failed counts",
      request: { query: z.object({ tournamentId: z.guid('Tournament not found') }) },
      responses: { 200: jsonResponse('OK', z.object({ messages: z.array(summary) })) },
    }),
    async (c) => c.json({ messages: await listMessages(c.var.deps.database.db, c.req.valid('query').tournamentId) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/preview',
      access: 'admin',
      summary: 'How many a message reaches and the e-mail its first recipient would get, as it will be sent; nothing is saved',
      request: { body: jsonBody(messageSchema) },
      responses: { 200: jsonResponse('The preview', preview), 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      const { database, organisation } = c.var.deps;
      const input = c.req.valid('json') as ParsedMessage;
      return c.json(await previewMessage(database.db, input, await sender(c), (await organisation.read()).name), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Queue a message to a group: each recipient is sent to once, in the background, at MAIL_PER_MINUTE',
      request: { body: jsonBody(messageSchema) },
      responses: {
        201: jsonResponse('Queued', z.object({ id: z.string(), recipientCount: z.number() })),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json') as ParsedMessage;
      return c.json(await queueMessage(c.var.deps.database.db, input, await sender(c)), 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}',
      access: 'admin',
      summary: 'One message with its text, counts and every recipient: state, attempts and the last error',
      request: { params: z.object({ id: z.uuid('Message not found') }) },
      responses: { 200: jsonResponse('OK', detail), 404: errorResponse('No such message') },
    }),
    async (c) => c.json(await messageDetail(c.var.deps.database.db, c.req.valid('param').id), 200),
  );

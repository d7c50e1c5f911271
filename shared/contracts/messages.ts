import { z } from './zod';
import { MESSAGE_MAX_LENGTH } from '../constants';
import { FIELD_MESSAGES, jobIdParam, timestampSchema, uuidField } from './common';
import { defineRoute } from './http';

export const MESSAGE_MESSAGES = {
  bodyRequired: 'Write a message first',
  bodyMax: `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  plumberIdInvalid: FIELD_MESSAGES.plumberIdInvalid,
  plumberIdRequired: 'Choose which plumber to write to',
  threadClosed: 'This conversation is closed: the job went to another plumber or was cancelled',
  notAllowed: 'You cannot write in this job’s messages',
  /** Shown in a thread while contact details are hidden. */
  maskingNotice:
    'Phone numbers and e-mail addresses are hidden until a quote is accepted. Keep the conversation on Plumbline.',
} as const;

/** What a masked e-mail address or phone number reads as. */
export const MASKED_CONTACT = '[hidden]';

export const messageSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  /** The thread: the plumber the homeowner talks with. */
  plumberId: z.uuid(),
  author: z.object({ role: z.enum(['homeowner', 'plumber']), name: z.string().nullable() }),
  /** Written by the user reading it. */
  mine: z.boolean(),
  body: z.string(),
  /** Contact details in it were hidden when it was sent. */
  masked: z.boolean(),
  createdAt: timestampSchema,
});
export type JobMessage = z.infer<typeof messageSchema>;

export const messageThreadSchema = z.object({
  plumberId: z.uuid(),
  plumber: z.object({ name: z.string().nullable(), businessName: z.string().nullable() }),
  messages: z.array(messageSchema),
  /** New messages may be written (the job is open, or this is the hired plumber's thread). */
  open: z.boolean(),
});
export type MessageThread = z.infer<typeof messageThreadSchema>;

/** GET /api/jobs/:jobId/messages — the homeowner sees every thread, a plumber only his own. */
export const jobMessagesSchema = z.object({
  threads: z.array(messageThreadSchema),
  /** Contact details are masked in new messages (no quote accepted yet). */
  masking: z.boolean(),
});
export type JobMessages = z.infer<typeof jobMessagesSchema>;

/** POST /api/jobs/:jobId/messages — a plumber writes in his own thread; the homeowner names the plumber. */
export const postMessageInput = z.object({
  body: z
    .string({ error: MESSAGE_MESSAGES.bodyRequired })
    .trim()
    .min(1, { error: MESSAGE_MESSAGES.bodyRequired })
    .max(MESSAGE_MAX_LENGTH, { error: MESSAGE_MESSAGES.bodyMax }),
  plumberId: uuidField(MESSAGE_MESSAGES.plumberIdInvalid).optional(),
});
export type PostMessageInput = z.input<typeof postMessageInput>;

export const messageRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/jobs/:jobId/messages',
    params: jobIdParam,
    response: jobMessagesSchema,
  }),
  post: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/messages',
    params: jobIdParam,
    body: postMessageInput,
    response: messageSchema,
    status: 201,
  }),
};

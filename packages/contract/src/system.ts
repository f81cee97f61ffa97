import { z } from 'zod';
import { OkResponse } from './common.ts';
import { ANY_USER, PUBLIC, defineRoute } from './define-route.ts';

export const TelemetryEvent = z.object({
  type: z.enum(['pageview', 'error']),
  path: z.string().max(500),
  // SPEC §5: ids are strings without , ; = space or |
  userId: z
    .string()
    .max(254)
    .regex(/^[^,;= |]*$/)
    .optional(),
  accountId: z
    .string()
    .max(100)
    .regex(/^[^,;= |]*$/)
    .optional(),
  message: z.string().max(2000).optional(),
  stack: z.string().max(8000).optional(),
  componentStack: z.string().max(8000).optional(),
});
export type TelemetryEvent = z.infer<typeof TelemetryEvent>;

export const DevMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof DevMail>;

export const systemRoutes = {
  telemetry: defineRoute({
    method: 'POST',
    path: '/telemetry',
    summary: 'Page views and front-end errors',
    tags: ['system'],
    access: PUBLIC,
    body: TelemetryEvent,
    response: OkResponse,
  }),
  // an agency's own files (trade licence, VAT certificate); operators any agency's
  downloadFile: defineRoute({
    method: 'GET',
    path: '/b2b/files/{id}',
    summary: "Download one of the agency's files (operators: any agency's)",
    tags: ['files'],
    access: ANY_USER,
    params: z.object({ id: z.string().max(100) }),
  }),
  devMailbox: defineRoute({
    method: 'GET',
    path: '/dev/mailbox',
    summary: 'Mails kept when no SMTP is configured (non-production only)',
    tags: ['system'],
    access: PUBLIC,
    response: z.array(DevMail),
  }),
};

import { z } from 'zod';
import { ANY_USER, PUBLIC, defineRoute } from './define-route.ts';

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

import type { FastifyReply } from 'fastify';

// A generated PDF as a download: never cached (it carries the agency's figures). `fileName` is ours, plain ASCII.
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

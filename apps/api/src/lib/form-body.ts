import type { FastifyInstance } from 'fastify';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

// The server-rendered pages that post plain HTML forms (the sandbox pay page, a widget shop's checkout) read them as
// string fields, up to 16 KB. Added to the page's own scope only: the API takes JSON.
export function acceptFormPosts(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser(FORM_CONTENT_TYPE)) return;
  scope.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}

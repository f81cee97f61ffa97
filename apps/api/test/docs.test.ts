import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutes } from '@portal/contract';
import { buildOpenApiDocument } from '../src/lib/openapi.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

// The docs are made on their first request (plugins/external/docs.ts) and answer as when Swagger UI ran inside the
// app: same statuses, bodies and headers, Swagger UI's own security policy on its pages, the app's 404 elsewhere.
const SWAGGER_CSP = "img-src 'self' data: validator.swagger.io";
const APP_CSP = "img-src 'self' data: blob:";

describe('API docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('serves the OpenAPI document built from the contract, in JSON and YAML', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-security-policy']).toContain(SWAGGER_CSP);
    expect(json.headers['x-ratelimit-limit']).toBeDefined();
    expect(json.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(contractRoutes))));
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers['content-type']).toBe('application/x-yaml');
    expect(yaml.body).toMatch(/^openapi: 3\./m);
  });

  it('serves Swagger UI’s page and files with their headers', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain(SWAGGER_CSP);
      expect(page.headers['content-length']).toBe(String(page.rawPayload.length));
      expect(page.body).toContain('swagger-initializer.js');
    }
    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/api/docs/');
    expect(redirect.headers['content-type']).toBeUndefined();
    expect(redirect.rawPayload.length).toBe(0);

    const css = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=0');
    expect(css.headers['content-length']).toBe(String(css.rawPayload.length));
    const etag = String(css.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/docs/static/swagger-ui.css' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(css.headers['content-length']);
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui.css',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers what Swagger UI does not have with the app’s 404', async () => {
    const missingFile = await t.app.inject({ method: 'GET', url: '/api/docs/static/nope.js' });
    expect(missingFile.statusCode).toBe(404);
    expect(missingFile.body).toBe('Not found');
    expect(missingFile.headers['content-security-policy']).toContain(SWAGGER_CSP);
    for (const [method, url] of [
      ['GET', '/api/docs/nope'],
      ['POST', '/api/docs/json'],
    ] as const) {
      const answer = await t.app.inject({ method, url });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe('Not found');
      expect(answer.headers['content-security-policy']).toContain(APP_CSP);
    }
    // a path that climbs out of the documentation is read as /api/healthz: an API answer (docs/decisions/0153)
    const climbed = await t.app.inject({ method: 'GET', url: '/api/docs/static/../../healthz' });
    expect([climbed.statusCode, climbed.body]).toEqual([404, 'Not found']);
    expect(climbed.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

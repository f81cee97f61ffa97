import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MESSAGES, bookingRoutes, buildPath, contractRoutes } from '@portal/contract';
import { loggableError } from '../src/lib/loggable-error.ts';
import { bookingBody, createBookingWorld, postBooking, bookingSuite } from './booking-fixtures.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, createOperator, loginAs } from './factories.ts';
import { injectRoute } from './inject-route.ts';

let bookingId: string;
const { t, w } = bookingSuite();
beforeAll(async () => {
  const guest = { ...bookingBody(w).guest, name: 'Secret Guestname' };
  bookingId = (await postBooking(t.app, w.tokens.admin, bookingBody(w, { guest }))).json().booking.id;
});

describe('Cache-Control on answers to a logged-in caller', () => {
  // every route of the contract, as its own kind of user: a route added later is covered without a change here
  it('every route says private (no-store, or no-cache with a validator), so no shared cache keeps agency data', async () => {
    const operator = await loginAs(t.app, (await createOperator(t.database.db)).email);
    const checked: string[] = [];
    for (const route of contractRoutes) {
      if (route.access.kind !== 'user') continue;
      const token = route.access.roles.includes('admin') ? w.tokens.admin : operator;
      const url = `/api${buildPath(route.path, { id: route.path.startsWith('/b2b/tours') ? String(w.tour.id) : bookingId, kind: 'voucher' })}`;
      const res = await t.app.inject({
        method: route.method,
        url,
        headers: bearer(token),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      const cacheControl = String(res.headers['cache-control'] ?? '');
      expect([route.method, url, res.statusCode < 500, cacheControl]).toEqual([
        route.method,
        url,
        true,
        expect.stringMatching(/^private, no-(store|cache)$/),
      ]);
      checked.push(url);
    }
    expect(checked.length).toBeGreaterThan(25);
  });
});

describe('POST /api/b2b/bookings/download', () => {
  it('sends the xlsx with the security headers every other answer has', async () => {
    const res = await injectRoute(t.app, bookingRoutes.download, { body: {}, token: w.tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // a file sent as an attachment is an API answer (docs/decisions/0153)
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBeGreaterThan(1);
  });

  it('answers a failure before the first byte as an ordinary error, never a 200 cut short', async () => {
    const broken = await buildTestApp();
    try {
      const world = await createBookingWorld(broken.app, broken.database.db);
      await broken.database.close();
      const res = await injectRoute(broken.app, bookingRoutes.download, { body: {}, token: world.tokens.admin });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toBe(MESSAGES.internal);
    } finally {
      // its database is closed above, so not close(): the app, and its data dir
      await broken.app.close();
      fs.rmSync(broken.dataDir, { recursive: true, force: true });
    }
  });
});

describe('error logs', () => {
  it("keep the database's reason and code but not the failed query's parameters", async () => {
    const error = await t.database.db.execute(sql`SELECT ${'maria.lopez@example.test'}::int`).catch((e: unknown) => e);
    const logged = loggableError(error);
    expect(JSON.stringify(logged)).not.toContain('maria.lopez');
    expect(logged).toMatchObject({
      code: '22P02',
      reason: expect.stringContaining('invalid input syntax for type integer'),
    });
    expect(logged.message).toContain('params: [redacted]');
  });
});

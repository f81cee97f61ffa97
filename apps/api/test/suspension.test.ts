import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, bookingRoutes, buildPath, contractRoutes } from '@portal/contract';
import { agencies, bookings } from '../src/db/schema/index.ts';
import { readBalance, sumLedger } from '../src/modules/ledger/ledger.repo.ts';
import { bookingBody, postBooking, bookingSuite } from './booking-fixtures.ts';
import { bearer } from './factories.ts';
import { injectRoute } from './inject-route.ts';

const { t, w } = bookingSuite();

// Every route an agency user may call, taken from the contract: a route added later is covered without a change here.
const agencyRoutes = contractRoutes.filter(
  (r) => r.access.kind === 'user' && r.access.roles.some((role) => role !== 'operator'),
);

describe('a suspended agency', () => {
  it('is refused on every agency route with a token issued before the suspension, and nothing changes', async () => {
    const booked = await postBooking(t.app, w.tokens.admin, bookingBody(w));
    expect(booked.statusCode).toBe(200);
    const booking = booked.json().booking;
    await t.database.db.update(agencies).set({ status: 'suspended' }).where(eq(agencies.id, w.agency.id));
    const balance = (await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor;

    expect(agencyRoutes.length).toBeGreaterThan(15);
    for (const route of agencyRoutes) {
      for (const token of [w.tokens.admin, w.tokens.junior]) {
        const url = `/api${buildPath(route.path, { id: booking.id, kind: 'voucher' })}`;
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: bearer(token),
          ...(route.method === 'GET'
            ? {}
            : { payload: route.path.endsWith('/pay') ? { paymentMethod: 'balance' } : bookingBody(w) }),
        });
        expect([route.method, url, res.statusCode, res.body]).toEqual([
          route.method,
          url,
          401,
          MESSAGES.agencySuspended,
        ]);
      }
    }
    const [row] = await t.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('completed');
    expect((await readBalance(t.database.db, w.agency.id, 'aed')).balanceMinor).toBe(balance);
    expect(await sumLedger(t.database.db, w.agency.id, 'aed')).toBe(balance);
  });

  it('works again once reinstated, with the same token', async () => {
    await t.database.db.update(agencies).set({ status: 'approved' }).where(eq(agencies.id, w.agency.id));
    const res = await injectRoute(t.app, bookingRoutes.list, { token: w.tokens.admin });
    expect(res.statusCode).toBe(200);
  });
});

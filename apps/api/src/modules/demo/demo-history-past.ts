import { addDays } from '@portal/contract';
import type { HistoryMoves } from './demo-history-shift.ts';
import { DEMO_HISTORY_FIRST_KEY } from './demo-history-state.ts';
import { creditMarginsOf, shop, widgetSale } from './demo-history-shop.ts';
import { CARD_OK, RU, type HistoryWorld } from './demo-history-world.ts';

// The demo agencies' last three months, made now in the order they happened; each booking, top-up, widget and
// opening is listed with the day and time it belongs to, for the move to the past (demo-history-shift.ts).

type Clock = [days: number, clock: string];

// What happened "weeks ago" and where the move puts it: at `days` from today (negative: in the past), Dubai time
function movesOf(w: HistoryWorld) {
  const moves: HistoryMoves = { bookings: [], topUps: [], openings: [], widgets: [], agencies: [] };
  const at = (days: number, clock: string) => new Date(`${addDays(w.today, days)}T${clock}:00+04:00`);
  // a booking made at `created` for a tour `tourDay` days from today (cancelled, or its margin credited, then)
  const past = (id: string, created: Clock, tourDay: number, extra: { cancelled?: Clock; margin?: Clock } = {}) =>
    moves.bookings.push({
      id,
      createdAt: at(...created),
      tourDate: addDays(w.today, tourDay),
      cancelledAt: extra.cancelled ? at(...extra.cancelled) : null,
      marginAt: extra.margin ? at(...extra.margin) : null,
    });
  // booked then for a tour still ahead: its tour date stays the one booked
  const aheadOf = (id: string, created: Clock) =>
    moves.bookings.push({ id, createdAt: at(...created), tourDate: null, cancelledAt: null, marginAt: null });
  return { moves, at, past, aheadOf };
}

export async function makePast(w: HistoryWorld): Promise<HistoryMoves> {
  const made = movesOf(w);
  await desertRosePast(w, made);
  await volgaPast(w, made);
  return made.moves;
}

// Desert Rose: about three months (days before today), its shop and its customers
async function desertRosePast(w: HistoryWorld, { moves, at, past, aheadOf }: ReturnType<typeof movesOf>) {
  const { agencyIds, book, cancel, confirmTransfer, guest, payByCard, topUp, transfer } = w;
  const { admin, senior, junior } = w.people;
  const { burj, frame, palm, aqua } = w.offers;
  moves.agencies.push(
    { id: agencyIds.desertRose, createdAt: at(-92, '09:30') },
    { id: agencyIds.volga, createdAt: at(-90, '12:10') },
  );
  moves.openings.push({ agencyId: agencyIds.desertRose, reference: 'DEMO-OPENING', createdAt: at(-88, '09:05') });
  past(
    await book({
      key: DEMO_HISTORY_FIRST_KEY,
      token: admin,
      offer: burj,
      adults: 2,
      guest: guest('James Whitfield', 'james.w@mail.test'),
    }),
    [-84, '10:12'],
    -80,
  );
  past(
    await book({
      key: 'demo-dr-02',
      token: senior,
      offer: frame,
      adults: 2,
      children: 2,
      guest: guest('Sofia Rossi', 'sofia.rossi@mail.test'),
    }),
    [-76, '11:40'],
    -72,
  );
  past(
    await book({
      key: 'demo-dr-03',
      token: junior,
      offer: aqua,
      adults: 3,
      guest: guest('Hans Becker', 'h.becker@mail.test'),
    }),
    [-69, '15:05'],
    -66,
  );
  const deposit = await transfer(admin, 'demo-dr-transfer-1', {
    amount: 10_000,
    currencyCode: 'aed',
    daysAgo: 64,
    bankReference: 'ENBD-FT-2291734',
    note: 'Top-up for the autumn season',
  });
  await confirmTransfer(deposit);
  moves.topUps.push({ id: deposit, createdAt: at(-63, '10:00'), creditedAt: at(-62, '12:30') });
  const widgetId = await shop(w);
  moves.widgets.push({ id: widgetId, createdAt: at(-60, '16:20') });
  past(
    await book({
      key: 'demo-dr-04',
      token: admin,
      offer: palm,
      adults: 2,
      guest: guest('Emma Laurent', 'emma.laurent@mail.test'),
    }),
    [-58, '09:20'],
    -50,
  );
  const sale1 = await widgetSale(w, 'Lukas Meyer', frame, 2, 5, '10.61.0.11');
  past(
    await book({
      key: 'demo-dr-05',
      token: senior,
      offer: burj,
      adults: 4,
      guest: guest('Aarav Sharma', 'aarav.s@mail.test'),
    }),
    [-47, '13:00'],
    -44,
  );
  // the margin of the first sale, credited by the job's own code the day after its tour
  await creditMarginsOf(w, [sale1]);
  const cancelled = await book({
    key: 'demo-dr-06',
    token: junior,
    offer: frame,
    adults: 2,
    guest: guest('Olivia Brown', 'olivia.b@mail.test'),
  });
  await cancel(cancelled, junior, 'demo-dr-06-cancel');
  past(cancelled, [-42, '16:30'], -35, { cancelled: [-40, '10:10'] });
  past(
    await book({
      key: 'demo-dr-07',
      token: admin,
      offer: frame,
      adults: 2,
      children: 1,
      guest: guest('Mateo Garcia', 'mateo.g@mail.test'),
    }),
    [-38, '11:00'],
    -34,
  );
  const cardTopUp = await topUp(admin, 'demo-dr-card-1', { method: 'card', amount: 5_000, currencyCode: 'aed' });
  await payByCard({ topUpId: cardTopUp }, CARD_OK);
  moves.topUps.push({ id: cardTopUp, createdAt: at(-33, '14:45'), creditedAt: at(-33, '14:47') });
  past(
    await book({
      key: 'demo-dr-08',
      token: senior,
      offer: palm,
      adults: 2,
      guest: guest('Chen Wei', 'chen.wei@mail.test'),
      card: CARD_OK,
    }),
    [-31, '12:00'],
    -28,
  );
  const sale2 = await widgetSale(w, 'Ingrid Larsen', burj, 2, 6, '10.61.0.12');
  await creditMarginsOf(w, [sale2]);
  past(
    await book({
      key: 'demo-dr-09',
      token: admin,
      offer: aqua,
      adults: 2,
      children: 2,
      guest: guest('Noah Williams', 'noah.w@mail.test'),
    }),
    [-20, '10:30'],
    -16,
  );
  past(
    await book({
      key: 'demo-dr-10',
      token: junior,
      offer: palm,
      adults: 2,
      guest: guest('Yuki Tanaka', 'yuki.t@mail.test'),
    }),
    [-12, '17:45'],
    -9,
  );
  // booked last week for a tour still ahead: its tour date stays the one booked
  const ahead = await book({
    key: 'demo-dr-11',
    token: admin,
    offer: burj,
    adults: 2,
    // not the option's first time: `npm run bench` resets those slots ahead and counts their bookings
    notBefore: '10:00',
    guest: guest('Fatima Khan', 'fatima.k@mail.test'),
  });
  aheadOf(ahead, [-6, '09:50']);
  const sale3 = await widgetSale(w, 'Marco Bianchi', palm, 3, 12, '10.61.0.13');
  past(sale1, [-54, '20:15'], -47, { margin: [-46, '02:00'] });
  past(sale2, [-27, '21:00'], -22, { margin: [-21, '02:00'] });
  aheadOf(sale3, [-4, '19:30']);
}

// Volga Tours (the Russian site, USD)
async function volgaPast(w: HistoryWorld, { moves, at, past, aheadOf }: ReturnType<typeof movesOf>) {
  const { book, cancel, confirmTransfer, guest, transfer } = w;
  const { volga } = w.people;
  const { burj, frame, palm, aqua } = w.offers;
  const volgaTransfer = await transfer(
    volga,
    'demo-volga-transfer-1',
    { amount: 4_000, currencyCode: 'usd', daysAgo: 72, bankReference: 'SBER-77120394', note: 'Депозит на сезон' },
    RU,
  );
  await confirmTransfer(volgaTransfer);
  moves.topUps.push({ id: volgaTransfer, createdAt: at(-71, '11:00'), creditedAt: at(-70, '10:15') });
  past(
    await book({
      key: 'demo-volga-01',
      token: volga,
      host: RU,
      offer: burj,
      adults: 2,
      guest: guest('Ivan Petrov', 'ivan.petrov@mail.test'),
    }),
    [-65, '12:30'],
    -61,
  );
  const volgaCancelled = await book({
    key: 'demo-volga-02',
    token: volga,
    host: RU,
    offer: aqua,
    adults: 2,
    children: 1,
    guest: guest('Elena Smirnova', 'elena.s@mail.test'),
  });
  await cancel(volgaCancelled, volga, 'demo-volga-02-cancel', RU);
  past(volgaCancelled, [-40, '14:00'], -30, { cancelled: [-39, '09:40'] });
  past(
    await book({
      key: 'demo-volga-03',
      token: volga,
      host: RU,
      offer: palm,
      adults: 3,
      guest: guest('Dmitry Volkov', 'd.volkov@mail.test'),
    }),
    [-25, '15:20'],
    -19,
  );
  const volgaAhead = await book({
    key: 'demo-volga-04',
    token: volga,
    host: RU,
    offer: frame,
    adults: 2,
    guest: guest('Olga Ivanova', 'olga.i@mail.test'),
  });
  aheadOf(volgaAhead, [-3, '10:05']);
}

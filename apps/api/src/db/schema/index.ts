export * from './accounts.ts';
export * from './system.ts';
export * from './catalogue.ts';
export * from './bookings.ts';
export * from './stock-watches.ts';
export * from './money.ts';
export * from './widgets.ts';

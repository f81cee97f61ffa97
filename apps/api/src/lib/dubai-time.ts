// DESIGN "Time": business dates are yyyy-MM-dd in Asia/Dubai whatever the server's TZ.
export const BUSINESS_TIME_ZONE = 'Asia/Dubai';

const dateFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function dubaiDate(at: Date = new Date()): string {
  return dateFormatter.format(at);
}

// The business month, 'yyyy-MM' (a spending cap's month)
export function dubaiMonth(at: Date = new Date()): string {
  return dubaiDate(at).slice(0, 7);
}

const clockFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// The business clock, 'HH:mm' (a card hold's end, as the shop shows it)
export function dubaiClock(at: Date): string {
  return clockFormatter.format(at);
}

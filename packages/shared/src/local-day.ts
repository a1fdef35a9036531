// Its own module: the page drawn for a session reads it before the app runs (apps/web/src/lib/signed-in-first.ts)
// without the monitoring rules, whose season table needs the app's chunk (docs/adr/0048).

/**
 * The calendar day of an instant on a device, `yyyy-MM-dd`, in `timeZone` (IANA name; the device's own
 * zone when left out). A browser judges "due" on this day: at 20:00 in Mexico City it is already the
 * next day in UTC (docs/monitoring.md "Due rule").
 */
export function localDayOf(now: Date, timeZone?: string): string {
  // The device's own zone is the Date's local calendar: no Intl.DateTimeFormat, whose first use loads the
  // zone data (≈ 16 ms of a laptop's main thread, in the Submit data page's start-up; docs/adr/0043).
  if (timeZone === undefined) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The business's time zone. Every date and time the portal shows or exports is Baku time,
 * whatever the reader's computer is set to, so an order placed at 23:30 in Baku is dated that
 * day for everyone.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Baku';

/** A moment as a Baku wall clock, each field zero-padded: month '01'-'12', hour '00'-'23'. */
export type BakuWallClock = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
};

/**
 * Baku's clock has been UTC+4 all year since 2015-10-25 00:00 UTC, when its last summer time
 * ended (Azerbaijan dropped daylight saving in 2016; the tz data lists no later change). A
 * moment from then on is read by arithmetic: a browser's first Intl.DateTimeFormat costs its
 * ICU date start-up, 150-500 ms on a phone's CPU (Chromium slowed four times), which the first
 * screen showing a date (checkout's rate day, the orders' dates) would pay in a task a tap waits
 * behind. Earlier moments are read from the time zone data. `baku-time.test.ts` checks the
 * arithmetic against the tz data at every hour of the day until 2100, so a rule change in a
 * newer tz data fails there first.
 */
export const BAKU_FIXED_OFFSET_SINCE = Date.UTC(2015, 9, 25, 0, 0, 0);
const BAKU_OFFSET_MS = 4 * 60 * 60 * 1000;
/** The last moment a Date holds (ECMAScript's 8.64e15 ms): its wall clock is past it. */
const LAST_MOMENT = 8.64e15;

const pad2 = (value: number) => String(value).padStart(2, '0');

let wallClockFormat: Intl.DateTimeFormat | undefined;

/**
 * Before 2015-10-25 the fields come from the time zone data through 'en-US' with numeric parts
 * only: every ICU build (Chromium's trimmed one too) has that locale and the zone data, so no
 * language's own date data is involved. `hourCycle: 'h23'` keeps midnight '00' where
 * `hour12: false` gives '24' in some engines.
 */
const wallClockFromZoneData = (at: Date): BakuWallClock => {
  wallClockFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const field = new Map(wallClockFormat.formatToParts(at).map((part) => [part.type, part.value]));
  const get = (type: Intl.DateTimeFormatPartTypes) => field.get(type) ?? '';
  return {
    year: get('year').padStart(4, '0'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
};

/** A moment as Baku's wall clock, or null for an invalid date. */
export const bakuWallClock = (at: Date): BakuWallClock | null => {
  const moment = at.getTime();
  if (Number.isNaN(moment)) return null;
  // the last four hours a Date holds have a wall clock no Date holds: read them from the zone data
  if (moment < BAKU_FIXED_OFFSET_SINCE || moment > LAST_MOMENT - BAKU_OFFSET_MS) {
    return wallClockFromZoneData(at);
  }
  const wall = new Date(moment + BAKU_OFFSET_MS);
  return {
    year: String(wall.getUTCFullYear()).padStart(4, '0'),
    month: pad2(wall.getUTCMonth() + 1),
    day: pad2(wall.getUTCDate()),
    hour: pad2(wall.getUTCHours()),
    minute: pad2(wall.getUTCMinutes()),
    second: pad2(wall.getUTCSeconds()),
  };
};

/** The Baku calendar day of a moment, `YYYY-MM-DD` (a bank rate's date is a Baku day). */
export const bakuDate = (at: Date) => {
  const clock = bakuWallClock(at);
  if (!clock) throw new RangeError('not a moment');
  return `${clock.year}-${clock.month}-${clock.day}`;
};

/**
 * A moment as Baku time `YYYY-MM-DD HH:mm:ss`: what the CSV exports write, so a spreadsheet
 * shows the business's own clock instead of UTC. Anything that is not a date comes back as is.
 */
export const formatBakuTimestamp = (at: Date | string) => {
  const clock = bakuWallClock(typeof at === 'string' ? new Date(at) : at);
  if (!clock) return String(at);
  return `${clock.year}-${clock.month}-${clock.day} ${clock.hour}:${clock.minute}:${clock.second}`;
};

const WALL_CLOCK_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A Baku wall clock `YYYY-MM-DDTHH:mm` (a datetime-local input's value) as the moment it names,
 * or null. The offset is read from the time zone data at that moment, so a rule change applies.
 */
export const fromBakuWallClock = (value: string): Date | null => {
  const match = WALL_CLOCK_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((d) => Number(d ?? 0));
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const offsetAt = (moment: number) => {
    const clock = bakuWallClock(new Date(moment));
    if (!clock) return 0;
    const shown = Date.UTC(
      Number(clock.year),
      Number(clock.month) - 1,
      Number(clock.day),
      Number(clock.hour),
      Number(clock.minute),
      Number(clock.second),
    );
    return shown - moment;
  };
  const at = new Date(asUtc - offsetAt(asUtc - offsetAt(asUtc)));
  // a 13th month or a 31 April rolls over in Date.UTC: refuse what Baku's clock never shows
  const shown = bakuWallClock(at);
  const named = value.length === 16 ? `${value}:00` : value;
  const back =
    shown &&
    `${shown.year}-${shown.month}-${shown.day}T${shown.hour}:${shown.minute}:${shown.second}`;
  return back === named ? at : null;
};

import { addDays, beijingDate, startOfBeijingDay } from '@sq/contract/beijing-time';

/**
 * `beijingDate`, remembering the day last asked about: every gate poll asks for today's date.
 * Kept on the server – the contract's function is in the pass page's first load too.
 */
export function createBeijingToday(): (at: Date) => string {
  let from = 0;
  let to = 0;
  let date = '';
  return (at) => {
    const t = at.getTime();
    if (t >= from && t < to) return date;
    date = beijingDate(at);
    from = startOfBeijingDay(date).getTime();
    to = startOfBeijingDay(addDays(date, 1)).getTime();
    return date;
  };
}

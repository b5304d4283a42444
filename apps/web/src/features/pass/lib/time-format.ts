import { beijingDateTime } from '@sq/contract/beijing-time';

const OFFSET_MS = 8 * 3600_000;
const WEEKDAYS = '日一二三四五六';

/** A live clock's face in Beijing time: 2024年05月01日 周三 and 08:30:05. */
export function clockFace(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + OFFSET_MS).toISOString();
  const weekday = WEEKDAYS[new Date(at.getTime() + OFFSET_MS).getUTCDay()];
  return {
    date: `${iso.slice(0, 4)}年${iso.slice(5, 7)}月${iso.slice(8, 10)}日 周${weekday}`,
    time: iso.slice(11, 19),
  };
}

/** Unix seconds as YYYY-MM-DD HH:mm in Beijing time; '' for none. */
export function formatUnix(seconds: number | null | undefined): string {
  return seconds ? beijingDateTime(new Date(seconds * 1000)) : '';
}

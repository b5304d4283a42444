/** How long a review has waited, as a manager reads it: 5分钟, 2小时15分, 3天4小时. */
export function waitedFor(sinceSeconds: number, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() / 1000 - sinceSeconds) / 60));
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours}小时${minutes % 60}分` : `${hours}小时`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days}天${hours % 24}小时` : `${days}天`;
}

/** A YYYY-MM-DD date as the chart's axis shows it: 11-23. */
export const shortDate = (date: string) => date.slice(5);

/** /gllist's search: rows whose community name contains the keyword; an empty keyword keeps all. */
export function filterByName<T extends { community: string }>(rows: readonly T[], keyword: string): T[] {
  const wanted = keyword.trim().toLowerCase();
  if (!wanted) return [...rows];
  return rows.filter((row) => row.community.toLowerCase().includes(wanted));
}

/**
 * The next page number of a page-numbered list, or undefined at the end: a page shorter than
 * the page size is the last one (spec §9), so no request is spent on an empty page.
 */
export function nextPage(lastPageLength: number, pagesLoaded: number, pageSize: number): number | undefined {
  return lastPageLength < pageSize ? undefined : pagesLoaded + 1;
}

/** The end-of-list line of spec §8. */
export const END_OF_LIST = '我已经到底了...';

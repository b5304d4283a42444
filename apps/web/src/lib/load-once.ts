/**
 * A module fetched at first use, once: every caller shares the same fetch. A fetch that failed
 * (no signal before the service worker kept the file) is tried again by the next caller.
 */
export function loadOnce<T>(importer: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= importer().catch((e: unknown) => {
      loading = null;
      throw e;
    }));
}

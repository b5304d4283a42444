import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { addAlbumPhotosCall, askPhotoRemovalCall, decideRemovalCall, deleteAlbumPhotoCall, getAlbumCall, listAlbumsCall, listRemovalRequestsCall, removeAlbumPhotoCall } from '@sq/contract/albums/calls';
import type { EndpointBody } from '@sq/contract/endpoint';
import { callApi } from '../../../lib/api-client';

export const albumKeys = {
  all: ['albums'] as const,
  list: (poiId: string | null) => ['albums', 'list', poiId] as const,
  album: (id: string) => ['albums', 'album', id] as const,
  requests: (poiId: string) => ['albums', 'requests', poiId] as const,
};

// Silent: the pages say in place why a list cannot be shown (the server's words).
const quiet = (signal: AbortSignal) => ({ signal, silent: true });
const nextOf = (last: { next: string | null }) => last.next ?? undefined;

export const useAlbums = (poiId: string | null) =>
  useInfiniteQuery({
    queryKey: albumKeys.list(poiId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listAlbumsCall, { poiId: poiId!, cursor: pageParam }, quiet(signal)),
    getNextPageParam: nextOf,
    enabled: Boolean(poiId),
    retry: false,
  });

export const useAlbum = (id: string) =>
  useInfiniteQuery({
    queryKey: albumKeys.album(id),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(getAlbumCall, { id, cursor: pageParam }, quiet(signal)),
    getNextPageParam: nextOf,
    retry: false,
  });

export function useAddPhotos(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (images: string[]) => callApi(addAlbumPhotosCall, { id, images }),
    onSettled: () => client.invalidateQueries({ queryKey: albumKeys.all }),
  });
}

export function useDeletePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteAlbumPhotoCall, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: albumKeys.all }),
  });
}

export function useAskRemoval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => callApi(askPhotoRemovalCall, { id, reason }),
    onSettled: () => client.invalidateQueries({ queryKey: albumKeys.all }),
  });
}

/** A manager or administrator removes any photo, with the reason the uploader reads. */
export function useRemovePhotoByStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => callApi(removeAlbumPhotoCall, { id, note }),
    onSettled: () => client.invalidateQueries({ queryKey: albumKeys.all }),
  });
}

export const useRemovalRequests = (poiId: string) =>
  useInfiniteQuery({
    queryKey: albumKeys.requests(poiId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listRemovalRequestsCall, { poiId, cursor: pageParam }, quiet(signal)),
    getNextPageParam: nextOf,
    enabled: poiId !== '',
    retry: false,
  });

export function useDecideRemoval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof decideRemovalCall>) => callApi(decideRemovalCall, body),
    onSettled: () => client.invalidateQueries({ queryKey: albumKeys.all }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importProgressCall, importResidentsCall } from '@sq/contract/residents/import-residents';
import { callApi } from '../../../lib/api-client';

/** A name for one run, so the page can ask how far it is (not a secret: runs are per person). */
export const runName = () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Checks (commit false) or writes the residents' file; `progress` names the run for useImportProgress. */
export function useImportResidents(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, commit, skipBad, progress }: { file: File; commit: boolean; skipBad: boolean; progress: string }) =>
      callApi(importResidentsCall, { poiId, commit: commit ? '1' : '0', skipBad: skipBad ? '1' : '0', progress }, { file }),
    onSuccess: (answer) => {
      // The staff lists and counts now hold the imported people.
      if (!answer.written) return;
      void queryClient.invalidateQueries({ queryKey: ['manage', 'registrations', poiId] });
      void queryClient.invalidateQueries({ queryKey: ['manage', 'dashboard', poiId] });
    },
  });
}

/** How far the named run is, asked twice a second while it runs. */
export function useImportProgress(poiId: string, run: string | null) {
  return useQuery({
    queryKey: ['manage', 'residentsImport', poiId, run],
    queryFn: ({ signal }) => callApi(importProgressCall, { poiId, progress: run! }, { signal, silent: true }),
    enabled: run !== null,
    refetchInterval: 500,
    retry: false,
  });
}

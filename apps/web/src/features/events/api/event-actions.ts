import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointBody } from '@sq/contract/endpoint';
import {
  addWalkInCall,
  cancelEventCall,
  cancelSignupCall,
  createEventCall,
  editEventCall,
  reviewEventCall,
  saveEventSettingsCall,
  signUpCall,
} from '@sq/contract/events/calls';
import type { createEvent, editEvent } from '@sq/contract/events/events';
import type { signUp } from '@sq/contract/events/signups';
import { callApi } from '../../../lib/api-client';
import { refreshEvents } from './event-keys';

// Every action toasts the server's Chinese message on failure (callApi) and refreshes what shows it.
function useEventMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => refreshEvents(queryClient) });
}

export const useSignUp = (id: string) => useEventMutation((body: EndpointBody<typeof signUp>) => callApi(signUpCall, { id, ...body }));
export const useCancelSignup = (id: string) => useEventMutation(() => callApi(cancelSignupCall, { id }));
export const useCreateEvent = () => useEventMutation((body: EndpointBody<typeof createEvent>) => callApi(createEventCall, body));
export const useEditEvent = () => useEventMutation(({ id, body }: { id: string; body: EndpointBody<typeof editEvent> }) => callApi(editEventCall, { id, ...body }));
export const useCancelEvent = (id: string) => useEventMutation((reason: string) => callApi(cancelEventCall, { id, reason }));
export const useReviewEvent = () =>
  useEventMutation((body: { id: string; approve: boolean; reason?: string }) => callApi(reviewEventCall, body));
export const useSaveEventSettings = () =>
  useEventMutation((body: { poiId: string; residentsPropose: boolean }) => callApi(saveEventSettingsCall, body));
export const useAddWalkIn = (id: string) => useEventMutation((body: { name: string; companions: number }) => callApi(addWalkInCall, { id, ...body }));

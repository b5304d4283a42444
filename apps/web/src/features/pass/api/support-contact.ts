import { queryOptions } from '@tanstack/react-query';
import { getSupportContactCall, type SupportContact } from '@sq/contract/support/get-support-contact';
import { callApi } from '../../../lib/api-client';
import { storage, StorageKey, type StoredShape } from '../../../lib/storage';

const FIELDS = ['hotline', 'hours', 'wechatId', 'wechatQr'] as const;

/** What a stored answer must look like (checked by hand: zod stays out of the page's chunk). */
const STORED: StoredShape<SupportContact> = {
  safeParse: (v) =>
    typeof v === 'object' && v !== null && FIELDS.every((f) => typeof (v as Record<string, unknown>)[f] === 'string')
      ? { success: true, data: v as SupportContact }
      : { success: false },
};

/**
 * The deployment's support contacts. /support is opened from the pass page, often at a gate with
 * a weak signal: the last answer is kept on the phone and shown until a fresh one arrives.
 */
export const supportContactQuery = () =>
  queryOptions<SupportContact>({
    queryKey: ['support', 'contact'],
    queryFn: async ({ signal }) => {
      const contact = await callApi(getSupportContactCall, undefined, { signal, silent: true });
      storage.writeJson(StorageKey.supportContact, contact);
      return contact;
    },
    placeholderData: () => storage.readJson(StorageKey.supportContact, STORED) ?? undefined,
    staleTime: 60 * 60_000,
  });

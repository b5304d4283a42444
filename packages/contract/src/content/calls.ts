import { callOf } from '../endpoint';
import type { getContentSettings, saveContentSettings } from './content-settings';

/** The content checks' settings calls, free of zod (see polls/calls.ts for why). */
export const getContentSettingsCall = callOf<typeof getContentSettings>('GET', '/v1/manage/content/settings');
export const saveContentSettingsCall = callOf<typeof saveContentSettings>('POST', '/v1/manage/content/settings');

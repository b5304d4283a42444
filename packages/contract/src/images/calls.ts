import { callOf } from '../endpoint';
import type { uploadImage } from './upload-image';

/** The images' calls, free of zod (see polls/calls.ts for why). */
export const uploadImageCall = callOf<typeof uploadImage>('POST', '/v1/images');

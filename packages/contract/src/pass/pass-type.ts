/**
 * Pass types (spec §4): 0 pending, 1 normal, -2 expired, -3 returned to the city within 14 days
 * (shown with the day count), -1 no usable registration (the page sends the user to the form).
 * Its own module, free of zod: the pass page's first load needs these numbers, not the schemas
 * (bench web-size).
 */
export const PassType = { none: -1, pending: 0, normal: 1, expired: -2, returned: -3 } as const;

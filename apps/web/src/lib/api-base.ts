/** Same origin by default: the server serves this app and the API together (DESIGN §2). */
export const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, '');

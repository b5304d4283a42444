/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when it is not this page's own (e.g. `https://api.example.cn`); unset = same origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Set by vite.config.ts (`define`): the web package's version, the commit built and its date ('' outside git). */
declare const __APP_VERSION__: string;
declare const __APP_COMMIT__: string;
declare const __APP_COMMIT_DATE__: string;

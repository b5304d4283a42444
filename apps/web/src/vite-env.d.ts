/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when it is not this page's own (e.g. `https://api.example.cn`); unset = same origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

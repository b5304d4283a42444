/**
 * The running build in words: 0.1.0（a5b7e3a，2026-11-27）. Unit tests and other tools that do
 * not build through vite.config.ts have none of the constants: 开发版.
 */
export function appVersion(): string {
  if (typeof __APP_VERSION__ !== 'string') return '开发版';
  const build = [typeof __APP_COMMIT__ === 'string' ? __APP_COMMIT__ : '', typeof __APP_COMMIT_DATE__ === 'string' ? __APP_COMMIT_DATE__ : ''].filter(Boolean);
  return build.length ? `${__APP_VERSION__}（${build.join('，')}）` : __APP_VERSION__;
}

import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (no browser downloads on these machines); CHROMIUM_PATH overrides. */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    // The closed network refuses Chromium's background calls; these keep it quiet and fast.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

/** A Chromium whose camera plays `video` (a Y4M file, see fake-camera.ts), permission granted. */
export function launchWithCamera(video: string): Promise<Browser> {
  return launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
}

/** A phone-sized, Chinese-locale context: 375×812 like the screenshots the team reviews. */
/**
 * A phone. The app's service worker precaches every screen (~1.6 MB) in each fresh context, so
 * the tests that are not about it leave it out; offline.e2e.ts asks for it.
 */
export function phoneContext(browser: Browser, origin: string, userAgent?: string, serviceWorkers: 'allow' | 'block' = 'block'): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: origin,
    serviceWorkers,
    ...(userAgent ? { userAgent } : {}),
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
export function artifactPath(name: string): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}

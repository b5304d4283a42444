import { isNativeShell, postToHost } from './native-bridge';
import { showToast } from './toast';

/**
 * Shares a link: through the native shell's share sheet (docs/native-bridge.md `share`), else the
 * browser's own (WeChat's in-app browser and phones' browsers have one), else copied with a toast.
 */
export async function shareLink(url: string, title: string): Promise<void> {
  if (isNativeShell() && postToHost({ type: 'share', url, title })) return;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, title });
      return;
    } catch (error) {
      // The person closed the sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast('链接已复制，可粘贴发给邻居');
  } catch {
    showToast(`请复制链接：${url}`);
  }
}

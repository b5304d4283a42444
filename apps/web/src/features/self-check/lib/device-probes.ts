import { fail, ok, warn, type CheckResult } from './check-result';

/**
 * The phone's side of /test: permissions and what the browser can do, each asked without side
 * effects a person would notice (no prompt, no camera light) until they tap a 测试 button.
 */

type PermissionName = 'camera' | 'geolocation' | 'notifications';
type Permission = 'granted' | 'denied' | 'prompt' | null;

/** navigator.permissions where the browser has it (WeChat and older iOS often do not): null when unknown. */
async function permission(name: PermissionName): Promise<Permission> {
  try {
    const status = await navigator.permissions?.query({ name: name as globalThis.PermissionName });
    return status?.state ?? null;
  } catch {
    return null;
  }
}

/** In an iframe, whether the embedding page lets this one use `feature` (Permissions Policy, Chromium); null when the browser cannot tell. */
function allowedInFrame(feature: 'camera' | 'geolocation'): boolean | null {
  const policy = (document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy;
  try {
    return policy ? policy.allowsFeature(feature) : null;
  } catch {
    return null;
  }
}

const OTHER_APP = '请在手机「设置」中允许本应用（或正在使用的浏览器、微信）';
const framed = () => window.self !== window.top;

export async function checkCamera(): Promise<CheckResult> {
  if (!window.isSecureContext) return fail('不是安全连接（https），浏览器不允许使用摄像头', '请用 https 开头的地址打开本页');
  const media = navigator.mediaDevices;
  if (!media?.getUserMedia) return fail('此浏览器不能使用摄像头', '请换用手机自带浏览器或微信打开');
  if (framed() && allowedInFrame('camera') === false) return fail('嵌入本页的网页没有允许使用摄像头', '请嵌入方在 iframe 上加 allow="camera"');
  const state = await permission('camera');
  if (state === 'denied') return fail('摄像头权限已被拒绝', `${OTHER_APP}使用相机，然后点「重新检测」`);
  const devices = await media.enumerateDevices().catch(() => null);
  if (devices && !devices.some((d) => d.kind === 'videoinput')) return fail('没有找到摄像头', '手机的摄像头可能被关闭或损坏');
  if (state === 'granted') return ok('可以使用（已允许）');
  return warn(state === 'prompt' ? '尚未允许使用摄像头' : '无法直接查看摄像头权限', '扫码时会询问，请选「允许」；也可以点「测试摄像头」试一下');
}

/** Opens the camera and closes it at once: whether it really works, and the permission asked for. */
export async function tryCamera(): Promise<CheckResult> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    stream.getTracks().forEach((t) => t.stop());
    return ok('摄像头可以正常打开（已关闭）');
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'NotAllowedError' || name === 'SecurityError') return fail('摄像头权限被拒绝', `${OTHER_APP}使用相机，然后重试`);
    if (name === 'NotFoundError' || name === 'OverconstrainedError') return fail('没有找到摄像头', '手机的摄像头可能被关闭或损坏');
    if (name === 'NotReadableError' || name === 'AbortError') return fail('摄像头被其他应用占用', '请关闭正在用相机的应用（视频通话、相机）后重试');
    return fail('摄像头打不开', '请重启手机后重试；仍不行请告诉客服');
  }
}

export async function checkLocation(): Promise<CheckResult> {
  if (!('geolocation' in navigator)) return fail('此浏览器不能定位', '请换用手机自带浏览器或微信打开');
  if (!window.isSecureContext) return fail('不是安全连接（https），浏览器不允许定位', '请用 https 开头的地址打开本页');
  if (framed() && allowedInFrame('geolocation') === false) return fail('嵌入本页的网页没有允许定位', '请嵌入方在 iframe 上加 allow="geolocation"');
  const state = await permission('geolocation');
  if (state === 'granted') return ok('已允许定位');
  if (state === 'denied') return fail('定位权限已被拒绝', `请开启定位权限：${OTHER_APP}使用位置信息`);
  return warn(state === 'prompt' ? '尚未允许定位' : '无法直接查看定位权限', '查找附近小区时会询问，请选「允许」；也可以点「测试定位」试一下');
}

/** Asks for one position fix (10 s, spec §9); says only how precise it was, never where. */
export function tryLocation(): Promise<CheckResult> {
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve(ok(`定位成功（精度约 ${Math.round(p.coords.accuracy)} 米）`)),
      (e) => {
        if (e.code === e.PERMISSION_DENIED) resolve(fail('定位权限已被拒绝', `请开启定位权限：${OTHER_APP}使用位置信息`));
        else if (e.code === e.TIMEOUT) resolve(fail('定位超时（10 秒）', '请打开手机的定位（GPS）开关，到窗边或室外再试'));
        else resolve(fail('暂时无法定位', '请打开手机的定位（GPS）开关，到窗边或室外再试'));
      },
      { timeout: 10_000, maximumAge: 0, enableHighAccuracy: false },
    );
  });
}

/** The app tells people in 消息, by SMS and WeChat – never by web notifications – so none of these is a fault. */
export async function checkNotifications(): Promise<CheckResult> {
  const elsewhere = '不影响使用：审核结果等消息会在「消息」页显示，并通过短信或微信告诉您';
  if (!('Notification' in window)) return warn('此浏览器不支持网页通知', elsewhere);
  const state = Notification.permission;
  if (state === 'granted') return ok('已允许网页通知');
  return warn(state === 'denied' ? '已关闭网页通知' : '尚未允许网页通知', elsewhere);
}

const withTimeout = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

/** Writes, reads back and deletes one value in an IndexedDB database of its own. */
async function indexedDbWorks(): Promise<boolean> {
  if (!('indexedDB' in window)) return false;
  const name = 'sq-self-check';
  const db = await withTimeout(
    new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => open.result.createObjectStore('probe');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open'));
    }),
    5000,
  );
  try {
    const value = String(Math.random());
    const read = await withTimeout(
      new Promise<unknown>((resolve, reject) => {
        const tx = db.transaction('probe', 'readwrite');
        tx.objectStore('probe').put(value, 'probe');
        const get = tx.objectStore('probe').get('probe');
        tx.oncomplete = () => resolve(get.result);
        tx.onerror = () => reject(tx.error ?? new Error('write'));
      }),
      5000,
    );
    return read === value;
  } finally {
    db.close();
    indexedDB.deleteDatabase(name);
  }
}

function localStorageWorks(): boolean {
  try {
    const value = String(Math.random());
    window.localStorage.setItem('sqSelfCheck', value);
    const read = window.localStorage.getItem('sqSelfCheck');
    window.localStorage.removeItem('sqSelfCheck');
    return read === value;
  } catch {
    return false;
  }
}

const megabytes = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);
/** Below this the browser may throw the offline copies away, or refuse to save them. */
const LOW_SPACE = 20 * 1024 ** 2;

export async function checkStorage(): Promise<CheckResult> {
  const privateMode = '请关闭浏览器的「无痕/隐私模式」，或换用其他浏览器';
  if (!localStorageWorks()) return fail('无法保存登录状态和通行证', `每次打开都要重新登录，没有网络时也看不到通行证。${privateMode}`);
  const idb = await indexedDbWorks().catch(() => false);
  if (!idb) return fail('无法保存离线数据', `没有网络时的扫码核验名单存不下。${privateMode}`);
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (estimate?.quota !== undefined && estimate.usage !== undefined) {
    const free = estimate.quota - estimate.usage;
    if (free < LOW_SPACE) return warn(`可以保存，但剩余空间很少（约 ${megabytes(Math.max(0, free))}）`, '请清理手机存储空间');
    return ok(`可以保存（可用约 ${megabytes(free)}）`);
  }
  return ok('可以保存');
}

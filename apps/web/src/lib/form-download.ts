import { classifyResponse, readAnswer } from './api-decisions';
import { API_BASE, handOffToLogin } from './login-handoff';
import { showToast } from './toast';

const FRAME_NAME = 'sq-export-frame';

/**
 * A file answer is a download and never loads the frame; an answer that does load it is the
 * server's `{code, message}` refusal (403, 423, 400…), which is read here and told the usual way.
 */
function onFrameLoad(frame: HTMLIFrameElement): void {
  let text: string;
  try {
    if (frame.contentWindow?.location.href === 'about:blank') return;
    text = frame.contentDocument?.body?.textContent ?? '';
  } catch {
    return;
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML error page: readAnswer turns it into the generic failure message.
  }
  const answer = readAnswer(body, 500);
  const outcome = classifyResponse(answer.code);
  if (outcome === 'login') handOffToLogin();
  else if (outcome === 'toast') showToast({ content: answer.message });
}

function exportFrame(): HTMLIFrameElement {
  const existing = document.querySelector<HTMLIFrameElement>(`iframe[name="${FRAME_NAME}"]`);
  if (existing) return existing;
  const frame = document.createElement('iframe');
  frame.name = FRAME_NAME;
  frame.title = '导出';
  frame.hidden = true;
  frame.addEventListener('load', () => onFrameLoad(frame));
  document.body.append(frame);
  return frame;
}

/**
 * Downloads a file the server makes from a form post (the .xlsx exports): a real form aimed at a
 * hidden frame, so the page stays where it is and the browser's own download takes over. A form
 * (not fetch + blob) is what the spec's clients do, and lets the browser stream a large file
 * straight to disk.
 */
export function postDownload(path: string, fields: Record<string, string>): void {
  const frame = exportFrame();
  const form = document.createElement('form');
  form.method = 'post';
  form.enctype = 'application/x-www-form-urlencoded';
  form.action = API_BASE + path;
  form.target = frame.name;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
  showToast({ content: '正在生成表格，请稍候…' });
}

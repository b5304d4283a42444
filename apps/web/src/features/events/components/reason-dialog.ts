import Dialog from 'antd-mobile/es/components/dialog';
import { createElement } from 'react';
import { EVENT_REASON_MAX_CHARS, EventMsg } from '@sq/contract/events/event-rules';
import { showToast } from '../../../lib/toast';

/**
 * Asks for a reason (cancelling an event, turning a proposal down) in a dialog with a text box;
 * resolves with the words, or null when the person backs out. The people told read them.
 */
export function askReason(title: string, placeholder: string, confirmText: string): Promise<string | null> {
  let text = '';
  return new Promise((resolve) => {
    void Dialog.confirm({
      title,
      content: createElement('textarea', {
        className: 'ev-input',
        rows: 3,
        maxLength: EVENT_REASON_MAX_CHARS,
        placeholder,
        'aria-label': '原因',
        onChange: (e: { target: { value: string } }) => {
          text = e.target.value;
        },
      }),
      confirmText,
      cancelText: '返回',
      onConfirm: () => {
        // No reason: nothing is sent (the people told would read an empty line); said, and asked again on the next tap.
        if (!text.trim()) showToast(EventMsg.reasonRequired);
        resolve(text.trim() || null);
      },
      onCancel: () => resolve(null),
    });
  });
}

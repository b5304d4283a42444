import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { MSG_MAX_OPTIONS, MSG_MIN_OPTIONS, POLL_MAX_OPTIONS, POLL_MIN_OPTIONS, POLL_OPTION_TITLE_MAX } from '@sq/contract/polls/poll-rules';
import './option-editor.css';

export interface DraftOption {
  /** Stable React key: option texts change while typing and may repeat. */
  key: number;
  title: string;
}

interface Props {
  options: DraftOption[];
  onChange: (options: DraftOption[]) => void;
  nextKey: () => number;
}

/** The option list of /svote: starts with two blank options; the first two cannot be deleted (spec §5). */
export function OptionEditor({ options, onChange, nextKey }: Props) {
  const remove = (index: number) => {
    if (index < POLL_MIN_OPTIONS) return void Toast.show({ content: MSG_MIN_OPTIONS });
    onChange(options.filter((_, i) => i !== index));
  };
  const add = () => {
    if (options.length >= POLL_MAX_OPTIONS) return void Toast.show({ content: MSG_MAX_OPTIONS });
    onChange([...options, { key: nextKey(), title: '' }]);
  };
  return (
    <div className="option-editor">
      {options.map((o, i) => (
        <div key={o.key} className="option-editor-row">
          <button type="button" className="option-editor-remove" aria-label={`删除选项${i + 1}`} onClick={() => remove(i)}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <circle cx="10" cy="10" r="9" fill="#ef4444" />
              <rect x="5" y="9" width="10" height="2" rx="1" fill="#fff" />
            </svg>
          </button>
          <Input
            className="option-editor-input"
            placeholder={`选项${i + 1}`}
            aria-label={`选项${i + 1}`}
            maxLength={POLL_OPTION_TITLE_MAX}
            value={o.title}
            onChange={(title) => onChange(options.map((x) => (x.key === o.key ? { ...x, title } : x)))}
          />
        </div>
      ))}
      <Button className="option-editor-add" block fill="none" onClick={add}>
        <span aria-hidden="true">＋</span> 添加选项
      </Button>
    </div>
  );
}

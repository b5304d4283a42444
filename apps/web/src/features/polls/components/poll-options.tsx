import Checkbox from 'antd-mobile/es/components/checkbox';
import Radio from 'antd-mobile/es/components/radio';
import type { PollOption } from '@sq/contract/polls/get-poll';
import { votePercent } from '@sq/contract/polls/poll-rules';
import './poll-options.css';

interface Props {
  options: PollOption[];
  multiple: boolean;
  /** Radio buttons / check boxes are drawn. */
  showControls: boolean;
  /** Drawn but not usable (after the deadline, or after voting). */
  disabled: boolean;
  /** Votes, bars and percentages are drawn. */
  showResults: boolean;
  value: string[];
  onChange: (value: string[]) => void;
  /** What a vote counts: 票 (people), or 户 (units of an owners' vote). */
  unit?: string;
}

function OptionText({ option, showResults, percent, unit }: { option: PollOption; showResults: boolean; percent: number; unit: string }) {
  return (
    <span className="poll-option-body">
      <span className="poll-option-title">
        {option.title}
        {option.isVote === '1' && <span className="poll-option-chosen">(已选)</span>}
      </span>
      {showResults && (
        <span className="poll-option-result">
          <span className="poll-option-bar" aria-hidden="true">
            <span className="poll-option-fill" style={{ width: `${percent}%` }} />
          </span>
          <span className="poll-option-count">
            {option.votes}
            {unit} <b>{percent}%</b>
          </span>
        </span>
      )}
    </span>
  );
}

/** The options of a poll: choosable, with results, or both (the creator's view, spec §4). */
export function PollOptions({ options, multiple, showControls, disabled, showResults, value, onChange, unit = '票' }: Props) {
  const total = options.reduce((sum, o) => sum + o.votes, 0);
  const text = (o: PollOption) => <OptionText option={o} showResults={showResults} percent={votePercent(o.votes, total)} unit={unit} />;

  if (!showControls) {
    return (
      <ul className="poll-options" aria-label="投票结果">
        {options.map((o) => (
          <li key={o.option_id} className={`poll-option${o.isVote === '1' ? ' is-chosen' : ''}`} data-testid="poll-option">
            {text(o)}
          </li>
        ))}
      </ul>
    );
  }
  if (multiple) {
    return (
      <Checkbox.Group value={value} onChange={(v) => onChange(v as string[])} disabled={disabled}>
        <div className="poll-options" role="group" aria-label="投票选项（可多选）">
          {options.map((o) => (
            <div key={o.option_id} className={`poll-option${o.isVote === '1' ? ' is-chosen' : ''}`} data-testid="poll-option">
              <Checkbox value={o.option_id} block>
                {text(o)}
              </Checkbox>
            </div>
          ))}
        </div>
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group value={value[0] ?? null} onChange={(v) => onChange(v === null ? [] : [String(v)])} disabled={disabled}>
      <div className="poll-options" role="radiogroup" aria-label="投票选项（单选）">
        {options.map((o) => (
          <div key={o.option_id} className={`poll-option${o.isVote === '1' ? ' is-chosen' : ''}`} data-testid="poll-option">
            <Radio value={o.option_id} block>
              {text(o)}
            </Radio>
          </div>
        ))}
      </div>
    </Radio.Group>
  );
}

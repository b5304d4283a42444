import type { ReactNode } from 'react';
import Form from 'antd-mobile/es/components/form';
import Selector from 'antd-mobile/es/components/selector';

interface Props<T extends string> {
  label: string;
  options: readonly { label: string; value: T }[];
  value: T | '';
  onChange: (value: T | '') => void;
  /** Tapping the chosen option again clears it (optional fields only). */
  clearable?: boolean;
  /** The form's class for this line (it marks and scrolls to the line with an error). */
  className?: string;
  /** The check's message when this answer is what stops the form. */
  error?: ReactNode;
}

/** One choice out of a few, as tappable chips (身份, 是否返京, 交通方式). */
export function ChoiceField<T extends string>({ label, options, value, onChange, clearable = false, className, error }: Props<T>) {
  return (
    <Form.Item label={label} layout="vertical" className={className} description={error}>
      <Selector
        columns={options.length}
        showCheckMark={false}
        options={options.map((o) => ({ label: o.label, value: o.value }))}
        value={value ? [value] : []}
        onChange={(picked) => {
          const next = picked[0];
          if (next) onChange(next);
          else if (clearable) onChange('');
        }}
      />
    </Form.Item>
  );
}

import { useState, type ReactNode } from 'react';
import Form from 'antd-mobile/es/components/form';
import { LazyDatePicker as DatePicker } from '../../../components/lazy-overlay';
import { parseBeijingMinute } from '@sq/contract/beijing-time';
import { visitMomentText } from '@sq/contract/visits/visit-window';
import { fromPickerMinute, toPickerMinute } from '../lib/minute-fields';

interface Props {
  label: string;
  /** Beijing "YYYY-MM-DD HH:mm". */
  value: string;
  min: string;
  max: string;
  onChange: (value: string) => void;
  className?: string;
  error?: ReactNode;
}

/** A form line that opens a date-and-time wheel (minutes in fives) between `min` and `max`. */
export function MinuteField({ label, value, min, max, onChange, className, error }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form.Item label={label} clickable arrow onClick={() => setOpen(true)} className={className} description={error}>
        <span className="reg-picked">{visitMomentText(parseBeijingMinute(value) ?? new Date())}</span>
      </Form.Item>
      <DatePicker
        title={label}
        visible={open}
        precision="minute"
        filter={{ minute: (m) => m % 5 === 0 }}
        min={toPickerMinute(min)}
        max={toPickerMinute(max)}
        value={toPickerMinute(value)}
        onClose={() => setOpen(false)}
        onConfirm={(d) => onChange(fromPickerMinute(d))}
      />
    </>
  );
}

import { useState, type ReactNode } from 'react';
import Form from 'antd-mobile/es/components/form';
import { LazyDatePicker as DatePicker } from '../../../components/lazy-overlay';
import { PLACEHOLDER } from '@sq/contract/pass/registration-rules';
import { fromPickerDate, toPickerDate, type DateWindow } from '../lib/date-fields';

interface Props {
  label: string;
  value: string;
  window: DateWindow;
  onChange: (isoDate: string) => void;
  /** The form's class for this line (it marks and scrolls to the line with an error). */
  className?: string;
  /** The check's message when this date is what stops the form. */
  error?: ReactNode;
}

/** A form line that opens a day picker limited to `window`; unanswered it reads 请选择. */
export function DateField({ label, value, window, onChange, className, error }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form.Item label={label} clickable arrow onClick={() => setOpen(true)} className={className} description={error}>
        <span className={value ? 'reg-picked' : 'reg-placeholder'}>{value || PLACEHOLDER}</span>
      </Form.Item>
      <DatePicker
        title={label}
        visible={open}
        precision="day"
        min={toPickerDate(window.min)}
        max={toPickerDate(window.max)}
        value={value ? toPickerDate(value) : null}
        onClose={() => setOpen(false)}
        onConfirm={(date) => onChange(fromPickerDate(date))}
      />
    </>
  );
}

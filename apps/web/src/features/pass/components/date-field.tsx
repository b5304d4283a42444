import { useState } from 'react';
import { DatePicker, Form } from 'antd-mobile';
import { PLACEHOLDER } from '@sq/contract/pass/registration-rules';
import { fromPickerDate, toPickerDate, type DateWindow } from '../lib/date-fields';

interface Props {
  label: string;
  value: string;
  window: DateWindow;
  onChange: (isoDate: string) => void;
}

/** A form line that opens a day picker limited to `window`; unanswered it reads 请选择. */
export function DateField({ label, value, window, onChange }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form.Item label={label} clickable arrow onClick={() => setOpen(true)}>
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

import { useEffect, useState, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { beijingDate } from '@sq/contract/beijing-time';
import { countryName } from '@sq/contract/documents/country-names';
import { CARD_MAX_LENGTH, CARD_TYPE_LABEL, CARD_TYPE_MSG, CARD_TYPES, DEFAULT_CARD_TYPE, type CardType } from '@sq/contract/documents/document-types';
import { MSG_CONSENT } from '@sq/contract/privacy/notice';
import { compact, OWNERS, PLACEHOLDER, VEHICLES, type Registration } from '@sq/contract/pass/registration-rules';
import { returnDateWindow, tenantEndWindow } from '../lib/date-fields';
import { toInput, withCardType, withIsReturn, withOwner, type RegistrationForm as FormState } from '../lib/registration-form';
import { ChoiceField } from './choice-field';
import { LazyCountryPicker as CountryPicker } from './lazy-country-picker';
import { DateField } from './date-field';
import { LazyActionSheet as ActionSheet, LazyPicker as Picker } from '../../../components/lazy-overlay';
import { confirmDialog } from '../../../lib/dialog';
import { InfoRows } from './info-rows';
import { enteredRows } from './registration-rows';

interface Props {
  initial: FormState;
  /** Masked mobile / ID number that count as unchanged (own registration only). */
  kept: { mobile?: string; card?: string; cardType?: string };
  /** Building addresses the community offers for 楼号房间; empty means free text. */
  buildings: string[];
  submitting: boolean;
  /**
   * The privacy notice the person must tick before submitting (PIPL art. 14); null when staff
   * register someone else, who is shown it at their first visit instead.
   */
  notice: ReactNode | null;
  onSubmit: (value: Registration, consented: boolean) => void;
}

const OWNER_OPTIONS = OWNERS.map((o) => ({ label: o, value: o }));
const YES_NO = [
  { label: '是', value: '1' },
  { label: '否', value: '0' },
] as const;
const VEHICLE_OPTIONS = VEHICLES.map((v) => ({ label: v, value: v }));
const CARD_TYPE_OPTIONS = CARD_TYPES.map((t) => ({ label: CARD_TYPE_LABEL[t], value: t }));
/** The longest number with its country code, as written: +, up to 15 digits (E.164). */
const INTERNATIONAL_MOBILE_MAX = 16;
/**
 * The check (with every country's numbering plan and the ID card's division codes, ~45 KB gzipped)
 * is fetched when the person first touches the form, not before the screen's first paint; the
 * service worker keeps it for offline use like every other file.
 */
const loadCheck = () => import('@sq/contract/pass/registration-check');

/**
 * 出入登记 form (spec §5). It checks with the contract's `checkRegistration`, the same function
 * the server runs, so the person sees the same first message in the same order, then confirms.
 */
export function RegistrationForm({ initial, kept, buildings, submitting, notice, onSubmit }: Props) {
  const [form, setForm] = useState(initial);
  const [agreed, setAgreed] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const [buildingOpen, setBuildingOpen] = useState(false);
  const [picking, setPicking] = useState<'cardType' | 'nationality' | null>(null);
  /** The field the last check stopped at, marked until it is changed. */
  const [invalid, setInvalid] = useState<{ field: keyof FormState; message: string } | null>(null);
  const today = beijingDate(new Date());
  useEffect(() => {
    const prefetch = () => void loadCheck();
    document.addEventListener('focusin', prefetch, { once: true });
    document.addEventListener('pointerdown', prefetch, { once: true });
    return () => {
      document.removeEventListener('focusin', prefetch);
      document.removeEventListener('pointerdown', prefetch);
    };
  }, []);
  const clearInvalid = (field: keyof FormState) => setInvalid((i) => (i?.field === field ? null : i));
  const set = (field: keyof FormState) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearInvalid(field);
  };
  /**
   * Mobile and ID number as pasted: grouping spaces dropped first, then the length limit (an
   * input's maxLength cut " 110105…1234" to its first 18 characters, losing the last digit).
   */
  const setNumber = (field: 'mobile' | 'card', max: number) => (value: string) => set(field)(compact(value).slice(0, max).toUpperCase());
  /** Mainland ID holders give a mainland mobile; other documents may come with a number abroad. */
  const mainland = form.cardType === DEFAULT_CARD_TYPE;
  const fieldClass = (field: keyof FormState) => `reg-field-${field}${invalid?.field === field ? ' reg-invalid' : ''}`;
  const errorOf = (field: keyof FormState) =>
    invalid?.field === field ? (
      <span className="reg-error" role="alert">
        {invalid.message}
      </span>
    ) : null;

  const submit = async () => {
    const { checkRegistration } = await loadCheck();
    const checked = checkRegistration(toInput(form), beijingDate(new Date()), kept);
    if (!checked.ok) {
      // Said under the line itself (role=alert), never in a toast: a toast lies over the form's
      // fields, the very ones the person is to correct (issue 32 item 14).
      setInvalid({ field: checked.field, message: checked.message });
      // The line with the problem comes into view (the form is longer than a phone's screen).
      requestAnimationFrame(() => {
        const line = document.querySelector(`.reg-field-${checked.field}`);
        line?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        line?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
      });
      return;
    }
    // Only once every answer is right: the spec's messages come first, in their order.
    if (notice && !agreed) {
      setConsentMissing(true);
      requestAnimationFrame(() => document.querySelector('.reg-consent')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
      return;
    }
    const v = checked.value;
    const confirmed = await confirmDialog({
      title: '请核对登记信息',
      content: (
        <div className="reg-confirm">
          <p>请确认以下信息真实准确，提交后由社区工作人员审核。</p>
          <InfoRows className="reg-confirm-rows" rows={enteredRows(v)} />
        </div>
      ),
      confirmText: '确认提交',
      cancelText: '返回修改',
    });
    if (confirmed) onSubmit(v, notice !== null && agreed);
  };

  const maskedHint = (field: 'mobile' | 'card') =>
    errorOf(field) ?? (kept[field] && form[field] === kept[field] ? <span className="reg-hint">已隐藏部分号码，不修改可直接提交</span> : null);

  return (
    <Form
      className="reg-form"
      layout="horizontal"
      onFinish={() => void submit()}
      footer={
        <>
          {notice && (
            <section className={`reg-consent${consentMissing && !agreed ? ' reg-invalid' : ''}`} aria-labelledby="reg-consent-title">
              <h3 id="reg-consent-title">个人信息处理说明</h3>
              {notice}
              <Checkbox
                className="reg-consent-tick"
                checked={agreed}
                onChange={(on) => {
                  setAgreed(on);
                  setConsentMissing(false);
                }}
              >
                我已阅读并同意《个人信息处理说明》
              </Checkbox>
              {consentMissing && !agreed && (
                <span className="reg-error" role="alert">
                  {MSG_CONSENT}
                </span>
              )}
            </section>
          )}
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting}>
            提交登记
          </Button>
        </>
      }
    >
      <Form.Header>基本信息</Form.Header>
      <Form.Item label="姓名" className={fieldClass('name')} description={errorOf('name')}>
        <Input placeholder="请输入姓名" maxLength={32} clearable value={form.name} onChange={set('name')} />
      </Form.Item>
      <Form.Item label="手机号" className={fieldClass('mobile')} description={maskedHint('mobile')}>
        <Input
          type="tel"
          aria-label="手机号"
          placeholder={mainland ? '请输入手机号' : '境外号码请加+国家或地区代码'}
          clearable
          value={form.mobile}
          onChange={setNumber('mobile', mainland ? 11 : INTERNATIONAL_MOBILE_MAX)}
        />
      </Form.Item>
      <Form.Item label="证件类型" className={fieldClass('cardType')} description={errorOf('cardType')} clickable arrow onClick={() => setPicking('cardType')}>
        <span className="reg-picked">{CARD_TYPE_LABEL[form.cardType]}</span>
      </Form.Item>
      <Form.Item label={mainland ? '身份证号' : '证件号码'} className={fieldClass('card')} description={maskedHint('card')}>
        <Input
          aria-label={mainland ? '身份证号' : `${CARD_TYPE_LABEL[form.cardType]}号码`}
          placeholder={CARD_TYPE_MSG[form.cardType].placeholder}
          clearable
          value={form.card}
          onChange={setNumber('card', CARD_MAX_LENGTH[form.cardType])}
        />
      </Form.Item>
      {form.cardType === 'passport' && (
        <Form.Item label="国籍" className={fieldClass('nationality')} description={errorOf('nationality')} clickable arrow onClick={() => setPicking('nationality')}>
          <span className={form.nationality ? 'reg-picked' : 'reg-placeholder'}>{form.nationality ? countryName(form.nationality) : PLACEHOLDER}</span>
        </Form.Item>
      )}
      <ChoiceField
        label="身份"
        options={OWNER_OPTIONS}
        value={form.owner}
        onChange={(o) => {
          if (!o) return;
          clearInvalid('owner');
          setForm((f) => withOwner(f, o));
        }}
        className={fieldClass('owner')}
        error={errorOf('owner')}
      />
      <Form.Item label="地址" className={fieldClass('address')} description={errorOf('address')}>
        <Input placeholder="请输入地址" maxLength={100} clearable value={form.address} onChange={set('address')} />
      </Form.Item>
      {form.owner === '租户' && (
        <DateField
          label="租赁截止"
          value={form.expire_time}
          window={tenantEndWindow(today)}
          onChange={set('expire_time')}
          className={fieldClass('expire_time')}
          error={errorOf('expire_time')}
        />
      )}
      {form.owner === '公司' && (
        <Form.Item label="公司名称" className={fieldClass('company')} description={errorOf('company')}>
          <Input placeholder="请输入公司名称" maxLength={100} clearable value={form.company} onChange={set('company')} />
        </Form.Item>
      )}
      {form.owner === '访客' && (
        <Form.Item label="来访事由" className={fieldClass('other')} description={errorOf('other')}>
          <Input placeholder="请输入来访事由" maxLength={100} clearable value={form.other} onChange={set('other')} />
        </Form.Item>
      )}

      {buildings.length > 0 ? (
        <Form.Item label="楼号房间" clickable arrow onClick={() => setBuildingOpen(true)}>
          <span className={form.No ? 'reg-picked' : 'reg-placeholder'}>{form.No || `${PLACEHOLDER}（选填）`}</span>
        </Form.Item>
      ) : (
        <Form.Item label="楼号房间" className={fieldClass('No')} description={errorOf('No')}>
          <Input placeholder="如 8号楼2单元601（选填）" maxLength={100} clearable value={form.No} onChange={set('No')} />
        </Form.Item>
      )}

      <Form.Header>返京情况</Form.Header>
      <ChoiceField
        label="十四天内是否返京"
        options={YES_NO}
        value={form.isReturn}
        onChange={(v) => {
          if (!v) return;
          clearInvalid('isReturn');
          setForm((f) => withIsReturn(f, v));
        }}
        className={fieldClass('isReturn')}
        error={errorOf('isReturn')}
      />
      {form.isReturn === '1' && (
        <>
          <DateField
            label="返京时间"
            value={form.return_date}
            window={returnDateWindow(today)}
            onChange={set('return_date')}
            className={fieldClass('return_date')}
            error={errorOf('return_date')}
          />
          <Form.Item label="从何地返京" className={fieldClass('wuhan')} description={errorOf('wuhan')}>
            <Input placeholder="请输入从何地返京" maxLength={100} clearable value={form.wuhan} onChange={set('wuhan')} />
          </Form.Item>
          <ChoiceField label="交通方式（选填）" options={VEHICLE_OPTIONS} value={form.vehicle as (typeof VEHICLES)[number] | ''} onChange={set('vehicle')} clearable />
          <Form.Item label="航班/车次" className={fieldClass('backup')} description={errorOf('backup')}>
            <Input placeholder="航班号或车次（选填）" maxLength={100} clearable value={form.backup} onChange={set('backup')} />
          </Form.Item>
        </>
      )}

      {/* Six documents: one tap on a full-width line, no wheel to turn. */}
      <ActionSheet
        visible={picking === 'cardType'}
        extra="请选择证件类型"
        cancelText="取消"
        actions={CARD_TYPE_OPTIONS.map((o) => ({ key: o.value, text: o.label, bold: o.value === form.cardType }))}
        onAction={(action) => {
          clearInvalid('cardType');
          clearInvalid('card');
          setForm((f) => withCardType(f, action.key as CardType));
          setPicking(null);
        }}
        onClose={() => setPicking(null)}
      />
      {form.cardType === 'passport' && (
        <CountryPicker
          visible={picking === 'nationality'}
          value={form.nationality}
          onPick={(code) => {
            set('nationality')(code);
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      )}
      {buildings.length > 0 && (
      <Picker
        title="楼号房间"
        visible={buildingOpen}
        columns={[buildings.map((b) => ({ label: b, value: b }))]}
        value={form.No ? [form.No] : []}
        onClose={() => setBuildingOpen(false)}
        onConfirm={(picked) => set('No')(String(picked[0] ?? ''))}
      />
      )}
    </Form>
  );
}

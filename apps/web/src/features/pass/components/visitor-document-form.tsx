import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { checkDocument } from '@sq/contract/documents/document-checks';
import { countryName } from '@sq/contract/documents/country-names';
import { CARD_MAX_LENGTH, CARD_TYPE_LABEL, CARD_TYPE_MSG, CARD_TYPES, DEFAULT_CARD_TYPE, type CardType } from '@sq/contract/documents/document-types';
import { beijingDate } from '@sq/contract/beijing-time';
import { compact, PLACEHOLDER } from '@sq/contract/pass/registration-rules';
import { MSG_CONSENT } from '@sq/contract/privacy/notice';
import { useGiveDocument } from '../api/invitations';
import { useRetention } from '../api/retention';
import { LazyCountryPicker as CountryPicker } from './lazy-country-picker';
import { LazyActionSheet as ActionSheet } from '../../../components/lazy-overlay';
import { PrivacyNotice } from './privacy-notice';

/**
 * The community asks invited visitors for a document: the same six types and checks as the
 * registration form, and the privacy notice to agree to, before the pass shows.
 */
export function VisitorDocumentForm({ token, poiId, community }: { token: string; poiId: string; community: string }) {
  const give = useGiveDocument(token);
  const retention = useRetention(poiId);
  const [cardType, setCardType] = useState<CardType>(DEFAULT_CARD_TYPE);
  const [card, setCard] = useState('');
  const [nationality, setNationality] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [picking, setPicking] = useState<'cardType' | 'nationality' | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);

  const submit = () => {
    const checked = checkDocument({ cardType, card, nationality }, beijingDate(new Date()));
    if (!checked.ok) {
      setError(checked);
      Toast.show({ content: checked.message, position: 'top' });
      return;
    }
    if (!agreed) {
      setError({ field: 'consent', message: MSG_CONSENT });
      Toast.show({ content: MSG_CONSENT, position: 'top' });
      return;
    }
    give.mutate(checked.value);
  };
  const errorOf = (field: string) =>
    error?.field === field ? (
      <span className="reg-error" role="alert">
        {error.message}
      </span>
    ) : null;

  return (
    <Form
      className="reg-form visit-document"
      layout="horizontal"
      onFinish={submit}
      footer={
        <>
          <section className={`reg-consent${error?.field === 'consent' ? ' reg-invalid' : ''}`} aria-labelledby="visit-consent-title">
            <h3 id="visit-consent-title">个人信息处理说明</h3>
            <PrivacyNotice community={community} retention={retention.data?.retention} visitor />
            <Checkbox className="reg-consent-tick" checked={agreed} onChange={setAgreed}>
              我已阅读并同意《个人信息处理说明》
            </Checkbox>
            {errorOf('consent')}
          </section>
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={give.isPending}>
            提交并显示通行证
          </Button>
        </>
      }
    >
      <Form.Header>本社区要求访客填写证件</Form.Header>
      <Form.Item label="证件类型" clickable arrow onClick={() => setPicking('cardType')} description={errorOf('cardType')}>
        <span className="reg-picked">{CARD_TYPE_LABEL[cardType]}</span>
      </Form.Item>
      <Form.Item label={cardType === DEFAULT_CARD_TYPE ? '身份证号' : '证件号码'} description={errorOf('card')} className={error?.field === 'card' ? 'reg-invalid' : undefined}>
        <Input
          aria-label={cardType === DEFAULT_CARD_TYPE ? '身份证号' : `${CARD_TYPE_LABEL[cardType]}号码`}
          placeholder={CARD_TYPE_MSG[cardType].placeholder}
          value={card}
          onChange={(v) => {
            setCard(compact(v).slice(0, CARD_MAX_LENGTH[cardType]).toUpperCase());
            setError(null);
          }}
        />
      </Form.Item>
      {cardType === 'passport' && (
        <Form.Item label="国籍" clickable arrow onClick={() => setPicking('nationality')} description={errorOf('nationality')}>
          <span className={nationality ? 'reg-picked' : 'reg-placeholder'}>{nationality ? countryName(nationality) : PLACEHOLDER}</span>
        </Form.Item>
      )}
      <ActionSheet
        visible={picking === 'cardType'}
        extra="请选择证件类型"
        cancelText="取消"
        actions={CARD_TYPES.map((t) => ({ key: t, text: CARD_TYPE_LABEL[t], bold: t === cardType }))}
        onAction={(action) => {
          setCardType(action.key as CardType);
          setCard('');
          setError(null);
          setPicking(null);
        }}
        onClose={() => setPicking(null)}
      />
      {cardType === 'passport' && (
        <CountryPicker
          visible={picking === 'nationality'}
          value={nationality}
          onPick={(code) => {
            setNationality(code);
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      )}
    </Form>
  );
}

import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Picker from 'antd-mobile/es/components/picker';
import TextArea from 'antd-mobile/es/components/text-area';
import Toast from 'antd-mobile/es/components/toast';
import { EnvironmentOutline, RightOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG_UNCHANGED } from '@sq/contract/info/info-entry';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHeader } from '../../../components/page-header';
import { EmptyState } from '../../../components/empty-state';
import { infoTypesQuery, useSubmitInfo } from '../api/info-queries';
import { clearDraft, isChanged, saveDraft, TITLE_ADD, TITLE_CORRECT, type Draft, type DraftFields } from '../api/draft';
import { readDraft } from '../api/draft-schema';
import './correction-page.css';

const numberOrNull = (v: string | null) => (v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

function withPickedPoint(draft: Draft | null, params: URLSearchParams): Draft | null {
  const lng = numberOrNull(params.get('lng'));
  const lat = numberOrNull(params.get('lat'));
  if (!draft || lng === null || lat === null) return draft;
  const next = { ...draft, fields: { ...draft.fields, lng, lat, mapAddress: params.get('ads') ?? '' } };
  saveDraft(next);
  return next;
}

/**
 * /errcon: 纠错 (correct an entry) or 补充信息 (add one). The form lives in a draft in local
 * storage, so the trip to the map picker (/map) and back keeps it; /map returns lng, lat and ads.
 */
export function CorrectionPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const title = params.get('title') === TITLE_CORRECT ? TITLE_CORRECT : TITLE_ADD;
  useDocumentTitle(title);
  // Back from the map picker (lng, lat, ads in the query): the picked point joins the draft.
  const [draft, setDraft] = useState<Draft | null>(() => withPickedPoint(readDraft(title), params));
  const [typePickerOpen, setTypePickerOpen] = useState(false);
  const types = useQuery(infoTypesQuery());
  const submit = useSubmitInfo();
  const id = params.get('id') ?? '';

  // The point is in the draft now; a reload must not apply it again over later edits.
  useEffect(() => {
    if (!params.has('lng')) return;
    setParams(
      (p) => {
        for (const k of ['lng', 'lat', 'ads']) p.delete(k);
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);

  if (!draft || draft.id !== id) {
    return (
      <main className="sq-errcon">
        <PageHeader title={title} heading />
        <EmptyState title="表单已失效">请回到社区首页，重新点击「纠错」或「补充信息」</EmptyState>
        <div className="sq-errcon-footer">
          <Button block color="primary" shape="rounded" onClick={() => navigate(WebRoute.home, { replace: true })}>
            返回首页
          </Button>
        </div>
      </main>
    );
  }

  const update = (patch: Partial<DraftFields>) => {
    const next = { ...draft, fields: { ...draft.fields, ...patch } };
    setDraft(next);
    saveDraft(next);
  };
  const changed = isChanged(draft);
  const f = draft.fields;
  const typeName = types.data?.find((t) => t._id === f.typeId)?.typeName;

  const pickOnMap = () => {
    const q = new URLSearchParams({ title, id });
    if (f.lng !== null && f.lat !== null) {
      q.set('lng', String(f.lng));
      q.set('lat', String(f.lat));
    }
    q.set('poiId', draft.poiId);
    navigate(`${WebRoute.mapPicker}?${q}`);
  };

  const onSubmit = async () => {
    if (!changed) {
      Toast.show({ content: MSG_UNCHANGED });
      return;
    }
    const common = {
      poiId: draft.poiId,
      department: f.department,
      contact: f.contact,
      address: f.address,
      lng: f.lng,
      lat: f.lat,
      mapAddress: f.mapAddress,
    };
    let result;
    try {
      result =
        title === TITLE_CORRECT
          ? await submit.mutateAsync({ kind: 'report', body: { ...common, infoId: draft.id, ...(f.typeId ? { typeId: f.typeId } : {}) } })
          : await submit.mutateAsync({ kind: 'create', body: { ...common, typeId: f.typeId as number, ...(draft.streetId ? { streetId: draft.streetId } : {}) } });
    } catch {
      // The API client has shown the server's message (or sent the user to log in).
      return;
    }
    clearDraft(title);
    await Dialog.alert({
      title: '提交成功',
      content: '您提交的内容我们已经收到，将尽快审核，审核通过后会更新到社区信息中。',
      confirmText: '确定',
    });
    navigate(`${WebRoute.communityInfo}?id=${result._id}`, { replace: true });
  };

  return (
    <main className="sq-errcon">
      <PageHeader title={title} heading />
      <p className="sq-errcon-hint">
        {title === TITLE_CORRECT ? '发现信息有误？修改后提交，审核通过后更新。' : '补充一条社区联系方式，审核通过后展示给所有邻居。'}
        {draft.streetId ? '（街道信息）' : ''}
      </p>
      <Form className="sq-errcon-form" layout="horizontal">
        <Form.Item label="类别" onClick={() => setTypePickerOpen(true)} arrowIcon={<RightOutline />} clickable>
          <span className={typeName ? '' : 'sq-errcon-placeholder'}>{typeName ?? '请选择类别'}</span>
        </Form.Item>
        <Form.Item label="名称">
          <Input placeholder="如：某某物业服务中心" value={f.department} maxLength={40} clearable onChange={(v) => update({ department: v })} />
        </Form.Item>
        <Form.Item label="电话">
          <Input
            type="tel"
            inputMode="tel"
            placeholder="如：010-64701234"
            value={f.contact}
            maxLength={24}
            clearable
            onChange={(v) => update({ contact: v.replace(/[^\d\s+-]/g, '') })}
          />
        </Form.Item>
        <Form.Item label="地图位置" onClick={pickOnMap} arrowIcon={<RightOutline />} clickable>
          <span className={`sq-errcon-map${f.mapAddress ? '' : ' sq-errcon-placeholder'}`}>
            <EnvironmentOutline aria-hidden="true" />
            {f.mapAddress || '点击在地图上选择位置'}
          </span>
        </Form.Item>
        <Form.Item label="详细地址">
          <TextArea placeholder="如：3号楼一层东侧" value={f.address} maxLength={100} autoSize={{ minRows: 2, maxRows: 4 }} onChange={(v) => update({ address: v })} />
        </Form.Item>
      </Form>
      <div className="sq-errcon-footer">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          className={changed ? '' : 'sq-errcon-submit-idle'}
          aria-disabled={!changed}
          loading={submit.isPending}
          onClick={() => void onSubmit()}
        >
          提交
        </Button>
      </div>
      <Picker
        columns={[(types.data ?? []).map((t) => ({ label: t.typeName, value: t._id }))]}
        visible={typePickerOpen}
        value={f.typeId ? [f.typeId] : []}
        title="选择类别"
        onClose={() => setTypePickerOpen(false)}
        onConfirm={(v) => update({ typeId: typeof v[0] === 'number' ? v[0] : null })}
      />
    </main>
  );
}

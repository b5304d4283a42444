import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Dialog from 'antd-mobile/es/components/dialog';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import Toast from 'antd-mobile/es/components/toast';
import { AREA_SOURCES, type AreaSource } from '@sq/contract/polls/owners-count';
import type { UnitRow } from '@sq/contract/units/list-units';
import { CERT_NO_MAX, checkUnit, PERSON_NAME_MAX, UNIT_OWNERS_MAX, UNIT_TEXT_MAX, UnitMsg } from '@sq/contract/units/unit-rules';
import { MOBILE_PATTERN } from '@sq/contract/rules';
import { useDeleteUnit, useSaveUnit, type PersonForm, type UnitForm } from '../api/units';

const SOURCES = (Object.keys(AREA_SOURCES).map(Number) as AreaSource[]).map((n) => ({ label: AREA_SOURCES[n], value: n }));

interface Props {
  poiId: string;
  /** The unit to change, `null` to add one, `undefined` when closed. */
  unit: UnitRow | null | undefined;
  onClose: () => void;
}

const EMPTY: UnitForm = { building: '', unit: '', room: '', area: '', mobiles: '' };

/** Adds or changes one unit of the register; the same rules as the import (`checkUnit`). */
export function UnitFormPopup({ poiId, unit, onClose }: Props) {
  return (
    <Popup visible={unit !== undefined} onMaskClick={onClose} bodyClassName="un-popup" destroyOnClose>
      {/* Keyed by the unit, so each opening starts from that unit's values. */}
      {unit !== undefined && <UnitFormBody key={unit?._id ?? 'new'} poiId={poiId} unit={unit} onClose={onClose} />}
    </Popup>
  );
}

function UnitFormBody({ poiId, unit, onClose }: { poiId: string; unit: UnitRow | null; onClose: () => void }) {
  const save = useSaveUnit(poiId);
  const remove = useDeleteUnit(poiId);
  const [form, setForm] = useState<UnitForm>(() => (unit ? { _id: unit._id, building: unit.building, unit: unit.unit, room: unit.room, area: unit.area, mobiles: '' } : EMPTY));
  const editing = Boolean(unit);
  const set = (field: keyof UnitForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  // The owners as persons: a listed person keeps their mobile unless a new one is typed.
  const [persons, setPersons] = useState<PersonForm[]>(() => unit?.persons.map((p) => ({ _id: p._id, name: p.name, mobile: '', developer: p.developer })) ?? []);
  const [areaSource, setAreaSource] = useState<AreaSource | null>(() => (unit?.areaSource as AreaSource | null) ?? null);
  const [certNo, setCertNo] = useState('');
  const setPerson = (i: number, change: Partial<PersonForm>) => setPersons((list) => list.map((p, k) => (k === i ? { ...p, ...change } : p)));

  const submit = () => {
    const named = persons.filter((p) => p.name.trim() || p.mobile.trim());
    if (named.some((p) => !p.name.trim())) return void Toast.show({ content: UnitMsg.personName });
    if (named.some((p) => p.mobile.trim() && !MOBILE_PATTERN.test(p.mobile.trim()))) return void Toast.show({ content: UnitMsg.personMobile });
    const withPersons = named.length > 0 || Boolean(unit?.persons.length);
    // Changing a unit without typing mobiles keeps its owners (the list shows them masked).
    const keepOwners = !withPersons && editing && form.mobiles.trim() === '';
    const checked = checkUnit({ ...form, mobiles: keepOwners || withPersons ? [] : form.mobiles });
    if ('problems' in checked) return void Toast.show({ content: checked.problems[0]!.message });
    const { mobiles, ...rest } = form;
    const extra = {
      areaSource: (areaSource ?? 0) as 0 | AreaSource,
      ...(certNo.trim() ? { certNo: certNo.trim() } : {}),
      ...(withPersons ? { persons: named.map((p) => ({ ...p, name: p.name.trim(), mobile: p.mobile.trim() })) } : {}),
    };
    save.mutate(keepOwners || withPersons ? { ...rest, ...extra } : { ...rest, mobiles, ...extra }, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: editing ? '已保存' : '已添加' });
        onClose();
      },
    });
  };

  const confirmDelete = async () => {
    if (!unit) return;
    const ok = await Dialog.confirm({
      title: '删除房屋',
      content: `确定删除“${unit.label}”吗？已发起的业主表决仍按发起时的登记计票。`,
      confirmText: <span className="un-danger">删除</span>,
      cancelText: '取消',
    });
    if (ok) remove.mutate(unit._id, { onSuccess: () => (Toast.show({ icon: 'success', content: '已删除' }), onClose()) });
  };

  return (
    <>
      <h2 className="un-popup-title">{editing ? '修改房屋' : '添加房屋'}</h2>
      <Form
        layout="horizontal"
        onFinish={submit}
        footer={
          <div className="un-popup-actions">
            <Button block type="submit" color="primary" size="large" shape="rounded" loading={save.isPending}>
              保存
            </Button>
            {editing && (
              <Button block fill="none" size="large" className="un-danger" onClick={() => void confirmDelete()} loading={remove.isPending}>
                删除这户
              </Button>
            )}
          </div>
        }
      >
        <Form.Item label="楼栋">
          <Input placeholder="如 3 或 3号楼" maxLength={UNIT_TEXT_MAX} value={form.building} onChange={set('building')} />
        </Form.Item>
        <Form.Item label="单元">
          <Input placeholder="没有可不填" maxLength={UNIT_TEXT_MAX} value={form.unit} onChange={set('unit')} />
        </Form.Item>
        <Form.Item label="房号">
          <Input placeholder="如 1201" maxLength={UNIT_TEXT_MAX} value={form.room} onChange={set('room')} />
        </Form.Item>
        <Form.Item label="面积" extra="㎡">
          <Input placeholder="专有部分面积" inputMode="decimal" maxLength={10} value={form.area} onChange={set('area')} />
        </Form.Item>
        <Form.Item label="面积来源" layout="vertical">
          <Selector columns={1} options={SOURCES} value={areaSource ? [areaSource] : []} onChange={(v) => setAreaSource(v[0] ?? null)} />
        </Form.Item>
        <Form.Item label="不动产权证号" layout="vertical" help="选填，加密保存，列表中只显示首尾几位">
          <Input placeholder={unit?.certNo ? `现为 ${unit.certNo}，不修改请留空` : '选填'} maxLength={CERT_NO_MAX} value={certNo} onChange={setCertNo} />
        </Form.Item>
        <div className="un-persons" role="group" aria-label="业主">
          <p className="un-persons-title">业主（按人登记：同一人名下多套房屋计为一位业主；共有人逐一填写）</p>
          {persons.map((p, i) => (
            <div className="un-person" key={p._id ?? `new${i}`}>
              <Input aria-label={`业主${i + 1}姓名`} placeholder="姓名或单位名称" maxLength={PERSON_NAME_MAX} value={p.name} onChange={(name) => setPerson(i, { name })} />
              <Input
                aria-label={`业主${i + 1}手机号`}
                placeholder={p._id ? (unit?.persons.find((q) => q._id === p._id)?.mobile || '手机号（选填）') + '，不修改请留空' : '手机号（选填）'}
                inputMode="tel"
                maxLength={11}
                value={p.mobile}
                onChange={(mobile) => setPerson(i, { mobile })}
              />
              <Checkbox checked={p.developer} onChange={(developer) => setPerson(i, { developer })}>
                开发建设单位（未售或未交付）
              </Checkbox>
              <Button size="mini" fill="none" onClick={() => setPersons((list) => list.filter((_, k) => k !== i))}>
                移除
              </Button>
            </div>
          ))}
          {persons.length < UNIT_OWNERS_MAX && (
            <Button size="small" onClick={() => setPersons((list) => [...list, { name: '', mobile: '', developer: false }])}>
              添加业主
            </Button>
          )}
        </div>
        {persons.length === 0 && !unit?.persons.length && (
        <Form.Item label="业主手机号" layout="vertical" help="只登记手机号时：业主用这些手机号登录后即可参与本户表决，多个用逗号分隔">
          <TextArea
            placeholder={unit?.owners.length ? `现为 ${unit.owners.join('、')}，不修改请留空` : '如 13800000000,13900000000'}
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={120}
            value={form.mobiles}
            onChange={set('mobiles')}
          />
        </Form.Item>
        )}
      </Form>
    </>
  );
}

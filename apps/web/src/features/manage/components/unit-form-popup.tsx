import { useState } from 'react';
import { Button, Dialog, Form, Input, Popup, TextArea, Toast } from 'antd-mobile';
import type { UnitRow } from '@sq/contract/units/list-units';
import { checkUnit, UNIT_TEXT_MAX } from '@sq/contract/units/unit-rules';
import { useDeleteUnit, useSaveUnit, type UnitForm } from '../api/units';

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

  const submit = () => {
    // Changing a unit without typing mobiles keeps its owners (the list shows them masked).
    const keepOwners = editing && form.mobiles.trim() === '';
    const checked = checkUnit({ ...form, mobiles: keepOwners ? [] : form.mobiles });
    if ('problems' in checked) return void Toast.show({ content: checked.problems[0]!.message });
    const { mobiles, ...rest } = form;
    save.mutate(keepOwners ? rest : { ...rest, mobiles }, {
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
        <Form.Item label="业主手机号" layout="vertical" help="业主用这些手机号登录后即可参与本户表决，多个用逗号分隔">
          <TextArea
            placeholder={unit?.owners.length ? `现为 ${unit.owners.join('、')}，不修改请留空` : '如 13800000000,13900000000'}
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={120}
            value={form.mobiles}
            onChange={set('mobiles')}
          />
        </Form.Item>
      </Form>
    </>
  );
}

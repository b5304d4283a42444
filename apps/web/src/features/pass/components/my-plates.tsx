import { useState } from 'react';
import { isValidPlate, normalisePlate, PlateMsg, PLATES_PER_REGISTRATION } from '@sq/contract/vehicles/plate-rules';
import { showToast } from '../../../lib/toast';
import { useChangePlates, useMyPlates } from '../api/my-plates';
import './my-plates.css';

/** 我的车辆 on the person's own registration: the duty staff find the car by its plate at the gate. */
export function MyPlates({ poiId }: { poiId: string }) {
  const plates = useMyPlates(poiId);
  const { add, remove } = useChangePlates(poiId);
  const [typed, setTyped] = useState('');
  const list = plates.data?.plates ?? [];

  const submit = () => {
    const plate = normalisePlate(typed);
    if (!plate) return showToast(PlateMsg.missing);
    if (!isValidPlate(plate)) return showToast(PlateMsg.invalid);
    add.mutate(plate, { onSuccess: () => (setTyped(''), showToast('车牌已登记')) });
  };

  return (
    <section className="pass-card my-plates" aria-labelledby="my-plates-title">
      <h2 id="my-plates-title" className="pass-card-title">
        我的车辆
      </h2>
      {list.length === 0 ? <p className="my-plates-empty">还没有登记车辆。登记后，执勤人员可在门口按车牌查到您。</p> : null}
      <ul className="my-plates-list">
        {list.map((p) => (
          <li key={p}>
            <span className="my-plates-plate">{p}</span>
            <button type="button" className="my-plates-remove" disabled={remove.isPending} onClick={() => remove.mutate(p)} aria-label={`删除车牌 ${p}`}>
              删除
            </button>
          </li>
        ))}
      </ul>
      {list.length < PLATES_PER_REGISTRATION && (
        <form
          className="my-plates-add"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <input aria-label="车牌号" placeholder="如 京A12345、京AD12345" value={typed} maxLength={12} onChange={(e) => setTyped(e.target.value)} />
          <button type="submit" className="pass-button pass-button-primary" disabled={add.isPending}>
            添加
          </button>
        </form>
      )}
    </section>
  );
}

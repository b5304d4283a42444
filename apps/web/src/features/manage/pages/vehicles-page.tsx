import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { STATUS_LABEL } from '@sq/contract/pass/registration-schemas';
import { isValidPlate, normalisePlate, PlateMsg } from '@sq/contract/vehicles/plate-rules';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogVehicle, useSearchVehicle } from '../api/vehicles';
import { MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import '../components/manage-ui.css';
import './vehicles-page.css';

/**
 * 车辆进出 (/vehicles?poiId=): the duty staff type a plate, see whose car it is (registered with a
 * resident's registration here, or not), and record it entering or leaving in 出入记录.
 */
export function VehiclesPage() {
  useDocumentTitle('车辆进出');
  const poiId = useSearchParams()[0].get('poiId') ?? '';
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const [typed, setTyped] = useState('');
  const search = useSearchVehicle(poiId);
  const log = useLogVehicle(poiId);
  const found = search.data;

  const lookUp = () => {
    const plate = normalisePlate(typed);
    if (!plate) return void Toast.show({ content: PlateMsg.missing });
    if (!isValidPlate(plate)) return void Toast.show({ content: PlateMsg.invalid });
    search.mutate(plate);
  };

  const record = (pass: 1 | 2) => {
    if (!found) return;
    log.mutate(
      { plate: found.plate, pass },
      { onSuccess: (line) => Toast.show({ icon: 'success', content: `${line.plate} 已记录${pass === 1 ? '驶入' : '驶出'}` }) },
    );
  };

  return (
    <main className="mg-screen">
      <ManageHeader title="车辆进出" subtitle={community.data?.community} fallback={centreOf(poiId)} overlap />
      {!poiId ? (
        <MissingCommunity />
      ) : (
        <>
          <form
            className="mg-card vh-search"
            onSubmit={(e) => {
              e.preventDefault();
              lookUp();
            }}
          >
            <label htmlFor="vh-plate">车牌号</label>
            <div className="vh-search-line">
              <Input id="vh-plate" placeholder="如 京A12345" value={typed} onChange={setTyped} clearable maxLength={12} />
              <Button type="submit" color="primary" loading={search.isPending}>
                查询
              </Button>
            </div>
          </form>
          {found && (
            <section className="mg-card vh-result" aria-label="查询结果">
              <p className="vh-plate">{found.plate}</p>
              {found.vehicle ? (
                <dl className="vh-owner">
                  <div>
                    <dt>车主</dt>
                    <dd>
                      {found.vehicle.name} · {found.vehicle.owner}
                    </dd>
                  </div>
                  <div>
                    <dt>地址</dt>
                    <dd>{found.vehicle.No && !found.vehicle.address.includes(found.vehicle.No) ? `${found.vehicle.address} ${found.vehicle.No}` : found.vehicle.address}</dd>
                  </div>
                  <div>
                    <dt>手机号</dt>
                    <dd>{found.vehicle.mobile}</dd>
                  </div>
                  <div>
                    <dt>登记</dt>
                    <dd className={found.vehicle.usable ? 'vh-ok' : 'vh-warn'}>
                      {STATUS_LABEL[found.vehicle.status] ?? ''}
                      {found.vehicle.usable ? '，通行证有效' : '，通行证当前不可用'}
                    </dd>
                  </div>
                </dl>
              ) : (
                <p className="vh-warn">本小区没有登记这辆车，可按访客车辆记录进出。</p>
              )}
              <div className="vh-actions">
                <Button color="primary" size="large" loading={log.isPending && log.variables?.pass === 1} onClick={() => record(1)}>
                  记录驶入
                </Button>
                <Button color="primary" fill="outline" size="large" loading={log.isPending && log.variables?.pass === 2} onClick={() => record(2)}>
                  记录驶出
                </Button>
              </div>
            </section>
          )}
        </>
      )}
    </main>
  );
}

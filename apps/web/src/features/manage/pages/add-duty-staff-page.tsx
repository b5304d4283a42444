import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Toast from 'antd-mobile/es/components/toast';
import { useNavigate, useSearchParams } from 'react-router';
import { STAFF_NAME_MAX } from '@sq/contract/manage/add-staff';
import { StaffLevel } from '@sq/contract/manage/list-staff';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddStaff } from '../api/staff';
import { MissingCommunity } from '../components/load-failure';
import { ManageHeader } from '../components/manage-header';
import { canChooseLevel, levelLabel } from '../lib/roles';
import { staffFormError } from '../lib/staff-form';
import '../components/manage-ui.css';
import './add-duty-staff-page.css';

const MOBILE_LENGTH = 11;
type Level = 1 | 2;
const LEVEL_OPTIONS = [
  { label: levelLabel(StaffLevel.duty), value: StaffLevel.duty, description: '审核登记、查看出入记录' },
  { label: levelLabel(StaffLevel.manager), value: StaffLevel.manager, description: '另可添加、删除执勤者' },
];

/**
 * 添加执勤者 (spec §2 /addnew?poiId=&isAdmin=). Only an administrator (isAdmin 1) picks manager
 * or duty staff; the server decides anyway, the choice here is only what is offered.
 */
export function AddDutyStaffPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const poiId = params.get('poiId') ?? '';
  const choosesLevel = canChooseLevel(Number(params.get('isAdmin')));
  useDocumentTitle(choosesLevel ? '添加人员' : '添加执勤者');
  const add = useAddStaff();
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [level, setLevel] = useState<Level>(StaffLevel.duty);
  const staffList = `${WebRoute.dutyStaff}?poiId=${encodeURIComponent(poiId)}`;

  const submit = () => {
    const problem = staffFormError({ name, mobile });
    if (problem) {
      Toast.show({ content: problem });
      return;
    }
    add.mutate(
      { poiId, name: name.trim(), mobile: mobile.trim(), ...(choosesLevel ? { level } : {}) },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: '添加成功' });
          navigate(staffList, { replace: true });
        },
      },
    );
  };

  return (
    <main className="mg-screen">
      <ManageHeader title={choosesLevel ? '添加人员' : '添加执勤者'} fallback={staffList} overlap />
      {!poiId ? (
        <MissingCommunity />
      ) : (
        <>
          <Form
            className="mg-card an-form"
            layout="horizontal"
            onFinish={submit}
            footer={
              <Button block type="submit" color="primary" size="large" shape="rounded" loading={add.isPending}>
                确认添加
              </Button>
            }
          >
            <Form.Item label="姓名">
              <Input placeholder="请输入执勤者姓名" maxLength={STAFF_NAME_MAX} clearable value={name} onChange={setName} />
            </Form.Item>
            <Form.Item label="手机号">
              <Input
                type="tel"
                inputMode="numeric"
                maxLength={MOBILE_LENGTH}
                placeholder="请输入手机号"
                clearable
                value={mobile}
                onChange={(v) => setMobile(v.replace(/\D/g, ''))}
              />
            </Form.Item>
            {choosesLevel && (
              <Form.Item label="身份" layout="vertical">
                <Selector
                  className="an-level"
                  columns={2}
                  options={LEVEL_OPTIONS}
                  value={[level]}
                  onChange={(values) => {
                    // A Selector may be tapped off; the last choice stays.
                    if (values[0]) setLevel(values[0] as Level);
                  }}
                />
              </Form.Item>
            )}
          </Form>
          <p className="an-hint">对方需先用该手机号登录过一次本应用，添加后即可在管理中心审核登记、查看出入记录。</p>
        </>
      )}
    </main>
  );
}
